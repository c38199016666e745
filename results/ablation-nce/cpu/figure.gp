# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
1 75.88666666666667 0.7518200139217687
2 76.91333333333334 0.8161699169494926
128 74.40666666666665 2.0321499288520344
1024 72.33333333333333 2.247272420810019
EOD
$p0s1 << EOD
1 60.93333333333334 0.8638479804533477
2 61.953333333333326 0.7881835657594795
128 59.056666666666665 1.6149716199776762
1024 57.72666666666667 1.1874482444861927
EOD
$p0s2 << EOD
1 76.04 0.5548873759601993
2 76.14 0.6717886572427364
128 74.63666666666667 1.272215914588924
1024 75.18333333333334 1.0813109327724943
EOD
$p0s3 << EOD
1 61.376666666666665 0.9452160246913616
2 61.39333333333334 1.7379393928826588
128 60.04 2.264045052555269
1024 61.37 2.0630317496345065
EOD
$p1s0 << EOD
1 42.5 0
10 63.4 0
512 78.4 0
4096 80.4 0
EOD
set terminal pngcairo size 1120,506 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "Memory bank: NCE against InfoNCE by the number of negatives m (InstDisc Table 1). claims (rule 2): C1 not testable, C2 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.1937
set tmargin at screen 0.8458
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("1" 1, "2" 2, "128" 128, "1024" 1024)
set xrange [0.7071067811865475:1448.1546878700494]
set key at screen 0.2357, screen 0.0909 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 80.16 offset 1,1.265315400855524 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 77.35 offset 1,0.8492095934551749 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.43 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 62.45666666666667 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.82000000000001 offset 1,1.6033123688372157 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 85.14 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     80.16 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     77.35 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.43 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     62.45666666666667 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.82000000000001 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     85.14 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "loss nce", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "loss infonce", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9777
set bmargin at screen 0.1937
set tmargin at screen 0.8458
set title "paper (cited): Table 1, NCE rows, ResNet-18, CIFAR-10; non-parametric\nsoftmax over all 50000 images: 80.8 kNN, 75.4 linear SVM"
set xlabel "m"
set ylabel "CIFAR-10 weighted kNN top-1 (%)"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("1" 1, "10" 10, "512" 512, "4096" 4096)
set xrange [0.6597539553864472:6208.37505642659]
set key at screen 0.7661, screen 0.0909 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 2 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "loss nce", \
     NaN with linespoints lw 1.5 dt 2 pt 4 ps 1.1 lc rgb "#000000" title "kNN (paper)"
unset multiplot
set terminal svg size 1120,506 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "Memory bank: NCE against InfoNCE by the number of negatives m (InstDisc Table 1). claims (rule 2): C1 not testable, C2 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.1937
set tmargin at screen 0.8458
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("1" 1, "2" 2, "128" 128, "1024" 1024)
set xrange [0.7071067811865475:1448.1546878700494]
set key at screen 0.2357, screen 0.0909 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 80.16 offset 1,1.265315400855524 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 77.35 offset 1,0.8492095934551749 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.43 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 62.45666666666667 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.82000000000001 offset 1,1.6033123688372157 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 85.14 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     80.16 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     77.35 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.43 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     62.45666666666667 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.82000000000001 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     85.14 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "loss nce", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "loss infonce", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9777
set bmargin at screen 0.1937
set tmargin at screen 0.8458
set title "paper (cited): Table 1, NCE rows, ResNet-18, CIFAR-10; non-parametric\nsoftmax over all 50000 images: 80.8 kNN, 75.4 linear SVM"
set xlabel "m"
set ylabel "CIFAR-10 weighted kNN top-1 (%)"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("1" 1, "10" 10, "512" 512, "4096" 4096)
set xrange [0.6597539553864472:6208.37505642659]
set key at screen 0.7661, screen 0.0909 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 2 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "loss nce", \
     NaN with linespoints lw 1.5 dt 2 pt 4 ps 1.1 lc rgb "#000000" title "kNN (paper)"
unset multiplot
set output
