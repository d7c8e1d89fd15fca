set terminal pngcairo size 1100,650 font ",10"
set output "overhead.png"
set termoption noenhanced
set bmargin 5
set title "Syscall-entry overhead over baseline: bitmap mode vs seccomp-bpf (libseccomp, bpf_jit_enable=absent)\nkernel 6.1.192+, accel tcg, qemu -icount shift=0 (1 vns = 1 instruction), 2026-12-05"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "overhead per syscall (virtual ns = instructions)"
set grid ytics
set key top left
set yrange [0:*]
plot "overhead.dat" using 2:xtic(1) title "bitmap", "" using 3 title "bpf"
