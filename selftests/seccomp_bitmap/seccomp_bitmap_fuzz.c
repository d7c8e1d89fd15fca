// SPDX-License-Identifier: GPL-2.0
/*
 * Bounded, reproducible, randomized fuzzer of the seccomp bitmap ABI.
 *
 * Each attempt is generated in the parent from (seed, attempt number) and
 * carried out by a forked child, so installs never accumulate:
 *
 *   seccomp(SECCOMP_SET_MODE_BITMAP, flags, &struct seccomp_bitmap) with
 *     every field drawn from interesting and random values: size (0, small,
 *     47, 48, larger with a zero or a non-zero tail, PAGE_SIZE, huge),
 *     action (valid ones, with and without data, random), nbits and
 *     compat_nbits (0, edges, huge), native/compat/filters pointers (NULL,
 *     unmapped, a PROT_NONE guard page, kernel and non-canonical addresses,
 *     misaligned, valid, valid but ending exactly at a guard page), nfilters,
 *     reserved; filter entries with nr, flags and expressions generated from
 *     the filter grammar (fields of the target syscall, common and generic
 *     fields, unknown fields, operators, constants, parentheses, !) and then
 *     mutated (byte flips, truncation, no NUL before a guard page, longer
 *     than PAGE_SIZE); the struct itself may end at a guard page;
 *   prctl(PR_SET_SECCOMP, mode, bitmap, nbits, arg5) (Langley's short form);
 *   prctl(PR_SET_SECCOMP_FILTER, nr, expr, a4, a5) and
 *   prctl(PR_GET_SECCOMP_FILTER, nr, buf, len, a5) with random arguments,
 *     on a task with or without a bitmap (and filters) installed first;
 *   seccomp() with other operation numbers and random flags.
 *
 * The parent checks, for every attempt: the call returned success or one
 * of the errnos Documentation/userspace-api/seccomp_bitmap.rst lists
 * ("Errors": EFAULT, EINVAL, E2BIG, EOPNOTSUPP, ENOMEM, EACCES;
 * PR_GET_SECCOMP_FILTER also ENOENT and ERANGE, "Filter expressions"); an
 * accepted action is one its "Actions" section allows (KILL_PROCESS,
 * KILL_THREAD, TRAP, ERRNO with data <= MAX_ERRNO, LOG; no data on KILL and
 * LOG; ALLOW, TRACE and USER_NOTIF are refused); and then the
 * child behaves per its bitmap: it runs a list of harmless probe syscalls
 * (getpid, getppid, getuid, getgid, sched_yield, getpgrp), each must run if
 * its bit is set, get -data if its bit is clear and the action is ERRNO,
 * and the child must die by SIGSYS at the first denied probe for the KILL
 * and TRAP actions.  A refused call must leave the child's state as it was
 * (the probes behave per the state before the call).  A child that hangs is
 * killed by SIGALRM and fails the attempt.
 *
 * Run length: FUZZ_ITERS attempts (default 3000; 600 on a kmemleak kernel),
 * seed: FUZZ_SEED (default 0x5ecb17f0), both printed.  The same seed and
 * count give the same attempts; a failing attempt prints its number, so
 * FUZZ_SEED=<seed> FUZZ_ONLY=<n> replays just that one.
 */

#include "bitmap_util.h"

#define DEFAULT_SEED	0x5ecb17f0ULL
#define DEFAULT_ITERS	3000
#define DEBUG_ITERS	600
#define PAGE		4096UL
#define MAX_ERRNO	4095
#define BASE_ERRNO	ENOMSG		/* the pre-installed base policy's errno */

/* ---- deterministic PRNG (splitmix64) -------------------------------------- */

static uint64_t rng;

static uint64_t rnd(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint32_t below(uint32_t n)
{
	return n ? (uint32_t)(rnd() % n) : 0;
}

static bool chance(unsigned int percent)
{
	return below(100) < percent;
}

#define PICK(a) ((a)[below(sizeof(a) / sizeof((a)[0]))])

/* ---- the arena: every object in its own page, guard pages around --------- */

/*
 * Pages: 0 bitmap, 1 guard, 2 compat, 3 guard, 4-5 filters, 6 guard,
 * 7-8 expressions, 9 guard, 10-11 struct, 12 guard, 13 get buffer, 14 guard.
 * The arena is mapped once (MAP_SHARED, so the result area survives the
 * child) and cleared for every attempt; guard pages are PROT_NONE.
 */
#define NPAGES		16
#define P_BITMAP	0
#define P_COMPAT	2
#define P_FILTERS	4
#define P_EXPR		7
#define P_STRUCT	10
#define P_GETBUF	13
#define P_RESULT	15
static const int guard_pages[] = { 1, 3, 6, 9, 12, 14 };

static unsigned char *arena;
static uintptr_t unmapped;

static unsigned char *pg(int n)
{
	return arena + n * PAGE;
}

/* the end of the object area of page n (the next page is a guard) */
static unsigned char *guard_end(int n)
{
	return pg(n + 1);
}

/* what the child reports back (in the result page) */
struct result {
	int phase;		/* 1 before the call, 2 after it, 3 probes done */
	long ret;		/* raw return of the fuzzed call (-errno) */
	long base_ret;		/* raw return of the base install */
	int probe;		/* index of the probe about to run */
	long probe_ret[8];
};

static struct result *res(void)
{
	return (struct result *)pg(P_RESULT);
}

/* ---- probes --------------------------------------------------------------- */

static const int probes[] = {
	__NR_getpid, __NR_getppid, __NR_getuid, __NR_getgid,
#ifdef __NR_getpgrp
	__NR_sched_yield, __NR_getpgrp,
#else
	__NR_sched_yield, __NR_getegid,
#endif
};
#define NPROBES (int)(sizeof(probes) / sizeof(probes[0]))

/* numbers that must stay allowed so the child can report and exit */
static bool reserved_nr(long nr)
{
	int i;

	if (nr == __NR_exit || nr == __NR_exit_group)
		return true;
	for (i = 0; i < NPROBES; i++)
		if (nr == probes[i])
			return true;
	return false;
}

/* ---- expressions from the filter grammar ---------------------------------- */

struct target {
	int nr;
	const char *fields[6];
};

/* SYSCALL_DEFINE argument names of 6.1 (the sys_enter_* field names) */
static const struct target targets[] = {
	{ __NR_close, { "fd" } },
	{ __NR_read, { "fd", "buf", "count" } },
	{ __NR_write, { "fd", "buf", "count" } },
	{ __NR_dup, { "fildes" } },
	{ __NR_lseek, { "fd", "offset", "whence" } },
	{ __NR_kill, { "pid", "sig" } },
	{ __NR_ioctl, { "fd", "cmd", "arg" } },
	{ __NR_openat, { "dfd", "filename", "flags", "mode" } },
	{ __NR_mmap, { "addr", "len", "prot", "flags", "fd", "off" } },
	{ __NR_dup3, { "oldfd", "newfd", "flags" } },
	{ __NR_umask, { "mask" } },
	{ __NR_nanosleep, { "rqtp", "rmtp" } },
};

static const char *const other_fields[] = {
	"common_pid", "common_type", "common_flags", "common_preempt_count",
	"__syscall_nr", "cpu", "CPU", "comm", "COMM", "nosuchfield", "fd2",
	"", "0", "fd fd",
};

static const char *const ops[] = {
	"==", "!=", "<", "<=", ">", ">=", "&", "~", "=", "===", "<<", "!",
	"&&", "||",
};

static const char *const consts[] = {
	"0", "1", "2", "-1", "12345", "0x10", "0xffffffff", "4294967296",
	"18446744073709551615", "18446744073709551616", "-9223372036854775808",
	"077", "08", "0x", "\"foo\"", "\"*\"", "'a'", "1e3", "", "fd",
};

static size_t gen_term(char *buf, size_t size, const struct target *t)
{
	const char *field;
	int nf = 0;

	while (nf < 6 && t->fields[nf])
		nf++;
	field = chance(85) && nf ? t->fields[below(nf)] : PICK(other_fields);
	if (chance(60))		/* well-formed: comparison of a number */
		return snprintf(buf, size, "%s %s %s", field, ops[below(6)],
				PICK(((const char *[]){ "0", "1", "2", "3", "100",
							"12345", "0x10" })));
	if (chance(85))
		return snprintf(buf, size, "%s %s %s", field, PICK(ops),
				PICK(consts));
	return snprintf(buf, size, "%s%s", field, PICK(ops));
}

static size_t gen_expr(char *buf, size_t size, const struct target *t, int depth)
{
	size_t n = 0;

	if (size < 64)
		return snprintf(buf, size, "fd == 1");
	switch (depth > 3 ? 0 : below(6)) {
	case 0:
	case 1:
	case 2:
		return gen_term(buf, size, t);
	case 3:
		n = snprintf(buf, size, "(");
		n += gen_expr(buf + n, size - n, t, depth + 1);
		if (n < size - 2 && chance(90))
			n += snprintf(buf + n, size - n, ")");
		return n;
	case 4:
		n = snprintf(buf, size, "!(");
		n += gen_expr(buf + n, size - n, t, depth + 1);
		if (n < size - 2)
			n += snprintf(buf + n, size - n, ")");
		return n;
	default:
		n = gen_expr(buf, size / 2, t, depth + 1);
		n += snprintf(buf + n, size - n, chance(50) ? " && " : " || ");
		n += gen_expr(buf + n, size - n, t, depth + 1);
		return n;
	}
}

/*
 * Writes an expression for target t into the expression pages and returns
 * the pointer to hand to the kernel (maybe bad).
 */
static uintptr_t make_expr(const struct target *t)
{
	unsigned char *area = pg(P_EXPR);
	size_t len, i;
	char tmp[1024];

	switch (below(16)) {
	case 0:
		return 0;
	case 1:
		return unmapped;
	case 2:
		return (uintptr_t)guard_end(P_EXPR + 1);	/* the guard page */
	case 3:
		/* longer than PAGE_SIZE, NUL-terminated */
		len = PAGE + below(PAGE - 8);
		memset(area, ' ', len);
		memcpy(area, "fd == 1", 7);
		area[len] = '\0';
		return (uintptr_t)area;
	default:
		break;
	}
	len = gen_expr(tmp, sizeof(tmp), t, 0);
	if (len >= sizeof(tmp))
		len = sizeof(tmp) - 1;
	tmp[len] = '\0';
	/* mutations */
	if (chance(15) && len)
		for (i = below(4) + 1; i; i--)
			tmp[below(len)] ^= 1 << below(8);
	if (chance(10) && len)
		len = below(len);
	tmp[len] = '\0';
	switch (below(5)) {
	case 0:
		/* the NUL is the last byte before the guard page */
		memcpy(guard_end(P_EXPR + 1) - len - 1, tmp, len + 1);
		return (uintptr_t)(guard_end(P_EXPR + 1) - len - 1);
	case 1:
		/* no NUL: the string runs into the guard page */
		memcpy(guard_end(P_EXPR + 1) - len, tmp, len);
		return (uintptr_t)(guard_end(P_EXPR + 1) - len);
	default:
		memcpy(area, tmp, len + 1);
		return (uintptr_t)area;
	}
}

/* ---- pointers and numbers -------------------------------------------------- */

static uintptr_t bad_pointer(void)
{
	static const uintptr_t fixed[] = {
		0, 1, 0xffffffff81000000UL, 0x8000000000000000UL,
		0xfffffffffffff000UL, 0x00007ffffffff000UL,
	};

	switch (below(4)) {
	case 0:
		return unmapped;
	case 1:
		return (uintptr_t)pg(guard_pages[below(6)]);
	case 2:
		return (uintptr_t)pg(guard_pages[below(6)]) - below(8);
	default:
		return PICK(fixed);
	}
}

static uint32_t interesting_u32(void)
{
	static const uint32_t v[] = {
		0, 1, 2, 7, 8, 31, 32, 47, 48, 49, 56, 63, 64, 65, 127, 128,
		255, 256, 334, 335, 450, 451, 452, 511, 512, 4095, 4096, 4097,
		65535, 65536, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
	};

	return chance(80) ? PICK(v) : (uint32_t)rnd();
}

static uint32_t gen_action(void)
{
	static const uint32_t valid[] = {
		SECCOMP_RET_KILL_PROCESS, SECCOMP_RET_KILL_THREAD,
		SECCOMP_RET_TRAP, SECCOMP_RET_ERRNO | 1,
		SECCOMP_RET_ERRNO | E2BIG, SECCOMP_RET_ERRNO | MAX_ERRNO,
		SECCOMP_RET_ERRNO, SECCOMP_RET_LOG,
	};
	static const uint32_t invalid[] = {
		SECCOMP_RET_ALLOW, SECCOMP_RET_TRACE, SECCOMP_RET_USER_NOTIF,
		SECCOMP_RET_ERRNO | (MAX_ERRNO + 1), SECCOMP_RET_KILL_PROCESS | 1,
		SECCOMP_RET_LOG | 5, SECCOMP_RET_TRAP | 0xffff, 0x00010000,
		0x7ffd0000, 0xffffffff,
	};

	switch (below(10)) {
	case 0: case 1: case 2: case 3: case 4: case 5:
		return PICK(valid);
	case 6: case 7:
		return PICK(invalid);
	case 8:
		return SECCOMP_RET_ERRNO | below(0x10000);
	default:
		return (uint32_t)rnd();
	}
}

/* Is this action one an install may accept (seccomp_bitmap.rst, "Actions")? */
static bool action_ok(uint32_t a)
{
	uint32_t data = a & 0xffff;

	switch (a & 0xffff0000U) {
	case SECCOMP_RET_KILL_PROCESS:
	case SECCOMP_RET_KILL_THREAD:
	case SECCOMP_RET_LOG:
		return data == 0;
	case SECCOMP_RET_TRAP:
		return true;
	case SECCOMP_RET_ERRNO:
		return data <= MAX_ERRNO;
	}
	return false;
}

/* words of bits into page P with nw words (maybe ending at the guard) */
static uintptr_t make_bits(int page, uint32_t nw, bool at_guard,
			   uint64_t **words)
{
	uint64_t *w;
	uint32_t i;
	int dens = below(5);

	if (nw > PAGE / 8)
		nw = PAGE / 8;
	w = at_guard ? (uint64_t *)(guard_end(page) - nw * 8) : (uint64_t *)pg(page);
	for (i = 0; i < nw; i++) {
		switch (dens) {
		case 0:
			w[i] = ~0ULL;
			break;
		case 1:
			w[i] = 0;
			break;
		case 2:
			w[i] = rnd() | rnd();	/* mostly set */
			break;
		default:
			w[i] = rnd();
		}
	}
	/* the child must be able to exit */
	if (nw > __NR_exit_group / 64) {
		w[__NR_exit / 64] |= 1ULL << (__NR_exit % 64);
		w[__NR_exit_group / 64] |= 1ULL << (__NR_exit_group % 64);
	}
	*words = w;
	return (uintptr_t)w;
}

/* ---- one attempt ----------------------------------------------------------- */

enum kind { K_FULL, K_SHORT, K_SETF, K_GETF, K_OTHER_OP, NKINDS };
static const char *const kind_name[] = {
	"seccomp(SET_MODE_BITMAP)", "prctl(PR_SET_SECCOMP)",
	"prctl(PR_SET_SECCOMP_FILTER)", "prctl(PR_GET_SECCOMP_FILTER)",
	"seccomp(other op)",
};

/* the policy the probes must see */
struct policy {
	bool bitmap;		/* in bitmap mode */
	uint32_t action;
	bool allow[NPROBES];
	bool exit_allowed;
};

struct attempt {
	enum kind kind;
	bool nnp, base, base_filters;
	long nr, a1, a2, a3, a4, a5;	/* the raw call */
	/* for K_FULL / K_SHORT success: the bits as the kernel will read them */
	uint64_t *native;
	uint32_t nw, nbits;
	uint32_t action;
};

static const uint32_t base_action = SECCOMP_RET_ERRNO | BASE_ERRNO;

/* base policy: everything allowed (a filter on close and dup) */
static long install_base(bool filters)
{
	static char e1[] = "fd != 99999", e2[] = "fildes < 100000";
	struct seccomp_bitmap_filter f[2] = {
		{ .nr = __NR_close, .expr = (uintptr_t)e1 },
		{ .nr = __NR_dup, .expr = (uintptr_t)e2 },
	};
	uint64_t w[8];
	struct seccomp_bitmap sb = {
		.size = sizeof(sb), .action = base_action, .nbits = 512,
		.native = (uintptr_t)w, .filters = (uintptr_t)f,
		.nfilters = filters ? 2 : 0,
	};

	memset(w, 0xff, sizeof(w));
	return raw_syscall6(__NR_seccomp, SECCOMP_SET_MODE_BITMAP, 0, (long)&sb, 0, 0, 0);
}

/*
 * Half of the full-form attempts start from a sane struct and make each
 * field wild with a small probability (so the kernel gets past the early
 * checks and one bad field at a time is tried); the rest are wild all over.
 */
static bool sane;

static bool wild(void)
{
	return !sane || chance(10);
}

static void gen_full(struct attempt *a)
{
	struct seccomp_bitmap *sb;
	struct seccomp_bitmap_filter *f;
	uint64_t *cw;
	uint32_t size, nf, i, maxf;
	unsigned char *s;

	sane = chance(50);
	a->nr = __NR_seccomp;
	a->a1 = SECCOMP_SET_MODE_BITMAP;
	a->a2 = !wild() ? 0 : chance(50) ? 1 /* TSYNC */ : (long)(uint32_t)rnd();

	/* size, and where the struct lies */
	switch (wild() ? below(10) : 9) {
	case 0:
		size = PICK(((uint32_t[]){ 0, 1, 8, 24, 40, 47 }));
		break;
	case 1:
		size = PICK(((uint32_t[]){ 4097, 8192, 65536, 0xffffffff }));
		break;
	case 2: case 3:
		size = 48 + 8 * below(8) + below(2) * below(8);
		break;
	case 4:
		size = PAGE;
		break;
	default:
		size = 48;
	}
	if (size <= 2 * PAGE - 48 && chance(50))
		s = guard_end(P_STRUCT + 1) - (size > 48 ? size : 48);
	else
		s = pg(P_STRUCT);
	if (size > 48 && chance(30))
		s = guard_end(P_STRUCT + 1) - 48;	/* tail runs into the guard */
	sb = (struct seccomp_bitmap *)s;
	/*
	 * The VER0 fields: the struct may end 48 bytes before a guard page.
	 * VER1's per-syscall actions are not generated here (whose outcome
	 * the probe model does not predict): seccomp_bitmap_action_test.
	 */
	memset(sb, 0, SECCOMP_BITMAP_SIZE_VER0);
	if (size > 48 && s + size <= guard_end(P_STRUCT + 1) && chance(40))
		s[48 + below(size - 48)] = 1 + below(255);	/* non-zero tail */

	sb->size = size;
	sb->action = wild() ? gen_action() :
		PICK(((uint32_t[]){ SECCOMP_RET_KILL_PROCESS, SECCOMP_RET_TRAP,
				    SECCOMP_RET_ERRNO | 7, SECCOMP_RET_LOG,
				    SECCOMP_RET_KILL_THREAD }));
	a->action = sb->action;
	/* native */
	a->nw = wild() ? PICK(((uint32_t[]){ 0, 1, 2, 7, 8, 9, 64, 512 })) : 8;
	sb->native = make_bits(P_BITMAP, a->nw, chance(50), &a->native);
	if (a->nw > PAGE / 8)
		a->nw = PAGE / 8;
	switch (wild() ? below(4) : 0) {
	case 0:
		sb->nbits = a->nw * 64;
		break;
	case 1:
		sb->nbits = a->nw * 64 + below(130) - 64;
		break;
	default:
		sb->nbits = interesting_u32();
	}
	a->nbits = sb->nbits;
	if (wild() && chance(8))
		sb->native = bad_pointer();
	/* compat */
	if (chance(60)) {
		uint32_t cn = PICK(((uint32_t[]){ 0, 1, 7, 8, 64 }));

		sb->compat = make_bits(P_COMPAT, cn, chance(50), &cw);
		sb->compat_nbits = !wild() || chance(50) ? cn * 64 : interesting_u32();
		if (wild() && chance(10))
			sb->compat = bad_pointer();
	} else if (wild() && chance(30)) {
		sb->compat_nbits = interesting_u32();
	}
	/* filters */
	nf = chance(40) ? 0 : !wild() || chance(80) ? 1 + below(4) : interesting_u32();
	maxf = 2 * PAGE / sizeof(*f);
	f = (struct seccomp_bitmap_filter *)pg(P_FILTERS);
	if (nf && nf <= maxf && chance(50))
		f = (struct seccomp_bitmap_filter *)(guard_end(P_FILTERS + 1) -
						       nf * sizeof(*f));
	for (i = 0; i < nf && i < maxf; i++) {
		const struct target *t = &PICK(targets);

		f[i].nr = t->nr;
		if (wild() && chance(10))
			f[i].nr = interesting_u32();
		if (reserved_nr(f[i].nr))
			f[i].nr = __NR_close;
		f[i].flags = !wild() || chance(92) ? 0 : interesting_u32();
		/* one expression page: every filter of this call shares it */
		f[i].expr = i == 0 ? make_expr(t) : f[0].expr;
	}
	sb->filters = nf ? (uintptr_t)f : 0;
	if (wild() && chance(10))
		sb->filters = bad_pointer();
	sb->nfilters = nf;
	sb->reserved = !wild() || chance(90) ? 0 : interesting_u32();
	/* whole-struct byte flips, never in the pointers */
	if (wild() && chance(10)) {
		static const int fields[] = { 0, 4, 8, 12, 40, 44 };
		int off = PICK(fields) + below(4);

		((unsigned char *)sb)[off] ^= 1 << below(8);
		a->action = sb->action;
		a->nbits = sb->nbits;
	}
	a->a3 = (long)(wild() && chance(5) ? bad_pointer() : (uintptr_t)sb);
}

static void gen_attempt(struct attempt *a)
{
	uint64_t *w;

	memset(a, 0, sizeof(*a));
	a->kind = below(10) < 5 ? K_FULL : (enum kind)below(NKINDS);
	a->nnp = chance(90);
	a->base = a->kind == K_SETF || a->kind == K_GETF ? chance(80) : chance(20);
	a->base_filters = a->kind == K_GETF ? chance(90) : chance(60);
	switch (a->kind) {
	case K_FULL:
		gen_full(a);
		break;
	case K_SHORT:
		a->nr = __NR_prctl;
		a->a1 = PR_SET_SECCOMP;
		a->a2 = chance(90) ? SECCOMP_MODE_BITMAP :
			PICK(((long[]){ 0, 4, 5, 0xffffffffL, -1L }));
		a->nw = PICK(((uint32_t[]){ 0, 1, 2, 8, 64 }));
		a->a3 = make_bits(P_BITMAP, a->nw, chance(50), &a->native);
		if (chance(10))
			a->a3 = bad_pointer();
		a->a4 = chance(50) ? a->nw * 64 : chance(80) ? interesting_u32() :
			(long)rnd();
		a->nbits = (uint32_t)a->a4;
		a->a5 = chance(90) ? 0 : (long)rnd();
		a->action = SECCOMP_RET_KILL_PROCESS;
		break;
	case K_SETF: {
		const struct target *t = &PICK(targets);

		a->nr = __NR_prctl;
		a->a1 = PR_SET_SECCOMP_FILTER;
		a->a2 = chance(85) ? t->nr : (long)interesting_u32();
		if (reserved_nr(a->a2))
			a->a2 = __NR_close;
		if (chance(3))
			a->a2 = (long)rnd();
		a->a3 = make_expr(t);
		a->a4 = chance(90) ? 0 : (long)rnd();
		a->a5 = chance(90) ? 0 : (long)rnd();
		break;
	}
	case K_GETF:
		a->nr = __NR_prctl;
		a->a1 = PR_GET_SECCOMP_FILTER;
		a->a2 = chance(70) ? PICK(((long[]){ __NR_close, __NR_dup, __NR_getpid })) :
			(long)interesting_u32();
		switch (below(5)) {
		case 0:
			a->a3 = 0;
			break;
		case 1:
			a->a3 = bad_pointer();
			break;
		default:
			a->a3 = (uintptr_t)pg(P_GETBUF);
		}
		a->a4 = PICK(((long[]){ 0, 1, 2, 5, 11, 12, 16, 4096, 4097, -1L }));
		if (a->a3 == (uintptr_t)pg(P_GETBUF) && a->a4 > 0 && a->a4 <= 4096 &&
		    chance(50))
			a->a3 = (uintptr_t)guard_end(P_GETBUF) - a->a4;
		a->a5 = chance(90) ? 0 : (long)rnd();
		break;
	default:
		a->nr = __NR_seccomp;
		a->a1 = PICK(((long[]){ 2, 3, 5, 6, 7, 100, 0xffffffffL }));
		a->a2 = chance(70) ? 0 : (long)rnd();
		a->a3 = chance(50) ? (long)(uintptr_t)pg(P_STRUCT) : (long)bad_pointer();
		make_bits(P_STRUCT, 8, false, &w);
		break;
	}
}

/* may the call return this errno? */
static bool errno_ok(const struct attempt *a, long err)
{
	switch (err) {
	case EFAULT: case EINVAL: case E2BIG: case EOPNOTSUPP: case ENOMEM:
	case EACCES:
		return true;
	case ENOENT: case ERANGE:
		return a->kind == K_GETF;
	}
	return false;
}

static bool bit(const struct attempt *a, int nr)
{
	if ((uint32_t)nr >= a->nbits || (uint32_t)nr >= a->nw * 64)
		return false;
	return a->native[nr / 64] >> (nr % 64) & 1;
}

/* stricter action wins; for equal actions the newer data (seccomp_bitmap.rst, "Actions") */
static uint32_t stricter(uint32_t old, uint32_t new)
{
	return (int32_t)(old & 0xffff0000U) < (int32_t)(new & 0xffff0000U) ? old : new;
}

static void child(const struct attempt *a)
{
	struct result *r = res();
	int i;

	struct rlimit no_core = { 0, 0 };

	setrlimit(RLIMIT_CORE, &no_core);
	alarm(20);
	if (a->nnp)
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	if (a->base)
		r->base_ret = install_base(a->base_filters);
	r->phase = 1;
	r->ret = raw_syscall6(a->nr, a->a1, a->a2, a->a3, a->a4, a->a5, 0);
	r->phase = 2;
	for (i = 0; i < NPROBES; i++) {
		r->probe = i;
		r->probe_ret[i] = raw_syscall6(probes[i], 0, 0, 0, 0, 0, 0);
	}
	r->phase = 3;
	raw_syscall6(__NR_exit_group, 0, 0, 0, 0, 0, 0);
	/* exit_group denied with ERRNO: the parent kills us (no hlt, no GPF) */
	r->phase = 4;
	for (;;)
		;
}

static long probe_value(int i, pid_t child_pid)
{
	switch (probes[i]) {
	case __NR_getpid:
		return child_pid;
	case __NR_getppid:
		return getpid();
	case __NR_getuid:
		return getuid();
	case __NR_getgid:
		return getgid();
#ifdef __NR_getpgrp
	case __NR_getpgrp:
		return getpgrp();
#else
	case __NR_getegid:
		return getegid();
#endif
	default:
		return 0;
	}
}

/* Returns NULL if the attempt behaved, else what went wrong (in buf). */
static const char *check(const struct attempt *a, pid_t pid, int st,
			 char *buf, size_t size)
{
	const struct result *r = res();
	struct policy p = { 0 };
	bool success;
	int i, first_denied = -1;

	if (a->base) {
		if (r->base_ret && !(r->base_ret == -EACCES && !a->nnp) &&
		    !(r->base_ret == -EOPNOTSUPP && a->base_filters)) {
			snprintf(buf, size, "base install returned %ld", r->base_ret);
			return buf;
		}
		if (r->base_ret == 0) {
			p.bitmap = true;
			p.action = base_action;
			for (i = 0; i < NPROBES; i++)
				p.allow[i] = true;
			p.exit_allowed = true;
		}
	}
	if (r->phase < 2) {
		snprintf(buf, size, "child died in the call (phase %d, status 0x%x)",
			 r->phase, st);
		return buf;
	}
	success = r->ret >= 0;
	if (!success && !errno_ok(a, -r->ret)) {
		snprintf(buf, size, "returned errno %ld (%s), not one seccomp_bitmap.rst lists",
			 -r->ret, strerror(-r->ret));
		return buf;
	}
	if (success && a->kind == K_GETF) {
		if (r->ret < 1 || (a->a4 && (unsigned long)r->ret > (unsigned long)a->a4) ||
		    !p.bitmap) {
			snprintf(buf, size, "PR_GET_SECCOMP_FILTER returned %ld (len %ld, bitmap %d)",
				 r->ret, a->a4, p.bitmap);
			return buf;
		}
	}
	if (success && a->kind == K_SETF && !p.bitmap) {
		snprintf(buf, size, "PR_SET_SECCOMP_FILTER succeeded without a bitmap");
		return buf;
	}
	if (success && r->ret != 0 && a->kind != K_GETF) {
		snprintf(buf, size, "returned %ld (expected 0 or -errno)", r->ret);
		return buf;
	}
	if (success && (a->kind == K_FULL || (a->kind == K_SHORT &&
					      a->a2 == SECCOMP_MODE_BITMAP))) {
		if (!action_ok(a->action)) {
			snprintf(buf, size, "accepted action 0x%08x", a->action);
			return buf;
		}
		p.action = p.bitmap ? stricter(p.action, a->action) : a->action;
		p.bitmap = true;
		for (i = 0; i < NPROBES; i++)
			p.allow[i] = bit(a, probes[i]);	/* base allows all */
		p.exit_allowed = bit(a, __NR_exit_group);
	} else if (success && a->kind == K_SHORT) {
		snprintf(buf, size, "PR_SET_SECCOMP mode %ld succeeded", a->a2);
		return buf;
	}
	/* (K_SETF filters only close/dup/...: probes unaffected) */

	for (i = 0; i < NPROBES; i++)
		if (p.bitmap && !p.allow[i]) {
			first_denied = i;
			break;
		}
	if (first_denied >= 0) {
		uint32_t act = p.action & 0xffff0000U;

		if (act == SECCOMP_RET_KILL_PROCESS || act == SECCOMP_RET_KILL_THREAD ||
		    act == SECCOMP_RET_TRAP) {
			if (!WIFSIGNALED(st) || WTERMSIG(st) != SIGSYS ||
			    r->probe != first_denied || r->phase != 2) {
				snprintf(buf, size, "action 0x%08x: expected SIGSYS at probe %d (nr %d), got status 0x%x phase %d probe %d",
					 p.action, first_denied, probes[first_denied],
					 st, r->phase, r->probe);
				return buf;
			}
			return NULL;
		}
	}
	if (p.bitmap && !p.exit_allowed &&
	    (p.action & 0xffff0000U) != SECCOMP_RET_LOG) {
		uint32_t act = p.action & 0xffff0000U;

		if (act == SECCOMP_RET_ERRNO ? !WIFSIGNALED(st) || WTERMSIG(st) != SIGKILL ||
		    r->phase != 4 : !WIFSIGNALED(st) || WTERMSIG(st) != SIGSYS || r->phase != 3) {
			snprintf(buf, size, "exit_group denied (action 0x%08x): status 0x%x at phase %d",
				 p.action, st, r->phase);
			return buf;
		}
	} else if (!WIFEXITED(st) || WEXITSTATUS(st) || r->phase != 3) {
		snprintf(buf, size, "child ended with status 0x%x at phase %d probe %d",
			 st, r->phase, r->probe);
		return buf;
	}
	for (i = 0; i < NPROBES; i++) {
		long want;

		if (!p.bitmap || p.allow[i] ||
		    (p.action & 0xffff0000U) == SECCOMP_RET_LOG)
			want = probe_value(i, pid);
		else
			want = -(long)(p.action & 0xffff);
		if (r->probe_ret[i] != want) {
			snprintf(buf, size, "probe %d (nr %d) returned %ld, expected %ld (%s, action 0x%08x)",
				 i, probes[i], r->probe_ret[i], want,
				 p.bitmap ? p.allow[i] ? "allowed" : "denied" : "no bitmap",
				 p.action);
			return buf;
		}
	}
	return NULL;
}

static unsigned long env_ul(const char *name, unsigned long def)
{
	const char *e = getenv(name);

	return e && *e ? strtoul(e, NULL, 0) : def;
}

FIXTURE(fuzz) {
	uint64_t seed;
	unsigned long iters;
	long only;
};

FIXTURE_SETUP(fuzz)
{
	int i, st;
	pid_t pid;
	void *u;

	self->seed = env_ul("FUZZ_SEED", DEFAULT_SEED);
	self->iters = env_ul("FUZZ_ITERS", access("/sys/kernel/debug/kmemleak", F_OK) ?
			     DEFAULT_ITERS : DEBUG_ITERS);
	self->only = getenv("FUZZ_ONLY") ? (long)env_ul("FUZZ_ONLY", 0) : -1;

	/* bitmap mode at all? */
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
		_exit(install_base(false) == -EINVAL ? 1 : 0);
	}
	ASSERT_EQ(pid, waitpid(pid, &st, 0));
	if (WIFEXITED(st) && WEXITSTATUS(st) == 1)
		SKIP(return, "kernel has no SECCOMP_SET_MODE_BITMAP (CONFIG_SECCOMP_BITMAP off)");

	arena = mmap(NULL, NPAGES * PAGE, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, arena);
	for (i = 0; i < (int)(sizeof(guard_pages) / sizeof(guard_pages[0])); i++)
		ASSERT_EQ(0, mprotect(pg(guard_pages[i]), PAGE, PROT_NONE));
	u = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, u);
	ASSERT_EQ(0, munmap(u, PAGE));
	unmapped = (uintptr_t)u;
}

FIXTURE_TEARDOWN(fuzz)
{
}

static bool is_guard(int page)
{
	int i;

	for (i = 0; i < (int)(sizeof(guard_pages) / sizeof(guard_pages[0])); i++)
		if (guard_pages[i] == page)
			return true;
	return false;
}

TEST_F_TIMEOUT(fuzz, abi, 1700)
{
	unsigned long n, ok = 0, refused = 0, failures = 0, errs[5][8] = { 0 };
	unsigned long kinds[NKINDS] = { 0 }, succ[NKINDS] = { 0 };
	static const int errnos[] = { EFAULT, EINVAL, E2BIG, EOPNOTSUPP, ENOMEM,
				      EACCES, ENOENT, ERANGE };
	struct attempt a;
	char why[256];
	time_t t0 = time(NULL);
	int pg_i, st, e;

	TH_LOG("fuzz: seed 0x%llx (FUZZ_SEED), %lu attempts (FUZZ_ITERS)%s",
	       (unsigned long long)self->seed, self->iters,
	       self->only >= 0 ? ", only one (FUZZ_ONLY)" : "");
	for (n = 0; n < self->iters; n++) {
		const char *msg;
		pid_t pid;

		if (self->only >= 0 && (long)n != self->only)
			continue;
		rng = self->seed ^ (n * 0xd1b54a32d192ed03ULL);
		for (pg_i = 0; pg_i < NPAGES; pg_i++)
			if (!is_guard(pg_i))
				memset(pg(pg_i), 0, PAGE);
		gen_attempt(&a);
		kinds[a.kind]++;
		pid = fork();
		ASSERT_LE(0, pid);
		if (pid == 0) {
			child(&a);
			_exit(99);
		}
		/* reap; a child that cannot exit (phase 4) is killed */
		while (waitpid(pid, &st, WNOHANG) != pid) {
			if (res()->phase == 4)
				kill(pid, SIGKILL);
			usleep(20);
		}
		msg = check(&a, pid, st, why, sizeof(why));
		if (res()->phase >= 2 && res()->ret >= 0) {
			ok++;
			succ[a.kind]++;
		} else if (res()->phase >= 2) {
			refused++;
			for (e = 0; e < 8; e++)
				if (-res()->ret == errnos[e])
					errs[a.kind < 5 ? a.kind : 4][e]++;
		}
		if (msg) {
			failures++;
			if (failures <= 20)
				TH_LOG("attempt %lu (FUZZ_SEED=0x%llx FUZZ_ONLY=%lu) %s(0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx): %s",
				       n, (unsigned long long)self->seed, n,
				       kind_name[a.kind], a.a1, a.a2, a.a3, a.a4, a.a5, msg);
		}
	}
	for (e = 0; e < NKINDS; e++)
		TH_LOG("%-30s %5lu attempts, %5lu succeeded; refused: EFAULT %lu EINVAL %lu E2BIG %lu EOPNOTSUPP %lu ENOMEM %lu EACCES %lu ENOENT %lu ERANGE %lu",
		       kind_name[e], kinds[e], succ[e], errs[e][0], errs[e][1],
		       errs[e][2], errs[e][3], errs[e][4], errs[e][5], errs[e][6],
		       errs[e][7]);
	TH_LOG("fuzz: seed 0x%llx, %lu attempts in %ld s: %lu succeeded, %lu refused, %lu misbehaved",
	       (unsigned long long)self->seed, self->iters, (long)(time(NULL) - t0),
	       ok, refused, failures);
	EXPECT_EQ(0, failures);
	/* a fuzzer whose every attempt is refused tests nothing */
	if (self->only < 0)
		EXPECT_LT(self->iters / 20, ok);
}

TEST_HARNESS_MAIN
