#!/bin/sh
# bench/guest.sh: runs in the guest (staged as /kselftest/run_kselftest.sh).
# Arguments go to bench; SB_SAMPLES (first argument "sb=N") sets the upstream
# seccomp_benchmark's sample count (sb=0: not run). Output: bench's TSV lines,
# then the upstream benchmark's lines prefixed "sb<TAB>".
cd /kselftest || exit 1
sb=100000
case $1 in sb=*) sb=${1#sb=}; shift ;; esac
cs=/sys/devices/system/clocksource/clocksource0
printf 'info\tclocksource\t%s\n' "$(cat $cs/current_clocksource 2>/dev/null)"
printf 'info\tbpf_jit_enable\t%s\n' "$(cat /proc/sys/net/core/bpf_jit_enable 2>/dev/null || echo absent)"
printf 'info\tcmdline\t%s\n' "$(cat /proc/cmdline)"
printf 'info\tguest_cpus\t%s\n' "$(nproc)"
printf 'info\taudit_enabled\t%s\n' "$(grep -o 'audit=[0-9]' /proc/cmdline || echo 'no audit= (default off, no auditd)')"
# the Debian packages of the macro rows' programs and of libseccomp (staged by
# the Makefile)
[ -f host-versions ] && while read -r pkg ver; do
    printf 'info\tpkg_%s\t%s\n' "$pkg" "$ver"
done < host-versions
rc=0
./bench -d ./containers-seccomp.json -t ./true "$@" || rc=1
# the upstream benchmark judges its own expectations: its status is recorded,
# not the verdict (under TCG its timing heuristics may disagree)
if [ "$sb" != 0 ]; then
    ./seccomp_benchmark "$sb" > /tmp/sb.out 2>&1
    st=$?
    sed 's/^/sb\t/' /tmp/sb.out
    printf 'info\tseccomp_benchmark_status\t%s\n' "$st"
fi
exit $rc
