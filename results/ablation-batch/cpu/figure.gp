# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
256 80.77666666666669 0.135030860670199
512 79.67333333333333 0.5960145412096365
1024 79.01333333333332 0.7081195755896963
2048 76.18666666666667 0.8471324178269527
EOD
$p0s1 << EOD
256 73.25666666666666 0.5853488988059437
512 71.39666666666666 2.1723336146488528
1024 69.59333333333333 2.8443335481854626
2048 63.23000000000001 2.833425488697386
EOD
$p0s2 << EOD
256 81.11999999999999 0.24269322199022875
512 80.50333333333333 0.36855573979160283
1024 80.09666666666668 0.4969238707622455
2048 76.94666666666667 1.030404451336135
EOD
$p0s3 << EOD
256 74.96 0.04358898943540784
512 72.89999999999999 0.6668583057891732
1024 70.89 2.93040952769404
2048 65.86333333333333 3.6045711719056595
EOD
$p0s4 << EOD
256 82.25999999999999 0.37999999999999734
512 81.06333333333333 0.5472050194701576
1024 80.38666666666667 0.20502032419575533
2048 76.65000000000002 0.675055553269503
EOD
$p0s5 << EOD
256 76.78999999999999 0.4073082370883289
512 74.61666666666667 1.2251666553303346
1024 72.66666666666667 1.7464917215186992
2048 67.98 3.1325229448481244
EOD
$p1s0 << EOD
256 57.5 0
512 60.7 0
1024 62.8 0
2048 64 0
4096 64.6 0
8192 64.8 0
EOD
$p1s1 << EOD
256 61.9 0
512 64 0
1024 65.3 0
2048 66.1 0
4096 66.5 0
8192 66.6 0
EOD
$p1s2 << EOD
256 64.7 0
512 66.2 0
1024 67.2 0
2048 68.1 0
4096 68.2 0
8192 67.8 0
EOD
$p1s3 << EOD
256 66.6 0
512 67.8 0
1024 68.5 0
2048 68.9 0
4096 68.9 0
8192 69 0
EOD
set terminal pngcairo size 1120,539 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "SimCLR batch size x epochs (SimCLR Fig. 9 / Table B.1). claims (rule 2): C1 not testable, C2 not testable, C3 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2134
set tmargin at screen 0.8256
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "batch"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "512" 512, "1024" 1024, "2048" 2048)
set xrange [230.72011842837253:2272.3982787949467]
set key at screen 0.2357, screen 0.1169 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.7886513650989144 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.36666666666667 offset 1,2.5115209813260577 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 82.06 offset 1,2.825152635706086 left tc rgb "#707070"
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
     85.36666666666667 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     82.06 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "epochs 1", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "epochs 2", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "epochs 4", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9777
set bmargin at screen 0.2134
set tmargin at screen 0.8256
set title "paper (cited): Fig. 9 / Table B.1, rows: batch size; columns:\n100, 200, 400, 800 epochs; linear lr scaling (top1, the values\nshown; top1_sqrt_lr holds those of square-root scaling)"
set xlabel "batch"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192)
set xrange [215.26948230495094:9741.98468610229]
set key at screen 0.7661, screen 0.1169 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#CC79A7" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#E69F00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#56B4E9" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s3 using 1:2 with linespoints lc rgb "#882255" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "epochs 100", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#E69F00" title "epochs 200", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#56B4E9" title "epochs 400", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#882255" title "epochs 800", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set terminal svg size 1120,539 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "SimCLR batch size x epochs (SimCLR Fig. 9 / Table B.1). claims (rule 2): C1 not testable, C2 not testable, C3 not testable"
reset
set grid
set lmargin at screen 0.0554
set rmargin at screen 0.4170
set bmargin at screen 0.2134
set tmargin at screen 0.8256
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "batch"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "512" 512, "1024" 1024, "2048" 2048)
set xrange [230.72011842837253:2272.3982787949467]
set key at screen 0.2357, screen 0.1169 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.7886513650989144 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 85.36666666666667 offset 1,2.5115209813260577 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 82.06 offset 1,2.825152635706086 left tc rgb "#707070"
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
     85.36666666666667 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     82.06 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "epochs 1", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "epochs 2", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#009E73" title "epochs 4", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9777
set bmargin at screen 0.2134
set tmargin at screen 0.8256
set title "paper (cited): Fig. 9 / Table B.1, rows: batch size; columns:\n100, 200, 400, 800 epochs; linear lr scaling (top1, the values\nshown; top1_sqrt_lr holds those of square-root scaling)"
set xlabel "batch"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("256" 256, "512" 512, "1024" 1024, "2048" 2048, "4096" 4096, "8192" 8192)
set xrange [215.26948230495094:9741.98468610229]
set key at screen 0.7661, screen 0.1169 center top vertical maxrows 3 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#CC79A7" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#E69F00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s2 using 1:2 with linespoints lc rgb "#56B4E9" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s3 using 1:2 with linespoints lc rgb "#882255" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#CC79A7" title "epochs 100", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#E69F00" title "epochs 200", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#56B4E9" title "epochs 400", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#882255" title "epochs 800", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set output
