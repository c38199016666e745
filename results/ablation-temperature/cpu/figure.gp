# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0.07 78.495 0.5444722215136388
0.1 78.05 0.45254833995938076
0.2 77.715 0.13435028842544242
0.3 76.815 0.4596194077712498
0.4 75.715 0.7000357133746784
0.5 75.05000000000001 0.3959797974644582
EOD
$p0s1 << EOD
0.07 82.595 0.1767766952966369
0.1 82.91499999999999 0.47376154339498805
0.2 82.975 0.27577164466275395
0.3 82.5 0.7919595949289364
0.4 81.765 0.8838834764831844
0.5 81.54499999999999 0.07778174593051983
EOD
$p0s2 << EOD
0.07 74.165 2.722361107568204
0.1 76.7 0.04242640687119446
0.2 76.565 0.5020458146424543
0.3 75.875 0.02121320343559723
0.4 75.005 0.38890872965260914
0.5 74.61 0.6222539674441586
EOD
$p0s3 << EOD
0.07 81.955 0.84145706961199
0.1 82.265 0.02121320343559723
0.2 82.38499999999999 0.007071067811869092
0.3 81.615 0.19091883092037507
0.4 81.035 0.28991378028648207
0.5 80.89500000000001 0.6010407640085714
EOD
$p1s0 << EOD
0.07 60.6 0
0.1 60.7 0
0.2 59 0
0.3 58.2 0
0.4 57.2 0
0.5 56.4 0
EOD
$p1s1 << EOD
0.07 62.9 0
0.1 64.9 0
0.2 66.2 0
0.3 65.7 0
0.4 65 0
0.5 64.3 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "MoCo temperature τ, with and without the MLP head (MoCo v2 §2)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "τ"
set ylabel "top-1 (%), final epoch"
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "head linear: kNN", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "head linear: linear probe", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "head mlp: kNN", \
     $p0s3 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "head mlp: linear probe", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Sec. 2, MLP head paragraph"
set xlabel "τ"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "head linear", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "head mlp"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "MoCo temperature τ, with and without the MLP head (MoCo v2 §2)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "τ"
set ylabel "top-1 (%), final epoch"
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "head linear: kNN", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "head linear: linear probe", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "head mlp: kNN", \
     $p0s3 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "head mlp: linear probe", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Sec. 2, MLP head paragraph"
set xlabel "τ"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "head linear", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "head mlp"
unset multiplot
set output
