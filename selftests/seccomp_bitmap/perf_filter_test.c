// SPDX-License-Identifier: GPL-2.0
/*
 * perf tracepoint filters, set with PERF_EVENT_IOC_SET_FILTER, go through
 * the tracing filter API that seccomp bitmap mode builds on
 * (ftrace_parse_filter() and friends, "tracing: split out filter
 * initialization and clean up uses").  These tests pin down that perf
 * behaves exactly as it did on plain 6.1:
 *
 *  - a filter over the event's fields makes the counter count only the
 *    matching events;
 *  - a filter that does not parse is refused, leaves no filter behind, and
 *    a later valid filter is accepted;
 *  - a second filter on the same event is refused with EEXIST (6.1's
 *    ftrace_profile_set_filter() does not replace an existing filter);
 *  - filter strings 6.1 takes on the syscall events (whole-register,
 *    unsigned argument fields) still set and count the same calls;
 *  - OR-chains of equalities, which the engine folds into set
 *    predicates, count what the filter as written matches.
 *
 * Needs root (system-wide counters), tracefs with the syscalls events
 * (CONFIG_FTRACE_SYSCALLS) and CONFIG_PERF_EVENTS.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <linux/perf_event.h>

/*
 * In the kernel tree (tools/testing/selftests/seccomp_bitmap) the harness is
 * "../kselftest_harness.h"; a stand-alone compile of this directory finds it
 * through -I tools/testing/selftests instead.
 */
#if __has_include("../kselftest_harness.h")
#include "../kselftest_harness.h"
#else
#include "kselftest_harness.h"
#endif

/* fds that are never open in the test: close() on them is a cheap EBADF */
#define MATCH_FD	12345
#define OTHER_FD	12346
#define N_MATCH		7
#define N_OTHER		5
#define MAX_CPUS	512

static const char *const tracefs_dirs[] = {
	"/sys/kernel/tracing",
	"/sys/kernel/debug/tracing",
};

static long read_event_id(const char *dir, const char *event)
{
	char path[256];
	long id = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/events/syscalls/%s/id", dir, event);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &id) != 1)
		id = -1;
	fclose(f);
	return id;
}

/* id of syscalls:<event>, mounting tracefs if need be; -1 if absent */
static long syscall_event_id(const char *event)
{
	unsigned int i;
	long id;

	id = read_event_id(tracefs_dirs[0], event);
	if (id >= 0)
		return id;
	/* Not mounted yet?  The guest runs as root; failure is fine. */
	mount("tracefs", tracefs_dirs[0], "tracefs", 0, NULL);
	for (i = 0; i < sizeof(tracefs_dirs) / sizeof(tracefs_dirs[0]); i++) {
		id = read_event_id(tracefs_dirs[i], event);
		if (id >= 0)
			return id;
	}
	return -1;
}

static int tp_open(long id, pid_t pid, int cpu)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = id;
	attr.disabled = 1;
	return syscall(__NR_perf_event_open, &attr, pid, cpu, -1, 0);
}

static int set_filter(int fd, const char *filter)
{
	return ioctl(fd, PERF_EVENT_IOC_SET_FILTER, filter);
}

static uint64_t read_count(int fd)
{
	uint64_t count = UINT64_MAX;

	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return UINT64_MAX;
	return count;
}

static void close_fd_calls(void)
{
	int i;

	for (i = 0; i < N_MATCH; i++)
		syscall(__NR_close, MATCH_FD);
	for (i = 0; i < N_OTHER; i++)
		syscall(__NR_close, OTHER_FD);
}

#define OPEN_CLOSE_EVENT(fd) do {					\
	long __id = syscall_event_id("sys_enter_close");		\
									\
	if (__id < 0)							\
		SKIP(return, "no syscalls:sys_enter_close event "	\
		     "(tracefs or CONFIG_FTRACE_SYSCALLS missing)");	\
	fd = tp_open(__id, 0, -1);					\
	if (fd < 0 && errno == ENOSYS)					\
		SKIP(return, "perf_event_open: no CONFIG_PERF_EVENTS");	\
	ASSERT_LE(0, fd) TH_LOG("perf_event_open: %s", strerror(errno)); \
} while (0)

/* "fd == MATCH_FD" on sys_enter_close counts exactly the matching calls */
TEST(filter_counts_only_matches)
{
	char filter[64];
	int fd, plain;

	OPEN_CLOSE_EVENT(fd);
	/* an unfiltered counter on the same event, as a witness */
	plain = tp_open(syscall_event_id("sys_enter_close"), 0, -1);
	ASSERT_LE(0, plain);

	snprintf(filter, sizeof(filter), "fd == %d", MATCH_FD);
	ASSERT_EQ(0, set_filter(fd, filter)) {
		TH_LOG("SET_FILTER \"%s\": %s", filter, strerror(errno));
	}

	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_RESET, 0));
	ASSERT_EQ(0, ioctl(plain, PERF_EVENT_IOC_RESET, 0));
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));
	ASSERT_EQ(0, ioctl(plain, PERF_EVENT_IOC_ENABLE, 0));
	close_fd_calls();
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_DISABLE, 0));
	ASSERT_EQ(0, ioctl(plain, PERF_EVENT_IOC_DISABLE, 0));

	EXPECT_EQ(N_MATCH, read_count(fd));
	/* the non-matching calls did happen and were traced */
	EXPECT_LE(N_MATCH + N_OTHER, read_count(plain));

	close(plain);
	close(fd);
}

/*
 * "common_pid == <child>" on system-wide sys_enter_getppid counters counts
 * the child's calls only, not the parent's (nor anybody else's).
 */
TEST(common_pid_filter_system_wide)
{
	int fds[MAX_CPUS], nfds = 0, go[2];
	long ncpus, id, cpu;
	uint64_t total = 0;
	char filter[64];
	pid_t child;
	int i, status;

	id = syscall_event_id("sys_enter_getppid");
	if (id < 0)
		SKIP(return, "no syscalls:sys_enter_getppid event (tracefs or CONFIG_FTRACE_SYSCALLS missing)");

	ASSERT_EQ(0, pipe(go));
	child = fork();
	ASSERT_LE(0, child);
	if (child == 0) {
		char c;

		close(go[1]);
		/* EOF instead of a byte: the parent gave up, do nothing */
		if (read(go[0], &c, 1) == 1)
			for (i = 0; i < N_MATCH; i++)
				syscall(__NR_getppid);
		_exit(0);
	}
	close(go[0]);

	snprintf(filter, sizeof(filter), "common_pid == %d", child);
	ncpus = sysconf(_SC_NPROCESSORS_CONF);
	if (ncpus > MAX_CPUS)
		ncpus = MAX_CPUS;
	for (cpu = 0; cpu < ncpus; cpu++) {
		int fd = tp_open(id, -1, cpu);

		if (fd < 0 && errno == ENODEV)	/* offline CPU */
			continue;
		if (fd < 0 && errno == ENOSYS) {
			close(go[1]);
			waitpid(child, NULL, 0);
			SKIP(return, "perf_event_open: no CONFIG_PERF_EVENTS");
		}
		ASSERT_LE(0, fd) {
			TH_LOG("perf_event_open(cpu %ld): %s", cpu,
			       strerror(errno));
		}
		ASSERT_EQ(0, set_filter(fd, filter)) {
			TH_LOG("SET_FILTER \"%s\": %s", filter, strerror(errno));
		}
		ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));
		fds[nfds++] = fd;
	}
	ASSERT_LT(0, nfds);

	ASSERT_EQ(1, write(go[1], "g", 1));
	close(go[1]);
	for (i = 0; i < N_OTHER; i++)
		syscall(__NR_getppid);
	ASSERT_EQ(child, waitpid(child, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));

	for (i = 0; i < nfds; i++) {
		ASSERT_EQ(0, ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0));
		total += read_count(fds[i]);
		close(fds[i]);
	}
	EXPECT_EQ(N_MATCH, total);
}

/*
 * Filters that do not parse are refused and leave no filter behind: a valid
 * filter set afterwards is accepted and works.
 */
TEST(bad_filters_refused)
{
	static const char *const bad[] = {
		"nosuchfield == 1",	/* Field not found */
		"fd == 1 &&",		/* Meaningless filter expression */
		"fd == 1 || fd",	/* Invalid operator */
		"fd == abc",		/* Illegal integer value */
		"",			/* No predicates at all */
	};
	char filter[64];
	unsigned int i;
	int fd;

	OPEN_CLOSE_EVENT(fd);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		errno = 0;
		EXPECT_EQ(-1, set_filter(fd, bad[i])) {
			TH_LOG("filter \"%s\" was accepted", bad[i]);
		}
		EXPECT_EQ(EINVAL, errno) {
			TH_LOG("filter \"%s\": %s", bad[i], strerror(errno));
		}
	}

	/*
	 * Unbalanced parentheses: 6.1's engine hands its internal code
	 * (-2, TOO_MANY_OPEN) straight back through perf, so userspace sees
	 * ENOENT.  The port keeps perf's error codes as they were.
	 */
	errno = 0;
	EXPECT_EQ(-1, set_filter(fd, "(fd == 1"));
	EXPECT_EQ(ENOENT, errno) {
		TH_LOG("\"(fd == 1\": %s", strerror(errno));
	}

	/* nothing was left behind by the failures */
	snprintf(filter, sizeof(filter), "fd == %d", MATCH_FD);
	ASSERT_EQ(0, set_filter(fd, filter)) {
		TH_LOG("SET_FILTER after failures: %s", strerror(errno));
	}
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_RESET, 0));
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));
	close_fd_calls();
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_DISABLE, 0));
	EXPECT_EQ(N_MATCH, read_count(fd));

	close(fd);
}

/* 6.1 perf does not replace a tracepoint filter: the second one is EEXIST */
TEST(second_filter_is_eexist)
{
	char filter[64];
	int fd;

	OPEN_CLOSE_EVENT(fd);

	snprintf(filter, sizeof(filter), "fd == %d", MATCH_FD);
	ASSERT_EQ(0, set_filter(fd, filter));

	errno = 0;
	EXPECT_EQ(-1, set_filter(fd, "fd == 1"));
	EXPECT_EQ(EEXIST, errno);
	/* even a filter that would not parse: EEXIST is checked first */
	errno = 0;
	EXPECT_EQ(-1, set_filter(fd, "nosuchfield == 1"));
	EXPECT_EQ(EEXIST, errno);

	/* and the first filter is still the one in force */
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_RESET, 0));
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));
	close_fd_calls();
	ASSERT_EQ(0, ioctl(fd, PERF_EVENT_IOC_DISABLE, 0));
	EXPECT_EQ(N_MATCH, read_count(fd));

	close(fd);
}

/*
 * Filter strings perf could set before the series still set and mean the
 * same: the syscalls:sys_enter_* argument fields are whole registers,
 * unsigned ("size:8; signed:0;" in the format), so a constant is compared
 * with all 64 bits of the register.  Seccomp compares narrowed values with
 * its own rules; perf's (and ftrace's) filters are not seccomp's.
 *
 * Each variant sets its filter on a counter of this task's events and
 * counts N_MATCH calls whose register matches the constant exactly among
 * calls that differ from it only in the bits above the C type (which the
 * syscall itself ignores) or in value.
 */
enum pre_series_call {
	PS_OPENAT, PS_GETPGID, PS_CLOSE, PS_MMAP, PS_READ,
};

FIXTURE(pre_series_filter) {
	int fd;
};

FIXTURE_VARIANT(pre_series_filter) {
	const char *event;
	const char *filter;
	enum pre_series_call call;
	long match;		/* the first (openat: dfd) argument counted */
	long other[3];		/* arguments not counted */
};

/* AT_FDCWD as glibc passes it (sign-extended); zero-extended it is not */
FIXTURE_VARIANT_ADD(pre_series_filter, openat_dfd_sign_extended_at_fdcwd) {
	.event = "sys_enter_openat", .filter = "dfd == 0xffffffffffffff9c",
	.call = PS_OPENAT, .match = -100L,
	.other = { 0xffffff9cL, 0x1ffffff9cL, 0xfffffffe0000009cL },
};

FIXTURE_VARIANT_ADD(pre_series_filter, getpgid_pid_all_ones) {
	.event = "sys_enter_getpgid", .filter = "pid == 0xffffffffffffffff",
	.call = PS_GETPGID, .match = -1L,
	.other = { 0xffffffffL, 0, 0x1ffffffffL },
};

FIXTURE_VARIANT_ADD(pre_series_filter, close_fd_upper_half_compared) {
	.event = "sys_enter_close", .filter = "fd == 12345",
	.call = PS_CLOSE, .match = 12345,
	.other = { 0x100003039L, 0xffffffff00003039L, 12346 },
};

FIXTURE_VARIANT_ADD(pre_series_filter, close_fd_wide_constant) {
	.event = "sys_enter_close", .filter = "fd == 0x100003039",
	.call = PS_CLOSE, .match = 0x100003039L,
	.other = { 12345, 0x200003039L, 12346 },
};

FIXTURE_VARIANT_ADD(pre_series_filter, mmap_fd_all_ones) {
	.event = "sys_enter_mmap", .filter = "fd == 0xffffffffffffffff",
	.call = PS_MMAP, .match = -1L,
	.other = { 0xffffffffL, 0x7fffffffffffffffL, 12345 },
};

FIXTURE_VARIANT_ADD(pre_series_filter, read_count_above_4g) {
	.event = "sys_enter_read", .filter = "count > 0x100000000",
	.call = PS_READ, .match = 0x100000001L,
	.other = { 1, 0x100000000L, 0xffffffffL },
};

FIXTURE_SETUP(pre_series_filter)
{
	long id = syscall_event_id(variant->event);

	self->fd = -1;
	/* (a SKIP() here would still run the test with 6.1's harness) */
	if (id >= 0)
		self->fd = tp_open(id, 0, -1);
}

FIXTURE_TEARDOWN(pre_series_filter)
{
	if (self->fd >= 0)
		close(self->fd);
}

static void pre_series_call(enum pre_series_call call, long v)
{
	long r;

	switch (call) {
	case PS_OPENAT:
		r = syscall(__NR_openat, v, "/", (long)(O_RDONLY | O_DIRECTORY |
							O_CLOEXEC), 0L);
		if (r >= 0)
			close(r);
		break;
	case PS_GETPGID:
		syscall(__NR_getpgid, v);
		break;
	case PS_CLOSE:
		syscall(__NR_close, v);
		break;
	case PS_MMAP:
		r = syscall(__NR_mmap, 0L, 4096L, (long)PROT_READ,
			    (long)(MAP_PRIVATE | MAP_ANONYMOUS), v, 0L);
		if (r != -1)
			munmap((void *)r, 4096);
		break;
	case PS_READ:
		/* fd 12345 is not open: EBADF, after the event */
		syscall(__NR_read, 12345L, 0L, v);
		break;
	}
}

TEST_F(pre_series_filter, sets_and_counts_as_before)
{
	int i, j;

	if (self->fd < 0 && errno == ENOSYS)
		SKIP(return, "perf_event_open: no CONFIG_PERF_EVENTS");
	if (self->fd < 0)
		SKIP(return, "no syscalls:%s event (tracefs or CONFIG_FTRACE_SYSCALLS missing)",
		     variant->event);

	errno = 0;
	ASSERT_EQ(0, set_filter(self->fd, variant->filter)) {
		TH_LOG("SET_FILTER \"%s\" on %s: %s (6.1 takes it)",
		       variant->filter, variant->event, strerror(errno));
	}
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_RESET, 0));
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_ENABLE, 0));
	for (i = 0; i < N_MATCH; i++) {
		pre_series_call(variant->call, variant->match);
		for (j = 0; j < 3; j++)
			pre_series_call(variant->call, variant->other[j]);
	}
	ASSERT_EQ(0, ioctl(self->fd, PERF_EVENT_IOC_DISABLE, 0));
	EXPECT_EQ(N_MATCH, read_count(self->fd)) {
		TH_LOG("\"%s\": %d calls with 0x%lx, %d with each of 0x%lx, 0x%lx, 0x%lx",
		       variant->filter, N_MATCH, variant->match, N_MATCH,
		       variant->other[0], variant->other[1], variant->other[2]);
	}
}

/*
 * Set predicates: the engine folds "f == a || f == b || ..." (and
 * "f != a && f != b && ...") on one field into one lookup of the field
 * among the values.  Perf counts exactly the events the filter as written
 * matches: each variant's filter must count what C says it matches of a
 * fixed sequence of close() calls, as must its twin with every equality
 * written "(f >= v && f <= v)", which is not folded; and "!(filter)" the
 * rest.  Values of %PID and %TYPE are this task's pid and the event's id.
 */
#define SET_CALLS	16

static const unsigned long set_fds[SET_CALLS] = {
	12345, 12346, 12347, 12348, 12350, 12351, 12360, 12361,
	0x100003039, 0x10000303a, 0xffffffff00003039, 0xffffffff,
	0xffffffffffffffff, 0x7fffffff, 0x80000000, 0xfffffffe,
};

FIXTURE(set_filter) {
	long id;
};

FIXTURE_VARIANT(set_filter) {
	const char *filter;	/* folded */
	const char *twin;	/* the same, unfoldable */
	/* which of set_fds[] match; -1: every call, -2: none */
	int match[SET_CALLS + 1];
};

FIXTURE_VARIANT_ADD(set_filter, fd_eight_values) {
	.filter = "fd == 12345 || fd == 12347 || fd == 12350 || fd == 12360 || "
		  "fd == 0x100003039 || fd == 0xffffffff || fd == 0x7fffffff || "
		  "fd == 0x1",
	.twin = "(fd >= 12345 && fd <= 12345) || (fd >= 12347 && fd <= 12347) || "
		"(fd >= 12350 && fd <= 12350) || (fd >= 12360 && fd <= 12360) || "
		"(fd >= 0x100003039 && fd <= 0x100003039) || "
		"(fd >= 0xffffffff && fd <= 0xffffffff) || "
		"(fd >= 0x7fffffff && fd <= 0x7fffffff) || (fd >= 1 && fd <= 1)",
	.match = { 0, 2, 4, 6, 8, 11, 13, -2 },
};

FIXTURE_VARIANT_ADD(set_filter, fd_not_in) {
	.filter = "fd != 12345 && fd != 12346 && fd != 0xffffffffffffffff",
	.twin = "!(fd >= 12345 && fd <= 12345) && !(fd >= 12346 && fd <= 12346) && "
		"!(fd >= 0xffffffffffffffff && fd <= 0xffffffffffffffff)",
	.match = { 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, -2 },
};

FIXTURE_VARIANT_ADD(set_filter, fd_set_within_and) {
	.filter = "(fd == 12345 || fd == 12346 || fd == 12347) && fd > 12345",
	.twin = "((fd >= 12345 && fd <= 12345) || (fd >= 12346 && fd <= 12346) || "
		"(fd >= 12347 && fd <= 12347)) && fd > 12345",
	.match = { 1, 2, -2 },
};

FIXTURE_VARIANT_ADD(set_filter, common_pid_int) {
	.filter = "common_pid == 1 || common_pid == %PID || common_pid == -5",
	.twin = "(common_pid >= 1 && common_pid <= 1) || "
		"(common_pid >= %PID && common_pid <= %PID) || "
		"(common_pid >= -5 && common_pid <= -5)",
	.match = { -1 },
};

FIXTURE_VARIANT_ADD(set_filter, common_pid_not_in_set) {
	.filter = "common_pid == 1 || common_pid == 2 || common_pid == -1",
	.twin = "(common_pid >= 1 && common_pid <= 1) || "
		"(common_pid >= 2 && common_pid <= 2) || "
		"(common_pid >= -1 && common_pid <= -1)",
	.match = { -2 },
};

FIXTURE_VARIANT_ADD(set_filter, common_type_u16_truncated) {
	/* the constant is cut to the field's 16 bits, as before */
	.filter = "common_type == 1 || common_type == %TYPE65536 || common_type == 2",
	.twin = "(common_type >= 1 && common_type <= 1) || "
		"(common_type >= %TYPE65536 && common_type <= %TYPE65536) || "
		"(common_type >= 2 && common_type <= 2)",
	.match = { -1 },
};

FIXTURE_VARIANT_ADD(set_filter, common_type_u16_not_in_set) {
	.filter = "common_type == 1 || common_type == 2 || common_type == 3",
	.twin = "(common_type >= 1 && common_type <= 1) || "
		"(common_type >= 2 && common_type <= 2) || "
		"(common_type >= 3 && common_type <= 3)",
	.match = { -2 },
};

FIXTURE_VARIANT_ADD(set_filter, common_flags_u8_every_low_value) {
	/* whatever the flags are at syscall entry, they are one of these */
	.filter = "common_preempt_count == 0 || common_preempt_count == 1 || "
		  "common_preempt_count == 2 || common_preempt_count == 3 || "
		  "common_preempt_count == 0x100 || common_preempt_count == 0xff",
	.twin = "(common_preempt_count >= 0 && common_preempt_count <= 3) || "
		"(common_preempt_count >= 0xff && common_preempt_count <= 0xff)",
	.match = { -1 },
};

FIXTURE_SETUP(set_filter)
{
	self->id = syscall_event_id("sys_enter_close");
}

FIXTURE_TEARDOWN(set_filter)
{
}

/* @in with %PID and %TYPE65536 replaced */
static void set_expand(const char *in, char *out, size_t size, long id)
{
	size_t o = 0;

	while (*in && o + 24 < size) {
		if (!strncmp(in, "%PID", 4)) {
			o += snprintf(out + o, size - o, "%d", getpid());
			in += 4;
		} else if (!strncmp(in, "%TYPE65536", 10)) {
			o += snprintf(out + o, size - o, "%ld", id + 65536);
			in += 10;
		} else {
			out[o++] = *in++;
		}
	}
	out[o] = '\0';
}

/* the calls of set_fds[] counted by a counter with @filter */
static long set_count(struct __test_metadata *_metadata, long id,
		      const char *filter)
{
	uint64_t n;
	int fd, i;

	fd = tp_open(id, 0, -1);
	if (fd < 0)
		return -1;
	if (set_filter(fd, filter)) {
		TH_LOG("SET_FILTER \"%s\": %s", filter, strerror(errno));
		close(fd);
		return -1;
	}
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < SET_CALLS; i++)
		syscall(__NR_close, set_fds[i]);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	n = read_count(fd);
	close(fd);
	return n == UINT64_MAX ? -1 : (long)n;
}

TEST_F(set_filter, counts_as_written)
{
	char f[2048], t[2048], neg[2100];
	long want = 0, folded, twin, rest;
	int i;

	if (self->id < 0)
		SKIP(return, "no syscalls:sys_enter_close event (tracefs or CONFIG_FTRACE_SYSCALLS missing)");
	if (tp_open(self->id, 0, -1) < 0 && errno == ENOSYS)
		SKIP(return, "perf_event_open: no CONFIG_PERF_EVENTS");

	set_expand(variant->filter, f, sizeof(f), self->id);
	set_expand(variant->twin, t, sizeof(t), self->id);
	snprintf(neg, sizeof(neg), "!(%s)", f);
	for (i = 0; variant->match[i] >= 0; i++)
		want++;
	if (variant->match[i] == -1)
		want = SET_CALLS;

	folded = set_count(_metadata, self->id, f);
	twin = set_count(_metadata, self->id, t);
	rest = set_count(_metadata, self->id, neg);
	EXPECT_EQ(want, folded) {
		TH_LOG("\"%s\"", f);
	}
	EXPECT_EQ(want, twin) {
		TH_LOG("\"%s\"", t);
	}
	EXPECT_EQ(SET_CALLS - want, rest) {
		TH_LOG("\"%s\"", neg);
	}
}

TEST_HARNESS_MAIN
