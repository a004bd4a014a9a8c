"""Reading the output of `attackbench --list`: each method's CPU features
("needs") and the side-wise workloads it answers natively ("native"), for
the manifest of scripts/results/results.sh and for scripts/results/report.  Standard
library only."""

import re


def list_field(line, name):
    """The words after NAME on one `attackbench --list` line, up to the
    two spaces that end a field; [] without the field or for "none"."""
    match = re.search(r"\b" + name + r"\s+(.+?)(?:\s{2}|$)", line)
    words = re.split(r"[\s,+/]+", match.group(1)) if match else []
    return [word.lower() for word in words
            if word and word.lower() != "none"]


def list_methods(list_text, name):
    """{method: [words]}: field NAME of every backend line of the output of
    `attackbench --list`."""
    found = {}
    for line in list_text.splitlines():
        words = line.split()
        if len(words) < 2 or words[1] not in ("available", "unavailable"):
            continue
        found[words[0]] = list_field(line, name)
    return found


def method_needs(list_text):
    """{method: [CPU features]} from `attackbench --list` ("needs")."""
    return list_methods(list_text, "needs")


def method_plugins(list_text):
    """[methods] a plugin brought (`source: plugin FILE: ...` on their
    `attackbench --list` line), sorted."""
    found = []
    for line in list_text.splitlines():
        words = line.split()
        if len(words) >= 2 and words[1] in ("available", "unavailable") \
                and re.search(r"  source: plugin ", line):
            found.append(words[0])
    return sorted(found)


def method_native(list_text):
    """{method: [workloads]}: the side-wise workloads (sets, sides) each
    method answers natively, with a set-wise entry or a multi-square
    kernel, from `attackbench --list` ("native"); {} for a list that
    predates the field."""
    if not re.search(r"  native \S+  ", list_text):
        return {}
    return list_methods(list_text, "native")
