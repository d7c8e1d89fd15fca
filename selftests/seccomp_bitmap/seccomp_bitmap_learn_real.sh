#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# seccomp-bitmap learn, then run, on real Debian programs: python3,
# sqlite3, gcc, git, tar and perl.  TAP output, one result a program.
#
# Each program is learned in one environment (A) and run under the
# learned policy in another (B), and must do there exactly what it does
# unconfined there (B): the same standard output, standard error, exit
# status and files.  B differs from A as a user's second run does:
#
#   A: cwd /tmp/sblr/A/NAME, descriptors 3 to 9 closed, LANG=C.UTF-8,
#      PATH=/usr/bin:/bin, HOME=/tmp/sblr/A/home (no configuration),
#      no TMPDIR, TZ=UTC, git's identity in its environment, one CPU
#      (taskset -c 0: under TCG a tracer and its tracee on two vCPUs
#      are 6 times slower, gcc's learning 20 s instead of 3.5 s);
#   B: cwd /tmp/sblr/B/work/NAME (the inputs at other paths), descriptors
#      3 and 7 open on a file (a shell's 3<file 7<file), LC_ALL=C,
#      a longer PATH, HOME=/tmp/sblr/B/home with a .gitconfig that
#      gives git's identity, TMPDIR=/tmp/sblr/B/tmp, TZ=Europe/Paris,
#      other variables, every CPU.
#
# The learning run must also do what the unconfined run in A does.  A
# last result is a control: the policy of sqlite3 learned with --fds (the
# descriptor numbers) in A is killed in B, so B does move descriptors.
#
# Where the programs come from: this system's /usr when it has them all,
# else the host's /usr shared read-only over virtio-9p with the mount tag
# "hostusr" (harness/runner/run -U): the test then builds a root in /tmp (that
# /usr, /proc, /dev, a small /etc, the tool in /sb) and runs everything
# chrooted into it.  Without either it skips.
# shellcheck disable=SC2016 # $ in single quotes: the programs' own, or sh -c's
cd "$(dirname "$0")" || exit 1
HERE=$PWD
KSFT_SKIP=4
PROGS="python3 sqlite3 gcc git tar perl"

if [ "$(uname -m)" != x86_64 ]; then
	echo "1..0 # SKIP x86-64 only: the host's /usr (virtio-9p) holds x86-64 programs"
	exit $KSFT_SKIP
fi
if [ ! -e /proc/self/seccomp_bitmap ]; then
	echo "1..0 # SKIP kernel without CONFIG_SECCOMP_BITMAP (no /proc/self/seccomp_bitmap)"
	exit $KSFT_SKIP
fi

T=$(mktemp -d /tmp/seccomp_bitmap_learn_real.XXXXXX) || exit 1
MOUNTS=
cleanup() {
	for m in $MOUNTS; do
		umount "$m" 2>/dev/null || umount -l "$m"
	done
	rm -rf "$T"
}
trap cleanup EXIT

have_all() { # ROOT
	for p in $PROGS taskset; do
		[ -x "$1/usr/bin/$p" ] || return 1
	done
}

# R: the root the programs run in, seen from here; IN: the command that
# enters it; TOOL: seccomp-bitmap as seen from inside it.  Inside, every
# command is the root's own, called by its absolute path: busybox here
# runs its applets for the names it knows (sh, env, tar), not the files.
if have_all ""; then
	R='' IN='' TOOL=$HERE/seccomp-bitmap
	how="this system's /usr"
else
	tag=
	for f in /sys/bus/virtio/drivers/9pnet_virtio/*/mount_tag; do
		[ -f "$f" ] && [ "$(tr -d '\0' < "$f")" = hostusr ] && tag=hostusr
	done
	if [ -z "$tag" ]; then
		echo "1..0 # SKIP no python3, sqlite3, gcc, git, tar, perl here and no host /usr over virtio-9p (harness/runner/run -U)"
		exit $KSFT_SKIP
	fi
	R=$T/root
	mkdir -p "$R/usr" "$R/proc" "$R/dev" "$R/tmp" "$R/etc" "$R/sb" || exit 1
	chmod 1777 "$R/tmp"
	for d in bin sbin lib lib64; do
		ln -s "usr/$d" "$R/$d"
	done
	if ! mount -t 9p -o ro,trans=virtio,version=9p2000.L,cache=loose,msize=262144 \
			hostusr "$R/usr"; then
		echo "1..0 # SKIP cannot mount the host's /usr (9p tag hostusr)"
		exit $KSFT_SKIP
	fi
	MOUNTS="$R/usr"
	mount -t proc proc "$R/proc" && MOUNTS="$R/proc $MOUNTS"
	mount -o bind /dev "$R/dev" && MOUNTS="$R/dev $MOUNTS"
	printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' \
		> "$R/etc/passwd"
	printf 'root:x:0:\nnogroup:x:65534:\n' > "$R/etc/group"
	printf '127.0.0.1 localhost\n' > "$R/etc/hosts"
	cp "$HERE/seccomp-bitmap" "$R/sb/seccomp-bitmap" || exit 1
	IN="chroot $R" TOOL=/sb/seccomp-bitmap
	how="the host's /usr over virtio-9p, chrooted"
fi
# W: the work area inside the root; $R$W from here
W=/tmp/sblr
mkdir -p "$R$W" || exit 1
printf 'a file another program left open\n' > "$R$W/inherited"

now() { cut -d' ' -f1 /proc/uptime; }
dt() { echo "$2 $1" | awk '{ printf "%.1f", $1 - $2 }'; }
START=$(now)

echo "1..$(( $(echo "$PROGS" | wc -w) + 1 ))"
echo "# programs from $how; $(uname -r), $(nproc) CPUs"

# in_a DIR OUT ERR CMD...: CMD in environment A (cwd DIR, inside the root)
in_a() {
	dir=$1 out=$2 err=$3
	shift 3
	# shellcheck disable=SC2086 # $IN is words or nothing
	$IN /usr/bin/taskset -c 0 /usr/bin/env -i PATH=/usr/bin:/bin HOME=$W/A/home LANG=C.UTF-8 TZ=UTC \
		USER=root LOGNAME=root \
		GIT_AUTHOR_NAME="Alice A" GIT_AUTHOR_EMAIL=alice@a.example \
		GIT_COMMITTER_NAME="Alice A" GIT_COMMITTER_EMAIL=alice@a.example \
		GIT_AUTHOR_DATE="2024-01-01T10:00:00Z" GIT_COMMITTER_DATE="2024-01-01T10:00:00Z" \
		/bin/sh -c 'cd "$1" && shift && exec "$@"' sh "$dir" "$@" \
		< /dev/null > "$out" 2> "$err" 3<&- 4<&- 5<&- 6<&- 7<&- 8<&- 9<&-
}

# in_b DIR OUT ERR CMD...: CMD in environment B
in_b() {
	dir=$1 out=$2 err=$3
	shift 3
	# shellcheck disable=SC2086 # $IN is words or nothing
	$IN /usr/bin/env -i PATH=/usr/bin:/usr/sbin:/bin:/sbin:/usr/local/bin HOME=$W/B/home \
		LC_ALL=C LANG=C TMPDIR=$W/B/tmp TZ=Europe/Paris USER=root LOGNAME=root \
		SHELL=/bin/sh TERM=dumb EDITOR=true PAGER=cat SB_LEARN_REAL=B \
		GIT_AUTHOR_DATE="2025-06-15T20:30:00+02:00" \
		GIT_COMMITTER_DATE="2025-06-15T20:30:00+02:00" \
		/bin/sh -c 'cd "$1" && shift && exec "$@"' sh "$dir" "$@" \
		< /dev/null > "$out" 2> "$err" 3< "$R$W/inherited" 4<&- 5<&- 6<&- \
		7< "$R$W/inherited" 8<&- 9<&-
}

# --- the programs: setup_NAME DIR (DIR seen from here), cmd_NAME, post_NAME

WORDS='the quick brown fox jumps over the lazy dog
pack my box with five dozen liquor jugs
the five boxing wizards jump quickly'

setup_python3() { printf '%s\n' "$WORDS" > "$1/input.txt"; }
PY_PROG='import hashlib, json, subprocess, sys, threading
# a comment: the policy header keeps it, and these lines, in its comment
words = open("input.txt", encoding="utf-8").read().split()
out = {"words": len(words), "unique": len(set(words)),
       "sha256": hashlib.sha256(" ".join(words).encode()).hexdigest()}
t = threading.Thread(target=lambda: out.update(longest=max(words, key=len)))
t.start()
t.join()
with open("out.json", "w") as f:
    json.dump(out, f, sort_keys=True)
print(open("out.json").read())
child = subprocess.run(["cat", "out.json"], capture_output=True, text=True)
print("child:", child.returncode, child.stdout == open("out.json").read())
print("argv:", [len(a) for a in sys.argv[1:]])
print("OK-python3")'
cmd_python3() {
	"$@" python3 -c "$PY_PROG" "$(printf 'caf\303\251\r\033[1m\377')" "it's #1"
}

SQL="PRAGMA journal_mode=WAL;
CREATE TABLE t(id INTEGER PRIMARY KEY, word TEXT);
INSERT INTO t(word) VALUES ('alpha'), ('beta'), ('gamma');
BEGIN; UPDATE t SET word = upper(word) WHERE id > 1; COMMIT;
SELECT id, word FROM t ORDER BY id;
PRAGMA journal_mode=DELETE;
SELECT count(*), 'OK-sqlite3' FROM t;"
setup_sqlite3() { :; }
cmd_sqlite3() { "$@" sqlite3 test.db "$SQL"; }

setup_gcc() {
	printf '#include <stdio.h>\n\nint main(void)\n{\n\tint unused;\n\n\tprintf("hello from gcc\\n");\n\treturn 0;\n}\n' \
		> "$1/hello.c"
}
cmd_gcc() { "$@" gcc -O2 -Wall -o hello hello.c; }
# what gcc made: run it, and its checksum (the same compiler, the same bytes)
post_gcc() { # IN_ENV DIR OUT
	$1 "$2" "$T/post.out" "$T/post.err" sh -c './hello && sha256sum hello && echo OK-gcc'
	cat "$T/post.out" "$T/post.err" >> "$3"
}

GIT_SCRIPT='set -e
git init -q repo
cd repo
printf "line one\n" > a.txt
git add a.txt
git commit -q -m "first commit"
printf "line two\n" >> a.txt
git commit -q -a -m "second commit"
git log --format="%H %an <%ae> %ad %s" --date=iso
git diff --stat HEAD~1 HEAD
git status --short --branch
git gc --quiet
git count-objects -v | grep -v size
echo OK-git'
# A has git's identity in its environment, B in HOME/.gitconfig
setup_git() {
	case $1 in
	*/B/*) printf '[user]\n\tname = Bob B\n\temail = bob@b.example\n' > "$R$W/B/home/.gitconfig" ;;
	esac
}
cmd_git() { "$@" sh -c "$GIT_SCRIPT"; }

TAR_SCRIPT='set -e
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -czf pkg.tar.gz src
tar -tvzf pkg.tar.gz
mkdir out
tar -xzf pkg.tar.gz -C out
cat out/src/a.txt out/src/sub/b.txt
echo OK-tar'
setup_tar() {
	mkdir -p "$1/src/sub"
	printf '%s\n' "$WORDS" > "$1/src/a.txt"
	printf 'b\n' > "$1/src/sub/b.txt"
	ln -s a.txt "$1/src/link"
}
cmd_tar() { "$@" sh -c "$TAR_SCRIPT"; }

setup_perl() { printf '%s\n' "$WORDS" > "$1/input.txt"; }
PERL_PROG='use strict;
use warnings;
use POSIX qw(floor);
use Digest::MD5 qw(md5_hex);
use File::Temp qw(tempfile);
use List::Util qw(sum);
open(my $fh, "<", "input.txt") or die "input.txt: $!";
my @w = map { split } <$fh>;
close $fh;
my %n;
$n{$_}++ for @w;
printf "%d words, %d distinct, md5 %s\n", scalar @w, scalar keys %n, md5_hex(join " ", @w);
my ($t, $name) = tempfile();
print $t "x" x 1000;
close $t;
printf "temp file: %d bytes\n", -s $name;
unlink $name;
print "floor ", floor(7.9), ", sum ", sum(1 .. 10), "\n";
print `echo from a child`;
print "OK-perl\n";'
cmd_perl() { "$@" perl -e "$PERL_PROG"; }

# --- one program --------------------------------------------------------------

# fresh ENV NAME: a new work directory for NAME in A or B, set up; its
# path inside the root in $dir
fresh() {
	case $1 in
	A) dir=$W/A/$2 ;;
	B) dir=$W/B/work/$2 ;;
	esac
	rm -rf "$R${W:?}/$1"
	mkdir -p "$R$dir" "$R$W/$1/home" "$R$W/$1/tmp" || return 1
	"setup_$2" "$R$dir"
}

# run_in ENV NAME TAG CMD-PREFIX...: NAME's command in ENV, in a fresh
# directory; $T/TAG.out, .err, .rc
run_in() {
	env=$1 name=$2 tag=$3
	shift 3
	fresh "$env" "$name" || return 1
	"cmd_$name" "in_$(echo "$env" | tr AB ab)" "$dir" "$T/$tag.out" "$T/$tag.err" "$@"
	echo $? > "$T/$tag.rc"
	if command -v "post_$name" > /dev/null; then
		"post_$name" "in_$(echo "$env" | tr AB ab)" "$dir" "$T/$tag.out"
	fi
	return 0
}

# same WANT GOT: the same status, standard output and error
same() {
	ok=1
	[ "$(cat "$T/$1.rc")" = "$(cat "$T/$2.rc")" ] ||
		{ echo "status $(cat "$T/$2.rc"), not $(cat "$T/$1.rc") as $1"; ok=0; }
	cmp -s "$T/$1.out" "$T/$2.out" ||
		{ echo "standard output differs from $1's:"; diff "$T/$1.out" "$T/$2.out" | head -20; ok=0; }
	cmp -s "$T/$1.err" "$T/$2.err" ||
		{ echo "standard error differs from $1's:"; diff "$T/$1.err" "$T/$2.err" | head -20; ok=0; }
	[ $ok = 1 ]
}

# good TAG NAME: the unconfined run worked (status 0, its OK- line)
good() {
	[ "$(cat "$T/$1.rc")" = 0 ] && grep -q "OK-$2" "$T/$1.out" && return 0
	echo "the unconfined run ($1) did not work: status $(cat "$T/$1.rc")"
	cat "$T/$1.out" "$T/$1.err"
	return 1
}

check_program() {
	name=$1
	policy=$W/$name.policy
	t0=$(now)
	run_in A "$name" "$name.a-free" || return 1
	good "$name.a-free" "$name" || return 1
	t1=$(now)
	run_in A "$name" "$name.a-learn" "$TOOL" learn -o "$policy" -- || return 1
	t2=$(now)
	same "$name.a-free" "$name.a-learn" || { echo "(learning changed the run)"; return 1; }
	run_in B "$name" "$name.b-free" || return 1
	good "$name.b-free" "$name" || return 1
	t3=$(now)
	run_in B "$name" "$name.b-run" "$TOOL" run --policy "$policy" -- || return 1
	t4=$(now)
	if ! same "$name.b-free" "$name.b-run"; then
		echo "the learned policy:"
		cat "$R$policy"
		return 1
	fi
	echo "unconfined in A $(dt "$t0" "$t1") s, learn in A $(dt "$t1" "$t2") s," \
		"unconfined in B $(dt "$t2" "$t3") s, run in B $(dt "$t3" "$t4") s;" \
		"$(grep -vc '^#' "$R$policy") entries," \
		"$(grep -v '^#' "$R$policy" | grep -c ':[^#]*#') with a filter:"
	grep -v '^#' "$R$policy" | grep ':[^#]*#' | sed 's/ *#.*//'
	cp "$R$policy" "$T/$name.policy"
}

# the control: sqlite3's policy learned with --fds in A dies in B
control() {
	policy=$W/sqlite3-fds.policy
	[ -f "$T/sqlite3.a-free.rc" ] || { echo "sqlite3 did not run"; return 1; }
	run_in A sqlite3 c-learn "$TOOL" learn --fds -o "$policy" -- || return 1
	same sqlite3.a-free c-learn || return 1
	grep -E '^(pread64|pwrite64|fcntl):.*fd ==' "$R$policy" ||
		{ echo "no descriptor learned"; cat "$R$policy"; return 1; }
	run_in B sqlite3 c-run "$TOOL" run --policy "$policy" -- || return 1
	[ "$(cat "$T/c-run.rc")" = 159 ] && grep -q 'killed by SIGSYS' "$T/c-run.err" && return 0
	echo "status $(cat "$T/c-run.rc"), expected 159 (SIGSYS)"
	cat "$T/c-run.err"
	return 1
}

n=0
failed=0
result() { # DESCRIPTION FUNCTION ARG...
	desc=$1
	shift
	n=$((n + 1))
	if "$@" > "$T/log" 2>&1; then
		sed 's/^/# /' "$T/log"
		echo "ok $n $desc"
	elif [ -f "$T/skip" ]; then
		echo "ok $n $desc # SKIP $(cat "$T/skip")"
		rm -f "$T/skip"
	else
		failed=$((failed + 1))
		sed 's/^/# /' "$T/log"
		echo "not ok $n $desc"
	fi
}

program() { # NAME
	if [ ! -x "$R/usr/bin/$1" ]; then
		echo "$1 is not installed (apt-get install $1; harness/host/packages)" > "$T/skip"
		return 1
	fi
	check_program "$1"
}

for p in $PROGS; do
	result "$p: learned in A, run in B (other cwd, fds 3 and 7, env): as unconfined" \
		program "$p"
done
result "control: sqlite3's policy learned with --fds in A is killed in B" control
echo "# $n results, $failed failed, in $(dt "$START" "$(now)") s"

[ $failed = 0 ]
