// SPDX-License-Identifier: GPL-2.0
/*
 * Hardening of the filter expressions of seccomp bitmap mode: what the
 * "Security contract" of the design (additions of 2026-12-04) asks of
 * them, one fixture per clause.
 *
 *  1. control_char: an expression with a byte 0x01-0x1f or 0x7f anywhere
 *     (tab and newline included) is EINVAL, through seccomp() and
 *     PR_SET_SECCOMP_FILTER; /proc/<pid>/seccomp_bitmap keeps its
 *     one-line-per-filter format.  Plain spaces are fine.
 *  2. task_field, pidns: a filter names only the syscall event's own
 *     fields (its arguments, __syscall_nr): common_pid, common_type,
 *     common_flags, common_preempt_count, CPU, cpu, common_cpu, COMM and
 *     comm are EINVAL, also where they would tell a task in a new pid
 *     namespace its init-namespace id.
 *  3. constant: a constant that does not fit its field (getpgid's pid_t,
 *     close's unsigned int, openat's int) is EINVAL, never truncated; the
 *     constants that fit keep working on the narrowed field.
 *  4. event_format: the series leaves the syscalls:sys_enter_* formats of
 *     tracefs as they were (every argument "size:8; signed:0;") and a
 *     filter string ftrace could take before still parses there (perf's
 *     side: perf_filter_test.c, fixture pre_series_filter).
 *  5. narrowed: where the kernel narrows an argument after entry (mmap's
 *     fd, the vector I/O calls' fd and iovec count, ptrace's pid, clone's
 *     flags, vmsplice's, process_vm_readv/writev's and process_madvise's
 *     iovec counts, mbind's mode: the unconditional rows of the audit in
 *     build/narrowed-audit.md), the filter compares the narrowed value:
 *     fd 0x100000003 is fd 3.
 *  6. chain_cap, big_request, memcg: the kernel memory a policy holds
 *     (its parsed filters included) is bounded per task along the whole
 *     narrowing chain (1 MiB, documented) and charged to the caller's
 *     memory cgroup; past the cap, ENOMEM and nothing changes.
 *
 * Every refusal is checked to change nothing: the mode, the text of
 * /proc/self/seccomp_bitmap and the behaviour of the syscall concerned
 * (a value its filter denies and one it lets run) are the same after the
 * refused request as before it.  Each refusal is tried on an unconfined
 * task (seccomp()), on a task in bitmap mode that already filters the
 * syscall (seccomp() narrowing) and through PR_SET_SECCOMP_FILTER.
 *
 * As in the other tests of this directory, every confining test confines
 * a child it forked itself and checks its exit status; a denial by the
 * bitmap's ERRNO action returns E_BITMAP (ENOMSG), which none of the
 * syscalls probed returns by itself.
 *
 * Needs root; tracefs with the syscalls events (CONFIG_FTRACE_SYSCALLS)
 * for event_format; CONFIG_PID_NS for pidns; cgroup2 with the memory
 * controller (CONFIG_CGROUPS, CONFIG_MEMCG) for memcg, which is skipped
 * without it, as are the narrowed variants of syscalls the kernel was
 * built without (process_vm_readv/writev: CONFIG_CROSS_MEMORY_ATTACH;
 * mbind: CONFIG_NUMA).  Slab figures are not asserted on a kmemleak
 * (debug) kernel, whose KASAN quarantine keeps freed objects.  x86-64
 * only.
 */

#include "bitmap_util.h"

#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/uio.h>

#define ACT_ERRNO	(SECCOMP_RET_ERRNO | E_BITMAP)

#define PAGE		4096

/* The prior filter of a syscall is "<first arg> != DENY_V": */
#define DENY_V		4242	/* ... denied */
#define RUN_V		4243	/* ... runs (EBADF, ESRCH, ...) */

#define PTRACE_SEIZE_REQ 0x4206

#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif

#define KB		1024L

/* ========================================================================== */
/* Helpers                                                                    */
/* ========================================================================== */

/* One filter, everything allowed, denials return -E_BITMAP. */
static long install_one(__u32 nr, const char *expr)
{
	struct seccomp_bitmap_filter f;

	fset(&f, nr, expr);
	return install_filters(ACT_ERRNO, &f, 1);
}

/* @s with its control bytes as \n, \t, \xNN, for the log (4 buffers in turn) */
static const char *shown(const char *s)
{
	static char bufs[4][160];
	static unsigned int turn;
	char *buf = bufs[turn++ % 4];
	size_t o = 0, size = sizeof(bufs[0]);

	for (; *s && o + 5 < size; s++) {
		unsigned char c = *s;

		if (c == '\n')
			o += snprintf(buf + o, size - o, "\\n");
		else if (c == '\t')
			o += snprintf(buf + o, size - o, "\\t");
		else if (c < 0x20 || c == 0x7f)
			o += snprintf(buf + o, size - o, "\\x%02x", c);
		else
			buf[o++] = c;
	}
	if (*s && size > 4)
		strcpy(buf + (o < size - 4 ? o : size - 4), "...");
	else
		buf[o] = '\0';
	return buf;
}

/* The whole of /proc/self/seccomp_bitmap, malloc'd ("<errno N>" if unreadable). */
static char *proc_text(void)
{
	size_t size = 1 << 16, len = 0;
	char *buf = malloc(size);
	int fd;

	if (!buf)
		abort();
	fd = open("/proc/self/seccomp_bitmap", O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(buf, size, "<errno %d>", errno);
		return buf;
	}
	/* read_all() stops short of filling the buffer only at EOF (or an error) */
	for (;;) {
		len += read_all(fd, buf + len, size - len);
		if (len + 1 < size)
			break;
		size *= 2;
		buf = realloc(buf, size);
		if (!buf)
			abort();
	}
	close(fd);
	return buf;
}

/*
 * The first line of a /proc/<pid>/seccomp_bitmap text that is not one of
 * the documented lines ("native:\t", "compat:\t", "action:\t",
 * "<nr>:\t<expr>", "deny <nr>:\t", "compat deny <nr>:\t", each with no
 * control byte after its tab), copied to @bad; NULL if every line is one.
 */
static const char *proc_bad_line(const char *text, char *bad, size_t size)
{
	const char *line = text;

	while (*line) {
		const char *end = strchr(line, '\n');
		const char *tab, *k, *p;
		size_t klen;
		bool ok = false;

		if (!end)
			end = line + strlen(line);	/* no newline: bad */
		tab = memchr(line, '\t', end - line);
		if (tab && tab > line && tab[-1] == ':' && *end == '\n') {
			k = line;
			klen = tab - 1 - line;
			if (klen == 6 && (!strncmp(k, "native", 6) ||
					  !strncmp(k, "compat", 6) ||
					  !strncmp(k, "action", 6))) {
				ok = true;
			} else {
				if (klen > 12 && !strncmp(k, "compat deny ", 12)) {
					k += 12;
					klen -= 12;
				} else if (klen > 5 && !strncmp(k, "deny ", 5)) {
					k += 5;
					klen -= 5;
				}
				ok = klen > 0;
				for (p = k; p < k + klen; p++)
					if (*p < '0' || *p > '9')
						ok = false;
			}
			for (p = tab + 1; ok && p < end; p++)
				if ((unsigned char)*p < 0x20 || *p == 0x7f)
					ok = false;
		}
		if (!ok) {
			size_t l = end - line + 1;

			if (l > size - 1)
				l = size - 1;
			memcpy(bad, line, l);
			bad[l] = '\0';
			return bad;
		}
		line = *end ? end + 1 : end;
	}
	return NULL;
}

/*
 * Syscall @nr with @v as the first argument (openat: dfd, with the
 * absolute path "/", so that any dfd opens it).  Returns -errno, or 0 for
 * any success.
 */
static long probe(int nr, long v)
{
	long r;

	if (nr == __NR_openat) {
		r = raw_syscall6(nr, v, (long)"/",
				 O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0, 0, 0);
		if (r >= 0)
			raw_syscall6(__NR_close, r, 0, 0, 0, 0, 0);
	} else {
		r = raw_syscall6(nr, v, 0, 0, 0, 0, 0);
	}
	return r < 0 ? r : 0;
}

/* What must not change when a request is refused. */
struct state {
	long mode;
	char *proc;
	long deny;	/* probe(nr, DENY_V) */
	long run;	/* probe(nr, RUN_V) */
};

static void state_take(struct state *s, int nr)
{
	s->mode = get_mode();
	s->proc = proc_text();
	s->deny = nr >= 0 ? probe(nr, DENY_V) : 0;
	s->run = nr >= 0 ? probe(nr, RUN_V) : 0;
}

static void expect_same_state(struct __test_metadata *_metadata,
			      struct state *before, int nr)
{
	struct state now;
	char bad[256];
	const char *b;

	state_take(&now, nr);
	EXPECT_EQ(before->mode, now.mode);
	EXPECT_EQ(0, strcmp(before->proc, now.proc)) {
		TH_LOG("/proc/self/seccomp_bitmap changed:\n--- before ---\n%.1500s\n--- after ---\n%.1500s",
		       before->proc, now.proc);
	}
	EXPECT_EQ(before->deny, now.deny) {
		TH_LOG("syscall %d with %d: %ld before, %ld after", nr,
		       DENY_V, before->deny, now.deny);
	}
	EXPECT_EQ(before->run, now.run) {
		TH_LOG("syscall %d with %d: %ld before, %ld after", nr,
		       RUN_V, before->run, now.run);
	}
	b = proc_bad_line(now.proc, bad, sizeof(bad));
	EXPECT_TRUE(!b) {
		TH_LOG("/proc/self/seccomp_bitmap has a line that is not one of its format: \"%s\"",
		       shown(b));
	}
	free(now.proc);
	free(before->proc);
	before->proc = NULL;
}

/* The three ways of asking for a filter that every refusal is tried in. */
enum via {
	VIA_SECCOMP_FRESH,	/* seccomp() on an unconfined task */
	VIA_SECCOMP_NARROW,	/* seccomp() on a task that filters the syscall */
	VIA_PRCTL,		/* PR_SET_SECCOMP_FILTER on that task */
	VIA_N,
};

static const char *const via_name[VIA_N] = {
	"seccomp() on an unconfined task",
	"seccomp() narrowing a bitmap that filters the syscall",
	"PR_SET_SECCOMP_FILTER on a task that filters the syscall",
};

/* In a fresh child: the task state @via starts from. */
static void via_prior_state(struct __test_metadata *_metadata, enum via via,
			    int nr, const char *arg0)
{
	char prior[64];

	child_prep(_metadata, true);
	if (via == VIA_SECCOMP_FRESH)
		return;
	snprintf(prior, sizeof(prior), "%s != %d", arg0, DENY_V);
	ASSERT_EQ(0, install_one(nr, prior)) {
		TH_LOG("prior filter \"%s\" on %d: %s", prior, nr,
		       strerror(errno));
	}
	ASSERT_EQ(-E_BITMAP, probe(nr, DENY_V));
}

static long via_request(enum via via, int nr, const char *expr)
{
	return via == VIA_PRCTL ? set_filter(nr, expr) : install_one(nr, expr);
}

/*
 * Ask for @expr on syscall @nr (whose first argument is @arg0) through
 * each entry point, each in a fresh child: refused with @err, nothing
 * changed.  If @check_deny and the request was accepted all the same,
 * also show what the accepted filter does with the first argument
 * @must_deny, which the expression as written cannot let through.
 */
static void refused_everywhere(struct __test_metadata *_metadata, int nr,
			       const char *arg0, const char *expr, int err,
			       bool check_deny, long must_deny)
{
	int via, st;

	for (via = 0; via < VIA_N; via++) {
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			struct state before;
			long r, got;
			int e;

			via_prior_state(_metadata, via, nr, arg0);
			state_take(&before, nr);
			r = via_request(via, nr, expr);
			e = errno;
			EXPECT_EQ(-1, r) {
				TH_LOG("%s: \"%s\" on syscall %d was accepted",
				       via_name[via], shown(expr), nr);
			}
			if (r == -1) {
				EXPECT_EQ(err, e) {
					TH_LOG("%s: \"%s\" on syscall %d: %s",
					       via_name[via], shown(expr), nr,
					       strerror(e));
				}
			}
			if (r == 0 && check_deny) {
				got = probe(nr, must_deny);
				EXPECT_EQ(-E_BITMAP, got) {
					TH_LOG("... and the accepted filter lets %s = %ld through (returned %ld)",
					       arg0, must_deny, got);
				}
			}
			expect_same_state(_metadata, &before, nr);
			CHILD_EXIT();
		}
		st = wait_status(pid);
		EXPECT_EXITED(st, 0);
		if (st)
			TH_LOG("(that was %s)", via_name[via]);
	}
}

/* ---- memory -------------------------------------------------------------- */

/* Native syscalls with ftrace metadata (a filter on them installs). */
static int meta_nr[NATIVE_NR_MAX];
static int n_meta;

static void find_filterable_syscalls(struct __test_metadata *_metadata)
{
	int nr, st;

	n_meta = 0;
	for (nr = 0; nr < NATIVE_NR; nr++) {
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
			if (!install_one(nr, "__syscall_nr >= 0"))
				_exit(0);
			_exit(errno == EOPNOTSUPP ? 1 : 2);
		}
		st = wait_status(pid);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			meta_nr[n_meta++] = nr;
	}
	ASSERT_LT(100, n_meta) {
		TH_LOG("only %d native syscalls take a filter", n_meta);
	}
}

/*
 * An always-true expression of about @len characters that any syscall's
 * event takes: "__syscall_nr < B && __syscall_nr < B+1 && ...", B >= 1000.
 * @prefix goes first.  malloc'd.  Relational terms: a run of "!=" joined
 * by "&&" on one field is folded into one set predicate by the filter
 * engine, and would hold a few bytes per term instead of a predicate.
 */
static char *long_expr(const char *prefix, long base, size_t len)
{
	char *e = malloc(len + 64);
	size_t o;

	if (!e)
		abort();
	o = snprintf(e, len + 64, "%s__syscall_nr < %ld", prefix, base++);
	while (o + 40 < len)
		o += snprintf(e + o, len + 64 - o, " && __syscall_nr < %ld",
			      base++);
	return e;
}

/* ========================================================================== */
/* 1. Control characters                                                      */
/* ========================================================================== */

FIXTURE(control_char) {
	int unused;
};

FIXTURE_VARIANT(control_char) {
	const char *expr;
};

FIXTURE_VARIANT_ADD(control_char, newline_between_predicates) {
	.expr = "fd != 4000\n&& fd != 4001",
};

FIXTURE_VARIANT_ADD(control_char, newline_at_the_end) {
	.expr = "fd != 4000\n",
};

FIXTURE_VARIANT_ADD(control_char, newlines_inside_parentheses) {
	.expr = "(fd != 4000\n\n|| fd == 1)",
};

FIXTURE_VARIANT_ADD(control_char, tab_between_predicates) {
	.expr = "fd != 4000\t&& fd != 4001",
};

FIXTURE_VARIANT_ADD(control_char, tab_at_the_start) {
	.expr = "\tfd != 4000",
};

FIXTURE_VARIANT_ADD(control_char, carriage_return) {
	.expr = "fd != 4000\r",
};

FIXTURE_VARIANT_ADD(control_char, vertical_tab) {
	.expr = "fd !=\v4000",
};

FIXTURE_VARIANT_ADD(control_char, form_feed) {
	.expr = "fd != 4000 &&\ffd != 4001",
};

FIXTURE_VARIANT_ADD(control_char, byte_0x01) {
	.expr = "fd != 4000\x01",
};

FIXTURE_VARIANT_ADD(control_char, escape_0x1b) {
	.expr = "fd != \x1b" "4000",
};

FIXTURE_VARIANT_ADD(control_char, byte_0x1f) {
	.expr = "fd != 4000 \x1f",
};

FIXTURE_VARIANT_ADD(control_char, delete_0x7f) {
	.expr = "fd != 4000\x7f",
};

FIXTURE_SETUP(control_char)
{
}

FIXTURE_TEARDOWN(control_char)
{
}

TEST_F(control_char, einval_and_nothing_changes)
{
	REQUIRE_FILTERS();
	refused_everywhere(_metadata, __NR_close, "fd", variant->expr, EINVAL,
			   false, 0);
}

/*
 * The control character in the second of two filters of one request (a
 * good one on dup first): the whole request is refused.
 */
TEST_F(control_char, in_the_second_filter_of_a_request)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap_filter f[2];
		struct state before;
		long r;

		via_prior_state(_metadata, VIA_SECCOMP_NARROW, __NR_close, "fd");
		state_take(&before, __NR_close);
		fset(&f[0], __NR_dup, "fildes != 4000");
		fset(&f[1], __NR_close, variant->expr);
		r = install_filters(ACT_ERRNO, f, 2);
		EXPECT_EQ(-1, r) {
			TH_LOG("\"%s\" was accepted", shown(variant->expr));
		}
		EXPECT_EQ(EINVAL, errno);
		expect_same_state(_metadata, &before, __NR_close);
		EXPECT_EQ(-EBADF, probe(__NR_dup, 4000));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* Plain spaces, anywhere and several: accepted, and shown as given. */
TEST(spaces_are_fine)
{
	static const char *const exprs[] = {
		"  fd  !=  4242   &&   fd != 4244  ",
		"fd!=4242&&fd!=4244",
		" ( fd != 4242 ) ",
	};
	unsigned int i;
	int via;

	REQUIRE_FILTERS();
	for (i = 0; i < ARRAY_SIZE(exprs); i++) {
		for (via = 0; via < VIA_N; via += VIA_N - 1) {	/* fresh, prctl */
			pid_t pid = fork();

			ASSERT_LE(0, pid);
			if (pid == 0) {
				char buf[PAGE], bad[256], *proc;
				long r;

				child_prep(_metadata, true);
				if (via == VIA_PRCTL)
					ASSERT_EQ(0, install_filters(ACT_ERRNO, NULL, 0));
				r = via_request(via, __NR_close, exprs[i]);
				ASSERT_EQ(0, r) {
					TH_LOG("%s: \"%s\": %s", via_name[via],
					       exprs[i], strerror(errno));
				}
				EXPECT_EQ((long)strlen(exprs[i]) + 1,
					  prctl(PR_GET_SECCOMP_FILTER, __NR_close,
						(unsigned long)buf, sizeof(buf), 0));
				EXPECT_STREQ(exprs[i], buf);
				EXPECT_EQ(-E_BITMAP, probe(__NR_close, DENY_V));
				EXPECT_EQ(-EBADF, probe(__NR_close, RUN_V));
				proc = proc_text();
				EXPECT_TRUE(!proc_bad_line(proc, bad, sizeof(bad))) {
					TH_LOG("bad line \"%s\"", shown(bad));
				}
				free(proc);
				CHILD_EXIT();
			}
			EXPECT_EXITED(wait_status(pid), 0);
		}
	}
}

/* ========================================================================== */
/* 2. Fields: the syscall's own, nothing of the task                          */
/* ========================================================================== */

FIXTURE(task_field) {
	int unused;
};

/* each expression is true for every getpgid() of the test, should it install */
FIXTURE_VARIANT(task_field) {
	const char *expr;
};

FIXTURE_VARIANT_ADD(task_field, common_pid) {
	.expr = "common_pid > 0",
};

FIXTURE_VARIANT_ADD(task_field, common_pid_ne) {
	.expr = "common_pid != 0",
};

FIXTURE_VARIANT_ADD(task_field, common_type) {
	.expr = "common_type == 0",
};

FIXTURE_VARIANT_ADD(task_field, common_flags) {
	.expr = "common_flags == 0",
};

FIXTURE_VARIANT_ADD(task_field, common_preempt_count) {
	.expr = "common_preempt_count == 0",
};

FIXTURE_VARIANT_ADD(task_field, CPU) {
	.expr = "CPU >= 0",
};

FIXTURE_VARIANT_ADD(task_field, cpu) {
	.expr = "cpu < 4096",
};

FIXTURE_VARIANT_ADD(task_field, common_cpu) {
	.expr = "common_cpu != 4095",
};

FIXTURE_VARIANT_ADD(task_field, COMM) {
	.expr = "COMM == 0",
};

FIXTURE_VARIANT_ADD(task_field, comm) {
	.expr = "comm != 1",
};

FIXTURE_VARIANT_ADD(task_field, common_pid_behind_or) {
	.expr = "pid == 4242 || common_pid > 0",
};

FIXTURE_VARIANT_ADD(task_field, preempt_count_under_not) {
	.expr = "!(common_preempt_count != 0)",
};

FIXTURE_VARIANT_ADD(task_field, cpu_behind_and) {
	.expr = "pid != 4242 && CPU < 1024",
};

FIXTURE_SETUP(task_field)
{
}

FIXTURE_TEARDOWN(task_field)
{
}

TEST_F(task_field, einval_and_nothing_changes)
{
	REQUIRE_FILTERS();
	refused_everywhere(_metadata, __NR_getpgid, "pid", variant->expr,
			   EINVAL, false, 0);
}

/* The syscall's own fields are what a filter may name. */
TEST(argument_fields_and_syscall_nr_accepted)
{
	static const struct {
		int nr;
		const char *expr;
	} ok[] = {
#ifdef __x86_64__
		{ __NR_getpgid, "pid != 4242 && __syscall_nr == 121" },
#else
		{ __NR_getpgid, "pid != 4242 && __syscall_nr == 155" },
#endif
		{ __NR_close, "fd != 4242" },
		{ __NR_openat, "dfd != 4242 && flags >= 0 && mode >= 0" },
#ifdef __x86_64__
		{ __NR_dup, "__syscall_nr == 32 && fildes != 4242" },
#else
		{ __NR_dup, "__syscall_nr == 23 && fildes != 4242" },
#endif
	};
	unsigned int i;

	REQUIRE_FILTERS();
	for (i = 0; i < ARRAY_SIZE(ok); i++) {
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			child_prep(_metadata, true);
			ASSERT_EQ(0, install_one(ok[i].nr, ok[i].expr)) {
				TH_LOG("\"%s\": %s", ok[i].expr, strerror(errno));
			}
			EXPECT_EQ(-E_BITMAP, probe(ok[i].nr, DENY_V));
			EXPECT_NE(-E_BITMAP, probe(ok[i].nr, RUN_V));
			ASSERT_EQ(0, set_filter(ok[i].nr, ok[i].expr)) {
				TH_LOG("prctl \"%s\": %s", ok[i].expr,
				       strerror(errno));
			}
			EXPECT_EQ(-E_BITMAP, probe(ok[i].nr, DENY_V));
			EXPECT_NE(-E_BITMAP, probe(ok[i].nr, RUN_V));
			CHILD_EXIT();
		}
		EXPECT_EXITED(wait_status(pid), 0);
	}
}

/*
 * pid 1 of a new pid namespace: common_pid (the record's init-namespace
 * tid) must not be a way to learn or test its id outside.  The first
 * task of the namespace tries seccomp() on itself; two more tasks of the
 * namespace try the narrowing and PR_SET_SECCOMP_FILTER.  The global id
 * is read from /proc/self, which the guest mounted in the init namespace.
 */
FIXTURE(pidns) {
	int unused;
};

enum pidns_id { ID_GLOBAL, ID_NAMESPACE, ID_ANY };

FIXTURE_VARIANT(pidns) {
	enum pidns_id id;
};

FIXTURE_VARIANT_ADD(pidns, common_pid_is_global_id) {
	.id = ID_GLOBAL,
};

FIXTURE_VARIANT_ADD(pidns, common_pid_is_namespace_id) {
	.id = ID_NAMESPACE,
};

FIXTURE_VARIANT_ADD(pidns, common_pid_positive) {
	.id = ID_ANY,
};

FIXTURE_SETUP(pidns)
{
}

FIXTURE_TEARDOWN(pidns)
{
}

static pid_t global_id(void)
{
	char buf[32];
	ssize_t n = readlink("/proc/self", buf, sizeof(buf) - 1);

	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return atoi(buf);
}

static void pidns_try(struct __test_metadata *_metadata,
		      const FIXTURE_VARIANT(pidns) *variant, enum via via)
{
	pid_t gid = global_id(), nsid = getpid();
	struct state before;
	char expr[64];
	long r, got;
	int e;

	ASSERT_LT(0, gid);
	EXPECT_NE(gid, nsid);
	switch (variant->id) {
	case ID_GLOBAL:
		snprintf(expr, sizeof(expr), "common_pid == %d", gid);
		break;
	case ID_NAMESPACE:
		snprintf(expr, sizeof(expr), "common_pid == %d", nsid);
		break;
	default:
		snprintf(expr, sizeof(expr), "common_pid > 0");
	}
	via_prior_state(_metadata, via, __NR_getpgid, "pid");
	state_take(&before, __NR_getpgid);
	r = via_request(via, __NR_getpgid, expr);
	e = errno;
	EXPECT_EQ(-1, r) {
		got = probe(__NR_getpgid, 0);
		TH_LOG("%s: \"%s\" accepted in the pid namespace (pid %d there, %d outside); getpgid(0) then %s",
		       via_name[via], expr, nsid, gid,
		       got == -E_BITMAP ? "denied: the filter did not see the namespace id" :
		       "ran: the filter saw the init-namespace id");
	}
	if (r == -1)
		EXPECT_EQ(EINVAL, e);
	expect_same_state(_metadata, &before, __NR_getpgid);
}

TEST_F(pidns, common_pid_refused_in_a_new_pid_namespace)
{
	pid_t init;

	REQUIRE_FILTERS();
	if (unshare(CLONE_NEWPID)) {
		if (errno == EINVAL)
			SKIP(return, "no pid namespaces (CONFIG_PID_NS)");
		ASSERT_EQ(0, -errno) TH_LOG("unshare(CLONE_NEWPID): %s", strerror(errno));
	}
	init = fork();
	ASSERT_LE(0, init);
	if (init == 0) {
		enum via via;

		EXPECT_EQ(1, getpid());
		/* the narrowing and the prctl in further tasks of the namespace */
		for (via = VIA_SECCOMP_NARROW; via < VIA_N; via++) {
			pid_t pid = fork();

			ASSERT_LE(0, pid);
			if (pid == 0) {
				pidns_try(_metadata, variant, via);
				CHILD_EXIT();
			}
			EXPECT_EXITED(wait_status(pid), 0);
		}
		/* and pid 1 itself, on itself */
		pidns_try(_metadata, variant, VIA_SECCOMP_FRESH);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(init), 0);
}

/* ========================================================================== */
/* 3. Constants must fit their field                                          */
/* ========================================================================== */

FIXTURE(constant) {
	int unused;
};

FIXTURE_VARIANT(constant) {
	int nr;
	const char *arg0;
	const char *expr;
	int err;		/* EINVAL, or 0: accepted */
	long must_deny;		/* refused: a value the expression cannot let through */
	long allow[3];		/* accepted: values that run */
	int nallow;
	long deny[3];		/* accepted: values denied */
	int ndeny;
};

/* `pid > 4294967295` truncated is `pid > -1`: every getpgid() ran */
FIXTURE_VARIANT_ADD(constant, getpgid_pid_gt_u32_max) {
	.nr = __NR_getpgid, .arg0 = "pid", .expr = "pid > 4294967295",
	.err = EINVAL, .must_deny = 0,
};

FIXTURE_VARIANT_ADD(constant, getpgid_pid_eq_2_pow_31) {
	.nr = __NR_getpgid, .arg0 = "pid", .expr = "pid == 2147483648",
	.err = EINVAL, .must_deny = INT_MIN,
};

FIXTURE_VARIANT_ADD(constant, getpgid_pid_eq_minus_2_pow_31_minus_1) {
	.nr = __NR_getpgid, .arg0 = "pid", .expr = "pid == -2147483649",
	.err = EINVAL, .must_deny = INT_MAX,
};

FIXTURE_VARIANT_ADD(constant, getpgid_pid_eq_hex_2_pow_32) {
	.nr = __NR_getpgid, .arg0 = "pid", .expr = "pid == 0x100000000",
	.err = EINVAL, .must_deny = 0,
};

FIXTURE_VARIANT_ADD(constant, getpgid_pid_lt_minus_2_pow_32) {
	.nr = __NR_getpgid, .arg0 = "pid", .expr = "pid < -4294967296",
	.err = EINVAL, .must_deny = -1,
};

FIXTURE_VARIANT_ADD(constant, close_fd_eq_2_pow_32) {
	.nr = __NR_close, .arg0 = "fd", .expr = "fd == 4294967296",
	.err = EINVAL, .must_deny = 0,
};

FIXTURE_VARIANT_ADD(constant, close_fd_ge_2_pow_32) {
	.nr = __NR_close, .arg0 = "fd", .expr = "fd >= 4294967296",
	.err = EINVAL, .must_deny = RUN_V,
};

FIXTURE_VARIANT_ADD(constant, openat_dfd_sign_extended_hex) {
	.nr = __NR_openat, .arg0 = "dfd", .expr = "dfd == 0xffffffffffffff9c",
	.err = EINVAL, .must_deny = AT_FDCWD,
};

/* 0xffffff9c is 4294967196: no int is that */
FIXTURE_VARIANT_ADD(constant, openat_dfd_u32_hex) {
	.nr = __NR_openat, .arg0 = "dfd", .expr = "dfd == 0xffffff9c",
	.err = EINVAL, .must_deny = AT_FDCWD,
};

/*
 * Values that are no integer constant (the event-filter engine of 6.12
 * has both; 6.1's parses neither): a kernel function's address range,
 * which would tell a task where the kernel is, and CPU masks.
 */
/* count: an 8-byte field, as .function wants */
FIXTURE_VARIANT_ADD(constant, read_count_function_name) {
	.nr = __NR_read, .arg0 = "fd", .expr = "count.function == do_exit",
	.err = EINVAL, .must_deny = RUN_V,
};

FIXTURE_VARIANT_ADD(constant, close_fd_and_cpus_mask) {
	.nr = __NR_close, .arg0 = "fd", .expr = "fd & CPUS{0-1}",
	.err = EINVAL, .must_deny = RUN_V,
};

FIXTURE_VARIANT_ADD(constant, close_fd_eq_cpus_single) {
	.nr = __NR_close, .arg0 = "fd", .expr = "fd == CPUS{1}",
	.err = EINVAL, .must_deny = RUN_V,
};

FIXTURE_VARIANT_ADD(constant, getpgid_pid_eq_int_max) {
	.nr = __NR_getpgid, .arg0 = "pid", .expr = "pid == 2147483647",
	.allow = { INT_MAX, 0x7fffffffL | (1L << 32) }, .nallow = 2,
	.deny = { 0, INT_MIN }, .ndeny = 2,
};

FIXTURE_VARIANT_ADD(constant, getpgid_pid_eq_int_min) {
	.nr = __NR_getpgid, .arg0 = "pid", .expr = "pid == -2147483648",
	/* sign- and zero-extended in the register: the same pid_t */
	.allow = { INT_MIN, 0x80000000L }, .nallow = 2,
	.deny = { 0, INT_MAX }, .ndeny = 2,
};

FIXTURE_VARIANT_ADD(constant, getpgid_pid_eq_minus_one) {
	.nr = __NR_getpgid, .arg0 = "pid", .expr = "pid == -1",
	.allow = { -1L, 0xffffffffL }, .nallow = 2,
	.deny = { 0, 1 }, .ndeny = 2,
};

FIXTURE_VARIANT_ADD(constant, close_fd_eq_u32_max) {
	.nr = __NR_close, .arg0 = "fd", .expr = "fd == 4294967295",
	.allow = { 0xffffffffL, -1L }, .nallow = 2,
	.deny = { RUN_V, 0x7fffffffL }, .ndeny = 2,
};

/* AT_FDCWD sign- or zero-extended is AT_FDCWD; a directory fd is not */
FIXTURE_VARIANT_ADD(constant, openat_dfd_eq_at_fdcwd) {
	.nr = __NR_openat, .arg0 = "dfd", .expr = "dfd == -100",
	.allow = { AT_FDCWD, 0xffffff9cL }, .nallow = 2,
	.deny = { 100, RUN_V }, .ndeny = 2,
};

FIXTURE_SETUP(constant)
{
}

FIXTURE_TEARDOWN(constant)
{
}

TEST_F(constant, refused_or_exact)
{
	int via, i, st;

	REQUIRE_FILTERS();
	if (variant->err) {
		refused_everywhere(_metadata, variant->nr, variant->arg0,
				   variant->expr, variant->err, true,
				   variant->must_deny);
		return;
	}
	for (via = 0; via < VIA_N; via++) {
		pid_t pid = fork();

		ASSERT_LE(0, pid);
		if (pid == 0) {
			/* openat's directory fd at 100 */
			int d = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

			ASSERT_EQ(100, dup2(d, 100));
			via_prior_state(_metadata, via, variant->nr, variant->arg0);
			ASSERT_EQ(0, via_request(via, variant->nr, variant->expr)) {
				TH_LOG("%s: \"%s\": %s", via_name[via],
				       variant->expr, strerror(errno));
			}
			for (i = 0; i < variant->nallow; i++)
				EXPECT_NE(-E_BITMAP, probe(variant->nr, variant->allow[i])) {
					TH_LOG("%s = 0x%lx denied", variant->arg0,
					       variant->allow[i]);
				}
			for (i = 0; i < variant->ndeny; i++)
				EXPECT_EQ(-E_BITMAP, probe(variant->nr, variant->deny[i])) {
					TH_LOG("%s = 0x%lx ran", variant->arg0,
					       variant->deny[i]);
				}
			CHILD_EXIT();
		}
		st = wait_status(pid);
		EXPECT_EXITED(st, 0);
		if (st)
			TH_LOG("(that was %s)", via_name[via]);
	}
}

/* ========================================================================== */
/* 4. tracefs: the syscall event formats and filters as they were             */
/* ========================================================================== */

static const char *tracefs(void)
{
	static const char *const dirs[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
	};
	char path[128];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		snprintf(path, sizeof(path), "%s/events/syscalls", dirs[i]);
		if (!access(path, F_OK))
			return dirs[i];
	}
	mount("nodev", dirs[0], "tracefs", 0, NULL);
	snprintf(path, sizeof(path), "%s/events/syscalls", dirs[0]);
	return access(path, F_OK) ? NULL : dirs[0];
}

FIXTURE(event_format) {
	char dir[256];		/* "" if absent: the tests skip */
};

FIXTURE_VARIANT(event_format) {
	const char *event;
	const char *field;	/* "field:<type> <name>;" */
	const char *filter;	/* a filter ftrace took before the series */
};

FIXTURE_VARIANT_ADD(event_format, openat_dfd) {
	.event = "sys_enter_openat", .field = "int dfd",
	.filter = "dfd == 0xffffffffffffff9c",
};

FIXTURE_VARIANT_ADD(event_format, close_fd) {
	.event = "sys_enter_close", .field = "unsigned int fd",
	.filter = "fd == 0x100003039",
};

FIXTURE_VARIANT_ADD(event_format, getpgid_pid) {
	.event = "sys_enter_getpgid", .field = "pid_t pid",
	.filter = "pid == 0xffffffffffffffff",
};

FIXTURE_VARIANT_ADD(event_format, mmap_fd) {
	.event = "sys_enter_mmap", .field = "unsigned long fd",
	.filter = "fd == 0xffffffffffffffff",
};

FIXTURE_VARIANT_ADD(event_format, read_count) {
	.event = "sys_enter_read", .field = "size_t count",
	.filter = "count > 0x100000000",
};

FIXTURE_SETUP(event_format)
{
	const char *t = tracefs();

	/* a SKIP() here would still run the test (6.1's harness) */
	if (t)
		snprintf(self->dir, sizeof(self->dir), "%s/events/syscalls/%s",
			 t, variant->event);
	if (self->dir[0] && access(self->dir, F_OK))
		self->dir[0] = '\0';
}

#define REQUIRE_EVENT() do {						\
	if (!self->dir[0])						\
		SKIP(return, "no tracefs event syscalls:%s (tracefs or "	\
		     "CONFIG_FTRACE_SYSCALLS missing)", variant->event);	\
} while (0)

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	ssize_t n;
	int e;

	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	e = errno;
	close(fd);
	if (n < 0)
		return -e;
	return n == (ssize_t)strlen(s) ? 0 : -EIO;
}

FIXTURE_TEARDOWN(event_format)
{
	char path[300];

	if (self->dir[0]) {
		snprintf(path, sizeof(path), "%s/filter", self->dir);
		write_str(path, "0");
	}
}

/* Every argument field is as wide as a register and unsigned, as in 6.1. */
TEST_F(event_format, argument_fields_are_8_bytes_unsigned)
{
	char path[300], buf[8192], *line, *save;
	bool seen_field = false, seen_nr = false;
	int nargs = 0;

	REQUIRE_EVENT();
	snprintf(path, sizeof(path), "%s/format", self->dir);
	ASSERT_LT(0, read_file(path, buf, sizeof(buf)));
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char decl[128];
		unsigned int off, size;
		int sgn;

		if (sscanf(line, " field:%127[^;]; offset:%u; size:%u; signed:%d;",
			   decl, &off, &size, &sgn) != 4)
			continue;
		if (!strcmp(decl, "int __syscall_nr")) {
			seen_nr = true;
			EXPECT_EQ(8, off);
			EXPECT_EQ(4, size);
			EXPECT_EQ(1, sgn);
			continue;
		}
		if (off < 16)		/* common_* */
			continue;
		nargs++;
		if (!strcmp(decl, variant->field))
			seen_field = true;
		EXPECT_EQ(16 + 8 * (nargs - 1), off) TH_LOG("%s", line);
		EXPECT_EQ(8, size) TH_LOG("%s: %s", variant->event, line);
		EXPECT_EQ(0, sgn) TH_LOG("%s: %s", variant->event, line);
	}
	EXPECT_TRUE(seen_nr);
	EXPECT_TRUE(seen_field) TH_LOG("no \"field:%s;\" in %s", variant->field, path);
}

/* A filter string ftrace took before the series still sets, and clears. */
TEST_F(event_format, pre_series_filter_string_sets)
{
	char path[300], buf[PAGE], want[256];
	int r;

	REQUIRE_EVENT();
	snprintf(path, sizeof(path), "%s/filter", self->dir);
	r = write_str(path, variant->filter);
	EXPECT_EQ(0, r) {
		TH_LOG("%s: \"%s\": %s", path, variant->filter, strerror(-r));
		if (read_file(path, buf, sizeof(buf)) > 0)
			TH_LOG("the filter file says: %s", buf);
	}
	snprintf(want, sizeof(want), "%s\n", r ? "none" : variant->filter);
	ASSERT_LT(0, read_file(path, buf, sizeof(buf)));
	if (!r)
		EXPECT_STREQ(want, buf);
	EXPECT_EQ(0, write_str(path, "0"));
	ASSERT_LT(0, read_file(path, buf, sizeof(buf)));
	EXPECT_STREQ("none\n", buf);
}

/* ========================================================================== */
/* 5. Arguments the kernel narrows after entry                                */
/* ========================================================================== */

/*
 * The unconditional cases of the audit of 64-bit arguments the kernel uses
 * as 32-bit ones (build/narrowed-audit.md, section 1): an fd, a pid, clone
 * flags, an iovec count, a mempolicy mode.
 */
enum narrow_kind {
	/* the fd, pid or flags */
	NK_MMAP, NK_WRITEV, NK_READV, NK_PREADV, NK_PWRITEV, NK_PREADV2,
	NK_PWRITEV2, NK_PTRACE, NK_CLONE,
	/* an iovec count (1 forbidden, 2 the control), on a file at fd 9 */
	NK_READV_VLEN, NK_WRITEV_VLEN, NK_PREADV_VLEN, NK_PWRITEV_VLEN,
	NK_PREADV2_VLEN, NK_PWRITEV2_VLEN,
	/* an iovec count, elsewhere */
	NK_VMSPLICE_NR_SEGS, NK_PVM_READV_LIOVCNT, NK_PVM_WRITEV_LIOVCNT,
	NK_PMADVISE_VLEN,
	/* mbind's mode: MPOL_BIND forbidden, MPOL_PREFERRED the control */
	NK_MBIND_MODE,
};

#define COUNT_FD	9
#define MPOL_PREFERRED_	1
#define MPOL_BIND_	2

#ifndef __NR_pidfd_open
#define __NR_pidfd_open	434
#endif
#define MADV_COLD_	20	/* process_madvise() takes it for anonymous memory */

#ifndef __NR_process_madvise
#define __NR_process_madvise 440
#endif

FIXTURE(narrowed) {
	int unused;
};

/*
 * The filter is "<field> != N": the call with N | 1 << 32, which the
 * kernel runs as N, is denied; the call with another value M runs.
 */
FIXTURE_VARIANT(narrowed) {
	enum narrow_kind kind;
	int nr;
	const char *name;
	const char *field;
	long n, m;	/* 0 for ptrace: the pids of two children */
};

FIXTURE_VARIANT_ADD(narrowed, mmap_fd) {
	.kind = NK_MMAP, .nr = __NR_mmap, .name = "mmap", .field = "fd",
	.n = 3, .m = 4,
};

FIXTURE_VARIANT_ADD(narrowed, writev_fd) {
	.kind = NK_WRITEV, .nr = __NR_writev, .name = "writev", .field = "fd",
	.n = 9, .m = 10,
};

FIXTURE_VARIANT_ADD(narrowed, readv_fd) {
	.kind = NK_READV, .nr = __NR_readv, .name = "readv", .field = "fd",
	.n = 9, .m = 10,
};

FIXTURE_VARIANT_ADD(narrowed, preadv_fd) {
	.kind = NK_PREADV, .nr = __NR_preadv, .name = "preadv", .field = "fd",
	.n = 9, .m = 10,
};

FIXTURE_VARIANT_ADD(narrowed, pwritev_fd) {
	.kind = NK_PWRITEV, .nr = __NR_pwritev, .name = "pwritev", .field = "fd",
	.n = 9, .m = 10,
};

FIXTURE_VARIANT_ADD(narrowed, preadv2_fd) {
	.kind = NK_PREADV2, .nr = __NR_preadv2, .name = "preadv2", .field = "fd",
	.n = 9, .m = 10,
};

FIXTURE_VARIANT_ADD(narrowed, pwritev2_fd) {
	.kind = NK_PWRITEV2, .nr = __NR_pwritev2, .name = "pwritev2",
	.field = "fd", .n = 9, .m = 10,
};

FIXTURE_VARIANT_ADD(narrowed, ptrace_pid) {
	.kind = NK_PTRACE, .nr = __NR_ptrace, .name = "ptrace", .field = "pid",
};

FIXTURE_VARIANT_ADD(narrowed, clone_flags) {
	.kind = NK_CLONE, .nr = __NR_clone, .name = "clone",
	.field = "clone_flags", .n = SIGCHLD, .m = CLONE_FS | SIGCHLD,
};

FIXTURE_VARIANT_ADD(narrowed, readv_vlen) {
	.kind = NK_READV_VLEN, .nr = __NR_readv, .name = "readv",
	.field = "vlen", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, writev_vlen) {
	.kind = NK_WRITEV_VLEN, .nr = __NR_writev, .name = "writev",
	.field = "vlen", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, preadv_vlen) {
	.kind = NK_PREADV_VLEN, .nr = __NR_preadv, .name = "preadv",
	.field = "vlen", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, pwritev_vlen) {
	.kind = NK_PWRITEV_VLEN, .nr = __NR_pwritev, .name = "pwritev",
	.field = "vlen", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, preadv2_vlen) {
	.kind = NK_PREADV2_VLEN, .nr = __NR_preadv2, .name = "preadv2",
	.field = "vlen", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, pwritev2_vlen) {
	.kind = NK_PWRITEV2_VLEN, .nr = __NR_pwritev2, .name = "pwritev2",
	.field = "vlen", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, vmsplice_nr_segs) {
	.kind = NK_VMSPLICE_NR_SEGS, .nr = __NR_vmsplice, .name = "vmsplice",
	.field = "nr_segs", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, process_vm_readv_liovcnt) {
	.kind = NK_PVM_READV_LIOVCNT, .nr = __NR_process_vm_readv,
	.name = "process_vm_readv", .field = "liovcnt", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, process_vm_writev_liovcnt) {
	.kind = NK_PVM_WRITEV_LIOVCNT, .nr = __NR_process_vm_writev,
	.name = "process_vm_writev", .field = "liovcnt", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, process_madvise_vlen) {
	.kind = NK_PMADVISE_VLEN, .nr = __NR_process_madvise,
	.name = "process_madvise", .field = "vlen", .n = 1, .m = 2,
};

FIXTURE_VARIANT_ADD(narrowed, mbind_mode) {
	.kind = NK_MBIND_MODE, .nr = __NR_mbind, .name = "mbind",
	.field = "mode", .n = MPOL_BIND_, .m = MPOL_PREFERRED_,
};

FIXTURE_SETUP(narrowed)
{
}

FIXTURE_TEARDOWN(narrowed)
{
}

struct nctx {
	long n, m;
	pid_t kids[2];
	int pipe[2];
	int pidfd;
	char *pages;		/* two pages */
	char src[2], dst[2];
};

/* A file of @len bytes @c at fd @fd (unlinked), positioned at @pos. */
static void file_at(struct __test_metadata *_metadata, int fd, char c,
		    size_t len, off_t pos)
{
	char path[64], buf[PAGE];
	int f;

	snprintf(path, sizeof(path), "/tmp/sbh-narrowed-%d-%d", getpid(), fd);
	f = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	ASSERT_LE(0, f) TH_LOG("%s: %s", path, strerror(errno));
	memset(buf, c, sizeof(buf));
	ASSERT_EQ((ssize_t)len, write(f, buf, len));
	ASSERT_EQ(pos, lseek(f, pos, SEEK_SET));
	unlink(path);
	if (f != fd) {
		ASSERT_EQ(fd, dup2(f, fd));
		close(f);
	}
}

static void narrow_prepare(struct __test_metadata *_metadata,
			   const FIXTURE_VARIANT(narrowed) *variant,
			   struct nctx *c)
{
	int i;

	memset(c, 0, sizeof(*c));
	c->n = variant->n;
	c->m = variant->m;
	switch (variant->kind) {
	case NK_MMAP:
		file_at(_metadata, c->n, 'n', PAGE, 0);
		file_at(_metadata, c->m, 'm', PAGE, 0);
		break;
	case NK_WRITEV:
		/* writev() writes at the file position: the end, it grows */
		file_at(_metadata, c->n, 'n', 4, 4);
		file_at(_metadata, c->m, 'm', 4, 4);
		break;
	case NK_READV:
	case NK_PREADV:
	case NK_PWRITEV:
	case NK_PREADV2:
	case NK_PWRITEV2:
		file_at(_metadata, c->n, 'n', 4, 0);
		file_at(_metadata, c->m, 'm', 4, 0);
		break;
	case NK_PTRACE:
		for (i = 0; i < 2; i++) {
			c->kids[i] = fork();
			ASSERT_LE(0, c->kids[i]);
			if (c->kids[i] == 0) {
				prctl(PR_SET_PDEATHSIG, SIGKILL);
				for (;;)
					pause();
			}
		}
		c->n = c->kids[0];
		c->m = c->kids[1];
		break;
	case NK_CLONE:
		break;
	case NK_WRITEV_VLEN:
		file_at(_metadata, COUNT_FD, 'c', 4, 4);
		break;
	case NK_READV_VLEN:
	case NK_PREADV_VLEN:
	case NK_PWRITEV_VLEN:
	case NK_PREADV2_VLEN:
	case NK_PWRITEV2_VLEN:
		file_at(_metadata, COUNT_FD, 'c', 4, 0);
		break;
	case NK_VMSPLICE_NR_SEGS:
		ASSERT_EQ(0, pipe(c->pipe));
		break;
	case NK_PVM_READV_LIOVCNT:
	case NK_PVM_WRITEV_LIOVCNT:
		memcpy(c->src, "ab", 2);
		break;
	case NK_PMADVISE_VLEN:
		c->pidfd = syscall(__NR_pidfd_open, getpid(), 0);
		ASSERT_LE(0, c->pidfd) TH_LOG("pidfd_open: %s", strerror(errno));
		/* fall through */
	case NK_MBIND_MODE:
		c->pages = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ASSERT_NE(MAP_FAILED, c->pages);
		memset(c->pages, 1, 2 * PAGE);
		break;
	}
}

static void narrow_release(struct nctx *c, enum narrow_kind kind)
{
	int i;

	if (kind != NK_PTRACE)
		return;
	for (i = 0; i < 2; i++) {
		kill(c->kids[i], SIGKILL);
		waitpid(c->kids[i], NULL, 0);
	}
}

static long tracer_of(pid_t pid)
{
	char path[64], buf[2048], *t;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	t = strstr(buf, "TracerPid:");
	return t ? strtol(t + 10, NULL, 10) : -1;
}

/*
 * The syscall with @v as its narrowed argument.  Returns -errno, or what
 * it did: the byte mapped or read, the bytes moved, 0 for
 * ptrace/clone/mbind.
 */
static long narrowed_call(enum narrow_kind kind, struct nctx *c, long v)
{
	char b[2] = { 'x', 'y' };
	struct iovec iov[2] = {
		{ .iov_base = &b[0], .iov_len = 1 },
		{ .iov_base = &b[1], .iov_len = 1 },
	};
	struct iovec remote;
	unsigned long nodemask = 1;
	char byte = 0;
	long r;

	switch (kind) {
	case NK_MMAP:
		r = raw_syscall6(__NR_mmap, 0, PAGE, PROT_READ, MAP_PRIVATE, v, 0);
		if (r < 0 && r > -4096)
			return r;
		byte = *(volatile char *)r;
		munmap((void *)r, PAGE);
		return byte;
	case NK_WRITEV:
		return raw_syscall6(__NR_writev, v, (long)iov, 1, 0, 0, 0);
	case NK_PWRITEV:
		return raw_syscall6(__NR_pwritev, v, (long)iov, 1, 4, 0, 0);
	case NK_PWRITEV2:
		return raw_syscall6(__NR_pwritev2, v, (long)iov, 1, 4, 0, 0);
	case NK_READV:
		r = raw_syscall6(__NR_readv, v, (long)iov, 1, 0, 0, 0);
		return r == 1 ? b[0] : r;
	case NK_PREADV:
		r = raw_syscall6(__NR_preadv, v, (long)iov, 1, 0, 0, 0);
		return r == 1 ? b[0] : r;
	case NK_PREADV2:
		r = raw_syscall6(__NR_preadv2, v, (long)iov, 1, 0, 0, 0);
		return r == 1 ? b[0] : r;
	case NK_PTRACE:
		return raw_syscall6(__NR_ptrace, PTRACE_SEIZE_REQ, v, 0, 0, 0, 0);
	case NK_CLONE:
		r = raw_syscall6(__NR_clone, v, 0, 0, 0, 0, 0);
		if (r == 0)
			raw_syscall6(__NR_exit_group, 0, 0, 0, 0, 0, 0);
		if (r > 0) {
			waitpid(r, NULL, __WALL);
			return 0;
		}
		return r;
	case NK_READV_VLEN:
		return raw_syscall6(__NR_readv, COUNT_FD, (long)iov, v, 0, 0, 0);
	case NK_WRITEV_VLEN:
		return raw_syscall6(__NR_writev, COUNT_FD, (long)iov, v, 0, 0, 0);
	case NK_PREADV_VLEN:
		return raw_syscall6(__NR_preadv, COUNT_FD, (long)iov, v, 0, 0, 0);
	case NK_PWRITEV_VLEN:
		return raw_syscall6(__NR_pwritev, COUNT_FD, (long)iov, v, 4, 0, 0);
	case NK_PREADV2_VLEN:
		return raw_syscall6(__NR_preadv2, COUNT_FD, (long)iov, v, 0, 0, 0);
	case NK_PWRITEV2_VLEN:
		return raw_syscall6(__NR_pwritev2, COUNT_FD, (long)iov, v, 4, 0, 0);
	case NK_VMSPLICE_NR_SEGS:
		return raw_syscall6(__NR_vmsplice, c->pipe[1], (long)iov, v, 0, 0, 0);
	case NK_PVM_READV_LIOVCNT:
		/* two local bytes from the two remote ones */
		iov[0].iov_base = &c->dst[0];
		iov[1].iov_base = &c->dst[1];
		remote.iov_base = c->src;
		remote.iov_len = 2;
		return raw_syscall6(__NR_process_vm_readv, getpid(), (long)iov,
				    v, (long)&remote, 1, 0);
	case NK_PVM_WRITEV_LIOVCNT:
		iov[0].iov_base = &c->src[0];
		iov[1].iov_base = &c->src[1];
		remote.iov_base = c->dst;
		remote.iov_len = 2;
		return raw_syscall6(__NR_process_vm_writev, getpid(), (long)iov,
				    v, (long)&remote, 1, 0);
	case NK_PMADVISE_VLEN:
		iov[0].iov_base = c->pages;
		iov[0].iov_len = PAGE;
		iov[1].iov_base = c->pages + PAGE;
		iov[1].iov_len = PAGE;
		return raw_syscall6(__NR_process_madvise, c->pidfd, (long)iov, v,
				    MADV_COLD_, 0, 0);
	case NK_MBIND_MODE:
		return raw_syscall6(__NR_mbind, (long)c->pages, 2 * PAGE, v,
				    (long)&nodemask, 8 * sizeof(nodemask), 0);
	}
	return -ENOSYS;
}

/* What the call returns when it runs with @v (narrowed). */
static long narrowed_ran(enum narrow_kind kind, const struct nctx *c, long v)
{
	switch (kind) {
	case NK_MMAP:
	case NK_READV:
	case NK_PREADV:
	case NK_PREADV2:
		return v == c->n ? 'n' : 'm';
	case NK_WRITEV:
	case NK_PWRITEV:
	case NK_PWRITEV2:
		return 1;
	case NK_PTRACE:
	case NK_CLONE:
	case NK_MBIND_MODE:
		return 0;
	case NK_PMADVISE_VLEN:
		return v * PAGE;
	default:		/* the iovec counts: a byte each */
		return v;
	}
}

/* State that a call acting on N (not M) changes. */
static long narrowed_observe(enum narrow_kind kind, const struct nctx *c)
{
	struct stat st;
	int n = -1;

	switch (kind) {
	case NK_WRITEV:
	case NK_PWRITEV:
	case NK_PWRITEV2:
		return fstat(c->n, &st) ? -errno : st.st_size;
	case NK_WRITEV_VLEN:
	case NK_PWRITEV_VLEN:
	case NK_PWRITEV2_VLEN:
		return fstat(COUNT_FD, &st) ? -errno : st.st_size;
	case NK_READV:
		return lseek(c->n, 0, SEEK_CUR);
	case NK_READV_VLEN:
		return lseek(COUNT_FD, 0, SEEK_CUR);
	case NK_VMSPLICE_NR_SEGS:
		return ioctl(c->pipe[0], FIONREAD, &n) ? -errno : n;
	case NK_PVM_WRITEV_LIOVCNT:
		return c->dst[0] | c->dst[1] << 8;
	case NK_PTRACE:
		return tracer_of(c->n);
	default:
		return 0;
	}
}

static void narrowed_run(struct __test_metadata *_metadata,
			 const FIXTURE_VARIANT(narrowed) *variant, bool use_prctl)
{
	struct nctx c;
	char expr[64];
	long wide, r, obs;

	child_prep(_metadata, true);
	narrow_prepare(_metadata, variant, &c);
	snprintf(expr, sizeof(expr), "%s != %ld", variant->field, c.n);
	if (use_prctl) {
		ASSERT_EQ(0, install_filters(ACT_ERRNO, NULL, 0));
		r = set_filter(variant->nr, expr);
	} else {
		r = install_one(variant->nr, expr);
	}
	ASSERT_EQ(0, r) TH_LOG("%s \"%s\": %s", variant->name, expr,
			       strerror(errno));

	/* control: another value passes the filter and the call runs */
	r = narrowed_call(variant->kind, &c, c.m);
	EXPECT_EQ(narrowed_ran(variant->kind, &c, c.m), r) {
		TH_LOG("%s(%s = %ld) under \"%s\": %ld", variant->name,
		       variant->field, c.m, expr, r);
	}
	if (variant->kind == NK_PTRACE)
		EXPECT_EQ(getpid(), tracer_of(c.m));

	/* N with the upper half set: the kernel uses N, so does the filter */
	wide = (1L << 32) | c.n;
	obs = narrowed_observe(variant->kind, &c);
	r = narrowed_call(variant->kind, &c, wide);
	EXPECT_EQ(-E_BITMAP, r) {
		TH_LOG("%s(%s = 0x%lx) under \"%s\" was let through and returned %ld%s",
		       variant->name, variant->field, wide, expr, r,
		       r == narrowed_ran(variant->kind, &c, c.n) ?
		       ": it acted on the value the filter forbids" : "");
	}
	EXPECT_EQ(obs, narrowed_observe(variant->kind, &c)) {
		TH_LOG("%s(%s = 0x%lx) acted as with %ld", variant->name,
		       variant->field, wide, c.n);
	}

	/* and N itself */
	EXPECT_EQ(-E_BITMAP, narrowed_call(variant->kind, &c, c.n));
	EXPECT_EQ(obs, narrowed_observe(variant->kind, &c));
	narrow_release(&c, variant->kind);
}

TEST_F(narrowed, upper_half_ignored_by_the_filter_too)
{
	char expr[64];
	int use_prctl, st;
	pid_t pid;

	REQUIRE_FILTERS();
	/* a syscall compiled out of this kernel has no event to filter on */
	snprintf(expr, sizeof(expr), "%s != 1", variant->field);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		_exit(install_one(variant->nr, expr) ? errno == EOPNOTSUPP ? 1 : 2 : 0);
	}
	st = wait_status(pid);
	if (WIFEXITED(st) && WEXITSTATUS(st) == 1)
		SKIP(return, "%s has no syscall event on this kernel (compiled out: %s)",
		     variant->name,
		     variant->kind == NK_MBIND_MODE ? "CONFIG_NUMA" :
		     variant->kind == NK_PVM_READV_LIOVCNT ||
		     variant->kind == NK_PVM_WRITEV_LIOVCNT ?
		     "CONFIG_CROSS_MEMORY_ATTACH" : "?");

	for (use_prctl = 0; use_prctl < 2; use_prctl++) {
		pid = fork();
		ASSERT_LE(0, pid);
		if (pid == 0) {
			narrowed_run(_metadata, variant, use_prctl);
			CHILD_EXIT();
		}
		st = wait_status(pid);
		EXPECT_EXITED(st, 0);
		if (st)
			TH_LOG("(that was with the filter given by %s)",
			       use_prctl ? "PR_SET_SECCOMP_FILTER" : "seccomp()");
	}
}

/*
 * An argument that some values of another argument narrow and others use
 * whole has no one width the syscall uses: no filter may name it.
 */
FIXTURE(conditional_arg) {
	int unused;
};

FIXTURE_VARIANT(conditional_arg) {
	int nr;
	const char *arg0;	/* the first argument, for the prior filter */
	const char *expr;
};

FIXTURE_VARIANT_ADD(conditional_arg, prctl_arg2) {
	.nr = __NR_prctl, .arg0 = "option", .expr = "arg2 != 13",
};

FIXTURE_VARIANT_ADD(conditional_arg, prctl_arg3) {
	.nr = __NR_prctl, .arg0 = "option", .expr = "option != 35 || arg3 == 0",
};

FIXTURE_VARIANT_ADD(conditional_arg, prctl_arg4) {
	.nr = __NR_prctl, .arg0 = "option", .expr = "arg4 == 0",
};

FIXTURE_VARIANT_ADD(conditional_arg, prctl_arg5) {
	.nr = __NR_prctl, .arg0 = "option", .expr = "arg5 == 0",
};

FIXTURE_VARIANT_ADD(conditional_arg, ptrace_addr) {
	.nr = __NR_ptrace, .arg0 = "request", .expr = "addr >= 0",
};

FIXTURE_VARIANT_ADD(conditional_arg, ptrace_data) {
	.nr = __NR_ptrace, .arg0 = "request", .expr = "request != 17 || data == 0",
};

FIXTURE_VARIANT_ADD(conditional_arg, ioctl_arg) {
	.nr = __NR_ioctl, .arg0 = "fd", .expr = "arg != 3",
};

FIXTURE_VARIANT_ADD(conditional_arg, keyctl_arg2) {
	.nr = __NR_keyctl, .arg0 = "option", .expr = "arg2 != 0",
};

FIXTURE_VARIANT_ADD(conditional_arg, kcmp_idx1) {
	.nr = __NR_kcmp, .arg0 = "pid1", .expr = "idx1 < 100",
};

FIXTURE_VARIANT_ADD(conditional_arg, kcmp_idx2) {
	.nr = __NR_kcmp, .arg0 = "pid1", .expr = "idx2 < 100",
};

FIXTURE_VARIANT_ADD(conditional_arg, semctl_arg) {
	.nr = __NR_semctl, .arg0 = "semid", .expr = "arg == 0",
};

FIXTURE_VARIANT_ADD(conditional_arg, futex_utime) {
	.nr = __NR_futex, .arg0 = "uaddr", .expr = "utime == 0",
};

#ifdef __NR_sysfs
FIXTURE_VARIANT_ADD(conditional_arg, sysfs_arg1) {
	.nr = __NR_sysfs, .arg0 = "option", .expr = "arg1 < 10",
};
#endif

FIXTURE_SETUP(conditional_arg)
{
}

FIXTURE_TEARDOWN(conditional_arg)
{
}

/* Does @nr take a filter at all on this kernel (is it built, with metadata)? */
static bool has_filter_metadata(int nr, const char *arg0)
{
	char expr[64];
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		snprintf(expr, sizeof(expr), "%s != %d", arg0, DENY_V);
		_exit(install_one(nr, expr) ? 1 : 0);
	}
	waitpid(pid, &st, 0);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

TEST_F(conditional_arg, einval_and_nothing_changes)
{
	REQUIRE_FILTERS();
	if (!has_filter_metadata(variant->nr, variant->arg0))
		SKIP(return, "syscall %d is not built into this kernel", variant->nr);
	refused_everywhere(_metadata, variant->nr, variant->arg0, variant->expr,
			   EINVAL, false, 0);
}

/*
 * fcntl's arg is an int to the filter: F_DUPFD takes it as an unsigned
 * int, so 0x100000005 is 5 to the kernel and must be 5 to the filter.
 */
TEST(fcntl_arg_is_an_int)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		long r;

		child_prep(_metadata, true);
		/* F_DUPFD (0) only onto descriptors 100 and up */
		ASSERT_EQ(0, install_one(__NR_fcntl, "cmd != 0 || arg >= 100"));
		r = raw_syscall6(__NR_fcntl, 0, F_DUPFD, 200, 0, 0, 0);
		EXPECT_LE(200, r);
		if (r >= 0)
			close(r);
		EXPECT_EQ(-E_BITMAP, raw_syscall6(__NR_fcntl, 0, F_DUPFD, 5, 0, 0, 0));
		r = raw_syscall6(__NR_fcntl, 0, F_DUPFD, (1L << 32) | 5, 0, 0, 0);
		EXPECT_EQ(-E_BITMAP, r) {
			TH_LOG("F_DUPFD from 0x100000005 was let through and returned %ld", r);
		}
		/* the int: a negative constant parses */
		EXPECT_EQ(0, set_filter(__NR_fcntl, "cmd != 8 || arg != -1"));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}


/* ========================================================================== */
/* 6. Memory: bounded along the chain, charged to the memory cgroup           */
/* ========================================================================== */

/* documented cap of a task's chain, and what the tests allow Slab to grow */
#define CHAIN_CAP_KB		1024
#define CHAIN_SLAB_MAX_KB	(2 * 1024 + 256)
/* give up waiting for ENOMEM past this growth (the cap is not there) */
#define CHAIN_GIVE_UP_KB	(24 * 1024)
#define SLAB_TOLERANCE_KB	512

/*
 * Narrow again and again, each request adding filters of about @len
 * characters on @group syscalls; @repeat requests in a row AND onto the
 * same group ("(old) && (new)", the old filters staying alive in the
 * older objects), then the next group.
 */
FIXTURE(chain_cap) {
	int unused;
};

FIXTURE_VARIANT(chain_cap) {
	bool use_prctl;		/* one PR_SET_SECCOMP_FILTER per filter */
	int group;
	int len;
	int repeat;
};

/*
 * 4000 bytes: once an owner's integer predicates lived in 16-byte program
 * entries ("tracing/filters: keep an owner's integer predicates in the
 * program"; 24 bytes since review fin's RF-1), 10 filters of 2000 bytes
 * per request no longer reached the cap before arm64's filterable
 * syscalls ran out (23 requests).
 */
FIXTURE_VARIANT_ADD(chain_cap, seccomp_new_syscalls_each_time) {
	.use_prctl = false, .group = 10, .len = 4000, .repeat = 1,
};

/*
 * 4000 bytes, for the same reason (20 filters of 1000 bytes ran out at
 * 11 requests on arm64 once predicates were 48-byte objects, of 2000
 * bytes once they were 16-byte entries).
 */
FIXTURE_VARIANT_ADD(chain_cap, seccomp_20_syscalls_each_time) {
	.use_prctl = false, .group = 20, .len = 4000, .repeat = 1,
};

FIXTURE_VARIANT_ADD(chain_cap, prctl_new_syscalls_each_time) {
	.use_prctl = true, .group = 10, .len = 2000, .repeat = 1,
};

FIXTURE_VARIANT_ADD(chain_cap, seccomp_anded_onto_the_same_syscalls) {
	.use_prctl = false, .group = 20, .len = 600, .repeat = 6,
};

FIXTURE_VARIANT_ADD(chain_cap, prctl_anded_onto_the_same_syscalls) {
	.use_prctl = true, .group = 10, .len = 600, .repeat = 6,
};

FIXTURE_SETUP(chain_cap)
{
}

FIXTURE_TEARDOWN(chain_cap)
{
}

TEST_F_TIMEOUT(chain_cap, enomem_before_2_mib_and_nothing_changes, 280)
{
	pid_t pid;

	REQUIRE_FILTERS();
	find_filterable_syscalls(_metadata);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct seccomp_bitmap_filter *f;
		int *nrs, nnrs = 0, round, i, k, ok = 0, e = 0;
		long base, now = 0, last_ok = 0, r = 0, expr_base = 1000;
		struct state before = { 0 };
		char **exprs;

		child_prep(_metadata, true);
		/* close is the witness: "fd != DENY_V", from the start */
		nrs = calloc(n_meta, sizeof(*nrs));
		f = calloc(variant->group, sizeof(*f));
		exprs = calloc(variant->group, sizeof(*exprs));
		ASSERT_TRUE(nrs && f && exprs);
		for (i = 0; i < n_meta; i++)
			if (meta_nr[i] != __NR_close)
				nrs[nnrs++] = meta_nr[i];

		base = slab_kb(true);
		ASSERT_LT(0, base);
		ASSERT_EQ(0, install_one(__NR_close, "fd != 4242"));

		for (round = 0; ; round++) {
			int g = round / variant->repeat;

			if ((g + 1) * variant->group > nnrs) {
				TH_LOG("no ENOMEM: ran out of syscalls after %d requests", ok);
				break;
			}
			for (k = 0; k < variant->group; k++) {
				exprs[k] = long_expr("", expr_base, variant->len);
				expr_base += 200;
				fset(&f[k], nrs[g * variant->group + k], exprs[k]);
			}
			if (variant->use_prctl) {
				for (k = 0; k < variant->group; k++) {
					state_take(&before, __NR_close);
					r = set_filter(f[k].nr, exprs[k]);
					e = errno;
					if (r)
						break;
					ok++;
					free(before.proc);
					before.proc = NULL;
				}
			} else {
				state_take(&before, __NR_close);
				r = install_filters(ACT_ERRNO, f, variant->group);
				e = errno;
				if (!r) {
					ok++;
					free(before.proc);
					before.proc = NULL;
				}
			}
			for (k = 0; k < variant->group; k++)
				free(exprs[k]);
			if (r)
				break;
			last_ok = slab_kb(false);
			if (last_ok - base > CHAIN_GIVE_UP_KB) {
				TH_LOG("no ENOMEM after %d requests: Slab grew by %ld kB",
				       ok, last_ok - base);
				break;
			}
		}
		now = slab_kb(true);
		TH_LOG("%d requests accepted, then %s; Slab %ld kB at the start, %ld kB at the end (%+ld kB)",
		       ok, r ? strerror(e) : "none refused", base, now, now - base);
		EXPECT_EQ(-1, r);
		if (r) {
			EXPECT_EQ(ENOMEM, e);
			/* the refusal changed nothing */
			expect_same_state(_metadata, &before, __NR_close);
		}
		/* a request well under the cap was accepted */
		EXPECT_LE(1, ok);
		if (!debug_kernel())
			EXPECT_GE(CHAIN_SLAB_MAX_KB, now - base) {
				TH_LOG("the chain holds %ld kB of Slab (cap %d kB)",
				       now - base, CHAIN_CAP_KB);
			}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * The parser sizes a filter's program by counting predicates generously
 * (every '!' after an operator): "!(!(...(__syscall_nr >= 0)...))" is one
 * predicate in a program sized for 1360.  The cap must count what the
 * filter holds, not what it uses: 4 KB expressions of that shape, one
 * per syscall, narrowing each time, hit ENOMEM within the same bound.
 */
FIXTURE(padded) {
	int unused;
};

FIXTURE_SETUP(padded)
{
}

FIXTURE_TEARDOWN(padded)
{
}

TEST_F_TIMEOUT(padded, not_padded_expressions_count_what_they_hold, 280)
{
	pid_t pid;

	REQUIRE_FILTERS();
	find_filterable_syscalls(_metadata);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		static char expr[PAGE];
		struct state before = { 0 };
		int i, k, n = 0, ok = 0, e = 0;
		long base, now, r = 0;

		child_prep(_metadata, true);
		k = (PAGE - 1 - (int)strlen("__syscall_nr >= 0")) / 3;
		/* an even number of '!': true, every filtered syscall runs */
		k &= ~1;
		for (i = 0; i < k; i++)
			memcpy(expr + 2 * i, "!(", 2);
		n = 2 * k;
		n += sprintf(expr + n, "__syscall_nr >= 0");
		memset(expr + n, ')', k);
		expr[n + k] = 0;
		ASSERT_GT(PAGE, (int)strlen(expr));

		base = slab_kb(true);
		ASSERT_EQ(0, install_one(__NR_close, "fd != 4242"));
		for (i = 0; i < n_meta; i++) {
			if (meta_nr[i] == __NR_close)
				continue;
			state_take(&before, __NR_close);
			r = install_one(meta_nr[i], expr);
			e = errno;
			if (r)
				break;
			free(before.proc);
			before.proc = NULL;
			ok++;
		}
		now = slab_kb(true);
		TH_LOG("%d of %d filters of %zu bytes accepted, then %s; Slab %+ld kB",
		       ok, n_meta - 1, strlen(expr), r ? strerror(e) : "none refused",
		       now - base);
		EXPECT_EQ(-1, r);
		if (r) {
			EXPECT_EQ(ENOMEM, e);
			expect_same_state(_metadata, &before, __NR_close);
		}
		EXPECT_LE(1, ok);
		if (!debug_kernel())
			EXPECT_GE(CHAIN_SLAB_MAX_KB, now - base) {
				TH_LOG("the chain holds %ld kB of Slab (cap %d kB)",
				       now - base, CHAIN_CAP_KB);
			}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * One request far past the cap: filters of ~4000 characters on ~300
 * syscalls.  ENOMEM, nothing changes, and the memory parsed for it is
 * freed.
 */
FIXTURE(big_request) {
	int unused;
};

FIXTURE_VARIANT(big_request) {
	bool prior_bitmap;
	bool same_call_twice;	/* 200 syscalls, each twice in the request */
};

FIXTURE_VARIANT_ADD(big_request, unconfined) {
	.prior_bitmap = false,
};

FIXTURE_VARIANT_ADD(big_request, in_bitmap_mode) {
	.prior_bitmap = true,
};

FIXTURE_VARIANT_ADD(big_request, in_bitmap_mode_each_syscall_twice) {
	.prior_bitmap = true, .same_call_twice = true,
};

FIXTURE_SETUP(big_request)
{
}

FIXTURE_TEARDOWN(big_request)
{
}

TEST_F_TIMEOUT(big_request, enomem_and_slab_back_to_baseline, 280)
{
	pid_t pid;

	REQUIRE_FILTERS();
	find_filterable_syscalls(_metadata);
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		int n = 0, i, tries, len = variant->same_call_twice ? 2000 : 4000;
		int want = variant->same_call_twice ? 200 : 300;
		struct seccomp_bitmap_filter *f;
		struct state before;
		long base, after, r;
		char **exprs;
		int e;

		child_prep(_metadata, true);
		f = calloc(2 * NATIVE_NR, sizeof(*f));
		exprs = calloc(2 * NATIVE_NR, sizeof(*exprs));
		ASSERT_TRUE(f && exprs);
		if (variant->prior_bitmap)
			ASSERT_EQ(0, install_one(__NR_close, "fd != 4242"));
		for (i = 0; i < n_meta && n < want; i++) {
			if (meta_nr[i] == __NR_close)
				continue;
			exprs[n] = long_expr("", 1000 + 200 * n, len);
			fset(&f[n], meta_nr[i], exprs[n]);
			n++;
		}
		if (variant->same_call_twice) {
			for (i = 0; i < n; i++) {
				exprs[n + i] = long_expr("", 100000 + 200 * i, len);
				fset(&f[n + i], f[i].nr, exprs[n + i]);
			}
			n *= 2;
		}
		base = slab_kb(true);
		state_take(&before, __NR_close);
		r = install_filters(ACT_ERRNO, f, n);
		e = errno;
		EXPECT_EQ(-1, r) {
			TH_LOG("%d filters of %d characters accepted: Slab +%ld kB",
			       n, len, slab_kb(true) - base);
		}
		if (r == -1)
			EXPECT_EQ(ENOMEM, e) TH_LOG("%s", strerror(e));
		expect_same_state(_metadata, &before, __NR_close);

		/* freed (give deferred frees a few seconds) */
		after = slab_kb(true);
		for (tries = 0; tries < 10 && after - base > SLAB_TOLERANCE_KB; tries++) {
			sleep(1);
			after = slab_kb(true);
		}
		TH_LOG("%d filters: Slab %ld kB before, %ld kB after (%+ld kB)",
		       n, base, after, after - base);
		if (!debug_kernel())
			EXPECT_GE(SLAB_TOLERANCE_KB, after - base);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * memcg: a child in a cgroup of its own installs filters in one call,
 * half as many as the 1 MiB chain cap admits one install at a time: its
 * memory.current grows by at least what any kernel must hold for them
 * (memcg_least_held(): the text, kept for PR_GET_SECCOMP_FILTER, and
 * 8 bytes for each predicate's constant, so that a policy whose program
 * went uncharged fails); and with memory.max 128 kB above
 * memory.current, the same install fails with ENOMEM (not the memcg OOM
 * killer) and changes nothing.
 *
 * What one filter of MEMCG_LEN characters holds besides its text depends
 * on the kernel's event-filter engine (its program and predicates), so
 * memcg_filter_count() first counts how many such filters the cap
 * admits, in a child outside the cgroup, and the test installs half as
 * many (82 filters, 340 kB, with the compact integer programs of
 * "tracing/filters: keep an owner's integer predicates in the program";
 * 54 filters, 480 kB, before it).
 *
 * memory.current counts pages charged in batches (MEMCG_CHARGE_BATCH, 64
 * pages per CPU kept in a per-CPU stock), so the parent, outside the
 * cgroup, reads it only after draining those stocks (a memory.high
 * below the usage drains them), while the child waits: the figures are
 * then the pages the cgroup really holds.
 */
#define CG_ROOT		"/sys/fs/cgroup"
#define MEMCG_FILTERS	256	/* at most */
#define MEMCG_LEN	2000
#define MEMCG_SLACK_KB	128

static int cg_read_long(const char *cg, const char *file, long *v)
{
	char path[256], buf[64];

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	if (!strncmp(buf, "max", 3)) {
		*v = LONG_MAX;
		return 0;
	}
	*v = strtol(buf, NULL, 10);
	return 0;
}

/* a "key value" line of memory.stat, -1 if absent */
static long cg_stat(const char *cg, const char *key)
{
	char path[256], *buf, *p;
	size_t klen = strlen(key);
	long v = -1;

	buf = malloc(16384);
	if (!buf)
		return -1;
	snprintf(path, sizeof(path), "%s/memory.stat", cg);
	if (read_file(path, buf, 16384) > 0) {
		for (p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
			if (!strncmp(p, key, klen) && p[klen] == ' ') {
				v = strtol(p + klen + 1, NULL, 10);
				break;
			}
		}
	}
	free(buf);
	return v;
}

static int cg_write(const char *cg, const char *file, const char *s)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	return write_str(path, s);
}

/* Give the per-CPU charge stocks of @cg back to its counter. */
static void cg_drain(const char *cg)
{
	cg_write(cg, "memory.high", "0");	/* drains, then tries to reclaim */
	cg_write(cg, "memory.high", "max");
	usleep(100 * 1000);			/* other CPUs drain from a work item */
}

/* "" if cgroup2 with the memory controller is usable, else why not. */
static const char *memcg_unavailable(void)
{
	static char why[160];
	struct statfs sfs;
	char buf[PAGE];
	int r;

	if (read_file("/proc/filesystems", buf, sizeof(buf)) > 0 &&
	    !strstr(buf, "cgroup2"))
		return "no cgroup2 file system (kernel without CONFIG_CGROUPS and CONFIG_MEMCG)";
	if (statfs(CG_ROOT, &sfs) || sfs.f_type != CGROUP2_SUPER_MAGIC) {
		mkdir(CG_ROOT, 0755);
		if (mount("none", CG_ROOT, "cgroup2", 0, NULL)) {
			snprintf(why, sizeof(why),
				 "cannot mount cgroup2 on %s: %s (kernel without CONFIG_CGROUPS?)",
				 CG_ROOT, strerror(errno));
			return why;
		}
	}
	if (read_file(CG_ROOT "/cgroup.controllers", buf, sizeof(buf)) < 0 ||
	    !strstr(buf, "memory"))
		return "no memory controller in cgroup2 (kernel without CONFIG_MEMCG)";
	r = cg_write(CG_ROOT, "cgroup.subtree_control", "+memory");
	if (r) {
		snprintf(why, sizeof(why), "+memory in %s/cgroup.subtree_control: %s",
			 CG_ROOT, strerror(-r));
		return why;
	}
	return "";
}

/* the request of the memcg test: @count filters on the first syscalls */
static long memcg_install(char **exprs, int count)
{
	struct seccomp_bitmap_filter f[MEMCG_FILTERS];
	int i, n = 0;

	for (i = 0; i < n_meta && n < count; i++) {
		if (meta_nr[i] == __NR_close)
			continue;
		fset(&f[n], meta_nr[i], exprs[n]);
		n++;
	}
	return install_filters(ACT_ERRNO, f, n);
}

/*
 * The least memory @count of @exprs hold, whatever the engine's layout:
 * each keeps its text and its terms' constants ("&&"-joined terms of an
 * int field, 8 bytes each).  The text alone (82 filters: 164 kB) would
 * not tell a charged program from an uncharged one; with the constants
 * it does (6.1 with compact programs charges 340 kB, the bound is about
 * 220 kB; the text and the filter objects without the program would be
 * about 170 kB, by their kmalloc buckets, not measured).
 */
static long memcg_least_held(char **exprs, int count)
{
	long least = 0;
	int i;

	for (i = 0; i < count; i++) {
		const char *p = exprs[i];
		long terms = 1;

		while ((p = strstr(p, "&&"))) {
			terms++;
			p += 2;
		}
		least += strlen(exprs[i]) + 1 + 8 * terms;
	}
	return least;
}

/*
 * How many of the MEMCG_LEN-character @exprs the 1 MiB chain cap admits,
 * one install each, in a child (outside any test cgroup); -1 if none
 * fails with ENOMEM.
 */
static int memcg_filter_count(struct __test_metadata *_metadata, char **exprs)
{
	int fds[2], n = -1, st;
	pid_t pid;

	ASSERT_EQ(0, pipe(fds)) {
		return -1;
	}
	pid = fork();
	ASSERT_LE(0, pid) {
		return -1;
	}
	if (pid == 0) {
		int i, k = 0;

		close(fds[0]);
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		for (i = 0; i < n_meta && k < MEMCG_FILTERS; i++) {
			if (meta_nr[i] == __NR_close)
				continue;
			if (install_one(meta_nr[i], exprs[k])) {
				if (errno != ENOMEM)
					k = -1;
				break;
			}
			k++;
		}
		if (i == n_meta || k == MEMCG_FILTERS)
			k = -1;
		if (write(fds[1], &k, sizeof(k)) != sizeof(k))
			_exit(2);
		_exit(0);
	}
	close(fds[1]);
	if (read(fds[0], &n, sizeof(n)) != sizeof(n))
		n = -1;
	close(fds[0]);
	st = wait_status(pid);
	EXPECT_EXITED(st, 0);
	return n;
}

/* A child and its two pipes: c2p (child to parent), p2c (parent to child) */
struct cg_kid {
	pid_t pid;
	int c2p[2], p2c[2];
};

static char kid_wait(int fd)
{
	char c = 0;

	while (read(fd, &c, 1) < 0 && errno == EINTR)
		;
	return c;
}

/* Fork a child, move it into @cg; it returns 0 in the child (in @cg). */
static pid_t cg_fork(struct __test_metadata *_metadata, const char *cg,
		     struct cg_kid *k)
{
	char pidbuf[32];

	ASSERT_EQ(0, pipe(k->c2p));
	ASSERT_EQ(0, pipe(k->p2c));
	k->pid = fork();
	ASSERT_LE(0, k->pid);
	if (k->pid == 0) {
		close(k->c2p[0]);
		close(k->p2c[1]);
		if (kid_wait(k->p2c[0]) != 'g')
			_exit(3);
		child_prep(_metadata, true);
		return 0;
	}
	close(k->c2p[1]);
	close(k->p2c[0]);
	snprintf(pidbuf, sizeof(pidbuf), "%d", k->pid);
	EXPECT_EQ(0, cg_write(cg, "cgroup.procs", pidbuf));
	EXPECT_EQ(1, write(k->p2c[1], "g", 1));
	return k->pid;
}

FIXTURE(memcg) {
	char cg[128];
	char *exprs[MEMCG_FILTERS];
	int admitted;	/* filters the chain cap admits, one at a time */
	int count;	/* half of them, in one install */
};

FIXTURE_SETUP(memcg)
{
}

FIXTURE_TEARDOWN(memcg)
{
	int i;

	if (self->cg[0])
		rmdir(self->cg);
	for (i = 0; i < MEMCG_FILTERS; i++)
		free(self->exprs[i]);
}

FIXTURE_VARIANT(memcg) {
	bool limited;	/* memory.max 128 kB above memory.current */
};

FIXTURE_VARIANT_ADD(memcg, charged) {
	.limited = false,
};

FIXTURE_VARIANT_ADD(memcg, limited) {
	.limited = true,
};

TEST_F_TIMEOUT(memcg, policy_memory, 200)
{
	long before, after, kmem0, kmem1, r;
	struct cg_kid k;
	const char *why;
	char buf[32];
	int i, st;

	REQUIRE_FILTERS();
	why = memcg_unavailable();
	if (*why)
		SKIP(return, "%s", why);
	find_filterable_syscalls(_metadata);
	for (i = 0; i < MEMCG_FILTERS; i++)
		self->exprs[i] = long_expr("", 1000 + 200 * i, MEMCG_LEN);
	self->admitted = memcg_filter_count(_metadata, self->exprs);
	ASSERT_LT(1, self->admitted) {
		TH_LOG("the 1 MiB chain cap did not stop %d filters of %d characters",
		       MEMCG_FILTERS, MEMCG_LEN);
	}
	self->count = self->admitted / 2;
	/* a child the OOM killer took must not take the parent with it */
	signal(SIGPIPE, SIG_IGN);
	snprintf(self->cg, sizeof(self->cg), "%s/sbh-%d", CG_ROOT, getpid());
	ASSERT_EQ(0, mkdir(self->cg, 0755)) {
		self->cg[0] = '\0';
		TH_LOG("mkdir: %s", strerror(errno));
	}

	if (cg_fork(_metadata, self->cg, &k) == 0) {
		struct state prior;

		if (variant->limited)
			ASSERT_EQ(0, install_one(__NR_close, "fd != 4242"));
		state_take(&prior, __NR_close);
		/* ready: the parent measures (and limits) */
		ASSERT_EQ(1, write(k.c2p[1], "r", 1));
		ASSERT_EQ('g', kid_wait(k.p2c[0]));
		r = memcg_install(self->exprs, self->count);
		buf[0] = r ? errno : 0;
		if (variant->limited)
			expect_same_state(_metadata, &prior, __NR_close);
		/* done: the parent measures again */
		ASSERT_EQ(1, write(k.c2p[1], buf, 1));
		kid_wait(k.p2c[0]);
		CHILD_EXIT();
	}

	ASSERT_EQ('r', kid_wait(k.c2p[0]));
	cg_drain(self->cg);
	ASSERT_EQ(0, cg_read_long(self->cg, "memory.current", &before));
	kmem0 = cg_stat(self->cg, "kernel");
	if (variant->limited) {
		snprintf(buf, sizeof(buf), "%ld", before + MEMCG_SLACK_KB * KB);
		ASSERT_EQ(0, cg_write(self->cg, "memory.max", buf));
	}
	ASSERT_EQ(1, write(k.p2c[1], "g", 1));
	r = read(k.c2p[0], buf, 1);	/* 0: the child died */
	cg_drain(self->cg);
	ASSERT_EQ(0, cg_read_long(self->cg, "memory.current", &after));
	sleep(2);			/* memory.stat is flushed every 2 s */
	kmem1 = cg_stat(self->cg, "kernel");
	/* let it end (EPIPE if it is dead already) */
	if (write(k.p2c[1], "g", 1) != 1)
		TH_LOG("the child is gone: %s", strerror(errno));
	st = wait_status(k.pid);

	TH_LOG("%d filters of %d characters (the chain cap admits %d)%s: memory.current %ld -> %ld (%+ld kB), memory.stat kernel %ld -> %ld (%+ld kB)",
	       self->count, MEMCG_LEN, self->admitted,
	       variant->limited ? " under memory.max = memory.current + 128 kB" : "",
	       before, after, (after - before) / KB, kmem0, kmem1,
	       (kmem1 - kmem0) / KB);
	EXPECT_TRUE(WIFEXITED(st)) {
		TH_LOG("the child was killed by signal %d (the memcg OOM killer?) instead of getting ENOMEM",
		       WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	}
	if (WIFEXITED(st))
		EXPECT_EQ(0, WEXITSTATUS(st));
	ASSERT_EQ(1, r);
	if (!variant->limited) {
		EXPECT_EQ(0, buf[0]) TH_LOG("install: %s", strerror(buf[0]));
		EXPECT_LE(memcg_least_held(self->exprs, self->count),
			  after - before) {
			TH_LOG("the policy's memory is not all charged to the caller's memory cgroup: %ld kB, at least %ld kB held",
			       (after - before) / KB,
			       memcg_least_held(self->exprs, self->count) / KB);
		}
	} else {
		EXPECT_EQ(ENOMEM, buf[0]) {
			TH_LOG("install past memory.max: %s",
			       buf[0] ? strerror(buf[0]) : "accepted");
		}
		EXPECT_GE(MEMCG_SLACK_KB * KB, after - before);
	}
}

/* ========================================================================== */

/*
 * Skip the whole program without bitmap mode; note whether a valid filter
 * installs (else EOPNOTSUPP: no CONFIG_SECCOMP_BITMAP_FILTER, and the
 * tests skip one by one but for event_format).
 */
static void __attribute__((constructor)) probe_support(void)
{
	probe_filter_support(ACT_ERRNO, __NR_close, "fd != 4242");
}

TEST_HARNESS_MAIN
