#!/usr/bin/env python3
"""make web: the committed results of every machine, for the page.

usage: scripts/web-results.py RESULTS_FOLDER OUTPUT.json

Reads each <machine>-<date>-<compiler>.csv of `make results` in the folder,
and of `make results-quick` in its machine folders one level down (not the
perft, probes or sides-by-count files) and writes, per file, the CPU,
compiler, date, machine folder, number of backends and the median ns per
query of every method on random queens, batched (throughput, no pressure,
all phases, one thread): native figures, measured by `make results`."""
import csv
import glob
import json
import os
import re
import sys

NAME = re.compile(r"^(?P<machine>.+)-(?P<date>\d{4}-\d\d-\d\d)-(?P<compiler>gcc|clang)\.csv$")


def machine_of(path):
    match = NAME.match(os.path.basename(path))
    if match is None:
        return None
    ns, cpu = {}, ""
    with open(path, newline="") as stream:
        for row in csv.DictReader(stream):
            if (row["metric"], row["workload"], row["piece"], row["dispatch"], row["mode"], row["pressure_bytes"],
                    row["phase"], row["threads"], row.get("layout") or "queries") == (
                        "ns", "random", "queen", "batch", "throughput", "0", "all", "1", "queries"):
                ns[row["method"]] = float(row["ns_per_query_median"])
                cpu = row["cpu"]
    # The folder of make results-quick (or "." for make results' files), and
    # the backends measured (the null harness is not one): the page's
    # machine table.
    folder = os.path.relpath(os.path.dirname(path), sys.argv[1])
    return {"file": os.path.basename(path), "cpu": cpu, "compiler": match["compiler"], "date": match["date"],
            "folder": folder, "backends": len([method for method in ns if method != "null"]),
            "ns": ns} if ns else None


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: scripts/web-results.py RESULTS_FOLDER OUTPUT.json")
    paths = sorted(glob.glob(os.path.join(sys.argv[1], "*.csv"))) + sorted(glob.glob(os.path.join(sys.argv[1], "*", "*.csv")))
    machines = [m for m in map(machine_of, paths) if m]
    with open(sys.argv[2], "w") as out:
        json.dump({"machines": machines}, out, indent=1)
    print(f"web-results: {len(machines)} machine runs into {sys.argv[2]}", file=sys.stderr)


main()
