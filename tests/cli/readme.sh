#!/usr/bin/env bash
# The catalogue (docs/techniques.md) names every backend, with the table bytes
# that --list reports.
source "$(dirname "$0")/../lib/tap.bash"

readme="$here/../docs/techniques.md"
# wasm32's pointers are 4 bytes: tables of pointers are smaller there.
readme_sizes=yes
on_native "docs/techniques.md table bytes" "4-byte pointers (wasm32), so pointer tables differ from the catalogue's" ||
    readme_sizes=no
# One awk reads the catalogue's rows and the list (a process per backend
# cost about 5 s of CPU on a 2-vCPU guest).
while IFS=$'\t' read -r verdict text; do
    "$verdict" "$text"
done < <(awk -v sizes="$readme_sizes" '
    FNR == NR {
        if ($0 ~ /^# The techniques/) { inside = 1; next }
        if (inside && /^# /) inside = 0
        if (inside && match($0, /^\| `[a-z0-9-]+` \|/)) {
            name = substr($0, 4, RLENGTH - 6)
            split($0, cells, "|")
            if (!(name in catalogue)) catalogue[name] = cells[4] # the catalogue table comes first
        }
        next
    }
    $0 ~ /^[a-z0-9-]+ +(available|unavailable)/ && $2 == "available" {
        name = $1; bytes = $4
        if (!(name in catalogue)) { print "fail\tdocs/techniques.md lists " name; next }
        if (sizes != "yes") next
        # The cell may give one size per code path ("4,096 with AVX-512 CD
        # and VL; 3,072 without"): --list'"'"'s must be one of them.
        count = split(catalogue[name], parts, ";"); found = 0; given = ""
        for (i = 1; i <= count; i++) {
            part = parts[i]; sub(/^ */, "", part)
            if (!match(part, /^[0-9][0-9,]*/)) continue
            size = substr(part, 1, RLENGTH); gsub(/,/, "", size)
            given = given size " "
            if (size == bytes) found = 1
        }
        if (found) print "pass\tdocs/techniques.md table bytes of " name
        else print "fail\tdocs/techniques.md table bytes of " name " (" given ", --list says " bytes ")"
    }' "$readme" "$scratch/list")

# README.md's sample table: its table column is what --list says of each
# method (sizes do not depend on the machine; 1 KB = 1024 bytes).
if [ "$readme_sizes" = yes ]; then
    sample=$(awk '
        FNR == NR {
            if ($0 ~ /^## What it prints/) inside = 1
            else if (inside && /^## /) inside = 0
            if (inside && /^  [a-z0-9-]+ +[0-9.]+ +[0-9.]+ /) {
                table = $8; if (NF == 10) table = $8 " " $9
                shown[$1] = table
            }
            next
        }
        $2 == "available" && ($1 in shown) {
            bytes = $4
            want = bytes == 0 ? "0" : sprintf("%.1f KB", bytes / 1024)
            if (shown[$1] != want) printf "%s shows %s, --list %s; ", $1, shown[$1], want
            checked++
        }
        END { if (!checked) print "no sample row found" }' "$here/../README.md" "$scratch/list")
    [ -z "$sample" ] && pass "README.md's sample table sizes agree with --list" ||
        fail "README.md's sample table sizes agree with --list ($sample)"
fi

# docs/cli.md names every ATTACKBENCH_HIDE_FEATURES name the tool takes,
# and no other (it left out sve2, sve2-bitperm and simd128, which every
# build takes): the tool's "known:" list of a refused name against the
# names in backquotes between "shows under needs:" and "hiding one".
known=$(ATTACKBENCH_HIDE_FEATURES=no-such-feature "$program" --version 2>&1 | sed -n 's/.*(known: \(.*\))$/\1/p' |
    tr ' ' '\n' | sort)
documented=$(python3 - "$here/../docs/cli.md" <<'PYTHON'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read().replace("\n", " ")
start = text.index("shows under needs:")
part = text[start:text.index("hiding one", start)]
names = set()
for span in re.findall(r"`([^`]*)`", part):
    if re.fullmatch(r"[a-z0-9-]+( [a-z0-9-]+)*", span):
        names.update(span.split())
print("\n".join(sorted(names)))
PYTHON
)
[ -n "$known" ] && [ "$known" = "$documented" ] &&
    pass "docs/cli.md names every ATTACKBENCH_HIDE_FEATURES name the tool takes" ||
    fail "docs/cli.md's ATTACKBENCH_HIDE_FEATURES names: $(comm -3 <(echo "$known") <(echo "$documented") | tr '\n\t' ' _')"

# README.md gives make test's time, not a count of tests that goes stale
# as the suite grows (it said 1207 when the suite had 1619).
stale_count=$(tr '\n' ' ' <"$here/../README.md" | grep -oE '[0-9]+ tests: [0-9]+ +passed')
if [ -n "$stale_count" ]; then
    fail "README.md names no count of tests ($stale_count)"
else
    pass "README.md names no count of tests"
fi
