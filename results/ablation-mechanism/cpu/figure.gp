# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
8 83.30666666666667 0.4235957192103513
16 83.69 0.5892367945062484
EOD
$p0s1 << EOD
8 79.05666666666667 0.2150193789715955
16 79.24333333333334 0.06110100926607966
EOD
$p0s2 << EOD
8 75.95666666666666 1.1088883322198553
16 74.06666666666668 2.159868823177311
64 72.65333333333334 3.2074028953864415
256 73.43666666666667 1.2870249932823046
1024 73.48666666666666 1.4936643978261364
EOD
$p0s3 << EOD
8 63.04666666666666 2.3547894456476017
16 59.75 3.436902675375025
64 57.28 2.262719602602142
256 59.166666666666664 2.812140347374816
1024 59.23333333333334 3.7248534646792937
EOD
$p0s4 << EOD
8 80.38333333333334 0.8015817695864448
16 80.92 0.5220153254455353
64 82.70333333333333 0.16072751268321192
256 83.16333333333334 0.20132891827388893
1024 83.13333333333333 0.29737742572921705
EOD
$p0s5 << EOD
8 73.37333333333333 0.7997708005005812
16 74.91333333333333 0.8892881047969351
64 77.84666666666668 0.3901709027251183
256 78.62666666666667 0.2950141239556709
1024 78.14666666666666 0.4225320500664169
EOD
$p1s0 << EOD
256 54.9 0
512 56.3 0
1024 57.3 0
EOD
$p1s1 << EOD
256 50 0
512 52 0
1024 54.1 0
4096 56.5 0
16384 57.8 0
65536 58 0
EOD
$p1s2 << EOD
256 54.7 0
512 56.4 0
1024 57.5 0
4096 59 0
16384 60.4 0
65536 60.6 0
EOD
set terminal pngcairo size 1120,523 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "Three sources of negatives (MoCo v1 Fig. 3). claims (rule 2): C1 not testable, C2 not testable, C3 not testable, C4 not testable, C5 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "K"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("8" 8, "16" 16, "64" 64, "256" 256, "1024" 1024)
set xrange [6.276672783174005:1305.1500823749245]
set key at screen 0.2357, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,1.1758895815931627 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66000000000001 offset 1,2.678981479231595 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,1.5239349052067332 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s4 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s4 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p0s5 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s5 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.66000000000001 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "paper (cited): Fig. 3, negatives = K (memory\nbank, MoCo), K - 1 (end-to-end, batch = K)"
set xlabel "K"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "512" 512, "1024" 1024, "4096" 4096, "16384" 16384, "65536" 65536)
set xrange [194.01172051333097:86475.2704404124]
set key at screen 0.7732, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#009E73" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set terminal svg size 1120,523 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "Three sources of negatives (MoCo v1 Fig. 3). claims (rule 2): C1 not testable, C2 not testable, C3 not testable, C4 not testable, C5 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "K"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("8" 8, "16" 16, "64" 64, "256" 256, "1024" 1024)
set xrange [6.276672783174005:1305.1500823749245]
set key at screen 0.2357, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,1.1758895815931627 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66000000000001 offset 1,2.678981479231595 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,1.5239349052067332 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s4 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s4 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p0s5 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s5 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.66000000000001 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.2199
set tmargin at screen 0.8509
set title "paper (cited): Fig. 3, negatives = K (memory\nbank, MoCo), K - 1 (end-to-end, batch = K)"
set xlabel "K"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "512" 512, "1024" 1024, "4096" 4096, "16384" 16384, "65536" 65536)
set xrange [194.01172051333097:86475.2704404124]
set key at screen 0.7732, screen 0.1205 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#009E73" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set output
