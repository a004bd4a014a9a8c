# attackbench: GNU Make build.  `make help` lists the targets.

# gcc unless the caller names another compiler (make CC=clang).
ifeq ($(origin CC),default)
CC = gcc
endif
# make PORTABLE=1: one x86-64 binary for a fleet of CPUs.  The driver and
# a baseline copy of every backend are built for the baseline level
# (x86-64-v2); each backend file is also built for the levels above it,
# and the program picks, per backend, the highest level the CPU has
# (src/registry/registry.c).  The levels, their flags and features:
# src/platform/x86_64_levels.h, read here.
X86_64_LEVELS = src/platform/x86_64_levels.h
X86_64_BASELINE := x86-64-v$(shell sed -n 's/^\#define X86_64_BASELINE_LEVEL //p' $(X86_64_LEVELS))
# The portable build's flags are its own: a CFLAGS given to make test or
# make check (-march=native) reaches its sub-make and must not replace them.
PORTABLE_CFLAGS ?= -O2 -march=$(X86_64_BASELINE) -mtune=generic
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
NO_LOOP_VECTORIZE := $(shell $(CC) -fno-tree-loop-vectorize -x c -c /dev/null -o /dev/null 2>/dev/null && echo -fno-tree-loop-vectorize)
# Threads: POSIX threads, except in the WebAssembly build (make wasm).
THREAD_FLAGS ?= -pthread
ALL_CFLAGS = -std=c17 $(WARNINGS) -Isrc -Iinclude $(CFLAGS) $(NO_LOOP_VECTORIZE) $(THREAD_FLAGS) -MMD -MP
# The flags are recorded in every result row.
# The commit the binary is built from, recorded in every output; "unknown"
# outside a git checkout.
GIT_COMMIT := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
BUILD_INFO = -DATTACKBENCH_CFLAGS='"$(strip $(CFLAGS) $(NO_LOOP_VECTORIZE))$(PORTABLE_NOTE)"' -DATTACKBENCH_COMMIT='"$(GIT_COMMIT)"'
LDLIBS ?= -lm -pthread -ldl

BUILD ?= build
PROGRAM ?= attackbench

DRIVER_FOLDERS = src/cli src/results src/verify src/measure src/chess src/platform src/base
DRIVER_SOURCES = $(wildcard $(addsuffix /*.c,$(DRIVER_FOLDERS))) $(DEVICE_SOURCES)
# The OpenCL device layer (src/device/): make opencl builds it whole
# (OPENCL=1), with the kernels of src/device/kernels/ embedded; the plain
# build has only what needs no OpenCL headers, the catalogue of device
# techniques and no_opencl.c, which says how to get the rest.
DEVICE_FILES = $(wildcard src/device/*.c)
DEVICE_SOURCES = $(if $(filter 1,$(OPENCL)),$(filter-out src/device/no_opencl.c,$(DEVICE_FILES)),$(filter-out src/device/opencl_%.c,$(DEVICE_FILES)))
KERNEL_FILES = $(sort $(wildcard src/device/kernels/*.cl))
# The techniques (src/backends/, one file each) and what serves them: the
# registry, contract and plugin loader (src/registry/) and the tables and
# searches several share (src/building_blocks/).  The support code is
# built once; in a portable build the technique files once per level.
BACKEND_SOURCES = $(wildcard src/backends/*.c)
SUPPORT_SOURCES = $(wildcard src/registry/*.c src/building_blocks/*.c)
LIBRARY_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(DRIVER_SOURCES) $(SUPPORT_SOURCES) $(BACKEND_SOURCES))
MAIN_OBJECT = $(BUILD)/src/main.o

VARIANT_SOURCES = $(BACKEND_SOURCES)
# The rows X(ARGUMENT, SUFFIX, "NAME", LEVEL, "FLAGS", EXTRA) of the table.
VARIANT_ROW_PATTERN = ^ *X(ARGUMENT, \([a-z0-9]*\), "\([^"]*\)", [0-9], "\([^"]*\)".*
VARIANT_LEVELS := $(shell sed -n 's/$(VARIANT_ROW_PATTERN)/\1/p' $(X86_64_LEVELS))
VARIANT_NAMES := $(shell sed -n 's/$(VARIANT_ROW_PATTERN)/\2/p' $(X86_64_LEVELS) | tac | paste -sd, | sed 's/,/, /g')
VARIANT_FLAGS = $(shell sed -n 's/$(subst [a-z0-9]*,$(1),$(VARIANT_ROW_PATTERN))/\3/p' $(X86_64_LEVELS))
ifeq ($(PORTABLE),1)
LIBRARY_OBJECTS += $(foreach level,$(VARIANT_LEVELS),$(patsubst %.c,$(BUILD)/$(level)/%.o,$(VARIANT_SOURCES)))
PORTABLE_NOTE = ; backends also for $(VARIANT_NAMES), chosen at run time
# The refusal of a CPU below the baseline runs before any code built for
# it: its file is built for the first level, which every x86-64 CPU has.
$(BUILD)/src/platform/x86_64_levels.o: ALL_CFLAGS += -march=x86-64 -DATTACKBENCH_BASELINE_GUARD
endif
ifeq ($(OPENCL),1)
LIBRARY_OBJECTS += $(BUILD)/device/kernel_sources.o
endif
UNIT_TEST_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/*.c))

.PHONY: all test check check-builds check-scripts test-bare bench clean help sanitize fuzz valgrind positions results results-quick results-merge plots hyperfine instructions peer-comparison \
	instructions-build install uninstall opencl test-opencl test-aarch64 test-portable wasm test-wasm results-wasm web test-web compilers generate spectral-magic-switched folding-hash-search format check-format \
	baseline-instructions compare-instructions base-instructions
all: $(PROGRAM)

$(PROGRAM): $(MAIN_OBJECT) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/unit_tests: $(UNIT_TEST_OBJECTS) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

define VARIANT_RULE
$$(BUILD)/$(1)/%.o: %.c scripts/platforms/variant-object.sh
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) $(call VARIANT_FLAGS,$(1)) -c -o $$@ $$<
	@sh scripts/platforms/variant-object.sh $$@ $(1)
endef
$(foreach level,$(VARIANT_LEVELS),$(eval $(call VARIANT_RULE,$(level))))

$(BUILD)/device/kernel_sources.c: $(KERNEL_FILES) scripts/generators/embed-kernels.sh
	@mkdir -p $(dir $@)
	@sh scripts/generators/embed-kernels.sh $@ $(KERNEL_FILES)
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

# The binaries under test, for tests/run.sh (tests/README.md).
TEST_BINARIES = ATTACKBENCH=$(abspath $(PROGRAM)) ATTACKBENCH_UNIT_TESTS=$(abspath $(BUILD)/unit_tests)
## test: the unit tests, every backend verified exhaustively against the reference, every command's contract (tests/cli, about a minute)
test: $(PROGRAM) $(BUILD)/unit_tests
	@$(TEST_BINARIES) bash tests/run.sh

## check: the slow tests: tests/check, the layout of the C sources (check-format), the suite under sanitizers, valgrind, the portable build, without the optional tools
check: check-scripts check-format sanitize valgrind test-portable test-bare
# The valgrind build counts the engine wrapper where valgrind cannot run
# the main build (AVX-512): tests/check/plugin_instructions.sh.
check-scripts: $(PROGRAM) $(BUILD)/unit_tests instructions-build
	@$(TEST_BINARIES) bash tests/run.sh --check

## check-builds: the sub-builds make check runs (sanitize, valgrind, portable), built first so that `make -j2 check-builds` compiles them in parallel
check-builds:
	+@$(call SUB_BUILD,SANITIZE,$(SANITIZE_BUILD)/attackbench $(SANITIZE_BUILD)/unit_tests)
	+@$(call SUB_BUILD,VALGRIND,$(VALGRIND_PROGRAM))
	+@$(call SUB_BUILD,PORTABLE,$(PORTABLE_BUILD)/attackbench $(PORTABLE_BUILD)/unit_tests)

## test-bare: the test suite with gnuplot, hyperfine, valgrind and clang hidden from PATH (their tests must skip)
test-bare: $(PROGRAM) $(BUILD)/unit_tests
	@$(TEST_BINARIES) bash tests/bare-path.sh

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

## test-aarch64: the suite on a static aarch64 build (aarch64-linux-gnu-gcc) under qemu-aarch64, in build/aarch64
AARCH64_CC ?= aarch64-linux-gnu-gcc
AARCH64_BUILD = build/aarch64
AARCH64_CFLAGS = -O2 -DATTACKBENCH_STATIC
AARCH64_MAKE_OPTIONS = -s LDFLAGS=-static
test-aarch64:
	@command -v $(AARCH64_CC) >/dev/null || { echo "test-aarch64 needs $(AARCH64_CC) (Debian: apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross)" >&2; exit 2; }
	+@$(call SUB_BUILD,AARCH64,$(AARCH64_BUILD)/attackbench $(AARCH64_BUILD)/unit_tests)
	@bash tests/aarch64.sh $(AARCH64_BUILD)/attackbench $(AARCH64_BUILD)/unit_tests

## wasm: the program for wasm32-wasi (clang, lld, wasi-libc) into build/wasm/attackbench.wasm, with build/wasm/attackbench running it under node
# Debian's packages: clang, lld, wasi-libc and libclang-rt-dev-wasm32 (or
# the versioned libclang-rt-NN-dev-wasm32 of the installed clang).  WASI
# has no signals, threads, memory maps or process clocks; wasi-libc's small
# emulations of signal(), mmap() and clock() serve the few calls left
# (src/platform/wasm.h says what is absent and where).
WASM_CC ?= clang
WASM_BUILD = build/wasm
WASM_TARGET_FLAGS = --target=wasm32-wasi --sysroot=/usr -D_POSIX_C_SOURCE=200809L -D_WASI_EMULATED_SIGNAL -D_WASI_EMULATED_MMAN \
	-D_WASI_EMULATED_PROCESS_CLOCKS -DATTACKBENCH_STATIC
WASM_CFLAGS = -O2 $(WASM_TARGET_FLAGS)
WASM_PROGRAM = $(WASM_BUILD)/attackbench.wasm
WASM_LDLIBS = -lm -lwasi-emulated-signal -lwasi-emulated-mman -lwasi-emulated-process-clocks -Wl,-z,stack-size=1048576
WASM_MAKE_OPTIONS = -s THREAD_FLAGS= LDLIBS="$(WASM_LDLIBS)"
wasm:
	@bash scripts/platforms/wasm-toolchain.sh $(WASM_CC)
	+@$(call SUB_BUILD,WASM,$(WASM_PROGRAM))
	@sh scripts/platforms/wasm-runner.sh $(WASM_BUILD)/attackbench.wasm $(WASM_BUILD)/attackbench

## test-wasm: the suite on the WebAssembly build (make wasm) under node's WASI, in build/wasm
test-wasm: wasm
	+@$(call SUB_BUILD,WASM,$(WASM_BUILD)/unit_tests)
	@sh scripts/platforms/wasm-runner.sh $(WASM_BUILD)/unit_tests $(WASM_BUILD)/unit_tests-node
	@bash tests/wasm.sh $(WASM_BUILD)/attackbench $(WASM_BUILD)/unit_tests-node

## web: a static site in build/web (index.html runs attackbench.wasm in a Web Worker on the visitor's CPU; the committed results sortable)
WEB_BUILD = build/web
web: wasm
	@mkdir -p $(WEB_BUILD)
	cp web/index.html web/app.js web/worker.js web/wasi-shim.js web/style.css $(WASM_BUILD)/attackbench.wasm $(WEB_BUILD)/
	python3 scripts/results/web-results.py results $(WEB_BUILD)/results.js

## test-web: the page of make web in headless Chromium (Debian's chromium): every portable technique's bar and checksum, the chart, the committed results (also opened as a file), bad input; a screenshot into $(BUILD)/web-screenshot.png
CHROMIUM ?= $(or $(shell command -v chromium 2>/dev/null),$(shell command -v chromium-browser 2>/dev/null))
WEB_SCREENSHOT ?= $(BUILD)/web-screenshot.png
test-web: web
	@if [ -z "$(CHROMIUM)" ]; then echo "test-web skipped: no chromium (Debian: apt-get install chromium)"; exit 0; fi; \
	node tests/web.cjs $(CHROMIUM) $(WEB_BUILD) $(WASM_BUILD)/attackbench $(WEB_SCREENSHOT)

## results-wasm: every portable technique under node beside the native build (random and pieces, queen, batched), ratios, into results/wasm/<machine>-<date>.* (never another CPU's file)
results-wasm: wasm $(PROGRAM)
	@mkdir -p results/wasm
	nice python3 scripts/results/results-wasm --findings=docs/findings.md ./$(PROGRAM) $(WASM_BUILD)/attackbench results/wasm

## opencl: the program with the OpenCL device layer (--device=opencl, --list-devices; docs/gpu.md) into build/opencl/attackbench; needs Debian's ocl-icd-opencl-dev and opencl-c-headers to build, an OpenCL driver (pocl-opencl-icd, NVIDIA's) to run
OPENCL_BUILD = build/opencl
# OPENCL_INCLUDE: where CL/cl.h is when not in the compiler's own path
# (-I/usr/local/cuda/include: the CUDA toolkit's, scripts/comparisons/device-check).
OPENCL_INCLUDE ?=
OPENCL_CFLAGS = $(CFLAGS) $(OPENCL_INCLUDE)
OPENCL_MAKE_OPTIONS = -s OPENCL=1
OPENCL_HEADERS = $(shell printf '\043define CL_TARGET_OPENCL_VERSION 120\n\043include <CL/cl.h>\n' | $(CC) $(OPENCL_INCLUDE) -E -x c - >/dev/null 2>&1 && echo yes)
OPENCL_NO_HEADERS = no OpenCL headers (Debian: apt-get install ocl-icd-opencl-dev opencl-c-headers)
opencl:
	@[ -n "$(OPENCL_HEADERS)" ] || { echo "make opencl needs $(OPENCL_NO_HEADERS)" >&2; exit 2; }
	+@$(call SUB_BUILD,OPENCL,$(OPENCL_BUILD)/attackbench)

## test-opencl: the device suite (tests/opencl.sh) on make opencl's program and the first OpenCL device (PoCL in CI): every device technique verified in every formulation, the planted faults caught, the bad input; skipped, saying why, without OpenCL headers or platform
test-opencl:
	@if [ -z "$(OPENCL_HEADERS)" ]; then echo "test-opencl skipped: $(OPENCL_NO_HEADERS)"; exit 0; fi
	+@$(call SUB_BUILD,OPENCL,$(OPENCL_BUILD)/attackbench)
	@ATTACKBENCH=$(OPENCL_BUILD)/attackbench bash tests/opencl.sh

## test-portable: the suite on make PORTABLE=1 (the baseline level with run-time choice of the higher levels' backend code: src/platform/x86_64_levels.h), every level verified
PORTABLE_BUILD = build/portable
PORTABLE_MAKE_OPTIONS = -s PORTABLE=1
test-portable:
	+@$(call SUB_BUILD,PORTABLE,$(PORTABLE_BUILD)/attackbench $(PORTABLE_BUILD)/unit_tests)
	@export ATTACKBENCH=$(PORTABLE_BUILD)/attackbench ATTACKBENCH_UNIT_TESTS=$(PORTABLE_BUILD)/unit_tests; \
		bash tests/run.sh tests/portable.sh && bash tests/run.sh

## peer-comparison: attackbench beside Gigantua's Chess_Movegen (built from PEER=/tmp/Chess_Movegen, never committed) in both query layouts, into docs/peer-comparison.md (NOTE="..." heads the page; RUNS=N alternating runs, default 2)
PEER ?= /tmp/Chess_Movegen
peer-comparison:
	@$(MAKE) --no-print-directory -s CC=gcc $(PROGRAM)
	+@$(call SUB_BUILD,CLANG,$(CLANG_PROGRAM))
	nice python3 scripts/comparisons/peer-comparison --peer=$(PEER) $(if $(RUNS),--runs=$(RUNS)) $(if $(NOTE),--note="$(NOTE)") \
	    ./$(PROGRAM) $(CLANG_PROGRAM)

## compilers: each method's time built by gcc against clang on this machine (random queens, batched), those more than 10% apart marked; then the multi-square kernels on their own workload (sides of data/positions.fen)
# The clang build has the flags of the gcc build it is compared with.
CLANG_CC = clang
CLANG_BUILD = build/clang
CLANG_PROGRAM = build/attackbench-clang
CLANG_CFLAGS = $(CFLAGS)
CLANG_MAKE_OPTIONS = -s
compilers:
	@$(MAKE) --no-print-directory -s CC=gcc $(PROGRAM)
	+@$(call SUB_BUILD,CLANG,$(CLANG_PROGRAM))
	@python3 scripts/comparisons/compilers ./$(PROGRAM) $(CLANG_PROGRAM)
	@kernels=$$(./$(PROGRAM) --list | awk '$$2 == "available" && / native sides /{printf "%s%s", sep, $$1; sep = ","}'); \
	echo; if [ -z "$$kernels" ]; then echo "No multi-square kernel runs on this CPU."; else \
	echo "The multi-square kernels (native sides) on the sides of data/positions.fen, ns per slider:"; \
	python3 scripts/comparisons/compilers ./$(PROGRAM) $(CLANG_PROGRAM) --workload=sides --reps=9 -q -m "$$kernels" data/positions.fen; fi

## generate: every committed file a program writes, written again in place but the two slow searches (scripts/generators/generate.sh fast: src/generated/ and data/positions.fen, about 40 s of CPU; git diff shows what changed)
# The generators and which are slow: scripts/generators/generate.sh.  make test
# checks that the quick ones write the committed bytes, make check the
# others of make generate (tests/cli/generated.sh, tests/check/generated_fast.sh).
GENERATE = CC=$(CC) nice -n 10 bash scripts/generators/generate.sh --program ./$(PROGRAM)
generate: $(PROGRAM)
	@$(GENERATE) fast
## spectral-magic-switched: search spectral-magic-switched's shifts again into src/generated/spectral_magic_switched_shifts.h (about a minute of CPU under nice; not part of make generate)
spectral-magic-switched:
	@$(GENERATE) spectral-magic-switched
## folding-hash-search: search folding-hash's factors and offsets again into src/generated/folding_hash_factors.h (about 10 minutes of CPU under nice; not part of make generate)
folding-hash-search:
	@$(GENERATE) folding-hash

## results: full benchmark (gcc, and clang when installed), report, charts and hyperfine timings into results/ (PLUGINS="a.so b.so" adds your own)
# $(PWD) is the folder make was started in, before any -C.
results: export PLUGINS := $(PLUGINS)
results: export RESULTS_CALLER_DIR := $(PWD)
results:
	bash scripts/results/$(if $(QUICK),results-quick.sh,results.sh)

## results-quick: the short form (also make results QUICK=1): every backend, gcc and clang, random and pieces queens batched, a short perft on every CPU, into results/<cpu>-<date>/ (a few minutes on 2 cores)
results-quick:
	bash scripts/results/results-quick.sh

## results-merge: merge machine folders of make results-quick (DIRS="a b") into results/, rewriting results/README.md and the page's committed results
results-merge:
	scripts/results/results-merge $(DIRS)

## plots: SVG and PNG charts of the runs make results wrote (results/*-manifest.json; or FILES="...") into results/plots; needs gnuplot
plots:
	scripts/results/plot -o results/plots $(or $(FILES),$(CSV),$(wildcard results/*-manifest.json))

## hyperfine: every method as a whole process, init included, into results/hyperfine.md and .json; needs hyperfine
hyperfine: $(PROGRAM)
	ATTACKBENCH=./$(PROGRAM) bash scripts/comparisons/hyperfine.sh results

## positions: regenerate data/positions.fen with the project's own generator (also part of make generate)
positions: $(PROGRAM)
	@$(GENERATE) positions

## bench: every backend on data/positions.fen and on random occupancies, both dispatch modes; ends with the fastest per piece
# The build is quiet (warnings and errors only) and uses every CPU.
BENCH_CSV = $(BUILD)/bench.csv
bench:
	@$(MAKE) --no-print-directory -s -j$$(nproc 2>/dev/null || echo 2) $(PROGRAM)
	@mkdir -p $(dir $(BENCH_CSV))
	./$(PROGRAM) --workload=pieces,random --csv=$(BENCH_CSV) data/positions.fen
	@echo "The full tables are above; every row with its samples is in $(BENCH_CSV) (columns: docs/file-formats.md)."

## sanitize: the whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer
SANITIZE_BUILD = build/sanitize
SANITIZE_CFLAGS = -O1 -g -march=native -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
sanitize:
	+$(call SUB_BUILD,SANITIZE,$(SANITIZE_BUILD)/attackbench $(SANITIZE_BUILD)/unit_tests)
	ASAN_OPTIONS=abort_on_error=0:detect_leaks=1:malloc_fill_byte=0 UBSAN_OPTIONS=print_stacktrace=1 \
		ATTACKBENCH=$(SANITIZE_BUILD)/attackbench ATTACKBENCH_UNIT_TESTS=$(SANITIZE_BUILD)/unit_tests bash tests/run.sh

## fuzz: libFuzzer on the FEN/EPD parser, the file reader, EPD operations and perft, the option parser and the result readers of compare, FUZZ_SECONDS each, side by side (clang)
FUZZ_SECONDS ?= 30
# clang, or the newest versioned clang-NN where only that is installed (Ubuntu 24.04).
FUZZ_CC ?= $(or $(shell command -v clang 2>/dev/null),$(lastword $(sort $(wildcard /usr/bin/clang-[0-9]*))),clang)
# Each target with the longest input it is given.
FUZZ_TARGETS = position:512 reader:4096 perft:512 options:256 results:8192
FUZZ_NAMES = $(foreach target,$(FUZZ_TARGETS),$(firstword $(subst :, ,$(target))))
# The library is compiled once with sanitizer coverage; each target links it.
FUZZ_BUILD = build/fuzz
FUZZ_CFLAGS = -g -O1 -march=native -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
fuzz:
	+$(call SUB_BUILD,FUZZ,$(patsubst %,$(FUZZ_BUILD)/fuzz_%,$(FUZZ_NAMES)))
	@pids=; \
	for target in $(FUZZ_TARGETS); do \
		name=$${target%%:*}; seeds=tests/fuzz/seeds-$$name; mkdir -p $(FUZZ_BUILD)/corpus-$$name; \
		ASAN_OPTIONS=malloc_fill_byte=0 $(FUZZ_BUILD)/fuzz_$$name -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=$${target#*:} \
			-artifact_prefix=$(FUZZ_BUILD)/$$name- $(FUZZ_BUILD)/corpus-$$name $$seeds >$(FUZZ_BUILD)/$$name.log 2>&1 & \
		pids="$$pids $$!"; \
	done; \
	failed=0; set -- $$pids; \
	for name in $(FUZZ_NAMES); do \
		if wait $$1; then echo "fuzz_$$name:"; grep -E '^Done' $(FUZZ_BUILD)/$$name.log; \
		else failed=1; echo "fuzz_$$name FAILED:"; tail -40 $(FUZZ_BUILD)/$$name.log; fi; \
		shift; \
	done; \
	exit $$failed

# The fuzz targets, linked in the $(FUZZ_BUILD) tree (see fuzz); the headers
# named by the dependency file are prerequisites, not inputs.
$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $(filter %.c %.o,$^) $(LDLIBS)

## valgrind: a short run of every backend under valgrind memcheck, built for x86-64-v3
# valgrind 3.19 cannot decode AVX-512, and -march=native emits it on CPUs
# that have it, so this binary targets AVX2 and BMI2 only.  Under valgrind
# CPUID reports no AVX-512 either, so backends that need it list themselves
# as unavailable, with the reason, instead of being run.
VALGRIND_BUILD = build/valgrind
VALGRIND_PROGRAM = $(VALGRIND_BUILD)/attackbench
VALGRIND_CFLAGS = -O2 -g $(if $(filter x86_64%,$(shell $(CC) -dumpmachine 2>/dev/null)),-march=x86-64-v3)
VALGRIND = valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite -q
## instructions-build: only the build valgrind can run, build/valgrind/attackbench (for --count=instructions, as in examples/plugin/compare-builds.sh)
instructions-build:
	+@$(call SUB_BUILD,VALGRIND,$(VALGRIND_PROGRAM))
valgrind:
	+$(call SUB_BUILD,VALGRIND,$(VALGRIND_PROGRAM))
	$(VALGRIND) $(VALGRIND_PROGRAM) --list >$(VALGRIND_BUILD)/list.txt
	@awk '$$2 == "unavailable" { print "valgrind: skipped " $$1 ": " $$2, $$3, $$4, $$5, $$6 }' $(VALGRIND_BUILD)/list.txt
	$(VALGRIND) $(VALGRIND_PROGRAM) --workload=random --reps=1 --calls=1000 --queries=1000 --timer=clock -q --format=csv >/dev/null
	$(VALGRIND) $(VALGRIND_PROGRAM) --dump tests/data/boards.fen >/dev/null

## instructions: instructions per lookup of every backend under callgrind (the valgrind build) into $(BUILD)/instructions.csv
# valgrind 3.19 cannot decode AVX-512 or GFNI, so the counts come from the
# x86-64-v3 build `make valgrind` uses, and backends that need those are
# skipped with the reason (ATTACKBENCH_HIDE_FEATURES).
COUNT_PROGRAM = $(VALGRIND_PROGRAM)
# One square at a time on the random stream, and the side-wise workloads
# (a side's attack map, each of its sliders) on the positions file.
COUNT_OPTIONS = --count=instructions --workload=random,sets,sides --piece=rook,bishop,queen --queries=2000 \
	data/positions.fen
COUNT_CSV ?= $(BUILD)/instructions.csv
instructions:
	@mkdir -p $(BUILD)
	+@$(call SUB_BUILD,VALGRIND,$(COUNT_PROGRAM)) >$(VALGRIND_BUILD).log 2>&1 || { cat $(VALGRIND_BUILD).log; exit 1; }
	ATTACKBENCH_HIDE_FEATURES="avx512 gfni" $(COUNT_PROGRAM) $(COUNT_OPTIONS) --csv=$(COUNT_CSV) >/dev/null

## baseline-instructions: refresh results/baseline-instructions.csv, which CI compares with (after an intended change)
baseline-instructions:
	$(MAKE) --no-print-directory instructions COUNT_CSV=results/baseline-instructions.csv

## compare-instructions: count, then compare with BASELINE (default the committed one) into COMPARE_MD; fails on a rise
BASELINE ?= results/baseline-instructions.csv
COMPARE_MD ?= $(BUILD)/compare-instructions.md
compare-instructions: instructions
	@$(COUNT_PROGRAM) compare $(BASELINE) $(COUNT_CSV) >$(COMPARE_MD); status=$$?; cat $(COMPARE_MD); exit $$status

## base-instructions: the counts of git revision BASE_REF (default HEAD) into $(BUILD)/base-instructions.csv
# A revision without `make instructions` falls back to the committed baseline.
BASE_REF ?= HEAD
BASE_TREE = $(BUILD)/base-tree
BASE_COUNT_CSV = $(BUILD)/base-instructions.csv
base-instructions:
	rm -rf $(BASE_TREE) && mkdir -p $(BASE_TREE)
	git archive $(BASE_REF) | tar -x -C $(BASE_TREE)
	@if grep -q '^instructions:' $(BASE_TREE)/Makefile; then \
		$(MAKE) --no-print-directory -C $(BASE_TREE) instructions GIT_COMMIT=$$(git rev-parse --short $(BASE_REF)) \
			COUNT_CSV=$(abspath $(BASE_COUNT_CSV)); \
	else \
		echo "$(BASE_REF) cannot count instructions: using results/baseline-instructions.csv"; \
		cp results/baseline-instructions.csv $(BASE_COUNT_CSV); \
	fi

## format: lay out the C sources (src/ but src/generated, tests/*.c, include/, scripts/generators/*.c) as .clang-format says (clang-format 14)
CLANG_FORMAT ?= clang-format
FORMAT_FILES = $(filter-out src/generated/%,$(wildcard src/*.c src/*/*.c src/*/*.h)) \
	$(wildcard tests/*.c include/*.h include/*/*.h scripts/*/*.c)
format:
	$(CLANG_FORMAT) -i $(FORMAT_FILES)

## check-format: list the C sources whose layout differs from make format's, and fail if any does
check-format:
	@command -v $(CLANG_FORMAT) >/dev/null || { echo "check-format needs $(CLANG_FORMAT) (Debian: apt-get install clang-format)" >&2; exit 2; }
	@differ=; for file in $(FORMAT_FILES); do $(CLANG_FORMAT) "$$file" | cmp -s - "$$file" || differ="$$differ $$file"; done; \
	if [ -n "$$differ" ]; then echo "check-format: laid out otherwise than make format would:"; printf '  %s\n' $$differ; exit 1; fi

## clean: remove build products
clean:
	rm -rf $(BUILD) $(PROGRAM) $(AARCH64_BUILD) $(OPENCL_BUILD) $(WASM_BUILD) $(WEB_BUILD) $(PORTABLE_BUILD) $(CLANG_BUILD) $(CLANG_PROGRAM) \
		$(SANITIZE_BUILD) $(FUZZ_BUILD) $(VALGRIND_BUILD) $(VALGRIND_BUILD).log

## help: this list
## install: the program, attackbench-valgrind (the build --count=instructions and examples/plugin/compare-builds.sh use), the plugin headers, the docs and the plugin examples under $(DESTDIR)$(PREFIX) (default /usr/local), listed in share/attackbench/install-manifest
PREFIX ?= /usr/local
# scripts/platforms/install.sh takes the paths from its environment, so that a
# PREFIX with spaces is one path, and refuses an empty or relative one.
install uninstall: export INSTALL_PREFIX = $(PREFIX)
install uninstall: export INSTALL_DESTDIR = $(DESTDIR)
install: export INSTALL_PROGRAM = $(PROGRAM)
install: export INSTALL_VALGRIND_PROGRAM = $(VALGRIND_PROGRAM)
install: $(PROGRAM) instructions-build
	@sh scripts/platforms/install.sh install

## uninstall: remove exactly what make install wrote under $(DESTDIR)$(PREFIX) (its manifest), nothing else
uninstall:
	@sh scripts/platforms/install.sh uninstall

help:
	@grep -h '^## ' $(MAKEFILE_LIST) | sed 's/^## /  make /'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
