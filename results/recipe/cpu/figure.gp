# Written by contra report; render with: gnuplot <this file>
set terminal pngcairo size 560,444 noenhanced font "sans,10"
set output "figure.png"
set multiplot title "The cpu preset's recipe, on the validation split"
reset
set grid
set lmargin at screen 0.1107
set rmargin at screen 0.8339
set bmargin at screen 0.1171
set tmargin at screen 0.8604
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "recipe"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
unset key
set label 100 "raw pixels\n(linear)" at graph 1, first 84.82 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 81.81 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 75.31 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 70.27000000000001 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 91.425 offset 1,2.237632736266338 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 90.98 offset 1,0.5 left tc rgb "#707070"
plot 84.82 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     81.81 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     75.31 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     70.27000000000001 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     91.425 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     90.98 with lines lc rgb "#707070" lw 1.5 dt 2 notitle
unset multiplot
set terminal svg size 560,444 noenhanced font "sans,10"
set output "figure.svg"
set multiplot title "The cpu preset's recipe, on the validation split"
reset
set grid
set lmargin at screen 0.1107
set rmargin at screen 0.8339
set bmargin at screen 0.1171
set tmargin at screen 0.8604
set title "measured (mean ± std over seeds): fashion-mnist, preset cpu"
set xlabel "recipe"
set ylabel "top-1 (%), final epoch"
set autoscale fix
set offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06
unset key
set label 100 "raw pixels\n(linear)" at graph 1, first 84.82 offset 1,0.5 left tc rgb "#707070"
set label 101 "raw pixels\n(kNN)" at graph 1, first 81.81 offset 1,0.5 left tc rgb "#707070"
set label 102 "random init\n(linear)" at graph 1, first 75.31 offset 1,0.5 left tc rgb "#707070"
set label 103 "random init\n(kNN)" at graph 1, first 70.27000000000001 offset 1,0.5 left tc rgb "#707070"
set label 104 "supervised\n(linear)" at graph 1, first 91.425 offset 1,2.237632736266338 left tc rgb "#707070"
set label 105 "supervised\n(kNN)" at graph 1, first 90.98 offset 1,0.5 left tc rgb "#707070"
plot 84.82 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     81.81 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     75.31 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     70.27000000000001 with lines lc rgb "#707070" lw 1.5 dt 2 notitle, \
     91.425 with lines lc rgb "#707070" lw 1.5 dt 1 notitle, \
     90.98 with lines lc rgb "#707070" lw 1.5 dt 2 notitle
unset multiplot
set output
