"""The markdown tables of one run in scripts/results/report: the ranking of one
configuration, the game phases, thread scaling, table-size classes and
perft.  Each function returns a list of lines.  Standard library only."""

import math

import attackbench_format as fmt
from attackbench_results import BASELINE, REFERENCE

SPREAD_FLAG_PERCENT = 3.0   # MAD above this share of the median is flagged

# Table-size classes: (upper bound in bytes, label), smallest first.
SIZE_CLASSES = [
    (1024, "no tables (< 1 KB)"),
    (64 * 1024, "small (< 64 KB)"),
    (512 * 1024, "medium (< 512 KB)"),
    (None, "large (>= 512 KB)"),
]


def size_class(table_bytes):
    for limit, label in SIZE_CLASSES:
        if limit is None or (table_bytes or 0) < limit:
            return label
    return SIZE_CLASSES[-1][1]


def harness_difference(median, harness):
    """The "- harness" cell, as the program's table gives it: "below" where
    the method's time is at or under the harness's (the lookup hides in
    the loop's own cost; a negative time per lookup would mean nothing)."""
    if harness is None:
        return "-"
    return "below" if median - harness <= 0 else fmt.format_ns(median - harness)


def harness_of(methods, ranked):
    """The null backend's median in one configuration, or None."""
    baseline = methods.get(BASELINE)
    if baseline is not None:
        return baseline["median"]
    return next((entry["harness"] for entry in ranked
                 if entry["harness"] is not None), None)


def checksum_mismatch(ranked):
    """A warning line when the methods' checksums disagree, else None."""
    by_checksum = {}
    for entry in ranked:
        if entry["checksum"]:
            by_checksum.setdefault(entry["checksum"], []).append(
                entry["method"])
    if len(by_checksum) < 2:
        return None
    parts = [f"{checksum} ({', '.join(sorted(methods))})"
             for checksum, methods in sorted(by_checksum.items())]
    return "**Warning: the checksums differ:** " + "; ".join(parts) + "."


def spread(entry):
    median, mad = entry["median"], entry["mad"]
    if mad is None or median <= 0:
        return "-"
    share = 100.0 * mad / median
    return f"{share:.1f}%" + (" *" if share > SPREAD_FLAG_PERCENT else "")


def ranking(config, methods):
    """The methods of one configuration ranked by median ns/query."""
    ranked = sorted((entry for name, entry in methods.items()
                     if name != BASELINE),
                    key=lambda entry: (entry["median"], entry["method"]))
    show_hit_rate = any(entry["hit_rate"] is not None for entry in ranked)
    fastest = ranked[0]["median"] if ranked else None
    reference = methods.get(REFERENCE)
    harness = harness_of(methods, ranked)
    rows = []
    for rank, entry in enumerate(ranked, 1):
        median = entry["median"]
        row = [rank, entry["method"], fmt.format_ns(median),
               harness_difference(median, harness),
               fmt.format_ns(entry["mad"]), spread(entry),
               fmt.format_ratio(median / fastest) if fastest else "-",
               fmt.format_ratio(reference["median"] / median)
               if reference and median > 0 else "-",
               fmt.format_rate(entry["mlookups"]),
               fmt.format_bytes(entry["table_bytes"]),
               fmt.format_ms(entry["init_ms"])]
        if show_hit_rate:
            hit_rate = entry["hit_rate"]
            row.append("-" if hit_rate is None else f"{100.0 * hit_rate:.1f}%")
        rows.append(row)
    header = ["#", "method", "ns/query", "- harness", "MAD ns", "MAD %",
              "vs fastest", "speedup vs reference", "M lookups/s", "table",
              "init ms"] + (["hit rate"] if show_hit_rate else [])
    lines = [f"### {fmt.describe_config(config)}", ""]
    lines += fmt.table(header, "rl" + "r" * (len(header) - 2), rows) + [""]
    if harness is None:
        lines.append("Harness (null backend): not run in this configuration.")
    else:
        lines.append(f"Harness (null backend): {fmt.format_ns(harness)} "
                     f"ns/query, included in every figure above.")
    mismatch = checksum_mismatch(ranked)
    if mismatch:
        lines += ["", mismatch]
    return lines + [""]


def phases(config, by_phase):
    """One configuration by game phase (by_phase: {phase: {method: entry}},
    without "all", which may come from another run)."""
    names = sorted(by_phase, key=lambda p: fmt.order_key(p, fmt.PHASE_ORDER))
    methods = sorted({method for phase in names for method in by_phase[phase]
                      if method != BASELINE})

    def sort_key(method):
        medians = [by_phase[phase][method]["median"] for phase in names
                   if method in by_phase[phase]]
        return (sum(medians) / len(medians), method)

    rows = [[method] + [fmt.format_ns(by_phase[phase][method]["median"])
                        if method in by_phase[phase] else "-"
                        for phase in names]
            for method in sorted(methods, key=sort_key)]
    lines = [f"### By game phase: {fmt.describe_config(config)}", ""]
    unit = fmt.query_unit(config[0])
    lines += fmt.table(["method"] + [f"{phase} ns/{unit}" for phase in names],
                       "l" + "r" * len(names), rows) + [""]
    harness = [f"{phase} {fmt.format_ns(by_phase[phase][BASELINE]['median'])}"
               for phase in names if BASELINE in by_phase[phase]]
    if harness:
        lines.append(f"Harness (null backend), ns/{unit}: " + ", ".join(harness)
                     + ".")
    else:
        lines.append("Harness (null backend): not run in this configuration.")
    return lines + [""]


def scaling(config, by_threads):
    """M lookups/s by thread count (by_threads: {threads: {method: entry}})."""
    counts = sorted(by_threads)
    methods = sorted({method for count in counts
                      for method in by_threads[count] if method != BASELINE})
    first, last = counts[0], counts[-1]

    def method_key(method):
        entry = by_threads[first].get(method)
        return (entry["median"] if entry else math.inf, method)

    rows = []
    for method in sorted(methods, key=method_key):
        cells = [method]
        for count in counts:
            entry = by_threads[count].get(method)
            cells.append(fmt.format_rate(entry["mlookups"]) if entry else "-")
        low, high = by_threads[first].get(method), by_threads[last].get(method)
        if low and high and low["mlookups"] and high["mlookups"]:
            cells.append(fmt.format_ratio(high["mlookups"] / low["mlookups"]))
        else:
            cells.append("-")
        rows.append(cells)
    header = ["method"] + ["1 thread M lookups/s" if count == 1
                           else f"{count} threads M lookups/s"
                           for count in counts] + [f"scaling {last}/{first}"]
    lines = [f"### Thread scaling: "
             f"{fmt.describe_config(config, threads=False)}", ""]
    lines += fmt.table(header, "l" + "r" * (len(counts) + 1), rows)
    return lines + ["", "M lookups/s is the total over all threads; scaling "
                    "is its ratio between the largest and the smallest "
                    "thread count.", ""]


def size_classes(config, methods):
    """Each method against the fastest of its table-size class."""
    entries = [entry for name, entry in methods.items()
               if name not in (BASELINE, REFERENCE)]
    if not entries:
        return []
    rows = []
    for _, label in SIZE_CLASSES:
        members = sorted((entry for entry in entries
                          if size_class(entry["table_bytes"]) == label),
                         key=lambda entry: (entry["median"], entry["method"]))
        for entry in members:
            ratio = entry["median"] / members[0]["median"]
            rows.append([label, entry["method"],
                         fmt.format_bytes(entry["table_bytes"]),
                         fmt.format_ns(entry["median"]), members[0]["method"],
                         fmt.format_ratio(ratio),
                         "yes" if ratio <= 2.0 else "no"])
    lines = [f"### Table-size classes: queen, {config[0]} workload, batched",
             "", "Each method against the fastest method whose tables fall "
             "in the same size class.", ""]
    lines += fmt.table(["class", "method", "table", "ns/query",
                        "fastest in class", "vs fastest", "within 2x"],
                       "lllrlrl", rows)
    return lines + [""]


def perft(heading, rows):
    """The methods of one perft run ranked by nodes per second."""
    rows = sorted(rows, key=lambda row: (-row["nps"], row["method"]))
    fastest = rows[0]["nps"]
    # Optional columns, shown when some row has them.
    optional = [("nodes", "nodes", str),
                ("seconds", "seconds", lambda value: f"{value:.3f}"),
                ("table_bytes", "table", fmt.format_bytes),
                ("init_ms", "init ms", fmt.format_ms)]
    optional = [column for column in optional
                if any(row[column[0]] is not None for row in rows)]
    header = ["#", "method", "M nodes/s", "vs fastest"] + [
        label for _, label, _ in optional]
    cells = []
    for rank, row in enumerate(rows, 1):
        cells.append([rank, row["method"], f"{row['nps'] / 1e6:.2f}",
                      fmt.format_ratio(fastest / row["nps"])
                      if row["nps"] > 0 else "-"]
                     + ["-" if row[name] is None else show(row[name])
                        for name, _, show in optional])
    return [f"### {heading}", ""] + fmt.table(
        header, "rl" + "r" * (len(header) - 2), cells) + [""]
