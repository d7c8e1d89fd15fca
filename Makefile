# Build, boot and test harness for the seccomp bitmap-mode series (Linux 6.1).
#
#   make test         check, then check-debug (+ $(EXTRA_TEST_TARGETS)), then the 6.12
#                     check kernel (check-6.12); one summary line
#   make check        tree + series, tinyconfig kernel, kselftests, boot under qemu
#   make check-debug  the same on a KASAN/lockdep/kmemleak/UBSAN kernel
#   make lint         checkpatch --strict on series/, kernel-doc, W=1 + sparse vs pristine
#   make config-matrix build+boot+check with each harness/configs/matrix/*.config on top
#   make trinity      trinity in bitmap mode on the debug kernel (fixed seed/time)
#   make series       export $(KSRC)'s commits pristine..HEAD into series/
#   make bisect-check build every prefix of the series, then check the whole
#   make submission   build/submission.mbox (cover letter, patches, selftests)
#   make bench        bitmap mode vs seccomp-bpf (interpreter and JIT, linear and tree
#                     layout), audit=1 and pristine-kernel boots -> bench/results/
#   make parse-worst  worst-case cost of one unprivileged filter install (icount)
#   make tool         build seccomp-bitmap (tools/seccomp) into build/obj-<tree>/tools/seccomp
#   make clean        remove build outputs of KSRC (never a developer's tree)
#
# ARCH=arm64 does check, bench, tool, ... for arm64: cross-built with
# Debian's gcc-aarch64-linux-gnu, booted with qemu-system-aarch64 -M virt
# (TCG, cortex-a72: AArch32 at EL0 too), objects build/obj-<tree>-arm64,
# logs build/logs/<target>-<tree>-arm64; `make check-arm64` (part of make
# test) is `make check ARCH=arm64`.
#
# KERNEL=6.12 does any of these for Debian's linux-source-6.12 with the series
# in series/6.12 (tree build/linux-6.12, objects build/obj-linux-6.12*, logs
# build/logs/<target>-linux-6.12); the default, KERNEL=6.1, is linux-source-6.1
# with series/ in build/linux.
#
# The scripts these targets call: harness/, a room per concept (host,
# kernel, configs along ARCH and KERNEL, guest, runner, checks; the
# manual, harness/README "Rooms", says where a change goes), and bench/.
#
# Variables: KERNEL (6.1 or 6.12), KSRC (kernel tree, default build/linux), TESTS, JOBS, ACCEL
# (auto|kvm|tcg), CHECK_MEM/DEBUG_MEM, CHECK_TIMEOUT/DEBUG_TIMEOUT,
# EXTRA_TEST_TARGETS (hook for e.g. lint), SERIES_SYNC=no (use KSRC as is).
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
.DEFAULT_GOAL := help
TOP := $(CURDIR)

# Which Debian kernel: its tarball (linux-source-$(KERNEL), installed by
# `make deps` when missing), its series and its tree.
KERNEL ?= 6.1
ifeq ($(KERNEL),6.1)
KSRC ?= build/linux
SERIES := series
KSFX :=
else ifeq ($(KERNEL),6.12)
KSRC ?= build/linux-6.12
SERIES := series/6.12
KSFX := -6.12
else
$(error KERNEL=$(KERNEL): the series exists for KERNEL=6.1 (series/) and KERNEL=6.12 (series/6.12))
endif
KPKG := linux-source-$(KERNEL)
KSRC_ABS := $(abspath $(KSRC))

# Which architecture: x86 (x86-64, the default) or arm64 (cross-built with
# Debian's gcc-aarch64-linux-gnu, booted with qemu-system-aarch64 -M virt).
# ARCH=arm64 keeps its objects apart: build/obj-<tree>-arm64*, logs
# build/logs/<target>-<tree>-arm64.
ARCH ?= x86
ifeq ($(ARCH),x86_64)
override ARCH := x86
endif
ifeq ($(ARCH),x86)
ASFX :=
KIMAGE := arch/x86/boot/bzImage
TCC := gcc
else ifeq ($(ARCH),arm64)
ASFX := -arm64
KIMAGE := arch/arm64/boot/Image
TCC := aarch64-linux-gnu-gcc
else
$(error ARCH=$(ARCH): the harness builds ARCH=x86 (the default) and ARCH=arm64)
endif
KNAME := $(notdir $(KSRC_ABS))$(ASFX)
# the selftests and the guest's programs: static, for the target
KSFT_XARGS := $(if $(ASFX),ARCH=$(ARCH) CROSS_COMPILE=aarch64-linux-gnu-)
OBJ := $(TOP)/build/obj-$(KNAME)
OBJ_DEBUG := $(TOP)/build/obj-$(KNAME)-debug
OBJ_BENCH := $(TOP)/build/obj-$(KNAME)-bench
TARBALL ?= /usr/src/$(KPKG).tar.xz
SERIES_SYNC ?= yes
LOGS := $(TOP)/build/logs
# log names: check, check-debug for build/linux; check-dev, ... for others
LOGSFX := $(if $(filter linux,$(KNAME)),,-$(KNAME))
JOBS ?= $(shell nproc)
ACCEL ?= auto
export ACCEL JOBS

# Tests: upstream seccomp_bpf (seccomp_benchmark is timing-sensitive: bench),
# plus the project's own target when selftests/seccomp_bitmap exists.
BITMAP_TESTS_DIR := $(TOP)/selftests/seccomp_bitmap
# BITMAP_TESTS=no leaves them out (e.g. while they are being written)
BITMAP_TESTS ?= auto
HAVE_BITMAP_TESTS := $(if $(filter no,$(BITMAP_TESTS)),,$(wildcard $(BITMAP_TESTS_DIR)/Makefile))
KSFT_TARGETS := seccomp $(if $(HAVE_BITMAP_TESTS),seccomp_bitmap)
TESTS ?= seccomp:seccomp_bpf$(if $(HAVE_BITMAP_TESTS),$(comma)seccomp_bitmap)
comma := ,

CHECK_MEM ?= 1G
DEBUG_MEM ?= 4G
CHECK_TIMEOUT ?= 900
DEBUG_TIMEOUT ?= 2700
# per-test-program timeout inside the guest (kselftest "settings")
CHECK_KSFT_TIMEOUT ?= 300
DEBUG_KSFT_TIMEOUT ?= 1800

# `make test` runs these in order and keeps going; each writes
# "P F S" to build/logs/<target>$(LOGSFX)/counts. Add e.g. lint here.
EXTRA_TEST_TARGETS ?= lint
# and, from the default (6.1) tree, the 6.12 check kernel: check-6.12 is
# `make check KERNEL=6.12` (any TARGET-6.12 works: check-debug-6.12,
# lint-6.12, ...), its counts copied to build/logs/TARGET-6.12/counts.
ifeq ($(KERNEL),6.1)
TEST_TARGETS_612 ?= check-6.12
endif
# and the arm64 check kernel: check-arm64 is `make check ARCH=arm64` (any
# TARGET-arm64 works: bench-arm64, ...), counts in build/logs/TARGET-arm64
ifeq ($(KERNEL)$(ARCH),6.1x86)
TEST_TARGETS_ARM64 ?= check-arm64
endif
TEST_TARGETS ?= harness-check check check-debug $(EXTRA_TEST_TARGETS) $(TEST_TARGETS_612) \
	$(TEST_TARGETS_ARM64)

# Reproducible kernel builds, so ccache hits across clones and rebuilds.
export KBUILD_BUILD_TIMESTAMP := Thu Jan  1 00:00:00 UTC 2024
export KBUILD_BUILD_USER := seccomp
export KBUILD_BUILD_HOST := bitmap
export KBUILD_BUILD_VERSION := 1
export CCACHE_BASEDIR := $(TOP)
export CCACHE_NOHASHDIR := 1
export CCACHE_SLOPPINESS := time_macros,include_file_mtime,include_file_ctime
KMAKE_CC ?= ccache gcc
export KMAKE_CC

# The harness's rooms (harness/README): host (packages), kernel (tree,
# builds), configs (fragments, matrix), guest (initramfs), runner (qemu,
# the parser and counter), checks (lint, bisect-check, submission).
CONFIGS := harness/configs
# The kernel's configuration along the two axes: harness/configs/NAME.config,
# then what the architecture adds (configs/$(ARCH)/NAME.config) and what the
# kernel version adds (configs/$(KERNEL)/NAME.config), where they exist:
# configs/6.12/base.config (what 6.12's tinyconfig changed), debug.config
# (what 6.12 no longer has), bench.config (no MODULES for 6.12's JIT).
axis_configs = $(CONFIGS)/$(1).config $(wildcard $(CONFIGS)/$(ARCH)/$(1).config) \
	$(wildcard $(CONFIGS)/$(KERNEL)/$(1).config)
FRAGMENTS := $(call axis_configs,base) $(CONFIGS)/bitmap.config $(CONFIGS)/hostfs.config
FRAGMENTS_DEBUG := $(FRAGMENTS) $(call axis_configs,debug)
FRAGMENTS_BENCH := $(FRAGMENTS) $(call axis_configs,bench)
DEPS_STAMP := $(TOP)/build/.deps-stamp$(KSFX)$(ASFX)
# the host's packages, and what the architecture adds (harness/host/arm64/packages:
# the cross compiler, qemu-system-arm, static arm64 libraries)
ARCH_PACKAGES := $(wildcard harness/host/$(ARCH)/packages)
ARCH_PKGS := $(if $(ARCH_PACKAGES),$(shell sed -e 's/\#.*//' $(ARCH_PACKAGES)))
GUEST_EXIT := $(TOP)/build/guest-exit$(ASFX)
# the guest's busybox: the host's busybox-static, or Debian's arm64 one
# (apt-get download busybox-static:arm64, unpacked into build/arm64)
GUEST_BUSYBOX := $(if $(ASFX),$(TOP)/build/$(ARCH)/busybox,/bin/busybox)
MKINITRAMFS := BUSYBOX=$(GUEST_BUSYBOX) harness/guest/mkinitramfs

.PHONY: FORCE help deps tree kernel kernel-debug selftests selftests-debug \
	initramfs initramfs-debug harness-check lint check check-debug test series bench clean distclean \
	bisect-check submission submission-check \
	kernel-bench kernel-bench-pristine pristine-tree bench-programs \
	tool \
	config-matrix kernel-matrix selftests-matrix initramfs-matrix check-matrix trinity \
	parse-worst

help:
	@sed -n '2,/^[^#]/{/^#/p}' Makefile | sed 's/^# \{0,1\}//'

# --- dependencies (Debian) ---------------------------------------------------
deps: $(DEPS_STAMP)
# harness/host/packages, plus the kernel's source package; again whenever its
# tarball is missing
$(DEPS_STAMP): harness/host/packages $(ARCH_PACKAGES) harness/host/deps $(if $(wildcard $(TARBALL)),,FORCE)
	@harness/host/deps harness/host/packages $@ $(KPKG) $(ARCH_PKGS)
FORCE:

# --- kernel tree + series ----------------------------------------------------
tree: deps
ifeq ($(SERIES_SYNC),yes)
	@harness/kernel/ksrc sync $(KSRC) $(SERIES) $(TARBALL)
else
	@echo "tree: SERIES_SYNC=$(SERIES_SYNC): using $(KSRC) as it is"
endif

series:
	@harness/kernel/ksrc export $(KSRC) $(SERIES)

# --- kernels -----------------------------------------------------------------
kernel: tree
	@ARCH=$(ARCH) harness/kernel/build-kernel $(KSRC) $(OBJ) $(FRAGMENTS)

kernel-debug: tree
	@ARCH=$(ARCH) harness/kernel/build-kernel $(KSRC) $(OBJ_DEBUG) $(FRAGMENTS_DEBUG)

# --- seccomp-bitmap, the tree's tools/seccomp (static, the build's headers) --
tool: kernel
	@mkdir -p $(OBJ)/tools/seccomp
	@$(MAKE) -s --no-print-directory -C $(KSRC_ABS)/tools/seccomp O=$(OBJ)/tools/seccomp \
		KHDR_INCLUDES="-isystem $(OBJ)/usr/include" $(if $(ASFX),CC=$(TCC))
	@echo "tool: $(OBJ)/tools/seccomp/seccomp-bitmap"

# --- selftests (static, against the build's headers_install) ----------------
# selftests/seccomp_bitmap is linked file by file into the kernel tree (a
# directory symlink would break the target's `include ../lib.mk`); the link
# farm is git-excluded in the tree (.git/info/exclude).
define build_selftests
	@set -e; d=$(KSRC_ABS)/tools/testing/selftests/seccomp_bitmap; \
	if [ -e $$d ]; then \
	  if [ -n "$$(find $$d -type f -print -quit)" ]; then \
	    echo "selftests: $$d has real files (not harness links): refusing to replace it" >&2; exit 1; fi; \
	  rm -rf $$d; fi; \
	if [ -n "$(HAVE_BITMAP_TESTS)" ]; then cp -as $(BITMAP_TESTS_DIR) $$d; fi
	@rm -rf $(1)/kselftest/kselftest_install
	@echo "selftests: building $(KSFT_TARGETS) (static) into $(1)/kselftest"
	@$(MAKE) -s --no-print-directory -C $(KSRC_ABS)/tools/testing/selftests O=$(1) \
		TARGETS="$(KSFT_TARGETS)" CC="$(TCC) -static" $(KSFT_XARGS) install >$(1)/kselftest-build.log 2>&1 || \
		{ cat $(1)/kselftest-build.log; echo "selftests: build failed (log: $(1)/kselftest-build.log)" >&2; exit 1; }
	@if grep -E '^make(\[[0-9]+\])?: \*\*\*|error:' $(1)/kselftest-build.log; then \
		echo "selftests: build failed (log: $(1)/kselftest-build.log)" >&2; exit 1; fi
	@for t in $(KSFT_TARGETS); do test -d $(1)/kselftest/kselftest_install/$$t || \
		{ echo "selftests: target $$t did not install" >&2; exit 1; }; done
endef

selftests: kernel
	$(call build_selftests,$(OBJ))
selftests-debug: kernel-debug
	$(call build_selftests,$(OBJ_DEBUG))

$(GUEST_EXIT): harness/guest/guest-exit.c $(if $(ASFX),$(GUEST_BUSYBOX)) | deps
	@mkdir -p $(dir $@)
	$(TCC) -static -O2 -Wall -o $@ $<

$(TOP)/build/arm64/busybox: | deps
	@rm -rf $(dir $@) && mkdir -p $(dir $@)deb && cd $(dir $@)deb && chmod 777 . && \
		apt-get download -q busybox-static:arm64 && dpkg-deb -x busybox-static_*_arm64.deb x && \
		cp x/bin/busybox $@ && rm -rf x && file $@

initramfs: selftests $(GUEST_EXIT)
	@$(MKINITRAMFS) $(OBJ)/initramfs.cpio harness/guest/init $(GUEST_EXIT) $(OBJ)/kselftest/kselftest_install
initramfs-debug: selftests-debug $(GUEST_EXIT)
	@$(MKINITRAMFS) $(OBJ_DEBUG)/initramfs.cpio harness/guest/init $(GUEST_EXIT) $(OBJ_DEBUG)/kselftest/kselftest_install

# --- boot and test -----------------------------------------------------------
# unit checks of the TAP accounting and the splat detector on crafted logs
harness-check:
	@mkdir -p $(LOGS)/harness-check$(LOGSFX)
	@l=$(LOGS)/harness-check$(LOGSFX); harness/runner/unit-test | tee $$l/log && rc=0 || rc=$$?; \
	harness/runner/count -v $$rc -o $$l/counts harness-check $$l/log

# checkpatch --strict on every patch, kernel-doc on every touched file, W=1
# and sparse against pristine on every touched C file (check kernel's config)
lint: kernel
	@ARCH=$(ARCH) harness/checks/lint $(KSRC) $(SERIES) $(LOGS)/lint$(LOGSFX) $(OBJ)/.config $(TOP)/build/warn-$(KNAME)

check: initramfs
	@ARCH=$(ARCH) harness/runner/run -n check$(LOGSFX) -k $(OBJ)/$(KIMAGE) -i $(OBJ)/initramfs.cpio \
		-t "$(TESTS)" -m $(CHECK_MEM) -T $(CHECK_TIMEOUT) -s $(CHECK_KSFT_TIMEOUT) -U -L $(LOGS)

check-debug: initramfs-debug
	@ARCH=$(ARCH) harness/runner/run -n check-debug$(LOGSFX) -k $(OBJ_DEBUG)/$(KIMAGE) -i $(OBJ_DEBUG)/initramfs.cpio \
		-t "$(TESTS)" -m $(DEBUG_MEM) -T $(DEBUG_TIMEOUT) -s $(DEBUG_KSFT_TIMEOUT) -U -K -L $(LOGS)

# --- config matrix -----------------------------------------------------------
# make config-matrix: for each harness/configs/matrix/NAME.config (MATRIX_CONFIGS to pick
# some), build the kernel from base + bitmap + that fragment in
# build/obj-<tree>-matrix-NAME, boot it and run the check tests (or the
# fragment's "# matrix-tests:" list); one line per configuration, then
# "config-matrix: N passed, N failed, N skipped" (configurations).
# make check-matrix MATRIX=NAME runs one of them. The loop is here (make
# drives): harness/configs/config-matrix only decides a skip and writes the TAP line.
MATRIX_CONFIGS ?= $(basename $(notdir $(wildcard harness/configs/matrix/*.config)))
MATRIX ?=
OBJ_MATRIX := $(TOP)/build/obj-$(KNAME)-matrix-$(MATRIX)
MATRIX_FRAG := harness/configs/matrix/$(MATRIX).config
MATRIX_TESTS = $(or $(shell sed -n 's/^\# matrix-tests: *//p' $(MATRIX_FRAG) 2>/dev/null),$(TESTS))

config-matrix: tree
	@o=$(LOGS)/config-matrix$(LOGSFX); mkdir -p $$o; rm -f $$o/summary $$o/counts; : > $$o/summary; n=0; \
	for m in $(MATRIX_CONFIGS); do \
	  n=$$((n+1)); t0=$$(date +%s); r=skip; \
	  if ! harness/configs/config-matrix skip $(KSRC) $$m >/dev/null; then \
	    echo "=== config-matrix: $$m (log: $$o/$$m.log)"; \
	    $(MAKE) --no-print-directory check-matrix MATRIX=$$m > $$o/$$m.log 2>&1 && r=0 || r=$$?; \
	  fi; \
	  harness/configs/config-matrix result $(KSRC) $$n $$m $$r $$(( $$(date +%s) - t0 )) $$o/$$m.log matrix-$$m$(LOGSFX) | tee -a $$o/summary; \
	done; \
	line=$$(harness/runner/count -v 0 -o $$o/counts config-matrix $$o/summary) && rc=0 || rc=1; \
	echo "$$line" | tee -a $$o/summary; exit $$rc

kernel-matrix: tree
	@test -n "$(MATRIX)" -a -f "$(MATRIX_FRAG)" || { echo "kernel-matrix: MATRIX=NAME of a harness/configs/matrix/NAME.config" >&2; exit 1; }
	@ARCH=$(ARCH) harness/kernel/build-kernel $(KSRC) $(OBJ_MATRIX) $(FRAGMENTS) $(MATRIX_FRAG)
selftests-matrix: kernel-matrix
	$(call build_selftests,$(OBJ_MATRIX))
initramfs-matrix: selftests-matrix $(GUEST_EXIT)
	@$(MKINITRAMFS) $(OBJ_MATRIX)/initramfs.cpio harness/guest/init $(GUEST_EXIT) $(OBJ_MATRIX)/kselftest/kselftest_install
check-matrix: initramfs-matrix
	@ARCH=$(ARCH) harness/runner/run -n matrix-$(MATRIX)$(LOGSFX) -k $(OBJ_MATRIX)/$(KIMAGE) -i $(OBJ_MATRIX)/initramfs.cpio \
		-t "$(MATRIX_TESTS)" -m $(CHECK_MEM) -T $(CHECK_TIMEOUT) -s $(CHECK_KSFT_TIMEOUT) -U -L $(LOGS)

# --- trinity in bitmap mode ---------------------------------------------------
# Debian's trinity (harness/host/packages) in the guest, started by
# bitmap_trinity_launcher: bitmap with an ERRNO action, filters, compat
# bitmap, as nobody, fixed seed, bounded syscall count and time. Passes if
# the launcher saw it confined and it ran to its end, the guest came back,
# and the console has no splat (kmemleak scanned after on the debug kernel).
# TRINITY_KERNEL=check uses the check kernel instead of the debug one.
TRINITY_KERNEL ?= debug
TRINITY_SEED ?= 42
TRINITY_OPS ?= 10000
TRINITY_SECS ?= 900
TRINITY_OBJ = $(if $(filter check,$(TRINITY_KERNEL)),$(OBJ),$(OBJ_DEBUG))
TRINITY_ARGS ?= -q -l off -s $(TRINITY_SEED) -N $(TRINITY_OPS) -C 2 --disable-fds=sockets
trinity: $(if $(filter check,$(TRINITY_KERNEL)),selftests,selftests-debug) $(GUEST_EXIT)
	@command -v trinity >/dev/null || { echo "trinity: not installed (apt-get install trinity; listed in harness/host/packages)" >&2; exit 1; }
	@$(MKINITRAMFS) $(TRINITY_OBJ)/initramfs-trinity.cpio harness/guest/init $(GUEST_EXIT) \
		$(TRINITY_OBJ)/kselftest/kselftest_install $$(command -v trinity)
	@echo "trinity: seed $(TRINITY_SEED), at most $(TRINITY_OPS) syscalls and $(TRINITY_SECS) s, $(TRINITY_KERNEL) kernel"
	@ARCH=$(ARCH) harness/runner/run -n trinity$(LOGSFX) -k $(TRINITY_OBJ)/$(KIMAGE) -i $(TRINITY_OBJ)/initramfs-trinity.cpio \
		-m $(DEBUG_MEM) -T $$(( $(TRINITY_SECS) + 900 )) $(if $(filter check,$(TRINITY_KERNEL)),,-K) -L $(LOGS) \
		-c 'cd /tmp && /kselftest/seccomp_bitmap/bitmap_trinity_launcher -t $(TRINITY_SECS) -- /usr/bin/trinity $(TRINITY_ARGS)'

# TARGET-6.12: `make TARGET KERNEL=6.12` on build/linux-6.12, for make test
%-6.12:
	@rm -f $(LOGS)/$*-linux-6.12/counts $(LOGS)/$*-6.12/counts; mkdir -p $(LOGS)/$*-6.12; rc=0; \
	$(MAKE) --no-print-directory $* KERNEL=6.12 KSRC=build/linux-6.12 || rc=$$?; \
	if [ -f $(LOGS)/$*-linux-6.12/counts ]; then cp $(LOGS)/$*-linux-6.12/counts $(LOGS)/$*-6.12/counts; fi; \
	exit $$rc

# TARGET-arm64: `make TARGET ARCH=arm64`, for make test
%-arm64:
	@rm -f $(LOGS)/$*-linux-arm64/counts $(LOGS)/$*-arm64/counts; mkdir -p $(LOGS)/$*-arm64; rc=0; \
	$(MAKE) --no-print-directory $* ARCH=arm64 || rc=$$?; \
	if [ -f $(LOGS)/$*-linux-arm64/counts ]; then cp $(LOGS)/$*-linux-arm64/counts $(LOGS)/$*-arm64/counts; fi; \
	exit $$rc

test:
	@mkdir -p $(LOGS)/test; rc=0; parts=""; sums=""; \
	for t in $(TEST_TARGETS); do \
	  c=$(LOGS)/$$t$(LOGSFX)/counts; rm -f $$c; t0=$$(date +%s); \
	  echo "=== test: make $$t"; \
	  if $(MAKE) --no-print-directory $$t; then r=0; else r=1; rc=1; fi; \
	  sums="$$sums $$c:$$r"; \
	  parts="$$parts $$t:$$([ $$r = 0 ] && echo ok || echo FAILED)($$(( $$(date +%s) - t0 ))s)"; \
	done; \
	echo "=== test:$$parts"; \
	harness/runner/count -s test $$sums | tee $(LOGS)/test/summary || true; \
	exit $$rc

# every prefix builds on its own (a worktree of KSRC, incremental, ccache),
# then the whole series boots and passes `make check`
# BISECT_FROM=N: only the prefixes from the N-th commit on (default 1: all)
BISECT_FROM ?= 1
bisect-check: tree
	@rm -f $(LOGS)/bisect-check$(LOGSFX)/builds/counts $(LOGS)/check$(LOGSFX)/counts
	@l=$(LOGS)/bisect-check$(LOGSFX); mkdir -p $$l; rc=0; \
	ARCH=$(ARCH) BISECT_FROM=$(BISECT_FROM) harness/checks/bisect-check $(KSRC) $(TOP)/build/bisect-$(KNAME) $(OBJ)-bisect $$l/builds $(FRAGMENTS) || rc=1; \
	$(MAKE) --no-print-directory check || rc=1; \
	harness/runner/count -s -o $$l/counts bisect-check $$l/builds/counts $(LOGS)/check$(LOGSFX)/counts || rc=1; \
	exit $$rc

# the mbox for LKML: cover letter, kernel patches, a selftests patch made
# from selftests/; then `git am` onto a fresh pristine tree and build it
# (the applied tree is build/submission/linux, built in build/submission/obj-linux:
# for KERNEL=6.12 build/submission-6.12/linux-6.12 and obj-linux-6.12;
# the same relative source path as build/linux from build/obj-linux, so ccache hits)
SUBMISSION := $(TOP)/build/submission$(KSFX).mbox
SUBMISSION_DIR := $(TOP)/build/submission$(KSFX)
# $(SERIES)/0000-cover-letter.patch, or series/'s when $(SERIES) has none
submission: tree
	@COVER_LETTER=$(firstword $(wildcard $(SERIES)/0000-cover-letter.patch) series/0000-cover-letter.patch) \
		harness/checks/submission mbox $(KSRC) $(SERIES) $(BITMAP_TESTS_DIR) $(SUBMISSION) $(SUBMISSION_DIR)
	@$(MAKE) --no-print-directory submission-check
submission-check:
	@l=$(LOGS)/submission$(LOGSFX); mkdir -p $$l; \
	ARCH=$(ARCH) harness/checks/submission check $(KSRC) $(SUBMISSION) $(SUBMISSION_DIR) $(SUBMISSION_DIR)/obj-$(KNAME) $(FRAGMENTS) \
		| tee $$l/log && rc=0 || rc=1; \
	harness/runner/count -v $$rc -o $$l/counts submission $$l/log

# --- benchmark ---------------------------------------------------------------
# The bench kernel is harness/configs/bench.config on top of the check kernel's
# fragments: MODULES + BPF_JIT (+ BPF_JIT_DEFAULT_ON) as distributions build
# them, objects in build/obj-<tree>-bench. bench/bench installs every bpf
# policy twice, with bpf_jit_enable 0 (interpreter rows bpf_*) and 1 (JIT
# rows bpf_jit_*), in libseccomp's linear and tree (SCMP_FLTATR_CTL_OPTIMIZE=2)
# layouts. BENCH_KERNEL=check measures the check kernel instead (no JIT: the
# bpf_jit_* rows then fail, as they should).
# bench/run boots it once per QEMU mode: icount (the headline), icount-audit
# (audit=1 on the command line: the audit rows), icount-pristine (the same
# config built from the tree's `pristine` tag, in build/pristine/<tree>, objects
# in build/pristine/obj-<tree>-bench (same relative paths as the series' for
# ccache), same initramfs, bench -B: no bitmap rows), tcg, kvm if the probe
# boots. bench/report writes bench/results/ (bench/results-6.12 for KERNEL=6.12).
# BENCH_ARGS go to the guest program (e.g. "-n 20000 -r 7"; "sb=N" first
# sets the upstream seccomp_benchmark's sample count). BENCH_PRISTINE=no skips
# the pristine kernel (its build and its boot).
# The macro rows run Debian's own sha256sum, gzip, find and tar (copied into
# the initramfs with their libraries by harness/guest/mkinitramfs): BENCH_MACRO_BINS.
BENCH_KERNEL ?= jit
ifeq ($(BENCH_KERNEL),jit)
OBJ_BENCH := $(TOP)/build/obj-$(KNAME)-bench
BENCH_KDEP := kernel-bench
else
OBJ_BENCH := $(OBJ)
BENCH_KDEP := kernel
endif
BENCH_STAGE := $(OBJ_BENCH)/bench-stage
BENCH_RESULTS := $(TOP)/bench/results$(KSFX)$(ASFX)
BENCH_ARGS ?=
BENCH_PRISTINE ?= yes
PRISTINE_SRC := $(TOP)/build/pristine/$(KNAME)
OBJ_PRISTINE := $(TOP)/build/pristine/obj-$(KNAME)-bench
ifeq ($(ASFX),)
BENCH_MACRO_BINS ?= /usr/bin/sha256sum /usr/bin/gzip /usr/bin/find /usr/bin/tar
BENCH_MACRO_PKGS ?= coreutils gzip findutils tar libseccomp-dev
else
# ARCH=arm64: no macro rows (-m 0). The host's programs are x86-64 and
# coreutils, gzip, findutils and tar cannot be installed for arm64 beside
# them (Multi-Arch: foreign); the bench links libseccomp-dev:arm64.
BENCH_MACRO_BINS ?=
BENCH_MACRO_PKGS ?= libseccomp-dev:arm64
override BENCH_ARGS += -m 0
endif
kernel-bench: tree
	@ARCH=$(ARCH) harness/kernel/build-kernel $(KSRC) $(TOP)/build/obj-$(KNAME)-bench $(FRAGMENTS_BENCH)

# the tree's `pristine` tag (the Debian source without the series), extracted
pristine-tree: tree
	@harness/kernel/pristine-tree $(KSRC) $(PRISTINE_SRC)

kernel-bench-pristine: pristine-tree
	@ARCH=$(ARCH) harness/kernel/build-kernel $(PRISTINE_SRC) $(OBJ_PRISTINE) $(FRAGMENTS_BENCH)

bench-programs: $(BENCH_KDEP) $(GUEST_EXIT)
	@$(MAKE) -s --no-print-directory -C bench OBJ=$(OBJ_BENCH) KSRC=$(KSRC_ABS) STAGE=$(BENCH_STAGE) \
		$(if $(ASFX),CC=$(TCC))
	@dpkg-query -W -f='$${Package} $${Version}\n' $(BENCH_MACRO_PKGS) | sort -u > $(BENCH_STAGE)/host-versions
	@$(MKINITRAMFS) $(OBJ_BENCH)/bench-initramfs.cpio harness/guest/init $(GUEST_EXIT) $(BENCH_STAGE) $(BENCH_MACRO_BINS)

bench: bench-programs $(if $(filter yes,$(BENCH_PRISTINE)),kernel-bench-pristine)
	@t0=$$(date +%s); rc=0; \
	BENCH_PRISTINE_KERNEL=$(if $(filter yes,$(BENCH_PRISTINE)),$(OBJ_PRISTINE)/$(KIMAGE)) \
	ARCH=$(ARCH) bench/run $(OBJ_BENCH)/$(KIMAGE) $(OBJ_BENCH)/bench-initramfs.cpio \
		$(BENCH_RESULTS) $(BENCH_ARGS) || rc=$$?; \
	echo "bench: $$(( $$(date +%s) - t0 )) s; report: bench/results$(KSFX)$(ASFX)/report.md"; exit $$rc

# the most parsing and memory one unprivileged task can make a call cost,
# and the chain cap (bench/parse_worst.c), under -icount: instructions.
# PARSE_WORST_ARGS=-s: review21's expression shapes instead (its children
# fault after a denied _exit(), a splat to the runner: read tap.log)
PARSE_WORST_ARGS ?=
PARSE_WORST_TIMEOUT ?= 900
PW := $(OBJ)/parse-worst
parse-worst: kernel $(GUEST_EXIT)
	@mkdir -p $(PW)/inst && printf '#!/bin/sh\nexit 0\n' > $(PW)/inst/run_kselftest.sh && chmod +x $(PW)/inst/run_kselftest.sh
	@gcc -O2 -Wall -static -isystem $(OBJ)/usr/include -o $(PW)/inst/parse_worst bench/parse_worst.c
	@$(MKINITRAMFS) $(PW)/initramfs.cpio harness/guest/init $(GUEST_EXIT) $(PW)/inst
	@ARCH=$(ARCH) harness/runner/run -a tcg -I -P 1 -n parse-worst$(LOGSFX) -T $(PARSE_WORST_TIMEOUT) -A "norandmaps tsc=reliable" -L $(LOGS) \
		-k $(OBJ)/$(KIMAGE) -i $(PW)/initramfs.cpio -c "/kselftest/parse_worst$(if $(PARSE_WORST_ARGS), $(PARSE_WORST_ARGS))"
	@grep -P '^\S+\t-?[0-9]+\t' $(LOGS)/parse-worst$(LOGSFX)/tap.log

# --- cleaning (never touches build/dev or any other developer tree) ----------
# removes this KSRC's objects (build/obj-<tree>, -debug), logs, helper, stamp
clean:
	rm -rf $(OBJ) $(OBJ_DEBUG) $(TOP)/build/obj-$(KNAME)-bench $(OBJ_PRISTINE) $(LOGS) $(GUEST_EXIT) $(DEPS_STAMP)

distclean: clean
	rm -rf build/linux
