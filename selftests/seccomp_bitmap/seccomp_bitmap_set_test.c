// SPDX-License-Identifier: GPL-2.0
/*
 * Set predicates of the event-filter engine (kernel/trace/
 * trace_events_filter.c, fold_set_preds()): a run of "field == value"
 * joined by "||" (or of "field != value" joined by "&&") on one field is
 * evaluated as one lookup of the field among the values, a perfect hash
 * table for up to 16 values and a binary search above.  These tests hold
 * the folded filters to the meaning of the filter as written, bit for
 * bit:
 *
 *  - fixed expressions with the answer for each probe value, on fields of
 *    8, 4 and 2 bytes, signed and unsigned, values in and out of the set,
 *    the bits of the register above the field, negation, NOT IN, a set of
 *    one value repeated, sets of 2 to 64 values (hashed and searched);
 *  - random expressions of "==", "!=", "<" and "&" leaves, "||", "&&",
 *    "!" and parentheses on one or two fields: the kernel's answer for
 *    each probe value must be the one a plain evaluation of the tree in C
 *    gives, and the one the kernel gives for the same tree with every
 *    equality written as "(f >= v && f <= v)", which nothing folds.
 *
 * A filter is installed on syscall A and its unfoldable twin on syscall B
 * (same argument type); every other syscall is allowed.  A call the filter
 * refuses gets the bitmap's ERRNO(ENOMSG); one it lets run fails by itself
 * (a bad fd, a path that does not exist) or returns harmlessly.
 */
#include <ctype.h>

#include <fcntl.h>

#include "bitmap_util.h"

/* ---- the syscalls and fields ---------------------------------------------- */

enum width { W64U, W32U, W32S, W16U };

struct pair {
	const char *name;
	int nr_a, nr_b;		/* the filter on A, its twin on B */
	const char *field;	/* the argument compared (both syscalls) */
	const char *field2;	/* another argument of both, fixed per call */
	unsigned long field2_val;
	unsigned int bits;
	bool is_signed;
};

static const struct pair pairs[] = {
	/* size_t count: write(999, "x", v) vs read(999, buf, v), EBADF */
	[W64U] = { "count (size_t)", __NR_write, __NR_read, "count", "fd", 999,
		   64, false },
	/* unsigned int fd: close(v) vs dup(v), EBADF (no value is open) */
	[W32U] = { "fd (unsigned int)", __NR_close, __NR_dup, NULL, NULL, 0,
		   32, false },
	/* pid_t pid: getpgid(v) vs getsid(v), ESRCH or a harmless answer */
	[W32S] = { "pid (pid_t)", __NR_getpgid, __NR_getsid, "pid", NULL, 0,
		   32, true },
#ifdef __NR_chmod
	/* umode_t mode: chmod(missing, v) vs mkdir(missing/x, v), ENOENT */
	[W16U] = { "mode (umode_t)", __NR_chmod, __NR_mkdir, "mode", NULL, 0,
		   16, false },
#else
	/* arm64 has only the *at forms: fchmodat() vs mkdirat(), ENOENT */
	[W16U] = { "mode (umode_t)", __NR_fchmodat, __NR_mkdirat, "mode", NULL,
		   0, 16, false },
#endif
};

/* close's argument is "fd", dup's "fildes": the only pair whose names differ */
static const char *field_a(enum width w)
{
	return w == W32U ? "fd" : pairs[w].field;
}

static const char *field_b(enum width w)
{
	return w == W32U ? "fildes" : pairs[w].field;
}

static char buf_read[8];

/* the call of A (b false) or B (b true) with @v in the compared argument */
static long call(enum width w, bool b, unsigned long v)
{
	const struct pair *p = &pairs[w];
	long r;

	errno = 0;
	switch (w) {
	case W64U:
		r = b ? syscall(p->nr_b, 999L, buf_read, v) :
			syscall(p->nr_a, 999L, "x", v);
		break;
	case W16U:
#ifdef __NR_chmod
		r = b ? syscall(p->nr_b, "/nonexistent-set-test/x", v) :
			syscall(p->nr_a, "/nonexistent-set-test", v);
#else
		r = b ? syscall(p->nr_b, AT_FDCWD, "/nonexistent-set-test/x", v) :
			syscall(p->nr_a, AT_FDCWD, "/nonexistent-set-test", v);
#endif
		break;
	default:
		r = syscall(b ? p->nr_b : p->nr_a, v);
		break;
	}
	return r == -1 ? -errno : r;
}

/* did the filter of A (or B) let @v through? */
static bool allowed(enum width w, bool b, unsigned long v)
{
	return call(w, b, v) != -E_BITMAP;
}

/* the field's value for @v, as the filter reads it */
static uint64_t field_bits(enum width w, uint64_t v)
{
	unsigned int bits = pairs[w].bits;

	return bits == 64 ? v : v & ((1ULL << bits) - 1);
}

/* ... and as the relational operators compare it */
static bool field_lt(enum width w, uint64_t x, uint64_t c)
{
	unsigned int bits = pairs[w].bits;

	x = field_bits(w, x);
	c = field_bits(w, c);
	if (pairs[w].is_signed && bits < 64) {
		int64_t sx = (int64_t)(x << (64 - bits)) >> (64 - bits);
		int64_t sc = (int64_t)(c << (64 - bits)) >> (64 - bits);

		return sx < sc;
	}
	if (pairs[w].is_signed)
		return (int64_t)x < (int64_t)c;
	return x < c;
}

/* the constant as the filter text writes it (signed fields: negative) */
static void fmt_const(char *s, size_t n, enum width w, uint64_t c)
{
	unsigned int bits = pairs[w].bits;

	c = field_bits(w, c);
	if (pairs[w].is_signed && bits < 64 && (c >> (bits - 1)) & 1)
		snprintf(s, n, "-0x%llx",
			 (unsigned long long)((1ULL << bits) - c));
	else
		snprintf(s, n, "0x%llx", (unsigned long long)c);
}

/* Install @ea on A and @eb on B, everything else allowed */
static long install_pair(enum width w, const char *ea, const char *eb)
{
	struct seccomp_bitmap_filter f[2];

	fset(&f[0], pairs[w].nr_a, ea);
	fset(&f[1], pairs[w].nr_b, eb);
	return install_filters(SECCOMP_RET_ERRNO | E_BITMAP, f, 2);
}

/* @e, written on A's field, on B's (close's "fd" is dup's "fildes") */
static const char *on_b(enum width w, const char *e, char *buf, size_t size)
{
	const char *start = e;
	size_t o = 0;

	if (w != W32U)
		return e;
	while (*e && o + 8 < size) {
		/* the word "fd", not the digits of 0xfd */
		if (!strncmp(e, "fd ", 3) &&
		    (e == start || !isalnum((unsigned char)e[-1]))) {
			o += snprintf(buf + o, size - o, "fildes");
			e += 2;
		} else {
			buf[o++] = *e++;
		}
	}
	buf[o] = '\0';
	return buf;
}

/* ---- fixed expressions ---------------------------------------------------- */

#define MAX_PROBES 24

struct probe {
	unsigned long val;
	bool in;	/* the filter lets it through */
};

FIXTURE(fixed) {
};

FIXTURE_VARIANT(fixed) {
	enum width w;
	const char *expr;
	struct probe probes[MAX_PROBES];
};

#define IN(v)	{ .val = (unsigned long)(v), .in = true }
#define OUT(v)	{ .val = (unsigned long)(v), .in = false }
/* list terminator: no variant probes 1 */
#define END	{ .val = 1 }

FIXTURE_VARIANT_ADD(fixed, u32_eight_values_in_and_out) {
	.w = W32U,
	.expr = "fd == 1000 || fd == 1001 || fd == 1002 || fd == 1003 || "
		"fd == 1004 || fd == 1005 || fd == 1006 || fd == 0xfffffff8",
	.probes = { IN(1000), IN(1003), IN(1006), IN(0xfffffff8),
		    IN(0x1000003e8), IN(0xfffffffffffffff8),
		    OUT(999), OUT(1007), OUT(0xfffffff7), OUT(0xfffffff9),
		    OUT(0xffffffff), OUT(0x7fffffff), OUT(0x80000000), END },
};

FIXTURE_VARIANT_ADD(fixed, u32_docker_personality_values) {
	/* containers-common's personality values, on an unsigned int */
	.w = W32U,
	.expr = "fd == 0 || fd == 8 || fd == 0x20000 || fd == 0x20008 || "
		"fd == 0xffffffff",
	/* 0 and 8 would close real fds: their neighbours only */
	.probes = { IN(0x20000), IN(0x20008), IN(0xffffffff),
		    IN(0x100020000), IN(-1L),
		    OUT(0x20001), OUT(0x1ffff), OUT(0x20009), OUT(0xfffffffe),
		    OUT(0x80000000), OUT(0x10000), END },
};

FIXTURE_VARIANT_ADD(fixed, u32_not_in_chain) {
	/* NOT IN: "!=" joined by "&&" is the same set, negated */
	.w = W32U,
	.expr = "fd != 1000 && fd != 2000 && fd != 3000 && fd != 0x80000000",
	.probes = { OUT(1000), OUT(2000), OUT(3000), OUT(0x80000000),
		    OUT(0x1000007d0), IN(1001), IN(1999), IN(2999),
		    IN(0x7fffffff), IN(0x80000001), IN(0xffffffff), END },
};

FIXTURE_VARIANT_ADD(fixed, u32_negated_set) {
	.w = W32U,
	.expr = "!(fd == 1000 || fd == 2000 || fd == 3000)",
	.probes = { OUT(1000), OUT(2000), OUT(3000), IN(1001), IN(4000),
		    IN(0xffffffff), END },
};

FIXTURE_VARIANT_ADD(fixed, u32_negated_members) {
	/* "!(f != v)" members: the same set, every branch inverted twice */
	.w = W32U,
	.expr = "!(fd != 1000) || !(fd != 2000) || fd == 3000",
	.probes = { IN(1000), IN(2000), IN(3000), OUT(1001), OUT(2999),
		    OUT(0xffffffff), END },
};

FIXTURE_VARIANT_ADD(fixed, u32_repeated_value) {
	.w = W32U,
	.expr = "fd == 1000 || fd == 1000 || fd == 1000",
	.probes = { IN(1000), OUT(999), OUT(1001), OUT(0xffffffff), END },
};

FIXTURE_VARIANT_ADD(fixed, u32_set_then_and) {
	/* "(a || b) && c": the set's equality falls through to c */
	.w = W32U,
	.expr = "(fd == 1000 || fd == 1001 || fd == 1002) && fd < 1002",
	.probes = { IN(1000), IN(1001), OUT(1002), OUT(999), OUT(1003),
		    END },
};

FIXTURE_VARIANT_ADD(fixed, u32_two_sets_and_a_compare_between) {
	.w = W32U,
	.expr = "fd == 1000 || fd == 1001 || fd > 0xfffffff0 || "
		"fd == 2000 || fd == 2001",
	.probes = { IN(1000), IN(1001), IN(2000), IN(2001), IN(0xfffffff1),
		    IN(0xffffffff), OUT(0xfffffff0), OUT(1002), OUT(1999),
		    OUT(2002), END },
};

FIXTURE_VARIANT_ADD(fixed, s32_negative_values) {
	.w = W32S,
	.expr = "pid == -1 || pid == -2 || pid == -0x80000000 || "
		"pid == 0x7fffffff || pid == 1000000",
	.probes = { IN(-1), IN(-2), IN(0x80000000), IN(0xffffffff),
		    IN(0x7fffffff), IN(1000000), IN(0x1000f4240),
		    OUT(-3), OUT(0x80000001), OUT(0x7ffffffe), OUT(999999),
		    OUT(0xfffffffd), END },
};

FIXTURE_VARIANT_ADD(fixed, u64_whole_register) {
	.w = W64U,
	.expr = "count == 0 || count == 0x100000000 || "
		"count == 0x8000000000000000 || count == 0xffffffffffffffff",
	.probes = { IN(0), IN(0x100000000), IN(0x8000000000000000),
		    IN(-1L), OUT(1), OUT(0xffffffff), OUT(0x100000001),
		    OUT(0x7fffffffffffffff), OUT(0xfffffffffffffffe), END },
};

FIXTURE_VARIANT_ADD(fixed, u16_mode_values) {
	.w = W16U,
	.expr = "mode == 0 || mode == 0x1ff || mode == 0x8000 || "
		"mode == 0xffff || mode == 0x7fff",
	.probes = { IN(0), IN(0x1ff), IN(0x8000), IN(0xffff), IN(0x7fff),
		    IN(0x101ff), IN(0xffffffffffff8000),
		    OUT(0x1fe), OUT(0x200), OUT(0x7ffe), OUT(0x8001),
		    OUT(0xfffe), OUT(0x10001), END },
};

FIXTURE_VARIANT_ADD(fixed, u64_mixed_with_other_field) {
	/* a predicate on fd between the equalities on count: two runs */
	.w = W64U,
	.expr = "count == 10 || count == 11 || fd == 998 || count == 12 || "
		"count == 13",
	.probes = { IN(10), IN(11), IN(12), IN(13), OUT(9), OUT(14),
		    OUT(0x10000000a), END },
};

FIXTURE_SETUP(fixed)
{
}

FIXTURE_TEARDOWN(fixed)
{
}

TEST_F(fixed, answers_as_written)
{
	pid_t pid;
	int i;

	REQUIRE_FILTERS();
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		char b[1024];

		child_prep(_metadata, true);
		ASSERT_EQ(0, install_pair(variant->w, variant->expr,
					  on_b(variant->w, variant->expr, b,
					       sizeof(b)))) {
			TH_LOG("'%s': errno %d", variant->expr, errno);
		}
		for (i = 0; i < MAX_PROBES && variant->probes[i].val != 1; i++) {
			const struct probe *p = &variant->probes[i];

			EXPECT_EQ(p->in, allowed(variant->w, false, p->val)) {
				TH_LOG("'%s' with 0x%lx: expected %s",
				       variant->expr, p->val,
				       p->in ? "allowed" : "denied");
			}
		}
		CHILD_EXIT();
	}
	EXPECT_EXITED(wait_status(pid), 0);
}

/* ---- sets of 2 to 64 values (hashed up to 16, searched above) ------------- */

static uint64_t lcg_state;

static uint64_t lcg(void)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return lcg_state >> 11;
}

/* a value of the field's width; never a small fd (close() would close it) */
static uint64_t rand_val(enum width w)
{
	uint64_t v;

	switch (lcg() % 4) {
	case 0:		/* near the top of the width */
		v = field_bits(w, -(uint64_t)(lcg() % 64) - 1);
		break;
	case 1:		/* near the sign bit */
		v = (1ULL << (pairs[w].bits - 1)) + lcg() % 64 - 32;
		break;
	case 2:		/* small, spread */
		v = 1000 + lcg() % 4096;
		break;
	default:
		v = lcg();
		break;
	}
	v = field_bits(w, v);
	if (w == W32U && v < 1000)
		v += 1000;
	return v;
}

#define MAX_SET 64

TEST(sets_of_every_size)
{
	static const int sizes[] = { 2, 3, 4, 5, 8, 9, 15, 16, 17, 31, 64 };
	enum width w;
	unsigned int s;

	REQUIRE_FILTERS();
	lcg_state = 16;
	for (w = W64U; w <= W16U; w++) {
		for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			uint64_t vals[MAX_SET];
			char expr[MAX_SET * 48], b[MAX_SET * 64], c[32];
			size_t o = 0;
			pid_t pid;
			int n = sizes[s], i, j;

			for (i = 0; i < n; i++) {
				vals[i] = rand_val(w);
				fmt_const(c, sizeof(c), w, vals[i]);
				o += snprintf(expr + o, sizeof(expr) - o,
					      "%s%s == %s", i ? " || " : "",
					      field_a(w), c);
			}
			pid = fork();
			ASSERT_LE(0, pid);
			if (pid == 0) {
				child_prep(_metadata, true);
				ASSERT_EQ(0, install_pair(w, expr,
							  on_b(w, expr, b, sizeof(b)))) {
					TH_LOG("'%s': errno %d", expr, errno);
				}
				for (i = 0; i < n; i++) {
					/* each value, and its neighbours */
					for (j = -1; j <= 1; j++) {
						uint64_t v = vals[i] + j;
						bool want = false;
						int k;

						if (w == W32U && field_bits(w, v) < 1000)
							continue;
						for (k = 0; k < n; k++)
							want |= field_bits(w, v) == vals[k];
						EXPECT_EQ(want, allowed(w, false, v)) {
							TH_LOG("%s, %d values, 0x%llx: expected %s (%s)",
							       pairs[w].name, n,
							       (unsigned long long)v,
							       want ? "allowed" : "denied",
							       expr);
						}
					}
				}
				CHILD_EXIT();
			}
			EXPECT_EXITED(wait_status(pid), 0);
		}
	}
}

/* ---- random expressions, against C and against the unfolded twin --------- */

enum node_kind { N_EQ, N_NE, N_LT, N_BAND, N_NOT, N_AND, N_OR };

struct node {
	enum node_kind kind;
	bool other_field;	/* a leaf on field2 (W64U: fd) */
	uint64_t val;
	int l, r;		/* children: indexes into the tree */
};

#define MAX_NODES	40
#define POOL		6

struct tree {
	struct node n[MAX_NODES];
	int nn;
	uint64_t pool[POOL];
};

static int new_node(struct tree *t, enum node_kind k)
{
	t->n[t->nn].kind = k;
	t->n[t->nn].other_field = false;
	return t->nn++;
}

/* a leaf; mostly equalities on the field with a value of the pool */
static int gen_leaf(struct tree *t, enum width w, bool eq)
{
	unsigned int r = lcg() % 16;
	int i;

	i = new_node(t, eq || r < 9 ? N_EQ : r < 12 ? N_NE : r < 14 ? N_LT :
			N_BAND);
	t->n[i].val = t->pool[lcg() % POOL];
	if (t->n[i].kind == N_BAND)
		t->n[i].val = 1ULL << (lcg() % pairs[w].bits);
	if (pairs[w].field2 && lcg() % 8 == 0) {
		t->n[i].other_field = true;
		t->n[i].val = pairs[w].field2_val + lcg() % 2;
	}
	return i;
}

/* an OR- (or AND-) chain of equalities, the pattern the engine folds */
static int gen_chain(struct tree *t, enum width w, int len, bool ne)
{
	int i, c = gen_leaf(t, w, true);

	if (ne)
		t->n[c].kind = N_NE;
	for (i = 1; i < len && t->nn < MAX_NODES - 2; i++) {
		int leaf = gen_leaf(t, w, true), op;

		if (ne)
			t->n[leaf].kind = N_NE;
		op = new_node(t, ne ? N_AND : N_OR);
		t->n[op].l = c;
		t->n[op].r = leaf;
		c = op;
	}
	return c;
}

static int gen(struct tree *t, enum width w, int depth)
{
	unsigned int r = lcg() % 10;
	int i;

	if (t->nn >= MAX_NODES - 12 || depth > 3 || r < 2)
		return gen_leaf(t, w, false);
	if (r < 5)
		return gen_chain(t, w, 2 + lcg() % 5, lcg() % 4 == 0);
	if (r < 6) {
		i = new_node(t, N_NOT);
		t->n[i].l = gen(t, w, depth + 1);
		return i;
	}
	i = new_node(t, r < 8 ? N_OR : N_AND);
	t->n[i].l = gen(t, w, depth + 1);
	t->n[i].r = gen(t, w, depth + 1);
	return i;
}

static bool eval(const struct tree *t, int i, enum width w, uint64_t v,
		 uint64_t v2)
{
	const struct node *n = &t->n[i];
	uint64_t f = n->other_field ? v2 : v;
	enum width fw = n->other_field ? W32U : w;	/* fd: unsigned int */

	switch (n->kind) {
	case N_EQ:
		return field_bits(fw, f) == field_bits(fw, n->val);
	case N_NE:
		return field_bits(fw, f) != field_bits(fw, n->val);
	case N_LT:
		return field_lt(fw, f, n->val);
	case N_BAND:
		return (field_bits(fw, f) & n->val) != 0;
	case N_NOT:
		return !eval(t, n->l, w, v, v2);
	case N_AND:
		return eval(t, n->l, w, v, v2) && eval(t, n->r, w, v, v2);
	case N_OR:
		return eval(t, n->l, w, v, v2) || eval(t, n->r, w, v, v2);
	}
	return false;
}

/* the filter text; @unfold writes each "f == v" as "(f >= v && f <= v)" */
static size_t print(const struct tree *t, int i, enum width w, const char *fld,
		    bool unfold, char *s, size_t size)
{
	const struct node *n = &t->n[i];
	const char *f = n->other_field ? pairs[w].field2 : fld;
	enum width fw = n->other_field ? W32U : w;
	size_t o = 0;
	char c[32];

	fmt_const(c, sizeof(c), fw, n->val);
	switch (n->kind) {
	case N_EQ:
		if (unfold)
			return snprintf(s, size, "(%s >= %s && %s <= %s)",
					f, c, f, c);
		return snprintf(s, size, "%s == %s", f, c);
	case N_NE:
		if (unfold)
			return snprintf(s, size, "!(%s >= %s && %s <= %s)",
					f, c, f, c);
		return snprintf(s, size, "%s != %s", f, c);
	case N_LT:
		return snprintf(s, size, "%s < %s", f, c);
	case N_BAND:
		return snprintf(s, size, "%s & %s", f, c);
	case N_NOT:
		o += snprintf(s + o, size - o, "!(");
		o += print(t, n->l, w, fld, unfold, s + o, size - o);
		o += snprintf(s + o, size - o, ")");
		return o;
	case N_AND:
	case N_OR:
		o += snprintf(s + o, size - o, "(");
		o += print(t, n->l, w, fld, unfold, s + o, size - o);
		o += snprintf(s + o, size - o, n->kind == N_AND ? " && " : " || ");
		o += print(t, n->r, w, fld, unfold, s + o, size - o);
		o += snprintf(s + o, size - o, ")");
		return o;
	}
	return 0;
}

#define N_RANDOM	40

TEST(random_expressions_match_c_and_unfolded)
{
	static char ea[8192], eb[16384];
	enum width w;
	int e;

	REQUIRE_FILTERS();
	lcg_state = 20261205;
	for (w = W64U; w <= W16U; w++) {
		for (e = 0; e < N_RANDOM; e++) {
			struct tree t = { .nn = 0 };
			uint64_t probes[3 * POOL + 2];
			int root, np = 0, i;
			pid_t pid;

			/* both must fit a filter (less than a page) */
			do {
				t.nn = 0;
				for (i = 0; i < POOL; i++)
					t.pool[i] = rand_val(w);
				root = gen(&t, w, 0);
				print(&t, root, w, field_a(w), false, ea,
				      sizeof(ea));
				print(&t, root, w, field_b(w), true, eb,
				      sizeof(eb));
			} while (strlen(eb) >= 4000);
			for (i = 0; i < POOL; i++) {
				probes[np++] = t.pool[i];
				probes[np++] = t.pool[i] + 1;
				/* the same field value, other upper bits */
				probes[np++] = pairs[w].bits == 64 ? t.pool[i] - 1 :
					       t.pool[i] | 1ULL << 40;
			}
			probes[np++] = field_bits(w, -1);
			probes[np++] = 1ULL << (pairs[w].bits - 1);

			pid = fork();
			ASSERT_LE(0, pid);
			if (pid == 0) {
				child_prep(_metadata, true);
				ASSERT_EQ(0, install_pair(w, ea, eb)) {
					TH_LOG("'%s' / '%s': errno %d", ea, eb,
					       errno);
				}
				for (i = 0; i < np; i++) {
					uint64_t v = probes[i];
					bool want, a, b;

					if (w == W32U && field_bits(w, v) < 1000)
						continue;
					/* field2 (fd) is 999 in every call */
					want = eval(&t, root, w, v,
						    pairs[w].field2_val);
					a = allowed(w, false, v);
					b = allowed(w, true, v);
					EXPECT_EQ(want, a) {
						TH_LOG("%s 0x%llx: '%s' %s, C says %s",
						       pairs[w].name,
						       (unsigned long long)v, ea,
						       a ? "allowed" : "denied",
						       want ? "allowed" : "denied");
					}
					EXPECT_EQ(a, b) {
						TH_LOG("%s 0x%llx: folded '%s' %s, unfolded '%s' %s",
						       pairs[w].name,
						       (unsigned long long)v, ea,
						       a ? "allowed" : "denied", eb,
						       b ? "allowed" : "denied");
					}
				}
				CHILD_EXIT();
			}
			EXPECT_EXITED(wait_status(pid), 0);
		}
	}
}

static void __attribute__((constructor)) probe(void)
{
	probe_filter_support(SECCOMP_RET_ERRNO | E_BITMAP, __NR_close,
			     "fd == 1000 || fd == 1001");
}

TEST_HARNESS_MAIN
