# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
1 59.205 0.657609306503489
10 61.38 3.676955262170049
512 56.974999999999994 1.1667261889578024
4096 57.834999999999994 1.9021172413918164
EOD
$p0s1 << EOD
1 75.11 0.18384776310849593
10 76.36 2.2061731573020316
512 72.81 1.3576450198781624
4096 71.44 1.612203461105329
EOD
$p0s2 << EOD
1 61.58 1.3435028842544392
10 61.81 1.5414927829866734
512 60.155 1.2091525958289968
4096 61.489999999999995 2.8708535316173793
EOD
$p0s3 << EOD
1 76.53 0.9899494936611706
10 76.19 0.46669047558311894
512 73.70500000000001 1.9162593770155394
4096 75.41999999999999 2.729432175380073
EOD
$p1s0 << EOD
1 42.5 0
10 63.4 0
512 78.4 0
4096 80.4 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "Memory bank: NCE against InfoNCE by the number of negatives m (InstDisc Table 1)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set logscale x 2
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "loss nce: kNN", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "loss nce: linear probe", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "loss infonce: kNN", \
     $p0s3 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "loss infonce: linear probe", \
     62.87 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Table 1, NCE rows"
set xlabel "m"
set ylabel "CIFAR-10 weighted kNN top-1 (%)"
set logscale x 2
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "loss nce"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "Memory bank: NCE against InfoNCE by the number of negatives m (InstDisc Table 1)"
reset
set grid
set key top left
set bmargin 4
set title "measured: fashion-mnist, preset cpu"
set xlabel "m"
set ylabel "top-1 (%), final epoch"
set logscale x 2
plot $p0s0 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "loss nce: kNN", \
     $p0s1 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "loss nce: linear probe", \
     $p0s2 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "loss infonce: kNN", \
     $p0s3 using 1:2:3 with yerrorlines lw 2 pt 7 ps 1.2 dt 1 title "loss infonce: linear probe", \
     62.87 with lines lw 2 dt 3 lc rgb "#606060" title "random-init encoder"
reset
set grid
set key top left
set bmargin 4
set title "paper (cited): Table 1, NCE rows"
set xlabel "m"
set ylabel "CIFAR-10 weighted kNN top-1 (%)"
set logscale x 2
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 2 title "loss nce"
unset multiplot
set output
