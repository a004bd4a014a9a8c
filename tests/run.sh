#!/usr/bin/env bash
# The test runner behind `make test`: unit tests, verification of every
# backend, then the command-line tests.  Last line: "N passed, N failed".
# Usage: tests/run.sh ./attackbench build/unit_tests
set -u
program=${1:-./attackbench}
unit_tests=${2:-build/unit_tests}
here=$(cd "$(dirname "$0")" && pwd)
passed=0
failed=0
skipped=0

pass() { passed=$((passed + 1)); echo "ok $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; }
skip() {
    skipped=$((skipped + 1))
    skip_reasons+=("$1")
    echo "skip $1"
}
skip_reasons=()

# quiet_grep ARGS...: grep -q that reads its whole input, so that the
# program writing into the pipe never meets a closed pipe (and reports it).
quiet_grep() { grep "$@" >/dev/null; }

# have_tool NAME...: whether any of the commands is on PATH.
have_tool() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 && return 0
    done
    return 1
}

# The command-line tests read CSV with Python's csv module.
if ! command -v python3 >/dev/null 2>&1; then
    echo "make test needs python3 (Debian: apt-get install python3)" >&2
    exit 2
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The per-CPU locks of the tests' runs live here, apart from those of any
# real run on the machine, whose warning would change the tests' output.
export XDG_RUNTIME_DIR="$scratch/runtime"
mkdir -p "$XDG_RUNTIME_DIR"

# expect_status NAME STATUS COMMAND...: the command exits with STATUS.
expect_status() {
    local name=$1 want=$2
    shift 2
    "$@" >"$scratch/out" 2>"$scratch/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then pass "$name"; else fail "$name (exit $got, wanted $want)"; fi
}

# csv_column NAME: the NAME column of the CSV on standard input, one value
# a line.  A real CSV reader: fields can be quoted (the flags of a
# make sanitize build hold a comma).
csv_column() {
    python3 -c 'import csv, signal, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader that stops early is no error
for row in csv.DictReader(sys.stdin):
    print(row[sys.argv[1]])' "$1"
}

# expect_error NAME TEXT COMMAND...: exit status 2 and TEXT on stderr.
expect_error() {
    local name=$1 text=$2
    shift 2
    "$@" >"$scratch/out" 2>"$scratch/err"
    local got=$?
    if [ "$got" -eq 2 ] && grep -qF -- "$text" "$scratch/err"; then
        pass "$name"
    else
        fail "$name (exit $got; stderr: $(head -c 300 "$scratch/err"))"
    fi
}


# Unit tests: one "ok NAME" or "FAIL NAME" line each.
unit_output=$("$unit_tests" 2>&1)
unit_status=$?
echo "$unit_output"
passed=$((passed + $(grep -c '^ok ' <<<"$unit_output")))
failed=$((failed + $(grep -c '^FAIL ' <<<"$unit_output")))
if [ "$unit_status" -ne 0 ] && ! grep -q '^FAIL ' <<<"$unit_output"; then
    fail "unit test binary exited with status $unit_status"
fi

# Every available backend against the reference, exhaustively (the null
# backend computes no attacks; the reference is checked by unit tests).
for method in $("$program" --list | awk '$2 == "available" { print $1 }'); do
    case "$method" in null | reference) continue ;; esac
    if "$program" --verify-only --method="$method" >/dev/null 2>"$scratch/verify-$method.log"; then
        pass "verify $method"
    else
        fail "verify $method: $(head -c 600 "$scratch/verify-$method.log")"
    fi
done

# Backends this CPU cannot run are reported, with the reason, not verified.
while read -r method reason; do
    skip "verify $method: $reason"
done < <("$program" --list | awk '$2 == "unavailable" { name = $1; sub(/^[^(]*\(/, ""); sub(/\).*$/, ""); print name, $0 }')

# What kind of build this is: an x86-64 one (whose --list has no backend
# written for another architecture), and one that can load plugins (not
# linked statically); and whether it runs in an emulator
# (tests/aarch64.sh), where timings say nothing.
x86_build=1
"$program" --list 2>/dev/null | quiet_grep -F "x86-64 only" && x86_build=0
plugin_build=1
"$program" --plugin="$scratch/none.so" --list 2>&1 | quiet_grep -F "linked statically" && plugin_build=0
emulated=${ATTACKBENCH_TEST_EMULATED:-}
# A fast table lookup for tests where any will do: pext on x86-64 builds,
# magic-black (portable) elsewhere.
lookup=pext
[ "$x86_build" = 1 ] || lookup=magic-black
# on_x86 NAME: whether to run a test of the x86-64 backends (else it is
# skipped with the reason); not_emulated NAME: likewise for a test that
# judges a timing.
on_x86() {
    [ "$x86_build" = 1 ] && return 0
    skip "$1: it tests x86-64 backends, which this build lists as x86-64 only"
    return 1
}
not_emulated() {
    [ -z "$emulated" ] && return 0
    skip "$1: it judges timings, which mean nothing under $emulated"
    return 1
}

# Command-line tests.
for script in "$here"/cli/*.sh; do
    [ -e "$script" ] || continue
    case "${script##*/}" in
    features.sh | bmi2_backends.sh) on_x86 "${script##*/}" || continue ;;
    plugins.sh | plugin_faults.sh)
        if [ "$plugin_build" = 0 ]; then
            skip "${script##*/}: this attackbench is linked statically and cannot load plugins"
            continue
        fi
        ;;
    esac
    # shellcheck source=/dev/null
    source "$script"
done

if [ "$skipped" -gt 0 ]; then
    echo "skipped $skipped (reasons):"
    printf '  %s\n' "${skip_reasons[@]}"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
