// SPDX-License-Identifier: GPL-2.0
/*
 * Install/free stress for seccomp bitmap mode.
 *
 * install_free_cycles: CYCLES forked children (default 100,000; fewer on
 * a kmemleak kernel, see cycles_wanted()) each enter bitmap mode and
 * exit, so every cycle allocates bitmap objects (with filter expressions
 * where the kernel has CONFIG_SECCOMP_BITMAP_FILTER) and frees them in
 * release_task().  Each child also checks that its policy acts (an
 * allowed call runs, a denied one gets the ERRNO action, a filtered one
 * follows its expression), so a cycle that installed nothing fails.  The
 * four kinds of cycle rotate:
 *   0  seccomp(SECCOMP_SET_MODE_BITMAP) with two filters;
 *   1  prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP) short form;
 *   2  full form, a narrowing second call, then PR_SET_SECCOMP_FILTER
 *      (a chain of three objects);
 *   3  full form in the parent of a grandchild that shares the object and
 *      outlives its parent (the last reference is dropped by another task).
 *
 * Slab usage (/proc/meminfo "Slab:", after dropping the dentry/inode
 * caches) is read after a warm-up and again after the cycles; it must be
 * back within SLAB_TOLERANCE_KB of its start.  Why 1024 kB: the noise
 * between two reads after drop_caches was under 300 kB in the guest
 * (partial slabs, per-cpu caches, RCU-delayed task_struct frees), while a
 * leak of one object per cycle is at least 8 bytes (the smallest kmalloc
 * cache) times 100,000 cycles = 781 kB... and every object the series
 * allocates is larger: a bitmap state is about 190 bytes (kmalloc-256,
 * 25 MB for 100,000), an expression copy or event_filter at least 16.
 * Under `make check-debug` the harness's kmemleak scan after the tests
 * catches leaks of any size, at the smaller cycle count; there the Slab
 * figure is only logged (KASAN's quarantine holds freed objects).
 *
 * deep_chain_cycles: children that narrow one bit at a time (hundreds of
 * chained objects), then exit: the chain is freed iteratively in one go.
 */

#include "bitmap_util.h"

#include <sched.h>

/* never open in the children: close() on them is EBADF when allowed */
#define FD_OK		12345
#define FD_DENIED	12346

#define DEFAULT_CYCLES		100000
#define DEBUG_CYCLES		20000
#define WARMUP_CYCLES		2000
#define SLAB_TOLERANCE_KB	1024

/* child exit codes: which check failed */
enum {
	C_OK, C_NNP, C_INSTALL, C_MODE, C_ALLOWED, C_DENIED, C_FILTER_TRUE,
	C_FILTER_FALSE, C_NARROW, C_PRCTL_FILTER, C_FORK, C_GRANDCHILD,
};

static const char * const what[] = {
	"ok", "no_new_privs", "install", "PR_GET_SECCOMP mode",
	"allowed getpid", "denied getppid errno", "filter true (close ok fd)",
	"filter false (close other fd)", "narrowing call",
	"PR_SET_SECCOMP_FILTER", "fork", "grandchild",
};

static bool have_filters;

static void bm_all_but(__u64 *w, int nr1, int nr2)
{
	memset(w, 0xff, BM_WORDS * sizeof(*w));
	if (nr1 >= 0)
		w[nr1 / 64] &= ~(1ULL << (nr1 % 64));
	if (nr2 >= 0)
		w[nr2 / 64] &= ~(1ULL << (nr2 % 64));
}

static long install(const __u64 *w, struct seccomp_bitmap_filter *f,
		    __u32 nf)
{
	struct seccomp_bitmap sb = {
		.size = sizeof(sb),
		.action = SECCOMP_RET_ERRNO | E_BITMAP,
		.nbits = BM_BITS,
		.native = (uintptr_t)w,
		.filters = (uintptr_t)f,
		.nfilters = nf,
	};

	return sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb);
}

/* getpid runs, getppid gets the ERRNO action */
static int check_basic(void)
{
	if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != SECCOMP_MODE_BITMAP)
		return C_MODE;
	if (syscall(__NR_getpid) != getpid())
		return C_ALLOWED;
	errno = 0;
	if (syscall(__NR_getppid) != -1 || errno != E_BITMAP)
		return C_DENIED;
	return C_OK;
}

/* close(FD_OK) runs (EBADF), close(FD_DENIED) gets the action */
static int check_filter(void)
{
	errno = 0;
	if (syscall(__NR_close, FD_OK) != -1 || errno != EBADF)
		return C_FILTER_TRUE;
	errno = 0;
	if (syscall(__NR_close, FD_DENIED) != -1 || errno != E_BITMAP)
		return C_FILTER_FALSE;
	return C_OK;
}

/*
 * Children are clone(CLONE_VM) processes on their own stacks (no page
 * table copy or COW faults: a real fork costs ~20 ms under TCG), and
 * every 16th is a real fork().  Either way a new task that enters
 * bitmap mode and exits.  The worker that owns the stacks reaps every
 * child and grandchild before it reuses them.
 */
#define STACK_SIZE	(64 * 1024)
static char stacks[2][STACK_SIZE] __attribute__((aligned(64)));

static pid_t spawn(int (*fn)(void *), unsigned long arg, int stack, bool real_fork)
{
	pid_t pid;

	if (!real_fork)
		return clone(fn, stacks[stack] + STACK_SIZE, CLONE_VM | SIGCHLD,
			     (void *)arg);
	pid = fork();
	if (pid == 0)
		_exit(fn((void *)arg));
	return pid;
}

/*
 * check_basic() for the grandchild of kind 3.  It is a clone(CLONE_VM)
 * child of a clone(CLONE_VM) child, without CLONE_SETTLS: both run on the
 * same TLS, so they share one errno, and the child's "errno = 0" before
 * its own checks could land between the grandchild's denied getppid and
 * its errno test.  Raw syscalls read the kernel's answer from rax.
 */
static int grandchild_fn(void *arg)
{
	(void)arg;
	if (raw_syscall6(__NR_prctl, PR_GET_SECCOMP, 0, 0, 0, 0, 0) !=
	    SECCOMP_MODE_BITMAP)
		return C_MODE;
	if (raw_syscall0(__NR_getpid) != raw_syscall0(__NR_gettid))
		return C_ALLOWED;
	if (raw_syscall0(__NR_getppid) != -E_BITMAP)
		return C_DENIED;
	return C_OK;
}

static int cycle_child(unsigned long i);

static int cycle_fn(void *arg)
{
	return cycle_child((unsigned long)arg);
}

/* installs per task (TASK_INSTALLS): the first, then narrowings */
static unsigned int per_task = 8;

/*
 * The j-th narrowing clears the j-th of the x86-64 table's holes (335-423,
 * sys_ni_syscall): a real narrowing, so a new object joins the chain.
 */
#define HOLE(j) (335 + (j) % 89)

static int narrow_more(__u64 *w, unsigned int j, bool short_form)
{
	w[HOLE(j) / 64] &= ~(1ULL << (HOLE(j) % 64));
	if (short_form)
		return prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP, (unsigned long)w,
			     (unsigned long)BM_BITS, 0UL);
	return install(w, NULL, 0);
}

static int cycle_child(unsigned long i)
{
	static char expr_close[] = "fd == 12345";
	static char expr_close2[] = "fd < 20000";
	static char expr_dup[] = "fildes == 0 || fildes == 1";
	struct seccomp_bitmap_filter f[2];
	__u64 w[BM_WORDS];
	unsigned int j;
	pid_t pid;
	int r;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return C_NNP;
	bm_all_but(w, __NR_getppid, -1);
	memset(f, 0, sizeof(f));
	f[0].nr = __NR_close;
	f[0].expr = (uintptr_t)expr_close;
	f[1].nr = __NR_dup;
	f[1].expr = (uintptr_t)expr_dup;

	switch (i % 4) {
	case 0:
		if (install(w, f, have_filters ? 2 : 0))
			return C_INSTALL;
		for (j = 1; j < per_task; j++)
			if (narrow_more(w, j, false))
				return C_NARROW;
		break;
	case 1:
		/* short form: KILL_PROCESS; no denied call is made */
		if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_BITMAP, (unsigned long)w,
			  (unsigned long)BM_BITS, 0UL))
			return C_INSTALL;
		for (j = 1; j < per_task; j++)
			if (narrow_more(w, j, true))
				return C_NARROW;
		if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != SECCOMP_MODE_BITMAP)
			return C_MODE;
		return syscall(__NR_getpid) == getpid() ? C_OK : C_ALLOWED;
	case 2:
		if (install(w, NULL, 0))
			return C_INSTALL;
		for (j = 1; j < per_task; j++) {
			if (have_filters && j % 2) {
				if (prctl(PR_SET_SECCOMP_FILTER, __NR_close,
					  (unsigned long)(j == 1 ? expr_close2 :
							  expr_close), 0, 0))
					return C_PRCTL_FILTER;
			} else if (narrow_more(w, j, false)) {
				return C_NARROW;
			}
		}
		break;
	default:
		if (install(w, f, have_filters ? 1 : 0))
			return C_INSTALL;
		for (j = 1; j < per_task; j++)
			if (narrow_more(w, j, false))
				return C_NARROW;
		/* may outlive its parent and drop the last reference */
		pid = spawn(grandchild_fn, 0, 1, false);
		if (pid < 0)
			return C_FORK;
		/* the parent's exit drops one of two references */
		break;
	}
	r = check_basic();
	if (!r && have_filters && i % 4 != 3)
		r = check_filter();
	/* the last hole cleared gets the action (it would be ENOSYS) */
	errno = 0;
	if (!r && per_task > 1 && i % 4 != 2 &&
	    (syscall(HOLE(per_task - 1)) != -1 || errno != E_BITMAP))
		r = C_NARROW;
	return r;
}

/* Does this kernel take filters (CONFIG_SECCOMP_BITMAP_FILTER)? */
static int probe(bool *filters)
{
	static char expr[] = "fd == 12345";
	struct seccomp_bitmap_filter f = { .nr = __NR_close };
	__u64 w[BM_WORDS];
	int st;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		bm_all_but(w, -1, -1);
		f.expr = (uintptr_t)expr;
		if (!install(w, &f, 1))
			_exit(0);
		if (errno == EOPNOTSUPP && !install(w, NULL, 0))
			_exit(1);
		_exit(errno == EINVAL ? 2 : 3);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	switch (WEXITSTATUS(st)) {
	case 0:
		*filters = true;
		return 0;
	case 1:
		*filters = false;
		return 0;
	case 2:
		return -EINVAL;
	}
	return -1;
}

/*
 * The debug kernel (harness/configs/debug.config) has KASAN beside kmemleak: freed
 * objects wait in KASAN's quarantine (up to 1/32 of RAM, 32 MB in the 1G
 * guest) and still count as Slab, so the figure is no leak measure there
 * (+7.8 MB seen on 2026-12-04 with an empty kmemleak report).  The leak
 * check on that kernel is the kmemleak scan the harness runs after the
 * tests, which fails the run on any unreferenced object.
 */
static bool slab_is_a_leak_measure(struct __test_metadata *_metadata)
{
	if (!debug_kernel())
		return true;
	TH_LOG("debug kernel: Slab not asserted (the address sanitizer keeps freed objects in its quarantine); the kmemleak scan after the tests is the leak check");
	return false;
}

static unsigned long cycles_wanted(void)
{
	const char *e = getenv("CYCLES");

	if (e && *e)
		return strtoul(e, NULL, 0);
	return debug_kernel() ? DEBUG_CYCLES : DEFAULT_CYCLES;
}

static void report(unsigned long i, int st, const char *who)
{
	int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;

	fprintf(stderr, "# cycle %lu (kind %lu) %s: %s (status 0x%x)\n",
		i, i % 4, who, code >= 0 && code < (int)ARRAY_SIZE(what) ?
		what[code] : "killed or unknown", st);
}

/*
 * Run cycles [from, to) in two workers (the guest has two CPUs).  Each
 * worker is a subreaper, so the grandchildren of kind 3 are reaped (and
 * their bitmaps released) by it, not left as zombies under init.
 */
static int run_cycles(struct __test_metadata *_metadata, unsigned long from,
		      unsigned long to)
{
	pid_t worker[2];
	int w, st, bad = 0;

	for (w = 0; w < 2; w++) {
		worker[w] = fork();
		ASSERT_LE(0, worker[w]);
		if (worker[w] == 0) {
			unsigned long i;
			pid_t pid, got;

			if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0))
				_exit(103);
			for (i = from + w; i < to; i += 2) {
				pid = spawn(cycle_fn, i, 0, i % 16 == 15);
				if (pid < 0)
					_exit(100);
				/* the child and any grandchild: stacks are reused */
				while ((got = waitpid(-1, &st, 0)) > 0) {
					if (!WIFEXITED(st) || WEXITSTATUS(st)) {
						report(i, st, got == pid ?
						       "child" : "grandchild");
						_exit(102);
					}
				}
				if (errno != ECHILD)
					_exit(101);
			}
			_exit(0);
		}
	}
	for (w = 0; w < 2; w++) {
		ASSERT_EQ(worker[w], waitpid(worker[w], &st, 0));
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			bad = 1;
	}
	return bad;
}

FIXTURE(stress) {
	bool filters;
};

FIXTURE_SETUP(stress)
{
	int r = probe(&self->filters);

	if (r == -EINVAL)
		SKIP(return, "kernel has no SECCOMP_SET_MODE_BITMAP (CONFIG_SECCOMP_BITMAP off)");
	ASSERT_EQ(0, r) TH_LOG("filter probe failed");
	have_filters = self->filters;
}

FIXTURE_TEARDOWN(stress)
{
}

TEST_F_TIMEOUT(stress, install_free_cycles, 1700)
{
	unsigned long n = cycles_wanted();
	const char *e = getenv("TASK_INSTALLS");
	unsigned long tasks, warm;
	long before, after, again;
	struct timespec t0, t1;
	int tries;

	if (e && *e)
		per_task = strtoul(e, NULL, 0);
	ASSERT_LE(1, per_task);
	ASSERT_GE(89, per_task);
	ASSERT_LT(WARMUP_CYCLES, n) TH_LOG("CYCLES must exceed the %d warm-up cycles",
					   WARMUP_CYCLES);
	tasks = n / per_task;
	warm = WARMUP_CYCLES / per_task;
	TH_LOG("cycles: %lu installs and frees (%s) by %lu tasks, %u installs each (TASK_INSTALLS); filters: %s",
	       tasks * per_task, getenv("CYCLES") ? "CYCLES from the environment" :
	       debug_kernel() ? "kmemleak kernel: fewer" : "default",
	       tasks, per_task,
	       self->filters ? "yes" : "no (CONFIG_SECCOMP_BITMAP_FILTER off)");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* warm-up: let every slab cache involved reach its working size */
	ASSERT_EQ(0, run_cycles(_metadata, 0, warm));
	before = slab_kb(true);
	ASSERT_LT(0, before) TH_LOG("no Slab: line in /proc/meminfo");
	ASSERT_EQ(0, run_cycles(_metadata, warm, tasks));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	after = slab_kb(true);
	/* RCU-delayed frees (task_struct) may lag: give them a few seconds */
	for (tries = 0; tries < 10 && after - before > SLAB_TOLERANCE_KB; tries++) {
		sleep(1);
		again = slab_kb(true);
		after = again < after ? again : after;
	}
	TH_LOG("ran %lu cycles (%lu tasks) in %ld s; Slab after warm-up %ld kB, after the cycles %ld kB (%+ld kB, tolerance %d kB)",
	       tasks * per_task, tasks, (long)(t1.tv_sec - t0.tv_sec), before,
	       after, after - before,
	       SLAB_TOLERANCE_KB);
	if (slab_is_a_leak_measure(_metadata)) {
		EXPECT_GE(SLAB_TOLERANCE_KB, after - before);
	}
}

/* Each child narrows one bit at a time: a chain of ~400 objects, freed at exit. */
TEST_F_TIMEOUT(stress, deep_chain_cycles, 600)
{
	unsigned long children = debug_kernel() ? 10 : 50, c;
	long before, after;
	int st;

	before = slab_kb(true);
	for (c = 0; c < children; c++) {
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			__u64 w[BM_WORDS];
			int nr, depth = 0;

			if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
				_exit(C_NNP);
			bm_all_but(w, -1, -1);
			/* clear the numbers libc and this loop do not need */
			for (nr = 450; nr > 60; nr--) {
				if (nr == __NR_seccomp || nr == __NR_exit_group ||
				    nr == __NR_getppid || nr == __NR_prctl)
					continue;
				w[nr / 64] &= ~(1ULL << (nr % 64));
				if (install(w, NULL, 0))
					_exit(C_INSTALL);
				depth++;
			}
			if (have_filters) {
				static char e[] = "fd != 99";

				for (nr = 0; nr < 20; nr++, depth++)
					if (prctl(PR_SET_SECCOMP_FILTER, __NR_close,
						  (unsigned long)e, 0, 0))
						_exit(C_PRCTL_FILTER);
			}
			/* a cleared number (400: a hole, else ENOSYS) gets the action */
			errno = 0;
			if (syscall(400, 0, 0, 0) != -1 ||
			    errno != E_BITMAP)
				_exit(C_DENIED);
			if (syscall(__NR_getppid) != getppid())
				_exit(C_ALLOWED);
			_exit(depth > 380 ? C_OK : C_NARROW);
		}
		ASSERT_EQ(pid, waitpid(pid, &st, 0));
		ASSERT_TRUE(WIFEXITED(st));
		ASSERT_EQ(C_OK, WEXITSTATUS(st)) TH_LOG("child %lu: %s", c,
			WEXITSTATUS(st) < ARRAY_SIZE(what) ? what[WEXITSTATUS(st)] : "?");
	}
	after = slab_kb(true);
	TH_LOG("%lu chains of ~%d objects; Slab %ld kB -> %ld kB (%+ld kB, tolerance %d kB)",
	       children, 390, before, after, after - before, SLAB_TOLERANCE_KB);
	if (slab_is_a_leak_measure(_metadata)) {
		EXPECT_GE(SLAB_TOLERANCE_KB, after - before);
	}
}

TEST_HARNESS_MAIN
