# attackbench: GNU Make build.  `make help` lists the targets.
#
# This file says what the project builds: the program (src/main.c and the
# folders of src/, docs/architecture.md) and its unit tests, with the flags
# every build shares.  Each other concern has a fragment of mk/, included
# below where its targets stand in `make help`:
#   mk/levels.mk       make PORTABLE=1: the backends built again per x86-64 level
#   mk/tests.mk        make test, make check and the suite's variants
#   mk/platforms.mk    aarch64, WebAssembly and the web page, OpenCL, the portable suite
#   mk/comparisons.mk  attackbench beside a peer, gcc beside clang
#   mk/generate.mk     the committed files programs write (src/generated/, data/)
#   mk/results.mk      make results and its pipeline, charts, hyperfine, make bench
#   mk/checks.mk       sanitizers, fuzzing, valgrind, instruction counts, the layout
#   mk/install.mk      make install and make uninstall

# Every rule is written here: without make's built-in rules, it looks up
# no RCS, SCCS, yacc or lex source for each header a dependency file
# names (a tenth of a second at every make of a built tree, and the
# suite runs dozens).  `make -n` of every target of `make help` prints
# the same with or without them.
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:

# gcc unless the caller names another compiler (make CC=clang).
ifeq ($(origin CC),default)
CC = gcc
endif
# make PORTABLE=1 (mk/levels.mk) builds the driver for the baseline level.
ifeq ($(PORTABLE),1)
CFLAGS ?= $(PORTABLE_CFLAGS)
else
CFLAGS ?= -O2 -march=native
endif
# -Wno-psabi: without AVX-512, gcc notes that passing the 512-bit vectors
# of src/building_blocks/lanes.h changed its calling convention in GCC 4.6; they
# never cross a translation unit (all static, all inlined), so it cannot
# matter.
WARNINGS = -Wall -Wextra -Wno-psabi
# Lookups are timed one query at a time: gcc must not vectorise the query
# loops (clang is told per loop in include/attackbench/loops.h).
# Evaluated at its first use, once: a make that compiles nothing (help,
# install, the refusals the tests run) starts no compiler.
NO_LOOP_VECTORIZE = $(eval NO_LOOP_VECTORIZE := $(shell $(CC) -fno-tree-loop-vectorize -x c -c /dev/null -o /dev/null 2>/dev/null && echo -fno-tree-loop-vectorize))$(NO_LOOP_VECTORIZE)
# Threads: POSIX threads, except in the WebAssembly build (make wasm).
THREAD_FLAGS ?= -pthread
ALL_CFLAGS = -std=c17 $(WARNINGS) -Isrc -Iinclude $(CFLAGS) $(NO_LOOP_VECTORIZE) $(THREAD_FLAGS) -MMD -MP
# The flags are recorded in every result row.
# The commit the binary is built from, recorded in every output; "unknown"
# outside a git checkout.
GIT_COMMIT = $(eval GIT_COMMIT := $(shell git describe --always --dirty 2>/dev/null || echo unknown))$(GIT_COMMIT)
BUILD_INFO = -DATTACKBENCH_CFLAGS='"$(strip $(CFLAGS) $(NO_LOOP_VECTORIZE))$(PORTABLE_NOTE)"' -DATTACKBENCH_COMMIT='"$(GIT_COMMIT)"'
LDLIBS ?= -lm -pthread -ldl

BUILD ?= build
PROGRAM ?= attackbench
# Make cannot name a target whose path holds a space: refuse such a BUILD or
# PROGRAM at once, in one line, rather than with screens of rule warnings.
ifneq ($(words $(BUILD)) $(words $(PROGRAM)),1 1)
$(error BUILD and PROGRAM must be paths without spaces (BUILD=$(BUILD), PROGRAM=$(PROGRAM)))
endif
# The tree's own folders, and its own files (git ls-files): a PROGRAM or
# CLANG_PROGRAM naming one would be linked over it (make rebuilds a
# makefile named so even under -n), so such a name is refused at once.
SOURCE_FOLDERS = src include data scripts results tests docs examples mk web .ci .github .git
own_file = $(or $(filter $(addprefix $(CURDIR)/,$(addsuffix /%,$(SOURCE_FOLDERS)) Makefile),$(abspath $(1))),\
	$(shell git -C "$(CURDIR)" ls-files -- "$(abspath $(1))" 2>/dev/null | head -n 1))
ifneq ($(PROGRAM),attackbench)
ifneq ($(call own_file,$(PROGRAM)),)
$(error PROGRAM=$(PROGRAM) names a file of the tree's own: the link would write over it)
endif
endif
ifneq ($(origin CLANG_PROGRAM),file)
ifneq ($(call own_file,$(CLANG_PROGRAM)),)
$(error CLANG_PROGRAM=$(CLANG_PROGRAM) names a file of the tree's own: the link would write over it)
endif
endif
# The program as a command: ./attackbench for a relative PROGRAM, the path
# itself for an absolute one.
PROGRAM_PATH = $(if $(filter /%,$(PROGRAM)),$(PROGRAM),./$(PROGRAM))

DRIVER_FOLDERS = src/cli src/engine_view src/results src/verify src/measure src/chess src/platform src/base
DRIVER_SOURCES = $(wildcard $(addsuffix /*.c,$(DRIVER_FOLDERS))) $(DEVICE_SOURCES)
# The OpenCL device layer (src/device/): make opencl builds it whole
# (OPENCL=1), with the kernels of src/device/kernels/ and the generated
# OpenCL C of src/generated/ embedded; the plain build has only what needs
# no OpenCL headers, the catalogue of device techniques and no_opencl.c,
# which says how to get the rest.
DEVICE_FILES = $(wildcard src/device/*.c)
DEVICE_SOURCES = $(if $(filter 1,$(OPENCL)),$(filter-out src/device/no_opencl.c,$(DEVICE_FILES)),$(filter-out src/device/opencl_%.c,$(DEVICE_FILES)))
KERNEL_FILES = $(sort $(wildcard src/device/kernels/*.cl src/generated/*.cl))
# The kernels the catalogue names (src/device/device_techniques.c: each
# technique's kernel and generated source) and the prelude and driver of
# every program: make opencl stops when one is missing, rather than build
# a program that says so only when the technique runs.
CATALOGUED_KERNELS = prelude driver \
	$(shell sed -n 's/^ *{"[^"]*", "\([a-z0-9_]*\)",.*/\1/p' src/device/device_techniques.c) \
	$(shell sed -n 's/^ *{"[^"]*", "[^"]*", [A-Za-z0-9_]*, "\([a-z0-9_]*\)"},.*/\1/p' src/device/device_techniques.c)
ifeq ($(OPENCL),1)
MISSING_KERNELS = $(filter-out $(basename $(notdir $(KERNEL_FILES))),$(CATALOGUED_KERNELS))
ifneq ($(MISSING_KERNELS),)
$(error no kernel source for $(MISSING_KERNELS), which src/device/device_techniques.c names: src/device/kernels/NAME.cl or src/generated/NAME.cl is missing)
endif
endif
# The techniques (src/backends/, one file each) and what serves them: the
# registry, contract and plugin loader (src/registry/) and the tables and
# searches several share (src/building_blocks/).  The support code is
# built once; in a portable build the technique files once per level.
BACKEND_SOURCES = $(wildcard src/backends/*.c)
SUPPORT_SOURCES = $(wildcard src/registry/*.c src/building_blocks/*.c)
LIBRARY_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(DRIVER_SOURCES) $(SUPPORT_SOURCES) $(BACKEND_SOURCES))
MAIN_OBJECT = $(BUILD)/src/main.o
include mk/levels.mk
ifeq ($(OPENCL),1)
LIBRARY_OBJECTS += $(BUILD)/device/kernel_sources.o
endif
UNIT_TEST_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/*.c))

.PHONY: all clean help
all: $(PROGRAM)

$(PROGRAM): $(MAIN_OBJECT) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/unit_tests: $(UNIT_TEST_OBJECTS) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# BACKEND_CFLAGS, where a sub-build sets it, in place of CFLAGS for the
# technique files (the fuzz build's: mk/checks.mk).
ifneq ($(BACKEND_CFLAGS),)
$(BUILD)/src/backends/%.o: override CFLAGS = $(BACKEND_CFLAGS)
endif

$(BUILD)/device/kernel_sources.c: $(KERNEL_FILES) $(BUILD)/device/kernel-files scripts/generators/embed-kernels.sh
	@mkdir -p $(dir $@)
	@sh scripts/generators/embed-kernels.sh $@ $(KERNEL_FILES)
# The set of kernel files, rewritten only when it changes: a file removed,
# added or restored with an old time rewrites the embedded sources.
$(BUILD)/device/kernel-files: FORCE
	@mkdir -p $(dir $@)
	@echo '$(KERNEL_FILES)' | cmp -s - $@ || echo '$(KERNEL_FILES)' >$@
$(BUILD)/device/kernel_sources.o: $(BUILD)/device/kernel_sources.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# Rewritten only when the commit changes, so build_info.o follows it.
$(BUILD)/commit-stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(GIT_COMMIT)' | cmp -s - $@ || echo '$(GIT_COMMIT)' >$@
.PHONY: FORCE
FORCE:

$(BUILD)/src/platform/build_info.o: src/platform/build_info.c $(BUILD)/commit-stamp
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(BUILD_INFO) -c -o $@ $<

# The sub-builds: the program built again, into a folder of its own, with
# other flags (aarch64, wasm, portable, clang, sanitize, fuzz, valgrind).
# Each sub-build NAME says once its folder NAME_BUILD and its flags
# NAME_CFLAGS, and where they differ from the main build's its compiler
# NAME_CC, its program NAME_PROGRAM (default NAME_BUILD/attackbench) and
# other make options NAME_MAKE_OPTIONS.  $(call SUB_BUILD,NAME,TARGETS)
# makes TARGETS there, always with NAME_CFLAGS: a CFLAGS given to make on
# the command line (CI's -march=native -Werror) reaches every sub-make.
define SUB_BUILD
$(MAKE) --no-print-directory CC="$(or $($(1)_CC),$(CC))" CFLAGS="$($(1)_CFLAGS)" BUILD=$($(1)_BUILD) PROGRAM=$(or $($(1)_PROGRAM),$($(1)_BUILD)/attackbench) $($(1)_MAKE_OPTIONS) $(2)
endef

include mk/tests.mk
include mk/platforms.mk
include mk/comparisons.mk
include mk/generate.mk
include mk/results.mk
include mk/checks.mk

## clean: remove build products (never the tree, its source folders, nor outside it anything but an attackbench build)
CLEAN_PATHS = $(BUILD) $(PROGRAM) $(AARCH64_BUILD) $(OPENCL_BUILD) $(WASM_BUILD) $(WEB_BUILD) $(PORTABLE_BUILD) $(CLANG_BUILD) \
	$(CLANG_PROGRAM) $(SANITIZE_BUILD) $(FUZZ_BUILD) $(VALGRIND_BUILD) $(VALGRIND_BUILD).log
# The tree's own folders (SOURCE_FOLDERS, above): clean never removes them, nor anything in them;
# outside the tree it removes only an attackbench build or program
# (scripts/platforms/clean.sh), since rm -rf takes whatever BUILD names.
clean:
	@sh scripts/platforms/clean.sh "$(CURDIR)" "$(SOURCE_FOLDERS)" $(CLEAN_PATHS)

## help: this list
include mk/install.mk

# The `## ` lines of this file and, where it includes one, of the fragment,
# in that order.
help:
	@awk '/^include mk\/[a-z]+\.mk$$/ { while ((getline line < $$2) > 0) if (line ~ /^## /) print line; close($$2); next } \
		/^## /' Makefile | sed 's/^## /  make /'

# This build's dependency files alone: the sub-builds under $(BUILD)
# (sanitize, portable, wasm, ...) have their own, and reading them all made
# every make, even `make help`, take most of a second.
DEPENDENCY_FILES := $(shell find $(BUILD)/src $(BUILD)/tests $(addprefix $(BUILD)/,$(VARIANT_LEVELS)) -name '*.d' 2>/dev/null)
-include $(DEPENDENCY_FILES)
# Make tries to remake every makefile it includes first, each through its
# whole catalogue of built-in rules (RCS, SCCS, yacc, ...): 0.1 s of CPU
# for every make, even `make help`, with a built tree's 200 dependency
# files.  They are written by the compiler alone: an empty rule says so.
$(DEPENDENCY_FILES): ;
