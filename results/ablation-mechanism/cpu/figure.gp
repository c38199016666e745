# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
256 73.98 1.131370849898472
1024 74.725 0.38890872965259915
EOD
$p0s1 << EOD
256 60.254999999999995 0.7990306627407955
1024 60.379999999999995 6.038691911333105
EOD
$p0s2 << EOD
256 82.89 0.098994949366107
1024 83.11 0.15556349186103965
EOD
$p0s3 << EOD
256 78.17500000000001 0.47376154339498805
1024 78.495 0.26162950903902576
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
set terminal pngcairo size 1120,490 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "Three sources of negatives (MoCo v1 Fig. 3)"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "K"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "1024" 1024)
set xrange [238.8564458334227:1097.4960256371642]
set key at screen 0.2357, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2291348845414731 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66333333333334 offset 1,2.7652692382962307 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,1.5917364802618543 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.66333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "paper (cited): Fig. 3"
set xlabel "K"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "512" 512, "1024" 1024, "4096" 4096, "16384" 16384, "65536" 65536)
set xrange [194.01172051333097:86475.2704404124]
set key at screen 0.7732, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#009E73" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set terminal svg size 1120,490 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "Three sources of negatives (MoCo v1 Fig. 3)"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "K"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "1024" 1024)
set xrange [238.8564458334227:1097.4960256371642]
set key at screen 0.2357, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.89999999999999 offset 1,1.2291348845414731 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.92999999999999 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.66333333333334 offset 1,2.7652692382962307 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.99333333333333 offset 1,1.5917364802618543 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#009E73" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#009E73" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#009E73" lw 2 dt 2 notitle, \
     81.89999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.92999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.66333333333334 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     84.99333333333333 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5696
set rmargin at screen 0.9777
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "paper (cited): Fig. 3"
set xlabel "K"
set ylabel "ImageNet-1k linear top-1\n(%), ResNet-50, 200 epochs"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "512" 512, "1024" 1024, "4096" 4096, "16384" 16384, "65536" 65536)
set xrange [194.01172051333097:86475.2704404124]
set key at screen 0.7732, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#009E73" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "mechanism end_to_end", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "mechanism memory_bank", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "mechanism moco", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set output
