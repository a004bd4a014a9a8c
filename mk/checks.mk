# mk/checks.mk: the slow checks of make check and CI beyond the suite:
# sanitizers, fuzzing, valgrind, instruction counts and their comparison,
# the layout of the C sources; included by the Makefile.

.PHONY: sanitize fuzz valgrind instructions-build instructions baseline-instructions compare-instructions \
	base-instructions format check-format

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
# The technique files without UBSan: clang 14 took over ten minutes on
# src/backends/kogge_stone_lanes_avx2.c with UBSan, ASan, coverage and -g on
# an AVX-512 CPU (4 s without UBSan).  The fuzz targets are the parsers;
# the lookups perft reaches keep ASan, and make sanitize runs UBSan on them.
FUZZ_MAKE_OPTIONS = BACKEND_CFLAGS="-g -O1 -march=native -fsanitize=fuzzer-no-link,address"
fuzz:
	@# libFuzzer takes a -max_total_time of 0, empty or not a number as no
	@# limit at all: refused before anything is built.
	@seconds='$(subst ','\'',$(FUZZ_SECONDS))'; case $$seconds in '' | *[!0-9]* | 0* | ????????*) \
		echo "make fuzz: FUZZ_SECONDS=$$seconds: expected a whole number of seconds from 1 to 9999999" >&2; exit 2 ;; esac
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
# The table is written beside COMPARE_MD and renamed when compare wrote
# one (status 0, or 3: a row regressed); any other failure (a missing or
# malformed input) keeps the previous table; an interrupt removes the
# temporary file.  COMPARE_MD naming one of the
# two inputs is refused (the redirection emptied it before compare read it).
# BASELINE and COMPARE_MD are checked when make reads this file, before the
# count (the valgrind build and callgrind, minutes): a missing BASELINE was
# named only after it, as was a COMPARE_MD naming an input (the recipe
# checks that again, for a make that did not name this goal).
ifneq ($(filter compare-instructions,$(MAKECMDGOALS)),)
compare_instructions_quote = '$(subst ','\'',$(1))'
compare_instructions_problem := $(shell baseline=$(call compare_instructions_quote,$(BASELINE)); \
	table=$(call compare_instructions_quote,$(COMPARE_MD)); count=$(call compare_instructions_quote,$(COUNT_CSV)); \
	if [ ! -f "$$baseline" ]; then printf '%s\n' "BASELINE=$$baseline: no such file"; exit; fi; \
	for input in "$$baseline" "$$count"; do \
	    if [ "$$table" = "$$input" ] || { [ -e "$$input" ] && [ "$$table" -ef "$$input" ]; }; then \
	        printf '%s\n' "COMPARE_MD=$$table names an input, which the table would replace"; exit; fi; \
	done)
ifneq ($(compare_instructions_problem),)
$(error make compare-instructions: $(compare_instructions_problem))
endif
endif
compare-instructions: instructions
	@for input in "$(BASELINE)" "$(COUNT_CSV)"; do \
	    if [ "$(COMPARE_MD)" = "$$input" ] || { [ -e "$$input" ] && [ "$(COMPARE_MD)" -ef "$$input" ]; }; then \
	        echo "make compare-instructions: COMPARE_MD=$(COMPARE_MD) names an input, which the table would replace" >&2; exit 2; fi; \
	done; \
	trap 'rm -f "$(COMPARE_MD).tmp"; exit 130' INT; trap 'rm -f "$(COMPARE_MD).tmp"; exit 143' TERM; \
	"$(COUNT_PROGRAM)" compare "$(BASELINE)" "$(COUNT_CSV)" >"$(COMPARE_MD).tmp"; status=$$?; \
	case $$status in \
	0|3) mv -f "$(COMPARE_MD).tmp" "$(COMPARE_MD)" && cat "$(COMPARE_MD)" ;; \
	*) rm -f "$(COMPARE_MD).tmp" ;; \
	esac; exit $$status

## base-instructions: the counts of git revision BASE_REF (default HEAD) into $(BUILD)/base-instructions.csv
# A revision without `make instructions` falls back to the committed baseline.
# A BASE_REF that is no commit here is refused in one line before the old
# base tree is removed; it reaches the shell in single quotes (a quote in it
# escaped), so that a quote or a space in it is text.
BASE_REF ?= HEAD
BASE_REF_QUOTED = '$(subst ','\'',$(BASE_REF))'
BASE_TREE = $(BUILD)/base-tree
BASE_COUNT_CSV = $(BUILD)/base-instructions.csv
base-instructions:
	@git rev-parse --verify -q $(BASE_REF_QUOTED)'^{commit}' >/dev/null 2>&1 || \
		{ echo "make base-instructions: BASE_REF="$(BASE_REF_QUOTED)": not a revision of this repository" >&2; exit 2; }
	rm -rf $(BASE_TREE) && mkdir -p $(BASE_TREE)
	git archive $(BASE_REF_QUOTED) | tar -x -C $(BASE_TREE)
	@if grep -qs '^instructions:' $(BASE_TREE)/Makefile $(BASE_TREE)/mk/*.mk; then \
		$(MAKE) --no-print-directory -C $(BASE_TREE) instructions GIT_COMMIT=$$(git rev-parse --short $(BASE_REF_QUOTED)) \
			COUNT_CSV=$(abspath $(BASE_COUNT_CSV)); \
	else \
		echo $(BASE_REF_QUOTED)" cannot count instructions: using results/baseline-instructions.csv"; \
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
