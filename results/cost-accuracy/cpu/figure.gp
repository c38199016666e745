# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
350.4375 82.71 0.16643316977092618
405.57421875 83.15999999999998 0.18681541692269643
405.44921875 82.92333333333333 0.3821430796617015
EOD
$p0s1 << EOD
350.4375 77.84666666666668 0.3901709027251183
405.57421875 78.62666666666667 0.2950141239556709
405.44921875 78.18 0.6383572667401846
EOD
$p0s2 << EOD
442.1640625 72.57666666666667 3.2422420226339286
436.32421875 73.37666666666667 1.3521957451986588
397.73046875 73.84666666666668 1.7900093109627526
EOD
$p0s3 << EOD
442.1640625 57.28 2.262719602602142
436.32421875 59.166666666666664 2.812140347374816
397.73046875 58.52333333333333 3.858138583997898
EOD
$p0s4 << EOD
488.57421875 82.89666666666666 0.5802011145571239
681.54296875 83.07 1.3670040234030043
1171.984375 80.38333333333334 0.4800347209664441
EOD
$p0s5 << EOD
488.57421875 77.53999999999999 1.2925942905645154
681.54296875 76.74666666666667 1.1514483632943913
1171.984375 73.79 0.23065125189340577
EOD
$p0s6 << EOD
583.2734375 82.46333333333334 0.26388128644020004
1036.953125 81.28666666666668 0.4252450274057664
1488.36328125 79.44333333333334 0.6101092798288947
EOD
$p0s7 << EOD
583.2734375 75.32 0.34770677301427105
1036.953125 73.55999999999999 0.6791170738539827
1488.36328125 71.08666666666666 1.1689881664641946
EOD
$p1s0 << EOD
79.869622923 82.71 0.16643316977092618
82.18682234133333 83.15999999999998 0.18681541692269643
81.777213571 82.92333333333333 0.3821430796617015
EOD
$p1s1 << EOD
79.869622923 77.84666666666668 0.3901709027251183
82.18682234133333 78.62666666666667 0.2950141239556709
81.777213571 78.18 0.6383572667401846
EOD
$p1s2 << EOD
62.23363032433334 72.57666666666667 3.2422420226339286
66.99011851266667 73.37666666666667 1.3521957451986588
76.48218493333334 73.84666666666668 1.7900093109627526
EOD
$p1s3 << EOD
62.23363032433334 57.28 2.262719602602142
66.99011851266667 59.166666666666664 2.812140347374816
76.48218493333334 58.52333333333333 3.858138583997898
EOD
$p1s4 << EOD
118.49556532133333 82.89666666666666 0.5802011145571239
119.19651945566666 83.07 1.3670040234030043
125.84863013566667 80.38333333333334 0.4800347209664441
EOD
$p1s5 << EOD
118.49556532133333 77.53999999999999 1.2925942905645154
119.19651945566666 76.74666666666667 1.1514483632943913
125.84863013566667 73.79 0.23065125189340577
EOD
$p1s6 << EOD
120.97707131933335 82.46333333333334 0.26388128644020004
135.538235066 81.28666666666668 0.4252450274057664
145.52660617666663 79.44333333333334 0.6101092798288947
EOD
$p1s7 << EOD
120.97707131933335 75.32 0.34770677301427105
135.538235066 73.55999999999999 0.6791170738539827
145.52660617666663 71.08666666666666 1.1689881664641946
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2150058723240011 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66333333333334 offset 1,2.723670350624662 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,1.5597683886732092 left tc rgb "#707070"
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
     86.66333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2150058723240011 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66333333333334 offset 1,2.723670350624662 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,1.5597683886732092 left tc rgb "#707070"
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
     86.66333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2150058723240011 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66333333333334 offset 1,2.723670350624662 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,1.5597683886732092 left tc rgb "#707070"
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
     86.66333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2150058723240011 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66333333333334 offset 1,2.723670350624662 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,1.5597683886732092 left tc rgb "#707070"
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
     86.66333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism simclr", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
unset multiplot
set output
