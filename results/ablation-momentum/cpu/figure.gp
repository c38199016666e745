# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0 64.655 1.0535891039679621
1 70.64500000000001 0.7424621202458729
2 77.975 0.8131727983645236
3 77.85999999999999 0.014142135623728137
4 76.36 0.6363961030678968
EOD
$p1s0 << EOD

1 55.2 0
2 57.8 0
3 59 0
4 58.9 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "MoCo momentum ablation (MoCo v1 §4.1)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "kNN top-1 (%), final epoch"
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mean ± std over seeds", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Sec. 4.1 'Ablation: momentum'"
set xlabel "m"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
set label "fail" at first 0, graph 0.06 center tc rgb "#b00000"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "published"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "MoCo momentum ablation (MoCo v1 §4.1)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "kNN top-1 (%), final epoch"
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "mean ± std over seeds", \
     66.895 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Sec. 4.1 'Ablation: momentum'"
set xlabel "m"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs"
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
set label "fail" at first 0, graph 0.06 center tc rgb "#b00000"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "published"
unset multiplot
set output
