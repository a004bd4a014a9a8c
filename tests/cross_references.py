#!/usr/bin/env python3
"""Every cross-reference of a comment or a document points at what
exists: FILE:LINE (the file has that line) and "see FILE" in the C
sources, headers, scripts, the Makefile and the Markdown pages.  A name with a folder is
taken from the top of the repository (or the referring file's folder); a
bare name (cpu.h) must be some file's name in the tree.
usage: tests/cross_references.py [-v] [TOP]; prints FILE:LINE: REFERENCE for
each that points nowhere, exit 1 when there is one."""
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


def main():
    arguments = [argument for argument in sys.argv[1:] if argument != "-v"]
    top = os.path.abspath(arguments[0] if arguments else ".")
    files = tracked_files(top)
    names = {os.path.basename(path) for path in files}
    existing = set(files)
    bad = checked = 0
    for path in files:
        if not re.search(r"\.(c|h|cpp|md|sh|py)$|^Makefile$|/Makefile$|^scripts/[\w-]+$|^\.ci/run$", path):
            continue
        if path.startswith(("tests/data/", "tests/bad-input/", "src/generated/")):
            continue
        try:
            text = open(os.path.join(top, path), encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        prose = comment_text(path, text)
        for number, line in enumerate(prose.split("\n"), 1):
            for match in REFERENCE.finditer(line):
                name, first = match.group(1), match.group(2)
                before = line[:match.start()]
                if not first and not re.search(r"\b[Ss]ee:?\s+[`(\[]*$", before):
                    continue
                if "/" in name:
                    here = os.path.normpath(os.path.join(os.path.dirname(path), name))
                    candidates = [c for c in (name.lstrip("./"), here) if c in existing]
                    if not candidates:
                        candidates = [f for f in files if f.endswith("/" + name)]
                else:
                    candidates = [f for f in files if os.path.basename(f) == name] if name in names else []
                checked += 1
                if not candidates:
                    print(f"{path}:{number}: {match.group(0)}: no such file")
                    bad += 1
                    continue
                if first:
                    last = int(match.group(3) or first)
                    lengths = [open(os.path.join(top, c), encoding="utf-8", errors="replace").read().count("\n")
                               for c in candidates]
                    if all(last > length for length in lengths):
                        print(f"{path}:{number}: {match.group(0)}: the file has fewer lines")
                        bad += 1
    if "-v" in sys.argv:
        print(f"{checked} references checked, {bad} point nowhere")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
