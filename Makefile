# Build, boot and test harness for the seccomp bitmap-mode series (Linux 6.1).
#
#   make test         check, then check-debug (+ $(EXTRA_TEST_TARGETS)), then the 6.12
#                     check kernel (check-6.12); one summary line
#   make check        tree + series, tinyconfig kernel, kselftests, boot under qemu
#   make check-debug  the same on a KASAN/lockdep/kmemleak/UBSAN kernel
#   make lint         checkpatch --strict on series/, kernel-doc, W=1 + sparse vs pristine
#   make config-matrix build+boot+check with each qemu/matrix/*.config on top
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
# KERNEL=6.12 does any of these for Debian's linux-source-6.12 with the series
# in series/6.12 (tree build/linux-6.12, objects build/obj-linux-6.12*, logs
# build/logs/<target>-linux-6.12); the default, KERNEL=6.1, is linux-source-6.1
# with series/ in build/linux.
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
KNAME := $(notdir $(KSRC_ABS))
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
TEST_TARGETS ?= harness-check check check-debug $(EXTRA_TEST_TARGETS) $(TEST_TARGETS_612)

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

# qemu/base-6.12.config: what 6.12's tinyconfig changed (merged after base.config)
FRAGMENTS := qemu/base.config $(if $(KSFX),qemu/base$(KSFX).config) qemu/bitmap.config qemu/hostfs.config
# qemu/debug-6.12.config: what 6.12 no longer has (merged after debug.config)
FRAGMENTS_DEBUG := $(FRAGMENTS) qemu/debug.config $(if $(KSFX),qemu/debug$(KSFX).config)
# qemu/bench-6.12.config: 6.12 needs no MODULES for the JIT (see the file)
FRAGMENTS_BENCH := $(FRAGMENTS) qemu/bench.config $(if $(KSFX),qemu/bench$(KSFX).config)
DEPS_STAMP := $(TOP)/build/.deps-stamp$(KSFX)
GUEST_EXIT := $(TOP)/build/guest-exit

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
# qemu/packages, plus the kernel's source package; again whenever its
# tarball is missing
$(DEPS_STAMP): qemu/packages qemu/deps $(if $(wildcard $(TARBALL)),,FORCE)
	@qemu/deps qemu/packages $@ $(KPKG)
FORCE:

# --- kernel tree + series ----------------------------------------------------
tree: deps
ifeq ($(SERIES_SYNC),yes)
	@qemu/ksrc sync $(KSRC) $(SERIES) $(TARBALL)
else
	@echo "tree: SERIES_SYNC=$(SERIES_SYNC): using $(KSRC) as it is"
endif

series:
	@qemu/ksrc export $(KSRC) $(SERIES)

# --- kernels -----------------------------------------------------------------
kernel: tree
	@qemu/build-kernel $(KSRC) $(OBJ) $(FRAGMENTS)

kernel-debug: tree
	@qemu/build-kernel $(KSRC) $(OBJ_DEBUG) $(FRAGMENTS_DEBUG)

# --- seccomp-bitmap, the tree's tools/seccomp (static, the build's headers) --
tool: kernel
	@mkdir -p $(OBJ)/tools/seccomp
	@$(MAKE) -s --no-print-directory -C $(KSRC_ABS)/tools/seccomp O=$(OBJ)/tools/seccomp \
		KHDR_INCLUDES="-isystem $(OBJ)/usr/include"
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
		TARGETS="$(KSFT_TARGETS)" CC="gcc -static" install >$(1)/kselftest-build.log 2>&1 || \
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

$(GUEST_EXIT): qemu/guest-exit.c | deps
	@mkdir -p $(dir $@)
	gcc -static -O2 -Wall -o $@ $<

initramfs: selftests $(GUEST_EXIT)
	@qemu/mkinitramfs $(OBJ)/initramfs.cpio qemu/init $(GUEST_EXIT) $(OBJ)/kselftest/kselftest_install
initramfs-debug: selftests-debug $(GUEST_EXIT)
	@qemu/mkinitramfs $(OBJ_DEBUG)/initramfs.cpio qemu/init $(GUEST_EXIT) $(OBJ_DEBUG)/kselftest/kselftest_install

# --- boot and test -----------------------------------------------------------
# unit checks of the TAP accounting and the splat detector on crafted logs
harness-check:
	@mkdir -p $(LOGS)/harness-check$(LOGSFX)
	@l=$(LOGS)/harness-check$(LOGSFX); qemu/unit-test | tee $$l/log && rc=0 || rc=$$?; \
	qemu/count -v $$rc -o $$l/counts harness-check $$l/log

# checkpatch --strict on every patch, kernel-doc on every touched file, W=1
# and sparse against pristine on every touched C file (check kernel's config)
lint: kernel
	@qemu/lint $(KSRC) $(SERIES) $(LOGS)/lint$(LOGSFX) $(OBJ)/.config $(TOP)/build/warn-$(KNAME)

check: initramfs
	@qemu/run -n check$(LOGSFX) -k $(OBJ)/arch/x86/boot/bzImage -i $(OBJ)/initramfs.cpio \
		-t "$(TESTS)" -m $(CHECK_MEM) -T $(CHECK_TIMEOUT) -s $(CHECK_KSFT_TIMEOUT) -U -L $(LOGS)

check-debug: initramfs-debug
	@qemu/run -n check-debug$(LOGSFX) -k $(OBJ_DEBUG)/arch/x86/boot/bzImage -i $(OBJ_DEBUG)/initramfs.cpio \
		-t "$(TESTS)" -m $(DEBUG_MEM) -T $(DEBUG_TIMEOUT) -s $(DEBUG_KSFT_TIMEOUT) -U -K -L $(LOGS)

# --- config matrix -----------------------------------------------------------
# make config-matrix: for each qemu/matrix/NAME.config (MATRIX_CONFIGS to pick
# some), build the kernel from base + bitmap + that fragment in
# build/obj-<tree>-matrix-NAME, boot it and run the check tests (or the
# fragment's "# matrix-tests:" list); one line per configuration, then
# "config-matrix: N passed, N failed, N skipped" (configurations).
# make check-matrix MATRIX=NAME runs one of them. The loop is here (make
# drives): qemu/config-matrix only decides a skip and writes the TAP line.
MATRIX_CONFIGS ?= $(basename $(notdir $(wildcard qemu/matrix/*.config)))
MATRIX ?=
OBJ_MATRIX := $(TOP)/build/obj-$(KNAME)-matrix-$(MATRIX)
MATRIX_FRAG := qemu/matrix/$(MATRIX).config
MATRIX_TESTS = $(or $(shell sed -n 's/^\# matrix-tests: *//p' $(MATRIX_FRAG) 2>/dev/null),$(TESTS))

config-matrix: tree
	@o=$(LOGS)/config-matrix$(LOGSFX); mkdir -p $$o; rm -f $$o/summary $$o/counts; : > $$o/summary; n=0; \
	for m in $(MATRIX_CONFIGS); do \
	  n=$$((n+1)); t0=$$(date +%s); r=skip; \
	  if ! qemu/config-matrix skip $(KSRC) $$m >/dev/null; then \
	    echo "=== config-matrix: $$m (log: $$o/$$m.log)"; \
	    $(MAKE) --no-print-directory check-matrix MATRIX=$$m > $$o/$$m.log 2>&1 && r=0 || r=$$?; \
	  fi; \
	  qemu/config-matrix result $(KSRC) $$n $$m $$r $$(( $$(date +%s) - t0 )) $$o/$$m.log matrix-$$m$(LOGSFX) | tee -a $$o/summary; \
	done; \
	line=$$(qemu/count -v 0 -o $$o/counts config-matrix $$o/summary) && rc=0 || rc=1; \
	echo "$$line" | tee -a $$o/summary; exit $$rc

kernel-matrix: tree
	@test -n "$(MATRIX)" -a -f "$(MATRIX_FRAG)" || { echo "kernel-matrix: MATRIX=NAME of a qemu/matrix/NAME.config" >&2; exit 1; }
	@qemu/build-kernel $(KSRC) $(OBJ_MATRIX) $(FRAGMENTS) $(MATRIX_FRAG)
selftests-matrix: kernel-matrix
	$(call build_selftests,$(OBJ_MATRIX))
initramfs-matrix: selftests-matrix $(GUEST_EXIT)
	@qemu/mkinitramfs $(OBJ_MATRIX)/initramfs.cpio qemu/init $(GUEST_EXIT) $(OBJ_MATRIX)/kselftest/kselftest_install
check-matrix: initramfs-matrix
	@qemu/run -n matrix-$(MATRIX)$(LOGSFX) -k $(OBJ_MATRIX)/arch/x86/boot/bzImage -i $(OBJ_MATRIX)/initramfs.cpio \
		-t "$(MATRIX_TESTS)" -m $(CHECK_MEM) -T $(CHECK_TIMEOUT) -s $(CHECK_KSFT_TIMEOUT) -U -L $(LOGS)

# --- trinity in bitmap mode ---------------------------------------------------
# Debian's trinity (qemu/packages) in the guest, started by
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
	@command -v trinity >/dev/null || { echo "trinity: not installed (apt-get install trinity; listed in qemu/packages)" >&2; exit 1; }
	@qemu/mkinitramfs $(TRINITY_OBJ)/initramfs-trinity.cpio qemu/init $(GUEST_EXIT) \
		$(TRINITY_OBJ)/kselftest/kselftest_install $$(command -v trinity)
	@echo "trinity: seed $(TRINITY_SEED), at most $(TRINITY_OPS) syscalls and $(TRINITY_SECS) s, $(TRINITY_KERNEL) kernel"
	@qemu/run -n trinity$(LOGSFX) -k $(TRINITY_OBJ)/arch/x86/boot/bzImage -i $(TRINITY_OBJ)/initramfs-trinity.cpio \
		-m $(DEBUG_MEM) -T $$(( $(TRINITY_SECS) + 900 )) $(if $(filter check,$(TRINITY_KERNEL)),,-K) -L $(LOGS) \
		-c 'cd /tmp && /kselftest/seccomp_bitmap/bitmap_trinity_launcher -t $(TRINITY_SECS) -- /usr/bin/trinity $(TRINITY_ARGS)'

# TARGET-6.12: `make TARGET KERNEL=6.12` on build/linux-6.12, for make test
%-6.12:
	@rm -f $(LOGS)/$*-linux-6.12/counts $(LOGS)/$*-6.12/counts; mkdir -p $(LOGS)/$*-6.12; rc=0; \
	$(MAKE) --no-print-directory $* KERNEL=6.12 KSRC=build/linux-6.12 || rc=$$?; \
	if [ -f $(LOGS)/$*-linux-6.12/counts ]; then cp $(LOGS)/$*-linux-6.12/counts $(LOGS)/$*-6.12/counts; fi; \
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
	qemu/count -s test $$sums | tee $(LOGS)/test/summary || true; \
	exit $$rc

# every prefix builds on its own (a worktree of KSRC, incremental, ccache),
# then the whole series boots and passes `make check`
bisect-check: tree
	@rm -f $(LOGS)/bisect-check$(LOGSFX)/builds/counts $(LOGS)/check$(LOGSFX)/counts
	@l=$(LOGS)/bisect-check$(LOGSFX); mkdir -p $$l; rc=0; \
	qemu/bisect-check $(KSRC) $(TOP)/build/bisect-$(KNAME) $(OBJ)-bisect $$l/builds $(FRAGMENTS) || rc=1; \
	$(MAKE) --no-print-directory check || rc=1; \
	qemu/count -s -o $$l/counts bisect-check $$l/builds/counts $(LOGS)/check$(LOGSFX)/counts || rc=1; \
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
		qemu/submission mbox $(KSRC) $(SERIES) $(BITMAP_TESTS_DIR) $(SUBMISSION) $(SUBMISSION_DIR)
	@$(MAKE) --no-print-directory submission-check
submission-check:
	@l=$(LOGS)/submission$(LOGSFX); mkdir -p $$l; \
	qemu/submission check $(KSRC) $(SUBMISSION) $(SUBMISSION_DIR) $(SUBMISSION_DIR)/obj-$(KNAME) $(FRAGMENTS) \
		| tee $$l/log && rc=0 || rc=1; \
	qemu/count -v $$rc -o $$l/counts submission $$l/log

# --- benchmark ---------------------------------------------------------------
# The bench kernel is qemu/bench.config on top of the check kernel's
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
# the initramfs with their libraries by qemu/mkinitramfs): BENCH_MACRO_BINS.
BENCH_KERNEL ?= jit
ifeq ($(BENCH_KERNEL),jit)
OBJ_BENCH := $(TOP)/build/obj-$(KNAME)-bench
BENCH_KDEP := kernel-bench
else
OBJ_BENCH := $(OBJ)
BENCH_KDEP := kernel
endif
BENCH_STAGE := $(OBJ_BENCH)/bench-stage
BENCH_RESULTS := $(TOP)/bench/results$(KSFX)
BENCH_ARGS ?=
BENCH_PRISTINE ?= yes
PRISTINE_SRC := $(TOP)/build/pristine/$(KNAME)
OBJ_PRISTINE := $(TOP)/build/pristine/obj-$(KNAME)-bench
BENCH_MACRO_BINS ?= /usr/bin/sha256sum /usr/bin/gzip /usr/bin/find /usr/bin/tar
BENCH_MACRO_PKGS ?= coreutils gzip findutils tar libseccomp-dev
kernel-bench: tree
	@qemu/build-kernel $(KSRC) $(TOP)/build/obj-$(KNAME)-bench $(FRAGMENTS_BENCH)

# the tree's `pristine` tag (the Debian source without the series), extracted
pristine-tree: tree
	@qemu/pristine-tree $(KSRC) $(PRISTINE_SRC)

kernel-bench-pristine: pristine-tree
	@qemu/build-kernel $(PRISTINE_SRC) $(OBJ_PRISTINE) $(FRAGMENTS_BENCH)

bench-programs: $(BENCH_KDEP) $(GUEST_EXIT)
	@$(MAKE) -s --no-print-directory -C bench OBJ=$(OBJ_BENCH) KSRC=$(KSRC_ABS) STAGE=$(BENCH_STAGE)
	@dpkg-query -W -f='$${Package} $${Version}\n' $(BENCH_MACRO_PKGS) | sort -u > $(BENCH_STAGE)/host-versions
	@qemu/mkinitramfs $(OBJ_BENCH)/bench-initramfs.cpio qemu/init $(GUEST_EXIT) $(BENCH_STAGE) $(BENCH_MACRO_BINS)

bench: bench-programs $(if $(filter yes,$(BENCH_PRISTINE)),kernel-bench-pristine)
	@t0=$$(date +%s); rc=0; \
	BENCH_PRISTINE_KERNEL=$(if $(filter yes,$(BENCH_PRISTINE)),$(OBJ_PRISTINE)/arch/x86/boot/bzImage) \
	bench/run $(OBJ_BENCH)/arch/x86/boot/bzImage $(OBJ_BENCH)/bench-initramfs.cpio \
		$(BENCH_RESULTS) $(BENCH_ARGS) || rc=$$?; \
	echo "bench: $$(( $$(date +%s) - t0 )) s; report: bench/results$(KSFX)/report.md"; exit $$rc

# the most parsing and memory one unprivileged task can make a call cost,
# and the chain cap (bench/parse_worst.c), under -icount: instructions
PW := $(OBJ)/parse-worst
parse-worst: kernel $(GUEST_EXIT)
	@mkdir -p $(PW)/inst && printf '#!/bin/sh\nexit 0\n' > $(PW)/inst/run_kselftest.sh && chmod +x $(PW)/inst/run_kselftest.sh
	@gcc -O2 -Wall -static -isystem $(OBJ)/usr/include -o $(PW)/inst/parse_worst bench/parse_worst.c
	@qemu/mkinitramfs $(PW)/initramfs.cpio qemu/init $(GUEST_EXIT) $(PW)/inst
	@qemu/run -a tcg -I -P 1 -n parse-worst$(LOGSFX) -T 900 -A "norandmaps tsc=reliable" -L $(LOGS) \
		-k $(OBJ)/arch/x86/boot/bzImage -i $(PW)/initramfs.cpio -c /kselftest/parse_worst
	@grep -P '^\S+\t-?[0-9]+\t' $(LOGS)/parse-worst$(LOGSFX)/tap.log

# --- cleaning (never touches build/dev or any other developer tree) ----------
# removes this KSRC's objects (build/obj-<tree>, -debug), logs, helper, stamp
clean:
	rm -rf $(OBJ) $(OBJ_DEBUG) $(TOP)/build/obj-$(KNAME)-bench $(OBJ_PRISTINE) $(LOGS) $(GUEST_EXIT) $(DEPS_STAMP)

distclean: clean
	rm -rf build/linux
