// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp bitmap mode (SECCOMP_MODE_BITMAP) where a tracer can change the
 * syscall after the bitmap judged it, the skip number -1, and
 * PTRACE_SECCOMP_GET_METADATA with both layers.
 *
 * trace_recheck: a confined task stacks a seccomp-bpf filter returning
 *   SECCOMP_RET_TRACE for one (marked) call; its tracer
 *   (PTRACE_O_TRACESECCOMP) rewrites the number or an argument at the
 *   PTRACE_EVENT_SECCOMP stop.  The bitmap judges the new number and the
 *   new arguments again (bit, filter expression, action), then the BPF
 *   filters run again as upstream does since 4.8; a number of -1 set
 *   there skips the syscall, returning what the tracer left in rax.
 *   Every test counts the tracer's stops: a test that passed because the
 *   stop never happened would prove nothing.
 *
 * minus_one: -1 is the kernel's "skip this syscall" number: nothing ever
 *   runs for it, so a bitmap gives it no action: syscall(-1) is ENOSYS
 *   under any action, and a PTRACE_SYSCALL tracer that sets orig_rax to
 *   -1 at the entry stop makes the tracee see the rax it set (upstream
 *   seccomp_bpf's TRACE_syscall.syscall_faked).  Other negative numbers
 *   are denied as ever.
 *
 * get_metadata: an unconfined root tracer reads the BPF filters of a
 *   task that also has a bitmap; a confined tracer is refused (EACCES),
 *   as any seccomp-confined tracer is upstream.
 *
 * Every confining test confines a child it forked and checks how the
 * child ended.  x86-64 only.
 */

#include "bitmap_util.h"

#if BITMAP_X86_64

#include <linux/filter.h>
#include <sys/ptrace.h>
#include <sys/user.h>

/* The stacked BPF filter's own ERRNO (the bitmap's: E_BITMAP, ENOMSG) */
#define E_BPF		EUCLEAN

/* ia32 numbers (int $0x80) */
#define IA32_NR_getpid	20
#define IA32_NR_mkdir	39
#define IA32_NR_getppid	64

/* marks the one call the BPF filter traces (its third argument) */
#define CALL_MAGIC	0x5ecc0b17L
/* SECCOMP_RET_DATA of the filter's RET_TRACE: PTRACE_GETEVENTMSG */
#define TRACE_DATA	0x1ec
/* what the tracer puts in rax when it skips the call */
#define FAKE_RET	(-ESRCH)

#define USER_OFF(reg)	((long)(offsetof(struct user, regs) +		\
				offsetof(struct user_regs_struct, reg)))

/* Does this kernel have seccomp-bpf (CONFIG_SECCOMP_FILTER)? */
static bool have_seccomp_filter(void)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = 1, .filter = filter };
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return false;
	if (pid == 0) {
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			_exit(2);
		_exit(sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &prog) ? 1 : 0);
	}
	status = wait_status_wall(pid);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

#define NEED_SECCOMP_FILTER() do {					\
	if (!have_seccomp_filter())					\
		SKIP(return, "kernel without seccomp-bpf (CONFIG_SECCOMP_FILTER)"); \
} while (0)

struct shared {
	long r1, r2;
	int done;
	int no_filters;		/* the kernel refused the filter: EOPNOTSUPP */
	char path[128];
};

/* ========================================================================== */
/* SECCOMP_RET_TRACE from a stacked filter: the bitmap judges the new call    */
/* ========================================================================== */

enum rewrite {
	RW_NONE,	/* the tracer only looks */
	RW_NR,		/* orig_rax = ->to */
	RW_ARG0_PID,	/* rdi = the tracee's pid */
	RW_ARG0_1,	/* rdi = 1 */
	RW_SKIP,	/* orig_rax = -1, rax untouched */
	RW_SKIP_RAX,	/* orig_rax = -1, rax = FAKE_RET */
};

enum expect {
	X_VALUE,	/* ->ret */
	X_PID,		/* the tracee's pid */
	X_PPID,		/* the tracee's parent: the test process */
	X_PGID,		/* the test process's process group (the tracee's) */
};

FIXTURE(trace_recheck) {
	struct shared *sh;
};

FIXTURE_VARIANT(trace_recheck) {
	bool confine;		/* false: only the BPF filter (control) */
	bool bpf_first;		/* the BPF filter before the bitmap */
	bool compat;		/* int $0x80 call, compat bitmap, AUDIT_ARCH_I386 */
	bool getpgid_filter;	/* getpgid allowed only with "pid == 0" */
	__u32 action;		/* the bitmap's */
	int from;		/* the traced call */
	int to;			/* RW_NR's new number */
	enum rewrite rw;
	enum expect expect;
	long ret;		/* X_VALUE */
	bool expect_sigsys;
	bool expect_dir;
};

/* -- controls: the mechanism works ------------------------------------------ */

/* No bitmap: the tracer's rewrite to mkdir runs mkdir. */
FIXTURE_VARIANT_ADD(trace_recheck, control_bpf_only_getpid_to_mkdir_runs_mkdir) {
	.confine = false, .from = __NR_getpid, .to = __NR_mkdir, .rw = RW_NR,
	.expect = X_VALUE, .ret = 0, .expect_dir = true,
};
/* The tracer only looks: getpid runs. */
FIXTURE_VARIANT_ADD(trace_recheck, control_untouched_getpid_runs) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .rw = RW_NONE, .expect = X_PID,
};

/* -- the escape: an allowed call rewritten to a denied one ------------------- */

FIXTURE_VARIANT_ADD(trace_recheck, bitmap_first_getpid_to_denied_mkdir_errno) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .to = __NR_mkdir, .rw = RW_NR,
	.expect = X_VALUE, .ret = -E_BITMAP,
};
FIXTURE_VARIANT_ADD(trace_recheck, bpf_first_getpid_to_denied_mkdir_errno) {
	.confine = true, .bpf_first = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .to = __NR_mkdir, .rw = RW_NR,
	.expect = X_VALUE, .ret = -E_BITMAP,
};
FIXTURE_VARIANT_ADD(trace_recheck, bitmap_first_getpid_to_denied_mkdir_kill_process) {
	.confine = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpid, .to = __NR_mkdir, .rw = RW_NR, .expect_sigsys = true,
};
FIXTURE_VARIANT_ADD(trace_recheck, bpf_first_getpid_to_denied_mkdir_kill_process) {
	.confine = true, .bpf_first = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpid, .to = __NR_mkdir, .rw = RW_NR, .expect_sigsys = true,
};

/* -- a rewrite to an allowed call runs it ------------------------------------ */

FIXTURE_VARIANT_ADD(trace_recheck, bitmap_first_getpid_to_allowed_getppid_runs) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .to = __NR_getppid, .rw = RW_NR, .expect = X_PPID,
};
FIXTURE_VARIANT_ADD(trace_recheck, bpf_first_getpid_to_allowed_getppid_kill_process_runs) {
	.confine = true, .bpf_first = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpid, .to = __NR_getppid, .rw = RW_NR, .expect = X_PPID,
};
/* The bitmap allows getsid, the BPF filter denies it: BPF still re-runs. */
FIXTURE_VARIANT_ADD(trace_recheck, getpid_to_getsid_bpf_filters_rerun_bpf_errno) {
	.confine = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpid, .to = __NR_getsid, .rw = RW_NR,
	.expect = X_VALUE, .ret = -E_BPF,
};

/* -- a filtered syscall: the tracer changes its argument --------------------- */

FIXTURE_VARIANT_ADD(trace_recheck, filtered_getpgid_args_untouched_runs) {
	.confine = true, .getpgid_filter = true,
	.action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpgid, .rw = RW_NONE, .expect = X_PGID,
};
FIXTURE_VARIANT_ADD(trace_recheck, bitmap_first_filtered_getpgid_arg_to_own_pid_errno) {
	.confine = true, .getpgid_filter = true,
	.action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpgid, .rw = RW_ARG0_PID,
	.expect = X_VALUE, .ret = -E_BITMAP,
};
FIXTURE_VARIANT_ADD(trace_recheck, bpf_first_filtered_getpgid_arg_to_own_pid_errno) {
	.confine = true, .bpf_first = true, .getpgid_filter = true,
	.action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpgid, .rw = RW_ARG0_PID,
	.expect = X_VALUE, .ret = -E_BITMAP,
};
FIXTURE_VARIANT_ADD(trace_recheck, filtered_getpgid_arg_to_1_errno) {
	.confine = true, .getpgid_filter = true,
	.action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpgid, .rw = RW_ARG0_1,
	.expect = X_VALUE, .ret = -E_BITMAP,
};
FIXTURE_VARIANT_ADD(trace_recheck, filtered_getpgid_arg_to_1_kill_process) {
	.confine = true, .bpf_first = true, .getpgid_filter = true,
	.action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpgid, .rw = RW_ARG0_1, .expect_sigsys = true,
};

/* -- compat: int $0x80 getpid rewritten to ia32 mkdir ------------------------ */

FIXTURE_VARIANT_ADD(trace_recheck, compat_control_bpf_only_getpid_to_mkdir_runs_mkdir) {
	.confine = false, .compat = true,
	.from = IA32_NR_getpid, .to = IA32_NR_mkdir, .rw = RW_NR,
	.expect = X_VALUE, .ret = 0, .expect_dir = true,
};
FIXTURE_VARIANT_ADD(trace_recheck, compat_bitmap_first_getpid_to_denied_mkdir_errno) {
	.confine = true, .compat = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = IA32_NR_getpid, .to = IA32_NR_mkdir, .rw = RW_NR,
	.expect = X_VALUE, .ret = -E_BITMAP,
};
FIXTURE_VARIANT_ADD(trace_recheck, compat_bpf_first_getpid_to_denied_mkdir_errno) {
	.confine = true, .bpf_first = true, .compat = true,
	.action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = IA32_NR_getpid, .to = IA32_NR_mkdir, .rw = RW_NR,
	.expect = X_VALUE, .ret = -E_BITMAP,
};
FIXTURE_VARIANT_ADD(trace_recheck, compat_getpid_to_denied_mkdir_kill_process) {
	.confine = true, .compat = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = IA32_NR_getpid, .to = IA32_NR_mkdir, .rw = RW_NR,
	.expect_sigsys = true,
};
FIXTURE_VARIANT_ADD(trace_recheck, compat_getpid_to_allowed_getppid_runs) {
	.confine = true, .compat = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = IA32_NR_getpid, .to = IA32_NR_getppid, .rw = RW_NR,
	.expect = X_PPID,
};

/* -- -1 at the seccomp stop skips the call: no bitmap action ----------------- */

FIXTURE_VARIANT_ADD(trace_recheck, bitmap_first_minus_1_skips_returns_tracer_rax_errno_action) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .rw = RW_SKIP_RAX, .expect = X_VALUE, .ret = FAKE_RET,
};
FIXTURE_VARIANT_ADD(trace_recheck, bitmap_first_minus_1_skips_returns_tracer_rax_kill_action) {
	.confine = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpid, .rw = RW_SKIP_RAX, .expect = X_VALUE, .ret = FAKE_RET,
};
FIXTURE_VARIANT_ADD(trace_recheck, bpf_first_minus_1_skips_returns_tracer_rax_kill_action) {
	.confine = true, .bpf_first = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpid, .rw = RW_SKIP_RAX, .expect = X_VALUE, .ret = FAKE_RET,
};
FIXTURE_VARIANT_ADD(trace_recheck, minus_1_rax_untouched_skips_enosys_errno_action) {
	.confine = true, .action = SECCOMP_RET_ERRNO | E_BITMAP,
	.from = __NR_getpid, .rw = RW_SKIP, .expect = X_VALUE, .ret = -ENOSYS,
};
FIXTURE_VARIANT_ADD(trace_recheck, minus_1_rax_untouched_skips_enosys_kill_action) {
	.confine = true, .bpf_first = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = __NR_getpid, .rw = RW_SKIP, .expect = X_VALUE, .ret = -ENOSYS,
};
FIXTURE_VARIANT_ADD(trace_recheck, compat_minus_1_skips_returns_tracer_rax_kill_action) {
	.confine = true, .compat = true, .action = SECCOMP_RET_KILL_PROCESS,
	.from = IA32_NR_getpid, .rw = RW_SKIP_RAX, .expect = X_VALUE, .ret = FAKE_RET,
};

FIXTURE_SETUP(trace_recheck)
{
	self->sh = shared_page();
	ASSERT_NE(NULL, self->sh);
	ASSERT_GT(1UL << 32, (unsigned long)self->sh);
	probe_path(self->sh->path, sizeof(self->sh->path), "recheck-trace");
}

FIXTURE_TEARDOWN(trace_recheck)
{
	if (self->sh) {
		rmdir(self->sh->path);
		munmap(self->sh, 4096);
	}
}

/*
 * RET_TRACE|TRACE_DATA for @nr of @arch whose third argument is
 * CALL_MAGIC (only the test's own call: libc's calls are allowed);
 * ERRNO|E_BPF for native getsid; ALLOW for everything else.
 */
static long install_trace_filter(__u32 arch, int nr)
{
	struct sock_filter filter[] = {
		/* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
				 offsetof(struct seccomp_data, arch)),
		/* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, arch, 0, 7),
		/* 2 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
				 offsetof(struct seccomp_data, nr)),
		/* 3 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
				 arch == AUDIT_ARCH_X86_64 ? __NR_getsid : 0xffff,
				 0, 1),
		/* 4 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | E_BPF),
		/* 5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (__u32)nr, 0, 3),
		/* 6 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
				 offsetof(struct seccomp_data, args[2])),
		/* 7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (__u32)CALL_MAGIC, 0, 1),
		/* 8 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE | TRACE_DATA),
		/* 9 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = (unsigned short)ARRAY_SIZE(filter),
		.filter = filter,
	};

	return sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &prog);
}

/*
 * The variant's bitmap: native denies mkdir; with ->compat every ia32
 * syscall but mkdir (39) is allowed, else none; with ->getpgid_filter
 * getpgid carries "pid == 0".
 */
static long install_variant_bitmap(const FIXTURE_VARIANT(trace_recheck) *v)
{
	static __u64 native[BM_WORDS], compat[BM_WORDS];
	struct seccomp_bitmap_filter f = {
		.nr = __NR_getpgid,
		.expr = (uintptr_t)"pid == 0",
	};
	struct seccomp_bitmap sb = {
		.size = sizeof(sb),
		.action = v->action,
		.nbits = BM_BITS,
		.native = (uintptr_t)native,
	};

	bm_fill(native, BM_WORDS, true);
	bm_clear(native, __NR_mkdir);
	if (v->compat) {
		bm_fill(compat, BM_WORDS, true);
		bm_clear(compat, IA32_NR_mkdir);
		sb.compat = (uintptr_t)compat;
		sb.compat_nbits = BM_BITS;
	}
	if (v->getpgid_filter) {
		sb.filters = (uintptr_t)&f;
		sb.nfilters = 1;
	}
	return sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb);
}

static void trace_recheck_child(struct __test_metadata *_metadata,
				const FIXTURE_VARIANT(trace_recheck) *v,
				struct shared *sh)
{
	__u32 arch = v->compat ? AUDIT_ARCH_I386 : AUDIT_ARCH_X86_64;
	long a0 = v->from == __NR_getpgid ? 0 : (long)(uintptr_t)sh->path;

	child_prep(_metadata, true);
	if (v->bpf_first)
		ASSERT_EQ(0, install_trace_filter(arch, v->from));
	if (v->confine && install_variant_bitmap(v)) {
		if (errno == EOPNOTSUPP && v->getpgid_filter) {
			sh->no_filters = 1;
			_exit(0);
		}
		ASSERT_EQ(0, errno);
	}
	if (!v->bpf_first)
		ASSERT_EQ(0, install_trace_filter(arch, v->from));
	ASSERT_EQ(0, ptrace(PTRACE_TRACEME, 0, 0, 0));
	raise(SIGSTOP);
	if (v->compat)
		sh->r1 = int80_3(v->from, a0, 0700, CALL_MAGIC);
	else
		sh->r1 = raw_syscall6(v->from, a0, 0700, CALL_MAGIC, 0, 0, 0);
	/* not marked: no stop, runs as ever */
	sh->r2 = raw_syscall0(__NR_getpid);
	sh->done = 1;
	_exit(0);
}

TEST_F(trace_recheck, tracer_rewrites_at_ptrace_event_seccomp)
{
	struct shared *sh = self->sh;
	struct __ptrace_syscall_info info;
	__u32 arch = variant->compat ? AUDIT_ARCH_I386 : AUDIT_ARCH_X86_64;
	int stops = 0, other_stops = 0, st, sig;
	unsigned long msg;
	long want;
	pid_t pid;

	NEED_SECCOMP_FILTER();
	if (variant->compat)
		NEED_IA32();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		trace_recheck_child(_metadata, variant, sh);

	st = wait_status_wall(pid);
	if (WIFEXITED(st) && sh->no_filters)
		SKIP(return, "kernel without CONFIG_SECCOMP_BITMAP_FILTER");
	ASSERT_TRUE(WIFSTOPPED(st)) {
		TH_LOG("child status 0x%x before its SIGSTOP", st);
	}
	ASSERT_EQ(SIGSTOP, WSTOPSIG(st));
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, pid, 0,
			    PTRACE_O_TRACESECCOMP | PTRACE_O_EXITKILL));
	ASSERT_EQ(0, ptrace(PTRACE_CONT, pid, 0, 0));
	for (;;) {
		st = wait_status_wall(pid);
		if (!WIFSTOPPED(st))
			break;
		sig = WSTOPSIG(st);
		if (st >> 8 == (SIGTRAP | (PTRACE_EVENT_SECCOMP << 8))) {
			sig = 0;
			ASSERT_EQ(0, ptrace(PTRACE_GETEVENTMSG, pid, 0, &msg));
			memset(&info, 0, sizeof(info));
			ASSERT_LT(0, ptrace(PTRACE_GET_SYSCALL_INFO, pid,
					    sizeof(info), &info));
			EXPECT_EQ(PTRACE_SYSCALL_INFO_SECCOMP, info.op);
			EXPECT_EQ(TRACE_DATA, msg);
			EXPECT_EQ(arch, info.arch);
			EXPECT_EQ(variant->from, (long)info.seccomp.nr);
			EXPECT_EQ((__u64)CALL_MAGIC, info.seccomp.args[2]);
			stops++;
			switch (variant->rw) {
			case RW_NONE:
				break;
			case RW_NR:
				ASSERT_EQ(0, ptrace(PTRACE_POKEUSER, pid,
						    USER_OFF(orig_rax),
						    (long)variant->to));
				break;
			case RW_ARG0_PID:
			case RW_ARG0_1:
				EXPECT_EQ(0, info.seccomp.args[0]);
				ASSERT_EQ(0, ptrace(PTRACE_POKEUSER, pid,
						    USER_OFF(rdi),
						    variant->rw == RW_ARG0_1 ?
						    1L : (long)pid));
				break;
			case RW_SKIP_RAX:
				ASSERT_EQ(0, ptrace(PTRACE_POKEUSER, pid,
						    USER_OFF(rax),
						    (long)FAKE_RET));
				/* fall through */
			case RW_SKIP:
				ASSERT_EQ(0, ptrace(PTRACE_POKEUSER, pid,
						    USER_OFF(orig_rax), -1L));
				break;
			}
		} else if (sig == SIGTRAP) {
			/* no other ptrace event was asked for */
			other_stops++;
			sig = 0;
		}
		ASSERT_EQ(0, ptrace(PTRACE_CONT, pid, 0, sig));
	}
	/* the stop happened, once: what follows is the kernel's answer to it */
	EXPECT_EQ(1, stops);
	EXPECT_EQ(0, other_stops);
	if (variant->expect_sigsys) {
		EXPECT_KILLED_BY(st, SIGSYS);
		EXPECT_EQ(0, sh->done);
	} else {
		EXPECT_EXITED(st, 0);
		EXPECT_EQ(1, sh->done);
		switch (variant->expect) {
		case X_PID:
			want = pid;
			break;
		case X_PPID:
			want = getpid();
			break;
		case X_PGID:
			want = getpgid(0);
			break;
		default:
			want = variant->ret;
		}
		EXPECT_EQ(want, sh->r1);
		EXPECT_EQ(pid, sh->r2);
	}
	/* the denied mkdir never ran; the unconfined controls' did */
	EXPECT_EQ(variant->expect_dir, path_exists(sh->path)) {
		TH_LOG("%s %s", sh->path,
		       path_exists(sh->path) ? "exists" : "does not exist");
	}
}

/* ========================================================================== */
/* -1, the skip number: no action; other negative numbers: denied              */
/* ========================================================================== */

FIXTURE(minus_one) {
	struct shared *sh;
};

FIXTURE_VARIANT(minus_one) {
	__u32 action;
};

FIXTURE_VARIANT_ADD(minus_one, errno_action) {
	.action = SECCOMP_RET_ERRNO | E_BITMAP,
};
FIXTURE_VARIANT_ADD(minus_one, kill_process_action) {
	.action = SECCOMP_RET_KILL_PROCESS,
};

FIXTURE_SETUP(minus_one)
{
	self->sh = shared_page();
	ASSERT_NE(NULL, self->sh);
}

FIXTURE_TEARDOWN(minus_one)
{
	if (self->sh)
		munmap(self->sh, 4096);
}

/* As unconfined: "there should be no difference between an internal skip and -1" */
TEST_F(minus_one, syscall_minus_1_is_enosys_not_the_action)
{
	static const int denied[] = { __NR_mkdir, __NR_getppid };
	pid_t pid;

	/* the baseline */
	errno = 0;
	EXPECT_EQ(-1, syscall(-1));
	EXPECT_EQ(ENOSYS, errno);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_list(variant->action, 0, denied, 2));
		errno = 0;
		EXPECT_EQ(-1, syscall(-1));
		EXPECT_EQ(ENOSYS, errno);
		EXPECT_EQ(-ENOSYS, raw_syscall0(-1));
		EXPECT_EQ(-ENOSYS, raw_syscall6(-1, 1, 2, 3, 4, 5, 6));
		/* the bitmap still works: an allowed call runs */
		EXPECT_EQ(getpid(), raw_syscall0(__NR_getpid));
		if (variant->action != SECCOMP_RET_KILL_PROCESS) {
			EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getppid));
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(pid), 0);
}

/* Every other negative number is denied: the action, as ever. */
TEST_F(minus_one, other_negative_numbers_get_the_action)
{
	static const long nrs[] = { -2, -101 };
	size_t i;
	pid_t pid;

	for (i = 0; i < ARRAY_SIZE(nrs); i++) {
		pid = fork();
		ASSERT_LE(0, pid);
		if (pid == 0) {
			child_prep(_metadata, true);
			ASSERT_EQ(0, deny_list(variant->action, 0, NULL, 0));
			if (variant->action == SECCOMP_RET_KILL_PROCESS) {
				raw_syscall0(nrs[i]);
				_exit(50);
			}
			errno = 0;
			EXPECT_EQ(-1, syscall(nrs[i]));
			EXPECT_EQ(E_BITMAP, errno);
			EXPECT_EQ(-E_BITMAP, raw_syscall0(nrs[i]));
			CHILD_EXIT();
		}
		if (variant->action == SECCOMP_RET_KILL_PROCESS) {
			EXPECT_KILLED_BY(wait_status_wall(pid), SIGSYS);
		} else {
			EXPECT_EXITED(wait_status_wall(pid), 0);
		}
	}
}

/*
 * A PTRACE_SYSCALL tracer sets orig_rax = -1 (and rax = 45000, or leaves
 * rax alone) at the entry stop of the tracee's gettid: the tracee sees
 * 45000 (-ENOSYS), whatever its bitmap's action (upstream seccomp_bpf's
 * TRACE_syscall.syscall_faked, under a bitmap).
 */
static void entry_skip(struct __test_metadata *_metadata, struct shared *sh,
		       __u32 action, bool set_rax)
{
	int rewrites = 0, st;
	pid_t pid;

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_list(action, 0, NULL, 0));
		ASSERT_EQ(0, ptrace(PTRACE_TRACEME, 0, 0, 0));
		raise(SIGSTOP);
		sh->r1 = raw_syscall6(__NR_gettid, 0, 0, CALL_MAGIC, 0, 0, 0);
		sh->r2 = raw_syscall0(__NR_gettid);
		sh->done = 1;
		_exit(0);
	}
	ptrace_syscall_setup(_metadata, pid);
	while (ptrace_next_marked_entry(_metadata, pid, __NR_gettid,
					CALL_MAGIC, &st)) {
		if (set_rax)
			ASSERT_EQ(0, ptrace(PTRACE_POKEUSER, pid, USER_OFF(rax),
					    45000L));
		ASSERT_EQ(0, ptrace(PTRACE_POKEUSER, pid, USER_OFF(orig_rax),
				    -1L));
		rewrites++;
	}
	EXPECT_EQ(1, rewrites);
	EXPECT_EXITED(st, 0);
	EXPECT_EQ(1, sh->done);
	EXPECT_EQ(set_rax ? 45000 : -ENOSYS, sh->r1);
	EXPECT_EQ(pid, sh->r2);
}

TEST_F(minus_one, ptrace_entry_stop_skip_returns_tracer_rax_45000)
{
	entry_skip(_metadata, self->sh, variant->action, true);
}

TEST_F(minus_one, ptrace_entry_stop_skip_rax_untouched_enosys)
{
	entry_skip(_metadata, self->sh, variant->action, false);
}

/* ========================================================================== */
/* PTRACE_SECCOMP_GET_METADATA of a task with a bitmap and two BPF filters    */
/* ========================================================================== */

FIXTURE(get_metadata) {
	int ready[2];
	pid_t tracee;
};

FIXTURE_VARIANT(get_metadata) {
	int bitmap_pos;		/* installed before filter 0, 1, or after both */
};

FIXTURE_VARIANT_ADD(get_metadata, bitmap_before_both_filters) { .bitmap_pos = 0, };
FIXTURE_VARIANT_ADD(get_metadata, bitmap_between_filters) { .bitmap_pos = 1, };
FIXTURE_VARIANT_ADD(get_metadata, bitmap_after_both_filters) { .bitmap_pos = 2, };

static long allow_all_filter(unsigned int flags)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = (unsigned short)ARRAY_SIZE(filter),
		.filter = filter,
	};

	return sys_seccomp(SECCOMP_SET_MODE_FILTER, flags, &prog);
}

/*
 * The tracee: a bitmap denying mkdir, the first BPF filter with
 * SECCOMP_FILTER_FLAG_LOG, the second without, in the variant's order;
 * then it says so and sleeps (dies with its parent).
 */
static pid_t metadata_tracee(struct __test_metadata *_metadata, int pos,
			     int ready)
{
	static const int denied[] = { __NR_mkdir };
	pid_t pid = fork();

	if (pid)
		return pid;
	child_prep(_metadata, true);
	ASSERT_EQ(0, prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0));
	if (pos == 0)
		ASSERT_EQ(0, deny_list(SECCOMP_RET_ERRNO | E_BITMAP, 0, denied, 1));
	ASSERT_EQ(0, allow_all_filter(SECCOMP_FILTER_FLAG_LOG));
	if (pos == 1)
		ASSERT_EQ(0, deny_list(SECCOMP_RET_ERRNO | E_BITMAP, 0, denied, 1));
	ASSERT_EQ(0, allow_all_filter(0));
	if (pos == 2)
		ASSERT_EQ(0, deny_list(SECCOMP_RET_ERRNO | E_BITMAP, 0, denied, 1));
	ASSERT_EQ(SECCOMP_MODE_BITMAP, get_mode());
	post(ready);
	for (;;)
		pause();
}

FIXTURE_SETUP(get_metadata)
{
	self->tracee = 0;
	if (geteuid())
		SKIP(return, "PTRACE_SECCOMP_GET_METADATA needs real root");
	NEED_SECCOMP_FILTER();
	ASSERT_EQ(0, pipe(self->ready));
}

FIXTURE_TEARDOWN(get_metadata)
{
	if (self->tracee > 0) {
		kill(self->tracee, SIGKILL);
		wait_status_wall(self->tracee);
	}
}

/* PTRACE_SECCOMP_GET_METADATA of filter_off: its return value, md filled */
static long get_md(pid_t pid, __u64 off, struct __ptrace_seccomp_metadata *md)
{
	memset(md, 0xa5, sizeof(*md));
	md->filter_off = off;
	errno = 0;
	return ptrace(PTRACE_SECCOMP_GET_METADATA, pid, sizeof(*md), md);
}

/*
 * Does an unconfined tracer get the metadata of a task with a BPF filter
 * and no bitmap (CONFIG_CHECKPOINT_RESTORE)?  Asked only after an EINVAL:
 * a kernel that has it must not refuse a task because of its bitmap.
 */
static bool have_get_metadata(void)
{
	struct __ptrace_seccomp_metadata md;
	bool ok = false;
	int ready[2];
	pid_t pid;

	if (pipe(ready))
		return false;
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    allow_all_filter(0))
			_exit(1);
		post(ready[1]);
		for (;;)
			pause();
	}
	close(ready[1]);
	if (read(ready[0], &md, 1) == 1 && !ptrace(PTRACE_ATTACH, pid, 0, 0) &&
	    WIFSTOPPED(wait_status_wall(pid)))
		ok = get_md(pid, 0, &md) == sizeof(md);
	kill(pid, SIGKILL);
	wait_status_wall(pid);
	close(ready[0]);
	return ok;
}

TEST_F(get_metadata, unconfined_root_tracer_reads_both_filters)
{
	struct __ptrace_seccomp_metadata md;
	long ret;

	/* a SKIP() in 6.1's FIXTURE_SETUP does not stop the test itself */
	if (BM_SKIPPED())
		return;
	ASSERT_EQ(0, get_mode());
	self->tracee = metadata_tracee(_metadata, variant->bitmap_pos,
				       self->ready[1]);
	ASSERT_LE(0, self->tracee);
	/* EOF, not a hang, if the tracee fails before it is ready */
	close(self->ready[1]);
	await(self->ready[0]);
	ASSERT_EQ(0, ptrace(PTRACE_ATTACH, self->tracee, 0, 0));
	ASSERT_TRUE(WIFSTOPPED(wait_status_wall(self->tracee)));

	ret = get_md(self->tracee, 0, &md);
	if (ret < 0 && errno == EINVAL && !have_get_metadata())
		SKIP(return, "kernel without PTRACE_SECCOMP_GET_METADATA (CHECKPOINT_RESTORE)");
	EXPECT_EQ((long)sizeof(md), ret) {
		TH_LOG("filter_off 0: errno %d (%s)", errno, strerror(errno));
	}
	EXPECT_EQ(0, md.filter_off);
	EXPECT_EQ(SECCOMP_FILTER_FLAG_LOG, md.flags);

	ret = get_md(self->tracee, 1, &md);
	EXPECT_EQ((long)sizeof(md), ret) {
		TH_LOG("filter_off 1: errno %d (%s)", errno, strerror(errno));
	}
	EXPECT_EQ(1, md.filter_off);
	EXPECT_EQ(0, md.flags);

	/* two filters, not three: the bitmap is not a filter */
	EXPECT_EQ(-1, get_md(self->tracee, 2, &md));
	EXPECT_EQ(ENOENT, errno);
	EXPECT_EQ(-1, get_md(self->tracee, 3, &md));
	EXPECT_EQ(ENOENT, errno);

	/* PTRACE_SECCOMP_GET_FILTER agrees: one instruction each */
	errno = 0;
	EXPECT_EQ(1, ptrace(PTRACE_SECCOMP_GET_FILTER, self->tracee, 0, NULL));
	EXPECT_EQ(1, ptrace(PTRACE_SECCOMP_GET_FILTER, self->tracee, 1, NULL));
	EXPECT_EQ(-1, ptrace(PTRACE_SECCOMP_GET_FILTER, self->tracee, 2, NULL));
	EXPECT_EQ(ENOENT, errno);
}

/*
 * A tracer confined by @how (1: a bitmap allowing everything, 2: a BPF
 * filter allowing everything) keeps CAP_SYS_ADMIN and is refused.
 */
static void confined_tracer(struct __test_metadata *_metadata, int pos, int how)
{
	struct __ptrace_seccomp_metadata md;
	int ready[2];
	pid_t tracer, tracee;

	tracer = fork();
	ASSERT_LE(0, tracer);
	if (tracer == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, pipe(ready));
		/* the tracee first: it must not share the tracer's confinement */
		tracee = metadata_tracee(_metadata, pos, ready[1]);
		ASSERT_LE(0, tracee);
		close(ready[1]);
		await(ready[0]);
		if (how == 1) {
			ASSERT_EQ(0, deny_list(SECCOMP_RET_ERRNO | E_BITMAP, 0,
					       NULL, 0));
			ASSERT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		} else {
			ASSERT_EQ(0, allow_all_filter(0));
			ASSERT_EQ(SECCOMP_MODE_FILTER, get_mode());
		}
		ASSERT_EQ(0, ptrace(PTRACE_ATTACH, tracee, 0, 0));
		ASSERT_TRUE(WIFSTOPPED(wait_status_wall(tracee)));
		EXPECT_EQ(-1, get_md(tracee, 0, &md));
		EXPECT_EQ(EACCES, errno);
		EXPECT_EQ(-1, get_md(tracee, 1, &md));
		EXPECT_EQ(EACCES, errno);
		errno = 0;
		EXPECT_EQ(-1, ptrace(PTRACE_SECCOMP_GET_FILTER, tracee, 0, NULL));
		EXPECT_EQ(EACCES, errno);
		kill(tracee, SIGKILL);
		wait_status_wall(tracee);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status_wall(tracer), 0);
}

TEST_F(get_metadata, bitmap_confined_root_tracer_gets_eacces)
{
	if (BM_SKIPPED())
		return;
	confined_tracer(_metadata, variant->bitmap_pos, 1);
}

/* upstream's rule, the control */
TEST_F(get_metadata, bpf_confined_root_tracer_gets_eacces)
{
	if (BM_SKIPPED())
		return;
	confined_tracer(_metadata, variant->bitmap_pos, 2);
}

TEST_HARNESS_MAIN

#else
BITMAP_X86_ONLY_MAIN("orig_rax rewrites and the ia32 table; arm64's NT_ARM_SYSTEM_CALL rewrites: seccomp_bitmap_arch_test")
#endif
