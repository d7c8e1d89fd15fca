// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall entry's answer for a task whose only entry work is seccomp
 * (kernel/entry/common.c): a plain native bit of the bitmap is tested
 * inline, anything else (an ia32 syscall, a filter, a stacked BPF filter,
 * a denial) goes through __secure_computing().  Each test compares what
 * that early answer gives with what the bitmap means: the same numbers
 * must be denied as on the full path, and a BPF filter stacked with the
 * bitmap, by the task or by a sibling's TSYNC, must never be skipped.
 */
#include <linux/filter.h>
#include <pthread.h>

#include "bitmap_util.h"

#define IA32_NR_getpid	20
#define IA32_NR_getppid	64
#define X32_SYSCALL_BIT	0x40000000L

/* every native syscall allowed but @deny (-1: none), no compat table */
static long allow_native_but(int deny, unsigned int flags)
{
	__u64 w[BM_WORDS];

	bm_fill(w, BM_WORDS, true);
	if (deny >= 0)
		bm_clear(w, deny);
	return bitmap_install(flags, SECCOMP_RET_ERRNO | E_BITMAP, w, BM_BITS,
			      NULL, 0);
}

/* a BPF filter: getppid gets ERRNO(EPERM), everything else runs */
static long bpf_deny_getppid(unsigned int flags)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(insns) / sizeof(insns[0]),
		.filter = insns,
	};

	return sys_seccomp(SECCOMP_SET_MODE_FILTER, flags, &prog);
}

/*
 * An ia32 syscall is never judged by the native table: its number 20 is
 * writev natively, allowed here, but getpid for ia32, whose table is
 * empty.  With the compat bit set the early answer's fallback allows it.
 */
TEST(ia32_number_is_not_read_from_the_native_table)
{
#if BITMAP_X86_64
	pid_t pid;
#endif

	if (!have_ia32())
		SKIP(return, "no ia32 emulation (int $0x80)%s",
		     BITMAP_X86_64 ? "" : ": x86-64 only; AArch32 in seccomp_bitmap_arch_test");
#if BITMAP_X86_64
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_native_but(-1, 0));
		EXPECT_EQ(-E_BITMAP, int80_3(IA32_NR_getpid, 0, 0, 0));
		EXPECT_EQ(getppid(), syscall(__NR_getppid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		__u64 native[BM_WORDS], compat[BM_WORDS];

		child_prep(_metadata, true);
		bm_fill(native, BM_WORDS, true);
		bm_fill(compat, BM_WORDS, false);
		bm_set(compat, IA32_NR_getpid);
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
					    native, BM_BITS, compat, BM_BITS));
		EXPECT_EQ(getpid(), int80_3(IA32_NR_getpid, 0, 0, 0));
		EXPECT_EQ(-E_BITMAP, int80_3(IA32_NR_getppid, 0, 0, 0));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
#endif
}

/*
 * Numbers at the table's edge, beyond it, negative and with the x32 bit,
 * with every bit of the bitmap set (bits beyond the table included): the
 * last syscall is judged by its bit, the rest get the bitmap's action,
 * and -1 runs nothing.
 */
TEST(numbers_beyond_the_table_get_the_action)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_native_but(-1, 0));
		EXPECT_NE(-E_BITMAP, raw_syscall0(NATIVE_NR - 1));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(NATIVE_NR));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(NATIVE_NR + 1));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(BM_BITS - 1));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(-2));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(INT32_MIN));
#ifdef X32_SYSCALL_BIT
		EXPECT_EQ(-E_BITMAP, raw_syscall0(X32_SYSCALL_BIT | __NR_getppid));
#endif
		EXPECT_EQ(-ENOSYS, raw_syscall0(-1));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/*
 * The entry code takes the low 32 bits of rax (arm64: x8) as the number,
 * and so does seccomp: getppid with garbage in the upper half runs when its bit is
 * set and is denied when it is clear.
 */
TEST(upper_half_of_rax_is_ignored_both_ways)
{
	long nr = (0x5a5aL << 32) | __NR_getppid;
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_native_but(__NR_getpid, 0));
		EXPECT_EQ(getppid(), raw_syscall0(nr));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);

	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_native_but(__NR_getppid, 0));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(nr));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getppid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* A BPF filter added after the bitmap is run for every allowed syscall. */
TEST(bpf_filter_stacked_later_is_not_skipped)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_native_but(__NR_getpid, 0));
		EXPECT_EQ(getppid(), raw_syscall0(__NR_getppid));
		ASSERT_EQ(0, bpf_deny_getppid(0));
		EXPECT_EQ(-EPERM, raw_syscall0(__NR_getppid));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getpid));
		EXPECT_EQ(SECCOMP_MODE_BITMAP, get_mode());
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* And the reverse order: a bitmap added to a task under a BPF filter. */
TEST(bitmap_added_under_bpf_filter_keeps_it)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		child_prep(_metadata, true);
		ASSERT_EQ(0, bpf_deny_getppid(0));
		ASSERT_EQ(0, allow_native_but(__NR_getpid, 0));
		EXPECT_EQ(-EPERM, raw_syscall0(__NR_getppid));
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getpid));
		EXPECT_EQ(getuid(), raw_syscall0(__NR_getuid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

struct sibling {
	pthread_barrier_t ready;
	pthread_barrier_t installed;
	pthread_barrier_t checked;
	long before, after;
};

static void *sibling_thread(void *arg)
{
	struct sibling *s = arg;

	s->before = raw_syscall0(__NR_getppid);
	pthread_barrier_wait(&s->ready);
	pthread_barrier_wait(&s->installed);
	s->after = raw_syscall0(__NR_getppid);
	pthread_barrier_wait(&s->checked);
	return NULL;
}

/*
 * A sibling in bitmap mode, whose syscalls the entry code answers early,
 * gets a BPF filter by another thread's TSYNC: from then on the filter
 * runs for it.
 */
TEST(bpf_filter_by_tsync_reaches_a_bitmap_sibling)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct sibling s = { 0 };
		long ppid = getppid();
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_native_but(__NR_getpid, 0));
		pthread_barrier_init(&s.ready, NULL, 2);
		pthread_barrier_init(&s.installed, NULL, 2);
		pthread_barrier_init(&s.checked, NULL, 2);
		ASSERT_EQ(0, pthread_create(&t, NULL, sibling_thread, &s));
		/* the sibling has run getppid in bitmap mode alone */
		pthread_barrier_wait(&s.ready);
		ASSERT_EQ(0, bpf_deny_getppid(SECCOMP_FILTER_FLAG_TSYNC));
		pthread_barrier_wait(&s.installed);
		pthread_barrier_wait(&s.checked);
		ASSERT_EQ(0, pthread_join(t, NULL));
		EXPECT_EQ(ppid, s.before);
		EXPECT_EQ(-EPERM, s.after);
		/* and for the caller */
		EXPECT_EQ(-EPERM, raw_syscall0(__NR_getppid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* The same for a narrower bitmap by TSYNC: the sibling reads the new one. */
TEST(bitmap_narrowed_by_tsync_reaches_a_sibling)
{
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		struct sibling s = { 0 };
		long ppid = getppid();
		pthread_t t;

		child_prep(_metadata, true);
		ASSERT_EQ(0, allow_native_but(__NR_getpid, 0));
		pthread_barrier_init(&s.ready, NULL, 2);
		pthread_barrier_init(&s.installed, NULL, 2);
		pthread_barrier_init(&s.checked, NULL, 2);
		ASSERT_EQ(0, pthread_create(&t, NULL, sibling_thread, &s));
		pthread_barrier_wait(&s.ready);
		ASSERT_EQ(0, allow_native_but(__NR_getppid,
					      SECCOMP_BITMAP_FLAG_TSYNC));
		pthread_barrier_wait(&s.installed);
		pthread_barrier_wait(&s.checked);
		ASSERT_EQ(0, pthread_join(t, NULL));
		EXPECT_EQ(ppid, s.before);
		EXPECT_EQ(-E_BITMAP, s.after);
		EXPECT_EQ(-E_BITMAP, raw_syscall0(__NR_getppid));
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

TEST_HARNESS_MAIN
