#!/usr/bin/env bash
# Every command reads its options one way (src/cli/command_line.h): the
# same spellings, the help on -h, and each refusal one line on standard
# error, nothing on standard output, exit 2.
source "$(dirname "$0")/../lib/tap.bash"

# refused_in_one_line NAME LINE COMMAND...: exit 2, stdout empty, stderr
# exactly LINE.
refused_in_one_line() {
    local name=$1 line=$2
    shift 2
    "$@" >"$scratch/out" 2>"$scratch/err"
    local got=$?
    if [ "$got" -eq 2 ] && [ ! -s "$scratch/out" ] && [ "$(cat "$scratch/err")" = "$line" ]; then
        pass "$name"
    else
        fail "$name (exit $got; stderr: $(head -c 300 "$scratch/err"))"
    fi
}

while IFS='|' read -r name line arguments; do
    # shellcheck disable=SC2086
    refused_in_one_line "$name" "$line" "$program" $arguments
done <<'EOF_CASES'
benchmark: an unknown option|attackbench: unknown option '--bogus' (see --help)|--bogus
benchmark: a value given to a flag|attackbench: option '--quiet' takes no value|--quiet=1
benchmark: a value missing|attackbench: option '--reps' needs a value|--reps
perft: an unknown option|attackbench: perft: unknown option '--bogus'|perft --bogus
perft: an unknown short option|attackbench: perft: unknown option '-z'|perft -z
perft: a value given to a flag|attackbench: perft: option '--divide' takes no value|perft --divide=1
perft: a value missing|attackbench: perft: option '--depth' needs a value|perft --depth
perft: a bad value|attackbench: perft: --depth must be 1 to 12, not '0'|perft -m reference --depth 0
perft: an empty --csv|attackbench: perft: --csv needs a file name|perft --csv=
genpos: an unknown option|attackbench: genpos: unknown argument '--bogus'|genpos --bogus
genpos: an operand|attackbench: genpos: unknown argument 'file.fen'|genpos --seed=1 --games=1 file.fen
genpos: a bad value|attackbench: genpos: --games must be 1 to 1000000, not '0'|genpos --seed 1 --games 0
genpos: a required option missing|attackbench: genpos: --seed and --games are required (attackbench genpos --help)|genpos --games=1
recommend: an unknown option|attackbench: recommend: unknown argument '--bogus'|recommend --bogus
recommend: an empty --csv|attackbench: recommend: --csv needs a value|recommend --csv=
recommend: a --method without names|attackbench: recommend: --method=,: expected one or more method names|recommend --method=,
recommend: --method=null|attackbench: recommend: null computes no attack sets and cannot be a candidate|recommend --method=null
compare: an unknown option|attackbench compare: unknown option '--bogus'|compare --bogus a.csv b.csv
compare: a bad value|attackbench compare: --threshold=ten: expected a percentage from 0 to 999|compare --threshold ten a.csv b.csv
compare: an empty --normalize|attackbench compare: --normalize needs a value (a method's name)|compare --normalize= a.csv b.csv
compare: an empty pattern list|attackbench compare: --piece: expected one or more patterns|compare -p , a.csv b.csv
compare: a sign before the threshold|attackbench compare: --threshold=+5: expected a percentage from 0 to 999|compare --threshold=+5 a.csv b.csv
compare: three files|attackbench compare: more than two files|compare a.csv b.csv c.csv
compare: one file|attackbench compare: expected two files, BASE and NEW (usage: attackbench compare [OPTION]... BASE NEW; --help lists the options)|compare a.csv
EOF_CASES

# A number of any command is plain digits: strtol's leading '+' and space
# (and strtod's exponent) are refused in the line a bad value gets.
while IFS='|' read -r name line before value after; do
    # shellcheck disable=SC2086
    refused_in_one_line "$name" "$line" "$program" $before "$value" $after
done <<'EOF_SIGNS'
benchmark: --reps=+5|attackbench: --reps=+5: expected a number from 1 to 100000|-m reference|--reps=+5|--workload=random
benchmark: --calls=' 5'|attackbench: --calls= 5: expected a number from 1 to 2^40|-m reference|--calls= 5|--workload=random
perft: --depth=+1|attackbench: perft: --depth must be 1 to 12, not '+1'|perft -m reference|--depth=+1|/dev/null
perft: --depth=' 1'|attackbench: perft: --depth must be 1 to 12, not ' 1'|perft -m reference|--depth= 1|/dev/null
perft: --reps=+1|attackbench: perft: --reps must be 1 to 1000, not '+1'|perft -m reference --depth=1|--reps=+1|/dev/null
perft: --threads=+2|attackbench: perft: --threads must be 1 to 256, not '+2'|perft -m reference --depth=1|--threads=+2|/dev/null
perft: --processes=' 2'|attackbench: perft: --processes must be 1 to 256, not ' 2'|perft -m reference --depth=1|--processes= 2|/dev/null
genpos: --games=+1|attackbench: genpos: --games must be 1 to 1000000, not '+1'|genpos --seed=1|--games=+1|
genpos: --games=' 1'|attackbench: genpos: --games must be 1 to 1000000, not ' 1'|genpos --seed=1|--games= 1|
genpos: --seed=+1|attackbench: genpos: bad --seed '+1'|genpos --games=1|--seed=+1|
genpos: --seed=' 1'|attackbench: genpos: bad --seed ' 1'|genpos --games=1|--seed= 1|
ab: --resolution=+1|attackbench ab: --resolution=+1: expected a percentage above 0 and below 100|ab -m reference,no-such-method|--resolution=+1|
ab: --max-time=' 90'|attackbench ab: --max-time= 90: expected a time such as 90, 90s, 2m or 1h|ab -m reference,no-such-method|--max-time= 90|
ab: --max-time=1e2|attackbench ab: --max-time=1e2: expected a time such as 90, 90s, 2m or 1h|ab -m reference,no-such-method|--max-time=1e2|
ab: --pair-time=+1|attackbench ab: --pair-time=+1: expected a time above 0 and at most 60 s, such as 1 or 0.5s|ab -m reference,no-such-method|--pair-time=+1|
ab: --resolution=5.|attackbench ab: --resolution=5.: expected a percentage above 0 and below 100|ab -m reference,no-such-method|--resolution=5.|
benchmark: --target-spread=5.|attackbench: --target-spread=5.: expected a percentage from 0.000001 to 100 in plain decimal digits (no exponent)|-m reference|--target-spread=5.|--workload=random
benchmark: --target-spread=1e-6|attackbench: --target-spread=1e-6: expected a percentage from 0.000001 to 100 in plain decimal digits (no exponent)|-m reference|--target-spread=1e-6|--workload=random
compare: --threshold=5.|attackbench compare: --threshold=5.: expected a percentage from 0 to 999|compare|--threshold=5.|/dev/null /dev/null
benchmark: --min-time=5.|attackbench: --min-time=5.: expected seconds from 0.001 to 86400|-m reference|--min-time=5.|--workload=random
EOF_SIGNS
# Every percentage takes a '%' (--target-spread refused one).  The run
# is kept short: with --target-spread, rounds are added until the spread
# is met or --min-time (default 10 s) has passed, and a loaded machine's
# spread is never met (10 s of wall time, up to 4 s of CPU).
expect_status "benchmark: --target-spread=5% is a percentage" 0 \
    "$program" -m reference --workload=random --piece=rook --dispatch=batch --reps=1 --calls=10 --queries=1000 \
    --min-time=0.001 -q --target-spread=5%

# --csv and --json where the run writes no such file are refused, not
# ignored (a script would wait for a file that never comes): the lists,
# --dump, --verify-only, and --json beside --device (its rows are CSV).
while IFS='|' read -r name line arguments; do
    rm -f "$scratch/result"
    # shellcheck disable=SC2086
    refused_in_one_line "$name" "$line" "$program" $arguments
    [ ! -e "$scratch/result" ] || fail "$name: the file was written"
done <<EOF_RESULT_FILES
--list --csv|attackbench: --csv does not apply to --list: the list is text on standard output|--list --csv=$scratch/result
-l --json|attackbench: --json does not apply to --list: the list is text on standard output|-l --json=$scratch/result
--list-devices --csv|attackbench: --csv does not apply to --list-devices: the list is text on standard output|--list-devices --csv=$scratch/result
--dump --csv|attackbench: --csv does not apply to --dump: its CSV of attack sets goes to standard output|--dump --csv=$scratch/result $here/data/boards.fen
--dump -f json|attackbench: --format=json does not apply to --dump: its CSV of attack sets goes to standard output|--dump -f json $here/data/boards.fen
--verify-only --json|attackbench: --json does not apply to --verify-only: it times nothing, so there are no result rows|--verify-only -m reference --json=$scratch/result $here/data/boards.fen
--device --json|attackbench: --json does not apply to --device: its rows are CSV only (--csv=FILE)|--device=opencl --json=$scratch/result
EOF_RESULT_FILES

# Two different actions are refused in one line naming both (the last one
# was taken, silently); the same action twice is one.
while IFS='|' read -r name line arguments; do
    # shellcheck disable=SC2086
    refused_in_one_line "$name" "$line" "$program" $arguments
done <<EOF_ACTIONS
--dump --verify-only|attackbench: --dump and --verify-only are two different actions: give one of them|--dump --verify-only -m kogge-stone $here/data/boards.fen
--verify-only --dump|attackbench: --verify-only and --dump are two different actions: give one of them|--verify-only --dump -m kogge-stone $here/data/boards.fen
--list --dump|attackbench: --list and --dump are two different actions: give one of them|--list --dump $here/data/boards.fen
-l --list-devices|attackbench: --list and --list-devices are two different actions: give one of them|-l --list-devices
--list-devices --verify-only|attackbench: --list-devices and --verify-only are two different actions: give one of them|--list-devices --verify-only -m reference
--verify-only --list|attackbench: --verify-only and --list are two different actions: give one of them|--verify-only -m reference --list
EOF_ACTIONS
# --list-devices honours no option but --quiet and reads no file: the
# others are refused in one line, in either order (they were ignored).
list_devices_refusal="does not apply to --list-devices: it names the OpenCL platforms and devices, and reads and times nothing"
for option in --threads=2 --method=pext -r3 --workload=sides --format=csv --verify; do
    spelt=${option%%=*}
    [ "$spelt" = -r3 ] && spelt=--reps
    refused_in_one_line "--list-devices refuses $option" "attackbench: $spelt $list_devices_refusal" \
        "$program" --list-devices "$option"
    refused_in_one_line "$option then --list-devices is refused too" "attackbench: $spelt $list_devices_refusal" \
        "$program" "$option" --list-devices
done
refused_in_one_line "--list-devices with a file operand" \
    "attackbench: --list-devices: $here/data/boards.fen: the list reads no files; leave out the file operands" \
    "$program" --list-devices "$here/data/boards.fen"
"$program" --list -l -m reference >"$scratch/out" 2>"$scratch/err" && grep -q '^reference ' "$scratch/out" &&
    pass "--list -l: the same action twice is one" || fail "--list -l: the same action twice ($(head -c 300 "$scratch/err"))"
"$program" --dump --dump -m reference "$here/data/boards.fen" >"$scratch/out" 2>"$scratch/err" &&
    [ "$(head -1 "$scratch/out")" = "position,square,piece,attacks" ] &&
    pass "--dump --dump: the same action twice is one" || fail "--dump --dump: the same action twice ($(head -c 300 "$scratch/err"))"
# --help and --version win wherever they stand, as in GNU tools (-V
# --list listed the methods), and the first of the two is taken.
for order in "-V --list" "--list -V" "--version --dump" "--verify-only -V" "-V --help"; do
    # shellcheck disable=SC2086
    "$program" $order >"$scratch/out" 2>"$scratch/err" && [ "$(head -c 12 "$scratch/out")" = "attackbench " ] &&
        pass "$order: the version, in any order" || fail "$order: the version ($(head -c 200 "$scratch/out"))"
done
for order in "--help --list" "-l -h" "--help --verify-only" "-h --version"; do
    # shellcheck disable=SC2086
    "$program" $order >"$scratch/out" 2>"$scratch/err" && [ "$(head -c 18 "$scratch/out")" = "usage: attackbench" ] &&
        pass "$order: the usage, in any order" || fail "$order: the usage ($(head -c 200 "$scratch/out"))"
done

# --dump with no position to give is refused as the benchmark refuses it
# (it printed a bare header, exit 0); -m all names every method, not the
# default reference (it dumped reference's rows).
printf '# a comment, no position\n' >"$scratch/no-positions.fen"
refused_in_one_line "--dump of a file with no position" \
    "attackbench: $scratch/no-positions.fen: no positions in this file" "$program" --dump "$scratch/no-positions.fen"
refused_in_one_line "--dump of standard input with no position" "attackbench: <stdin>: no positions in this file" \
    "$program" --dump - </dev/null
# perft refuses such a file by name as well, beside a file with positions
# too (it took it in silence) and on standard input.
refused_in_one_line "perft of a file with no position" \
    "attackbench: $scratch/no-positions.fen: no positions in this file" \
    "$program" perft -m reference --depth=1 --reps=1 "$scratch/no-positions.fen"
refused_in_one_line "perft of a file with no position after one with positions" \
    "attackbench: $scratch/no-positions.fen: no positions in this file" \
    "$program" perft -m reference --depth=1 --reps=1 "$here/../data/perft.epd" "$scratch/no-positions.fen"
refused_in_one_line "perft of standard input with no position" "attackbench: <stdin>: no positions in this file" \
    "$program" perft -m reference --depth=1 --reps=1 - </dev/null
"$program" --dump --skip-invalid "$here/bad-input/bad-piece.fen" >/dev/null 2>"$scratch/err"
dump_status=$?
[ "$dump_status" -eq 2 ] && [ "$(tail -n 1 "$scratch/err")" = "attackbench: no positions to dump" ] &&
    pass "--dump --skip-invalid with every line skipped: exit 2" ||
    fail "--dump --skip-invalid with every line skipped: exit 2 (exit $dump_status: $(head -c 300 "$scratch/err"))"
refused_in_one_line "--dump -m all" "attackbench: --dump takes exactly one --method" \
    "$program" --dump -m all "$here/data/boards.fen"
# Two methods, one this CPU cannot run: refused too (it dumped the other's
# sets, unnamed, exit 0).
for methods in hyperbola-avx2,pext pext,hyperbola-avx2; do
    refused_in_one_line "--dump -m $methods, hyperbola-avx2 unavailable" "attackbench: --dump takes exactly one --method" \
        env ATTACKBENCH_HIDE_FEATURES=avx2 "$program" -q --dump -m "$methods" "$here/data/boards.fen"
done

# --dump gives the sliders of the files: a workload or piece it cannot
# give is refused, not passed by (it dumped every slider of the files).
while IFS='|' read -r name line arguments; do
    # shellcheck disable=SC2086
    refused_in_one_line "$name" "$line" "$program" $arguments
done <<EOF_DUMP
--dump -w random|attackbench: --dump gives the sliders of the files: --workload=random is not taken (pieces, sides or sets)|--dump -w random $here/data/boards.fen
--dump -w pieces,squares|attackbench: --dump gives the sliders of the files: --workload=squares is not taken (pieces, sides or sets)|--dump -w pieces,squares $here/data/boards.fen
--dump -p both|attackbench: --dump gives one row per slider: --piece=both is not taken|--dump -p both $here/data/boards.fen
--dump -w sets -p rook|attackbench: --dump --workload=sets gives each side's whole map: --piece is not taken|--dump -w sets -p rook $here/data/boards.fen
EOF_DUMP

# The options --dump does not honour are refused beside it, each in one
# line, whatever the order (they were ignored); those it honours are taken.
dump_refusal="does not apply to --dump: it writes the attack sets of the files' sliders, and times, samples and verifies nothing"
for option in --dispatch=call --chain --pressure=64M --phase --threads=2 --pin=0 -r3 --reps=3 --calls=10 -c10 \
    --queries=64 --max-queries=64 --seed=3 --timer=clock --layout=queries --positions=5 --formulation=fixed \
    --target-spread=1 --min-time=5 --verify --verify-boards=7 --count=instructions; do
    spelt=${option%%=*}
    case "$spelt" in -r*) spelt=--reps ;; -c*) spelt=--calls ;; esac
    refused_in_one_line "--dump refuses $option" "attackbench: $spelt $dump_refusal" \
        "$program" --dump "$option" "$here/data/boards.fen"
    refused_in_one_line "$option then --dump is refused too" "attackbench: $spelt $dump_refusal" \
        "$program" "$option" -m reference --dump "$here/data/boards.fen"
done
"$program" --dump -m reference -w sides -p rook,queen --param=hash-bits=12 -q --skip-invalid -f csv \
    "$here/data/boards.fen" >"$scratch/out" 2>"$scratch/err"
[ $? -eq 2 ] && grep -qF -- "--param=hash-bits=12: no selected method has a parameter 'hash-bits'" "$scratch/err" &&
    pass "--dump reads --param (a parameter no method has is refused)" || fail "--dump reads --param: $(head -c 300 "$scratch/err")"
"$program" --dump -m sherwin-hash --param=hash-bits=12 -w pieces -p rook,queen -q --skip-invalid -f csv \
    "$here/data/boards.fen" >"$scratch/out" 2>"$scratch/err" && [ ! -s "$scratch/err" ] &&
    [ "$(head -1 "$scratch/out")" = "position,square,piece,attacks" ] && ! grep -q ',bishop,' "$scratch/out" &&
    pass "--dump takes the options it honours (--method, --param, --workload, --piece, -q, --skip-invalid, -f csv)" ||
    fail "--dump takes the options it honours: $(head -c 300 "$scratch/err")"

# --count=instructions refuses the options it does not honour (they were
# ignored: --phase gave one row of phase all), before valgrind starts;
# --formulation=fixed, what it counts, is taken.
count_refusal="does not apply to --count: it counts one untimed pass of each backend a stream, on one thread, as phase all, in the default formulation (--formulation=fixed)"
for option in --chain --pressure=64M --phase --threads=2 --pin=0 -r3 --calls=10 --timer=clock --target-spread=1 \
    --min-time=5 --verify --verify-boards=7 --formulation=measured; do
    spelt=${option%%=*}
    case "$option" in -r*) spelt=--reps ;; --formulation=*) spelt=$option ;; esac
    refused_in_one_line "--count refuses $option" "attackbench: $spelt $count_refusal" \
        "$program" --count=instructions -m reference -w pieces "$option" "$here/data/boards.fen"
    refused_in_one_line "$option then --count is refused too" "attackbench: $spelt $count_refusal" \
        "$program" "$option" -m reference --count=instructions -w pieces "$here/data/boards.fen"
done

# --list and --verify-only refuse the options they do not honour, and --list
# a file operand, in one line whatever the order (--list -f json printed
# the text table; --verify-only -r 3 verified and said nothing).
list_refusal="does not apply to --list: it names the backends (--method, --formulation, --threads) and reads and times nothing"
for option in -fjson --format=csv -r3 --calls=10 --workload=random --piece=rook --param=hash-bits=12 \
    --dispatch=call --chain --pressure=64M --phase --pin=0 --queries=64 --max-queries=64 --seed=3 --timer=clock \
    --layout=queries --positions=5 --target-spread=1 --min-time=5 --verify --verify-boards=7 --count=instructions \
    --skip-invalid; do
    spelt=${option%%=*}
    case "$spelt" in -f*) spelt=--format ;; -r*) spelt=--reps ;; esac
    refused_in_one_line "--list refuses $option" "attackbench: $spelt $list_refusal" "$program" --list -m reference "$option"
    refused_in_one_line "$option then --list is refused too" "attackbench: $spelt $list_refusal" \
        "$program" "$option" -m reference --list
done
# --device beside --list: the device run's refusal names --list.
refused_in_one_line "--list with --device=opencl is refused" "attackbench: --list does not apply to --device: a device run times the random queen stream with its own launches (docs/gpu.md)" \
    "$program" --list -m reference --device=opencl
refused_in_one_line "--device=opencl then --list is refused too" "attackbench: --list does not apply to --device: a device run times the random queen stream with its own launches (docs/gpu.md)" \
    "$program" --device=opencl -m reference --list
refused_in_one_line "--list refuses a file operand" \
    "attackbench: --list: $scratch/none.fen: the list reads no files; leave out the file operands" \
    "$program" --list -m reference "$scratch/none.fen"
"$program" --list -m dumb7fill --formulation=fixed --threads=1 -q >"$scratch/out" 2>"$scratch/err" &&
    [ ! -s "$scratch/err" ] && grep -q '^dumb7fill ' "$scratch/out" &&
    pass "--list takes the options it honours (--method, --formulation, --threads, -q)" ||
    fail "--list takes the options it honours: $(head -c 300 "$scratch/err")"
verify_refusal="does not apply to --verify-only: it checks the backends (every formulation) against the reference and times nothing"
for option in -fjson --format=table -r3 --calls=10 --threads=2 --pressure=64M --dispatch=call --chain --phase \
    --pin=0 --max-queries=64 --timer=clock --target-spread=1 --min-time=5 --count=instructions --formulation=fixed; do
    spelt=${option%%=*}
    case "$spelt" in -f*) spelt=--format ;; -r*) spelt=--reps ;; esac
    refused_in_one_line "--verify-only refuses $option" "attackbench: $spelt $verify_refusal" \
        "$program" --verify-only -m reference "$option" "$here/data/boards.fen"
    refused_in_one_line "$option then --verify-only is refused too" "attackbench: $spelt $verify_refusal" \
        "$program" "$option" -m reference --verify-only "$here/data/boards.fen"
done
"$program" --verify-only -m classical -w pieces,random -p both --param=hash-bits=12 --seed=3 --verify-boards=7 \
    --queries=64 --skip-invalid -q "$here/data/boards.fen" >"$scratch/out" 2>"$scratch/err"
[ $? -eq 2 ] && grep -qF -- "--param=hash-bits=12: no selected method has a parameter 'hash-bits'" "$scratch/err" &&
    pass "--verify-only reads --param (a parameter no method has is refused)" ||
    fail "--verify-only reads --param: $(head -c 300 "$scratch/err")"
"$program" --verify-only -m classical -w pieces,random -p both --seed=3 --verify-boards=7 --queries=64 \
    --layout=queries --skip-invalid -q "$here/data/boards.fen" >"$scratch/out" 2>"$scratch/err" &&
    [ ! -s "$scratch/err" ] && pass "--verify-only takes the options it honours" ||
    fail "--verify-only takes the options it honours: $(head -c 300 "$scratch/err")"

# A command word after another option was read as a file ("perft: cannot
# open") or met the command's own options ("unknown option '--depth=1'"):
# only --plugin may come before it.
for command in perft recommend genpos compare ab; do
    refused_in_one_line "-q $command: a command comes first" \
        "attackbench: $command: a command comes first (only --plugin may come before it; a file of that name: ./$command)" \
        "$program" -q "$command" --depth=1 "$top/data/perft.epd"
done
refused_in_one_line "-m reference perft: a command comes first" \
    "attackbench: perft: a command comes first (only --plugin may come before it; a file of that name: ./perft)" \
    "$program" -m reference perft "$top/data/perft.epd"
mkdir "$scratch/named"
cp "$here/data/boards.fen" "$scratch/named/perft"
(cd "$scratch/named" && "$program" -m reference -q --reps=1 --calls=100 ./perft >/dev/null 2>"$scratch/err") &&
    (cd "$scratch/named" && "$program" -m reference -q --reps=1 --calls=100 -- perft >/dev/null 2>>"$scratch/err") &&
    pass "a file named perft: ./perft or after --" || fail "a file named perft: ./perft or after -- ($(head -c 300 "$scratch/err"))"

# -h is the help of each command, on standard output.
for command in "" perft genpos recommend compare; do
    # shellcheck disable=SC2086
    "$program" $command -h >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 0 ] && [ ! -s "$scratch/err" ] && head -1 "$scratch/out" | grep -q "^usage: attackbench.*${command}"; then
        pass "${command:-benchmark}: -h prints the help"
    else
        fail "${command:-benchmark}: -h prints the help (exit $status)"
    fi
done

# The spellings: --name=value, --name value, -x value and -xvalue read alike.
"$program" genpos --seed=5 --games=3 --method=reference >"$scratch/equals.fen" 2>/dev/null
"$program" genpos --seed 5 --games 3 -m reference >"$scratch/apart.fen" 2>/dev/null
"$program" genpos --seed 5 --games=3 -mreference >"$scratch/attached.fen" 2>/dev/null
if [ -s "$scratch/equals.fen" ] && cmp -s <(tail -n +2 "$scratch/equals.fen") <(tail -n +2 "$scratch/apart.fen") &&
    cmp -s <(tail -n +2 "$scratch/equals.fen") <(tail -n +2 "$scratch/attached.fen"); then
    pass "genpos: every spelling of an option reads alike"
else
    fail "genpos: every spelling of an option reads alike"
fi
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' >"$scratch/start.fen"
if "$program" perft -m reference -r 1 --depth 2 -- "$scratch/start.fen" 2>/dev/null | grep -q '^1,2,400,'; then
    pass "perft: short aliases, a value apart and -- before the files"
else
    fail "perft: short aliases, a value apart and -- before the files"
fi
