"""The side-wise workloads in the scripts: `sets` (a side's attack map, one
query per position and side) and `sides` (every slider's own attack set,
one query per slider).  Their units, which methods answer them natively
(a set-wise entry, a multi-square kernel) and which compose the answer
from single lookups, their ranked tables, and the answer to seed 002's
claim that Dumb7Fill "works set-wise", generated from the rows.  Shared by
scripts/results/report and scripts/results/readme-results.  Standard library only."""

import attackbench_format as fmt
import attackbench_sections as sections
from attackbench_results import BASELINE

SIDEWISE = ("sets", "sides")
UNIT = fmt.QUERY_UNITS
RATE = {"sets": "M position-sides/s", "sides": "M slider sets/s"}
# What a method answering natively brings to each workload.
NATIVE_PATH = {"sets": "set-wise entry", "sides": "multi-square kernel"}
COMPOSED = "composed"
UNKNOWN_PATH = "?"
# The yardstick beside the fastest: scalar PEXT, the usual choice of engines.
PEXT = "pext"
# One square at a time: the queen, batched, one thread, no pressure, in the
# workloads whose ranks the set-wise ranks are compared with.
ONE_SQUARE = (("random", "random queen"), ("pieces", "pieces queen"))

INTRODUCTION = (
    "The side-wise workloads ask per position and side: `sets` the side's "
    "attack map (the union of its sliders' attacks; ns per position-side), "
    "`sides` every slider's own attack set (ns per slider). `path` says how "
    "a method answers: a set-wise entry (the fills take the whole set as "
    "their generator) or a multi-square kernel (several sliders in vector "
    "lanes) answer natively; `composed` loops the method's own single "
    "lookups over the side's sliders. `vs pext` is the median over pext's "
    "(below 1.00x: faster than pext).")


def config(workload, dispatch="batch", phase="all"):
    """The grouping key of a side-wise workload's rows."""
    return (workload, "sliders", dispatch, "throughput", 0, phase, 1, "queries")


def one_square_config(workload, dispatch="batch"):
    return (workload, "queen", dispatch, "throughput", 0, "all", 1, "queries")


def path_of(method, workload, native):
    """How METHOD answers WORKLOAD: its native path, composed, or "?" when
    the methods' native paths are not known (native is None)."""
    if native is None:
        return UNKNOWN_PATH
    if workload in native.get(method, []):
        return NATIVE_PATH[workload]
    return COMPOSED


def ranked(methods):
    """The entries of one configuration, fastest first, without the
    harness."""
    return sorted((entry for name, entry in methods.items()
                   if name != BASELINE),
                  key=lambda entry: (entry["median"], entry["method"]))


def ranks(methods):
    """{method: rank} (1 = fastest) and the number of ranked methods."""
    order = ranked(methods)
    return {entry["method"]: rank for rank, entry in
            enumerate(order, 1)}, len(order)


def versus(entry, other):
    """entry's median over other's, formatted, or "-"."""
    if entry is None or other is None or other["median"] <= 0:
        return "-"
    return fmt.format_ratio(entry["median"] / other["median"])


def table(key, methods, native):
    """Markdown lines: one side-wise configuration ranked by median."""
    workload = key[0]
    order = ranked(methods)
    if not order:
        return []
    fastest, pext = order[0], methods.get(PEXT)
    rows = [[rank, entry["method"], path_of(entry["method"], workload,
                                            native),
             fmt.format_ns(entry["median"]), sections.spread(entry),
             versus(entry, fastest), versus(entry, pext),
             fmt.format_rate(entry["mlookups"]),
             fmt.format_bytes(entry["table_bytes"])]
            for rank, entry in enumerate(order, 1)]
    unit = UNIT[workload]
    header = ["#", "method", "path", f"ns/{unit}", "MAD %", "vs fastest",
              "vs pext", RATE[workload], "table"]
    lines = [f"### {fmt.describe_config(key)}", ""]
    lines += fmt.table(header, "rll" + "r" * (len(header) - 3), rows)
    lines += [""] + harness_line(methods, unit)
    mismatch = sections.checksum_mismatch(order)
    return lines + (["", mismatch] if mismatch else []) + [""]


def harness_line(methods, unit):
    baseline = methods.get(BASELINE)
    if baseline is None:
        return ["Harness (null backend): not run in this configuration."]
    return [f"Harness (null backend): {fmt.format_ns(baseline['median'])} "
            f"ns/{unit}: its loop composes each answer from no-op lookups, "
            "one per slider, a cost the composed methods' figures include "
            "and a native path does not pay."]


def fills(methods, native):
    """The methods of a sets configuration that answer it natively."""
    if not native:
        return []
    return [entry["method"] for entry in ranked(methods)
            if "sets" in native.get(entry["method"], [])]


def rank_columns(grouped):
    """(label, {method: rank}, count, methods) of the batched sets table
    and of each one-square table the run has."""
    columns = []
    for label, key in [("sets", config("sets"))] + [
            (label, one_square_config(workload))
            for workload, label in ONE_SQUARE]:
        methods = grouped.get(key)
        if methods and ranked(methods):
            columns.append((label, *ranks(methods), methods))
    return columns


def claim_table(names, columns):
    """Markdown lines: each fill's rank and ratio to pext per column."""
    header, rows = ["method"], []
    for label, _, count, _ in columns:
        header += [f"{label}: rank of {count}", f"{label}: vs pext"]
    for name in names:
        cells = [f"`{name}`"]
        for _, by_rank, _, methods in columns:
            cells += [by_rank.get(name, "-"),
                      versus(methods.get(name), methods.get(PEXT))]
        rows.append(cells)
    return fmt.table(header, "l" + "r" * (len(header) - 1), rows)


def verdict(sets, native):
    """The sentence that answers the claim from the batched sets table."""
    order = ranked(sets)
    fastest_fill = next(entry for entry in order
                        if "sets" in native.get(entry["method"], []))
    composed = [entry for entry in order
                if "sets" not in native.get(entry["method"], [])]
    if not composed:
        return "Every method of this run answers `sets` natively."
    best = composed[0]
    ratio = fmt.format_ratio(fastest_fill["median"] / best["median"])
    if order[0] is fastest_fill:
        return (f"On this run the claim holds: the fastest method on `sets` "
                f"is a fill, `{fastest_fill['method']}`, at {ratio} the "
                f"time of the fastest composed method, `{best['method']}`.")
    return (f"On this run the claim does not hold: a composed method, "
            f"`{best['method']}`, is the fastest on `sets`; the fastest "
            f"fill, `{fastest_fill['method']}`, takes {ratio} its time.")


def median_rank(names, by_rank):
    import statistics  # here, not at start: only the claim section needs it
    values = [by_rank[name] for name in names if name in by_rank]
    return f"{statistics.median(values):g}" if values else "-"


def seed_claim(grouped, native):
    """Markdown lines answering seed 002's set-wise claim from one run's
    rows: where the methods with a set-wise entry (the fills) rank on the
    sets workload and one square at a time.  [] without sets rows."""
    sets = grouped.get(config("sets"))
    if not sets or not ranked(sets):
        return []
    lines = ["### Seed 002's set-wise claim, measured", ""]
    if native is None:
        return lines + ["Which methods answer `sets` natively is not known: "
                        "give scripts/results/report the output of `attackbench "
                        "--list` (`--list FILE`).", ""]
    names = fills(sets, native)
    if not names:
        return lines + ["No method of this run answers `sets` natively "
                        "(no set-wise entry was measured).", ""]
    columns = rank_columns(grouped)
    lines += [f"Seed 002 says Dumb7Fill \"works set-wise\": the whole set "
              f"of a side's sliders is the generator of one fill. The "
              f"{len(names)} methods with a set-wise entry (the fills), "
              "ranked on that job (`sets`, batched, one thread) and one "
              "square at a time (the queen, batched, one thread, on random "
              "occupancies and on the positions):", ""]
    lines += claim_table(names, columns) + [""]
    medians = [f"{median_rank(names, by_rank)} of {count} ({label})"
               for label, by_rank, count, _ in columns]
    lines.append("The fills' median rank: " + "; ".join(medians) + ". "
                 + verdict(sets, native))
    return lines + [""] + sides_note(grouped, native)


def sides_note(grouped, native):
    """A sentence on the fastest multi-square kernel against pext on the
    batched sides workload, when the run has both."""
    sides = grouped.get(config("sides"))
    if not sides or PEXT not in sides or not native:
        return []
    by_rank, count = ranks(sides)
    kernels = [entry for entry in ranked(sides)
               if "sides" in native.get(entry["method"], [])]
    if not kernels:
        return []
    kernel, pext = kernels[0], sides[PEXT]
    return [f"On `sides` (batched, one thread) the fastest multi-square "
            f"kernel, `{kernel['method']}`, ranks {by_rank[kernel['method']]} "
            f"of {count} and delivers "
            f"{fmt.format_ratio(pext['median'] / kernel['median'])} pext's "
            f"slider sets per second ({fmt.format_rate(kernel['mlookups'])} "
            f"against {fmt.format_rate(pext['mlookups'])} M/s); pext ranks "
            f"{by_rank[PEXT]}.", ""]


def claim_sentence(grouped, native):
    """One sentence for the README: where the fills rank on sets and one
    square at a time in one run; "" when the run cannot tell."""
    sets = grouped.get(config("sets"))
    names = fills(sets, native) if sets else []
    if not names:
        return ""
    columns = rank_columns(grouped)
    best = names[0]
    places = []
    for label, by_rank, count, methods in columns:
        ratio = versus(methods.get(best), methods.get(PEXT))
        places.append(f"{by_rank.get(best, '-')} of {count} on {label} "
                      f"({ratio} pext's time)")
    medians = ", ".join(f"{median_rank(names, by_rank)} on {label}"
                        for label, by_rank, _, _ in columns)
    return (f"the fastest fill, `{best}`, ranks " + "; ".join(places)
            + f". The {len(names)} fills' median rank: {medians}. "
            + verdict(sets, native))
