# attackbench: GNU Make build.  `make help` lists the targets.

# gcc unless the caller names another compiler (make CC=clang).
ifeq ($(origin CC),default)
CC = gcc
endif
CFLAGS ?= -O2 -march=native
WARNINGS = -Wall -Wextra
# Lookups are timed one query at a time: gcc must not vectorise the query
# loops (clang is told per loop in include/backend.h).
NO_LOOP_VECTORIZE := $(shell $(CC) -fno-tree-loop-vectorize -x c -c /dev/null -o /dev/null 2>/dev/null && echo -fno-tree-loop-vectorize)
ALL_CFLAGS = -std=c17 $(WARNINGS) -Iinclude $(CFLAGS) $(NO_LOOP_VECTORIZE) -pthread -MMD -MP
# The flags are recorded in every result row.
# The commit the binary is built from, recorded in every output; "unknown"
# outside a git checkout.
GIT_COMMIT := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
BUILD_INFO = -DATTACKBENCH_CFLAGS='"$(strip $(CFLAGS) $(NO_LOOP_VECTORIZE))"' -DATTACKBENCH_COMMIT='"$(GIT_COMMIT)"'
LDLIBS = -lm -pthread

BUILD ?= build
PROGRAM ?= attackbench

DRIVER_SOURCES = $(filter-out src/main.c,$(wildcard src/*.c))
BACKEND_SOURCES = $(wildcard src/backends/*.c)
LIBRARY_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(DRIVER_SOURCES) $(BACKEND_SOURCES))
MAIN_OBJECT = $(BUILD)/src/main.o
UNIT_TEST_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/*.c))

.PHONY: all test bench clean help sanitize fuzz valgrind positions results plots hyperfine instructions \
	baseline-instructions compare-instructions base-instructions
all: $(PROGRAM)

$(PROGRAM): $(MAIN_OBJECT) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/unit_tests: $(UNIT_TEST_OBJECTS) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# Rewritten only when the commit changes, so build_info.o follows it.
$(BUILD)/commit-stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(GIT_COMMIT)' | cmp -s - $@ || echo '$(GIT_COMMIT)' >$@
.PHONY: FORCE
FORCE:

$(BUILD)/src/build_info.o: src/build_info.c $(BUILD)/commit-stamp
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(BUILD_INFO) -c -o $@ $<

## test: unit tests, exhaustive verification of every backend, CLI tests
test: $(PROGRAM) $(BUILD)/unit_tests
	@bash tests/run.sh ./$(PROGRAM) $(BUILD)/unit_tests

## results: full benchmark (gcc, and clang when installed), report, charts and hyperfine timings into results/
results:
	bash scripts/results.sh

## plots: SVG and PNG charts of results/*.csv (or CSV="FILE...") into results/plots; needs gnuplot
plots:
	scripts/plot -o results/plots $(or $(CSV),$(wildcard results/*.csv))

## hyperfine: every method as a whole process, init included, into results/hyperfine.md and .json; needs hyperfine
hyperfine: $(PROGRAM)
	ATTACKBENCH=./$(PROGRAM) bash scripts/hyperfine.sh results

## positions: regenerate data/positions.fen with the project's own generator
positions: $(PROGRAM)
	./$(PROGRAM) genpos --seed=1 --games=1540 --out=data/positions.fen

## bench: every backend on data/positions.fen and on random occupancies, both dispatch modes
bench: $(PROGRAM)
	./$(PROGRAM) --workload=pieces,random data/positions.fen

## sanitize: the whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer
SANITIZE_CFLAGS = -O1 -g -march=native -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
sanitize:
	$(MAKE) BUILD=build/sanitize PROGRAM=build/sanitize/attackbench CFLAGS="$(SANITIZE_CFLAGS)" \
		build/sanitize/attackbench build/sanitize/unit_tests
	ASAN_OPTIONS=abort_on_error=0:detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		bash tests/run.sh build/sanitize/attackbench build/sanitize/unit_tests

## fuzz: libFuzzer on the FEN/EPD parser and the option parser, FUZZ_SECONDS each (clang)
FUZZ_SECONDS ?= 30
FUZZ_CC ?= clang
FUZZ_CFLAGS = -std=c17 -g -O1 -march=native -Iinclude -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
FUZZ_LIBRARY = $(DRIVER_SOURCES) $(BACKEND_SOURCES)
fuzz:
	@mkdir -p build/fuzz build/fuzz/corpus-position build/fuzz/corpus-options
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o build/fuzz/fuzz_position tests/fuzz/fuzz_position.c $(FUZZ_LIBRARY) -lm -pthread
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o build/fuzz/fuzz_options tests/fuzz/fuzz_options.c $(FUZZ_LIBRARY) -lm -pthread
	build/fuzz/fuzz_position -max_total_time=$(FUZZ_SECONDS) -max_len=512 -artifact_prefix=build/fuzz/ \
		build/fuzz/corpus-position tests/fuzz/seeds-position
	build/fuzz/fuzz_options -max_total_time=$(FUZZ_SECONDS) -max_len=256 -artifact_prefix=build/fuzz/ \
		build/fuzz/corpus-options tests/fuzz/seeds-options

## valgrind: a short run of every backend under valgrind memcheck
valgrind: $(PROGRAM)
	valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite -q \
		./$(PROGRAM) --workload=random --reps=1 --calls=1000 --queries=1000 --timer=clock -q --format=csv >/dev/null
	valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite -q \
		./$(PROGRAM) --dump tests/data/boards.fen >/dev/null

## instructions: instructions per lookup of every backend under callgrind (x86-64-v3 build) into build/instructions.csv
# valgrind 3.19 cannot decode AVX-512, so the counts come from an x86-64-v3
# build, and backends that need AVX-512 are skipped (ATTACKBENCH_HIDE_FEATURES).
COUNT_BUILD = build/x86-64-v3
COUNT_PROGRAM = $(COUNT_BUILD)/attackbench
COUNT_OPTIONS = --count=instructions --workload=random --piece=rook,bishop,queen --queries=2000
COUNT_CSV ?= build/instructions.csv
instructions:
	@mkdir -p build
	@$(MAKE) --no-print-directory BUILD=$(COUNT_BUILD) PROGRAM=$(COUNT_PROGRAM) CFLAGS="-O2 -march=x86-64-v3" \
		$(COUNT_PROGRAM) >$(COUNT_BUILD).log 2>&1 || { cat $(COUNT_BUILD).log; exit 1; }
	ATTACKBENCH_HIDE_FEATURES=avx512 $(COUNT_PROGRAM) $(COUNT_OPTIONS) --csv=$(COUNT_CSV) >/dev/null

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
help:
	@grep -h '^## ' $(MAKEFILE_LIST) | sed 's/^## /  make /'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
