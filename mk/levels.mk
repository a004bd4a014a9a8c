# mk/levels.mk: make PORTABLE=1, one x86-64 binary for a fleet of CPUs
# (included by the Makefile).  The driver and a baseline copy of every
# backend are built for the baseline level (x86-64-v2); each backend file
# is also built for the levels above it, and the program picks, per
# backend, the highest level the CPU has (src/registry/registry.c).  The
# levels, their flags and features: src/platform/x86_64_levels.h, read
# here.  make test-portable tests it (mk/platforms.mk).
X86_64_LEVELS = src/platform/x86_64_levels.h
# What only the portable build uses is read from the table at its first
# use, once (the $(eval) below), as NO_LOOP_VECTORIZE is: every other make
# starts no sed, tac or paste for it (eight processes a make, and the
# suite runs dozens of makes).
X86_64_BASELINE = $(eval X86_64_BASELINE := x86-64-v$(shell sed -n 's/^\#define X86_64_BASELINE_LEVEL //p' $(X86_64_LEVELS)))$(X86_64_BASELINE)
# The portable build's flags are its own: a CFLAGS given to make test or
# make check (-march=native) reaches its sub-make and must not replace them.
PORTABLE_CFLAGS ?= -O2 -march=$(X86_64_BASELINE) -mtune=generic

VARIANT_SOURCES = $(BACKEND_SOURCES)
# The rows X(ARGUMENT, SUFFIX, "NAME", LEVEL, "FLAGS", EXTRA) of the table.
VARIANT_ROW_PATTERN = ^ *X(ARGUMENT, \([a-z0-9]*\), "\([^"]*\)", [0-9], "\([^"]*\)".*
VARIANT_LEVELS := $(shell sed -n 's/$(VARIANT_ROW_PATTERN)/\1/p' $(X86_64_LEVELS))
VARIANT_NAMES = $(eval VARIANT_NAMES := $(shell sed -n 's/$(VARIANT_ROW_PATTERN)/\2/p' $(X86_64_LEVELS) | tac | paste -sd, | sed 's/,/, /g'))$(VARIANT_NAMES)
VARIANT_FLAGS = $(shell sed -n 's/$(subst [a-z0-9]*,$(1),$(VARIANT_ROW_PATTERN))/\3/p' $(X86_64_LEVELS))
ifeq ($(PORTABLE),1)
LIBRARY_OBJECTS += $(foreach level,$(VARIANT_LEVELS),$(patsubst %.c,$(BUILD)/$(level)/%.o,$(VARIANT_SOURCES)))
PORTABLE_NOTE = ; backends also for $(VARIANT_NAMES), chosen at run time
# The refusal of a CPU below the baseline runs before any code built for
# it: its file is built for the first level, which every x86-64 CPU has.
$(BUILD)/src/platform/x86_64_levels.o: ALL_CFLAGS += -march=x86-64 -DATTACKBENCH_BASELINE_GUARD
endif

# Each level's flags are read when its first object is built, once.
define VARIANT_RULE
VARIANT_FLAGS_$(1) = $$(eval VARIANT_FLAGS_$(1) := $$(call VARIANT_FLAGS,$(1)))$$(VARIANT_FLAGS_$(1))
$$(BUILD)/$(1)/%.o: %.c scripts/platforms/variant-object.sh
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) $$(VARIANT_FLAGS_$(1)) -c -o $$@ $$<
	@sh scripts/platforms/variant-object.sh $$@ $(1)
endef
$(foreach level,$(VARIANT_LEVELS),$(eval $(call VARIANT_RULE,$(level))))
