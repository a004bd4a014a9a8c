# mk/comparisons.mk: attackbench beside others: a peer's move generator,
# and clang beside gcc (scripts/comparisons/); included by the Makefile.

.PHONY: peer-comparison compilers

## peer-comparison: attackbench beside Gigantua's Chess_Movegen (built from PEER=/tmp/Chess_Movegen, never committed) in both query layouts, into docs/peer-comparison.md (NOTE="..." heads the page; RUNS=N runs, default 4, each taking the programs one after the other, every second run in reverse; a run that moved as a whole is retaken)
PEER ?= /tmp/Chess_Movegen
peer-comparison:
	@$(MAKE) --no-print-directory -s CC=gcc $(PROGRAM)
	+@$(call SUB_BUILD,CLANG,$(CLANG_PROGRAM))
	nice python3 scripts/comparisons/peer-comparison --peer=$(PEER) $(if $(RUNS),--runs=$(RUNS)) $(if $(NOTE),--note="$(NOTE)") \
	    ./$(PROGRAM) $(CLANG_PROGRAM)

## compilers: each method's time built by gcc against clang on this machine (random queens, batched) from PAIRS=N adjacent pairs of runs (default 4, ABBA), a run that moved as a whole retaken, those more than 10% apart marked; then the multi-square kernels on their own workload (sides of data/positions.fen)
# The clang build has the flags of the gcc build it is compared with.
CLANG_CC = clang
CLANG_BUILD = build/clang
CLANG_PROGRAM = build/attackbench-clang
CLANG_CFLAGS = $(CFLAGS)
CLANG_MAKE_OPTIONS = -s
compilers:
	@$(MAKE) --no-print-directory -s CC=gcc $(PROGRAM)
	+@$(call SUB_BUILD,CLANG,$(CLANG_PROGRAM))
	@python3 scripts/comparisons/compilers $(if $(PAIRS),--pairs=$(PAIRS)) ./$(PROGRAM) $(CLANG_PROGRAM)
	@kernels=$$(./$(PROGRAM) --list | awk '$$2 == "available" && / native sides /{printf "%s%s", sep, $$1; sep = ","}'); \
	echo; if [ -z "$$kernels" ]; then echo "No multi-square kernel runs on this CPU."; else \
	echo "The multi-square kernels (native sides) on the sides of data/positions.fen, ns per slider:"; \
	python3 scripts/comparisons/compilers $(if $(PAIRS),--pairs=$(PAIRS)) ./$(PROGRAM) $(CLANG_PROGRAM) --workload=sides --reps=9 -q -m "$$kernels" data/positions.fen; fi
