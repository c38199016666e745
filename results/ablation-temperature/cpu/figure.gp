# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0.07 82.39666666666666 1.2764142483274514
0.1 83.10333333333334 0.16563010998406366
0.2 82.46666666666665 0.5805457202782006
0.3 81.82333333333334 0.6285167725155322
0.4 81.50666666666666 0.3300505011863077
0.5 81.01666666666667 0.4166933324800607
EOD
$p0s1 << EOD
0.07 77.71333333333334 1.5396861151979493
0.1 78.08666666666666 0.15534906930307923
0.2 76.62 0.631506136153876
0.3 75.96 0.6264183905346371
0.4 75.01333333333334 0.5387330817142439
0.5 74.14333333333333 0.5103266927501738
EOD
$p0s2 << EOD
0.07 81.81 0.8217663901620721
0.1 82.08666666666669 0.48839874419712925
0.2 81.97333333333334 0.7032306402122596
0.3 81.46 0.6854925236645543
0.4 81.12333333333332 0.6744874597302272
0.5 79.81 0.5990826320300068
EOD
$p0s3 << EOD
0.07 75.50666666666666 1.9515207745072438
0.1 76.85666666666667 0.9450044091607901
0.2 75.02666666666666 1.3845697285919976
0.3 74.54666666666667 1.0071908127724973
0.4 74.04333333333334 1.3801932231877287
0.5 73.82666666666665 0.7642861593234114
EOD
$p1s0 << EOD
0.07 60.6 0
0.1 60.7 0
0.2 59 0
0.3 58.2 0
0.4 57.2 0
0.5 56.4 0
EOD
$p1s1 << EOD
0.07 62.9 0
0.1 64.9 0
0.2 66.2 0
0.3 65.7 0
0.4 65 0
0.5 64.3 0
EOD
set terminal pngcairo size 1120,490 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "MoCo temperature τ, with and without the MLP head (MoCo v2 §2)"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "τ"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.2357, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.26666666666665 offset 1,0.8050954669161534 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.33 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.26666666666665 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.33 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "head linear", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "head mlp", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "paper (cited): Sec. 2, MLP head paragraph, step schedule, v1 augmentation"
set xlabel "τ"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.7732, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "head linear", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "head mlp", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set terminal svg size 1120,490 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "MoCo temperature τ, with and without the MLP head (MoCo v2 §2)"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "τ"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.2357, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.26666666666665 offset 1,0.8050954669161534 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.33 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.26666666666665 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.33 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "head linear", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "head mlp", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "paper (cited): Sec. 2, MLP head paragraph, step schedule, v1 augmentation"
set xlabel "τ"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set key at screen 0.7732, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "head linear", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "head mlp", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set output
