// SPDX-License-Identifier: GPL-2.0
/*
 * Independent review of "tracing/filters: keep an owner's integer
 * predicates in the program" (2026-12-05, branch revmem): a filter of
 * integer comparisons is evaluated from a compacted program of 16-byte
 * entries (struct int_prog_entry; 24 bytes since review fin's RF-1)
 * instead of the program of predicates.
 * From a confined task's side, every verdict must stay what the
 * expression says:
 *
 *  - compact.random_trees_*: random expression trees over the fields of
 *    one syscall, each field as wide and as signed as the syscall's C
 *    type (fadvise64: int fd, loff_t offset, size_t len, int advice;
 *    mkdirat: int dfd, umode_t mode; flock: unsigned int fd, cmd), with
 *    "==", "!=", "<", "<=", ">", ">=", "&", negative constants, "!" on
 *    leaves and groups, OR-chains of equalities and AND-chains of "!="
 *    of up to 24 values (folded into hashed or searched sets), and
 *    single predicates (the one-predicate fast path).  A quarter of the
 *    trees is narrowed by a second tree through PR_SET_SECCOMP_FILTER
 *    ("(old) && (new)"); an eighth is also judged in a forked child.
 *    Each tree is judged on probes made of its constants, their
 *    neighbours, the fields' edges and random register values (upper
 *    bits the field does not read included), against a C evaluation:
 *    a denial is -ENOMSG, an allowed call ends with the syscall's own
 *    result (0 or its errno, never ENOMSG).
 *  - max_chain: the longest OR-chain of distinct equalities the
 *    expression length allows (a searched set) and its negation.
 *  - perf_filter_keeps_predicates (RM-1): the patch says "Only an
 *    owner's filters are compacted: tracefs and perf walk a filter's
 *    predicates afterwards".  perf's ftrace_profile_set_filter() parses
 *    with __ftrace_parse_filter(), which compacts any filter of integer
 *    comparisons: a perf tracepoint filter holds 16 bytes per term, not
 *    the 64 (entry and predicate) the message says it keeps.  Measured
 *    on Slab: 256 perf events on syscalls:sys_enter_close, filters of
 *    10 and of 126 "fd > N" terms (no folding), the difference per term.
 *    Root, perf and tracefs needed (skips otherwise).
 *
 * x86-64 only (the syscalls' register layout).
 */
#include "bitmap_util.h"

#include <sys/ioctl.h>
#include <sys/mount.h>
#include <linux/perf_event.h>

#if BITMAP_X86_64

static void __attribute__((constructor)) probe(void)
{
	probe_filter_support(SECCOMP_RET_ERRNO | E_BITMAP, __NR_getpgid,
			     "arg_0 == 0");
}

struct fld {
	const char *name;
	int arg;		/* register position */
	int width;		/* bytes */
	bool sgn;
};

struct sc {
	const char *name;
	int nr;
	int nfld;
	struct fld f[4];
	long fixed[6];		/* register values of the fields not filtered */
};

static const struct sc scs[] = {
	{ "fadvise64", __NR_fadvise64, 4,
	  { { "fd", 0, 4, true }, { "offset", 1, 8, true },
	    { "len", 2, 8, false }, { "advice", 3, 4, true } } },
	/* pathname NULL: EFAULT whatever dfd and mode are */
	{ "mkdirat", __NR_mkdirat, 2,
	  { { "dfd", 0, 4, true }, { "mode", 2, 2, false } } },
	{ "flock", __NR_flock, 2,
	  { { "fd", 0, 4, false }, { "cmd", 1, 4, false } } },
};

/* ---- random trees ----------------------------------------------------- */

static unsigned long long rstate;

static unsigned int rnd(void)
{
	rstate = rstate * 6364136223846793005ULL + 1442695040888963407ULL;
	return rstate >> 33;
}

static uint64_t rnd64(void)
{
	return ((uint64_t)rnd() << 32) ^ rnd() ^ ((uint64_t)rnd() << 17);
}

enum { EQ, NE, LT, LE, GT, GE, BAND, NOT, AND, OR };
static const char *const opstr[] = { "==", "!=", "<", "<=", ">", ">=", "&" };

struct node {
	int k, fld, l, r;
	uint64_t v;		/* the constant, as the field holds it */
};

#define MAXN 400
struct tree {
	const struct sc *sc;
	struct node n[MAXN];
	int nn, root;
	uint64_t pool[8];
};

static uint64_t trunc_w(uint64_t v, int w)
{
	return w == 8 ? v : v & ((1ULL << (8 * w)) - 1);
}

static int64_t sext(uint64_t v, int w)
{
	return (int64_t)(v << (64 - 8 * w)) >> (64 - 8 * w);
}

/* a constant the field can hold (the kernel refuses any other) */
static uint64_t fit(const struct fld *f, uint64_t v)
{
	return trunc_w(v, f->width);
}

static int leaf(struct tree *t, int eq, int fld)
{
	const struct fld *f = &t->sc->f[fld];
	int i = t->nn++;
	unsigned int r = rnd() % 20;

	t->n[i].k = eq ? EQ : r < 7 ? EQ : r < 10 ? NE : LT + (r - 10) % 5;
	t->n[i].fld = fld;
	switch (rnd() % 4) {
	case 0:
		t->n[i].v = rnd64();
		break;
	case 1:
		t->n[i].v = -(uint64_t)(rnd() % 9);
		break;
	default:
		t->n[i].v = t->pool[rnd() % 8];
		break;
	}
	t->n[i].v = fit(f, t->n[i].v);
	return i;
}

static int pick_fld(struct tree *t)
{
	return rnd() % t->sc->nfld;
}

static int chain(struct tree *t, int len, int ne)
{
	int fld = pick_fld(t), c = leaf(t, 1, fld), i;

	if (ne)
		t->n[c].k = NE;
	for (i = 1; i < len && t->nn < MAXN - 4; i++) {
		int l = leaf(t, 1, fld), o;

		if (ne)
			t->n[l].k = NE;
		if (rnd() % 8 == 0) {	/* "!(f != v)" inside an OR chain */
			o = t->nn++;
			t->n[o].k = NOT;
			t->n[o].l = l;
			t->n[l].k = ne ? EQ : NE;
			l = o;
		}
		o = t->nn++;
		t->n[o].k = ne ? AND : OR;
		t->n[o].l = c;
		t->n[o].r = l;
		c = o;
	}
	return c;
}

static int gen(struct tree *t, int d)
{
	unsigned int r = rnd() % 10;
	int i;

	if (t->nn > MAXN - 60 || d > 6 || r < 2)
		return leaf(t, 0, pick_fld(t));
	if (r < 5)
		return chain(t, 2 + rnd() % 23, rnd() % 4 == 0);
	if (r < 6) {
		i = t->nn++;
		t->n[i].k = NOT;
		t->n[i].l = gen(t, d + 1);
		return i;
	}
	i = t->nn++;
	t->n[i].k = r < 8 ? OR : AND;
	t->n[i].l = gen(t, d + 1);
	t->n[i].r = gen(t, d + 1);
	return i;
}

static int cmp(int k, uint64_t x, uint64_t c, const struct fld *f)
{
	x = trunc_w(x, f->width);
	c = trunc_w(c, f->width);
	if (k == BAND)
		return !!(x & c);
	if (f->sgn) {
		int64_t a = sext(x, f->width), b = sext(c, f->width);

		switch (k) {
		case LT: return a < b;
		case LE: return a <= b;
		case GT: return a > b;
		default: return a >= b;
		}
	}
	switch (k) {
	case LT: return x < c;
	case LE: return x <= c;
	case GT: return x > c;
	default: return x >= c;
	}
}

/* @regs: the six argument registers */
static int ev(const struct tree *t, int i, const uint64_t *regs)
{
	const struct node *n = &t->n[i];
	const struct fld *f = &t->sc->f[n->fld];
	uint64_t x = regs[f->arg];

	switch (n->k) {
	case EQ: return trunc_w(x, f->width) == n->v;
	case NE: return trunc_w(x, f->width) != n->v;
	case NOT: return !ev(t, n->l, regs);
	case AND: return ev(t, n->l, regs) && ev(t, n->r, regs);
	case OR: return ev(t, n->l, regs) || ev(t, n->r, regs);
	default: return cmp(n->k, x, n->v, f);
	}
}

static int pr(const struct tree *t, int i, char *s, size_t len)
{
	const struct node *n = &t->n[i];
	const struct fld *f = &t->sc->f[n->fld];
	int o = 0;

	switch (n->k) {
	case NOT:
		o += snprintf(s, len, "!(");
		o += pr(t, n->l, s + o, len - o);
		o += snprintf(s + o, len - o, ")");
		return o;
	case AND:
	case OR:
		o += snprintf(s, len, "(");
		o += pr(t, n->l, s + o, len - o);
		o += snprintf(s + o, len - o, n->k == AND ? " && " : " || ");
		o += pr(t, n->r, s + o, len - o);
		o += snprintf(s + o, len - o, ")");
		return o;
	default:
		if (f->sgn)	/* kstrtoll: a signed field's constant in decimal */
			return snprintf(s, len, "%s %s %lld", f->name,
					opstr[n->k], (long long)sext(n->v, f->width));
		return snprintf(s, len, "%s %s 0x%llx", f->name, opstr[n->k],
				(unsigned long long)n->v);
	}
}

/* A tree whose expression fits in @len (the kernel's limit is a page) */
static void make_tree(struct tree *t, const struct sc *sc, char *s, size_t len)
{
	int i;

	do {
		t->sc = sc;
		t->nn = 0;
		for (i = 0; i < 8; i++) {
			switch (rnd() % 4) {
			case 0: t->pool[i] = rnd() % 8; break;
			case 1: t->pool[i] = -(uint64_t)(rnd() % 8); break;
			case 2: t->pool[i] = 1ULL << (rnd() % 64); break;
			default: t->pool[i] = rnd64(); break;
			}
		}
		t->root = gen(t, 0);
	} while (pr(t, t->root, s, len) >= (int)len - 1);
}

/* A register value for field @f near the constants of @t */
static uint64_t probe_val(const struct tree *t, int fld)
{
	static const uint64_t edges[] = {
		0, ~0ULL, 1ULL << 63, 1ULL << 31, 1ULL << 15, 1ULL << 7,
		0x7f, 0x80, 0x7fff, 0x8000, 0x7fffffff, 0x80000000,
		0xffffffff, 0xffff, 0xff, 1,
	};
	unsigned int r = rnd() % 10;
	uint64_t v;

	if (r < 5) {
		int i, tries = 0;

		do {
			i = rnd() % t->nn;
		} while (t->n[i].k > BAND && ++tries < 50);
		v = t->n[i].v;
		if (t->n[i].k <= BAND && t->sc->f[t->n[i].fld].sgn &&
		    rnd() % 2)	/* the constant as the register holds it */
			v = sext(v, t->sc->f[t->n[i].fld].width);
	} else if (r < 7) {
		v = edges[rnd() % (sizeof(edges) / sizeof(edges[0]))];
	} else {
		v = rnd64();
	}
	switch (rnd() % 6) {
	case 0: v++; break;
	case 1: v--; break;
	case 2: v ^= 1ULL << 40; break;	/* bits above a narrow field */
	case 3: v ^= 1ULL << 32; break;
	}
	(void)fld;
	return v;
}

static bool allowed_result(long ret)
{
	return ret == 0 || ret == -EBADF || ret == -EINVAL ||
	       ret == -EFAULT || ret == -ESPIPE;
}

static long call(const struct sc *sc, const uint64_t *regs)
{
	return raw_syscall6(sc->nr, regs[0], regs[1], regs[2], regs[3],
			    regs[4], regs[5]);
}

#define PROBES 48

/*
 * Judge @ntrees trees (and @ntrees/4 narrowed pairs) in children; each
 * child reports the first mismatch on the pipe.
 */
static void run_trees(struct __test_metadata *_metadata, const struct sc *sc,
		      unsigned long long seed, int ntrees)
{
	static struct tree t1, t2;
	static char e1[4096], e2[4096];
	int i, bad = 0, narrowed = 0, forked = 0;
	long checks = 0;

	for (i = 0; i < ntrees; i++) {
		bool narrow, fork2;
		uint64_t regs[PROBES][6];
		int want[PROBES];
		int p, j, st, pfd[2];
		char msg[256] = "";
		pid_t pid;
		ssize_t n;

		rstate = seed * 1000003 + i;
		make_tree(&t1, sc, e1, 2000);
		narrow = rnd() % 4 == 0;
		fork2 = rnd() % 8 == 0;
		if (narrow)
			make_tree(&t2, sc, e2, 1500);
		for (p = 0; p < PROBES; p++) {
			for (j = 0; j < 6; j++)
				regs[p][j] = 0;	/* mkdirat's pathname: NULL */
			for (j = 0; j < sc->nfld; j++)
				regs[p][sc->f[j].arg] = probe_val(rnd() % 2 || !narrow ? &t1 : &t2, j);
			want[p] = ev(&t1, t1.root, regs[p]) &&
				  (!narrow || ev(&t2, t2.root, regs[p]));
		}
		narrowed += narrow;
		forked += fork2;

		ASSERT_EQ(0, pipe(pfd));
		pid = fork();
		ASSERT_LE(0, pid);
		if (pid == 0) {
			struct seccomp_bitmap_filter f;
			int null = open("/dev/null", O_RDWR), k, rounds;
			char out[256] = "";

			close(pfd[0]);
			/* fds 0-2 as the probes may name them: /dev/null */
			dup2(null, 0);
			dup2(null, 1);
			dup2(null, 2);
			prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
			fset(&f, sc->nr, e1);
			if (install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &f, 1)) {
				snprintf(out, sizeof(out), "install: errno %d: %.150s", errno, e1);
				goto report;
			}
			if (narrow && set_filter(sc->nr, e2)) {
				snprintf(out, sizeof(out), "narrow: errno %d: %.150s", errno, e2);
				goto report;
			}
			rounds = fork2 ? 2 : 1;
			for (k = 0; k < rounds && !out[0]; k++) {
				pid_t c = 0;

				if (k == 1) {
					c = fork();
					if (c > 0) {
						int s2;

						waitpid(c, &s2, 0);
						if (!WIFEXITED(s2) || WEXITSTATUS(s2))
							snprintf(out, sizeof(out), "forked child: status 0x%x", s2);
						break;
					}
				}
				for (p = 0; p < PROBES; p++) {
					long ret = call(sc, regs[p]);
					bool ok = want[p] ? allowed_result(ret) : ret == -E_BITMAP;

					if (!ok) {
						snprintf(out, sizeof(out),
							 "%s probe %d (%llx %llx %llx %llx): %ld, want %s",
							 k ? "grandchild" : "child", p,
							 (unsigned long long)regs[p][0], (unsigned long long)regs[p][1],
							 (unsigned long long)regs[p][2], (unsigned long long)regs[p][3],
							 ret, want[p] ? "allowed" : "-ENOMSG");
						break;
					}
				}
				if (k == 1)
					_exit(out[0] ? 1 : 0);
			}
report:
			if (out[0])
				n = write(pfd[1], out, strlen(out));
			_exit(out[0] ? 1 : 0);
		}
		close(pfd[1]);
		n = read(pfd[0], msg, sizeof(msg) - 1);
		close(pfd[0]);
		if (n > 0)
			msg[n] = 0;
		st = wait_status(pid);
		checks += PROBES * (fork2 ? 2 : 1);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			if (bad++ < 5) {
				TH_LOG("%s tree %d: %s", sc->name, i, msg);
				TH_LOG("  expr: %s", e1);
				if (narrow)
					TH_LOG("  narrowed by: %s", e2);
			}
		}
	}
	TH_LOG("%s: %d trees (%d narrowed, %d also in a fork), %ld calls judged, %d wrong",
	       sc->name, ntrees, narrowed, forked, checks, bad);
	EXPECT_EQ(0, bad);
}

TEST(random_trees_fadvise64)
{
	REQUIRE_FILTERS();
	run_trees(_metadata, &scs[0], 1, 250);
}

TEST(random_trees_mkdirat)
{
	REQUIRE_FILTERS();
	run_trees(_metadata, &scs[1], 2, 150);
}

TEST(random_trees_flock)
{
	REQUIRE_FILTERS();
	run_trees(_metadata, &scs[2], 3, 150);
}

/*
 * The longest OR-chain of distinct "len == V" the page allows: a searched
 * set (more than 16 values), each member runs, its neighbours are denied;
 * and the AND-chain of "!=" of the same values, the other way round.
 */
TEST(max_chain)
{
	static char expr[4096];
	static uint64_t vals[512];
	int n = 0, o = 0, k, neg;

	REQUIRE_FILTERS();
	for (;;) {
		uint64_t v = 0x1000 + 16 * (uint64_t)n * n;
		int l = snprintf(NULL, 0, "%slen == 0x%llx", n ? " || " : "",
				 (unsigned long long)v);

		if (o + l + 32 >= (int)sizeof(expr))
			break;
		o += sprintf(expr + o, "%slen == 0x%llx", n ? " || " : "",
			     (unsigned long long)v);
		vals[n++] = v;
	}
	ASSERT_LT(16, n);
	for (neg = 0; neg < 2; neg++) {
		static char nexpr[4096];
		const char *e = expr;
		pid_t pid;

		if (neg) {	/* "!=" joined by "&&": the same set, negated */
			char *p = nexpr;
			int i;

			for (i = 0; i < n; i++)
				p += sprintf(p, "%slen != 0x%llx", i ? " && " : "",
					     (unsigned long long)vals[i]);
			e = nexpr;
			ASSERT_GT(4096, (int)strlen(nexpr));
		}
		pid = fork();
		ASSERT_LE(0, pid);
		if (pid == 0) {
			struct seccomp_bitmap_filter f;
			int i;

			prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
			fset(&f, __NR_fadvise64, e);
			ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &f, 1)) {
				TH_LOG("errno %d, %zu bytes", errno, strlen(e));
			}
			for (i = 0; i < n; i++) {
				for (k = -1; k <= 1; k++) {
					/* fd -1: EBADF when allowed */
					long ret = raw_syscall6(__NR_fadvise64, -1, 0,
								vals[i] + k, 0, 0, 0);
					bool in = k == 0;

					if (in != neg) {
						EXPECT_EQ(-EBADF, ret);
					} else {
						EXPECT_EQ(-E_BITMAP, ret);
					}
				}
			}
			EXPECT_EQ(neg ? -EBADF : -E_BITMAP,
				  raw_syscall6(__NR_fadvise64, -1, 0, 0, 0, 0, 0));
			EXPECT_EQ(neg ? -EBADF : -E_BITMAP,
				  raw_syscall6(__NR_fadvise64, -1, 0, ~0ULL, 0, 0, 0));
			CHILD_EXIT();
		}
		EXPECT_EXITED(wait_status(pid), 0);
	}
	TH_LOG("%d values in one chain", n);
}

/* ---- RM-1: perf's tracepoint filters ---------------------------------- */

static long close_event_id(void)
{
	static const char *const dirs[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
	};
	char path[256];
	unsigned int i;
	long id = -1;
	FILE *f;

	mount("tracefs", dirs[0], "tracefs", 0, NULL);
	for (i = 0; i < 2 && id < 0; i++) {
		snprintf(path, sizeof(path),
			 "%s/events/syscalls/sys_enter_close/id", dirs[i]);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fscanf(f, "%ld", &id) != 1)
			id = -1;
		fclose(f);
	}
	return id;
}

#define NEV	256
#define P1	10
#define P2	126

/* "fd > 100000 || fd > 100001 || ..." of @n terms */
static void or_of_gt(char *buf, size_t len, int n)
{
	int i, o = 0;

	for (i = 0; i < n; i++)
		o += snprintf(buf + o, len - o, "%sfd > %d", i ? " || " : "",
			      100000 + i);
}

/* Slab growth, in bytes, of @NEV events each given @filter */
static long filters_slab(struct __test_metadata *_metadata, long id,
			 const char *filter, int *fds)
{
	struct perf_event_attr attr;
	long before, after;
	int i;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = id;
	attr.disabled = 1;
	for (i = 0; i < NEV; i++) {
		fds[i] = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
		if (fds[i] < 0)
			return -1;
	}
	before = slab_kb(true);
	for (i = 0; i < NEV; i++)
		EXPECT_EQ(0, ioctl(fds[i], PERF_EVENT_IOC_SET_FILTER, filter));
	after = slab_kb(true);
	return (after - before) * 1024;
}

TEST(perf_filter_keeps_predicates)
{
	static char f1[4096], f2[4096];
	int fds1[NEV], fds2[NEV], i;
	long id = close_event_id(), d1, d2, per_term;

	if (id < 0)
		SKIP(return, "no syscalls:sys_enter_close event");
	or_of_gt(f1, sizeof(f1), P1);
	or_of_gt(f2, sizeof(f2), P2);
	d1 = filters_slab(_metadata, id, f1, fds1);
	if (d1 == -1 && errno == ENOSYS)
		SKIP(return, "no CONFIG_PERF_EVENTS");
	if (d1 == -1 && (errno == EACCES || errno == EPERM))
		SKIP(return, "perf_event_open: %s (needs root)", strerror(errno));
	ASSERT_NE(-1, d1) TH_LOG("perf_event_open: %s", strerror(errno));
	d2 = filters_slab(_metadata, id, f2, fds2);
	ASSERT_NE(-1, d2) TH_LOG("perf_event_open: %s", strerror(errno));
	per_term = (d2 - d1) / (NEV * (P2 - P1));
	TH_LOG("%d filters of %d terms: %ld kB of Slab; of %d terms: %ld kB; %ld bytes per term",
	       NEV, P1, d1 / 1024, P2, d2 / 1024, per_term);
	/*
	 * Entries of 16 bytes and predicates of 48 (the message's 64 per
	 * term), with the filter string's ~15 bytes per term: about 80 (96
	 * seen on the series before the patch).  Compacted: 24 + 15 (16 +
	 * 15, 31, seen with 16-byte entries).  If perf's filters are meant
	 * to be compacted, the message and the comments are what is wrong:
	 * then assert <= 45.
	 */
	EXPECT_LE(60, per_term) {
		TH_LOG("perf's filter was compacted: %ld bytes per term", per_term);
	}
	for (i = 0; i < NEV; i++) {
		close(fds1[i]);
		close(fds2[i]);
	}
}

TEST_HARNESS_MAIN

#else
BITMAP_X86_ONLY_MAIN("the syscalls' registers are x86-64's")
#endif
