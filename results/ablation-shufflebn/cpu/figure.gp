# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
1 7.693977029914531 0
2 12.062633547008545 0
3 19.1139155982906 0
4 28.412126068376068 0
5 38.66686698717948 0
6 47.44424412393162 0
7 54.93790064102564 0
8 60.324853098290596 0
9 63.47823183760684 0
10 65.57325053418805 0
EOD
$p0s1 << EOD
1 7.817508012820514 0
2 13.716947115384615 0
3 22.849893162393162 0
4 35.32151442307693 0
5 45.309161324786324 0
6 55.393629807692314 0
7 62.760416666666664 0
8 68.76836271367522 0
9 71.85830662393163 0
10 74.0150908119658 0
EOD
$p0s2 << EOD
1 6.615584935897435 0
2 8.812433226495726 0
3 13.578392094017092 0
4 21.404246794871796 0
5 29.475494123931625 0
6 37.107705662393165 0
7 44.30755876068377 0
8 49.32558760683761 0
9 52.69097222222223 0
10 54.69751602564102 0
EOD
$p1s0 << EOD
1 74.14 0
2 75.94 0
3 76.76 0
4 77.16666666666667 0
5 77.51666666666667 0
6 77.86 0
7 77.69666666666667 0
8 77.85333333333334 0
9 77.76 0
10 77.67333333333333 0
EOD
$p1s1 << EOD
10.25 82.86 0.31796226191169846
EOD
$p1s2 << EOD
1 74.44666666666667 0
2 75.81 0
3 77.14333333333333 0
4 77.36999999999999 0
5 77.67333333333333 0
6 77.86999999999999 0
7 77.88 0
8 77.90666666666665 0
9 77.83999999999999 0
10 77.75 0
EOD
$p1s3 << EOD
10.5 82.6 0.5220153254455271
EOD
$p1s4 << EOD
1 74.04666666666667 0
2 76.16000000000001 0
3 77.17666666666666 0
4 77.99 0
5 78.59333333333335 0
6 78.70666666666666 0
7 78.72666666666667 0
8 78.78 0
9 78.84 0
10 78.86 0
EOD
$p1s5 << EOD
10.75 83.52 0.13453624047073884
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,0.5320424849234691 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 88.22666666666667 offset 1,1.3806157359340716 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 86.77 offset 1,0.5 left tc rgb "#707070"
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#009E73" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p1s4 using 1:2 with linespoints lc rgb "#D55E00" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     88.22666666666667 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     86.77 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,0.5320424849234691 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 88.22666666666667 offset 1,1.3806157359340716 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 86.77 offset 1,0.5 left tc rgb "#707070"
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#009E73" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p1s4 using 1:2 with linespoints lc rgb "#D55E00" lw 2 dt 2 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     88.22666666666667 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     86.77 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
