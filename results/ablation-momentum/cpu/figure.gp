# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0 75.16499999999999 0.04949747468306355
1 78.625 0.24748737341528762
2 83.11500000000001 0.23334523779155947
3 82.58 0.3959797974644682
4 81.685 0.16263455967290874
EOD
$p0s1 << EOD
0 61.815000000000005 1.6475588001646544
1 70.565 0.12020815280171428
2 78.19999999999999 0.650538238691625
3 77.535 0.09192388155425801
4 76.52000000000001 0.933380951166248
EOD
$p1s0 << EOD

1 55.2 0
2 57.8 0
3 59 0
4 58.9 0
EOD
set terminal pngcairo size 1120,473 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "MoCo momentum ablation (MoCo v1 §4.1)"
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
set bmargin at screen 0.1712
set tmargin at screen 0.8689
set title "paper (cited): Sec. 4.1 'Ablation: momentum'"
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
set multiplot title "MoCo momentum ablation (MoCo v1 §4.1)"
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
set bmargin at screen 0.1712
set tmargin at screen 0.8689
set title "paper (cited): Sec. 4.1 'Ablation: momentum'"
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
