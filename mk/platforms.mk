# mk/platforms.mk: the program for other machines and places: aarch64
# under qemu, WebAssembly (node and the web page), OpenCL devices, the
# portable x86-64 build (its variant objects: mk/levels.mk); included by
# the Makefile.

.PHONY: test-aarch64 wasm test-wasm web test-web results-wasm opencl test-opencl test-portable

## test-aarch64: the suite on a static aarch64 build (aarch64-linux-gnu-gcc) under qemu-aarch64, in build/aarch64
AARCH64_CC ?= aarch64-linux-gnu-gcc
AARCH64_BUILD = build/aarch64
AARCH64_CFLAGS = -O2 -DATTACKBENCH_STATIC
AARCH64_MAKE_OPTIONS = -s LDFLAGS=-static
test-aarch64:
	@command -v $(AARCH64_CC) >/dev/null || { echo "test-aarch64 needs $(AARCH64_CC) (Debian: apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross)" >&2; exit 2; }
	+@$(call SUB_BUILD,AARCH64,$(AARCH64_BUILD)/attackbench $(AARCH64_BUILD)/unit_tests)
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
WASM_CFLAGS = -O2 $(WASM_TARGET_FLAGS)
WASM_PROGRAM = $(WASM_BUILD)/attackbench.wasm
WASM_LDLIBS = -lm -lwasi-emulated-signal -lwasi-emulated-mman -lwasi-emulated-process-clocks -Wl,-z,stack-size=1048576
WASM_MAKE_OPTIONS = -s THREAD_FLAGS= LDLIBS="$(WASM_LDLIBS)"
wasm:
	@bash scripts/platforms/wasm-toolchain.sh $(WASM_CC)
	+@$(call SUB_BUILD,WASM,$(WASM_PROGRAM))
	@sh scripts/platforms/wasm-runner.sh $(WASM_BUILD)/attackbench.wasm $(WASM_BUILD)/attackbench

## test-wasm: the suite on the WebAssembly build (make wasm) under node's WASI, in build/wasm
test-wasm: wasm
	+@$(call SUB_BUILD,WASM,$(WASM_BUILD)/unit_tests)
	@sh scripts/platforms/wasm-runner.sh $(WASM_BUILD)/unit_tests $(WASM_BUILD)/unit_tests-node
	@bash tests/wasm.sh $(WASM_BUILD)/attackbench $(WASM_BUILD)/unit_tests-node

## web: a static site in build/web (index.html runs attackbench.wasm in a Web Worker on the visitor's CPU; the committed results sortable)
WEB_BUILD = build/web
web: wasm
	@mkdir -p $(WEB_BUILD)
	cp web/index.html web/app.js web/worker.js web/wasi-shim.js web/style.css $(WASM_BUILD)/attackbench.wasm $(WEB_BUILD)/
	python3 scripts/results/web-results.py results $(WEB_BUILD)/results.js

## test-web: the page of make web in headless Chromium (Debian's chromium): every portable technique's bar and checksum, the chart, the committed results (also opened as a file), bad input; a screenshot into $(BUILD)/web-screenshot.png
CHROMIUM ?= $(or $(shell command -v chromium 2>/dev/null),$(shell command -v chromium-browser 2>/dev/null))
WEB_SCREENSHOT ?= $(BUILD)/web-screenshot.png
test-web: web
	@if [ -z "$(CHROMIUM)" ]; then echo "test-web skipped: no chromium (Debian: apt-get install chromium)"; exit 0; fi; \
	node tests/web.cjs $(CHROMIUM) $(WEB_BUILD) $(WASM_BUILD)/attackbench $(WEB_SCREENSHOT)

## results-wasm: every portable technique under node beside the native build (random and pieces, queen, batched), ratios, into results/wasm/<machine>-<date>.* (never another CPU's file)
results-wasm: wasm $(PROGRAM)
	@mkdir -p results/wasm
	nice python3 scripts/results/results-wasm --findings=docs/findings.md $(PROGRAM_PATH) $(WASM_BUILD)/attackbench results/wasm

## opencl: the program with the OpenCL device layer (--device=opencl, --list-devices; docs/gpu.md) into build/opencl/attackbench; needs Debian's ocl-icd-opencl-dev and opencl-c-headers to build, an OpenCL driver (pocl-opencl-icd, NVIDIA's) to run
OPENCL_BUILD = build/opencl
# OPENCL_INCLUDE: where CL/cl.h is when not in the compiler's own path
# (-I/usr/local/cuda/include: the CUDA toolkit's, scripts/comparisons/device-check).
OPENCL_INCLUDE ?=
OPENCL_CFLAGS = $(CFLAGS) $(OPENCL_INCLUDE)
OPENCL_MAKE_OPTIONS = -s OPENCL=1
OPENCL_HEADERS = $(shell printf '\043define CL_TARGET_OPENCL_VERSION 120\n\043include <CL/cl.h>\n' | $(CC) $(OPENCL_INCLUDE) -E -x c - >/dev/null 2>&1 && echo yes)
OPENCL_PACKAGES = (Debian: apt-get install ocl-icd-opencl-dev opencl-c-headers)
OPENCL_NO_HEADERS = no OpenCL headers $(OPENCL_PACKAGES)
# A compiler that is no command or does not run is named as such first:
# the probe of the headers cannot tell it from headers that are missing.
OPENCL_CHECK_CC = sh scripts/platforms/check-compiler.sh $(1) CC "$(CC)"
opencl:
	@$(call OPENCL_CHECK_CC,opencl)
	@[ -n "$(OPENCL_HEADERS)" ] || { echo "make opencl needs the OpenCL headers $(OPENCL_PACKAGES)" >&2; exit 2; }
	+@$(call SUB_BUILD,OPENCL,$(OPENCL_BUILD)/attackbench)

## test-opencl: the device suite (tests/opencl.sh) on make opencl's program and the first OpenCL device (PoCL in CI): every device technique verified in every formulation, the planted faults caught, the bad input; skipped, saying why, without OpenCL headers or platform (a compiler that does not run is an error)
# make expands the whole recipe before its first line runs: without the
# headers every line but the skip line is empty (an exit in one line's
# shell would end that line alone, and the build and the suite would run).
test-opencl:
	@$(call OPENCL_CHECK_CC,test-opencl)
	@$(if $(OPENCL_HEADERS),:,echo "test-opencl skipped: $(OPENCL_NO_HEADERS)")
	+@$(if $(OPENCL_HEADERS),$(call SUB_BUILD,OPENCL,$(OPENCL_BUILD)/attackbench))
	@$(if $(OPENCL_HEADERS),ATTACKBENCH=$(OPENCL_BUILD)/attackbench bash tests/opencl.sh)

## test-portable: make PORTABLE=1 (the baseline level with run-time choice of the higher levels' backend code: src/platform/x86_64_levels.h), every level verified, and the scripts a level's choice reaches (PORTABLE_TESTS; PORTABLE_TESTS=all for the whole suite)
PORTABLE_BUILD = build/portable
PORTABLE_MAKE_OPTIONS = -s PORTABLE=1
# What the choice of code per level changes: the lookups (unit, verify),
# what --list and the features say, the formulations, the benchmark and
# perft that run them, the side-wise and both paths.  The rest of the
# suite tests code that is the same at every level.
PORTABLE_TESTS ?= unit verify features formulations driver perft both sides bmi2_backends
test-portable:
	+@$(call SUB_BUILD,PORTABLE,$(PORTABLE_BUILD)/attackbench $(PORTABLE_BUILD)/unit_tests)
	@export ATTACKBENCH=$(PORTABLE_BUILD)/attackbench ATTACKBENCH_UNIT_TESTS=$(PORTABLE_BUILD)/unit_tests; \
		bash tests/run.sh tests/portable.sh && bash tests/run.sh $(filter-out all,$(PORTABLE_TESTS))
