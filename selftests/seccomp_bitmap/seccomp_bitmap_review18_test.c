// SPDX-License-Identifier: GPL-2.0
/*
 * Independent adversarial review of the arm64 port (issue 18, review 18):
 * an attacker inside a bitmap sandbox on arm64.  Each test asserts what
 * Documentation/userspace-api/seccomp_bitmap.rst promises; a test that
 * fails shows a finding, one that passes a property that held.
 *
 *  - arg_tracer: a tracer's new first argument is what the bitmap's filter
 *    judges.  arm64 keeps orig_x0 (seccomp's arg0) in step with x0 when a
 *    native tracer writes NT_PRSTATUS (gpr_set()), but an AArch32 (compat)
 *    tracer of a native tracee writes the tracee's registers through the
 *    aarch32 view (compat_gpr_set(), compat_ptrace_write_user()), which
 *    neither re-syncs orig_x0 nor hides it (GPR 17 is orig_x0): the filter
 *    then judged the old argument and the syscall ran with the new one
 *    (finding 1; series patch 18 re-syncs on every compat register write,
 *    PTRACE_POKEUSR, COMPAT_PTRACE_SETREGS, PTRACE_SETREGSET and
 *    COMPAT_PTRACE_SET_SYSCALL, each tested).
 *  - tbi, untagged_field: arm64 ignores the top byte of an address that
 *    munmap, mprotect, madvise, ... untag (untagged_addr(), unconditional
 *    in 6.1); a filter on such an address compared the tagged value
 *    (finding 2).  Series patch 19 refuses such filters where
 *    untagged_addr() drops bits (EINVAL, nothing changes); any filter
 *    that can still be installed judges the tagged page as the page.
 *  - number_high_bits: x8 is truncated to an int, both for the bitmap and
 *    for the table: the number judged is the number that runs.
 *  - compat_number: AArch32 numbers past the compat table (the ARM-private
 *    0xf0000 calls, 451, -2) are denied with the bitmap's action; -1 runs
 *    nothing (ENOSYS).
 *  - sysemu / syscall_stop_nr: arm64 has PTRACE_SYSEMU and PTRACE_SYSCALL:
 *    the early allow of patch 0017 must not run a syscall a tracer
 *    emulates, and a number changed at the syscall-entry stop is judged.
 *
 * AArch32 programs are hand-made static EABI5 ELF files (assembled with
 * llvm-mc, the bytes below), as in seccomp_bitmap_arch_test.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <sched.h>
#include <linux/filter.h>
#include <sys/uio.h>
#include <sys/user.h>

#include "bitmap_util.h"

#ifndef PTRACE_SYSEMU
#define PTRACE_SYSEMU		31
#endif
#ifdef __aarch64__
#ifndef NT_ARM_SYSTEM_CALL
#define NT_ARM_SYSTEM_CALL	0x404
#endif
#endif

/* ---- AArch32 programs ----------------------------------------------------- */

#ifdef __aarch64__
/*
 * A ptrace tracer of one native task, in AArch32:
 *	ptrace(req1, pid, 0, data1)		exit 10 if it fails
 *	if (req2) {
 *		wait4(pid, NULL, __WALL, NULL)	exit 11
 *		ptrace(req2, pid, 0, 0)		exit 12
 *	}
 *	wait4(pid, NULL, __WALL, NULL)		exit 11 or 13
 *	ptrace(PTRACE_POKEUSR, pid, off, val)	exit 14
 *	ptrace(PTRACE_DETACH, pid, 0, 0)	exit 15
 *	exit(0)
 * Compat calls: ptrace 26, wait4 114, exit 1.
 */
static const unsigned char a32_tracer_code[] = {
	0xdc, 0x40, 0x9f, 0xe5,	/* ldr r4, [pc, #220] */
	0xdc, 0x00, 0x9f, 0xe5,	/* ldr r0, [pc, #220] */
	0x04, 0x10, 0xa0, 0xe1,	/* mov r1, r4 */
	0x00, 0x20, 0xa0, 0xe3,	/* mov r2, #0 */
	0xd4, 0x30, 0x9f, 0xe5,	/* ldr r3, [pc, #212] */
	0x1a, 0x70, 0xa0, 0xe3,	/* mov r7, #26 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x0a, 0x80, 0xa0, 0xe3,	/* mov r8, #10 */
	0x00, 0x00, 0x50, 0xe3,	/* cmp r0, #0 */
	0x2b, 0x00, 0x00, 0x1a,	/* bne 0x1012c <fail> */
	0xc0, 0x50, 0x9f, 0xe5,	/* ldr r5, [pc, #192] */
	0x00, 0x00, 0x55, 0xe3,	/* cmp r5, #0 */
	0x09, 0x00, 0x00, 0x0a,	/* beq 0x100b0 <second> */
	0x1e, 0x00, 0x00, 0xeb,	/* bl 0x10108 <waitit> */
	0x05, 0x00, 0xa0, 0xe1,	/* mov r0, r5 */
	0x04, 0x10, 0xa0, 0xe1,	/* mov r1, r4 */
	0x00, 0x20, 0xa0, 0xe3,	/* mov r2, #0 */
	0x00, 0x30, 0xa0, 0xe3,	/* mov r3, #0 */
	0x1a, 0x70, 0xa0, 0xe3,	/* mov r7, #26 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x0c, 0x80, 0xa0, 0xe3,	/* mov r8, #12 */
	0x00, 0x00, 0x50, 0xe3,	/* cmp r0, #0 */
	0x1e, 0x00, 0x00, 0x1a,	/* bne 0x1012c <fail> */
	0x14, 0x00, 0x00, 0xeb,	/* bl 0x10108 <waitit> */
	0x06, 0x00, 0xa0, 0xe3,	/* mov r0, #6 */
	0x04, 0x10, 0xa0, 0xe1,	/* mov r1, r4 */
	0x84, 0x20, 0x9f, 0xe5,	/* ldr r2, [pc, #132] */
	0x84, 0x30, 0x9f, 0xe5,	/* ldr r3, [pc, #132] */
	0x1a, 0x70, 0xa0, 0xe3,	/* mov r7, #26 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x0e, 0x80, 0xa0, 0xe3,	/* mov r8, #14 */
	0x00, 0x00, 0x50, 0xe3,	/* cmp r0, #0 */
	0x14, 0x00, 0x00, 0x1a,	/* bne 0x1012c <fail> */
	0x11, 0x00, 0xa0, 0xe3,	/* mov r0, #17 */
	0x04, 0x10, 0xa0, 0xe1,	/* mov r1, r4 */
	0x00, 0x20, 0xa0, 0xe3,	/* mov r2, #0 */
	0x00, 0x30, 0xa0, 0xe3,	/* mov r3, #0 */
	0x1a, 0x70, 0xa0, 0xe3,	/* mov r7, #26 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x0f, 0x80, 0xa0, 0xe3,	/* mov r8, #15 */
	0x00, 0x00, 0x50, 0xe3,	/* cmp r0, #0 */
	0x0b, 0x00, 0x00, 0x1a,	/* bne 0x1012c <fail> */
	0x00, 0x00, 0xa0, 0xe3,	/* mov r0, #0 */
	0x01, 0x70, 0xa0, 0xe3,	/* mov r7, #1 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x04, 0x00, 0xa0, 0xe1,	/* mov r0, r4 */
	0x00, 0x10, 0xa0, 0xe3,	/* mov r1, #0 */
	0x01, 0x21, 0xa0, 0xe3,	/* mov r2, #1073741824 */
	0x00, 0x30, 0xa0, 0xe3,	/* mov r3, #0 */
	0x72, 0x70, 0xa0, 0xe3,	/* mov r7, #114 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x01, 0x80, 0x88, 0xe2,	/* add r8, r8, #1 */
	0x04, 0x00, 0x50, 0xe1,	/* cmp r0, r4 */
	0x1e, 0xff, 0x2f, 0x01,	/* bxeq lr */
	0x08, 0x00, 0xa0, 0xe1,	/* mov r0, r8 */
	0x01, 0x70, 0xa0, 0xe3,	/* mov r7, #1 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x00, 0x00, 0x00, 0x00,	/* literal: pid */
	0x00, 0x00, 0x00, 0x00,	/* literal: request 1 (PTRACE_ATTACH/PTRACE_SEIZE) */
	0x00, 0x00, 0x00, 0x00,	/* literal: data 1 (SEIZE options) */
	0x00, 0x00, 0x00, 0x00,	/* literal: request 2 (PTRACE_SYSCALL or 0) */
	0x00, 0x00, 0x00, 0x00,	/* literal: PTRACE_POKEUSR offset */
	0x00, 0x00, 0x00, 0x00,	/* literal: PTRACE_POKEUSR value */
};
#define A32_TRACER_LIT	(sizeof(a32_tracer_code) - 24)

/* syscall(nr, 0, 0, 0), then exit(the errno, or 0) */
static const unsigned char a32_nr_code[] = {
	0x20, 0x70, 0x9f, 0xe5,	/* ldr r7, [pc, #32] */
	0x00, 0x00, 0xa0, 0xe3,	/* mov r0, #0 */
	0x00, 0x10, 0xa0, 0xe3,	/* mov r1, #0 */
	0x00, 0x20, 0xa0, 0xe3,	/* mov r2, #0 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x00, 0x00, 0x50, 0xe3,	/* cmp r0, #0 */
	0x00, 0x00, 0xa0, 0xa3,	/* movge r0, #0 */
	0x00, 0x00, 0x60, 0xb2,	/* rsblt r0, r0, #0 */
	0x01, 0x70, 0xa0, 0xe3,	/* mov r7, #1 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x00, 0x00, 0x00, 0x00,	/* literal: the syscall number */
};
#define A32_NR_LIT	(sizeof(a32_nr_code) - 4)

/*
 * A ptrace tracer of one native task, in AArch32, that runs a script of
 * A32_SCRIPT_WORDS words after the pid (the literals), with a 512-byte
 * buffer below its stack pointer (buf):
 *	0			exit(0)
 *	1			wait4(pid, NULL, __WALL, NULL) == pid
 *	2, i, v			buf[i] = v (words)
 *	3, i, off		buf[i] = buf + off
 *	4, req, addr, data	ptrace(req, pid, addr, data) == 0
 *	5, req, addr, off	ptrace(req, pid, addr, buf + off) == 0
 * A step that fails exits with 20 + its index (the first step is 20).
 */
static const unsigned char a32_script_code[] = {
	0xa8, 0x40, 0x9f, 0xe5,	/* ldr r4, [pc, #168] (pid) */
	0x02, 0x9c, 0x4d, 0xe2,	/* sub r9, sp, #512 */
	0x07, 0x90, 0xc9, 0xe3,	/* bic r9, r9, #7 */
	0xa0, 0x60, 0x8f, 0xe2,	/* add r6, pc, #160 (script) */
	0x13, 0x80, 0xa0, 0xe3,	/* mov r8, #19 */
				/* step: */
	0x01, 0x80, 0x88, 0xe2,	/* add r8, r8, #1 */
	0x04, 0x50, 0x96, 0xe4,	/* ldr r5, [r6], #4 */
	0x00, 0x00, 0x55, 0xe3,	/* cmp r5, #0 */
	0x1f, 0x00, 0x00, 0x0a,	/* beq done */
	0x01, 0x00, 0x55, 0xe3,	/* cmp r5, #1 */
	0x12, 0x00, 0x00, 0x0a,	/* beq wait */
	0x04, 0x00, 0x96, 0xe4,	/* ldr r0, [r6], #4 */
	0x04, 0x10, 0x96, 0xe4,	/* ldr r1, [r6], #4 */
	0x02, 0x00, 0x55, 0xe3,	/* cmp r5, #2 */
	0x00, 0x11, 0x89, 0x07,	/* streq r1, [r9, r0, lsl #2] */
	0xf4, 0xff, 0xff, 0x0a,	/* beq step */
	0x03, 0x00, 0x55, 0xe3,	/* cmp r5, #3 */
	0x09, 0x10, 0x81, 0x00,	/* addeq r1, r1, r9 */
	0x00, 0x11, 0x89, 0x07,	/* streq r1, [r9, r0, lsl #2] */
	0xf0, 0xff, 0xff, 0x0a,	/* beq step */
	0x04, 0x30, 0x96, 0xe4,	/* ldr r3, [r6], #4 */
	0x05, 0x00, 0x55, 0xe3,	/* cmp r5, #5 */
	0x09, 0x30, 0x83, 0x00,	/* addeq r3, r3, r9 */
	0x01, 0x20, 0xa0, 0xe1,	/* mov r2, r1 */
	0x04, 0x10, 0xa0, 0xe1,	/* mov r1, r4 */
	0x1a, 0x70, 0xa0, 0xe3,	/* mov r7, #26 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x00, 0x00, 0x50, 0xe3,	/* cmp r0, #0 */
	0xe7, 0xff, 0xff, 0x0a,	/* beq step */
	0x07, 0x00, 0x00, 0xea,	/* b fail */
				/* wait: */
	0x04, 0x00, 0xa0, 0xe1,	/* mov r0, r4 */
	0x00, 0x10, 0xa0, 0xe3,	/* mov r1, #0 */
	0x01, 0x21, 0xa0, 0xe3,	/* mov r2, #1073741824 */
	0x00, 0x30, 0xa0, 0xe3,	/* mov r3, #0 */
	0x72, 0x70, 0xa0, 0xe3,	/* mov r7, #114 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	0x04, 0x00, 0x50, 0xe1,	/* cmp r0, r4 */
	0xde, 0xff, 0xff, 0x0a,	/* beq step */
				/* fail: */
	0x08, 0x00, 0xa0, 0xe1,	/* mov r0, r8 */
	0x01, 0x70, 0xa0, 0xe3,	/* mov r7, #1 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
				/* done: */
	0x00, 0x00, 0xa0, 0xe3,	/* mov r0, #0 */
	0x01, 0x70, 0xa0, 0xe3,	/* mov r7, #1 */
	0x00, 0x00, 0x00, 0xef,	/* svc #0 */
	/* literals: the pid, then the script (A32_SCRIPT_WORDS words) */
};
#define A32_SCRIPT_WORDS	48
#define A32_SCRIPT_LEN	(sizeof(a32_script_code) + 4 * (1 + A32_SCRIPT_WORDS))

/* arm's ptrace requests (a compat tracer's) and register set */
#define A32_PTRACE_GETREGS	12
#define A32_PTRACE_SETREGS	13
#define A32_PTRACE_SET_SYSCALL	23
#define A32_GREGS_SIZE		(18 * 4)	/* r0-r15, cpsr, orig_r0 */

#define A32_NR_EXIT	1
#define A32_NR_GETPID	20
#define A32_NR_PTRACE	26
#define A32_NR_WAIT4	114
#define A32_NR_EXIT_GROUP 248

/*
 * Write @code (with @nlit words at its end replaced by @lit) to @path as a
 * static EABI5 ELF: one PT_LOAD of the whole file at 0x10000, entry after
 * the headers (0x10054).
 */
static int a32_write(const char *path, const unsigned char *code,
		     size_t len, const __u32 *lit, size_t nlit)
{
	unsigned char img[52 + 32 + 512];
	Elf32_Ehdr *eh = (Elf32_Ehdr *)img;
	Elf32_Phdr *ph = (Elf32_Phdr *)(img + sizeof(*eh));
	size_t total = sizeof(*eh) + sizeof(*ph) + len;
	int fd, ok;

	if (len > 512 || nlit * 4 > len)
		return -1;
	memset(img, 0, sizeof(img));
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS32;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = ET_EXEC;
	eh->e_machine = EM_ARM;
	eh->e_version = EV_CURRENT;
	eh->e_entry = 0x10000 + sizeof(*eh) + sizeof(*ph);
	eh->e_phoff = sizeof(*eh);
	eh->e_flags = 0x05000200;	/* EABI5, soft-float */
	eh->e_ehsize = sizeof(*eh);
	eh->e_phentsize = sizeof(*ph);
	eh->e_phnum = 1;
	ph->p_type = PT_LOAD;
	ph->p_vaddr = ph->p_paddr = 0x10000;
	ph->p_filesz = ph->p_memsz = total;
	ph->p_flags = PF_R | PF_X;
	ph->p_align = 0x1000;
	memcpy(img + sizeof(*eh) + sizeof(*ph), code, len);
	memcpy(img + total - nlit * 4, lit, nlit * 4);

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	if (fd < 0)
		return -1;
	ok = write(fd, img, total) == (ssize_t)total;
	return close(fd) || !ok ? -1 : 0;
}

/*
 * Does this CPU run AArch32 at EL0 (and the kernel have COMPAT)?  Runs
 * compat getpid unconfined: 1 yes, 0 no (ENOEXEC), -1 something else.
 */
static int a32_supported(const char *path)
{
	__u32 nr = A32_NR_GETPID;
	pid_t pid;
	int st;

	if (a32_write(path, a32_nr_code, sizeof(a32_nr_code), &nr, 1))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		execl(path, path, NULL);
		_exit(errno == ENOEXEC ? 100 : 101);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	if (WEXITSTATUS(st) == 100)
		return 0;
	return WEXITSTATUS(st) == 0 ? 1 : -1;
}
#endif /* __aarch64__ */

/* ---- a tracer's new first argument and the bitmap's filter ---------------- */

/*
 * The sandbox: every native syscall allowed, write() only while its fd is
 * not 1000, unshare() only with no flags (the filters under test); the
 * compat calls an AArch32 tracer
 * needs (ptrace, wait4, exit).  @stacked adds a BPF filter returning
 * SECCOMP_RET_TRACE for write() of 0 bytes (the tracee's loop; not the
 * post() of its readiness), for a stop at PTRACE_EVENT_SECCOMP.
 * Returns 0, or the errno of the failed install.
 */
static int sandbox_install(bool stacked)
{
	/* write(fd, buf, 0) -> RET_TRACE; any other call (post()) allowed */
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_write, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, args[2])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = 6, .filter = f };
	struct seccomp_bitmap_filter bf[2];
	__u64 w[BM_WORDS], c[BM_WORDS];
	struct seccomp_bitmap sb;

	bm_fill(w, BM_WORDS, true);
	bm_fill(c, BM_WORDS, false);
	/* arm64's AArch32 numbers (ia32's are the same four on x86-64) */
	bm_set(c, 1);		/* exit */
	bm_set(c, 26);		/* ptrace */
	bm_set(c, 114);		/* wait4 */
	bm_set(c, 248);		/* exit_group */
	fset(&bf[0], __NR_write, "fd != 1000");
	/* unshare() only as a no-op: no new namespace (a user one above all) */
	fset(&bf[1], __NR_unshare, "unshare_flags == 0");
	memset(&sb, 0, sizeof(sb));
	sb.size = sizeof(sb);
	sb.action = SECCOMP_RET_ERRNO | E_BITMAP;
	sb.nbits = BM_BITS;
	sb.native = (uintptr_t)w;
	sb.compat_nbits = BM_BITS;
	sb.compat = (uintptr_t)c;
	sb.filters = (uintptr_t)bf;
	sb.nfilters = 2;
	if (sys_seccomp(SECCOMP_SET_MODE_BITMAP, 0, &sb))
		return errno ? errno : 255;
	if (stacked && sys_seccomp(SECCOMP_SET_MODE_FILTER, 0, &prog))
		return errno ? errno : 255;
	return 0;
}

enum tracer_kind { TR_NATIVE, TR_A32 };
enum stop_kind { AT_SYSCALL_ENTRY, AT_SECCOMP_EVENT };
/*
 * How an AArch32 tracer writes x0, besides a32_tracer_code's
 * PTRACE_POKEUSR: a32_script_code with a script for one of the other
 * compat register writes.
 */
enum a32_write_kind {
	A32_POKEUSR,
	A32_SETREGS,		/* COMPAT_PTRACE_GETREGS, then SETREGS */
	A32_SETREGSET,		/* PTRACE_SETREGSET NT_PRSTATUS, r0 alone */
	A32_SET_SYSCALL,	/* SET_SYSCALL -1, POKEUSR r0, SET_SYSCALL nr */
};

FIXTURE(arg_tracer) {
	char path[64];
};

FIXTURE_VARIANT(arg_tracer) {
	enum tracer_kind tracer;
	enum stop_kind stop;
	bool orig_r0;		/* A32: poke GPR 17 (orig_r0 = orig_x0), not r0 */
	enum a32_write_kind how;	/* A32: how it writes r0 */
	bool unshare;		/* the tracee's call: unshare(arg0), else */
	long fd0;		/* write(fd0, "", 0) */
	long to;		/* the value the tracer writes */
	int status;		/* the tracee's exit: the poked call's errno, or 0 */
};

/*
 * write(1, "", 0) at its syscall-entry stop; an AArch32 tracer sets r0
 * (x0) to 1000: the filter must judge 1000 (E_BITMAP), not run write(1000)
 * (EBADF).
 */
FIXTURE_VARIANT_ADD(arg_tracer, a32_tracer_x0_at_syscall_entry) {
	.tracer = TR_A32, .stop = AT_SYSCALL_ENTRY,
	.fd0 = 1, .to = 1000, .status = E_BITMAP,
};

/*
 * write(1000, "", 0), denied; the AArch32 tracer sets GPR 17, the native
 * tracee's orig_x0, to 1: the call must stay denied (exit 0 when told),
 * not run write(1000) (EBADF).
 */
FIXTURE_VARIANT_ADD(arg_tracer, a32_tracer_orig_x0_at_syscall_entry) {
	.tracer = TR_A32, .stop = AT_SYSCALL_ENTRY, .orig_r0 = true,
	.fd0 = 1000, .to = 1, .status = 0,
};

/* as the first, at PTRACE_EVENT_SECCOMP (the recheck of the contract) */
FIXTURE_VARIANT_ADD(arg_tracer, a32_tracer_x0_at_seccomp_event) {
	.tracer = TR_A32, .stop = AT_SECCOMP_EVENT,
	.fd0 = 1, .to = 1000, .status = E_BITMAP,
};

/*
 * unshare(0) at its syscall-entry stop; the AArch32 tracer sets x0 to
 * CLONE_NEWUSER: the filter must judge it (E_BITMAP), not let the tracee
 * into a new user namespace (99).
 */
FIXTURE_VARIANT_ADD(arg_tracer, a32_tracer_unshare_newuser) {
	.tracer = TR_A32, .stop = AT_SYSCALL_ENTRY, .unshare = true,
	.fd0 = 0, .to = CLONE_NEWUSER, .status = E_BITMAP,
};

/*
 * The other compat register writes of x0 (each a path of its own:
 * compat_gpr_set() through COMPAT_PTRACE_SETREGS and PTRACE_SETREGSET, and
 * COMPAT_PTRACE_SET_SYSCALL, which may take the number away from
 * NO_SYSCALL after x0 was written under it): judged as written.
 */
FIXTURE_VARIANT_ADD(arg_tracer, a32_setregs_x0_at_syscall_entry) {
	.tracer = TR_A32, .stop = AT_SYSCALL_ENTRY, .how = A32_SETREGS,
	.fd0 = 1, .to = 1000, .status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(arg_tracer, a32_setregset_x0_at_syscall_entry) {
	.tracer = TR_A32, .stop = AT_SYSCALL_ENTRY, .how = A32_SETREGSET,
	.fd0 = 1, .to = 1000, .status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(arg_tracer, a32_setregset_x0_at_seccomp_event) {
	.tracer = TR_A32, .stop = AT_SECCOMP_EVENT, .how = A32_SETREGSET,
	.fd0 = 1, .to = 1000, .status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(arg_tracer, a32_set_syscall_around_x0) {
	.tracer = TR_A32, .stop = AT_SYSCALL_ENTRY, .how = A32_SET_SYSCALL,
	.fd0 = 1, .to = 1000, .status = E_BITMAP,
};

/* the same with a native tracer (NT_PRSTATUS; x86-64: rdi): holds */
FIXTURE_VARIANT_ADD(arg_tracer, native_tracer_unshare_newuser) {
	.tracer = TR_NATIVE, .stop = AT_SYSCALL_ENTRY, .unshare = true,
	.fd0 = 0, .to = CLONE_NEWUSER, .status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(arg_tracer, native_tracer_x0_at_syscall_entry) {
	.tracer = TR_NATIVE, .stop = AT_SYSCALL_ENTRY,
	.fd0 = 1, .to = 1000, .status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(arg_tracer, native_tracer_x0_at_seccomp_event) {
	.tracer = TR_NATIVE, .stop = AT_SECCOMP_EVENT,
	.fd0 = 1, .to = 1000, .status = E_BITMAP,
};

FIXTURE_SETUP(arg_tracer)
{
	snprintf(self->path, sizeof(self->path), "/tmp/review18-tracer-%d",
		 getpid());
}

FIXTURE_TEARDOWN(arg_tracer)
{
	unlink(self->path);
}

static int native_set_arg0(pid_t pid, long val)
{
#ifdef __aarch64__
	struct user_regs_struct regs;
	struct iovec io = { .iov_base = &regs, .iov_len = sizeof(regs) };

	if (ptrace(PTRACE_GETREGSET, pid, NT_PRSTATUS, &io))
		return -1;
	regs.regs[0] = val;
	return ptrace(PTRACE_SETREGSET, pid, NT_PRSTATUS, &io);
#else
	struct user_regs_struct regs;

	if (ptrace(PTRACE_GETREGS, pid, 0, &regs))
		return -1;
	regs.rdi = val;
	return ptrace(PTRACE_SETREGS, pid, 0, &regs);
#endif
}

/* The native tracer: the A32 program's steps and exit codes, in C. */
static int native_tracer(pid_t pid, const FIXTURE_VARIANT(arg_tracer) *v)
{
	int st;

	if (v->stop == AT_SYSCALL_ENTRY) {
		if (ptrace(PTRACE_ATTACH, pid, 0, 0))
			return 10;
		if (waitpid(pid, &st, __WALL) != pid)
			return 11;
		if (ptrace(PTRACE_SYSCALL, pid, 0, 0))
			return 12;
	} else {
		if (ptrace(PTRACE_SEIZE, pid, 0, PTRACE_O_TRACESECCOMP))
			return 10;
	}
	if (waitpid(pid, &st, __WALL) != pid)
		return 13;
	if (native_set_arg0(pid, v->to))
		return 14;
	if (ptrace(PTRACE_DETACH, pid, 0, 0))
		return 15;
	return 0;
}

#ifdef __aarch64__
/*
 * Write and exec a32_script_code for @v's way of writing x0 in @tracee at
 * the stop of @stacked (PTRACE_EVENT_SECCOMP) or its syscall-entry stop;
 * returns only if that fails (103, 104).
 */
static int a32_script_tracer(const char *path, pid_t tracee,
			     const FIXTURE_VARIANT(arg_tracer) *v,
			     bool stacked)
{
	unsigned char code[A32_SCRIPT_LEN];
	__u32 lit[1 + A32_SCRIPT_WORDS], *w = lit + 1;

#define OP(...) do {							\
		const __u32 op_[] = { __VA_ARGS__ };			\
		if (w + ARRAY_SIZE(op_) > lit + ARRAY_SIZE(lit))	\
			return 103;					\
		memcpy(w, op_, sizeof(op_));				\
		w += ARRAY_SIZE(op_);					\
	} while (0)

	memset(lit, 0, sizeof(lit));
	lit[0] = tracee;
	if (stacked) {
		OP(4, PTRACE_SEIZE, 0, PTRACE_O_TRACESECCOMP);
	} else {
		OP(4, PTRACE_ATTACH, 0, 0);
		OP(1);
		OP(4, PTRACE_SYSCALL, 0, 0);
	}
	OP(1);
	switch (v->how) {
	case A32_SETREGS:
		OP(5, A32_PTRACE_GETREGS, 0, 0);
		OP(2, 0, v->to);
		OP(5, A32_PTRACE_SETREGS, 0, 0);
		break;
	case A32_SETREGSET:
		/* struct compat_iovec at buf + 256: r0, 4 bytes */
		OP(3, 64, 0);
		OP(2, 65, 4);
		OP(2, 0, v->to);
		OP(5, PTRACE_SETREGSET, NT_PRSTATUS, 256);
		break;
	case A32_SET_SYSCALL:
		OP(4, A32_PTRACE_SET_SYSCALL, 0, -1);
		OP(4, PTRACE_POKEUSER, 0, v->to);
		OP(4, A32_PTRACE_SET_SYSCALL, 0,
		   v->unshare ? __NR_unshare : __NR_write);
		break;
	default:
		return 103;
	}
	OP(4, PTRACE_DETACH, 0, 0);
	OP(0);
#undef OP
	memset(code, 0, sizeof(code));
	memcpy(code, a32_script_code, sizeof(a32_script_code));
	if (a32_write(path, code, sizeof(code), lit, ARRAY_SIZE(lit)))
		return 103;
	execl(path, path, NULL);
	return 104;
}
#endif

TEST_F(arg_tracer, filter_judges_the_argument_that_runs)
{
	bool stacked = variant->stop == AT_SECCOMP_EVENT;
	int ready[2], st, tst;
	volatile int *done;
	pid_t tracee, tracer;

	if (variant->tracer == TR_A32) {
#ifdef __aarch64__
		int a32 = a32_supported(self->path);

		ASSERT_LE(0, a32);
		if (!a32)
			SKIP(return, "no AArch32 at EL0 (execve: ENOEXEC)");
#else
		SKIP(return, "arm64 only: an AArch32 tracer of a native tracee");
#endif
	}
	done = shared_page();
	ASSERT_NE(NULL, done);
	ASSERT_EQ(0, pipe(ready));

	tracee = child_fork(_metadata, true);
	if (!tracee) {
		struct stat ns0, ns1;
		long r;
		int e, normal;

		if (stat("/proc/self/ns/user", &ns0))
			_exit(105);
		close(ready[0]);
		e = sandbox_install(stacked);
		if (e)
			_exit(e == EOPNOTSUPP ? 100 : 101);
		/* for Yama, where it is built in */
		prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
		/* untraced, the call gives: */
		normal = variant->fd0 == 1000 ? E_BITMAP : stacked ? ENOSYS : 0;
		post(ready[1]);
		/* only this call from here on: the tracer's first stop is one */
		while (!*done) {
			errno = 0;
			if (variant->unshare)
				r = syscall(__NR_unshare, variant->fd0);
			else
				r = syscall(__NR_write, variant->fd0, "", 0);
			if (normal ? r != -1 || errno != normal : r != 0)
				_exit(r < 0 ? errno : 200);
		}
		/* unshare(CLONE_NEWUSER) ran: another user namespace */
		if (stat("/proc/self/ns/user", &ns1))
			_exit(106);
		_exit(ns1.st_ino != ns0.st_ino ? 99 : 0);
	}
	close(ready[1]);
	await(ready[0]);

	tracer = fork();
	ASSERT_LE(0, tracer);
	if (!tracer) {
		if (sandbox_install(stacked))
			_exit(102);
		if (variant->tracer == TR_NATIVE)
			_exit(native_tracer(tracee, variant));
#ifdef __aarch64__
		if (variant->how != A32_POKEUSR) {
			_exit(a32_script_tracer(self->path, tracee, variant,
						stacked));
		}
		{
			__u32 lit[6] = {
				tracee,
				stacked ? PTRACE_SEIZE : PTRACE_ATTACH,
				stacked ? PTRACE_O_TRACESECCOMP : 0,
				stacked ? 0 : PTRACE_SYSCALL,
				variant->orig_r0 ? 17 * 4 : 0,
				variant->to,
			};

			if (a32_write(self->path, a32_tracer_code,
				      sizeof(a32_tracer_code), lit, 6))
				_exit(103);
			execl(self->path, self->path, NULL);
		}
#endif
		_exit(104);
	}
	ASSERT_EQ(tracer, waitpid(tracer, &tst, 0));
	*done = 1;
	/*
	 * A kernel may refuse a compat tracer's write of a native tracee's
	 * orig_x0 (the tracer's step 14): that holds too.  The tracer's exit
	 * detached the tracee, which ends on *done.
	 */
	if (variant->orig_r0 && WIFEXITED(tst) && WEXITSTATUS(tst) == 14) {
		ASSERT_EQ(0, CHILD_EXIT_CODE(tracee));
		return;
	}
	if (!WIFEXITED(tst) || WEXITSTATUS(tst)) {
		kill(tracee, SIGKILL);
		waitpid(tracee, &st, 0);
		ASSERT_TRUE(WIFEXITED(tst));
		/*
		 * 10..15: the tracer's step that failed (see a32_tracer_code);
		 * 20 and up: a32_script_code's step
		 */
		ASSERT_EQ(0, WEXITSTATUS(tst));
	}
	ASSERT_EQ(tracee, waitpid(tracee, &st, 0));
	ASSERT_TRUE(WIFEXITED(st));
	if (WEXITSTATUS(st) == 100)
		SKIP(return, "kernel without CONFIG_SECCOMP_BITMAP_FILTER");
	/*
	 * EBADF (9): write(1000) ran; 99: unshare(CLONE_NEWUSER) ran; their
	 * filters judged the old argument
	 */
	ASSERT_EQ(variant->status, WEXITSTATUS(st));
}

/* ---- arm64's top-byte-ignore and address filters -------------------------- */

/*
 * The address a call on a range of the caller's mappings passes through
 * untagged_addr() before using it.  On arm64 that drops the top byte (the
 * MMU ignores it), so a filter would compare a value the syscall does not
 * use: no filter may name the address (EINVAL, "Field not found", nothing
 * changes), by name or by position.  On x86-64 (6.1) untagged_addr() is
 * the identity, and the address is compared whole.
 */
#ifdef __aarch64__
#define ADDR_FILTER_REFUSED	true
#else
#define ADDR_FILTER_REFUSED	false
#endif

FIXTURE(tbi) {
	unsigned long page;
};

FIXTURE_VARIANT(tbi) {
	int nr;
	const char *field;	/* the address argument's name */
	int pos;		/* and its position */
	const char *len;	/* the length argument's name */
	long arg3;
};

FIXTURE_VARIANT_ADD(tbi, mprotect) {
	.nr = __NR_mprotect, .field = "start", .len = "len",
	.arg3 = PROT_READ | PROT_WRITE,
};

FIXTURE_VARIANT_ADD(tbi, munmap) {
	.nr = __NR_munmap, .field = "addr", .len = "len",
};

FIXTURE_VARIANT_ADD(tbi, madvise) {
	.nr = __NR_madvise, .field = "start", .len = "len_in",
	.arg3 = MADV_NORMAL,
};

FIXTURE_SETUP(tbi)
{
	self->page = (unsigned long)mmap(NULL, 4096, PROT_READ | PROT_WRITE,
					 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE((unsigned long)MAP_FAILED, self->page);
}

FIXTURE_TEARDOWN(tbi)
{
}

/* The address filters a policy could want: "start != page", "arg_0 != page" */
static void tbi_exprs(const FIXTURE_VARIANT(tbi) *v, unsigned long page,
		      char by_name[64], char by_pos[64])
{
	snprintf(by_name, 64, "%s != 0x%lx", v->field, page);
	snprintf(by_pos, 64, "arg_%d != 0x%lx", v->pos, page);
}

/*
 * arm64: a filter on the address is refused with EINVAL, by name and by
 * position, through seccomp() on an unconfined task, seccomp() narrowing a
 * bitmap and PR_SET_SECCOMP_FILTER; nothing changes (the mode, the /proc
 * text, what the calls do).  x86-64: it installs and denies the page.
 */
TEST_F(tbi, address_filter_refused)
{
	pid_t pid = child_fork(_metadata, true);
	int code;

	if (!pid) {
		struct seccomp_bitmap_filter bf;
		char by_name[64], by_pos[64], prior[64];
		static char before[4096], after[4096];
		const char *expr[2] = { by_name, by_pos };
		int i;

		tbi_exprs(variant, self->page, by_name, by_pos);
		for (i = 0; i < 2; i++) {
			fset(&bf, variant->nr, expr[i]);
			if (install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					    &bf, 1)) {
				if (errno == EOPNOTSUPP)
					_exit(100);
				if (!ADDR_FILTER_REFUSED)
					TH_LOG("\"%s\": %s", expr[i],
					       strerror(errno));
				ASSERT_TRUE(ADDR_FILTER_REFUSED);
				ASSERT_EQ(EINVAL, errno);
				ASSERT_EQ(0, get_mode());
				continue;
			}
			/* x86-64: the one filter of a new child's bitmap */
			ASSERT_FALSE(ADDR_FILTER_REFUSED) {
				TH_LOG("\"%s\" on syscall %d was accepted",
				       expr[i], variant->nr);
			}
			ASSERT_EQ(-E_BITMAP, raw_syscall6(variant->nr,
				  self->page, 4096, variant->arg3, 0, 0, 0));
			_exit(0);
		}
		/* in bitmap mode, with a filter on the length */
		snprintf(prior, sizeof(prior), "%s != 1", variant->len);
		fset(&bf, variant->nr, prior);
		ASSERT_EQ(0, install_filters(SECCOMP_RET_ERRNO | E_BITMAP,
					     &bf, 1));
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", before,
				       sizeof(before)));
		for (i = 0; i < 2; i++) {
			fset(&bf, variant->nr, expr[i]);
			EXPECT_EQ(-1, install_filters(SECCOMP_RET_ERRNO |
						      E_BITMAP, &bf, 1));
			EXPECT_EQ(EINVAL, errno);
			EXPECT_EQ(-1, set_filter(variant->nr, expr[i]));
			EXPECT_EQ(EINVAL, errno);
		}
		ASSERT_LT(0, read_file("/proc/self/seccomp_bitmap", after,
				       sizeof(after)));
		EXPECT_STREQ(before, after);
		/* the page: the call runs, and its length filter still denies 1 */
		EXPECT_EQ(-E_BITMAP, raw_syscall6(variant->nr, self->page, 1,
						  variant->arg3, 0, 0, 0));
		EXPECT_EQ(0, raw_syscall6(variant->nr, self->page, 4096,
					  variant->arg3, 0, 0, 0));
		CHILD_EXIT();
	}
	code = CHILD_EXIT_CODE(pid);
	if (code == 100)
		SKIP(return, "kernel without CONFIG_SECCOMP_BITMAP_FILTER");
	ASSERT_EQ(0, code);
}

/*
 * Whatever filter can be installed judges the tagged page as the page: a
 * filter on the other arguments ("len != 4096": denies the call on the
 * page) denies it with a tag too, and so does a clear bit; the address
 * itself no filter may name (address_filter_refused).  x86-64: the tagged
 * address is only a value the filter denies.
 */
TEST_F(tbi, tagged_address_is_judged_as_the_page)
{
	pid_t pid = child_fork(_metadata, true);
	int code;

	if (!pid) {
		unsigned long tagged = self->page | (0x5aUL << 56);
		struct seccomp_bitmap_filter bf;
		char by_name[64], by_pos[64], expr[64];
		__u64 w[BM_WORDS];
		pid_t c;

		tbi_exprs(variant, self->page, by_name, by_pos);
		snprintf(expr, sizeof(expr), "%s != 4096", variant->len);
		fset(&bf, variant->nr, expr);
		if (install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &bf, 1))
			_exit(errno == EOPNOTSUPP ? 100 : 101);
		EXPECT_EQ(-E_BITMAP, raw_syscall6(variant->nr, self->page,
						  4096, variant->arg3, 0, 0, 0));
		EXPECT_EQ(-E_BITMAP, raw_syscall6(variant->nr, tagged, 4096,
						  variant->arg3, 0, 0, 0));
		/* narrowing to the address is still refused on arm64 */
		EXPECT_EQ(ADDR_FILTER_REFUSED ? -1 : 0,
			  set_filter(variant->nr, by_name));
		/* a clear bit: denied with or without a tag */
		c = fork();
		ASSERT_LE(0, c);
		if (!c) {
			bm_fill(w, BM_WORDS, true);
			bm_clear(w, variant->nr);
			ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
						    w, BM_BITS, NULL, 0));
			EXPECT_EQ(-E_BITMAP, raw_syscall6(variant->nr, tagged,
						4096, variant->arg3, 0, 0, 0));
			CHILD_EXIT();
		}
		EXPECT_EXITED(wait_status(c), 0);
		CHILD_EXIT();
	}
	code = CHILD_EXIT_CODE(pid);
	if (code == 100)
		SKIP(return, "kernel without CONFIG_SECCOMP_BITMAP_FILTER");
	ASSERT_EQ(0, code);
}

/*
 * Every address a syscall untags (kernel/seccomp_bitmap_filter.c's
 * UNTAGGED entries): refused on arm64 by name and by position, compared
 * whole on x86-64.  A syscall this kernel does not build (pkey_mprotect
 * without pkeys, the NUMA calls without NUMA) has no metadata: skipped.
 */
FIXTURE(untagged_field) {
};

FIXTURE_VARIANT(untagged_field) {
	int nr;
	const char *field;
	int pos;
	const char *other;	/* a filter on another argument: installs */
};

#define UNTAGGED_FIELD(name, f, p, o)					\
	FIXTURE_VARIANT_ADD(untagged_field, name) {			\
		.nr = __NR_##name, .field = f, .pos = p, .other = o,	\
	}

UNTAGGED_FIELD(munmap, "addr", 0, "len != 1");
UNTAGGED_FIELD(mprotect, "start", 0, "prot != 7");
UNTAGGED_FIELD(pkey_mprotect, "start", 0, "pkey != 1");
UNTAGGED_FIELD(madvise, "start", 0, "behavior != 9");
UNTAGGED_FIELD(mlock, "start", 0, "len != 1");
UNTAGGED_FIELD(mlock2, "start", 0, "flags != 7");
UNTAGGED_FIELD(munlock, "start", 0, "len != 1");
UNTAGGED_FIELD(msync, "start", 0, "flags != 7");
UNTAGGED_FIELD(mincore, "start", 0, "len != 1");
UNTAGGED_FIELD(mremap, "addr", 0, "new_addr != 1");
UNTAGGED_FIELD(mbind, "start", 0, "len != 1");
UNTAGGED_FIELD(get_mempolicy, "addr", 3, "flags != 7");
UNTAGGED_FIELD(set_mempolicy_home_node, "start", 0, "home_node != 1");

FIXTURE_SETUP(untagged_field)
{
}

FIXTURE_TEARDOWN(untagged_field)
{
}

TEST_F(untagged_field, refused_where_untagged)
{
	pid_t pid = child_fork(_metadata, true);
	int st, code;

	if (!pid) {
		struct seccomp_bitmap_filter bf;
		char expr[2][64];
		int i, e;
		long r;

		snprintf(expr[0], 64, "%s != 0x1000", variant->field);
		snprintf(expr[1], 64, "arg_%d != 0x1000", variant->pos);
		for (i = 0; i < 2; i++) {
			pid_t c = fork();

			ASSERT_LE(0, c);
			if (c) {
				st = wait_status(c);
				ASSERT_TRUE(WIFEXITED(st));
				if (WEXITSTATUS(st) == 100)
					_exit(100);
				ASSERT_EQ(0, WEXITSTATUS(st));
				continue;
			}
			/* the other argument's filter: the syscall's metadata */
			fset(&bf, variant->nr, variant->other);
			r = install_filters(SECCOMP_RET_ERRNO | E_BITMAP, &bf, 1);
			if (r && errno == EOPNOTSUPP)
				_exit(100);
			ASSERT_EQ(0, r) {
				TH_LOG("\"%s\": %s", variant->other,
				       strerror(errno));
			}
			r = set_filter(variant->nr, expr[i]);
			e = errno;
			if (ADDR_FILTER_REFUSED) {
				EXPECT_EQ(-1, r) {
					TH_LOG("\"%s\" on syscall %d was accepted",
					       expr[i], variant->nr);
				}
				EXPECT_EQ(EINVAL, e);
			} else {
				EXPECT_EQ(0, r) {
					TH_LOG("\"%s\": %s", expr[i], strerror(e));
				}
			}
			CHILD_EXIT();
		}
		_exit(0);
	}
	code = CHILD_EXIT_CODE(pid);
	if (code == 100)
		SKIP(return, "syscall %d has no filter metadata in this kernel (not built, or no CONFIG_SECCOMP_BITMAP_FILTER)",
		     variant->nr);
	ASSERT_EQ(0, code);
}

/* ---- the number register's high bits -------------------------------------- */

/*
 * The entry code takes the number as an int (arm64: x8's low 32 bits;
 * x86-64: eax): what the bitmap judges is what runs.
 */
TEST(number_high_bits)
{
	pid_t pid = child_fork(_metadata, true);

	if (!pid) {
		__u64 w[BM_WORDS];
		long me = getpid();

		bm_fill(w, BM_WORDS, true);
		bm_clear(w, __NR_getppid);
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
					    w, BM_BITS, NULL, 0));
		/* denied getppid with bit 32 set: still getppid, denied */
		ASSERT_EQ(-E_BITMAP, raw_syscall0((1L << 32) | __NR_getppid));
		/* allowed getpid with bit 32 set: runs as getpid */
		ASSERT_EQ(me, raw_syscall0((1L << 32) | __NR_getpid));
		/* bit 31: a negative int, denied with the action */
		ASSERT_EQ(-E_BITMAP, raw_syscall0(0x80000000L | __NR_getpid));
		_exit(0);
	}
	ASSERT_EQ(0, CHILD_EXIT_CODE(pid));
}

/* ---- AArch32 numbers past the compat table -------------------------------- */

FIXTURE(compat_number) {
	char path[64];
};

FIXTURE_VARIANT(compat_number) {
	__u32 nr;
	int status;		/* its errno under a bitmap allowing every bit */
};

/* ARM-private set_tls (0xf0005) and cacheflush (0xf0002) */
FIXTURE_VARIANT_ADD(compat_number, arm_set_tls) {
	.nr = 0xf0005, .status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(compat_number, arm_cacheflush) {
	.nr = 0xf0002, .status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(compat_number, arm_private_unknown) {
	.nr = 0xf07ff, .status = E_BITMAP,
};

/* __NR_compat_syscalls itself (451 in 6.1): past the table */
FIXTURE_VARIANT_ADD(compat_number, past_table) {
	.nr = 451, .status = E_BITMAP,
};

FIXTURE_VARIANT_ADD(compat_number, minus_two) {
	.nr = 0xfffffffe, .status = E_BITMAP,
};

/* -1 is the tracer's skip: nothing runs, ENOSYS, no action */
FIXTURE_VARIANT_ADD(compat_number, minus_one) {
	.nr = 0xffffffff, .status = ENOSYS,
};

/* a compat number in the table, its bit set: runs */
FIXTURE_VARIANT_ADD(compat_number, getpid_allowed) {
	.nr = 20, .status = 0,
};

FIXTURE_SETUP(compat_number)
{
	snprintf(self->path, sizeof(self->path), "/tmp/review18-nr-%d",
		 getpid());
}

FIXTURE_TEARDOWN(compat_number)
{
	unlink(self->path);
}

TEST_F(compat_number, denied_past_the_table)
{
#ifndef __aarch64__
	SKIP(return, "arm64 only: AArch32 numbers");
#else
	int a32 = a32_supported(self->path);
	pid_t pid;

	ASSERT_LE(0, a32);
	if (!a32)
		SKIP(return, "no AArch32 at EL0 (execve: ENOEXEC)");
	ASSERT_EQ(0, a32_write(self->path, a32_nr_code, sizeof(a32_nr_code),
			       &variant->nr, 1));
	pid = child_fork(_metadata, true);
	if (!pid) {
		__u64 w[BM_WORDS];

		bm_fill(w, BM_WORDS, true);
		ASSERT_EQ(0, bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP,
					    w, BM_BITS, w, BM_BITS));
		execl(self->path, self->path, NULL);
		_exit(200);
	}
	ASSERT_EQ(variant->status, CHILD_EXIT_CODE(pid));
#endif
}

/* ---- PTRACE_SYSEMU and PTRACE_SYSCALL against the early allow ------------- */

static int set_retval(pid_t pid, long val)
{
#ifdef __aarch64__
	return native_set_arg0(pid, val);
#else
	struct user_regs_struct regs;

	if (ptrace(PTRACE_GETREGS, pid, 0, &regs))
		return -1;
	regs.rax = val;
	return ptrace(PTRACE_SETREGS, pid, 0, &regs);
#endif
}

static long stop_nr(pid_t pid)
{
	struct __ptrace_syscall_info info;

	memset(&info, 0, sizeof(info));
	if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), &info) <= 0 ||
	    info.op != PTRACE_SYSCALL_INFO_ENTRY)
		return -1;
	return info.entry.nr;
}

FIXTURE(entry_stop) {
};

FIXTURE_VARIANT(entry_stop) {
	bool sysemu;		/* PTRACE_SYSEMU: the tracer answers 4242 */
	int to;			/* else PTRACE_SYSCALL: the new number */
	int status;		/* 0: as expected */
};

/* an allowed getpid under PTRACE_SYSEMU does not run */
FIXTURE_VARIANT_ADD(entry_stop, sysemu_allowed_not_run) {
	.sysemu = true,
};

/* getpid becomes the denied getppid at the entry stop: denied */
FIXTURE_VARIANT_ADD(entry_stop, syscall_nr_to_denied) {
	.to = __NR_getppid,
};

FIXTURE_SETUP(entry_stop)
{
}

FIXTURE_TEARDOWN(entry_stop)
{
}

TEST_F(entry_stop, tracer_at_syscall_entry)
{
	pid_t pid = child_fork(_metadata, true);
	int st;

	if (!pid) {
		__u64 w[BM_WORDS];
		long me = getpid(), r;

		bm_fill(w, BM_WORDS, true);
		bm_clear(w, __NR_getppid);
		if (bitmap_install(0, SECCOMP_RET_ERRNO | E_BITMAP, w,
				   BM_BITS, NULL, 0))
			_exit(10);
		if (ptrace(PTRACE_TRACEME, 0, 0, 0))
			_exit(11);
		/* raw: no other syscall between the stop and getpid */
		raw_syscall6(__NR_kill, me, SIGSTOP, 0, 0, 0, 0);
		r = raw_syscall0(__NR_getpid);
		if (variant->sysemu)
			_exit(r == 4242 ? 0 : r == me ? 1 : 2);
		_exit(r == -E_BITMAP ? 0 : r == me ? 3 : 4);
	}
	ASSERT_EQ(pid, waitpid(pid, &st, 0));
	ASSERT_TRUE(WIFSTOPPED(st));
	ASSERT_EQ(SIGSTOP, WSTOPSIG(st));
	/* PTRACE_GET_SYSCALL_INFO tells an entry stop with TRACESYSGOOD */
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD));
	ASSERT_EQ(0, ptrace(variant->sysemu ? PTRACE_SYSEMU : PTRACE_SYSCALL,
			    pid, 0, 0));
	ASSERT_EQ(pid, waitpid(pid, &st, 0));
	ASSERT_TRUE(WIFSTOPPED(st));
	ASSERT_EQ(SIGTRAP | 0x80, WSTOPSIG(st));
	ASSERT_EQ(__NR_getpid, stop_nr(pid));
	if (variant->sysemu) {
		ASSERT_EQ(0, set_retval(pid, 4242));
	} else {
		ASSERT_EQ(0, tracee_set_nr(pid, variant->to));
	}
	ASSERT_EQ(0, ptrace(PTRACE_CONT, pid, 0, 0));
	/* 1: the emulated getpid ran; 3: the new number was not judged */
	ASSERT_EQ(0, CHILD_EXIT_CODE(pid));
}

TEST_HARNESS_MAIN
