// SPDX-License-Identifier: GPL-2.0
/*
 * bitmap_run_under [-a ACTION] -- PROG [ARG]...
 *
 * Runs PROG in seccomp bitmap mode under a bitmap that allows every native
 * syscall and every ia32 syscall (all bits set, far beyond both tables),
 * so that only what the bitmap denies by construction is denied: numbers
 * no table has (negative, out of range, x32).  seccomp_bpf_under_bitmap.sh
 * runs upstream's seccomp_bpf under it: a bitmap that allows everything
 * must change nothing of what seccomp-bpf does.
 *
 * It installs the bitmap with CAP_SYS_ADMIN and without no_new_privs (so
 * that PROG starts as it would unconfined: PR_GET_NO_NEW_PRIVS 0), then
 * execs PROG; the bitmap is kept across execve.
 *
 * ACTION, for what the bitmap denies (default errno:ENOSYS, what the
 * kernel answers for such numbers unconfined):
 *   errno[:N]  kill_process  kill_thread  trap  log  or a SECCOMP_RET_*
 *   value (0x7ffc0000)
 *
 * Exit status: PROG's (it is exec'd); 125 if the bitmap cannot be
 * installed, 126/127 if PROG cannot be executed, 2 on a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bitmap_uapi.h"

/* far beyond the 6.1 tables (451 native, 451 ia32 entries) and 6.12's (463) */
#define ALL_BITS	4096

static __u64 all_set[ALL_BITS / 64];

static void usage(void)
{
	fprintf(stderr,
		"usage: bitmap_run_under [-a ACTION] -- PROG [ARG]...\n"
		"  ACTION: errno[:N] (default errno:%d, ENOSYS), kill_process,\n"
		"          kill_thread, trap, log, or a SECCOMP_RET_* value\n",
		ENOSYS);
	exit(2);
}

static int parse_action(const char *s, __u32 *action)
{
	char *end;
	unsigned long v;

	if (!strcmp(s, "errno")) {
		*action = SECCOMP_RET_ERRNO | ENOSYS;
	} else if (!strncmp(s, "errno:", 6)) {
		errno = 0;
		v = strtoul(s + 6, &end, 0);
		if (errno || end == s + 6 || *end || v > SECCOMP_RET_DATA)
			return -1;
		*action = SECCOMP_RET_ERRNO | (__u32)v;
	} else if (!strcmp(s, "kill_process")) {
		*action = SECCOMP_RET_KILL_PROCESS;
	} else if (!strcmp(s, "kill_thread")) {
		*action = SECCOMP_RET_KILL_THREAD;
	} else if (!strcmp(s, "trap")) {
		*action = SECCOMP_RET_TRAP;
	} else if (!strcmp(s, "log")) {
		*action = SECCOMP_RET_LOG;
	} else {
		errno = 0;
		v = strtoul(s, &end, 0);
		if (errno || end == s || *end || v > 0xffffffffUL)
			return -1;
		*action = (__u32)v;
	}
	return 0;
}

int main(int argc, char **argv)
{
	__u32 action = SECCOMP_RET_ERRNO | ENOSYS;
	struct seccomp_bitmap sb;
	int opt;

	while ((opt = getopt(argc, argv, "+a:h")) != -1) {
		switch (opt) {
		case 'a':
			if (parse_action(optarg, &action)) {
				fprintf(stderr, "bitmap_run_under: bad action '%s'\n",
					optarg);
				usage();
			}
			break;
		default:
			usage();
		}
	}
	/* getopt has consumed a "--" that ends the options */
	if (optind >= argc)
		usage();

	memset(all_set, 0xff, sizeof(all_set));
	memset(&sb, 0, sizeof(sb));
	sb.size = sizeof(sb);
	sb.action = action;
	sb.nbits = ALL_BITS;
	sb.native = (uintptr_t)all_set;
	sb.compat_nbits = ALL_BITS;
	sb.compat = (uintptr_t)all_set;

	if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 0) {
		fprintf(stderr, "bitmap_run_under: no_new_privs is already set\n");
		return 125;
	}
	if (syscall(__NR_seccomp, SECCOMP_SET_MODE_BITMAP, 0, &sb)) {
		fprintf(stderr,
			"bitmap_run_under: seccomp(SECCOMP_SET_MODE_BITMAP): %s%s\n",
			strerror(errno),
			errno == EACCES ? " (needs CAP_SYS_ADMIN: run as root)" : "");
		return 125;
	}
	if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != SECCOMP_MODE_BITMAP) {
		fprintf(stderr, "bitmap_run_under: not in bitmap mode after install\n");
		return 125;
	}
	execvp(argv[optind], argv + optind);
	fprintf(stderr, "bitmap_run_under: %s: %s\n", argv[optind], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
