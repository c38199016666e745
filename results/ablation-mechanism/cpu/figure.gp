# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
256 77.945 0.04949747468306355
1024 74.64500000000001 0.36062445840514284
4096 62.64 4.058792924010784
EOD
$p0s1 << EOD
256 83.035 0.8414570696120001
1024 80.45 0.8343860018001309
4096 73.63499999999999 3.005203820042837
EOD
$p0s2 << EOD
256 60.254999999999995 0.7990306627407955
1024 60.379999999999995 6.038691911333105
4096 61.415000000000006 1.3788582233137647
16384 61.26 1.1737972567696766
EOD
$p0s3 << EOD
256 73.98 1.131370849898472
1024 74.725 0.38890872965259915
4096 74.305 0.3040559159102102
16384 74.75 0.33941125496953556
EOD
$p0s4 << EOD
256 78.17500000000001 0.47376154339498805
1024 78.495 0.26162950903902576
4096 78.055 0.6576093065034839
16384 77.65 0.3394112549695456
EOD
$p0s5 << EOD
256 82.89 0.098994949366107
1024 83.11 0.15556349186103965
4096 82.81 0.11313708498984519
16384 82.71000000000001 0.21213203435596226
EOD
$p1s0 << EOD
256 54.9 0
512 56.3 0
1024 57.3 0
EOD
$p1s1 << EOD
256 50 0
512 52 0
1024 54.1 0
4096 56.5 0
16384 57.8 0
65536 58 0
EOD
$p1s2 << EOD
256 54.7 0
512 56.4 0
1024 57.5 0
4096 59 0
16384 60.4 0
65536 60.6 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "Three sources of negatives (MoCo v1 Fig. 3)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "K"
set ylabel "top-1 (%), final epoch"
set logscale x 2
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism end_to_end: kNN", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism end_to_end: linear probe", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism memory_bank: kNN", \
     $p0s3 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism memory_bank: linear probe", \
     $p0s4 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism moco: kNN", \
     $p0s5 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism moco: linear probe", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Fig. 3"
set xlabel "K"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
set logscale x 2
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "mechanism end_to_end", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "mechanism memory_bank", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "mechanism moco"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "Three sources of negatives (MoCo v1 Fig. 3)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "K"
set ylabel "top-1 (%), final epoch"
set logscale x 2
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism end_to_end: kNN", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism end_to_end: linear probe", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism memory_bank: kNN", \
     $p0s3 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism memory_bank: linear probe", \
     $p0s4 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism moco: kNN", \
     $p0s5 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mechanism moco: linear probe", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Fig. 3"
set xlabel "K"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
set logscale x 2
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "mechanism end_to_end", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "mechanism memory_bank", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "mechanism moco"
unset multiplot
set output
