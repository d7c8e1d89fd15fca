// SPDX-License-Identifier: GPL-2.0
/*
 * The differential test of seccomp-bitmap's OCI import: the same seccomp
 * profile, loaded
 *
 *   (A) as a container runtime loads it: a loader of its own here
 *       (json-c), selecting rules as containers/common does and adding
 *       them as crun and runc do to libseccomp (2.5.4, linked statically),
 *       whose BPF program is installed;
 *   (B) as the tool translates it: tools/seccomp's oci.c and policy.c,
 *       linked in, build the struct seccomp_bitmap that
 *       "seccomp-bitmap run --oci" installs,
 *
 * must give every probe the same outcome: the return value or errno, a
 * SIGSYS trap (with its data), or death by a signal.  Probed: every
 * x86-64 system call number from 0 to past the table's end, -1, for each
 * argument rule its boundary values (equal, one off, the upper 32 bits
 * set, each masked bit flipped), every x32 and every ia32 number.
 *
 * No probed system call runs.  The probe child first installs a BPF
 * filter that returns SECCOMP_RET_USER_NOTIF for everything, then the
 * policy (A or B); the parent answers each notification: "continue"
 * while the child sets up, then a magic errno.  A policy's ERRNO, TRAP
 * and KILL beat USER_NOTIF; what it allows (or logs) falls through to the
 * notification, so "allowed" is the magic errno, observed without the
 * call running.  The child records each result in MAP_SHARED memory; a
 * probe that kills the child is recorded by the parent, which starts a new
 * child at the next probe.  A TRAP's handler leaves with __builtin_longjmp,
 * which makes no system call.
 *
 * Where a probe number runs nothing on this kernel, "allowed" means what
 * the kernel then returns: ENOSYS (syscall(-1), x32 numbers when the
 * kernel has no x32 ABI).
 *
 * Scenarios: Debian's containers-common profile with three capability
 * sets (none, all, podman's default), the same profile without its
 * argument rules (so that the ia32 table is translated exactly), and a
 * synthetic profile that uses every comparison, catch-all ordering, rule
 * splitting and every action.  The ia32 and x32 numbers of the scenarios
 * run with --compat=deny / --x32=deny are compared too: there the tool
 * documents a difference (every such call takes the default action), and
 * the test checks that bitmap mode does exactly that and counts where
 * libseccomp differs.
 *
 * TAP, one result per scenario and class of probes, counts printed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <json.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "seccomp-bitmap.h"

#ifdef __x86_64__

#define MAGIC		4000	/* the errno of an allowed probe */
#ifndef SYS_SECCOMP
#define SYS_SECCOMP	1	/* si_code of a SECCOMP_RET_TRAP */
#endif
#define X32_BIT		0x40000000U
#define MAX_PROBES	8192
#define NATIVE_END	520	/* past the table (451 on 6.1) */
#define X32_END		600	/* past the x32 table (548) */
#define IA32_END	470	/* past the ia32 table (451) */

enum arch { A_X86_64, A_X32, A_IA32 };
static const char * const arch_name[] = { "x86-64", "x32", "ia32" };

struct probe {
	enum arch arch;
	int nr;
	__u64 args[6];
	int cls;		/* the class it counts in, -1: a twin only */
	int twin;		/* the probe with the canonical registers */
};

enum kind { R_NONE, R_RET, R_TRAP, R_SIGNAL };

struct result {
	int kind;
	long val;		/* R_RET: return value; R_TRAP: si_errno; R_SIGNAL: signal */
	int notified;		/* the parent saw (and answered) it */
};

struct shared {
	volatile int phase;	/* 0 setup, 1 probing, 2 done */
	volatile int next;	/* the probe in progress */
	volatile int fd;	/* the child's listener, -1 before */
	volatile int setup_err;	/* errno of a failed policy install */
	struct result res[MAX_PROBES];
};

static struct shared *sh;
static struct probe probes[MAX_PROBES];
static int nprobes;
static __u64 probe_args[6];	/* of the probe in progress, for the handler */
static void *jmp[5];

/* ---- plumbing ------------------------------------------------------------ */

static int test_no;
static int failures;

static __printf(2, 3) void result(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s %d ", ok ? "ok" : "not ok", ++test_no);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	if (!ok)
		failures++;
}

static __printf(1, 2) void note(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* the tool's messages (policy.c, oci.c) */
void sb_error(const char *fmt, ...)
{
	va_list ap;

	fputs("# seccomp-bitmap: ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* ---- (A): the profile as containers/common + crun give it to libseccomp --- */

struct loader {
	const char *caps[64];
	int ncaps;
};

static bool has(struct json_object *arr, const char *s)
{
	size_t i;

	for (i = 0; arr && i < json_object_array_length(arr); i++)
		if (!strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), s))
			return true;
	return false;
}

static struct json_object *get(struct json_object *o, const char *k)
{
	struct json_object *v = NULL;

	return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static int errno_of(struct json_object *num, struct json_object *name, int dflt)
{
	const char *s = name ? json_object_get_string(name) : NULL;
	int e;

	if (s && *s) {
		if (*s >= '0' && *s <= '9')
			return atoi(s);
		for (e = 1; e < 4096; e++)
			if (strerrorname_np(e) && !strcmp(strerrorname_np(e), s))
				return e;
		return -1;
	}
	return num ? (int)json_object_get_int64(num) : dflt;
}

static uint32_t action_of(const char *a, int e)
{
	if (!strcmp(a, "SCMP_ACT_ALLOW"))
		return SCMP_ACT_ALLOW;
	if (!strcmp(a, "SCMP_ACT_ERRNO"))
		return SCMP_ACT_ERRNO(e);
	if (!strcmp(a, "SCMP_ACT_KILL") || !strcmp(a, "SCMP_ACT_KILL_THREAD"))
		return SCMP_ACT_KILL_THREAD;
	if (!strcmp(a, "SCMP_ACT_KILL_PROCESS"))
		return SCMP_ACT_KILL_PROCESS;
	if (!strcmp(a, "SCMP_ACT_TRAP"))
		return SCMP_ACT_TRAP;
	if (!strcmp(a, "SCMP_ACT_LOG"))
		return SCMP_ACT_LOG;
	return 0xffffffff;
}

static enum scmp_compare op_of(const char *op)
{
	static const char * const ops[] = {
		[SCMP_CMP_NE] = "SCMP_CMP_NE", [SCMP_CMP_LT] = "SCMP_CMP_LT",
		[SCMP_CMP_LE] = "SCMP_CMP_LE", [SCMP_CMP_EQ] = "SCMP_CMP_EQ",
		[SCMP_CMP_GE] = "SCMP_CMP_GE", [SCMP_CMP_GT] = "SCMP_CMP_GT",
		[SCMP_CMP_MASKED_EQ] = "SCMP_CMP_MASKED_EQ",
	};
	int i;

	for (i = SCMP_CMP_NE; i <= SCMP_CMP_MASKED_EQ; i++)
		if (!strcmp(op, ops[i]))
			return i;
	return 0;
}

/* containers/common's setupSeccomp(): is the rule used? */
static bool selected(const struct loader *l, struct json_object *r)
{
	struct json_object *inc = get(r, "includes"), *exc = get(r, "excludes");
	struct json_object *a;
	size_t i;
	int j;

	a = get(exc, "arches");
	if (a && json_object_array_length(a) && has(a, "amd64"))
		return false;
	a = get(exc, "caps");
	for (i = 0; a && i < json_object_array_length(a); i++)
		for (j = 0; j < l->ncaps; j++)
			if (!strcmp(l->caps[j], json_object_get_string(json_object_array_get_idx(a, i))))
				return false;
	a = get(inc, "arches");
	if (a && json_object_array_length(a) && !has(a, "amd64"))
		return false;
	a = get(inc, "caps");
	for (i = 0; a && i < json_object_array_length(a); i++) {
		for (j = 0; j < l->ncaps; j++)
			if (!strcmp(l->caps[j], json_object_get_string(json_object_array_get_idx(a, i))))
				break;
		if (j == l->ncaps)
			return false;
	}
	return true;
}

/* the profile's libseccomp filter as BPF, or NULL */
static struct sock_fprog *libseccomp_filter(struct json_object *prof, const struct loader *l)
{
	struct json_object *calls, *archmap, *arches, *r, *names, *args, *a;
	struct scmp_arg_cmp cmp[6];
	struct sock_fprog *prog = NULL;
	uint32_t def, act;
	scmp_filter_ctx ctx;
	char path[] = "/tmp/oci_diff_bpf.XXXXXX";
	int fd = -1, e, nr, rc, count[6];
	size_t i, j, k, n;
	bool repeats;
	off_t len;

	e = errno_of(get(prof, "defaultErrnoRet"), get(prof, "defaultErrno"), EPERM);
	def = action_of(json_object_get_string(get(prof, "defaultAction")), e);
	ctx = seccomp_init(def);
	if (!ctx)
		return NULL;
	/* architectures, or archMap's entry for the native one */
	arches = get(prof, "architectures");
	archmap = get(prof, "archMap");
	for (i = 0; archmap && i < json_object_array_length(archmap); i++) {
		a = json_object_array_get_idx(archmap, i);
		if (strcmp(json_object_get_string(get(a, "architecture")), "SCMP_ARCH_X86_64"))
			continue;
		arches = get(a, "subArchitectures");
		break;
	}
	for (i = 0; arches && i < json_object_array_length(arches); i++) {
		const char *s = json_object_get_string(json_object_array_get_idx(arches, i));
		uint32_t tok = !strcmp(s, "SCMP_ARCH_X86") ? SCMP_ARCH_X86 :
			       !strcmp(s, "SCMP_ARCH_X32") ? SCMP_ARCH_X32 : 0;

		if (tok) {
			rc = seccomp_arch_add(ctx, tok);
			if (rc && rc != -EEXIST)
				goto out;
		}
	}
	calls = get(prof, "syscalls");
	for (i = 0; calls && i < json_object_array_length(calls); i++) {
		r = json_object_array_get_idx(calls, i);
		if (!selected(l, r))
			continue;
		e = errno_of(get(r, "errnoRet"), get(r, "errno"), EPERM);
		act = action_of(json_object_get_string(get(r, "action")), e);
		if (act == def)
			continue;	/* crun: "if (action == default_action) continue" */
		names = get(r, "names");
		args = get(r, "args");
		n = args ? json_object_array_length(args) : 0;
		memset(count, 0, sizeof(count));
		repeats = false;
		for (k = 0; k < n; k++) {
			a = json_object_array_get_idx(args, k);
			cmp[k].arg = json_object_get_int64(get(a, "index"));
			cmp[k].op = op_of(json_object_get_string(get(a, "op")));
			cmp[k].datum_a = get(a, "value") ? json_object_get_uint64(get(a, "value")) : 0;
			cmp[k].datum_b = get(a, "valueTwo") ?
					 json_object_get_uint64(get(a, "valueTwo")) : 0;
			if (++count[cmp[k].arg] > 1)
				repeats = true;
		}
		for (j = 0; names && j < json_object_array_length(names); j++) {
			nr = seccomp_syscall_resolve_name(json_object_get_string(
					json_object_array_get_idx(names, j)));
			if (nr == __NR_SCMP_ERROR)
				continue;	/* unknown to libseccomp: ignored */
			if (!repeats) {
				rc = seccomp_rule_add_array(ctx, act, nr, n, cmp);
			} else {
				for (rc = 0, k = 0; !rc && k < n; k++)
					rc = seccomp_rule_add_array(ctx, act, nr, 1, &cmp[k]);
			}
			if (rc) {
				note("libseccomp refuses syscalls[%zu] %s: %s", i,
				     json_object_get_string(json_object_array_get_idx(names, j)),
				     strerror(-rc));
				goto out;
			}
		}
	}
	/* the BPF program, as seccomp_load() would install it */
	fd = mkstemp(path);
	if (fd < 0 || seccomp_export_bpf(ctx, fd))
		goto out;
	len = lseek(fd, 0, SEEK_END);
	prog = calloc(1, sizeof(*prog));
	if (!prog || len <= 0)
		goto out;
	prog->len = len / sizeof(struct sock_filter);
	prog->filter = malloc(len);
	if (!prog->filter || pread(fd, prog->filter, len, 0) != len) {
		free(prog);
		prog = NULL;
	}
out:
	if (fd >= 0) {
		close(fd);
		unlink(path);
	}
	seccomp_release(ctx);
	return prog;
}

/* ---- probes ---------------------------------------------------------------- */

static long raw_syscall(long nr, const __u64 *a)
{
	register long r10 asm("r10") = a[3];
	register long r8 asm("r8") = a[4];
	register long r9 asm("r9") = a[5];
	long ret;

	asm volatile ("syscall"
		      : "=a" (ret)
		      : "a" (nr), "D" (a[0]), "S" (a[1]), "d" (a[2]),
			"r" (r10), "r" (r8), "r" (r9)
		      : "rcx", "r11", "memory");
	return ret;
}

static long ia32_syscall(long nr, const __u64 *a)
{
	register unsigned long r12 asm("r12") = (unsigned int)a[5];
	long ret;

	asm volatile ("push %%rbp\n\t"
		      "mov %%r12d, %%ebp\n\t"
		      "int $0x80\n\t"
		      "pop %%rbp"
		      : "=a" (ret)
		      : "a" (nr), "b" ((unsigned int)a[0]), "c" ((unsigned int)a[1]),
			"d" ((unsigned int)a[2]), "S" ((unsigned int)a[3]),
			"D" ((unsigned int)a[4]), "r" (r12)
		      : "r8", "r9", "r10", "r11", "memory");
	/* the ia32 return value is 32 bits wide */
	return (int)ret;
}

static void on_sigsys(int sig, siginfo_t *si, void *uc)
{
	struct result *r = &sh->res[sh->next];

	(void)sig;
	(void)uc;
	r->kind = R_TRAP;
	r->val = si->si_code == SYS_SECCOMP ? si->si_errno : -1000 - si->si_code;
	__builtin_longjmp(jmp, 1);
}

/* the child: notification filter, policy, then probes from @start on */
static __noreturn void child(int start, const struct sock_fprog *bpf,
			     const struct seccomp_bitmap *bitmap)
{
	struct sock_filter notify[] = {
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF),
	};
	struct sock_fprog nprog = { .len = 1, .filter = notify };
	struct sigaction sa = { .sa_sigaction = on_sigsys,
				.sa_flags = SA_SIGINFO | SA_NODEFER };
	volatile int i;
	long ret, fd;

	if (sigaction(SIGSYS, &sa, NULL) || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		_exit(90);
	fd = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER,
		     SECCOMP_FILTER_FLAG_NEW_LISTENER, &nprog);
	if (fd < 0)
		_exit(91);
	sh->fd = fd;
	/* from here on, every call goes to the parent first */
	if (bpf)
		ret = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, bpf);
	else
		ret = syscall(__NR_seccomp, SECCOMP_SET_MODE_BITMAP, 0, bitmap);
	if (ret) {
		sh->setup_err = errno;
		_exit(92);
	}
	__atomic_store_n(&sh->phase, 1, __ATOMIC_SEQ_CST);
	for (i = start; i < nprobes; i++) {
		const struct probe *p = &probes[i];

		sh->next = i;
		memcpy(probe_args, p->args, sizeof(probe_args));
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		if (__builtin_setjmp(jmp))
			continue;	/* trapped: on_sigsys() recorded it */
		if (p->arch == A_IA32)
			ret = ia32_syscall(p->nr, p->args);
		else
			ret = raw_syscall(p->arch == A_X32 ? (long)(X32_BIT | p->nr) :
					  (long)p->nr, p->args);
		sh->res[i].kind = R_RET;
		sh->res[i].val = ret;
	}
	__atomic_store_n(&sh->phase, 2, __ATOMIC_SEQ_CST);
	/* the parent kills us at this call's notification */
	for (;;)
		raw_syscall(__NR_getpid, probe_args);
}

static int notify_sizes(struct seccomp_notif_sizes *sz)
{
	return syscall(__NR_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, sz);
}

/* run every probe under one policy (@bpf or @bitmap) into sh->res */
static int run_probes(const struct sock_fprog *bpf, const struct seccomp_bitmap *bitmap,
		      int *setup_err)
{
	struct seccomp_notif_sizes sz;
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	int start = 0, status, fd, pidfd, i;
	bool reaped;
	pid_t pid;

	if (notify_sizes(&sz))
		return -1;
	req = calloc(1, sz.seccomp_notif > sizeof(*req) ? sz.seccomp_notif : sizeof(*req));
	resp = calloc(1, sz.seccomp_notif_resp > sizeof(*resp) ?
		      sz.seccomp_notif_resp : sizeof(*resp));
	if (!req || !resp)
		return -1;
	memset(sh, 0, sizeof(*sh));
	*setup_err = 0;
	while (start < nprobes) {
		sh->phase = 0;
		sh->fd = -1;
		sh->setup_err = 0;
		fflush(stdout);
		/* CLONE_FILES: the child's listener is ours too */
		pid = syscall(__NR_clone, CLONE_FILES | SIGCHLD, 0, NULL, NULL, 0);
		if (pid < 0)
			return -1;
		if (!pid)
			child(start, bpf, bitmap);
		reaped = false;
		while (sh->fd < 0 && !reaped) {
			reaped = waitpid(pid, &status, WNOHANG) == pid;
			usleep(100);
		}
		fd = sh->fd;
		/* the listener hangs up only once the dead child is reaped */
		pidfd = reaped ? -1 : syscall(__NR_pidfd_open, pid, 0);
		for (;;) {
			struct pollfd pfd[2] = {
				{ .fd = fd, .events = POLLIN },
				{ .fd = pidfd, .events = POLLIN },
			};

			if (fd < 0 || pidfd < 0)
				break;
			if (poll(pfd, 2, 10000) <= 0 || !(pfd[0].revents & POLLIN))
				break;
			memset(req, 0, sz.seccomp_notif);
			if (ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, req))
				continue;
			memset(resp, 0, sz.seccomp_notif_resp);
			resp->id = req->id;
			switch (__atomic_load_n(&sh->phase, __ATOMIC_SEQ_CST)) {
			case 0:
				resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
				break;
			case 1:
				i = sh->next;
				sh->res[i].notified = 1;
				resp->error = -MAGIC;
				break;
			default:
				kill(pid, SIGKILL);
				continue;
			}
			ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, resp);
		}
		if (fd >= 0)
			close(fd);
		if (pidfd >= 0)
			close(pidfd);
		if (!reaped) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
		}
		if (sh->phase == 0) {
			*setup_err = sh->setup_err ? sh->setup_err : -1;
			return 0;
		}
		if (sh->phase == 2)
			break;
		/* killed at probe sh->next (by the policy, or the test's SIGKILL) */
		i = sh->next;
		if (sh->res[i].kind == R_NONE) {
			sh->res[i].kind = R_SIGNAL;
			sh->res[i].val = WIFSIGNALED(status) ? WTERMSIG(status) : -WEXITSTATUS(status);
		}
		start = i + 1;
	}
	free(req);
	free(resp);
	return 0;
}

/* what the caller sees: an allowed call that runs nothing returns ENOSYS */
static struct result outcome(const struct probe *p, struct result r, bool kernel_x32)
{
	if (r.kind == R_RET && r.val == -MAGIC &&
	    ((p->arch == A_X86_64 && p->nr == -1) || (p->arch == A_X32 && !kernel_x32)))
		r.val = -ENOSYS;
	r.notified = 0;
	return r;
}

static const char *describe(struct result r)
{
	static char buf[4][64];
	static int n;
	char *b = buf[n++ % 4];

	switch (r.kind) {
	case R_RET:
		if (r.val == -MAGIC)
			snprintf(b, 64, "allowed");
		else if (r.val < 0 && r.val > -4096)
			snprintf(b, 64, "errno %s", strerrorname_np(-r.val) ?: "?");
		else
			snprintf(b, 64, "returns %ld", r.val);
		break;
	case R_TRAP:
		snprintf(b, 64, "SIGSYS trap (data %ld)", r.val);
		break;
	case R_SIGNAL:
		snprintf(b, 64, "killed by signal %ld", r.val);
		break;
	default:
		snprintf(b, 64, "no result");
	}
	return b;
}

static bool same(struct result a, struct result b)
{
	return a.kind == b.kind && a.val == b.val;
}

/* ---- the probe list ------------------------------------------------------------ */

enum cls { C_NATIVE, C_ARGS, C_X32, C_IA32, C_COUNT };
static const char * const cls_name[] = {
	"x86-64 numbers 0..519, 1023, 0x3fffffff and -1",
	"x86-64 argument boundaries of every argument rule",
	"x32 numbers 0..599 (and argument boundaries)",
	"ia32 numbers 0..469 (and argument boundaries)",
};

static void add(enum arch arch, int nr, const __u64 *args, int cls)
{
	struct probe *p;

	if (nprobes == MAX_PROBES)
		return;
	p = &probes[nprobes];
	p->arch = arch;
	p->nr = nr;
	p->cls = cls;
	p->twin = nprobes++;
	memset(p->args, 0, sizeof(p->args));
	if (args)
		memcpy(p->args, args, sizeof(p->args));
}

/*
 * The register a caller passes for the value the kernel's field arg_N
 * takes from @v: the field's bits, zero- or sign-extended (the kernel
 * tells the width and signedness, sb_arg_field()).
 */
static __u64 canonical(int nr, int arg, __u64 v)
{
	unsigned int bits;
	bool sgn;

	if (sb_arg_field(nr, arg, &bits, &sgn) || bits == 64)
		return v;
	v &= (1ULL << bits) - 1;
	if (sgn && v >> (bits - 1))
		v |= ~0ULL << bits;
	return v;
}

/*
 * --args=narrowed: bitmap filters judge the bits the call uses, so a
 * native argument probe is compared with libseccomp's outcome for its
 * canonical registers: a twin probe, added when they differ.
 */
static void add_twins(void)
{
	int i, n = nprobes, a;

	for (i = 0; i < n; i++) {
		struct probe *p = &probes[i];
		__u64 c[6];
		bool differs = false;

		if (p->cls != C_ARGS)
			continue;
		for (a = 0; a < 6; a++) {
			c[a] = canonical(p->nr, a, p->args[a]);
			differs |= c[a] != p->args[a];
		}
		if (!differs || nprobes == MAX_PROBES)
			continue;
		add(A_X86_64, p->nr, c, -1);
		p->twin = nprobes - 1;
	}
}

static void add_value(__u64 *vals, int *n, __u64 v)
{
	int i;

	for (i = 0; i < *n; i++)
		if (vals[i] == v)
			return;
	if (*n < 32)
		vals[(*n)++] = v;
}

/* the boundaries of one condition */
static void boundaries(struct json_object *a, __u64 *vals, int *n)
{
	__u64 v = get(a, "value") ? json_object_get_uint64(get(a, "value")) : 0;
	__u64 v2 = get(a, "valueTwo") ? json_object_get_uint64(get(a, "valueTwo")) : 0;
	const char *op = json_object_get_string(get(a, "op"));
	int b, flipped = 0;

	add_value(vals, n, 0);
	add_value(vals, n, ~0ULL);
	if (strcmp(op, "SCMP_CMP_MASKED_EQ")) {
		add_value(vals, n, v);
		add_value(vals, n, v - 1);
		add_value(vals, n, v + 1);
		add_value(vals, n, v | 1ULL << 32);
		add_value(vals, n, v + (1ULL << 32));
		add_value(vals, n, v & 0xffffffffULL);
		add_value(vals, n, v ^ 1ULL << 63);
		return;
	}
	/* (x & v) == v2: the match, the rest of the bits set, each masked bit flipped */
	add_value(vals, n, v2 & v);
	add_value(vals, n, (v2 & v) | ~v);
	add_value(vals, n, (v2 & v) | 1ULL << 32);
	for (b = 0; b < 64 && flipped < 12; b++) {
		if (!(v >> b & 1))
			continue;
		add_value(vals, n, (v2 & v) ^ 1ULL << b);
		flipped++;
	}
}

/* for each system call with argument rules: the cross product of its boundaries */
static void add_arg_probes(struct json_object *prof)
{
	struct json_object *calls = get(prof, "syscalls"), *r, *args, *names;
	__u64 vals[6][32], cur[6];
	int nv[6], pos[6], idx, a;
	size_t i, j, k, m;
	char done[64][32];
	int ndone = 0;

	for (i = 0; calls && i < json_object_array_length(calls); i++) {
		r = json_object_array_get_idx(calls, i);
		args = get(r, "args");
		names = get(r, "names");
		if (!args || !json_object_array_length(args))
			continue;
		for (j = 0; names && j < json_object_array_length(names); j++) {
			const char *name = json_object_get_string(json_object_array_get_idx(names, j));
			int nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86_64, name);
			/* the direct numbers (libseccomp names socketcall's sub-calls) */
			int n32 = sb_compat_lookup(name), nx32 = sb_x32_lookup(name);

			for (k = 0; k < (size_t)ndone && strcmp(done[k], name); k++)
				;
			if (k < (size_t)ndone || ndone == 64 || nr < 0)
				continue;
			snprintf(done[ndone++], sizeof(done[0]), "%s", name);
			/* every condition on this name, in every rule */
			memset(nv, 0, sizeof(nv));
			for (k = 0; k < json_object_array_length(calls); k++) {
				struct json_object *r2 = json_object_array_get_idx(calls, k);

				if (!has(get(r2, "names"), name))
					continue;
				args = get(r2, "args");
				for (m = 0; args && m < json_object_array_length(args); m++) {
					struct json_object *c = json_object_array_get_idx(args, m);

					idx = json_object_get_int64(get(c, "index"));
					if (idx >= 0 && idx < 6)
						boundaries(c, vals[idx], &nv[idx]);
				}
			}
			/* the cross product (the other arguments 0) */
			memset(pos, 0, sizeof(pos));
			for (;;) {
				for (a = 0; a < 6; a++)
					cur[a] = nv[a] ? vals[a][pos[a]] : 0;
				add(A_X86_64, nr, cur, C_ARGS);
				if (nx32 >= 0)
					add(A_X32, nx32, cur, C_X32);
				if (n32 >= 0)
					add(A_IA32, n32, cur, C_IA32);
				for (a = 0; a < 6; a++) {
					if (!nv[a])
						continue;
					if (++pos[a] < nv[a])
						break;
					pos[a] = 0;
				}
				if (a == 6)
					break;
			}
		}
	}
}

static void make_probes(struct json_object *prof)
{
	int nr;

	nprobes = 0;
	for (nr = 0; nr < NATIVE_END; nr++)
		add(A_X86_64, nr, NULL, C_NATIVE);
	add(A_X86_64, 1023, NULL, C_NATIVE);
	add(A_X86_64, 0x3fffffff, NULL, C_NATIVE);
	add(A_X86_64, -1, NULL, C_NATIVE);
	add_arg_probes(prof);
	for (nr = 0; nr < X32_END; nr++)
		add(A_X32, nr, NULL, C_X32);
	for (nr = 0; nr < IA32_END; nr++)
		add(A_IA32, nr, NULL, C_IA32);
	add(A_IA32, 1000, NULL, C_IA32);
	add_twins();
}

/* ---- (B') the translation, evaluated in user space ------------------------------ */

/*
 * When the kernel lacks what the translation needs, the request is
 * evaluated here as bitmap mode defines it (bit, filter, deny entry,
 * default action), with an evaluator of the filter expressions the tool
 * writes: arg_N (narrowed, signed or not) compared with ==, !=, <, <=, >, >=, &, and !, &&, ||,
 * parentheses.  That checks the translation's semantics against
 * libseccomp, not the kernel: the results say so.
 */
struct ev {
	const char *s;
	const __u64 *args;
	int nr;
	bool bad;
};

static void ev_space(struct ev *e)
{
	while (*e->s == ' ')
		e->s++;
}

static bool ev_or(struct ev *e);

static bool ev_unary(struct ev *e)
{
	unsigned long long v, x;
	unsigned int n, bits;
	char *end;
	bool r, sgn;

	ev_space(e);
	if (*e->s == '!') {
		e->s++;
		return !ev_unary(e);
	}
	if (*e->s == '(') {
		e->s++;
		r = ev_or(e);
		ev_space(e);
		if (*e->s++ != ')')
			e->bad = true;
		return r;
	}
	if (strncmp(e->s, "arg_", 4) || e->s[4] < '0' || e->s[4] > '5') {
		e->bad = true;
		return false;
	}
	n = e->s[4] - '0';
	e->s += 5;
	ev_space(e);
	/* the field: the bits the call uses, compared signed or not */
	x = canonical(e->nr, n, e->args[n]);
	if (sb_arg_field(e->nr, n, &bits, &sgn))
		e->bad = true;
#define EV_OP(tok, op) \
	do { \
		if (!strncmp(e->s, tok, strlen(tok))) { \
			e->s += strlen(tok); \
			ev_space(e); \
			v = sgn ? (unsigned long long)strtoll(e->s, &end, 0) : \
				  strtoull(e->s, &end, 0); \
			e->s = end; \
			return sgn ? (long long)x op (long long)v : x op v; \
		} \
	} while (0)
	EV_OP("==", ==);
	EV_OP("!=", !=);
	EV_OP("<=", <=);
	EV_OP(">=", >=);
	EV_OP("<", <);
	EV_OP(">", >);
	if (*e->s == '&') {
		e->s++;
		ev_space(e);
		v = sgn ? (unsigned long long)strtoll(e->s, &end, 0) : strtoull(e->s, &end, 0);
		e->s = end;
		return (x & v) != 0;
	}
#undef EV_OP
	e->bad = true;
	return false;
}

static bool ev_and(struct ev *e)
{
	bool r = ev_unary(e);

	for (;;) {
		ev_space(e);
		if (strncmp(e->s, "&&", 2))
			return r;
		e->s += 2;
		r = ev_unary(e) && r;
	}
}

static bool ev_or(struct ev *e)
{
	bool r = ev_and(e);

	for (;;) {
		ev_space(e);
		if (strncmp(e->s, "||", 2))
			return r;
		e->s += 2;
		r = ev_and(e) || r;
	}
}

static struct result act_result(__u32 action)
{
	struct result r = { R_RET, -MAGIC, 0 };

	switch (action & SECCOMP_RET_ACTION_FULL) {
	case SECCOMP_RET_ERRNO:
		r.val = -(long)(action & SECCOMP_RET_DATA);
		break;
	case SECCOMP_RET_TRAP:
		r.kind = R_TRAP;
		r.val = action & SECCOMP_RET_DATA;
		break;
	case SECCOMP_RET_KILL_PROCESS:
	case SECCOMP_RET_KILL_THREAD:
		r.kind = R_SIGNAL;
		r.val = SIGSYS;
		break;
	default:	/* LOG: it runs, the notification answers */
		break;
	}
	return r;
}

static __u32 deny_action(const struct sb_install *in, unsigned int nr, __u32 flags)
{
	unsigned int i;

	for (i = 0; i < in->nka; i++)
		if (in->ka[i].nr == nr && in->ka[i].flags == flags)
			return in->ka[i].action;
	return in->args.action;
}

static bool bit(const __u64 *bits, unsigned int nr)
{
	return bits[nr / 64] >> (nr % 64) & 1;
}

static struct result model(const struct probe *p, const struct sb_install *in, bool *bad)
{
	const __u64 *native = (const __u64 *)(uintptr_t)in->args.native;
	const __u64 *compat = (const __u64 *)(uintptr_t)in->args.compat;
	struct result allowed = { R_RET, -MAGIC, 0 };
	unsigned int i, nr = p->nr;

	if (p->arch == A_X32)
		return act_result(in->args.action);
	if (p->arch == A_IA32) {
		if (nr < in->args.compat_nbits && bit(compat, nr))
			return allowed;
		return act_result(deny_action(in, nr, SECCOMP_BITMAP_ACTION_COMPAT));
	}
	if (p->nr == -1)
		return allowed;
	if (nr >= in->args.nbits || !bit(native, nr))
		return act_result(deny_action(in, nr, 0));
	for (i = 0; i < in->nkf; i++) {
		struct ev e = { .s = in->exprs[i], .args = p->args, .nr = p->nr };

		if (in->kf[i].nr != nr)
			continue;
		if (!ev_or(&e) || e.bad || (ev_space(&e), *e.s)) {
			*bad |= e.bad || *e.s;
			return act_result(deny_action(in, nr, 0));
		}
	}
	return allowed;
}

/* ---- (B) and the comparison --------------------------------------------------- */

struct scenario {
	const char *name;
	const char *file;
	const char *caps;
	enum sb_abi_mode compat, x32;
	bool narrowed;		/* --args=narrowed */
};

/* the request convert's text gives run --policy: the same bits, filters, actions */
static bool same_request(const struct sb_policy *p, const struct sb_install *in)
{
	char path[] = "/tmp/oci_diff_policy.XXXXXX";
	struct sb_policy q = { };
	struct sb_install qi;
	bool ok = false;
	unsigned int i;
	FILE *f;
	int fd;

	fd = mkstemp(path);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f)
		return false;
	sb_policy_print(f, p);
	fclose(f);
	if (sb_policy_file(&q, path) || sb_policy_check(&q) || !q.has_action ||
	    sb_build_install(&q, q.action, 0, &qi))
		goto out;
	ok = qi.args.size == in->args.size && qi.args.action == in->args.action &&
	     qi.args.nbits == in->args.nbits && qi.args.compat_nbits == in->args.compat_nbits &&
	     qi.args.nfilters == in->args.nfilters && qi.args.nactions == in->args.nactions &&
	     !memcmp(q.native, p->native, sizeof(q.native)) &&
	     !memcmp(q.compat, p->compat, sizeof(q.compat)) &&
	     !memcmp(qi.ka, in->ka, in->nka * sizeof(*in->ka));
	for (i = 0; ok && i < in->nkf; i++)
		ok = qi.kf[i].nr == in->kf[i].nr && !strcmp(qi.exprs[i], in->exprs[i]);
out:
	unlink(path);
	return ok;
}

/* does the kernel take what the translation needs? */
static const char *kernel_lacks(void)
{
	__u64 bits[16] = { ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL };
	struct seccomp_bitmap_filter f = { .nr = __NR_alarm,
					   .expr = (uintptr_t)"arg_0 == 0" };
	struct seccomp_bitmap_action act = { .nr = __NR_alarm,
					     .action = SECCOMP_RET_ERRNO | EXDEV };
	struct seccomp_bitmap b = {
		.size = SECCOMP_BITMAP_SIZE_VER1, .action = SECCOMP_RET_ERRNO | EPERM,
		.nbits = 1024, .native = (uintptr_t)bits,
		.filters = (uintptr_t)&f, .nfilters = 1,
		.actions = (uintptr_t)&act, .nactions = 1,
	};
	int status;
	pid_t pid;

	pid = fork();
	if (!pid) {
		long r;

		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    syscall(__NR_seccomp, SECCOMP_SET_MODE_BITMAP, 0, &b))
			_exit(errno == E2BIG ? 10 : 11);
		r = syscall(__NR_alarm, 1);
		_exit(r == -1 && errno == EXDEV ? 0 : 12);
	}
	waitpid(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return NULL;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 10)
		return "kernel without per-syscall deny actions (struct seccomp_bitmap version 1)";
	if (WIFEXITED(status) && WEXITSTATUS(status) == 11)
		return "kernel refuses a filter on arg_0 (no positional argument fields?)";
	return "kernel takes per-syscall deny actions but does not apply them";
}

static bool kernel_runs_x32(void)
{
	__u64 a[6] = { };

	return raw_syscall(X32_BIT | __NR_getpid, a) >= 0;
}

static void run_scenario(const struct scenario *sc, const char *lacks, bool kx32)
{
	struct sb_oci_opts opts = { .caps = sc->caps, .compat = sc->compat, .x32 = sc->x32,
				    .kernel_x32 = kx32, .args_narrowed = sc->narrowed };
	struct result *ra, *rb, oa, ob;
	struct json_object *prof;
	struct sock_fprog *bpf;
	struct sb_policy pol = { };
	struct sb_install in;
	struct loader l = { };
	int probed[C_COUNT] = { }, differ[C_COUNT] = { }, shown[C_COUNT] = { };
	int accepted[C_COUNT] = { }, wrong_default[C_COUNT] = { }, narrowed = 0, ndiff = 0;
	char *caps = strdup(sc->caps), *s, *save = NULL;
	int i, c, err_a, err_b;
	bool deny_cls;

	note("scenario %s: %s, --caps %s%s%s%s", sc->name, sc->file, sc->caps,
	     sc->compat == SB_ABI_DENY ? " --compat=deny" : "",
	     sc->x32 == SB_ABI_DENY ? " --x32=deny" : "",
	     sc->narrowed ? " --args=narrowed" : "");
	prof = json_object_from_file(sc->file);
	if (!prof) {
		result(false, "%s: %s loads", sc->name, sc->file);
		return;
	}
	if (strcmp(sc->caps, "none"))
		for (s = strtok_r(caps, ",", &save); s; s = strtok_r(NULL, ",", &save))
			l.caps[l.ncaps++] = s;
	if (!strcmp(sc->caps, "all")) {
		static const char * const all[] = {
			"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_DAC_READ_SEARCH", "CAP_FOWNER",
			"CAP_FSETID", "CAP_KILL", "CAP_SETGID", "CAP_SETUID", "CAP_SETPCAP",
			"CAP_LINUX_IMMUTABLE", "CAP_NET_BIND_SERVICE", "CAP_NET_BROADCAST",
			"CAP_NET_ADMIN", "CAP_NET_RAW", "CAP_IPC_LOCK", "CAP_IPC_OWNER",
			"CAP_SYS_MODULE", "CAP_SYS_RAWIO", "CAP_SYS_CHROOT", "CAP_SYS_PTRACE",
			"CAP_SYS_PACCT", "CAP_SYS_ADMIN", "CAP_SYS_BOOT", "CAP_SYS_NICE",
			"CAP_SYS_RESOURCE", "CAP_SYS_TIME", "CAP_SYS_TTY_CONFIG", "CAP_MKNOD",
			"CAP_LEASE", "CAP_AUDIT_WRITE", "CAP_AUDIT_CONTROL", "CAP_SETFCAP",
			"CAP_MAC_OVERRIDE", "CAP_MAC_ADMIN", "CAP_SYSLOG", "CAP_WAKE_ALARM",
			"CAP_BLOCK_SUSPEND", "CAP_AUDIT_READ", "CAP_PERFMON", "CAP_BPF",
			"CAP_CHECKPOINT_RESTORE",
		};

		l.ncaps = 0;
		for (i = 0; i < (int)(sizeof(all) / sizeof(all[0])); i++)
			l.caps[l.ncaps++] = all[i];
	}
	/* (B) the tool's translation */
	if (sb_oci_policy(sc->file, &opts, &pol, NULL)) {
		result(false, "%s: the tool translates the profile", sc->name);
		return;
	}
	if (sb_build_install(&pol, pol.action, 0, &in)) {
		result(false, "%s: the tool builds the request", sc->name);
		return;
	}
	note("%s: the tool's request: %u filters, %u deny entries, compat_nbits %u, action 0x%08x",
	     sc->name, in.nkf, in.nka, in.args.compat_nbits, in.args.action);
	for (i = 0; i < (int)in.nkf; i++)
		note("  %s: %s", sb_native_name(in.kf[i].nr), in.exprs[i]);
	result(same_request(&pol, &in), "%s: convert's policy file loads to the identical request",
	       sc->name);
	/* (A) libseccomp's */
	bpf = libseccomp_filter(prof, &l);
	if (!bpf) {
		result(false, "%s: libseccomp loads the profile as a runtime does", sc->name);
		return;
	}
	make_probes(prof);
	ra = calloc(nprobes, sizeof(*ra));
	rb = calloc(nprobes, sizeof(*rb));
	if (!ra || !rb || run_probes(bpf, NULL, &err_a)) {
		result(false, "%s: probes under libseccomp", sc->name);
		return;
	}
	memcpy(ra, sh->res, nprobes * sizeof(*ra));
	if (lacks) {
		bool bad = false;

		note("%s: %s: the translation is evaluated in user space instead", sc->name, lacks);
		for (i = 0; i < nprobes; i++)
			rb[i] = model(&probes[i], &in, &bad);
		if (bad)
			note("%s: the user-space evaluator could not read a filter", sc->name);
		err_b = bad ? EINVAL : 0;
	} else if (run_probes(NULL, &in.args, &err_b)) {
		result(false, "%s: probes under the bitmap", sc->name);
		return;
	} else {
		memcpy(rb, sh->res, nprobes * sizeof(*rb));
	}
	if (err_a || err_b) {
		result(false, "%s: install: libseccomp's %s, the bitmap's %s", sc->name,
		       err_a ? strerror(err_a) : "ok", err_b ? strerror(err_b) : "ok");
		return;
	}
	/* the default outcome, for the ABIs the options deny */
	for (i = 0; i < nprobes; i++) {
		const struct probe *p = &probes[i];

		c = p->cls;
		if (c < 0)
			continue;	/* a twin: compared through its probe */
		deny_cls = (p->arch == A_IA32 && sc->compat == SB_ABI_DENY) ||
			   (p->arch == A_X32 && sc->x32 == SB_ABI_DENY);
		probed[c]++;
		oa = outcome(p, ra[i], kx32);
		ob = outcome(p, rb[i], kx32);
		if (deny_cls) {
			/* documented: bitmap mode gives these the default action */
			struct result d = { R_RET, -(long)(in.args.action & SECCOMP_RET_DATA), 0 };

			if ((in.args.action & SECCOMP_RET_ACTION_FULL) != SECCOMP_RET_ERRNO ||
			    !same(ob, d)) {
				if (wrong_default[c]++ < 5)
					note("%s %s %d: bitmap %s, not the default action",
					     sc->name, arch_name[p->arch], p->nr, describe(ob));
			}
			if (!same(oa, ob))
				accepted[c]++;
			continue;
		}
		if (!p->arch && p->nr >= 0 && p->nr < NATIVE_END && rb[i].kind == R_RET &&
		    rb[i].val == -MAGIC && !rb[i].notified && !lacks) {
			/* an "allowed" that the parent never answered: not ours */
			differ[c]++;
			note("%s: %s %d: the magic errno without a notification", sc->name,
			     arch_name[p->arch], p->nr);
			continue;
		}
		if (p->twin != i) {
			/* documented by --args=narrowed: the canonical registers' outcome */
			narrowed++;
			ndiff += !same(oa, ob);
			oa = outcome(&probes[p->twin], ra[p->twin], kx32);
		}
		if (same(oa, ob))
			continue;
		differ[c]++;
		if (shown[c]++ < 10)
			note("%s: %s %d (%#llx, %#llx, %#llx): libseccomp %s, bitmap %s", sc->name,
			     arch_name[p->arch], p->nr, (unsigned long long)p->args[0],
			     (unsigned long long)p->args[1], (unsigned long long)p->args[2],
			     describe(oa), describe(ob));
	}
	/* what was seen, so that a vacuous pass shows */
	for (c = 0; c < 2; c++) {
		int k[4] = { };

		for (i = 0; i < nprobes; i++) {
			struct result r = outcome(&probes[i], (c ? rb : ra)[i], kx32);

			k[r.kind == R_RET && r.val == -MAGIC ? 0 : r.kind == R_RET ? 1 :
			  r.kind == R_TRAP ? 2 : 3]++;
		}
		note("%s: %s: %d allowed, %d errno or value, %d trapped, %d killed", sc->name,
		     c ? "bitmap" : "libseccomp", k[0], k[1], k[2], k[3]);
	}
	if (narrowed)
		note("%s: %d argument probes set bits their field lacks: compared with libseccomp on the canonical registers (--args=narrowed); on the probes' own registers %d differ",
		     sc->name, narrowed, ndiff);
	for (c = 0; c < C_COUNT; c++) {
		bool deny = (c == C_X32 && sc->x32 == SB_ABI_DENY) ||
			    (c == C_IA32 && sc->compat == SB_ABI_DENY);

		if (deny) {
			note("%s: %s: %d probed, %d differ from libseccomp as --%s=deny documents (bitmap: the default action), %d not the default",
			     sc->name, cls_name[c], probed[c], accepted[c],
			     c == C_X32 ? "x32" : "compat", wrong_default[c]);
			result(!wrong_default[c], "%s: %s: every one takes the default action (--%s=deny)",
			       sc->name, cls_name[c], c == C_X32 ? "x32" : "compat");
			continue;
		}
		note("%s: %s: %d probed, %d differences", sc->name, cls_name[c], probed[c], differ[c]);
		if (!probed[c]) {
			result(true, "%s: %s # SKIP the profile has none", sc->name, cls_name[c]);
			continue;
		}
		result(!differ[c], "%s: %s: same outcome under libseccomp and %s",
		       sc->name, cls_name[c], lacks ? "the translation (user-space model: " \
		       "the kernel lacks what it needs)" : "the bitmap");
	}
	free(ra);
	free(rb);
	json_object_put(prof);
}

/* Debian's profile without its argument rules: the ia32 table translates exactly */
static const char *without_arg_rules(const char *file)
{
	static char path[] = "/tmp/oci_diff_noargs.json";
	struct json_object *prof = json_object_from_file(file), *calls, *keep, *r, *a;
	size_t i;

	if (!prof)
		return NULL;
	calls = get(prof, "syscalls");
	keep = json_object_new_array();
	for (i = 0; calls && i < json_object_array_length(calls); i++) {
		r = json_object_array_get_idx(calls, i);
		a = get(r, "args");
		if (a && json_object_array_length(a))
			continue;
		json_object_array_add(keep, json_object_get(r));
	}
	json_object_object_add(prof, "syscalls", keep);
	if (json_object_to_file_ext(path, prof, JSON_C_TO_STRING_PRETTY))
		return NULL;
	json_object_put(prof);
	return path;
}

/* the refusals the options lift: without them the tool refuses, naming a rule */
static void refusals(const char *file)
{
	struct sb_oci_opts o = { .caps = "none", .kernel_x32 = 0 };
	struct sb_policy p = { };
	bool compat_refused, x32_refused, args_refused;

	note("expected refusals follow (messages of the tool):");
	compat_refused = sb_oci_policy(file, &o, &p, NULL) != 0;
	memset(&p, 0, sizeof(p));
	o.compat = SB_ABI_DENY;
	x32_refused = sb_oci_policy(file, &o, &p, NULL) != 0;
	memset(&p, 0, sizeof(p));
	o.x32 = SB_ABI_DENY;
	args_refused = sb_oci_policy(file, &o, &p, NULL) != 0;
	result(compat_refused && x32_refused && args_refused,
	       "Debian's profile without --compat=deny, --x32=deny, --args=narrowed: refused");
}

int main(int argc, char **argv)
{
	static const char podman[] = "CAP_CHOWN,CAP_DAC_OVERRIDE,CAP_FOWNER,CAP_FSETID,"
		"CAP_KILL,CAP_NET_BIND_SERVICE,CAP_SETFCAP,CAP_SETGID,CAP_SETPCAP,"
		"CAP_SETUID,CAP_SYS_CHROOT";
	const char *debian = argc > 1 ? argv[1] : "containers-seccomp.json";
	const char *synthetic = argc > 2 ? argv[2] : "oci_synthetic.json";
	const char *noargs, *lacks;
	struct scenario sc[5] = {
		{ "debian-nocaps", debian, "none", SB_ABI_DENY, SB_ABI_DENY, true },
		{ "debian-allcaps", debian, "all", SB_ABI_DENY, SB_ABI_DENY, true },
		{ "debian-podmancaps", debian, podman, SB_ABI_DENY, SB_ABI_DENY, true },
		{ "debian-noargs", NULL, "none", SB_ABI_EXACT, SB_ABI_DENY, false },
		{ "synthetic", synthetic, "none", SB_ABI_DENY, SB_ABI_DENY, true },
	};
	bool kx32;
	int i, tests = 1;

	if (access(debian, R_OK) || access(synthetic, R_OK)) {
		printf("1..0 # SKIP %s or %s missing\n", debian, synthetic);
		return 4;
	}
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return 1;
	noargs = without_arg_rules(debian);
	sc[3].file = noargs ? noargs : "/nonexistent";
	for (i = 0; i < 5; i++)
		tests += 1 + C_COUNT;
	printf("TAP version 13\n1..%d\n", tests);
	lacks = kernel_lacks();
	kx32 = kernel_runs_x32();
	note("kernel %s x32 system calls", kx32 ? "runs" : "does not run");
	refusals(debian);
	for (i = 0; i < 5; i++)
		run_scenario(&sc[i], lacks, kx32);
	/* a scenario that stopped early reported fewer results */
	while (test_no < tests)
		result(false, "missing result (a scenario stopped early)");
	note("%d failed", failures);
	return failures ? 1 : 0;
}

#else
/* x86-64's three tables (x86-64, x32, ia32) are what it compares */
int main(void)
{
	printf("TAP version 13\n1..1\n");
	printf("ok 1 # SKIP x86-64 only: it compares libseccomp and the tool on the x86-64, x32 and ia32 tables\n");
	return 0;
}
#endif
