#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Tests of seccomp-bitmap, the confinement tool of tools/seccomp (the
# Makefile builds it into this directory), with busybox.  TAP output.
#
#  * learn, then run with the learned policy, for sha256sum, gzip and an
#    sh -c pipeline: the same output and status as unconfined;
#  * the learned policy minus any one system call the run made kills it
#    with SIGSYS (the tool exits 128 + 31 = 159);
#  * every refusal: a line that does not parse (FILE:LINE), an unknown
#    name (with the nearest one), an unknown group, a bad action (exit 2,
#    nothing run), a filter or action the kernel refuses (exit 1, naming
#    the entry and the kernel's errno), usage errors (exit 2);
#  * show on a process under a known policy: the exact text;
#  * policy files' action:, deny and compat: entries, convert;
#  * --oci with Debian's containers-common profile: the refusals without
#    --compat=deny and --x32=deny, convert's lines for its hard spots and
#    capabilities, malformed and inexact profiles (exit 2, naming why),
#    run giving what libseccomp gives, run --oci and run --policy of
#    convert's output installing the same state.
#  * what learn writes: by default the operation arguments (an
#    arch_prctl option) and no descriptor, so the policy holds in another directory
#    with other descriptors open and another environment; with --fds the
#    descriptors, so it does not; --no-args names only; a command line
#    of odd bytes (newlines, control bytes, not UTF-8) in the header.
cd "$(dirname "$0")" || exit 1
SB=$PWD/seccomp-bitmap
HELPER=$PWD/bitmap_exec_helper
KSFT_SKIP=4

if [ ! -e /proc/self/seccomp_bitmap ]; then
	echo "1..0 # SKIP kernel without CONFIG_SECCOMP_BITMAP (no /proc/self/seccomp_bitmap)"
	exit $KSFT_SKIP
fi
T=$(mktemp -d /tmp/seccomp_bitmap_tool.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT

# filters need CONFIG_SECCOMP_BITMAP_FILTER: without, learned policies are
# used without their expressions and the expression tests skip
FILTERS=1 EXPR_ERR="Invalid argument"
"$SB" run --allow '@default,execve,read: fd == 12345' -- "$HELPER" getppid 2> "$T/probe"
if [ $? = 1 ] && grep -q "Operation not supported" "$T/probe"; then
	FILTERS=0 EXPR_ERR="Operation not supported"
fi

MACHINE=$(uname -m)
# names and orders of the target's table where tests name them
if [ "$MACHINE" = x86_64 ]; then
	OPEN=open TYPO=opne NEAREST=open ORDER=read,write,close,execve
	NR_WRITE=1 NR_KEXEC_LOAD=246 PROBE1=alarm NR_PROBE1=37
else
	OPEN=openat TYPO=wirte NEAREST=write ORDER=close,read,write,execve
	NR_WRITE=64 NR_KEXEC_LOAD=104 PROBE1=personality NR_PROBE1=92
fi

# per-syscall deny actions need struct seccomp_bitmap version 1: a kernel
# without them refuses every deny entry (or, its uapi grown before its
# code, ignores them), and those tests skip
DENY=0
"$SB" run --allow '@default,execve,deny uname: errno:EXDEV' -- "$HELPER" uname 2> "$T/probe"
[ $? = 18 ] && DENY=1

# filters on the positional argument fields (arg_0..5): what --oci writes
ARGFIELDS=0
"$SB" run --allow "@default,execve,$PROBE1: arg_0 == 5" --action errno:EXDEV -- \
	"$HELPER" syscall $NR_PROBE1 0 2> "$T/probe"
[ $? = 18 ] && ARGFIELDS=1

# Debian's containers-common profile, installed next to this script
PROFILE=$PWD/containers-seccomp.json

n=0
failed=0
echo "1..$(grep -c '^t ' "$0")"

# Tests of x86-64's tables alone, each with its reason; on another
# architecture (arm64) they are skips, the others run on its own tables
X86_ONLY="default_args|arch_prctl's option (x86-64's ARCH_SET_FS)
compat_entries|the ia32 table (int \$0x80)
oci_refused|the profile's x86-64, x32 and ia32 tables
oci_convert|the profile's x86-64, x32 and ia32 tables
oci_bad_profiles|the profile's x86-64, x32 and ia32 tables
oci_run|the profile's x86-64, x32 and ia32 tables
oci_same_state|the profile's x86-64, x32 and ia32 tables"

# t DESCRIPTION FUNCTION [ARG]...: one TAP result; the function's output is
# shown (as TAP comments) only when it fails
t() {
	desc=$1
	shift
	if [ "$MACHINE" != x86_64 ]; then
		why=$(echo "$X86_ONLY" | sed -n "s/^$1|//p")
		if [ -n "$why" ]; then
			n=$((n + 1))
			echo "ok $n $desc # SKIP x86-64 only: $why"
			return
		fi
	fi
	if "$@" > "$T/log" 2>&1; then
		n=$((n + 1))
		echo "ok $n $desc"
	elif [ -f "$T/skip" ]; then
		n=$((n + 1))
		echo "ok $n $desc # SKIP $(cat "$T/skip")"
		rm -f "$T/skip"
	else
		n=$((n + 1))
		failed=$((failed + 1))
		sed 's/^/# /' "$T/log"
		echo "not ok $n $desc"
	fi
}

skip() {
	echo "$*" > "$T/skip"
	return 1
}

need_filters() {
	[ $FILTERS = 1 ] || skip "kernel without CONFIG_SECCOMP_BITMAP_FILTER"
}

need_oci_kernel() {
	[ $DENY = 1 ] || skip "kernel without per-syscall deny actions (struct seccomp_bitmap version 1)" ||
		return 1
	[ $ARGFIELDS = 1 ] || skip "kernel without the positional fields arg_0..arg_5"
}

need_deny() {
	[ $DENY = 1 ] || skip "kernel without per-syscall deny actions (struct seccomp_bitmap version 1)"
}

# sb ARG...: run the tool, keeping its status in $rc
sb() {
	"$SB" "$@" > "$T/out" 2> "$T/err"
	rc=$?
}

expect_rc() {
	[ "$rc" = "$1" ] && return 0
	echo "exit status $rc, expected $1; stderr:"
	cat "$T/err"
	return 1
}

# expect_err TEXT: stderr has this exact text (on one line)
expect_err() {
	grep -qF -- "$1" "$T/err" && return 0
	echo "stderr lacks: $1"
	echo "stderr was:"
	cat "$T/err"
	return 1
}

not_run() {
	[ ! -e "$T/ran" ] && return 0
	echo "the command ran although the policy was refused"
	return 1
}

strip_expressions() {
	sed -i 's/^\([a-z0-9_]*\):[^#]*/\1 /' "$1"
}

# the same standard output, and the same standard error unless a signal
# killed the command (the tool then says so)
same_output() {
	cmp "$T/$1.want" "$T/$1.out" || return 1
	[ "$(cat "$T/$1.status")" -ge 128 ] || cmp "$T/$1.wanterr" "$T/$1.err"
}

# learn NAME CMD...: learn CMD's policy into $T/NAME.policy; the traced
# run must give the same output and status as the unconfined one
learn() {
	name=$1
	shift
	opts=
	[ "$1" = --fds ] && opts=$1 && shift
	"$@" > "$T/$name.want" 2> "$T/$name.wanterr"
	echo $? > "$T/$name.status"
	# shellcheck disable=SC2086 # $opts is one word or none
	"$SB" learn $opts -o "$T/$name.policy" -- "$@" > "$T/$name.out" 2> "$T/$name.err"
	rc=$?
	cat "$T/$name.policy"
	[ $rc = "$(cat "$T/$name.status")" ] || { echo "status $rc"; return 1; }
	same_output "$name" || return 1
	[ $FILTERS = 1 ] || strip_expressions "$T/$name.policy"
}

# confined NAME [RUN OPTION]... -- CMD...: run CMD under $T/NAME.policy;
# the same output and status as unconfined
confined() {
	name=$1
	shift
	[ -f "$T/$name.policy" ] || { echo "no learned policy"; return 1; }
	"$SB" run --policy "$T/$name.policy" "$@" > "$T/$name.out" 2> "$T/$name.err"
	rc=$?
	[ $rc = "$(cat "$T/$name.status")" ] || {
		echo "status $rc, unconfined $(cat "$T/$name.status")"
		cat "$T/$name.err" "$T/$name.policy"
		return 1
	}
	same_output "$name"
}

# the entries of a learned policy are sorted by name, unique, each with a
# "# COUNT" comment
policy_format() {
	grep -v '^#' "$1" > "$T/entries"
	[ -s "$T/entries" ] || { echo "no entries"; return 1; }
	if grep -vE '^[a-z0-9_]+(: [^#]+)? +# [0-9]+' "$T/entries"; then
		echo "^ entries without a count"
		return 1
	fi
	sed 's/[: ].*//' "$T/entries" > "$T/names"
	sort "$T/names" | cmp - "$T/names" || { echo "not sorted"; return 1; }
	sort -u "$T/names" | cmp - "$T/names" || { echo "not unique"; return 1; }
	grep -q '^execve ' "$T/entries" || { echo "no execve"; return 1; }
}

# with --fds: sha256sum writes to fd 1 and reads and closes its file's
# descriptor (the lowest free one: 3 unless the test runner left more open)
sha_narrowed() {
	need_filters || return 1
	cat "$T/shafd.policy"
	grep -q '^write: fd == 1 ' "$T/shafd.policy" || { echo "no write: fd == 1"; return 1; }
	fd=$(sed -n 's/^read: fd == \([0-9]*\) .*/\1/p' "$T/shafd.policy")
	[ -n "$fd" ] && [ "$fd" -ge 3 ] || { echo "no read: fd == N"; return 1; }
	grep -q "^close: fd == $fd " "$T/shafd.policy" || { echo "no close: fd == $fd"; return 1; }
}

# by default no descriptor is learned, the operations are (glibc's
# static start-up: arch_prctl(ARCH_SET_FS)); --no-args: names only
default_args() {
	need_filters || return 1
	for p in sha pipe gzip; do
		if grep -E '(fd|fildes|oldfd) ==' "$T/$p.policy"; then
			echo "^ a descriptor in the default policy $p"
			return 1
		fi
	done
	grep -qE '^arch_prctl: option == 0x1002 +# [0-9]+: ARCH_SET_FS$' "$T/sha.policy" ||
		{ echo "no arch_prctl: option == 0x1002 in sha.policy"; cat "$T/sha.policy"; return 1; }
	"$SB" learn --no-args -o "$T/names.policy" -- sha256sum "$T/data" > "$T/out" || return 1
	if grep -v '^#' "$T/names.policy" | grep ':[^#]*#'; then
		echo "^ an expression with --no-args"
		return 1
	fi
	grep -v '^#' "$T/names.policy" | sed 's/ .*//' > "$T/names.names"
	grep -v '^#' "$T/sha.policy" | sed 's/[: ].*//' > "$T/sha.names"
	cmp "$T/sha.names" "$T/names.names" || { diff "$T/sha.names" "$T/names.names"; return 1; }
}

# elsewhere PROG...: run PROG in another directory, with descriptors 3
# to 7 open (8 and 9 closed) and another environment (the data at
# another relative path): the file PROG opens gets descriptor 8
elsewhere() {
	mkdir -p "$T/elsewhere/sub"
	(cd "$T/elsewhere/sub" && exec env -i PATH="$PATH" HOME=/nonexistent LANG=C.UTF-8 \
		SB_EXTRA=1 "$@" ../../data 3< "$T/data" 4< "$T/data" 5< /dev/null \
		6< /dev/null 7< /dev/null 8<&- 9<&-)
}

# the policy learned by default holds elsewhere: the same output as
# unconfined there; the --fds one does not (its descriptor moved: 4)
default_holds_elsewhere() {
	elsewhere sha256sum > "$T/else.want" 2>&1
	want=$?
	elsewhere "$SB" run --policy "$T/sha.policy" -- sha256sum > "$T/else.out" 2>&1
	rc=$?
	[ $rc = $want ] || { echo "status $rc, unconfined $want"; cat "$T/else.out"; return 1; }
	cmp "$T/else.want" "$T/else.out"
}

fds_policy_breaks_elsewhere() {
	need_filters || return 1
	if grep -q '^read: fd == 8 ' "$T/shafd.policy"; then
		echo "learned with descriptors 3 to 7 open already: cannot move it"
		return 1
	fi
	elsewhere "$SB" run --policy "$T/shafd.policy" -- sha256sum > "$T/else.out" 2>&1
	rc=$?
	[ $rc = 159 ] || { echo "status $rc, expected 159"; cat "$T/else.out"; return 1; }
}

# every entry the run used, removed in turn, kills the run with SIGSYS
minus_each() {
	name=$1
	shift
	grep -v '^#' "$T/$name.policy" | grep -v '# 0:' > "$T/used"
	[ "$(wc -l < "$T/used")" -ge 10 ] || { echo "too few entries"; return 1; }
	bad=0
	while read -r line; do
		grep -vxF -- "$line" "$T/$name.policy" > "$T/minus"
		"$SB" run --policy "$T/minus" -- "$@" > "$T/out" 2> "$T/err"
		rc=$?
		if [ $rc != 159 ] || ! grep -q 'killed by SIGSYS' "$T/err"; then
			echo "without '$line': status $rc, expected 159"
			cat "$T/err"
			bad=1
		fi
	done < "$T/used"
	[ $bad = 0 ]
}

minus_write() {
	grep -v '^write' "$T/sha.policy" > "$T/minus"
	sb run --policy "$T/minus" -- sha256sum "$T/data"
	expect_rc 159 && expect_err "sha256sum: killed by SIGSYS (Bad system call)" &&
		[ ! -s "$T/out" ]
}

minus_pipe2() {
	grep -v '^pipe2' "$T/pipe.policy" > "$T/minus"
	grep -q '^pipe2' "$T/pipe.policy" || { echo "pipe2 not learned"; return 1; }
	sb run --policy "$T/minus" -- sh -c "$PIPELINE" sh "$T/data"
	expect_rc 159 && [ ! -s "$T/out" ]
}

# a filter that is false kills as a clear bit does
expression_enforced() {
	need_filters || return 1
	sed 's/^write: fd == 1 /write: fd == 2 /' "$T/shafd.policy" > "$T/p"
	grep -q '^write: fd == 2 ' "$T/p" || return 1
	sb run --policy "$T/p" -- sha256sum "$T/data"
	expect_rc 159 && [ ! -s "$T/out" ]
}

# errno:NAME: the denied open fails with that errno, the command goes on
action_errno() {
	sed -e '/^openat/d' -e 's/^write:[^#]*/write /' "$T/sha.policy" > "$T/p"
	sb run --action errno:EACCES --policy "$T/p" -- sha256sum "$T/data"
	expect_rc 1 && expect_err "Permission denied" && [ ! -s "$T/out" ]
}

tsync() {
	confined sha --tsync -- sha256sum "$T/data"
}

# refusals: nothing runs, the tool says why and where
refused() { # RC MESSAGE POLICY-TEXT [RUN OPTION]...
	want=$1 msg=$2
	printf '%b' "$3" > "$T/p"
	shift 3
	rm -f "$T/ran"
	sb run --policy "$T/p" "$@" -- touch "$T/ran"
	expect_rc "$want" && expect_err "$msg" && not_run
}

bad_line() {
	refused 2 "$T/p:3: cannot parse 'write fd': expected ':' or the end of the line after 'write'" \
		'# a policy\n@default\nwrite fd\nexecve\n'
}

all_bad_lines() {
	refused 2 "$T/p:4: cannot parse 'read(fd)'" 'execve\n@default\nwrite:\nread(fd)\n' &&
		expect_err "$T/p:3: 'write:' without an expression"
}

unknown_name() {
	refused 2 "$T/p:2: unknown system call 'wirte' (did you mean 'write'?)" \
		'execve\nwirte\n@default\n'
}

unknown_name_allow() {
	rm -f "$T/ran"
	sb run --allow execve,@default,$TYPO -- touch "$T/ran"
	expect_rc 2 && expect_err "--allow: unknown system call '$TYPO' (did you mean '$NEAREST'?)" &&
		not_run
}

bad_group() {
	refused 2 "$T/p:1: unknown group '@file-sytem' (did you mean '@file-system'?)" \
		'@file-sytem\nexecve\n@default\n'
}

bad_action() {
	refused 2 "--action: unknown action 'kill-everything' (kill-process, kill-thread, trap[:N], errno[:N|:NAME], log)" \
		'execve\n@default\n' --action kill-everything &&
		refused 2 "--action errno:ENOTANERRNO: bad data 'ENOTANERRNO'" \
		'execve\n@default\n' --action errno:ENOTANERRNO &&
		refused 2 "--action: unknown action 'log:3'" 'execve\n' --action log:3
}

action_refused() {
	refused 1 "install refused: Invalid argument: the bitmap with action 'errno:5000 (0x00051388)' (--action errno:5000)" \
		'execve\n@default\n' --action errno:5000
}

bad_expression() {
	refused 1 "install refused: $EXPR_ERR: $T/p:3: filter 'fd ==' of write" \
		'execve\n@default\nwrite: fd ==\nread: fd == 0\n' &&
		refused 1 "install refused: $EXPR_ERR: $T/p:2: filter 'nosuchfield == 1' of read" \
		'@default\nread: nosuchfield == 1\nexecve\n'
}

no_policy_file() {
	rm -f "$T/ran"
	sb run --policy "$T/nosuchfile" -- touch "$T/ran"
	expect_rc 2 && expect_err "$T/nosuchfile: No such file or directory" && not_run
}

usage_errors() {
	bad=0
	while read -r args; do
		# shellcheck disable=SC2086 # word splitting intended
		sb $args
		if [ $rc != 2 ] || ! grep -q 'usage: seccomp-bitmap' "$T/err"; then
			echo "'$args': status $rc, expected 2 and the usage"
			cat "$T/err"
			bad=1
		fi
	done <<-EOF

	frobnicate
	run
	run -- true
	run --bogus --allow execve -- true
	run --allow execve --policy
	learn
	learn --bogus -- true
	learn -o
	show
	show abc
	show 1 2
	EOF
	[ $bad = 0 ]
}

not_found() {
	sb run --allow execve,@default -- no-such-command-here
	expect_rc 127 && expect_err "no-such-command-here: command not found" &&
		printf 'x\n' > "$T/noexec" && chmod 644 "$T/noexec" &&
		sb run --allow execve,@default -- "$T/noexec" &&
		expect_rc 126 && expect_err "$T/noexec: Permission denied"
}

# every group of --help can be used, and @default runs a static program
groups() {
	"$SB" --help | sed -n 's/^  \(@[a-z-]*\) .*/\1/p' > "$T/groups"
	[ "$(wc -l < "$T/groups")" -ge 7 ] || { echo "groups missing in --help"; return 1; }
	for g in @basic-io @file-system @process @signal @memory @network-io @default; do
		grep -qx -- "$g" "$T/groups" || { echo "no $g"; return 1; }
	done
	while read -r g; do
		sb run --allow "@default,execve,$g" -- "$HELPER" getppid
		expect_rc 200 || { echo "with $g"; return 1; }
	done < "$T/groups"
}

# show on a process confined by a known policy: the exact text
show_known() {
	printf '# known\nread\nwrite: fd == 1 || fd == 2\nclose\nexecve\n' > "$T/known"
	[ $FILTERS = 1 ] || sed -i 's/^write:.*/write/' "$T/known"
	rm -f "$T/pid"
	"$SB" run --action log --policy "$T/known" -- \
		sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 30' sh "$T/pid" &
	tool=$!
	i=0
	while [ ! -s "$T/pid" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	pid=$(cat "$T/pid")
	sb show "$pid"
	kill "$pid"
	wait $tool
	expect_rc 0 || return 1
	if [ $FILTERS = 1 ]; then
		printf 'native:\t%s\ncompat:\t\naction:\tlog (0x7ffc0000)\nwrite:\tfd == 1 || fd == 2\n' $ORDER > "$T/want"
	else
		printf 'native:\t%s\ncompat:\t\naction:\tlog (0x7ffc0000)\n' $ORDER > "$T/want"
	fi
	cmp "$T/want" "$T/out" || { echo "show printed:"; cat "$T/out"; return 1; }
}

show_unconfined() {
	sleep 30 &
	pid=$!
	sb show $pid
	kill $pid
	expect_rc 1 && expect_err "show: process $pid has no seccomp bitmap" &&
		sb show 999999 && expect_rc 1 && expect_err "show: no process 999999"
}


# "action: ACTION" in the policy file acts as --action does
action_line() {
	sed -e '/^openat/d' -e 's/^write:[^#]*/write /' "$T/sha.policy" > "$T/p"
	echo 'action: errno:EACCES' >> "$T/p"
	sb run --policy "$T/p" -- sha256sum "$T/data"
	expect_rc 1 && expect_err "Permission denied" && [ ! -s "$T/out" ] &&
		sb run --action kill --policy "$T/p" -- sha256sum "$T/data" &&
		expect_rc 159
}

# the deny syntax: every bad line reported, nothing run
deny_syntax() {
	refused 2 "$T/p:3: cannot parse 'deny write errno': expected 'deny [compat:]NAME: ACTION'" \
		"execve\n@default\ndeny write errno\ndeny wirte: errno\ndeny compat:raed: log\ndeny read:\ndeny $OPEN: errno:ENOSUCH\ndeny $OPEN: bogus\ncompat:read: fd == 1\naction: log\naction: kill\ndeny close: log\ndeny close: trap\n" &&
		expect_err "$T/p:4: unknown system call 'wirte' (did you mean 'write'?)" &&
		expect_err "$T/p:5: unknown ia32 system call 'compat:raed' (did you mean 'compat:read'?)" &&
		expect_err "$T/p:6: 'deny read:' without an action" &&
		expect_err "$T/p:7: action errno:ENOSUCH: bad data 'ENOSUCH'" &&
		expect_err "$T/p:8: action: unknown action 'bogus'" &&
		expect_err "$T/p:9: 'compat:read:': filter expressions exist only for native system calls" &&
		expect_err "$T/p:11: a second, different action (the first is at $T/p:10)" &&
		expect_err "$T/p:13: a second action for close (the first is at $T/p:12)"
}

# a deny entry for a call allowed without a filter could never act
deny_allowed() {
	refused 2 "$T/p:3: deny getppid: the policy allows it without a filter, so its action could never apply" \
		'execve\n@default\ndeny getppid: errno:EPERM\n' &&
		refused 2 "$T/p:2: deny compat:getpid: the policy allows it, so its action could never apply" \
		'execve\ndeny compat:getpid: log\n@default\ncompat:getpid\n'
}

# deny NAME: ACTION: that call fails with its errno, the others still kill
deny_errno() {
	need_deny || return 1
	sed -e '/^openat/d' -e 's/^write:[^#]*/write /' "$T/sha.policy" > "$T/p"
	echo 'deny openat: errno:EACCES' >> "$T/p"
	sb run --policy "$T/p" -- sha256sum "$T/data"
	expect_rc 1 && expect_err "Permission denied" && [ ! -s "$T/out" ] || return 1
	sed -i '/^write/d' "$T/p"
	sb run --policy "$T/p" -- sha256sum "$T/data"
	expect_rc 159
}

# a false filter takes the call's own action: write(1, NULL, 0) fails
# with ENOSPC where it would otherwise kill (busybox's sha256sum does not
# report a failed write of its output: the helper shows the errno)
deny_false_filter() {
	need_filters || return 1
	need_deny || return 1
	sb run --allow '@default,execve,write: fd == 2' -- "$HELPER" syscall $NR_WRITE 1 0 0
	expect_rc 159 || return 1
	sb run --allow '@default,execve,write: fd == 2,deny write: errno:ENOSPC' -- \
		"$HELPER" syscall $NR_WRITE 1 0 0
	expect_rc 28 || return 1
	sb run --allow '@default,execve,write: fd == 1,deny write: errno:ENOSPC' -- \
		"$HELPER" syscall $NR_WRITE 1 0 0
	expect_rc 200 || return 1
	# sha256sum's write to fd 1 fails, nothing is written, nothing killed
	sed 's/^write: fd == 1 /write: fd == 2 /' "$T/sha.policy" > "$T/p"
	echo 'deny write: errno:ENOSPC' >> "$T/p"
	sb run --policy "$T/p" -- sha256sum "$T/data"
	[ $rc != 159 ] && [ ! -s "$T/out" ]
}

# compat:NAME allows an ia32 call, deny compat:NAME gives it its action
compat_entries() {
	sb run --allow '@default,execve' -- "$HELPER" ia32-getpid
	expect_rc 159 || return 1
	sb run --allow '@default,execve,compat:getpid' -- "$HELPER" ia32-getpid
	expect_rc 200 || return 1
	sb run --allow '@default,execve,compat:read' --action errno:EXDEV -- "$HELPER" ia32-getpid
	expect_rc 18 || return 1
	need_deny || return 1
	sb run --allow '@default,execve,deny compat:getpid: errno:EACCES' -- "$HELPER" ia32-getpid
	expect_rc 13
}

# convert prints one file that gives the same policy: converting it again
# prints it unchanged, and the kernel shows the same state for both
convert_same() {
	printf 'action: errno:EPERM\n@default\n@basic-io\n@file-system\n@memory\nexecve\nsendfile\nprctl\nclose: fd == 3\nclose: fd == 4\ncompat:getpid\n' > "$T/c"
	[ $FILTERS = 1 ] || sed -i '/^close:/d' "$T/c"
	[ $DENY = 1 ] && printf 'deny kexec_load: errno:EBUSY\ndeny compat:getppid: log\n' >> "$T/c"
	sb convert --policy "$T/c" -o "$T/c1" && expect_rc 0 || return 1
	sb convert --policy "$T/c1" && expect_rc 0 || return 1
	cmp "$T/c1" "$T/out" || { echo "converted twice differs:"; cat "$T/c1" "$T/out"; return 1; }
	grep -q '^action: errno:EPERM$' "$T/c1" && grep -q '^compat:getpid$' "$T/c1" || return 1
	"$SB" run --policy "$T/c" -- cat /proc/self/seccomp_bitmap > "$T/k0" || return 1
	"$SB" run --policy "$T/c1" -- cat /proc/self/seccomp_bitmap > "$T/k1" || return 1
	cat "$T/k0"
	cmp "$T/k0" "$T/k1"
}

# show names the deny entries
show_deny() {
	need_deny || return 1
	"$SB" run --allow '@default,@basic-io,@file-system,@memory,execve,sendfile,prctl,deny kexec_load: errno:EPERM,deny compat:getpid: log' \
		-- cat /proc/self/seccomp_bitmap > "$T/k" || return 1
	cat "$T/k"
	grep -q "^deny $NR_KEXEC_LOAD:	0x00050001\$" "$T/k" && grep -q '^compat deny 20:	0x7ffc0000$' "$T/k" || return 1
	"$SB" run --action log --allow '@default,execve,deny kexec_load: errno:EPERM' -- \
		sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 30' sh "$T/pid2" &
	tool=$!
	i=0
	while [ ! -s "$T/pid2" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	sb show "$(cat "$T/pid2")"
	kill "$(cat "$T/pid2")"
	wait $tool
	grep -qF "deny kexec_load:	errno:EPERM (0x00050001)" "$T/out" || { cat "$T/out"; return 1; }
}

# --oci: Debian's profile is refused without --args=narrowed, then without
# --compat=deny, then without --x32=deny, each time naming the rule;
# nothing runs
oci_refused() {
	need_oci_kernel || return 1
	rm -f "$T/ran"
	sb run --oci "$PROFILE" --caps none -- touch "$T/ran"
	expect_rc 2 && not_run &&
		expect_err "containers-seccomp.json: syscalls[31] (socket): SCMP_CMP_NE on argument 2 of socket: the kernel filters on the 32 bits (signed) the system call uses" &&
		expect_err "(--args=narrowed accepts the kernel's reading)" || return 1
	sb run --oci "$PROFILE" --caps none --args=narrowed -- touch "$T/ran"
	expect_rc 2 && not_run &&
		expect_err "containers-seccomp.json: syscalls[2] (personality): argument conditions on the ia32 system call personality" &&
		expect_err "(--compat=deny gives every ia32 system call the default action, errno:ENOSYS)" || return 1
	sb run --oci "$PROFILE" --caps none --args=narrowed --compat=deny -- touch "$T/ran"
	expect_rc 2 && not_run &&
		expect_err "containers-seccomp.json: syscalls[30] (socket): the x32 socket (0x40000029) gets SCMP_ACT_ERRNO(EINVAL) from libseccomp" &&
		expect_err "(--x32=deny accepts that)"
}

# convert --oci: the entries the profile's hard spots become
oci_convert() {
	need_oci_kernel || return 1
	sb convert --oci "$PROFILE" --caps none --args=narrowed --compat=deny --x32=deny
	expect_rc 0 || return 1
	cp "$T/out" "$T/deb.policy"
	for want in '^action: errno:ENOSYS$' \
		'^personality: arg_0 == 0 || arg_0 == 8 || arg_0 == 0x20000 || arg_0 == 0x20008 || arg_0 == 0xffffffff ' \
		'^socket: arg_2 != 9 || arg_0 != 16 ' '^deny socket: errno:EINVAL ' \
		'^deny kexec_load: errno:EPERM ' '^deny bpf: errno:EPERM ' '^read ' \
		'^# capabilities (none (--caps none)): none$' \
		'^# ia32: --compat=deny: every ia32 system call takes the default action$'; do
		grep -q -- "$want" "$T/out" || { echo "no line matching $want"; cat "$T/out"; return 1; }
	done
	! grep -q '^compat:' "$T/out" || { echo "compat: entries with --compat=deny"; return 1; }
	# the caller is root: its effective set has CAP_AUDIT_WRITE and CAP_SYS_ADMIN
	sb convert --oci "$PROFILE" --args=narrowed --compat=deny --x32=deny
	expect_rc 0 && grep -q '^socket *# syscalls\[34\]$' "$T/out" && grep -q '^bpf ' "$T/out" &&
		grep -q "^# capabilities (the caller's effective set): CAP_CHOWN," "$T/out" ||
		{ cat "$T/out"; return 1; }
	# convert's output, converted again, is the same policy
	sb convert --policy "$T/deb.policy"
	expect_rc 0 && grep -v '^#' "$T/deb.policy" | sed 's/ *#.*//' | cmp - "$T/out"
}

# profiles that cannot be translated exactly, or are not profiles: exit 2
oci_bad_profiles() {
	bad=0
	while IFS='|' read -r json msg; do
		printf '%s\n' "$json" > "$T/bad.json"
		sb convert --oci "$T/bad.json" --args=narrowed --compat=deny --x32=deny
		if [ $rc != 2 ] || ! grep -qF -- "$msg" "$T/err"; then
			echo "$json: status $rc, expected 2 and: $msg"
			cat "$T/err"
			bad=1
		fi
	done <<-'EOF'
	{"defaultAction": "SCMP_ACT_ERRNO", "syscalls": [ {"names": ["read"] "action": "SCMP_ACT_ALLOW"} ]}|bad.json: 1:70: not JSON: object value separator ',' expected
	{"defaultAction": "SCMP_ACT_ERRNO", "syscals": []}|bad.json: the profile: unknown key "syscals"
	{"defaultAction": "SCMP_ACT_ERRNO", "syscalls": [ {"names": ["read"], "action": "SCMP_ACT_TRACE"} ]}|syscalls[0] (read): SCMP_ACT_TRACE: bitmap mode has no such action
	{"defaultAction": "SCMP_ACT_ERRNO", "syscalls": [ {"names": ["read"], "action": "SCMP_ACT_ERRNO", "errnoRet": 5000} ]}|syscalls[0] (read): errno 5000: libseccomp refuses 4095 and above
	{"defaultAction": "SCMP_ACT_ERRNO", "syscalls": [ {"names": ["read"], "action": "SCMP_ACT_ALLOW", "errnoRet": 1} ]}|syscalls[0] (read): an errno for SCMP_ACT_ALLOW, which takes none
	{"defaultAction": "SCMP_ACT_ERRNO", "defaultErrnoRet": 38, "syscalls": [ {"names": ["dup"], "action": "SCMP_ACT_ALLOW", "args": [{"index": 0, "value": 5, "op": "SCMP_CMP_GT"}]}, {"names": ["dup"], "action": "SCMP_ACT_ERRNO", "args": [{"index": 0, "value": 10, "op": "SCMP_CMP_LT"}]} ]}|syscalls[0] (dup) and syscalls[1] (dup): their conditions on dup overlap, with different actions (SCMP_ACT_ALLOW, SCMP_ACT_ERRNO(EPERM))
	{"defaultAction": "SCMP_ACT_ERRNO", "defaultErrnoRet": 38, "syscalls": [ {"names": ["dup"], "action": "SCMP_ACT_ALLOW", "args": [{"index": 0, "value": 5, "op": "SCMP_CMP_LT"}]}, {"names": ["dup"], "action": "SCMP_ACT_ERRNO", "args": [{"index": 0, "value": 10, "op": "SCMP_CMP_GT"}]} ]}|libseccomp gives dup 3 outcomes depending on its arguments
	{"defaultAction": "SCMP_ACT_ERRNO", "syscalls": [ {"names": ["dup"], "action": "SCMP_ACT_ALLOW", "args": [{"index": 6, "value": 5, "op": "SCMP_CMP_LT"}]} ]}|syscalls[0] (dup).args[0]: index 6: system calls have 6 arguments
	{"defaultAction": "SCMP_ACT_ERRNO", "syscalls": [ {"names": ["dup"], "action": "SCMP_ACT_ALLOW", "args": [{"index": 0, "value": -5, "op": "SCMP_CMP_LT"}]} ]}|"value" is negative
	{"defaultAction": "SCMP_ACT_KILL_PROCESS", "syscalls": [ {"names": ["read"], "action": "SCMP_ACT_ALLOW"} ]}|syscall(-1), which runs nothing
	{"defaultAction": "SCMP_ACT_ERRNO", "architectures": ["SCMP_ARCH_X86_64"], "archMap": [{"architecture": "SCMP_ARCH_X86_64", "subArchitectures": []}], "syscalls": []}|both architectures and archMap
	EOF
	[ $bad = 0 ]
}

# run --oci with Debian's profile: what libseccomp would give, in the kernel
# (personality(0x100000000): the kernel's personality(0), --args=narrowed)
oci_run() {
	need_oci_kernel || return 1
	oci="--oci $PROFILE --caps none --args=narrowed --compat=deny --x32=deny"
	bad=0
	# shellcheck disable=SC2086 # word splitting intended
	while read -r want args; do
		sb run $oci -- "$HELPER" syscall $args
		[ $rc = "$want" ] && [ ! -s "$T/err" ] ||
			{ echo "syscall $args: status $rc, expected $want"; cat "$T/err"; bad=1; }
	done <<-EOF
	200 110
	1 246 0 0 0 0
	1 321 0 0 0
	22 41 16 3 9
	200 135 0x20008
	200 135 0x100000000
	38 135 0x100000001
	38 135 1
	38 451
	EOF
	[ $bad = 0 ]
}

# run --oci and run --policy of convert's output: the same kernel state
oci_same_state() {
	need_oci_kernel || return 1
	"$SB" run --oci "$PROFILE" --caps none --args=narrowed --compat=deny --x32=deny -- \
		cat /proc/self/seccomp_bitmap > "$T/k0" || return 1
	"$SB" convert --oci "$PROFILE" --caps none --args=narrowed --compat=deny --x32=deny \
		-o "$T/deb.policy" &&
		"$SB" run --policy "$T/deb.policy" -- cat /proc/self/seccomp_bitmap > "$T/k1" ||
		return 1
	cat "$T/k0"
	cmp "$T/k0" "$T/k1" && grep -q '^deny 41:	0x00050016$' "$T/k0"
}

# learn writes the command line into the policy's header comment: every
# byte of it must be safe there.  ARGS: a multi-line script with '#',
# quotes and a backslash, then words with a newline, a carriage return, a
# tab, an escape sequence, bytes that are not UTF-8, a right-to-left
# override, UTF-8 text, an empty word and a 100 kB word.
odd_args() {
	printf '%s\n' "$ODD_SCRIPT" > "$T/odd.1"
	printf 'two\nlines' > "$T/odd.2"
	printf 'cr\rtab\tesc\033[2Jdel\177' > "$T/odd.3"
	printf 'latin1 caf\351 \377\376' > "$T/odd.4"
	printf '\342\200\256evil' > "$T/odd.5"
	# shellcheck disable=SC2016 # a literal $HOME and `x`
	printf 'caf\303\251 # "it'"'"'s" $HOME \\ `x`' > "$T/odd.6"
	printf '' > "$T/odd.7"
	head -c 100000 /dev/zero | tr '\0' x > "$T/odd.8"
}

# shellcheck disable=SC2016 # sh -c's own $a and $#
ODD_SCRIPT='# a script of several lines, as python3 -c gets them
for a; do
	printf "%s" "$a" | sha256sum   # one line a word
done
echo "done: $# words"'

# odd_cmd RUN...: RUN the script with the odd words as its arguments
odd_cmd() {
	"$@" sh -c "$(cat "$T/odd.1")" sh "$(cat "$T/odd.2")" "$(cat "$T/odd.3")" \
		"$(cat "$T/odd.4")" "$(cat "$T/odd.5")" "$(cat "$T/odd.6")" "" \
		"$(cat "$T/odd.8")"
}

learn_odd() {
	odd_args
	odd_cmd > "$T/odd.want" 2> "$T/odd.wanterr"
	echo $? > "$T/odd.status"
	odd_cmd "$SB" learn -o "$T/odd.policy" -- > "$T/odd.out" 2> "$T/odd.err"
	rc=$?
	[ $rc = "$(cat "$T/odd.status")" ] || { echo "status $rc"; cat "$T/odd.err"; return 1; }
	same_output odd || return 1
	grep -q '^done: 7 words$' "$T/odd.out" || { echo "the words did not arrive"; return 1; }
	[ $FILTERS = 1 ] || strip_expressions "$T/odd.policy"
}

# the policy parses and lets the same command line run
run_odd() {
	[ -f "$T/odd.policy" ] || { echo "no learned policy"; return 1; }
	odd_cmd "$SB" run --policy "$T/odd.policy" -- > "$T/odd.out" 2> "$T/odd.err"
	rc=$?
	[ $rc = "$(cat "$T/odd.status")" ] || {
		echo "status $rc, unconfined $(cat "$T/odd.status")"
		cat "$T/odd.err"
		return 1
	}
	same_output odd
}

# only text: no control byte but the newlines, no byte above 0x7f but
# those of the one valid UTF-8 character of the words (c3 a9); every line
# a comment or an entry; the header reads back, through the shell, as the
# command line (the long word cut to its first 1024 bytes, with a note)
odd_header() {
	p=$T/odd.policy
	[ -f "$p" ] || { echo "no learned policy"; return 1; }
	ctl=$(tr -d '\n\40-\176\200-\377' < "$p" | wc -c)
	[ "$ctl" = 0 ] || { echo "$ctl control bytes in the policy"; return 1; }
	high=$(tr -cd '\200-\377' < "$p" | od -An -tx1 | tr -d ' \n')
	[ "$high" = c3a9 ] || { echo "bytes above 0x7f: $high"; return 1; }
	if grep -vE '^(#|[a-z0-9_]+(: [^#]+)? +# )' "$p"; then
		echo "^ neither a comment nor an entry"
		return 1
	fi
	grep -qx '# (word 16 is cut: its first 1024 of 100000 bytes are shown)' "$p" ||
		{ echo "no note on the cut word"; head -c 2000 "$p"; return 1; }
	hdr=$(sed -n '1,/[^\\]$/p' "$p" | sed 's/^#//')
	eval "set -- $hdr" || { echo "the header does not read back"; return 1; }
	[ $# = 16 ] || { echo "$# words read back"; printf '[%s]\n' "$@"; return 1; }
	[ "$1 $2 $3 $4 $5 $6" = "seccomp-bitmap learn -o $p -- sh" ] ||
		{ echo "read back: $1 $2 $3 $4 $5 $6"; return 1; }
	shift 6
	[ "$1" = -c ] || { echo "read back: $1, not -c"; return 1; }
	[ "$2" = "$ODD_SCRIPT" ] || { echo "script read back as: $2"; return 1; }
	[ "$3" = sh ] || { echo "read back: $3, not sh"; return 1; }
	shift 3
	i=2
	for w; do
		if [ $i = 8 ]; then
			printf '%s' "$w" | cmp - "$T/odd.8" 2>/dev/null && {
				echo "word $i not cut"; return 1; }
			[ "$w" = "$(head -c 1024 "$T/odd.8")" ] || { echo "cut word $i differs"; return 1; }
		else
			[ "$w" = "$(cat "$T/odd.$i")" ] || {
				echo "word $i read back differs:"
				printf '%s' "$w" | od -c | head -5
				return 1
			}
		fi
		i=$((i + 1))
	done
}

seq 1 3000 > "$T/data"
PIPELINE='cat "$1" | tr 0-9 a-j | sha256sum; echo "pipeline status $?"'

t "learn sha256sum: same output and status as unconfined" learn sha sha256sum "$T/data"
t "run sha256sum with the learned policy: same output and status" confined sha -- sha256sum "$T/data"
t "learned policy: sorted, unique, a count on each entry, execve" policy_format "$T/sha.policy"
t "learn --fds sha256sum: same output and status as unconfined" learn shafd --fds sha256sum "$T/data"
t "learned --fds policy narrows fd syscalls: write: fd == 1, read/close: its file" sha_narrowed
t "learn gzip -c: same output and status as unconfined" learn gzip gzip -c "$T/data"
t "run gzip -c with the learned policy: same output and status" confined gzip -- gzip -c "$T/data"
t "learn sh -c pipeline: same output and status as unconfined" learn pipe sh -c "$PIPELINE" sh "$T/data"
t "run sh -c pipeline with the learned policy: same output and status" confined pipe -- sh -c "$PIPELINE" sh "$T/data"
t "learned pipeline policy: sorted, unique, counts, execve" policy_format "$T/pipe.policy"
t "learn, run sh -c 'exit 7': status 7" learn exit7 sh -c 'exit 7'
t "run sh -c 'exit 7' with the learned policy: status 7" confined exit7 -- sh -c 'exit 7'
t "learn sh killing itself with SIGTERM: status 143" learn term sh -c 'kill -TERM $$'
t "run sh killing itself with SIGTERM: status 143 (128 + signal)" confined term -- sh -c 'kill -TERM $$'
t "run --tsync with the learned policy: same output and status" tsync
t "learned by default: no descriptors, arch_prctl's option; --no-args: names only" default_args
t "default policy elsewhere (cwd, fds 3 to 7, env): same output as unconfined" default_holds_elsewhere
t "--fds policy elsewhere (fds 3 to 7 open): its descriptor moved, SIGSYS" fds_policy_breaks_elsewhere
t "learned sha256sum policy minus any one used entry: SIGSYS, exit 159" minus_each sha sha256sum "$T/data"
t "learned policy minus write: SIGSYS, exit 159, no output" minus_write
t "learned pipeline policy minus pipe2: sh dies of SIGSYS, exit 159" minus_pipe2
t "write: fd == 2 instead of fd == 1: SIGSYS, exit 159" expression_enforced
t "--action errno:EACCES: the denied openat fails with EACCES" action_errno
t "a line that does not parse: exit 2 with FILE:LINE, nothing run" bad_line
t "every bad line is reported, each with FILE:LINE" all_bad_lines
t "unknown name: exit 2 with the nearest name, nothing run" unknown_name
t "unknown name in --allow: exit 2 with the nearest name" unknown_name_allow
t "unknown group: exit 2 with the nearest group, nothing run" bad_group
t "bad --action: exit 2, nothing run" bad_action
t "errno above 4095: install refused, exit 1, naming the action" action_refused
t "expressions the kernel refuses: exit 1, naming FILE:LINE and the errno" bad_expression
t "missing policy file: exit 2" no_policy_file
t "usage errors: exit 2 with the usage" usage_errors
t "command not found: 127; not executable: 126" not_found
t "every group of --help works; @default runs a static program" groups
t "show PID of a known policy: the exact text" show_known
t "show PID without a bitmap, or of no process: exit 1" show_unconfined
t "action: line in the policy acts as --action; --action wins" action_line
t "deny lines that do not parse: exit 2, each with FILE:LINE" deny_syntax
t "deny for a call allowed without a filter: exit 2, naming the line" deny_allowed
t "deny openat: errno:EACCES: openat fails with EACCES, write still kills" deny_errno
t "deny write with a false filter: write fails with the entry's errno" deny_false_filter
t "compat:getpid allows the ia32 call; deny compat:getpid: its own action" compat_entries
t "convert: its output converts to itself and installs the same state" convert_same
t "/proc and show list the deny entries" show_deny
t "run --oci Debian's profile: refused without --args, --compat, --x32" oci_refused
t "convert --oci Debian's profile: personality, socket, deny lines, caps" oci_convert
t "--oci profiles that are not exact or not profiles: exit 2, naming why" oci_bad_profiles
t "run --oci Debian's profile: allowed, EPERM, EINVAL, ENOSYS as libseccomp" oci_run
t "run --oci and run --policy of convert --oci: the same kernel state" oci_same_state
t "learn a command line of odd bytes (newlines, CR, escapes, not UTF-8, '#', 100 kB)" learn_odd
t "run that command line with its learned policy: it parses, same output and status" run_odd
t "the header of that policy: only text, comments, reads back as the command line" odd_header

[ $failed = 0 ]
