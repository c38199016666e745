# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0 82.93333333333334 0.19008769905844095
1 82.11666666666667 0.3043572462310313
2 83.23 0.12124355652981957
3 82.10666666666667 0.5707305260219937
4 81.91333333333334 0.1861003313627735
EOD
$p0s1 << EOD
0 78.24666666666667 0.7968897874444972
1 75.65333333333334 1.0854185060764938
2 78.31333333333333 0.2939954648176309
3 76.44 0.5583009940883139
4 76.39999999999999 0.1734935157289689
EOD
$p1s0 << EOD
0 60.6 0
1 66.2 0
2 63.4 0
3 67.3 0
4 67.5 0
EOD
set terminal pngcairo size 1120,489 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "MoCo v2 recipe (MoCo v2 Table 1). claims (rule 2): C1 not testable, C2 not testable, C3 not testable, C4 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.1984
set tmargin at screen 0.8732
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "recipe" offset 0,-1
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("MoCo v1" 0, "\nMLP" 1, "aug+" 2, "\nMLP+aug+" 3, "MLP+aug+cos" 4)
set xrange [-0.5:4.5]
set key at screen 0.2357, screen 0.0593 center top vertical maxrows 1 reverse Left samplen 4 spacing 1.1 width 1 nobox
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
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#0072B2" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.1984
set tmargin at screen 0.8732
set title "paper (cited): Table 1"
set xlabel "recipe"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("MoCo v1" 0, "MLP" 1, "aug+" 2, "MLP+aug+" 3, "MLP+aug+cos" 4)
set xrange [-0.5:4.5]
set key at screen 0.7732, screen 0.0593 center top vertical maxrows 1 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#0072B2" title "linear probe (paper)"
unset multiplot
set terminal svg size 1120,489 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "MoCo v2 recipe (MoCo v2 Table 1). claims (rule 2): C1 not testable, C2 not testable, C3 not testable, C4 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.1984
set tmargin at screen 0.8732
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "recipe" offset 0,-1
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("MoCo v1" 0, "\nMLP" 1, "aug+" 2, "\nMLP+aug+" 3, "MLP+aug+cos" 4)
set xrange [-0.5:4.5]
set key at screen 0.2357, screen 0.0593 center top vertical maxrows 1 reverse Left samplen 4 spacing 1.1 width 1 nobox
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
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#0072B2" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#0072B2" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.1984
set tmargin at screen 0.8732
set title "paper (cited): Table 1"
set xlabel "recipe"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("MoCo v1" 0, "MLP" 1, "aug+" 2, "MLP+aug+" 3, "MLP+aug+cos" 4)
set xrange [-0.5:4.5]
set key at screen 0.7732, screen 0.0593 center top vertical maxrows 1 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#0072B2" title "linear probe (paper)"
unset multiplot
set output
