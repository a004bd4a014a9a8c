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
DRIVER_SOURCES = $(wildcard $(addsuffix /*.c,$(DRIVER_FOLDERS)))
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
UNIT_TEST_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/*.c))

.PHONY: all test check check-scripts test-bare bench clean help sanitize fuzz valgrind positions results plots hyperfine instructions peer-comparison \
	instructions-build install uninstall test-aarch64 test-portable wasm test-wasm results-wasm web test-web compilers bnn-train folding-hash-search \
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
$$(BUILD)/$(1)/%.o: %.c scripts/variant-object.sh
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) $(call VARIANT_FLAGS,$(1)) -c -o $$@ $$<
	@sh scripts/variant-object.sh $$@ $(1)
endef
$(foreach level,$(VARIANT_LEVELS),$(eval $(call VARIANT_RULE,$(level))))

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

## check: the slow tests: tests/check, the suite under sanitizers, valgrind, the portable build, without the optional tools
check: check-scripts sanitize valgrind test-portable test-bare
check-scripts: $(PROGRAM) $(BUILD)/unit_tests
	@$(TEST_BINARIES) bash tests/run.sh --check

## test-bare: the test suite with gnuplot, hyperfine, valgrind and clang hidden from PATH (their tests must skip)
test-bare: $(PROGRAM) $(BUILD)/unit_tests
	@$(TEST_BINARIES) bash tests/bare-path.sh

## test-aarch64: the suite on a static aarch64 build (aarch64-linux-gnu-gcc) under qemu-aarch64, in build/aarch64
AARCH64_CC ?= aarch64-linux-gnu-gcc
AARCH64_BUILD = build/aarch64
test-aarch64:
	@command -v $(AARCH64_CC) >/dev/null || { echo "test-aarch64 needs $(AARCH64_CC) (Debian: apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross)" >&2; exit 2; }
	@$(MAKE) --no-print-directory -s CC=$(AARCH64_CC) CFLAGS="-O2 -DATTACKBENCH_STATIC" LDFLAGS=-static \
		BUILD=$(AARCH64_BUILD) PROGRAM=$(AARCH64_BUILD)/attackbench $(AARCH64_BUILD)/attackbench $(AARCH64_BUILD)/unit_tests
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
WASM_CFLAGS ?= -O2
WASM_LDLIBS = -lm -lwasi-emulated-signal -lwasi-emulated-mman -lwasi-emulated-process-clocks -Wl,-z,stack-size=1048576
WASM_MAKE = $(MAKE) --no-print-directory -s CC=$(WASM_CC) CFLAGS="$(WASM_CFLAGS) $(WASM_TARGET_FLAGS)" THREAD_FLAGS= \
	LDLIBS="$(WASM_LDLIBS)" BUILD=$(WASM_BUILD) PROGRAM=$(WASM_BUILD)/attackbench.wasm
wasm:
	@bash scripts/wasm-toolchain.sh $(WASM_CC)
	+@$(WASM_MAKE) $(WASM_BUILD)/attackbench.wasm
	@sh scripts/wasm-runner.sh $(WASM_BUILD)/attackbench.wasm $(WASM_BUILD)/attackbench

## test-wasm: the suite on the WebAssembly build (make wasm) under node's WASI, in build/wasm
test-wasm: wasm
	+@$(WASM_MAKE) $(WASM_BUILD)/unit_tests
	@sh scripts/wasm-runner.sh $(WASM_BUILD)/unit_tests $(WASM_BUILD)/unit_tests-node
	@bash tests/wasm.sh $(WASM_BUILD)/attackbench $(WASM_BUILD)/unit_tests-node

## web: a static site in build/web (index.html runs attackbench.wasm in a Web Worker on the visitor's CPU; the committed results sortable)
WEB_BUILD = build/web
web: wasm
	@mkdir -p $(WEB_BUILD)
	cp web/index.html web/app.js web/worker.js web/wasi-shim.js web/style.css $(WASM_BUILD)/attackbench.wasm $(WEB_BUILD)/
	python3 scripts/web-results.py results $(WEB_BUILD)/results.json

## test-web: the page of make web in headless Chromium (Debian's chromium): every portable technique's row and checksum, the committed results, bad input; a screenshot into build/web-screenshot.png
CHROMIUM ?= $(or $(shell command -v chromium 2>/dev/null),$(shell command -v chromium-browser 2>/dev/null))
WEB_SCREENSHOT ?= build/web-screenshot.png
test-web: web
	@if [ -z "$(CHROMIUM)" ]; then echo "test-web skipped: no chromium (Debian: apt-get install chromium)"; exit 0; fi; \
	node tests/web.cjs $(CHROMIUM) $(WEB_BUILD) $(WASM_BUILD)/attackbench $(WEB_SCREENSHOT)

## results-wasm: every portable technique under node beside the native build (random and pieces, queen, batched), ratios, into results/wasm/
results-wasm: wasm $(PROGRAM)
	@mkdir -p results/wasm
	nice python3 scripts/results-wasm --findings=docs/findings.md ./$(PROGRAM) $(WASM_BUILD)/attackbench \
		results/wasm/$$(python3 -c 'import re,platform;print(re.sub(r"[^a-z0-9]+","-",platform.node().lower()))')-$$(date -u +%Y-%m-%d).md

## test-portable: the suite on make PORTABLE=1 (x86-64-v2 with run-time choice of v3, v4 and v4+GFNI backend code), every level verified
test-portable:
	@$(MAKE) --no-print-directory -s PORTABLE=1 CFLAGS="$(PORTABLE_CFLAGS)" BUILD=build/portable \
		PROGRAM=build/portable/attackbench build/portable/attackbench build/portable/unit_tests
	@export ATTACKBENCH=build/portable/attackbench ATTACKBENCH_UNIT_TESTS=build/portable/unit_tests; \
		bash tests/run.sh tests/portable.sh && bash tests/run.sh

## peer-comparison: attackbench beside Gigantua's Chess_Movegen (built from PEER=/tmp/Chess_Movegen, never committed) in both query layouts, into docs/peer-comparison.md (NOTE="..." heads the page)
PEER ?= /tmp/Chess_Movegen
peer-comparison:
	@$(MAKE) --no-print-directory -s CC=gcc $(PROGRAM)
	@$(MAKE) --no-print-directory -s CC=clang BUILD=build/clang PROGRAM=build/attackbench-clang build/attackbench-clang
	nice python3 scripts/peer-comparison --peer=$(PEER) $(if $(NOTE),--note="$(NOTE)") ./$(PROGRAM) build/attackbench-clang

## compilers: each method's time built by gcc against clang on this machine (random queens, batched), those more than 10% apart marked
compilers:
	@$(MAKE) --no-print-directory -s CC=gcc $(PROGRAM)
	@$(MAKE) --no-print-directory -s CC=clang BUILD=build/clang PROGRAM=build/attackbench-clang build/attackbench-clang
	@python3 scripts/compilers ./$(PROGRAM) build/attackbench-clang

## bnn-train: retrain the binary-neural-network weights (scripts/bnn-train.c, fixed seed, about 15 s) into src/generated/binary_neural_network_weights.h
bnn-train:
	@mkdir -p $(BUILD)
	$(CC) -O2 -std=c17 $(WARNINGS) -o $(BUILD)/bnn-train scripts/bnn-train.c -lm
	nice -n 10 $(BUILD)/bnn-train src/generated/binary_neural_network_weights.h
## folding-hash-search: search folding-hash's factors and offsets again into src/generated/folding_hash_factors.h (about 10 minutes of CPU under nice; not part of make or make test)
folding-hash-search:
	@mkdir -p build
	$(CC) -O2 -std=c17 -Wall -Wextra -o build/folding-hash-search scripts/folding-hash-search.c
	nice -n 10 build/folding-hash-search >build/folding_hash_factors.h.new
	mv build/folding_hash_factors.h.new src/generated/folding_hash_factors.h

## results: full benchmark (gcc, and clang when installed), report, charts and hyperfine timings into results/ (PLUGINS="a.so b.so" adds your own)
# $(PWD) is the folder make was started in, before any -C.
results: export PLUGINS := $(PLUGINS)
results: export RESULTS_CALLER_DIR := $(PWD)
results:
	bash scripts/results.sh

## plots: SVG and PNG charts of the runs make results wrote (results/*-manifest.json; or FILES="...") into results/plots; needs gnuplot
plots:
	scripts/plot -o results/plots $(or $(FILES),$(CSV),$(wildcard results/*-manifest.json))

## hyperfine: every method as a whole process, init included, into results/hyperfine.md and .json; needs hyperfine
hyperfine: $(PROGRAM)
	ATTACKBENCH=./$(PROGRAM) bash scripts/hyperfine.sh results

## positions: regenerate data/positions.fen with the project's own generator
positions: $(PROGRAM)
	./$(PROGRAM) genpos --seed=1 --games=1540 --out=data/positions.fen

## bench: every backend on data/positions.fen and on random occupancies, both dispatch modes; ends with the fastest per piece
# The build is quiet (warnings and errors only) and uses every CPU.
BENCH_CSV = build/bench.csv
bench:
	@$(MAKE) --no-print-directory -s -j$$(nproc 2>/dev/null || echo 2) $(PROGRAM)
	@mkdir -p $(dir $(BENCH_CSV))
	./$(PROGRAM) --workload=pieces,random --csv=$(BENCH_CSV) data/positions.fen
	@echo "The full tables are above; every row with its samples is in $(BENCH_CSV) (columns: docs/file-formats.md)."

## sanitize: the whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer
SANITIZE_CFLAGS = -O1 -g -march=native -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
sanitize:
	$(MAKE) BUILD=build/sanitize PROGRAM=build/sanitize/attackbench CFLAGS="$(SANITIZE_CFLAGS)" \
		build/sanitize/attackbench build/sanitize/unit_tests
	ASAN_OPTIONS=abort_on_error=0:detect_leaks=1:malloc_fill_byte=0 UBSAN_OPTIONS=print_stacktrace=1 \
		ATTACKBENCH=build/sanitize/attackbench ATTACKBENCH_UNIT_TESTS=build/sanitize/unit_tests bash tests/run.sh

## fuzz: libFuzzer on the FEN/EPD parser, the file reader, EPD operations and perft, the option parser and the result readers of compare, FUZZ_SECONDS each, side by side (clang)
FUZZ_SECONDS ?= 30
# clang, or the newest versioned clang-NN where only that is installed (Ubuntu 24.04).
FUZZ_CC ?= $(or $(shell command -v clang 2>/dev/null),$(lastword $(sort $(wildcard /usr/bin/clang-[0-9]*))),clang)
# Each target with the longest input it is given.
FUZZ_TARGETS = position:512 reader:4096 perft:512 options:256 results:8192
FUZZ_NAMES = $(foreach target,$(FUZZ_TARGETS),$(firstword $(subst :, ,$(target))))
# The library is compiled once with sanitizer coverage; each target links it.
FUZZ_OBJECT_CFLAGS = -g -O1 -march=native -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
fuzz:
	$(MAKE) --no-print-directory CC=$(FUZZ_CC) BUILD=build/fuzz CFLAGS="$(FUZZ_OBJECT_CFLAGS)" \
		$(patsubst %,build/fuzz/fuzz_%,$(FUZZ_NAMES))
	@pids=; \
	for target in $(FUZZ_TARGETS); do \
		name=$${target%%:*}; seeds=tests/fuzz/seeds-$$name; mkdir -p build/fuzz/corpus-$$name; \
		ASAN_OPTIONS=malloc_fill_byte=0 build/fuzz/fuzz_$$name -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=$${target#*:} \
			-artifact_prefix=build/fuzz/$$name- build/fuzz/corpus-$$name $$seeds >build/fuzz/$$name.log 2>&1 & \
		pids="$$pids $$!"; \
	done; \
	failed=0; set -- $$pids; \
	for name in $(FUZZ_NAMES); do \
		if wait $$1; then echo "fuzz_$$name:"; grep -E '^Done' build/fuzz/$$name.log; \
		else failed=1; echo "fuzz_$$name FAILED:"; tail -40 build/fuzz/$$name.log; fi; \
		shift; \
	done; \
	exit $$failed

# The fuzz targets, linked in the build/fuzz tree (see fuzz); the headers
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
	@$(MAKE) --no-print-directory BUILD=$(VALGRIND_BUILD) PROGRAM=$(VALGRIND_PROGRAM) CFLAGS="$(VALGRIND_CFLAGS)" \
		$(VALGRIND_PROGRAM)
valgrind:
	$(MAKE) BUILD=$(VALGRIND_BUILD) PROGRAM=$(VALGRIND_PROGRAM) CFLAGS="$(VALGRIND_CFLAGS)" $(VALGRIND_PROGRAM)
	$(VALGRIND) $(VALGRIND_PROGRAM) --list >$(VALGRIND_BUILD)/list.txt
	@awk '$$2 == "unavailable" { print "valgrind: skipped " $$1 ": " $$2, $$3, $$4, $$5, $$6 }' $(VALGRIND_BUILD)/list.txt
	$(VALGRIND) $(VALGRIND_PROGRAM) --workload=random --reps=1 --calls=1000 --queries=1000 --timer=clock -q --format=csv >/dev/null
	$(VALGRIND) $(VALGRIND_PROGRAM) --dump tests/data/boards.fen >/dev/null

## instructions: instructions per lookup of every backend under callgrind (the valgrind build) into build/instructions.csv
# valgrind 3.19 cannot decode AVX-512 or GFNI, so the counts come from the
# x86-64-v3 build `make valgrind` uses, and backends that need those are
# skipped with the reason (ATTACKBENCH_HIDE_FEATURES).
COUNT_BUILD = $(VALGRIND_BUILD)
COUNT_PROGRAM = $(VALGRIND_PROGRAM)
# One square at a time on the random stream, and the side-wise workloads
# (a side's attack map, each of its sliders) on the positions file.
COUNT_OPTIONS = --count=instructions --workload=random,sets,sides --piece=rook,bishop,queen --queries=2000 \
	data/positions.fen
COUNT_CSV ?= build/instructions.csv
instructions:
	@mkdir -p build
	@$(MAKE) --no-print-directory BUILD=$(COUNT_BUILD) PROGRAM=$(COUNT_PROGRAM) CFLAGS="$(VALGRIND_CFLAGS)" \
		$(COUNT_PROGRAM) >$(COUNT_BUILD).log 2>&1 || { cat $(COUNT_BUILD).log; exit 1; }
	ATTACKBENCH_HIDE_FEATURES="avx512 gfni" $(COUNT_PROGRAM) $(COUNT_OPTIONS) --csv=$(COUNT_CSV) >/dev/null

## baseline-instructions: refresh results/baseline-instructions.csv, which CI compares with (after an intended change)
baseline-instructions:
	$(MAKE) --no-print-directory instructions COUNT_CSV=results/baseline-instructions.csv

## compare-instructions: count, then compare with BASELINE (default the committed one) into COMPARE_MD; fails on a rise
BASELINE ?= results/baseline-instructions.csv
COMPARE_MD ?= build/compare-instructions.md
compare-instructions: instructions
	@$(COUNT_PROGRAM) compare $(BASELINE) $(COUNT_CSV) >$(COMPARE_MD); status=$$?; cat $(COMPARE_MD); exit $$status

## base-instructions: the counts of git revision BASE_REF (default HEAD) into build/base-instructions.csv
# A revision without `make instructions` falls back to the committed baseline.
BASE_REF ?= HEAD
BASE_TREE = build/base-tree
base-instructions:
	rm -rf $(BASE_TREE) && mkdir -p $(BASE_TREE)
	git archive $(BASE_REF) | tar -x -C $(BASE_TREE)
	@if grep -q '^instructions:' $(BASE_TREE)/Makefile; then \
		$(MAKE) --no-print-directory -C $(BASE_TREE) instructions GIT_COMMIT=$$(git rev-parse --short $(BASE_REF)) \
			COUNT_CSV=$(CURDIR)/build/base-instructions.csv; \
	else \
		echo "$(BASE_REF) cannot count instructions: using results/baseline-instructions.csv"; \
		cp results/baseline-instructions.csv build/base-instructions.csv; \
	fi

## clean: remove build products
clean:
	rm -rf build $(PROGRAM)

## help: this list
## install: the program, attackbench-valgrind (the build --count=instructions and examples/plugin/compare-builds.sh use), the plugin headers, the docs and the plugin examples under $(DESTDIR)$(PREFIX) (default /usr/local), listed in share/attackbench/install-manifest
PREFIX ?= /usr/local
# scripts/install.sh takes the paths from its environment, so that a
# PREFIX with spaces is one path, and refuses an empty or relative one.
install uninstall: export INSTALL_PREFIX = $(PREFIX)
install uninstall: export INSTALL_DESTDIR = $(DESTDIR)
install: export INSTALL_PROGRAM = $(PROGRAM)
install: export INSTALL_VALGRIND_PROGRAM = $(VALGRIND_PROGRAM)
install: $(PROGRAM) instructions-build
	@sh scripts/install.sh install

## uninstall: remove exactly what make install wrote under $(DESTDIR)$(PREFIX) (its manifest), nothing else
uninstall:
	@sh scripts/install.sh uninstall

help:
	@grep -h '^## ' $(MAKEFILE_LIST) | sed 's/^## /  make /'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
