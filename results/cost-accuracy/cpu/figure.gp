# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
377.18359375 78.475 0
451.3046875 77.975 0
526.87109375 77.76499999999999 0
EOD
$p0s1 << EOD
470.18359375 61.91 0
475.2421875 60.45 0
647.96875 61.129999999999995 0
EOD
$p0s2 << EOD
468.77734375 78.16999999999999 0
652.66015625 75.655 0
1200.3203125 74.34 0
EOD
$p0s3 << EOD
603.61328125 75.39 0
698.03515625 74.355 0
1492.76171875 70.265 0
EOD
$p1s0 << EOD
68.73468606650002 78.475 0
69.15797205749999 77.975 0
81.97209821950003 77.76499999999999 0
EOD
$p1s1 << EOD
65.1665907325 61.91 0
72.90317437799999 60.45 0
83.07250346349998 61.129999999999995 0
EOD
$p1s2 << EOD
98.798922234 78.16999999999999 0
102.686588191 75.655 0
97.837278391 74.34 0
EOD
$p1s3 << EOD
99.36794982250004 75.39 0
96.4964637125 74.355 0
100.47209676600002 70.265 0
EOD
set terminal pngcairo size 1120,480 noenhanced font "sans,10"
set output "figure.png"
set multiplot layout 1,2 title "Cost against accuracy across mechanisms (beside MoCo v2 Table 3)"
reset
set grid
set key bottom right
set bmargin 4
set title "accuracy against peak memory, preset cpu"
set xlabel "peak memory (MiB)"
set ylabel "kNN top-1 (%), final epoch"
plot $p0s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "moco", \
     $p0s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "memory_bank", \
     $p0s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "end_to_end", \
     $p0s3 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "simclr"
reset
set grid
set key bottom right
set bmargin 4
set title "accuracy against train time, preset cpu"
set xlabel "train time per run (s)"
set ylabel "kNN top-1 (%), final epoch"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "moco", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "memory_bank", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "end_to_end", \
     $p1s3 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "simclr"
unset multiplot
set terminal svg size 1120,480 noenhanced font "sans,10"
set output "figure.svg"
set multiplot layout 1,2 title "Cost against accuracy across mechanisms (beside MoCo v2 Table 3)"
reset
set grid
set key bottom right
set bmargin 4
set title "accuracy against peak memory, preset cpu"
set xlabel "peak memory (MiB)"
set ylabel "kNN top-1 (%), final epoch"
plot $p0s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "moco", \
     $p0s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "memory_bank", \
     $p0s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "end_to_end", \
     $p0s3 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "simclr"
reset
set grid
set key bottom right
set bmargin 4
set title "accuracy against train time, preset cpu"
set xlabel "train time per run (s)"
set ylabel "kNN top-1 (%), final epoch"
plot $p1s0 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "moco", \
     $p1s1 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "memory_bank", \
     $p1s2 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "end_to_end", \
     $p1s3 using 1:2 with linespoints lw 2 pt 7 ps 1.2 dt 1 title "simclr"
unset multiplot
set output
