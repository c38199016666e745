# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
397.90234375 83.11 0.15556349186103965
399.328125 82.81 0.11313708498984519
493.5859375 82.71000000000001 0.21213203435596226
EOD
$p0s1 << EOD
397.90234375 78.495 0.26162950903902576
399.328125 78.055 0.6576093065034839
493.5859375 77.65 0.3394112549695456
EOD
$p0s2 << EOD
410.453125 74.725 0.38890872965259915
433.828125 74.305 0.3040559159102102
556.1875 74.75 0.33941125496953556
EOD
$p0s3 << EOD
410.453125 60.379999999999995 6.038691911333105
433.828125 61.415000000000006 1.3788582233137647
556.1875 61.26 1.1737972567696766
EOD
$p0s4 << EOD
461.453125 83.035 0.8414570696120001
645.38671875 82.465 1.0677312395916803
957.625 80.45 0.8343860018001309
EOD
$p0s5 << EOD
461.453125 77.945 0.04949747468306355
645.38671875 76.485 0.6010407640085614
957.625 74.64500000000001 0.36062445840514284
EOD
$p0s6 << EOD
532.61328125 81.91 0.18384776310850598
875.91015625 81.81 0.07071067811865074
1420.765625 78.55000000000001 1.6263455967290572
EOD
$p0s7 << EOD
532.61328125 75.285 0.43133513652379357
875.91015625 74.255 0.2616295090390158
1420.765625 69.81 1.8526197667087578
EOD
$p1s0 << EOD
57.723053156999995 83.11 0.15556349186103965
60.21854325250001 82.81 0.11313708498984519
80.327295664 82.71000000000001 0.21213203435596226
EOD
$p1s1 << EOD
57.723053156999995 78.495 0.26162950903902576
60.21854325250001 78.055 0.6576093065034839
80.327295664 77.65 0.3394112549695456
EOD
$p1s2 << EOD
73.6754380645 74.725 0.38890872965259915
58.653353869000014 74.305 0.3040559159102102
72.94744392600005 74.75 0.33941125496953556
EOD
$p1s3 << EOD
73.6754380645 60.379999999999995 6.038691911333105
58.653353869000014 61.415000000000006 1.3788582233137647
72.94744392600005 61.26 1.1737972567696766
EOD
$p1s4 << EOD
79.18099977949993 83.035 0.8414570696120001
81.05613548299999 82.465 1.0677312395916803
80.432129229 80.45 0.8343860018001309
EOD
$p1s5 << EOD
79.18099977949993 77.945 0.04949747468306355
81.05613548299999 76.485 0.6010407640085614
80.432129229 74.64500000000001 0.36062445840514284
EOD
$p1s6 << EOD
88.26652059250003 81.91 0.18384776310850598
91.28593754449999 81.81 0.07071067811865074
93.30747599550001 78.55000000000001 1.6263455967290572
EOD
$p1s7 << EOD
88.26652059250003 75.285 0.43133513652379357
91.28593754449999 74.255 0.2616295090390158
93.30747599550001 69.81 1.8526197667087578
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
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
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
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
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
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
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
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
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
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "mechanism simclr", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
unset multiplot
set output
