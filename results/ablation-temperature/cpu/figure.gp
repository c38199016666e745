# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
0.07 83.11666666666666 0.056862407030772784
0.1 83.01 0.23065125189341562
0.2 82.41666666666667 0.34122328955293996
0.3 81.61333333333333 0.38527046776690754
0.4 81.37666666666667 0.4940985056983433
0.5 81.15333333333332 0.657444547725
EOD
$p0s1 << EOD
0.07 77.69 1.0650352106855465
0.1 78.08333333333333 0.7155650447956026
0.2 76.75666666666667 0.5980245256955129
0.3 75.98666666666666 0.5533835318595306
0.4 74.66333333333334 0.6603282012252198
0.5 73.92666666666666 0.9702748751427767
EOD
$p0s2 << EOD
0.07 81.65333333333332 0.8198983676854936
0.1 82.01 0.7422263805605456
0.2 81.50666666666666 0.2722743714221588
0.3 81.04666666666667 0.6530951946947168
0.4 80.75 0.35930488446443176
0.5 80.17666666666666 1.0635005093244334
EOD
$p0s3 << EOD
0.07 75.36666666666667 1.6725529388731881
0.1 76.61 0.7692203845452825
0.2 75.01333333333334 1.2045054310103118
0.3 74.48333333333333 0.9291573243177553
0.4 73.81333333333333 1.3890404361764717
0.5 73.44000000000001 1.0983168941612476
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
set multiplot title "MoCo temperature τ, with and without the MLP head (MoCo v2 §2). claims (rule 2): C1 not testable, C2 not testable, C3 not testable"
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.27333333333331 offset 1,0.7994517756941413 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.33 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.27333333333331 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
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
set multiplot title "MoCo temperature τ, with and without the MLP head (MoCo v2 §2). claims (rule 2): C1 not testable, C2 not testable, C3 not testable"
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
set label 100 "raw pixels\n(linear)" at graph 1, first 81.94 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 79.45 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 74.93333333333332 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 66.67 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 86.27333333333331 offset 1,0.7994517756941413 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 84.33 offset 1,0.5 left tc rgb "#707070"
plot $p0s0 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s0 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 1 notitle, \
     $p0s1 using 1:2:3 with yerrorbars lc rgb "#0072B2" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s1 using 1:2 with lines lc rgb "#0072B2" lw 2 dt 2 notitle, \
     $p0s2 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s2 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 1 notitle, \
     $p0s3 using 1:2:3 with yerrorbars lc rgb "#D55E00" lw 1 dt 1 pt 7 ps 0.9 notitle, \
     $p0s3 using 1:2 with lines lc rgb "#D55E00" lw 2 dt 2 notitle, \
     81.94 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     79.45 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     74.93333333333332 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     66.67 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     86.27333333333331 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
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
