#!/usr/bin/env python3
"""references.py [TOP]: every path a comment or a page names exists.

Scans the C sources and headers (src/, include/, tests/, scripts/) and the
Markdown pages for paths from the top of the tree (src/cli/options.c,
docs/cli.md) and for src-relative ones (registry/contract.h), and prints
FILE:LINE: PATH for each that names nothing; exits 1 when there is one.
A placeholder (an upper-case ID, FILE or NAME, a my_ name) and a path in
the reader's own project (src/attacks.c in an engine) are not checked.
"""
import pathlib
import re
import sys

TOP_FOLDERS = "src|include|docs|scripts|tests|examples|data|mk"
SOURCE_FOLDERS = ("cli|engine_view|results|verify|measure|chess|registry|backends|building_blocks|generated|platform|base"
                  "|attackbench")
FROM_TOP = re.compile(r"(?<![\w/.$-])((?:%s)/[A-Za-z0-9_./-]*[A-Za-z0-9_])" % TOP_FOLDERS)
FROM_SRC = re.compile(r"(?<![\w/.$-])((?:%s)/[a-z0-9_]+\.[ch])\b" % SOURCE_FOLDERS)
PLACEHOLDER = re.compile(r"[A-Z]{2,}|my_|/name\.|/\*|\.\.\.")
READERS_OWN = {"src/attacks.c", "src/attackbench_plugin.c"}


def candidates(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    source = path.suffix in (".c", ".h")
    for number, line in enumerate(text.splitlines(), 1):
        # Both patterns name a folder: a line without "/" has no path.
        if "/" not in line or source and line.lstrip().startswith("#include"):
            continue
        for pattern in (FROM_TOP, FROM_SRC):
            for match in pattern.finditer(line):
                yield number, match.group(1).rstrip(".")


def exists(top, named):
    if (top / named).exists():
        return True
    return (top / "src" / named).exists() or (top / "include" / named).exists()


def main():
    top = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    files = [p for folder in ("src", "include", "tests", "scripts") for p in (top / folder).rglob("*.[ch]")]
    files += list(top.glob("*.md")) + list((top / "docs").glob("*.md")) + list((top / "src").rglob("README.md"))
    broken = 0
    for path in sorted(files):
        for number, named in candidates(path):
            if named in READERS_OWN or PLACEHOLDER.search(named) or named.startswith("build/"):
                continue
            if not exists(top, named):
                print("%s:%d: %s names nothing" % (path.relative_to(top), number, named))
                broken += 1
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
