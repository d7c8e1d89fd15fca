// SPDX-License-Identifier: GPL-2.0
/*
 * Bitmap mode where the architectures differ, for each architecture the
 * series supports (x86-64, arm64):
 *
 *  - which table a syscall is judged in: a SIGSYS of a denied syscall
 *    names the native audit architecture and number;
 *  - the syscall number a tracer changes at PTRACE_EVENT_SECCOMP (x86-64:
 *    orig_rax; arm64: NT_ARM_SYSTEM_CALL, i.e. regs->syscallno): the
 *    bitmap judges the new number, with its action;
 *  - arm64 only: a tracer that writes x8 alone changes nothing (the
 *    number that runs is regs->syscallno, the one judged);
 *  - a tracer's new first argument (x0, rdi) is what a filter of the
 *    bitmap judges on the recheck (arm64 keeps orig_x0 in step);
 *  - the compat table: an AArch32 program (arm64; a CPU whose EL0 runs
 *    AArch32) is judged by the compat bitmap and the compat deny entries,
 *    never by the native bits of the same number.
 *
 * The x86-64-only tests (ia32 through int $0x80, orig_rax rewrites of
 * every kind) are in seccomp_bitmap_test, seccomp_bitmap_recheck_test and
 * seccomp_bitmap_bypass_test.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <linux/filter.h>
#include <sys/uio.h>
#include <sys/user.h>

#include "bitmap_util.h"

#ifdef __aarch64__
#define NATIVE_AUDIT_ARCH	AUDIT_ARCH_AARCH64
#ifndef NT_ARM_SYSTEM_CALL
#define NT_ARM_SYSTEM_CALL	0x404
#endif
#else
#define NATIVE_AUDIT_ARCH	AUDIT_ARCH_X86_64
#endif

/* every native syscall allowed but @nr, denied with @action */
static long allow_all_but(int nr, __u32 action)
{
	__u64 w[BM_WORDS];

	bm_fill(w, BM_WORDS, true);
	bm_clear(w, nr);
	return bitmap_install(0, action, w, BM_BITS, NULL, 0);
}

static volatile sig_atomic_t trap_arch, trap_nr, trap_code;

static void on_sigsys(int sig, siginfo_t *si, void *uc)
{
	trap_arch = si->si_arch;
	trap_nr = si->si_syscall;
	trap_code = si->si_code;
}

TEST(trap_names_native_arch_and_number)
{
	pid_t pid = child_fork(_metadata, true);

	if (!pid) {
		struct sigaction sa = { .sa_sigaction = on_sigsys,
					.sa_flags = SA_SIGINFO };

		ASSERT_EQ(0, sigaction(SIGSYS, &sa, NULL));
		ASSERT_EQ(0, allow_all_but(__NR_getppid, SECCOMP_RET_TRAP | 7));
		syscall(__NR_getppid);
		ASSERT_EQ(SYS_SECCOMP, trap_code);
		ASSERT_EQ(NATIVE_AUDIT_ARCH, (__u32)trap_arch);
		ASSERT_EQ(__NR_getppid, trap_nr);
		/* allowed ones run */
		ASSERT_EQ(getpid(), syscall(__NR_getpid));
		_exit(0);
	}
	ASSERT_EQ(0, CHILD_EXIT_CODE(pid));
}

TEST(denied_native_number_errno_allowed_runs)
{
	pid_t pid = child_fork(_metadata, true);

	if (!pid) {
		ASSERT_EQ(0, allow_all_but(__NR_getppid,
					   SECCOMP_RET_ERRNO | E_BITMAP));
		errno = 0;
		ASSERT_EQ(-1, syscall(__NR_getppid));
		ASSERT_EQ(E_BITMAP, errno);
		ASSERT_EQ(getpid(), syscall(__NR_getpid));
		/* past the table: denied too */
		errno = 0;
		ASSERT_EQ(-1, syscall(1000));
		ASSERT_EQ(E_BITMAP, errno);
		_exit(0);
	}
	ASSERT_EQ(0, CHILD_EXIT_CODE(pid));
}

/* ---- a tracer's new syscall number at PTRACE_EVENT_SECCOMP --------------- */

#ifdef __aarch64__
/* x8 alone, through the general registers: not the number that runs */
static int tracee_set_x8(pid_t pid, long nr)
{
	struct user_regs_struct regs;
	struct iovec io = { .iov_base = &regs, .iov_len = sizeof(regs) };

	if (ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &io))
		return -1;
	regs.regs[8] = nr;
	return ptrace(PTRACE_SETREGSET, pid, NT_PRSTATUS, &io);
}
#endif

enum rewrite { RW_NR, RW_X8 };

FIXTURE(tracer) {
};

FIXTURE_VARIANT(tracer) {
	enum rewrite how;
	int to;			/* the number the tracer writes */
	bool denied;		/* the child's getpid() then fails with E_BITMAP */
	bool runs_tid;		/* ... or returns gettid() */
};

/* getpid, traced, becomes getppid, which the bitmap denies */
FIXTURE_VARIANT_ADD(tracer, to_denied) {
	.how = RW_NR, .to = __NR_getppid, .denied = true,
};

/* getpid becomes gettid, which the bitmap allows: it runs */
FIXTURE_VARIANT_ADD(tracer, to_allowed) {
	.how = RW_NR, .to = __NR_gettid, .runs_tid = true,
};

/* past the table: denied */
FIXTURE_VARIANT_ADD(tracer, to_past_table) {
	.how = RW_NR, .to = 1000, .denied = true,
};

/* arm64: x8 = getppid changes nothing, getpid runs as judged */
FIXTURE_VARIANT_ADD(tracer, x8_only) {
	.how = RW_X8, .to = __NR_getppid,
};

FIXTURE_SETUP(tracer)
{
}

FIXTURE_TEARDOWN(tracer)
{
}

TEST_F(tracer, rewrite_at_seccomp_stop)
{
	int go[2], st;
	pid_t pid;

#ifndef __aarch64__
	if (variant->how == RW_X8)
		SKIP(return, "arm64 only (x8 is not arm64's syscall number once entered)");
#endif
	ASSERT_EQ(0, pipe(go));
	pid = child_fork(_metadata, true);
	if (!pid) {
		/* getpid -> RET_TRACE, all else allowed; stacked on the bitmap */
		struct sock_filter f[] = {
			BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
				 offsetof(struct seccomp_data, nr)),
			BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getpid, 0, 1),
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE),
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		};
		struct sock_fprog prog = { .len = 4, .filter = f };
		long ret, tid;

		close(go[1]);
		ASSERT_EQ(0, allow_all_but(__NR_getppid,
					   SECCOMP_RET_ERRNO | E_BITMAP));
		ASSERT_EQ(0, sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &prog));
		await(go[0]);	/* the tracer is attached */
		tid = syscall(__NR_gettid);
		errno = 0;
		ret = syscall(__NR_getpid);
		if (variant->denied) {
			ASSERT_EQ(-1, ret);
			ASSERT_EQ(E_BITMAP, errno);
		} else if (variant->runs_tid) {
			ASSERT_EQ(tid, ret);
		} else {
			ASSERT_EQ(getpid(), ret);
		}
		_exit(0);
	}
	close(go[0]);
	ASSERT_EQ(0, ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACESECCOMP));
	post(go[1]);
	for (;;) {
		ASSERT_EQ(pid, waitpid(pid, &st, 0));
		if (WIFEXITED(st) || WIFSIGNALED(st))
			break;
		ASSERT_TRUE(WIFSTOPPED(st));
		if (st >> 8 == (SIGTRAP | (PTRACE_EVENT_SECCOMP << 8))) {
			long r;

#ifdef __aarch64__
			if (variant->how == RW_X8)
				r = tracee_set_x8(pid, variant->to);
			else
#endif
				r = tracee_set_nr(pid, variant->to);
			ASSERT_EQ(0, r);
			ASSERT_EQ(0, ptrace(PTRACE_CONT, pid, 0, 0));
		} else {
			ASSERT_EQ(0, ptrace(PTRACE_CONT, pid, 0,
					    WSTOPSIG(st) == SIGTRAP ? 0 : WSTOPSIG(st)));
		}
	}
	ASSERT_TRUE(WIFEXITED(st));
	ASSERT_EQ(0, WEXITSTATUS(st));
}

/* ---- a tracer's new first argument, judged by the bitmap's filter -------- */

static int tracee_set_arg0(pid_t pid, long val)
{
	struct user_regs_struct regs;
	struct iovec io = { .iov_base = &regs, .iov_len = sizeof(regs) };

	if (ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &io))
		return -1;
#ifdef __aarch64__
	regs.regs[0] = val;	/* the kernel keeps orig_x0 in step */
#else
	regs.rdi = val;
#endif
	return ptrace(PTRACE_SETREGSET, pid, NT_PRSTATUS, &io);
}

FIXTURE(tracer_arg) {
};

FIXTURE_VARIANT(tracer_arg) {
	long to;		/* dup's new fildes */
	bool denied;		/* the filter "fildes != 1000" is then false */
};

FIXTURE_VARIANT_ADD(tracer_arg, to_false_filter) {
	.to = 1000, .denied = true,
};

FIXTURE_VARIANT_ADD(tracer_arg, to_true_filter) {
	.to = 1,
};

FIXTURE_SETUP(tracer_arg)
{
}

FIXTURE_TEARDOWN(tracer_arg)
{
}

TEST_F(tracer_arg, rewrite_at_seccomp_stop)
{
	int go[2], st;
	pid_t pid;

	ASSERT_EQ(0, pipe(go));
	pid = child_fork(_metadata, true);
	if (!pid) {
		/* dup -> RET_TRACE, all else allowed; stacked on the bitmap */
		struct sock_filter f[] = {
			BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
				 offsetof(struct seccomp_data, nr)),
			BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_dup, 0, 1),
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE),
			BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		};
		struct sock_fprog prog = { .len = 4, .filter = f };
		struct seccomp_bitmap_filter bf;
		long ret;

		close(go[1]);
		fset(&bf, __NR_dup, "fildes != 1000");
		if (install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &bf, 1) &&
		    errno == EOPNOTSUPP)
			_exit(100);
		ASSERT_EQ(0, sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &prog));
		await(go[0]);	/* the tracer is attached */
		errno = 0;
		ret = syscall(__NR_dup, 0);	/* the tracer makes it dup(to) */
		if (variant->denied) {
			ASSERT_EQ(-1, ret);
			ASSERT_EQ(E_BITMAP, errno);
		} else {
			ASSERT_LE(0, ret);
		}
		_exit(0);
	}
	close(go[0]);
	ASSERT_EQ(0, ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACESECCOMP));
	post(go[1]);
	for (;;) {
		ASSERT_EQ(pid, waitpid(pid, &st, 0));
		if (WIFEXITED(st) || WIFSIGNALED(st))
			break;
		ASSERT_TRUE(WIFSTOPPED(st));
		if (st >> 8 == (SIGTRAP | (PTRACE_EVENT_SECCOMP << 8)))
			ASSERT_EQ(0, tracee_set_arg0(pid, variant->to));
		ASSERT_EQ(0, ptrace(PTRACE_CONT, pid, 0,
				    WSTOPSIG(st) == SIGTRAP ? 0 : WSTOPSIG(st)));
	}
	ASSERT_TRUE(WIFEXITED(st));
	if (WEXITSTATUS(st) == 100)
		SKIP(return, "kernel without CONFIG_SECCOMP_BITMAP_FILTER");
	ASSERT_EQ(0, WEXITSTATUS(st));
}

/* ---- the compat table: an AArch32 program --------------------------------- */

#ifdef __aarch64__
/*
 * A static AArch32 (EABI5) ELF of 7 instructions at 0x10054:
 *	mov r7, #64		@ getppid, compat number 64
 *	svc #0
 *	cmp r0, #0
 *	movgt r0, #0		@ ran: exit 0
 *	rsble r0, r0, #0	@ denied: exit with the errno
 *	mov r7, #1		@ exit
 *	svc #0
 */
static const unsigned char a32_elf[] = {
	/* Elf32_Ehdr */
	0x7f, 'E', 'L', 'F', 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2, 0, 40, 0,			/* ET_EXEC, EM_ARM */
	1, 0, 0, 0,			/* EV_CURRENT */
	0x54, 0x00, 0x01, 0x00,		/* e_entry 0x10054 */
	52, 0, 0, 0,			/* e_phoff */
	0, 0, 0, 0,			/* e_shoff */
	0x00, 0x02, 0x00, 0x05,		/* e_flags: EABI5, soft-float */
	52, 0, 32, 0, 1, 0,		/* ehsize, phentsize, phnum */
	0, 0, 0, 0, 0, 0,		/* shentsize, shnum, shstrndx */
	/* Elf32_Phdr: PT_LOAD of the whole file at 0x10000, R+X */
	1, 0, 0, 0, 0, 0, 0, 0,
	0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00,
	0x70, 0, 0, 0, 0x70, 0, 0, 0,
	5, 0, 0, 0, 0x00, 0x10, 0, 0,
	/* code */
	0x40, 0x70, 0xa0, 0xe3,
	0x00, 0x00, 0x00, 0xef,
	0x00, 0x00, 0x50, 0xe3,
	0x00, 0x00, 0xa0, 0xc3,
	0x00, 0x00, 0x60, 0xd2,
	0x01, 0x70, 0xa0, 0xe3,
	0x00, 0x00, 0x00, 0xef,
};
#define A32_NR_EXIT	1
#define A32_NR_GETPPID	64

FIXTURE(compat) {
	char path[64];
};

FIXTURE_VARIANT(compat) {
	bool allow_getppid;	/* its compat bit */
	bool deny_entry;	/* a compat deny entry for it: errno EXDEV */
	bool native_decoy;	/* native bit 64 cleared, compat bit set */
	int status;		/* the program's exit status */
};

FIXTURE_VARIANT_ADD(compat, compat_bit_allows) {
	.allow_getppid = true, .status = 0,
};

FIXTURE_VARIANT_ADD(compat, compat_bit_clear_denies) {
	.status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(compat, compat_deny_entry_acts) {
	.deny_entry = true, .status = EXDEV,
};

/* native 64 (arm64's truncate) denied does not deny compat 64 */
FIXTURE_VARIANT_ADD(compat, native_bit_does_not_count) {
	.allow_getppid = true, .native_decoy = true, .status = 0,
};

FIXTURE_SETUP(compat)
{
	int fd;

	snprintf(self->path, sizeof(self->path), "/tmp/bitmap-a32-%d", getpid());
	fd = open(self->path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	ASSERT_LE(0, fd);
	ASSERT_EQ(sizeof(a32_elf), write(fd, a32_elf, sizeof(a32_elf)));
	close(fd);
}

FIXTURE_TEARDOWN(compat)
{
	unlink(self->path);
}

TEST_F(compat, aarch32_getppid)
{
	int code;
	pid_t pid;

	/* unconfined first: does this CPU run AArch32 at EL0? */
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		execl(self->path, self->path, NULL);
		_exit(errno == ENOEXEC ? 100 : 101);
	}
	code = CHILD_EXIT_CODE(pid);
	if (code == 100)
		SKIP(return, "execve of an AArch32 program: ENOEXEC (a CPU without AArch32 at EL0, or CONFIG_COMPAT off)");
	ASSERT_EQ(0, code);

	pid = child_fork(_metadata, true);
	if (!pid) {
		__u64 w[BM_WORDS], c[BM_WORDS];
		struct seccomp_bitmap_action act = {
			.nr = A32_NR_GETPPID,
			.flags = SECCOMP_BITMAP_ACTION_COMPAT,
			.action = SECCOMP_RET_ERRNO | EXDEV,
		};
		struct seccomp_bitmap sb = {
			.size = sizeof(sb),
			.action = SECCOMP_RET_ERRNO | E_BITMAP,
			.nbits = BM_BITS,
			.compat_nbits = BM_BITS,
			.native = (uintptr_t)w,
			.compat = (uintptr_t)c,
		};

		bm_fill(w, BM_WORDS, true);
		if (variant->native_decoy)
			bm_clear(w, A32_NR_GETPPID);
		bm_fill(c, BM_WORDS, false);
		bm_set(c, A32_NR_EXIT);
		if (variant->allow_getppid)
			bm_set(c, A32_NR_GETPPID);
		if (variant->deny_entry) {
			sb.actions = (uintptr_t)&act;
			sb.nactions = 1;
		}
		ASSERT_EQ(0, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		execl(self->path, self->path, NULL);
		_exit(102);
	}
	ASSERT_EQ(variant->status, CHILD_EXIT_CODE(pid));
}
#endif /* __aarch64__ */

TEST_HARNESS_MAIN
