#!/usr/bin/env bash
# make test-opencl: the device layer of make opencl's program on the first
# OpenCL device (PoCL, the CPU, in CI; a GPU under scripts/comparisons/device-check):
# every device technique verified on the device in every formulation its
# table allows, the timed run (checksum equal to the CPU's, the CSV's
# device column), and each bad input of docs/gpu.md with its one line: no
# library, no platform, an index out of range, a kernel that does not
# compile, a wrong kernel, a device out of memory, a launch past the
# watchdog.  Without a platform the device tests skip, saying why.
# Usage: ATTACKBENCH=build/opencl/attackbench bash tests/opencl.sh
source "$(dirname "$0")/lib/tap.bash"

# expect_failure NAME TEXT COMMAND...: exit status 1 and TEXT on stderr.
expect_failure() {
    local name=$1 text=$2
    shift 2
    "$@" >"$scratch/out" 2>"$scratch/err"
    local got=$?
    if [ "$got" -eq 1 ] && grep -qF -- "$text" "$scratch/err"; then
        pass "$name"
    else
        fail "$name (exit $got; stderr: $(tail -c 300 "$scratch/err"))"
    fi
}

# The ICD loader's vendors folder, emptied: a machine with the library but
# no platform (OCL_ICD_VENDORS is ocl-icd's).
mkdir -p "$scratch/no-vendors"
expect_failure "no OpenCL platform: one line, exit 1" "no OpenCL platform is installed" \
    env OCL_ICD_VENDORS="$scratch/no-vendors" "$program" --device=opencl -m kogge-stone
# --list-devices names itself, and the folder OCL_ICD_VENDORS chose rather
# than the default one.
expect_failure "--list-devices with no platform: one line naming --list-devices" \
    "attackbench: --list-devices: no OpenCL platform is installed" \
    env OCL_ICD_VENDORS="$scratch/no-vendors" "$program" --list-devices
grep -qF "OCL_ICD_VENDORS=$scratch/no-vendors" "$scratch/err" && ! grep -q /etc/OpenCL "$scratch/err" &&
    pass "no platform under OCL_ICD_VENDORS: that folder named, not /etc/OpenCL/vendors" ||
    fail "no platform under OCL_ICD_VENDORS: $(cat "$scratch/err")"
expect_failure "no OpenCL library: one line, exit 1" "no OpenCL library" \
    env ATTACKBENCH_OPENCL_LIBRARY="$scratch/libOpenCL-absent.so.1" "$program" --list-devices
[ "$(wc -l <"$scratch/err")" -eq 1 ] && pass "no OpenCL library: a single line" || fail "no OpenCL library: $(cat "$scratch/err")"
# A FIFO named as the library would block dlopen: refused as a plugin is.
mkfifo "$scratch/libOpenCL-fifo.so.1"
expect_failure "ATTACKBENCH_OPENCL_LIBRARY naming a FIFO: one line, no hang" "is not a regular file" \
    env ATTACKBENCH_OPENCL_LIBRARY="$scratch/libOpenCL-fifo.so.1" timeout 20 "$program" --list-devices

if ! "$program" --list-devices >"$scratch/devices" 2>"$scratch/devices.err"; then
    skip_all "no OpenCL platform here: $(cat "$scratch/devices.err")"
fi
grep -q '^opencl:0 ' "$scratch/devices" && pass "--list-devices names opencl:0" || fail "--list-devices: $(cat "$scratch/devices")"
count=$(grep -c '^opencl:' "$scratch/devices")
expect_error "an index out of range: one line, exit 2" "--device=opencl:$count: there" \
    "$program" --device=opencl:"$count" -m kogge-stone
expect_error "a method with no device kernel" "--device: reference has no device kernel" \
    "$program" --device=opencl -m reference
# -m on a device reads as on the CPU (the eighth hostile trial: 'all' in a
# list and -NAME were "unknown", a name in capitals too, and a method
# named twice ran twice): all,-NAME, any case, each method once, and a
# list that leaves nothing refused in one line.
"$program" --device=opencl -m all,-hyperbola --verify-only --verify-boards=10 -q >/dev/null 2>"$scratch/err" &&
    pass "--device -m all,-hyperbola is taken" || fail "--device -m all,-hyperbola is taken ($(head -c 300 "$scratch/err"))"
"$program" --device=opencl -m HYPERBOLA:Global,hyperbola:global --reps=2 --verify-boards=10 --queries=4096 -q \
    --format=csv >"$scratch/twice.csv" 2>"$scratch/err"
[ "$(csv_column method <"$scratch/twice.csv" | grep -c '^hyperbola')" -eq 1 ] &&
    pass "--device: a method named twice, in two cases, runs once" ||
    fail "--device: a method named twice, in two cases, runs once ($(head -c 300 "$scratch/twice.csv"; head -c 300 "$scratch/err"))"
expect_error "--device -m all,-all: the list leaves no method" "--device: --method=all,-all: the list leaves no method" \
    "$program" --device=opencl -m all,-all --verify-only
# An empty name in the list, in the CPU's words (it was "unknown method ''").
for list in 'hyperbola,,kogge-stone' 'hyperbola,' '-'; do
    expect_error "--device -m '$list': an empty name" "--device: --method=$list: empty or overlong name" \
        "$program" --device=opencl -m "$list" --verify-only
done
# --list and --list-devices stand instead of a device run: refused beside
# --device rather than the --device dropped; an index is quoted as typed.
for option in --list --list-devices; do
    expect_error "--device with $option: one line, exit 2" "$option does not apply to --device" \
        "$program" --device=opencl "$option"
done
expect_error "--device=opencl:01: refused as typed" "--device=opencl:01: expected opencl or opencl:N" \
    "$program" --device=opencl:01 -m kogge-stone
# The inputs and outputs are checked before anything runs: a file operand
# (a device run reads none; --csv naming it would replace it) and a --csv
# that cannot be written are one line, exit 2, nothing on standard output.
printf '8/8/8/8/8/8/8/K6k w - - 0 1\n' >"$scratch/input.fen"
expect_error "a file operand with --device: one line, exit 2" "reads no files" \
    "$program" --device=opencl -m hyperbola:global --reps=2 --verify-boards=10 --queries=4096 -q \
    "$scratch/input.fen" --csv="$scratch/input.fen"
[ "$(cat "$scratch/input.fen")" = '8/8/8/8/8/8/8/K6k w - - 0 1' ] && pass "--csv naming the file operand leaves it be" ||
    fail "--csv replaced the file operand: $(head -c 200 "$scratch/input.fen")"
expect_error "a --csv that cannot be written: refused before the run" "$scratch/absent/x.csv: cannot create" \
    "$program" --device=opencl -m hyperbola:global --reps=2 --verify-boards=10 --queries=4096 -q \
    --csv="$scratch/absent/x.csv"
[ ! -s "$scratch/out" ] && pass "a --csv that cannot be written: nothing ran" || fail "the run ran: $(head -c 200 "$scratch/out")"
# A named formulation is checked as the measured ones are: a table too
# large for the space (2.3 MiB: no device's local or constant memory) and
# a space a technique without a table lacks are one line, exit 2.
expect_error "a named :local whose table does not fit: one line, exit 2" "magic-plain:local: its table" \
    "$program" --device=opencl -m magic-plain:local --verify-only --verify-boards=10 -q
expect_error "a named :constant whose table does not fit: one line, exit 2" "magic-plain:constant: its table" \
    "$program" --device=opencl -m magic-plain:constant --verify-only --verify-boards=10 -q
expect_error "a named :local of a technique with no table: one line, exit 2" "kogge-stone has no table" \
    "$program" --device=opencl -m kogge-stone:local --verify-only --verify-boards=10 -q
expect_error "a named :constant of a technique with no table: one line, exit 2" "kogge-stone has no table" \
    "$program" --device=opencl -m kogge-stone:constant --verify-only --verify-boards=10 -q

# Every device technique in every formulation its table allows here,
# exhaustively (every square, every subset of its relevant occupancy) and
# on 20,000 random boards; the formulations come from a fixed verify run's
# list of what fits (--verify-only names each one it verified).
"$program" --list | awk '/ device: opencl /{ print $1 }' >"$scratch/techniques"
[ "$(wc -l <"$scratch/techniques")" -ge 8 ] && pass "--list marks the device techniques" ||
    fail "--list marks $(wc -l <"$scratch/techniques") device techniques"
verified=0
while read -r technique; do
    if "$program" --device=opencl --verify-only --verify-boards=20000 -m "$technique" >"$scratch/out" 2>"$scratch/err"; then
        formulations=$(sed -n 's/.*verified on opencl:0: \([0-9]*\) formulation.*/\1/p' "$scratch/err")
        verified=$((verified + ${formulations:-0}))
        pass "verify $technique on the device (${formulations:-?} formulations)"
    else
        fail "verify $technique on the device: $(tail -c 600 "$scratch/err")"
    fi
done <"$scratch/techniques"
echo "# $verified formulations of $(wc -l <"$scratch/techniques") device techniques verified on $(sed -n 's/^opencl:0  //p' "$scratch/devices" | cut -d'|' -f1-2)"

# The planted faults (ATTACKBENCH_OPENCL_PLANT, src/device/opencl_programs.c).
expect_failure "a wrong kernel is caught, with the CPU's report" "verify: kogge-stone rook on d4 is wrong" \
    env ATTACKBENCH_OPENCL_PLANT=wrong "$program" --device=opencl --verify-only --verify-boards=10 -m kogge-stone
grep -q '^expected 0x' "$scratch/err" && grep -q '^got      0x.*differs on h8' "$scratch/err" &&
    pass "the wrong kernel's report gives expected and got" || fail "wrong kernel report: $(cat "$scratch/err")"
# The queen is verified on every subset of both masks and on sparse
# boards, not only on the timed stream's dense ones: a queen wrong only
# with at most one blocker (as a kernel's own queen function could be).
expect_failure "a queen wrong only on sparse boards is caught" "verify: kogge-stone queen on a1 is wrong" \
    env ATTACKBENCH_OPENCL_PLANT=sparse-queen "$program" --device=opencl --verify-only --verify-boards=10 -m kogge-stone
expect_failure "a kernel that does not compile: its build log and one line" "does not compile" \
    env ATTACKBENCH_OPENCL_PLANT=broken "$program" --device=opencl --verify-only -m kogge-stone
[ "$(wc -l <"$scratch/err")" -ge 2 ] && pass "the build log is shown" || fail "no build log: $(cat "$scratch/err")"
expect_failure "a device out of memory: one line" "device out of memory" \
    env ATTACKBENCH_OPENCL_PLANT=memory "$program" --device=opencl --verify-only -m kogge-stone
start=$SECONDS
expect_failure "a launch past the watchdog: one line, no hang" "ran past the watchdog's 1.5 s" \
    env ATTACKBENCH_OPENCL_PLANT=slow ATTACKBENCH_OPENCL_WATCHDOG=1.5 timeout 120 "$program" --device=opencl \
    --verify-boards=10 --queries=4096 -m kogge-stone
[ $((SECONDS - start)) -lt 60 ] && pass "the watchdog stops it within its limit" || fail "the watchdog took $((SECONDS - start)) s"
# A driver that runs the kernel on the calling thread, inside clFlush
# (PoCL's basic device): the watchdog is a timer signal, not a polling loop
# that would never run.
if POCL_DEVICES=basic "$program" --list-devices 2>/dev/null | grep -q '^opencl:0 .*basic'; then
    start=$SECONDS
    expect_failure "the watchdog stops a kernel run inside clFlush (PoCL's basic device)" "ran past the watchdog's 2 s" \
        env POCL_DEVICES=basic ATTACKBENCH_OPENCL_PLANT=slow ATTACKBENCH_OPENCL_WATCHDOG=2 timeout 60 "$program" \
        --device=opencl -m hyperbola:global --reps=2 --verify-boards=10 --queries=64 --calls=64 -q
    [ $((SECONDS - start)) -lt 30 ] && pass "the watchdog stops the basic device's kernel within its limit" ||
        fail "the watchdog on the basic device took $((SECONDS - start)) s"
else
    skip "the watchdog on a kernel run inside clFlush: no PoCL basic device here"
fi

# SIGINT or SIGTERM during a device run, once the first technique's row
# is done: the rows finished are written (table and --csv), exit 128 + the
# signal, as the CPU benchmark does.
interrupted_run() {
    "$program" --device=opencl -m kogge-stone,hyperbola,classical,dumb7fill,qbb,sbamg,bitrotation,leorik,slide-arithmetic \
        --reps=3 --queries=4096 --calls=4096 --verify-boards=10 --csv="$scratch/interrupted.csv" \
        >"$scratch/interrupted.out" 2>"$scratch/interrupted.err" &
    local runner=$!
    for _ in $(seq 600); do
        grep -q '^attackbench: kogge-stone: launch' "$scratch/interrupted.err" 2>/dev/null && break
        sleep 0.1
    done
    kill -"$1" "$runner"
    wait "$runner"
}
rm -f "$scratch/interrupted.csv"
interrupted_run INT
status=$?
rows=$(sed -n 's/^attackbench: interrupted: reporting the \([0-9]*\) rows\{0,1\} finished$/\1/p' "$scratch/interrupted.err")
if [ "$status" -eq 130 ] && [ "${rows:-0}" -ge 1 ] && [ "$rows" -lt 9 ] &&
    [ "$(csv_column device <"$scratch/interrupted.csv" | grep -c opencl)" -eq "$rows" ] &&
    grep -q '^  kogge-stone ' "$scratch/interrupted.out"; then
    pass "SIGINT during a device run: the finished rows written, exit 130"
else
    fail "SIGINT during a device run (exit $status: $(tail -c 300 "$scratch/interrupted.err"))"
fi
interrupted_run TERM
status=$?
[ "$status" -eq 143 ] && grep -qE '^attackbench: interrupted(: reporting the [1-9]| before any row finished)' "$scratch/interrupted.err" &&
    pass "SIGTERM during a device run: exit 143 after the report" || fail "SIGTERM during a device run: exit $status"

# A timed run: the checksum of every row is the CPU benchmark's of the same
# stream, the CSV has a device column with the device's rows and the CPU's.
"$program" --device=opencl -m kogge-stone,magic-fancy --reps=3 --queries=65536 --calls=100000 --verify-boards=10 \
    --format=csv >"$scratch/device.csv" 2>"$scratch/device.err" || fail "timed run: $(tail -c 600 "$scratch/device.err")"
"$program" --workload=random --queries=65536 -p queen -m magic-fancy --dispatch=batch --reps=1 --calls=65536 -q \
    --format=csv >"$scratch/cpu.csv" 2>/dev/null
cpu_checksum=$(csv_column checksum <"$scratch/cpu.csv" | head -1)
checksums=$(csv_column checksum <"$scratch/device.csv" | sort -u)
[ -n "$cpu_checksum" ] && [ "$checksums" = "$cpu_checksum" ] && pass "every row's checksum is the CPU's ($cpu_checksum)" ||
    fail "checksums: device run $checksums, CPU $cpu_checksum"
[ "$(csv_column device <"$scratch/device.csv" | sort -u | tr '\n' ' ')" = "cpu opencl " ] &&
    pass "the CSV's device column: the device's rows and the CPU's" || fail "device column: $(cat "$scratch/device.csv")"
python3 - "$scratch/device.csv" <<'PYTHON' && pass "each device row: median within min and max, overhead under 1%, G lookups consistent" || fail "device rows: $(cat "$scratch/device.csv")"
import csv, sys
rows = [row for row in csv.DictReader(open(sys.argv[1])) if row["device"] == "opencl"]
assert len(rows) == 2, rows
for row in rows:
    median, low, high = (float(row[k]) for k in ("ns_per_query_median", "ns_per_query_min", "ns_per_query_max"))
    assert 0 < low <= median <= high, row
    assert float(row["launch_overhead"]) < 0.01, row
    assert abs(float(row["mlookups_per_s"]) * median / 1000 - 1) < 0.01, row
PYTHON
# The device CSV's header is the CPU benchmark's and the device columns;
# every row has each field, empty only where docs/gpu.md says why.
[ "$(head -1 "$scratch/device.csv")" = "$(head -1 "$scratch/cpu.csv"),device,device_name,launch_work_items,launch_passes,launch_overhead" ] &&
    pass "the device CSV's header: the CPU benchmark's columns, then the device's" ||
    fail "device CSV header: $(head -1 "$scratch/device.csv")"
python3 - "$scratch/device.csv" <<'PYTHON' && pass "device and CPU rows: every field, empty only where docs/gpu.md says why" || fail "device CSV fields: $(cat "$scratch/device.csv")"
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
header, both = rows[0], {"relative_mad", "harness_ns_per_query", "instructions_per_query", "warnings", "formulation_threads",
                   "parameters"}
may_be_empty = {
    "opencl": both | {"tsc_ghz", "threads", "ticks_per_query_median", "ticks_per_query_min", "ticks_per_query_max",
                      "ticks_per_query_mad", "init_ms", "hit_rate", "formulation"},
    "cpu": both | {"launch_work_items", "launch_passes", "launch_overhead", "hit_rate", "formulation"},
}
for row in rows[1:]:
    assert len(row) == len(header), (len(row), len(header), row)
    fields = dict(zip(header, row))
    empty = {name for name, value in fields.items() if value == ""}
    assert empty <= may_be_empty[fields["device"]], (fields["method"], empty - may_be_empty[fields["device"]])
    assert fields["timer"] in (("opencl-events",) if fields["device"] == "opencl" else ("tsc", "clock")), fields
PYTHON
grep -qE 'bit reversal: (portable|brev\.b64)' "$scratch/device.err" && grep -q 'empty launch' "$scratch/device.err" &&
    pass "the context lines: platform, device, bit reversal, launch size and overhead" ||
    fail "context: $(cat "$scratch/device.err")"
"$program" --device=opencl -m magic-fancy --formulation=fixed --reps=1 --queries=4096 --calls=4096 --verify-boards=10 \
    --format=csv 2>/dev/null | python3 -c 'import csv, sys
print(*[row["formulation"] for row in csv.DictReader(sys.stdin) if row["device"] == "opencl"])' >"$scratch/fixed"
[ "$(cat "$scratch/fixed")" = global ] && pass "--formulation=fixed: the table in global memory" ||
    fail "--formulation=fixed gave $(cat "$scratch/fixed")"
