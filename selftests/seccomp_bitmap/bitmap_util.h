/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small helpers shared by the seccomp bitmap harness tests that include
 * it (seccomp_bitmap_test.c, seccomp_bitmap_bypass_test.c,
 * seccomp_bitmap_filter_test.c, seccomp_bitmap_hardening_test.c,
 * seccomp_bitmap_recheck_test.c, seccomp_bitmap_stress_test.c,
 * seccomp_bitmap_fuzz.c): the uapi fallbacks (bitmap_uapi.h, which
 * bitmap_trinity_launcher.c includes on its own), bitmap words, child
 * processes and their exit status, raw and ia32 syscalls, a PTRACE_SYSCALL
 * tracer, filter expressions, /proc files, Slab, SIGSYS recording, the
 * kernel log.  Everything is static inline so that a program using only
 * part of it compiles without warnings.
 *
 * x86-64 only.
 */
#ifndef SECCOMP_BITMAP_UTIL_H
#define SECCOMP_BITMAP_UTIL_H

#define _GNU_SOURCE
#include <sys/types.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bitmap_uapi.h"

#if __has_include("../kselftest_harness.h")
#include "../kselftest_harness.h"
#else
#include "kselftest_harness.h"
#endif

#if !defined(__x86_64__) && !defined(__aarch64__)
#error "the seccomp bitmap tests are written for x86-64 and arm64"
#endif

/*
 * Programs whose tests are x86-64's alone (int $0x80, orig_rax, x86-64's
 * legacy syscall numbers) end in BITMAP_X86_ONLY_MAIN(why): elsewhere
 * they are one skipped test saying why (seccomp_bitmap_arch_test has the
 * arm64 counterparts).
 */
#ifdef __x86_64__
#define BITMAP_X86_64	1
#else
#define BITMAP_X86_64	0
#define MAP_32BIT	0
#endif
#define BITMAP_X86_ONLY_MAIN(why)					\
int main(void)								\
{									\
	(void)test_harness_run;						\
	ksft_print_header();						\
	ksft_set_plan(1);						\
	ksft_test_result_skip("%s: x86-64 only: %s\n",			\
			      program_invocation_short_name, why);	\
	ksft_finished();						\
	return 0;							\
}

/* si_code of a SECCOMP_RET_TRAP SIGSYS (<signal.h>, included above) */
#ifndef SYS_SECCOMP
#define SYS_SECCOMP 1
#endif

/* 512 bits: more than the x86-64 table (451 entries in 6.1, 463 in 6.12). */
#define BM_BITS		512
#define BM_WORDS	(BM_BITS / 64)
/*
 * The running kernel's syscall table sizes (x86-64 and ia32: 451 each in
 * 6.1, 463 each in 6.12), see bm_table_sizes(); NATIVE_NR_MAX bounds them.
 */
#define NATIVE_NR	(bm_table_sizes().native)
#define COMPAT_NR	(bm_table_sizes().compat)
#define NATIVE_NR_MAX	BM_BITS

/*
 * The errno the tests' ERRNO policies return (42): none of the syscalls
 * they probe returns it by itself, so "denied" and "ran" are told apart
 * exactly.
 */
#define E_BITMAP	ENOMSG

/* ---- small helpers ------------------------------------------------------- */

static inline long sys_seccomp(unsigned int op, unsigned int flags, void *args)
{
	errno = 0;
	return syscall(__NR_seccomp, op, flags, args);
}

static inline void bm_fill(__u64 *w, size_t words, bool allow)
{
	memset(w, allow ? 0xff : 0, words * sizeof(*w));
}

static inline void bm_set(__u64 *w, unsigned int nr)
{
	w[nr / 64] |= 1ULL << (nr % 64);
}

static inline void bm_clear(__u64 *w, unsigned int nr)
{
	w[nr / 64] &= ~(1ULL << (nr % 64));
}

/* seccomp's log records go through audit: /proc/<pid>/loginuid is CONFIG_AUDIT's */
static inline bool have_audit(void)
{
	return access("/proc/self/loginuid", F_OK) == 0;
}

/* seccomp(SECCOMP_SET_MODE_BITMAP) with a native and a compat bitmap, no filters */
static inline long bitmap_install(unsigned int flags, __u32 action,
				  const __u64 *native, __u32 nbits,
				  const __u64 *compat, __u32 compat_nbits)
{
	struct seccomp_bitmap sb = {
		.size = sizeof(sb),
		.action = action,
		.nbits = nbits,
		.compat_nbits = compat_nbits,
		.native = (uintptr_t)native,
		.compat = (uintptr_t)compat,
	};

	return sys_seccomp(SECCOMP_SET_MODE_BITMAP, flags, &sb);
}

/* Every native syscall allowed except those in nrs[] (n of them); no compat. */
static inline long deny_list(__u32 action, unsigned int flags, const int *nrs,
			     int n)
{
	__u64 w[BM_WORDS];
	int i;

	bm_fill(w, BM_WORDS, true);
	for (i = 0; i < n; i++)
		bm_clear(w, nrs[i]);
	return bitmap_install(flags, action, w, BM_BITS, NULL, 0);
}

#ifdef __x86_64__
static inline void probe_segv(int sig)
{
	(void)sig;
	_exit(2);
}

/*
 * Does this kernel run int $0x80 from a 64-bit task (IA32_EMULATION)?
 * The probe child asks for the ia32 getpid (20).  Without IA32_EMULATION
 * int $0x80 raises #GP: the child catches the SIGSEGV so that the kernel
 * does not log an unhandled "general protection fault".
 */
static inline bool have_ia32(void)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return false;
	if (pid == 0) {
		long ret;

		signal(SIGSEGV, probe_segv);
		asm volatile("int $0x80"
			     : "=a"(ret)
			     : "0"(20L)
			     : "r8", "r9", "r10", "r11", "memory", "cc");
		_exit((int)ret == getpid() ? 0 : 1);
	}
	if (waitpid(pid, &status, 0) != pid)
		return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

#define NEED_IA32() do {						\
	if (!have_ia32())						\
		SKIP(return, "kernel without IA32_EMULATION: int $0x80 raises #GP"); \
} while (0)

/* ia32 syscall from this 64-bit task: eax = nr, ebx/ecx/edx = arguments. */
static inline long int80_3(long nr, long b, long c, long d)
{
	long ret;

	asm volatile("int $0x80"
		     : "=a"(ret)
		     : "0"(nr), "b"(b), "c"(c), "d"(d)
		     : "r8", "r9", "r10", "r11", "memory", "cc");
	/* an ia32 caller sees eax only */
	return (int)ret;
}
#else
/* arm64: no int $0x80; its AArch32 tests are seccomp_bitmap_arch_test's */
static inline bool have_ia32(void)
{
	return false;
}

#define NEED_IA32()							\
	SKIP(return, "x86-64 only (int $0x80); AArch32: seccomp_bitmap_arch_test")
#endif

static inline long get_mode(void)
{
	return prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
}

static inline int wait_status(pid_t pid)
{
	int status = -1;

	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

/* wait_status() with __WALL: for ptraced children among others */
static inline int wait_status_wall(pid_t pid)
{
	int status = -1;

	while (waitpid(pid, &status, __WALL) < 0 && errno == EINTR)
		;
	return status;
}

#define EXPECT_EXITED(status, code) do {				\
	int __st = (status);						\
	EXPECT_TRUE(WIFEXITED(__st)) {					\
		TH_LOG("child did not exit (status 0x%x, signal %d)",	\
		       __st, WIFSIGNALED(__st) ? WTERMSIG(__st) : 0);	\
	}								\
	if (WIFEXITED(__st))						\
		EXPECT_EQ(code, WEXITSTATUS(__st));			\
} while (0)

#define EXPECT_KILLED_BY(status, sig) do {				\
	int __st = (status);						\
	EXPECT_TRUE(WIFSIGNALED(__st)) {				\
		TH_LOG("child was not killed (status 0x%x, exit %d)",	\
		       __st, WIFEXITED(__st) ? WEXITSTATUS(__st) : -1);	\
	}								\
	if (WIFSIGNALED(__st))						\
		EXPECT_EQ(sig, WTERMSIG(__st));				\
} while (0)

/*
 * The harness's verdict on the running test so far.  6.1's
 * kselftest_harness.h keeps it in ->passed and ->skip; later ones (6.12)
 * in ->exit_code (KSFT_PASS, KSFT_FAIL, KSFT_SKIP, ...), and define
 * FIXTURE_TEARDOWN_PARENT, which 6.1's does not.
 */
#ifdef FIXTURE_TEARDOWN_PARENT
#define BM_PASSED()	__test_passed(_metadata)
#define BM_SKIPPED()	(_metadata->exit_code == KSFT_SKIP)
#else
#define BM_PASSED()	(_metadata->passed)
#define BM_SKIPPED()	(_metadata->skip)
#endif

/* End of a forked child that used EXPECT_*(). */
#define CHILD_EXIT() _exit(BM_PASSED() ? 0 : 1)

static inline void child_prep(struct __test_metadata *_metadata, bool nnp)
{
	struct rlimit no_core = { 0, 0 };

	/* Children expected to die must not leave core files behind. */
	setrlimit(RLIMIT_CORE, &no_core);
	if (nnp)
		ASSERT_EQ(0, prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0));
}

/*
 * A tracer's new syscall number for its tracee stopped at syscall entry
 * (PTRACE_EVENT_SECCOMP): orig_rax on x86-64, NT_ARM_SYSTEM_CALL on arm64
 * (x8 alone is not the number that runs).  0 or -1 with errno, as
 * ptrace().
 */
static inline int tracee_set_nr(pid_t pid, long nr)
{
#ifdef __aarch64__
	int n = nr;
	struct iovec io = { .iov_base = &n, .iov_len = sizeof(n) };

	return ptrace(PTRACE_SETREGSET, pid, NT_ARM_SYSTEM_CALL, &io);
#else
	return ptrace(PTRACE_POKEUSER, pid,
		      offsetof(struct user, regs) +
		      offsetof(struct user_regs_struct, orig_rax), nr);
#endif
}

/*
 * The skeleton of a test whose body runs in a forked child (its policy
 * dies with the child):
 *
 *	pid = child_fork(_metadata, true);
 *	if (!pid) {
 *		... the body ...
 *		CHILD_EXIT();			(or _exit(CODE))
 *	}
 *	ASSERT_EQ(0, CHILD_EXIT_CODE(pid));	(or EXPECT_EXITED(wait_status(pid), 0))
 *
 * child_fork() asserts that fork() worked and child_prep()s the child;
 * CHILD_EXIT_CODE() asserts that waitpid() got the child and that it
 * exited (not killed), and is its exit code.
 */
static inline pid_t child_fork(struct __test_metadata *_metadata, bool nnp)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (!pid)
		child_prep(_metadata, nnp);
	return pid;
}

#define CHILD_EXIT_CODE(pid) ({						\
	int __st = -1;							\
	ASSERT_EQ(pid, waitpid(pid, &__st, 0));				\
	ASSERT_TRUE(WIFEXITED(__st));					\
	WEXITSTATUS(__st);						\
})

/*
 * A zeroed page shared with forked children, below 4 GiB (MAP_32BIT): an
 * ia32 syscall's pointer arguments are 32 bits.
 */
static inline void *shared_page(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS | MAP_32BIT, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* One byte down a pipe: "ready", "go" between a parent and its child. */
static inline void post(int fd)
{
	char c = 'x';

	if (write(fd, &c, 1) != 1)
		_exit(120);
}

static inline void await(int fd)
{
	char c;

	if (read(fd, &c, 1) != 1)
		_exit(121);
}

/*
 * /tmp/bitmap-@what-<pid>, a path that does not exist yet (a denied
 * mkdir's target), in @buf.
 */
static inline void probe_path(char *buf, size_t size, const char *what)
{
	snprintf(buf, size, "/tmp/bitmap-%s-%d", what, getpid());
	rmdir(buf);
}

static inline bool path_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* ---- a PTRACE_SYSCALL tracer --------------------------------------------- */

/*
 * The tracer of @pid, a child that called PTRACE_TRACEME and stopped
 * itself with SIGSTOP: waits for that stop and sets PTRACE_O_TRACESYSGOOD
 * and PTRACE_O_EXITKILL.  ptrace_next_marked_entry() runs it.
 */
static inline void ptrace_syscall_setup(struct __test_metadata *_metadata,
					pid_t pid)
{
	int st = wait_status_wall(pid);

	ASSERT_TRUE(WIFSTOPPED(st));
	ASSERT_EQ(SIGSTOP, WSTOPSIG(st));
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, pid, 0,
			    PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL));
}

/*
 * Resumes the stopped tracee @pid (PTRACE_SYSCALL) and runs it to the
 * entry stop of syscall @nr with @magic as its third argument (the marked
 * call), passing on the signals of its other stops.  Returns true with
 * the tracee stopped there (the caller may rewrite its registers before
 * calling this again), false once the tracee has ended, with its wait
 * status in *@status.
 */
static inline bool ptrace_next_marked_entry(struct __test_metadata *_metadata,
					    pid_t pid, long nr, __u64 magic,
					    int *status)
{
	struct __ptrace_syscall_info info;
	int st, sig = 0;

	for (;;) {
		ASSERT_EQ(0, ptrace(PTRACE_SYSCALL, pid, 0, sig));
		st = wait_status_wall(pid);
		if (!WIFSTOPPED(st))
			break;
		sig = WSTOPSIG(st);
		if (sig == (SIGTRAP | 0x80)) {
			memset(&info, 0, sizeof(info));
			ASSERT_LT(0, ptrace(PTRACE_GET_SYSCALL_INFO, pid,
					    sizeof(info), &info));
			if (info.op == PTRACE_SYSCALL_INFO_ENTRY &&
			    info.entry.nr == (__u64)nr &&
			    info.entry.args[2] == magic)
				return true;
			sig = 0;
		}
	}
	*status = st;
	return false;
}

/* Reads a whole (proc) file; returns its length or -errno. */
static inline ssize_t read_file(const char *path, char *buf, size_t size);

/* The last number of the %*pbl list on the /proc line starting with @key */
static inline int bm_list_last(const char *text, const char *key)
{
	const char *p = strstr(text, key);
	int last = -1;

	if (!p)
		return -1;
	for (p += strlen(key); *p && *p != '\n'; p++) {
		if (*p >= '0' && *p <= '9') {
			last = strtol(p, (char **)&p, 10);
			p--;
		}
	}
	return last;
}

struct bm_tables {
	int native;	/* syscalls of the x86-64 table */
	int compat;	/* of the ia32 table, 0 without IA32_EMULATION */
};

/*
 * The sizes of the running kernel's syscall tables.  A child allows all
 * BM_BITS bits of both tables and reads back from /proc/self/seccomp_bitmap
 * the highest number its kernel kept: bits past a table are accepted and
 * mean nothing.  Ask before confining this task (under a bitmap the answer
 * would be the last number it allows).  Zeroes if the kernel cannot say.
 */
static inline struct bm_tables bm_table_sizes(void)
{
	static struct bm_tables t;
	static bool known;
	pid_t pid;
	int fds[2];

	if (known)
		return t;
	if (pipe(fds))
		return t;
	pid = fork();
	if (pid == 0) {
		struct bm_tables r = { 0, 0 };
		__u64 w[BM_WORDS];
		char buf[1024];

		close(fds[0]);
		memset(w, 0xff, sizeof(w));
		if (!prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) &&
		    !bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP, w, BM_BITS,
				    w, BM_BITS) &&
		    read_file("/proc/self/seccomp_bitmap", buf, sizeof(buf)) > 0) {
			r.native = bm_list_last(buf, "native:\t") + 1;
			r.compat = bm_list_last(buf, "compat:\t") + 1;
		}
		_exit(write(fds[1], &r, sizeof(r)) == sizeof(r) ? 0 : 1);
	}
	close(fds[1]);
	if (pid > 0 && read(fds[0], &t, sizeof(t)) == sizeof(t) && t.native > 0)
		known = true;
	else
		fprintf(stderr, "# cannot tell the syscall table sizes (no bitmap mode?)\n");
	close(fds[0]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return t;
}

static inline ssize_t read_file(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t r;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (len < size - 1) {
		r = read(fd, buf + len, size - 1 - len);
		if (r < 0) {
			r = -errno;
			close(fd);
			return r;
		}
		if (!r)
			break;
		len += r;
	}
	buf[len] = '\0';
	close(fd);
	return len;
}

/* Reads @fd until EOF into @buf (NUL-terminated); returns the length. */
static inline ssize_t read_all(int fd, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t r;

	while (len < size - 1) {
		r = read(fd, buf + len, size - 1 - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += r;
	}
	buf[len] = '\0';
	return len;
}

static inline int write_sysctl(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, val, strlen(val));
	close(fd);
	return n == (ssize_t)strlen(val) ? 0 : -EIO;
}

/* Is this a kmemleak (debug) kernel?  Its runs are ~10x slower. */
static inline bool debug_kernel(void)
{
	return access("/sys/kernel/debug/kmemleak", F_OK) == 0;
}

/*
 * /proc/meminfo's Slab in kB; @settle: first drop the reclaimable caches
 * and wait 200 ms, letting RCU run.
 */
static inline long slab_kb(bool settle)
{
	char line[128];
	long kb = -1;
	FILE *f;
	int fd;

	if (settle) {
		sync();
		fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
		if (fd >= 0) {
			if (write(fd, "2", 1) != 1)
				kb = -1;
			close(fd);
		}
		usleep(200 * 1000);
	}
	f = fopen("/proc/meminfo", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Slab: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* A file next to this program (helpers installed with it). */
static inline char *sibling_path(char *buf, size_t size, const char *name)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n < 0)
		return NULL;
	exe[n] = '\0';
	snprintf(buf, size, "%s/%s", dirname(exe), name);
	return buf;
}

/* A page that faults on access (EFAULT when handed to the kernel). */
static inline void *fault_page(void)
{
	void *p = mmap(NULL, getpagesize(), PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/*
 * Raw `syscall` instruction: returns what the kernel put in rax (a value
 * or -errno) and never touches errno, for code that shares its TLS with
 * another task (a clone(CLONE_VM) child without CLONE_SETTLS).
 */
#ifdef __x86_64__
static inline long raw_syscall6(long nr, long a1, long a2, long a3, long a4,
				long a5, long a6)
{
	register long r10 asm("r10") = a4;
	register long r8 asm("r8") = a5;
	register long r9 asm("r9") = a6;
	long ret;

	asm volatile("syscall"
		     : "=a"(ret)
		     : "0"(nr), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8),
		       "r"(r9)
		     : "rcx", "r11", "memory", "cc");
	return ret;
}

#else
static inline long raw_syscall6(long nr, long a1, long a2, long a3, long a4,
				long a5, long a6)
{
	register long x8 asm("x8") = nr;
	register long x0 asm("x0") = a1;
	register long x1 asm("x1") = a2;
	register long x2 asm("x2") = a3;
	register long x3 asm("x3") = a4;
	register long x4 asm("x4") = a5;
	register long x5 asm("x5") = a6;

	asm volatile("svc #0"
		     : "+r"(x0)
		     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
		     : "memory", "cc");
	return x0;
}

#endif

static inline long raw_syscall0(long nr)
{
	return raw_syscall6(nr, 0, 0, 0, 0, 0, 0);
}

#ifdef __x86_64__
/* Raw syscall with one argument; *after = address after the instruction. */
static inline long raw_syscall1_at(long nr, long a1, unsigned long *after)
{
	register long rdi asm("rdi") = a1;
	unsigned long addr;
	long ret;

	asm volatile("lea 1f(%%rip), %1\n\t"
		     "syscall\n"
		     "1:"
		     : "=a"(ret), "=&r"(addr)
		     : "0"(nr), "r"(rdi)
		     : "rcx", "r11", "memory", "cc");
	if (after)
		*after = addr;
	return ret;
}
#else
/* Raw syscall with one argument; *after = address after the instruction. */
static inline long raw_syscall1_at(long nr, long a1, unsigned long *after)
{
	register long x8 asm("x8") = nr;
	register long x0 asm("x0") = a1;
	unsigned long addr;

	asm volatile("adr %1, 1f\n\t"
		     "svc #0\n"
		     "1:"
		     : "+r"(x0), "=&r"(addr)
		     : "r"(x8)
		     : "memory", "cc");
	if (after)
		*after = addr;
	return x0;
}
#endif

/* ---- filter expressions (CONFIG_SECCOMP_BITMAP_FILTER) ------------------- */

/* filters[i] = { nr, expr } */
static inline void fset(struct seccomp_bitmap_filter *f, __u32 nr,
			const char *expr)
{
	memset(f, 0, sizeof(*f));
	f->nr = nr;
	f->expr = (uintptr_t)expr;
}

/* seccomp(SECCOMP_SET_MODE_BITMAP): every native syscall allowed, @f[@nf] */
static inline long install_filters(__u32 action,
				   const struct seccomp_bitmap_filter *f,
				   __u32 nf)
{
	__u64 w[BM_WORDS];
	struct seccomp_bitmap sb;

	bm_fill(w, BM_WORDS, true);
	memset(&sb, 0, sizeof(sb));
	sb.size = sizeof(sb);
	sb.action = action;
	sb.nbits = BM_BITS;
	sb.native = (uintptr_t)w;
	sb.filters = (uintptr_t)f;
	sb.nfilters = nf;
	return sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb);
}

static inline long set_filter(unsigned long nr, const char *expr)
{
	errno = 0;
	return prctl(PR_SET_SECCOMP_FILTER, nr, (unsigned long)expr, 0UL, 0UL);
}

/* Does a valid filter install?  Set by probe_filter_support(). */
static bool filter_support;

#define REQUIRE_FILTERS() do {						\
	if (!filter_support)						\
		SKIP(return, "kernel without CONFIG_SECCOMP_BITMAP_FILTER "	\
		     "(a valid filter is refused with EOPNOTSUPP)");	\
} while (0)

/*
 * For a program's constructor: skips the whole program on a kernel
 * without CONFIG_SECCOMP_BITMAP (the operation is EINVAL and
 * /proc/<pid>/seccomp_bitmap missing); sets filter_support unless the
 * valid filter "@nr: @expr" (under @action) is refused with EOPNOTSUPP
 * (no CONFIG_SECCOMP_BITMAP_FILTER: the tests skip one by one).  Any
 * other outcome of the probe leaves filter_support set, so that the
 * tests run and report it.
 */
static inline void probe_filter_support(__u32 action, __u32 nr,
					const char *expr)
{
	struct seccomp_bitmap_filter f;
	struct stat st;
	int status;
	pid_t pid;

	filter_support = true;
	if (stat("/proc/self/seccomp_bitmap", &st) && errno == ENOENT) {
		pid = fork();
		if (pid == 0) {
			prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
			_exit(install_filters(action, NULL, 0) == -1 &&
			      errno == EINVAL);
		}
		status = wait_status(pid);
		if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 1) {
			ksft_print_header();
			ksft_exit_skip("kernel without seccomp bitmap mode (CONFIG_SECCOMP_BITMAP)\n");
		}
	}
	pid = fork();
	if (pid == 0) {
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		fset(&f, nr, expr);
		if (!install_filters(action, &f, 1))
			_exit(0);
		_exit(errno == EOPNOTSUPP ? 1 : 2);
	}
	status = wait_status(pid);
	if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 1)
		filter_support = false;
	/* NATIVE_NR and COMPAT_NR, asked while nothing confines the program */
	bm_table_sizes();
}

/* ---- SIGSYS recording for TRAP ------------------------------------------- */

static volatile sig_atomic_t trap_count;
static siginfo_t trap_info;

static inline void trap_handler(int sig, siginfo_t *info, void *uc)
{
	(void)uc;
	if (sig == SIGSYS) {
		memcpy(&trap_info, info, sizeof(trap_info));
		trap_count++;
	}
}

static inline int install_trap_handler(void)
{
	struct sigaction act;
	sigset_t mask;

	memset(&act, 0, sizeof(act));
	act.sa_sigaction = trap_handler;
	act.sa_flags = SA_SIGINFO;
	sigemptyset(&act.sa_mask);
	sigemptyset(&mask);
	sigaddset(&mask, SIGSYS);
	trap_count = 0;
	memset(&trap_info, 0, sizeof(trap_info));
	if (sigaction(SIGSYS, &act, NULL))
		return -1;
	return sigprocmask(SIG_UNBLOCK, &mask, NULL);
}

/* ---- the kernel log ------------------------------------------------------ */

/* /dev/kmsg positioned at its end, or -errno. */
static inline int kmsg_open_end(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (lseek(fd, 0, SEEK_END) < 0) {
		close(fd);
		return -errno;
	}
	return fd;
}

/*
 * Reads kmsg records until one contains every string of @want, for at most
 * @timeout_ms.  Returns 1 if found (the record's text in @found if not
 * NULL), 0 on timeout.
 */
static inline int kmsg_scan(int fd, const char *const *want, int nwant,
			    char *found, size_t found_size, int timeout_ms)
{
	struct timespec start, now;
	char rec[8192];

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		ssize_t n = read(fd, rec, sizeof(rec) - 1);
		int i, elapsed;

		if (n > 0) {
			rec[n] = '\0';
			for (i = 0; i < nwant; i++)
				if (!strstr(rec, want[i]))
					break;
			if (i == nwant) {
				if (found && found_size) {
					size_t l = strnlen(rec, found_size - 1);

					memcpy(found, rec, l);
					found[l] = '\0';
				}
				return 1;
			}
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

#endif /* SECCOMP_BITMAP_UTIL_H */
