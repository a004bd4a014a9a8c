"""The engine's view for scripts/results/report: how far the isolated ranking
(random queens, batched: the benchmark's headline) predicts the ranking
inside perft, per perft setting (one thread, all threads, hash pressure),
as Spearman's rank correlation, and the methods whose rank moves most.
Also the paragraph of docs/findings.md that says it, written from the same
figures (no number typed by hand)."""

import attackbench_format as fmt

# The docs/findings.md block this module rewrites.
FINDINGS_START = "<!-- engine-view: written by scripts/results/report --findings; edit the script, not this block -->"
FINDINGS_END = "<!-- /engine-view -->"


def average_ranks(values):
    """Ranks 1..n of values (1 = smallest), ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda index: values[index])
    ranks = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def spearman(first, second):
    """Spearman's rho: Pearson's correlation of the average ranks; None
    with fewer than three pairs or no spread."""
    if len(first) < 3 or len(first) != len(second):
        return None
    x, y = average_ranks(first), average_ranks(second)
    mean = (len(x) + 1) / 2
    covariance = sum((a - mean) * (b - mean) for a, b in zip(x, y))
    spread = (sum((a - mean) ** 2 for a in x) * sum((b - mean) ** 2 for b in y)) ** 0.5
    return covariance / spread if spread > 0 else None


def setting_label(entry):
    """'1 thread', '2 processes', '1 thread, 64 MB hash, 32768 eval bytes'."""
    workers, noun = (entry["processes"], "process") if entry["processes"] > 1 \
        else (entry["threads"], "thread")
    words = [f"{workers} {noun}{'es' if noun == 'process' and workers > 1 else 's' if workers > 1 else ''}"]
    if entry["pressure_bytes"]:
        words.append(f"{fmt.format_buffer(entry['pressure_bytes'])} hash")
    if entry["eval_bytes"]:
        words.append(f"{entry['eval_bytes']} eval bytes")
    return ", ".join(words)


def isolated_times(run):
    """{method: ns per query} of random queens, batched, no pressure, one
    thread, all phases; empty when the run has none."""
    times = {}
    for (config, method), entry in run.bench.items():
        workload, piece, dispatch, mode, pressure, phase, threads, layout = config
        if (workload, piece, dispatch, pressure, phase, threads, layout) == ("random", "queen", "batch", 0, "all", 1,
                                                                            "queries") \
                and mode == "throughput" and method not in ("null", "reference") and entry["median"]:
            times[method] = entry["median"]
    return times


def compare_setting(times, rows):
    """The comparison of one perft setting with the isolated times: rho,
    the number of methods, and every method with both ranks, those that
    move most first."""
    speeds = {row["method"]: row["nps"] for row in rows
              if row["method"] in times and row["nps"] > 0}
    methods = sorted(speeds)
    if len(methods) < 3:
        return None
    isolated = [times[method] for method in methods]
    engine = [-speeds[method] for method in methods]
    rho = spearman(isolated, engine)
    isolated_rank, engine_rank = average_ranks(isolated), average_ranks(engine)
    moves = sorted(((engine_rank[i] - isolated_rank[i], methods[i], isolated_rank[i], engine_rank[i])
                    for i in range(len(methods))), key=lambda move: (-abs(move[0]), move[1]))
    tables = {row["method"]: row["table_bytes"] for row in rows}
    return {"rho": rho, "count": len(methods), "moves": moves, "tables": tables}


def comparisons(bench_runs, perft_runs):
    """[(compiler, setting label, comparison)] for every perft run whose
    compiler has an isolated run."""
    by_compiler = {}
    for run in bench_runs:
        times = isolated_times(run)
        if times:
            by_compiler.setdefault(run.compiler, times)
    found = []
    for run in perft_runs:
        times = by_compiler.get(run.compiler)
        if not times or not run.perft:
            continue
        result = compare_setting(times, run.perft)
        if result:
            found.append((run.compiler, setting_label(run.perft[0]), result))
    return found


def rank_text(rank):
    return f"{rank:g}"


def render(bench_runs, perft_runs):
    """The report's section, or [] when nothing can be compared."""
    found = comparisons(bench_runs, perft_runs)
    if not found:
        return []
    lines = ["## Isolated against in-engine rankings", "",
             "Spearman's rank correlation (rho; 1: the same order) between each "
             "method's rank alone (random queens, batched) and its rank inside "
             "perft, per perft setting; and the three methods whose rank moves "
             "most (rank alone -> rank in perft; 1 is the fastest).", ""]
    cells = []
    for compiler, label, result in found:
        movers = "; ".join(f"{method} {rank_text(alone)} -> {rank_text(inside)}"
                           for shift, method, alone, inside in result["moves"][:3] if shift) or "none"
        rho = "-" if result["rho"] is None else f"{result['rho']:.2f}"
        cells.append([compiler, label, str(result["count"]), rho, movers])
    lines += fmt.table(["compiler", "perft setting", "methods", "rho", "moves most"], "llrrl", cells)
    return lines + [""]


def findings(machine, bench_runs, perft_runs):
    """The docs/findings.md paragraph for one machine, or None."""
    found = comparisons(bench_runs, perft_runs)
    if not found:
        return None
    parts = []
    for compiler, label, result in found:
        if result["rho"] is None:
            continue
        top = result["moves"][0]
        direction = "falls" if top[0] > 0 else "rises"
        moved = (f"{top[1]} (tables {fmt.format_bytes(result['tables'].get(top[1]))}) {direction} most, "
                 f"{rank_text(top[2])} alone and {rank_text(top[3])} in perft") if top[0] else "no method moves"
        parts.append(f"{label} ({compiler}): rho {result['rho']:.2f} over {result['count']} methods; {moved}")
    if not parts:
        return None
    weakest = min((result["rho"], f"{label}, {compiler}") for compiler, label, result in found
                  if result["rho"] is not None)
    verdict = ("the isolated ranking predicts the in-engine one well in every setting measured"
               if weakest[0] >= 0.9 else
               f"the isolated ranking misleads most with {weakest[1]} (rho {weakest[0]:.2f})")
    return (f"On {machine}, {verdict}. " + "; ".join(parts) + ".")


def replace_block(text, machine, paragraph):
    """text with this machine's paragraph of the block between the markers
    replaced (the other machines' kept; the block added at the end when
    neither marker is there); None unless the markers are once each, the
    start first (a stray end marker made every run append a copy of the
    text after it, doubling the page)."""
    starts, ends = text.count(FINDINGS_START), text.count(FINDINGS_END)
    start, end = text.find(FINDINGS_START), text.find(FINDINGS_END)
    if (starts, ends) != (0, 0) and ((starts, ends) != (1, 1) or end < start):
        return None
    if start < 0:
        text, start = text.rstrip("\n") + "\n\n", len(text.rstrip("\n")) + 2
        text += FINDINGS_START + "\n" + FINDINGS_END + "\n"
        end = text.find(FINDINGS_END)
    inside = text[start + len(FINDINGS_START):end].strip("\n")
    kept = [part for part in inside.split("\n\n") if part and not part.startswith(f"On {machine},")]
    block = FINDINGS_START + "\n" + "\n\n".join(sorted(kept + [paragraph])) + "\n" + FINDINGS_END
    return text[:start] + block + text[end + len(FINDINGS_END):]
