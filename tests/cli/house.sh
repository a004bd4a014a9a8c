#!/usr/bin/env bash
# The source tree keeps the dependency rule of docs/architecture.md
# (tests/layers.sh), and the check does fail on a breach.
source "$(dirname "$0")/../lib/tap.bash"

if layer_output=$(sh "$here/layers.sh" "$here/.." 2>&1); then
    pass "every include follows the dependency rule"
else
    fail "every include follows the dependency rule: $layer_output"
fi

# A mock tree with one breach of each kind the rule names.
mock="$scratch/house"
mkdir -p "$mock/src/base" "$mock/src/chess" "$mock/src/cli" "$mock/include/attackbench"
printf '#include "chess/board.h"\n' >"$mock/src/base/bits.h"
printf '#include "cli/options.h"\n' >"$mock/src/chess/board.h"
printf '#include "chess/board.h"\n' >"$mock/src/cli/options.h"
printf '#include "b.h"\n' >"$mock/src/cli/a.h"
printf '#include "a.h"\n' >"$mock/src/cli/b.h"
printf 'int x;\n' >"$mock/src/loose.c"
printf '#include "bits.h"\n' >"$mock/src/chess/moved.c"
# A declaration over two lines whose definition is in another folder, one
# defined nowhere; a static one and a definition at home are no breach.
printf '/* perft(); */\nint perft_command(int argc,\n                  char **argv);\nvoid lost(void);\n' >"$mock/src/chess/perft.h"
printf 'static inline int quick(void);\nlong perft(int depth);\n#define HOOK static\nHOOK int hook(void);\n' >>"$mock/src/chess/perft.h"
printf 'long perft(int depth)\n{\n    return depth ? 1 : 0;\n}\n' >"$mock/src/chess/perft.c"
printf 'int perft_command(int argc, char **argv)\n{\n    return argc && argv ? 0 : 2;\n}\n' >"$mock/src/cli/perft_command.c"
mock_output=$(sh "$here/layers.sh" "$mock" 2>&1)
mock_status=$?
[ "$mock_status" -eq 1 ] && pass "the rule check fails on a breach" || fail "the rule check fails on a breach (exit $mock_status)"
for breach in "src/base/bits.h:1: base/ may not include chess/" "src/chess/board.h:1: chess/ may not include cli/" \
    "include loop: src/cli/(a -> src/cli/b -> src/cli/a|b -> src/cli/a -> src/cli/b)" "src/loose.c: in no folder of the rule" \
    'src/chess/moved.c:1: "bits.h" is not in this folder; it is src/base/bits.h: include "base/bits.h"' \
    "src/chess/perft.h:2: perft_command\\(\\) is declared here but defined in src/cli/perft_command.c: declare it in a header of src/cli/" \
    "src/chess/perft.h:4: lost\\(\\) is declared here but defined in no .c file" \
    "layers: 3 folders, [0-9]+ includes, 3 against the rule, 2 include loops, 1 files in no folder, 2 functions declared away from their definition$"; do
    grep -qE "$breach" <<<"$mock_output" && pass "the rule check names: $breach" ||
        fail "the rule check names: $breach (it said: $mock_output)"
done

# checked VARIABLE PROGRAM ARGUMENTS...: a Python check of the tests run
# (run_python: in this shell's one interpreter, not a start of its own in
# a $(...)), its output (both streams) in VARIABLE; its exit status.
checked() {
    local variable=$1 status
    shift
    run_python "$@" >"$scratch/checked" 2>&1
    status=$?
    printf -v "$variable" '%s' "$(<"$scratch/checked")"
    return "$status"
}

# The documentation: every relative link resolves, the README stays a front
# page, and docs/cli.md's table names exactly the options of --help.
if checked link_output "$here/doc_links.py" "$here/.."; then
    pass "every relative link of the Markdown pages resolves"
else
    fail "every relative link of the Markdown pages resolves: $link_output"
fi
if checked reference_output "$here/references.py" "$here/.."; then
    pass "every path a comment or a page names exists"
else
    fail "every path a comment or a page names exists: $reference_output"
fi
mkdir -p "$scratch/references/src/cli"
printf '/* see src/cli/gone.c and registry/nowhere.h */\n' >"$scratch/references/src/cli/here.c"
checked reference_mock "$here/references.py" "$scratch/references"
[ $? -eq 1 ] && grep -q 'src/cli/here.c:1: src/cli/gone.c' <<<"$reference_mock" &&
    grep -q 'registry/nowhere.h' <<<"$reference_mock" && pass "the reference check names a path that names nothing" ||
    fail "the reference check names a path that names nothing (it said: $reference_mock)"
readme_lines=$(wc -l <"$here/../README.md")
[ "$readme_lines" -le 250 ] && pass "README.md is a front page ($readme_lines lines)" ||
    fail "README.md is a front page ($readme_lines lines, at most 250)"
help_options=$("$program" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u)
doc_options=$(grep -E '^\| `' "$here/../docs/cli.md" | sed 's/\\|/\//g' | awk -F'|' '{print $2}' |
    grep -oE -- '--[a-z][a-z-]+' | sort -u)
if [ "$help_options" = "$doc_options" ]; then
    pass "docs/cli.md names the options of --help"
else
    fail "docs/cli.md names the options of --help: $(diff <(echo "$help_options") <(echo "$doc_options") | grep '^[<>]' | tr '\n' ' ')"
fi
# Every --option a page shows in code is one that attackbench or a script
# takes (the check names one that none does).
if checked option_output "$here/doc_options.py" "$here/.."; then
    pass "every --option the pages name in code exists"
else
    fail "every --option the pages name in code exists: $option_output"
fi
mkdir -p "$scratch/options/docs" "$scratch/options/src"
printf 'static const char *names[] = {"count", 0};\n' >"$scratch/options/src/options.c"
printf '# Page\n`--count=instructions` and `--count-instructions`, not code: --gone\n' >"$scratch/options/docs/page.md"
checked option_mock "$here/doc_options.py" "$scratch/options"
[ $? -eq 1 ] && [ "$option_mock" = "docs/page.md:2: --count-instructions" ] &&
    pass "the option check names an option that no program takes" ||
    fail "the option check names an option that no program takes (it said: $option_mock)"
mkdir -p "$scratch/links"
printf '# Page\n[gone](missing.md) [here](#page) [nowhere](#no-such-heading)\n' >"$scratch/links/page.md"
checked link_mock "$here/doc_links.py" "$scratch/links"
[ $? -eq 1 ] && grep -q 'page.md:2: missing.md' <<<"$link_mock" && grep -q '#no-such-heading' <<<"$link_mock" &&
    ! grep -q '#page$' <<<"$link_mock" && pass "the link check names a missing file and a missing heading" ||
    fail "the link check names a missing file and a missing heading (it said: $link_mock)"

# Cross-references in comments and pages (FILE:LINE, "see FILE") point at
# files that exist and lines they have; the check names one that does not.
if checked line_reference_output "$here/cross_references.py" "$top"; then
    pass "every FILE:LINE and 'see FILE' reference points at what exists"
else
    fail "every FILE:LINE and 'see FILE' reference points at what exists: $line_reference_output"
fi
mkdir -p "$scratch/line-references/src/a"
printf '/* see src/a/gone.h, and src/a/b.h:3 */\nint x;\n' >"$scratch/line-references/src/a/b.h"
printf '# Page\nSee `src/a/b.h`; b.h:2 and b.h:9.\n' >"$scratch/line-references/page.md"
checked line_reference_mock "$here/cross_references.py" "$scratch/line-references"
[ $? -eq 1 ] && grep -q 'src/a/b.h:1: src/a/gone.h: no such file' <<<"$line_reference_mock" &&
    grep -q 'page.md:2: b.h:9: the file has fewer lines' <<<"$line_reference_mock" && ! grep -q 'b.h:2:' <<<"$line_reference_mock" &&
    [ "$(wc -l <<<"$line_reference_mock")" -eq 3 ] &&
    pass "the cross-reference check names a missing file and a line past the end" ||
    fail "the cross-reference check names a missing file and a line past the end (it said: $line_reference_mock)"
# A page's section, a function seen and a function in a file point at
# what exists too: a heading, a definition, a file that holds the name.
mkdir -p "$scratch/name-references/src/a" "$scratch/name-references/docs"
printf '# Page\n## Real heading: more\n`here_function()` in src/a/c.c, `lost_function()` in src/a/c.c\n' \
    >"$scratch/name-references/docs/page.md"
printf '/* docs/page.md, "Real heading"; docs/page.md, "Gone heading".\n * see here_function(), see gone_function(), see here_table */\n' \
    >"$scratch/name-references/src/a/c.c"
printf 'int here_table[2];\nint here_function(void)\n{\n    return 0;\n}\n' >>"$scratch/name-references/src/a/c.c"
checked name_reference_mock "$here/cross_references.py" "$scratch/name-references"
[ $? -eq 1 ] && grep -q 'src/a/c.c:1: docs/page.md, "Gone heading": no such heading' <<<"$name_reference_mock" &&
    grep -q 'src/a/c.c:2: see gone_function(): defined nowhere' <<<"$name_reference_mock" &&
    grep -q 'docs/page.md:3: lost_function() in src/a/c.c: src/a/c.c does not name it' <<<"$name_reference_mock" &&
    [ "$(wc -l <<<"$name_reference_mock")" -eq 3 ] &&
    pass "the cross-reference check names a missing heading and a function defined nowhere" ||
    fail "the cross-reference check names a missing heading and a function defined nowhere (it said: $name_reference_mock)"

# make clean removes only what is safe (scripts/platforms/clean.sh): a
# mock tree, a foreign folder and file, an attackbench build outside it.
clean_tree="$scratch/clean/tree"
mkdir -p "$clean_tree/src" "$clean_tree/build" "$scratch/clean/foreign" "$scratch/clean/outside-build"
echo kept >"$scratch/clean/foreign/notes.txt"
echo kept >"$scratch/clean/plain-file"
# Texts that name the project are no build (they were removed).
echo "notes about attackbench" >"$scratch/clean/notes.md"
echo "attackbench build log" >"$scratch/clean/notes.log"
echo 1234567 >"$scratch/clean/outside-build/commit-stamp"
echo kept >"$clean_tree/src/main.c"
clean_script="$here/../scripts/platforms/clean.sh"
for refused in "$scratch/clean|this tree or a folder above it" "$clean_tree|this tree or a folder above it" \
    "/|this tree or a folder above it" "$clean_tree/src|in the tree's src folder" \
    "$scratch/clean/foreign|a folder outside the tree that holds no attackbench build (no commit-stamp)" \
    "$scratch/clean/plain-file|a file outside the tree that is no attackbench program" \
    "$scratch/clean/notes.md|a file outside the tree that is no attackbench program" \
    "$scratch/clean/notes.log|a file outside the tree that is no attackbench program"; do
    path=${refused%%|*}
    expect_error "make clean refuses ${path#"$scratch"/}" "make clean: $path: ${refused#*|}: nothing removed" \
        sh "$clean_script" "$clean_tree" "src docs" "$clean_tree/build" "$path"
done
[ -f "$scratch/clean/foreign/notes.txt" ] && [ -f "$scratch/clean/plain-file" ] && [ -f "$clean_tree/src/main.c" ] &&
    [ -f "$scratch/clean/notes.md" ] && [ -f "$scratch/clean/notes.log" ] &&
    [ -d "$clean_tree/build" ] && pass "make clean's refusals remove nothing, the build folder beside them included" ||
    fail "make clean's refusals remove nothing, the build folder beside them included"
echo log >"$scratch/clean/outside-build.log"
# A program: an ELF file that names attackbench (an emulated build's
# program is a wrapper script, so one is made).
printf '\177ELF attackbench\n' >"$scratch/clean/outside-program"
if sh "$clean_script" "$clean_tree" "src docs" "$clean_tree/build" "$scratch/clean/outside-build" "$scratch/clean/absent" \
    "$scratch/clean/outside-build.log" "$scratch/clean/outside-program" &&
    [ ! -e "$clean_tree/build" ] && [ ! -e "$scratch/clean/outside-build" ] &&
    [ ! -e "$scratch/clean/outside-build.log" ] && [ ! -e "$scratch/clean/outside-program" ]; then
    pass "make clean removes the tree's build folder and an attackbench build, its log and a program outside it"
else
    fail "make clean removes the tree's build folder and an attackbench build, its log and a program outside it"
fi
# In a git tree, nothing git tracks (README.md, a folder of tracked files
# that is no source folder); at the top, no file but a program or a log.
git_tree="$scratch/clean/git-tree"
mkdir -p "$git_tree/pages" "$git_tree/build"
echo kept >"$git_tree/README.md"
echo kept >"$git_tree/pages/index.html"
echo kept >"$git_tree/notes.txt"
cp /bin/true "$git_tree/attackbench"
if git -C "$git_tree" init -q 2>/dev/null && git -C "$git_tree" add README.md pages/index.html 2>/dev/null; then
    for refused in "$git_tree/README.md|it holds files of the tree's own (git ls-files)" \
        "$git_tree/pages|it holds files of the tree's own (git ls-files)" \
        "$git_tree/pages/index.html|it holds files of the tree's own (git ls-files)" \
        "$git_tree/notes.txt|a file of the tree's top folder that is no program nor log"; do
        path=${refused%%|*}
        expect_error "make clean refuses ${path#"$scratch"/}" "make clean: $path: ${refused#*|}: nothing removed" \
            sh "$clean_script" "$git_tree" "src" "$git_tree/build" "$path"
    done
    if [ -f "$git_tree/README.md" ] && [ -f "$git_tree/pages/index.html" ] && [ -f "$git_tree/notes.txt" ] &&
        sh "$clean_script" "$git_tree" "src" "$git_tree/build" "$git_tree/attackbench" &&
        [ ! -e "$git_tree/build" ] && [ ! -e "$git_tree/attackbench" ] && [ -f "$git_tree/README.md" ]; then
        pass "make clean keeps the tracked and top-level files and removes the build and the program"
    else
        fail "make clean keeps the tracked and top-level files and removes the build and the program"
    fi
else
    skip "make clean in a git tree: git cannot make a repository here"
fi
# A PROGRAM naming a file of the tree's own is refused before make reads
# a rule.  Tested with make -n and no makefile named: make rebuilds a
# makefile named so even under -n, and a regression would link over the
# tree's own (the Makefile itself, as the old one did here).
for program in PROGRAM=README.md PROGRAM=src/main.c PROGRAM=results/README.md CLANG_PROGRAM=web/index.html; do
    expect_error "make refuses $program" "${program} names a file of the tree's own: the link would write over it" \
        make -s --no-print-directory -n -C "$here/.." help "$program"
done
grep -q 'scripts/platforms/clean.sh' "$here/../Makefile" && pass "make clean goes through scripts/platforms/clean.sh" ||
    fail "make clean goes through scripts/platforms/clean.sh"

# make fuzz: a FUZZ_SECONDS libFuzzer would read as no limit (0, empty, not
# a number) is refused before anything is built (it fuzzed forever).
for seconds in 0 "" abc 1e3 12345678; do
    expect_error "make fuzz refuses FUZZ_SECONDS='$seconds'" \
        "make fuzz: FUZZ_SECONDS=$seconds: expected a whole number of seconds from 1 to 9999999" \
        timeout 20 make -s -C "$here/.." fuzz FUZZ_SECONDS="$seconds" FUZZ_BUILD="$scratch/fuzz-build"
done
[ ! -e "$scratch/fuzz-build" ] && pass "make fuzz's refusals build nothing" || fail "make fuzz's refusals build nothing"
