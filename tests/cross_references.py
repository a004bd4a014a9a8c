#!/usr/bin/env python3
"""Every cross-reference of a comment or a document points at what
exists: FILE:LINE (the file has that line) and "see FILE" in the C
sources, headers, scripts, the Makefile and the Markdown pages.  A name with a folder is
taken from the top of the repository (or the referring file's folder); a
bare name (cpu.h) must be some file's name in the tree.  Beyond files:
a page's section, PAGE.md, "Heading", is a heading of that page; a
function, "see NAME()" or "see NAME" (a name with an underscore), is
defined in the tree, and "NAME() in FILE" names a FILE that holds it.
usage: tests/cross_references.py [-v] [TOP]; prints FILE:LINE: REFERENCE for
each that points nowhere, exit 1 when there is one."""
import functools
import os
import re
import subprocess
import sys

EXTENSIONS = "c|h|md|sh|py|txt|csv|fen|epd|json|yml|awk|cpp"
REFERENCE = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w.-]+\.(?:%s))(?::(\d+)(?:-(\d+))?)?(?![\w/])" % EXTENSIONS)


def tracked_files(top):
    """git's files, or every file outside a checkout."""
    run = subprocess.run(["git", "-C", top, "ls-files"], capture_output=True, text=True)
    if run.returncode == 0 and os.path.exists(os.path.join(top, ".git")):
        return [line for line in run.stdout.splitlines() if line]
    return sorted(os.path.relpath(os.path.join(folder, name), top)
                  for folder, _, names in os.walk(top) for name in names)


def comment_text(path, text):
    """The parts of a file that are prose: all of a Markdown page, the
    comments of C and shell files."""
    if path.endswith(".md"):
        return text
    lines = []
    if path.endswith((".c", ".h", ".cpp")):
        for match in re.finditer(r"/\*.*?\*/|//[^\n]*", text, re.S):
            start = text.count("\n", 0, match.start())
            for offset, line in enumerate(match.group(0).split("\n")):
                lines.append((start + offset, line))
    else:
        for number, line in enumerate(text.split("\n")):
            comment = re.search(r"(?:^|\s)#(?:\s|$)", line)
            if comment:
                lines.append((number, line[comment.start():]))
    result = [""] * (text.count("\n") + 1)
    for number, line in lines:
        result[number] += line
    return "\n".join(result)


SECTION = re.compile(r'^,?\s+"([^"]+)"')
SEE_NAME = re.compile(r"\b[Ss]ee:?\s+`?([A-Za-z_]\w*)(\(\))?(?![\w.(])")
# Matched on a whole file (multiline), its spaces never a newline: the
# same names as line by line, in one call a file instead of one a line.
DEFINITION = re.compile(r"^[^\S\n]*#[^\S\n]*define[^\S\n]+(\w+)|^[^\S\n]*(?:def|class)[^\S\n]+(\w+)"
                        r"|(?:struct|enum)[^\S\n]+(\w+)", re.M)
# A name before "(", or before "=" or ";" (past any "[...]"); never tried
# from inside a word, where it would fail as it did from the word's start.
CALLED = re.compile(r"(?<![A-Za-z_])([A-Za-z_]\w*)\s*\(")
ASSIGNED = re.compile(r"(?<![A-Za-z_])([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*[=;]")
NAME_IN_FILE = re.compile(r"`?([A-Za-z_]\w*)\(\)`? in `?((?:[\w.-]+/)*[\w.-]+\.(?:c|h|py))\b")


@functools.lru_cache(maxsize=None)
def headings(path):
    """The headings of a Markdown page, without their #s (read once)."""
    text = open(path, encoding="utf-8", errors="replace").read()
    return {match.group(1).strip() for match in re.finditer(r"^#+\s+(.*?)\s*#*$", text, re.M)}


@functools.lru_cache(maxsize=None)
def line_count(path):
    """The newlines of a file (read once)."""
    return open(path, encoding="utf-8", errors="replace").read().count("\n")


def defined_names(top, files):
    """Every name the sources define: in a C file, each name before a "("
    or that a declaration ends with on a line that starts in the first
    column (a function, a table), each macro, struct and enum; in Python,
    each def and class; in a shell script, each NAME()."""
    names = set()
    for path in files:
        if not re.search(r"\.(c|h|py|sh)$|^scripts/(\w+/)?[\w-]+$", path):
            continue
        try:
            text = open(os.path.join(top, path), encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        for line in text.split("\n"):
            if re.match(r"[A-Za-z_]", line):
                names.update(CALLED.findall(line))
                names.update(ASSIGNED.findall(line))
        for groups in DEFINITION.findall(text):
            names.update(group for group in groups if group)
    return names


def check_names(path, number, line, top, files, existing, defined):
    """The function and section references of one line: the problems."""
    problems = []
    # Each pattern needs its text ("[Ss]ee", "()"): most lines have neither.
    for match in SEE_NAME.finditer(line) if "ee" in line else ():
        name, call = match.group(1), match.group(2)
        if (call or "_" in name) and name not in defined:
            problems.append(f"{path}:{number}: see {name}{call or ''}: defined nowhere in the tree")
    for match in NAME_IN_FILE.finditer(line) if "()" in line else ():
        name, named = match.group(1), match.group(2)
        holders = [f for f in files if f == named or f.endswith("/" + named)]
        texts = [open(os.path.join(top, f), encoding="utf-8", errors="replace").read() for f in holders]
        if holders and not any(re.search(r"\b%s\b" % re.escape(name), text) for text in texts):
            problems.append(f"{path}:{number}: {name}() in {named}: {named} does not name it")
    return problems


def check_section(path, number, match, line, top, candidates):
    """PAGE.md, "Heading": the problem, or None."""
    section = SECTION.match(line[match.end():])
    if not section or not match.group(1).endswith(".md") or not candidates:
        return None
    wanted = section.group(1)
    if any(heading.startswith(wanted) for c in candidates for heading in headings(os.path.join(top, c))):
        return None
    return f'{path}:{number}: {match.group(1)}, "{section.group(1)}": no such heading'


def main():
    arguments = [argument for argument in sys.argv[1:] if argument != "-v"]
    top = os.path.abspath(arguments[0] if arguments else ".")
    files = tracked_files(top)
    by_name = {}  # a bare name's files, in the order of files
    for path in files:
        by_name.setdefault(os.path.basename(path), []).append(path)
    existing = set(files)
    defined = defined_names(top, files)
    bad = checked = 0
    for path in files:
        if not re.search(r"\.(c|h|cpp|md|sh|py)$|^Makefile$|/Makefile$|^mk/[\w-]+\.mk$|^scripts/(\w+/)?[\w-]+$|^\.ci/run$", path):
            continue
        if path.startswith(("tests/data/", "tests/bad-input/", "src/generated/")):
            continue
        try:
            text = open(os.path.join(top, path), encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        prose = comment_text(path, text)
        for number, line in enumerate(prose.split("\n"), 1):
            if not line:
                continue  # most lines of a C file's prose: no comment
            for problem in check_names(path, number, line, top, files, existing, defined):
                print(problem)
                bad += 1
            for match in REFERENCE.finditer(line):
                name, first = match.group(1), match.group(2)
                before = line[:match.start()]
                seen = first or re.search(r"\b[Ss]ee:?\s+[`(\[]*$", before)
                if not seen and not SECTION.match(line[match.end():]):
                    continue
                if "/" in name:
                    here = os.path.normpath(os.path.join(os.path.dirname(path), name))
                    candidates = [c for c in (name.lstrip("./"), here) if c in existing]
                    if not candidates:
                        candidates = [f for f in files if f.endswith("/" + name)]
                else:
                    candidates = by_name.get(name, [])
                if not seen and not candidates:
                    continue  # a section of another project's page
                checked += 1
                if not candidates:
                    print(f"{path}:{number}: {match.group(0)}: no such file")
                    bad += 1
                    continue
                problem = check_section(path, number, match, line, top, candidates)
                if problem:
                    print(problem)
                    bad += 1
                if first:
                    last = int(match.group(3) or first)
                    lengths = [line_count(os.path.join(top, c)) for c in candidates]
                    if all(last > length for length in lengths):
                        print(f"{path}:{number}: {match.group(0)}: the file has fewer lines")
                        bad += 1
    if "-v" in sys.argv:
        print(f"{checked} references checked, {bad} point nowhere")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
