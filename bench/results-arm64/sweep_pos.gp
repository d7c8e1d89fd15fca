set terminal pngcairo size 1100,650 font ",10"
set output "sweep_pos.png"
set termoption noenhanced
set bmargin 5
set title "Position of the checked syscall (personality) among the policy's argument rules, every syscall allowed\nkernel 6.1.192+, accel tcg, qemu -icount shift=0 (1 vns = 1 instruction), 2026-12-05"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "virtual ns per syscall (= instructions)"
set grid ytics
set key top left
set yrange [0:*]
plot "sweep_pos.dat" using 2:xtic(1) title "bitmap", "" using 3 title "bpf"
