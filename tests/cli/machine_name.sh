#!/usr/bin/env bash
# One name for the machine: --version's "cpu:" line, the CSV and JSON cpu
# column and the context line give the same name, and /proc/cpuinfo's model
# name (which a hypervisor may set to another name than the CPU's brand
# string) changes none of them.
source "$(dirname "$0")/../lib/tap.bash"

"$program" --version >"$scratch/version"
brand=$(sed -n 's/^cpu: //p' "$scratch/version")
identity=$(sed -n 's/^cpu identity: //p' "$scratch/version")
[ -n "$brand" ] && pass "--version names the CPU (cpu: $brand)" || fail "--version names the CPU ($(cat "$scratch/version"))"
[[ $identity =~ ^[^\ ]+\ family\ [0-9]+\ model\ [0-9]+$ ]] &&
    pass "--version gives vendor, family and model ($identity)" || fail "--version gives vendor, family and model ($identity)"

# names_agree LABEL ENV...: one tiny run writes CSV and JSON; each names
# the machine as --version did, and so does the context line.
names_agree() {
    local label=$1
    shift
    env "$@" "$program" -m null -w random -p rook --dispatch=call --reps=3 --calls=1000 \
        --csv="$scratch/run.csv" --json="$scratch/run.json" >/dev/null 2>"$scratch/context" ||
        { fail "$label: the run ($(head -c 300 "$scratch/context"))"; return; }
    env "$@" "$program" --version | sed -n 's/^cpu: //p' >"$scratch/version-brand"
    local csv_cpu json_cpu
    csv_cpu=$(csv_column cpu <"$scratch/run.csv" | sort -u)
    json_cpu=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["context"]["cpu"])' "$scratch/run.json" 2>&1)
    [ "$csv_cpu" = "$brand" ] && pass "$label: the CSV names the CPU as --version does" ||
        fail "$label: the CSV names the CPU as --version does (csv: $csv_cpu; version: $brand)"
    [ "$json_cpu" = "$brand" ] && pass "$label: the JSON names the CPU as --version does" ||
        fail "$label: the JSON names the CPU as --version does (json: $json_cpu; version: $brand)"
    grep -qF -- ": $brand;" "$scratch/context" && pass "$label: the context line names the CPU as --version does" ||
        fail "$label: the context line names the CPU as --version does ($(head -c 300 "$scratch/context"))"
    [ "$(cat "$scratch/version-brand")" = "$brand" ] && pass "$label: --version's name is the same" ||
        fail "$label: --version's name is the same ($(cat "$scratch/version-brand"))"
}

names_agree "the real system"

# A system whose /proc/cpuinfo gives another model name than the brand, as
# on guests where the hypervisor names the CPU one way and CPUID another.
fake_root="$scratch/root"
mkdir -p "$fake_root/proc"
other_name="Planted Model Name $$ Not The Brand"
{
    sed 's/^model name[[:space:]]*:.*$/model name\t: '"$other_name"'/' /proc/cpuinfo 2>/dev/null ||
        printf 'processor\t: 0\nmodel name\t: %s\n' "$other_name"
} >"$fake_root/proc/cpuinfo"
grep -q "^model name" "$fake_root/proc/cpuinfo" || printf 'model name\t: %s\n' "$other_name" >>"$fake_root/proc/cpuinfo"
names_agree "cpuinfo's model name differs from the brand" ATTACKBENCH_SYSTEM_ROOT="$fake_root"
if grep -qF "$other_name" "$scratch/run.csv" "$scratch/run.json" "$scratch/context"; then
    fail "the planted model name appears in no output"
else
    pass "the planted model name appears in no output"
fi
