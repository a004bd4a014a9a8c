# mk/results.mk: benchmark runs and what becomes of them: the results
# pipeline of scripts/results/ (results/, reports, charts), whole-process
# timings, a fresh positions file and the console benchmark; included by
# the Makefile.

.PHONY: results results-quick results-merge plots hyperfine positions bench

# RESULTS_CALLER_DIR, the folder a relative RESULTS, POSITIONS,
# QUICK_PROGRAM or PLUGINS is taken from, is the folder make was started
# in, before any -C: with -C (--directory), $(PWD), which the caller's
# shell keeps as its folder; without, $(CURDIR), make's own ($(PWD) when
# it names that folder, as the shell spells it), since a parent that is
# not a shell (Python's subprocess with cwd=) passes on a PWD of its own
# folder, not make's.  GNU make keeps -C out of MAKEFLAGS: whether it was
# given is read from make's command line (/proc/PID/cmdline); where that
# cannot be read, $(PWD) as before.  Expanded only when a results recipe runs.
results_directory_option = $(shell if [ -r /proc/$$PPID/cmdline ]; then \
	tr '\000' '\n' </proc/$$PPID/cmdline | sed 1d | grep -q -e '^-[^-]*C' -e '^--di' && echo given || echo none; fi)
results_caller_dir = $(if $(filter none,$(results_directory_option)),$(if \
	$(filter-out $(CURDIR),$(realpath $(PWD))),$(CURDIR),$(or $(PWD),$(CURDIR))),$(PWD))

## results: full benchmark (gcc, and clang when installed), report, charts and hyperfine timings into results/ (PLUGINS="a.so b.so" adds your own)
# QUICK=1 runs the short form, QUICK empty or 0 the full one; any other
# value is refused in one line (it reaches the shell in single quotes, a
# quote in it escaped).
QUICK_QUOTED = '$(subst ','\'',$(QUICK))'
results: export PLUGINS := $(PLUGINS)
results: export RESULTS_CALLER_DIR = $(results_caller_dir)
results:
	@case $(QUICK_QUOTED) in '' | 0 | 1) ;; *) \
		echo "make results: QUICK="$(QUICK_QUOTED)": expected 1 (the short form), or 0 or nothing (the full one)" >&2; exit 2 ;; esac
	bash scripts/results/$(if $(filter 1,$(QUICK)),results-quick.sh,results.sh)

## results-quick: the short form (also make results QUICK=1): every backend, gcc and clang, random and pieces queens batched, a short perft on every CPU, into results/<cpu>-<date>/ (a few minutes on 2 cores)
results-quick: export RESULTS_CALLER_DIR = $(results_caller_dir)
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
	ATTACKBENCH=$(PROGRAM_PATH) bash scripts/comparisons/hyperfine.sh results

## positions: regenerate data/positions.fen with the project's own generator (also part of make generate)
positions: $(PROGRAM)
	@$(GENERATE) positions

## bench: every backend on data/positions.fen and on random occupancies, both dispatch modes; ends with the fastest per piece
# The build is quiet (warnings and errors only) and uses every CPU.
BENCH_CSV = $(BUILD)/bench.csv
bench:
	@$(MAKE) --no-print-directory -s -j$$(nproc 2>/dev/null || echo 2) $(PROGRAM)
	@mkdir -p $(dir $(BENCH_CSV))
	$(PROGRAM_PATH) --workload=pieces,random --csv=$(BENCH_CSV) data/positions.fen
	@echo "The full tables are above; every row with its samples is in $(BENCH_CSV) (columns: docs/file-formats.md)."
