#!/usr/bin/env python3
"""make web: the committed results of every machine, for the page.

usage: scripts/results/web-results.py RESULTS_FOLDER OUTPUT.js

Reads each <machine>-<date>-<compiler>.csv that a manifest names: the
manifests of `make results` in the folder, and of `make results-quick` in
its machine folders one level down (not the perft, probes or
sides-by-count files).  A CSV no manifest names (a hand-made file, or what
an interrupted or older run left beside the files of the run that replaced
it) is not published, and a folder without a manifest is skipped, as
`make plots` and results-merge skip them.  It writes, per file, the CPU,
compiler, date, machine folder, number of backends and the median ns per
query of every method on random queens, batched (throughput, no pressure,
all phases, one thread): native figures, measured by `make results`.

OUTPUT.js is one statement, `self.committedResults = JSON;`, loaded by the
page with a <script> element, so that the table is drawn even from a page
opened as a file (where fetch() of a local file is refused).  The JSON is
strict: a median that is not a finite number above 0 (nan, inf, 0, -3),
a file without a needed column, a file that is not CSV text, a file
without a data row, a row twice, rows of two CPUs or two runs in one
file are refused with one line naming the file and the problem (exit 2),
through the CSV reader scripts/results/report uses, and nothing is written; so is a manifest that
cannot be read or names a missing CSV.  OUTPUT.js is replaced whole
(a failed write keeps the old file), and one that names a manifest or
CSV it reads is refused.  --help prints this text."""
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # nothing written beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attackbench_results as results  # noqa: E402
import attackbench_summary as summary  # noqa: E402

NAME = re.compile(r"^(?P<machine>.+)-(?P<date>\d{4}-\d\d-\d\d)-(?P<compiler>gcc|clang)\.csv$")
# The columns of the row the page shows: random queens, batched, as the
# README's table (summary.HEADLINE: throughput, no pressure, all phases,
# one thread, the queries layout; files written before --layout have no
# layout column).
NEEDED = ("method", "cpu", "metric", "workload", "piece", "dispatch", "mode", "pressure_bytes", "phase",
          "threads", "ns_per_query_median")


def only_run(path, header, rows):
    """The one run of a file, read as report reads it: a malformed row,
    a median of 0 or below, a row twice, rows of two CPUs or no row at
    all is refused, as is a second run (the page shows one per file)."""
    results.refuse_count_rows(path, header, rows)
    missing = results.missing_columns(header, NEEDED)
    if missing:
        raise results.ResultsError(f"{path}: not an attackbench CSV: missing column(s) {', '.join(missing)}")
    runs = results.runs_of(path, header, rows)
    if not runs:
        raise results.ResultsError(f"{path}: no data rows")
    if len(runs) > 1:
        raise results.ResultsError(f"{path}: {len(runs)} runs (another compiler, flags or start time): the "
                                   "page shows one run per file")
    return runs[0]


def machine_of(path, top):
    """One file's CPU, compiler, date, folder (relative to top) and
    medians, or None when the file has no row of the page's configuration."""
    match = NAME.match(os.path.basename(path))
    if match is None:
        return None
    run = only_run(path, *results.read_table(path))
    shown = run.configs().get(summary.HEADLINE, {}) if run.metric == "ns" else {}
    ns = {method: entry["median"] for method, entry in shown.items()}
    # The folder of make results-quick (or "." for make results' files), and
    # the backends measured (the null harness is not one): the page's
    # machine table.
    folder = os.path.relpath(os.path.dirname(path), top)
    return {"file": os.path.basename(path), "cpu": run.cpu, "compiler": match["compiler"], "date": match["date"],
            "folder": folder, "backends": len([method for method in ns if method != "null"]),
            "ns": ns} if ns else None


def manifests_of(folder):
    """The manifests in the folder and in its machine folders one level
    down; a dot folder (a folder results-merge or results-quick has set
    aside) holds no results."""
    manifests = sorted(os.path.join(folder, name) for name in os.listdir(folder)
                       if name.endswith("-manifest.json"))
    for sub in sorted(os.listdir(folder)):
        path = os.path.join(folder, sub)
        if not sub.startswith(".") and os.path.isdir(path):
            manifests += sorted(os.path.join(path, name) for name in os.listdir(path)
                                if name.endswith("-manifest.json"))
    return manifests


def benchmark_files(manifests, folder):
    """The benchmark CSVs the manifests name, each once: the folder's own
    first, then its machine folders', each in name order."""
    paths = []
    for manifest in manifests:
        for path in results.read_manifest(manifest)["bench"]:
            if not os.path.isfile(path):
                raise results.ResultsError(f"{path}: named by {manifest}, missing")
            if path not in paths:
                paths.append(path)
    top = os.path.normpath(folder)
    return sorted(paths, key=lambda path: (os.path.normpath(os.path.dirname(path)) != top, path))


USAGE = "usage: scripts/results/web-results.py RESULTS_FOLDER OUTPUT.js"


def main():
    if sys.argv[1:] in (["--help"], ["-h"]):
        try:
            results.write_standard_output(__doc__.split("\n\n", 1)[1] + "\n")
        except results.ResultsError as error:
            print(f"web-results: {error}", file=sys.stderr)
            return 2
        return 0
    if len(sys.argv) != 3 or any(argument.startswith("-") for argument in sys.argv[1:]):
        print(f"web-results: {USAGE} (--help: what it does)", file=sys.stderr)
        return 2
    folder, output = sys.argv[1:]
    if not output:
        print("web-results: OUTPUT.js needs a file name", file=sys.stderr)
        return 2
    try:
        manifests = manifests_of(folder)
    except OSError as error:
        print(f"web-results: {folder}: cannot list: {error.strerror}", file=sys.stderr)
        return 2
    try:
        paths = benchmark_files(manifests, folder)
        # The page never replaces a file it is made from.
        results.check_output_path("", output, manifests + paths, "web-results.py")
        machines = [machine for machine in (machine_of(path, folder) for path in paths) if machine]
    except results.ResultsError as error:
        print(f"web-results: {error}", file=sys.stderr)
        return 2
    # allow_nan=False: a non-finite number that slipped past the reader
    # fails here, never as NaN in the page.
    text = json.dumps({"machines": machines}, indent=1, allow_nan=False)
    try:
        results.write_replacing(output, lambda out: out.write(
            "// The committed results (scripts/results/web-results.py, make web).\n"
            f"self.committedResults = {text};\n"))
    except OSError as error:
        print(f"web-results: {output}: cannot write: {error.strerror}", file=sys.stderr)
        return 2
    print(f"web-results: {len(machines)} machine runs into {output}", file=sys.stderr)
    return 0


try:
    sys.exit(main())
except KeyboardInterrupt:
    # Ctrl-C: the exit status of a SIGINT, no traceback.
    sys.exit(130)
