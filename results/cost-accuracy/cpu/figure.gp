# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
393.3046875 82.07000000000001 0.2882707061079871
408.6953125 82.63666666666667 0.6151693533762356
408.7109375 82.30333333333333 0.3356088993655174
EOD
$p0s1 << EOD
393.3046875 76.69333333333333 0.21361959960016616
408.6953125 77.70666666666666 0.6400260411368627
408.7109375 77.37 0.7947326594522268
EOD
$p0s2 << EOD
411.83984375 69.70333333333333 4.142527408881362
388.890625 70.01666666666667 1.6594376557537023
416.953125 70.66666666666667 0.7958852513606066
EOD
$p0s3 << EOD
411.83984375 54.53333333333333 2.281103534110918
388.890625 56.616666666666674 3.1242012312482923
416.953125 56.21333333333333 3.900414507886736
EOD
$p0s4 << EOD
476.25390625 82.62333333333333 0.5142308171758375
736.296875 82.34666666666668 0.7300228306932112
1184.3203125 80.09666666666666 0.8828552165181608
EOD
$p0s5 << EOD
476.25390625 76.81666666666666 0.830020080078379
736.296875 75.70333333333333 1.5107062366103239
1184.3203125 73.05666666666667 0.692122339860033
EOD
$p0s6 << EOD
528.109375 81.97333333333333 0.6190584248141116
890.00390625 80.86333333333333 0.21733231083604446
1545.7421875 77.89666666666666 2.0199587454533163
EOD
$p0s7 << EOD
528.109375 74.37666666666667 0.35725807665234577
890.00390625 72.53666666666668 0.37072002014099054
1545.7421875 68.97333333333331 2.1098894125838314
EOD
$p1s0 << EOD
43.876761206 82.07000000000001 0.2882707061079871
44.245136601999995 82.63666666666667 0.6151693533762356
45.805882978666666 82.30333333333333 0.3356088993655174
EOD
$p1s1 << EOD
43.876761206 76.69333333333333 0.21361959960016616
44.245136601999995 77.70666666666666 0.6400260411368627
45.805882978666666 77.37 0.7947326594522268
EOD
$p1s2 << EOD
33.15947457833334 69.70333333333333 4.142527408881362
35.85227582233333 70.01666666666667 1.6594376557537023
41.465573451000004 70.66666666666667 0.7958852513606066
EOD
$p1s3 << EOD
33.15947457833334 54.53333333333333 2.281103534110918
35.85227582233333 56.616666666666674 3.1242012312482923
41.465573451000004 56.21333333333333 3.900414507886736
EOD
$p1s4 << EOD
65.426499661 82.62333333333333 0.5142308171758375
69.605109992 82.34666666666668 0.7300228306932112
73.65459092166667 80.09666666666666 0.8828552165181608
EOD
$p1s5 << EOD
65.426499661 76.81666666666666 0.830020080078379
69.605109992 75.70333333333333 1.5107062366103239
73.65459092166667 73.05666666666667 0.692122339860033
EOD
$p1s6 << EOD
69.679043735 81.97333333333333 0.6190584248141116
79.574754456 80.86333333333333 0.21733231083604446
87.01807457566667 77.89666666666666 2.0199587454533163
EOD
$p1s7 << EOD
69.679043735 74.37666666666667 0.35725807665234577
79.574754456 72.53666666666668 0.37072002014099054
87.01807457566667 68.97333333333331 2.1098894125838314
EOD
set terminal pngcairo size 1120,507 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "Cost against accuracy across mechanisms (beside MoCo v2 Table 3)"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2268
set tmargin at screen 0.8777
set title "accuracy against peak memory: fashion-mnist, preset cpu"
set xlabel "peak memory (MiB)"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.2357, screen 0.1243 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2700387750304607 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.55 offset 1,3.5014230725248083 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.07 offset 1,2.7479756594327576 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s4 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s4 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s5 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s5 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s6 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s6 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 1 notitle, \
     $p0s7 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s7 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 2 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     85.55 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.07 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism simclr", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9170
set bmargin at screen 0.2268
set tmargin at screen 0.8777
set title "accuracy against train time: fashion-mnist, preset cpu"
set xlabel "train time per run (s)"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.7357, screen 0.1243 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2700387750304607 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.55 offset 1,3.5014230725248083 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.07 offset 1,2.7479756594327576 left tc rgb "#707070"
plot $p1s0 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s0 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p1s1 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     $p1s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p1s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p1s4 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s4 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p1s5 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p1s6 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s6 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 1 notitle, \
     $p1s7 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s7 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 2 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     85.55 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.07 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism simclr", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
unset multiplot
set terminal svg size 1120,507 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "Cost against accuracy across mechanisms (beside MoCo v2 Table 3)"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2268
set tmargin at screen 0.8777
set title "accuracy against peak memory: fashion-mnist, preset cpu"
set xlabel "peak memory (MiB)"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.2357, screen 0.1243 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2700387750304607 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.55 offset 1,3.5014230725248083 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.07 offset 1,2.7479756594327576 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s4 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s4 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s5 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s5 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s6 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s6 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 1 notitle, \
     $p0s7 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s7 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 2 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     85.55 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.07 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism simclr", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9170
set bmargin at screen 0.2268
set tmargin at screen 0.8777
set title "accuracy against train time: fashion-mnist, preset cpu"
set xlabel "train time per run (s)"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.7357, screen 0.1243 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2700387750304607 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.55 offset 1,3.5014230725248083 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.07 offset 1,2.7479756594327576 left tc rgb "#707070"
plot $p1s0 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s0 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p1s1 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     $p1s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p1s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p1s4 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s4 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p1s5 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p1s6 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s6 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 1 notitle, \
     $p1s7 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s7 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 2 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     85.55 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.07 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism simclr", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
unset multiplot
set output
