// SPDX-License-Identifier: GPL-2.0
/*
 * Adversarial review of the Linux 6.12 port (2026-12-05): what the port
 * changed against 6.1, from a confined task's side.
 *
 *  1. uprobe: the uretprobe syscall (x86-64 335) runs whatever the bitmap
 *     says (seccomp_bitmap_uprobe_syscall()).  Called from anywhere but a
 *     uprobe trampoline it must do nothing a confined task could use:
 *     SIGILL (CONFIG_UPROBES) or ENOSYS (without), and the same number
 *     from the other tables (x32 bit, int $0x80) or with a per-syscall
 *     deny action still gets the bitmap's verdict.  A tracer rewriting a
 *     denied syscall to 335 at the entry stop gets no more than that.
 *  2. spelling: the 6.12 filter engine's ".function" suffix, CPUS{}
 *     constants, ".ustring" and glob, in every spelling tried, are EINVAL
 *     (or, for ".ustring" on an integer, the integer comparison).
 *  3. fastpath: the early allow of patch 15 (inline in
 *     syscall_enter_from_user_mode_work() on 6.12) decides as the slow
 *     path does: the same table of syscalls (plain, denied, filtered,
 *     x32, -1, out of range, int $0x80) gives the same results with no
 *     other entry work (early path), under syscall user dispatch with the
 *     selector at ALLOW (SYSCALL_WORK_SYSCALL_USER_DISPATCH, slow path),
 *     and with the raw_syscalls:sys_enter tracepoint on (slow path).
 *  4. exit_race: 6.12 releases filters in do_exit() and TSYNC skips
 *     PF_EXITING threads for filters; the bitmap is released in
 *     release_task().  Threads created and exiting while another narrows
 *     with TSYNC and a third reads /proc/<pid>/task/<tid>/seccomp_bitmap:
 *     no TSYNC refusal, every live thread ends with the caller's bitmap,
 *     no new taint (a WARN or refcount warning taints W).  And a zombie
 *     group leader with a bitmap of its own: what TSYNC does with it.
 *
 * Needs root for the tracepoint variant (tracefs); x86-64 only.
 */

#include "bitmap_util.h"

#if BITMAP_X86_64

#include <dirent.h>
#include <pthread.h>
#include <setjmp.h>
#include <sys/mount.h>
#include <sys/user.h>
#include <linux/filter.h>

#define ACT_ERRNO	(SECCOMP_RET_ERRNO | E_BITMAP)

#ifndef __NR_uretprobe
#define __NR_uretprobe	335
#endif
#define X32_BIT		0x40000000L
/* ia32 335 is rt_tgsigqueueinfo, 20 getpid, 64 getppid */
#define IA32_NR_335	335
#define IA32_NR_getpid	20
#define IA32_NR_getppid	64

#ifndef PR_SET_SYSCALL_USER_DISPATCH
#define PR_SET_SYSCALL_USER_DISPATCH	59
#define PR_SYS_DISPATCH_OFF		0
#define PR_SYS_DISPATCH_ON		1
#define SYSCALL_DISPATCH_FILTER_ALLOW	0
#define SYSCALL_DISPATCH_FILTER_BLOCK	1
#endif

#define RUN_V	4243	/* close(RUN_V): EBADF, allowed by the filter */
#define DENY_V	4242	/* close(DENY_V): denied by the filter */

/* ========================================================================== */
/* 1. uretprobe                                                               */
/* ========================================================================== */

static sigjmp_buf ill_jmp;
static volatile sig_atomic_t ill_seen;

static void on_sigill(int sig)
{
	(void)sig;
	ill_seen = 1;
	siglongjmp(ill_jmp, 1);
}

/* 335 from here: -ENOSYS, or SIGILL (returns 1); anything else is returned */
static long call_uretprobe(long nr)
{
	ill_seen = 0;
	if (sigsetjmp(ill_jmp, 1))
		return 1;
	return raw_syscall0(nr);
}

/*
 * Does this kernel have the uretprobe syscall (6.11 on)?  Asked unconfined,
 * in a child: from outside a trampoline it raises SIGILL there, and is
 * ENOSYS where it does not exist (6.1).  The confined outcome each test
 * expects follows from it: the syscall passes a bitmap whatever its bit
 * says (as strict mode and filters let it pass), so SIGILL; or it is an
 * ordinary unknown number, so the bitmap's action.
 */
static int kernel_has_uretprobe(void)
{
	int st;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		long r;

		signal(SIGILL, on_sigill);
		r = call_uretprobe(__NR_uretprobe);
		_exit(r == 1 ? 1 : r == -ENOSYS ? 0 : 2);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) > 1)
		return -1;
	return WEXITSTATUS(st);
}

TEST(uretprobe_direct_call_does_nothing_but_sigill_or_the_bitmaps_action)
{
	int has = kernel_has_uretprobe();
	int st;
	pid_t pid;

	ASSERT_LE(0, has);
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		int nrs[] = { __NR_uretprobe, __NR_getppid };
		char before[2048], after[2048];
		long r;

		signal(SIGILL, on_sigill);
		ASSERT_EQ(0, deny_list(ACT_ERRNO, 0, nrs, 2));
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", before,
				       sizeof(before)));
		r = call_uretprobe(__NR_uretprobe);
		TH_LOG("uretprobe (335) from outside a trampoline: %s (%ld)",
		       r == 1 ? "SIGILL" : r == -ENOSYS ? "ENOSYS" :
		       r == -E_BITMAP ? "the bitmap's errno" : "other", r);
		/* with the syscall: SIGILL, the exemption; without: denied */
		EXPECT_EQ(has ? 1 : -E_BITMAP, r);
		/* high bits above the int: the same 335 */
		r = call_uretprobe(0x100000000L | __NR_uretprobe);
		EXPECT_EQ(has ? 1 : -E_BITMAP, r);
		/* x32's 335 is no uretprobe: the bitmap's action */
		EXPECT_EQ(-E_BITMAP, call_uretprobe(X32_BIT | __NR_uretprobe));
		/* nothing changed: the policy holds */
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", after,
				       sizeof(after)));
		EXPECT_STREQ(before, after);
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getppid));
		EXPECT_EQ(getpid(), raw_syscall0(__NR_getpid));
		CHILD_EXIT();
	}
	st = wait_status(pid);
	EXPECT_EXITED(st, 0);
}

TEST(uretprobe_under_kill_process_is_not_a_way_out)
{
	int has = kernel_has_uretprobe();
	int st;
	pid_t pid;

	ASSERT_LE(0, has);
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		int nrs[] = { __NR_uretprobe, __NR_getppid };
		long r;

		signal(SIGILL, on_sigill);
		ASSERT_EQ(0, deny_list(SECCOMP_RET_KILL_PROCESS, 0, nrs, 2));
		r = call_uretprobe(__NR_uretprobe);
		/* survived: the exemption; report what it did */
		_exit(r == 1 ? 10 : r == -ENOSYS ? 11 : 12);
	}
	st = wait_status(pid);
	TH_LOG("KILL_PROCESS bitmap, 335 clear: status 0x%x (exit 10 SIGILL, 11 ENOSYS, 12 other, signal 31 SIGSYS)",
	       st);
	/* with the syscall: SIGILL and nothing else; without: killed */
	if (has) {
		EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 10);
	} else {
		EXPECT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS);
	}
}

TEST(uretprobe_ia32_335_is_the_compat_tables)
{
	int st;
	pid_t pid;

	NEED_IA32();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		__u64 w[BM_WORDS], c[BM_WORDS];

		bm_fill(w, BM_WORDS, true);
		bm_fill(c, BM_WORDS, true);
		bm_clear(c, IA32_NR_335);
		ASSERT_EQ(0, bitmap_install(0, ACT_ERRNO, w, BM_BITS, c, BM_BITS));
		EXPECT_EQ(-E_BITMAP, int80_3(IA32_NR_335, 0, 0, 0));
		EXPECT_EQ(getpid(), int80_3(IA32_NR_getpid, 0, 0, 0));
		CHILD_EXIT();
	}
	st = wait_status(pid);
	EXPECT_EXITED(st, 0);
}

/*
 * The documentation (Documentation/userspace-api/seccomp_bitmap.rst,
 * "Actions") says -1 is the one number that escapes the action, and struct
 * seccomp_bitmap_action's @action is "taken ... when @nr is denied".  A
 * per-syscall KILL_PROCESS for 335 is accepted, /proc lists 335 as not
 * allowed, and 335 still runs (SIGILL here): the exemption is a second
 * exception that neither the documentation nor the ABI reports.
 */
TEST(uretprobe_deny_action_accepted_and_not_taken)
{
	int has = kernel_has_uretprobe();
	int st;
	pid_t pid;

	ASSERT_LE(0, has);
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		struct seccomp_bitmap_action act = {
			.nr = __NR_uretprobe,
			.action = SECCOMP_RET_KILL_PROCESS,
		};
		struct seccomp_bitmap sb;
		__u64 w[BM_WORDS];
		char buf[2048];
		long r;

		signal(SIGILL, on_sigill);
		bm_fill(w, BM_WORDS, true);
		bm_clear(w, __NR_uretprobe);
		memset(&sb, 0, sizeof(sb));
		sb.size = sizeof(sb);
		sb.action = ACT_ERRNO;
		sb.nbits = BM_BITS;
		sb.native = (uintptr_t)w;
		sb.actions = (uintptr_t)&act;
		sb.nactions = 1;
		ASSERT_EQ(0, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", buf, sizeof(buf)));
		TH_LOG("/proc/self/seccomp_bitmap:\n%s", buf);
		r = call_uretprobe(__NR_uretprobe);
		TH_LOG("335 with a per-syscall KILL_PROCESS: %s (%ld)",
		       r == 1 ? "SIGILL, survived" : r == -ENOSYS ? "ENOSYS" :
		       r == -E_BITMAP ? "bitmap errno" : "other", r);
		/* only a kernel with the syscall gets here: SIGILL */
		EXPECT_EQ(1, r);
		_exit(BM_PASSED() ? 0 : 1);
	}
	st = wait_status(pid);
	/* with the syscall the entry is never taken; without, it kills */
	if (has) {
		EXPECT_EXITED(st, 0);
	} else {
		EXPECT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS);
	}
}

/*
 * A tracer rewrites a denied getppid to 335 at the syscall-entry stop (the
 * bitmap judges after it): the tracee gets what 335 gives anyone.
 */
TEST(uretprobe_tracer_rewrite_at_entry_gets_no_more)
{
	int st, i;
	pid_t pid = child_fork(_metadata, true);

	if (pid == 0) {
		int nrs[] = { __NR_uretprobe, __NR_getppid };
		long r;

		signal(SIGILL, on_sigill);
		ASSERT_EQ(0, deny_list(ACT_ERRNO, 0, nrs, 2));
		ASSERT_EQ(0, ptrace(PTRACE_TRACEME, 0, 0, 0));
		raise(SIGSTOP);
		r = call_uretprobe(__NR_getppid);
		_exit(r == 1 ? 10 : r == -ENOSYS ? 11 : r == -E_BITMAP ? 12 : 13);
	}
	ASSERT_EQ(pid, waitpid(pid, &st, 0));
	ASSERT_TRUE(WIFSTOPPED(st));
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD));
	for (i = 0; i < 200; i++) {
		struct user_regs_struct_min {
			unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9,
				r8, ax, cx, dx, si, di, orig_ax, ip, cs, flags,
				sp, ss, fs_base, gs_base, ds, es, fs, gs;
		} regs;

		ASSERT_EQ(0, ptrace(PTRACE_SYSCALL, pid, 0, 0));
		ASSERT_EQ(pid, waitpid(pid, &st, 0));
		if (!WIFSTOPPED(st))
			break;
		if (WSTOPSIG(st) != (SIGTRAP | 0x80)) {
			if (WSTOPSIG(st) == SIGILL) {
				ASSERT_EQ(0, ptrace(PTRACE_SYSCALL, pid, 0, SIGILL));
				ASSERT_EQ(pid, waitpid(pid, &st, 0));
				if (!WIFSTOPPED(st))
					break;
			}
			continue;
		}
		ASSERT_EQ(0, ptrace(PTRACE_GETREGS, pid, 0, &regs));
		if (regs.orig_ax == __NR_getppid && regs.ax == (unsigned long)-ENOSYS) {
			regs.orig_ax = __NR_uretprobe;
			ASSERT_EQ(0, ptrace(PTRACE_SETREGS, pid, 0, &regs));
		}
	}
	if (WIFSTOPPED(st)) {
		ptrace(PTRACE_DETACH, pid, 0, 0);
		st = wait_status(pid);
	}
	TH_LOG("getppid rewritten to 335 by the tracer: status 0x%x (exit 10 SIGILL, 11 ENOSYS, 12 bitmap errno)",
	       st);
	EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) >= 10 &&
		    WEXITSTATUS(st) <= 12);
}

/*
 * A real uretprobe on a function of this program (tracefs uprobe_events,
 * root): its return goes through the trampoline's syscall 335, which a
 * KILL_PROCESS bitmap without bit 335 lets run (the exemption's purpose);
 * the trampoline called directly, with no return pending, raises SIGILL
 * and does nothing else.
 */
static __attribute__((noinline)) int probed_fn(int x)
{
	asm volatile("" : "+r"(x));
	return x + 1;
}

static unsigned long file_offset_of(void *addr)
{
	unsigned long a = (unsigned long)addr, start, end, off;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx", &start, &end, &off) == 3 &&
		    a >= start && a < end) {
			fclose(f);
			return a - start + off;
		}
	}
	fclose(f);
	return 0;
}

static unsigned long uprobes_page(void)
{
	unsigned long start = 0, end;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "[uprobes]") &&
		    sscanf(line, "%lx-%lx", &start, &end) == 2)
			break;
	fclose(f);
	return start;
}

static int tracefs_write(const char *dir, const char *file, const char *s,
			 bool append)
{
	char path[256];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_WRONLY | O_CLOEXEC | (append ? O_APPEND : O_TRUNC));
	if (fd < 0)
		return -errno;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok ? 0 : -errno;
}

static const char *tracefs_dir(void);

TEST(uretprobe_real_trampoline)
{
	const char *t = tracefs_dir();
	char exe[256], probe[400];
	unsigned long off;
	ssize_t n;
	int st, r;
	pid_t pid;

	if (!t)
		SKIP(return, "no tracefs");
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	ASSERT_LT(0, n);
	exe[n] = '\0';
	off = file_offset_of((void *)probed_fn);
	ASSERT_NE(0, off);
	snprintf(probe, sizeof(probe), "r:review612/ret %s:0x%lx\n", exe, off);
	r = tracefs_write(t, "uprobe_events", probe, true);
	if (r)
		SKIP(return, "cannot add a uretprobe (%s): %s", probe, strerror(-r));
	ASSERT_EQ(0, tracefs_write(t, "events/review612/ret/enable", "1", false));

	/* 1. the probed function returns through 335 under KILL_PROCESS */
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		int nrs[] = { __NR_uretprobe, __NR_getppid };
		int i, sum = 0;

		ASSERT_EQ(0, deny_list(SECCOMP_RET_KILL_PROCESS, 0, nrs, 2));
		for (i = 0; i < 3; i++)
			sum += probed_fn(i);
		_exit(sum == 6 && uprobes_page() ? 0 : 1);
	}
	st = wait_status(pid);
	TH_LOG("confined task returning through a uretprobe: status 0x%x", st);
	EXPECT_EXITED(st, 0);

	/* 2. the trampoline called directly: SIGILL, policy unchanged */
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		int nrs[] = { __NR_uretprobe, __NR_getppid };
		unsigned long tramp;
		char before[2048], after[2048];

		signal(SIGILL, on_sigill);
		ASSERT_EQ(0, deny_list(ACT_ERRNO, 0, nrs, 2));
		ASSERT_EQ(1, probed_fn(0));
		tramp = uprobes_page();
		ASSERT_NE(0, tramp);
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", before,
				       sizeof(before)));
		ill_seen = 0;
		if (!sigsetjmp(ill_jmp, 1))
			((void (*)(void))tramp)();
		EXPECT_EQ(1, ill_seen);
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", after,
				       sizeof(after)));
		EXPECT_STREQ(before, after);
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getppid));
		/* the probe still works after */
		EXPECT_EQ(2, probed_fn(1));
		CHILD_EXIT();
	}
	st = wait_status(pid);
	EXPECT_EXITED(st, 0);

	tracefs_write(t, "events/review612/ret/enable", "0", false);
	tracefs_write(t, "uprobe_events", "-:review612/ret\n", true);
}

/* ========================================================================== */
/* 2. The 6.12 engine's spellings                                             */
/* ========================================================================== */

static const struct { int nr; const char *expr; } refused[] = {
	{ __NR_read, "count.function == do_exit" },
	{ __NR_read, "count.function==do_exit" },
	{ __NR_read, "count.function != do_exit" },
	{ __NR_read, "count.function == 0xffffffff81000000" },
	{ __NR_read, "count.function == 0" },
	{ __NR_read, "count.function > 0" },
	{ __NR_read, "count.ustring.function == do_exit" },
	{ __NR_read, "fd == 3 || count.function == do_exit" },
	{ __NR_read, "!(count.function != do_exit)" },
	{ __NR_read, "count == CPUS{0}" },
	{ __NR_read, "count & CPUS{0-1}" },
	{ __NR_read, "count != CPUS{0-3}" },
	{ __NR_read, "count==CPUS{0}" },
	{ __NR_read, "count ~ CPUS{0}" },
	{ __NR_read, "count < CPUS{0}" },
	{ __NR_read, "count.ustring & CPUS{0-1}" },
	{ __NR_read, "count == CPUS{}" },
	{ __NR_read, "count == CPUS{0" },
	{ __NR_read, "count ~ 1" },
	{ __NR_read, "count ~ *" },
	{ __NR_read, "buf ~ 1" },
	{ __NR_read, "buf.function == do_exit" },
	{ __NR_read, "common_cpu & CPUS{0-1}" },
	{ __NR_read, "CPU & CPUS{0-1}" },
	{ __NR_read, "cpu == CPUS{0}" },
	{ __NR_read, "CPUS == 1" },
	{ __NR_read, "count .function == do_exit" },
	{ __NR_read, "__syscall_nr.function == do_exit" },
	{ __NR_read, "__syscall_nr == CPUS{0}" },
	{ __NR_close, "fd.function == do_exit" },	/* 4-byte field */
	{ __NR_close, "fd & CPUS{0-63}" },
	{ __NR_getpid, "__syscall_nr & CPUS{1-2}" },
};

TEST(engine_612_spellings_refused)
{
	unsigned int i;

	REQUIRE_FILTERS();
	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		int st;
		pid_t pid = child_fork(_metadata, true);

		if (pid == 0) {
			struct seccomp_bitmap_filter f;
			long r;

			fset(&f, refused[i].nr, refused[i].expr);
			r = install_filters(ACT_ERRNO, &f, 1);
			_exit(r == -1 && errno == EINVAL ? 0 :
			      r == 0 ? 1 : 2);
		}
		st = wait_status(pid);
		EXPECT_EXITED(st, 0);
		if (st)
			TH_LOG("\"%s\" on %d: %s", refused[i].expr, refused[i].nr,
			       WIFEXITED(st) && WEXITSTATUS(st) == 1 ?
			       "ACCEPTED" : "not EINVAL");
	}
}

/* ".ustring" on an integer argument: either refused, or the integer compare */
TEST(engine_612_ustring_suffix_on_an_integer)
{
	int st;
	pid_t pid;

	REQUIRE_FILTERS();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		struct seccomp_bitmap_filter f;
		long r;

		fset(&f, __NR_close, "fd.ustring == 4243");
		r = install_filters(ACT_ERRNO, &f, 1);
		if (r) {
			TH_LOG("fd.ustring == 4243: refused (%s)", strerror(errno));
			EXPECT_EQ(EINVAL, errno);
			CHILD_EXIT();
		}
		TH_LOG("fd.ustring == 4243: accepted, checked as fd == 4243");
		EXPECT_EQ(-EBADF, raw_syscall6(__NR_close, RUN_V, 0, 0, 0, 0, 0));
		EXPECT_EQ(-E_BITMAP, raw_syscall6(__NR_close, DENY_V, 0, 0, 0, 0, 0));
		CHILD_EXIT();
	}
	st = wait_status(pid);
	EXPECT_EXITED(st, 0);
}

/* ========================================================================== */
/* 3. The early allow decides as the slow path                                */
/* ========================================================================== */

enum path { PATH_EARLY, PATH_SUD, PATH_TRACEPOINT, PATH_N };
static const char *const path_name[] = { "early", "user dispatch", "tracepoint" };

#define NPROBES 14

static volatile char sud_selector = SYSCALL_DISPATCH_FILTER_ALLOW;

/* The probes; with ia32, entries 10-13 go through int $0x80. */
static void run_probes(long *out, bool ia32)
{
	out[0] = raw_syscall0(__NR_getpid) == getpid();		/* allowed */
	out[1] = raw_syscall0(__NR_getppid);			/* denied */
	out[2] = raw_syscall6(__NR_close, RUN_V, 0, 0, 0, 0, 0);	/* filter true */
	out[3] = raw_syscall6(__NR_close, DENY_V, 0, 0, 0, 0, 0);	/* filter false */
	out[4] = raw_syscall6(__NR_close, RUN_V | (1L << 32), 0, 0, 0, 0, 0);
	out[5] = raw_syscall0(X32_BIT | __NR_getpid);
	out[6] = raw_syscall0(-1L);
	out[7] = raw_syscall0(511);
	out[8] = raw_syscall0(0xffffffffL & ~1L);
	out[9] = raw_syscall0(0x100000000L | __NR_getppid);
	if (ia32) {
		out[10] = int80_3(IA32_NR_getpid, 0, 0, 0) == getpid();
		out[11] = int80_3(IA32_NR_getppid, 0, 0, 0);
		out[12] = int80_3(-1, 0, 0, 0);
		out[13] = int80_3(1000, 0, 0, 0);
	} else {
		out[10] = out[11] = out[12] = out[13] = 0;
	}
}

static const char *tracefs_dir(void)
{
	static const char *const dirs[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
	};
	char path[128];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/events/raw_syscalls/sys_enter/enable",
			 dirs[i]);
		if (!access(path, F_OK))
			return dirs[i];
	}
	mount("nodev", dirs[0], "tracefs", 0, NULL);
	snprintf(path, sizeof(path), "%s/events/raw_syscalls/sys_enter/enable",
		 dirs[0]);
	return access(path, F_OK) ? NULL : dirs[0];
}

static int set_sys_enter(const char *dir, bool on)
{
	char path[256];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/events/raw_syscalls/sys_enter/enable", dir);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ok = write(fd, on ? "1" : "0", 1) == 1;
	close(fd);
	return ok ? 0 : -EIO;
}

TEST(fastpath_decides_as_the_slow_path)
{
	long res[PATH_N][NPROBES];
	bool ia32 = have_ia32();
	const char *tdir = tracefs_dir();
	bool have_path[PATH_N] = { true, true, tdir != NULL };
	int p, i;
	long *shared = shared_page();

	REQUIRE_FILTERS();
	ASSERT_NE(NULL, shared);
	for (p = 0; p < PATH_N; p++) {
		int st;
		pid_t pid;

		if (!have_path[p])
			continue;
		memset(shared, 0x55, NPROBES * sizeof(long));
		if (p == PATH_TRACEPOINT)
			ASSERT_EQ(0, set_sys_enter(tdir, true));
		pid = child_fork(_metadata, true);
		if (pid == 0) {
			struct seccomp_bitmap_filter f;
			__u64 w[BM_WORDS], c[BM_WORDS];
			struct seccomp_bitmap sb;

			bm_fill(w, BM_WORDS, true);
			bm_clear(w, __NR_getppid);
			bm_fill(c, BM_WORDS, true);
			bm_clear(c, IA32_NR_getppid);
			fset(&f, __NR_close, "fd != 4242");
			memset(&sb, 0, sizeof(sb));
			sb.size = sizeof(sb);
			sb.action = ACT_ERRNO;
			sb.nbits = BM_BITS;
			sb.native = (uintptr_t)w;
			sb.compat_nbits = ia32 ? BM_BITS : 0;
			sb.compat = (uintptr_t)c;
			sb.filters = (uintptr_t)&f;
			sb.nfilters = 1;
			if (p == PATH_SUD)
				ASSERT_EQ(0, prctl(PR_SET_SYSCALL_USER_DISPATCH,
						   PR_SYS_DISPATCH_ON, 0, 0,
						   &sud_selector));
			ASSERT_EQ(0, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
			run_probes(shared, ia32);
			CHILD_EXIT();
		}
		st = wait_status(pid);
		if (p == PATH_TRACEPOINT)
			set_sys_enter(tdir, false);
		EXPECT_EXITED(st, 0);
		memcpy(res[p], shared, sizeof(res[p]));
	}
	for (i = 0; i < NPROBES; i++)
		TH_LOG("probe %2d: early %ld, user dispatch %ld, tracepoint %ld",
		       i, res[PATH_EARLY][i], res[PATH_SUD][i],
		       have_path[PATH_TRACEPOINT] ? res[PATH_TRACEPOINT][i] : 0L);
	for (p = 1; p < PATH_N; p++) {
		if (!have_path[p])
			continue;
		for (i = 0; i < NPROBES; i++) {
			if (res[PATH_EARLY][i] != res[p][i])
				TH_LOG("probe %d: early path %ld, %s %ld", i,
				       res[PATH_EARLY][i], path_name[p], res[p][i]);
			EXPECT_EQ(res[PATH_EARLY][i], res[p][i]);
		}
	}
	/* and the verdicts themselves */
	EXPECT_EQ(1, res[PATH_EARLY][0]);
	EXPECT_EQ(-E_BITMAP, res[PATH_EARLY][1]);
	EXPECT_EQ(-EBADF, res[PATH_EARLY][2]);
	EXPECT_EQ(-E_BITMAP, res[PATH_EARLY][3]);
	EXPECT_EQ(-E_BITMAP, res[PATH_EARLY][5]);
	EXPECT_EQ(-ENOSYS, res[PATH_EARLY][6]);
	EXPECT_EQ(-E_BITMAP, res[PATH_EARLY][7]);
	EXPECT_EQ(-E_BITMAP, res[PATH_EARLY][8]);
	EXPECT_EQ(-E_BITMAP, res[PATH_EARLY][9]);
	if (ia32) {
		EXPECT_EQ(1, res[PATH_EARLY][10]);
		EXPECT_EQ(-E_BITMAP, res[PATH_EARLY][11]);
		EXPECT_EQ(-E_BITMAP, res[PATH_EARLY][13]);
	}
}

/* Syscall user dispatch at BLOCK: SUD's SIGSYS, before seccomp; nothing runs */
static volatile sig_atomic_t sud_sigsys_code = -1;

static void on_sud_sigsys(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	sud_sigsys_code = si->si_code;
	sud_selector = SYSCALL_DISPATCH_FILTER_ALLOW;
}

TEST(user_dispatch_block_runs_nothing_the_bitmap_denies)
{
	int st;
	pid_t pid = child_fork(_metadata, true);

	if (pid == 0) {
		int nrs[] = { __NR_getppid };
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_sud_sigsys;
		sa.sa_flags = SA_SIGINFO;
		ASSERT_EQ(0, sigaction(SIGSYS, &sa, NULL));
		ASSERT_EQ(0, deny_list(ACT_ERRNO, 0, nrs, 1));
		ASSERT_EQ(0, prctl(PR_SET_SYSCALL_USER_DISPATCH,
				   PR_SYS_DISPATCH_ON, 0, 0, &sud_selector));
		sud_selector = SYSCALL_DISPATCH_FILTER_BLOCK;
		raw_syscall0(__NR_getppid);
		/* the handler put the selector back to ALLOW */
		EXPECT_EQ(2 /* SYS_USER_DISPATCH */, sud_sigsys_code);
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getppid));
		CHILD_EXIT();
	}
	st = wait_status(pid);
	EXPECT_EXITED(st, 0);
}

/* ========================================================================== */
/* 4. exit and TSYNC                                                          */
/* ========================================================================== */

/* Syscalls no thread of the test makes: cleared one TSYNC narrowing at a time */
static const int spare_nrs[] = {
	134, 136, 139, 153, 154, 155, 156, 163, 167, 168, 169, 172, 173, 174,
	175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 212, 236, 246,
	248, 249, 250, 298, 303, 304, 310, 311, 312, 313, 320, 321, 424, 425,
	426, 427, 428, 429, 430, 431, 432, 433, 434, 437, 438, 440, 441, 442,
	443, 444, 445, 446, 447, 448, 449, 450, 451, 452, 454, 455, 456,
	457, 458, 459, 460, 461, 462,
};

static volatile int race_stop;

static void *short_thread(void *arg)
{
	(void)arg;
	raw_syscall0(__NR_getpid);
	return NULL;
}

static void *churn(void *arg)
{
	(void)arg;
	while (!race_stop) {
		pthread_t t;

		if (!pthread_create(&t, NULL, short_thread, NULL))
			pthread_join(t, NULL);
		if (!pthread_create(&t, NULL, short_thread, NULL))
			pthread_detach(t);
	}
	return NULL;
}

static void *proc_reader(void *arg)
{
	long *reads = arg;

	while (!race_stop) {
		DIR *d = opendir("/proc/self/task");
		struct dirent *e;
		char path[300], buf[2048];

		if (!d)
			continue;
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path),
				 "/proc/self/task/%s/seccomp_bitmap", e->d_name);
			if (read_file(path, buf, sizeof(buf)) >= 0)
				(*reads)++;
		}
		closedir(d);
	}
	return NULL;
}

static long tainted(void)
{
	char buf[64];

	if (read_file("/proc/sys/kernel/tainted", buf, sizeof(buf)) <= 0)
		return -1;
	return strtol(buf, NULL, 10);
}

TEST(exit_race_tsync_proc)
{
	long taint0 = tainted();
	int round, st;

	for (round = 0; round < 4; round++) {
		pid_t pid = child_fork(_metadata, true);

		if (pid == 0) {
			pthread_t ch[3], rd;
			long reads = 0;
			__u64 w[BM_WORDS];
			unsigned int i;
			int fails = 0, first_fail = 0;
			char mine[2048], theirs[2048], path[300];
			DIR *d;
			struct dirent *e;

			bm_fill(w, BM_WORDS, true);
			ASSERT_EQ(0, bitmap_install(SECCOMP_BITMAP_FLAG_TSYNC,
						    ACT_ERRNO, w, BM_BITS, NULL, 0));
			for (i = 0; i < ARRAY_SIZE(ch); i++)
				ASSERT_EQ(0, pthread_create(&ch[i], NULL, churn, NULL));
			ASSERT_EQ(0, pthread_create(&rd, NULL, proc_reader, &reads));
			for (i = 0; i < ARRAY_SIZE(spare_nrs); i++) {
				long r;

				bm_clear(w, spare_nrs[i]);
				r = bitmap_install(SECCOMP_BITMAP_FLAG_TSYNC,
						   ACT_ERRNO, w, BM_BITS, NULL, 0);
				if (r) {
					if (!fails++)
						first_fail = r < 0 ? -errno : r;
				}
				usleep(1000);
			}
			race_stop = 1;
			for (i = 0; i < ARRAY_SIZE(ch); i++)
				pthread_join(ch[i], NULL);
			pthread_join(rd, NULL);
			EXPECT_EQ(0, fails) {
				TH_LOG("%d TSYNC narrowings refused, the first with %d",
				       fails, first_fail);
			}
			/* every thread still alive has the caller's bitmap */
			ASSERT_LT(0, read_file("/proc/thread-self/seccomp_bitmap",
					       mine, sizeof(mine)));
			d = opendir("/proc/self/task");
			ASSERT_NE(NULL, d);
			while ((e = readdir(d))) {
				if (e->d_name[0] == '.')
					continue;
				snprintf(path, sizeof(path),
					 "/proc/self/task/%s/seccomp_bitmap",
					 e->d_name);
				if (read_file(path, theirs, sizeof(theirs)) < 0)
					continue;
				EXPECT_STREQ(mine, theirs);
			}
			closedir(d);
			TH_LOG("round %d: %ld /proc reads", round, reads);
			/* each denied in the end, in this thread */
			EXPECT_EQ(-E_BITMAP, raw_syscall0(spare_nrs[0]));
			CHILD_EXIT();
		}
		st = wait_status(pid);
		EXPECT_EXITED(st, 0);
	}
	EXPECT_EQ(taint0, tainted()) {
		TH_LOG("kernel taint went from 0x%lx to 0x%lx: see dmesg",
		       taint0, tainted());
	}
}

/*
 * The group leader narrows its own bitmap (no TSYNC) and exits as a thread
 * (SYS_exit): a zombie, PF_EXITING, still on the thread list, as 6.12's
 * filter TSYNC skips.  Another thread then asks for TSYNC.  Reports what
 * happens; the security property: the caller ends either synced with its
 * new bitmap, or refused and as it was.
 */
static int zl_pipe[2];
static int zl_filter;	/* the same race with seccomp-bpf filters */

/* a filter that denies nr with E_BITMAP and allows the rest */
static long zl_install_bpf(unsigned int flags, int nr)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | E_BITMAP),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = (unsigned short)ARRAY_SIZE(filter),
		.filter = filter,
	};

	return sys_seccomp(SECCOMP_SET_MODE_FILTER, flags, &prog);
}

static void *zl_thread(void *arg)
{
	pid_t leader = (pid_t)(long)arg;
	char path[64], buf[512], c;
	__u64 w[BM_WORDS];
	long r;
	int i, e;

	if (read(zl_pipe[0], &c, 1) != 1)
		_exit(20);
	/* wait for the leader to be a zombie */
	snprintf(path, sizeof(path), "/proc/%d/status", leader);
	for (i = 0; i < 2000; i++) {
		if (read_file(path, buf, sizeof(buf)) > 0 &&
		    strstr(buf, "State:\tZ"))
			break;
		usleep(1000);
	}
	if (zl_filter) {
		r = zl_install_bpf(SECCOMP_FILTER_FLAG_TSYNC, __NR_getpgid);
	} else {
		bm_fill(w, BM_WORDS, true);
		bm_clear(w, __NR_getpgid);
		r = bitmap_install(SECCOMP_BITMAP_FLAG_TSYNC, ACT_ERRNO, w,
				   BM_BITS, NULL, 0);
	}
	e = errno;
	if (r == 0) {
		/* synced: denied here */
		_exit(raw_syscall6(__NR_getpgid, 0, 0, 0, 0, 0, 0) == -E_BITMAP ?
		      0 : 21);
	}
	if (r == leader) {
		/* refused with the zombie leader's pid: unchanged */
		_exit(raw_syscall6(__NR_getpgid, 0, 0, 0, 0, 0, 0) >= 0 ? 1 : 22);
	}
	fprintf(stderr, "# TSYNC with a zombie leader: %ld (%s)\n", r, strerror(e));
	_exit(23);
}

/* 0: TSYNC synced past the zombie leader; 1: refused with its pid */
static int zl_run(struct __test_metadata *_metadata, int filter)
{
	int st;
	pid_t pid;

	zl_filter = filter;
	ASSERT_EQ(0, pipe(zl_pipe));
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		pthread_t t;
		__u64 w[BM_WORDS];

		ASSERT_EQ(0, pthread_create(&t, NULL, zl_thread,
					    (void *)(long)getpid()));
		if (filter) {
			ASSERT_EQ(0, zl_install_bpf(0, __NR_getppid));
		} else {
			bm_fill(w, BM_WORDS, true);
			bm_clear(w, __NR_getppid);
			ASSERT_EQ(0, bitmap_install(0, ACT_ERRNO, w, BM_BITS,
						    NULL, 0));
		}
		ASSERT_EQ(1, write(zl_pipe[1], "x", 1));
		syscall(SYS_exit, 0);
		_exit(30);
	}
	st = wait_status(pid);
	close(zl_pipe[0]);
	close(zl_pipe[1]);
	EXPECT_TRUE(WIFEXITED(st));
	if (!WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/*
 * The leader narrowed its own state without TSYNC and became a zombie;
 * another thread asks for TSYNC.  Bitmap TSYNC treats the exiting leader
 * as filter TSYNC does on the same kernel: 6.12 skips exiting threads
 * (their filters are released in do_exit()), 6.1 refuses with their pid.
 */
TEST(zombie_leader_with_its_own_bitmap_and_tsync)
{
	int f = zl_run(_metadata, 1);
	int b = zl_run(_metadata, 0);

	TH_LOG("zombie leader, TSYNC from the other thread: filters %d, bitmap %d (0: synced past the zombie; 1: refused with the leader's pid, caller unchanged)",
	       f, b);
	ASSERT_LE(0, f);
	ASSERT_GE(1, f);
	EXPECT_EQ(f, b);
}

/* ========================================================================== */
/* 5. Stacked filters: PTRACE_EVENT_SECCOMP to 335, filter TSYNC, both TSYNCs */
/* ========================================================================== */

#define MAGIC	0x5eccL
#define E_BPF	EXDEV

/* getpid with args[2] == MAGIC: TRACE; getsid: ERRNO(E_BPF); else ALLOW */
static long install_bpf(unsigned int flags)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getsid, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | E_BPF),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getpid, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, args[2])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (__u32)MAGIC, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = (unsigned short)ARRAY_SIZE(filter),
		.filter = filter,
	};

	return sys_seccomp(SECCOMP_SET_MODE_FILTER, flags, &prog);
}

FIXTURE(event_rewrite) {
	int unused;
};

FIXTURE_VARIANT(event_rewrite) {
	long to;
	int code;	/* the child's exit code: 10 SIGILL, 11 ENOSYS, 12 bitmap errno, 13 other */
	int code_old;	/* the same where the kernel has no uretprobe syscall (6.1) */
};

/*
 * rewritten to 335: what 335 gives anyone (SIGILL, no trampoline); on a
 * kernel without the syscall an unknown number, so the bitmap's action
 */
FIXTURE_VARIANT_ADD(event_rewrite, to_uretprobe) { .to = __NR_uretprobe, .code = 10, .code_old = 12, };
/* to 335 | x32 bit: no uretprobe, the bitmap's action */
FIXTURE_VARIANT_ADD(event_rewrite, to_x32_uretprobe) { .to = X32_BIT | __NR_uretprobe, .code = 12, .code_old = 12, };
/* to the denied getppid: the bitmap judges again */
FIXTURE_VARIANT_ADD(event_rewrite, to_getppid) { .to = __NR_getppid, .code = 12, .code_old = 12, };

FIXTURE_SETUP(event_rewrite)
{
}

FIXTURE_TEARDOWN(event_rewrite)
{
}

TEST_F(event_rewrite, rejudged)
{
	int has = kernel_has_uretprobe();
	int st, i;
	pid_t pid;

	ASSERT_LE(0, has);
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		int nrs[] = { __NR_uretprobe, __NR_getppid };
		long r;

		signal(SIGILL, on_sigill);
		ASSERT_EQ(0, deny_list(ACT_ERRNO, 0, nrs, 2));
		ASSERT_EQ(0, install_bpf(0));
		ASSERT_EQ(0, ptrace(PTRACE_TRACEME, 0, 0, 0));
		raise(SIGSTOP);
		ill_seen = 0;
		if (sigsetjmp(ill_jmp, 1))
			_exit(10);
		r = raw_syscall6(__NR_getpid, 0, 0, MAGIC, 0, 0, 0);
		_exit(r == -ENOSYS ? 11 : r == -E_BITMAP ? 12 : 13);
	}
	ASSERT_EQ(pid, waitpid(pid, &st, 0));
	ASSERT_TRUE(WIFSTOPPED(st));
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, pid, 0,
			    PTRACE_O_TRACESECCOMP | PTRACE_O_EXITKILL));
	ASSERT_EQ(0, ptrace(PTRACE_CONT, pid, 0, 0));
	for (i = 0; i < 100; i++) {
		int sig;

		st = wait_status_wall(pid);
		if (!WIFSTOPPED(st))
			break;
		sig = WSTOPSIG(st);
		if (st >> 8 == (SIGTRAP | (PTRACE_EVENT_SECCOMP << 8))) {
			sig = 0;
			ASSERT_EQ(0, ptrace(PTRACE_POKEUSER, pid,
					    offsetof(struct user_regs_struct, orig_rax),
					    variant->to));
		}
		ASSERT_EQ(0, ptrace(PTRACE_CONT, pid, 0, sig));
	}
	TH_LOG("getpid rewritten at PTRACE_EVENT_SECCOMP to 0x%lx: status 0x%x (uretprobe syscall: %s)",
	       variant->to, st, has ? "yes" : "no");
	if (has) {
		EXPECT_EXITED(st, variant->code);
	} else {
		EXPECT_EXITED(st, variant->code_old);
	}
}

/*
 * A thread of a task in bitmap mode takes the early path; another thread
 * installs a BPF filter with TSYNC: the first thread's next syscall must
 * go through the filter (the early path refuses when a filter is stacked).
 */
static int ft_pipe[2], ft_done[2];

static void *ft_thread(void *arg)
{
	char c;
	long r;

	(void)arg;
	/* early path: allowed, no filter yet */
	if (raw_syscall0(__NR_getsid) < 0)
		return (void *)1L;
	if (read(ft_pipe[0], &c, 1) != 1)
		return (void *)2L;
	r = raw_syscall0(__NR_getsid);
	return (void *)(r == -E_BPF ? 0L : 3L);
}

TEST(filter_tsync_reaches_a_thread_on_the_early_path)
{
	int st;
	pid_t pid = child_fork(_metadata, true);

	if (pid == 0) {
		int nrs[] = { __NR_getppid };
		pthread_t t;
		void *ret;

		ASSERT_EQ(0, pipe(ft_pipe));
		ASSERT_EQ(0, deny_list(ACT_ERRNO, SECCOMP_BITMAP_FLAG_TSYNC, nrs, 1));
		ASSERT_EQ(0, pthread_create(&t, NULL, ft_thread, NULL));
		usleep(20000);
		ASSERT_EQ(0, install_bpf(SECCOMP_FILTER_FLAG_TSYNC));
		ASSERT_EQ(1, write(ft_pipe[1], "x", 1));
		ASSERT_EQ(0, pthread_join(t, &ret));
		EXPECT_EQ(0L, (long)ret);
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		EXPECT_EQ(-E_BPF, raw_syscall0(__NR_getsid));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getppid));
		CHILD_EXIT();
	}
	st = wait_status(pid);
	EXPECT_EXITED(st, 0);
	(void)ft_done;
}

/* Bitmap TSYNC and filter TSYNC from two threads while threads come and go */
static volatile int mix_stop;
static int mix_filter_fails, mix_filters;

static void *mix_filter_tsync(void *arg)
{
	(void)arg;
	while (!mix_stop && mix_filters < 40) {
		long r = install_bpf(SECCOMP_FILTER_FLAG_TSYNC);

		if (r)
			mix_filter_fails++;
		else
			mix_filters++;
		usleep(2000);
	}
	return NULL;
}

static int status_field(const char *path, const char *key)
{
	char buf[4096], *p;

	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	p = strstr(buf, key);
	return p ? atoi(p + strlen(key)) : -2;
}

TEST(both_tsyncs_with_exiting_threads)
{
	long taint0 = tainted();
	int st;
	pid_t pid = child_fork(_metadata, true);

	if (pid == 0) {
		pthread_t ch[3], ft;
		__u64 w[BM_WORDS];
		unsigned int i;
		int fails = 0, nfilt, mode;
		char mine[2048], theirs[2048], path[300];
		DIR *d;
		struct dirent *e;

		bm_fill(w, BM_WORDS, true);
		ASSERT_EQ(0, bitmap_install(SECCOMP_BITMAP_FLAG_TSYNC, ACT_ERRNO,
					    w, BM_BITS, NULL, 0));
		race_stop = 0;
		for (i = 0; i < ARRAY_SIZE(ch); i++)
			ASSERT_EQ(0, pthread_create(&ch[i], NULL, churn, NULL));
		ASSERT_EQ(0, pthread_create(&ft, NULL, mix_filter_tsync, NULL));
		for (i = 0; i < ARRAY_SIZE(spare_nrs); i++) {
			bm_clear(w, spare_nrs[i]);
			if (bitmap_install(SECCOMP_BITMAP_FLAG_TSYNC, ACT_ERRNO,
					   w, BM_BITS, NULL, 0))
				fails++;
			usleep(1000);
		}
		mix_stop = 1;
		race_stop = 1;
		pthread_join(ft, NULL);
		for (i = 0; i < ARRAY_SIZE(ch); i++)
			pthread_join(ch[i], NULL);
		EXPECT_EQ(0, fails);
		EXPECT_EQ(0, mix_filter_fails);
		TH_LOG("%d filters synced", mix_filters);
		ASSERT_LT(0, read_file("/proc/thread-self/seccomp_bitmap", mine,
				       sizeof(mine)));
		nfilt = status_field("/proc/thread-self/status", "Seccomp_filters:");
		EXPECT_EQ(mix_filters, nfilt);
		d = opendir("/proc/self/task");
		ASSERT_NE(NULL, d);
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "/proc/self/task/%s/seccomp_bitmap",
				 e->d_name);
			if (read_file(path, theirs, sizeof(theirs)) < 0)
				continue;
			EXPECT_STREQ(mine, theirs);
			snprintf(path, sizeof(path), "/proc/self/task/%s/status",
				 e->d_name);
			mode = status_field(path, "Seccomp:");
			if (mode >= 0)
				EXPECT_EQ(SECCOMP_MODE_BITMAP, mode);
			st = status_field(path, "Seccomp_filters:");
			if (st >= 0)
				EXPECT_EQ(nfilt, st);
		}
		closedir(d);
		EXPECT_EQ(-E_BPF, raw_syscall0(__NR_getsid));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(spare_nrs[0]));
		CHILD_EXIT();
	}
	st = wait_status(pid);
	EXPECT_EXITED(st, 0);
	EXPECT_EQ(taint0, tainted());
}

static void __attribute__((constructor)) probe(void)
{
	probe_filter_support(SECCOMP_RET_ERRNO | E_BITMAP, __NR_close,
			     "fd != 4242");
}

TEST_HARNESS_MAIN

#else
BITMAP_X86_ONLY_MAIN("the review of the 6.12 port: uretprobe, x32 and ia32 numbers, orig_rax, int $0x80; arm64's counterparts: seccomp_bitmap_arch_test, seccomp_bitmap_review18_test")
#endif
