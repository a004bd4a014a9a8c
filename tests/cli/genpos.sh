#!/usr/bin/env bash
# genpos: the same seed gives the same legal positions.
source "$(dirname "$0")/../lib/tap.bash"
genpos_scratch=$(mktemp -d)
if "$program" genpos --seed=7 --games=20 --out="$genpos_scratch/a.fen" 2>/dev/null &&
    "$program" genpos --seed=7 --games=20 2>/dev/null >"$genpos_scratch/b.fen" &&
    cmp -s <(tail -n +2 "$genpos_scratch/a.fen") <(tail -n +2 "$genpos_scratch/b.fen") &&
    head -1 "$genpos_scratch/a.fen" | quiet_grep '^# attackbench genpos --seed=7 --games=20' &&
    [ "$(grep -vc '^#' "$genpos_scratch/a.fen")" -ge 100 ] && [ ! -e "$genpos_scratch/a.fen.tmp" ]; then
    pass "genpos is deterministic"
else
    fail "genpos is deterministic"
fi
# One game: "1 game", not "1 games".
"$program" genpos --seed=3 --games=1 2>"$genpos_scratch/one.err" >/dev/null
grep -qE '^genpos: 1 game, [0-9]+ positions?$' "$genpos_scratch/one.err" && pass "genpos: one game, singular" ||
    fail "genpos: one game, singular ($(tail -n 1 "$genpos_scratch/one.err"))"
# Every line is a six-field FEN of a legal position (perft refuses others).
if [ "$(awk '!/^#/ && NF != 6' "$genpos_scratch/a.fen" | wc -l)" -eq 0 ] &&
    "$program" perft --method=reference --depth=1 "$genpos_scratch/a.fen" >/dev/null 2>&1; then
    pass "genpos writes legal six-field FENs"
else
    fail "genpos writes legal six-field FENs"
fi
# --seed=1 and the seed whose state differed from its own only in the
# low bit (forced to 1) once gave the same games; every seed is its own.
if ! cmp -s <("$program" genpos --seed=1 --games=5 2>/dev/null | tail -n +2) \
    <("$program" genpos --seed=10448769656268535094 --games=5 2>/dev/null | tail -n +2); then
    pass "genpos: two seeds, two files (no twin seeds)"
else
    fail "genpos: two seeds, two files (--seed=1 and --seed=10448769656268535094 gave the same games)"
fi
# --out in a missing folder is refused before a million games are played.
expect_error "genpos: --out in a missing folder is refused at once" "$genpos_scratch/missing/x.fen: cannot create" \
    timeout 10 "$program" genpos --seed=1 --games=1000000 --out="$genpos_scratch/missing/x.fen"
if "$program" genpos --games=5 >/dev/null 2>&1; [ $? -eq 2 ]; then
    pass "genpos requires --seed"
else
    fail "genpos requires --seed"
fi

# SIGINT and SIGTERM stop a long generation within about a second, leave
# no temporary file and keep an existing output file as it was.
# shellcheck source=../lib/signals.bash
source "$here/lib/signals.bash"
genpos_stop_once() {
    local signal=$1 want=$2
    echo 'the old file' >"$genpos_scratch/kept.fen"
    "${with_sighup[@]}" "$program" genpos --seed=3 --games=1000000 --out="$genpos_scratch/kept.fen" \
        2>"$genpos_scratch/stopped.err" &
    local runner=$!
    if ! wait_for_handler "$runner" "$(kill -l "$signal")"; then
        kill -KILL "$runner" 2>/dev/null
        wait "$runner"
        stop_status="no handler installed"
        return 1
    fi
    sleep 0.3
    stop_and_time "$runner" "$signal"
    [ "$stop_status" -eq "$want" ] && grep -q 'interrupted' "$genpos_scratch/stopped.err" &&
        [ "$(cat "$genpos_scratch/kept.fen")" = 'the old file' ] &&
        [ -z "$(find "$genpos_scratch" -name 'kept.fen?*')" ]
}
genpos_stops() {
    if stops_within 1.5 genpos_stop_once "$@"; then
        pass "genpos stops on SIG$1 within a second and leaves no temporary file"
    else
        fail "genpos stops on SIG$1 within a second and leaves no temporary file (exit $stop_status after ${stop_times:-$stop_seconds s}: $(ls "$genpos_scratch"))"
    fi
}
if on_native "genpos stops on SIGINT and SIGTERM" "no signals"; then
    genpos_stops INT 130
    genpos_stops TERM 143
    # SIGHUP and SIGQUIT too, as the benchmark and perft (SIGHUP killed
    # it, with a row cut short on standard output).
    genpos_stops HUP 129
    ulimit -c 0 # no core file from a build that does not catch SIGQUIT
    genpos_stops QUIT 131
    # On standard output the rows it wrote are whole.
    "${with_sighup[@]}" "$program" genpos --seed=3 --games=1000000 >"$genpos_scratch/hup.fen" \
        2>"$genpos_scratch/hup.err" &
    runner=$!
    poll 30 test -s "$genpos_scratch/hup.fen"
    stop_and_time "$runner" HUP
    if [ "$stop_status" -eq 129 ] && [ "$(tail -c 1 "$genpos_scratch/hup.fen" | od -An -c | tr -d ' ')" = '\n' ] &&
        [ "$(tail -n 1 "$genpos_scratch/hup.fen" | awk '{ print NF }')" = 6 ] &&
        grep -qx 'attackbench: genpos: interrupted after [0-9]* of 1000000 games' "$genpos_scratch/hup.err"; then
        pass "genpos on SIGHUP: exit 129, its line, whole rows on standard output"
    else
        fail "genpos on SIGHUP: exit 129, its line, whole rows on standard output (exit $stop_status: $(head -c 300 "$genpos_scratch/hup.err"); ends $(tail -c 40 "$genpos_scratch/hup.fen" | tr '\n' '|'))"
    fi
fi

# A closed pipe is a write error: exit 2 with a message.
"$program" genpos --seed=1 --games=2000 2>"$genpos_scratch/pipe.err" | head -c 1 >/dev/null
status=${PIPESTATUS[0]}
if [ "$status" -eq 2 ] && grep -q 'cannot write' "$genpos_scratch/pipe.err"; then
    pass "genpos into a closed pipe exits 2"
else
    fail "genpos into a closed pipe exits 2 (exit $status)"
fi

# --method: each reason it cannot be used is said, not one vague line.
expect_error "genpos: an unknown --method is named as such" "genpos: --method=nosuch: not the name of one method" \
    "$program" genpos --seed=1 --games=1 --method=nosuch
expect_error "genpos: --method=null computes no attack sets" "genpos: --method=null: null computes no attack sets" \
    "$program" genpos --seed=1 --games=1 --method=null
# Names in any case, as every other command's --method takes them.
if "$program" genpos --seed=1 --games=1 --method=Reference >"$scratch/out" 2>"$scratch/err" &&
    "$program" genpos --seed=1 --games=1 --method=KOGGE-STONE:SCALAR 2>>"$scratch/err" | cmp -s - "$scratch/out"; then
    pass "genpos: --method takes a name in any case"
else
    fail "genpos: --method takes a name in any case ($(head -c 200 "$scratch/err"))"
fi
if [ "$x86_build" = 1 ]; then
    ATTACKBENCH_HIDE_FEATURES=bmi2 expect_error "genpos: a method this CPU cannot run says what it lacks" \
        "genpos: --method=pext: this CPU lacks bmi2" "$program" genpos --seed=1 --games=1 --method=pext
else
    skip "genpos: a method this CPU cannot run says what it lacks: pext and bmi2 are x86-64's"
fi
# A newline in --out's name is escaped in the header comment: the file
# reads back.
genpos_odd="$genpos_scratch/odd
name.fen"
"$program" genpos --seed=1 --games=1 --out="$genpos_odd" 2>/dev/null
head -n 1 "$genpos_odd" | grep -qF 'odd\x0aname.fen' && "$program" --dump "$genpos_odd" >/dev/null 2>"$scratch/err" &&
    pass "genpos: a newline in --out's name is escaped, and the file reads back" ||
    fail "genpos: a newline in --out's name is escaped, and the file reads back ($(head -c 200 "$scratch/err"))"
rm -rf "$genpos_scratch"
