# mk/generate.mk: the committed files programs write (scripts/generators/):
# src/generated/ and data/positions.fen; included by the Makefile.

.PHONY: generate spectral-magic-switched folding-hash-search

## generate: every committed file a program writes, written again in place but the two slow searches (scripts/generators/generate.sh fast: src/generated/ and data/positions.fen, about 40 s of CPU; git diff shows what changed)
# The generators and which are slow: scripts/generators/generate.sh.  make test
# checks that the quick ones write the committed bytes, make check the
# others of make generate (tests/cli/generated.sh, tests/check/generated_fast.sh).
GENERATE = CC=$(CC) nice -n 10 bash scripts/generators/generate.sh --program $(PROGRAM_PATH)
generate: $(PROGRAM)
	@$(GENERATE) fast
## spectral-magic-switched: search spectral-magic-switched's shifts again into src/generated/spectral_magic_switched_shifts.h (about a minute of CPU under nice; not part of make generate)
spectral-magic-switched:
	@$(GENERATE) spectral-magic-switched
## folding-hash-search: search folding-hash's factors and offsets again into src/generated/folding_hash_factors.h (about 10 minutes of CPU under nice; not part of make generate)
folding-hash-search:
	@$(GENERATE) folding-hash
