// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for the core of seccomp bitmap mode (SECCOMP_MODE_BITMAP): an
 * allow-bitmap of syscall numbers per task, entered with
 * seccomp(SECCOMP_SET_MODE_BITMAP) or prctl(PR_SET_SECCOMP,
 * SECCOMP_MODE_BITMAP), narrowed only, shared across fork/clone/threads
 * and kept across execve.  The per-syscall filter expressions are tested
 * in seccomp_bitmap_filter_test.c.
 *
 * Every confining test confines a child it forked itself and checks how
 * that child ended (exit status or WTERMSIG), so nothing leaks into the
 * next test.  Inside such a child the harness's EXPECT_*() still work (the
 * policies keep write() allowed unless said otherwise); the child ends
 * with _exit(BM_PASSED() ? 0 : 1) and the parent asserts exit 0.
 *
 * Policies are mostly "everything allowed except a few harmless calls"
 * (getppid, uname, sched_yield, getpgrp, close) so that libc internals,
 * threads, signal return and execve keep working.
 *
 * x86-64 only (int $0x80, AUDIT_ARCH_*, syscall instruction addresses).
 */

#include "bitmap_util.h"

#if BITMAP_X86_64

#include <linux/filter.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <sys/capability.h>
#include <sys/utsname.h>

/* ---- uapi layout (fallbacks: bitmap_uapi.h) ----------------------------- */

_Static_assert(SECCOMP_BITMAP_SIZE_VER0 == 48 &&
	       offsetof(struct seccomp_bitmap, actions) == SECCOMP_BITMAP_SIZE_VER0,
	       "struct seccomp_bitmap VER0 is 48 bytes");
_Static_assert(sizeof(struct seccomp_bitmap) == SECCOMP_BITMAP_SIZE_VER1 &&
	       SECCOMP_BITMAP_SIZE_VER1 == 64,
	       "struct seccomp_bitmap VER1 is 64 bytes");
_Static_assert(sizeof(struct seccomp_bitmap_action) == 16,
	       "struct seccomp_bitmap_action is 16 bytes");
_Static_assert(sizeof(struct seccomp_bitmap_filter) == 16,
	       "struct seccomp_bitmap_filter is 16 bytes");

/* ia32 numbers used with int $0x80 */
#define IA32_NR_exit	1
#define IA32_NR_getpid	20
#define IA32_NR_getppid	64
/* x32 syscalls are the native numbers with this bit */
#define X32_SYSCALL_BIT	0x40000000

/* BM_BITS (bitmap_util.h): more than either 6.1 table; the rest mean nothing. */
#define BIG_BITS	4096
#define BIG_WORDS	(BIG_BITS / 64)

/*
 * errnos the policies return besides E_BITMAP (ENOMSG, 42: bitmap_util.h),
 * distinct so the layer that acted is known
 */
#define E_BPF		ENOTTY		/* 25 */
#define E_OTHER		EDOM		/* 33 */

#define UNPRIV_UID	65534

/* ---- small helpers ------------------------------------------------------- */

/* Every native syscall allowed except nr1 and nr2 (-1: none); no compat. */
static long deny_only(__u32 action, unsigned int flags, int nr1, int nr2)
{
	__u64 w[BM_WORDS];

	bm_fill(w, BM_WORDS, true);
	if (nr1 >= 0)
		bm_clear(w, nr1);
	if (nr2 >= 0)
		bm_clear(w, nr2);
	return bitmap_install(flags, action, w, BM_BITS, NULL, 0);
}

/* The same through Langley's short form (action KILL_PROCESS, no compat). */
static long prctl_deny_only(int nr1, int nr2)
{
	static __u64 w[BM_WORDS];

	bm_fill(w, BM_WORDS, true);
	if (nr1 >= 0)
		bm_clear(w, nr1);
	if (nr2 >= 0)
		bm_clear(w, nr2);
	errno = 0;
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP, (unsigned long)w,
		     (unsigned long)BM_BITS, 0UL);
}

/*
 * ia32 syscall from this 64-bit task; returns the raw -errno/value.  ebx
 * (the first argument) is 99, so that a wrongly allowed ia32 exit ends the
 * process with status 99.
 */
static long int80_at(long nr, unsigned long *after)
{
	unsigned long addr;
	long ret;

	asm volatile("lea 1f(%%rip), %1\n\t"
		     "int $0x80\n"
		     "1:"
		     : "=a"(ret), "=&r"(addr)
		     : "0"(nr), "b"(99L)
		     : "r8", "r9", "r10", "r11", "memory", "cc");
	if (after)
		*after = addr;
	return ret;
}

static int int80(long nr)
{
	return (int)int80_at(nr, NULL);
}

/* The number on the "<key>\t" line of /proc/<pid or self>/[task/tid/]status */
static long status_field(const char *path, const char *key)
{
	char buf[4096], *p;
	char k[64];

	if (read_file(path, buf, sizeof(buf)) < 0)
		return -1000;
	snprintf(k, sizeof(k), "\n%s:\t", key);
	p = strstr(buf, k);
	if (!p)
		return -2000;
	return strtol(p + strlen(k), NULL, 10);
}

static void exec_helper(const char *path, const char *cmd)
{
	char *argv[] = { (char *)path, (char *)cmd, NULL };
	char *envp[] = { NULL };

	execve(path, argv, envp);
	_exit(199);
}

/* A BPF filter returning ERRNO|err for nr1 and nr2 (-1: none). */
static long bpf_install_errno(int nr1, int nr2, int err)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (__u32)nr1, 1, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (__u32)nr2, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = (unsigned short)ARRAY_SIZE(filter),
		.filter = filter,
	};

	return sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &prog);
}

/*
 * Does this kernel have seccomp-bpf (CONFIG_SECCOMP_FILTER)?  Probed by
 * installing a filter in a throwaway child: without filter mode
 * SECCOMP_SET_MODE_FILTER is EINVAL.
 */
static bool have_bpf(void)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return false;
	if (pid == 0) {
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		_exit(bpf_install_errno(__NR_uname, -1, E_BPF) ? 1 : 0);
	}
	if (waitpid(pid, &status, 0) != pid)
		return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

#define SKIP_WITHOUT_BPF() do {						\
	if (!have_bpf())						\
		SKIP(return, "no seccomp-bpf (CONFIG_SECCOMP_FILTER off)"); \
} while (0)

/* A spare open descriptor (a pipe's read end), whatever fds 0-2 are. */
static int spare_fd(void)
{
	int p[2];

	if (pipe(p))
		return -1;
	close(p[1]);
	return p[0];
}

/* ========================================================================== */
/* Entry points: seccomp(2) full form and prctl(2) short form                 */
/* ========================================================================== */

FIXTURE(entry) {
	pid_t ppid;
};

FIXTURE_VARIANT(entry) {
	bool use_prctl;
};

/* seccomp(SECCOMP_SET_MODE_BITMAP) with action KILL_PROCESS */
FIXTURE_VARIANT_ADD(entry, seccomp_op) {
	.use_prctl = false,
};

/* prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP, words, nbits, 0) */
FIXTURE_VARIANT_ADD(entry, prctl_short_form) {
	.use_prctl = true,
};

FIXTURE_SETUP(entry)
{
	self->ppid = getpid();	/* parent of the children forked below */
}

FIXTURE_TEARDOWN(entry)
{
}

static long entry_install(const FIXTURE_VARIANT(entry) *variant,
			  const __u64 *w, __u32 nbits)
{
	if (variant->use_prctl) {
		errno = 0;
		return prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP,
			     (unsigned long)w, (unsigned long)nbits, 0UL);
	}
	return bitmap_install(0, SECCOMP_RET_KILL_PROCESS, w, nbits, NULL, 0);
}

TEST_F(entry, installs_and_allowed_syscalls_run)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 w[BM_WORDS];
		struct utsname u;
		pid_t me = getpid();

		child_prep(_metadata, true);
		bm_fill(w, BM_WORDS, true);
		bm_clear(w, __NR_getpgrp);
		ASSERT_EQ(0, get_mode());
		ASSERT_EQ(0, entry_install(variant, w, BM_BITS));
		EXPECT_EQ(me, syscall(__NR_getpid));
		EXPECT_EQ(self->ppid, syscall(__NR_getppid));
		EXPECT_EQ(0, uname(&u));
		EXPECT_STREQ("Linux", u.sysname);
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		EXPECT_EQ(3, status_field("/proc/self/status", "Seccomp"));
		EXPECT_EQ(1, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST_F(entry, cleared_bit_kills_process_with_sigsys)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 w[BM_WORDS];

		child_prep(_metadata, true);
		bm_fill(w, BM_WORDS, true);
		bm_clear(w, __NR_getppid);
		ASSERT_EQ(0, entry_install(variant, w, BM_BITS));
		syscall(__NR_getppid);
		_exit(77);	/* not reached */
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

TEST_F(entry, nbits_beyond_kernel_syscall_count_accepted)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		static __u64 w[BIG_WORDS];

		child_prep(_metadata, true);
		/* 4096 bits, every one set: bits past the table mean nothing */
		bm_fill(w, BIG_WORDS, true);
		bm_clear(w, __NR_getppid);
		ASSERT_EQ(0, entry_install(variant, w, BIG_BITS));
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		EXPECT_EQ(0, syscall(__NR_sched_yield));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		/* the cleared bit is still honoured */
		syscall(__NR_getppid);
		_exit(77);	/* not reached */
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

TEST_F(entry, bits_at_or_beyond_nbits_are_clear)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 w[BM_WORDS];

		child_prep(_metadata, true);
		/* all set in memory, but only 0..110 (getppid) are passed */
		bm_fill(w, BM_WORDS, true);
		ASSERT_EQ(110, __NR_getppid);
		ASSERT_EQ(111, __NR_getpgrp);
		ASSERT_EQ(0, entry_install(variant, w, 111));
		EXPECT_EQ(self->ppid, syscall(__NR_getppid));
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		syscall(__NR_getpgrp);	/* bit 111 is beyond nbits: denied */
		syscall(__NR_exit, 77);	/* exit (60) is allowed */
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

TEST_F(entry, null_native_with_zero_nbits_denies_everything)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, entry_install(variant, NULL, 0));
		/* even exit is denied: the first syscall kills */
		syscall(__NR_exit, 77);
		_exit(78);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

TEST_F(entry, int80_getpid_denied_without_compat_bitmap)
{
	pid_t pid;

	if (!have_ia32())
		SKIP(return, "no ia32 emulation (int $0x80)");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 w[BM_WORDS];

		child_prep(_metadata, true);
		bm_fill(w, BM_WORDS, true);	/* every native syscall */
		ASSERT_EQ(0, entry_install(variant, w, BM_BITS));
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		int80(IA32_NR_getpid);
		_exit(77);	/* not reached */
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

/* prctl short form: the action is KILL_PROCESS, not KILL_THREAD */
static volatile int thread_returned;

static void *call_getppid_thread(void *arg)
{
	(void)arg;
	syscall(__NR_getppid);
	thread_returned = 1;
	return NULL;
}

TEST(prctl_short_form_kills_whole_process_from_a_thread)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, prctl_deny_only(__NR_getppid, -1));
		ASSERT_EQ(0, pthread_create(&t, NULL, call_getppid_thread, NULL));
		pthread_join(t, NULL);
		_exit(42);	/* only reached if just the thread died */
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

/* ========================================================================== */
/* Actions                                                                    */
/* ========================================================================== */

TEST(kill_process_action_kills_whole_process_from_a_thread)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_KILL_PROCESS, 0,
				       __NR_getppid, -1));
		ASSERT_EQ(0, pthread_create(&t, NULL, call_getppid_thread, NULL));
		pthread_join(t, NULL);
		_exit(42);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

TEST(kill_thread_action_kills_only_the_calling_thread)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_KILL_THREAD, 0,
				       __NR_getppid, -1));
		thread_returned = 0;
		ASSERT_EQ(0, pthread_create(&t, NULL, call_getppid_thread, NULL));
		ASSERT_EQ(0, pthread_join(t, NULL));
		/* the thread died inside getppid(); this thread lives on */
		EXPECT_EQ(0, thread_returned);
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		if (!BM_PASSED())
			_exit(1);
		_exit(42);
	}
	EXPECT_EXITED(wait_status(pid), 42);
}

TEST(kill_thread_action_single_threaded_process_dies_by_sigsys)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_KILL_THREAD, 0,
				       __NR_getppid, -1));
		syscall(__NR_getppid);
		_exit(77);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

TEST(trap_action_sigsys_siginfo_and_syscall_skipped)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		unsigned long after = 0;
		int fd;

		child_prep(_metadata, true);
		fd = spare_fd();
		ASSERT_LE(0, fd);
		ASSERT_EQ(0, install_trap_handler());
		ASSERT_EQ(0, deny_only(SECCOMP_RET_TRAP | 0x2a, 0,
				       __NR_close, -1));
		raw_syscall1_at(__NR_close, fd, &after);
		EXPECT_EQ(1, trap_count);
		EXPECT_EQ(SIGSYS, trap_info.si_signo);
		EXPECT_EQ(SYS_SECCOMP, trap_info.si_code);
		EXPECT_EQ(__NR_close, trap_info.si_syscall);
		EXPECT_EQ(AUDIT_ARCH_X86_64, trap_info.si_arch);
		EXPECT_EQ(after, (unsigned long)trap_info.si_call_addr);
		EXPECT_EQ(0x2a, trap_info.si_errno);
		/* close() did not run: the descriptor is still open */
		EXPECT_LE(0, fcntl(fd, F_GETFD));
		/* and an allowed call does not trap */
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		EXPECT_EQ(1, trap_count);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(trap_action_ignored_sigsys_still_kills)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		signal(SIGSYS, SIG_IGN);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_TRAP, 0, __NR_getppid, -1));
		syscall(__NR_getppid);
		_exit(77);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

FIXTURE(errno_action) {
};

FIXTURE_VARIANT(errno_action) {
	__u32 data;
};

FIXTURE_VARIANT_ADD(errno_action, eperm) {
	.data = EPERM,
};

FIXTURE_VARIANT_ADD(errno_action, enomsg) {
	.data = ENOMSG,
};

/* the largest errno accepted */
FIXTURE_VARIANT_ADD(errno_action, max_4095) {
	.data = 4095,
};

/* ERRNO|0: the call returns 0 without running */
FIXTURE_VARIANT_ADD(errno_action, zero_returns_success) {
	.data = 0,
};

FIXTURE_SETUP(errno_action)
{
}

FIXTURE_TEARDOWN(errno_action)
{
}

TEST_F(errno_action, syscall_skipped_and_returns_errno)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		long ret;
		int fd;

		child_prep(_metadata, true);
		fd = spare_fd();
		ASSERT_LE(0, fd);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | variant->data, 0,
				       __NR_close, -1));
		errno = 0;
		ret = syscall(__NR_close, fd);
		if (variant->data) {
			EXPECT_EQ(-1, ret);
			EXPECT_EQ(variant->data, errno);
		} else {
			EXPECT_EQ(0, ret);
			EXPECT_EQ(0, errno);
		}
		/* skipped: the descriptor is still open */
		EXPECT_LE(0, fcntl(fd, F_GETFD));
		/* raw return value is -data */
		EXPECT_EQ(-(long)variant->data, raw_syscall1_at(__NR_close, fd, NULL));
		EXPECT_LE(0, fcntl(fd, F_GETFD));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(errno_action_with_empty_bitmap_denies_every_call_but_exit)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 w[BM_WORDS];
		int bad = 0;

		child_prep(_metadata, true);
		bm_fill(w, BM_WORDS, false);
		bm_set(w, __NR_exit);
		/* write() is denied: report through the exit status only */
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_OTHER,
					    w, BM_BITS, NULL, 0));
		if (raw_syscall1_at(__NR_getpid, 0, NULL) != -E_OTHER)
			bad |= 1;
		if (raw_syscall1_at(__NR_getppid, 0, NULL) != -E_OTHER)
			bad |= 2;
		if (raw_syscall1_at(__NR_exit_group, 0, NULL) != -E_OTHER)
			bad |= 4;
		if (raw_syscall1_at(__NR_prctl, PR_GET_SECCOMP, NULL) != -E_OTHER)
			bad |= 8;
		syscall(__NR_exit, 100 + bad);
	}
	EXPECT_EXITED(wait_status(pid), 100);
}

/* ---- LOG and audit records ---------------------------------------------- */

#define ACTIONS_LOGGED "/proc/sys/kernel/seccomp/actions_logged"
#define PRINTK_RATELIMIT "/proc/sys/kernel/printk_ratelimit"

FIXTURE(audit_log) {
	int kmsg;
	char saved_logged[256];
	char saved_ratelimit[32];
};

FIXTURE_SETUP(audit_log)
{
	ssize_t n;

	self->kmsg = -1;
	if (!have_audit())
		SKIP(return, "no audit (CONFIG_AUDIT off): seccomp's log records go through audit");
	/* needs root (the guest runs the tests as root) and /dev/kmsg */
	ASSERT_EQ(0, geteuid());
	self->kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, self->kmsg);
	ASSERT_LE(0, lseek(self->kmsg, 0, SEEK_END));
	n = read_file(ACTIONS_LOGGED, self->saved_logged,
		      sizeof(self->saved_logged));
	ASSERT_LT(0, n);
	n = read_file(PRINTK_RATELIMIT, self->saved_ratelimit,
		      sizeof(self->saved_ratelimit));
	ASSERT_LT(0, n);
	/* audit records reach the log through printk_ratelimit() */
	ASSERT_EQ(0, write_sysctl(PRINTK_RATELIMIT, "0"));
}

FIXTURE_TEARDOWN(audit_log)
{
	char *nl;

	nl = strchr(self->saved_logged, '\n');
	if (nl)
		*nl = '\0';
	if (self->saved_logged[0])
		write_sysctl(ACTIONS_LOGGED, self->saved_logged);
	if (self->saved_ratelimit[0])
		write_sysctl(PRINTK_RATELIMIT, self->saved_ratelimit);
	if (self->kmsg >= 0)
		close(self->kmsg);
}

/*
 * Reads kmsg records until one contains every string of @want, for at most
 * @timeout_ms.  Returns 1 if found; -1 if a record containing @never came
 * first; 0 on timeout.  (bitmap_util.h's kmsg_scan() has no @never.)
 */
static int kmsg_scan_unless(int fd, const char *const *want, int nwant,
			    const char *never, int timeout_ms)
{
	struct timespec start, now;
	char rec[8192];

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		ssize_t n = read(fd, rec, sizeof(rec) - 1);
		int i, elapsed;

		if (n > 0) {
			rec[n] = '\0';
			if (never && strstr(rec, never))
				return -1;
			for (i = 0; i < nwant; i++)
				if (!strstr(rec, want[i]))
					break;
			if (i == nwant)
				return 1;
			continue;
		}
		if (n < 0 && errno == EPIPE)	/* overwritten: go on */
			continue;
		if (n < 0 && errno != EAGAIN)
			return 0;
		clock_gettime(CLOCK_MONOTONIC, &now);
		elapsed = (now.tv_sec - start.tv_sec) * 1000 +
			  (now.tv_nsec - start.tv_nsec) / 1000000;
		if (elapsed >= timeout_ms)
			return 0;
		poll(&(struct pollfd){ .fd = fd, .events = POLLIN }, 1,
		     timeout_ms - elapsed);
	}
}

TEST_F(audit_log, log_action_runs_syscall_and_logs_type_1326)
{
	char pidstr[32], nrstr[32];
	const char *want[] = { "type=1326", pidstr, nrstr,
			       "code=0x7ffc0000" };
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct utsname u;

		child_prep(_metadata, true);
		memset(&u, 0, sizeof(u));
		ASSERT_EQ(0, deny_only(SECCOMP_RET_LOG, 0, __NR_uname, -1));
		/* the call runs */
		EXPECT_EQ(0, uname(&u));
		EXPECT_STREQ("Linux", u.sysname);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
	snprintf(pidstr, sizeof(pidstr), " pid=%d comm=", pid);
	snprintf(nrstr, sizeof(nrstr), " syscall=%d ", __NR_uname);
	EXPECT_EQ(1, kmsg_scan_unless(self->kmsg, want, ARRAY_SIZE(want), NULL,
				      5000));
}

TEST_F(audit_log, kill_process_is_logged_with_sig_31)
{
	char pidstr[32], nrstr[32];
	const char *want[] = { "type=1326", pidstr, nrstr, " sig=31 ",
			       "code=0x80000000" };
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_KILL_PROCESS, 0,
				       __NR_getppid, -1));
		syscall(__NR_getppid);
		_exit(77);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
	snprintf(pidstr, sizeof(pidstr), " pid=%d comm=", pid);
	snprintf(nrstr, sizeof(nrstr), " syscall=%d ", __NR_getppid);
	EXPECT_EQ(1, kmsg_scan_unless(self->kmsg, want, ARRAY_SIZE(want), NULL,
				      5000));
}

TEST_F(audit_log, log_action_silent_when_log_removed_from_actions_logged)
{
	char pidstr[32], pid2str[32];
	const char *want[] = { "type=1326", pid2str, " sig=31 " };
	pid_t pid, pid2;

	ASSERT_EQ(0, write_sysctl(ACTIONS_LOGGED,
		"kill_process kill_thread trap errno user_notif trace"));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct utsname u;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_LOG, 0, __NR_uname, -1));
		EXPECT_EQ(0, uname(&u));	/* still runs */
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
	/*
	 * A later kill is still logged; audit records come out in order, so
	 * once that one is seen the LOG record would have been seen first.
	 */
	pid2 = fork();
	ASSERT_LE(0, pid2);
	if (pid2 == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_KILL_PROCESS, 0,
				       __NR_getppid, -1));
		syscall(__NR_getppid);
		_exit(77);
	}
	EXPECT_KILLED_BY(wait_status(pid2), SIGSYS);
	snprintf(pidstr, sizeof(pidstr), " pid=%d comm=", pid);
	snprintf(pid2str, sizeof(pid2str), " pid=%d comm=", pid2);
	EXPECT_EQ(1, kmsg_scan_unless(self->kmsg, want, ARRAY_SIZE(want),
				      pidstr, 5000));
}

/* ========================================================================== */
/* Narrowing: bitmaps are ANDed, the stricter action wins                     */
/* ========================================================================== */

TEST(second_call_cannot_reenable_a_cleared_bit)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 all[BM_WORDS];

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		bm_fill(all, BM_WORDS, true);
		/* "allow everything" is accepted, and narrows nothing */
		EXPECT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
					    all, BM_BITS, NULL, 0));
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_getppid));
		EXPECT_EQ(E_BITMAP, errno);
		/* nor through the short form (which makes the action a kill) */
		EXPECT_EQ(0, prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP,
				   (unsigned long)all, (unsigned long)BM_BITS, 0UL));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		syscall(__NR_getppid);
		_exit(77);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

TEST(second_call_ands_the_bitmaps)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_uname, -1));
		/* the second bitmap allows uname but denies getppid */
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_getppid));
		EXPECT_EQ(E_BITMAP, errno);
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_uname, &(struct utsname){}));
		EXPECT_EQ(E_BITMAP, errno);
		EXPECT_EQ(0, syscall(__NR_sched_yield));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * Outcome of a denied getppid() made in a second thread, as the child's
 * exit status (KILL_PROCESS: the child dies by SIGSYS instead).
 */
enum outcome {
	OUT_RAN = 10,		/* LOG: getppid() returned the parent */
	OUT_ERRNO = 11,		/* returned -1 with the variant's errno */
	OUT_TRAP = 12,		/* SIGSYS handler ran, si_errno = data */
	OUT_THREAD_KILLED = 13,	/* only the thread died */
	OUT_KILL_PROCESS = -1,	/* whole process died by SIGSYS */
	OUT_CONFUSED = 14,
};

FIXTURE(narrow_action) {
};

FIXTURE_VARIANT(narrow_action) {
	__u32 first, second;
	int outcome;
	__u32 data;	/* expected errno / si_errno */
};

FIXTURE_VARIANT_ADD(narrow_action, log_then_errno_gives_errno) {
	.first = SECCOMP_RET_LOG, .second = SECCOMP_RET_ERRNO | 5,
	.outcome = OUT_ERRNO, .data = 5,
};
FIXTURE_VARIANT_ADD(narrow_action, errno_then_log_keeps_errno) {
	.first = SECCOMP_RET_ERRNO | 5, .second = SECCOMP_RET_LOG,
	.outcome = OUT_ERRNO, .data = 5,
};
FIXTURE_VARIANT_ADD(narrow_action, errno_then_errno_newer_data_wins) {
	.first = SECCOMP_RET_ERRNO | 5, .second = SECCOMP_RET_ERRNO | 6,
	.outcome = OUT_ERRNO, .data = 6,
};
FIXTURE_VARIANT_ADD(narrow_action, errno_then_trap_gives_trap) {
	.first = SECCOMP_RET_ERRNO | 5, .second = SECCOMP_RET_TRAP | 7,
	.outcome = OUT_TRAP, .data = 7,
};
FIXTURE_VARIANT_ADD(narrow_action, trap_then_errno_keeps_trap) {
	.first = SECCOMP_RET_TRAP | 7, .second = SECCOMP_RET_ERRNO | 5,
	.outcome = OUT_TRAP, .data = 7,
};
FIXTURE_VARIANT_ADD(narrow_action, trap_then_trap_newer_data_wins) {
	.first = SECCOMP_RET_TRAP | 7, .second = SECCOMP_RET_TRAP | 8,
	.outcome = OUT_TRAP, .data = 8,
};
FIXTURE_VARIANT_ADD(narrow_action, trap_then_kill_thread_gives_kill_thread) {
	.first = SECCOMP_RET_TRAP | 7, .second = SECCOMP_RET_KILL_THREAD,
	.outcome = OUT_THREAD_KILLED,
};
FIXTURE_VARIANT_ADD(narrow_action, kill_thread_then_trap_keeps_kill_thread) {
	.first = SECCOMP_RET_KILL_THREAD, .second = SECCOMP_RET_TRAP | 7,
	.outcome = OUT_THREAD_KILLED,
};
FIXTURE_VARIANT_ADD(narrow_action, kill_thread_then_kill_process_gives_kill_process) {
	.first = SECCOMP_RET_KILL_THREAD, .second = SECCOMP_RET_KILL_PROCESS,
	.outcome = OUT_KILL_PROCESS,
};
FIXTURE_VARIANT_ADD(narrow_action, kill_process_then_log_keeps_kill_process) {
	.first = SECCOMP_RET_KILL_PROCESS, .second = SECCOMP_RET_LOG,
	.outcome = OUT_KILL_PROCESS,
};
FIXTURE_VARIANT_ADD(narrow_action, kill_process_then_kill_thread_keeps_kill_process) {
	.first = SECCOMP_RET_KILL_PROCESS, .second = SECCOMP_RET_KILL_THREAD,
	.outcome = OUT_KILL_PROCESS,
};

FIXTURE_SETUP(narrow_action)
{
}

FIXTURE_TEARDOWN(narrow_action)
{
}

struct probe_result {
	long ret;
	int err;
	int returned;
};

static void *getppid_probe(void *arg)
{
	struct probe_result *r = arg;

	errno = 0;
	r->ret = syscall(__NR_getppid);
	r->err = errno;
	r->returned = 1;
	return NULL;
}

TEST_F(narrow_action, stricter_action_wins)
{
	pid_t pid = fork();
	int status;

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct probe_result r = { 0 };
		pid_t ppid = getppid();
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, install_trap_handler());
		ASSERT_EQ(0, deny_only(variant->first, 0, __NR_getppid, -1));
		ASSERT_EQ(0, deny_only(variant->second, 0, __NR_getppid, -1));
		ASSERT_EQ(0, pthread_create(&t, NULL, getppid_probe, &r));
		ASSERT_EQ(0, pthread_join(t, NULL));
		if (!r.returned)
			_exit(trap_count ? OUT_CONFUSED : OUT_THREAD_KILLED);
		if (trap_count == 1 && trap_info.si_code == SYS_SECCOMP &&
		    trap_info.si_syscall == __NR_getppid)
			_exit(trap_info.si_errno == (int)variant->data ?
			      OUT_TRAP : OUT_CONFUSED);
		if (trap_count)
			_exit(OUT_CONFUSED);
		if (r.ret == ppid)
			_exit(OUT_RAN);
		if (r.ret == -1 && r.err == (int)variant->data)
			_exit(OUT_ERRNO);
		_exit(OUT_CONFUSED);
	}
	status = wait_status(pid);
	if (variant->outcome == OUT_KILL_PROCESS)
		EXPECT_KILLED_BY(status, SIGSYS);
	else
		EXPECT_EXITED(status, variant->outcome);
}

/* ========================================================================== */
/* Privilege: no_new_privs or CAP_SYS_ADMIN (in the user namespace)           */
/* ========================================================================== */

static void check_plain_state(struct __test_metadata *_metadata, pid_t ppid)
{
	EXPECT_EQ(0, get_mode());
	EXPECT_EQ(ppid, syscall(__NR_getppid));
	EXPECT_EQ(0, syscall(__NR_uname, &(struct utsname){}));
}

TEST(no_nnp_unprivileged_uid_gets_eacces)
{
	pid_t pid;

	if (geteuid() != 0)
		SKIP(return, "needs root to switch to an unprivileged uid");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t ppid = getppid();

		child_prep(_metadata, false);
		ASSERT_EQ(0, setresgid(UNPRIV_UID, UNPRIV_UID, UNPRIV_UID));
		ASSERT_EQ(0, setresuid(UNPRIV_UID, UNPRIV_UID, UNPRIV_UID));
		ASSERT_EQ(0, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
		EXPECT_EQ(-1, deny_only(SECCOMP_RET_KILL_PROCESS, 0,
					__NR_uname, -1));
		EXPECT_EQ(EACCES, errno);
		check_plain_state(_metadata, ppid);
		EXPECT_EQ(-1, prctl_deny_only(__NR_uname, -1));
		EXPECT_EQ(EACCES, errno);
		check_plain_state(_metadata, ppid);
		/* with no_new_privs the same call succeeds */
		ASSERT_EQ(0, prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
		EXPECT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_uname, -1));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(no_nnp_root_without_cap_sys_admin_gets_eacces)
{
	pid_t pid;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		cap_value_t cap = CAP_SYS_ADMIN;
		pid_t ppid = getppid();
		cap_t caps;

		child_prep(_metadata, false);
		caps = cap_get_proc();
		ASSERT_NE(NULL, caps);
		ASSERT_EQ(0, cap_set_flag(caps, CAP_EFFECTIVE, 1, &cap,
					  CAP_CLEAR));
		ASSERT_EQ(0, cap_set_proc(caps));
		cap_free(caps);
		EXPECT_EQ(-1, deny_only(SECCOMP_RET_KILL_PROCESS, 0,
					__NR_uname, -1));
		EXPECT_EQ(EACCES, errno);
		check_plain_state(_metadata, ppid);
		EXPECT_EQ(-1, prctl_deny_only(__NR_uname, -1));
		EXPECT_EQ(EACCES, errno);
		check_plain_state(_metadata, ppid);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(no_nnp_with_cap_sys_admin_installs)
{
	pid_t pid;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, false);
		ASSERT_EQ(0, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
		EXPECT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_uname, -1));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		/* entering did not set no_new_privs */
		EXPECT_EQ(0, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_uname, &(struct utsname){}));
		EXPECT_EQ(E_BITMAP, errno);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(no_nnp_cap_sys_admin_in_own_user_ns_installs)
{
	int status;
	pid_t pid;

	if (geteuid() != 0)
		SKIP(return, "needs root to switch to an unprivileged uid");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, false);
		ASSERT_EQ(0, setresgid(UNPRIV_UID, UNPRIV_UID, UNPRIV_UID));
		ASSERT_EQ(0, setresuid(UNPRIV_UID, UNPRIV_UID, UNPRIV_UID));
		if (unshare(CLONE_NEWUSER)) {
			/* no CONFIG_USER_NS: report as skipped */
			_exit(255);
		}
		ASSERT_EQ(0, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
		EXPECT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_uname, -1));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		CHILD_EXIT();
	}
	status = wait_status(pid);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 255)
		SKIP(return, "unshare(CLONE_NEWUSER) refused: no user namespaces");
	EXPECT_EXITED(status, 0);
}

/* ========================================================================== */
/* Bad input: exact errno, and the state is left exactly as it was            */
/* ========================================================================== */

FIXTURE(bad_input) {
	__u64 deny_uname[BM_WORDS];
};

FIXTURE_VARIANT(bad_input) {
	bool prior_bitmap;
};

/* the task has no seccomp state yet */
FIXTURE_VARIANT_ADD(bad_input, unconfined) {
	.prior_bitmap = false,
};

/* the task already has a bitmap denying getppid with ERRNO|E_BITMAP */
FIXTURE_VARIANT_ADD(bad_input, in_bitmap_mode) {
	.prior_bitmap = true,
};

FIXTURE_SETUP(bad_input)
{
	bm_fill(self->deny_uname, BM_WORDS, true);
	bm_clear(self->deny_uname, __NR_uname);
}

FIXTURE_TEARDOWN(bad_input)
{
}

/* a valid request that would deny uname by KILL_PROCESS: break one field */
static void good_request(struct seccomp_bitmap *sb, const __u64 *w)
{
	memset(sb, 0, sizeof(*sb));
	sb->size = sizeof(*sb);
	sb->action = SECCOMP_RET_KILL_PROCESS;
	sb->nbits = BM_BITS;
	sb->native = (uintptr_t)w;
}

static void prior_state(struct __test_metadata *_metadata, bool prior_bitmap)
{
	child_prep(_metadata, true);
	if (prior_bitmap)
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
}

/*
 * The refused request changed nothing: same mode, the prior bitmap (if
 * any) still denies getppid with its action, and uname (which every bad
 * request would have denied by a kill) still runs.
 */
static void check_unchanged(struct __test_metadata *_metadata,
			    bool prior_bitmap, pid_t ppid)
{
	char buf[1024];
	long ret;

	EXPECT_EQ(prior_bitmap ? SECCOMP_MODE_BITMAP : 0, get_mode());
	errno = 0;
	ret = syscall(__NR_getppid);
	if (prior_bitmap) {
		EXPECT_EQ(-1, ret);
		EXPECT_EQ(E_BITMAP, errno);
	} else {
		EXPECT_EQ(ppid, ret);
	}
	EXPECT_EQ(0, syscall(__NR_uname, &(struct utsname){}));
	ret = read_file("/proc/self/seccomp_bitmap", buf, sizeof(buf));
	if (prior_bitmap) {
		EXPECT_LT(0, ret);
		if (ret > 0) {
			EXPECT_EQ(0, strncmp(buf, "native:\t0-109,111-", 18)) {
				TH_LOG("seccomp_bitmap: %s", buf);
			}
			EXPECT_NE(NULL, strstr(buf, "\naction:\t0x0005002a\n")) {
				TH_LOG("seccomp_bitmap: %s", buf);
			}
		}
	} else {
		EXPECT_EQ(0, ret);
	}
}

#define BAD_INPUT_CHILD(...) do {					\
	pid_t __pid = fork();						\
	ASSERT_LE(0, __pid);						\
	if (__pid == 0) {						\
		pid_t ppid = getppid();					\
		prior_state(_metadata, variant->prior_bitmap);		\
		__VA_ARGS__;						\
		check_unchanged(_metadata, variant->prior_bitmap, ppid);\
		CHILD_EXIT();						\
	}								\
	EXPECT_EXITED(wait_status(__pid), 0);				\
} while (0)

TEST_F(bad_input, bad_struct_pointer_efault)
{
	BAD_INPUT_CHILD({
		void *bad = fault_page();

		ASSERT_NE(NULL, bad);
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, NULL));
		EXPECT_EQ(EFAULT, errno);
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, bad));
		EXPECT_EQ(EFAULT, errno);
	});
}

TEST_F(bad_input, bad_native_pointer_efault)
{
	BAD_INPUT_CHILD({
		struct seccomp_bitmap sb;
		void *bad = fault_page();

		ASSERT_NE(NULL, bad);
		good_request(&sb, self->deny_uname);
		sb.native = 0;	/* NULL with nbits > 0 */
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(EFAULT, errno);
		sb.native = (uintptr_t)bad;
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(EFAULT, errno);
		/* bitmap readable only in part */
		sb.native = (uintptr_t)bad - 8;
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(EFAULT, errno);
	});
}

TEST_F(bad_input, bad_compat_pointer_efault)
{
	if (!have_ia32())
		SKIP(return, "no ia32 emulation: no compat bitmap");
	BAD_INPUT_CHILD({
		struct seccomp_bitmap sb;
		void *bad = fault_page();

		ASSERT_NE(NULL, bad);
		good_request(&sb, self->deny_uname);
		sb.compat = (uintptr_t)bad;
		sb.compat_nbits = 64;
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(EFAULT, errno);
	});
}

TEST_F(bad_input, prctl_short_form_bad_pointer_efault)
{
	BAD_INPUT_CHILD({
		void *bad = fault_page();

		ASSERT_NE(NULL, bad);
		errno = 0;
		EXPECT_EQ(-1, prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP,
				    (unsigned long)bad, 64UL, 0UL));
		EXPECT_EQ(EFAULT, errno);
	});
}

TEST_F(bad_input, prctl_short_form_nonzero_arg5_einval)
{
	BAD_INPUT_CHILD({
		errno = 0;
		EXPECT_EQ(-1, prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP,
				    (unsigned long)self->deny_uname,
				    (unsigned long)BM_BITS, 1UL));
		EXPECT_EQ(EINVAL, errno);
	});
}

TEST_F(bad_input, unknown_flags_einval)
{
	BAD_INPUT_CHILD({
		static const unsigned int flags[] = {
			1U << 1, 1U << 2, 1U << 31,
			SECCOMP_BITMAP_FLAG_TSYNC | (1U << 1),
		};
		struct seccomp_bitmap sb;
		size_t i;

		good_request(&sb, self->deny_uname);
		for (i = 0; i < ARRAY_SIZE(flags); i++) {
			EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP,
						  flags[i], &sb)) {
				TH_LOG("flags 0x%x", flags[i]);
			}
			EXPECT_EQ(EINVAL, errno);
		}
	});
}

TEST_F(bad_input, reserved_nonzero_einval)
{
	BAD_INPUT_CHILD({
		struct seccomp_bitmap sb;

		good_request(&sb, self->deny_uname);
		sb.reserved = 1;
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(EINVAL, errno);
		sb.reserved = 0x80000000U;
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(EINVAL, errno);
	});
}

TEST_F(bad_input, size_smaller_than_ver0_einval)
{
	BAD_INPUT_CHILD({
		static const __u32 sizes[] = { 0, 4, 32, 40, 44, 47 };
		struct seccomp_bitmap sb;
		size_t i;

		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			good_request(&sb, self->deny_uname);
			sb.size = sizes[i];
			EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0,
						  &sb)) {
				TH_LOG("size %u", sizes[i]);
			}
			EXPECT_EQ(EINVAL, errno);
		}
	});
}

TEST_F(bad_input, size_larger_with_nonzero_tail_e2big)
{
	BAD_INPUT_CHILD({
		union {
			struct seccomp_bitmap sb;
			unsigned char bytes[80];
		} big;
		int i;

		/* beyond VER1's 64 bytes */
		for (i = 64; i < 80; i += 15) {
			memset(&big, 0, sizeof(big));
			good_request(&big.sb, self->deny_uname);
			big.sb.size = sizeof(big);
			big.bytes[i] = 1;
			EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0,
						  &big)) {
				TH_LOG("non-zero byte %d", i);
			}
			EXPECT_EQ(E2BIG, errno);
		}
	});
}

TEST_F(bad_input, size_larger_with_unreadable_tail_efault)
{
	BAD_INPUT_CHILD({
		long page = getpagesize();
		struct seccomp_bitmap *sb;
		char *p;

		p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ASSERT_NE(MAP_FAILED, p);
		ASSERT_EQ(0, mprotect(p + page, page, PROT_NONE));
		/* the 48 known bytes end the readable page; 16 more follow */
		sb = (struct seccomp_bitmap *)(p + page - sizeof(*sb));
		good_request(sb, self->deny_uname);
		sb->size = sizeof(*sb) + 16;
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, sb));
		EXPECT_EQ(EFAULT, errno);
	});
}

TEST_F(bad_input, bitmap_task_cannot_enter_strict_mode_einval)
{
	BAD_INPUT_CHILD({
		if (variant->prior_bitmap) {
			errno = 0;
			EXPECT_EQ(-1, prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT,
					    0, 0, 0));
			EXPECT_EQ(EINVAL, errno);
			EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_STRICT, 0,
						  NULL));
			EXPECT_EQ(EINVAL, errno);
		}
	});
}

/*
 * The filters[] array is read like the bitmaps: an unreadable one is
 * EFAULT and changes nothing.  (The filter expressions themselves are
 * tested in seccomp_bitmap_filter_test.)  On a kernel without
 * CONFIG_SECCOMP_BITMAP_FILTER any nfilters > 0 is EOPNOTSUPP instead.
 */
TEST_F(bad_input, bad_filters_pointer_efault)
{
	static const char expr[] = "fd == 1 || fd == 2";
	struct seccomp_bitmap_filter f = {
		.nr = __NR_write,
		.expr = (uintptr_t)expr,
	};
	int want = EFAULT;
	pid_t pid;

	/* Probe filter support in a throwaway child. */
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap sb;

		child_prep(_metadata, true);
		good_request(&sb, self->deny_uname);
		sb.filters = (uintptr_t)&f;
		sb.nfilters = 1;
		if (sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb) == 0)
			_exit(0);
		_exit(errno == EOPNOTSUPP ? 1 : 2);
	}
	switch (wait_status(pid)) {
	case 0:
		break;
	case 1 << 8:
		want = EOPNOTSUPP;
		break;
	default:
		ASSERT_TRUE(false) TH_LOG("filter probe failed unexpectedly");
	}

	BAD_INPUT_CHILD({
		struct seccomp_bitmap sb;
		void *bad = fault_page();

		ASSERT_NE(NULL, bad);
		good_request(&sb, self->deny_uname);
		sb.filters = (uintptr_t)bad;
		sb.nfilters = 1;
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(want, errno);
		if (variant->prior_bitmap) {
			errno = 0;
			EXPECT_EQ(-1, prctl(PR_SET_SECCOMP_FILTER, __NR_write,
					    (unsigned long)bad, 0UL, 0UL));
			EXPECT_EQ(want, errno);
		}
	});
}

/* Actions refused with EINVAL, before and after entering bitmap mode. */
FIXTURE(bad_action) {
};

FIXTURE_VARIANT(bad_action) {
	__u32 action;
};

FIXTURE_VARIANT_ADD(bad_action, allow) { .action = SECCOMP_RET_ALLOW, };
FIXTURE_VARIANT_ADD(bad_action, trace) { .action = SECCOMP_RET_TRACE, };
FIXTURE_VARIANT_ADD(bad_action, user_notif) { .action = SECCOMP_RET_USER_NOTIF, };
FIXTURE_VARIANT_ADD(bad_action, unknown_0x00010000) { .action = 0x00010000U, };
FIXTURE_VARIANT_ADD(bad_action, unknown_0x7ffe0000) { .action = 0x7ffe0000U, };
FIXTURE_VARIANT_ADD(bad_action, unknown_0xffff0000) { .action = 0xffff0000U, };
FIXTURE_VARIANT_ADD(bad_action, kill_process_with_data) {
	.action = SECCOMP_RET_KILL_PROCESS | 1,
};
FIXTURE_VARIANT_ADD(bad_action, kill_thread_with_data) {
	.action = SECCOMP_RET_KILL_THREAD | 1,
};
FIXTURE_VARIANT_ADD(bad_action, log_with_data) {
	.action = SECCOMP_RET_LOG | 1,
};
FIXTURE_VARIANT_ADD(bad_action, errno_4096) {
	.action = SECCOMP_RET_ERRNO | 4096,
};
FIXTURE_VARIANT_ADD(bad_action, errno_0xffff) {
	.action = SECCOMP_RET_ERRNO | 0xffff,
};

FIXTURE_SETUP(bad_action)
{
}

FIXTURE_TEARDOWN(bad_action)
{
}

TEST_F(bad_action, refused_einval_state_unchanged)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t ppid = getppid();
		struct seccomp_bitmap sb;
		__u64 w[BM_WORDS];

		bm_fill(w, BM_WORDS, true);
		bm_clear(w, __NR_uname);
		good_request(&sb, w);
		sb.action = variant->action;

		prior_state(_metadata, false);
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(EINVAL, errno);
		check_unchanged(_metadata, false, ppid);

		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		EXPECT_EQ(-1, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb));
		EXPECT_EQ(EINVAL, errno);
		check_unchanged(_metadata, true, ppid);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* A larger struct whose extra bytes are zero is accepted. */
TEST(size_larger_with_zero_tail_accepted)
{
	static const __u32 sizes[] = { 56, 64, 4096 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			static union {
				struct seccomp_bitmap sb;
				unsigned char bytes[4096];
			} big;
			__u64 w[BM_WORDS];

			child_prep(_metadata, true);
			bm_fill(w, BM_WORDS, true);
			bm_clear(w, __NR_uname);
			good_request(&big.sb, w);
			big.sb.action = SECCOMP_RET_ERRNO | E_BITMAP;
			big.sb.size = sizes[i];
			EXPECT_EQ(0, sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0,
						 &big)) {
				TH_LOG("size %u: errno %d", sizes[i], errno);
			}
			errno = 0;
			EXPECT_EQ(-1, syscall(__NR_uname, &(struct utsname){}));
			EXPECT_EQ(E_BITMAP, errno);
			CHILD_EXIT();
		}
		EXPECT_EXITED(wait_status(pid), 0);
	}
}

/*
 * A strict-mode task cannot enter bitmap mode.  The seccomp()/prctl() call
 * itself is not among strict mode's four syscalls, so strict mode kills the
 * task (SIGKILL) before bitmap mode could answer EINVAL.
 */
TEST(strict_task_calling_bitmap_entry_is_killed_by_strict_mode)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		static __u64 w[BM_WORDS];

		child_prep(_metadata, true);
		memset(w, 0xff, sizeof(w));
		ASSERT_EQ(0, prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT, 0, 0, 0));
		syscall(__NR_prctl, PR_SET_SECCOMP, SECCOMP_MODE_BITMAP,
			(unsigned long)w, (unsigned long)BM_BITS, 0UL);
		syscall(__NR_exit, 77);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGKILL);
}

/* ========================================================================== */
/* Syscall numbers: out of range, negative, x32, ia32                         */
/* ========================================================================== */

TEST(out_of_range_negative_and_x32_numbers_get_the_action)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		static const long nrs[] = {
			-2, -101, 500, 511, 1000, 0x3fffffff,
			X32_SYSCALL_BIT | __NR_getpid,
			X32_SYSCALL_BIT | __NR_uname,
			0x7fffffff,
		};
		size_t i;

		child_prep(_metadata, true);
		/* every bit set (500 and 511 too): past the table, meaningless */
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_OTHER, 0, -1, -1));
		for (i = 0; i < ARRAY_SIZE(nrs); i++) {
			errno = 0;
			EXPECT_EQ(-1, syscall(nrs[i])) {
				TH_LOG("nr %#lx", nrs[i]);
			}
			EXPECT_EQ(E_OTHER, errno) {
				TH_LOG("nr %#lx", nrs[i]);
			}
		}
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * -1 is the number of no syscall: the one a tracer sets to skip a syscall,
 * the one the entry code skips.  Nothing runs for it, so a bitmap takes no
 * action on it: the caller sees ENOSYS, as without seccomp, whatever the
 * bitmap's action (a tracer's faked return value must stand).
 */
FIXTURE(minus_1) {
};

FIXTURE_VARIANT(minus_1) {
	__u32 action;
};

FIXTURE_VARIANT_ADD(minus_1, errno) {
	.action = SECCOMP_RET_ERRNO | E_OTHER,
};

FIXTURE_VARIANT_ADD(minus_1, kill_process) {
	.action = SECCOMP_RET_KILL_PROCESS,
};

FIXTURE_VARIANT_ADD(minus_1, trap) {
	.action = SECCOMP_RET_TRAP,
};

FIXTURE_SETUP(minus_1)
{
}

FIXTURE_TEARDOWN(minus_1)
{
}

TEST_F(minus_1, runs_nothing_and_takes_no_action)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(variant->action, 0, -1, -1));
		errno = 0;
		EXPECT_EQ(-1, syscall(-1));
		EXPECT_EQ(ENOSYS, errno);
		/* the low 32 bits are the number: 0xffffffff is -1 too */
		EXPECT_EQ(-ENOSYS, raw_syscall6(0xffffffffL, 0, 0, 0, 0, 0, 0));
		/* still confined: a denied number gets the action */
		if ((variant->action & SECCOMP_RET_ACTION_FULL) == SECCOMP_RET_ERRNO)
			EXPECT_EQ(-E_OTHER, raw_syscall6(-2, 0, 0, 0, 0, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * The syscall of a uprobe trampoline (x86-64 uretprobe, 335, since 6.11;
 * uprobe, 336, since 6.14) is the kernel's own: seccomp lets it past
 * strict mode and every filter (seccomp_uprobe_exception(), 6.12), and a
 * bitmap lets it past a clear bit the same way.  Called from anywhere but
 * a trampoline it raises SIGILL (ENOSYS without CONFIG_UPROBES).  Before
 * those kernels the numbers are no syscall and both deny them.  So: a
 * filter and a bitmap that deny one of these numbers must agree.
 *
 * uprobe_nr_fate(): 1 denied (E_BITMAP), 0 ran (SIGILL, or any other
 * result), other: the child could not confine itself (100) or died of
 * something else (200 + signal).
 */
static int uprobe_nr_fate(int nr, bool bitmap)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		if (bitmap ? deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0, nr, -1) :
			     bpf_install_errno(nr, -1, E_BITMAP))
			_exit(100);
		errno = 0;
		if (syscall(nr) == -1 && errno == E_BITMAP)
			_exit(1);
		_exit(0);
	}
	status = wait_status(pid);
	if (WIFSIGNALED(status))
		return WTERMSIG(status) == SIGILL ? 0 : 200 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

TEST(uprobe_syscalls_pass_a_bitmap_as_they_pass_a_filter)
{
	static const int nrs[] = { 335, 336 };
	size_t i;

	if (!have_bpf())
		SKIP(return, "kernel without CONFIG_SECCOMP_FILTER: nothing to compare with");
	for (i = 0; i < ARRAY_SIZE(nrs); i++) {
		int bpf = uprobe_nr_fate(nrs[i], false);
		int bm = uprobe_nr_fate(nrs[i], true);

		TH_LOG("syscall %d: %s by a filter, %s by a bitmap", nrs[i],
		       bpf == 1 ? "denied" : bpf == 0 ? "let through" : "?",
		       bm == 1 ? "denied" : bm == 0 ? "let through" : "?");
		EXPECT_GE(1, bpf);
		EXPECT_LE(0, bpf);
		EXPECT_EQ(bpf, bm);
	}
}

TEST(int80_getpid_denied_with_zero_compat_nbits)
{
	pid_t pid;

	if (!have_ia32())
		SKIP(return, "no ia32 emulation (int $0x80)");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_OTHER, 0, -1, -1));
		EXPECT_EQ(-E_OTHER, int80(IA32_NR_getpid));
		EXPECT_EQ(-E_OTHER, int80(IA32_NR_getppid));
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(int80_getpid_allowed_by_compat_bit)
{
	pid_t pid;

	if (!have_ia32())
		SKIP(return, "no ia32 emulation (int $0x80)");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 native[BM_WORDS], compat[BM_WORDS];

		child_prep(_metadata, true);
		bm_fill(native, BM_WORDS, true);
		bm_fill(compat, BM_WORDS, false);
		bm_set(compat, IA32_NR_getpid);
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_OTHER,
					    native, BM_BITS, compat, BM_BITS));
		EXPECT_EQ(getpid(), int80(IA32_NR_getpid));
		EXPECT_EQ(-E_OTHER, int80(IA32_NR_getppid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(int80_numbers_are_checked_against_the_compat_table)
{
	pid_t pid;

	if (!have_ia32())
		SKIP(return, "no ia32 emulation (int $0x80)");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 native[BM_WORDS], compat[BM_WORDS];

		child_prep(_metadata, true);
		/* native 20 is writev (denied), ia32 20 is getpid (allowed) */
		bm_fill(native, BM_WORDS, true);
		bm_clear(native, IA32_NR_getpid);
		/* native 1 is write (allowed), ia32 1 is exit (denied) */
		bm_fill(compat, BM_WORDS, true);
		bm_clear(compat, IA32_NR_exit);
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_OTHER,
					    native, BM_BITS, compat, BM_BITS));
		EXPECT_EQ(getpid(), int80(IA32_NR_getpid));
		EXPECT_EQ(-E_OTHER, raw_syscall1_at(__NR_writev, -1, NULL));
		/* ia32 exit denied: returns instead of ending this process */
		EXPECT_EQ(-E_OTHER, int80(IA32_NR_exit));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(int80_trap_reports_i386_arch_and_ia32_number)
{
	pid_t pid;

	if (!have_ia32())
		SKIP(return, "no ia32 emulation (int $0x80)");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		unsigned long after = 0;

		child_prep(_metadata, true);
		ASSERT_EQ(0, install_trap_handler());
		ASSERT_EQ(0, deny_only(SECCOMP_RET_TRAP | 3, 0, -1, -1));
		int80_at(IA32_NR_getpid, &after);
		EXPECT_EQ(1, trap_count);
		EXPECT_EQ(SYS_SECCOMP, trap_info.si_code);
		EXPECT_EQ(IA32_NR_getpid, trap_info.si_syscall);
		EXPECT_EQ(AUDIT_ARCH_I386, trap_info.si_arch);
		EXPECT_EQ(after, (unsigned long)trap_info.si_call_addr);
		EXPECT_EQ(3, trap_info.si_errno);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* fork, vfork, clone, clone3, threads, execve                                */
/* ========================================================================== */

/* In a child of the confined process: the bitmap applies. */
static int child_confined_status(void)
{
	int bad = 0;

	if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != SECCOMP_MODE_BITMAP)
		bad |= 1;
	if (raw_syscall1_at(__NR_getppid, 0, NULL) != -E_BITMAP)
		bad |= 2;
	if (raw_syscall1_at(__NR_sched_yield, 0, NULL) != 0)
		bad |= 4;
	return bad;
}

TEST(fork_child_shares_bitmap)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t gc;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		gc = fork();
		ASSERT_LE(0, gc);
		if (gc == 0) {
			int bad = child_confined_status();

			if (status_field("/proc/self/status", "Seccomp") != 3)
				bad |= 8;
			/* the child narrows for itself only */
			if (deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				      __NR_uname, -1))
				bad |= 16;
			if (raw_syscall1_at(__NR_uname, (long)&(struct utsname){},
					    NULL) != -E_BITMAP)
				bad |= 32;
			_exit(100 + bad);
		}
		EXPECT_EXITED(wait_status(gc), 100);
		/* the parent's bitmap did not take the child's narrowing */
		EXPECT_EQ(0, syscall(__NR_uname, &(struct utsname){}));
		EXPECT_EQ(0, child_confined_status());
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

static volatile int vfork_result;

TEST(vfork_child_shares_bitmap)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t gc;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		vfork_result = -1;
		gc = vfork();
		if (gc == 0) {
			vfork_result = child_confined_status();
			_exit(0);
		}
		ASSERT_LE(0, gc);
		EXPECT_EXITED(wait_status(gc), 0);
		EXPECT_EQ(0, vfork_result);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(clone_child_shares_bitmap)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		long gc;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		gc = syscall(__NR_clone, SIGCHLD, 0, 0, 0, 0);
		if (gc == 0)
			syscall(__NR_exit, 100 + child_confined_status());
		ASSERT_LT(0, gc);
		EXPECT_EXITED(wait_status(gc), 100);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

struct clone3_args_ver0 {
	__aligned_u64 flags;
	__aligned_u64 pidfd;
	__aligned_u64 child_tid;
	__aligned_u64 parent_tid;
	__aligned_u64 exit_signal;
	__aligned_u64 stack;
	__aligned_u64 stack_size;
	__aligned_u64 tls;
};

TEST(clone3_child_shares_bitmap)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct clone3_args_ver0 args = { .exit_signal = SIGCHLD };
		long gc;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		gc = syscall(__NR_clone3, &args, sizeof(args));
		if (gc == 0)
			syscall(__NR_exit, 100 + child_confined_status());
		ASSERT_LT(0, gc);
		EXPECT_EXITED(wait_status(gc), 100);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

static void *confined_status_thread(void *arg)
{
	*(int *)arg = child_confined_status();
	return NULL;
}

TEST(threads_share_bitmap)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		int result = -1;
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		/* glibc creates threads with clone3(CLONE_THREAD | ...) */
		ASSERT_EQ(0, pthread_create(&t, NULL, confined_status_thread,
					    &result));
		ASSERT_EQ(0, pthread_join(t, NULL));
		EXPECT_EQ(0, result);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

static void *narrow_self_thread(void *arg)
{
	int *r = arg;

	r[0] = deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0, __NR_uname, -1);
	r[1] = raw_syscall1_at(__NR_uname, (long)&(struct utsname){}, NULL);
	return NULL;
}

TEST(thread_narrowing_without_tsync_applies_to_that_thread_only)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		int r[2] = { -1, -1 };
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		ASSERT_EQ(0, pthread_create(&t, NULL, narrow_self_thread, r));
		ASSERT_EQ(0, pthread_join(t, NULL));
		EXPECT_EQ(0, r[0]);
		EXPECT_EQ(-E_BITMAP, r[1]);
		EXPECT_EQ(0, syscall(__NR_uname, &(struct utsname){}));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

FIXTURE(exec) {
	char helper[PATH_MAX];
};

FIXTURE_SETUP(exec)
{
	ASSERT_NE(NULL, sibling_path(self->helper, sizeof(self->helper),
				    "bitmap_exec_helper"));
	ASSERT_EQ(0, access(self->helper, X_OK)) {
		TH_LOG("%s is missing (built as TEST_GEN_FILES)", self->helper);
	}
}

FIXTURE_TEARDOWN(exec)
{
}

/* fork a child, confine it (ERRNO|E_BITMAP on getppid), exec the helper */
static int run_helper_confined(struct __test_metadata *_metadata,
			       const char *helper, const char *cmd,
			       __u32 action, bool use_vfork)
{
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		child_prep(_metadata, true);
		if (deny_only(action, 0, __NR_getppid, -1))
			_exit(198);
		if (use_vfork) {
			pid_t gc = vfork();

			if (gc == 0)
				exec_helper(helper, cmd);
			int st;

			if (gc < 0)
				_exit(197);
			st = wait_status(gc);
			_exit(WIFEXITED(st) ? WEXITSTATUS(st) : 196);
		}
		exec_helper(helper, cmd);
	}
	return wait_status(pid);
}

TEST_F(exec, execve_keeps_mode)
{
	EXPECT_EXITED(run_helper_confined(_metadata, self->helper, "mode",
					  SECCOMP_RET_ERRNO | E_BITMAP, false),
		      SECCOMP_MODE_BITMAP);
	EXPECT_EXITED(run_helper_confined(_metadata, self->helper, "status",
					  SECCOMP_RET_ERRNO | E_BITMAP, false),
		      3);
	EXPECT_EXITED(run_helper_confined(_metadata, self->helper, "nnp",
					  SECCOMP_RET_ERRNO | E_BITMAP, false),
		      1);
}

TEST_F(exec, execve_keeps_denials_and_allowed_calls)
{
	EXPECT_EXITED(run_helper_confined(_metadata, self->helper, "getppid",
					  SECCOMP_RET_ERRNO | E_BITMAP, false),
		      E_BITMAP);
	EXPECT_EXITED(run_helper_confined(_metadata, self->helper, "uname",
					  SECCOMP_RET_ERRNO | E_BITMAP, false),
		      200);
}

TEST_F(exec, execve_keeps_kill_action)
{
	EXPECT_KILLED_BY(run_helper_confined(_metadata, self->helper,
					     "getppid",
					     SECCOMP_RET_KILL_PROCESS, false),
			 SIGSYS);
}

TEST_F(exec, vfork_then_execve_keeps_bitmap)
{
	int st = run_helper_confined(_metadata, self->helper, "getppid",
				     SECCOMP_RET_ERRNO | E_BITMAP, true);

	EXPECT_EXITED(st, E_BITMAP);
}

TEST_F(exec, unconfined_helper_reports_mode_0)
{
	/* control: the helper itself reports an unconfined task as such */
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0)
		exec_helper(self->helper, "mode");
	EXPECT_EXITED(wait_status(pid), 0);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0)
		exec_helper(self->helper, "getppid");
	EXPECT_EXITED(wait_status(pid), 200);
}

/* ========================================================================== */
/* TSYNC                                                                      */
/* ========================================================================== */

enum sibling_kind {
	SIB_PLAIN,		/* takes whatever it inherited */
	SIB_OWN_BITMAP,		/* installs its own bitmap (denies sched_yield) */
	SIB_STRICT,		/* enters strict mode */
};

struct sibling {
	pthread_t thread;
	enum sibling_kind kind;
	volatile pid_t tid;
	int go[2];
	sem_t ready;
	long own_ret;		/* SIB_OWN_BITMAP: its own install */
	/* after "go" */
	long getppid_ret, yield_ret, uname_ret, mode, nnp;
	int getppid_err, yield_err, uname_err;
};

static void *sibling_main(void *arg)
{
	struct sibling *s = arg;
	char c;

	s->tid = syscall(__NR_gettid);
	if (s->kind == SIB_OWN_BITMAP)
		s->own_ret = deny_only(SECCOMP_RET_ERRNO | E_OTHER, 0,
				       __NR_sched_yield, -1);
	sem_post(&s->ready);
	if (s->kind == SIB_STRICT) {
		s->own_ret = syscall(__NR_prctl, PR_SET_SECCOMP,
				     SECCOMP_MODE_STRICT, 0, 0, 0);
		/* only read, write, exit and sigreturn from here on */
		syscall(__NR_read, s->go[0], &c, 1);
		syscall(__NR_exit, 0);
	}
	if (read(s->go[0], &c, 1) != 1)
		return NULL;
	errno = 0;
	s->getppid_ret = syscall(__NR_getppid);
	s->getppid_err = errno;
	errno = 0;
	s->yield_ret = syscall(__NR_sched_yield);
	s->yield_err = errno;
	errno = 0;
	s->uname_ret = syscall(__NR_uname, &(struct utsname){});
	s->uname_err = errno;
	s->mode = prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
	s->nnp = prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	return NULL;
}

static int sibling_start(struct sibling *s, enum sibling_kind kind)
{
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	if (pipe(s->go))
		return -1;
	sem_init(&s->ready, 0, 0);
	if (pthread_create(&s->thread, NULL, sibling_main, s))
		return -1;
	while (sem_wait(&s->ready) && errno == EINTR)
		;
	return 0;
}

static int sibling_finish(struct sibling *s)
{
	if (write(s->go[1], "g", 1) != 1)
		return -1;
	return pthread_join(s->thread, NULL);
}

static long task_status_field(pid_t tid, const char *key)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", tid);
	return status_field(path, key);
}

TEST(tsync_applies_to_sibling_threads_and_sets_their_nnp)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct sibling s;

		child_prep(_metadata, false);
		/* the sibling is created before no_new_privs is set */
		ASSERT_EQ(0, sibling_start(&s, SIB_PLAIN));
		ASSERT_EQ(0, task_status_field(s.tid, "NoNewPrivs"));
		ASSERT_EQ(0, prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
		EXPECT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP,
				       SECCOMP_BITMAP_FLAG_TSYNC,
				       __NR_getppid, -1));
		EXPECT_EQ(3, task_status_field(s.tid, "Seccomp"));
		EXPECT_EQ(1, task_status_field(s.tid, "NoNewPrivs"));
		ASSERT_EQ(0, sibling_finish(&s));
		EXPECT_EQ(-1, s.getppid_ret);
		EXPECT_EQ(E_BITMAP, s.getppid_err);
		EXPECT_EQ(0, s.yield_ret);
		EXPECT_EQ(SECCOMP_MODE_BITMAP, s.mode);
		EXPECT_EQ(1, s.nnp);
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_getppid));
		EXPECT_EQ(E_BITMAP, errno);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(tsync_accepts_sibling_with_ancestor_bitmap)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct sibling s;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_uname, -1));
		/* the sibling inherits that bitmap: an ancestor of the next */
		ASSERT_EQ(0, sibling_start(&s, SIB_PLAIN));
		EXPECT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP,
				       SECCOMP_BITMAP_FLAG_TSYNC,
				       __NR_getppid, -1));
		ASSERT_EQ(0, sibling_finish(&s));
		EXPECT_EQ(-1, s.getppid_ret);
		EXPECT_EQ(E_BITMAP, s.getppid_err);
		EXPECT_EQ(-1, s.uname_ret);
		EXPECT_EQ(E_BITMAP, s.uname_err);
		EXPECT_EQ(0, s.yield_ret);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

FIXTURE(tsync_diverged) {
};

FIXTURE_VARIANT(tsync_diverged) {
	bool caller_has_bitmap;
};

/* caller unconfined, sibling has its own bitmap */
FIXTURE_VARIANT_ADD(tsync_diverged, caller_unconfined) {
	.caller_has_bitmap = false,
};

/* both started from one bitmap, the sibling narrowed it on its own */
FIXTURE_VARIANT_ADD(tsync_diverged, common_ancestor) {
	.caller_has_bitmap = true,
};

FIXTURE_SETUP(tsync_diverged)
{
}

FIXTURE_TEARDOWN(tsync_diverged)
{
}

TEST_F(tsync_diverged, fails_with_sibling_tid_and_changes_nothing)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t ppid = getppid();
		struct sibling s;
		long ret;

		child_prep(_metadata, true);
		if (variant->caller_has_bitmap)
			ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
					       __NR_uname, -1));
		ASSERT_EQ(0, sibling_start(&s, SIB_OWN_BITMAP));
		ASSERT_EQ(0, s.own_ret);
		ret = deny_only(SECCOMP_RET_ERRNO | E_BITMAP,
				SECCOMP_BITMAP_FLAG_TSYNC, __NR_getppid, -1);
		EXPECT_EQ(s.tid, ret);
		/* the caller is unchanged */
		EXPECT_EQ(variant->caller_has_bitmap ? SECCOMP_MODE_BITMAP : 0,
			  get_mode());
		EXPECT_EQ(ppid, syscall(__NR_getppid));
		/* and so is the sibling: its own bitmap only */
		ASSERT_EQ(0, sibling_finish(&s));
		EXPECT_EQ(ppid, s.getppid_ret);
		EXPECT_EQ(-1, s.yield_ret);
		EXPECT_EQ(E_OTHER, s.yield_err);
		if (variant->caller_has_bitmap) {
			/*
			 * The sibling narrowed the shared bitmap with an ERRNO
			 * of its own: same action, so its newer data wins.
			 */
			EXPECT_EQ(-1, s.uname_ret);
			EXPECT_EQ(E_OTHER, s.uname_err);
		} else {
			EXPECT_EQ(0, s.uname_ret);
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(tsync_fails_with_strict_mode_sibling_tid_and_changes_nothing)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t ppid = getppid();
		struct sibling s;
		int i;

		child_prep(_metadata, true);
		ASSERT_EQ(0, sibling_start(&s, SIB_STRICT));
		for (i = 0; i < 500; i++) {
			if (task_status_field(s.tid, "Seccomp") == 1)
				break;
			usleep(10000);
		}
		ASSERT_EQ(1, task_status_field(s.tid, "Seccomp"));
		EXPECT_EQ(s.tid, deny_only(SECCOMP_RET_ERRNO | E_BITMAP,
					   SECCOMP_BITMAP_FLAG_TSYNC,
					   __NR_getppid, -1));
		EXPECT_EQ(0, get_mode());
		EXPECT_EQ(ppid, syscall(__NR_getppid));
		EXPECT_EQ(1, task_status_field(s.tid, "Seccomp"));
		/* wake it: it reads, then exit()s within strict mode */
		ASSERT_EQ(0, sibling_finish(&s));
		EXPECT_EQ(0, s.own_ret);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* Beside seccomp-bpf                                                         */
/* ========================================================================== */

TEST(bitmap_on_top_of_bpf_filter_both_apply)
{
	pid_t pid;

	SKIP_WITHOUT_BPF();
	pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		/* BPF denies uname and getppid with E_BPF */
		ASSERT_EQ(0, bpf_install_errno(__NR_uname, __NR_getppid, E_BPF));
		ASSERT_EQ(SECCOMP_MODE_FILTER, get_mode());
		/* the bitmap denies getppid with E_BITMAP */
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		EXPECT_EQ(3, status_field("/proc/self/status", "Seccomp"));
		/* bitmap-denied: the bitmap's action */
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_getppid));
		EXPECT_EQ(E_BITMAP, errno);
		/* bitmap-allowed, BPF-denied: BPF's action */
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_uname, &(struct utsname){}));
		EXPECT_EQ(E_BPF, errno);
		/* allowed by both */
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(bpf_filter_on_top_of_bitmap_both_apply)
{
	pid_t pid;

	SKIP_WITHOUT_BPF();
	pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t gc;

		child_prep(_metadata, true);
		ASSERT_EQ(0, deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0,
				       __NR_getppid, -1));
		ASSERT_EQ(0, bpf_install_errno(__NR_uname, -1, E_BPF));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_getppid));
		EXPECT_EQ(E_BITMAP, errno);
		errno = 0;
		EXPECT_EQ(-1, syscall(__NR_uname, &(struct utsname){}));
		EXPECT_EQ(E_BPF, errno);
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		/* a fork child carries both layers */
		gc = fork();

		ASSERT_LE(0, gc);
		if (gc == 0) {
			int bad = 0;

			if (raw_syscall1_at(__NR_getppid, 0, NULL) != -E_BITMAP)
				bad |= 1;
			if (raw_syscall1_at(__NR_uname, (long)&(struct utsname){},
					    NULL) != -E_BPF)
				bad |= 2;
			if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != 3)
				bad |= 4;
			_exit(100 + bad);
		}
		EXPECT_EXITED(wait_status(gc), 100);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* /proc/<pid>/seccomp_bitmap                                                 */
/* ========================================================================== */

/*
 * A confined child, paused on a pipe, whose file the parent reads.  Its
 * policy must let it write (ready), read (pause) and exit.
 */
struct paused_child {
	pid_t pid;
	int go_w;
};

static int start_paused_child(struct __test_metadata *_metadata,
			      struct paused_child *pc, __u32 action,
			      const __u64 *native, __u32 nbits,
			      const __u64 *compat, __u32 compat_nbits)
{
	int ready[2], go[2];
	char c;

	if (pipe(ready) || pipe(go))
		return -1;
	pc->pid = fork();
	if (pc->pid < 0)
		return -1;
	if (pc->pid == 0) {
		child_prep(_metadata, true);
		close(ready[0]);
		close(go[1]);
		if (bitmap_install(0, action, native, nbits, compat,
				   compat_nbits))
			_exit(90);
		if (syscall(__NR_write, ready[1], "r", 1) != 1)
			_exit(91);
		syscall(__NR_read, go[0], &c, 1);
		syscall(__NR_exit_group, 0);
		_exit(92);
	}
	close(ready[1]);
	close(go[0]);
	pc->go_w = go[1];
	if (read(ready[0], &c, 1) != 1) {
		close(ready[0]);
		return -1;
	}
	close(ready[0]);
	return 0;
}

static int finish_paused_child(struct paused_child *pc)
{
	if (write(pc->go_w, "g", 1) != 1)
		return -1;
	close(pc->go_w);
	return wait_status(pc->pid);
}

FIXTURE(proc_text) {
};

FIXTURE_VARIANT(proc_text) {
	__u32 action;
	const char *action_line;
};

FIXTURE_VARIANT_ADD(proc_text, kill_process) {
	.action = SECCOMP_RET_KILL_PROCESS,
	.action_line = "action:\t0x80000000\n",
};
FIXTURE_VARIANT_ADD(proc_text, kill_thread) {
	.action = SECCOMP_RET_KILL_THREAD,
	.action_line = "action:\t0x00000000\n",
};
FIXTURE_VARIANT_ADD(proc_text, trap_with_data) {
	.action = SECCOMP_RET_TRAP | 0x2a,
	.action_line = "action:\t0x0003002a\n",
};
FIXTURE_VARIANT_ADD(proc_text, errno_eacces) {
	.action = SECCOMP_RET_ERRNO | EACCES,
	.action_line = "action:\t0x0005000d\n",
};
FIXTURE_VARIANT_ADD(proc_text, log) {
	.action = SECCOMP_RET_LOG,
	.action_line = "action:\t0x7ffc0000\n",
};

FIXTURE_SETUP(proc_text)
{
}

FIXTURE_TEARDOWN(proc_text)
{
}

TEST_F(proc_text, exact_text_of_a_known_policy)
{
	static const int native_bits[] = { 0, 1, 2, 3, 5, 60, 61, 62, 231 };
	__u64 native[BM_WORDS], compat[BM_WORDS];
	struct paused_child pc;
	char path[64], buf[1024], expect[256];
	bool ia32 = have_ia32();
	ssize_t n;
	size_t i;

	bm_fill(native, BM_WORDS, false);
	for (i = 0; i < ARRAY_SIZE(native_bits); i++)
		bm_set(native, native_bits[i]);
	bm_fill(compat, BM_WORDS, false);
	bm_set(compat, IA32_NR_exit);
	bm_set(compat, IA32_NR_getpid);
	ASSERT_EQ(0, start_paused_child(_metadata, &pc, variant->action,
					native, BM_BITS, ia32 ? compat : NULL,
					ia32 ? BM_BITS : 0));
	snprintf(path, sizeof(path), "/proc/%d/seccomp_bitmap", pc.pid);
	n = read_file(path, buf, sizeof(buf));
	snprintf(expect, sizeof(expect), "native:\t0-3,5,60-62,231\ncompat:\t%s\n%s",
		 ia32 ? "1,20" : "", variant->action_line);
	EXPECT_EQ((ssize_t)strlen(expect), n);
	EXPECT_STREQ(expect, n >= 0 ? buf : "(unreadable)");
	snprintf(path, sizeof(path), "/proc/%d/status", pc.pid);
	EXPECT_EQ(3, status_field(path, "Seccomp"));
	EXPECT_EXITED(finish_paused_child(&pc), 0);
}

TEST(proc_text_with_bits_beyond_the_table_lists_table_only)
{
	static __u64 native[BIG_WORDS], compat[BIG_WORDS];
	struct paused_child pc;
	char path[64], buf[1024], expect[256];
	unsigned int last_native = 0, last_compat = 0;
	bool ia32 = have_ia32();
	ssize_t n;

	bm_fill(native, BIG_WORDS, true);
	bm_fill(compat, BIG_WORDS, true);
	ASSERT_EQ(0, start_paused_child(_metadata, &pc,
					SECCOMP_RET_KILL_PROCESS,
					native, BIG_BITS, ia32 ? compat : NULL,
					ia32 ? BIG_BITS : 0));
	snprintf(path, sizeof(path), "/proc/%d/seccomp_bitmap", pc.pid);
	n = read_file(path, buf, sizeof(buf));
	EXPECT_LT(0, n);
	if (n > 0) {
		EXPECT_EQ(1, sscanf(buf, "native:\t0-%u\n", &last_native)) {
			TH_LOG("%s", buf);
		}
		if (ia32) {
			char *c = strstr(buf, "\ncompat:\t0-");

			EXPECT_NE(NULL, c) {
				TH_LOG("%s", buf);
			}
			if (c)
				sscanf(c, "\ncompat:\t0-%u\n", &last_compat);
		}
		/* 451 entries in each table in 6.1, 463 in 6.12: never the 4096 given */
		EXPECT_LE(__NR_set_mempolicy_home_node, last_native);
		EXPECT_GT(BM_BITS, last_native);
		if (ia32) {
			EXPECT_LE(450, last_compat);
			EXPECT_GT(BM_BITS, last_compat);
		}
		if (ia32)
			snprintf(expect, sizeof(expect),
				 "native:\t0-%u\ncompat:\t0-%u\naction:\t0x80000000\n",
				 last_native, last_compat);
		else
			snprintf(expect, sizeof(expect),
				 "native:\t0-%u\ncompat:\t\naction:\t0x80000000\n",
				 last_native);
		EXPECT_STREQ(expect, buf);
	}
	EXPECT_EXITED(finish_paused_child(&pc), 0);
}

TEST(proc_file_empty_without_bitmap)
{
	char buf[256];
	pid_t pid;

	/* this task: no seccomp at all */
	EXPECT_EQ(0, read_file("/proc/self/seccomp_bitmap", buf, sizeof(buf)));
	/* a task under a BPF filter only */
	SKIP_WITHOUT_BPF();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, bpf_install_errno(__NR_uname, -1, E_BPF));
		EXPECT_EQ(0, read_file("/proc/self/seccomp_bitmap", buf,
				       sizeof(buf)));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * Reading needs ptrace-read access to the task.  Documented behaviour: an
 * unprivileged process of another uid gets EACCES: at open() (a 0400 file
 * owned by the task's uid, or a ptrace check in ->open) or, if the open
 * succeeds, at read().  The errno is pinned: EACCES, never EPERM.
 */
TEST(proc_file_needs_ptrace_read_access)
{
	__u64 native[BM_WORDS];
	struct paused_child pc;
	pid_t reader;

	if (geteuid() != 0)
		SKIP(return, "needs root to switch to an unprivileged uid");
	bm_fill(native, BM_WORDS, true);
	bm_clear(native, __NR_getppid);
	ASSERT_EQ(0, start_paused_child(_metadata, &pc,
					SECCOMP_RET_KILL_PROCESS,
					native, BM_BITS, NULL, 0));
	reader = fork();
	ASSERT_LE(0, reader);
	if (reader == 0) {
		char path[64], buf[256];
		ssize_t n;
		int fd;

		ASSERT_EQ(0, setresgid(UNPRIV_UID, UNPRIV_UID, UNPRIV_UID));
		ASSERT_EQ(0, setresuid(UNPRIV_UID, UNPRIV_UID, UNPRIV_UID));
		/* the uid change made this task non-dumpable: undo that */
		ASSERT_EQ(0, prctl(PR_SET_DUMPABLE, 1, 0, 0, 0));
		snprintf(path, sizeof(path), "/proc/%d/seccomp_bitmap", pc.pid);
		errno = 0;
		fd = open(path, O_RDONLY);
		if (fd >= 0) {
			errno = 0;
			n = read(fd, buf, sizeof(buf));
			EXPECT_EQ(-1, n);
			close(fd);
		}
		EXPECT_EQ(EACCES, errno);
		/* its own file stays readable (and empty) */
		EXPECT_EQ(0, read_file("/proc/self/seccomp_bitmap", buf,
				       sizeof(buf)));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(reader), 0);
	EXPECT_EXITED(finish_paused_child(&pc), 0);
}

/*
 * A kernel built without CONFIG_SECCOMP_BITMAP refuses the operation with
 * EINVAL and has no /proc/<pid>/seccomp_bitmap: skip everything there.
 * Either sign alone is a failure the tests report.
 */
static bool bitmap_mode_missing(void)
{
	struct stat st;
	int status;
	pid_t pid;

	if (stat("/proc/self/seccomp_bitmap", &st) == 0 || errno != ENOENT)
		return false;
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			_exit(2);
		_exit(deny_only(SECCOMP_RET_ERRNO | E_BITMAP, 0, -1, -1) == -1 &&
		      errno == EINVAL ? 1 : 0);
	}
	status = wait_status(pid);
	return WIFEXITED(status) && WEXITSTATUS(status) == 1;
}

static void __attribute__((constructor)) skip_without_bitmap_mode(void)
{
	if (bitmap_mode_missing()) {
		ksft_print_header();
		ksft_exit_skip("kernel without seccomp bitmap mode (CONFIG_SECCOMP_BITMAP)\n");
	}
}

TEST_HARNESS_MAIN

#else
BITMAP_X86_ONLY_MAIN("x86-64's syscall numbers, the ia32 table (int $0x80), syscall instruction addresses; arm64's counterparts: seccomp_bitmap_arch_test")
#endif
