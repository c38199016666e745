# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0 64.59 0.3676955262170019
1 71.245 0.03535533905932537
2 78.055 0.6576093065034839
3 77.73 0.15556349186103965
4 76.465 0.6434671708797558
EOD
$p0s1 << EOD
0 76.31 0.42426406871192446
1 78.655 0.23334523779155947
2 82.81 0.11313708498984519
3 82.765 0.24748737341528762
4 81.88 0.22627416997970043
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
set ylabel "top-1 (%), final epoch"
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "kNN, mean ± std over seeds", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "linear probe", \
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
set ylabel "top-1 (%), final epoch"
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "kNN, mean ± std over seeds", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "linear probe", \
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
