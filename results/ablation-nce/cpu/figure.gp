# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
1 75.11 0.18384776310849593
10 76.36 2.2061731573020316
512 72.81 1.3576450198781624
4096 71.44 1.612203461105329
EOD
$p0s1 << EOD
1 59.205 0.657609306503489
10 61.38 3.676955262170049
512 56.974999999999994 1.1667261889578024
4096 57.834999999999994 1.9021172413918164
EOD
$p0s2 << EOD
1 76.53 0.9899494936611706
10 76.19 0.46669047558311894
512 73.70500000000001 1.9162593770155394
4096 75.41999999999999 2.729432175380073
EOD
$p0s3 << EOD
1 61.58 1.3435028842544392
10 61.81 1.5414927829866734
512 60.155 1.2091525958289968
4096 61.489999999999995 2.8708535316173793
EOD
$p1s0 << EOD
1 42.5 0
10 63.4 0
512 78.4 0
4096 80.4 0
EOD
set terminal pngcairo size 1120,490 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "Memory bank: NCE against InfoNCE by the number of negatives m (InstDisc Table 1)"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("1" 1, "10" 10, "512" 512, "4096" 4096)
set xrange [0.6597539553864472:6208.37505642659]
set key at screen 0.2357, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "random init\n(kNN)" at graph 1, first 62.87 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     62.87 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "loss nce", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "loss infonce", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9777
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "paper (cited): Table 1, NCE rows"
set xlabel "m"
set ylabel "CIFAR-10 weighted kNN top-1 (%)"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("1" 1, "10" 10, "512" 512, "4096" 4096)
set xrange [0.6597539553864472:6208.37505642659]
set key at screen 0.7661, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 2 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "loss nce", \
     NaN with linespoints lw 1.5 dt 2 pt 4 ps 1.1 lc rgb "#000000" title "kNN (paper)"
unset multiplot
set terminal svg size 1120,490 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "Memory bank: NCE against InfoNCE by the number of negatives m (InstDisc Table 1)"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("1" 1, "10" 10, "512" 512, "4096" 4096)
set xrange [0.6597539553864472:6208.37505642659]
set key at screen 0.2357, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "random init\n(kNN)" at graph 1, first 62.87 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     62.87 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "loss nce", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "loss infonce", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9777
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "paper (cited): Table 1, NCE rows"
set xlabel "m"
set ylabel "CIFAR-10 weighted kNN top-1 (%)"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("1" 1, "10" 10, "512" 512, "4096" 4096)
set xrange [0.6597539553864472:6208.37505642659]
set key at screen 0.7661, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 2 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "loss nce", \
     NaN with linespoints lw 1.5 dt 2 pt 4 ps 1.1 lc rgb "#000000" title "kNN (paper)"
unset multiplot
set output
