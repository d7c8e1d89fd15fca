// SPDX-License-Identifier: GPL-2.0
/*
 * Bypass attempts against seccomp bitmap mode (SECCOMP_MODE_BITMAP).
 *
 * Each test is one way a confined task could try to run a syscall its
 * bitmap denies: another syscall table (int $0x80), numbers the table does
 * not have (x32, negative, out of range, high bits), a ptracer rewriting
 * the number, PTRACE_O_SUSPEND_SECCOMP, threads and children made in
 * every way, a setuid-root execve, a SIGSYS handler that re-enters the
 * denied syscall, io_uring, and a TSYNC narrowing racing busy siblings.
 * Each asserts the exact outcome: the bitmap's action (ERRNO: the exact
 * errno; KILL_PROCESS: WTERMSIG == SIGSYS; TRAP: the exact number of
 * traps) and that the denied syscall never ran (where it has a visible
 * effect: a directory it would have created does not exist).
 *
 * Every confining test confines a child it forked and checks how the
 * child ended; a child that used EXPECT_*() ends with CHILD_EXIT() and the
 * parent asserts exit 0.  Children report values through a MAP_SHARED
 * page where that is clearer than an exit status.
 *
 * The binary is also its own exec helper (argv[1] == HELPER_ARG): the
 * setuid test runs a setuid-root copy of it.
 *
 * x86-64 only.
 */

#include "bitmap_util.h"

#if BITMAP_X86_64

#include <grp.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/capability.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <ucontext.h>

/*
 * The x86-64 and ia32 tables have 451 entries (0..450) each in 6.1, 463
 * in 6.12: NATIVE_NR and COMPAT_NR (bitmap_util.h) ask the running kernel.
 */

/* ia32 numbers (int $0x80) */
#define IA32_NR_exit		1
#define IA32_NR_write		4
#define IA32_NR_getpid		20
#define IA32_NR_getppid		64
#define IA32_NR_exit_group	252

#define X32_SYSCALL_BIT		0x40000000L

/* "every bit set", far beyond either table (BM_BITS is in bitmap_util.h) */
#define BIG_BITS	4096
#define BIG_WORDS	(BIG_BITS / 64)

#define UNPRIV_UID	65534
#define HELPER_ARG	"--bypass-exec-helper"

/* ---- helpers ------------------------------------------------------------- */

/* bitmap_util.h's deny_list() of one syscall */
static long deny_one(__u32 action, unsigned int flags, int nr)
{
	return deny_list(action, flags, &nr, 1);
}

/* ebx = 99: an ia32 exit that wrongly ran ends the process with status 99 */
static long int80(long nr)
{
	return int80_3(nr, 99, 0, 0);
}

/* ========================================================================== */
/* Numbers no table has: x32, negative, at and beyond the table's size        */
/* ========================================================================== */

/* Does this kernel run x32 syscalls (CONFIG_X86_X32_ABI and x32 enabled)? */
static bool have_x32(void)
{
	return raw_syscall0(X32_SYSCALL_BIT | __NR_getpid) == getpid();
}

/*
 * Every bit set, far beyond the table: a kernel that read a bit for these
 * numbers (rather than refusing them by range) would find it set.
 */
static long allow_all_big(__u32 action)
{
	static __u64 w[BIG_WORDS];

	bm_fill(w, BIG_WORDS, true);
	return bitmap_install(0, action, w, BIG_BITS, NULL, 0);
}

FIXTURE(bad_nr) {
	long nr;	/* variant->nr, past the kernel's table if past_table */
};

FIXTURE_VARIANT(bad_nr) {
	long nr;
	bool past_table;	/* nr is NATIVE_NR + nr */
	bool x32;
	/*
	 * -1, the kernel's "skip this syscall" number: nothing ever runs
	 * for it, so no bitmap action either: ENOSYS under any bitmap.
	 */
	bool skip_nr;
};

FIXTURE_VARIANT_ADD(bad_nr, minus_1) { .nr = -1, .skip_nr = true, };
FIXTURE_VARIANT_ADD(bad_nr, minus_2) { .nr = -2, };
FIXTURE_VARIANT_ADD(bad_nr, table_size) { .nr = 0, .past_table = true, };
FIXTURE_VARIANT_ADD(bad_nr, table_size_plus_1) { .nr = 1, .past_table = true, };
FIXTURE_VARIANT_ADD(bad_nr, nr_511) { .nr = 511, };
FIXTURE_VARIANT_ADD(bad_nr, nr_512) { .nr = 512, };
FIXTURE_VARIANT_ADD(bad_nr, nr_1000) { .nr = 1000, };
FIXTURE_VARIANT_ADD(bad_nr, nr_4095) { .nr = BIG_BITS - 1, };
FIXTURE_VARIANT_ADD(bad_nr, nr_0x3fffffff) { .nr = 0x3fffffff, };
FIXTURE_VARIANT_ADD(bad_nr, x32_read) { .nr = X32_SYSCALL_BIT | __NR_read, .x32 = true, };
FIXTURE_VARIANT_ADD(bad_nr, x32_getpid) { .nr = X32_SYSCALL_BIT | __NR_getpid, .x32 = true, };
FIXTURE_VARIANT_ADD(bad_nr, x32_getppid) { .nr = X32_SYSCALL_BIT | __NR_getppid, .x32 = true, };
FIXTURE_VARIANT_ADD(bad_nr, x32_rt_sigaction_512) { .nr = X32_SYSCALL_BIT | 512, .x32 = true, };
FIXTURE_VARIANT_ADD(bad_nr, nr_0x7fffffff) { .nr = 0x7fffffff, };
FIXTURE_VARIANT_ADD(bad_nr, int_min_0x80000000) { .nr = 0x80000000L, };
/* the entry code's number is eax, sign-extended (movslq): this is -1 */
FIXTURE_VARIANT_ADD(bad_nr, rax_0xffffffff) { .nr = 0xffffffffL, .skip_nr = true, };

FIXTURE_SETUP(bad_nr)
{
	self->nr = variant->nr;
	if (variant->past_table) {
		ASSERT_LT(0, NATIVE_NR);
		self->nr += NATIVE_NR;
	}
}

FIXTURE_TEARDOWN(bad_nr)
{
}

/* The baseline: without seccomp the kernel answers ENOSYS for these. */
TEST_F(bad_nr, unconfined_kernel_returns_enosys)
{
	if (variant->x32 && have_x32())
		SKIP(return, "x32 ABI enabled: x32 numbers run unconfined");
	errno = 0;
	EXPECT_EQ(-1, syscall(self->nr));
	EXPECT_EQ(ENOSYS, errno);
	EXPECT_EQ(-ENOSYS, raw_syscall0(self->nr));
}

static void bad_nr_errno_child(struct __test_metadata *_metadata,
			       long nr, bool raw, bool skip_nr)
{
	int err = skip_nr ? ENOSYS : E_BITMAP;

	child_prep(_metadata, true);
	ASSERT_EQ(0, allow_all_big(SECCOMP_RET_ERRNO | E_BITMAP));
	if (raw) {
		EXPECT_EQ(-err, raw_syscall0(nr));
		/* and again: nothing about the first refusal changed */
		EXPECT_EQ(-err, raw_syscall0(nr));
	} else {
		errno = 0;
		EXPECT_EQ(-1, syscall(nr));
		EXPECT_EQ(err, errno);
	}
	/* an allowed call still runs */
	EXPECT_EQ(getpid(), raw_syscall0(__NR_getpid));
	CHILD_EXIT();
}

TEST_F(bad_nr, errno_action_wins_over_enosys_via_syscall2)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0)
		bad_nr_errno_child(_metadata, self->nr, false,
				   variant->skip_nr);
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

TEST_F(bad_nr, errno_action_wins_over_enosys_via_raw_syscall_insn)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0)
		bad_nr_errno_child(_metadata, self->nr, true,
				   variant->skip_nr);
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

TEST_F(bad_nr, kill_process_sigsys_via_syscall2)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_all_big(SECCOMP_RET_KILL_PROCESS));
		errno = 0;
		if (syscall(self->nr) == -1 && errno == ENOSYS)
			_exit(51);
		_exit(50);
	}
	/* -1: ENOSYS, not killed; the others: SIGSYS */
	if (variant->skip_nr) {
		EXPECT_EXITED(wait_status_wall(pid), 51);
	} else {
		EXPECT_KILLED_BY(wait_status_wall(pid), SIGSYS);
	}
}

TEST_F(bad_nr, kill_process_sigsys_via_raw_syscall_insn)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_all_big(SECCOMP_RET_KILL_PROCESS));
		if (raw_syscall0(self->nr) == -ENOSYS)
			_exit(51);
		_exit(50);
	}
	/* -1: ENOSYS, not killed; the others: SIGSYS */
	if (variant->skip_nr) {
		EXPECT_EXITED(wait_status_wall(pid), 51);
	} else {
		EXPECT_KILLED_BY(wait_status_wall(pid), SIGSYS);
	}
}

/*
 * The entry code uses only eax as the number (movslq): rax with high bits
 * set above a denied number IS that syscall, and seccomp must see it so.
 */
TEST(high_rax_bits_are_the_same_syscall_for_seccomp_and_the_kernel)
{
	const long hi = 1L << 32;
	pid_t pid;

	/* baseline, unconfined: (1 << 32) | getppid runs getppid */
	EXPECT_EQ(getppid(), raw_syscall0(hi | __NR_getppid));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				      __NR_getppid));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(hi | __NR_getppid));
		EXPECT_EQ(-E_BITMAP,
			  raw_syscall0(0xffff0000L << 32 | __NR_getppid));
		EXPECT_EQ(getpid(), raw_syscall0(hi | __NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

/* ========================================================================== */
/* ia32 syscalls (int $0x80) from a 64-bit task                               */
/* ========================================================================== */

/* Native table fully allowed, no compat bitmap: every int $0x80 is denied. */
TEST(ia32_without_compat_bitmap_every_int80_gets_errno)
{
	pid_t pid;

	NEED_IA32();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_all_big(SECCOMP_RET_ERRNO | E_BITMAP));
		EXPECT_EQ(-E_BITMAP, int80(IA32_NR_getpid));
		EXPECT_EQ(-E_BITMAP, int80(IA32_NR_getppid));
		/* ia32 1 is exit: denied, so this process goes on */
		EXPECT_EQ(-E_BITMAP, int80(IA32_NR_exit));
		EXPECT_EQ(-E_BITMAP, int80(IA32_NR_exit_group));
		EXPECT_EQ(-E_BITMAP, int80_3(IA32_NR_write, 2, (long)"x", 1));
		/* the native table still runs: 1 is write there */
		EXPECT_EQ(0,
			  raw_syscall6(__NR_write, 2, (long)"", 0, 0, 0, 0));
		EXPECT_EQ(getpid(), raw_syscall0(__NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

TEST(ia32_without_compat_bitmap_int80_kill_process_sigsys)
{
	pid_t pid;

	NEED_IA32();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_all_big(SECCOMP_RET_KILL_PROCESS));
		int80(IA32_NR_getpid);
		_exit(50);
	}
	EXPECT_KILLED_BY(wait_status_wall(pid), SIGSYS);
}

/*
 * 20 is getpid in the ia32 table and writev in the native one.  Compat
 * allows only ia32 getpid, native denies writev: each number is looked up
 * in its own table, whatever the other says, in either order (no state of
 * one call leaks into the next).
 */
TEST(ia32_nr_20_is_getpid_by_int80_and_writev_by_syscall)
{
	pid_t pid;

	NEED_IA32();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 native[BM_WORDS], compat[BM_WORDS];

		child_prep(_metadata, true);
		bm_fill(native, BM_WORDS, true);
		bm_clear(native, __NR_writev);
		bm_fill(compat, BM_WORDS, false);
		bm_set(compat, IA32_NR_getpid);
		ASSERT_EQ(20, __NR_writev);
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
					    native, BM_BITS, compat, BM_BITS));
		EXPECT_EQ(getpid(), int80(IA32_NR_getpid));
		EXPECT_EQ(-E_BITMAP,
			  raw_syscall6(__NR_writev, 2, 0, 0, 0, 0, 0));
		EXPECT_EQ(getpid(), int80(IA32_NR_getpid));
		EXPECT_EQ(-E_BITMAP,
			  raw_syscall6(__NR_writev, 2, 0, 0, 0, 0, 0));
		/* everything else of ia32 is denied: 64 getppid, 1 exit */
		EXPECT_EQ(-E_BITMAP, int80(IA32_NR_getppid));
		EXPECT_EQ(-E_BITMAP, int80(IA32_NR_exit));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

/*
 * 1 is write natively and exit in ia32.  Native denies write, compat
 * allows only exit: native write is refused, ia32 exit(99) ends the
 * process with status 99 (allowed per the compat bitmap).
 */
TEST(ia32_exit_1_allowed_by_compat_while_native_write_1_denied)
{
	pid_t pid;

	NEED_IA32();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 native[BM_WORDS], compat[BM_WORDS];

		child_prep(_metadata, true);
		bm_fill(native, BM_WORDS, true);
		bm_clear(native, __NR_write);
		bm_fill(compat, BM_WORDS, false);
		bm_set(compat, IA32_NR_exit);
		if (bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
				   native, BM_BITS, compat, BM_BITS))
			_exit(10);
		/* write() is denied here: report by exit status only */
		if (raw_syscall6(__NR_write, 2, (long)"x", 1, 0, 0, 0) !=
		    -E_BITMAP)
			raw_syscall6(__NR_exit_group, 11, 0, 0, 0, 0, 0);
		if (int80(IA32_NR_getpid) != -E_BITMAP)
			raw_syscall6(__NR_exit_group, 12, 0, 0, 0, 0, 0);
		int80(IA32_NR_exit);	/* ebx = 99 */
		raw_syscall6(__NR_exit_group, 13, 0, 0, 0, 0, 0);
	}
	EXPECT_EXITED(wait_status_wall(pid), 99);
}

/* The reverse: compat denies only exit (1), native allows write (1). */
TEST(ia32_exit_1_denied_by_compat_while_native_write_1_allowed)
{
	pid_t pid;

	NEED_IA32();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 native[BM_WORDS], compat[BM_WORDS];

		child_prep(_metadata, true);
		bm_fill(native, BM_WORDS, true);
		bm_fill(compat, BM_WORDS, true);
		bm_clear(compat, IA32_NR_exit);
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
					    native, BM_BITS, compat, BM_BITS));
		EXPECT_EQ(-E_BITMAP, int80(IA32_NR_exit));
		EXPECT_EQ(0,
			  raw_syscall6(__NR_write, 2, (long)"", 0, 0, 0, 0));
		EXPECT_EQ(getpid(), int80(IA32_NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

/*
 * ia32 numbers no ia32 table has, with every compat bit set (4096): ENOSYS
 * unconfined, the action under the bitmap; -1, the skip number, stays
 * ENOSYS under the bitmap too.
 */
TEST(ia32_out_of_range_negative_and_x32_int80_numbers_get_errno)
{
	long nrs[] = {
		-2, 0, 0, 1000,		/* 0, 0: the table's size, + 1 */
		BIG_BITS - 1, 0x7fffffff, 0x80000000L,
		X32_SYSCALL_BIT | IA32_NR_getpid,
	};
	size_t i;
	pid_t pid;

	NEED_IA32();
	ASSERT_LT(0, COMPAT_NR);
	nrs[1] = COMPAT_NR;
	nrs[2] = COMPAT_NR + 1;
	EXPECT_EQ(-ENOSYS, int80(-1));
	for (i = 0; i < ARRAY_SIZE(nrs); i++) {
		const long nr = nrs[i];

		EXPECT_EQ(-ENOSYS, int80(nr)) {
			TH_LOG("unconfined int $0x80 nr %#lx", nr);
		}
	}
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		static __u64 native[BIG_WORDS], compat[BIG_WORDS];

		child_prep(_metadata, true);
		bm_fill(native, BIG_WORDS, true);
		bm_fill(compat, BIG_WORDS, true);
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
					    native, BIG_BITS, compat, BIG_BITS));
		for (i = 0; i < ARRAY_SIZE(nrs); i++) {
			const long nr = nrs[i];

			EXPECT_EQ(-E_BITMAP, int80(nr)) {
				TH_LOG("int $0x80 nr %#lx", nr);
			}
		}
		/* the skip number: no action, whatever the bitmap */
		EXPECT_EQ(-ENOSYS, int80(-1));
		EXPECT_EQ(getpid(), int80(IA32_NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

/* ========================================================================== */
/* ptrace: rewriting the number at the entry stop, PTRACE_O_SUSPEND_SECCOMP   */
/* ========================================================================== */

/*
 * In 6.1 syscall_trace_enter() reports the ptrace entry stop first and
 * runs seccomp after it ("to catch any tracer changes"): seccomp judges
 * the number the tracer leaves in orig_rax.
 */

#define TRACE_MAGIC	0x5ecc0b175ecc0b17L

struct shared {
	long r1, r2, r3;
	int done;
	char path[128];
};

FIXTURE(ptrace_rewrite) {
	struct shared *sh;
};

FIXTURE_VARIANT(ptrace_rewrite) {
	bool confine;
	__u32 action;
	int from, to;
	/* what the tracee sees; TO_PID: its pid; 0: success */
	long expect_ret;
	bool expect_dir;
	bool expect_sigsys;
	/* PTRACE_GETREGS/SETREGS instead of PTRACE_POKEUSER */
	bool setregs;
};

#define TO_PID	1L

/* Control: no bitmap, the rewrite to mkdir runs mkdir (the mechanism works) */
FIXTURE_VARIANT_ADD(ptrace_rewrite, unconfined_getpid_to_mkdir_runs_mkdir) {
	.confine = false, .from = __NR_getpid, .to = __NR_mkdir,
	.expect_ret = 0, .expect_dir = true,
};
FIXTURE_VARIANT_ADD(ptrace_rewrite, allowed_getpid_to_denied_mkdir_gets_errno) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .to = __NR_mkdir, .expect_ret = -E_BITMAP,
};
FIXTURE_VARIANT_ADD(ptrace_rewrite, allowed_getpid_to_denied_mkdir_kill_process) {
	.confine = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpid, .to = __NR_mkdir, .expect_sigsys = true,
};
FIXTURE_VARIANT_ADD(ptrace_rewrite, allowed_getpid_to_denied_mkdir_via_setregs_gets_errno) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .to = __NR_mkdir, .expect_ret = -E_BITMAP,
	.setregs = true,
};
/*
 * orig_rax = -1 is how a tracer skips a syscall: -1 is the kernel's skip
 * number, nothing ever runs for it, so the bitmap gives it no action.
 * The syscall is skipped as it is unconfined: the tracer left rax alone,
 * so the tracee sees -ENOSYS (seccomp-bpf filters still see -1).
 */
FIXTURE_VARIANT_ADD(ptrace_rewrite, unconfined_getpid_to_minus_1_is_skipped_enosys) {
	.confine = false, .from = __NR_getpid, .to = -1, .expect_ret = -ENOSYS,
};
FIXTURE_VARIANT_ADD(ptrace_rewrite, allowed_getpid_to_minus_1_is_skipped_enosys) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .to = -1, .expect_ret = -ENOSYS,
};
/*
 * The other way: the denied mkdir never runs; the allowed number the
 * tracer put in its place does (seccomp judges only the final number).
 * A tracer already controls everything the tracee does, as for
 * seccomp-bpf, so this grants it nothing new.
 */
FIXTURE_VARIANT_ADD(ptrace_rewrite, denied_mkdir_to_allowed_getpid_runs_getpid_only) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_mkdir, .to = __NR_getpid, .expect_ret = TO_PID,
};
FIXTURE_VARIANT_ADD(ptrace_rewrite, denied_mkdir_to_allowed_getpid_kill_action_not_taken) {
	.confine = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_mkdir, .to = __NR_getpid, .expect_ret = TO_PID,
};

FIXTURE_SETUP(ptrace_rewrite)
{
	self->sh = shared_page();
	ASSERT_NE(NULL, self->sh);
	probe_path(self->sh->path, sizeof(self->sh->path), "bypass-ptrace");
}

FIXTURE_TEARDOWN(ptrace_rewrite)
{
	if (self->sh) {
		rmdir(self->sh->path);
		munmap(self->sh, 4096);
	}
}

TEST_F(ptrace_rewrite, tracer_sets_orig_rax_at_entry_stop)
{
	struct shared *sh = self->sh;
	long orig_rax_off = offsetof(struct user, regs) +
			    offsetof(struct user_regs_struct, orig_rax);
	int rewrites = 0, st;
	pid_t pid;

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		static const int denied[] = { __NR_mkdir, __NR_getppid };

		child_prep(_metadata, true);
		if (variant->confine)
			ASSERT_EQ(0, deny_list(variant->action, 0, denied, 2));
		ASSERT_EQ(0, ptrace(PTRACE_TRACEME, 0, 0, 0));
		raise(SIGSTOP);
		sh->r1 = raw_syscall6(variant->from, (long)sh->path, 0700,
				      TRACE_MAGIC, 0, 0, 0);
		/* untouched by the tracer: the bitmap's verdict as ever */
		if (variant->action != SECCOMP_RET_KILL_PROCESS)
			sh->r2 = raw_syscall0(__NR_getppid);
		sh->done = 1;
		_exit(0);
	}
	ptrace_syscall_setup(_metadata, pid);
	while (ptrace_next_marked_entry(_metadata, pid, variant->from,
					TRACE_MAGIC, &st)) {
		if (variant->setregs) {
			struct user_regs_struct regs;

			ASSERT_EQ(0, ptrace(PTRACE_GETREGS, pid, 0, &regs));
			regs.orig_rax = variant->to;
			ASSERT_EQ(0, ptrace(PTRACE_SETREGS, pid, 0, &regs));
		} else {
			ASSERT_EQ(0, ptrace(PTRACE_POKEUSER, pid, orig_rax_off,
					    (long)variant->to));
		}
		rewrites++;
	}
	EXPECT_EQ(1, rewrites);
	if (variant->expect_sigsys) {
		EXPECT_KILLED_BY(st, SIGSYS);
		EXPECT_EQ(0, sh->done);
	} else {
		EXPECT_EXITED(st, 0);
		EXPECT_EQ(1, sh->done);
		EXPECT_EQ(variant->expect_ret == TO_PID ? pid : variant->expect_ret,
			  sh->r1);
		if (!variant->confine) {
			EXPECT_EQ(getpid(), sh->r2);
		} else if (variant->action != SECCOMP_RET_KILL_PROCESS) {
			EXPECT_EQ(-E_BITMAP, sh->r2);
		}
	}
	/* the denied mkdir never ran; the unconfined control's did */
	EXPECT_EQ(variant->expect_dir, path_exists(sh->path));
}

static int drop_cap_sys_admin(void)
{
	cap_value_t cap_list[] = { CAP_SYS_ADMIN };
	cap_flag_value_t v = CAP_SET;
	cap_t caps = cap_get_proc();
	int ret = -1;

	if (!caps)
		return -1;
	if (!cap_set_flag(caps, CAP_EFFECTIVE, 1, cap_list, CAP_CLEAR) &&
	    !cap_set_flag(caps, CAP_PERMITTED, 1, cap_list, CAP_CLEAR) &&
	    !cap_set_proc(caps))
		ret = 0;
	cap_free(caps);
	caps = cap_get_proc();
	if (!caps || cap_get_flag(caps, CAP_SYS_ADMIN, CAP_EFFECTIVE, &v) ||
	    v != CAP_CLEAR)
		ret = -1;
	cap_free(caps);
	return ret;
}

/*
 * A confined tracee that waits for "go", then calls getppid (denied):
 * result in sh->r1.  ready/go are pipes.
 */
static pid_t confined_waiting_tracee(struct __test_metadata *_metadata,
				     struct shared *sh, bool install,
				     int ready, int go)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	child_prep(_metadata, true);
	if (install)
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				      __NR_getppid));
	post(ready);
	await(go);
	sh->r1 = raw_syscall0(__NR_getppid);
	sh->done = 1;
	_exit(0);
}

TEST(ptrace_o_suspend_seccomp_refused_without_cap_sys_admin)
{
	struct shared *sh = shared_page();
	pid_t tracer;

	ASSERT_NE(NULL, sh);
	tracer = fork();
	ASSERT_LE(0, tracer);
	if (tracer == 0) {
		int ready[2], go[2], st;
		pid_t pid;

		child_prep(_metadata, false);
		ASSERT_EQ(0, pipe(ready));
		ASSERT_EQ(0, pipe(go));
		/* keeps CAP_SYS_PTRACE: only the option itself is refused */
		ASSERT_EQ(0, drop_cap_sys_admin());
		pid = confined_waiting_tracee(_metadata, sh, true, ready[1], go[0]);
		ASSERT_LE(0, pid);
		await(ready[0]);

		errno = 0;
		EXPECT_EQ(-1, ptrace(PTRACE_SEIZE, pid, 0,
				     PTRACE_O_SUSPEND_SECCOMP));
		EXPECT_EQ(EPERM, errno);
		/* attaching itself is allowed, and then setting it is not */
		ASSERT_EQ(0, ptrace(PTRACE_SEIZE, pid, 0, 0));
		ASSERT_EQ(0, ptrace(PTRACE_INTERRUPT, pid, 0, 0));
		st = wait_status_wall(pid);
		ASSERT_TRUE(WIFSTOPPED(st));
		errno = 0;
		EXPECT_EQ(-1, ptrace(PTRACE_SETOPTIONS, pid, 0,
				     PTRACE_O_SUSPEND_SECCOMP));
		EXPECT_EQ(EPERM, errno);
		ASSERT_EQ(0, ptrace(PTRACE_DETACH, pid, 0, 0));
		post(go[1]);
		EXPECT_EXITED(wait_status_wall(pid), 0);
		EXPECT_EQ(1, sh->done);
		EXPECT_EQ(-E_BITMAP, sh->r1);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(tracer), 0);
	munmap(sh, 4096);
}

/*
 * A tracer that is itself confined is refused even with CAP_SYS_ADMIN:
 * a confined root task cannot lift its own child's bitmap.
 */
TEST(ptrace_o_suspend_seccomp_refused_to_confined_tracer_with_cap_sys_admin)
{
	struct shared *sh = shared_page();
	pid_t tracer;

	ASSERT_NE(NULL, sh);
	tracer = fork();
	ASSERT_LE(0, tracer);
	if (tracer == 0) {
		int ready[2], go[2];
		pid_t pid;

		child_prep(_metadata, true);
		ASSERT_EQ(0, pipe(ready));
		ASSERT_EQ(0, pipe(go));
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				      __NR_getppid));
		/* the child shares the tracer's bitmap */
		pid = confined_waiting_tracee(_metadata, sh, false, ready[1], go[0]);
		ASSERT_LE(0, pid);
		await(ready[0]);
		errno = 0;
		EXPECT_EQ(-1, ptrace(PTRACE_SEIZE, pid, 0,
				     PTRACE_O_SUSPEND_SECCOMP));
		EXPECT_EQ(EPERM, errno);
		post(go[1]);
		EXPECT_EXITED(wait_status_wall(pid), 0);
		EXPECT_EQ(1, sh->done);
		EXPECT_EQ(-E_BITMAP, sh->r1);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(tracer), 0);
	munmap(sh, 4096);
}

/*
 * What the option does, with CAP_SYS_ADMIN in an unconfined tracer
 * (checkpoint/restore): the tracee's seccomp, bitmap included, is
 * suspended while it is attached; after PTRACE_DETACH it is confined again.
 */
TEST(ptrace_o_suspend_seccomp_with_cap_sys_admin_suspends_bitmap_until_detach)
{
	struct shared *sh = shared_page();
	int ready[2], go[2], st;
	pid_t pid;

	ASSERT_NE(NULL, sh);
	ASSERT_EQ(0, pipe(ready));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				      __NR_getppid));
		post(ready[1]);
		await(go[0]);
		sh->r1 = raw_syscall0(__NR_getppid);
		post(ready[1]);
		await(go[0]);
		sh->r2 = raw_syscall0(__NR_getppid);
		sh->r3 = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
		sh->done = 1;
		_exit(0);
	}
	await(ready[0]);
	ASSERT_EQ(0, ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_SUSPEND_SECCOMP));
	post(go[1]);
	await(ready[0]);
	/* suspended: the denied getppid ran and returned this pid */
	EXPECT_EQ(getpid(), sh->r1);
	ASSERT_EQ(0, ptrace(PTRACE_INTERRUPT, pid, 0, 0));
	st = wait_status_wall(pid);
	ASSERT_TRUE(WIFSTOPPED(st));
	ASSERT_EQ(0, ptrace(PTRACE_DETACH, pid, 0, 0));
	post(go[1]);
	EXPECT_EXITED(wait_status_wall(pid), 0);
	EXPECT_EQ(1, sh->done);
	EXPECT_EQ(-E_BITMAP, sh->r2);
	EXPECT_EQ(SECCOMP_MODE_BITMAP, sh->r3);
	munmap(sh, 4096);
}

/* ========================================================================== */
/* Threads before/after install, TSYNC, vfork, clone3 threads, setuid exec    */
/* ========================================================================== */

struct thread_probe {
	atomic_int go;
	long getppid_ret;
	long mode;
};

static void *probe_thread(void *arg)
{
	struct thread_probe *p = arg;

	while (!atomic_load(&p->go))
		sched_yield();
	p->getppid_ret = raw_syscall0(__NR_getppid);
	p->mode = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
	return NULL;
}

FIXTURE(thread_timing) {
	char unused;
};

FIXTURE_VARIANT(thread_timing) {
	bool created_before_install;
	bool tsync;
	bool expect_confined;
};

/*
 * By design (as for seccomp-bpf filters): without TSYNC an install
 * confines the calling thread only; a thread that already runs keeps its
 * own (here: no) state.  TSYNC exists to close exactly that gap.
 */
FIXTURE_VARIANT_ADD(thread_timing, before_install_without_tsync_stays_unconfined) {
	.created_before_install = true, .tsync = false, .expect_confined = false,
};
FIXTURE_VARIANT_ADD(thread_timing, before_install_with_tsync_is_confined) {
	.created_before_install = true, .tsync = true, .expect_confined = true,
};
FIXTURE_VARIANT_ADD(thread_timing, after_install_without_tsync_is_confined) {
	.created_before_install = false, .tsync = false, .expect_confined = true,
};
FIXTURE_VARIANT_ADD(thread_timing, after_install_with_tsync_is_confined) {
	.created_before_install = false, .tsync = true, .expect_confined = true,
};

FIXTURE_SETUP(thread_timing)
{
}

FIXTURE_TEARDOWN(thread_timing)
{
}

TEST_F(thread_timing, sibling_thread_denied_syscall)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct thread_probe p = { .go = 0 };
		unsigned int flags = variant->tsync ? SECCOMP_BITMAP_FLAG_TSYNC : 0;
		long ppid = raw_syscall0(__NR_getppid);
		pthread_t t;

		child_prep(_metadata, true);
		if (variant->created_before_install)
			ASSERT_EQ(0, pthread_create(&t, NULL, probe_thread, &p));
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, flags,
				      __NR_getppid));
		if (!variant->created_before_install)
			ASSERT_EQ(0, pthread_create(&t, NULL, probe_thread, &p));
		atomic_store(&p.go, 1);
		ASSERT_EQ(0, pthread_join(t, NULL));
		if (variant->expect_confined) {
			EXPECT_EQ(-E_BITMAP, p.getppid_ret);
			EXPECT_EQ(SECCOMP_MODE_BITMAP, p.mode);
		} else {
			EXPECT_EQ(ppid, p.getppid_ret);
			EXPECT_EQ(0, p.mode);
		}
		/* the installing thread is confined in every case */
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getppid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

static volatile long vfork_ret = 12345;
static volatile long vfork_mode = -1;

TEST(vfork_child_denied_syscall_gets_errno)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t c;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				      __NR_getppid));
		c = vfork();
		if (c == 0) {
			/* shares the parent's memory until _exit */
			vfork_ret = raw_syscall0(__NR_getppid);
			vfork_mode = raw_syscall6(__NR_prctl, PR_GET_SECCOMP,
						  0, 0, 0, 0, 0);
			_exit(7);
		}
		ASSERT_LT(0, c);
		EXPECT_EXITED(wait_status_wall(c), 7);
		EXPECT_EQ(-E_BITMAP, vfork_ret);
		EXPECT_EQ(SECCOMP_MODE_BITMAP, vfork_mode);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

/* KILL_PROCESS in a vfork child kills that child; the parent resumes. */
TEST(vfork_child_kill_process_kills_child_parent_resumes_confined)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t c;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_one(SECCOMP_RET_KILL_PROCESS, 0,
				      __NR_getppid));
		c = vfork();
		if (c == 0) {
			raw_syscall0(__NR_getppid);
			_exit(50);
		}
		ASSERT_LT(0, c);
		EXPECT_KILLED_BY(wait_status_wall(c), SIGSYS);
		EXPECT_EQ(SECCOMP_MODE_BITMAP, prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

struct clone_args_v0 {
	__aligned_u64 flags;
	__aligned_u64 pidfd;
	__aligned_u64 child_tid;
	__aligned_u64 parent_tid;
	__aligned_u64 exit_signal;
	__aligned_u64 stack;
	__aligned_u64 stack_size;
	__aligned_u64 tls;
};

/*
 * clone3() a thread that runs fn(arg) on args->stack, then exit(2)s (the
 * thread only).  Returns the tid or -errno in the caller.  The child's
 * registers are the parent's (r8/r9 carry fn and arg), with rax 0 and rsp
 * at the top of the new stack.
 */
long bypass_clone3_thread(struct clone_args_v0 *args, size_t size,
			  long (*fn)(void *), void *arg);
asm(".text\n"
    ".globl bypass_clone3_thread\n"
    ".type bypass_clone3_thread, @function\n"
    "bypass_clone3_thread:\n"
    "	mov %rdx, %r9\n"
    "	mov %rcx, %r8\n"
    "	mov $435, %eax\n"
    "	syscall\n"
    "	test %rax, %rax\n"
    "	jnz 1f\n"
    "	xor %ebp, %ebp\n"
    "	mov %r8, %rdi\n"
    "	call *%r9\n"
    "	mov %rax, %rdi\n"
    "	mov $60, %eax\n"
    "	syscall\n"
    "	ud2\n"
    "1:	ret\n"
    ".size bypass_clone3_thread, .-bypass_clone3_thread\n");

struct clone3_result {
	long getppid_ret, getpid_ret, gettid_ret;
	volatile int done;
};

/* Runs in the clone3 thread: raw syscalls only (it shares the TLS). */
static long clone3_thread_fn(void *arg)
{
	struct clone3_result *r = arg;

	r->getpid_ret = raw_syscall0(__NR_getpid);
	r->gettid_ret = raw_syscall0(__NR_gettid);
	r->getppid_ret = raw_syscall0(__NR_getppid);
	r->done = 1;
	return 0;
}

/* Waits (bounded, 10 s) for a CLONE_CHILD_CLEARTID word to be cleared. */
static int wait_cleartid(volatile pid_t *ctid)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = 100 * 1000 * 1000 };
	int i;

	for (i = 0; i < 100; i++) {
		pid_t v = *ctid;

		if (!v)
			return 0;
		syscall(__NR_futex, ctid, FUTEX_WAIT, v, &ts, NULL, 0);
	}
	return -1;
}

static long spawn_clone3_thread(struct clone3_result *r, volatile pid_t *ctid)
{
	static char stack[64 * 1024] __attribute__((aligned(16)));
	struct clone_args_v0 args = {
		.flags = CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND |
			 CLONE_THREAD | CLONE_SYSVSEM | CLONE_PARENT_SETTID |
			 CLONE_CHILD_CLEARTID,
		.child_tid = (uintptr_t)ctid,
		.parent_tid = (uintptr_t)ctid,
		.exit_signal = 0,
		.stack = (uintptr_t)stack,
		.stack_size = sizeof(stack),
	};

	return bypass_clone3_thread(&args, sizeof(args), clone3_thread_fn, r);
}

TEST(clone3_clone_thread_denied_syscall_gets_errno)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		static struct clone3_result r;
		static volatile pid_t ctid;
		long tid;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				      __NR_getppid));
		tid = spawn_clone3_thread(&r, &ctid);
		ASSERT_LT(0, tid);
		ASSERT_EQ(0, wait_cleartid(&ctid));
		EXPECT_EQ(1, r.done);
		/* a thread of this process, not a child */
		EXPECT_EQ(getpid(), r.getpid_ret);
		EXPECT_EQ(tid, r.gettid_ret);
		EXPECT_NE(getpid(), r.gettid_ret);
		EXPECT_EQ(-E_BITMAP, r.getppid_ret);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

TEST(clone3_clone_thread_kill_process_kills_whole_process)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		static struct clone3_result r;
		static volatile pid_t ctid;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_one(SECCOMP_RET_KILL_PROCESS, 0,
				      __NR_getppid));
		if (spawn_clone3_thread(&r, &ctid) <= 0)
			_exit(60);
		/* the thread's getppid kills this thread too */
		wait_cleartid(&ctid);
		sleep(5);
		_exit(61);
	}
	EXPECT_KILLED_BY(wait_status_wall(pid), SIGSYS);
}

/* ---- setuid-root execve under no_new_privs ------------------------------- */

struct helper_report {
	long uid, euid, mode, nnp, getppid_ret;
};

/* argv: HELPER_ARG <fd>: writes a struct helper_report to fd */
static int helper_main(int argc, char **argv)
{
	struct helper_report rep;
	int fd;

	if (argc < 3)
		return 100;
	fd = atoi(argv[2]);
	rep.uid = getuid();
	rep.euid = geteuid();
	rep.mode = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
	rep.nnp = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	rep.getppid_ret = raw_syscall0(__NR_getppid);
	if (write(fd, &rep, sizeof(rep)) != sizeof(rep))
		return 101;
	return 0;
}

/* A setuid-root copy of this binary under /tmp (tmpfs, not nosuid). */
static int make_setuid_copy(char *path, size_t size)
{
	char buf[65536];
	int in, out = -1, ret = -1;
	ssize_t n;

	snprintf(path, size, "/tmp/bitmap-bypass-suid-%d", getpid());
	unlink(path);
	in = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -1;
	out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
	if (out < 0)
		goto out;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, n) != n)
			goto out;
	if (n < 0 || fchown(out, 0, 0) || fchmod(out, 04755))
		goto out;
	ret = 0;
out:
	close(in);
	if (out >= 0)
		close(out);
	return ret;
}

FIXTURE(setuid_exec) {
	char path[PATH_MAX];
};

FIXTURE_VARIANT(setuid_exec) {
	bool nnp;
};

/* Control: the copy really is setuid root (euid 0 without NNP). */
FIXTURE_VARIANT_ADD(setuid_exec, control_without_nnp_gains_euid_0) { .nnp = false, };
FIXTURE_VARIANT_ADD(setuid_exec, under_nnp_euid_unchanged_still_confined) { .nnp = true, };

FIXTURE_SETUP(setuid_exec)
{
	ASSERT_EQ(0, geteuid()) {
		TH_LOG("needs root to make a setuid-root file");
	}
	ASSERT_EQ(0, make_setuid_copy(self->path, sizeof(self->path)));
}

FIXTURE_TEARDOWN(setuid_exec)
{
	unlink(self->path);
}

TEST_F(setuid_exec, unprivileged_task_execs_setuid_root_binary)
{
	struct helper_report rep;
	int p[2];
	pid_t pid;

	ASSERT_EQ(0, pipe(p));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char fdstr[16];
		char *argv[] = { self->path, HELPER_ARG, fdstr, NULL };
		char *envp[] = { NULL };

		close(p[0]);
		snprintf(fdstr, sizeof(fdstr), "%d", p[1]);
		child_prep(_metadata, false);
		ASSERT_EQ(0, setgroups(0, NULL));
		ASSERT_EQ(0, setresgid(UNPRIV_UID, UNPRIV_UID, UNPRIV_UID));
		ASSERT_EQ(0, setresuid(UNPRIV_UID, UNPRIV_UID, UNPRIV_UID));
		if (variant->nnp) {
			ASSERT_EQ(0, prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
			ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
					      __NR_getppid));
		} else {
			/* an unprivileged task without NNP may not confine */
			EXPECT_EQ(-1, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
					       __NR_getppid));
			EXPECT_EQ(EACCES, errno);
		}
		if (!BM_PASSED())
			_exit(1);
		execve(self->path, argv, envp);
		_exit(199);
	}
	close(p[1]);
	memset(&rep, 0xff, sizeof(rep));
	EXPECT_EQ(sizeof(rep), read(p[0], &rep, sizeof(rep)));
	close(p[0]);
	EXPECT_EXITED(wait_status_wall(pid), 0);
	EXPECT_EQ(UNPRIV_UID, rep.uid);
	if (variant->nnp) {
		/* the setuid bit is ignored, the bitmap kept */
		EXPECT_EQ(UNPRIV_UID, rep.euid);
		EXPECT_EQ(1, rep.nnp);
		EXPECT_EQ(SECCOMP_MODE_BITMAP, rep.mode);
		EXPECT_EQ(-E_BITMAP, rep.getppid_ret);
	} else {
		EXPECT_EQ(0, rep.euid);
		EXPECT_EQ(0, rep.nnp);
		EXPECT_EQ(0, rep.mode);
		EXPECT_EQ(getpid(), rep.getppid_ret);
	}
}

/* ========================================================================== */
/* SIGSYS handlers that re-enter the denied syscall (TRAP)                    */
/* ========================================================================== */

#define TRAP_MAX	16
#define TRAP_GAVE_UP	(-ECANCELED)

static volatile int traps, trap_limit, trap_insn_ok;
static volatile long trap_nr[TRAP_MAX], trap_rax[TRAP_MAX];
static volatile long nest_ret[TRAP_MAX];
static volatile int nest_depth;
static char trap_path[128];
static int trap_pipe = -1;

static long denied_mkdir(void)
{
	return raw_syscall6(__NR_mkdir, (long)trap_path, 0700, 0, 0, 0, 0);
}

/* Puts RIP back on the syscall instruction, trap_limit - 1 times. */
static void rewind_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	const unsigned char *after = si->si_call_addr;
	int n = traps++;

	(void)sig;
	if (n < TRAP_MAX) {
		trap_nr[n] = si->si_syscall;
		trap_rax[n] = uc->uc_mcontext.gregs[REG_RAX];
	}
	trap_insn_ok = after[-2] == 0x0f && after[-1] == 0x05 &&
		       (unsigned long)uc->uc_mcontext.gregs[REG_RIP] ==
		       (unsigned long)after;
	if (traps < trap_limit)
		uc->uc_mcontext.gregs[REG_RIP] = (greg_t)(after - 2);
	else
		uc->uc_mcontext.gregs[REG_RAX] = TRAP_GAVE_UP;
}

/* With SA_NODEFER: calls the denied syscall again, trap_limit deep. */
static void nested_handler(int sig, siginfo_t *si, void *ucv)
{
	int d = nest_depth++;

	(void)sig;
	(void)ucv;
	if (traps < TRAP_MAX)
		trap_nr[traps] = si->si_syscall;
	traps++;
	if (d + 1 < trap_limit && d < TRAP_MAX)
		nest_ret[d] = denied_mkdir();
	nest_depth--;
}

/* SIGSYS blocked while it runs (no SA_NODEFER): calls it again. */
static void blocked_handler(int sig, siginfo_t *si, void *ucv)
{
	(void)sig;
	(void)si;
	(void)ucv;
	post(trap_pipe);	/* "in the handler" */
	denied_mkdir();
	post(trap_pipe);	/* never: the second trap kills */
}

static int set_sigsys(void (*fn)(int, siginfo_t *, void *), int flags)
{
	struct sigaction act;

	memset(&act, 0, sizeof(act));
	act.sa_sigaction = fn;
	act.sa_flags = SA_SIGINFO | flags;
	sigemptyset(&act.sa_mask);
	return sigaction(SIGSYS, &act, NULL);
}

FIXTURE(trap_reentry) {
	char unused;
};

FIXTURE_SETUP(trap_reentry)
{
	probe_path(trap_path, sizeof(trap_path), "bypass-trap");
	traps = 0;
	nest_depth = 0;
}

FIXTURE_TEARDOWN(trap_reentry)
{
	rmdir(trap_path);
}

TEST_F(trap_reentry, handler_rewinding_rip_onto_syscall_traps_each_time)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		int i;

		child_prep(_metadata, true);
		trap_limit = 5;
		ASSERT_EQ(0, set_sigsys(rewind_handler, 0));
		ASSERT_EQ(0, deny_one(SECCOMP_RET_TRAP | 7, 0, __NR_mkdir));
		EXPECT_EQ(TRAP_GAVE_UP, denied_mkdir());
		EXPECT_EQ(5, traps);
		EXPECT_EQ(1, trap_insn_ok);
		for (i = 0; i < 5; i++) {
			EXPECT_EQ(__NR_mkdir, trap_nr[i]);
			/* TRAP rolls rax back to the number: re-entry is exact */
			EXPECT_EQ(__NR_mkdir, trap_rax[i]);
		}
		EXPECT_FALSE(path_exists(trap_path));
		EXPECT_EQ(getpid(), raw_syscall0(__NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
	EXPECT_FALSE(path_exists(trap_path));
}

TEST_F(trap_reentry, nodefer_handler_calling_it_again_traps_nested_never_runs)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		int i;

		child_prep(_metadata, true);
		trap_limit = 4;
		ASSERT_EQ(0, set_sigsys(nested_handler, SA_NODEFER));
		ASSERT_EQ(0, deny_one(SECCOMP_RET_TRAP, 0, __NR_mkdir));
		/* a skipped TRAP syscall returns its own number (rolled back) */
		EXPECT_EQ(__NR_mkdir, denied_mkdir());
		EXPECT_EQ(4, traps);
		for (i = 0; i < 3; i++)
			EXPECT_EQ(__NR_mkdir, nest_ret[i]);
		for (i = 0; i < 4; i++)
			EXPECT_EQ(__NR_mkdir, trap_nr[i]);
		EXPECT_FALSE(path_exists(trap_path));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
	EXPECT_FALSE(path_exists(trap_path));
}

/*
 * The same call from a handler that runs with SIGSYS blocked: the kernel
 * cannot deliver the second SIGSYS, so (force_sig_seccomp) it resets the
 * handler and the process dies of SIGSYS.  The syscall still never runs.
 */
TEST_F(trap_reentry, handler_with_sigsys_blocked_calling_it_again_dies_by_sigsys)
{
	int p[2];
	char buf[4];
	pid_t pid;

	ASSERT_EQ(0, pipe(p));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		close(p[0]);
		trap_pipe = p[1];
		child_prep(_metadata, true);
		ASSERT_EQ(0, set_sigsys(blocked_handler, 0));
		ASSERT_EQ(0, deny_one(SECCOMP_RET_TRAP, 0, __NR_mkdir));
		denied_mkdir();
		_exit(50);
	}
	close(p[1]);
	EXPECT_KILLED_BY(wait_status_wall(pid), SIGSYS);
	/* exactly one byte: the handler ran once and died in its own call */
	EXPECT_EQ(1, read(p[0], buf, sizeof(buf)));
	close(p[0]);
	EXPECT_FALSE(path_exists(trap_path));
}

/*
 * Syscall user dispatch runs before seccomp in syscall_trace_enter().  Its
 * SIGSYS handler "emulating" the dispatched call by issuing it itself (the
 * usual SUD pattern) goes through seccomp like any syscall.
 */
#ifndef PR_SET_SYSCALL_USER_DISPATCH
#define PR_SET_SYSCALL_USER_DISPATCH	59
#define PR_SYS_DISPATCH_OFF		0
#define PR_SYS_DISPATCH_ON		1
#endif
#ifndef SYSCALL_DISPATCH_FILTER_ALLOW
#define SYSCALL_DISPATCH_FILTER_ALLOW	0
#define SYSCALL_DISPATCH_FILTER_BLOCK	1
#endif
#ifndef SYS_USER_DISPATCH
#define SYS_USER_DISPATCH 2
#endif

static volatile char sud_selector;
static volatile int sud_code, sud_nr;
static volatile long sud_reissue_ret;

static void sud_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	(void)sig;
	/* let this handler's own syscalls (and the sigreturn) through SUD */
	sud_selector = SYSCALL_DISPATCH_FILTER_ALLOW;
	traps++;
	sud_code = si->si_code;
	sud_nr = si->si_syscall;
	sud_reissue_ret = raw_syscall6(uc->uc_mcontext.gregs[REG_RAX],
				       uc->uc_mcontext.gregs[REG_RDI],
				       uc->uc_mcontext.gregs[REG_RSI],
				       uc->uc_mcontext.gregs[REG_RDX], 0, 0, 0);
	uc->uc_mcontext.gregs[REG_RAX] = sud_reissue_ret;
}

TEST_F(trap_reentry, syscall_user_dispatch_handler_reissuing_it_meets_bitmap)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, set_sigsys(sud_handler, 0));
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				      __NR_mkdir));
		sud_selector = SYSCALL_DISPATCH_FILTER_ALLOW;
		ASSERT_EQ(0, prctl(PR_SET_SYSCALL_USER_DISPATCH,
				   PR_SYS_DISPATCH_ON, 0, 0, &sud_selector));
		sud_selector = SYSCALL_DISPATCH_FILTER_BLOCK;
		EXPECT_EQ(-E_BITMAP, denied_mkdir());
		EXPECT_EQ(1, traps);
		EXPECT_EQ(SYS_USER_DISPATCH, sud_code);
		EXPECT_EQ(__NR_mkdir, sud_nr);
		EXPECT_EQ(-E_BITMAP, sud_reissue_ret);
		/* with the selector on ALLOW: straight to seccomp */
		EXPECT_EQ(-E_BITMAP, denied_mkdir());
		EXPECT_EQ(1, traps);
		EXPECT_EQ(0, prctl(PR_SET_SYSCALL_USER_DISPATCH,
				   PR_SYS_DISPATCH_OFF, 0, 0, 0));
		EXPECT_FALSE(path_exists(trap_path));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
	EXPECT_FALSE(path_exists(trap_path));
}

/* ========================================================================== */
/* io_uring                                                                   */
/* ========================================================================== */

/*
 * io_uring operations (IORING_OP_OPENAT, ...) run without a syscall of
 * their own, so no syscall-level filter sees them: a policy must deny
 * io_uring_setup/enter/register to confine a task.  The test kernel is
 * tinyconfig-based without CONFIG_IO_URING, where io_uring_setup is
 * sys_ni_syscall (ENOSYS); the bitmap's action must still win.
 */
static const int uring_nrs[] = {
	__NR_io_uring_setup, __NR_io_uring_enter, __NR_io_uring_register,
};

static long uring_call(int nr)
{
	static char params[120];	/* struct io_uring_params, zeroed */

	memset(params, 0, sizeof(params));
	if (nr == __NR_io_uring_setup)
		return raw_syscall6(nr, 1, (long)params, 0, 0, 0, 0);
	return raw_syscall6(nr, -1, 0, 0, 0, 0, 0);
}

TEST(io_uring_syscalls_denied_errno_wins_over_what_the_kernel_says)
{
	long unconfined[3];
	size_t i;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(uring_nrs); i++) {
		unconfined[i] = uring_call(uring_nrs[i]);
		if (unconfined[i] >= 0)
			close(unconfined[i]);
		TH_LOG("unconfined syscall %d: %ld%s", uring_nrs[i],
		       unconfined[i], unconfined[i] == -ENOSYS ?
		       " (ENOSYS: no CONFIG_IO_URING)" : "");
		EXPECT_NE(-E_BITMAP, unconfined[i]);
	}
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_list(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       uring_nrs, 3));
		for (i = 0; i < ARRAY_SIZE(uring_nrs); i++)
			EXPECT_EQ(-E_BITMAP, uring_call(uring_nrs[i])) {
				TH_LOG("syscall %d", uring_nrs[i]);
			}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

/*
 * The policy proposed for the documentation's example (bitmap-confine
 * -d 425 -d 426 -d 427): everything but io_uring, prctl() short form
 * (KILL_PROCESS).  Each io_uring syscall kills by SIGSYS.
 */
TEST(io_uring_example_policy_short_form_kills_each_io_uring_syscall)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(uring_nrs); i++) {
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			static __u64 w[BM_WORDS];
			size_t j;

			child_prep(_metadata, true);
			bm_fill(w, BM_WORDS, true);
			for (j = 0; j < ARRAY_SIZE(uring_nrs); j++)
				bm_clear(w, uring_nrs[j]);
			ASSERT_EQ(0, prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP,
					   (unsigned long)w,
					   (unsigned long)BM_BITS, 0UL));
			uring_call(uring_nrs[i]);
			_exit(50);
		}
		EXPECT_KILLED_BY(wait_status_wall(pid), SIGSYS);
	}
}

/* ========================================================================== */
/* TSYNC narrowing racing looping, forking and spawning siblings              */
/* ========================================================================== */

#define RACE_GENS	6
#define RACE_MS		2000
#define RACE_LOOPERS	3

static const int race_nrs[RACE_GENS] = {
	__NR_getppid, __NR_getpgrp, __NR_getuid,
	__NR_getgid, __NR_geteuid, __NR_getegid,
};

struct race {
	/* narrowings whose seccomp() call has returned: race_nrs[0..gen-1] */
	atomic_int gen;
	atomic_int stop;
	atomic_long calls, violations, forks, fork_failures, threads;
	atomic_long denied[RACE_GENS];
	long install_ret[RACE_GENS];
	atomic_int have_bad;
	long bad_nr, bad_ret, bad_gen;
};

static struct race *race;

/*
 * One call of each number.  A number whose narrowing had returned before
 * the call was made (gen read first) must get the action; any other
 * result than its value or the action is wrong too.  A forked child
 * passes the generation its parent read before fork(): TSYNC narrows the
 * threads of the process, so a child whose fork began before a narrowing
 * returned may keep the older bitmap, as with seccomp-bpf filters.
 */
static int race_pass_at(int fork_gen)
{
	int j, bad = 0;

	for (j = 0; j < RACE_GENS; j++) {
		int g = fork_gen >= 0 ? fork_gen : atomic_load(&race->gen);
		long r = raw_syscall0(race_nrs[j]);

		atomic_fetch_add(&race->calls, 1);
		if (r == -E_BITMAP) {
			atomic_fetch_add(&race->denied[j], 1);
			continue;
		}
		if (j < g || r < 0) {
			bad++;
			atomic_fetch_add(&race->violations, 1);
			if (!atomic_exchange(&race->have_bad, 1)) {
				race->bad_nr = race_nrs[j];
				race->bad_ret = r;
				race->bad_gen = g;
			}
		}
	}
	return bad;
}

static int race_pass(void)
{
	return race_pass_at(-1);
}

static void *race_looper(void *arg)
{
	bool forker = arg != NULL;
	unsigned long n = 0;

	while (!atomic_load(&race->stop)) {
		race_pass();
		if (forker && !(++n % 16)) {
			int g = atomic_load(&race->gen), st;
			pid_t c = fork();

			if (c == 0)
				_exit(race_pass_at(g) ? 1 : 0);
			if (c < 0 || waitpid(c, &st, 0) != c ||
			    !WIFEXITED(st) || WEXITSTATUS(st))
				atomic_fetch_add(&race->fork_failures, 1);
			atomic_fetch_add(&race->forks, 1);
		}
	}
	return NULL;
}

static void *race_pass_thread(void *arg)
{
	(void)arg;
	race_pass();
	return NULL;
}

static void *race_spawner(void *arg)
{
	(void)arg;
	while (!atomic_load(&race->stop)) {
		pthread_t t;

		if (pthread_create(&t, NULL, race_pass_thread, NULL))
			break;
		pthread_join(t, NULL);
		atomic_fetch_add(&race->threads, 1);
	}
	return NULL;
}

static void race_sleep(void)
{
	struct timespec ts = {
		.tv_sec = 0,
		.tv_nsec = (RACE_MS / (RACE_GENS + 1)) * 1000000L,
	};

	nanosleep(&ts, NULL);
}

static void *race_narrower(void *arg)
{
	int k;

	(void)arg;
	for (k = 1; k <= RACE_GENS; k++) {
		race_sleep();
		race->install_ret[k - 1] =
			deny_list(SECCOMP_RET_ERRNO | E_BITMAP,
				  SECCOMP_BITMAP_FLAG_TSYNC, race_nrs, k);
		/* the install has returned: from now on race_nrs[k-1] is denied */
		atomic_store(&race->gen, k);
	}
	race_sleep();
	atomic_store(&race->stop, 1);
	return NULL;
}

TEST(tsync_narrowing_races_looping_forking_spawning_siblings)
{
	pid_t pid;

	race = shared_page();
	ASSERT_NE(NULL, race);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		pthread_t loopers[RACE_LOOPERS], spawner, narrower;
		pid_t c;
		int i;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_list(SECCOMP_RET_ERRNO | E_BITMAP, 0, NULL, 0));
		for (i = 0; i < RACE_LOOPERS; i++)
			ASSERT_EQ(0, pthread_create(&loopers[i], NULL, race_looper,
						    i == 0 ? (void *)1 : NULL));
		ASSERT_EQ(0, pthread_create(&spawner, NULL, race_spawner, NULL));
		ASSERT_EQ(0, pthread_create(&narrower, NULL, race_narrower, NULL));
		while (!atomic_load(&race->stop))
			race_pass();
		ASSERT_EQ(0, pthread_join(narrower, NULL));
		ASSERT_EQ(0, pthread_join(spawner, NULL));
		for (i = 0; i < RACE_LOOPERS; i++)
			ASSERT_EQ(0, pthread_join(loopers[i], NULL));

		for (i = 0; i < RACE_GENS; i++) {
			EXPECT_EQ(0, race->install_ret[i]);
			EXPECT_LT(0, atomic_load(&race->denied[i])) {
				TH_LOG("syscall %d never denied", race_nrs[i]);
			}
			/* afterwards, here, and in a new child */
			EXPECT_EQ(-E_BITMAP, raw_syscall0(race_nrs[i]));
		}
		EXPECT_EQ(0, atomic_load(&race->violations)) {
			TH_LOG("first: syscall %ld returned %ld after generation %ld",
			       race->bad_nr, race->bad_ret, race->bad_gen);
		}
		EXPECT_EQ(0, atomic_load(&race->fork_failures));
		EXPECT_LT(0, atomic_load(&race->forks));
		EXPECT_LT(0, atomic_load(&race->threads));
		TH_LOG("%ld calls, %ld forks, %ld short-lived threads in %d ms",
		       atomic_load(&race->calls), atomic_load(&race->forks),
		       atomic_load(&race->threads), RACE_MS);
		c = fork();
		if (c == 0) {
			for (i = 0; i < RACE_GENS; i++)
				if (raw_syscall0(race_nrs[i]) != -E_BITMAP)
					_exit(1);
			_exit(0);
		}
		ASSERT_LT(0, c);
		EXPECT_EXITED(wait_status_wall(c), 0);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
	munmap(race, 4096);
}

/*
 * The bitmap is checked at syscall entry.  A syscall that entered before
 * a narrowing returned (a read blocked on a pipe) completes; any entry
 * after it is checked against the new bitmap, including the kernel's
 * restart of an interrupted syscall (SA_RESTART re-executes the syscall
 * instruction).
 */
struct inflight {
	int fd;
	atomic_int tid;
	atomic_int phase;
	long r1, r2;
};

static volatile int usr1_seen;

static void usr1_handler(int sig)
{
	(void)sig;
	usr1_seen++;
}

static void *inflight_reader(void *arg)
{
	struct inflight *f = arg;
	char c;

	atomic_store(&f->tid, (int)raw_syscall0(__NR_gettid));
	f->r1 = raw_syscall6(__NR_read, f->fd, (long)&c, 1, 0, 0, 0);
	atomic_store(&f->phase, 1);
	f->r2 = raw_syscall6(__NR_read, f->fd, (long)&c, 1, 0, 0, 0);
	return NULL;
}

/* Waits (bounded) until thread tid sleeps in syscall nr. */
static bool wait_in_syscall(int tid, int nr)
{
	char path[64], buf[256];
	int i, fd, n;

	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", tid);
	for (i = 0; i < 1000; i++) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return false;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n > 0) {
			buf[n] = '\0';
			if (atoi(buf) == nr && strchr(buf, ' '))
				return true;
		}
		usleep(10000);
	}
	return false;
}

FIXTURE(inflight) {
	char unused;
};

FIXTURE_VARIANT(inflight) {
	bool interrupt;
};

FIXTURE_VARIANT_ADD(inflight, blocked_read_completes_next_read_denied) {
	.interrupt = false,
};
FIXTURE_VARIANT_ADD(inflight, sa_restart_restarted_read_is_rechecked_and_denied) {
	.interrupt = true,
};

FIXTURE_SETUP(inflight)
{
}

FIXTURE_TEARDOWN(inflight)
{
}

TEST_F(inflight, narrowing_while_a_thread_blocks_in_the_syscall)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct inflight f = { .tid = 0, .phase = 0 };
		struct sigaction sa;
		pthread_t t;
		int p[2];

		child_prep(_metadata, true);
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = usr1_handler;
		sa.sa_flags = SA_RESTART;
		ASSERT_EQ(0, sigaction(SIGUSR1, &sa, NULL));
		ASSERT_EQ(0, pipe(p));
		f.fd = p[0];
		ASSERT_EQ(0, deny_list(SECCOMP_RET_ERRNO | E_BITMAP, 0, NULL, 0));
		ASSERT_EQ(0, pthread_create(&t, NULL, inflight_reader, &f));
		while (!atomic_load(&f.tid))
			sched_yield();
		ASSERT_TRUE(wait_in_syscall(atomic_load(&f.tid), __NR_read));
		ASSERT_EQ(0, deny_one(SECCOMP_RET_ERRNO | E_BITMAP,
				      SECCOMP_BITMAP_FLAG_TSYNC, __NR_read));
		if (variant->interrupt) {
			ASSERT_EQ(0, syscall(__NR_tgkill, getpid(),
					     atomic_load(&f.tid), SIGUSR1));
			while (!atomic_load(&f.phase))
				sched_yield();
			/* restarted after the handler: a new entry, denied */
			EXPECT_EQ(1, usr1_seen);
			EXPECT_EQ(-E_BITMAP, f.r1);
		} else {
			/* entered before the narrowing: it completes */
			ASSERT_EQ(1, write(p[1], "x", 1));
			while (!atomic_load(&f.phase))
				sched_yield();
			EXPECT_EQ(1, f.r1);
		}
		ASSERT_EQ(0, pthread_join(t, NULL));
		EXPECT_EQ(-E_BITMAP, f.r2);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

/* ---- main: the harness, or the exec helper -------------------------------- */

/*
 * What TEST_HARNESS_MAIN adds besides main(): 6.1's kselftest_harness.h
 * needs this constructor to learn in which order the tests registered;
 * later ones (FIXTURE_TEARDOWN_PARENT) find that out themselves.
 */
#ifndef FIXTURE_TEARDOWN_PARENT
static void __attribute__((constructor)) __constructor_order_last(void)
{
	if (!__constructor_order)
		__constructor_order = _CONSTRUCTOR_ORDER_BACKWARD;
}
#endif

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], HELPER_ARG))
		return helper_main(argc, argv);
	return test_harness_run(argc, argv);
}

#else
BITMAP_X86_ONLY_MAIN("int $0x80, orig_rax rewrites, x86-64 ucontext registers; arm64's counterparts: seccomp_bitmap_arch_test")
#endif
