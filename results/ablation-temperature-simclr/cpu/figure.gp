# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0.05 82.89 0.4330127018922193
0.1 83.05 0.8793179174792269
0.5 82.79 0.5311308689955739
1 82.79 0.7171471257698823
EOD
$p0s1 << EOD
0.05 77.16666666666667 0.8450641001328405
0.1 78.32333333333334 0.9302866941611748
0.5 77.83666666666666 0.3172275734127354
1 76.87666666666667 0.14571661996262875
EOD
$p0s2 << EOD
10 82.16000000000001 0.245560583156175
100 79.08666666666666 0.8069902932088717
EOD
$p0s3 << EOD
10 75.29 0.7049113419430851
100 68.38333333333334 2.085241792534702
EOD
$p1s0 << EOD
0.05 59.7 0
0.1 64.4 0
0.5 60.7 0
1 58 0
EOD
$p1s1 << EOD
10 57.2 0
100 57 0
EOD
set terminal pngcairo size 1120,490 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "SimCLR temperature τ with and without ℓ2 normalisation (SimCLR Table 5). claims (rule 2): C1 not testable, C2 not testable, C3 contradicted"
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
set logscale x
set xtics ("0.05" 0.05, "0.1" 0.1, "0.5" 0.5, "1" 1, "10" 10, "100" 100)
set xrange [0.03419152760229172:146.23505735569623]
set key at screen 0.2357, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.39999999999999 offset 1,0.6642338850430534 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.9 offset 1,0.8294615279561306 left tc rgb "#707070"
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
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.39999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.9 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "ℓ2 norm true", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "ℓ2 norm false", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9777
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "paper (cited): Table 5, NT-Xent with and without l2 normalisation"
set xlabel "τ"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("0.05" 0.05, "0.1" 0.1, "0.5" 0.5, "1" 1, "10" 10, "100" 100)
set xrange [0.03419152760229172:146.23505735569623]
set key at screen 0.7661, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "ℓ2 norm true", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "ℓ2 norm false", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set terminal svg size 1120,490 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "SimCLR temperature τ with and without ℓ2 normalisation (SimCLR Table 5). claims (rule 2): C1 not testable, C2 not testable, C3 contradicted"
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
set logscale x
set xtics ("0.05" 0.05, "0.1" 0.1, "0.5" 0.5, "1" 1, "10" 10, "100" 100)
set xrange [0.03419152760229172:146.23505735569623]
set key at screen 0.2357, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.39999999999999 offset 1,0.6642338850430534 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 83.9 offset 1,0.8294615279561306 left tc rgb "#707070"
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
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.39999999999999 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     83.9 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "ℓ2 norm true", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "ℓ2 norm false", \
     NaN with linespoints lw 2 dt 1 pt 7 ps 0.9 lc rgb "#000000" title "linear probe", \
     NaN with linespoints lw 2 dt 2 pt 7 ps 0.9 lc rgb "#000000" title "kNN"
reset
set grid
set lmargin at screen 0.5554
set rmargin at screen 0.9777
set bmargin at screen 0.2000
set tmargin at screen 0.8735
set title "paper (cited): Table 5, NT-Xent with and without l2 normalisation"
set xlabel "τ"
set ylabel "ImageNet-1k linear top-1 (%), ResNet-50"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
set logscale x
set xtics ("0.05" 0.05, "0.1" 0.1, "0.5" 0.5, "1" 1, "10" 10, "100" 100)
set xrange [0.03419152760229172:146.23505735569623]
set key at screen 0.7661, screen 0.0939 center top vertical maxrows 2 reverse Left samplen 4 spacing 1.1 width 1 nobox
plot $p1s0 using 1:2 with linespoints lc rgb "#D55E00" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     $p1s1 using 1:2 with linespoints lc rgb "#0072B2" lw 1.5 dt 1 pt 4 ps 1.1 notitle, \
     NaN with boxes fs solid 1.0 noborder lc rgb "#D55E00" title "ℓ2 norm true", \
     NaN with boxes fs solid 1.0 noborder lc rgb "#0072B2" title "ℓ2 norm false", \
     NaN with linespoints lw 1.5 dt 1 pt 4 ps 1.1 lc rgb "#000000" title "linear probe (paper)"
unset multiplot
set output
