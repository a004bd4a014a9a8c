#!/usr/bin/env bash
# CPU features: each backend that needs GFNI, AVX2, AVX-512, BMI1 or LZCNT
# is listed unavailable, with the reason, when ATTACKBENCH_HIDE_FEATURES
# hides what it needs, and each code path a hidden feature selects is
# verified.
source "$(dirname "$0")/../lib/tap.bash"
[ "$x86_build" = 1 ] || skip_all "it tests x86-64 backends, which this build lists as x86-64 only"

# list_hiding HIDDEN: the file of --list run with HIDDEN hidden, each
# set of hidden features listed once (--list initialises every backend).
list_hiding() {
    local file="$scratch/list-hiding-${1// /-}"
    [ -f "$file" ] || ATTACKBENCH_HIDE_FEATURES="$1" "$program" --list --formulation=fixed >"$file"
    echo "$file"
}
# Each path a hidden feature selects is verified at make test's strength,
# as verify.sh checks every backend: every subset of every mask and 30,000
# random boards (--verify-boards=30000).

# expect_unavailable HIDDEN METHOD FEATURE: with HIDDEN hidden, --list
# shows METHOD unavailable because the CPU lacks FEATURE.
expect_unavailable() {
    local hidden=$1 method=$2 feature=$3
    if quiet_grep -E "^$method +unavailable \(this CPU lacks ([a-z0-9]+ )*$feature( [a-z0-9]+)*\)" "$(list_hiding "$hidden")"; then
        pass "hiding $hidden makes $method unavailable (lacks $feature)"
    else
        fail "hiding $hidden makes $method unavailable (lacks $feature)"
    fi
}

# ab's sides are checked before they start: a method or formulation this
# CPU cannot run is one line (both sides started, then failed in three).
ATTACKBENCH_HIDE_FEATURES=avx2 expect_error "ab: a formulation the CPU cannot run is refused before the sides start" \
    "ab: bitrotation:lanes-nibbles cannot run here: this CPU lacks avx2" \
    "$program" ab --max-time=6s --pair-time=0.5s -m bitrotation:lanes-nibbles,bitrotation:scalar

expect_unavailable gfni hyperbola-gfni gfni
expect_unavailable avx2 hyperbola-gfni avx2
expect_unavailable avx2 hyperbola-avx2 avx2
expect_unavailable avx2 hyperbola-lanes-avx2 avx2
expect_unavailable avx2 kogge-stone-lanes-avx2 avx2
expect_unavailable avx512vl kogge-stone-lanes avx512
expect_unavailable lzcnt leorik lzcnt
expect_unavailable bmi1 leorik bmi1
expect_unavailable avx512dq magic-lanes avx512dq
expect_unavailable avx512bw magic-lanes avx512bw

# Names are matched whole (hiding avx512vl leaves avx2), and hiding a
# feature hides those built on it (dumb7fill-avx512 needs VL; hiding
# avx512 hides avx512cd, which obstruction-lanes needs, and avx512f hides
# avx512dq, which magic-lanes needs).
list_no_vl=$(list_hiding avx512vl)
if quiet_grep -E '^hyperbola-avx2 +available' "$scratch/list"; then
    grep -qE '^hyperbola-avx2 +available' "$list_no_vl" &&
        pass "hiding avx512vl keeps avx2" || fail "hiding avx512vl keeps avx2"
fi
if quiet_grep -E '^dumb7fill-avx512 +available' "$scratch/list"; then
    grep -qE '^dumb7fill-avx512 +unavailable' "$list_no_vl" &&
        pass "hiding avx512vl hides AVX-512" || fail "hiding avx512vl hides AVX-512"
fi
if quiet_grep -E '^obstruction-lanes +available' "$scratch/list"; then
    quiet_grep -E '^obstruction-lanes +unavailable \(this CPU lacks [^)]*avx512cd\)' "$(list_hiding avx512)" &&
        pass "hiding avx512 hides avx512cd" || fail "hiding avx512 hides avx512cd"
fi
if quiet_grep -E '^magic-lanes +available' "$scratch/list"; then
    quiet_grep -E '^magic-lanes +unavailable \(this CPU lacks [^)]*avx512dq\)' "$(list_hiding avx512f)" &&
        pass "hiding avx512f hides avx512dq" || fail "hiding avx512f hides avx512dq"
fi

# binary-neural-network's BITALG formulation: hidden, the CPU lacks it,
# and the technique runs its AVX2 one, verified.
bitalg_list=$(list_hiding avx512bitalg)
if quiet_grep -E '^binary-neural-network:bitalg +formulation of binary-neural-network +unavailable \(this CPU lacks ([a-z0-9]+ )*avx512bitalg\)' "$bitalg_list"; then
    pass "hiding avx512bitalg makes binary-neural-network:bitalg unavailable"
else
    fail "hiding avx512bitalg makes binary-neural-network:bitalg unavailable"
fi
if quiet_grep -E '^binary-neural-network:avx2 +formulation of binary-neural-network +available' "$bitalg_list"; then
    quiet_grep -E '^binary-neural-network +available.*note: AVX2 path' "$bitalg_list" &&
        pass "hiding avx512bitalg: binary-neural-network runs its AVX2 path" ||
        fail "hiding avx512bitalg: binary-neural-network runs its AVX2 path"
    if ATTACKBENCH_HIDE_FEATURES="avx512bitalg" "$program" --verify-only --verify-boards=30000 --method=binary-neural-network \
        >/dev/null 2>"$scratch/err"; then
        pass "verify binary-neural-network without BITALG"
    else
        fail "verify binary-neural-network without BITALG ($(head -c 300 "$scratch/err"))"
    fi
fi

# ray-permutation needs VPERMB (AVX-512 VBMI): hidden, or hidden with
# AVX-512 F, the CPU lacks it and --list says so.
if quiet_grep -E '^ray-permutation +available' "$scratch/list"; then
    quiet_grep -E '^ray-permutation +unavailable \(this CPU lacks ([a-z0-9]+ )*avx512vbmi\)' "$(list_hiding avx512vbmi)" &&
        pass "hiding avx512vbmi makes ray-permutation unavailable" ||
        fail "hiding avx512vbmi makes ray-permutation unavailable"
    quiet_grep -E '^ray-permutation +unavailable \(this CPU lacks [^)]*avx512vbmi' "$(list_hiding avx512f)" &&
        pass "hiding avx512f hides avx512vbmi" || fail "hiding avx512f hides avx512vbmi"
fi

# hyperbola-gfni has two paths; the exhaustive verification in run.sh
# checks the one this CPU gets, this checks the other where it can run.
# The fixed formulations' list: the measured choice between them (evex or
# vex) can take either on a busy machine.
if quiet_grep -E '^hyperbola-gfni +available.*note: EVEX' "$(list_hiding "")"; then
    for hidden in avx512vl avx512bw; do
        grep -qE '^hyperbola-gfni +available.*note: VEX' "$(list_hiding "$hidden")" &&
            pass "hiding $hidden selects the VEX path of hyperbola-gfni" ||
            fail "hiding $hidden selects the VEX path of hyperbola-gfni"
    done
    if ATTACKBENCH_HIDE_FEATURES="avx512vl" "$program" --verify-only --verify-boards=30000 --method=hyperbola-gfni >/dev/null 2>"$scratch/err"
    then
        pass "verify hyperbola-gfni, VEX path"
    else
        fail "verify hyperbola-gfni, VEX path ($(head -c 300 "$scratch/err"))"
    fi
else
    skip "hyperbola-gfni's VEX path beside its EVEX one: this CPU lacks AVX-512VL/BW or GFNI"
fi

# Microcoded instructions: on a CPU of AMD family 23 (named through
# ATTACKBENCH_SLOW_INSTRUCTIONS_CPU), --list and the benchmark's table
# warn for the backends that rely on PEXT or PDEP, and for no other.
if [ "$x86_build" = 1 ] && quiet_grep -E '^pext +available' "$scratch/list"; then
    ATTACKBENCH_SLOW_INSTRUCTIONS_CPU="AuthenticAMD 23 1" "$program" --list --formulation=fixed >"$scratch/list-zen1"
    warned=$(grep -E 'warning: PE(XT|DEP)' "$scratch/list-zen1" | awk '{print $1}' | sort | tr '\n' ' ')
    [ "$warned" = "binary-neural-network pext pext-pdep split-pext titboard titboard-compact " ] &&
        pass "--list warns of microcoded PEXT for exactly the PEXT backends" ||
        fail "--list warns of microcoded PEXT for exactly the PEXT backends (got: $warned)"
    ATTACKBENCH_SLOW_INSTRUCTIONS_CPU="AuthenticAMD 25 17" "$program" --list --formulation=fixed | quiet_grep 'microcoded' &&
        fail "--list warns of microcoded PEXT on a Zen 4" || pass "--list warns of microcoded PEXT only where it is"
    ATTACKBENCH_SLOW_INSTRUCTIONS_CPU="AuthenticAMD 23 1" "$program" -m pext-pdep,magic-black -w random -p rook \
        -r 1 -c 1000 2>/dev/null | quiet_grep -E '^  pext-pdep: PEXT and PDEP are microcoded on this CPU \(AMD family 23' &&
        pass "the table names the microcoded instructions under the group" ||
        fail "the table names the microcoded instructions under the group"
fi

# binary-neural-network has an AVX2 path and a portable one (SWAR, software
# PEXT/PDEP); run.sh verifies the one this CPU gets, this the portable one.
if quiet_grep -E '^binary-neural-network +available.*note: AVX2 path' "$scratch/list"; then
    grep -qE '^binary-neural-network +available.*note: portable path' "$(list_hiding avx2)" &&
        pass "hiding avx2 selects the portable path of binary-neural-network" ||
        fail "hiding avx2 selects the portable path of binary-neural-network"
    if ATTACKBENCH_HIDE_FEATURES="avx2" "$program" --verify-only --verify-boards=30000 --method=binary-neural-network >/dev/null 2>"$scratch/err"
    then
        pass "verify binary-neural-network, portable path"
    else
        fail "verify binary-neural-network, portable path ($(head -c 300 "$scratch/err"))"
    fi
fi

# stockfish runs DualMagic where the CPU has AVX2 and Stockfish's fancy
# magic where it lacks it (as Stockfish's builds without AVX2); run.sh
# verifies the first here, this the second.
if quiet_grep -E '^stockfish +available.*note: form: DualMagic' "$scratch/list"; then
    grep -qE '^stockfish +available +table 865280 bytes.*note: form: fancy magic' "$(list_hiding avx2)" &&
        pass "hiding avx2 gives stockfish its fancy magic form" ||
        fail "hiding avx2 gives stockfish its fancy magic form"
    if ATTACKBENCH_HIDE_FEATURES="avx2" "$program" --verify-only --verify-boards=30000 --method=stockfish >/dev/null 2>"$scratch/err"; then
        pass "verify stockfish, fancy magic form"
    else
        fail "verify stockfish, fancy magic form ($(head -c 300 "$scratch/err"))"
    fi
fi
