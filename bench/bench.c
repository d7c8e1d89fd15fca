// SPDX-License-Identifier: GPL-2.0
/*
 * bench/bench.c: seccomp bitmap mode against seccomp-bpf (libseccomp), same
 * policies, same boot.  Runs in the guest as root, prints one TSV line per
 * measurement on stdout (bench/report turns them into the report):
 *
 *   info  KEY      VALUE
 *   call  NAME     SYSCALL  REP  NS_PER_CALL    syscall loop (fixed count)
 *   op    NAME     WHAT     REP  NS_PER_OP      fork/execve/install
 *   mem   NAME     WHAT     FIELD VALUE         kernel memory (meminfo, slabinfo)
 *   error NAME     TEXT                         a configuration failed
 *
 * Every configuration runs in its own child (a seccomp policy can never be
 * removed).  The measured syscalls are issued with inline `syscall`
 * instructions and each one's result is checked once before timing, so a
 * denied syscall (a cheaper path) can never be measured by mistake.  Under
 * qemu -icount shift=0, CLOCK_MONOTONIC advances by one nanosecond per guest
 * instruction: the figures are instruction counts.
 *
 * Options: -n ITERS (syscall loop, default 20000), -r REPS (default 7),
 * -f FORK_ITERS (default 100), -k MEM_CHILDREN (default 1000),
 * -p POLICY_CHILDREN (default 200), -d CONTAINER_PROFILE (an OCI seccomp
 * profile, JSON), -t TRUE_BINARY, -o PREFIX,... (run only configurations
 * whose name starts with one of them), -m MACRO_REPS (default 3, times each
 * program's weight; 0: no macro rows), -B (a kernel without bitmap mode: no
 * bitmap row).
 *
 * The "docker" rows are a container's real profile, Debian's
 * containers-common seccomp.json (what podman, buildah and crun use), for
 * a container with podman's default capabilities: the bitmap form is what
 * "seccomp-bitmap run --oci --args=narrowed --compat=deny --x32=deny"
 * installs (tools/seccomp's oci.c and policy.c are linked in), the bpf form what crun installs (the profile's rules
 * selected as containers/common selects them and added to libseccomp as
 * crun adds them).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <json.h>

#include "seccomp-bitmap.h"

#ifndef SECCOMP_SET_MODE_BITMAP
#error "needs the bitmap-mode uapi headers (-I OBJ/usr/include)"
#endif

#define NR_MAX 512		/* bits in our native bitmap (>= NR_syscalls) */
#define MAX_RULES 16
#define MAX_VALS 64

static long iters = 20000, reps = 7, fork_iters = 100, mem_children = 1000,
	    policy_children = 200, macro_reps = 3;
static int no_bitmap;		/* -B: a kernel without bitmap mode (pristine) */
static const char *docker_path = "/bench/containers-seccomp.json";
static const char *true_path = "/bench/true";
static const char *only = "";

/* ---- output --------------------------------------------------------------- */

/* The children print with write(2) only: no stdio (fstat etc.) under a policy. */
static void out(const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1) {
		/* cut, but still one line */
		n = sizeof(buf) - 1;
		buf[n - 1] = '\n';
	}
	if (write(1, buf, n) != n)
		_exit(3);
}

static void die(const char *fmt, ...)
{
	char buf[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	out("error\t-\t%s (errno %d)\n", buf, errno);
	exit(1);
}

/* ---- the measured syscalls ------------------------------------------------ */

enum op { OP_GETPPID, OP_CLOSE, OP_PERSONALITY, OP_WRITE, OP_N };
static const char *const op_name[OP_N] = { "getppid", "close", "personality", "write" };

#ifdef __aarch64__
static inline long sc1(long nr, long a)
{
	register long x8 asm("x8") = nr;
	register long x0 asm("x0") = a;

	asm volatile("svc #0" : "+r"(x0) : "r"(x8) : "memory");
	return x0;
}

static inline long sc3(long nr, long a, long b, long c)
{
	register long x8 asm("x8") = nr;
	register long x0 asm("x0") = a;
	register long x1 asm("x1") = b;
	register long x2 asm("x2") = c;

	asm volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
}
#else
static inline long sc1(long nr, long a)
{
	long r;

	asm volatile("syscall" : "=a"(r) : "0"(nr), "D"(a)
		     : "rcx", "r11", "memory");
	return r;
}

static inline long sc3(long nr, long a, long b, long c)
{
	long r;
	register long rdx asm("rdx") = c;

	asm volatile("syscall" : "=a"(r) : "0"(nr), "D"(a), "S"(b), "r"(rdx)
		     : "rcx", "r11", "memory");
	return r;
}
#endif

static long op_once(enum op op)
{
	switch (op) {
	case OP_GETPPID:
		return sc1(__NR_getppid, 0);
	case OP_CLOSE:
		return sc1(__NR_close, -8L);
	case OP_WRITE:
		return sc3(__NR_write, -1L, 0, 0);
	default:
		return sc1(__NR_personality, 0xffffffffL);
	}
}

/* Checks that the syscall really ran (was not denied). */
static int op_check(enum op op, long r, pid_t ppid)
{
	switch (op) {
	case OP_GETPPID:
		return r == ppid;
	case OP_CLOSE:
	case OP_WRITE:
		return r == -EBADF;
	default:
		return r >= 0;
	}
}

static inline uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

#define LOOP(nr, arg) do {					\
	for (long i = 0; i < n; i++)				\
		sc1(nr, arg);					\
} while (0)

static double time_op(enum op op, long n)
{
	uint64_t t0, t1;

	t0 = now_ns();
	switch (op) {
	case OP_GETPPID:
		LOOP(__NR_getppid, 0);
		break;
	case OP_CLOSE:
		LOOP(__NR_close, -8L);
		break;
	case OP_WRITE:
		for (long i = 0; i < n; i++)
			sc3(__NR_write, -1L, 0, 0);
		break;
	default:
		LOOP(__NR_personality, 0xffffffffL);
		break;
	}
	t1 = now_ns();
	return (double)(t1 - t0) / n;
}

/* ---- policies --------------------------------------------------------------- */

enum rule_op { R_IN, R_NE, R_MASK0, R_GT_ANY };

struct rule {
	int nr;
	int arg;		/* argument index */
	enum rule_op op;
	int nvals;
	uint64_t vals[MAX_VALS];
};

struct policy {
	const char *name;
	unsigned char allow[NR_MAX];	/* allowed without condition */
	int nrules;
	struct rule rules[MAX_RULES];	/* allowed if the rule holds */
	unsigned char prio[NR_MAX];	/* libseccomp priority (0: none) */
	/* built forms */
	struct seccomp_bitmap bm;
	uint64_t words[NR_MAX / 64];
	struct seccomp_bitmap_filter filters[MAX_RULES];
	char exprs[MAX_RULES][2048];
	struct sock_fprog prog;		/* libseccomp's default (linear) layout */
	struct sock_fprog prog_tree;	/* SCMP_FLTATR_CTL_OPTIMIZE=2: binary tree */
	int nallowed;
	const struct sb_install *oci;	/* built from an OCI profile */
	int docker;			/* the OCI profile (oci NULL under -B) */
};

/* The syscalls every measuring child needs after its policy is installed. */
static const int needed[] = {
	__NR_getppid, __NR_close, __NR_personality, __NR_write, __NR_read,
	__NR_clock_gettime, __NR_exit_group, __NR_exit,
};
#define NNEEDED (int)(sizeof(needed) / sizeof(needed[0]))

static int valid_nr[NR_MAX], nvalid;	/* every syscall libseccomp names */

static void init_valid(void)
{
	for (int nr = 0; nr < NR_MAX; nr++) {
		char *s = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);

		if (s) {
			valid_nr[nvalid++] = nr;
			free(s);
		}
	}
}

static struct policy *policy_new(const char *name)
{
	struct policy *p = calloc(1, sizeof(*p));

	if (!p)
		die("calloc");
	p->name = name;
	for (int i = 0; i < NNEEDED; i++)
		p->allow[needed[i]] = 1;
	return p;
}

static void policy_rule(struct policy *p, int nr, int arg, enum rule_op op,
			int nvals, const uint64_t *vals)
{
	struct rule *r;

	if (p->nrules == MAX_RULES)
		die("too many rules in %s", p->name);
	r = &p->rules[p->nrules++];
	r->nr = nr;
	r->arg = arg;
	r->op = op;
	r->nvals = nvals;
	memcpy(r->vals, vals, nvals * sizeof(*vals));
	p->allow[nr] = 0;
}

/* Field name of argument @arg of syscall @nr, from the tracefs event format. */
static int arg_field(int nr, int arg, char *field, size_t len)
{
	char path[256], line[256], *name;
	int idx = -1;
	FILE *f;

	name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);
	if (!name)
		return -1;
	snprintf(path, sizeof(path),
		 "/sys/kernel/tracing/events/syscalls/sys_enter_%s/format", name);
	f = fopen(path, "r");
	/* arm64's own personality() is SYSCALL_DEFINE1(arm64_personality) */
	if (!f) {
		snprintf(path, sizeof(path),
			 "/sys/kernel/tracing/events/syscalls/sys_enter_arm64_%s/format", name);
		f = fopen(path, "r");
	}
	free(name);
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "field:"), *semi, *sp;

		if (!p || strstr(line, "common_"))
			continue;
		semi = strchr(p, ';');
		if (!semi)
			continue;
		*semi = 0;
		sp = strrchr(p, ' ');
		if (!sp)
			continue;
		sp++;
		if (*sp == '*')
			sp++;
		if (!strcmp(sp, "__syscall_nr"))
			continue;
		if (++idx == arg) {
			snprintf(field, len, "%s", sp);
			fclose(f);
			return 0;
		}
	}
	fclose(f);
	return -1;
}

static void build_bitmap(struct policy *p)
{
	struct seccomp_bitmap *bm = &p->bm;

	memset(p->words, 0, sizeof(p->words));
	p->nallowed = 0;
	for (int nr = 0; nr < NR_MAX; nr++)
		if (p->allow[nr]) {
			p->words[nr / 64] |= 1ull << (nr % 64);
			p->nallowed++;
		}
	for (int i = 0; i < p->nrules; i++) {
		struct rule *r = &p->rules[i];
		char field[64], *e = p->exprs[i];
		size_t len = sizeof(p->exprs[i]), o = 0;

		if (arg_field(r->nr, r->arg, field, sizeof(field)))
			die("%s: no tracefs field for arg %d of syscall %d",
			    p->name, r->arg, r->nr);
		switch (r->op) {
		case R_IN:
			for (int v = 0; v < r->nvals; v++)
				o += snprintf(e + o, len - o, "%s%s == 0x%llx",
					      v ? " || " : "", field,
					      (unsigned long long)r->vals[v]);
			break;
		case R_NE:
			snprintf(e, len, "%s != 0x%llx", field,
				 (unsigned long long)r->vals[0]);
			break;
		case R_GT_ANY:	/* no two alike: nothing for the engine to fold */
			for (int v = 0; v < r->nvals; v++)
				o += snprintf(e + o, len - o, "%s%s > 0x%llx",
					      v ? " || " : "", field,
					      (unsigned long long)r->vals[v]);
			break;
		case R_MASK0:
			snprintf(e, len, "!(%s & 0x%llx)", field,
				 (unsigned long long)r->vals[0]);
			break;
		}
		p->words[r->nr / 64] |= 1ull << (r->nr % 64);
		p->filters[i].nr = r->nr;
		p->filters[i].flags = 0;
		p->filters[i].expr = (uintptr_t)e;
		p->nallowed++;
	}
	memset(bm, 0, sizeof(*bm));
	bm->size = sizeof(*bm);
	bm->action = SECCOMP_RET_ERRNO | EPERM;
	bm->nbits = NR_MAX;
	bm->compat_nbits = 0;
	bm->native = (uintptr_t)p->words;
	bm->filters = (uintptr_t)p->filters;
	bm->nfilters = p->nrules;
}

/* The program libseccomp generates for @ctx, into @prog. */
static void export_prog(scmp_filter_ctx ctx, struct sock_fprog *prog, const char *what)
{
	int fd = memfd_create("bpf", 0);
	off_t size;

	if (fd < 0)
		die("memfd_create");
	if (seccomp_export_bpf(ctx, fd))
		die("%s: seccomp_export_bpf", what);
	size = lseek(fd, 0, SEEK_END);
	prog->len = size / sizeof(struct sock_filter);
	prog->filter = malloc(size);
	if (!prog->filter || pread(fd, prog->filter, size, 0) != size)
		die("%s: reading the exported filter", what);
	close(fd);
}

/*
 * Both layouts of one libseccomp context: the default (a linear search of
 * the syscall numbers) and the binary tree of SCMP_FLTATR_CTL_OPTIMIZE=2
 * (what runc asks for above 8 rules).  The attribute only changes code
 * generation, so the one context is exported twice.
 */
static void export_both(scmp_filter_ctx ctx, struct policy *p)
{
	export_prog(ctx, &p->prog, p->name);
	if (seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2))
		die("%s: seccomp_attr_set(SCMP_FLTATR_CTL_OPTIMIZE, 2)", p->name);
	export_prog(ctx, &p->prog_tree, p->name);
}

static void build_bpf(struct policy *p)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	int rc;

	if (!ctx)
		die("seccomp_init");
	for (int nr = 0; nr < NR_MAX; nr++) {
		if (!p->allow[nr])
			continue;
		rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0);
		if (rc)
			die("%s: seccomp_rule_add(%d): %d", p->name, nr, rc);
		if (p->prio[nr])
			seccomp_syscall_priority(ctx, nr, p->prio[nr]);
	}
	for (int i = 0; i < p->nrules; i++) {
		struct rule *r = &p->rules[i];

		switch (r->op) {
		case R_IN:
			/*
			 * The 32 bits the syscall uses, as the bitmap's
			 * 32-bit field: a plain EQ would also demand a zero
			 * upper half of the register.
			 */
			for (int v = 0; v < r->nvals; v++) {
				rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, r->nr, 1,
						      SCMP_CMP64(r->arg, SCMP_CMP_MASKED_EQ,
								 0xffffffffull, r->vals[v]));
				if (rc)
					die("%s: rule %d.%d: %d", p->name, i, v, rc);
			}
			break;
		case R_NE:
			rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, r->nr, 1,
					      SCMP_CMP64(r->arg, SCMP_CMP_NE, r->vals[0]));
			if (rc)
				die("%s: rule %d: %d", p->name, i, rc);
			break;
		case R_MASK0:
			rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, r->nr, 1,
					      SCMP_CMP64(r->arg, SCMP_CMP_MASKED_EQ,
							 r->vals[0], 0));
			if (rc)
				die("%s: rule %d: %d", p->name, i, rc);
			break;
		case R_GT_ANY:
			for (int v = 0; v < r->nvals; v++) {
				rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, r->nr, 1,
						      SCMP_CMP64(r->arg, SCMP_CMP_GT, r->vals[v]));
				if (rc)
					die("%s: rule %d.%d: %d", p->name, i, v, rc);
			}
			break;
		}
		if (p->prio[r->nr])
			seccomp_syscall_priority(ctx, r->nr, p->prio[r->nr]);
	}
	export_both(ctx, p);
	seccomp_release(ctx);
}

static void build(struct policy *p)
{
	if (p->docker && !p->oci) {
		out("info\tpolicy_%s\tbpf %u instructions (tree layout %u); no bitmap form (-B)\n",
		    p->name, p->prog.len, p->prog_tree.len);
		return;
	}
	if (p->oci) {
		out("info\tpolicy_%s\t%d allowed syscalls, %u with argument rules, %u deny entries, bpf %u instructions (tree layout %u)\n",
		    p->name, p->nallowed, p->oci->nkf, p->oci->nka, p->prog.len, p->prog_tree.len);
		for (unsigned int i = 0; i < p->oci->nkf; i++)
			out("info\tpolicy_%s_filter_%u\t%u: %s\n", p->name, i,
			    p->oci->kf[i].nr, p->oci->exprs[i]);
		return;
	}
	if (!no_bitmap) {
		build_bitmap(p);
	} else {
		p->nallowed = p->nrules;
		for (int nr = 0; nr < NR_MAX; nr++)
			p->nallowed += p->allow[nr];
	}
	build_bpf(p);
	out("info\tpolicy_%s\t%d allowed syscalls, %d with argument rules, bpf %u instructions (tree layout %u)\n",
	    p->name, p->nallowed, p->nrules, p->prog.len, p->prog_tree.len);
	for (int i = 0; i < p->nrules && !no_bitmap; i++)
		out("info\tpolicy_%s_filter_%d\t%d: %s\n", p->name, i,
		    p->rules[i].nr, p->exprs[i]);
}

/*
 * F_DISPATCH isolates a step of the path: syscall user dispatch with a
 * region covering every address sets a syscall-work bit, so the entry leaves
 * its fast path for syscall_trace_enter() (and the exit runs
 * syscall_exit_work()), then allows every syscall after one compare; no
 * seccomp at all.  (Strict mode cannot be a step: it disables RDTSC, so the
 * vDSO clock faults.)
 */
/*
 * The seccomp-bpf forms: interpreter or JIT (bpf_jit_enable when the
 * filter is installed: the kernel compiles a filter at install time, so
 * one boot has both), linear or tree layout (libseccomp's two code
 * generations of one policy).
 */
enum form { F_NONE, F_BITMAP, F_BPF, F_BPF_TREE, F_BPF_JIT, F_BPF_JIT_TREE, F_DISPATCH };
static const char *const form_name[] = { "baseline", "bitmap", "bpf", "bpf_tree",
					 "bpf_jit", "bpf_jit_tree", "dispatch" };
#define IS_BPF(f) ((f) >= F_BPF && (f) <= F_BPF_JIT_TREE)
#define IS_JIT(f) ((f) == F_BPF_JIT || (f) == F_BPF_JIT_TREE)
#define IS_TREE(f) ((f) == F_BPF_TREE || (f) == F_BPF_JIT_TREE)

static const char jit_path[] = "/proc/sys/net/core/bpf_jit_enable";

/*
 * bpf_jit_enable = @on (root; before an install).  A kernel without the
 * sysctl has no JIT (no CONFIG_BPF_JIT): the interpreter is all it has.
 */
static int set_jit(int on)
{
	int fd = open(jit_path, O_WRONLY);

	if (fd < 0)
		return on ? -errno : 0;
	if (write(fd, on ? "1\n" : "0\n", 2) != 2) {
		int e = -errno;

		close(fd);
		return e;
	}
	close(fd);
	return 0;
}

/* bpf_jit_enable as read back, -1 if the kernel has no such sysctl */
static int get_jit(void)
{
	char c = 0;
	int fd = open(jit_path, O_RDONLY);

	if (fd < 0)
		return -1;
	if (read(fd, &c, 1) != 1)
		c = '?';
	close(fd);
	return c - '0';
}

/* Installs @p in the calling task (seccomp() only); returns 0 or -errno. */
static int install_now(const struct policy *p, enum form form)
{
	long rc = 0;

	if (form == F_BITMAP)
		rc = syscall(__NR_seccomp, SECCOMP_SET_MODE_BITMAP, 0, &p->bm);
	else if (IS_BPF(form))
		rc = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0,
			     IS_TREE(form) ? &p->prog_tree : &p->prog);
	else if (form == F_DISPATCH)
		rc = prctl(PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON, 0, ~0UL, 0);
	return rc ? -errno : 0;
}

/* What comes before seccomp(): no_new_privs, the JIT switch for bpf forms. */
static int install_prepare(enum form form)
{
	int rc;

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -errno;
	if (IS_BPF(form)) {
		rc = set_jit(IS_JIT(form));
		if (rc)
			return rc;
		if (IS_JIT(form) && get_jit() != 1)
			return -ENOTSUP;
	}
	return 0;
}

/* Installs @p in the calling task; returns 0 or -errno. */
static int install(const struct policy *p, enum form form)
{
	int rc = install_prepare(form);

	return rc ? rc : install_now(p, form);
}

static int wait_child(pid_t pid, const char *what)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		die("waitpid %s", what);
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		out("error\t%s\tchild status 0x%x\n", what, st);
		return -1;
	}
	return 0;
}

/*
 * -o: a comma-separated list of name prefixes ("" selects everything);
 * -B: no row that installs bitmap mode.
 */
static int selected(const char *name)
{
	const char *s = only;

	if (no_bitmap && strstr(name, "bitmap"))
		return 0;
	if (!*s)
		return 1;
	while (*s) {
		size_t n = strcspn(s, ",");

		if (n && !strncmp(name, s, n))
			return 1;
		s += n + (s[n] == ',');
	}
	return 0;
}

/* ---- syscall rows ------------------------------------------------------------ */

/* Row @name: in a child under @p in @form, time each of @ops. */
static void run_calls(const char *name, const struct policy *p, enum form form,
		      const enum op *ops, int nops)
{
	pid_t pid, ppid = getpid();
	int rc;

	if (!selected(name))
		return;
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		rc = install(p, form);
		if (rc) {
			out("error\t%s\tinstall failed: %d\n", name, rc);
			_exit(1);
		}
		for (int i = 0; i < nops; i++) {
			long r = op_once(ops[i]);

			if (!op_check(ops[i], r, ppid)) {
				out("error\t%s\t%s returned %ld: denied or broken\n",
				    name, op_name[ops[i]], r);
				_exit(1);
			}
			time_op(ops[i], iters / 10);	/* warm up */
			for (int rep = 0; rep < reps; rep++)
				out("call\t%s\t%s\t%d\t%.3f\n", name, op_name[ops[i]],
				    rep, time_op(ops[i], iters));
		}
		_exit(0);
	}
	wait_child(pid, name);
}

/* ---- fork, execve, install ---------------------------------------------------- */

static void run_lifecycle(const char *name, const struct policy *p, enum form form)
{
	pid_t pid;

	if (!selected(name))
		return;
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		char *argv[] = { (char *)true_path, NULL }, *envp[] = { NULL };
		int rc = install(p, form);

		if (rc) {
			out("error\t%s\tinstall failed: %d\n", name, rc);
			_exit(1);
		}
		for (int what = 0; what < 2; what++) {
			for (int rep = -1; rep < reps; rep++) {
				uint64_t t0 = now_ns();
				long n = rep < 0 ? 5 : fork_iters;

				for (long i = 0; i < n; i++) {
					pid_t c = fork();
					int st;

					if (c < 0) {
						out("error\t%s\tfork: %d\n", name, errno);
						_exit(1);
					}
					if (c == 0) {
						if (what)
							execve(true_path, argv, envp);
						syscall(__NR_exit_group, what ? 127 : 0);
					}
					if (waitpid(c, &st, 0) != c || st) {
						out("error\t%s\tchild status 0x%x\n", name, st);
						_exit(1);
					}
				}
				if (rep >= 0)
					out("op\t%s\t%s\t%d\t%.3f\n", name,
					    what ? "fork_execve_exit_wait" : "fork_exit_wait",
					    rep, (double)(now_ns() - t0) / n);
			}
		}
		_exit(0);
	}
	wait_child(pid, name);
}

static void run_install(const char *name, const struct policy *p, enum form form)
{
	if (!selected(name))
		return;
	for (int rep = -1; rep < reps; rep++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (pid == 0) {
			uint64_t t0, t1;
			int rc;

			rc = install_prepare(form);
			if (rc) {
				out("error\t%s\tinstall failed: %d\n", name, rc);
				_exit(1);
			}
			t0 = now_ns();
			rc = install_now(p, form);
			t1 = now_ns();
			if (rc) {
				out("error\t%s\tinstall failed: %d\n", name, rc);
				_exit(1);
			}
			if (rep >= 0)
				out("op\t%s\tinstall\t%d\t%.3f\n", name, rep, (double)(t1 - t0));
			_exit(0);
		}
		if (wait_child(pid, name))
			return;
	}
}

/* ---- kernel memory ------------------------------------------------------------- */

struct mem { long long slab_bytes, slab_kb, sunreclaim_kb, vmalloc_kb, free_kb; };

static void mem_read(struct mem *m)
{
	char line[512];
	FILE *f;

	/*
	 * Let RCU-deferred frees (task structs, stacks of earlier children)
	 * finish and the per-CPU vmstat deltas fold into /proc/meminfo
	 * (vm_stat_interval is 1 s): idle time, which icount skips at once.
	 */
	sleep(3);
	memset(m, 0, sizeof(*m));
	f = fopen("/proc/meminfo", "r");
	if (!f)
		die("/proc/meminfo");
	while (fgets(line, sizeof(line), f)) {
		sscanf(line, "Slab: %lld", &m->slab_kb);
		sscanf(line, "SUnreclaim: %lld", &m->sunreclaim_kb);
		sscanf(line, "VmallocUsed: %lld", &m->vmalloc_kb);
		sscanf(line, "MemFree: %lld", &m->free_kb);
	}
	fclose(f);
	f = fopen("/proc/slabinfo", "r");
	if (!f) {
		m->slab_bytes = -1;
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		char name[64];
		long long active, num, size;

		if (sscanf(line, "%63s %lld %lld %lld", name, &active, &num, &size) == 4)
			m->slab_bytes += active * size;
	}
	fclose(f);
}

static void mem_out(const char *name, const char *what, const struct mem *a,
		    const struct mem *b, long n)
{
	out("mem\t%s\t%s\tslab_bytes\t%.1f\n", name, what,
	    a->slab_bytes < 0 ? -1.0 : (double)(b->slab_bytes - a->slab_bytes) / n);
	out("mem\t%s\t%s\tslab_kb\t%.3f\n", name, what,
	    (double)(b->slab_kb - a->slab_kb) / n);
	out("mem\t%s\t%s\tvmalloc_kb\t%.3f\n", name, what,
	    (double)(b->vmalloc_kb - a->vmalloc_kb) / n);
	out("mem\t%s\t%s\tused_kb\t%.3f\n", name, what,
	    (double)(a->free_kb - b->free_kb) / n);
}

/*
 * Per policy (@shared 0): @n children block first, are measured, then each
 * installs @p in @form itself (its own policy object) and blocks again: the
 * difference of the two readings is @n policies, nothing else.
 * Per confined task (@shared 1): one parent installs @p and forks @n
 * children that inherit it and block; compared (by the report) with the
 * same for an unconfined parent.  All block on pipes while /proc is read.
 */
static void run_mem(const char *name, const struct policy *p, enum form form,
		    long n, int shared)
{
	int go[2], go2[2], ready[2];
	struct mem a, b;
	pid_t top;
	char c;

	if (!selected(name))
		return;
	if (pipe(go) || pipe(go2) || pipe(ready))
		die("pipe");
	if (shared)
		mem_read(&a);
	top = fork();
	if (top < 0)
		die("fork");
	if (top == 0) {
		close(go[1]);
		close(go2[1]);
		close(ready[0]);
		if (shared && install(p, form))
			_exit(1);
		for (long i = 0; i < n; i++) {
			pid_t c2 = fork();

			if (c2 < 0)
				_exit(2);
			if (c2 == 0) {
				if (!shared) {
					if (write(ready[1], "r", 1) != 1 ||
					    read(go2[0], &c, 1) != 1 || install(p, form))
						_exit(1);
				}
				if (write(ready[1], "r", 1) != 1)
					_exit(1);
				while (read(go[0], &c, 1) > 0)
					;
				syscall(__NR_exit_group, 0);
			}
		}
		while (wait(NULL) > 0)
			;
		_exit(0);
	}
	close(go[0]);
	close(go2[0]);
	close(ready[1]);
	for (int round = shared; round < 2; round++) {
		for (long i = 0; i < n; i++)
			if (read(ready[0], &c, 1) != 1) {
				out("error\t%s\tonly %ld of %ld children ready\n", name, i, n);
				break;
			}
		if (round == 0) {
			mem_read(&a);
			for (long i = 0; i < n; i++)
				if (write(go2[1], "g", 1) != 1)
					die("go2");
		}
	}
	mem_read(&b);
	close(go[1]);
	close(go2[1]);
	close(ready[0]);
	wait_child(top, name);
	mem_out(name, shared ? "per_task" : "per_policy", &a, &b, n);
}

/* ---- the container profile ------------------------------------------------------ */

/* podman's default capabilities (containers.conf default_capabilities) */
static const char podman_caps[] = "CAP_CHOWN,CAP_DAC_OVERRIDE,CAP_FOWNER,CAP_FSETID,"
	"CAP_KILL,CAP_NET_BIND_SERVICE,CAP_SETFCAP,CAP_SETGID,CAP_SETPCAP,CAP_SETUID,"
	"CAP_SYS_CHROOT";

/* the messages of tools/seccomp's code */
void sb_error(const char *fmt, ...)
{
	char buf[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	out("error\t-\t%s\n", buf);
}

static struct json_object *member(struct json_object *o, const char *k)
{
	struct json_object *v = NULL;

	return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static bool has_cap(const char *cap)
{
	const char *s = strstr(podman_caps, cap);
	size_t n = strlen(cap);

	return s && (s == podman_caps || s[-1] == ',') && (!s[n] || s[n] == ',');
}

static bool list_has(struct json_object *a, const char *s)
{
	for (size_t i = 0; a && i < json_object_array_length(a); i++)
		if (!strcmp(json_object_get_string(json_object_array_get_idx(a, i)), s))
			return true;
	return false;
}

/* containers/common's selection by capability (podman's set) and arch */
static bool rule_used(struct json_object *r)
{
	struct json_object *inc = member(r, "includes"), *exc = member(r, "excludes"), *a;

	a = member(exc, "arches");
	if (a && json_object_array_length(a) && list_has(a, "amd64"))
		return false;
	a = member(exc, "caps");
	for (size_t i = 0; a && i < json_object_array_length(a); i++)
		if (has_cap(json_object_get_string(json_object_array_get_idx(a, i))))
			return false;
	a = member(inc, "arches");
	if (a && json_object_array_length(a) && !list_has(a, "amd64"))
		return false;
	a = member(inc, "caps");
	for (size_t i = 0; a && i < json_object_array_length(a); i++)
		if (!has_cap(json_object_get_string(json_object_array_get_idx(a, i))))
			return false;
	return true;
}

static uint32_t oci_action(struct json_object *act, struct json_object *eret,
			   struct json_object *ename)
{
	const char *a = json_object_get_string(act), *en = json_object_get_string(ename);
	int e = eret ? json_object_get_int(eret) : EPERM;

	if (en && *en)
		for (int i = 1; i < 4096; i++)
			if (strerrorname_np(i) && !strcmp(strerrorname_np(i), en))
				e = i;
	if (!strcmp(a, "SCMP_ACT_ALLOW"))
		return SCMP_ACT_ALLOW;
	if (!strcmp(a, "SCMP_ACT_ERRNO"))
		return SCMP_ACT_ERRNO(e);
	if (!strcmp(a, "SCMP_ACT_KILL_PROCESS"))
		return SCMP_ACT_KILL_PROCESS;
	if (!strcmp(a, "SCMP_ACT_TRAP"))
		return SCMP_ACT_TRAP;
	if (!strcmp(a, "SCMP_ACT_LOG"))
		return SCMP_ACT_LOG;
	return SCMP_ACT_KILL_THREAD;
}

/* the profile as crun gives it to libseccomp (archMap's x86 arches too) */
static void load_docker_bpf(struct policy *p)
{
	struct json_object *prof = json_object_from_file(docker_path), *calls, *m;
	scmp_filter_ctx ctx;
	uint32_t def;
	int rc;

	if (!prof)
		die("%s: %s", docker_path, json_util_get_last_err());
	def = oci_action(member(prof, "defaultAction"), member(prof, "defaultErrnoRet"),
			 member(prof, "defaultErrno"));
	ctx = seccomp_init(def);
	if (!ctx)
		die("seccomp_init");
	m = member(prof, "archMap");
	for (size_t i = 0; m && i < json_object_array_length(m); i++) {
		struct json_object *e = json_object_array_get_idx(m, i), *sub;

#ifdef __aarch64__
		if (strcmp(json_object_get_string(member(e, "architecture")), "SCMP_ARCH_AARCH64"))
			continue;
		sub = member(e, "subArchitectures");
		if (list_has(sub, "SCMP_ARCH_ARM"))
			seccomp_arch_add(ctx, SCMP_ARCH_ARM);
#else
		if (strcmp(json_object_get_string(member(e, "architecture")), "SCMP_ARCH_X86_64"))
			continue;
		sub = member(e, "subArchitectures");
		if (list_has(sub, "SCMP_ARCH_X86"))
			seccomp_arch_add(ctx, SCMP_ARCH_X86);
		if (list_has(sub, "SCMP_ARCH_X32"))
			seccomp_arch_add(ctx, SCMP_ARCH_X32);
#endif
	}
	calls = member(prof, "syscalls");
	for (size_t i = 0; calls && i < json_object_array_length(calls); i++) {
		struct json_object *r = json_object_array_get_idx(calls, i);
		struct json_object *names = member(r, "names"), *args = member(r, "args");
		struct scmp_arg_cmp cmp[6];
		size_t n = args ? json_object_array_length(args) : 0;
		int count[6] = { 0 };
		bool repeats = false;
		uint32_t act;

		if (!rule_used(r))
			continue;
		act = oci_action(member(r, "action"), member(r, "errnoRet"), member(r, "errno"));
		if (act == def)
			continue;	/* crun skips it */
		for (size_t k = 0; k < n && k < 6; k++) {
			struct json_object *a = json_object_array_get_idx(args, k);
			const char *op = json_object_get_string(member(a, "op"));

			cmp[k].arg = json_object_get_int(member(a, "index"));
			cmp[k].op = !strcmp(op, "SCMP_CMP_NE") ? SCMP_CMP_NE :
				    !strcmp(op, "SCMP_CMP_LT") ? SCMP_CMP_LT :
				    !strcmp(op, "SCMP_CMP_LE") ? SCMP_CMP_LE :
				    !strcmp(op, "SCMP_CMP_EQ") ? SCMP_CMP_EQ :
				    !strcmp(op, "SCMP_CMP_GE") ? SCMP_CMP_GE :
				    !strcmp(op, "SCMP_CMP_GT") ? SCMP_CMP_GT : SCMP_CMP_MASKED_EQ;
			cmp[k].datum_a = json_object_get_uint64(member(a, "value"));
			cmp[k].datum_b = json_object_get_uint64(member(a, "valueTwo"));
			if (cmp[k].arg < 6 && ++count[cmp[k].arg] > 1)
				repeats = true;
		}
		for (size_t j = 0; names && j < json_object_array_length(names); j++) {
			int nr = seccomp_syscall_resolve_name(
				json_object_get_string(json_object_array_get_idx(names, j)));

			if (nr == __NR_SCMP_ERROR)
				continue;
			if (!repeats) {
				rc = seccomp_rule_add_array(ctx, act, nr, n, cmp);
			} else {
				rc = 0;
				for (size_t k = 0; !rc && k < n; k++)
					rc = seccomp_rule_add_array(ctx, act, nr, 1, &cmp[k]);
			}
			if (rc)
				die("%s: syscalls[%zu]: seccomp_rule_add: %d", docker_path, i, rc);
		}
	}
	export_both(ctx, p);
	seccomp_release(ctx);
	json_object_put(prof);
}

static struct policy *load_docker(void)
{
	static struct sb_policy sp;
	static struct sb_install in;
	struct sb_oci_opts o = {
		.caps = podman_caps, .compat = SB_ABI_DENY, .x32 = SB_ABI_DENY,
		.kernel_x32 = -1, .args_narrowed = true,
	};
	struct policy *p = policy_new("docker");

	p->docker = 1;
	if (no_bitmap) {
		/* the translation asks the kernel for bitmap mode's argument fields */
		load_docker_bpf(p);
		out("info\tdocker_profile\t%s, podman's default capabilities, bpf form only (-B)\n",
		    docker_path);
		return p;
	}
	if (sb_oci_policy(docker_path, &o, &sp, NULL) ||
	    sb_build_install(&sp, sp.action, 0, &in))
		die("%s: the tool's translation", docker_path);
	p->oci = &in;
	p->bm = in.args;
	p->nallowed = 0;
	for (unsigned int nr = 0; nr < sb_native_count(); nr++)
		p->nallowed += sb_allowed(&sp, nr);
	load_docker_bpf(p);
	out("info\tdocker_profile\t%s, podman's default capabilities, %s\n", docker_path,
	    "--args=narrowed --compat=deny --x32=deny");
	return p;
}

/* ---- macro rows: real programs under the container profile ------------------- */

/*
 * Debian's own programs (coreutils' sha256sum, gzip, findutils' find, GNU
 * tar, dynamically linked, copied with their libraries into the initramfs
 * by the top Makefile) doing real work on files in tmpfs: no device I/O,
 * so under -icount a whole run is a deterministic count of instructions.
 * Each command runs in a grandchild: a child, the container, installs
 * the policy and forks the program, which inherits it (as in a container
 * every process is confined by the policy its runtime installed once),
 * waits until the parent has read the clock, then execs.  The figure is
 * the program's whole run (execve, dynamic loading, its work, exit, the
 * container's wait and word to the parent), without the install
 * (install_* rows have that) and without freeing the policy: the
 * container outlives the program, as a runtime's init does.
 */
#define MACRO_DIR "/tmp/macro"
#define MACRO_BIG MACRO_DIR "/big"
#define MACRO_TREE MACRO_DIR "/tree"

struct macro_cmd {
	const char *argv[10];
	const char *out;	/* stdout (stdin is /dev/null) */
};

/*
 * @weight multiplies macro_reps: a run's count moves by a few 1000
 * instructions from run to run (page and slab state, the kernel's own
 * periodic work; where the 4-ms timer ticks fell, before
 * macro_tick_phase()), as much as the whole overhead of a policy on
 * sha256sum and gzip, which make few syscalls: those run 75 and 120
 * times (with 15 runs each, their ratio's bootstrap interval spanned
 * 0.5 and sha256sum's median fell on either side of it from one run of
 * make bench to the next; with 75, sha256sum's interval was 0.35-0.49,
 * gzip's 0.10-0.50).  find and tar are conclusive with 15 and 6.
 */
struct macro {
	const char *name;
	int weight;
	int ncmds;
	struct macro_cmd cmds[2];
};

static const struct macro macros[] = {
	{ "sha256sum", 25, 1, {
		{ { "/usr/bin/sha256sum", MACRO_BIG }, "/dev/null" } } },
	{ "gzip", 40, 2, {
		{ { "/usr/bin/gzip", "-c", MACRO_BIG }, MACRO_DIR "/big.gz" },
		{ { "/usr/bin/gzip", "-dc", MACRO_DIR "/big.gz" }, "/dev/null" } } },
	{ "find", 5, 1, {
		{ { "/usr/bin/find", MACRO_TREE, "-type", "f", "-size", "-64k",
		    "-name", "*7*" }, "/dev/null" } } },
	{ "tar", 2, 2, {
		{ { "/usr/bin/tar", "-cf", MACRO_DIR "/tree.tar", "-C", MACRO_DIR, "tree" },
		  "/dev/null" },
		{ { "/usr/bin/tar", "-xf", MACRO_DIR "/tree.tar", "-C", MACRO_DIR "/x" },
		  "/dev/null" } } },
};
#define NMACROS (int)(sizeof(macros) / sizeof(macros[0]))

static long macro_big_kb = 2048, macro_files = 512;

static uint64_t lcg = 88172645463325252ull;

static uint32_t rnd(void)
{
	lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
	return lcg >> 33;
}

/* Text-like content (gzip has something to do), the same in every boot. */
static void fill(char *buf, size_t n)
{
	static const char *const words[] = { "seccomp", "bitmap", "filter", "the",
		"syscall", "allow", "deny", "kernel", "task", "policy", "of", "a",
		"container", "profile", "argument", "entry" };
	size_t o = 0;

	while (o < n) {
		const char *w = words[rnd() % 16];
		size_t l = strlen(w);

		if (o + l + 1 > n)
			l = n - o - 1;
		memcpy(buf + o, w, l);
		o += l;
		buf[o++] = rnd() % 9 ? ' ' : '\n';
	}
}

static void write_file(const char *path, size_t n)
{
	static char buf[65536];
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		die("%s", path);
	while (n) {
		size_t k = n < sizeof(buf) ? n : sizeof(buf);

		fill(buf, k);
		if (write(fd, buf, k) != (ssize_t)k)
			die("write %s", path);
		n -= k;
	}
	close(fd);
}

/* The data: one large file, a tree of macro_files files in 16 directories. */
static int macro_setup(void)
{
	char path[256];

	if (access(macros[0].cmds[0].argv[0], X_OK)) {
		out("error\tmacro\t%s missing: no macro rows\n", macros[0].cmds[0].argv[0]);
		return -1;
	}
	if ((mkdir(MACRO_DIR, 0755) && errno != EEXIST) ||
	    (mkdir(MACRO_TREE, 0755) && errno != EEXIST) ||
	    (mkdir(MACRO_DIR "/x", 0755) && errno != EEXIST))
		die("mkdir %s", MACRO_DIR);
	write_file(MACRO_BIG, macro_big_kb * 1024);
	for (long i = 0; i < macro_files; i++) {
		snprintf(path, sizeof(path), MACRO_TREE "/d%02ld", i % 16);
		if (mkdir(path, 0755) && errno != EEXIST)
			die("mkdir %s", path);
		snprintf(path, sizeof(path), MACRO_TREE "/d%02ld/f%04ld", i % 16, i);
		write_file(path, 512 + rnd() % 7680);
	}
	out("info\tmacro_data\t%s: %ld KiB file; %s: %ld files of 0.5-8 KiB in 16 directories (tmpfs)\n",
	    MACRO_BIG, macro_big_kb, MACRO_TREE, macro_files);
	return 0;
}

/* One command: instructions from just before its execve to its reaping. */
/*
 * Start every run at the same place between two timer ticks: the bench
 * kernel's tick is periodic (HZ_PERIODIC, no high-resolution timers), so
 * a sleep of 1 ns ends in the softirq of a tick and the run then begins a
 * fixed number of instructions after it.  Without this, where the ticks
 * fell in a run moved its count by a tick's work (a few thousand
 * instructions), as much as the whole difference between the forms for
 * sha256sum and gzip.
 */
static void macro_tick_phase(void)
{
	struct timespec ns1 = { 0, 1 };

	nanosleep(&ns1, NULL);
}

static int macro_cmd_run(const char *name, const struct macro_cmd *c,
			 const struct policy *p, enum form form, uint64_t *vns)
{
	char *envp[] = { "PATH=/usr/bin:/bin", "LC_ALL=C", NULL };
	int go[2], ready[2], done[2], st;
	uint64_t t0;
	pid_t pid;
	char ch;

	if (pipe(go) || pipe(ready) || pipe(done))
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		/*
		 * The container: installs the policy, forks the program, which
		 * inherits it, and outlives it, as a runtime's init does, so
		 * that the program's exit drops a reference and frees nothing.
		 */
		int in, o, rc, gst;
		pid_t prog;

		close(go[1]);
		close(ready[0]);
		close(done[0]);
		rc = install(p, form);
		if (rc) {
			out("error\t%s\tinstall failed: %d\n", name, rc);
			_exit(125);
		}
		prog = fork();
		if (prog < 0)
			_exit(123);
		if (prog == 0) {
			close(done[1]);
			in = open("/dev/null", O_RDONLY);
			o = open(c->out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
			if (in < 0 || o < 0 || dup2(in, 0) < 0 || dup2(o, 1) < 0)
				_exit(126);
			close(in);
			close(o);
			if (write(ready[1], "r", 1) != 1 || read(go[0], &ch, 1) != 1)
				_exit(124);
			close(go[0]);
			close(ready[1]);
			execve(c->argv[0], (char **)c->argv, envp);
			_exit(127);
		}
		close(go[0]);
		close(ready[1]);
		if (waitpid(prog, &gst, 0) != prog)
			_exit(122);
		/* the program's status, then the container's exit */
		ch = WIFEXITED(gst) && !WEXITSTATUS(gst) ? 'o' : 'f';
		if (write(done[1], &ch, 1) != 1)
			_exit(121);
		_exit(ch == 'o' ? 0 : 1);
	}
	close(go[0]);
	close(ready[1]);
	close(done[1]);
	if (read(ready[0], &ch, 1) != 1) {
		close(go[1]);
		close(ready[0]);
		close(done[0]);
		waitpid(pid, &st, 0);
		out("error\t%s\tchild not ready (status 0x%x)\n", name, st);
		return -1;
	}
	macro_tick_phase();
	t0 = now_ns();
	if (write(go[1], "g", 1) != 1)
		die("go");
	if (read(done[0], &ch, 1) != 1)
		ch = 'f';
	*vns = now_ns() - t0;
	if (waitpid(pid, &st, 0) != pid)
		die("waitpid %s", name);
	close(go[1]);
	close(ready[0]);
	close(done[0]);
	if (ch != 'o' || !WIFEXITED(st) || WEXITSTATUS(st)) {
		out("error\t%s\t%s failed (container status 0x%x)\n", name, c->argv[0], st);
		return -1;
	}
	return 0;
}

/* Row macro_<work>_<form>: one warm-up run, then macro_reps x weight counted ones. */
static void run_macro(const struct macro *m, const char *suffix, const struct policy *p,
		      enum form form)
{
	char name[96];

	snprintf(name, sizeof(name), "macro_%s_%s%s", m->name, form_name[form], suffix);
	if (!selected(name))
		return;
	for (int rep = -1; rep < macro_reps * m->weight; rep++) {
		uint64_t sum = 0, v;

		for (int i = 0; i < m->ncmds; i++) {
			if (macro_cmd_run(name, &m->cmds[i], p, form, &v))
				return;
			sum += v;
		}
		if (rep >= 0)
			out("op\t%s\tinstructions\t%d\t%llu\n", name, rep,
			    (unsigned long long)sum);
	}
}

/* ---- main ------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
	/*
	 * close(-8): the match is 0xfffffff8, the smallest of the eight
	 * values, because libseccomp emits a syscall's alternatives in
	 * descending order: so it is tested last in both forms.
	 */
	static const uint64_t m1[] = { 0xfffffff8 };
	static const uint64_t m8[] = { 0xfffffff9, 0xfffffffa, 0xfffffffb,
				       0xfffffffc, 0xfffffffd, 0xfffffffe,
				       0xffffffff, 0xfffffff8 };
	static const uint64_t pers[] = { 0xffffffff };
	static const int sizes[] = { 8, 16, 32, 64, 128, 256, 0 };
#ifdef __aarch64__
	/*
	 * asm-generic's 16-27 include calls the bench kernel does not build
	 * (lookup_dcookie, eventfd2, epoll, inotify): fd calls below
	 * personality (92) that it builds: dup, dup3, fcntl, ioctl, fchdir,
	 * fchmod, fchown, lseek
	 */
	static const int lower[] = { 23, 24, 25, 29, 50, 52, 55, 62 };
#else
	static const int lower[] = { 16, 17, 18, 19, 20, 25, 26, 27 };
#endif
	static const int higher[] = { 140, 141, 142, 143, 144, 145, 146, 147 };
	const enum op o_close[] = { OP_CLOSE },
		o_pers[] = { OP_PERSONALITY },
		o_base[] = { OP_GETPPID, OP_CLOSE, OP_PERSONALITY, OP_WRITE },
		o_three[] = { OP_GETPPID, OP_CLOSE, OP_WRITE },
		o_two[] = { OP_GETPPID, OP_CLOSE },
		o_dock[] = { OP_GETPPID, OP_PERSONALITY };
	/* the seccomp-bpf forms of the rows: interpreter and JIT, both layouts */
	static const enum form bpfs[] = { F_BPF, F_BPF_TREE, F_BPF_JIT, F_BPF_JIT_TREE };
	static const enum form sweep_forms[] = { F_BITMAP, F_BPF, F_BPF_TREE, F_BPF_JIT,
						 F_BPF_JIT_TREE };
	/* the macro rows: unconfined, bitmap, the peer as users run it (both layouts) */
	static const enum form macro_forms[] = { F_NONE, F_BITMAP, F_BPF_JIT_TREE, F_BPF_JIT };
	struct policy *allow, *f1, *f8, *docker, *none, *pred[4];
	struct utsname u;
	char name[96];
	cpu_set_t cpus;
	int opt, jit0;

	while ((opt = getopt(argc, argv, "n:r:f:k:p:d:t:o:m:Bh")) != -1) {
		switch (opt) {
		case 'n': iters = atol(optarg); break;
		case 'r': reps = atol(optarg); break;
		case 'f': fork_iters = atol(optarg); break;
		case 'k': mem_children = atol(optarg); break;
		case 'p': policy_children = atol(optarg); break;
		case 'd': docker_path = optarg; break;
		case 't': true_path = optarg; break;
		case 'o': only = optarg; break;
		case 'm': macro_reps = atol(optarg); break;
		case 'B': no_bitmap = 1; break;
		default:
			fprintf(stderr, "usage: %s [-n iters] [-r reps] [-f fork_iters] [-k mem_children] [-p policy_children] [-d profile] [-t true] [-o prefix,...] [-m macro_reps] [-B]\n", argv[0]);
			return 2;
		}
	}
	/* one CPU: no migration, no cross-CPU noise */
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	sched_setaffinity(0, sizeof(cpus), &cpus);
	setvbuf(stdout, NULL, _IONBF, 0);
	uname(&u);
	out("info\tkernel\t%s %s %s\n", u.sysname, u.release, u.version);
	out("info\tlibseccomp\t%u.%u.%u\n", seccomp_version()->major,
	    seccomp_version()->minor, seccomp_version()->micro);
	out("info\tcpus_online\t%ld\n", sysconf(_SC_NPROCESSORS_ONLN));
	out("info\titers\t%ld\n", iters);
	out("info\treps\t%ld\n", reps);
	out("info\tfork_iters\t%ld\n", fork_iters);
	out("info\tmem_children\t%ld\n", mem_children);
	out("info\tpolicy_children\t%ld\n", policy_children);
	out("info\tmacro_reps\t%ld\n", macro_reps);
	out("info\tbitmap_rows\t%s\n", no_bitmap ? "no (-B)" : "yes");
	jit0 = get_jit();
	out("info\tbpf_jit_enable_at_start\t%d\n", jit0);
	init_valid();
	out("info\tsyscalls_known\t%d\n", nvalid);

	none = policy_new("none");
	allow = policy_new("allow");
	f1 = policy_new("filter1");
	policy_rule(f1, __NR_close, 0, R_IN, 1, m1);
	f8 = policy_new("filter8");
	policy_rule(f8, __NR_close, 0, R_IN, 8, m8);
	docker = load_docker();
	build(allow);
	build(f1);
	build(f8);
	build(docker);

	/*
	 * the rows of the headline table: bitmap_<policy>, then
	 * bpf[_tree]_<policy> (interpreter) and bpf_jit[_tree]_<policy>
	 */
	run_calls("baseline", none, F_NONE, o_base, 4);
	run_calls("bitmap_allow", allow, F_BITMAP, o_three, 3);
	for (int b = 0; b < 4; b++) {
		snprintf(name, sizeof(name), "%s_allow", form_name[bpfs[b]]);
		run_calls(name, allow, bpfs[b], o_three, 3);
	}
	/* steps of the path (see enum form) */
#ifdef __x86_64__
	/* syscall user dispatch is the generic entry's (not arm64's in 6.1) */
	run_calls("step_dispatch", none, F_DISPATCH, o_three, 3);
#endif
	{
		const struct policy *pols[] = { f1, f8, docker };

		for (int i = 0; i < 3; i++) {
			const enum op *ops = pols[i] == docker ? o_dock : o_close;
			int nops = pols[i] == docker ? 2 : 1;

			snprintf(name, sizeof(name), "bitmap_%s", pols[i]->name);
			run_calls(name, pols[i], F_BITMAP, ops, nops);
			for (int b = 0; b < 4; b++) {
				snprintf(name, sizeof(name), "%s_%s", form_name[bpfs[b]],
					 pols[i]->name);
				run_calls(name, pols[i], bpfs[b], ops, nops);
			}
		}
	}

	/* policy size: the needed syscalls plus the first others by number */
	for (unsigned int s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		struct policy *p;
		int want = sizes[s] ? sizes[s] : nvalid, have = NNEEDED;

		snprintf(name, sizeof(name), "size%s%d", sizes[s] ? "" : "_all", want);
		p = policy_new(strdup(name));
		policy_rule(p, __NR_close, 0, R_IN, 1, m1);
		for (int i = 0; i < nvalid && have < want; i++)
			if (!p->allow[valid_nr[i]] && valid_nr[i] != __NR_close) {
				p->allow[valid_nr[i]] = 1;
				have++;
			}
		build(p);
		for (int f = 0; f < 5; f++) {
			snprintf(name, sizeof(name), "sweep_size_%d_%s", want,
				 form_name[sweep_forms[f]]);
			run_calls(name, p, sweep_forms[f], o_two, 2);
		}
		free(p->prog.filter);
		free(p->prog_tree.filter);
		free(p);
	}

	/*
	 * position: every syscall allowed, nine with argument rules; the
	 * measured one (personality) first, in the middle or last of them
	 * (bitmap: the kernel's sorted filter table; bpf: libseccomp's order,
	 * set with priorities over every syscall).
	 */
	for (int pos = 0; pos < 3; pos++) {
		static const char *const pname[] = { "first", "middle", "last" };
		struct policy *p = policy_new("pos");
		uint64_t v = 12345;

		for (int i = 0; i < nvalid; i++)
			p->allow[valid_nr[i]] = 1;
		for (int i = 0; i < 8; i++) {
			int nr = pos == 0 ? higher[i] : pos == 2 ? lower[i] :
				 i < 4 ? lower[i] : higher[i];

			policy_rule(p, nr, 0, R_IN, 1, &v);
		}
		policy_rule(p, __NR_personality, 0, R_IN, 1, pers);
		for (int i = 0; i < nvalid; i++) {
			int nr = valid_nr[i];

			p->prio[nr] = pos == 0 ? 100 : pos == 2 ? 200 :
				      nr < __NR_personality ? 200 : 100;
		}
		p->prio[__NR_personality] = 150;
		snprintf(name, sizeof(name), "pos_%s", pname[pos]);
		p->name = strdup(name);
		build(p);
		for (int f = 0; f < 5; f++) {
			snprintf(name, sizeof(name), "sweep_pos_%s_%s", pname[pos],
				 form_name[sweep_forms[f]]);
			run_calls(name, p, sweep_forms[f], o_pers, 1);
		}
		free(p->prog.filter);
		free(p->prog_tree.filter);
		free(p);
	}

	/* fork+exit+wait and fork+execve+exit+wait of a confined task */
	run_lifecycle("lifecycle_baseline", none, F_NONE);
	run_lifecycle("lifecycle_bitmap_docker", docker, F_BITMAP);
	run_lifecycle("lifecycle_bpf_docker", docker, F_BPF);
	run_lifecycle("lifecycle_bpf_jit_tree_docker", docker, F_BPF_JIT_TREE);

	/* install cost of each policy */
	{
		struct policy *pols[] = { allow, f1, f8, docker };

		static const enum form inst[] = { F_BITMAP, F_BPF, F_BPF_JIT, F_BPF_JIT_TREE };

		for (unsigned int i = 0; i < 4; i++)
			for (int f = 0; f < 4; f++) {
				snprintf(name, sizeof(name), "install_%s_%s",
					 form_name[inst[f]], pols[i]->name);
				run_install(name, pols[i], inst[f]);
			}
	}

	/* real programs under the container profile */
	if (macro_reps > 0 && selected("macro_") && !macro_setup())
		for (int m = 0; m < NMACROS; m++)
			for (int f = 0; f < 4; f++)
				run_macro(&macros[m], macro_forms[f] == F_NONE ? "" : "_docker",
					  macro_forms[f] == F_NONE ? none : docker, macro_forms[f]);

	/* kernel memory */
	run_mem("mem_baseline", none, F_NONE, policy_children, 0);
	run_mem("mem_bitmap_allow", allow, F_BITMAP, policy_children, 0);
	run_mem("mem_bpf_allow", allow, F_BPF, policy_children, 0);
	run_mem("mem_bitmap_docker", docker, F_BITMAP, policy_children, 0);
	run_mem("mem_bpf_docker", docker, F_BPF, policy_children, 0);
	run_mem("mem_bpf_jit_tree_docker", docker, F_BPF_JIT_TREE, policy_children, 0);
	run_mem("mem_bitmap_filter8", f8, F_BITMAP, policy_children, 0);
	run_mem("mem_bpf_filter8", f8, F_BPF, policy_children, 0);
	/*
	 * bytes per integer predicate: one filter of 32, then of 64
	 * "fd == V" predicates (the report divides the difference by 32);
	 * the engine folds those into one set, so the same with "fd > V"
	 * predicates (cmp32, cmp64), which stay one predicate each
	 */
	for (int i = 0; i < 4; i++) {
		static const char *const pname[] = { "pred32", "pred64", "cmp32", "cmp64" };
		static uint64_t vals[64];

		for (int v = 0; v < 64; v++)
			vals[v] = 0x1000 + v;
		pred[i] = policy_new(pname[i]);
		policy_rule(pred[i], __NR_close, 0, i < 2 ? R_IN : R_GT_ANY,
			    i % 2 ? 64 : 32, vals);
		build(pred[i]);
		snprintf(name, sizeof(name), "mem_bitmap_%s", pred[i]->name);
		run_mem(name, pred[i], F_BITMAP, policy_children, 0);
	}
	run_mem("mem_baseline", none, F_NONE, mem_children, 1);
	run_mem("mem_bitmap_docker", docker, F_BITMAP, mem_children, 1);
	run_mem("mem_bpf_docker", docker, F_BPF, mem_children, 1);
	/* what the boot had, for whatever runs next (the upstream benchmark) */
	if (jit0 >= 0 && set_jit(jit0))
		out("error\t-\trestoring bpf_jit_enable=%d failed\n", jit0);
	out("info\tdone\t1\n");
	return 0;
}
