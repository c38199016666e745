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
10.25 83.16 0.028284271247456274
EOD
$p1s2 << EOD
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
$p1s3 << EOD
10.5 83.275 0.43133513652379357
EOD
$p1s4 << EOD
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
$p1s5 << EOD
10.75 83.71000000000001 0.09899494936611705
EOD
$p2s0 << EOD
0 22 0
EOD
$p2s1 << EOD
1 42 0
EOD
set terminal pngcairo size 1680,523 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "ShuffleBN: the BN leak (MoCo v1 §3.3, Fig. A.1)"
reset
set grid
set lmargin at screen 0.0369
set rmargin at screen 0.3185
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "pretext accuracy (instance discrimination,\ntrain): fashion-mnist, preset cpu"
set xlabel "epoch"
set ylabel "pretext top-1 (%)"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.1774, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p0s0 using 1:2 with linespoints lc rgb "#0072B2" lw 2 dt 4 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with linespoints lc rgb "#009E73" lw 2 dt 4 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with linespoints lc rgb "#D55E00" lw 2 dt 4 pt 7 ps 0.9 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "plain BN (1 split)", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "without ShuffleBN", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "with ShuffleBN"
reset
set grid
set lmargin at screen 0.3702
set rmargin at screen 0.6113
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "kNN per epoch, linear probe at the last (test): fashion-mnist, preset cpu"
set xlabel "epoch"
set ylabel "top-1 (%)"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.4905, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#009E73" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p1s4 using 1:2 with linespoints lc rgb "#D55E00" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "plain BN (1 split)", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "without ShuffleBN", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "with ShuffleBN", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe"
reset
set grid
set lmargin at screen 0.7131
set rmargin at screen 0.9851
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "paper (cited): Appendix A.9, Fig. A.1 (curves\nonly, read off the plot, about +-1 point)"
set xlabel "key encoder BN"
set ylabel "kNN accuracy (%) at 80 epochs,\nImageNet-1k, ResNet-50"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("without ShuffleBN" 0, "with ShuffleBN" 1)
set xrange [-0.5:1.5]
set key at screen 0.8488, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p2s0 using 1:2 with linespoints lc rgb "#009E73" lw 1.5 dt 2 pt 4 ps 1.1 notitle, \
     $p2s1 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 2 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "without ShuffleBN", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "with ShuffleBN", \
     NaN with linespoints lw 1.5 dt 2 pt 4 ps 1.1 lc rgb "#000000" title "kNN (paper)"
unset multiplot
set terminal svg size 1680,523 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "ShuffleBN: the BN leak (MoCo v1 §3.3, Fig. A.1)"
reset
set grid
set lmargin at screen 0.0369
set rmargin at screen 0.3185
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "pretext accuracy (instance discrimination,\ntrain): fashion-mnist, preset cpu"
set xlabel "epoch"
set ylabel "pretext top-1 (%)"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.1774, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p0s0 using 1:2 with linespoints lc rgb "#0072B2" lw 2 dt 4 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with linespoints lc rgb "#009E73" lw 2 dt 4 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with linespoints lc rgb "#D55E00" lw 2 dt 4 pt 7 ps 0.9 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "plain BN (1 split)", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "without ShuffleBN", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "with ShuffleBN"
reset
set grid
set lmargin at screen 0.3702
set rmargin at screen 0.6113
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "kNN per epoch, linear probe at the last (test): fashion-mnist, preset cpu"
set xlabel "epoch"
set ylabel "top-1 (%)"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.4905, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#009E73" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p1s4 using 1:2 with linespoints lc rgb "#D55E00" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "plain BN (1 split)", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "without ShuffleBN", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "with ShuffleBN", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe"
reset
set grid
set lmargin at screen 0.7131
set rmargin at screen 0.9851
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "paper (cited): Appendix A.9, Fig. A.1 (curves\nonly, read off the plot, about +-1 point)"
set xlabel "key encoder BN"
set ylabel "kNN accuracy (%) at 80 epochs,\nImageNet-1k, ResNet-50"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("without ShuffleBN" 0, "with ShuffleBN" 1)
set xrange [-0.5:1.5]
set key at screen 0.8488, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p2s0 using 1:2 with linespoints lc rgb "#009E73" lw 1.5 dt 2 pt 4 ps 1.1 notitle, \
     $p2s1 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 2 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "without ShuffleBN", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "with ShuffleBN", \
     NaN with linespoints lw 1.5 dt 2 pt 4 ps 1.1 lc rgb "#000000" title "kNN (paper)"
unset multiplot
set output
