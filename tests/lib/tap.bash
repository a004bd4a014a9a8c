# The helpers every test script sources first (tests/README.md): the
# program under test, a scratch folder of its own, and TAP output.
#   source "$(dirname "$0")/../lib/tap.bash"
# The script then runs from the top of the repository; its results are
# "ok N - NAME", "not ok N - NAME" or "ok N - NAME # SKIP REASON" lines
# and the plan "1..N" when it exits (exit 1 when a test failed).
# ATTACKBENCH names the program (default ./attackbench) and
# ATTACKBENCH_UNIT_TESTS the unit-test binary (default build/unit_tests);
# ATTACKBENCH_TEST_EMULATED says the program runs in an emulator, and
# ATTACKBENCH_TEST_LIST names its --list output when tests/run.sh made it
# (ATTACKBENCH_TEST_VERSION and ATTACKBENCH_TEST_PLUGIN_REFUSAL: its
# --version and its refusal of a plugin that is not there).
set -u

# The set-up below starts as few processes as it can: every script runs
# it, and a process costs milliseconds of CPU on a virtual machine.
# absolute_path VARIABLE PATH: VARIABLE set to PATH from the folder the
# script was started in.
absolute_path() {
    case "$2" in
    /*) printf -v "$1" '%s' "$2" ;;
    */*) printf -v "$1" '%s' "$PWD/$2" ;;
    *) printf -v "$1" '%s' "$(command -v "$2" || echo "$PWD/$2")" ;;
    esac
}
absolute_path program "${ATTACKBENCH:-./attackbench}"
absolute_path unit_tests "${ATTACKBENCH_UNIT_TESTS:-build/unit_tests}"
# The scripts the tests run read ATTACKBENCH too: they see it only where
# a test sets it.
unset ATTACKBENCH ATTACKBENCH_UNIT_TESTS
cd "${BASH_SOURCE[0]%/*}/.." || exit 2
here=$PWD
in_process_server=$here/lib/in_process.py
source "$here/lib/in_process.bash"
cd .. || exit 2
top=$PWD
emulated=${ATTACKBENCH_TEST_EMULATED:-}
# A sanitizer build (make sanitize) cannot run under valgrind: its runtime
# must come first and it reserves terabytes of address space.
sanitized=0
# What the program says of itself, tests/run.sh's where it asked once for
# all the scripts (ATTACKBENCH_TEST_VERSION).
if [ -n "${ATTACKBENCH_TEST_VERSION+set}" ]; then
    program_version=$ATTACKBENCH_TEST_VERSION
else
    program_version=$("$program" --version 2>&1)
fi
unset ATTACKBENCH_TEST_VERSION
[[ "$program_version" == *-fsanitize* ]] && sanitized=1

passed=0
failed=0
skipped=0
tap_count=0
tap_plan_given=0

scratch=$(mktemp -d "${TMPDIR:-/tmp}/attackbench-test.XXXXXX")
# The per-CPU locks of the tests' runs live here, apart from those of any
# real run on the machine, whose warning would change the tests' output.
export XDG_RUNTIME_DIR="$scratch/runtime"
mkdir -p "$XDG_RUNTIME_DIR"

tap_finish() {
    local status=$?
    # Waited for before `times`, so that its CPU time is counted.
    in_process_stop
    [ "$tap_plan_given" = 1 ] && { rm -rf "$scratch"; exit "$status"; }
    if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
        tap_result "not ok" "the script ended with status $status"
    fi
    echo "1..$tap_count"
    # The CPU time of the script and the commands it waited for, which
    # tests/run.sh adds up.
    # Added up by bash itself, in milliseconds (times writes MmS.FFFs):
    # an awk costs milliseconds of CPU a start, in every script.
    local line field seconds fraction ms=0 tenths
    times >"$scratch/times"
    while read -r line; do
        for field in $line; do
            seconds=${field#*m}
            seconds=${seconds%s}
            fraction=${seconds#*[.,]}000
            ms=$((ms + 60000 * 10#${field%%m*} + 1000 * 10#${seconds%%[.,]*} + 10#${fraction:0:3}))
        done
    done <"$scratch/times"
    tenths=$(((ms + 50) / 100))
    echo "# cpu $((tenths / 10)).$((tenths % 10)) s"
    rm -rf "$scratch"
    [ "$failed" -eq 0 ] || exit 1
    exit 0
}
trap tap_finish EXIT

# tap_result STATUS TEXT [DIRECTIVE]: one numbered line; a '#' in the
# text is escaped, and lines after the first become diagnostics.
tap_result() {
    local first=${2%%$'\n'*}
    tap_count=$((tap_count + 1))
    echo "$1 $tap_count - ${first//#/\\#}${3:+ # $3}"
    if [ "$first" != "$2" ]; then
        sed 's/^/# /' <<<"${2#*$'\n'}"
    fi
}
pass() { passed=$((passed + 1)); tap_result ok "$1"; }
fail() { failed=$((failed + 1)); tap_result "not ok" "$1"; }
# skip "NAME: REASON": a test this build or machine cannot run.
skip() {
    skipped=$((skipped + 1))
    case "$1" in
    *': '*) tap_result ok "${1%%: *}" "SKIP ${1#*: }" ;;
    *) tap_result ok "$1" "SKIP" ;;
    esac
}
# skip_all REASON: the whole script does not apply to this build.
skip_all() {
    echo "1..0 # SKIP $1"
    tap_plan_given=1
    exit 0
}

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

# build_test_plugin FILE LOG SOURCE [FLAGS...]: SOURCE built as a plugin
# (-Og, warnings as errors, unless FLAGS add to them) into FILE, the
# compiler's messages in LOG; 0 when built.  Under tests/run.sh one build
# a run serves every script that asks for the same source and flags (a
# compile costs 0.3 to 1 s of CPU): the first builds it into the runner's
# folder, the others wait for it there and copy it.
build_test_plugin() {
    local file=$1 log=$2 source=$3 key waited=0
    shift 3
    local command=("${CC:-cc}" -std=c99 -Og -shared -fPIC -fvisibility=hidden -Wall -Wextra -Werror
        -I"$here/../include" -I"$here/plugins" "$@" "$source")
    if [ -z "$shared_plugins" ]; then
        "${command[@]}" -o "$file" 2>"$log"
        return
    fi
    key=$(printf '%s\0' "${command[@]}" | cksum)
    key=$shared_plugins/${key%% *}
    if mkdir "$key.lock" 2>/dev/null; then
        "${command[@]}" -o "$key.so" 2>"$key.log"
        echo $? >"$key.status.new" && mv "$key.status.new" "$key.status"
    else
        # Another script builds it; a minute without it: build it here.
        while [ ! -e "$key.status" ] && [ "$waited" -lt 1200 ]; do
            sleep 0.05
            waited=$((waited + 1))
        done
        [ -e "$key.status" ] || { "${command[@]}" -o "$file" 2>"$log"; return; }
    fi
    cp "$key.log" "$log"
    [ "$(<"$key.status")" = 0 ] && cp "$key.so" "$file"
}

# expect_status NAME STATUS COMMAND...: the command exits with STATUS.
expect_status() {
    local name=$1 want=$2
    shift 2
    run_to "$scratch/out" "$scratch/err" "$@"
    local got=$?
    if [ "$got" -eq "$want" ]; then pass "$name"; else fail "$name (exit $got, wanted $want)"; fi
}

# expect_error NAME TEXT COMMAND...: exit status 2 and TEXT on stderr.
expect_error() {
    local name=$1 text=$2
    shift 2
    run_to "$scratch/out" "$scratch/err" "$@"
    local got=$? line found=0 error_lines
    # Searched by bash itself, a line at a time as grep -F searches: this
    # runs hundreds of times, and a grep costs milliseconds of CPU a start.
    mapfile error_lines <"$scratch/err"
    for line in "${error_lines[@]}"; do
        [[ $line == *"$text"* ]] && found=1 && break
    done
    if [ "$got" -eq 2 ] && [ "$found" = 1 ]; then
        pass "$name"
    else
        fail "$name (exit $got; stderr: $(head -c 300 "$scratch/err"))"
    fi
}

# expect_one_line NAME TEXT COMMAND...: exit 2, and stderr is exactly one
# line holding TEXT (no context lines, no timer note before the error).
expect_one_line() {
    expect_one_line_status 2 "$@"
}

# expect_one_line_status STATUS NAME TEXT COMMAND...: the same with
# another exit status (1: wrong results).
expect_one_line_status() {
    local status=$1 name=$2 text=$3 line found=0 error_lines
    shift 3
    run_to "$scratch/out" "$scratch/err" "$@"
    local got=$?
    # Counted (newlines, as wc -l) and searched by bash itself: this runs
    # hundreds of times, and a grep or wc costs milliseconds of CPU a start.
    mapfile error_lines <"$scratch/err"
    local lines=${#error_lines[@]}
    [ "$lines" -gt 0 ] && [[ ${error_lines[lines - 1]} != *$'\n' ]] && lines=$((lines - 1))
    for line in "${error_lines[@]}"; do
        [[ $line == *"$text"* ]] && found=1
    done
    if [ "$got" -eq "$status" ] && [ "$lines" -eq 1 ] && [ "$found" = 1 ]; then
        pass "$name"
    else
        fail "$name (exit $got, $lines stderr lines: $(head -c 400 "$scratch/err"))"
    fi
}

# csv_column NAME: the NAME column of the CSV on standard input, one value
# a line.  A real CSV reader, as Python's csv.DictReader reads one: fields
# can be quoted (the flags of a make sanitize build hold a comma), a
# quoted field can hold quotes doubled and line breaks, blank lines are no
# rows, a row short of the column gives None, and a header without the
# column is an error (exit 1) at the first row.  In awk: a start of Python
# costs 30 to 50 ms of CPU, and the tests read columns some forty times.
csv_column() {
    awk -v name="$1" '
    # The fields of the record starting with the current line (more lines
    # while a quoted field is open) into field[1..]; their count.
    function read_record(field,    count, value, quoted, at_start, i, c, line) {
        count = 0; value = ""; quoted = 0; at_start = 1
        line = $0
        while (1) {
            sub(/\r$/, "", line)
            if (!quoted && index(line, "\"") == 0) {
                # No quote: plain commas (the common line, quickly).
                i = index(line, ",")
                while (i > 0) {
                    field[++count] = value substr(line, 1, i - 1)
                    value = ""; at_start = 1
                    line = substr(line, i + 1)
                    i = index(line, ",")
                }
                value = value line
                if (line != "") at_start = 0
            } else {
                for (i = 1; i <= length(line); i++) {
                    c = substr(line, i, 1)
                    if (quoted) {
                        if (c != "\"") value = value c
                        else if (substr(line, i + 1, 1) == "\"") { value = value c; i++ }
                        else quoted = 0
                    } else if (c == ",") {
                        field[++count] = value; value = ""; at_start = 1
                    } else if (c == "\"" && at_start) {
                        quoted = 1; at_start = 0
                    } else {
                        value = value c; at_start = 0
                    }
                }
            }
            if (!quoted) break
            value = value "\n"
            if ((getline line) <= 0) break
        }
        field[++count] = value
        return count
    }
    {
        sub(/\r$/, "")
        # The first line is the header, even blank (no columns); a blank
        # line after it is no row.
        if ($0 == "" && header_read) next
        split("", field)
        count = $0 == "" ? 0 : read_record(field)
        if (!header_read) {
            header_read = 1
            for (i = 1; i <= count; i++) column[field[i]] = i
            next
        }
        if (!(name in column)) {
            print "csv_column: no column " name " in the header" > "/dev/stderr"
            exit 1
        }
        print (column[name] <= count ? field[column[name]] : "None")
    }'
}

if ! have_tool python3; then
    echo "the tests need python3 (Debian: apt-get install python3)" >&2
    exit 2
fi
if [ ! -x "$program" ]; then
    echo "Bail out! no program to test at $program (run make, or set ATTACKBENCH)"
    tap_plan_given=1
    exit 2
fi

# What kind of build this is: an x86-64 one (whose --list has no backend
# written for another architecture), and one that can load plugins (not
# linked statically).  The list is tests/run.sh's (ATTACKBENCH_TEST_LIST,
# made once for all the scripts) where it made one.
if [ -n "${ATTACKBENCH_TEST_LIST:-}" ] && [ -s "$ATTACKBENCH_TEST_LIST" ]; then
    # Copied by bash itself, byte for byte (the list holds no NUL): a cp
    # is a process in every script.
    IFS= read -rd '' list_text <"$ATTACKBENCH_TEST_LIST"
    printf '%s' "$list_text" >"$scratch/list"
    unset list_text
else
    "$program" --list >"$scratch/list" 2>/dev/null
fi
unset ATTACKBENCH_TEST_LIST
# tests/run.sh's folder of plugins built once a run (build_test_plugin).
shared_plugins=${ATTACKBENCH_TEST_PLUGINS:-}
unset ATTACKBENCH_TEST_PLUGINS
x86_build=1
[[ "$(<"$scratch/list")" == *"x86-64 only"* ]] && x86_build=0
plugin_build=1
wasm_build=0
# How it refuses a plugin that is not there: tests/run.sh's answer too
# where it asked (ATTACKBENCH_TEST_PLUGIN_REFUSAL).
if [ -n "${ATTACKBENCH_TEST_PLUGIN_REFUSAL+set}" ]; then
    plugin_refusal=$ATTACKBENCH_TEST_PLUGIN_REFUSAL
else
    plugin_refusal=$("$program" --plugin="$scratch/none.so" --list 2>&1)
fi
unset ATTACKBENCH_TEST_PLUGIN_REFUSAL
[[ "$plugin_refusal" == *"linked statically"* ]] && plugin_build=0
[[ "$plugin_refusal" == *"is WebAssembly"* ]] && wasm_build=1
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
# on_native NAME WHAT: run a test of something WebAssembly (WASI) does not
# have (WHAT: "no signals") only on a native build; else skip it, saying so.
on_native() {
    [ "$wasm_build" = 0 ] && return 0
    skip "$1: WebAssembly (WASI) has $2"
    return 1
}
not_emulated() {
    [ -z "$emulated" ] && return 0
    skip "$1: it judges timings, which mean nothing under $emulated"
    return 1
}
