# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
256 75.39 0.6363961030678968
512 72.55499999999999 0.06363961030679169
1024 72.475 1.3647160876900517
2048 67.865 1.308147545195109
EOD
$p0s1 << EOD
256 76.745 0.8131727983645236
512 75.295 1.1950104602052638
1024 73.28999999999999 1.0606601717798112
2048 69.19 2.7435743110038113
EOD
$p0s2 << EOD
256 78.66499999999999 0.5161879502661825
512 76.83 1.1879393923933845
1024 75.67999999999999 0.3252691193458175
2048 69.57 3.563818177180204
EOD
$p1s0 << EOD
256 57.5 0
512 60.7 0
1024 62.8 0
2048 64 0
4096 64.6 0
8192 64.8 0
EOD
$p1s1 << EOD
256 61.9 0
512 64 0
1024 65.3 0
2048 66.1 0
4096 66.5 0
8192 66.6 0
EOD
$p1s2 << EOD
256 64.7 0
512 66.2 0
1024 67.2 0
2048 68.1 0
4096 68.2 0
8192 67.8 0
EOD
$p1s3 << EOD
256 66.6 0
512 67.8 0
1024 68.5 0
2048 68.9 0
4096 68.9 0
8192 69 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "SimCLR batch size x epochs (SimCLR Fig. 9 / Table B.1)"
reset
set grid
set key top left
set bmargin 4
set title "measured, preset cpu"
set xlabel "batch"
set ylabel "kNN top-1 (%), final epoch"
set logscale x 2
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "epochs 2", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "epochs 4", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "epochs 8", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Fig. 9 / Table B.1"
set xlabel "batch"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50"
set logscale x 2
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "epochs 100", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "epochs 200", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "epochs 400", \
     $p1s3 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "epochs 800"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "SimCLR batch size x epochs (SimCLR Fig. 9 / Table B.1)"
reset
set grid
set key top left
set bmargin 4
set title "measured, preset cpu"
set xlabel "batch"
set ylabel "kNN top-1 (%), final epoch"
set logscale x 2
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "epochs 2", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "epochs 4", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "epochs 8", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Fig. 9 / Table B.1"
set xlabel "batch"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50"
set logscale x 2
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "epochs 100", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "epochs 200", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "epochs 400", \
     $p1s3 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "epochs 800"
unset multiplot
set output
