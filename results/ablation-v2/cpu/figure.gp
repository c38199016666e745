# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0 78.495 0.5444722215136388
1 76.565 0.5020458146424543
2 78.44 0.014142135623728137
3 76.83 0.04242640687119446
4 76.85 0.28284271247462306
EOD
$p0s1 << EOD
0 82.595 0.1767766952966369
1 82.38499999999999 0.007071067811869092
2 82.97999999999999 0.282842712474613
3 82.79999999999998 0.014142135623728137
4 82.1 0.12727922061357333
EOD
$p1s0 << EOD
0 60.6 0
1 66.2 0
2 63.4 0
3 67.3 0
4 67.5 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "MoCo v2 recipe (MoCo v2 Table 1)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "recipe"
set ylabel "top-1 (%), final epoch"
set xtics ("MoCo v1" 0, "MLP" 1, "aug+" 2, "MLP+aug+" 3, "MLP+aug+cos" 4)
set xrange [-0.5:4.5]
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "kNN, mean ± std over seeds", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "linear probe", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Table 1"
set xlabel "recipe"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
set xtics ("MoCo v1" 0, "MLP" 1, "aug+" 2, "MLP+aug+" 3, "MLP+aug+cos" 4)
set xrange [-0.5:4.5]
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "published"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "MoCo v2 recipe (MoCo v2 Table 1)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "recipe"
set ylabel "top-1 (%), final epoch"
set xtics ("MoCo v1" 0, "MLP" 1, "aug+" 2, "MLP+aug+" 3, "MLP+aug+cos" 4)
set xrange [-0.5:4.5]
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "kNN, mean ± std over seeds", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "linear probe", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Table 1"
set xlabel "recipe"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
set xtics ("MoCo v1" 0, "MLP" 1, "aug+" 2, "MLP+aug+" 3, "MLP+aug+cos" 4)
set xrange [-0.5:4.5]
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "published"
unset multiplot
set output
