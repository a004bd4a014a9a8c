#!/usr/bin/env bash
# Numbers are written with '.' whatever locale a plugin sets (issue 33,
# item 16): a plugin switches the process to a decimal-comma locale as it
# loads; the CSV, the JSON and the table must not change.  The locale is
# one the system has (de_DE, fr_FR, ...), or one built with localedef into
# $scratch (Debian: the locales package's sources; libc-bin's localedef).
source "$(dirname "$0")/../lib/tap.bash"

# comma_locale: prints a locale name whose decimal point is a comma
# (setting LOCPATH when it is built here), or nothing.
comma_locale() {
    local name
    for name in de_DE.UTF-8 de_DE.utf8 fr_FR.UTF-8 fr_FR.utf8 de_DE; do
        if [ "$(LC_ALL=$name python3 -c 'import locale; locale.setlocale(locale.LC_ALL, ""); print(locale.localeconv()["decimal_point"])' 2>/dev/null)" = "," ]; then
            echo "$name"
            return
        fi
    done
    if command -v localedef >/dev/null 2>&1 && [ -e /usr/share/i18n/locales/de_DE ]; then
        mkdir -p "$scratch/locales"
        localedef -i de_DE -f ISO-8859-1 "$scratch/locales/de_DE" >/dev/null 2>&1
        if [ "$(LOCPATH="$scratch/locales" LC_ALL=de_DE python3 -c 'import locale; locale.setlocale(locale.LC_ALL, ""); print(locale.localeconv()["decimal_point"])' 2>/dev/null)" = "," ]; then
            echo "de_DE locales"
        fi
    fi
}

locale_test="numbers are written with '.' under a plugin's decimal-comma locale"
if [ "$plugin_build" = 0 ]; then
    skip "$locale_test: this attackbench is linked statically and cannot load plugins"
elif ! "${CC:-cc}" -std=c99 -O2 -shared -fPIC -Wall -Wextra -Werror -I"$here/../include" -I"$here/plugins" \
    "$here/plugins/set_locale.c" -o "$scratch/set_locale.so" 2>"$scratch/err"; then
    fail "$locale_test (the plugin does not build: $(head -c 300 "$scratch/err"))"
else
    read -r locale_name locale_path <<<"$(comma_locale)"
    if [ -z "$locale_name" ]; then
        skip "$locale_test: no decimal-comma locale on this system, and none could be built (Debian: apt-get install locales)"
    else
        [ -n "$locale_path" ] && export LOCPATH="$scratch/$locale_path"
        ATTACKBENCH_TEST_LOCALE=$locale_name "$program" --plugin="$scratch/set_locale.so" -m "set-locale,$lookup" \
            --workload=random --piece=rook --reps=3 --calls=2000 --queries=1000 --csv="$scratch/locale.csv" \
            --json="$scratch/locale.json" >"$scratch/out" 2>"$scratch/err"
        status=$?
        unset LOCPATH
        # Every number column of the CSV parses as a Python float, the JSON
        # loads, and the table's figures have a point.
        if [ "$status" -eq 0 ] && run_python - "$scratch/locale.csv" "$scratch/locale.json" <<'PYTHON' &&
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 6, len(rows)
for row in rows:
    for name in ("ns_per_query_median", "mlookups_per_s", "tsc_ghz", "init_ms"):
        if row[name]:
            float(row[name])
    for sample in row["samples_ns"].split():
        float(sample)
document = json.load(open(sys.argv[2]))
assert len(document["results"]) == 6
PYTHON
            grep -Eq '^  set-locale +[0-9]+\.[0-9]{3} ' "$scratch/out" && grep -Eq '^timer: [A-Za-z_]+ at [0-9]+\.[0-9]+ [MG]Hz|^timer: clock' "$scratch/err"; then
            pass "$locale_test ($locale_name)"
        else
            fail "$locale_test ($locale_name; exit $status: $(head -c 300 "$scratch/err"))"
        fi
    fi
fi
