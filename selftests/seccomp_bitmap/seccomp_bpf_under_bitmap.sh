#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Upstream's seccomp_bpf, run whole under a bitmap that allows every
# native and every ia32 syscall (bitmap_run_under, action ERRNO(ENOSYS)):
# a bitmap that denies nothing a table has must change nothing of what
# seccomp-bpf does.  TAP output, one result per upstream test.
#
# The 6.1 kselftest_harness.h has no options to leave tests out (no -t,
# -T, -f, -F, -v or -V: test_harness_run() ignores its arguments), so the
# whole suite runs and its results are compared, test by test, with the
# list of by-design exclusions below:
#   * an excluded test that fails is reported as SKIP, with its reason,
#     never as a pass;
#   * an excluded test that passes fails this script (the exclusion or
#     the kernel is wrong);
#   * any other failure fails it; upstream's own skips stay skips;
#   * so do fewer results than upstream's plan, or no results at all.
# Before the suite, one check that the launcher really confines (Seccomp
# 3 and NoNewPrivs 0 in /proc/self/status of a program it runs).
#
# seccomp_bpf is found where kselftest installs collections, side by
# side: ../seccomp/seccomp_bpf next to this script.
cd "$(dirname "$0")" || exit 1
HERE=$PWD
RUN=$HERE/bitmap_run_under
BPF=$HERE/../seccomp/seccomp_bpf
KSFT_SKIP=4

# By-design exclusions: "NAME|REASON", NAME as the harness prints it.
EXCLUDED='global.mode_strict_support|strict mode and bitmap mode exclude each other (EINVAL, seccomp_bitmap.rst "Errors")
global.mode_strict_cannot_call_prctl|strict mode and bitmap mode exclude each other (EINVAL, seccomp_bitmap.rst "Errors")
global.mode_filter_get_seccomp|PR_GET_SECCOMP reports 3 (SECCOMP_MODE_BITMAP), the task'"'"'s mode, under a bitmap, not 2
global.get_metadata|the tracer is itself confined: EACCES, as for any seccomp-confined tracer'

if [ ! -e /proc/self/seccomp_bitmap ]; then
	echo "1..0 # SKIP kernel without CONFIG_SECCOMP_BITMAP (no /proc/self/seccomp_bitmap)"
	exit $KSFT_SKIP
fi
# /proc/PID/status has Seccomp_filters: only with CONFIG_SECCOMP_FILTER
if ! grep -q '^Seccomp_filters:' /proc/self/status; then
	echo "1..0 # SKIP kernel without seccomp-bpf (CONFIG_SECCOMP_FILTER): seccomp_bpf cannot run"
	exit $KSFT_SKIP
fi
if [ ! -x "$BPF" ]; then
	echo "1..0 # SKIP $BPF not installed (the seccomp collection, beside this one)"
	exit $KSFT_SKIP
fi
if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP not root: bitmap_run_under needs CAP_SYS_ADMIN (no no_new_privs)"
	exit $KSFT_SKIP
fi

T=$(mktemp -d /tmp/seccomp_bpf_under_bitmap.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT

# 1. the launcher confines, without no_new_privs
"$RUN" -- cat /proc/self/status > "$T/status" 2> "$T/status.err"
launch_rc=$?

# 2. the suite
echo "# running: $RUN -- $BPF"
"$RUN" -- "$BPF" > "$T/out" 2>&1
bpf_rc=$?

EXCLUDED=$EXCLUDED awk -v launch_rc="$launch_rc" -v bpf_rc="$bpf_rc" \
	-v status_file="$T/status" -v status_err="$T/status.err" '
function out(line) { res[++nres] = line }
BEGIN {
	nex = split(ENVIRON["EXCLUDED"], lines, "\n")
	for (i = 1; i <= nex; i++) {
		p = index(lines[i], "|")
		exname[i] = substr(lines[i], 1, p - 1)
		reason[exname[i]] = substr(lines[i], p + 1)
	}
	seccomp = ""; nnp = ""
	while ((getline l < status_file) > 0) {
		if (l ~ /^Seccomp:/) { sub(/^Seccomp:[ \t]*/, "", l); seccomp = l }
		if (l ~ /^NoNewPrivs:/) { sub(/^NoNewPrivs:[ \t]*/, "", l); nnp = l }
	}
	plan = -1; cur = ""; n = 0
}
{
	print "# seccomp_bpf: " $0
}
/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0; next }
/^# +RUN +/ {
	cur = $0
	sub(/^# +RUN +/, "", cur)
	sub(/ \.\.\.$/, "", cur)
	next
}
/^(not )?ok [0-9]+/ {
	n++
	line = $0
	if (line ~ /^ok [0-9]+ # SKIP/) {
		st = "skip"; why = line; sub(/^ok [0-9]+ # SKIP ?/, "", why)
	} else if (line ~ /^ok /) {
		st = "pass"
	} else {
		st = "fail"
	}
	name[n] = cur; state[n] = st; skipwhy[n] = why
	seen[cur] = 1
	cur = ""
	next
}
END {
	bad = 0
	# result 1: the launcher
	if (launch_rc == 0 && seccomp == "3" && nnp == "0") {
		out("ok 1 bitmap_run_under confines: Seccomp 3, NoNewPrivs 0")
	} else {
		while ((getline l < status_err) > 0) out("# launcher: " l)
		out("not ok 1 bitmap_run_under confines: exit " launch_rc ", Seccomp \"" seccomp "\", NoNewPrivs \"" nnp "\" (want 3 and 0)")
		bad++
	}
	# result 2: the suite ran to its end
	if (plan > 0 && n == plan) {
		out("ok 2 seccomp_bpf reported all " plan " planned results (exit " bpf_rc ")")
	} else {
		out("not ok 2 seccomp_bpf reported " n " results of a plan of " plan " (exit " bpf_rc ")")
		bad++
	}
	k = 2
	for (i = 1; i <= n; i++) {
		k++
		nm = name[i] == "" ? "(unnamed result " i ")" : name[i]
		if (nm in reason) {
			if (state[i] == "fail") {
				out("ok " k " " nm " # SKIP excluded by design: " reason[nm] " (it failed, as expected under a bitmap)")
			} else if (state[i] == "skip") {
				out("ok " k " " nm " # SKIP excluded by design: " reason[nm] " (upstream skipped it: " skipwhy[i] ")")
			} else {
				out("not ok " k " " nm " excluded by design (" reason[nm] ") but it passed: fix the exclusion list or the kernel")
				bad++
			}
		} else if (state[i] == "pass") {
			out("ok " k " " nm)
		} else if (state[i] == "skip") {
			out("ok " k " " nm " # SKIP " skipwhy[i])
		} else {
			out("not ok " k " " nm " (fails under a bitmap that allows every syscall)")
			bad++
		}
	}
	# an exclusion upstream no longer has is a stale list
	for (i = 1; i <= nex; i++) {
		if (!(exname[i] in seen)) {
			k++
			out("not ok " k " " exname[i] " is excluded but seccomp_bpf has no such test")
			bad++
		}
	}
	print "1.." k
	for (i = 1; i <= nres; i++)
		print res[i]
	print "# seccomp_bpf under a bitmap: " bad " unexpected result(s)"
	exit (bad ? 1 : 0)
}' "$T/out"
