# mk/tests.mk: the test suite and its variants (make test, make check),
# included by the Makefile.  tests/README.md says what each script checks.

.PHONY: test check check-scripts check-builds test-bare

# The binaries under test, for tests/run.sh (tests/README.md).
TEST_BINARIES = ATTACKBENCH=$(abspath $(PROGRAM)) ATTACKBENCH_UNIT_TESTS=$(abspath $(BUILD)/unit_tests)
## test: the unit tests, every backend verified exhaustively against the reference, every command's contract (tests/cli, one to two minutes on 2 cores)
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

## test-bare: the test scripts that use gnuplot, hyperfine, valgrind or clang, run with them hidden from PATH (their tests must skip)
test-bare: $(PROGRAM) $(BUILD)/unit_tests
	@$(TEST_BINARIES) bash tests/bare-path.sh
