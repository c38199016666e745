# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0 78.07333333333334 0.22501851775650172
1 81.98333333333333 0.48086727205470164
2 82.70333333333333 0.16072751268321192
3 81.75 0.5188448708429153
4 80.90333333333335 1.1203719620435562
EOD
$p0s1 << EOD
0 69.19333333333333 1.803699901129162
1 76.61 0.45508241011931566
2 77.84666666666668 0.3901709027251183
3 76.66666666666667 0.6528654787422373
4 75.35333333333332 0.8850047080854033
EOD
$p1s0 << EOD

1 55.2 0
2 57.8 0
3 59 0
4 58.9 0
EOD
set terminal pngcairo size 1120,473 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "MoCo momentum ablation (MoCo v1 §4.1). claims (rule 2): C1 not testable, C2 not testable, C3 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.1712
set tmargin at screen 0.8689
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
set key at screen 0.2357, screen 0.0613 center top vertical maxrows 1 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66000000000001 offset 1,1.0896341027656504 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.66000000000001 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "K 64", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.1712
set tmargin at screen 0.8689
set title "paper (cited): Sec. 4.1 'Ablation: momentum', K = 4096"
set xlabel "m"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
set key at screen 0.7732, screen 0.0613 center top vertical maxrows 1 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label "fail" at first 0, graph 0.06 center tc rgb "#b00000"
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#0072B2" title "linear probe (paper)"
unset multiplot
set terminal svg size 1120,473 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "MoCo momentum ablation (MoCo v1 §4.1). claims (rule 2): C1 not testable, C2 not testable, C3 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.1712
set tmargin at screen 0.8689
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
set key at screen 0.2357, screen 0.0613 center top vertical maxrows 1 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66000000000001 offset 1,1.0896341027656504 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.66000000000001 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "K 64", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.1712
set tmargin at screen 0.8689
set title "paper (cited): Sec. 4.1 'Ablation: momentum', K = 4096"
set xlabel "m"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
set key at screen 0.7732, screen 0.0613 center top vertical maxrows 1 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label "fail" at first 0, graph 0.06 center tc rgb "#b00000"
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#0072B2" title "linear probe (paper)"
unset multiplot
set output
