// SPDX-License-Identifier: GPL-2.0
/*
 * Adversarial review of patches 16-20 (the hot path): the seccomp-only
 * entry path, the inline bit test, filters evaluated on pt_regs in place,
 * and the trace event filter engine changes (regex allocated only for
 * strings, the integer-only match loop).
 *
 *  - regs_in_place: a filter on all six arguments of mmap reads di, si,
 *    dx, r10, r8, r9; changing any one register alone flips the verdict.
 *  - int80_native_filter: an ia32 syscall is never judged by the native
 *    filter of the same number, whatever the native argument registers
 *    (rdi...) hold, and the compat table decides.
 *  - ptrace_arg_rewrite: a PTRACE_SYSCALL tracer changes an argument at
 *    the entry stop; the bitmap filter judges the new value (the task then
 *    has SYSCALL_WORK_SYSCALL_TRACE beside SECCOMP: the long path).
 *  - tracefs_mixed: event filters mixing integer and string (comm, a
 *    static string field) predicates, with &&, ||, !, ~ and the cpu
 *    field, on sched:sched_process_fork: they must match exactly as the
 *    filter string says (an integer-only walk taken for a mixed filter
 *    would make every string predicate false).
 */
#include <sys/ptrace.h>
#include <sys/user.h>
#include <pthread.h>
#include <sys/syscall.h>

#include "bitmap_util.h"

#define IA32_NR_getpid	20

#ifdef __x86_64__
/* int $0x80 with rdi and rsi set too (a 64-bit task's native registers) */
static inline long int80_with_native(long nr, long b, long rdi, long rsi)
{
	long ret;

	asm volatile("int $0x80"
		     : "=a"(ret)
		     : "0"(nr), "b"(b), "D"(rdi), "S"(rsi)
		     : "rcx", "rdx", "r8", "r9", "r10", "r11", "memory", "cc");
	return (int)ret;
}

/* a stopped tracee's first syscall argument register (rdi) */
static inline long poke_arg0(pid_t pid, long v)
{
	return ptrace(PTRACE_POKEUSER, pid,
		      offsetof(struct user, regs) +
		      offsetof(struct user_regs_struct, rdi), v);
}
#else
#include <elf.h>
#include <sys/uio.h>

/*
 * arm64 has no PTRACE_POKEUSER for the registers: x0 through
 * PTRACE_SETREGSET NT_PRSTATUS, which also sets orig_x0 (what seccomp
 * reads as the first argument) at a syscall-entry stop.
 */
static inline long poke_arg0(pid_t pid, long v)
{
	struct user_regs_struct regs;
	struct iovec iov = { &regs, sizeof(regs) };

	if (ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &iov))
		return -1;
	regs.regs[0] = v;
	return ptrace(PTRACE_SETREGSET, pid, NT_PRSTATUS, &iov);
}
#endif

static void __attribute__((constructor)) probe(void)
{
	probe_filter_support(SECCOMP_RET_ERRNO | E_BITMAP, __NR_getpgid,
			     "arg_0 == 0");
}

/* ---- filters read the six argument registers ----------------------------- */

static const long A[6] = {
	0x100000, 0x2000, 0x3, 0x0 /* no MAP_TYPE: EINVAL */, 0x57, 0x6000
};

TEST(regs_in_place_six_args_of_mmap)
{
	struct seccomp_bitmap_filter f;
	char expr[256];
	pid_t pid;

	REQUIRE_FILTERS();
	snprintf(expr, sizeof(expr),
		 "arg_0 == %ld && arg_1 == %ld && arg_2 == %ld && "
		 "arg_3 == %ld && arg_4 == %ld && arg_5 == %ld",
		 A[0], A[1], A[2], A[3], A[4], A[5]);
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		long a[6], r;
		int k;

		fset(&f, __NR_mmap, expr);
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &f, 1));
		r = raw_syscall6(__NR_mmap, A[0], A[1], A[2], A[3], A[4], A[5]);
		TH_LOG("all six as the filter says: %ld", r);
		EXPECT_NE(-E_BITMAP, r);
		EXPECT_GT(0, r);	/* flags 0: the kernel refuses it */
		for (k = 0; k < 6; k++) {
			memcpy(a, A, sizeof(a));
			a[k] ^= 0x10000;
			r = raw_syscall6(__NR_mmap, a[0], a[1], a[2], a[3],
					 a[4], a[5]);
			EXPECT_EQ(-E_BITMAP, r) TH_LOG("arg_%d changed: %ld", k, r);
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ---- ia32 never meets the native filter ---------------------------------- */

TEST(int80_native_filter_not_consulted)
{
#if BITMAP_X86_64
	struct seccomp_bitmap_filter f;
	pid_t pid;
#endif

	REQUIRE_FILTERS();
	NEED_IA32();
#if BITMAP_X86_64
	/* native 20 is writev: a filter true for the registers we pass */
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		__u64 native[BM_WORDS], compat[BM_WORDS];
		struct seccomp_bitmap sb;

		bm_fill(native, BM_WORDS, true);
		bm_fill(compat, BM_WORDS, false);
		fset(&f, __NR_writev, "arg_0 == 777");
		memset(&sb, 0, sizeof(sb));
		sb.size = sizeof(sb);
		sb.action = SECCOMP_RET_ERRNO | E_BITMAP;
		sb.nbits = BM_BITS;
		sb.native = (uintptr_t)native;
		sb.compat = (uintptr_t)compat;
		sb.filters = (uintptr_t)&f;
		sb.nfilters = 1;
		ASSERT_EQ(0, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		/* rdi = 777 makes the native filter true; ebx = 777 too */
		EXPECT_EQ(-E_BITMAP, int80_with_native(IA32_NR_getpid, 777, 777, 0));
		/* native writev(777, NULL, 0): filter true, runs (EBADF) */
		EXPECT_EQ(-EBADF, raw_syscall6(__NR_writev, 777, 0, 0, 0, 0, 0));
		EXPECT_EQ(-E_BITMAP, raw_syscall6(__NR_writev, 778, 0, 0, 0, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
#endif
}

/* ---- a tracer's argument change at the entry stop ------------------------ */

#define MAGIC	0x16a6c0deL

FIXTURE(ptrace_arg) {
	int unused;
};
FIXTURE_VARIANT(ptrace_arg) {
	long from, to;		/* getpgid's pid argument */
	bool expect_denied;
};
FIXTURE_VARIANT_ADD(ptrace_arg, allowed_0_to_denied_1) {
	.from = 0, .to = 1, .expect_denied = true,
};
FIXTURE_VARIANT_ADD(ptrace_arg, denied_1_to_allowed_0) {
	.from = 1, .to = 0, .expect_denied = false,
};
FIXTURE_VARIANT_ADD(ptrace_arg, allowed_0_to_upper_half_0) {
	.from = 0, .to = 1L << 32, .expect_denied = false,
};
FIXTURE_SETUP(ptrace_arg) {}
FIXTURE_TEARDOWN(ptrace_arg) {}

TEST_F(ptrace_arg, tracer_rewrites_rdi_at_entry_stop)
{
	int status;
	pid_t pid;

	REQUIRE_FILTERS();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		struct seccomp_bitmap_filter f;
		long r;

		ASSERT_EQ(0, ptrace(PTRACE_TRACEME, 0, 0, 0));
		fset(&f, __NR_getpgid, "arg_0 == 0");
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &f, 1));
		raise(SIGSTOP);
		r = raw_syscall6(__NR_getpgid, variant->from, 0, MAGIC, 0, 0, 0);
		if (variant->expect_denied) {
			EXPECT_EQ(-E_BITMAP, r);
		} else {
			EXPECT_EQ(getpgrp(), r);
		}
		CHILD_EXIT();
	}
	ptrace_syscall_setup(_metadata, pid);
	ASSERT_TRUE(ptrace_next_marked_entry(_metadata, pid, __NR_getpgid,
					     MAGIC, &status));
	ASSERT_EQ(0, poke_arg0(pid, variant->to));
	ASSERT_FALSE(ptrace_next_marked_entry(_metadata, pid, -1, 0, &status));
	EXPECT_EXITED(status, 0);
}

/* ---- tracefs filters mixing integers and strings ------------------------- */

#define FORK_COMM "rv16fork"
#define NFORK 4

static const char *fork_event_dir(void)
{
	static const char *const dirs[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
	};
	static char buf[128];
	unsigned int i;

	for (i = 0; i < 2; i++) {
		snprintf(buf, sizeof(buf), "%s/events/sched/sched_process_fork",
			 dirs[i]);
		if (path_exists(buf)) {
			snprintf(buf, sizeof(buf), "%s", dirs[i]);
			return buf;
		}
	}
	return NULL;
}

static int wr(const char *dir, const char *file, const char *s)
{
	char path[256];
	int fd, r = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		r = -errno;
	close(fd);
	return r;
}

/* Sets @filter, forks NFORK children, returns how many events were kept. */
static int count_forks(struct __test_metadata *_metadata, const char *t,
		       const char *filter, int *err)
{
	static char buf[1 << 16];
	char path[256];
	int i, n = 0;
	ssize_t len;
	char *p;

	*err = wr(t, "events/sched/sched_process_fork/filter", filter);
	if (*err)
		return -1;
	wr(t, "trace", "");
	wr(t, "events/sched/sched_process_fork/enable", "1");
	for (i = 0; i < NFORK; i++) {
		pid_t c = fork();

		if (c == 0)
			_exit(0);
		waitpid(c, NULL, 0);
	}
	wr(t, "events/sched/sched_process_fork/enable", "0");
	snprintf(path, sizeof(path), "%s/trace", t);
	len = read_file(path, buf, sizeof(buf) - 1);
	if (len < 0)
		return -1;
	buf[len] = 0;
	for (p = buf; (p = strstr(p, "sched_process_fork:")); p++)
		n++;
	return n;
}

struct mixed_case {
	const char *filter;
	bool match;
};

TEST(tracefs_mixed_int_and_string_filters_match_as_written)
{
	char f[512];
	const char *t;
	int i, n, err;
	pid_t me = getpid();
	const struct mixed_case cases[] = {
		{ "child_pid > 0 && parent_comm != \"zz_nomatch\"", true },
		{ "parent_comm == \"" FORK_COMM "\" || child_pid < 0", true },
		{ "child_pid < 0 || parent_comm ~ \"*nomatch*\"", false },
		{ "child_pid < 0 || parent_comm ~ \"rv16*\"", true },
		{ "!(child_pid < 0) && !(parent_comm == \"zz\")", true },
		{ "!(parent_comm == \"" FORK_COMM "\")", false },
		{ "parent_comm != \"" FORK_COMM "\" && child_pid > 0", false },
		{ "comm == \"" FORK_COMM "\" && child_pid > 0", true },
		{ "comm ~ \"*16f*\" && (child_pid > 0 || child_pid == 0)", true },
		{ "cpu >= 0 && child_pid > 0", true },
		{ "child_pid > 0", true },
		{ "child_pid == 0", false },
		{ "(child_pid > 0 && parent_pid == %d) || parent_comm == \"x\"", true },
		{ "child_comm == \"" FORK_COMM "\" && parent_pid == %d", true },
		{ "child_comm != \"" FORK_COMM "\" || parent_pid != %d", false },
		/*
		 * "*suffix" on a static char[16] field compares the end of the
		 * 16-byte field, not of the string: upstream 6.1's
		 * regex_match_end() with field_len, unchanged by the series
		 * (seen on the series kernel, not matching; pristine has the
		 * same code).
		 */
		{ "common_pid == %d && child_comm ~ \"*fork\"", false },
		{ "common_pid == %d && child_comm ~ \"rv16*\"", true },
		/* integer-only, with inversions and nesting */
		{ "!(child_pid > 0)", false },
		{ "!(child_pid < 0 || child_pid == 0) && parent_pid == %d", true },
		{ "(child_pid < 0 || (parent_pid == %d && !(child_pid == 0)))", true },
		{ "child_pid != 0 && !(parent_pid != %d)", true },
		/* function-like string: glob front, end, middle on comm */
		{ "parent_comm ~ \"rv16*\" && parent_comm ~ \"*fork\" && parent_comm ~ \"*16f*\"", false },
		{ "parent_comm ~ \"rv16*\" && parent_comm ~ \"*16f*\" && parent_comm ~ \"rv16f?rk\"", true },
		{ "parent_comm ~ \"rv16*\" && parent_comm ~ \"*forx\"", false },
	};

	t = fork_event_dir();
	if (!t)
		SKIP(return, "no sched:sched_process_fork in tracefs");
	ASSERT_EQ(0, prctl(PR_SET_NAME, FORK_COMM, 0, 0, 0));
	for (i = 0; i < (int)(sizeof(cases) / sizeof(cases[0])); i++) {
		snprintf(f, sizeof(f), cases[i].filter, me);
		n = count_forks(_metadata, t, f, &err);
		EXPECT_EQ(0, err) TH_LOG("\"%s\": %s", f, strerror(-err));
		if (cases[i].match) {
			EXPECT_EQ(NFORK, n) TH_LOG("\"%s\" should match", f);
		} else {
			EXPECT_EQ(0, n) TH_LOG("\"%s\" should not match", f);
		}
		TH_LOG("\"%s\": %d of %d", f, n, NFORK);
	}
	/* a parse error after a string predicate allocated its regex */
	EXPECT_NE(0, wr(t, "events/sched/sched_process_fork/filter",
			"parent_comm == \"x\" && no_such_field == 1"));
	EXPECT_NE(0, wr(t, "events/sched/sched_process_fork/filter",
			"parent_comm == \"x\" && child_pid ~ \"1\""));
	EXPECT_NE(0, wr(t, "events/sched/sched_process_fork/filter",
			"child_pid == 1 && parent_comm == 5"));
	EXPECT_EQ(0, wr(t, "events/sched/sched_process_fork/filter", "0"));
}

/* ---- tracers attaching and detaching while the task runs the inline path -- */

struct race {
	volatile int stop;
	volatile pid_t wtid;
	volatile long ok, denied, bad, bad_ret, installs;
};

static struct race *rc;

static void *race_worker(void *arg)
{
	pid_t me = getpgrp();

	rc->wtid = syscall(SYS_gettid);
	while (!rc->stop) {
		long r = raw_syscall6(__NR_getpgid, 0, 0, MAGIC, 0, 0, 0);

		if (r == me)
			rc->ok++;
		else if (r == -E_BITMAP)
			rc->denied++;
		else {
			rc->bad++;
			rc->bad_ret = r;
		}
	}
	return NULL;
}

/* narrows the bitmap by TSYNC again and again: the worker's pointer changes */
static void *race_narrower(void *arg)
{
	struct seccomp_bitmap_filter f;
	__u64 w[BM_WORDS];
	struct seccomp_bitmap sb;

	bm_fill(w, BM_WORDS, true);
	fset(&f, __NR_getpgid, "arg_0 == 0");
	while (!rc->stop) {
		memset(&sb, 0, sizeof(sb));
		sb.size = sizeof(sb);
		sb.action = SECCOMP_RET_ERRNO | E_BITMAP;
		sb.nbits = BM_BITS;
		sb.native = (uintptr_t)w;
		sb.filters = (uintptr_t)&f;
		sb.nfilters = (rc->installs & 1);
		if (!sys_seccomp(SECCOMP_SET_MODE_BITMAP,
				 SECCOMP_BITMAP_FLAG_TSYNC, &sb))
			rc->installs++;
		else
			usleep(1000);
	}
	return NULL;
}

/*
 * A tracer seizes the worker, stops it at getpgid's entry, sets its pid
 * argument to 1 (the filter says arg_0 == 0) and detaches there, over and
 * over, while a sibling narrows the bitmap by TSYNC: work bits change
 * under the worker (SYSCALL_TRACE set and cleared), its bitmap pointer
 * changes, and getpgid(1) must never run.
 */
TEST(tracer_attach_detach_race_with_tsync_never_runs_denied_arg)
{
	int rewrites = 0, stops = 0, i;
	pid_t pid;

	REQUIRE_FILTERS();
	rc = shared_page();
	ASSERT_NE(NULL, rc);
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		struct seccomp_bitmap_filter f;
		pthread_t w, n;

		setpgid(0, 0);
		fset(&f, __NR_getpgid, "arg_0 == 0");
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &f, 1));
		ASSERT_EQ(0, pthread_create(&w, NULL, race_worker, NULL));
		ASSERT_EQ(0, pthread_create(&n, NULL, race_narrower, NULL));
		pthread_join(w, NULL);
		pthread_join(n, NULL);
		CHILD_EXIT();
	}
	while (!rc->wtid)
		usleep(1000);
	for (i = 0; i < 300; i++) {
		struct __ptrace_syscall_info info;
		pid_t t = rc->wtid;
		int st, k;

		if (ptrace(PTRACE_SEIZE, t, 0, PTRACE_O_TRACESYSGOOD))
			break;
		ptrace(PTRACE_INTERRUPT, t, 0, 0);
		if (waitpid(t, &st, __WALL) != t || !WIFSTOPPED(st))
			break;
		/* up to a few stops: run to getpgid's entry */
		for (k = 0; k < 6; k++) {
			if (ptrace(PTRACE_SYSCALL, t, 0, 0))
				break;
			if (waitpid(t, &st, __WALL) != t || !WIFSTOPPED(st))
				break;
			stops++;
			if (WSTOPSIG(st) != (SIGTRAP | 0x80))
				continue;
			memset(&info, 0, sizeof(info));
			if (ptrace(PTRACE_GET_SYSCALL_INFO, t, sizeof(info), &info) > 0 &&
			    info.op == PTRACE_SYSCALL_INFO_ENTRY &&
			    info.entry.nr == __NR_getpgid &&
			    info.entry.args[2] == (__u64)MAGIC) {
				poke_arg0(t, 1);
				rewrites++;
				break;
			}
		}
		ptrace(PTRACE_DETACH, t, 0, 0);
		if (i % 16 == 0)
			usleep(2000);	/* let the worker run untraced */
	}
	rc->stop = 1;
	EXPECT_EXITED(wait_status(pid), 0);
	TH_LOG("stops %d, rewrites %d, worker: ok %ld denied %ld bad %ld (last %ld), TSYNC installs %ld",
	       stops, rewrites, rc->ok, rc->denied, rc->bad, rc->bad_ret,
	       rc->installs);
	EXPECT_LT(0, rewrites);
	EXPECT_EQ(0, rc->bad);
	EXPECT_LE(rewrites, rc->denied);
	EXPECT_LT(0, rc->ok);
}

TEST_HARNESS_MAIN
