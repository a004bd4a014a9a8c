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
BUILD_INFO = -DATTACKBENCH_CFLAGS='"$(strip $(CFLAGS) $(NO_LOOP_VECTORIZE))"'
LDLIBS = -lm -pthread

BUILD ?= build
PROGRAM ?= attackbench

DRIVER_SOURCES = $(filter-out src/main.c,$(wildcard src/*.c))
BACKEND_SOURCES = $(wildcard src/backends/*.c)
LIBRARY_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(DRIVER_SOURCES) $(BACKEND_SOURCES))
MAIN_OBJECT = $(BUILD)/src/main.o
UNIT_TEST_OBJECTS = $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/*.c))

.PHONY: all test bench clean help sanitize fuzz valgrind positions results plots hyperfine
all: $(PROGRAM)

$(PROGRAM): $(MAIN_OBJECT) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/unit_tests: $(UNIT_TEST_OBJECTS) $(LIBRARY_OBJECTS)
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/src/build_info.o: src/build_info.c
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

## fuzz: libFuzzer on the FEN/EPD parser, the file reader, EPD operations and perft, and the option parser, FUZZ_SECONDS each, side by side (clang)
FUZZ_SECONDS ?= 30
FUZZ_CC ?= clang
# Each target with the longest input it is given.
FUZZ_TARGETS = position:512 reader:4096 perft:512 options:256
FUZZ_NAMES = $(foreach target,$(FUZZ_TARGETS),$(firstword $(subst :, ,$(target))))
# The library is compiled once with sanitizer coverage; each target links it.
FUZZ_OBJECT_CFLAGS = -g -O1 -march=native -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
fuzz:
	$(MAKE) --no-print-directory CC=$(FUZZ_CC) BUILD=build/fuzz CFLAGS="$(FUZZ_OBJECT_CFLAGS)" \
		$(patsubst %,build/fuzz/fuzz_%,$(FUZZ_NAMES))
	@pids=; \
	for target in $(FUZZ_TARGETS); do \
		name=$${target%%:*}; seeds=tests/fuzz/seeds-$$name; mkdir -p build/fuzz/corpus-$$name; \
		build/fuzz/fuzz_$$name -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=$${target#*:} \
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

## valgrind: a short run of every backend under valgrind memcheck
valgrind: $(PROGRAM)
	valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite -q \
		./$(PROGRAM) --workload=random --reps=1 --calls=1000 --queries=1000 --timer=clock -q --format=csv >/dev/null
	valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite -q \
		./$(PROGRAM) --dump tests/data/boards.fen >/dev/null

## clean: remove build products
clean:
	rm -rf build $(PROGRAM)

## help: this list
help:
	@grep -h '^## ' $(MAKEFILE_LIST) | sed 's/^## /  make /'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
