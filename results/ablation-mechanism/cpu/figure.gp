# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
256 78.16999999999999 0.12727922061357333
1024 74.34 0.5939696961967024
4096 62.66 4.0870771952582405
EOD
$p0s1 << EOD
256 61.555 0.6576093065034839
1024 61.91 3.097127701597075
4096 60.45 1.8384776310850246
16384 61.129999999999995 0.14142135623731153
EOD
$p0s2 << EOD
256 78.45500000000001 0.6576093065034839
1024 78.475 0.3181980515339484
4096 77.975 0.8131727983645236
16384 77.76499999999999 0.27577164466275395
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
set ylabel "kNN top-1 (%), final epoch"
set logscale x 2
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "end_to_end", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "memory_bank", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "moco", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Fig. 3"
set xlabel "K"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
set logscale x 2
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "end_to_end", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "memory_bank", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "moco"
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
set ylabel "kNN top-1 (%), final epoch"
set logscale x 2
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "end_to_end", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "memory_bank", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "moco", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Fig. 3"
set xlabel "K"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
set logscale x 2
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "end_to_end", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "memory_bank", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "moco"
unset multiplot
set output
