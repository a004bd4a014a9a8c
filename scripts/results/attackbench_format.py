"""Words and numbers of the markdown the scripts write: units, the order of
configurations, headings, run labels and markdown tables.  Shared by
scripts/results/report and scripts/results/readme-results.  Standard library only."""

import argparse
import sys

# Display order of the known values; unknown values follow, alphabetically.
WORKLOAD_ORDER = ("pieces", "squares", "random", "sets", "sides")
DISPATCH_ORDER = ("batch", "call")
MODE_ORDER = ("throughput", "latency")
PIECE_ORDER = ("queen", "both", "rook", "bishop")
PHASE_ORDER = ("all", "opening", "middlegame", "endgame")


# What one query is, where it is not one attack set: the side-wise
# workloads time a position and side (sets) or a slider (sides).
QUERY_UNITS = {"sets": "position-side", "sides": "slider"}


def query_unit(workload):
    """The unit of a workload's times: query, position-side or slider."""
    return QUERY_UNITS.get(workload, "query")


def order_key(value, order):
    """Sort key placing the known values in their order, then the rest."""
    if value in order:
        return (order.index(value), "")
    return (len(order), value)


def config_sort_key(config):
    """Sort key of a grouping key (attackbench_results.CONFIG_COLUMNS)."""
    workload, piece, dispatch, mode, pressure, phase, threads, layout = config
    return (order_key(workload, WORKLOAD_ORDER), layout,
            order_key(dispatch, DISPATCH_ORDER),
            order_key(mode, MODE_ORDER), pressure, threads,
            order_key(piece, PIECE_ORDER), order_key(phase, PHASE_ORDER))


def format_ns(value):
    return "-" if value is None else f"{value:.2f}"


def format_ratio(value):
    return "-" if value is None else f"{value:.2f}x"


def format_bytes(count):
    """Bytes in B, KB or MB (1 KB = 1024 bytes)."""
    if count is None:
        return "-"
    if count < 1024:
        return f"{count} B"
    if count < 1024 * 1024:
        return f"{count / 1024:.1f} KB"
    return f"{count / (1024 * 1024):.2f} MB"


def format_buffer(count):
    """A buffer size as given on the command line: 64 MB, 512 KB."""
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if count >= size:
            return f"{count / size:g} {unit}"
    return f"{count} B"


def format_ms(value):
    return "-" if value is None else f"{value:.3f}"


def format_rate(value):
    return "-" if value is None else f"{value:.1f}"


def describe_config(config, threads=True, phase=False):
    """A heading for one configuration, e.g. `queen, pieces workload, ...`."""
    workload, piece, dispatch, mode, pressure, config_phase, count, layout = config
    words = [piece, f"{workload} workload", f"{dispatch} dispatch", mode]
    if layout != "queries":
        words.append(f"{layout} layout")
    if threads:
        words.append("1 thread" if count == 1 else f"{count} threads")
    if pressure:
        words.append(f"cache pressure {format_buffer(pressure)}")
    if phase and config_phase != "all":
        words.append(f"phase {config_phase}")
    return ", ".join(words)


def run_labels(runs):
    """A short label per run: only what tells the runs apart (CPU,
    compiler, flags, metric; file and start time when two runs share them
    all)."""
    def differs(attribute):
        return len({getattr(run, attribute) for run in runs}) > 1

    parts = [attribute for attribute in ("cpu", "compiler", "flags", "metric")
             if differs(attribute)]
    if not parts:
        parts = ["compiler"]
    labels = []
    for run in runs:
        words = [getattr(run, attribute) or "-" for attribute in parts]
        if "flags" in parts:
            words[parts.index("flags")] = f"`{run.flags}`"
        labels.append(", ".join(words))
    repeated = [labels.count(label) > 1 for label in labels]
    return [label + (f" ({run.name()}, {run.start or 'no time'})"
                     if twice else "")
            for label, run, twice in zip(labels, runs, repeated)]


def escape(text):
    """TEXT as one Markdown table cell: '|' escaped, line breaks written
    as \\n and \\r so that the row stays one line."""
    return str(text).replace("|", "\\|").replace("\n", "\\n").replace("\r", "\\r")


def table(header, alignments, rows):
    """Markdown table lines; alignments are 'l' or 'r' per column."""
    lines = ["| " + " | ".join(escape(cell) for cell in header) + " |",
             "|" + "|".join("---:" if align == "r" else "---"
                            for align in alignments) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(escape(cell) for cell in row) + " |")
    return lines


def one_line_errors(parser):
    """PARSER reports a bad command line as one line on stderr and exit 2
    (argparse would print its whole usage first)."""
    def error(message):
        print(f"{parser.prog}: {message} (--help lists the options)", file=sys.stderr)
        sys.exit(2)
    parser.error = error
    return parser


class Once(argparse.Action):
    """An option that may be given once: a second -o FILE would silently
    win over the first, which the user may have meant."""

    def __call__(self, parser, namespace, value, option=None):
        if getattr(namespace, self.dest) is not None:
            parser.error(f"{option} given twice (once is allowed)")
        setattr(namespace, self.dest, value)
