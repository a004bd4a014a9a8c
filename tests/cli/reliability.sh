#!/usr/bin/env bash
# Inputs checked before anything is timed, output files checked before a
# run, sides beyond a record's capacity, planted links and file size
# limits.
source "$(dirname "$0")/../lib/tap.bash"

reliability_good=$(grep -m 1 -v '^#' "$here/data/boards.fen")
printf '%s\n%s\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n' "$reliability_good" "$reliability_good" \
    >"$scratch/bad-third.fen"
expect_one_line "a bad FEN line is the only stderr line of a benchmark run" "bad-third.fen:3:" \
    "$program" -m $lookup,null --reps=1 --calls=1000 "$scratch/bad-third.fen"
expect_one_line "a bad FEN line in the second file is the only stderr line" "bad-third.fen:3:" \
    "$program" -m $lookup --reps=1 --calls=1000 "$here/data/boards.fen" "$scratch/bad-third.fen"
expect_one_line "the random workload refuses a file that does not exist" "absent.fen: cannot open" \
    "$program" -m $lookup --workload=random --reps=1 --calls=1000 "$scratch/absent.fen"

# --dump reads a named file whole before its first row.
"$program" --dump -m reference "$scratch/bad-third.fen" >"$scratch/out" 2>"$scratch/err"
[ $? -eq 2 ] && [ ! -s "$scratch/out" ] && pass "--dump writes no row before a bad line" ||
    fail "--dump writes no row before a bad line ($(wc -l <"$scratch/out") lines on stdout)"

# More sliders on a side than a side record holds: refused with FILE:LINE
# by the sides dump and benchmark, never printed from memory no backend
# wrote.  The other workloads take any board.
printf 'QQQQQQQQ/QQQQQQQQ/Q7/8/8/8/8/k6K w - - 0 1\n' >"$scratch/queens17.fen"
printf 'QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ w - - 0 1\n' >"$scratch/queens64.fen"
for board in queens17 queens64; do
    for method in reference hyperbola-lanes-avx2 magic-lanes; do
        awk -v m="$method" '$1 == m && $2 == "available" { found = 1 } END { exit !found }' "$scratch/list" ||
            continue
        "$program" --dump --workload=sides -m "$method" "$scratch/$board.fen" >"$scratch/out" 2>"$scratch/err"
        if [ $? -eq 2 ] && [ ! -s "$scratch/out" ] && grep -qF "$board.fen:1: white has" "$scratch/err"; then
            pass "--dump --workload=sides refuses $board ($method)"
        else
            fail "--dump --workload=sides refuses $board ($method): $(head -c 300 "$scratch/out" "$scratch/err")"
        fi
    done
    expect_one_line "the sides benchmark refuses $board" "$board.fen:1: white has" \
        "$program" -m $lookup --workload=sides --reps=1 --calls=1000 "$scratch/$board.fen"
    "$program" --dump -m reference "$scratch/$board.fen" >"$scratch/reference.csv" 2>/dev/null &&
        "$program" --dump -m hyperbola "$scratch/$board.fen" | cmp -s - "$scratch/reference.csv" &&
        pass "--dump of $board (pieces) agrees with the reference" ||
        fail "--dump of $board (pieces) agrees with the reference"
done

# Output files are checked before measuring: one line, at once.
expect_one_line "--csv in a directory that does not exist" "cannot create: No such file or directory" \
    "$program" -m null --workload=random --reps=1 --csv="$scratch/no/such/dir/out.csv"
# A file that is there in a folder that takes no new file (it said "No such
# file or directory" of a file that is there).
if [ -f /proc/version ] && [ -z "$emulated" ]; then
    expect_one_line "--csv=/proc/version: its folder takes no temporary file" \
        "/proc/version: cannot create a temporary file beside it: No such file or directory" \
        "$program" -m null --workload=random --reps=1 --csv=/proc/version
fi
expect_one_line "--json naming a directory" "cannot write: Is a directory" \
    "$program" -m null --workload=random --reps=1 --json="$scratch"
# A name ending in '/' is said so (it was "Not a directory" or "No such
# file or directory", which hide the slash).
for name in "$scratch/x.csv/" "$scratch/missing/x.csv/"; do
    expect_one_line "--csv=${name#"$scratch"/}: ends in a slash" "$name: the name ends in '/', a directory's name" \
        "$program" -m null --workload=random --reps=1 --csv="$name"
done
cp "$here/data/boards.fen" "$scratch/input.fen"
expect_one_line "--csv naming an input file" "--csv names an input file" \
    "$program" -m null --reps=1 --csv="$scratch/input.fen" "$scratch/input.fen"
cmp -s "$here/data/boards.fen" "$scratch/input.fen" && pass "the input named by --csv is untouched" ||
    fail "the input named by --csv is untouched"
# Standard input read from the file --csv names: the same refusal.
expect_one_line "--csv naming the file standard input reads" "--csv names an input file" \
    "$program" -m null --reps=1 --csv="$scratch/input.fen" - <"$scratch/input.fen"
cmp -s "$here/data/boards.fen" "$scratch/input.fen" && pass "standard input's file named by --csv is untouched" ||
    fail "standard input's file named by --csv is untouched"
# One new file spelled two ways is one file: the JSON would replace the CSV.
expect_one_line "--csv and --json naming one new file by two spellings" "one.csv: --csv and --json name the same file" \
    "$program" -m null --workload=random --reps=1 --csv="$scratch/one.csv" --json="$scratch/./one.csv"
[ ! -e "$scratch/one.csv" ] && pass "nothing is written when --csv and --json name one file" ||
    fail "nothing is written when --csv and --json name one file"

# A symbolic link planted by another user in a sticky world-writable
# directory is not followed (the kernel's protected_symlinks rule), even
# by root; the caller's own link there is.
if ! on_native "protected symbolic links" "no users"; then
    :
elif [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
    mkdir -m 1777 "$scratch/sticky"
    printf 'secret\n' >"$scratch/victim" && chmod 600 "$scratch/victim"
    ln -s "$scratch/victim" "$scratch/sticky/planted.csv" && chown -h nobody "$scratch/sticky/planted.csv"
    expect_one_line "--csv does not follow another user's link in a sticky directory" "planted.csv: cannot create" \
        "$program" -m null --workload=random --reps=1 --calls=1000 --csv="$scratch/sticky/planted.csv"
    grep -qx secret "$scratch/victim" && pass "the planted link's target is untouched" ||
        fail "the planted link's target is untouched"
    ln -s "$scratch/own.csv" "$scratch/sticky/own.csv"
    "$program" -m null --workload=random --reps=1 --calls=1000 -q --csv="$scratch/sticky/own.csv" >/dev/null 2>&1 &&
        [ -s "$scratch/own.csv" ] && pass "--csv follows the caller's own link in a sticky directory" ||
        fail "--csv follows the caller's own link in a sticky directory"
else
    skip "protected symbolic links: needs root and the user nobody"
fi

# An existing output file the caller may not write is refused, as sort -o
# refuses it (the rename beside it needs only the folder's permission):
# one line, exit 2, the file kept, for every command's output files.  Root
# may write any file, so as root the runs are the user nobody's.
as_caller=()
if [ "$(id -u)" -eq 0 ] && have_tool setpriv && id nobody >/dev/null 2>&1; then
    as_caller=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups)
fi
if ! on_native "a read-only output file" "no users or permission bits"; then
    :
elif [ "$(id -u)" -eq 0 ] && [ ${#as_caller[@]} -eq 0 ]; then
    skip "a read-only output file: as root it needs setpriv and the user nobody (root may write any file)"
elif ! "${as_caller[@]}" "$program" --version >/dev/null 2>&1; then
    skip "a read-only output file: the user nobody cannot run $program"
else
    chmod 711 "$scratch"
    mkdir -m 777 "$scratch/read-only"
    printf 'precious\n' >"$scratch/read-only/kept.csv"
    chmod 444 "$scratch/read-only/kept.csv"
    [ ${#as_caller[@]} -gt 0 ] && chown nobody "$scratch/read-only/kept.csv"
    kept=$scratch/read-only/kept.csv
    for run in "--csv:-m null --workload=random --reps=1 --calls=1000 -q --csv=$kept" \
        "--json:-m null --workload=random --reps=1 --calls=1000 -q --json=$kept" \
        "perft --csv:perft -m reference --depth=1 --csv=$kept $here/../data/perft.epd" \
        "genpos --out:genpos --seed=1 --games=1 --out=$kept" \
        "ab --json:ab --json=$kept -m reference,kogge-stone" \
        "recommend --csv:recommend --quick --csv=$kept"; do
        # shellcheck disable=SC2086 # the options are words
        XDG_RUNTIME_DIR="$scratch/read-only" expect_one_line "${run%%:*} refuses a read-only file" \
            "kept.csv: cannot write: Permission denied" "${as_caller[@]}" "$program" ${run#*:}
    done
    grep -qx precious "$kept" && pass "a read-only output file is untouched" ||
        fail "a read-only output file is untouched ($(head -c 100 "$kept"))"
fi

# A file size limit below the output: a write error, exit 2, no temporary
# file left, the old file kept.
mkdir "$scratch/limited"
printf 'old\n' >"$scratch/limited/out.csv"
(
    ulimit -f 1
    exec "$program" -m all --workload=random --reps=3 --calls=1000 --dispatch=batch -q --csv="$scratch/limited/out.csv"
) >/dev/null 2>"$scratch/err"
limited_status=$?
if [ "$limited_status" -eq 2 ] && grep -qF "out.csv: cannot write: File too large" "$scratch/err" &&
    [ "$(ls "$scratch/limited")" = out.csv ] && grep -qx old "$scratch/limited/out.csv"; then
    pass "ulimit -f below the output: EFBIG reported, no temporary file left"
else
    fail "ulimit -f below the output (exit $limited_status; $(ls "$scratch/limited" | tr '\n' ' '); $(head -c 300 "$scratch/err"))"
fi

# A table that cannot be allocated is a setup error (exit 2) naming its
# size, not the wrong-result status 1.  (A sanitizer build reserves
# terabytes of address space and cannot run under ulimit -v.)
if ! on_native "a table that cannot be allocated" "4 GiB of memory whatever ulimit -v says (node itself cannot start under it)"; then
    :
elif [ -z "${ASAN_OPTIONS:-}" ]; then
    (
        ulimit -v 600000
        exec "$program" --param=hash-bits=26 -m sherwin-hash --workload=random --reps=1 --calls=1000 -q
    ) >/dev/null 2>"$scratch/err"
    alloc_status=$?
    [ "$alloc_status" -eq 2 ] && grep -qF "sherwin-hash: cannot allocate 1073741824 bytes" "$scratch/err" &&
        pass "a table that cannot be allocated exits 2 with its size" ||
        fail "a table that cannot be allocated exits 2 with its size (exit $alloc_status: $(head -c 300 "$scratch/err"))"
else
    skip "a table that cannot be allocated: ulimit -v stops a sanitizer build before it starts"
fi

# --pin respects the affinity the process was given.
if ! on_native "--pin outside the affinity" "no CPU choice or pinning"; then
    :
elif [ "$(nproc --all)" -ge 2 ] && command -v taskset >/dev/null; then
    expect_one_line "--pin outside the process's affinity is refused" "--pin=1: this process may not run on CPU 1" \
        taskset -c 0 "$program" --pin=1 -m null --workload=random --reps=1 --calls=1000 -q
else
    skip "--pin outside the affinity: needs two CPUs and taskset"
fi

# A refused --threads or --pin is the only line of a run that cannot
# start: the notes of the methods skipped here (every build has some, the
# backends of other machines; hidden features add more on x86-64) are
# held back until the CPUs are known (src/cli/selection.c).
if [ "$wasm_build" = 1 ]; then
    expect_one_line "--threads=2 under WebAssembly: its refusal alone, no skip notes" \
        "--threads=2: WebAssembly (WASI) runs one thread" "$program" --threads=2 -w random --reps=1 --calls=1000
else
    too_many=$(($(nproc) + 1))
    expect_one_line "--threads beyond the CPUs: its refusal alone, no skip notes" \
        "--threads=$too_many: this process may use only $(nproc) CPU" \
        env ATTACKBENCH_HIDE_FEATURES="$([ "$x86_build" = 1 ] && echo avx2 bmi2)" \
        "$program" --threads=$too_many -w random --reps=1 --calls=1000
    expect_one_line "--pin outside the affinity: its refusal alone, no skip notes" \
        "--pin=4095: this process may not run on CPU 4095" \
        env ATTACKBENCH_HIDE_FEATURES="$([ "$x86_build" = 1 ] && echo avx2 bmi2)" \
        "$program" --pin=4095 -w random --reps=1 --calls=1000
    if [ "$(nproc)" -ge 2 ]; then
        last_cpu=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //; s/.*[,-]//')
        if [ -n "$last_cpu" ]; then
            expect_one_line "--pin on the last CPU with 2 threads: its refusal alone, no skip notes" \
                "--pin=$last_cpu: not enough allowed CPUs from there for 2 threads" \
                "$program" --pin="$last_cpu" --threads=2 -w random --reps=1 --calls=1000
        else
            skip "--pin with too few CPUs after it: taskset cannot say which CPUs are allowed"
        fi
    else
        skip "--pin with too few CPUs after it: needs two CPUs"
    fi
fi

# CPU locks work across users: the lock file is 0666 whatever the umask,
# and a second user's run sees the first run's lock.
# (A directory of its own outside $scratch, which the second user cannot enter.)
if on_native "CPU lock files" "no file locks"; then
    lock_directory=$(mktemp -d /tmp/attackbench-locks.XXXXXX)
    chmod 1777 "$lock_directory"
    (
        umask 077
        XDG_RUNTIME_DIR="$lock_directory" exec "$program" --pin=0 -m null --workload=random --reps=1 --calls=1000 -q
    ) >/dev/null 2>&1
    [ "$(stat -c %a "$lock_directory/attackbench-cpu-0.lock" 2>/dev/null)" = 666 ] &&
        pass "CPU lock files are 0666 whatever the umask" ||
        fail "CPU lock files are 0666 whatever the umask ($(stat -c %a "$lock_directory/attackbench-cpu-0.lock" 2>&1))"
    if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null && command -v flock >/dev/null; then
        # The lock is held by this shell, taken before the second run starts
        # (no process started in the background, no sleep to race with); the
        # run opens the file itself, so the shell's descriptor, which it also
        # inherits, does not share the lock with it.
        exec {lock_descriptor}<"$lock_directory/attackbench-cpu-0.lock"
        if flock -x -n "$lock_descriptor"; then
            XDG_RUNTIME_DIR="$lock_directory" setpriv --reuid=65534 --regid=65534 --clear-groups \
                "$program" --pin=0 -m null --workload=random --reps=1 --calls=1000 >/dev/null 2>"$scratch/err"
            grep -qF "also used by another attackbench run" "$scratch/err" &&
                pass "another user's run sees the CPU lock" ||
                fail "another user's run sees the CPU lock ($(head -c 300 "$scratch/err"))"
        else
            fail "another user's run sees the CPU lock (the test could not take the lock itself)"
        fi
        exec {lock_descriptor}<&-
    else
        skip "CPU locks across users: needs root, setpriv and flock"
    fi
    rm -rf "$lock_directory"
fi

# The environment cannot hand --count=instructions a count file: a planted
# ATTACKBENCH_CALLGRIND_OUT is not read (nor deleted).
mkdir "$scratch/planted-count"
for part in 1 2 3 4 5 6 7 8; do printf 'totals: 94924\n' >"$scratch/planted-count/out.$part"; done
ATTACKBENCH_CALLGRIND_OUT="$scratch/planted-count/out" "$program" --count=instructions -m null --workload=random \
    --piece=rook --queries=2000 --format=csv >"$scratch/out" 2>"$scratch/err"
if ! grep -q '47\.46' "$scratch/out" && [ -e "$scratch/planted-count/out.1" ]; then
    pass "a planted ATTACKBENCH_CALLGRIND_OUT is neither read nor deleted"
else
    fail "a planted ATTACKBENCH_CALLGRIND_OUT is neither read nor deleted ($(head -c 300 "$scratch/out"))"
fi

# Lesser items: an EPD depth past perft's maximum, --min-time alone, the
# subcommands' short options.
printf '8/8/8/8/8/8/8/k6K w - - 0 1 ;D13 5\n' >"$scratch/d13.epd"
expect_one_line "perft refuses ;D13 (deeper than --depth allows)" "d13.epd:1: perft operation 'D13 5': depth must be 1 to 12" \
    "$program" perft "$scratch/d13.epd"
expect_one_line "--min-time without --target-spread is refused" "--min-time bounds the rounds --target-spread adds" \
    "$program" --min-time=2 -m null --workload=random
# --target-spread takes blocks of --reps rounds until 5 rounds at least:
# no few-repetitions warning for a --reps of 2 (the eighth hostile trial:
# warned and tagged though the rows had 40 rounds); a group the
# --min-time cuts short of 5 is named.
"$program" -m hyperbola -w random -p rook --dispatch=batch -r 2 -c 20000 --queries=2048 --target-spread=100 \
    --min-time=30 -f csv >"$scratch/spread.csv" 2>"$scratch/err"
spread_reps=$(csv_column reps <"$scratch/spread.csv" | sort -n | head -1)
[ "${spread_reps:-0}" -ge 5 ] && ! grep -q 'few-repetitions\|fewer than 5' "$scratch/spread.csv" "$scratch/err" &&
    pass "--target-spread with --reps=2 takes 5 rounds at least, without a few-repetitions warning" ||
    fail "--target-spread with --reps=2 takes 5 rounds at least, without a few-repetitions warning (reps $spread_reps; $(head -c 300 "$scratch/err"))"
"$program" -m hyperbola -w random -p rook --dispatch=batch -r 1 -c 20000000 --queries=2048 --target-spread=100 \
    --min-time=0.001 -f csv >/dev/null 2>"$scratch/err"
grep -qF "attackbench: random rook batch: only 1 round (fewer than 5) in the --min-time: the median and its spread are unreliable" \
    "$scratch/err" && pass "--target-spread names a group that --min-time cut short of 5 rounds" ||
    fail "--target-spread names a group that --min-time cut short of 5 rounds ($(head -c 300 "$scratch/err"))"
# Under -q as well: no column of the results says so (it was dropped).
"$program" -q -m hyperbola -w random -p rook --dispatch=batch -r 1 -c 20000000 --queries=2048 --target-spread=100 \
    --min-time=0.001 -f csv >/dev/null 2>"$scratch/err"
grep -qF "attackbench: random rook batch: only 1 round (fewer than 5) in the --min-time" "$scratch/err" &&
    pass "--target-spread names a group cut short under -q too" ||
    fail "--target-spread names a group cut short under -q too ($(head -c 300 "$scratch/err"))"
"$program" perft -m reference --depth 2 "$here/../data/perft.epd" >"$scratch/out" 2>&1 &&
    "$program" perft -mreference -r 1 --depth=1 "$here/../data/perft.epd" >"$scratch/out" 2>&1 &&
    pass "perft takes -m, -mNAME, -r and '--depth N' as the main command does" ||
    fail "perft takes -m, -mNAME, -r and '--depth N' ($(head -c 300 "$scratch/out"))"
"$program" genpos --games 2 --seed 3 -m reference >"$scratch/out" 2>"$scratch/err" && [ -s "$scratch/out" ] &&
    pass "genpos takes '--games N', '--seed N' and -m" || fail "genpos takes '--games N', '--seed N' and -m"
