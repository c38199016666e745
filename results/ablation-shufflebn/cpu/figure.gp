# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
1 8.641326121794872 0
2 12.464943910256409 0
3 15.697616185897436 0
4 21.30408653846154 0
5 25.300480769230766 0
6 32.224058493589745 0
7 40.08413461538461 0
8 45.46524439102564 0
9 48.94831730769231 0
10 51.652644230769226 0
EOD
$p0s1 << EOD
1 9.209735576923077 0
2 12.567608173076923 0
3 16.213441506410255 0
4 22.077824519230766 0
5 29.334435096153847 0
6 38.70192307692308 0
7 47.33573717948718 0
8 53.68840144230769 0
9 58.17808493589743 0
10 60.50931490384616 0
EOD
$p0s2 << EOD
1 7.895132211538462 0
2 10.228866185897436 0
3 12.171975160256409 0
4 14.625901442307693 0
5 18.291766826923077 0
6 23.552684294871796 0
7 29.47716346153846 0
8 34.28235176282051 0
9 37.71534455128205 0
10 39.635917467948715 0
EOD
$p1s0 << EOD
1 73.80000000000001 0
2 76.205 0
3 76.91999999999999 0
4 77.55 0
5 77.79500000000002 0
6 77.97999999999999 0
7 77.925 0
8 77.955 0
9 77.775 0
10 77.78 0
EOD
$p1s1 << EOD
1 73.4 0
2 76.155 0
3 76.88499999999999 0
4 77.215 0
5 77.67999999999999 0
6 78.015 0
7 77.87 0
8 78.03999999999999 0
9 78.13 0
10 78.12 0
EOD
$p1s2 << EOD
1 74.385 0
2 76.64500000000001 0
3 77.35499999999999 0
4 77.53 0
5 78.505 0
6 78.81 0
7 78.735 0
8 78.96000000000001 0
9 78.85499999999999 0
10 78.88999999999999 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "ShuffleBN: the BN leak (MoCo v1 §3.3, Fig. A.1)"
reset
set grid
set key bottom right
set bmargin 4
set title "pretext accuracy (instance discrimination, train): fashion-mnist, preset cpu"
set xlabel "epoch"
set ylabel "pretext top-1 (%)"
plot $p0s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "plain BN (1 split)", \
     $p0s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "without ShuffleBN", \
     $p0s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "with ShuffleBN"
reset
set grid
set key top left
set bmargin 4
set title "kNN monitor (test): fashion-mnist, preset cpu"
set xlabel "epoch"
set ylabel "kNN top-1 (%)"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "plain BN (1 split)", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "without ShuffleBN", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "with ShuffleBN", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "ShuffleBN: the BN leak (MoCo v1 §3.3, Fig. A.1)"
reset
set grid
set key bottom right
set bmargin 4
set title "pretext accuracy (instance discrimination, train): fashion-mnist, preset cpu"
set xlabel "epoch"
set ylabel "pretext top-1 (%)"
plot $p0s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "plain BN (1 split)", \
     $p0s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "without ShuffleBN", \
     $p0s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "with ShuffleBN"
reset
set grid
set key top left
set bmargin 4
set title "kNN monitor (test): fashion-mnist, preset cpu"
set xlabel "epoch"
set ylabel "kNN top-1 (%)"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "plain BN (1 split)", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "without ShuffleBN", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "with ShuffleBN", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
unset multiplot
set output
