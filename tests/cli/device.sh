#!/usr/bin/env bash
# --device and --list-devices in any build: the options' refusals, --plugin
# refused beside --device, --list's mark of the device techniques, and in a
# build without the OpenCL layer (the plain make) one line pointing at make
# opencl.  The device itself is tested by make test-opencl (tests/opencl.sh).
source "$(dirname "$0")/../lib/tap.bash"

expect_error "--device=cuda is refused" "--device=cuda: expected opencl or opencl:N" "$program" --device=cuda
expect_error "--device=opencl:x is refused" "--device=opencl:x: expected opencl or opencl:N" "$program" --device=opencl:x
expect_error "--plugin with --device is refused" "--plugin with --device: a plugin is CPU code" \
    "$program" --plugin=/nonexistent.so --device=opencl
expect_error "--device with --plugin (either order) is refused" "--plugin with --device" \
    "$program" --device=opencl:0 --plugin /nonexistent.so
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
    expect_error "--list-devices without OpenCL: the same line" "no OpenCL device layer" "$program" --list-devices
fi
