// SPDX-License-Identifier: GPL-2.0
/*
 * Exec'd by seccomp_bitmap_test to show that execve() keeps the bitmap.
 * It reports through its exit status (the policy may deny write()):
 *   mode     exit status = prctl(PR_GET_SECCOMP)
 *   status   exit status = the number on the "Seccomp:" line of
 *            /proc/self/status (250 if the line is missing)
 *   nnp      exit status = prctl(PR_GET_NO_NEW_PRIVS)
 *   getppid  calls getppid(): exit status errno if it failed, 200 if it ran
 *   uname    calls uname(): exit status errno if it failed, 200 if it ran
 *   ia32-getpid  calls the ia32 getpid (int 0x80, eax 20): exit status
 *            errno if it failed, 200 if it ran
 *   syscall NR [ARG]...  calls native system call NR with up to six
 *            arguments (strtoull, base 0): exit status errno if it failed,
 *            200 if it returned
 * Unknown command: 101.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

static int status_seccomp(void)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");
	int mode = 250;

	if (!f)
		return 251;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Seccomp:\t%d", &mode) == 1)
			break;
	fclose(f);
	return mode;
}

int main(int argc, char **argv)
{
	struct utsname u;
	long ret;

	if (argc < 2)
		return 100;
	if (!strcmp(argv[1], "mode"))
		return prctl(PR_GET_SECCOMP, 0, 0, 0, 0);
	if (!strcmp(argv[1], "status"))
		return status_seccomp();
	if (!strcmp(argv[1], "nnp"))
		return prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	if (!strcmp(argv[1], "getppid")) {
		errno = 0;
		ret = syscall(__NR_getppid);
		return ret == -1 ? errno : 200;
	}
	if (!strcmp(argv[1], "uname")) {
		errno = 0;
		ret = uname(&u);
		return ret == -1 ? errno : 200;
	}
	if (!strcmp(argv[1], "syscall") && argc >= 3 && argc <= 9) {
		unsigned long long a[6] = { };
		int i;

		for (i = 3; i < argc; i++)
			a[i - 3] = strtoull(argv[i], NULL, 0);
		errno = 0;
		ret = syscall(strtol(argv[2], NULL, 0), a[0], a[1], a[2], a[3], a[4], a[5]);
		return ret == -1 ? errno : 200;
	}
#ifdef __x86_64__
	if (!strcmp(argv[1], "ia32-getpid")) {
		ret = 20;	/* __NR_getpid of the ia32 table */
		asm volatile ("int $0x80" : "+a" (ret) : : "memory");
		return ret < 0 && ret > -4096 ? -ret : 200;
	}
#endif
	return 101;
}
