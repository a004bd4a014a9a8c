"""Summaries across runs, shared by scripts/results/report and scripts/results/readme-results:
each method's best figure over the compilers measured on a machine, the
compilers compared with a sentence per method, and the machine-dependent
probes (memory ladder, L1-resident stream).  Standard library only."""

import os

import attackbench_format as fmt
from attackbench_results import BASELINE, REFERENCE, ResultsError

# The configuration of the headline figures: the queen on the random stream,
# batched, throughput, one thread, no pressure.
HEADLINE = ("random", "queen", "batch", "throughput", 0, "all", 1, "queries")
# The memory ladder's runs (scripts/results/results.sh run_probes), each
# with its --pressure in place of the 0.
LADDER = ("random", "rook", "batch", "throughput", 0, "all", 1, "queries")
# Below this ratio two compilers' figures count as alike (runs on a shared
# machine differ by 5-20%; see README "Reading the numbers").
ALIKE_RATIO = 1.10
NOTES_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                          "comparisons", "compiler-notes.txt")


def compiler_name(run):
    """gcc, clang: the compiler's first word."""
    return (run.compiler.split() or ["?"])[0]


def headline(run, config=HEADLINE):
    """{method: entry} of one run's headline configuration, without the
    harness."""
    methods = run.configs().get(config, {})
    return {name: entry for name, entry in methods.items()
            if name != BASELINE}


def timed(runs):
    """The runs whose figures are times (not counts such as instructions)."""
    return [run for run in runs if run.metric in ("", "ns")]


def best_over_compilers(runs, config=HEADLINE):
    """{method: (entry, run)}: each method's fastest figure over runs."""
    best = {}
    for run in timed(runs):
        for method, entry in headline(run, config).items():
            if method not in best or entry["median"] < best[method][0][
                    "median"]:
                best[method] = (entry, run)
    return best


def best_table(machines, needs=None, config=HEADLINE, paths=None):
    """Markdown lines: one row per method, one column per machine (label,
    runs), each cell the best median over that machine's compilers of
    configuration config with the compiler named and the ratio to the
    machine's fastest; a needs column, and a path column ({method: how it
    answers}) when given."""
    columns = [(label, best_over_compilers(runs, config))
               for label, runs in machines]
    columns = [(label, best) for label, best in columns if best]
    if not columns:
        return []
    methods = sorted({method for _, best in columns for method in best})
    first = columns[0][1]
    methods.sort(key=lambda method: (method not in first,
                                     first[method][0]["median"]
                                     if method in first else 0, method))
    fastest = [min(entry["median"] for entry, _ in best.values())
               for _, best in columns]
    rows = []
    for method in methods:
        cells = [f"`{method}`"]
        if needs is not None:
            cells.append(", ".join(needs.get(method, [])) or "-")
        if paths is not None:
            cells.append(paths.get(method, "-"))
        for (label, best), low in zip(columns, fastest):
            if method in best:
                entry, run = best[method]
                cells.append(f"{entry['median']:.2f} {compiler_name(run)} "
                             f"({entry['median'] / low:.2f}x)")
            else:
                cells.append("-")
        rows.append(cells)
    header = ["method"] + (["needs"] if needs is not None else []) + (
        ["path"] if paths is not None else []) + [
        f"{label}: ns (compiler, vs fastest)" for label, _ in columns]
    return fmt.table(header, "l" * (len(header) - len(columns))
                     + "r" * len(columns), rows)


def read_notes(path=NOTES_FILE):
    """{(method, compiler): sentence} from compiler-notes.txt, whose lines
    read `METHOD COMPILER: why COMPILER's code is faster`."""
    notes = {}
    try:
        with open(path, encoding="utf-8") as handle:
            lines = list(handle)
    except OSError:
        return notes
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, separator, sentence = line.partition(":")
        words = key.split()
        if not separator or len(words) != 2:
            raise ResultsError(f"{path}: line {number}: expected `METHOD "
                               f"COMPILER: sentence`")
        notes[tuple(words)] = sentence.strip()
    return notes


def explain(method, faster, ratio, notes):
    """The sentence for one row of the compiler comparison."""
    if ratio < ALIKE_RATIO:
        return f"Within {100 * (ALIKE_RATIO - 1):.0f}%: alike."
    note = notes.get((method, faster))
    if note:
        return note
    return ("Not explained yet: compare the two builds' code "
            "(objdump -d on the backend's object file).")


def compiler_table(runs, notes, labels=None):
    """Markdown lines comparing two or more compilers (runs) of one machine
    on the headline configuration, the slower over the faster; labels name
    the runs (default: the compilers)."""
    labels = labels or [compiler_name(run) for run in runs]
    labels = [label for label, run in zip(labels, runs) if run in timed(runs)]
    runs = timed(runs)
    by_compiler = [(label, headline(run), compiler_name(run))
                   for label, run in zip(labels, runs)]
    by_compiler = [(label, rows, name) for label, rows, name in by_compiler
                   if rows]
    if len(by_compiler) < 2:
        return []
    methods = sorted({method for _, rows, _ in by_compiler for method in rows
                      if method != REFERENCE})
    rows = []
    for method in methods:
        figures = [(rows[method]["median"], label, name)
                   for label, rows, name in by_compiler if method in rows]
        if len(figures) < 2:
            continue
        fastest, faster, faster_compiler = min(figures)
        slowest = max(figures)[0]
        cells = [f"`{method}`"] + [
            fmt.format_ns(rows[method]["median"]) if method in rows else "-"
            for _, rows, _ in by_compiler]
        ratio = slowest / fastest
        cells += [faster, fmt.format_ratio(ratio),
                  explain(method, faster_compiler, ratio, notes)]
        rows.append(cells)
    rows.sort(key=lambda cells: (-float(cells[-2][:-1]), cells[0]))
    header = ["method"] + [f"{label} ns" for label, _, _ in by_compiler] + [
        "faster", "slower / faster", "why"]
    return fmt.table(header, "l" + "r" * len(by_compiler) + "lrl", rows)


def memory_ladder(probes):
    """(pressure bytes, fewest ticks, ticks above no pressure) of the null
    backend reading one random line of a buffer per query, from the probes
    run; [] when it has none."""
    ladder = {}
    for (config, method), entry in probes.bench.items():
        # The ladder's own rows alone (results.sh: random rooks, batch,
        # one thread): the short-stream probe's null row (queens) is pressure
        # 0 as well, and took the none rung, and a benchmark CSV's null
        # queens under --pressure made a ladder of unrelated runs.
        pressure = config[4]
        if method == BASELINE and config == LADDER[:4] + (pressure,) + LADDER[5:] and \
                entry["ticks_min"] is not None:
            ladder[pressure] = entry["ticks_min"]
    # No rung above none is no ladder: a benchmark CSV's own null row.
    if 0 not in ladder or len(ladder) < 2:
        return []
    return [(pressure, ticks, ticks - ladder[0])
            for pressure, ticks in sorted(ladder.items())]


def short_stream(probes, main):
    """(method, queries, short-stream ns, full-stream ns) for the methods
    the probes run timed on a short random stream (every table entry it
    touches stays in L1) and the main run on the full stream; a stream
    not shorter than the main run's is no probe."""
    found = []
    full = headline(main)
    for (config, method), entry in sorted(probes.bench.items()):
        if config == HEADLINE and method in full and method != BASELINE \
                and shorter(entry, full[method]):
            found.append((method, entry["queries"], entry["median"],
                          full[method]["median"]))
    return found


def shorter(entry, full):
    """Whether a probe's random stream is shorter than the full run's."""
    return entry["queries"] is not None and full["queries"] is not None \
        and entry["queries"] < full["queries"]
