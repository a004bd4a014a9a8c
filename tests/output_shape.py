#!/usr/bin/env python3
"""Print the shape of attackbench's output: its columns and the format of
every value, with measured values and machine details replaced by their
kind (int, a decimal with N places, hex64, text).  tests/cli/output.sh
compares the shape of a run with tests/data/output-shape.txt, so a change
of column, order or number format shows, and new measurements do not.
Usage: output_shape.py csv|json|table FILE"""
import csv
import re
import sys

# Values that differ between machines and runs even when nothing changed.
# The formulation a technique runs is chosen by measurement on the CPU, on
# as many threads as formulation_threads says (empty for a method another
# architecture times in its place, which has one formulation).
VARIABLE = {"timestamp", "host", "cpu", "compiler", "flags", "pin_cpu", "tsc_ghz", "timer", "version", "commit",
            "cpu_vendor", "cpu_family", "cpu_model", "warnings", "formulation", "formulation_threads"}
NUMBER = re.compile(r"-?\d+(\.\d+)?")


def kind(value):
    """The kind of one value: its format, not its digits."""
    if " " in value.strip("[]"):
        # samples_ns: one kind per repetition
        return " ".join(kind(part.strip(",")) for part in value.strip("[]").split())
    if value == "":
        return "empty"
    if re.fullmatch(r"0x[0-9a-f]{16}", value):
        return "hex64"
    match = NUMBER.fullmatch(value)
    if match:
        return "dec%d" % (len(match.group(1)) - 1) if match.group(1) else "int"
    return value


def csv_shape(text):
    rows = list(csv.reader(text.splitlines()))
    lines = [",".join(rows[0])]
    for row in rows[1:]:
        lines.append(",".join("text" if name in VARIABLE else kind(value) for name, value in zip(rows[0], row)))
    return lines


def json_shape(text):
    pair = re.compile(r'"(\w+)": ("(?:[^"\\]|\\.)*"|\[[^]]*\]|[^,}]+)')
    lines = []
    for line in text.splitlines():
        # The context object opens on the line of its first member.
        if line.strip().startswith('"context": {'):
            lines.append("context: {")
            line = line.split("{", 1)[1]
        fields = pair.findall(line)
        if not fields:
            lines.append(line.strip())
            continue
        lines.append(", ".join(
            "%s: %s" % (name, "text" if name in VARIABLE else kind(value.strip('"'))) for name, value in fields))
    return lines


def table_shape(text):
    def replace(match):
        return kind(match.group(0))
    lines = []
    for line in text.splitlines():
        # "!" flags a spread above 3%: a measured property, not a format.
        line = line.replace("!", "")
        # "below" stands for a difference under the harness's resolution,
        # in the column of a 3-place decimal: also measured, not a format.
        line = re.sub(r"(?<= )below(?= )", "0.000", line)
        # "n/a" stands for a ratio to a fastest median of zero (a timer
        # coarser than the run, seen under qemu-user): measured as well.
        line = re.sub(r"(?<= )n/a(?= )", "0.00x", line)
        # A slower row whose ratio rounds to 1.00 gets more decimals
        # (1.002x): measured too.
        line = re.sub(r"(?<= )1\.\d{3,}x(?= )", "1.00x", line)
        # "disturbed: KEYS" after a row: what the run saw disturb its
        # group (other work on the CPU), measured, not a format.
        line = re.sub(r"  disturbed: [a-z -]+$", "", line)
        line = re.sub(r"0x[0-9a-f]{16}|-?\d+(\.\d+)?", replace, line)
        lines.append(" ".join(line.split()))
    return lines


def main():
    shape = {"csv": csv_shape, "json": json_shape, "table": table_shape}[sys.argv[1]]
    with open(sys.argv[2], encoding="utf-8") as stream:
        lines = shape(stream.read())
    # The table orders methods by speed: compare the set of line shapes.
    for line in sorted(set(lines)):
        print("%s: %s" % (sys.argv[1], line))


if __name__ == "__main__":
    main()
