# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0.05 77.45500000000001 0.7566042558696111
0.1 78.395 1.22329473145272
0.5 77.715 0.19091883092036502
1 76.78 0.3676955262170019
EOD
$p0s1 << EOD
0.05 82.96000000000001 0.4384062043356526
0.1 83.045 0.8131727983645337
0.5 83.11500000000001 0.47376154339498805
1 82.525 1.0960155108391465
EOD
$p0s2 << EOD


0.5 75.91 1.3435028842544343
1 77.91 0.6788225099390912
10 74.48 0.24041630560342858
100 68.375 2.835498192558059
EOD
$p0s3 << EOD


0.5 80.66999999999999 1.5556349186104066
1 82.41 0.5374011537017697
10 81.795 0.5444722215136287
100 79.16999999999999 1.0040916292848987
EOD
$p1s0 << EOD
0.05 59.7 0
0.1 64.4 0
0.5 60.7 0
1 58 0
EOD
$p1s1 << EOD
10 57.2 0
100 57 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "SimCLR temperature τ with and without ℓ2 normalisation (SimCLR Table 5)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "τ"
set ylabel "top-1 (%), final epoch"
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "ℓ2 norm true: kNN", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "ℓ2 norm true: linear probe", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "ℓ2 norm false: kNN", \
     $p0s3 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "ℓ2 norm false: linear probe", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Table 5"
set xlabel "τ"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "ℓ2 norm true", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "ℓ2 norm false"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "SimCLR temperature τ with and without ℓ2 normalisation (SimCLR Table 5)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "τ"
set ylabel "top-1 (%), final epoch"
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "ℓ2 norm true: kNN", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "ℓ2 norm true: linear probe", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "ℓ2 norm false: kNN", \
     $p0s3 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "ℓ2 norm false: linear probe", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Table 5"
set xlabel "τ"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "ℓ2 norm true", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "ℓ2 norm false"
unset multiplot
set output
