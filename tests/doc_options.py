#!/usr/bin/env python3
"""doc_options.py [TOP]: every --option a page names in code exists.

Reads the code spans and code blocks of README.md and docs/*.md for long
options (--count=instructions, --list-devices) and prints FILE:LINE:
--NAME for each that no program here takes; exits 1 when there is one.
An option exists when src/ holds its name in quotes (the option tables:
{"count", 0, 1}) or scripts/, mk/, the Makefile or web/ spell it out
(a script's own options).  The options of other tools (valgrind's --tool)
are listed below.
"""
import pathlib
import re
import sys

OPTION = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")
CODE_SPAN = re.compile(r"`([^`]+)`")
QUOTED_NAME = re.compile(r'"([a-z][a-z0-9-]*)"')
# valgrind --tool=..., pgn-extract --nofauxep, bencher run --adapter
OTHER_TOOLS = {"tool", "nofauxep", "adapter"}


def code_lines(path):
    """(line number, code) for each code span and code-block line."""
    in_block = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("```"):
            in_block = not in_block
            continue
        if in_block:
            yield number, line
        else:
            for span in CODE_SPAN.findall(line):
                yield number, span


def known_options(top):
    known = set(OTHER_TOOLS)
    for path in sorted((top / "src").rglob("*.[ch]")):
        known.update(QUOTED_NAME.findall(path.read_text(encoding="utf-8", errors="replace")))
    others = [p for p in [top / "Makefile"] if p.is_file()] + [
        p for folder in ("scripts", "mk", "web") for p in sorted((top / folder).rglob("*")) if p.is_file()]
    for path in others:
        known.update(OPTION.findall(path.read_text(encoding="utf-8", errors="replace")))
    return known


def main():
    top = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    known = known_options(top)
    pages = [top / "README.md"] + sorted((top / "docs").glob("*.md"))
    unknown = [f"{page.relative_to(top)}:{number}: --{name}"
               for page in pages if page.exists()
               for number, code in code_lines(page)
               for name in OPTION.findall(code) if name not in known]
    for line in unknown:
        print(line)
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
