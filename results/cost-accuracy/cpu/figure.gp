# Written by contra report; render with: gnuplot <this file>
$p0s0 << EOD
397.90234375 78.495 0
399.328125 78.055 0
493.5859375 77.65 0
EOD
$p0s1 << EOD
410.453125 60.379999999999995 0
433.828125 61.415000000000006 0
556.1875 61.26 0
EOD
$p0s2 << EOD
461.453125 77.945 0
645.38671875 76.485 0
957.625 74.64500000000001 0
EOD
$p0s3 << EOD
532.61328125 75.285 0
875.91015625 74.255 0
1420.765625 69.81 0
EOD
$p1s0 << EOD
57.723053156999995 78.495 0
60.21854325250001 78.055 0
80.327295664 77.65 0
EOD
$p1s1 << EOD
73.6754380645 60.379999999999995 0
58.653353869000014 61.415000000000006 0
72.94744392600005 61.26 0
EOD
$p1s2 << EOD
79.18099977949993 77.945 0
81.05613548299999 76.485 0
80.432129229 74.64500000000001 0
EOD
$p1s3 << EOD
88.26652059250003 75.285 0
91.28593754449999 74.255 0
93.30747599550001 69.81 0
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
