// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for the per-syscall filter expressions of seccomp bitmap mode
 * (CONFIG_SECCOMP_BITMAP_FILTER): an allowed native syscall may carry an
 * ftrace event filter over the fields of its syscalls:sys_enter_* event;
 * it runs only if the expression is true, and otherwise gets the bitmap's
 * action as a clear bit would.  Filters come in struct seccomp_bitmap's
 * filters[] or through prctl(PR_SET_SECCOMP_FILTER), are read back with
 * prctl(PR_GET_SECCOMP_FILTER) and /proc/<pid>/seccomp_bitmap, are only
 * ever narrowed ("(old) && (new)"), shared across fork and kept across
 * execve.
 *
 * As in seccomp_bitmap_test.c, every confining test confines a child it
 * forked itself and checks how that child ended; inside such a child the
 * harness's EXPECT_*() still work (stderr, fd 2, stays writable) and the
 * child ends with CHILD_EXIT().
 *
 * Errnos: a denial by the bitmap's ERRNO action returns E_BITMAP
 * (ENOMSG), which none of the syscalls probed here returns by itself, so
 * "denied" and "ran" are told apart exactly.
 *
 * On a kernel without CONFIG_SECCOMP_BITMAP the whole program is skipped;
 * without CONFIG_SECCOMP_BITMAP_FILTER (a valid filter refused with
 * EOPNOTSUPP) every test but filter_support_probe is skipped, and that one
 * checks the EOPNOTSUPP refusals.
 */

#include "bitmap_util.h"

#include <pthread.h>
#include <sys/capability.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <termios.h>

#include "bitmap_confine_doc.h"

/* the policy lines of Documentation/userspace-api/seccomp_bitmap.rst */
#define READ_EXPR	"fd == 0"
#define WRITE_EXPR	"fd == 1 || fd == 2"
#define IOCTL_EXPR	"cmd == 0x5401 || cmd == 0x541b"

#define NR_AFS_SYSCALL	183	/* sys_ni_syscall: no ftrace metadata */

#define PAGE	4096

/* ---- installing and reading filters -------------------------------------- */

static long install(__u32 action, const __u64 *w,
		    const struct seccomp_bitmap_filter *f, __u32 nf)
{
	struct seccomp_bitmap sb = {
		.size = sizeof(sb),
		.action = action,
		.nbits = BM_BITS,
		.native = (uintptr_t)w,
		.filters = (uintptr_t)f,
		.nfilters = nf,
	};

	return sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb);
}

/* Every native syscall allowed except @deny (-1: none), with filters. */
static long install_all_but(__u32 action, int deny,
			    const struct seccomp_bitmap_filter *f, __u32 nf)
{
	__u64 w[BM_WORDS];

	bm_fill(w, BM_WORDS, true);
	if (deny >= 0)
		bm_clear(w, deny);
	return install(action, w, f, nf);
}

/* One filter, everything else allowed. */
static long install_one(__u32 action, __u32 nr, const char *expr)
{
	struct seccomp_bitmap_filter f;

	fset(&f, nr, expr);
	return install_all_but(action, -1, &f, 1);
}

static long get_filter(unsigned long nr, char *buf, unsigned long len)
{
	errno = 0;
	return prctl(PR_GET_SECCOMP_FILTER, nr, (unsigned long)buf, len, 0UL);
}

/* The filter string of @nr ("" with the errno name if there is none). */
static const char *filter_of(unsigned long nr, char *buf, size_t size)
{
	long n = get_filter(nr, buf, size);

	if (n < 0)
		snprintf(buf, size, "<errno %d>", errno);
	return buf;
}

#define EXPECT_FILTER(nr, want) do {					\
	char __b[PAGE];							\
	EXPECT_STREQ(want, filter_of(nr, __b, sizeof(__b)));		\
	EXPECT_EQ((long)strlen(want) + 1,				\
		  get_filter(nr, NULL, 0));				\
} while (0)

#define EXPECT_NO_FILTER(nr) do {					\
	char __b[64];							\
	EXPECT_EQ(-1, get_filter(nr, __b, sizeof(__b)));		\
	EXPECT_EQ(ENOENT, errno);					\
} while (0)

/* syscall() that returns -errno instead of -1 */
static long sc(long nr, long a0, long a1, long a2)
{
	long r;

	errno = 0;
	r = syscall(nr, a0, a1, a2);
	return r == -1 ? -errno : r;
}

/* A pipe; @fds[0] read end, @fds[1] write end. */
static void make_pipe(struct __test_metadata *_metadata, int fds[2])
{
	ASSERT_EQ(0, pipe(fds));
}

static int pipe_bytes(int fd)
{
	int n = -1;

	if (ioctl(fd, FIONREAD, &n))
		return -errno;
	return n;
}

/* ========================================================================== */
/* Support                                                                    */
/* ========================================================================== */

/*
 * A valid filter installs with filter support; without it every entry
 * point refuses filters with EOPNOTSUPP and changes nothing, while plain
 * bitmaps still work.  Passes on both kinds of kernel.
 */
TEST(filter_support_probe)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		char buf[64];
		int p[2];

		child_prep(_metadata, true);
		make_pipe(_metadata, p);
		if (filter_support) {
			ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
						 __NR_write, WRITE_EXPR));
			EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
			EXPECT_FILTER(__NR_write, WRITE_EXPR);
			CHILD_EXIT();
		}
		EXPECT_EQ(-1, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					  __NR_write, WRITE_EXPR));
		EXPECT_EQ(EOPNOTSUPP, errno);
		EXPECT_EQ(0, get_mode());
		/* a plain bitmap still installs */
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
					     __NR_getppid, NULL, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_getppid, 0, 0, 0));
		EXPECT_EQ(-1, set_filter(__NR_write, WRITE_EXPR));
		EXPECT_EQ(EOPNOTSUPP, errno);
		EXPECT_EQ(-1, get_filter(__NR_write, buf, sizeof(buf)));
		EXPECT_EQ(EOPNOTSUPP, errno);
		EXPECT_EQ(-1, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					  __NR_write, WRITE_EXPR));
		EXPECT_EQ(EOPNOTSUPP, errno);
		/* nothing changed: getppid denied, write unconditional */
		EXPECT_EQ(-E_BITMAP, sc(__NR_getppid, 0, 0, 0));
		EXPECT_EQ(1, write(p[1], "x", 1));
		EXPECT_EQ(1, pipe_bytes(p[0]));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* The kernel log names a parse error and its position                        */
/* ========================================================================== */

TEST(parse_error_is_logged_with_its_position)
{
	char want0[128], found[1024];
	const char *want[] = { "seccomp: ", want0 };
	int attempt, kmsg, got = 0;

	REQUIRE_FILTERS();
	ASSERT_EQ(0, geteuid());
	/*
	 * The message is rate-limited (pr_info_ratelimited: 10 per 5 s);
	 * should earlier refusals have used up the burst, try again once
	 * the interval is over.
	 */
	for (attempt = 0; attempt < 2 && !got; attempt++) {
		pid_t pid;

		if (attempt)
			usleep(5500 * 1000);
		kmsg = kmsg_open_end();
		ASSERT_LE(0, kmsg);
		pid = fork();
		ASSERT_LE(0, pid);
		if (pid == 0) {
			child_prep(_metadata, true);
			EXPECT_EQ(-1, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
						  __NR_write,
						  "fd == 1 && bogus == 2"));
			EXPECT_EQ(EINVAL, errno);
			EXPECT_EQ(0, get_mode());
			CHILD_EXIT();
		}
		/* 0-based, "bogus" is at 11..15; the engine reports 17 */
		snprintf(want0, sizeof(want0),
			 "[%d]: filter for syscall %d does not parse: Field not found at position 17\n",
			 pid, __NR_write);
		EXPECT_EXITED(wait_status(pid), 0);
		got = kmsg_scan(kmsg, want, ARRAY_SIZE(want), found,
				sizeof(found), 2000);
		close(kmsg);
	}
	EXPECT_EQ(1, got);
}

/* ========================================================================== */
/* The documented policy lines, enforced exactly                              */
/* ========================================================================== */

/*
 * read "fd == 0", write "fd == 1 || fd == 2", ioctl "cmd == 0x5401 ||
 * cmd == 0x541b", everything else allowed; through filters[] at once or
 * one PR_SET_SECCOMP_FILTER at a time on top of a plain bitmap.
 */
static long install_policy(__u32 action, bool use_prctl)
{
	struct seccomp_bitmap_filter f[3];
	long ret;

	if (use_prctl) {
		ret = install_all_but(action, -1, NULL, 0);
		if (!ret)
			ret = set_filter(__NR_read, READ_EXPR);
		if (!ret)
			ret = set_filter(__NR_write, WRITE_EXPR);
		if (!ret)
			ret = set_filter(__NR_ioctl, IOCTL_EXPR);
		return ret;
	}
	fset(&f[0], __NR_read, READ_EXPR);
	fset(&f[1], __NR_write, WRITE_EXPR);
	fset(&f[2], __NR_ioctl, IOCTL_EXPR);
	return install_all_but(action, -1, f, 3);
}

FIXTURE(policy) {
	int in[2];	/* becomes the child's stdin, holding "abc" */
	int out[2];	/* the child's stdout */
	int spare[2];	/* a pipe at fds >= 3, holding "zz" */
};

FIXTURE_VARIANT(policy) {
	bool use_prctl;
};

FIXTURE_VARIANT_ADD(policy, filters_array) {
	.use_prctl = false,
};

FIXTURE_VARIANT_ADD(policy, prctl_set_filter) {
	.use_prctl = true,
};

FIXTURE_SETUP(policy)
{
	make_pipe(_metadata, self->in);
	make_pipe(_metadata, self->out);
	make_pipe(_metadata, self->spare);
	ASSERT_EQ(3, write(self->in[1], "abc", 3));
	ASSERT_EQ(2, write(self->spare[1], "zz", 2));
	ASSERT_LE(3, self->spare[0]);
	ASSERT_LE(3, self->spare[1]);
}

FIXTURE_TEARDOWN(policy)
{
}

/* In the child: stdin from self->in, stdout to self->out. */
static void policy_stdio(struct __test_metadata *_metadata,
			 FIXTURE_DATA(policy) *self)
{
	ASSERT_EQ(0, dup2(self->in[0], 0));
	ASSERT_EQ(1, dup2(self->out[1], 1));
	close(self->in[1]);
	close(self->out[0]);
}

TEST_F(policy, errno_action_allowed_values_pass_neighbours_denied)
{
	char out[64];
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct termios t;
		char c = 0;
		int n = -1;

		child_prep(_metadata, true);
		policy_stdio(_metadata, self);
		ASSERT_EQ(0, install_policy(SECCOMP_RET_ERRNO | E_BITMAP,
					    variant->use_prctl));
		EXPECT_FILTER(__NR_read, READ_EXPR);
		EXPECT_FILTER(__NR_write, WRITE_EXPR);
		EXPECT_FILTER(__NR_ioctl, IOCTL_EXPR);

		/* read: fd 0 only */
		EXPECT_EQ(1, sc(__NR_read, 0, (long)&c, 1));
		EXPECT_EQ('a', c);
		EXPECT_EQ(-E_BITMAP, sc(__NR_read, self->spare[0], (long)&c, 1));
		EXPECT_EQ(-E_BITMAP, sc(__NR_read, 1, (long)&c, 1));
		/* the 32-bit fd ignores the register's upper half: fd 0 */
		EXPECT_EQ(1, sc(__NR_read, 0x100000000L, (long)&c, 1));
		EXPECT_EQ('b', c);

		/* write: fd 1 and 2 only */
		EXPECT_EQ(1, sc(__NR_write, 1, (long)"o", 1));
		EXPECT_EQ(0, sc(__NR_write, 2, (long)"", 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, 3, (long)"x", 1));
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, 0, (long)"x", 1));
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, self->spare[1], (long)"x", 1));
		/* write(0x100000001, ...) writes to fd 1, and is fd 1 */
		EXPECT_EQ(1, sc(__NR_write, 0x100000001L, (long)"p", 1));
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, (1L << 32) | self->spare[1],
					(long)"y", 1));

		/* ioctl: TCGETS and FIONREAD only, on any fd */
		EXPECT_EQ(-ENOTTY, sc(__NR_ioctl, 0, TCGETS, (long)&t));
		EXPECT_EQ(0, sc(__NR_ioctl, 0, FIONREAD, (long)&n));
		EXPECT_EQ(1, n);	/* "c" is left */
		EXPECT_EQ(0, sc(__NR_ioctl, self->spare[0], FIONREAD, (long)&n));
		EXPECT_EQ(2, n);	/* denied read and writes moved nothing */
		EXPECT_EQ(-E_BITMAP, sc(__NR_ioctl, 0, TCSETS, (long)&t));
		EXPECT_EQ(-E_BITMAP, sc(__NR_ioctl, 0, 0x541a, (long)&n));
		EXPECT_EQ(-E_BITMAP, sc(__NR_ioctl, 0, 0x541c, (long)&n));
		/* cmd is an unsigned int: the upper half is ignored */
		EXPECT_EQ(-ENOTTY, sc(__NR_ioctl, 0, 0x100005401L, (long)&t));
		EXPECT_EQ(-E_BITMAP, sc(__NR_ioctl, 0, 0x100005402L, (long)&t));

		/* unfiltered syscalls are untouched */
		EXPECT_EQ(getpid(), sc(__NR_getpid, 0, 0, 0));
		CHILD_EXIT();
	}
	close(self->out[1]);
	EXPECT_EXITED(wait_status(pid), 0);
	EXPECT_EQ(2, read_all(self->out[0], out, sizeof(out)));
	EXPECT_STREQ("op", out);
	EXPECT_EQ(2, pipe_bytes(self->spare[0]));
}

/* each denied call of the policy kills the process by SIGSYS */
TEST_F(policy, kill_process_action_neighbour_values_kill)
{
	static const char *const what[] = { "read", "write", "ioctl" };
	char out[64];
	int i;

	REQUIRE_FILTERS();
	for (i = 0; i < 3; i++) {
		int o[2], st;
		pid_t pid;

		make_pipe(_metadata, o);
		pid = fork();
		ASSERT_LE(0, pid);
		if (pid == 0) {
			struct termios t;
			char c;
			int n;

			child_prep(_metadata, true);
			ASSERT_EQ(0, dup2(self->in[0], 0));
			ASSERT_EQ(1, dup2(o[1], 1));
			ASSERT_EQ(0, install_policy(SECCOMP_RET_KILL_PROCESS,
						    variant->use_prctl));
			/* the allowed values run */
			if (sc(__NR_read, 0, (long)&c, 1) != 1 ||
			    sc(__NR_ioctl, 0, FIONREAD, (long)&n) != 0 ||
			    sc(__NR_ioctl, 0, TCGETS, (long)&t) != -ENOTTY ||
			    sc(__NR_write, 1, (long)"ok", 2) != 2)
				_exit(70);
			switch (i) {
			case 0:
				sc(__NR_read, self->spare[0], (long)&c, 1);
				break;
			case 1:
				sc(__NR_write, self->spare[1], (long)"x", 1);
				break;
			case 2:
				sc(__NR_ioctl, 0, TCSETS, (long)&t);
				break;
			}
			_exit(77);	/* not reached */
		}
		close(o[1]);
		st = wait_status(pid);
		if (!WIFSIGNALED(st))
			TH_LOG("denied %s did not kill", what[i]);
		EXPECT_KILLED_BY(st, SIGSYS);
		EXPECT_EQ(2, read_all(o[0], out, sizeof(out)));
		EXPECT_STREQ("ok", out);
		close(o[0]);
	}
	/* nothing was read from or written to the spare pipe */
	EXPECT_EQ(2, pipe_bytes(self->spare[0]));
}

/* ========================================================================== */
/* The expression language: operators, constants, field sizes and signs      */
/* ========================================================================== */

/*
 * Each variant filters one harmless syscall whose probed argument is the
 * filtered field, and calls it with raw 64-bit register values.  A call
 * the filter lets through fails by itself with @ran_errno (no such pid, a
 * closed fd); a denied one returns E_BITMAP.
 *
 *   getpgid(pid_t pid)                      int: 32 bits, signed
 *   listen(int fd, int backlog)             int: 32 bits, signed
 *   dup(unsigned int fildes)                32 bits, unsigned
 *   lseek(999, off_t offset, 0)             long: 64 bits, signed
 *   write(999, "x", size_t count)           64 bits, unsigned
 */
enum probe_call { P_GETPGID, P_LISTEN, P_DUP, P_LSEEK, P_WRITE_COUNT };

struct probe {
	long val;
	bool allowed;
};

#define MAX_PROBES 8

FIXTURE(expr) {
};

FIXTURE_VARIANT(expr) {
	enum probe_call call;
	const char *expr;
	struct probe probes[MAX_PROBES];
};

#define A(v) { .val = (long)(v), .allowed = true }
#define D(v) { .val = (long)(v), .allowed = false }
/* list terminator: val 0 is probed by no variant */
#define END { .val = 0 }

FIXTURE_VARIANT_ADD(expr, eq) {
	.call = P_GETPGID, .expr = "pid == 1000000",
	.probes = { A(1000000), D(999999), D(1000001), D(-1000000), END },
};
FIXTURE_VARIANT_ADD(expr, ne) {
	.call = P_GETPGID, .expr = "pid != 1000000",
	.probes = { D(1000000), A(999999), A(1000001), A(-1000000), END },
};
FIXTURE_VARIANT_ADD(expr, lt_signed) {
	.call = P_GETPGID, .expr = "pid < 1000000",
	.probes = { A(999999), D(1000000), D(1000001), A(-5), A(INT_MIN), END },
};
FIXTURE_VARIANT_ADD(expr, le) {
	.call = P_GETPGID, .expr = "pid <= 1000000",
	.probes = { A(999999), A(1000000), D(1000001), A(-5), END },
};
FIXTURE_VARIANT_ADD(expr, gt) {
	.call = P_GETPGID, .expr = "pid > 1000000",
	.probes = { D(999999), D(1000000), A(1000001), D(-5), A(INT_MAX), END },
};
FIXTURE_VARIANT_ADD(expr, ge) {
	.call = P_GETPGID, .expr = "pid >= 1000000",
	.probes = { D(999999), A(1000000), A(1000001), D(-5), END },
};
FIXTURE_VARIANT_ADD(expr, bit_and) {
	.call = P_GETPGID, .expr = "pid & 0x10",
	.probes = { A(0x100010), D(0x100020), A(0x1000ff), D(0x100000),
		    A(-16), D(-17), END },
};
FIXTURE_VARIANT_ADD(expr, logical_and) {
	.call = P_GETPGID, .expr = "pid > 999990 && pid < 1000010",
	.probes = { A(1000000), D(999990), D(1000010), A(999991), A(1000009),
		    D(-5), END },
};
FIXTURE_VARIANT_ADD(expr, logical_or) {
	.call = P_GETPGID, .expr = "pid == 1000000 || pid == 1000002",
	.probes = { A(1000000), D(1000001), A(1000002), D(1000003), END },
};
FIXTURE_VARIANT_ADD(expr, not) {
	.call = P_GETPGID, .expr = "!(pid == 1000000)",
	.probes = { D(1000000), A(1000001), A(999999), END },
};
FIXTURE_VARIANT_ADD(expr, not_parentheses_and_or) {
	.call = P_GETPGID,
	.expr = "!(pid > 999990 && pid < 1000010) && (pid == -3 || pid > 2000000)",
	.probes = { D(1000000), A(-3), D(-4), A(2000001), D(2000000),
		    D(999990), END },
};
FIXTURE_VARIANT_ADD(expr, and_binds_tighter_than_or) {
	/* as in C: 1000001 || (1000002 && 1000003) */
	.call = P_GETPGID,
	.expr = "pid == 1000001 || pid == 1000002 && pid == 1000003",
	.probes = { A(1000001), D(1000002), D(1000003), END },
};
FIXTURE_VARIANT_ADD(expr, parentheses_override_precedence) {
	.call = P_GETPGID,
	.expr = "(pid == 1000001 || pid == 1000002) && pid != 1000003",
	.probes = { A(1000001), A(1000002), D(1000003), END },
};
FIXTURE_VARIANT_ADD(expr, hex_constant) {
	.call = P_GETPGID, .expr = "pid == 0xf4240",	/* 1000000 */
	.probes = { A(1000000), D(1000001), D(0xf424), END },
};
FIXTURE_VARIANT_ADD(expr, negative_constant) {
	.call = P_GETPGID, .expr = "pid == -1",
	.probes = { A(-1), D(1000001), D(-2), A(0xffffffffL), A(0x1ffffffffL),
		    END },
};
FIXTURE_VARIANT_ADD(expr, negative_less_than) {
	.call = P_GETPGID, .expr = "pid < -100",
	.probes = { A(-101), D(-100), D(1000000), A(0x80000000L),
		    D(0x7fffffffL), END },
};
FIXTURE_VARIANT_ADD(expr, int_field_ignores_upper_half) {
	.call = P_GETPGID, .expr = "pid == 1000000",
	.probes = { A(0x1000f4240L), A(0xffffffff000f4240UL),
		    D(0x1000f4241L), END },
};
FIXTURE_VARIANT_ADD(expr, listen_int_fd_minus_one) {
	.call = P_LISTEN, .expr = "fd == -1",
	.probes = { A(-1), D(-2), D(1000), A(0xffffffffL), A(0x7fffffffffffffffL),
		    END },
};
FIXTURE_VARIANT_ADD(expr, listen_int_fd_negative) {
	.call = P_LISTEN, .expr = "fd < 0",
	.probes = { A(-1), A(INT_MIN), D(1000), A(0x80000000L), D(0xffffffff000003e8UL),
		    END },
};
FIXTURE_VARIANT_ADD(expr, unsigned_int_field) {
	.call = P_DUP, .expr = "fildes == 1000",
	.probes = { A(1000), A(0x1000003e8L), D(1001), D(0x3e8000003e8L + 1),
		    END },
};
FIXTURE_VARIANT_ADD(expr, unsigned_int_all_ones) {
	.call = P_DUP, .expr = "fildes == 0xffffffff",
	.probes = { A(0xffffffffL), A(-1), D(0xfffffffeL), END },
};
FIXTURE_VARIANT_ADD(expr, unsigned_int_compare_is_unsigned) {
	.call = P_DUP, .expr = "fildes > 0x7fffffff",
	.probes = { A(0x80000000L), A(-1), D(1000), D(0x17fffffffL), END },
};
FIXTURE_VARIANT_ADD(expr, long_field_64_bits_signed) {
	.call = P_LSEEK, .expr = "offset == -1",
	.probes = { A(-1), D(0xffffffffL), D(1), D(0x1ffffffffL), END },
};
FIXTURE_VARIANT_ADD(expr, long_field_negative_less_than) {
	.call = P_LSEEK, .expr = "offset < 0",
	.probes = { A(-5), A(LONG_MIN), D(0x80000000L), D(LONG_MAX), D(5),
		    END },
};
/* write's filters keep fd 2 writable, for the harness's messages */
FIXTURE_VARIANT_ADD(expr, size_t_field_64_bits) {
	.call = P_WRITE_COUNT, .expr = "fd == 2 || count == 0x100000004",
	.probes = { A(0x100000004L), D(4), D(0x200000004L), END },
};
FIXTURE_VARIANT_ADD(expr, size_t_field_unsigned_compare) {
	.call = P_WRITE_COUNT, .expr = "fd == 2 || count > 0xffffffff",
	.probes = { A(0x100000000L), A(-1), D(0xffffffffL), D(4), END },
};
FIXTURE_VARIANT_ADD(expr, two_fields) {
	.call = P_WRITE_COUNT, .expr = "fd == 2 || fd == 999 && count < 8",
	.probes = { A(7), D(8), D(-1), A(1), END },
};

FIXTURE_SETUP(expr)
{
}

FIXTURE_TEARDOWN(expr)
{
}

static const int probe_nr[] = {
	[P_GETPGID] = __NR_getpgid,
	[P_LISTEN] = __NR_listen,
	[P_DUP] = __NR_dup,
	[P_LSEEK] = __NR_lseek,
	[P_WRITE_COUNT] = __NR_write,
};

static const int probe_ran_errno[] = {
	[P_GETPGID] = ESRCH,
	[P_LISTEN] = EBADF,
	[P_DUP] = EBADF,
	[P_LSEEK] = EBADF,
	[P_WRITE_COUNT] = EBADF,
};

static long probe_call(enum probe_call call, long v)
{
	switch (call) {
	case P_GETPGID:
		return sc(__NR_getpgid, v, 0, 0);
	case P_LISTEN:
		return sc(__NR_listen, v, 0, 0);
	case P_DUP:
		return sc(__NR_dup, v, 0, 0);
	case P_LSEEK:
		return sc(__NR_lseek, 999, v, SEEK_SET);
	case P_WRITE_COUNT:
		return sc(__NR_write, 999, (long)"x", v);
	}
	return 0;
}

TEST_F(expr, evaluates_exactly)
{
	int nr = probe_nr[variant->call];
	pid_t pid;
	int i;

	REQUIRE_FILTERS();
	/* without CONFIG_NET, listen() is ENOSYS whatever its fd */
	if (variant->call == P_LISTEN && probe_call(P_LISTEN, -1) == -ENOSYS)
		SKIP(return, "listen(2) is ENOSYS (CONFIG_NET off): no fd check to compare with");
	/* unconfined, every probe fails by itself */
	for (i = 0; i < MAX_PROBES && variant->probes[i].val; i++) {
		ASSERT_EQ(-probe_ran_errno[variant->call],
			  probe_call(variant->call, variant->probes[i].val)) {
			TH_LOG("unconfined probe 0x%lx", variant->probes[i].val);
		}
	}
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP, nr,
					 variant->expr)) {
			TH_LOG("'%s': errno %d", variant->expr, errno);
		}
		EXPECT_FILTER(nr, variant->expr);
		for (i = 0; i < MAX_PROBES && variant->probes[i].val; i++) {
			const struct probe *p = &variant->probes[i];

			EXPECT_EQ(p->allowed ? -probe_ran_errno[variant->call] :
					       -E_BITMAP,
				  probe_call(variant->call, p->val)) {
				TH_LOG("'%s' with 0x%lx: expected %s",
				       variant->expr, p->val,
				       p->allowed ? "allowed" : "denied");
			}
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* PR_GET_SECCOMP_FILTER and PR_SET_SECCOMP_FILTER                            */
/* ========================================================================== */

TEST(prctl_get_filter_text_lengths_and_errors)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		const long n = strlen(WRITE_EXPR) + 1;	/* 19 */
		char buf[PAGE], sentinel[PAGE];
		void *bad = fault_page();
		struct seccomp_bitmap_filter f;

		child_prep(_metadata, true);
		ASSERT_NE(NULL, bad);
		ASSERT_EQ(19, n);
		/* no bitmap: nothing to read, but the number is checked */
		EXPECT_EQ(-1, get_filter(__NR_write, buf, sizeof(buf)));
		EXPECT_EQ(ENOENT, errno);
		EXPECT_EQ(-1, get_filter(NATIVE_NR, buf, sizeof(buf)));
		EXPECT_EQ(EINVAL, errno);

		fset(&f, __NR_write, WRITE_EXPR);
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
					     __NR_getppid, &f, 1));

		/* len 0: the length needed, including the NUL; buf unused */
		EXPECT_EQ(n, get_filter(__NR_write, NULL, 0));
		EXPECT_EQ(n, get_filter(__NR_write, bad, 0));
		/* exact size: the text and its NUL, nothing more */
		memset(buf, '#', sizeof(buf));
		EXPECT_EQ(n, get_filter(__NR_write, buf, n));
		EXPECT_EQ(0, memcmp(buf, WRITE_EXPR, n));
		EXPECT_EQ('#', buf[n]);
		/* a bigger buffer */
		memset(buf, '#', sizeof(buf));
		EXPECT_EQ(n, get_filter(__NR_write, buf, sizeof(buf)));
		EXPECT_STREQ(WRITE_EXPR, buf);
		EXPECT_EQ('#', buf[n]);
		/* one byte short: ERANGE, buffer untouched */
		memset(buf, '#', sizeof(buf));
		memset(sentinel, '#', sizeof(sentinel));
		EXPECT_EQ(-1, get_filter(__NR_write, buf, n - 1));
		EXPECT_EQ(ERANGE, errno);
		EXPECT_EQ(0, memcmp(buf, sentinel, sizeof(buf)));
		EXPECT_EQ(-1, get_filter(__NR_write, buf, 1));
		EXPECT_EQ(ERANGE, errno);
		/* unwritable buffer */
		EXPECT_EQ(-1, get_filter(__NR_write, bad, n));
		EXPECT_EQ(EFAULT, errno);
		/* allowed without a filter, cleared, last valid number */
		EXPECT_NO_FILTER(__NR_read);
		EXPECT_NO_FILTER(__NR_getppid);
		EXPECT_NO_FILTER(NATIVE_NR - 1);
		/* out of range */
		EXPECT_EQ(-1, get_filter(NATIVE_NR, buf, sizeof(buf)));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(-1, get_filter(0x100000000UL + __NR_write, buf,
					 sizeof(buf)));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(-1, get_filter(ULONG_MAX, buf, sizeof(buf)));
		EXPECT_EQ(EINVAL, errno);
		/* arg5 must be 0 */
		errno = 0;
		EXPECT_EQ(-1, prctl(PR_GET_SECCOMP_FILTER, __NR_write,
				    (unsigned long)buf, sizeof(buf), 1UL));
		EXPECT_EQ(EINVAL, errno);
		/* and the filter is still there */
		EXPECT_FILTER(__NR_write, WRITE_EXPR);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(prctl_set_filter_without_bitmap_einval)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		int p[2];

		child_prep(_metadata, true);
		make_pipe(_metadata, p);
		EXPECT_EQ(-1, set_filter(__NR_write, WRITE_EXPR));
		EXPECT_EQ(EINVAL, errno);
		/* it never creates a bitmap */
		EXPECT_EQ(0, get_mode());
		EXPECT_NO_FILTER(__NR_write);
		EXPECT_EQ(1, write(p[1], "x", 1));
		EXPECT_EQ(1, pipe_bytes(p[0]));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(prctl_set_filter_nonzero_arg4_or_arg5_einval)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		int p[2];

		child_prep(_metadata, true);
		make_pipe(_metadata, p);
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
					     __NR_getppid, NULL, 0));
		errno = 0;
		EXPECT_EQ(-1, prctl(PR_SET_SECCOMP_FILTER, __NR_write,
				    (unsigned long)"fd == 1", 1UL, 0UL));
		EXPECT_EQ(EINVAL, errno);
		errno = 0;
		EXPECT_EQ(-1, prctl(PR_SET_SECCOMP_FILTER, __NR_write,
				    (unsigned long)"fd == 1", 0UL, 1UL));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_NO_FILTER(__NR_write);
		EXPECT_EQ(1, write(p[1], "x", 1));
		EXPECT_EQ(1, pipe_bytes(p[0]));
		EXPECT_EQ(-E_BITMAP, sc(__NR_getppid, 0, 0, 0));
		/* the same call with zeros works */
		EXPECT_EQ(0, set_filter(__NR_write, "fd == 2"));
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, p[1], (long)"x", 1));
		EXPECT_EQ(1, pipe_bytes(p[0]));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* a privileged task in bitmap mode without no_new_privs needs CAP_SYS_ADMIN */
TEST(prctl_set_filter_without_nnp_or_cap_sys_admin_eacces)
{
	pid_t pid;

	REQUIRE_FILTERS();
	if (geteuid() != 0)
		SKIP(return, "needs root to enter bitmap mode without no_new_privs");
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		cap_value_t cap = CAP_SYS_ADMIN;
		cap_t caps;
		int p[2];

		child_prep(_metadata, false);
		make_pipe(_metadata, p);
		ASSERT_EQ(0, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
					     __NR_getppid, NULL, 0));
		caps = cap_get_proc();
		ASSERT_NE(NULL, caps);
		ASSERT_EQ(0, cap_set_flag(caps, CAP_EFFECTIVE, 1, &cap,
					  CAP_CLEAR));
		ASSERT_EQ(0, cap_set_proc(caps));
		cap_free(caps);
		EXPECT_EQ(-1, set_filter(__NR_write, "fd == 2"));
		EXPECT_EQ(EACCES, errno);
		EXPECT_NO_FILTER(__NR_write);
		EXPECT_EQ(1, write(p[1], "x", 1));
		EXPECT_EQ(1, pipe_bytes(p[0]));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* Bad input: exact errno, nothing installed, the state exactly as before     */
/* ========================================================================== */

/*
 * Each refused request carries, around the bad filter, two good ones (dup
 * "fildes == 1000" before it, write "fd == 1" after it) and a bitmap that
 * would deny uname by KILL_PROCESS: if any of it were installed the checks
 * below would see it.  With a prior bitmap (ERRNO|E_BITMAP, getppid
 * cleared, the documented write and ioctl filters) the same bad filter is
 * also given to PR_SET_SECCOMP_FILTER where that applies.
 */
FIXTURE(bad_filter) {
	int spare[2];
	char *page2;	/* two pages: the second one PROT_NONE */
};

FIXTURE_VARIANT(bad_filter) {
	bool prior_bitmap;
};

FIXTURE_VARIANT_ADD(bad_filter, unconfined) {
	.prior_bitmap = false,
};

FIXTURE_VARIANT_ADD(bad_filter, in_bitmap_mode) {
	.prior_bitmap = true,
};

FIXTURE_SETUP(bad_filter)
{
	make_pipe(_metadata, self->spare);
	self->page2 = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, self->page2);
	ASSERT_EQ(0, mprotect(self->page2 + PAGE, PAGE, PROT_NONE));
}

FIXTURE_TEARDOWN(bad_filter)
{
}

struct bad_state {
	pid_t ppid;
	char proc[PAGE];	/* /proc/self/seccomp_bitmap before */
};

static void bad_prior_state(struct __test_metadata *_metadata,
			    bool prior_bitmap, struct bad_state *st)
{
	struct seccomp_bitmap_filter f[2];

	st->ppid = getppid();
	child_prep(_metadata, true);
	if (prior_bitmap) {
		fset(&f[0], __NR_write, WRITE_EXPR);
		fset(&f[1], __NR_ioctl, IOCTL_EXPR);
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
					     __NR_getppid, f, 2));
	}
	ASSERT_LE(0, read_file("/proc/self/seccomp_bitmap", st->proc,
			       sizeof(st->proc)));
}

static void bad_check_unchanged(struct __test_metadata *_metadata,
				FIXTURE_DATA(bad_filter) *self,
				bool prior_bitmap, const struct bad_state *st)
{
	char proc[PAGE];
	long fd;

	EXPECT_EQ(prior_bitmap ? SECCOMP_MODE_BITMAP : 0, get_mode());
	EXPECT_EQ(prior_bitmap ? -E_BITMAP : st->ppid,
		  sc(__NR_getppid, 0, 0, 0));
	/* the bad request would have killed on uname */
	EXPECT_EQ(0, uname(&(struct utsname){}));
	/* its dup filter is not there: dup of fd != 1000 runs */
	fd = sc(__NR_dup, self->spare[0], 0, 0);
	EXPECT_LE(0, fd);
	if (fd >= 0)
		close(fd);
	EXPECT_NO_FILTER(__NR_dup);
	if (prior_bitmap) {
		EXPECT_FILTER(__NR_write, WRITE_EXPR);
		EXPECT_FILTER(__NR_ioctl, IOCTL_EXPR);
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, self->spare[1], (long)"x", 1));
		EXPECT_EQ(0, pipe_bytes(self->spare[0]));
	} else {
		EXPECT_NO_FILTER(__NR_write);
		EXPECT_NO_FILTER(__NR_ioctl);
		/* neither the bad request's write filter */
		EXPECT_EQ(1, sc(__NR_write, self->spare[1], (long)"x", 1));
		EXPECT_EQ(1, pipe_bytes(self->spare[0]));
		EXPECT_EQ(1, read(self->spare[0], proc, 1));
	}
	EXPECT_LE(0, read_file("/proc/self/seccomp_bitmap", proc, sizeof(proc)));
	EXPECT_STREQ(st->proc, proc);
}

/* A bad request's bitmap, all allowed but uname, with @f[@nf]. */
static long bad_request_raw(__u64 f, __u32 nf)
{
	__u64 w[BM_WORDS];
	struct seccomp_bitmap sb;

	bm_fill(w, BM_WORDS, true);
	bm_clear(w, __NR_uname);
	memset(&sb, 0, sizeof(sb));
	sb.size = sizeof(sb);
	sb.action = SECCOMP_RET_KILL_PROCESS;
	sb.nbits = BM_BITS;
	sb.native = (uintptr_t)w;
	sb.filters = f;
	sb.nfilters = nf;
	return sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb);
}

/* good dup filter, @bad, good write filter */
static long bad_request(const struct seccomp_bitmap_filter *bad)
{
	static struct seccomp_bitmap_filter f[3];

	fset(&f[0], __NR_dup, "fildes == 1000");
	f[1] = *bad;
	fset(&f[2], __NR_write, "fd == 1");
	return bad_request_raw((uintptr_t)f, 3);
}

/*
 * Refuse { nr, flags, expr } with @err through seccomp(2), and (in bitmap
 * mode, @prctl_err != 0) through PR_SET_SECCOMP_FILTER with @prctl_err.
 */
static void refuse(struct __test_metadata *_metadata,
		   FIXTURE_DATA(bad_filter) *self, bool prior_bitmap,
		   __u32 nr, __u32 flags, const char *expr,
		   int err, int prctl_err)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap_filter bad = {
			.nr = nr, .flags = flags, .expr = (uintptr_t)expr,
		};
		struct bad_state st;

		bad_prior_state(_metadata, prior_bitmap, &st);
		EXPECT_EQ(-1, bad_request(&bad));
		EXPECT_EQ(err, errno) {
			TH_LOG("seccomp(): filter %u flags 0x%x '%.40s'",
			       nr, flags, expr ? expr : "(null)");
		}
		bad_check_unchanged(_metadata, self, prior_bitmap, &st);
		if (prior_bitmap && prctl_err) {
			EXPECT_EQ(-1, set_filter(nr, expr));
			EXPECT_EQ(prctl_err, errno) {
				TH_LOG("PR_SET_SECCOMP_FILTER %u '%.40s'",
				       nr, expr ? expr : "(null)");
			}
			bad_check_unchanged(_metadata, self, prior_bitmap, &st);
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

#define REFUSE(nr, expr, err) \
	refuse(_metadata, self, variant->prior_bitmap, nr, 0, expr, err, err)

TEST_F(bad_filter, parse_errors_einval)
{
	static const char *const exprs[] = {
		"fd = 1",		/* no such operator */
		"fd == 1 ||",		/* dangling operator */
		"fd == 1 &&",
		"(fd == 1",		/* unbalanced */
		"fd == 1)",
		"fd == 1 & fd == 2",	/* & is the bit test, not "and" */
		"fd == 1 | fd == 2",
		"fd ==",		/* no value */
		"fd == 0x",		/* not a number */
		"fd == 1x",
		"fd == 1 fd == 2",	/* no operator between */
		"== 1",			/* no field */
		"",			/* empty */
		"   ",
	};
	size_t i;

	REQUIRE_FILTERS();
	for (i = 0; i < ARRAY_SIZE(exprs); i++)
		REFUSE(__NR_write, exprs[i], EINVAL);
}

TEST_F(bad_filter, unknown_field_einval)
{
	REQUIRE_FILTERS();
	REFUSE(__NR_write, "bogus == 1", EINVAL);
	/* a field of another syscall: read has "fd", ioctl's "cmd" is not write's */
	REFUSE(__NR_write, "cmd == 0x5401", EINVAL);
	REFUSE(__NR_write, "fd == 1 || Fd == 2", EINVAL);
}

TEST_F(bad_filter, string_operator_or_constant_on_integer_field_einval)
{
	REQUIRE_FILTERS();
	REFUSE(__NR_write, "fd ~ 1", EINVAL);
	REFUSE(__NR_write, "fd ~ \"1*\"", EINVAL);
	REFUSE(__NR_write, "fd == \"1\"", EINVAL);
	REFUSE(__NR_write, "fd != '1'", EINVAL);
	REFUSE(__NR_write, "fd == 1 || fd == \"2\"", EINVAL);
}

/*
 * No string comparison at all: on a "char *" argument (which the event
 * format calls a string) it would read the memory the pointer points to
 * (kernel memory for a kernel address, or user memory that can change
 * after the check); on comm it is refused alike.  Such an argument cannot
 * be compared with a number either.
 */
TEST_F(bad_filter, string_comparison_on_pointer_or_comm_einval)
{
	REQUIRE_FILTERS();
	REFUSE(__NR_write, "buf == \"x\"", EINVAL);
	REFUSE(__NR_write, "buf ~ \"x*\"", EINVAL);
	REFUSE(__NR_write, "buf.ustring == \"x\"", EINVAL);
	REFUSE(__NR_write, "fd == 1 && buf != 'x'", EINVAL);
	REFUSE(__NR_openat, "filename ~ \"/etc/*\"", EINVAL);
	REFUSE(__NR_openat, "filename.ustring == \"/etc/passwd\"", EINVAL);
	REFUSE(__NR_write, "comm == \"cat\"", EINVAL);
	REFUSE(__NR_write, "buf == 0", EINVAL);
	REFUSE(__NR_openat, "filename != 0", EINVAL);
}

TEST_F(bad_filter, negative_constant_on_unsigned_field_einval)
{
	REQUIRE_FILTERS();
	/* write's fd is an unsigned int: "fd == 0xffffffff" is the way */
	REFUSE(__NR_write, "fd == -1", EINVAL);
	REFUSE(__NR_write, "count < -1", EINVAL);
}

TEST_F(bad_filter, syscall_without_metadata_eopnotsupp)
{
	REQUIRE_FILTERS();
	REFUSE(NR_AFS_SYSCALL, "fd == 1", EOPNOTSUPP);
	REFUSE(NR_AFS_SYSCALL, "", EOPNOTSUPP);
}

TEST_F(bad_filter, expression_of_page_size_or_more_e2big)
{
	char *e = self->page2;

	REQUIRE_FILTERS();
	/* "fd == 1" and spaces: 4096 characters, the NUL beyond the page */
	memset(e, ' ', PAGE);
	memcpy(e, "fd == 1", 7);
	ASSERT_EQ(0, mprotect(e + PAGE, PAGE, PROT_READ | PROT_WRITE));
	e[PAGE] = '\0';
	REFUSE(__NR_write, e, E2BIG);
	/* (4095 characters and the NUL are accepted: longest_expression_accepted) */
	/* far longer */
	{
		char *big = malloc(3 * PAGE);

		ASSERT_NE(NULL, big);
		memset(big, ' ', 3 * PAGE);
		memcpy(big, "fd == 1", 7);
		big[3 * PAGE - 1] = '\0';
		REFUSE(__NR_write, big, E2BIG);
		free(big);
	}
}

TEST_F(bad_filter, not_terminated_within_page_size_e2big)
{
	char *e = self->page2;

	REQUIRE_FILTERS();
	/* a full page without a NUL, then an unreadable page */
	memset(e, ' ', PAGE);
	memcpy(e, "fd == 1", 7);
	REFUSE(__NR_write, e, E2BIG);
}

TEST_F(bad_filter, not_terminated_before_unreadable_memory_efault)
{
	/* "fd == 1" without a NUL at the end of the readable page */
	char *e = self->page2 + PAGE - 7;

	REQUIRE_FILTERS();
	memcpy(e, "fd == 1", 7);
	REFUSE(__NR_write, e, EFAULT);
}

TEST_F(bad_filter, unreadable_expression_pointer_efault)
{
	REQUIRE_FILTERS();
	REFUSE(__NR_write, self->page2 + PAGE, EFAULT);
	REFUSE(__NR_write, NULL, EFAULT);
}

TEST_F(bad_filter, filter_on_a_cleared_bit_einval)
{
	REQUIRE_FILTERS();
	/* cleared by the request's own bitmap (PR_SET: allowed, so no prctl) */
	refuse(_metadata, self, variant->prior_bitmap, __NR_uname, 0,
	       "name != 0", EINVAL, 0);
	/* cleared by the prior bitmap: refused, not silently dropped */
	if (variant->prior_bitmap)
		REFUSE(__NR_getppid, "common_pid != 0", EINVAL);
}

TEST_F(bad_filter, out_of_range_number_einval)
{
	REQUIRE_FILTERS();
	REFUSE(NATIVE_NR, "fd == 1", EINVAL);
	REFUSE(BM_BITS - 1, "fd == 1", EINVAL);	/* a set bit beyond the table */
	REFUSE(0x40000000 | __NR_write, "fd == 1", EINVAL);	/* x32 */
	REFUSE(0xffffffff, "fd == 1", EINVAL);
	if (variant->prior_bitmap) {
		/* PR_SET takes an unsigned long */
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			struct bad_state st;

			bad_prior_state(_metadata, true, &st);
			EXPECT_EQ(-1, set_filter(0x100000000UL | __NR_write,
						 "fd == 1"));
			EXPECT_EQ(EINVAL, errno);
			EXPECT_EQ(-1, set_filter(ULONG_MAX, "fd == 1"));
			EXPECT_EQ(EINVAL, errno);
			bad_check_unchanged(_metadata, self, true, &st);
			CHILD_EXIT();
		}
		EXPECT_EXITED(wait_status(pid), 0);
	}
}

TEST_F(bad_filter, nonzero_flags_einval)
{
	REQUIRE_FILTERS();
	refuse(_metadata, self, variant->prior_bitmap, __NR_write, 1,
	       "fd == 1", EINVAL, 0);
	refuse(_metadata, self, variant->prior_bitmap, __NR_write, 0x80000000,
	       "fd == 1", EINVAL, 0);
}

TEST_F(bad_filter, more_filters_than_syscalls_e2big)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap_filter good;
		struct bad_state st;

		fset(&good, __NR_write, "fd == 1");
		bad_prior_state(_metadata, variant->prior_bitmap, &st);
		/* more filters than syscalls: refused before the array is read */
		EXPECT_EQ(-1, bad_request_raw((uintptr_t)self->page2 + PAGE,
					      NATIVE_NR + 1));
		EXPECT_EQ(E2BIG, errno);
		EXPECT_EQ(-1, bad_request_raw((uintptr_t)&good, UINT_MAX));
		EXPECT_EQ(E2BIG, errno);
		bad_check_unchanged(_metadata, self, variant->prior_bitmap, &st);
		/* as many as syscalls is not too many: the array is read, and faults */
		EXPECT_EQ(-1, bad_request_raw((uintptr_t)self->page2 + PAGE,
					      NATIVE_NR));
		EXPECT_EQ(EFAULT, errno);
		bad_check_unchanged(_metadata, self, variant->prior_bitmap, &st);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST_F(bad_filter, unreadable_filters_array_efault)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap_filter good;
		struct seccomp_bitmap_filter *f;
		struct bad_state st;

		fset(&good, __NR_write, "fd == 1");
		bad_prior_state(_metadata, variant->prior_bitmap, &st);
		EXPECT_EQ(-1, bad_request_raw((uintptr_t)self->page2 + PAGE, 1));
		EXPECT_EQ(EFAULT, errno);
		bad_check_unchanged(_metadata, self, variant->prior_bitmap, &st);
		EXPECT_EQ(-1, bad_request_raw(0, 1));	/* NULL */
		EXPECT_EQ(EFAULT, errno);
		bad_check_unchanged(_metadata, self, variant->prior_bitmap, &st);
		/* two good entries readable, the third one not */
		f = (struct seccomp_bitmap_filter *)(self->page2 + PAGE) - 2;
		fset(&f[0], __NR_dup, "fildes == 1000");
		fset(&f[1], __NR_write, "fd == 1");
		EXPECT_EQ(-1, bad_request_raw((uintptr_t)f, 3));
		EXPECT_EQ(EFAULT, errno);
		bad_check_unchanged(_metadata, self, variant->prior_bitmap, &st);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* Lengths that are accepted                                                  */
/* ========================================================================== */

/* 4095 characters and the NUL: one page, the longest accepted */
TEST(longest_expression_accepted)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		static char e[PAGE], got[2 * PAGE];
		int p[2];

		child_prep(_metadata, true);
		make_pipe(_metadata, p);
		memset(e, ' ', PAGE - 1);
		memcpy(e, "fd == 2", 7);
		e[PAGE - 1] = '\0';
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_write, e));
		EXPECT_EQ(PAGE, get_filter(__NR_write, got, sizeof(got)));
		EXPECT_STREQ(e, got);
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, p[1], (long)"x", 1));
		EXPECT_EQ(0, sc(__NR_write, 2, (long)"", 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* Narrowing: "(old) && (new)", both parts enforced                           */
/* ========================================================================== */

FIXTURE(narrow) {
	int spare[2];
};

FIXTURE_VARIANT(narrow) {
	bool use_prctl;
};

FIXTURE_VARIANT_ADD(narrow, seccomp_second_call) {
	.use_prctl = false,
};

FIXTURE_VARIANT_ADD(narrow, prctl_set_filter) {
	.use_prctl = true,
};

FIXTURE_SETUP(narrow)
{
	make_pipe(_metadata, self->spare);
}

FIXTURE_TEARDOWN(narrow)
{
}

/* AND @expr into @nr's filter: a second seccomp() allowing all, or prctl */
static long narrow_with(bool use_prctl, __u32 action, __u32 nr,
			const char *expr)
{
	if (use_prctl)
		return set_filter(nr, expr);
	return install_one(action, nr, expr);
}

TEST_F(narrow, second_expression_is_anded)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes < 1000"));
		ASSERT_EQ(0, narrow_with(variant->use_prctl,
					 SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes > 500"));
		EXPECT_FILTER(__NR_dup, "(fildes < 1000) && (fildes > 500)");
		/* both parts are enforced */
		EXPECT_EQ(-EBADF, sc(__NR_dup, 700, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1000, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 500, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, self->spare[0], 0, 0));
		/* a third one nests */
		ASSERT_EQ(0, narrow_with(variant->use_prctl,
					 SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes != 700"));
		EXPECT_FILTER(__NR_dup,
			      "((fildes < 1000) && (fildes > 500)) && (fildes != 700)");
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 700, 0, 0));
		EXPECT_EQ(-EBADF, sc(__NR_dup, 701, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* a filter on a syscall that had none is just added */
TEST_F(narrow, filter_added_to_a_plain_allowed_syscall)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_write, WRITE_EXPR));
		EXPECT_EQ(1, sc(__NR_dup, self->spare[0], 0, 0) > 0);
		ASSERT_EQ(0, narrow_with(variant->use_prctl,
					 SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes == 1000"));
		EXPECT_FILTER(__NR_dup, "fildes == 1000");
		EXPECT_FILTER(__NR_write, WRITE_EXPR);
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, self->spare[0], 0, 0));
		EXPECT_EQ(-EBADF, sc(__NR_dup, 1000, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, self->spare[1], (long)"x", 1));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* "(old) && (new)" must stay under a page; the boundary is exact */
TEST_F(narrow, combined_expression_of_page_size_e2big)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		/* "(" old ") && (" new ")": 8 more characters */
		static char old[PAGE], new[PAGE], want[PAGE];
		size_t lold = 2000, lnew = PAGE - 1 - 8 - lold;	/* 2087 */
		char proc[2 * PAGE], proc2[2 * PAGE];

		child_prep(_metadata, true);
		memset(old, ' ', lold);
		memcpy(old, "fildes != 1005", 14);
		old[lold] = '\0';
		memset(new, ' ', lnew + 1);
		memcpy(new, "fildes != 1006", 14);
		new[lnew + 1] = '\0';	/* one too long: 4096 combined */
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, old));
		ASSERT_LE(0, read_file("/proc/self/seccomp_bitmap", proc,
				       sizeof(proc)));
		EXPECT_EQ(-1, narrow_with(variant->use_prctl,
					  SECCOMP_RET_ERRNO | E_BITMAP,
					  __NR_dup, new));
		EXPECT_EQ(E2BIG, errno);
		/* unchanged */
		EXPECT_FILTER(__NR_dup, old);
		EXPECT_EQ(-EBADF, sc(__NR_dup, 1006, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1005, 0, 0));
		EXPECT_LE(0, read_file("/proc/self/seccomp_bitmap", proc2,
				       sizeof(proc2)));
		EXPECT_STREQ(proc, proc2);
		/* one shorter: 4095 characters, accepted */
		new[lnew] = '\0';
		ASSERT_EQ(0, narrow_with(variant->use_prctl,
					 SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, new));
		snprintf(want, sizeof(want), "(%s) && (%s)", old, new);
		ASSERT_EQ(PAGE - 1, (int)strlen(want));
		EXPECT_FILTER(__NR_dup, want);
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1006, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1005, 0, 0));
		EXPECT_EQ(-EBADF, sc(__NR_dup, 1000, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* a narrowing that does not parse changes nothing */
TEST_F(narrow, refused_narrowing_keeps_the_old_filter)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes == 1000"));
		EXPECT_EQ(-1, narrow_with(variant->use_prctl,
					  SECCOMP_RET_ERRNO | E_BITMAP,
					  __NR_dup, "fildes == 1000 &&"));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_FILTER(__NR_dup, "fildes == 1000");
		EXPECT_EQ(-EBADF, sc(__NR_dup, 1000, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1001, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* The same number twice in one filters[] array: ANDed, in order. */
TEST(same_number_twice_in_one_call_is_anded)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap_filter f[3];

		child_prep(_metadata, true);
		fset(&f[0], __NR_dup, "fildes < 1000");
		fset(&f[1], __NR_write, WRITE_EXPR);
		fset(&f[2], __NR_dup, "fildes > 500");
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP, -1,
					     f, 3));
		EXPECT_FILTER(__NR_dup, "(fildes < 1000) && (fildes > 500)");
		EXPECT_FILTER(__NR_write, WRITE_EXPR);
		EXPECT_EQ(-EBADF, sc(__NR_dup, 700, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1000, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 500, 0, 0));
		/* twice again on top of that: (old) && ((a) && (b)) */
		fset(&f[0], __NR_dup, "fildes != 600");
		fset(&f[1], __NR_dup, "fildes != 601");
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP, -1,
					     f, 2));
		EXPECT_FILTER(__NR_dup,
			      "((fildes < 1000) && (fildes > 500)) && ((fildes != 600) && (fildes != 601))");
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 600, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 601, 0, 0));
		EXPECT_EQ(-EBADF, sc(__NR_dup, 602, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* a second seccomp() without filters keeps the old ones */
TEST(narrowing_the_bitmap_keeps_the_filters)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes == 1000"));
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
					     __NR_getppid, NULL, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_getppid, 0, 0, 0));
		EXPECT_FILTER(__NR_dup, "fildes == 1000");
		EXPECT_EQ(-EBADF, sc(__NR_dup, 1000, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1001, 0, 0));
		/* and once more: the borrowed filter is borrowed again */
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
					     __NR_uname, NULL, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_uname, (long)&(struct utsname){},
					0, 0));
		EXPECT_FILTER(__NR_dup, "fildes == 1000");
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1001, 0, 0));
		/* narrowing it then works on the borrowed string */
		ASSERT_EQ(0, set_filter(__NR_dup, "fildes != 1000"));
		EXPECT_FILTER(__NR_dup, "(fildes == 1000) && (fildes != 1000)");
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1000, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* clearing a filtered bit drops its filter: denied whatever the args */
TEST(clearing_a_filtered_bit_denies_it_and_drops_the_filter)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char proc[PAGE], want[PAGE];

		child_prep(_metadata, true);
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes == 1000"));
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
					     __NR_dup, NULL, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1000, 0, 0));
		EXPECT_NO_FILTER(__NR_dup);
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", proc,
				       sizeof(proc)));
		snprintf(want, sizeof(want),
			 "native:\t0-%d,%d-%d\ncompat:\t\naction:\t0x0005002a\n",
			 __NR_dup - 1, __NR_dup + 1, NATIVE_NR - 1);
		EXPECT_STREQ(want, proc);
		/* and no filter can be put back on it */
		EXPECT_EQ(-1, set_filter(__NR_dup, "fildes == 1000"));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1000, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* the stricter action applies to a false filter after narrowing */
TEST(narrowing_to_a_stricter_action_applies_to_false_filters)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes == 1000"));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1001, 0, 0));
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_KILL_PROCESS, -1,
					     NULL, 0));
		EXPECT_EQ(-EBADF, sc(__NR_dup, 1000, 0, 0));
		sc(__NR_dup, 1001, 0, 0);
		_exit(77);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

/* ========================================================================== */
/* fork, threads and execve                                                   */
/* ========================================================================== */

/* with the last native number (NATIVE_NR - 1) as argument */
#define PROC_ALL_ERRNO "native:\t0-%d\ncompat:\t\naction:\t0x0005002a\n"
/* the filters of write and dup as the file lists them, by number */
#ifdef __x86_64__
#define WRITE_DUP_LINES(w, d)	"1:\t" w "\n32:\t" d "\n"
#else
#define WRITE_DUP_LINES(w, d)	"23:\t" d "\n64:\t" w "\n"
#endif

/*
 * A forked child shares its parent's filters; its own narrowing gives it a
 * new object and leaves the parent's filters, strings and /proc file as
 * they were.
 */
TEST(fork_child_shares_filters_and_its_narrowing_stays_its_own)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap_filter f[2];
		char path[64], buf[PAGE], want[PAGE], c;
		int ready[2], go[2], spare[2];
		pid_t gc;

		child_prep(_metadata, true);
		make_pipe(_metadata, spare);
		make_pipe(_metadata, ready);
		make_pipe(_metadata, go);
		fset(&f[0], __NR_write, WRITE_EXPR);
		fset(&f[1], __NR_dup, "fildes == 1000");
		ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP, -1,
					     f, 2));
		gc = fork();
		ASSERT_LE(0, gc);
		if (gc == 0) {
			/* only the parent's close of go[1] ends the wait */
			close(go[1]);
			close(ready[0]);
			/* shared */
			EXPECT_FILTER(__NR_write, WRITE_EXPR);
			EXPECT_FILTER(__NR_dup, "fildes == 1000");
			EXPECT_EQ(-E_BITMAP, sc(__NR_write, spare[1], (long)"x", 1));
			EXPECT_EQ(-EBADF, sc(__NR_dup, 1000, 0, 0));
			EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1001, 0, 0));
			/* narrowed here only, keeping fd 2 for messages */
			ASSERT_EQ(0, set_filter(__NR_write, "fd != 1"));
			fset(&f[0], __NR_dup, "fildes != 1000");
			ASSERT_EQ(0, install_all_but(SECCOMP_RET_ERRNO | E_BITMAP,
						     -1, f, 1));
			EXPECT_FILTER(__NR_write, "(fd == 1 || fd == 2) && (fd != 1)");
			EXPECT_FILTER(__NR_dup, "(fildes == 1000) && (fildes != 1000)");
			EXPECT_EQ(-E_BITMAP, sc(__NR_write, 1, (long)"", 0));
			EXPECT_EQ(0, sc(__NR_write, 2, (long)"", 0));
			EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1000, 0, 0));
			/* ready on fd 2 (fd 1 is no longer writable), then wait */
			ASSERT_EQ(2, dup2(ready[1], 2));
			if (sc(__NR_write, 2, (long)"r", 1) != 1)
				_exit(90);
			if (read(go[0], &c, 1) != 0)
				_exit(91);
			_exit(BM_PASSED() ? 0 : 1);
		}
		close(ready[1]);
		close(go[0]);
		ASSERT_EQ(1, read(ready[0], &c, 1));
		/* the child's narrowing, in its file */
		snprintf(path, sizeof(path), "/proc/%d/seccomp_bitmap", gc);
		ASSERT_LT(0, read_file(path, buf, sizeof(buf)));
		snprintf(want, sizeof(want), PROC_ALL_ERRNO
			 WRITE_DUP_LINES("(fd == 1 || fd == 2) && (fd != 1)",
					 "(fildes == 1000) && (fildes != 1000)"),
			 NATIVE_NR - 1);
		EXPECT_STREQ(want, buf);
		/* (the parent may not write to go[1]: its filter allows fd 1, 2) */
		close(go[1]);
		EXPECT_EXITED(wait_status(gc), 0);
		/* not in the parent's */
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", buf,
				       sizeof(buf)));
		snprintf(want, sizeof(want), PROC_ALL_ERRNO
			 WRITE_DUP_LINES("fd == 1 || fd == 2", "fildes == 1000"),
			 NATIVE_NR - 1);
		EXPECT_STREQ(want, buf);
		EXPECT_FILTER(__NR_write, WRITE_EXPR);
		EXPECT_FILTER(__NR_dup, "fildes == 1000");
		EXPECT_EQ(0, sc(__NR_write, 1, (long)"", 0));
		EXPECT_EQ(-EBADF, sc(__NR_dup, 1000, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_dup, 1001, 0, 0));
		EXPECT_EQ(-E_BITMAP, sc(__NR_write, spare[1], (long)"x", 1));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

static volatile long thread_dup_1000, thread_dup_1001;

static void *dup_probe_thread(void *arg)
{
	(void)arg;
	thread_dup_1000 = sc(__NR_dup, 1000, 0, 0);
	thread_dup_1001 = sc(__NR_dup, 1001, 0, 0);
	return NULL;
}

TEST(threads_share_filters)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, install_one(SECCOMP_RET_ERRNO | E_BITMAP,
					 __NR_dup, "fildes == 1000"));
		ASSERT_EQ(0, pthread_create(&t, NULL, dup_probe_thread, NULL));
		ASSERT_EQ(0, pthread_join(t, NULL));
		EXPECT_EQ(-EBADF, thread_dup_1000);
		EXPECT_EQ(-E_BITMAP, thread_dup_1001);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* runs filter_exec_helper with @args under @action's policy; its stdout */
static int run_exec_helper(struct __test_metadata *_metadata, __u32 action,
			   char *const args[], char *out, size_t size)
{
	char helper[PATH_MAX];
	int o[2];
	pid_t pid;

	ASSERT_NE(NULL, sibling_path(helper, sizeof(helper),
				     "filter_exec_helper"));
	make_pipe(_metadata, o);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap_filter f[2];
		char *argv[32] = { helper };
		char *envp[] = { NULL };
		int i;

		child_prep(_metadata, true);
		ASSERT_EQ(1, dup2(o[1], 1));
		close(o[0]);
		for (i = 0; args[i] && i < 30; i++)
			argv[i + 1] = args[i];
		fset(&f[0], __NR_write, WRITE_EXPR);
		fset(&f[1], __NR_dup, "fildes == 1000");
		if (install_all_but(action, -1, f, 2))
			_exit(98);
		execve(helper, argv, envp);
		_exit(99);
	}
	close(o[1]);
	read_all(o[0], out, size);
	close(o[0]);
	return wait_status(pid);
}

TEST(execve_keeps_filters)
{
	/* write, dup, ioctl: x86-64's 1, 32, 16; arm64's 64, 23, 29 */
#ifdef __x86_64__
#define NRS(x86, arm64)	x86
#else
#define NRS(x86, arm64)	arm64
#endif
	static char *const args[] = {
		"get", NRS("1", "64"), "get", NRS("32", "23"), "get", NRS("16", "29"),
		"write", "1", "write", "2", "write", "5",
		"dup", "1000", "dup", "0", NULL,
	};
	char out[PAGE];

	REQUIRE_FILTERS();
	EXPECT_EXITED(run_exec_helper(_metadata, SECCOMP_RET_ERRNO | E_BITMAP,
				      args, out, sizeof(out)), 0);
	EXPECT_STREQ("get " NRS("1", "64") ": 19 fd == 1 || fd == 2\n"
		     "get " NRS("32", "23") ": 15 fildes == 1000\n"
		     "get " NRS("16", "29") ": -1 errno 2\n"
		     "write 1: 0\n"
		     "write 2: 0\n"
		     "write 5: -42\n"
		     "dup 1000: -9\n"
		     "dup 0: -42\n", out);
}

TEST(execve_keeps_filters_kill_action)
{
	static char *const args[] = {
		"write", "1", "dup", "1000", "dup", "0", "write", "1", NULL,
	};
	char out[PAGE];

	REQUIRE_FILTERS();
	EXPECT_KILLED_BY(run_exec_helper(_metadata, SECCOMP_RET_KILL_PROCESS,
					 args, out, sizeof(out)), SIGSYS);
	EXPECT_STREQ("write 1: 0\ndup 1000: -9\n", out);
}

/* ========================================================================== */
/* A false filter gets the bitmap's action exactly as a clear bit             */
/* ========================================================================== */

FIXTURE(false_filter) {
};

FIXTURE_VARIANT(false_filter) {
	__u32 action;
};

FIXTURE_VARIANT_ADD(false_filter, kill_process) {
	.action = SECCOMP_RET_KILL_PROCESS,
};
FIXTURE_VARIANT_ADD(false_filter, kill_thread) {
	.action = SECCOMP_RET_KILL_THREAD,
};
FIXTURE_VARIANT_ADD(false_filter, trap) {
	.action = SECCOMP_RET_TRAP | 0x2a,
};
FIXTURE_VARIANT_ADD(false_filter, errno) {
	.action = SECCOMP_RET_ERRNO | E_BITMAP,
};
FIXTURE_VARIANT_ADD(false_filter, log) {
	.action = SECCOMP_RET_LOG,
};

FIXTURE_SETUP(false_filter)
{
}

FIXTURE_TEARDOWN(false_filter)
{
}

/* what a child saw of its close(fd) */
struct close_obs {
	long ret;
	int trap_count;
	int signo, code, nr, data;
	unsigned int arch;
	bool addr_ok;
	bool fd_open;
	bool returned;
};

static struct close_obs obs;
static int obs_fd;

static void do_close(void)
{
	unsigned long after = 0;

	obs.ret = raw_syscall1_at(__NR_close, obs_fd, &after);
	obs.returned = true;
	obs.trap_count = trap_count;
	obs.signo = trap_info.si_signo;
	obs.code = trap_info.si_code;
	obs.nr = trap_info.si_syscall;
	obs.data = trap_info.si_errno;
	obs.arch = trap_info.si_arch;
	obs.addr_ok = trap_count && (unsigned long)trap_info.si_call_addr == after;
}

static void *close_thread(void *arg)
{
	(void)arg;
	do_close();
	return NULL;
}

/*
 * close(fd) of an open descriptor with close's bit clear (@filtered false)
 * or with the filter "fd == 1000"; the observation goes to @report.  The
 * kill actions call it in a second thread.
 */
static int close_child(struct __test_metadata *_metadata, __u32 action,
		       bool filtered, int report[2])
{
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		bool in_thread = (action & SECCOMP_RET_ACTION_FULL) ==
				 SECCOMP_RET_KILL_PROCESS ||
				 (action & SECCOMP_RET_ACTION_FULL) ==
				 SECCOMP_RET_KILL_THREAD;
		pthread_t t;
		long r;

		child_prep(_metadata, true);
		close(report[0]);
		memset(&obs, 0, sizeof(obs));
		obs_fd = dup(2);
		if (obs_fd < 0 || install_trap_handler())
			_exit(90);
		if (filtered)
			r = install_one(action, __NR_close, "fd == 1000");
		else
			r = install_all_but(action, __NR_close, NULL, 0);
		if (r)
			_exit(91);
		if (in_thread) {
			if (pthread_create(&t, NULL, close_thread, NULL) ||
			    pthread_join(t, NULL))
				_exit(92);
		} else {
			do_close();
		}
		obs.fd_open = fcntl(obs_fd, F_GETFD) >= 0;
		if (write(report[1], &obs, sizeof(obs)) != sizeof(obs))
			_exit(93);
		_exit(42);
	}
	return pid;
}

TEST_F(false_filter, gets_the_action_of_a_clear_bit)
{
	struct close_obs seen[2];
	__u32 act = variant->action & SECCOMP_RET_ACTION_FULL;
	int mode;

	REQUIRE_FILTERS();
	for (mode = 0; mode < 2; mode++) {
		int report[2], st;
		pid_t pid;

		make_pipe(_metadata, report);
		pid = close_child(_metadata, variant->action, mode, report);
		ASSERT_LT(0, pid);
		close(report[1]);
		st = wait_status(pid);
		memset(&seen[mode], 0, sizeof(seen[mode]));
		if (act == SECCOMP_RET_KILL_PROCESS) {
			/* the whole process died, from the other thread */
			EXPECT_KILLED_BY(st, SIGSYS);
			EXPECT_EQ(0, read(report[0], &seen[mode], sizeof(obs)));
		} else {
			EXPECT_EXITED(st, 42);
			EXPECT_EQ((ssize_t)sizeof(obs),
				  read(report[0], &seen[mode], sizeof(obs)));
		}
		close(report[0]);
	}
	/* the same, whether by a clear bit or a false filter */
	EXPECT_EQ(0, memcmp(&seen[0], &seen[1], sizeof(seen[0])));
	switch (act) {
	case SECCOMP_RET_KILL_PROCESS:
		break;
	case SECCOMP_RET_KILL_THREAD:
		/* the calling thread died inside close(), which did not run */
		EXPECT_FALSE(seen[1].returned);
		EXPECT_TRUE(seen[1].fd_open);
		break;
	case SECCOMP_RET_TRAP:
		EXPECT_TRUE(seen[1].returned);
		EXPECT_EQ(1, seen[1].trap_count);
		EXPECT_EQ(SIGSYS, seen[1].signo);
		EXPECT_EQ(SYS_SECCOMP, seen[1].code);
		EXPECT_EQ(__NR_close, seen[1].nr);
#ifdef __x86_64__
		EXPECT_EQ(AUDIT_ARCH_X86_64, seen[1].arch);
#else
		EXPECT_EQ(AUDIT_ARCH_AARCH64, seen[1].arch);
#endif
		EXPECT_EQ(0x2a, seen[1].data);
		EXPECT_TRUE(seen[1].addr_ok);
		EXPECT_TRUE(seen[1].fd_open);
		break;
	case SECCOMP_RET_ERRNO:
		EXPECT_EQ(-E_BITMAP, seen[1].ret);
		EXPECT_EQ(0, seen[1].trap_count);
		EXPECT_TRUE(seen[1].fd_open);
		break;
	case SECCOMP_RET_LOG:
		/* it ran */
		EXPECT_EQ(0, seen[1].ret);
		EXPECT_EQ(0, seen[1].trap_count);
		EXPECT_FALSE(seen[1].fd_open);
		break;
	}
}

/* ========================================================================== */
/* /proc/<pid>/seccomp_bitmap                                                 */
/* ========================================================================== */

TEST(proc_file_lists_the_filters_exactly)
{
	char path[64], buf[PAGE], want[PAGE], c;
	int ready[2], go[2];
	pid_t pid;

	REQUIRE_FILTERS();
	make_pipe(_metadata, ready);
	make_pipe(_metadata, go);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		/* the policy's fds: wait on stdin, report on stdout */
		ASSERT_EQ(0, dup2(go[0], 0));
		ASSERT_EQ(1, dup2(ready[1], 1));
		close(go[1]);
		close(ready[0]);
		{
			struct seccomp_bitmap_filter f[3];

			/* in reverse order: the file lists them by number */
			fset(&f[0], __NR_ioctl, IOCTL_EXPR);
			fset(&f[1], __NR_write, WRITE_EXPR);
			fset(&f[2], __NR_read, READ_EXPR);
			if (install_all_but(SECCOMP_RET_KILL_PROCESS,
					    __NR_getppid, f, 3))
				_exit(90);
		}
		if (sc(__NR_write, 1, (long)"r", 1) != 1)
			_exit(91);
		if (sc(__NR_read, 0, (long)&c, 1) != 1)
			_exit(92);
		syscall(__NR_exit_group, 0);
	}
	close(ready[1]);
	close(go[0]);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	snprintf(path, sizeof(path), "/proc/%d/seccomp_bitmap", pid);
	ASSERT_LT(0, read_file(path, buf, sizeof(buf)));
	snprintf(want, sizeof(want), "native:\t0-%d,%d-%d\n"
		 "compat:\t\n"
		 "action:\t0x80000000\n"
#ifdef __x86_64__
		 "0:\tfd == 0\n"
		 "1:\tfd == 1 || fd == 2\n"
		 "16:\tcmd == 0x5401 || cmd == 0x541b\n",
#else
		 "29:\tcmd == 0x5401 || cmd == 0x541b\n"
		 "63:\tfd == 0\n"
		 "64:\tfd == 1 || fd == 2\n",
#endif
		 __NR_getppid - 1, __NR_getppid + 1, NATIVE_NR - 1);
	EXPECT_STREQ(want, buf);
	ASSERT_EQ(1, write(go[1], "g", 1));
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */
/* The documentation's example: bitmap-confine and cat                        */
/* ========================================================================== */

#define PRINTK_RATELIMIT "/proc/sys/kernel/printk_ratelimit"

FIXTURE(doc_example) {
	char saved_ratelimit[32];
	int kmsg;
};

FIXTURE_SETUP(doc_example)
{
	self->kmsg = -1;
	ASSERT_EQ(0, geteuid());
	ASSERT_LT(0, read_file(PRINTK_RATELIMIT, self->saved_ratelimit,
			       sizeof(self->saved_ratelimit)));
	/* audit records reach the log through printk_ratelimit() */
	ASSERT_EQ(0, write_sysctl(PRINTK_RATELIMIT, "0"));
	self->kmsg = kmsg_open_end();
	ASSERT_LE(0, self->kmsg);
}

FIXTURE_TEARDOWN(doc_example)
{
	if (self->saved_ratelimit[0])
		write_sysctl(PRINTK_RATELIMIT, self->saved_ratelimit);
	if (self->kmsg >= 0)
		close(self->kmsg);
}

/* The syscall with which cat reads a file: busybox's uses sendfile(). */
static int cat_read_syscall(void)
{
	char target[PATH_MAX];
	ssize_t n = readlink("/bin/cat", target, sizeof(target) - 1);

	if (n < 0)
		return __NR_read;
	target[n] = '\0';
	return strcmp(basename(target), "busybox") ? __NR_read : __NR_sendfile;
}

/* sh -c @cmd with the installed bitmap-confine first in PATH */
static int run_doc_command(struct __test_metadata *_metadata, const char *cmd,
			   char *out, size_t osize, char *err, size_t esize)
{
	char sample[PATH_MAX], path[PATH_MAX + 64];
	int o[2], e[2], st;
	pid_t pid;

	ASSERT_NE(NULL, sibling_path(sample, sizeof(sample), "bitmap-confine"));
	ASSERT_EQ(0, access(sample, X_OK));
	snprintf(path, sizeof(path), "PATH=%s:/bin:/usr/bin:/sbin:/usr/sbin",
		 dirname(sample));
	make_pipe(_metadata, o);
	make_pipe(_metadata, e);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char *envp[] = { path, NULL };
		int null = open("/dev/null", O_RDONLY);

		if (null < 0 || dup2(null, 0) || dup2(o[1], 1) != 1 ||
		    dup2(e[1], 2) != 2)
			_exit(120);
		close(o[0]);
		close(e[0]);
		execle("/bin/sh", "sh", "-c", cmd, (char *)NULL, envp);
		_exit(121);
	}
	close(o[1]);
	close(e[1]);
	read_all(o[0], out, osize);
	read_all(e[0], err, esize);
	close(o[0]);
	close(e[0]);
	st = wait_status(pid);
	return st;
}

/*
 * The command lines and the output shown in the "Filter expressions"
 * section of Documentation/userspace-api/seccomp_bitmap.rst, taken from
 * the document at build time (bitmap_confine_doc.h): cat confined to
 * reading stdin and writing stdout copies its input, and cat of a file
 * dies of SIGSYS ("Bad system call") when it reads the file.
 */
TEST_F(doc_example, bitmap_confine_cat)
{
	char out[PAGE], err[PAGE];
	size_t i;

	REQUIRE_FILTERS();
	if (!BITMAP_X86_64)
		SKIP(return, "x86-64 only: the documented command lines name x86-64's numbers (0 read, 1 write, 40 sendfile)");
	ASSERT_EQ(2, ARRAY_SIZE(doc_examples));
	for (i = 0; i < ARRAY_SIZE(doc_examples); i++) {
		const char *cmd = doc_examples[i].cmd;
		const char *shown = doc_examples[i].out;
		int st;

		TH_LOG("$ %s", cmd);
		st = run_doc_command(_metadata, cmd, out, sizeof(out),
				     err, sizeof(err));
		if (!strcmp(shown, strsignal(SIGSYS))) {
			char comm_pid[64], nr[32];
			const char *want[] = { "type=1326", "comm=\"cat\"",
					       " sig=31 ", nr,
					       "code=0x80000000" };

			/* the shell reports the signal, or dies of it itself */
			if (WIFSIGNALED(st)) {
				EXPECT_EQ(SIGSYS, WTERMSIG(st));
			} else {
				EXPECT_EXITED(st, 128 + SIGSYS);
			}
			EXPECT_STREQ("", out);	/* nothing of the file */
			/* cat died reading its file (fd 3) */
			snprintf(nr, sizeof(nr), " syscall=%d ",
				 cat_read_syscall());
			if (!have_audit()) {
				/* the death above is still checked */
				TH_LOG("no audit (CONFIG_AUDIT off): the log record of the kill is not looked for");
			} else {
				EXPECT_EQ(1, kmsg_scan(self->kmsg, want,
						       ARRAY_SIZE(want), comm_pid,
						       sizeof(comm_pid), 5000)) {
					TH_LOG("no audit record with%s", nr);
				}
			}
		} else {
			char expect[PAGE];

			snprintf(expect, sizeof(expect), "%s\n", shown);
			EXPECT_EXITED(st, 0);
			EXPECT_STREQ(expect, out);
			EXPECT_STREQ("", err);
		}
	}
}

/* ========================================================================== */
/*
 * arg_0, arg_1, ...: each argument again, by position, for policies
 * translated from seccomp-bpf: the same typed field as the named one
 * (narrowed, refused alike), never the whole register.  The first
 * version had whole-register fields, and the upper half of a narrowed
 * argument slipped forbidden operations past "!=" (review of
 * 2026-12-04): socket(0x100000010, SOCK_RAW, NETLINK_AUDIT) is an
 * AF_NETLINK audit socket, fcntl(0, F_DUPFD, 0x100000005) returns fd 5.
 */

#ifndef NETLINK_AUDIT
#define NETLINK_AUDIT	9
#endif

TEST(positional_args_are_the_typed_fields)
{
	struct seccomp_bitmap_filter f[3];
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		pid_t pgrp = getpgrp();
		long fd;

		child_prep(_metadata, true);
		fset(&f[0], __NR_getpgid, "arg_0 == 0");
		fset(&f[1], __NR_socket, "arg_0 != 16 || arg_2 != 9");
		fset(&f[2], __NR_fcntl, "arg_1 != 0 || arg_2 >= 100");
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP, f, 3));
		/* pid_t: the upper half is not the syscall's */
		EXPECT_EQ(pgrp, raw_syscall6(__NR_getpgid, 1L << 32, 0, 0, 0, 0, 0));
		EXPECT_EQ(-E_BITMAP, raw_syscall6(__NR_getpgid, 1, 0, 0, 0, 0, 0));
		/* int family: 0x100000010 is AF_NETLINK */
		EXPECT_EQ(-E_BITMAP, raw_syscall6(__NR_socket, (1L << 32) | 16,
						  SOCK_RAW, NETLINK_AUDIT, 0, 0, 0));
		EXPECT_EQ(-E_BITMAP, raw_syscall6(__NR_socket, 16, SOCK_RAW,
						  (1L << 32) | NETLINK_AUDIT, 0, 0, 0));
		fd = raw_syscall6(__NR_socket, AF_UNIX, SOCK_STREAM, 0, 0, 0, 0);
		EXPECT_LE(0, fd);
		/* fcntl's int arg: 0x100000005 is 5 */
		EXPECT_EQ(-E_BITMAP, raw_syscall6(__NR_fcntl, 0, F_DUPFD,
						  (1L << 32) | 5, 0, 0, 0));
		fd = raw_syscall6(__NR_fcntl, 0, F_DUPFD, 200, 0, 0, 0);
		EXPECT_LE(200, fd);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

FIXTURE(positional_parse) {
};

FIXTURE_VARIANT(positional_parse) {
	int nr;
	const char *expr;
	int error;
};

FIXTURE_SETUP(positional_parse)
{
}

FIXTURE_TEARDOWN(positional_parse)
{
}

FIXTURE_VARIANT_ADD(positional_parse, beside_named_fields) {
	.nr = __NR_getpgid, .expr = "pid == 0 && arg_0 >= 0",
};
FIXTURE_VARIANT_ADD(positional_parse, unsigned_long_whole) {
	.nr = __NR_mmap, .expr = "arg_3 & 0x20 && arg_1 < 0x100000000",
};
/* pid_t cannot hold it, under either name */
FIXTURE_VARIANT_ADD(positional_parse, constant_beyond_field) {
	.nr = __NR_getpgid, .expr = "arg_0 == 0xffffffff", .error = EINVAL,
};
FIXTURE_VARIANT_ADD(positional_parse, beyond_the_arguments) {
	.nr = __NR_getpgid, .expr = "arg_1 == 0", .error = EINVAL,
};
/* refused by name (no single width), refused by position */
FIXTURE_VARIANT_ADD(positional_parse, prctl_arg2_refused) {
	.nr = __NR_prctl, .expr = "arg_1 == 5", .error = EINVAL,
};
FIXTURE_VARIANT_ADD(positional_parse, ioctl_arg_refused) {
	.nr = __NR_ioctl, .expr = "arg_2 == 0", .error = EINVAL,
};
FIXTURE_VARIANT_ADD(positional_parse, futex_utime_refused) {
	.nr = __NR_futex, .expr = "arg_3 == 0", .error = EINVAL,
};
FIXTURE_VARIANT_ADD(positional_parse, no_whole_register_fields) {
	.nr = __NR_getpgid, .expr = "raw_arg0 == 0", .error = EINVAL,
};

TEST_F(positional_parse, install)
{
	struct seccomp_bitmap_filter f;
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		fset(&f, variant->nr, variant->expr);
		if (variant->error) {
			EXPECT_EQ(-1, install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &f, 1));
			EXPECT_EQ(variant->error, errno);
			EXPECT_EQ(0, get_mode());
		} else {
			EXPECT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &f, 1));
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ========================================================================== */

/*
 * Skip the whole program on a kernel without CONFIG_SECCOMP_BITMAP; note
 * whether a valid filter (the documented write policy) installs (else
 * EOPNOTSUPP: no CONFIG_SECCOMP_BITMAP_FILTER, and the tests skip one by
 * one).  See probe_filter_support() in bitmap_util.h.
 */
static void __attribute__((constructor)) probe_support(void)
{
	probe_filter_support(SECCOMP_RET_ERRNO | E_BITMAP, __NR_write,
			     WRITE_EXPR);
}

TEST_HARNESS_MAIN
