# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0.07 82.595 0.1767766952966369
0.1 82.91499999999999 0.47376154339498805
0.2 82.975 0.27577164466275395
0.3 82.5 0.7919595949289364
0.4 81.765 0.8838834764831844
0.5 81.54499999999999 0.07778174593051983
EOD
$p0s1 << EOD
0.07 78.495 0.5444722215136388
0.1 78.05 0.45254833995938076
0.2 77.715 0.13435028842544242
0.3 76.815 0.4596194077712498
0.4 75.715 0.7000357133746784
0.5 75.05000000000001 0.3959797974644582
EOD
$p0s2 << EOD
0.07 81.955 0.84145706961199
0.1 82.265 0.02121320343559723
0.2 82.38499999999999 0.007071067811869092
0.3 81.615 0.19091883092037507
0.4 81.035 0.28991378028648207
0.5 80.89500000000001 0.6010407640085714
EOD
$p0s3 << EOD
0.07 74.165 2.722361107568204
0.1 76.7 0.04242640687119446
0.2 76.565 0.5020458146424543
0.3 75.875 0.02121320343559723
0.4 75.005 0.38890872965260914
0.5 74.61 0.6222539674441586
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
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set title "paper (cited): Sec. 2, MLP head paragraph"
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
set label 100 "random init\n(kNN)" at graph 1, first 66.895 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     66.895 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
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
set title "paper (cited): Sec. 2, MLP head paragraph"
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
