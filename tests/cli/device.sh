#!/usr/bin/env bash
# --device and --list-devices in any build: the options' refusals, --plugin
# refused beside --device, --list's mark of the device techniques, and in a
# build without the OpenCL layer (the plain make) one line pointing at make
# opencl.  The device itself is tested by make test-opencl (tests/opencl.sh).
source "$(dirname "$0")/../lib/tap.bash"

expect_error "--device=cuda is refused" "--device=cuda: expected opencl or opencl:N" "$program" --device=cuda
expect_error "--device=opencl:x is refused" "--device=opencl:x: expected opencl or opencl:N" "$program" --device=opencl:x
# N as --list-devices writes it, so that a message quoting the device
# quotes what was typed.
expect_error "--device=opencl:01 is refused" "--device=opencl:01: expected opencl or opencl:N" "$program" --device=opencl:01
expect_error "--plugin with --device is refused" "--plugin with --device: a plugin is CPU code" \
    "$program" --plugin=/nonexistent.so --device=opencl
expect_error "--device with --plugin (either order) is refused" "--plugin with --device" \
    "$program" --device=opencl:0 --plugin /nonexistent.so
# The options a device run does not honour are refused with --device,
# each in one line (they were ignored).
for option in --dump --list --list-devices --count=instructions --threads=2 --pin=0 --pressure=4M --piece=rook --workload=pieces \
    --dispatch=batch --chain --phase --target-spread=1 --param=x=1 --layout=queries --skip-invalid; do
    "$program" --device=opencl -m kogge-stone "$option" >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ "$status" -eq 2 ] && grep -qF -- "attackbench: ${option%%=*} does not apply to --device" "$scratch/err" &&
        [ "$(wc -l <"$scratch/err")" -eq 1 ] && pass "--device refuses $option in one line" ||
        fail "--device refuses $option (exit $status: $(cat "$scratch/err"))"
done
expect_error "--device refuses -p rook" "attackbench: --piece does not apply to --device" \
    "$program" -p rook --device=opencl -m kogge-stone
for format in json bmf; do
    expect_error "--device refuses --format=$format" "--format=$format does not apply to --device" \
        "$program" --device=opencl -m kogge-stone --format="$format"
done
# Only a real --plugin option is refused beside --device, not an option's
# value that starts alike (--csv's file here).
expect_error "--csv --plugin-results.csv with --device is no --plugin" "--device: reference has no device kernel" \
    "$program" --csv --plugin-results.csv --device=opencl -m reference
# A glob or an unknown name is called so, not "no device kernel" (the
# seventh hostile trial: magic-* has kernels, nosuch is no method).
expect_error "--device: a glob is refused as a glob" "--device: magic-*: a device run takes methods named exactly" \
    "$program" --device=opencl -m 'magic-*' -q
expect_error "--device: an unknown method is called unknown" "--device: unknown method 'nosuch'" \
    "$program" --device=opencl -m nosuch -q
# A method named many times is one method, not a list past the limit of
# 64 (20 techniques in their formulations make fewer than 64 choices, so
# the limit is a guard no list reaches today): here the build without a
# device layer says so, where it once named the limit.
methods=$(printf 'kogge-stone,%.0s' $(seq 64))hyperbola
expect_error "--device: 65 names of two methods are two methods" "--device: this build has no OpenCL device layer" \
    "$program" --device=opencl -m "$methods"
# make opencl stops when a kernel the catalogue names is missing, rather
# than build a program whose technique fails when it runs: the Makefile's
# check, run with make -n on a copy of the files it reads.
if command -v make >/dev/null; then
    tree="$scratch/tree"
    mkdir -p "$tree/src/device/kernels" "$tree/src/generated" "$tree/src/platform"
    cp Makefile "$tree/" && ln -s "$PWD/mk" "$tree/mk" && cp src/platform/x86_64_levels.h "$tree/src/platform/"
    cp src/device/device_techniques.c "$tree/src/device/"
    cp src/device/kernels/*.cl "$tree/src/device/kernels/" && cp src/generated/*.cl "$tree/src/generated/"
    rm "$tree/src/device/kernels/qbb.cl"
    make -C "$tree" -n OPENCL=1 help >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ "$status" -eq 2 ] && grep -q "no kernel source for qbb, which src/device/device_techniques.c names" "$scratch/err" &&
        pass "make opencl stops on a catalogued kernel that is missing" ||
        fail "make opencl with qbb.cl missing (exit $status: $(tail -c 300 "$scratch/err"))"
    make -C "$tree" -n help >"$scratch/out" 2>"$scratch/err" && pass "the plain make does not ask for the kernels" ||
        fail "the plain make with qbb.cl missing: $(tail -c 300 "$scratch/err")"
else
    skip "make opencl's check of the catalogued kernels: no make here"
fi
# make test-opencl without the headers (-nostdinc hides them) prints its
# skip line and nothing more: no build, no suite (make -n shows what would run).
if command -v make >/dev/null; then
    skip_line="test-opencl skipped: no OpenCL headers (Debian: apt-get install ocl-icd-opencl-dev opencl-c-headers)"
    # Without the calling make's flags: a suite run from make -j (test-aarch64)
    # would otherwise add make's own jobserver warning to standard error.
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n -s -C "$top" --no-print-directory test-opencl \
        OPENCL_INCLUDE=-nostdinc >"$scratch/out" 2>"$scratch/err"
    status=$?
    # (Its check of the compiler comes first: scripts/platforms/check-compiler.sh.)
    grep -v '^sh scripts/platforms/check-compiler.sh test-opencl ' "$scratch/out" >"$scratch/commands"
    [ "$status" -eq 0 ] && [ "$(cat "$scratch/commands")" = "echo \"$skip_line\"" ] && [ ! -s "$scratch/err" ] &&
        pass "make test-opencl without the headers would only print its skip line" ||
        fail "make -n test-opencl without the headers (exit $status): $(head -c 300 "$scratch/out" "$scratch/err")"
    if [ "$status" -eq 0 ] && [ "$(wc -l <"$scratch/commands")" -eq 1 ]; then
        env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$top" --no-print-directory test-opencl \
            OPENCL_INCLUDE=-nostdinc >"$scratch/out" 2>"$scratch/err"
        status=$?
        [ "$status" -eq 0 ] && [ "$(cat "$scratch/out")" = "$skip_line" ] && [ ! -s "$scratch/err" ] &&
            pass "make test-opencl without the headers prints its skip line alone" ||
            fail "make test-opencl without the headers (exit $status): $(head -c 300 "$scratch/out" "$scratch/err")"
    else
        skip "make test-opencl's skip, run: make -n showed more than the skip line"
    fi
else
    skip "make test-opencl's skip: no make here"
fi
"$program" --list >"$scratch/list"
for technique in hyperbola kogge-stone magic-fancy; do
    grep -q "^$technique .* device: opencl " "$scratch/list" && pass "--list marks $technique as a device technique" ||
        fail "--list does not mark $technique: $(grep "^$technique " "$scratch/list")"
done
grep -q "^reference .* device: opencl" "$scratch/list" && fail "--list marks reference as a device technique" ||
    pass "--list leaves the CPU-only techniques unmarked"
if "$program" --list-devices >"$scratch/devices" 2>"$scratch/err"; then
    skip "a build without OpenCL says so: this is make opencl's build"
else
    expect_error "a build without OpenCL: one line naming make opencl" "no OpenCL device layer; build it with make opencl" \
        "$program" --device=opencl -m kogge-stone
    expect_one_line "--list-devices without OpenCL: the same line, naming --list-devices" \
        "attackbench: --list-devices: this build has no OpenCL device layer" "$program" --list-devices
fi

# docs/gpu.md's table names every device technique --list marks, and no other.
awk '/ device: opencl /{ print $1 }' "$scratch/list" | sort >"$scratch/marked"
sed -n 's/^| `\([a-z0-9-]*\)` | `[a-z0-9_]*\.cl` |.*/\1/p' docs/gpu.md | sort >"$scratch/documented"
if [ -s "$scratch/marked" ] && cmp -s "$scratch/marked" "$scratch/documented"; then
    pass "docs/gpu.md lists the $(wc -l <"$scratch/marked") device techniques"
else
    fail "docs/gpu.md and --list differ: $(diff "$scratch/marked" "$scratch/documented" | grep '^[<>]' | tr '\n' ' ')"
fi

# scripts/comparisons/peer-comparison-gpu: the peer's lines matched to the device rows
# of a device CSV (a made-up one: this build cannot run a device).
printf 'method,formulation,device,device_name,mlookups_per_s\nmagic-black,global,opencl,GPU X,150000\nkogge-stone,,opencl,GPU X,40000\ndumb7fill-avx2,,opencl,GPU X,20000\npext,,cpu,CPU,700\n' >"$scratch/device.csv"
printf 'GPU X\nBlack Magic - Fixed shift:\t100.00 GigaQueens/s\nKogge Stone              :\t80.00 GigaQueens/s\nAVX Branchless Shift     :\t10.00 GigaQueens/s\nNO HEADACHE              :\t9.00 GigaQueens/s\n' >"$scratch/peer.txt"
python3 scripts/comparisons/peer-comparison-gpu "$scratch/device.csv" "$scratch/peer.txt" >"$scratch/peer.md"
grep -qF '| Black Magic - Fixed shift | 100.00 | magic-black:global | 150.00 | 1.50x |' "$scratch/peer.md" &&
    grep -qF '| Kogge Stone | 80.00 | kogge-stone | 40.00 | 0.50x |' "$scratch/peer.md" &&
    grep -qF '| AVX Branchless Shift | 10.00 | dumb7fill-avx2 | 20.00 | 2.00x |' "$scratch/peer.md" &&
    grep -qF '| NO HEADACHE | 9.00 | (no device kernel) |' "$scratch/peer.md" &&
    pass "scripts/comparisons/peer-comparison-gpu: ratios per mapped mode, unmapped modes named" ||
    fail "scripts/comparisons/peer-comparison-gpu: $(cat "$scratch/peer.md")"
