#!/bin/bash
# revmem-poc/int_prog_sim/all.sh F61 F612: the runs REVIEWS reports
# (F61/F612: trace_events_filter.c of the 6.1 and 6.12 trees with the
# patch, e.g. git -C build/linux show 9bc750dfa:kernel/trace/
# trace_events_filter.c > f61.c).  Each line "ok: ..." or a failure.
cd "$(dirname "$0")"
for F in "$@"; do
echo "== $F"
for s in 11 12 13; do ./run $F 20000 $s 0; done
for s in 21 22; do HASH=search ./run $F 20000 $s 0; done
./run $F 5000 31 1
HASH=search ./run $F 5000 32 1
./run $F 1500 41 2
HASH=search ./run $F 1500 42 2
done 2>&1 | grep -v "^    #"
