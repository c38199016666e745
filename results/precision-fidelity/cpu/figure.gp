# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0 78.64 0.8149539864311355
1 81.88000000000001 0.5958187643906496
2 82.47999999999999 0.25089838580588947
3 81.84200000000001 0.7346223519605145
4 80.80199999999999 0.801791743534441
EOD
$p0s1 << EOD
0 70.422 1.6790086360707004
1 76.474 0.7392428559005497
2 77.712 0.7150664304804117
3 76.64800000000001 0.7952169515295806
4 75.47800000000001 1.1238193805055994
EOD
$p0s2 << EOD
0 79.018 0.8916389403788931
1 81.98800000000001 0.3477355316903887
2 82.372 0.21111608181282876
3 81.648 0.4182343840479929
4 81.022 0.7750612878992205
EOD
$p0s3 << EOD
0 70.218 1.9498384548469625
1 76.794 0.2899655151910301
2 77.74 0.47238755275726924
3 76.602 0.8460319142916521
4 75.608 1.1691963051600833
EOD
set terminal pngcairo size 560,538 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "bf16 against fp32: the momentum table's rows (TOST within 1\npoint). claims (rule 2): C1 inconclusive, C2 inconclusive, C3\nreproduced, C4 reproduced, C5 reproduced, C6 inconclusive, C7\nreproduced, C8 reproduced, C9 reproduced, C10 reproduced"
reset
set grid
set lmargin at screen 0.1107
set rmargin at screen 0.8339
set bmargin at screen 0.1822
set tmargin at screen 0.7955
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
set key at screen 0.4714, screen 0.0855 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.72 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.58399999999999 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.70400000000001 offset 1,1.1514196073558551 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 85.094 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.72 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.58399999999999 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.70400000000001 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     85.094 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "precision fp32", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "precision bf16", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
unset multiplot
set terminal svg size 560,538 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "bf16 against fp32: the momentum table's rows (TOST within 1\npoint). claims (rule 2): C1 inconclusive, C2 inconclusive, C3\nreproduced, C4 reproduced, C5 reproduced, C6 inconclusive, C7\nreproduced, C8 reproduced, C9 reproduced, C10 reproduced"
reset
set grid
set lmargin at screen 0.1107
set rmargin at screen 0.8339
set bmargin at screen 0.1822
set tmargin at screen 0.7955
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set xtics ("0.0" 0, "0.9" 1, "0.99" 2, "0.999" 3, "0.9999" 4)
set xrange [-0.5:4.5]
set key at screen 0.4714, screen 0.0855 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.72 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.58399999999999 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.70400000000001 offset 1,1.1514196073558551 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 85.094 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.72 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.58399999999999 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.70400000000001 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     85.094 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "precision fp32", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "precision bf16", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
unset multiplot
set output
