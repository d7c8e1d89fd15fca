// SPDX-License-Identifier: GPL-2.0
/*
 * Exec'd by seccomp_bitmap_filter_test to show that execve() keeps the
 * filters.  Runs its arguments as commands, printing one line each on
 * stdout (fd 1, which the tests' write filters allow):
 *   get NR     "get NR: RET TEXT" (PR_GET_SECCOMP_FILTER; TEXT is the
 *              expression, or "errno E" on failure)
 *   write FD   "write FD: RET" after write(FD, "", 0): 0, or -errno
 *   dup FD     "dup FD: RET" after dup(FD): -errno, or "fd" on success
 * and exits 0 (or dies by the policy's action on the way).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef PR_GET_SECCOMP_FILTER
#define PR_GET_SECCOMP_FILTER	0x53434746
#endif

static void out(const char *s)
{
	syscall(__NR_write, 1, s, strlen(s));
}

int main(int argc, char **argv)
{
	char line[4200], buf[4096];
	long ret, arg;
	int i;

	for (i = 1; i + 1 < argc; i += 2) {
		arg = strtol(argv[i + 1], NULL, 0);
		errno = 0;
		if (!strcmp(argv[i], "get")) {
			ret = prctl(PR_GET_SECCOMP_FILTER, arg,
				    (unsigned long)buf, sizeof(buf), 0UL);
			if (ret < 0)
				snprintf(line, sizeof(line), "get %ld: -1 errno %d\n",
					 arg, errno);
			else
				snprintf(line, sizeof(line), "get %ld: %ld %s\n",
					 arg, ret, buf);
		} else if (!strcmp(argv[i], "write")) {
			ret = syscall(__NR_write, arg, "", 0);
			snprintf(line, sizeof(line), "write %ld: %ld\n", arg,
				 ret < 0 ? -errno : ret);
		} else if (!strcmp(argv[i], "dup")) {
			ret = syscall(__NR_dup, arg);
			if (ret >= 0)
				snprintf(line, sizeof(line), "dup %ld: fd\n", arg);
			else
				snprintf(line, sizeof(line), "dup %ld: %d\n", arg,
					 -errno);
		} else {
			return 101;
		}
		out(line);
	}
	return 0;
}
