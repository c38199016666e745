# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0 82.595 0.1767766952966369
1 82.38499999999999 0.007071067811869092
2 82.97999999999999 0.282842712474613
3 82.79999999999998 0.014142135623728137
4 82.1 0.12727922061357333
EOD
$p0s1 << EOD
0 78.495 0.5444722215136388
1 76.565 0.5020458146424543
2 78.44 0.014142135623728137
3 76.83 0.04242640687119446
4 76.85 0.28284271247462306
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
set multiplot title "MoCo v2 recipe (MoCo v2 Table 1)"
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
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set multiplot title "MoCo v2 recipe (MoCo v2 Table 1)"
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
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
