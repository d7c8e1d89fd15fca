// SPDX-License-Identifier: GPL-2.0
/*
 * bitmap_trinity_launcher: run a program (Debian's trinity) inside seccomp
 * bitmap mode, as an unprivileged user, for a bounded time.
 *
 *   bitmap_trinity_launcher [-u UID] [-t SECONDS] -- PROGRAM ARGS...
 *
 * The parent stays unconfined (root).  The child sets no_new_privs,
 * installs a bitmap with SECCOMP_RET_ERRNO | ENOMSG as its action (so
 * the fuzzer keeps running when it hits a denied call), with filter
 * expressions where the kernel has CONFIG_SECCOMP_BITMAP_FILTER and a
 * compat bitmap where it has IA32_EMULATION, drops to UID/GID (default
 * 65534, nobody), and execs PROGRAM; every process it forks shares the
 * bitmap.  The policy denies what an unprivileged fuzzer could use to take
 * the guest down with it without telling us anything about seccomp
 * (reboot, kexec, modules, swap, acct, ptrace of siblings is fine), plus
 * a set of ordinary calls so that the denial path is hit all the time.
 *
 * The parent checks, while the program runs, that it is in bitmap mode
 * (/proc/PID/status "Seccomp:\t3") and that its bitmap file shows the
 * policy, kills the whole session after SECONDS (SIGKILL to the process
 * group), and reports.  Exit status: 0 if the program was confined, ran,
 * and ended by itself or by the time limit; 1 otherwise.  The harness's
 * splat check on the console decides the rest (no BUG, KASAN, lockdep,
 * kmemleak...).
 */

#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* uapi fallbacks: not a harness test, so not bitmap_util.h */
#include "bitmap_uapi.h"

#define BITS	512
#define WORDS	(BITS / 64)

/* never reachable for the fuzzer: would end the run, not test seccomp */
static const int denied[] = {
	__NR_reboot, __NR_kexec_load, __NR_kexec_file_load, __NR_init_module,
	__NR_finit_module, __NR_delete_module, __NR_swapon, __NR_swapoff,
	__NR_acct,
#ifdef __NR_iopl
	__NR_iopl, __NR_ioperm,
#endif
	/* ordinary calls: the denial path is hit all the time */
	__NR_uname, __NR_sysinfo, __NR_getcpu, __NR_mincore, __NR_msync,
	__NR_getrusage, __NR_times, __NR_syslog, __NR_add_key, __NR_keyctl,
	__NR_request_key, __NR_userfaultfd, __NR_bpf, __NR_io_uring_setup,
	__NR_io_uring_enter, __NR_io_uring_register,
};

/* ia32 numbers: allowed so that 32-bit fuzzing reaches the kernel too */
static const int compat_allowed[] = {
	1 /* exit */, 3 /* read */, 4 /* write */, 6 /* close */,
	20 /* getpid */, 45 /* brk */, 90 /* old mmap */, 91 /* munmap */,
	125 /* mprotect */, 162 /* nanosleep */, 252 /* exit_group */,
};

struct filt {
	int nr;
	const char *expr;
};

/* filter expressions the fuzzer's arguments will often make false */
static const struct filt filters[] = {
	{ __NR_close, "fd < 1024" },
	{ __NR_lseek, "whence <= 4" },
	{ __NR_dup, "fildes != 99" },
	{ __NR_madvise, "behavior != 9" },
	{ __NR_fcntl, "cmd < 1100" },
	{ __NR_getpriority, "which == 0 || who == 0" },
};

static void set(__u64 *w, int nr, bool on)
{
	if (on)
		w[nr / 64] |= 1ULL << (nr % 64);
	else
		w[nr / 64] &= ~(1ULL << (nr % 64));
}

static long install(bool with_filters, bool with_compat)
{
	static __u64 native[WORDS], compat[WORDS];
	struct seccomp_bitmap_filter f[sizeof(filters) / sizeof(filters[0])];
	struct seccomp_bitmap sb;
	unsigned int i;

	memset(native, 0xff, sizeof(native));
	memset(compat, 0, sizeof(compat));
	for (i = 0; i < sizeof(denied) / sizeof(denied[0]); i++)
		set(native, denied[i], false);
	for (i = 0; i < sizeof(compat_allowed) / sizeof(compat_allowed[0]); i++)
		set(compat, compat_allowed[i], true);
	for (i = 0; i < sizeof(filters) / sizeof(filters[0]); i++) {
		f[i].nr = filters[i].nr;
		f[i].flags = 0;
		f[i].expr = (uintptr_t)filters[i].expr;
	}
	memset(&sb, 0, sizeof(sb));
	sb.size = sizeof(sb);
	sb.action = SECCOMP_RET_ERRNO | ENOMSG;
	sb.nbits = BITS;
	sb.native = (uintptr_t)native;
	if (with_compat) {
		sb.compat_nbits = BITS;
		sb.compat = (uintptr_t)compat;
	}
	if (with_filters) {
		sb.filters = (uintptr_t)f;
		sb.nfilters = sizeof(filters) / sizeof(filters[0]);
	}
	return syscall(__NR_seccomp, SECCOMP_SET_MODE_BITMAP, 0, &sb);
}

static int seccomp_field(pid_t pid)
{
	char path[64], line[256];
	int mode = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Seccomp: %d", &mode) == 1)
			break;
	fclose(f);
	return mode;
}

int main(int argc, char **argv)
{
	unsigned int uid = 65534, secs = 600;
	bool filt = true, comp = true, confined = false;
	time_t t0, deadline;
	int opt, st, mode;
	pid_t pid;

	while ((opt = getopt(argc, argv, "u:t:")) != -1) {
		switch (opt) {
		case 'u':
			uid = strtoul(optarg, NULL, 0);
			break;
		case 't':
			secs = strtoul(optarg, NULL, 0);
			break;
		default:
			fprintf(stderr, "usage: %s [-u UID] [-t SECONDS] -- PROGRAM ARGS...\n",
				argv[0]);
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "%s: no program\n", argv[0]);
		return 2;
	}

	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {
		long r;

		setpgid(0, 0);
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
			perror("PR_SET_NO_NEW_PRIVS");
			_exit(120);
		}
		r = install(filt, comp);
		if (r && errno == EOPNOTSUPP) {
			fprintf(stderr, "launcher: no filter support (CONFIG_SECCOMP_BITMAP_FILTER off): plain bitmap\n");
			filt = false;
			r = install(filt, comp);
		}
		if (r) {
			fprintf(stderr, "launcher: SECCOMP_SET_MODE_BITMAP: %s\n",
				strerror(errno));
			_exit(121);
		}
		/* uid/gid changes are allowed by the policy */
		if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
			perror("launcher: dropping to the unprivileged user");
			_exit(122);
		}
		execv(argv[optind], &argv[optind]);
		perror("launcher: execv");
		_exit(123);
	}

	printf("launcher: pid %d runs %s as uid %u in bitmap mode (ERRNO action, filters, compat bitmap), at most %u s\n",
	       pid, argv[optind], uid, secs);
	fflush(stdout);
	t0 = time(NULL);
	deadline = t0 + secs;
	for (;;) {
		pid_t got = waitpid(pid, &st, WNOHANG);

		if (got == pid)
			break;
		if (got < 0) {
			perror("waitpid");
			return 1;
		}
		mode = seccomp_field(pid);
		if (mode == 3)
			confined = true;
		else if (mode >= 0 && mode != 3 && time(NULL) - t0 > 2) {
			fprintf(stderr, "launcher: pid %d has Seccomp: %d, not 3\n", pid, mode);
			kill(-pid, SIGKILL);
			return 1;
		}
		if (time(NULL) >= deadline) {
			printf("launcher: time limit (%u s) reached: killing the session\n", secs);
			kill(-pid, SIGKILL);
			waitpid(pid, &st, 0);
			break;
		}
		usleep(200 * 1000);
	}
	/* trinity's own children were in the process group: reap nothing else */
	kill(-pid, SIGKILL);
	printf("launcher: %s ended after %ld s: %s %d; seen in bitmap mode: %s\n",
	       argv[optind], (long)(time(NULL) - t0),
	       WIFEXITED(st) ? "exit status" : "signal",
	       WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st),
	       confined ? "yes" : "no");
	if (!confined)
		return 1;
	if (WIFEXITED(st) && WEXITSTATUS(st) >= 120)
		return 1;	/* the launcher's own setup failed */
	if (WIFSIGNALED(st) && WTERMSIG(st) == SIGSYS)
		return 1;	/* the ERRNO action never kills */
	return 0;
}
