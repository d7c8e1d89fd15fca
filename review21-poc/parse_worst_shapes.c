// SPDX-License-Identifier: GPL-2.0
/*
 * parse_worst: the most work one unprivileged task can make the kernel do
 * through filter expressions, and how the memory cap bounds it.
 *
 * Run in a guest booted with -icount shift=0 (qemu/run -I): one virtual
 * nanosecond is one guest instruction, so the figures are instruction
 * counts and repeat exactly.  Prints one "name<TAB>value<TAB>unit" line
 * per figure.  Each case runs in its own child with no_new_privs set.
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

/* "fd == 1000 || fd == 1001 || ..." as long as fits in @len - 1 bytes */
static const char *OP = "==", *JOIN = " || "; static int STEP = 1;
static void long_expr(char *buf, size_t len, const char *field, int base)
{
	size_t n = 0;
	int i = 0;

	buf[0] = 0;
	for (;;) {
		char term[64];
		int t = snprintf(term, sizeof(term), "%s%s %s %d",
				 i ? JOIN : "", field, OP, base + i * STEP);

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
static struct seccomp_bitmap_filter all_f[NBITS];
static unsigned int all_n;
static const char *NAME;

static void one(void)
{
	static char e[EXPR_MAX];
	struct seccomp_bitmap_filter f = { .nr = __NR_close, .expr = (unsigned long)e };
	long long t0, t1; long ret;
	char n[128];

	long_expr(e, EXPR_MAX, "__syscall_nr", 1000);
	t0 = now_ns(); ret = install(&f, 1); t1 = now_ns();
	snprintf(n, sizeof(n), "%s_one_ret", NAME); report(n, ret ? -errno : 0, "errno");
	snprintf(n, sizeof(n), "%s_one_vns", NAME); report(n, t1 - t0, "vns");
}

static void all(void)
{
	static char e[EXPR_MAX];
	long long t0, t1, s0, s1; unsigned int i, lo, hi; long ret;
	char n[128];

	long_expr(e, EXPR_MAX, "__syscall_nr", 1000);
	for (i = 0; i < all_n; i++)
		all_f[i].expr = (unsigned long)e;
	s0 = slab_kb(); t0 = now_ns(); ret = install(all_f, all_n); t1 = now_ns(); s1 = slab_kb();
	snprintf(n, sizeof(n), "%s_all_filters", NAME); report(n, all_n, "filters");
	snprintf(n, sizeof(n), "%s_all_ret", NAME); report(n, ret ? -errno : 0, "errno");
	snprintf(n, sizeof(n), "%s_all_vns", NAME); report(n, t1 - t0, "vns");
	snprintf(n, sizeof(n), "%s_all_slab", NAME); report(n, s1 - s0, "kB");
	/* how many of them fit under the cap: the largest n accepted */
	lo = 0; hi = all_n;
	while (lo < hi) {
		unsigned int mid = (lo + hi + 1) / 2;
		pid_t pid = fork(); int st;
		if (pid == 0) { _exit(install(all_f, mid) ? 1 : 0); }
		waitpid(pid, &st, 0);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0) lo = mid; else hi = mid - 1;
	}
	snprintf(n, sizeof(n), "%s_all_fit", NAME); report(n, lo, "filters");
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

int main(void)
{
	memset(bits, 0xff, sizeof(bits));
	for (int nr = 0; nr < NBITS; nr++)
		if (filterable(nr))
			all_f[all_n++].nr = nr;
	/* foldable: "__syscall_nr == 1000 || __syscall_nr == 1001 || ..." */
	NAME = "eq_or"; OP = "=="; JOIN = " || "; STEP = 1; in_child(one); in_child(all);
	/* foldable to one value: "__syscall_nr == 1000 || ... == 1000" */
	NAME = "eq_dup"; STEP = 0; in_child(one); in_child(all);
	/* not foldable, same shape: "__syscall_nr >= 1000 || __syscall_nr >= 1001 ..." */
	NAME = "ge_or"; OP = ">="; STEP = 1; in_child(one); in_child(all);
	return 0;
}
