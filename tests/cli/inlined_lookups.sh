#!/usr/bin/env bash
# Every timed loop inlines its lookup: a call there would be timed with
# the lookup, in one compiler's build and not the other's (LOOKUP_INLINE
# in include/attackbench/loops.h).  objdump lists the calls made from
# each timed loop's function of the built programs: ID_sets_loop,
# ID_sides_loop and the passes of ATTACKBENCH_PASSES (ID_queen_loop_queries,
# ..._positions_chained).  ID_queen_loop itself only picks one of them and
# holds the untimed checking pass, whose calls cost no timed figure.
source "$(dirname "$0")/../lib/tap.bash"

# Calls a timed loop may make, each for a reason:
#   reference_*: the slow ground truth, timed only to be listed;
#   switch_lookup_*, spectral_magic_switched_*: a 64-case switch per
#     lookup, kept out of line (inlined, they gained nothing with gcc 12
#     and lost 5-7% with clang 14 in the positions layout; docs/findings.md);
#   hypercube_move_to: hypercube's position update, not a lookup;
#   sherwin_hash_*, allocate_thread_table, store_miss: sherwin-hash counts
#     its misses per call in the passes that are not its own loops;
#   *@plt: the C library (error exits, thread-local tables).
allowed='^(reference_|switch_lookup_|spectral_magic_switched_|hypercube_move_to|sherwin_hash_|allocate_thread_table|store_miss)|@plt$'

# The timed loops' functions, and those of sherwin-hash, whose loops
# hold no vector code (below).
timed_loops='(_(sets|sides)_loop|_loop_(queries|chained|pressure|pressure_chained|positions|positions_chained))$'
hash_loops='^hash_(rook|bishop|queen)_loop_(queries|chained|positions|positions_chained)$'

# findings PROGRAM: "call LOOP CALLEE" for each call from a timed loop
# that is not allowed, and "vector LOOP" for each sherwin-hash loop holding
# a vector instruction: one on a vector register other than a scalar move
# into or out of it (gcc spills a general register to xmm0 in the
# portable build; two queries paired in lanes need a packed operation).
# One pass over the disassembly, made once per program and read by each
# check: objdump prints a million lines for attackbench (most of this
# script's CPU), without addresses where it can (a fifth less to print).
findings() {
    local file
    file="$scratch/findings-$(printf '%s' "$1" | cksum | cut -d' ' -f1)"
    [ -e "$file" ] || objdump -d --no-show-raw-insn $no_addresses "$1" | awk -v allowed="$allowed" \
        -v timed_loops="$timed_loops" -v hash_loops="$hash_loops" '
        # A function: "ADDRESS <NAME>:", or "<NAME>:" without addresses.
        /^([0-9a-f]+ )?<[^>]*>:$/ {
            function_name = substr($NF, 2, length($NF) - 3)
            timed = function_name ~ timed_loops
            hash = function_name ~ hash_loops
            next
        }
        !timed { next }
        {
            mnemonic = $1 ~ /:$/ ? $2 : $1  # after the address, where there is one
            if (mnemonic ~ /^call/) {
                callee = $NF; gsub(/[<>]/, "", callee); sub(/\+0x[0-9a-f]+$/, "", callee)
                if (callee !~ allowed) print "call", function_name, callee
            }
            if (hash && /%[xyz]mm/ && mnemonic !~ /^v?mov[dq]$/) print "vector", function_name
        }' | sort -u >"$file"
    cat "$file"
}

# calls_from_loops PROGRAM: "LOOP CALLEE" lines, one per call that is not
# allowed.
calls_from_loops() {
    findings "$1" | sed -n 's/^call //p'
}

# vector_loops PROGRAM: the sherwin-hash loops that hold a vector
# instruction.
vector_loops() {
    findings "$1" | sed -n 's/^vector //p'
}

if ! have_tool objdump; then
    skip_all "objdump is not installed"
fi
# --no-addresses: binutils 2.35 and later.
no_addresses=
[[ "$(objdump --help 2>&1)" == *--no-addresses* ]] && no_addresses=--no-addresses
if [ "$x86_build" != 1 ] || [ -n "$emulated" ]; then
    skip_all "the x86-64 objdump reads the native x86-64 builds only"
fi
case $("$program" --version 2>/dev/null) in
*-fsanitize*) skip_all "a sanitizer build is for checking, not timing: its inlining is not the timed builds'" ;;
esac

# The check finds a call: a loop that calls a lookup kept out of line.
cat >"$scratch/example.c" <<'EOF'
__attribute__((noinline)) static unsigned long example_queen(int square, unsigned long occupied)
{
    return occupied >> (square & 63);
}
__attribute__((noinline)) unsigned long example_queen_loop_queries(const unsigned long *occupied, int count)
{
    unsigned long sum = 0;
    for (int i = 0; i < count; i++)
        sum += example_queen(i, occupied[i]);
    return sum;
}
int main(void)
{
    unsigned long occupied[4] = {1, 2, 3, 4};
    return (int)example_queen_loop_queries(occupied, 4);
}
EOF
if ${CC:-gcc} -O2 -o "$scratch/example" "$scratch/example.c" 2>"$scratch/err"; then
    found=$(calls_from_loops "$scratch/example")
    [ "$found" = "example_queen_loop_queries example_queen" ] && pass "inlined lookups: the check finds a loop's call" ||
        fail "inlined lookups: the check finds a loop's call (found: ${found:-nothing})"
else
    fail "inlined lookups: the example does not build ($(head -c 200 "$scratch/err"))"
fi

# timed_passes_off_lines PROGRAM: "COUNT MISPLACED..." of the timed passes'
# functions: each should start on a 64-byte line (ATTACKBENCH_LINE_ALIGNED,
# so that where the linker puts it cannot move its loops among the lines;
# docs/findings.md, "Where a loop lands").
timed_passes_off_lines() {
    # awk, not a bash loop: 4,000 symbols a program, half a second of CPU
    # in bash.  A hex address is on a 64-byte line when it ends in 0
    # after a 0, 4, 8 or c.
    nm "$1" | awk -v timed_loops="$timed_loops" '
        ($2 == "t" || $2 == "T") && $3 ~ ("(" timed_loops ")|lanes_sides_pass$") {
            count++
            if (!(substr($1, length($1)) == "0" && substr($1, length($1) - 1, 1) ~ /[048c]/))
                misplaced = misplaced " " $3 "@" $1
        }
        END { print count + 0 misplaced }'
}

check_program() {
    local name=$1 path=$2 found
    found=$(timed_passes_off_lines "$path")
    [ "${found%% *}" -ge 400 ] && [ "$found" = "${found%% *}" ] &&
        pass "line-aligned passes: the $name build's ${found%% *} timed passes each start on a 64-byte line" ||
        fail "line-aligned passes: the $name build's timed passes (count, then those off a line): $(head -c 300 <<<"$found")"
    found=$(calls_from_loops "$path")
    [ -z "$found" ] && pass "inlined lookups: no timed loop of the $name build calls its lookup" ||
        fail "inlined lookups: the $name build's timed loops call: $(echo "$found" | head -5 | tr '\n' ';')"
    # sherwin-hash has clang unroll its loops, which no vectoriser may then
    # pair (src/backends/sherwin_hash.c): its loops hold no vector code.
    found=$(vector_loops "$path")
    if ! objdump -t "$path" | grep -q ' hash_queen_loop_queries$'; then
        fail "sherwin-hash: the $name build has no hash_queen_loop_queries to check"
    elif [ -z "$found" ]; then
        pass "sherwin-hash: the $name build's timed loops hold no packed vector instruction"
    else
        fail "sherwin-hash: the $name build's timed loops hold vector instructions: $(echo "$found" | head -3 | tr '\n' ';')"
    fi
}

check_program "tested" "$program"
if [ -x "$here/../build/attackbench-clang" ]; then
    check_program "clang" "$here/../build/attackbench-clang"
else
    skip "inlined lookups, the clang build: build/attackbench-clang is not built (make compilers builds it)"
fi
