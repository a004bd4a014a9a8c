"""Writes a result CSV with one row per method of an `attackbench --list`
output (its table size as listed; 0 for one this CPU cannot run), for the random queen batched group, so
that a chart shows every method at once.  The medians are drawn
log-uniformly between 1 and 60 ns from a fixed seed, with every fifth row
flagged as disturbed (its label grows by a word): no measurement, only a
crowd to place.  Usage: chart_every_method.py LIST_OUTPUT CSV"""

import csv
import random
import re
import sys

COLUMNS = ("timestamp", "host", "cpu", "compiler", "flags", "method", "piece",
           "workload", "dispatch", "mode", "pressure_bytes", "phase",
           "threads", "queries", "reps", "ns_per_query_median",
           "ns_per_query_mad", "table_bytes", "init_ms", "warnings")


def main(list_path, csv_path):
    methods = []
    with open(list_path, encoding="utf-8") as handle:
        for line in handle:
            words = line.split()
            match = re.search(r"  table (\d+ bytes|-)  ", line)
            if len(words) >= 2 and words[1] in ("available", "unavailable") \
                    and match:
                size = match.group(1).split()[0]
                methods.append((words[0], int(size) if size != "-" else 0))
    if len(methods) < 10:
        print(f"{list_path}: only {len(methods)} methods", file=sys.stderr)
        return 2
    draw = random.Random(33)
    with open(csv_path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(COLUMNS)
        for index, (method, table_bytes) in enumerate(sorted(methods)):
            median = 60 ** draw.random()
            writer.writerow((
                "2026-11-25T00:00:00Z", "test", "Test CPU", "gcc 12.2.0",
                "-O2", method, "queen", "random", "batch", "throughput", 0,
                "all", 1, 65536, 15, f"{median:.4f}", f"{median / 50:.4f}",
                table_bytes, "0.000",
                "hypervisor cpu-contention" if index % 5 == 4
                else "hypervisor"))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
