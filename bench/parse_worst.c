// SPDX-License-Identifier: GPL-2.0
/*
 * parse_worst: the most work one unprivileged task can make the kernel do
 * through filter expressions, and how the memory cap bounds it.
 *
 * Run in a guest booted with -icount shift=0 (harness/runner/run -I): one virtual
 * nanosecond is one guest instruction, so the figures are instruction
 * counts and repeat exactly.  Prints one "name<TAB>value<TAB>unit" line
 * per figure.  Each case runs in its own child with no_new_privs set.
 *
 *   parse_worst       one max-length expression, every filterable syscall
 *                     with one in one call, narrowing to the cap (make
 *                     parse-worst)
 *   parse_worst -s    the expression shapes of review21 (REVIEWS R21-1):
 *                     for "__syscall_nr == N || ..." (eq_or), the same value
 *                     repeated (eq_dup) and ">=" (ge_or), each as long as
 *                     fits: one alone (NAME_one_*), every filterable syscall
 *                     with it in one call (NAME_all_*), and how many of
 *                     those fit under the cap in one call (NAME_all_fit,
 *                     by bisection).  The bisection's children whose
 *                     filters cover exit and exit_group fault after their
 *                     denied _exit() ("traps:" on the console, which
 *                     harness/runner/run reports as a splat): read tap.log.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/seccomp.h>

#ifndef PR_SET_SECCOMP_FILTER
#error "needs the series' uapi headers"
#endif

#define NBITS	512
#define EXPR_MAX 4096

static __u64 bits[NBITS / 64];

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long slab_kb(void)
{
	char line[256];
	long long kb = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Slab: %lld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/*
 * "fd == 1000 || fd == 1001 || ..." as long as fits in @len - 1 bytes;
 * -s changes the comparison (expr_op) and the step between values
 * (expr_step, 0: one value repeated)
 */
static const char *expr_op = "==";
static int expr_step = 1;

static void long_expr(char *buf, size_t len, const char *field, int base)
{
	size_t n = 0;
	int i = 0;

	buf[0] = 0;
	for (;;) {
		char term[64];
		int t = snprintf(term, sizeof(term), "%s%s %s %d",
				 i ? " || " : "", field, expr_op, base + i * expr_step);

		if (n + t >= len)
			break;
		memcpy(buf + n, term, t + 1);
		n += t;
		i++;
	}
}

static long install(struct seccomp_bitmap_filter *f, unsigned int n)
{
	struct seccomp_bitmap args = {
		.size = sizeof(args),
		.action = SECCOMP_RET_ERRNO | 1,
		.nbits = NBITS,
		.native = (unsigned long)bits,
		.filters = (unsigned long)f,
		.nfilters = n,
	};

	return syscall(__NR_seccomp, SECCOMP_SET_MODE_BITMAP, 0, &args);
}

static void report(const char *name, long long v, const char *unit)
{
	printf("%s\t%lld\t%s\n", name, v, unit);
	fflush(stdout);
}

/* One filter of the longest accepted expression: what one parse costs. */
static void one_max_expr(void)
{
	static char e[EXPR_MAX];
	struct seccomp_bitmap_filter f = { .nr = __NR_close, .expr = (unsigned long)e };
	long long t0, t1, s0, s1;
	long ret;

	long_expr(e, EXPR_MAX, "fd", 1000);
	s0 = slab_kb();
	t0 = now_ns();
	ret = install(&f, 1);
	t1 = now_ns();
	s1 = slab_kb();
	report("one_max_expr_len", strlen(e), "bytes");
	report("one_max_expr_ret", ret ? -errno : 0, "errno");
	report("one_max_expr_vns", t1 - t0, "vns");
	report("one_max_expr_slab", s1 - s0, "kB");
}

/* Can @nr take a filter at all (does it have ftrace metadata)? */
static int filterable(int nr)
{
	struct seccomp_bitmap_filter f = { .nr = nr,
					   .expr = (unsigned long)"__syscall_nr == 0" };
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		_exit(install(&f, 1) ? 1 : 0);
	}
	waitpid(pid, &st, 0);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/*
 * Every filterable syscall with the longest expression, in one call: the
 * cap stops it.  How long does the refusal take, and what is left?
 */
static struct seccomp_bitmap_filter all_f[NBITS];
static unsigned int all_n;

/* report() of the figure PREFIX + WHAT */
static void report_as(const char *prefix, const char *what, long long v,
		      const char *unit)
{
	char name[128];

	snprintf(name, sizeof(name), "%s%s", prefix, what);
	report(name, v, unit);
}

/* all_f[] with @e in one call: PREFIX filters, ret, vns and SLAB */
static void install_all(const char *e, const char *prefix, const char *slab)
{
	long long t0, t1, s0, s1;
	unsigned int i;
	long ret;

	for (i = 0; i < all_n; i++)
		all_f[i].expr = (unsigned long)e;
	s0 = slab_kb();
	t0 = now_ns();
	ret = install(all_f, all_n);
	t1 = now_ns();
	s1 = slab_kb();
	report_as(prefix, "filters", all_n, "filters");
	report_as(prefix, "ret", ret ? -errno : 0, "errno");
	report_as(prefix, "vns", t1 - t0, "vns");
	report_as(prefix, slab, s1 - s0, "kB");
}

static void all_max_exprs(void)
{
	static char e[EXPR_MAX];

	long_expr(e, EXPR_MAX, "__syscall_nr", 1000);
	install_all(e, "all_max_exprs_", "slab_after");
}

/* Narrow one filter at a time until the cap refuses. */
static void chain_to_cap(void)
{
	static char e[EXPR_MAX];
	long long t0, t1, s0, s1, worst = 0;
	int n = 0;
	long ret;

	if (install(NULL, 0)) {
		report("chain_install_errno", errno, "errno");
		return;
	}
	s0 = slab_kb();
	t0 = now_ns();
	for (;;) {
		long long a = now_ns(), b;

		snprintf(e, sizeof(e), "fd != %d", 2000 + n);
		ret = prctl(PR_SET_SECCOMP_FILTER, __NR_close, e, 0, 0);
		b = now_ns();
		if (b - a > worst)
			worst = b - a;
		if (ret)
			break;
		n++;
	}
	t1 = now_ns();
	s1 = slab_kb();
	report("chain_narrowings", n, "calls");
	report("chain_stop_errno", errno, "errno");
	report("chain_total_vns", t1 - t0, "vns");
	report("chain_worst_call_vns", worst, "vns");
	report("chain_slab", s1 - s0, "kB");
}

/* -s: the shape's name and "_", the prefix of its figures */
static char shape[32];

/* -s: one expression of the shape alone */
static void shape_one(void)
{
	static char e[EXPR_MAX];
	struct seccomp_bitmap_filter f = { .nr = __NR_close, .expr = (unsigned long)e };
	long long t0, t1;
	long ret;

	long_expr(e, EXPR_MAX, "__syscall_nr", 1000);
	t0 = now_ns();
	ret = install(&f, 1);
	t1 = now_ns();
	report_as(shape, "one_ret", ret ? -errno : 0, "errno");
	report_as(shape, "one_vns", t1 - t0, "vns");
}

/* -s: every filterable syscall with it in one call; how many fit */
static void shape_all(void)
{
	static char e[EXPR_MAX];
	char prefix[64];
	unsigned int lo, hi;

	long_expr(e, EXPR_MAX, "__syscall_nr", 1000);
	snprintf(prefix, sizeof(prefix), "%sall_", shape);
	install_all(e, prefix, "slab");
	/* the largest number of them one call keeps under the cap */
	lo = 0;
	hi = all_n;
	while (lo < hi) {
		unsigned int mid = (lo + hi + 1) / 2;
		pid_t pid = fork();
		int st;

		if (pid == 0)
			_exit(install(all_f, mid) ? 1 : 0);
		waitpid(pid, &st, 0);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			lo = mid;
		else
			hi = mid - 1;
	}
	report_as(shape, "all_fit", lo, "filters");
}

static void in_child(void (*fn)(void))
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			_exit(1);
		fn();
		_exit(0);
	}
	waitpid(pid, &st, 0);
}

int main(int argc, char **argv)
{
	long long s0 = slab_kb();

	memset(bits, 0xff, sizeof(bits));
	for (int nr = 0; nr < NBITS; nr++)
		if (filterable(nr))
			all_f[all_n++].nr = nr;
	if (argc > 1 && !strcmp(argv[1], "-s")) {
		static const struct { const char *name, *op; int step; } shapes[] = {
			{ "eq_or", "==", 1 },	/* folds into a set */
			{ "eq_dup", "==", 0 },	/* folds to one value */
			{ "ge_or", ">=", 1 },	/* does not fold */
		};

		for (unsigned int i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
			snprintf(shape, sizeof(shape), "%s_", shapes[i].name);
			expr_op = shapes[i].op;
			expr_step = shapes[i].step;
			in_child(shape_one);
			in_child(shape_all);
		}
		return 0;
	}
	in_child(one_max_expr);
	in_child(all_max_exprs);
	in_child(chain_to_cap);
	report("slab_after_all_exited", slab_kb() - s0, "kB");
	return 0;
}
