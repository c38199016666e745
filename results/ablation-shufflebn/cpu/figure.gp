# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
1 7.774105235042735 0
2 11.144497863247864 0
3 18.775040064102566 0
4 27.555755876068375 0
5 37.06430288461539 0
6 46.455996260683754 0
7 53.971354166666664 0
8 59.27650908119657 0
9 62.94571314102564 0
10 65.17761752136752 0
EOD
$p0s1 << EOD
1 7.513688568376068 0
2 13.40645032051282 0
3 22.33573717948718 0
4 33.79907852564102 0
5 43.865184294871796 0
6 53.48390758547009 0
7 60.90745192307693 0
8 66.89369658119658 0
9 70.10049412393163 0
10 72.40751869658119 0
EOD
$p0s2 << EOD
1 6.834268162393163 0
2 9.587005876068377 0
3 15.893763354700857 0
4 24.315571581196583 0
5 32.75574252136752 0
6 40.97055288461539 0
7 47.82151442307693 0
8 53.02317040598291 0
9 56.39022435897436 0
10 58.57872596153846 0
EOD
$p1s0 << EOD
1 73.30666666666667 0
2 75.64333333333333 0
3 76.62333333333333 0
4 77.40000000000002 0
5 77.78333333333335 0
6 77.90333333333332 0
7 77.82000000000001 0
8 77.83666666666666 0
9 77.85666666666667 0
10 77.86 0
EOD
$p1s1 << EOD
10.25 83.23333333333333 0.3980368492154195
EOD
$p1s2 << EOD
1 73.73333333333333 0
2 75.88 0
3 77.10666666666667 0
4 77.35 0
5 77.70333333333333 0
6 77.75 0
7 77.73333333333333 0
8 77.87333333333333 0
9 77.85666666666667 0
10 77.81666666666666 0
EOD
$p1s3 << EOD
10.5 82.89666666666666 0.6092892033618584
EOD
$p1s4 << EOD
1 74.41666666666667 0
2 76.24666666666667 0
3 77.51 0
4 78.06333333333333 0
5 78.70666666666666 0
6 78.90333333333334 0
7 79.00999999999999 0
8 79.12333333333332 0
9 79.11 0
10 79.07666666666667 0
EOD
$p1s5 << EOD
10.75 83.44333333333333 0.4037738641038213
EOD
$p2s0 << EOD
0 22 0
EOD
$p2s1 << EOD
1 42 0
EOD
set terminal pngcairo size 1680,523 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "ShuffleBN: the BN leak (MoCo v1 §3.3, Fig. A.1). claims (rule 2): C1 reproduced, C2 inconclusive"
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
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
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
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
set multiplot title "ShuffleBN: the BN leak (MoCo v1 §3.3, Fig. A.1). claims (rule 2): C1 reproduced, C2 inconclusive"
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
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
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
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
