"""Adjacent pairs and whole-run shifts: the pairing that the comparisons of
several programs share (compilers, peer-comparison).

A whole process can run slower than its neighbours for every method at
once (where its tables landed, the clock of the moment), and nothing inside
it can see that.  So the programs compared are run one after the other in
short runs, the order reversed from one run to the next (A B, B A, A B ...),
and each figure compared is a ratio within one run, its median over the
runs the figure reported.

A run is a dictionary {series: {method: figure}}: one process of each
series (a build, the peer, a build in one layout), taken one after the
other.  Entries whose value is not a dictionary (a count) are no series.
A series' process moved as a whole when at least SHIFT_SHARE of its rows
lie more than SHIFT_LIMIT away from the median of the same series in the
other runs, all in one direction; take_runs takes such a run again, a
bounded number of times, and says which it took again and why."""
import statistics
from dataclasses import dataclass

SHIFT_LIMIT = 1.10
SHIFT_SHARE = 0.80
MINIMUM_RUNS = 3
MINIMUM_ROWS = 3


@dataclass
class Shift:
    """One series of one run that moved as a whole against the others."""
    run: int  # from 0
    series: str
    factor: float  # the median over its rows of figure / median of the other runs
    moved: int  # rows beyond the limit, in the factor's direction
    rows: int


def first_goes_first(run_index):
    """Whether the run of that index takes the first program first (A B,
    B A, A B, ...: an advantage of going first or second cancels)."""
    return run_index % 2 == 0


def in_turn(run_index, programs):
    """The programs in the order that run takes them."""
    return list(programs) if first_goes_first(run_index) else list(reversed(programs))


def per_run(runs, figure):
    """figure(run) for every run where it is not None."""
    values = (figure(run) for run in runs)
    return [value for value in values if value is not None]


def median_and_range(values):
    """(median, lowest, highest) of the values, or None for none."""
    if not values:
        return None
    return statistics.median(values), min(values), max(values)


def ratio(top, bottom):
    return None if top is None or bottom is None or bottom == 0 else top / bottom


def series_names(runs):
    names = {}
    for run in runs:
        names.update((name, None) for name, rows in run.items() if isinstance(rows, dict))
    return list(names)


def row_ratios(runs, index, series):
    """Each row of runs[index][series] over the median of the same row in
    the other runs."""
    ratios = []
    for method, value in runs[index].get(series, {}).items():
        others = [run[series][method] for other, run in enumerate(runs)
                  if other != index and isinstance(run.get(series), dict) and method in run[series]]
        reference = statistics.median(others) if others else 0
        if value > 0 and reference > 0:
            ratios.append(value / reference)
    return ratios


def shift_of(ratios, limit=SHIFT_LIMIT, share=SHIFT_SHARE):
    """(factor, rows moved) when the rows moved together, else None."""
    if len(ratios) < MINIMUM_ROWS:
        return None
    up = sum(1 for value in ratios if value > limit)
    down = sum(1 for value in ratios if value < 1 / limit)
    moved = max(up, down)
    if moved < share * len(ratios):
        return None
    return statistics.median(ratios), moved


def whole_run_shifts(runs, limit=SHIFT_LIMIT, share=SHIFT_SHARE):
    """Every series of every run that moved as a whole; none below
    MINIMUM_RUNS runs, where no majority says what is usual."""
    if len(runs) < MINIMUM_RUNS:
        return []
    shifts = []
    for series in series_names(runs):
        for index in range(len(runs)):
            ratios = row_ratios(runs, index, series)
            found = shift_of(ratios, limit, share)
            if found:
                shifts.append(Shift(index, series, found[0], found[1], len(ratios)))
    return shifts


def take_runs(count, take_run, retakes=2, limit=SHIFT_LIMIT, share=SHIFT_SHARE):
    """count runs of take_run(index), then each run with a series that
    moved as a whole taken again (the whole run: its pair), at most
    retakes times an index.  Returns (runs, retaken, left): the Shifts that
    caused a retake, and those the final runs still have."""
    runs = [take_run(index) for index in range(count)]
    taken_again = [0] * count
    retaken = []
    while True:
        shifts = whole_run_shifts(runs, limit, share)
        due = sorted({shift.run for shift in shifts if taken_again[shift.run] < retakes})
        if not due:
            return runs, retaken, shifts
        retaken += [shift for shift in shifts if shift.run in due]
        for index in due:
            taken_again[index] += 1
            runs[index] = take_run(index)


def describe(shift, run_word="run", label=None):
    """'pair 2, its gcc run: 0.61x the other gcc runs' figures on 40 of 40
    rows'."""
    name = label(shift.series) if label else shift.series
    return (f"{run_word} {shift.run + 1}, its {name} run: {shift.factor:.2f}x the other {name} runs' figures "
            f"on {shift.moved} of {shift.rows} rows")


def retake_sentences(retaken, run_word="run", label=None):
    """A sentence per run taken again, counting the retakes of each."""
    taken = {}
    sentences = []
    for shift in retaken:
        key = shift.run, shift.series
        taken[key] = taken.get(key, 0) + 1
        sentences.append(f"Retaken: {describe(shift, run_word, label)} (retake {taken[key]}).")
    return sentences


def shift_sentences(count, retaken, left, run_word="run", label=None):
    """What the check found, as sentences for a report or a page."""
    if count < MINIMUM_RUNS:
        return [f"With {count} {run_word}{'' if count == 1 else 's'} no whole-run shift can be seen "
                f"(it takes {MINIMUM_RUNS}, so that the others say what is usual)."]
    rule = (f"a program's run moved as a whole when {SHIFT_SHARE:.0%} or more of its rows lay over "
            f"{SHIFT_LIMIT - 1:.0%} one way from the median of that program's runs in the other {run_word}s")
    sentences = retake_sentences(retaken, run_word, label)
    if left:
        sentences += [f"The figures rest on a shifted run: {describe(shift, run_word, label)}." for shift in left]
    elif not retaken:
        sentences.append(f"No {run_word} was retaken: none moved as a whole ({rule}).")
    else:
        sentences.append(f"After the retakes none moved as a whole ({rule}).")
    return sentences
