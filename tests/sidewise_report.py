#!/usr/bin/env python3
"""Checks the side-wise part of a scripts/results/report output against the CSV it
was made from, computed here independently of the scripts' modules.

usage: tests/sidewise_report.py CSV REPORT.md LIST.txt

  - every batched or per-call sets and sides configuration of the CSV has
    its table, the methods (null left out) ranked by median ns, each with
    the path the --list output gives it (native sets: "set-wise entry",
    native sides: "multi-square kernel", else "composed") and its median
    over pext's;
  - the claim section ranks the set-wise methods as the sets table does
    and its verdict names the fastest method on sets.
Prints what differs and exits 1; exit 0 when all agree.
"""

import csv
import re
import sys

NATIVE = {"sets": "set-wise entry", "sides": "multi-square kernel"}
UNITS = {"sets": "position-side", "sides": "slider"}


def configurations(path):
    """{(workload, dispatch): {method: median}} of the side-wise rows."""
    found = {}
    with open(path, newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["workload"] in NATIVE and row["phase"] == "all" \
                    and row["method"] != "null":
                key = (row["workload"], row["dispatch"])
                found.setdefault(key, {})[row["method"]] = float(
                    row["ns_per_query_median"])
    return found


def native_paths(path):
    """{method: [workloads]} from the `native` field of --list lines."""
    paths = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            match = re.match(r"(\S+) +(?:available|unavailable).*  native "
                             r"(\S+)  ", line)
            if match:
                paths[match.group(1)] = match.group(2).split(",")
    return paths


def table_rows(report, heading):
    """The cells of the markdown table under heading."""
    lines = report.splitlines()
    if heading not in lines:
        return None
    rows = []
    for line in lines[lines.index(heading) + 1:]:
        if line.startswith("### ") or line.startswith("## "):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0] not in ("#", "method"):
            rows.append(cells)
    return rows


def check_table(report, key, medians, native, errors):
    workload, dispatch = key
    heading = (f"### sliders, {workload} workload, {dispatch} dispatch, "
               "throughput, 1 thread")
    rows = table_rows(report, heading)
    if rows is None:
        errors.append(f"no table under {heading!r}")
        return []
    order = sorted(medians, key=lambda method: (medians[method], method))
    got = [cells[1] for cells in rows]
    if got != order:
        errors.append(f"{workload} {dispatch}: ranked {got}, the CSV "
                      f"says {order}")
    for cells in rows:
        method = cells[1]
        want = NATIVE[workload] if workload in native.get(method, []) \
            else "composed"
        if cells[2] != want:
            errors.append(f"{workload} {dispatch} {method}: path "
                          f"{cells[2]!r}, --list says {want!r}")
        pext = medians.get("pext")
        ratio = f"{medians[method] / pext:.2f}x" if pext else "-"
        if method in medians and cells[6] != ratio:
            errors.append(f"{workload} {dispatch} {method}: vs pext "
                          f"{cells[6]}, the CSV gives {ratio}")
    return got


def check_claim(report, ranked, native, errors):
    """The claim table's sets ranks and the verdict."""
    rows = table_rows(report, "### Seed 002's set-wise claim, measured")
    if rows is None:
        errors.append("no claim section")
        return
    fills = [method for method in ranked if "sets" in native.get(method, [])]
    got = [(cells[0].strip("`"), cells[1]) for cells in rows]
    want = [(method, str(ranked.index(method) + 1)) for method in fills]
    if got != want:
        errors.append(f"claim table ranks {got}, the sets table {want}")
    fastest = ranked[0]
    if fastest in fills:
        sentence = (f"the claim holds: the fastest method on `sets` is a "
                    f"fill, `{fastest}`")
    else:
        sentence = (f"the claim does not hold: a composed method, "
                    f"`{fastest}`, is the fastest on `sets`")
    if sentence not in report:
        errors.append(f"no verdict {sentence!r}")


def main(argv):
    csv_path, report_path, list_path = argv
    with open(report_path, encoding="utf-8") as handle:
        report = handle.read()
    native = native_paths(list_path)
    errors = []
    ranked = {}
    for key, medians in sorted(configurations(csv_path).items()):
        ranked[key] = check_table(report, key, medians, native, errors)
    if ("sets", "batch") in ranked:
        check_claim(report, ranked[("sets", "batch")], native, errors)
    if not ranked:
        errors.append(f"{csv_path}: no side-wise rows")
    for error in errors:
        print(f"sidewise_report: {error}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
