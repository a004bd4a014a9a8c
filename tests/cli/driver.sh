#!/usr/bin/env bash
# Command-line tests of the main driver.
source "$(dirname "$0")/../lib/tap.bash"

expect_status "help exits 0" 0 "$program" --help
grep -q -- "--method=LIST" "$scratch/out" && pass "help lists --method" || fail "help lists --method"
expect_status "version exits 0" 0 "$program" --version
grep -q '^attackbench ' "$scratch/out" && pass "version names the program" || fail "version names the program"

"$program" --list >"$scratch/list"
awk '{print $1}' "$scratch/list" | grep -qx reference && pass "list shows reference" || fail "list shows reference"
grep -q '^null .*available' "$scratch/list" && pass "list shows null available" || fail "list shows null available"

# Between the header and the blank line before the notes: one line per
# backend, name first.
backend_lines=$(awk 'NR > 1 && /^$/ { exit } NR > 1' "$scratch/list")
[ "$(grep -cvE '^[a-z0-9-]+ +(available|unavailable)' <<<"$backend_lines")" -eq 0 ] &&
    [ "$(wc -l <<<"$backend_lines")" -eq "$(grep -cE '^[a-z0-9-]+ +(available|unavailable)' "$scratch/list")" ] &&
    pass "list: one line per backend, name first" || fail "list: one line per backend, name first"

# --list --method: the rows named, in the order named, then the named
# techniques' formulations; no footnote.
"$program" --list --method='kogge-stone,PEXT,magic-f*' >"$scratch/list-some" 2>"$scratch/err"
rows=$(awk 'NR > 1 && /^$/ { exit } NR > 1 { printf "%s ", $1 }' "$scratch/list-some")
[ "$rows" = "kogge-stone pext magic-fancy " ] && grep -qE '^kogge-stone:scalar +formulation of kogge-stone ' "$scratch/list-some" &&
    [ "$(grep -c 'formulation of' "$scratch/list-some")" -eq "$(grep -cE 'formulation of (kogge-stone|pext|magic-fancy) ' "$scratch/list")" ] &&
    ! grep -q 'seed 000' "$scratch/list-some" && [ ! -s "$scratch/err" ] &&
    pass "--list --method: the rows named and their formulations" ||
    fail "--list --method: the rows named and their formulations (rows: $rows; $(head -c 200 "$scratch/err"))"
expect_error "--list --method with an unknown name: one line" "unknown method 'nosuch'" "$program" --list -m pext,nosuch
[ "$(wc -l <"$scratch/err")" -eq 1 ] && [ ! -s "$scratch/out" ] && pass "--list --method refused: one line, no list" ||
    fail "--list --method refused: one line, no list"

if on_x86 "a CPU without BMI2, AVX2 and AVX-512"; then
# A CPU without BMI2, AVX2 and AVX-512 (simulated): the backends that need
# them are listed as unavailable with the reason and skipped, never run.
ATTACKBENCH_HIDE_FEATURES="bmi2 avx2 avx512" "$program" --list >"$scratch/list-old-cpu"
grep -q '^pext .*unavailable (this CPU lacks bmi2)' "$scratch/list-old-cpu" &&
    grep -q '^dumb7fill-avx2 .*unavailable (this CPU lacks avx2)' "$scratch/list-old-cpu" &&
    grep -q '^dumb7fill-avx512 .*unavailable (this CPU lacks avx512)' "$scratch/list-old-cpu" &&
    pass "list names what an older CPU lacks" || fail "list names what an older CPU lacks"
ATTACKBENCH_HIDE_FEATURES="bmi2" "$program" --list -m pext >"$scratch/list-pext" 2>&1
[ "$(grep -c '^pext .*unavailable (this CPU lacks bmi2)' "$scratch/list-pext")" -eq 1 ] &&
    [ "$(awk 'NR > 1 && /^$/ { exit } NR > 1' "$scratch/list-pext" | wc -l)" -eq 1 ] &&
    pass "--list --method names a method this CPU lacks, with the reason" ||
    fail "--list --method names a method this CPU lacks, with the reason ($(head -c 300 "$scratch/list-pext"))"
ATTACKBENCH_HIDE_FEATURES="bmi2" "$program" --workload=random --reps=1 --calls=100 --queries=100 --format=csv \
    --dispatch=batch --piece=rook >"$scratch/old-cpu.csv" 2>"$scratch/err"
status=$?
if [ "$status" -eq 0 ] && grep -q "skipping pext: this CPU lacks bmi2" "$scratch/err" &&
    ! grep -q ',pext,' "$scratch/old-cpu.csv" && grep -q ',magic-fancy,' "$scratch/old-cpu.csv"; then
    pass "all skips what the CPU lacks and runs the rest"
else
    fail "all skips what the CPU lacks and runs the rest (exit $status)"
fi
fi
ATTACKBENCH_HIDE_FEATURES="bmi2" expect_error "a named method the CPU cannot run" "no method to run on this CPU" \
    "$program" --method=pext --workload=random
# A list that leaves nothing is the list's doing, not the CPU's: one line
# saying so, and no "skipping" note for a backend the list left out again.
for list in "all,-all" "magic-*,-magic-*" "reference,-reference"; do
    expect_one_line "--method=$list: the list leaves no method" \
        "attackbench: --method=$list: the list leaves no method" "$program" --method="$list" --workload=random
    expect_one_line "perft --method=$list: the list leaves no method" \
        "attackbench: perft: --method=$list: the list leaves no method" \
        "$program" perft --method="$list" --depth=1 "$top/data/perft.epd"
    # --list refuses it as they do (it printed its header alone, exit 0).
    expect_one_line "--list --method=$list: the list leaves no method" \
        "attackbench: --method=$list: the list leaves no method" "$program" --list --method="$list"
done
"$program" --method=all,-pext-sve2,-hyperbola-simd128,-kogge-stone-simd128,-reference --workload=random \
    --dispatch=batch --piece=rook --reps=1 --calls=100 --queries=100 --format=csv 2>"$scratch/err" >/dev/null
! grep -qE "skipping (pext-sve2|hyperbola-simd128|kogge-stone-simd128|reference):" "$scratch/err" &&
    pass "no skipping note for a backend a later -NAME leaves out" ||
    fail "no skipping note for a backend a later -NAME leaves out ($(head -c 300 "$scratch/err"))"

expect_error "unknown option" "unknown option '--frobnicate'" "$program" --frobnicate
expect_error "unknown method points at --list" "unknown method 'nosuch' (a plugin's method needs --plugin=FILE; --list names the others)" "$program" \
    --method=nosuch tests/data/boards.fen
[ "$(wc -l <"$scratch/err")" -eq 1 ] && pass "unknown method: one line" || fail "unknown method: $(wc -l <"$scratch/err") lines"
expect_error "a near miss gets a suggestion" "did you mean 'sherwin'?" "$program" --method=sherwn tests/data/boards.fen
# Selections as people type them: all minus one, globs, any case.
expect_selection() {
    local name=$1 want=$2 methods=$3 got
    got=$("$program" --method="$methods" --workload=random --queries=100 --calls=100 --reps=1 --dispatch=batch \
        --piece=rook --format=csv -q 2>/dev/null | csv_column method | tr '\n' ' ')
    if [ "$got" = "$want" ]; then pass "$name"; else fail "$name (got '$got', wanted '$want')"; fi
}
# (the bracket leaves magic-lanes out: it needs AVX-512, so its row depends on the CPU)
expect_selection "--method: a glob, in any case, minus one" "magic-fancy magic-black null " 'MAGIC-[BFP]*,-magic-plain'
expect_selection "--method: all minus one keeps the rest" "$(awk '$2 == "available" && $1 != "reference" { printf "%s ", $1 }' "$scratch/list")" 'all,-reference'
expect_selection "--method: all with a repeat is not an error" "$(awk '$2 == "available" { printf "%s ", $1 }' "$scratch/list")" 'all,pext'
expect_error "bad workload" "--workload=sideways" "$program" --workload=sideways
expect_error "missing files" "no FEN/EPD files given" "$program" --method=reference

# --dump: exact output on hand-checked boards.
"$program" --dump "$here/data/boards.fen" >"$scratch/dump" 2>"$scratch/err"
if [ "$(sed -n 2p "$scratch/dump")" = "1,d4,rook,0x08080808f7080808" ] &&
    [ "$(sed -n 3p "$scratch/dump")" = "2,b3,bishop,0x0000000805000508" ] &&
    grep -qx '3,d1,queen,0x0000008040201c14' "$scratch/dump" &&
    [ "$(head -1 "$scratch/dump")" = "position,square,piece,attacks" ] &&
    [ "$(wc -l <"$scratch/dump")" -eq 13 ]; then
    pass "dump of hand-checked boards"
else
    fail "dump of hand-checked boards"
fi
if ! grep -q $'\r' "$scratch/dump"; then pass "dump has LF endings"; else fail "dump has LF endings"; fi

# The same boards through stdin, with CRLF endings and a byte-order mark.
printf '\xef\xbb\xbf' >"$scratch/crlf.fen"
sed 's/$/\r/' "$here/data/boards.fen" >>"$scratch/crlf.fen"
"$program" --dump - <"$scratch/crlf.fen" >"$scratch/dump-crlf" 2>"$scratch/err"
cmp -s "$scratch/dump" "$scratch/dump-crlf" && pass "stdin, CRLF and BOM read alike" || fail "stdin, CRLF and BOM read alike"

# EPD with opcodes, and a board no game reaches (sixteen queens).
"$program" --dump "$here/data/queens.epd" >"$scratch/queens" 2>"$scratch/err"
[ "$(grep -c ',queen,' "$scratch/queens")" -eq 32 ] && pass "EPD with opcodes; illegal boards accepted" ||
    fail "EPD with opcodes; illegal boards accepted"

# --dump goes through the chosen backend (every backend's lookups are
# checked against the reference by --verify-only above, more strongly).
"$program" --dump --method=classical "$here/data/boards.fen" "$here/data/queens.epd" >"$scratch/dump-classical" 2>/dev/null
"$program" --dump "$here/data/boards.fen" "$here/data/queens.epd" >"$scratch/dump-ref"
cmp -s "$scratch/dump-ref" "$scratch/dump-classical" && [ -s "$scratch/dump-ref" ] &&
    pass "dump through another backend matches the reference" ||
    fail "dump through another backend matches the reference"

# --piece chooses the sliders whose rows --dump gives, in either path.
for workload in pieces sides; do
    "$program" --dump -w $workload -p rook,queen "$here/data/boards.fen" "$here/data/queens.epd" >"$scratch/dump-some" 2>"$scratch/err"
    grep -v ',bishop,' "$scratch/dump-ref" | cmp -s - "$scratch/dump-some" && grep -q ',rook,' "$scratch/dump-some" &&
        pass "--dump -w $workload -p rook,queen: the reference's rook and queen rows, no bishop row" ||
        fail "--dump -w $workload -p rook,queen: the reference's rook and queen rows ($(head -c 200 "$scratch/err"))"
done

# Malformed input: file:line, what is wrong, exit 2, nothing measured.
printf '8/8/8/8/8/8/8/8 w - - 0 1\n\n8/8/8/8/3X4/8/8/8 w - - 0 1\n' >"$scratch/bad.fen"
expect_error "bad piece letter names file:line" "bad.fen:3: bad piece letter 'X' in rank 4" \
    "$program" --reps=1 --calls=10 "$scratch/bad.fen"
[ ! -s "$scratch/out" ] && pass "malformed input measures nothing" || fail "malformed input measures nothing"
# A digit that counts no squares (9, 0) is a bad digit, not a bad letter.
for digit in 9 0; do
    printf '%s/8/8/8/8/8/8/8 w - - 0 1\n' "$digit" >"$scratch/digit.fen"
    expect_one_line "FEN digit $digit is a bad digit" \
        "digit.fen:1: rank 8: digit '$digit' is not a number of empty squares (1 to 8)" \
        "$program" -q --reps=1 --calls=10 "$scratch/digit.fen"
done
# One position, one game: the singular.
grep -v '^#' "$here/data/boards.fen" | head -n 1 >"$scratch/one.fen"
"$program" -m reference -p rook --reps=1 --calls=10 "$scratch/one.fen" >/dev/null 2>"$scratch/err"
quiet_grep -x "workload pieces: 1 position" "$scratch/err" && pass "workload of one position: singular" ||
    fail "workload of one position: singular ($(grep '^workload' "$scratch/err"))"
# Two digits in a row ("71": 8 squares) are no FEN rank: one line, FILE:LINE.
printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/71/8/8/8/8/4K3 w - - 0 1\n' >"$scratch/digits.fen"
for command in "--reps=1 --calls=10" "perft -m reference --depth=1 --reps=1"; do
    # shellcheck disable=SC2086 # the command's words
    "$program" $command "$scratch/digits.fen" >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] &&
        grep -qF "digits.fen:2: rank 6 has two digits in a row ('71'): write their sum" "$scratch/err"; then
        pass "${command%% *}: two digits in a row in a FEN rank are refused"
    else
        fail "${command%% *}: two digits in a row in a FEN rank are refused (exit $status: $(head -c 300 "$scratch/err"))"
    fi
done
expect_status "skip-invalid goes on" 0 "$program" --skip-invalid --reps=1 --calls=10 --method=reference \
    "$scratch/bad.fen" "$here/data/boards.fen"
grep -q "skipped 1 malformed line" "$scratch/err" && pass "skip-invalid counts skips" || fail "skip-invalid counts skips"
# Each malformed line is said once, and counted once, however many times
# the files are read (the check, every file workload, the verification,
# --dump's check and its rows).
for skip_run in "--verify --verify-boards=7 --reps=1 --calls=10 --method=reference --workload=pieces,squares" "--dump"; do
    # shellcheck disable=SC2086
    "$program" --skip-invalid $skip_run -q "$scratch/bad.fen" "$here/data/boards.fen" >/dev/null 2>"$scratch/err"
    if [ "$(grep -c "bad.fen:3: bad piece letter 'X' in rank 4 (skipped)" "$scratch/err")" -eq 1 ] &&
        [ "$(grep -c "skipped 1 malformed line" "$scratch/err")" -eq 1 ]; then
        pass "skip-invalid says each line once (${skip_run%% *})"
    else
        fail "skip-invalid says each line once (${skip_run%% *}: $(head -c 400 "$scratch/err"))"
    fi
done

# CSV: header, one row per method x piece x workload x dispatch, equal
# checksums, atomic write.
"$program" --method=reference --workload=pieces,random --reps=2 --calls=1000 --queries=600 -q \
    --csv="$scratch/run.csv" "$here/data/boards.fen" >"$scratch/table" 2>"$scratch/err"
header=$(head -1 "$scratch/run.csv")
case "$header" in
timestamp,host,version,commit,cpu,cpu_vendor,cpu_family,cpu_model,compiler,flags,timer,tsc_ghz,pin_cpu,method,piece,workload,dispatch,mode,*checksum,warnings,samples_ns,formulation,formulation_threads,parameters) pass "csv header" ;;
*) fail "csv header: $header" ;;
esac
# reference and null, 3 pieces, 2 workloads, 2 dispatch modes.
[ "$(tail -n +2 "$scratch/run.csv" | wc -l)" -eq 24 ] && pass "csv rows" || fail "csv rows ($(wc -l <"$scratch/run.csv"))"
ls "$scratch" | quiet_grep '\.tmp' && fail "csv temporary file left" || pass "csv temporary file removed"
expect_error "csv in a missing directory" "cannot create" "$program" --method=reference --workload=random \
    --reps=1 --calls=10 --csv="$scratch/no/such/dir/out.csv"
"$program" --format=json --method=reference --workload=random --reps=1 --calls=100 --queries=100 -q >"$scratch/json"
python3 -c 'import json,sys; run=json.load(open(sys.argv[1])); rows=run["results"]; assert run["schema"]==2 and len(rows)==12 and rows[0]["method"] and len(rows[0]["samples_ns"])==1 and run["context"]["commit"]' \
    "$scratch/json" 2>/dev/null && pass "json output parses" || fail "json output parses"

# --verify reads files through its own reader; standard input, which can
# be read once, is verified in the streams built from it.
"$program" --verify --method=classical --reps=1 --calls=100 - <"$here/data/boards.fen" >"$scratch/out" 2>"$scratch/err"
status=$?
[ "$status" -eq 0 ] && grep -q "verified every pieces query" "$scratch/err" && grep -q '^  classical' "$scratch/out" &&
    pass "--verify with standard input" || fail "--verify with standard input (exit $status)"
# Two file workloads, or '-' twice, would read it twice: the second read
# finds nothing, after the first was measured.  Refused before anything.
expect_error "standard input with two file workloads is refused" "standard input ('-') can be read once, by one workload" \
    "$program" --method=classical --workload=pieces,squares --reps=1 --calls=100 - <"$here/data/boards.fen"
[ ! -s "$scratch/out" ] && pass "standard input with two file workloads measures nothing" ||
    fail "standard input with two file workloads measures nothing"
expect_error "'-' given twice is refused" "'-' is given 2 times: standard input can be read once" \
    "$program" --method=classical --reps=1 --calls=100 - - <"$here/data/boards.fen"
# perft and --dump read it once too: the second '-' would read nothing.
for command in "perft -m reference --depth=1 --reps=1" "--dump -m reference"; do
    prefix="attackbench: ${command%% *}"
    # shellcheck disable=SC2086 # the command's words
    "$program" $command - - <data/perft.epd >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && [ ! -s "$scratch/out" ] && [ "$(wc -l <"$scratch/err")" -eq 1 ] &&
        grep -qxF "$prefix: '-' is given 2 times: standard input can be read once" "$scratch/err"; then
        pass "${command%% *}: '-' given twice is refused"
    else
        fail "${command%% *}: '-' given twice is refused (exit $status: $(head -c 300 "$scratch/err"))"
    fi
done
# A closed standard input read as '-' is a read error, not the next file
# the program opened in its place (fd 0 went to /proc/stat: "no positions
# in this file").  An emulator may hold fd 0 itself.
if on_native "a closed standard input is a read error" "no closed descriptors to hold"; then
    if [ -n "$emulated" ]; then
        skip "a closed standard input is a read error: $emulated may hold descriptor 0 itself"
    else
        expect_one_line "a closed standard input is a read error" "attackbench: <stdin>:1: read error: Bad file descriptor" \
            "$program" --method=classical --reps=1 --calls=100 -q - <&-
    fi
fi
expect_status "standard input with pieces and random" 0 "$program" --method=classical --workload=pieces,random \
    --reps=1 --calls=100 --queries=100 -q - <"$here/data/boards.fen"
"$program" --verify --method=classical --reps=1 --calls=100 "$here/data/boards.fen" >"$scratch/out" 2>"$scratch/err"
grep -q "verified every query of the files (3 positions)" "$scratch/err" && pass "--verify reads the files" ||
    fail "--verify reads the files"
# A file whose every line is malformed, skipped by --skip-invalid: nothing
# was verified, so --verify-only refuses it as the benchmark and --dump do
# (it once said "verified every query of the files (0 positions)", exit 0).
printf 'garbage\nmore garbage\n' >"$scratch/all-malformed.fen"
expect_error "--verify-only --skip-invalid on a file of malformed lines: nothing to verify" \
    "attackbench: no positions to verify" \
    "$program" --verify-only --method=classical --verify-boards=10 --skip-invalid "$scratch/all-malformed.fen"
grep -qx "attackbench: skipped 2 malformed lines" "$scratch/err" && pass "--verify-only counts the lines it skipped" ||
    fail "--verify-only counts the lines it skipped ($(head -c 300 "$scratch/err"))"
# ... before it verifies a backend (it verified every one, a line each,
# seconds or minutes, and only then refused the file), as --verify and the
# benchmark refuse it before their calibrations.
for action in --verify-only "--verify --reps=1 --calls=100"; do
    # shellcheck disable=SC2086
    "$program" $action --method=classical --skip-invalid "$scratch/all-malformed.fen" >"$scratch/out" 2>"$scratch/err"
    status=$?
    if [ "$status" -eq 2 ] && ! grep -q "verified" "$scratch/err" &&
        [ "$(tail -n 2 "$scratch/err" | head -n 1)" = "attackbench: skipped 2 malformed lines" ] &&
        tail -n 1 "$scratch/err" | grep -qx "attackbench: no positions to \(verify\|measure\)"; then
        pass "${action%% *} --skip-invalid on a file of malformed lines is refused before any check"
    else
        fail "${action%% *} --skip-invalid on a file of malformed lines is refused before any check (exit $status: $(head -c 300 "$scratch/err"))"
    fi
done

# --max-queries bounds the streams read from files: refused for the random
# workload alone, as --positions without its layout is; taken beside a
# file workload.  --verify-boards without --verify or --verify-only checks
# nothing: a note (scripts pass it as a default), none with --verify or -q.
expect_one_line "--max-queries with the random workload alone is refused" \
    "attackbench: --max-queries bounds the queries kept from files; the random workload reads none" \
    "$program" --max-queries=5 -w random --method=classical --reps=1 --calls=100
expect_status "--max-queries beside a file workload" 0 "$program" --max-queries=5 -w random,pieces \
    --method=classical --reps=1 --calls=100 --queries=100 -q "$here/data/boards.fen"
# The mirror: --queries is the random stream's length, refused where no
# random workload runs (it changed nothing, without a word).
expect_one_line "--queries without the random workload is refused" \
    "attackbench: --queries sets the length of the random stream; no random workload runs" \
    "$program" --queries=5 -w pieces --method=classical --reps=1 --calls=100 "$here/data/boards.fen"
expect_one_line "--queries with --verify-only of the files alone is refused" \
    "attackbench: --queries sets the length of the random stream; no random workload runs" \
    "$program" --verify-only --queries=5 -w sides --method=classical --verify-boards=7 "$here/data/boards.fen"
# --phase splits the file workloads: refused where the random workload
# alone runs (it has no game phase; the run said "phase all" and, with -q,
# nothing else); taken beside a file workload.
expect_one_line "--phase with only the random workload is refused" \
    "attackbench: --phase splits the file workloads (pieces, squares, sets, sides) by game phase; only the random" \
    "$program" --phase -w random --method=classical --reps=1 --calls=100 --queries=100 -q
expect_status "--phase beside a file workload" 0 "$program" --phase -w random,pieces --method=classical --reps=1 \
    --calls=100 --queries=100 -q "$here/data/boards.fen"
expect_status "--verify-only takes --queries with the random workload" 0 "$program" --verify-only --queries=50 \
    -w random --method=classical --verify-boards=7 -q
boards_note="attackbench: note: --verify-boards sets the random boards of --verify and --verify-only; this run checks none"
for case in ":1" "--verify:0" "-q:0"; do
    IFS=: read -r option wanted <<<"$case"
    # shellcheck disable=SC2086 # no option is no word
    "$program" --verify-boards=5 $option --method=classical --workload=random --reps=1 --calls=100 --queries=100 \
        >/dev/null 2>"$scratch/err"
    status=$?
    got=0
    grep -qF "$boards_note" "$scratch/err" && got=1
    [ "$status" -eq 0 ] && [ "$got" = "$wanted" ] && pass "--verify-boards=5 ${option:-alone}: note given: $wanted" ||
        fail "--verify-boards=5 ${option:-alone}: note given: $wanted (exit $status; $(head -c 300 "$scratch/err"))"
done
# --pressure takes its suffix in either case, as the help says.
expect_status "--pressure=4k (a lowercase suffix)" 0 "$program" --pressure=4k --method=classical --workload=random \
    --reps=1 --calls=100 --queries=100 -q
"$program" --help | quiet_grep "K/M/G suffix in either case" && pass "the help says --pressure's suffix takes either case" ||
    fail "the help says --pressure's suffix takes either case"

# --piece with only the side-wise workloads (sets, sides), which time every
# slider of a side, did nothing (a note, silent with -q): refused, as
# --queries without the random workload is; taken where a per-piece
# workload runs, with --verify (it checks the pieces named), and the
# default (no --piece) never refused.  ab gives --piece=queen only beneath
# a workload that takes it (ab.sh).
piece_refusal="attackbench: --piece chooses the rows of the pieces, squares and random workloads; sets and sides time every slider of a side"
for case in "sets:--piece=rook:2" "sides:--piece=both:2" "sets,sides:--piece=all:2" "sides:--piece=rook,bishop,queen:2" \
    "sets,random:--piece=rook:0" "pieces,sides:--piece=rook:0" "sides::0" "sides:--piece=rook --verify --verify-boards=7:0"; do
    IFS=: read -r workloads piece wanted <<<"$case"
    # --queries only beside the random workload, which it sets the length of.
    queries=()
    [[ "$workloads" == *random* ]] && queries=(--queries=100)
    # shellcheck disable=SC2086 # $piece is none, one or three words
    if [ "$wanted" = 2 ]; then
        expect_one_line "--workload=$workloads $piece is refused" "$piece_refusal" "$program" --method=classical \
            --workload="$workloads" $piece --reps=1 --calls=100 "$here/data/boards.fen"
    else
        expect_status "--workload=$workloads ${piece:-(no --piece)} is taken" 0 "$program" --method=classical \
            --workload="$workloads" $piece --reps=1 --calls=100 "${queries[@]}" -q "$here/data/boards.fen"
    fi
done
