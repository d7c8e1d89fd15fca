// SPDX-License-Identifier: GPL-2.0
/*
 * Independent review 612b (2026-12-05) of series/6.12 patches 20-24 (set
 * predicates, the predicate cache and its union, the perfect hash,
 * one-predicate filters, filter by rank) and of review21's fixes, from a
 * confined task's side.  Every test asserts the behaviour
 * Documentation/userspace-api/seccomp_bitmap.rst documents.
 *
 *  - dup_nr_splice (R612b-1): two filters[] entries for one syscall in
 *    one seccomp() call are ANDed as the text "(first) && (second)",
 *    and only that text is parsed: a second expression that does not
 *    parse on its own ("pid == 0) || (pid != 0") is taken, and the
 *    result is not the AND of the two but "first && pid == 0 || pid !=
 *    0", true for every pid.  The contract: EINVAL for a filter that
 *    does not parse; the same number twice in one call is ANDed.
 *  - dup_nr_splice_third: the same with a third entry, spliced into the
 *    combination of the first two.
 *  - splice_alone_refused, splice_prctl_refused: the same expression as
 *    the only filter, or through PR_SET_SECCOMP_FILTER, is EINVAL (held).
 *  - splice_no_wider_than_installed: a spliced pair in a second call
 *    never widens the filter an earlier call installed (held: the
 *    narrowing parenthesises the whole parsed combination).
 *  - set_signed_int, set_u16_mode: sets folded into the search and the
 *    perfect hash, on a signed 32-bit argument (negative members, high
 *    register bits the implementation ignores) and on a 16-bit umode_t
 *    (held).
 *  - one_pred_shapes: one-predicate programs with "!" and "!=" and sets
 *    behind "!" (held).
 *  - narrow_adjacent_sets: a set narrowed by a set on the same field,
 *    then by a "!=" chain: two chains back to back stay two (held).
 *
 * x86-64 only.
 */
#include "bitmap_util.h"

#include <sys/syscall.h>

#if BITMAP_X86_64

static void __attribute__((constructor)) probe(void)
{
	probe_filter_support(SECCOMP_RET_ERRNO | E_BITMAP, __NR_getpgid,
			     "pid == 0");
}

/* getpgid() with a whole register: the kernel uses its low 32 bits */
static long getpgid_raw(unsigned long v)
{
	return raw_syscall6(__NR_getpgid, v, 0, 0, 0, 0, 0);
}

/* Is the call's result the bitmap's denial? */
static bool denied(long r)
{
	return r == -E_BITMAP;
}

/* a pid no process has in the test's pid namespace: ESRCH when it runs */
#define NOPID	0x3ffff0L

TEST(dup_nr_splice)
{
	struct seccomp_bitmap_filter f[2];
	pid_t pid;

	REQUIRE_FILTERS();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		fset(&f[0], __NR_getpgid, "pid == 0");
		/* does not parse alone: one ')' too many, one '(' too few */
		fset(&f[1], __NR_getpgid, "pid == 0) || (pid != 0");
		errno = 0;
		EXPECT_EQ(-1, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					      f, 2));
		EXPECT_EQ(EINVAL, errno);
		if (errno == 0) {
			char buf[256];
			long n;

			n = prctl(PR_GET_SECCOMP_FILTER, __NR_getpgid,
				  (unsigned long)buf, sizeof(buf), 0);
			TH_LOG("taken; effective expression (%ld): \"%s\"",
			       n, n > 0 ? buf : "");
			/* an AND of "pid == 0" with anything allows no other pid */
			EXPECT_TRUE(denied(getpgid_raw(NOPID))) {
				TH_LOG("getpgid(%#lx) ran under \"pid == 0\" AND ...: %ld",
				       NOPID, getpgid_raw(NOPID));
			}
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(dup_nr_splice_third)
{
	struct seccomp_bitmap_filter f[3];
	pid_t pid;

	REQUIRE_FILTERS();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		fset(&f[0], __NR_getpgid, "pid == 0");
		fset(&f[1], __NR_getpgid, "pid >= 0");
		fset(&f[2], __NR_getpgid, "pid == 1) || (pid >= 2");
		errno = 0;
		EXPECT_EQ(-1, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					      f, 3));
		EXPECT_EQ(EINVAL, errno);
		if (errno == 0)
			EXPECT_TRUE(denied(getpgid_raw(NOPID)));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(splice_alone_refused)
{
	struct seccomp_bitmap_filter f;
	pid_t pid;

	REQUIRE_FILTERS();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		fset(&f, __NR_getpgid, "pid == 0) || (pid != 0");
		errno = 0;
		EXPECT_EQ(-1, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					      &f, 1));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(0, prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(splice_prctl_refused)
{
	struct seccomp_bitmap_filter f;
	pid_t pid;

	REQUIRE_FILTERS();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		fset(&f, __NR_getpgid, "pid == 0");
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					     &f, 1));
		EXPECT_EQ(-1, set_filter(__NR_getpgid,
					 "pid == 0) || (pid != 0"));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_TRUE(denied(getpgid_raw(NOPID)));
		EXPECT_EQ(getpgid(0), getpgid_raw(0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(splice_no_wider_than_installed)
{
	struct seccomp_bitmap_filter f[2];
	pid_t pid;
	long r;

	REQUIRE_FILTERS();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		fset(&f[0], __NR_getpgid, "pid == 0");
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					     f, 1));
		fset(&f[0], __NR_getpgid, "pid == 0");
		fset(&f[1], __NR_getpgid, "pid == 0) || (pid != 0");
		errno = 0;
		r = install_filters(SECCOMP_RET_ERRNO | E_BITMAP, f, 2);
		/* EINVAL is the contract; taken or not, nothing widens */
		TH_LOG("second call: %ld, errno %d", r, errno);
		EXPECT_TRUE(denied(getpgid_raw(NOPID)));
		EXPECT_TRUE(denied(getpgid_raw(1)));
		EXPECT_EQ(getpgid(0), getpgid_raw(0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* Install "@nr: @expr"; then each call of @vals runs or is denied */
struct probe_case {
	unsigned long v;
	bool runs;
};

static void run_cases(struct __test_metadata *_metadata, int nr,
		      const char *expr, const struct probe_case *c, int n,
		      unsigned long a0)
{
	struct seccomp_bitmap_filter f;
	pid_t pid;
	int i;

	pid = child_fork(_metadata, true);
	if (pid == 0) {
		fset(&f, nr, expr);
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					     &f, 1));
		for (i = 0; i < n; i++) {
			long r = nr == __NR_fchmod ?
				raw_syscall6(nr, a0, c[i].v, 0, 0, 0, 0) :
				raw_syscall6(nr, c[i].v, 0, 0, 0, 0, 0);

			EXPECT_EQ(!c[i].runs, denied(r)) {
				TH_LOG("\"%s\": arg %#lx gave %ld, expected %s",
				       expr, c[i].v, r,
				       c[i].runs ? "to run" : "the denial");
			}
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

#define NCASES(c) ((int)(sizeof(c) / sizeof((c)[0])))

TEST(set_signed_int)
{
	/* pid_t: the kernel uses the low 32 bits, signed */
	static const struct probe_case c[] = {
		{ 0xffffffffUL, true },			/* -1 in the int */
		{ 0xffffffffffffffffUL, true },		/* -1 */
		{ 0xdeadbeeffffffffeUL, true },		/* -2, high garbage */
		{ 0xfffffffdUL, true },			/* -3 */
		{ 0x100000000UL | NOPID, true },	/* NOPID in the int */
		{ NOPID, true },
		{ 0xfffffffcUL, false },		/* -4 */
		{ 0x7fffffffUL, false },
		{ 0x80000000UL, false },
		{ NOPID + 1, false },
		{ 0x100000000UL, false },		/* 0 in the int */
	};
	/* 4 values: hashed; the same with 17 distinct values: searched */
	static char big[1024];
	static const struct probe_case cb[] = {
		{ 0xffffffffUL, true }, { 0xffffffef0UL, false },
		{ 0xfffffff0UL, true }, { 0xffffffefUL, false },
		{ 0x80000000UL, true }, { 0x80000001UL, false },
		{ 0x7fffffffUL, true }, { 0x7ffffffeUL, false },
		{ NOPID, true }, { NOPID + 1, false },
		{ 0x1000000000UL | NOPID, true },
	};
	int i, len;

	REQUIRE_FILTERS();
	run_cases(_metadata, __NR_getpgid,
		  "pid == -1 || pid == -2 || pid == -3 || pid == 4194288",
		  c, NCASES(c), 0);
	run_cases(_metadata, __NR_getpgid,
		  "!(pid != -1 && pid != 4194288 && pid != -2 && pid != -3)",
		  c, NCASES(c), 0);
	len = snprintf(big, sizeof(big), "pid == %ld", NOPID);
	for (i = 1; i <= 16; i++)
		len += snprintf(big + len, sizeof(big) - len,
				" || pid == %d", -i);
	len += snprintf(big + len, sizeof(big) - len,
			" || pid == -2147483648 || pid == 2147483647 || pid == -1");
	ASSERT_LT(len, (int)sizeof(big));
	run_cases(_metadata, __NR_getpgid, big, cb, NCASES(cb), 0);
}

TEST(set_u16_mode)
{
	/* fchmod(bad fd, umode_t mode): EBADF when it runs */
	static const struct probe_case c[] = {
		{ 0x1ff, true }, { 0x1a4, true }, { 0x180, true },
		{ 0xffff, true }, { 0, true },
		{ 0xdead01ffUL, true },			/* the u16 is 0x1ff */
		{ 0xffffffff0000ffffUL, true },
		{ 0x1fe, false }, { 0x1a5, false }, { 0xfffe, false },
		{ 0x10000000001ffUL & ~0x1ffUL, true },	/* u16 is 0 */
		{ 0x10001UL, false },
	};

	REQUIRE_FILTERS();
	run_cases(_metadata, __NR_fchmod,
		  "mode == 0x1ff || mode == 0x1a4 || mode == 0x180 || mode == 0xffff || mode == 0 || mode == 0x1a4",
		  c, NCASES(c), 0x7ffff0);
	run_cases(_metadata, __NR_fchmod,
		  "fd == 0x7ffff0 && !(mode != 0x1ff && mode != 0x1a4 && (mode != 0x180) && mode != 0xffff && mode != 0)",
		  c, NCASES(c), 0x7ffff0);
}

TEST(one_pred_shapes)
{
	static const struct probe_case c_ne[] = {
		{ NOPID, false }, { NOPID + 1, true }, { 0x100000000UL | NOPID, false },
	};
	static const struct probe_case c_in[] = {
		{ NOPID, true }, { NOPID + 1, true }, { NOPID + 2, false },
		{ 0xffffffffUL, false },
	};
	static const struct probe_case c_notin[] = {
		{ NOPID, false }, { NOPID + 1, false }, { NOPID + 2, true },
		{ 0xffffffffUL, true },
	};

	REQUIRE_FILTERS();
	run_cases(_metadata, __NR_getpgid, "pid != 4194288", c_ne, NCASES(c_ne), 0);
	run_cases(_metadata, __NR_getpgid, "!(pid == 4194288)", c_ne, NCASES(c_ne), 0);
	run_cases(_metadata, __NR_getpgid, "!!(pid != 4194288)", c_ne, NCASES(c_ne), 0);
	run_cases(_metadata, __NR_getpgid, "((pid == 4194288) || (pid == 4194289))",
		  c_in, NCASES(c_in), 0);
	run_cases(_metadata, __NR_getpgid, "pid == 4194289 || pid == 4194288 || pid == 4194289",
		  c_in, NCASES(c_in), 0);
	run_cases(_metadata, __NR_getpgid, "!(pid == 4194288 || pid == 4194289)",
		  c_notin, NCASES(c_notin), 0);
	run_cases(_metadata, __NR_getpgid, "pid != 4194289 && !(pid == 4194288)",
		  c_notin, NCASES(c_notin), 0);
}

/*
 * Narrowing a set with a set on the same field: "(a || b) && (b || c)"
 * holds two chains back to back, which must stay two sets.
 */
TEST(narrow_adjacent_sets)
{
	struct seccomp_bitmap_filter f;
	pid_t pid;

	REQUIRE_FILTERS();
	pid = child_fork(_metadata, true);
	if (pid == 0) {
		fset(&f, __NR_getpgid, "pid == 4194288 || pid == 4194289");
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					     &f, 1));
		ASSERT_EQ(0, set_filter(__NR_getpgid,
					"pid == 4194289 || pid == 4194290"));
		EXPECT_TRUE(denied(getpgid_raw(NOPID)));
		EXPECT_FALSE(denied(getpgid_raw(NOPID + 1)));
		EXPECT_TRUE(denied(getpgid_raw(NOPID + 2)));
		fset(&f, __NR_getpgid, "pid != 4194289 && pid != 4194290");
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					     &f, 1));
		EXPECT_TRUE(denied(getpgid_raw(NOPID)));
		EXPECT_TRUE(denied(getpgid_raw(NOPID + 1)));
		EXPECT_TRUE(denied(getpgid_raw(NOPID + 2)));
		EXPECT_TRUE(denied(getpgid_raw(0)));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST_HARNESS_MAIN

#else
BITMAP_X86_ONLY_MAIN("the review's cases use x86-64 syscall numbers")
#endif
