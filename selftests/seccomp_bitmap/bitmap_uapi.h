/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one copy of the uapi fallbacks of the seccomp bitmap test programs:
 * what a program needs from <linux/seccomp.h>, <linux/prctl.h>,
 * <linux/audit.h> and <asm/unistd.h> when it is compiled against system
 * headers that predate bitmap mode (or the other constants below) rather
 * than the kernel's headers_install (KHDR_INCLUDES).  Each fallback is
 * defined only where the header lacks it, with the header's value.
 *
 * It includes the headers it completes itself, so that it does not depend
 * on what the including file included before it, and nothing from libc:
 * bitmap_util.h includes it for the harness tests, bitmap_trinity_launcher.c
 * (not a harness test) includes it directly.
 *
 * x86-64 numbers.
 */
#ifndef SECCOMP_BITMAP_UAPI_H
#define SECCOMP_BITMAP_UAPI_H

#include <linux/types.h>
#include <linux/audit.h>
#include <linux/prctl.h>
#include <linux/seccomp.h>
#include <asm/unistd.h>

/* ---- prctl --------------------------------------------------------------- */

#ifndef PR_SET_NO_NEW_PRIVS
#define PR_SET_NO_NEW_PRIVS	38
#endif
#ifndef PR_GET_NO_NEW_PRIVS
#define PR_GET_NO_NEW_PRIVS	39
#endif
#ifndef PR_SET_SECCOMP_FILTER
#define PR_SET_SECCOMP_FILTER	0x53435346
#endif
#ifndef PR_GET_SECCOMP_FILTER
#define PR_GET_SECCOMP_FILTER	0x53434746
#endif

/* ---- seccomp modes, operations and actions ------------------------------- */

#ifndef SECCOMP_MODE_STRICT
#define SECCOMP_MODE_STRICT	1
#endif
#ifndef SECCOMP_MODE_FILTER
#define SECCOMP_MODE_FILTER	2
#endif
#ifndef SECCOMP_SET_MODE_STRICT
#define SECCOMP_SET_MODE_STRICT	0
#endif
#ifndef SECCOMP_SET_MODE_FILTER
#define SECCOMP_SET_MODE_FILTER	1
#endif

#ifndef SECCOMP_RET_KILL_PROCESS
#define SECCOMP_RET_KILL_PROCESS 0x80000000U
#define SECCOMP_RET_KILL_THREAD	 0x00000000U
#endif
#ifndef SECCOMP_RET_TRAP
#define SECCOMP_RET_TRAP	 0x00030000U
#define SECCOMP_RET_ERRNO	 0x00050000U
#endif
#ifndef SECCOMP_RET_LOG
#define SECCOMP_RET_LOG		 0x7ffc0000U
#endif
#ifndef SECCOMP_RET_TRACE
#define SECCOMP_RET_TRACE	 0x7ff00000U
#define SECCOMP_RET_ALLOW	 0x7fff0000U
#endif
#ifndef SECCOMP_RET_USER_NOTIF
#define SECCOMP_RET_USER_NOTIF	 0x7fc00000U
#endif

/* ---- bitmap mode --------------------------------------------------------- */

#ifndef SECCOMP_MODE_BITMAP
#define SECCOMP_MODE_BITMAP	3
#define SECCOMP_SET_MODE_BITMAP	4

struct seccomp_bitmap {
	__u32 size;
	__u32 action;
	__u32 nbits;
	__u32 compat_nbits;
	__aligned_u64 native;
	__aligned_u64 compat;
	__aligned_u64 filters;
	__u32 nfilters;
	__u32 reserved;
};

struct seccomp_bitmap_filter {
	__u32 nr;
	__u32 flags;
	__aligned_u64 expr;
};
#endif /* SECCOMP_MODE_BITMAP */

#ifndef SECCOMP_SET_MODE_BITMAP
#define SECCOMP_SET_MODE_BITMAP	4
#endif
#ifndef SECCOMP_BITMAP_FLAG_TSYNC
#define SECCOMP_BITMAP_FLAG_TSYNC (1UL << 0)
#endif

/* ---- audit architectures ------------------------------------------------- */

#ifndef AUDIT_ARCH_X86_64
#define AUDIT_ARCH_X86_64	0xc000003eU
#endif
#ifndef AUDIT_ARCH_I386
#define AUDIT_ARCH_I386		0x40000003U
#endif

/* ---- x86-64 syscall numbers newer than some system headers --------------- */

#ifndef __NR_seccomp
#define __NR_seccomp		317
#endif
#ifndef __NR_io_uring_setup
#define __NR_io_uring_setup	425
#define __NR_io_uring_enter	426
#define __NR_io_uring_register	427
#endif
#ifndef __NR_clone3
#define __NR_clone3		435
#endif
#ifndef __NR_set_mempolicy_home_node
#define __NR_set_mempolicy_home_node 450
#endif

#endif /* SECCOMP_BITMAP_UAPI_H */
