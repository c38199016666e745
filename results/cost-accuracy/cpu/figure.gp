# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
386.5221354166667 82.37333333333332 0.5916361494477291
398.69140625 82.64666666666666 0.6401041581909416
405.1171875 82.06333333333333 0.2902297940138664
EOD
$p0s1 << EOD
386.5221354166667 77.47 0.5990826320300103
398.69140625 77.70666666666666 0.6400260411368627
405.1171875 76.69333333333333 0.21361959960016616
EOD
$p0s2 << EOD
441.4934895833333 70.03 1.6612344807401471
442.2122395833333 69.61999999999999 4.2863620938973375
457.9375 70.05333333333334 1.794890897334246
EOD
$p0s3 << EOD
441.4934895833333 56.616666666666674 3.1242012312482923
442.2122395833333 54.53333333333333 2.281103534110918
457.9375 56.339999999999996 3.392756991003035
EOD
$p0s4 << EOD
408.68359375 82.63333333333333 0.5147167505855287
621.0859375 82.20333333333333 0.3073000705065545
943.72265625 80.08333333333333 0.6007772743149769
EOD
$p0s5 << EOD
408.68359375 76.81666666666666 0.830020080078379
621.0859375 76.25666666666666 0.7518200139217736
943.72265625 73.25333333333333 0.17097758137642985
EOD
$p0s6 << EOD
537.7799479166666 81.96 0.6091797764207199
914.2356770833334 80.98333333333333 0.4885011088353113
1794.5260416666667 78.57666666666667 1.1023762213207144
EOD
$p0s7 << EOD
537.7799479166666 74.37666666666667 0.35725807665234577
914.2356770833334 72.81 0.703135833249883
1794.5260416666667 69.89 1.2108261642366287
EOD
$p1s0 << EOD
60.39069518066666 82.06333333333333 0.2902297940138664
61.839246616000004 82.37333333333332 0.5916361494477291
64.50712752066666 82.64666666666666 0.6401041581909416
EOD
$p1s1 << EOD
60.39069518066666 76.69333333333333 0.21361959960016616
61.839246616000004 77.47 0.5990826320300103
64.50712752066666 77.70666666666666 0.6400260411368627
EOD
$p1s2 << EOD
43.520451505333334 69.61999999999999 4.2863620938973375
46.86354311366667 70.03 1.6612344807401471
53.75247513433334 70.05333333333334 1.794890897334246
EOD
$p1s3 << EOD
43.520451505333334 54.53333333333333 2.281103534110918
46.86354311366667 56.616666666666674 3.1242012312482923
53.75247513433334 56.339999999999996 3.392756991003035
EOD
$p1s4 << EOD
84.93215527066667 82.20333333333333 0.3073000705065545
85.71258228366668 80.08333333333333 0.6007772743149769
85.87044067200002 82.63333333333333 0.5147167505855287
EOD
$p1s5 << EOD
84.93215527066667 76.25666666666666 0.7518200139217736
85.71258228366668 73.25333333333333 0.17097758137642985
85.87044067200002 76.81666666666666 0.830020080078379
EOD
$p1s6 << EOD
88.06891915599999 81.96 0.6091797764207199
89.05006432866666 80.98333333333333 0.4885011088353113
93.25682868700001 78.57666666666667 1.1023762213207144
EOD
$p1s7 << EOD
88.06891915599999 74.37666666666667 0.35725807665234577
89.05006432866666 72.81 0.703135833249883
93.25682868700001 69.89 1.2108261642366287
EOD
set terminal pngcairo size 1120,507 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "Cost against accuracy across mechanisms (beside MoCo v2 Table 3). claims (rule 2): C1 inconclusive, C2 reproduced"
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
set label "K 1024" at first 386.5221354166667, first 82.37333333333332 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 398.69140625, first 82.64666666666666 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 64" at first 405.1171875, first 82.06333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 441.4934895833333, first 70.03 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 64 fail 1/3" at first 442.2122395833333, first 69.61999999999999 left offset character 0.6, 0.4 font ",8" tc rgb "#b00000"
set label "K 1024" at first 457.9375, first 70.05333333333334 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 408.68359375, first 82.63333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 512" at first 621.0859375, first 82.20333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 943.72265625, first 80.08333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 537.7799479166666, first 81.96 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 512" at first 914.2356770833334, first 80.98333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 1794.5260416666667, first 78.57666666666667 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,1.2476411931381577 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.54333333333334 offset 1,3.5044352089110404 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.07 offset 1,2.747574746650656 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     $p0s4 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s4 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s5 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s5 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s6 using 1:2:3 with yerrorbars lc rgb "#E69F00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s6 using 1:2 with lines lc rgb "#E69F00" lw 2 dt 1 notitle, \
     $p0s7 using 1:2:3 with yerrorbars lc rgb "#E69F00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s7 using 1:2 with lines lc rgb "#E69F00" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     85.54333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.07 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#E69F00" title "mechanism simclr", \
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
set label "K 64" at first 60.39069518066666, first 82.06333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 61.839246616000004, first 82.37333333333332 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 64.50712752066666, first 82.64666666666666 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 64 fail 1/3" at first 43.520451505333334, first 69.61999999999999 left offset character 0.6, 0.4 font ",8" tc rgb "#b00000"
set label "K 256" at first 46.86354311366667, first 70.03 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 53.75247513433334, first 70.05333333333334 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 512" at first 84.93215527066667, first 82.20333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 85.71258228366668, first 80.08333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 85.87044067200002, first 82.63333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 88.06891915599999, first 81.96 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 512" at first 89.05006432866666, first 80.98333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 93.25682868700001, first 78.57666666666667 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,1.2476411931381577 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.54333333333334 offset 1,3.5044352089110404 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.07 offset 1,2.747574746650656 left tc rgb "#707070"
plot $p1s0 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s0 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 1 notitle, \
     $p1s1 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 2 notitle, \
     $p1s2 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s2 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p1s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     $p1s4 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s4 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p1s5 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p1s6 using 1:2:3 with yerrorbars lc rgb "#E69F00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s6 using 1:2 with lines lc rgb "#E69F00" lw 2 dt 1 notitle, \
     $p1s7 using 1:2:3 with yerrorbars lc rgb "#E69F00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s7 using 1:2 with lines lc rgb "#E69F00" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     85.54333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.07 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#E69F00" title "mechanism simclr", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
unset multiplot
set terminal svg size 1120,507 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "Cost against accuracy across mechanisms (beside MoCo v2 Table 3). claims (rule 2): C1 inconclusive, C2 reproduced"
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
set label "K 1024" at first 386.5221354166667, first 82.37333333333332 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 398.69140625, first 82.64666666666666 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 64" at first 405.1171875, first 82.06333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 441.4934895833333, first 70.03 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 64 fail 1/3" at first 442.2122395833333, first 69.61999999999999 left offset character 0.6, 0.4 font ",8" tc rgb "#b00000"
set label "K 1024" at first 457.9375, first 70.05333333333334 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 408.68359375, first 82.63333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 512" at first 621.0859375, first 82.20333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 943.72265625, first 80.08333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 537.7799479166666, first 81.96 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 512" at first 914.2356770833334, first 80.98333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 1794.5260416666667, first 78.57666666666667 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,1.2476411931381577 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.54333333333334 offset 1,3.5044352089110404 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.07 offset 1,2.747574746650656 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     $p0s4 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s4 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s5 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s5 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s6 using 1:2:3 with yerrorbars lc rgb "#E69F00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s6 using 1:2 with lines lc rgb "#E69F00" lw 2 dt 1 notitle, \
     $p0s7 using 1:2:3 with yerrorbars lc rgb "#E69F00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s7 using 1:2 with lines lc rgb "#E69F00" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     85.54333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.07 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#E69F00" title "mechanism simclr", \
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
set label "K 64" at first 60.39069518066666, first 82.06333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 61.839246616000004, first 82.37333333333332 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 64.50712752066666, first 82.64666666666666 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 64 fail 1/3" at first 43.520451505333334, first 69.61999999999999 left offset character 0.6, 0.4 font ",8" tc rgb "#b00000"
set label "K 256" at first 46.86354311366667, first 70.03 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 53.75247513433334, first 70.05333333333334 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 512" at first 84.93215527066667, first 82.20333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 85.71258228366668, first 80.08333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 85.87044067200002, first 82.63333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 256" at first 88.06891915599999, first 81.96 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 512" at first 89.05006432866666, first 80.98333333333333 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label "K 1024" at first 93.25682868700001, first 78.57666666666667 left offset character 0.6, 0.4 font ",8" tc rgb "#555555"
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,1.2476411931381577 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.54333333333334 offset 1,3.5044352089110404 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.07 offset 1,2.747574746650656 left tc rgb "#707070"
plot $p1s0 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s0 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 1 notitle, \
     $p1s1 using 1:2:3 with yerrorbars lc rgb "#CC79A7" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s1 using 1:2 with lines lc rgb "#CC79A7" lw 2 dt 2 notitle, \
     $p1s2 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s2 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p1s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     $p1s4 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s4 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p1s5 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s5 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p1s6 using 1:2:3 with yerrorbars lc rgb "#E69F00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s6 using 1:2 with lines lc rgb "#E69F00" lw 2 dt 1 notitle, \
     $p1s7 using 1:2:3 with yerrorbars lc rgb "#E69F00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p1s7 using 1:2 with lines lc rgb "#E69F00" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     85.54333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.07 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#E69F00" title "mechanism simclr", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
unset multiplot
set output
