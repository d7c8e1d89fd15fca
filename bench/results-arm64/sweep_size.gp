set terminal pngcairo size 1100,650 font ",10"
set output "sweep_size.png"
set termoption noenhanced
set bmargin 5
set title "Policy size sweep: cost per syscall (getppid: plain allowed; close(-8): argument-checked)\nkernel 6.1.192+, accel tcg, qemu -icount shift=0 (1 vns = 1 instruction), 2026-12-05"
set logscale x 2
set xlabel "allowed syscalls in the policy"
set ylabel "virtual ns per syscall (= instructions)"
set grid
set key top left
set yrange [0:*]
set datafile missing "n/a"
plot "sweep_size.dat" using 1:2 with linespoints title "bitmap getppid", \
     "" using 1:3 with linespoints title "bpf getppid", \
     "" using 1:4 with linespoints title "bitmap close (filter)", \
     "" using 1:5 with linespoints title "bpf close (rule)"
