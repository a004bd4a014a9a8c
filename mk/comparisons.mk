# mk/comparisons.mk: attackbench beside others: a peer's move generator,
# and clang beside gcc (scripts/comparisons/); included by the Makefile.

.PHONY: peer-comparison compilers

## peer-comparison: attackbench beside Gigantua's Chess_Movegen (built from PEER=/tmp/Chess_Movegen, never committed) in both query layouts, into docs/peer-comparison.md (NOTE="..." heads the page; RUNS=N runs, default 4, each taking the programs one after the other, every second run in reverse; a run that moved as a whole is retaken)
PEER ?= /tmp/Chess_Movegen
# PEER, RUNS and NOTE reach the script as one argument each, in single
# quotes (a quote in them escaped): a space, a quote, a backtick or a $ is
# text, never shell (RUNS='4;x' ran x and, its status 0, let the check pass
# and the builds start); the note is taken as given (its $ not expanded by
# make either).
shell_quote = '$(subst ','\'',$(1))'
# A NOTE given on the command line is made a simple variable holding its
# text: left recursive, a $(NOTE) in it stopped make ("Recursive variable
# 'NOTE' references itself") as make passed it to the recipes' environment.
ifneq ($(origin NOTE),undefined)
override NOTE := $(value NOTE)
endif
# The options and the peer's source are checked before the two builds
# (minutes), not after them.
peer-comparison:
	@python3 scripts/comparisons/peer-comparison --check --peer=$(call shell_quote,$(PEER)) $(if $(RUNS),--runs=$(call shell_quote,$(RUNS))) \
	    $(if $(value NOTE),--note=$(call shell_quote,$(value NOTE)))
	@$(MAKE) --no-print-directory -s CC=gcc $(PROGRAM)
	+@$(call SUB_BUILD,CLANG,$(CLANG_PROGRAM))
	nice python3 scripts/comparisons/peer-comparison --peer=$(call shell_quote,$(PEER)) $(if $(RUNS),--runs=$(call shell_quote,$(RUNS))) \
	    $(if $(value NOTE),--note=$(call shell_quote,$(value NOTE))) \
	    $(PROGRAM_PATH) $(CLANG_PROGRAM)

## compilers: gcc against clang on this machine, a row per technique (random queens, batched, default formulation; METHODS=a,b for some): by default each row one `attackbench ab` of the two builds (alternated rounds until its test decides at 5%, 10 s to 30 s a row), PAIRS=N instead from N adjacent pairs of whole runs (ABBA, a run that moved as a whole retaken); those more than 10% apart marked; then the multi-square kernels on their own workload (sides of data/positions.fen)
# The clang build has the flags of the gcc build it is compared with.
CLANG_CC = clang
CLANG_BUILD = build/clang
CLANG_PROGRAM = build/attackbench-clang
CLANG_CFLAGS = $(CFLAGS)
CLANG_MAKE_OPTIONS = -s
COMPILERS_MODE = $(if $(PAIRS),--pairs=$(call shell_quote,$(strip $(PAIRS))),--rounds)
# PAIRS is checked before the two builds (minutes), as the script checks
# it (a whole number from 1), and reaches the script quoted; METHODS is
# checked by the gcc build before the clang build.
compilers:
	@$(if $(PAIRS),case $(call shell_quote,$(strip $(PAIRS))) in (*[!0-9]*) ;; (*[1-9]*) exit 0 ;; esac; \
	    echo "make compilers: PAIRS="$(call shell_quote,$(strip $(PAIRS)))": give a whole number from 1" >&2; exit 2)
	@$(MAKE) --no-print-directory -s CC=gcc $(PROGRAM)
	@$(if $(METHODS),$(PROGRAM_PATH) --list --method=$(call shell_quote,$(METHODS)) >/dev/null)
	+@$(call SUB_BUILD,CLANG,$(CLANG_PROGRAM))
	@python3 scripts/comparisons/compilers $(COMPILERS_MODE) $(PROGRAM_PATH) $(CLANG_PROGRAM) $(if $(METHODS),-m $(METHODS))
	@kernels=$$($(PROGRAM_PATH) --list | awk '$$2 == "available" && / native sides /{printf "%s%s", sep, $$1; sep = ","}'); \
	echo; if [ -z "$$kernels" ]; then echo "No multi-square kernel runs on this CPU."; else \
	echo "The multi-square kernels (native sides) on the sides of data/positions.fen, ns per slider:"; \
	python3 scripts/comparisons/compilers $(COMPILERS_MODE) $(PROGRAM_PATH) $(CLANG_PROGRAM) --workload=sides $(if $(PAIRS),--reps=9 -q) -m "$$kernels" data/positions.fen; fi
