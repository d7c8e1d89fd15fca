// SPDX-License-Identifier: GPL-2.0
/*
 * bench/trace_filter_bench: the cost of an event filter to ftrace and perf
 * users, whose filter engine (kernel/trace/trace_events_filter.c) the
 * bitmap series changes.  Run in the guest under -icount, where
 * CLOCK_MONOTONIC advances one nanosecond per guest instruction.
 *
 * Each row times close(-8) (EBADF, nothing else done) while the
 * syscalls:sys_enter_close event has a filter that is false for it, so
 * that the filter is evaluated every time and nothing is recorded:
 *   ftrace_*  the event enabled in tracefs with the filter in its "filter"
 *   perf_*    a perf counter on the tracepoint with PERF_EVENT_IOC_SET_FILTER
 * Filters: none (the event without a filter: every call recorded or
 * counted), int1 "fd == 1", int8 "fd == 1 || ... || fd == 8" (integers
 * only), comm "comm == \"nosuch\"" (a string predicate); "off" is
 * the event off.  Output: name <TAB> median ns per call over REPS runs.
 *
 * Usage: trace_filter_bench [-n ITERS] [-r REPS]; needs root, tracefs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define EV "/sys/kernel/tracing/events/syscalls/sys_enter_close/"

static long iters = 20000, reps = 7;

static const char *const filters[][2] = {
	{ "none", "0" },
	{ "int1", "fd == 1" },
	{ "int8", "fd == 1 || fd == 2 || fd == 3 || fd == 4 || "
		  "fd == 5 || fd == 6 || fd == 7 || fd == 8" },
	{ "comm", "comm == \"nosuch\"" },
};

static int put(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_TRUNC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

static long get_id(void)
{
	char buf[32] = "";
	int fd = open(EV "id", O_RDONLY);

	if (fd < 0 || read(fd, buf, sizeof(buf) - 1) <= 0)
		return -1;
	close(fd);
	return atol(buf);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* median over reps of the ns per close(-8) */
static double timed(void)
{
	double r[64];
	long i, k;

	for (i = 0; i < 2000; i++)
		syscall(__NR_close, -8);
	for (k = 0; k < reps && k < 64; k++) {
		double t0 = now();

		for (i = 0; i < iters; i++)
			syscall(__NR_close, -8);
		r[k] = (now() - t0) / iters;
	}
	qsort(r, k, sizeof(r[0]), cmp);
	return r[k / 2];
}

static void row(const char *name, double v)
{
	printf("%s\t%.3f\n", name, v);
}

int main(int argc, char **argv)
{
	struct perf_event_attr pa;
	char name[64];
	unsigned int f;
	long id;
	int opt, pfd;

	while ((opt = getopt(argc, argv, "n:r:")) != -1) {
		if (opt == 'n')
			iters = atol(optarg);
		else if (opt == 'r')
			reps = atol(optarg);
		else
			return 2;
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	mkdir("/sys/kernel/tracing", 0755);
	mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL);
	id = get_id();
	if (id < 0) {
		printf("error\tno %sid\n", EV);
		return 1;
	}

	row("off", timed());

	/* ftrace: the event enabled, its filter false for close(-8) */
	put(EV "filter", "0");
	put("/sys/kernel/tracing/tracing_on", "1");
	if (put(EV "enable", "1")) {
		printf("error\tcannot enable %s\n", EV);
		return 1;
	}
	for (f = 0; f < sizeof(filters) / sizeof(filters[0]); f++) {
		if (strcmp(filters[f][0], "none") &&
		    put(EV "filter", filters[f][1])) {
			printf("error\tftrace filter %s refused\n", filters[f][0]);
			return 1;
		}
		snprintf(name, sizeof(name), "ftrace_%s", filters[f][0]);
		row(name, timed());
	}
	put(EV "filter", "0");
	put(EV "enable", "0");
	put("/sys/kernel/tracing/trace", "");

	/* perf: a counter on the tracepoint, the filter set by ioctl */
	for (f = 0; f < sizeof(filters) / sizeof(filters[0]); f++) {
		memset(&pa, 0, sizeof(pa));
		pa.size = sizeof(pa);
		pa.type = PERF_TYPE_TRACEPOINT;
		pa.config = id;
		pfd = syscall(__NR_perf_event_open, &pa, 0, -1, -1, 0);
		if (pfd < 0) {
			printf("error\tperf_event_open: %s\n", strerror(errno));
			return 1;
		}
		if (strcmp(filters[f][0], "none") &&
		    ioctl(pfd, PERF_EVENT_IOC_SET_FILTER, filters[f][1])) {
			printf("error\tperf filter %s refused: %s\n",
			       filters[f][0], strerror(errno));
			return 1;
		}
		snprintf(name, sizeof(name), "perf_%s", filters[f][0]);
		row(name, timed());
		close(pfd);
	}
	return 0;
}
