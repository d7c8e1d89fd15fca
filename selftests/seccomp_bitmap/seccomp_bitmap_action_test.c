// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp bitmap mode: per-syscall deny actions (struct seccomp_bitmap of
 * SECCOMP_BITMAP_SIZE_VER1, struct seccomp_bitmap_action).
 *
 * deny:     a denied syscall with an entry takes the entry's action (ERRNO
 *           with its errno, KILL_PROCESS, TRAP with its data, LOG), one
 *           without takes ->action; a filter that is false takes its
 *           syscall's entry; a VER0 (48-byte) caller is unchanged.
 * refusal:  every refused request (a variant each) with its errno, the
 *           caller's state unchanged, confined or not.
 * narrow:   a second request narrows per syscall: the stricter of the two
 *           effective actions, the newer data for the same action; a
 *           request allowing a syscall an older one denies keeps its
 *           action; PR_SET_SECCOMP_FILTER keeps the table.
 * inherit:  fork, execve and TSYNC carry the table.
 * compat:   ia32 entries act on int $0x80 only, native ones on syscall.
 * proc:     /proc/<pid>/seccomp_bitmap's "deny" and "compat deny" lines.
 *
 * Every confining test confines a child it forked.  x86-64 only.
 */

#include "bitmap_util.h"

#if BITMAP_X86_64

#include <pthread.h>

#ifndef SECCOMP_BITMAP_SIZE_VER1
#error "uapi headers without struct seccomp_bitmap_action (SECCOMP_BITMAP_SIZE_VER1)"
#endif

/* ia32 numbers (int $0x80) */
#define IA32_NR_getpid	20
#define IA32_NR_getppid	64

#define ERRNO(e)	(SECCOMP_RET_ERRNO | (e))
#define DEFAULT_ACTION	ERRNO(E_BITMAP)

/* A request under construction: every syscall allowed to begin with. */
struct req {
	__u64 native[BM_WORDS];
	__u64 compat[BM_WORDS];
	struct seccomp_bitmap_filter filters[4];
	struct seccomp_bitmap_action actions[8];
	struct seccomp_bitmap sb;
};

static void req_init(struct req *r, __u32 action)
{
	memset(r, 0, sizeof(*r));
	bm_fill(r->native, BM_WORDS, true);
	bm_fill(r->compat, BM_WORDS, true);
	r->sb.size = SECCOMP_BITMAP_SIZE_VER1;
	r->sb.action = action;
	r->sb.nbits = BM_BITS;
	r->sb.compat_nbits = BM_BITS;
	r->sb.native = (uintptr_t)r->native;
	r->sb.compat = (uintptr_t)r->compat;
	r->sb.filters = (uintptr_t)r->filters;
	r->sb.actions = (uintptr_t)r->actions;
}

/* Deny native @nr; with @action non-zero, with an entry of its own. */
static void req_deny(struct req *r, __u32 nr, __u32 action)
{
	bm_clear(r->native, nr);
	if (action) {
		r->actions[r->sb.nactions].nr = nr;
		r->actions[r->sb.nactions].action = action;
		r->sb.nactions++;
	}
}

static void req_deny_compat(struct req *r, __u32 nr, __u32 action)
{
	bm_clear(r->compat, nr);
	if (action) {
		r->actions[r->sb.nactions].nr = nr;
		r->actions[r->sb.nactions].flags = SECCOMP_BITMAP_ACTION_COMPAT;
		r->actions[r->sb.nactions].action = action;
		r->sb.nactions++;
	}
}

static void req_filter(struct req *r, __u32 nr, const char *expr)
{
	fset(&r->filters[r->sb.nfilters++], nr, expr);
}

static long req_install(struct req *r, unsigned int flags)
{
	return sys_seccomp(SECCOMP_SET_MODE_BITMAP, flags, &r->sb);
}

/* errno of a syscall that failed, or 0 if it ran */
static int err_of(long ret)
{
	return ret == -1 ? errno : 0;
}

static int proc_self(char *buf, size_t size)
{
	return read_file("/proc/self/seccomp_bitmap", buf, size) < 0 ? -1 : 0;
}

/* ---- deny ----------------------------------------------------------------- */

TEST(entry_errno_and_default)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		req_deny(&r, __NR_getpgrp, 0);
		ASSERT_EQ(0, req_install(&r, 0));
		EXPECT_EQ(-1, syscall(__NR_getppid));
		EXPECT_EQ(EPERM, errno);
		EXPECT_EQ(-1, syscall(__NR_getpgrp));
		EXPECT_EQ(E_BITMAP, errno);
		/* an allowed syscall runs */
		EXPECT_EQ(getpid(), syscall(__NR_getpid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(entry_kill_process)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, SECCOMP_RET_KILL_PROCESS);
		req_deny(&r, __NR_getpgrp, 0);
		ASSERT_EQ(0, req_install(&r, 0));
		/* the default still answers for the other one */
		if (syscall(__NR_getpgrp) != -1 || errno != E_BITMAP)
			_exit(3);
		syscall(__NR_getppid);
		_exit(4);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

TEST(entry_trap_with_data)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		ASSERT_EQ(0, install_trap_handler());
		req_init(&r, SECCOMP_RET_KILL_PROCESS);
		req_deny(&r, __NR_getppid, SECCOMP_RET_TRAP | 0x4d);
		ASSERT_EQ(0, req_install(&r, 0));
		syscall(__NR_getppid);
		EXPECT_EQ(1, trap_count);
		EXPECT_EQ(SIGSYS, trap_info.si_signo);
		EXPECT_EQ(SYS_SECCOMP, trap_info.si_code);
		EXPECT_EQ(__NR_getppid, trap_info.si_syscall);
		EXPECT_EQ(0x4d, trap_info.si_errno);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(entry_log_runs)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, SECCOMP_RET_KILL_PROCESS);
		req_deny(&r, __NR_getppid, SECCOMP_RET_LOG);
		ASSERT_EQ(0, req_install(&r, 0));
		EXPECT_EQ(getppid(), syscall(__NR_getppid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST(false_filter_takes_entry)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_filter(&r, __NR_getpgid, "pid == 0");
		req_deny(&r, __NR_getpgid, ERRNO(EPERM));
		/* re-allow: the filter needs its bit */
		bm_set(r.native, __NR_getpgid);
		ASSERT_EQ(0, req_install(&r, 0));
		EXPECT_EQ(getpgrp(), syscall(__NR_getpgid, 0));
		EXPECT_EQ(-1, syscall(__NR_getpgid, 1));
		EXPECT_EQ(EPERM, errno);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* A VER0 caller: 48 bytes; what lies beyond them is not read. */
TEST(ver0_caller_unchanged)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		/* garbage where VER1's fields would be */
		r.sb.reserved2 = 0xdead;
		r.sb.size = SECCOMP_BITMAP_SIZE_VER0;
		ASSERT_EQ(48, SECCOMP_BITMAP_SIZE_VER0);
		ASSERT_EQ(64, SECCOMP_BITMAP_SIZE_VER1);
		ASSERT_EQ(SECCOMP_BITMAP_SIZE_VER1, sizeof(struct seccomp_bitmap));
		ASSERT_EQ(0, req_install(&r, 0));
		/* ->action, not the entry a VER0 caller cannot have given */
		EXPECT_EQ(-1, syscall(__NR_getppid));
		EXPECT_EQ(E_BITMAP, errno);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ---- refusal --------------------------------------------------------------- */

FIXTURE(refusal) {
};

FIXTURE_VARIANT(refusal) {
	int error;
	/* edits a valid request (default ERRNO, getppid denied with EPERM) */
	void (*edit)(struct req *r);
};

FIXTURE_SETUP(refusal)
{
}

FIXTURE_TEARDOWN(refusal)
{
}

static void edit_allowed_native(struct req *r)
{
	r->actions[r->sb.nactions].nr = __NR_getpgrp;
	r->actions[r->sb.nactions++].action = ERRNO(EPERM);
}

static void edit_allowed_compat(struct req *r)
{
	r->actions[r->sb.nactions].nr = IA32_NR_getpid;
	r->actions[r->sb.nactions].flags = SECCOMP_BITMAP_ACTION_COMPAT;
	r->actions[r->sb.nactions++].action = ERRNO(EPERM);
}

static void edit_duplicate(struct req *r)
{
	r->actions[r->sb.nactions].nr = __NR_getppid;
	r->actions[r->sb.nactions++].action = ERRNO(EACCES);
}

static void edit_duplicate_beyond(struct req *r)
{
	r->actions[r->sb.nactions].nr = 100000;
	r->actions[r->sb.nactions++].action = ERRNO(EPERM);
	r->actions[r->sb.nactions].nr = 100000;
	r->actions[r->sb.nactions++].action = ERRNO(EPERM);
}

static void edit_flags(struct req *r)
{
	r->actions[0].flags = 2;
}

static void edit_reserved(struct req *r)
{
	r->actions[0].reserved = 1;
}

static void edit_reserved2(struct req *r)
{
	r->sb.reserved2 = 1;
}

static void edit_allow(struct req *r)
{
	r->actions[0].action = SECCOMP_RET_ALLOW;
}

static void edit_trace(struct req *r)
{
	r->actions[0].action = SECCOMP_RET_TRACE;
}

static void edit_user_notif(struct req *r)
{
	r->actions[0].action = SECCOMP_RET_USER_NOTIF;
}

static void edit_kill_data(struct req *r)
{
	r->actions[0].action = SECCOMP_RET_KILL_PROCESS | 1;
}

static void edit_errno_range(struct req *r)
{
	r->actions[0].action = SECCOMP_RET_ERRNO | 4096;
}

static void edit_unknown_action(struct req *r)
{
	r->actions[0].action = 0x00010000;
}

static void edit_too_many(struct req *r)
{
	r->sb.nactions = 100000;
}

static void edit_fault(struct req *r)
{
	r->sb.actions = (uintptr_t)fault_page();
}

static void edit_fault_second(struct req *r)
{
	/* the first entry readable, the second on a page that faults */
	char *p = mmap(NULL, 2 * getpagesize(), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct seccomp_bitmap_action *a;

	if (p == MAP_FAILED || mprotect(p + getpagesize(), getpagesize(), PROT_NONE))
		_exit(90);
	a = (struct seccomp_bitmap_action *)(p + getpagesize()) - 1;
	memcpy(a, &r->actions[0], sizeof(*a));
	r->sb.actions = (uintptr_t)a;
	r->sb.nactions = 2;
}

static void edit_size_tail(struct req *r)
{
	/* 72 bytes whose tail beyond the kernel's struct is not zero */
	static __u64 big[9];

	memcpy(big, &r->sb, sizeof(r->sb));
	big[8] = 1;
	((struct seccomp_bitmap *)big)->size = sizeof(big);
	r->sb.size = 0;	/* marker: install big instead */
	r->sb.native = (uintptr_t)big;
}

FIXTURE_VARIANT_ADD(refusal, entry_on_allowed_native) {
	.error = EINVAL, .edit = edit_allowed_native,
};
FIXTURE_VARIANT_ADD(refusal, entry_on_allowed_compat) {
	.error = EINVAL, .edit = edit_allowed_compat,
};
FIXTURE_VARIANT_ADD(refusal, duplicate) {
	.error = EINVAL, .edit = edit_duplicate,
};
FIXTURE_VARIANT_ADD(refusal, duplicate_beyond_table) {
	.error = EINVAL, .edit = edit_duplicate_beyond,
};
FIXTURE_VARIANT_ADD(refusal, unknown_flags) {
	.error = EINVAL, .edit = edit_flags,
};
FIXTURE_VARIANT_ADD(refusal, entry_reserved) {
	.error = EINVAL, .edit = edit_reserved,
};
FIXTURE_VARIANT_ADD(refusal, reserved2) {
	.error = EINVAL, .edit = edit_reserved2,
};
FIXTURE_VARIANT_ADD(refusal, action_allow) {
	.error = EINVAL, .edit = edit_allow,
};
FIXTURE_VARIANT_ADD(refusal, action_trace) {
	.error = EINVAL, .edit = edit_trace,
};
FIXTURE_VARIANT_ADD(refusal, action_user_notif) {
	.error = EINVAL, .edit = edit_user_notif,
};
FIXTURE_VARIANT_ADD(refusal, kill_with_data) {
	.error = EINVAL, .edit = edit_kill_data,
};
FIXTURE_VARIANT_ADD(refusal, errno_above_max) {
	.error = EINVAL, .edit = edit_errno_range,
};
FIXTURE_VARIANT_ADD(refusal, unknown_action) {
	.error = EINVAL, .edit = edit_unknown_action,
};
FIXTURE_VARIANT_ADD(refusal, more_entries_than_syscalls) {
	.error = E2BIG, .edit = edit_too_many,
};
FIXTURE_VARIANT_ADD(refusal, unreadable_entries) {
	.error = EFAULT, .edit = edit_fault,
};
FIXTURE_VARIANT_ADD(refusal, unreadable_second_entry) {
	.error = EFAULT, .edit = edit_fault_second,
};
FIXTURE_VARIANT_ADD(refusal, size_with_tail) {
	.error = E2BIG, .edit = edit_size_tail,
};

static long refusal_install(struct req *r)
{
	if (!r->sb.size)
		return sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0,
				   (void *)(uintptr_t)r->sb.native);
	return req_install(r, 0);
}

/* Refused, unconfined: the task stays out of seccomp. */
TEST_F(refusal, unconfined)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		variant->edit(&r);
		EXPECT_EQ(-1, refusal_install(&r));
		EXPECT_EQ(variant->error, errno);
		EXPECT_EQ(0, get_mode());
		EXPECT_EQ(getppid(), syscall(__NR_getppid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* Refused, confined: the bitmap, its table and its actions unchanged. */
TEST_F(refusal, confined)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		char before[4096], after[4096];
		struct req first, r;

		child_prep(_metadata, true);
		req_init(&first, DEFAULT_ACTION);
		req_deny(&first, __NR_getppid, ERRNO(EACCES));
		req_deny(&first, __NR_getpgrp, 0);
		req_deny(&first, __NR_getsid, ERRNO(ESRCH));
		ASSERT_EQ(0, req_install(&first, 0));
		ASSERT_EQ(0, proc_self(before, sizeof(before)));

		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		variant->edit(&r);
		EXPECT_EQ(-1, refusal_install(&r));
		EXPECT_EQ(variant->error, errno);

		ASSERT_EQ(0, proc_self(after, sizeof(after)));
		EXPECT_STREQ(before, after);
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		EXPECT_EQ(EACCES, err_of(syscall(__NR_getppid)));
		EXPECT_EQ(E_BITMAP, err_of(syscall(__NR_getpgrp)));
		EXPECT_EQ(ESRCH, err_of(syscall(__NR_getsid, 0)));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* Numbers beyond the tables are accepted and mean nothing. */
TEST(beyond_table_accepted)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		char buf[4096];
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		r.actions[r.sb.nactions].nr = 5000;
		r.actions[r.sb.nactions++].action = ERRNO(EACCES);
		r.actions[r.sb.nactions].nr = 0x80000000U;
		r.actions[r.sb.nactions].flags = SECCOMP_BITMAP_ACTION_COMPAT;
		r.actions[r.sb.nactions++].action = ERRNO(EACCES);
		/* the same number in both tables is no duplicate */
		r.actions[r.sb.nactions].nr = __NR_getppid;
		r.actions[r.sb.nactions].flags = SECCOMP_BITMAP_ACTION_COMPAT;
		r.actions[r.sb.nactions++].action = ERRNO(ESRCH);
		bm_clear(r.compat, __NR_getppid);
		ASSERT_EQ(0, req_install(&r, 0));
		ASSERT_EQ(0, proc_self(buf, sizeof(buf)));
		EXPECT_EQ(NULL, strstr(buf, "deny 5000")) {
			TH_LOG("/proc/self/seccomp_bitmap:\n%s", buf);
		}
		EXPECT_EQ(NULL, strstr(buf, "deny 2147483648"));
		EXPECT_NE(NULL, strstr(buf, "compat deny 110:"));
		EXPECT_EQ(EPERM, err_of(syscall(__NR_getppid)));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ---- narrow ---------------------------------------------------------------- */

/* first: getppid ERRNO(EPERM); second: no entry, ->action KILL_PROCESS */
TEST(narrow_stricter_default_wins)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		ASSERT_EQ(0, req_install(&r, 0));
		req_init(&r, SECCOMP_RET_KILL_PROCESS);
		ASSERT_EQ(0, req_install(&r, 0));
		syscall(__NR_getppid);
		_exit(4);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

/* A weaker entry cannot undo a stronger one. */
TEST(narrow_cannot_weaken)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, SECCOMP_RET_KILL_PROCESS);
		ASSERT_EQ(0, req_install(&r, 0));
		req_init(&r, SECCOMP_RET_LOG);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		ASSERT_EQ(0, req_install(&r, 0));
		/* neither did the LOG default weaken the ERRNO one */
		if (err_of(syscall(__NR_getpgrp)) != 0)
			_exit(3);
		syscall(__NR_getppid);
		_exit(4);
	}
	EXPECT_KILLED_BY(wait_status(pid), SIGSYS);
}

/* The same action: the newer data, from an entry or from ->action. */
TEST(narrow_same_action_newer_data)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		char buf[4096], want[256];
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		req_deny(&r, __NR_getpgrp, 0);
		ASSERT_EQ(0, req_install(&r, 0));
		req_init(&r, ERRNO(EXDEV));
		req_deny(&r, __NR_getppid, ERRNO(EACCES));
		req_deny(&r, __NR_getpgrp, ERRNO(ESRCH));
		ASSERT_EQ(0, req_install(&r, 0));
		EXPECT_EQ(EACCES, err_of(syscall(__NR_getppid)));
		EXPECT_EQ(ESRCH, err_of(syscall(__NR_getpgrp)));
		ASSERT_EQ(0, proc_self(buf, sizeof(buf)));
		snprintf(want, sizeof(want),
			 "action:\t0x%08x\ndeny %d:\t0x%08x\ndeny %d:\t0x%08x\n",
			 ERRNO(EXDEV), __NR_getppid, ERRNO(EACCES),
			 __NR_getpgrp, ERRNO(ESRCH));
		EXPECT_NE(NULL, strstr(buf, want)) {
			TH_LOG("/proc/self/seccomp_bitmap:\n%s", buf);
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * A newer request allowing what an older one denies keeps it denied, with
 * the stricter action: the older entry's over a weaker ->action, the
 * newer ->action's data for the same action (as for ->action alone).
 */
TEST(narrow_allow_keeps_old_entry)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		req_deny(&r, __NR_getpgrp, ERRNO(EACCES));
		ASSERT_EQ(0, req_install(&r, 0));
		req_init(&r, SECCOMP_RET_LOG);
		ASSERT_EQ(0, req_install(&r, 0));
		EXPECT_EQ(EPERM, err_of(syscall(__NR_getppid)));
		req_init(&r, ERRNO(EXDEV));
		bm_clear(r.native, __NR_getppid);
		ASSERT_EQ(0, req_install(&r, 0));
		EXPECT_EQ(EXDEV, err_of(syscall(__NR_getppid)));
		EXPECT_EQ(EXDEV, err_of(syscall(__NR_getpgrp)));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* PR_SET_SECCOMP_FILTER narrows without touching the table. */
TEST(narrow_prctl_filter_keeps_table)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char before[4096], after[4096], want[128];
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		req_deny_compat(&r, IA32_NR_getppid, ERRNO(EACCES));
		req_deny(&r, __NR_getpgid, ERRNO(ESRCH));
		bm_set(r.native, __NR_getpgid);
		req_filter(&r, __NR_getpgid, "pid == 0");
		ASSERT_EQ(0, req_install(&r, 0));
		ASSERT_EQ(0, proc_self(before, sizeof(before)));
		ASSERT_EQ(0, set_filter(__NR_getsid, "pid == 0"));
		ASSERT_EQ(0, proc_self(after, sizeof(after)));
		snprintf(want, sizeof(want), "deny %d:\t0x%08x\ndeny %d:\t0x%08x\n",
			 __NR_getppid, ERRNO(EPERM), __NR_getpgid, ERRNO(ESRCH));
		EXPECT_NE(NULL, strstr(after, want)) {
			TH_LOG("/proc/self/seccomp_bitmap:\n%s", after);
		}
		snprintf(want, sizeof(want), "compat deny %d:\t0x%08x\n",
			 IA32_NR_getppid, ERRNO(EACCES));
		EXPECT_NE(NULL, strstr(after, want));
		EXPECT_EQ(EPERM, err_of(syscall(__NR_getppid)));
		EXPECT_EQ(ESRCH, err_of(syscall(__NR_getpgid, 1)));
		/* the new filter is false: getsid has no entry, ->action */
		EXPECT_EQ(E_BITMAP, err_of(syscall(__NR_getsid, 1)));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ---- inherit --------------------------------------------------------------- */

TEST(fork_and_exec_keep_table)
{
	char helper[PATH_MAX];
	pid_t pid;

	ASSERT_NE(NULL, sibling_path(helper, sizeof(helper), "bitmap_exec_helper"));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;
		pid_t grandchild;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		ASSERT_EQ(0, req_install(&r, 0));
		grandchild = fork();
		ASSERT_LE(0, grandchild);
		if (grandchild == 0)
			_exit(err_of(syscall(__NR_getppid)));
		EXPECT_EXITED(wait_status(grandchild), EPERM);
		grandchild = fork();
		ASSERT_LE(0, grandchild);
		if (grandchild == 0) {
			execl(helper, helper, "getppid", NULL);
			_exit(99);
		}
		/* the helper exits with getppid()'s errno */
		EXPECT_EXITED(wait_status(grandchild), EPERM);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

static int tsync_go[2];
static int tsync_result;

static void *tsync_thread(void *arg)
{
	(void)arg;
	await(tsync_go[0]);
	tsync_result = err_of(syscall(__NR_getppid));
	return NULL;
}

TEST(tsync_carries_table)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		pthread_t t;
		struct req r;

		child_prep(_metadata, true);
		ASSERT_EQ(0, pipe(tsync_go));
		ASSERT_EQ(0, pthread_create(&t, NULL, tsync_thread, NULL));
		req_init(&r, DEFAULT_ACTION);
		req_deny(&r, __NR_getppid, ERRNO(EPERM));
		ASSERT_EQ(0, req_install(&r, SECCOMP_BITMAP_FLAG_TSYNC));
		post(tsync_go[1]);
		ASSERT_EQ(0, pthread_join(t, NULL));
		EXPECT_EQ(EPERM, tsync_result);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ---- compat ---------------------------------------------------------------- */

TEST(compat_entries_are_their_own)
{
	pid_t pid;

	NEED_IA32();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		/* ia32 getppid: EPERM; ia32 getpid: no entry */
		req_deny_compat(&r, IA32_NR_getppid, ERRNO(EPERM));
		req_deny_compat(&r, IA32_NR_getpid, 0);
		/* native 64 (semget) has an entry of its own */
		req_deny(&r, 64, ERRNO(EACCES));
		ASSERT_EQ(0, req_install(&r, 0));
		EXPECT_EQ(-EPERM, int80_3(IA32_NR_getppid, 0, 0, 0));
		EXPECT_EQ(-E_BITMAP, int80_3(IA32_NR_getpid, 0, 0, 0));
		/* native numbers 64 and 20 are not the compat entries */
		EXPECT_EQ(EACCES, err_of(syscall(64, 0, 0, 0)));
		EXPECT_EQ(0, err_of(syscall(__NR_getppid)));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ---- proc ------------------------------------------------------------------ */

TEST(proc_lines)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char buf[4096], want[512];
		const char *tail;
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		bm_clear(r.native, __NR_getppid);
		bm_clear(r.compat, 3);
		req_filter(&r, __NR_getpgid, "pid == 0");
		/* given out of order: shown sorted, native first */
		r.actions[0] = (struct seccomp_bitmap_action){
			.nr = 3, .flags = SECCOMP_BITMAP_ACTION_COMPAT,
			.action = SECCOMP_RET_KILL_THREAD };
		r.actions[1] = (struct seccomp_bitmap_action){
			.nr = __NR_getpgid, .action = ERRNO(EPERM) };
		r.actions[2] = (struct seccomp_bitmap_action){
			.nr = __NR_getppid, .action = SECCOMP_RET_TRAP | 7 };
		r.sb.nactions = 3;
		ASSERT_EQ(0, req_install(&r, 0));
		ASSERT_EQ(0, proc_self(buf, sizeof(buf)));
		snprintf(want, sizeof(want),
			 "action:\t0x%08x\n%d:\tpid == 0\n"
			 "deny %d:\t0x00030007\ndeny %d:\t0x%08x\n"
			 "compat deny 3:\t0x00000000\n",
			 DEFAULT_ACTION, __NR_getpgid, __NR_getppid,
			 __NR_getpgid, ERRNO(EPERM));
		tail = strstr(buf, "action:");
		ASSERT_NE(NULL, tail);
		EXPECT_STREQ(want, tail);
		EXPECT_EQ(0, strncmp(buf, "native:\t0-", 10));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* PR_GET_SECCOMP and PR_GET_SECCOMP_FILTER with a table */
TEST(prctl_get)
{
	pid_t pid;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char expr[64];
		struct req r;

		child_prep(_metadata, true);
		req_init(&r, DEFAULT_ACTION);
		req_filter(&r, __NR_getpgid, "pid == 0");
		req_deny(&r, __NR_getpgid, ERRNO(EPERM));
		bm_set(r.native, __NR_getpgid);
		ASSERT_EQ(0, req_install(&r, 0));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		EXPECT_EQ(9, prctl(PR_GET_SECCOMP_FILTER, __NR_getpgid, expr,
				   sizeof(expr), 0));
		EXPECT_STREQ("pid == 0", expr);
		EXPECT_EQ(-1, prctl(PR_GET_SECCOMP_FILTER, __NR_getppid, expr,
				    sizeof(expr), 0));
		EXPECT_EQ(ENOENT, errno);
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

static void __attribute__((constructor)) probe_support(void)
{
	probe_filter_support(DEFAULT_ACTION, __NR_getpgid, "pid == 0");
}

TEST_HARNESS_MAIN

#else
BITMAP_X86_ONLY_MAIN("x86-64's syscall numbers and ia32 (int $0x80) entries; arm64's counterparts: seccomp_bitmap_arch_test")
#endif
