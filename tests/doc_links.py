#!/usr/bin/env python3
"""Every relative link of the project's Markdown pages resolves: the file
exists and, for a link with #anchor into a Markdown page, a heading of that
page has that anchor (GitHub's spelling).  Prints each broken link as
FILE:LINE: target and exits 1 when there is one.
Usage: tests/doc_links.py TOP"""
import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchor_of(heading):
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    found, fenced = set(), False
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and line.startswith("#"):
                found.add(anchor_of(line.lstrip("#")))
    return found


def pages(top):
    for folder, _, names in os.walk(top):
        if "/." in folder or "/build" in folder:
            continue
        for name in names:
            if name.endswith(".md"):
                yield os.path.join(folder, name)


def broken_links(path):
    fenced = False
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if line.startswith("```"):
                fenced = not fenced
            if fenced:
                continue
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue
                file_part, _, anchor = target.partition("#")
                linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                if not os.path.exists(linked):
                    yield number, target
                elif anchor and linked.endswith(".md") and anchor not in anchors(linked):
                    yield number, target


def main(top):
    broken = 0
    for path in sorted(pages(top)):
        for number, target in broken_links(path):
            print(f"{os.path.relpath(path, top)}:{number}: {target}")
            broken += 1
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
