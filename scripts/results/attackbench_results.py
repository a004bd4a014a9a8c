"""Reading attackbench results: the one CSV reader of the scripts.

scripts/results/report, scripts/results/plot, scripts/results/readme-results and scripts/results/results.sh
all read CSV files through this module, so they validate them the same way,
group rows by the same key and tell runs apart the same way.

  - read_file(path): one CSV (a benchmark or a perft CSV) as a list of Run;
    a malformed file, or one holding rows of two CPUs, raises ResultsError
    naming the file and the line.
  - CONFIG_COLUMNS: the grouping key, the columns that make one
    configuration (one table of `attackbench --format=table`).
  - Run: the rows of one run, identified by its file and start time and
    measured on one CPU with one compiler and one set of flags.
  - merge_files(output, parts): the parts of one `make results` run into
    one CSV, each configuration once.
  - read_manifest(path): the list of files one `make results` run wrote.

Columns are read by name; columns this module does not know are ignored.
Run as a program it offers the same to shell scripts (see main()).
Standard library only.
"""

import csv
import errno
import json
import math
import os
import re
import stat
import sys

# The grouping key: the rows of one configuration are compared with each
# other.  The C side groups by the same columns (same_group in
# src/results/output.c); tests/cli/report.sh checks that the two agree.
CONFIG_COLUMNS = ("workload", "piece", "dispatch", "mode", "pressure_bytes",
                  "phase", "threads", "layout")
# A run: one CPU, one compiler, one set of flags, one metric (ns, or counts
# such as instructions when the CSV says so).  Rows that differ in any of
# them are never compared as if they were one run.
SOURCE_COLUMNS = ("cpu", "compiler", "flags", "metric")

# The warnings (CSV column warnings) that say a row's own measurement was
# disturbed, as `attackbench compare` reads them.
DISTURBANCE_WARNINGS = {"cpu-contention", "canary-drift"}
BENCH_REQUIRED = ("method", "piece", "workload", "dispatch", "mode",
                  "ns_per_query_median")
# Perft speed columns, first found wins (a median over repetitions, when
# the CSV has one, before a single figure).
PERFT_SPEED_COLUMNS = ("nodes_per_second_median", "nodes_per_second")
# What a perft table shows and checks besides the speed.
PERFT_REQUIRED = ("method", "depth", "nodes")

BASELINE = "null"      # the harness: timed, never ranked
REFERENCE = "reference"


class ResultsError(Exception):
    """A problem with an input file; the message names file and line."""


# ---------------------------------------------------------------- fields

# The largest number a field may hold: a whole number fits the C reader's
# 64 bits; any other (a time, a rate) stays far from overflow when summed
# or divided, as the C reader bounds a sample (1e12 ns) and every figure
# attackbench writes is far below it.
WHOLE_LIMIT = (1 << 63) - 1
NUMBER_LIMIT = 1e15


def parse_number(text, kind, where, column):
    """A number from a CSV field; None for an empty field.  A count (kind
    int) is a whole number in decimal digits, as the C reader takes it
    (2.5 threads, or 1e3, is no count); any number finite and at most
    NUMBER_LIMIT."""
    text = (text or "").strip()
    if text == "":
        return None
    if kind is int:
        if not text.isascii() or not text.isdigit():
            raise ResultsError(f"{where}: column {column}: expected a whole "
                               f"number, not {text!r}")
        if len(text) > 19 or int(text) > WHOLE_LIMIT:
            raise ResultsError(f"{where}: column {column}: {text} is out "
                               f"of range (above {WHOLE_LIMIT})")
        return int(text)
    try:
        value = float(text)
    except ValueError:
        raise ResultsError(f"{where}: column {column}: not a number: "
                           f"{text!r}") from None
    if not math.isfinite(value):
        raise ResultsError(f"{where}: column {column}: not a finite "
                           f"number: {text!r}")
    if abs(value) > NUMBER_LIMIT:
        raise ResultsError(f"{where}: column {column}: {text} is out of "
                           f"range (above {NUMBER_LIMIT:g})")
    return value


def text_field(row, column):
    return (row.get(column) or "").strip()


# The longest line a result CSV may have, in characters: far above a row
# (its samples included), and a bound on what a file that is no CSV, such
# as /dev/zero or an endless line, makes the reader hold.
LINE_LIMIT = 1 << 22
# A field may be as long as a line: samples_ns of a run with many
# repetitions (--reps up to 100000, --target-spread's added rounds) is
# longer than the csv module's default limit of 131072 characters.
csv.field_size_limit(LINE_LIMIT)


def bounded_lines(handle, path):
    """The lines of an open CSV file, each refused as soon as it is read
    when it holds a NUL character (a binary file such as /dev/zero) or is
    longer than LINE_LIMIT."""
    number = 0
    while True:
        line = handle.readline(LINE_LIMIT + 1)
        if not line:
            return
        number += 1
        if "\0" in line:
            raise ResultsError(f"{path}: line {number}: a NUL byte: not a "
                               f"CSV file")
        if len(line) > LINE_LIMIT:
            raise ResultsError(f"{path}: line {number}: longer than "
                               f"{LINE_LIMIT} characters: not an "
                               f"attackbench CSV")
        yield line


# A control character (an escape sequence, a line break that would end a
# table row) in a field: attackbench writes none, and compare refuses them.
CONTROL_CHARACTER = re.compile("[\x00-\x1f\x7f]")


def refuse_control_characters(path, line, header, fields):
    """A field holding a control character is refused, shown escaped, so
    that neither the error line nor a report passes it to a terminal."""
    if not CONTROL_CHARACTER.search("".join(fields)):
        return
    for column, value in zip(header or fields, fields):
        if CONTROL_CHARACTER.search(value):
            shown = ascii(value)[1:-1]
            raise ResultsError(f"{path}: line {line}: {ascii(column)[1:-1]}: "
                               f"'{shown}' holds a control character")


def read_table(path):
    """Header and (line, row dict) pairs of one CSV file.  Every row must
    have as many fields as the header."""
    try:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            reader = csv.reader(bounded_lines(handle, path), strict=True)
            header = next(reader, None)
            names = unique_columns(path, header or [])
            rows = []
            for fields in reader:
                if not fields:
                    continue
                if header and len(fields) != len(header):
                    raise ResultsError(
                        f"{path}: line {reader.line_num}: {len(fields)} "
                        f"fields, the header has {len(header)}")
                refuse_control_characters(path, reader.line_num, header,
                                          fields)
                rows.append((reader.line_num, dict(zip(names, fields))))
    except FileNotFoundError:
        raise ResultsError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ResultsError(f"{path}: is a directory, not a CSV file") from None
    except UnicodeDecodeError:
        raise ResultsError(f"{path}: not a text file (not UTF-8)") from None
    except csv.Error as error:
        raise ResultsError(f"{path}: line {reader.line_num}: {error}") \
            from None
    except OSError as error:
        raise ResultsError(f"{path}: cannot read: {error.strerror}") from None
    if not header:
        raise ResultsError(f"{path}: empty file, expected an attackbench "
                           f"CSV header")
    return names, rows


def unique_columns(path, header):
    """The header's column names, spaces around them dropped (for the row
    keys as for the column checks); a name given twice is refused, as the
    C reader refuses it: which of the two would be the row's value?"""
    names = [name.strip() for name in header]
    # Each name's first column, looked up in a dict: a search of the names
    # before each one took minutes on a header of 200,000 columns (a line
    # may hold 4 MiB).
    first_column = {}
    for index, name in enumerate(names):
        if name in first_column:
            raise ResultsError(f"{path}: line 1: column {ascii(name)[1:-1]!r}"
                               f" appears twice (columns "
                               f"{first_column[name] + 1} and {index + 1})")
        first_column[name] = index
    return names


def missing_columns(header, required):
    return [name for name in required if name not in header]


# ------------------------------------------------------------------ rows

def bench_entry(row, where):
    """One benchmark row as a dict with typed fields."""
    for column in BENCH_REQUIRED:
        if not text_field(row, column):
            raise ResultsError(f"{where}: column {column} is empty")

    def number(column, kind=float):
        return parse_number(row.get(column), kind, where, column)

    threads = number("threads", int)
    # Files written before --threads: one thread.
    threads = 1 if threads is None else threads
    entry = {name: text_field(row, name) for name in
             ("method", "piece", "workload", "dispatch", "mode")}
    entry.update({
        "pressure": number("pressure_bytes", int) or 0,
        "phase": text_field(row, "phase") or "all",
        "threads": threads,
        # Files written before --layout: the queries layout.
        "layout": text_field(row, "layout") or "queries",
        "median": number("ns_per_query_median"),
        "mad": number("ns_per_query_mad"),
        "ticks_min": number("ticks_per_query_min"),
        "ticks": number("ticks_per_query_median"),
        "mlookups": number("mlookups_per_s"),
        "harness": number("harness_ns_per_query"),
        "table_bytes": number("table_bytes", int),
        "init_ms": number("init_ms"),
        "hit_rate": number("hit_rate"),
        "queries": number("queries", int),
        # Repetitions: a row of none measured nothing.
        "reps": number("reps", int),
        "checksum": text_field(row, "checksum") or None,
        # Flagged by the run: other work on the measuring CPU, or the
        # harness changing speed (docs/measurement.md).
        "disturbed": bool(DISTURBANCE_WARNINGS & set(
            (text_field(row, "warnings") or "").split())),
        "where": where,
    })
    # The clock's rate is context, but a rate that is no number is no
    # attackbench CSV.
    check_bounds({"tsc_ghz": number("tsc_ghz")}, where,
                 not_negative(("tsc_ghz", "tsc_ghz")))
    # (A count, such as pressure_bytes, is never below 0: parse_number.)
    # A median above 0 is also a time a sample may be (MIN_SAMPLE, as
    # compare reads samples_ns): one of 1e-320 ns made every other
    # method's "vs fastest" infx.
    check_bounds(entry, where, (("median", "ns_per_query_median", 0, True),
                                ("median", "ns_per_query_median", MIN_SAMPLE, False),
                                ("threads", "threads", 1, False),
                                ("reps", "reps", 1, False))
                 + not_negative(("mad", "ns_per_query_mad"),
                                ("ticks_min", "ticks_per_query_min"),
                                ("ticks", "ticks_per_query_median"),
                                ("mlookups", "mlookups_per_s"),
                                ("harness", "harness_ns_per_query"),
                                ("init_ms", "init_ms"), ("hit_rate", "hit_rate")))
    check_samples(row, where)
    if entry["mlookups"] is None:  # the median is above 0 (check_bounds)
        entry["mlookups"] = threads * 1000.0 / entry["median"]
    return entry


# A repetition's ns/query, as attackbench compare reads samples_ns
# (parse_samples in src/results/result_file.c): decimals from MIN_SAMPLE
# to MAX_SAMPLE, one space between two, no sign, inf or nan.
MIN_SAMPLE = 1e-6
MAX_SAMPLE = 1e12
SAMPLE = re.compile(r"[0-9.][0-9.eE+-]*")


def check_samples(row, where):
    """Refuses a samples_ns that attackbench compare would refuse (a
    word, a negative or zero time, an empty cell, a space before the
    first time or two between times; one space after the last is read,
    as parse_samples reads it): a file one tool reads and another refuses
    is no file to publish.  A missing column is left to the columns the
    scripts read (files written before samples_ns), and so is the row of
    an instruction count, refused as such."""
    text = row.get("samples_ns")
    if text is None or text_field(row, "metric") == "instructions":
        return  # a count's figure is in instructions_per_query
    if not text:
        raise ResultsError(f"{where}: column samples_ns is empty")
    words = (text[:-1] if text.endswith(" ") else text).split(" ")
    if not all(is_sample(word) for word in words):
        raise ResultsError(f"{where}: column samples_ns: expected decimal "
                           f"numbers from 1e-6 to 1e12 separated by "
                           f"spaces, not "
                           f"{ascii(text[:40])[1:-1]!r}")


def is_sample(word):
    """Whether one word of samples_ns is a repetition's time."""
    if not SAMPLE.fullmatch(word):
        return False
    try:
        return MIN_SAMPLE <= float(word) <= MAX_SAMPLE
    except ValueError:
        return False


def check_bounds(entry, where, bounds):
    """Each (key, column, minimum, strictly) of `bounds`: the entry's value
    at least the minimum (above it when strictly), or ResultsError: a time
    of 0 or below, a negative count, would rank or group rows falsely."""
    for key, column, minimum, strictly in bounds:
        value = entry.get(key)
        if value is None or value > minimum or (value == minimum
                                                and not strictly):
            continue
        raise ResultsError(f"{where}: column {column}: {value} is "
                           f"{'not above' if strictly else 'below'} "
                           f"{minimum}")


def not_negative(*keys):
    """check_bounds's bounds for (key, column) pairs that may be 0 but
    never below (a time, a rate)."""
    return tuple((key, column, 0, False) for key, column in keys)


def perft_entry(row, where):
    """One perft row as a dict with typed fields."""
    if not text_field(row, "method"):
        raise ResultsError(f"{where}: column method is empty")
    speed_column = next(name for name in PERFT_SPEED_COLUMNS if name in row)
    nps = parse_number(row.get(speed_column), float, where, speed_column)
    if nps is None:
        raise ResultsError(f"{where}: column {speed_column} is empty")
    # A depth per position (an EPD file's own) is written "mixed".
    depth = text_field(row, "depth")
    if depth != "mixed" and not re.fullmatch(r"0*[1-9][0-9]*", depth):
        raise ResultsError(f"{where}: column depth: {depth or 'empty'!r} is "
                           f"not a depth (a whole number from 1, or mixed)")
    entry = {"method": text_field(row, "method"), "nps": nps,
             "depth": text_field(row, "depth"),
             "positions": text_field(row, "positions"), "where": where}
    for column, kind in (("nodes", int), ("seconds", float),
                         ("table_bytes", int), ("init_ms", float),
                         ("threads", int), ("processes", int),
                         ("pressure_bytes", int), ("eval_bytes", int),
                         ("scaling", float)):
        entry[column] = parse_number(row.get(column), kind, where, column)
    # Files written before perft took --threads: one thread, nothing else.
    for column, default in (("threads", 1), ("processes", 1),
                            ("pressure_bytes", 0), ("eval_bytes", 0)):
        if entry[column] is None:
            entry[column] = default
    check_bounds(entry, where, (("nps", speed_column, 0, True),
                                ("nodes", "nodes", 0, True),
                                ("seconds", "seconds", 0, True),
                                ("threads", "threads", 1, False),
                                ("processes", "processes", 1, False))
                 + not_negative(("init_ms", "init_ms")))
    return entry


def config_of(entry):
    """The grouping key of a benchmark entry, in CONFIG_COLUMNS order."""
    return (entry["workload"], entry["piece"], entry["dispatch"],
            entry["mode"], entry["pressure"], entry["phase"],
            entry["threads"], entry["layout"])


# ------------------------------------------------------------------ runs

class Run:
    """The rows of one run: one file, one start time, one CPU, compiler and
    set of flags.  bench maps (config, method) to an entry; perft is a list."""

    def __init__(self, path, source, start):
        self.path = path
        self.cpu, self.compiler, self.flags, self.metric = source
        self.start = start
        self.context = {}
        self.bench = {}
        self.perft = []

    @property
    def source(self):
        return (self.cpu, self.compiler, self.flags, self.metric)

    def name(self):
        """The file name without directory and .csv."""
        base = os.path.basename(self.path)
        return base[:-4] if base.endswith(".csv") else base

    def note_context(self, row):
        for name in ("host", "cpu", "cpu_vendor", "cpu_family", "cpu_model",
                     "compiler", "flags", "timer", "tsc_ghz",
                     "timestamp", "reps", "seed", "positions", "pin_cpu"):
            value = text_field(row, name)
            if value and name not in self.context:
                self.context[name] = value
        # The random stream's length (its default changed on 2026-12-01).
        queries = text_field(row, "queries")
        if queries and text_field(row, "workload") == "random" \
                and "random_queries" not in self.context:
            self.context["random_queries"] = queries

    def add_bench(self, entry):
        key = (config_of(entry), entry["method"])
        first = self.bench.get(key)
        if first is not None:
            raise ResultsError(
                f"{entry['where']}: a second row for {entry['method']} in "
                f"the configuration of {first['where']} (one run measures "
                f"a configuration once: keep separate runs in separate "
                f"files)")
        self.bench[key] = entry

    def add_perft(self, entry):
        """A perft row, refused when it repeats a method's setting or counts
        other nodes than another method at the same positions and depth (a
        move generator that is wrong must not be ranked)."""
        setting = ("positions", "depth", "threads", "processes",
                   "pressure_bytes", "eval_bytes")
        for other in self.perft:
            same_search = all(other[name] == entry[name]
                              for name in ("positions", "depth"))
            if same_search and other["nodes"] != entry["nodes"]:
                raise ResultsError(
                    f"{entry['where']}: {entry['method']} counts "
                    f"{entry['nodes']} nodes at depth {entry['depth']}, "
                    f"{other['method']} {other['nodes']} ({other['where']}):"
                    f" one of the move generators is wrong")
            if other["method"] == entry["method"] and all(
                    other[name] == entry[name] for name in setting):
                raise ResultsError(
                    f"{entry['where']}: a second row for {entry['method']} "
                    f"in the setting of {other['where']} (one run measures "
                    f"a setting once)")
        self.perft.append(entry)

    def configs(self):
        """{config: {method: entry}} of the benchmark rows."""
        grouped = {}
        for (config, method), entry in self.bench.items():
            grouped.setdefault(config, {})[method] = entry
        return grouped


def source_of(row):
    return tuple(text_field(row, column) for column in SOURCE_COLUMNS)


# The columns that name the CPU a row was measured on.
CPU_COLUMNS = ("cpu", "cpu_vendor", "cpu_family", "cpu_model")


def cpu_shown(row):
    """The CPU of a row as the error names it: the brand string, with
    vendor, family and model when the row has them."""
    brand, *rest = (text_field(row, column) for column in CPU_COLUMNS)
    shown = f"'{ascii(brand)[1:-1] or 'no cpu'}'"
    if any(rest):
        shown += f" ({' '.join(ascii(value)[1:-1] for value in rest)})"
    return shown


def refuse_second_cpu(placed):
    """placed: (path, line, row) triples, of one file or of the parts of
    one.  A row measured on another CPU than the first is refused, both
    CPUs named: a file holds one machine's runs (attackbench compare
    refuses such a file, and plot names its runs alike), machines go in
    files of their own."""
    first = None
    for path, line, row in placed:
        cpu = tuple(text_field(row, column) for column in CPU_COLUMNS)
        if first is None:
            first = (path, line, row, cpu)
        elif cpu != first[3]:
            first_where = f"line {first[1]}" if first[0] == path \
                else f"{first[0]}: line {first[1]}"
            raise ResultsError(f"{path}: line {line}: measured on "
                               f"{cpu_shown(row)}, {first_where} on "
                               f"{cpu_shown(first[2])}: one CPU per file "
                               f"(keep each machine's runs in a file of "
                               f"its own)")


def refuse_device_rows(path, header, rows):
    """A --device run's CSV (docs/gpu.md: rows of launches, no threads,
    another clock) is named as such, not read as CPU rows of one thread,
    as attackbench compare names it."""
    if "device" not in header:
        return
    for _, row in rows:
        if text_field(row, "device") not in ("", "cpu"):
            raise ResultsError(f"{path}: the output of a --device run: the "
                               f"scripts read the CPU benchmark's CSV "
                               f"(device rows are launches timed by OpenCL "
                               f"events; docs/gpu.md)")


def refuse_count_rows(path, header, rows):
    """An instruction count's CSV (--count=instructions: no times, a
    metric of instructions) is named as such, not refused for its empty
    time columns; attackbench compare reads it."""
    if "metric" not in header:
        return
    for _, row in rows:
        if text_field(row, "metric") == "instructions":
            raise ResultsError(f"{path}: an instruction count "
                               f"(--count=instructions): the scripts read "
                               f"timed runs' CSVs; attackbench compare "
                               f"compares counts")


def refuse_parameter_rows(path, rows):
    """A row whose backend ran with --param (column parameters, empty for
    the defaults; absent from files written before it) measured something
    other than the method's name says, and the scripts key rows by that
    name: refused, as one line naming it, rather than mixed with the
    method's default rows.  attackbench compare tells parameters apart."""
    for line, row in rows:
        parameters = text_field(row, "parameters")
        if parameters:
            raise ResultsError(f"{path}: line {line}: "
                               f"{text_field(row, 'method')} ran with "
                               f"--param {ascii(parameters)[1:-1]}: the "
                               f"scripts read runs of the methods' "
                               f"defaults; attackbench compare tells "
                               f"parameters apart")


def read_file(path):
    """The runs of one CSV file, in order of first appearance.  A file
    written by one attackbench command holds one run; the merged file of
    `make results` holds one run per compiler.  A file whose rows start at
    several times holds one run per start time, unless it is one run's
    parts merged by merge_files (then each configuration appears once)."""
    return runs_of(path, *read_table(path))


def runs_of(path, header, rows):
    """The runs of read_table's header and rows of `path` (read_file's
    work, for a reader that checks the header itself first)."""
    refuse_device_rows(path, header, rows)
    refuse_count_rows(path, header, rows)
    refuse_parameter_rows(path, rows)
    is_perft = "method" in header \
        and any(name in header for name in PERFT_SPEED_COLUMNS) \
        and bool(missing_columns(header, BENCH_REQUIRED))
    if is_perft:
        missing = missing_columns(header, PERFT_REQUIRED)
        if missing:
            raise ResultsError(f"{path}: not an attackbench perft CSV: "
                               f"missing column(s) {', '.join(missing)}")
    else:
        missing = missing_columns(header, BENCH_REQUIRED)
        if missing:
            raise ResultsError(f"{path}: not an attackbench CSV: missing "
                               f"column(s) {', '.join(missing)}")
    refuse_second_cpu((path, line, row) for line, row in rows)
    split_by_time = not is_perft and repeats_configuration(path, rows)
    runs = {}
    for line, row in rows:
        where = f"{path}: line {line}"
        entry = perft_entry(row, where) if is_perft else bench_entry(row,
                                                                     where)
        start = text_field(row, "timestamp")
        key = source_of(row) + ((start,) if split_by_time else ())
        run = runs.get(key)
        if run is None:
            run = runs[key] = Run(path, source_of(row), start)
        run.start = min(run.start, start) if run.start else start
        run.note_context(row)
        if is_perft:
            run.add_perft(entry)
        else:
            run.add_bench(entry)
    return list(runs.values())


def repeats_configuration(path, rows):
    """Whether some source measured some configuration and method twice in
    this file at different start times (runs appended to one file)."""
    seen = {}
    for line, row in rows:
        where = f"{path}: line {line}"
        key = source_of(row) + (config_of(bench_entry(row, where)),
                                text_field(row, "method"))
        start = text_field(row, "timestamp")
        if key in seen and seen[key] != start:
            return True
        seen.setdefault(key, start)
    return False


def check_ranked_methods(runs):
    """Refuses a run whose only benchmark rows are the harness's (null):
    its tables and charts would be empty."""
    for run in runs:
        if run.bench and not run.perft and all(
                method == BASELINE for _, method in run.bench):
            raise ResultsError(f"{run.path}: only {BASELINE} (harness) rows:"
                               f" no method to rank")


def read_files(paths):
    """Every run of every file, in order."""
    runs = []
    for path in paths:
        runs.extend(read_file(path))
    return runs


# ---------------------------------------------------------------- merging

def merge_files(output, parts):
    """The CSVs of one `make results` build into one file: the parts'
    header must agree; a configuration and method that two parts measured
    (such as phase "all" of the pieces workload) is kept from the first
    part.  Parts without a data row between them are refused, as every
    command refuses such a file, and so are parts measured on two CPUs.
    Returns the descriptions of the rows left out, but for the phase "all"
    rows of a --phase run (a part with rows of other phases), which repeat
    the run before it by design: naming them warned on every make results."""
    header, kept, seen, dropped, placed = None, [], {}, [], []
    for part in parts:
        part_header, rows = read_table(part)
        missing = missing_columns(part_header, BENCH_REQUIRED)
        if missing:
            kind = ("a perft CSV" if not missing_columns(part_header, PERFT_REQUIRED)
                    else "not a benchmark CSV")
            raise ResultsError(f"{part}: line 1: {kind}, no column "
                               f"{missing[0]}: merge takes benchmark CSVs")
        refuse_parameter_rows(part, rows)
        phase_run = any(row.get("phase", "all") != "all" for _, row in rows)
        if header is None:
            header = part_header
        elif part_header != header:
            raise ResultsError(f"{part}: line 1: another CSV header than "
                               f"{parts[0]}'s")
        for line, row in rows:
            where = f"{part}: line {line}"
            placed.append((part, line, row))
            key = (config_of(bench_entry(row, where)),
                   text_field(row, "method"))
            if key in seen:
                if not (phase_run and row.get("phase") == "all"):
                    dropped.append(f"{where}, kept {seen[key]}")
                continue
            seen[key] = where
            kept.append([row.get(name, "") for name in header])
    if not kept:
        raise ResultsError(f"{parts[0]}: no data rows" if len(parts) == 1
                           else f"no data rows in any of the {len(parts)} "
                           f"parts ({', '.join(parts)})")
    refuse_second_cpu(placed)

    def write(handle):
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(kept)
    write_replacing(output, write)
    return dropped


# -------------------------------------------------------------- machines

def cpu_identity(cpuinfo_text, row=None):
    """Vendor, family, model and brand string of a CPU.  A CSV row's own
    columns win (cpu: the CPUID brand; cpu_vendor, cpu_family, cpu_model
    when the tool writes them); /proc/cpuinfo fills in the rest."""
    fields = {}
    for line in cpuinfo_text.splitlines():
        name, _, value = line.partition(":")
        name = name.strip()
        if name and name not in fields:
            fields[name] = value.strip()
    identity = {
        "vendor": fields.get("vendor_id", "") or "unknown vendor",
        "family": fields.get("cpu family", "unknown"),
        "model": fields.get("model", "unknown"),
        "brand": fields.get("model name", "unknown CPU")}
    row = row or {}
    for name, columns in (("brand", ("cpu",)),
                          ("vendor", ("cpu_vendor", "vendor")),
                          ("family", ("cpu_family", "family")),
                          ("model", ("cpu_model", "model"))):
        for column in columns:
            if text_field(row, column):
                identity[name] = text_field(row, column)
                break
    vendors = {"AuthenticAMD": "AMD", "GenuineIntel": "Intel"}
    identity["vendor"] = vendors.get(identity["vendor"], identity["vendor"])
    return identity


def program_machine(program):
    """The machine as attackbench itself names it: the "cpu:" and "cpu
    identity:" lines of `PROGRAM --version` (the CPUID brand, never
    /proc/cpuinfo's model name, which a hypervisor may set to another
    name), as cpu_identity's dictionary; None when the program cannot say."""
    import subprocess
    try:
        result = subprocess.run([program, "--version"], capture_output=True, text=True, errors="replace")
    except OSError:
        return None
    fields = dict(line.split(": ", 1) for line in result.stdout.splitlines() if ": " in line)
    words = fields.get("cpu identity", "").split()
    if result.returncode != 0 or "cpu" not in fields or len(words) != 5:
        return None
    vendors = {"AuthenticAMD": "AMD", "GenuineIntel": "Intel"}
    return {"brand": fields["cpu"], "vendor": vendors.get(words[0], words[0]), "family": words[2],
            "model": words[4]}


def machine_label(identity):
    """One identification, used in file names, reports and the README."""
    return (f"{identity['brand']} ({identity['vendor']} family "
            f"{identity['family']} model {identity['model']})")


def machine_slug(identity):
    return slug(f"{identity['brand']} family{identity['family']} "
                f"model{identity['model']}")


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "run"


# -------------------------------------------------------------- manifests

# A text input (an `attackbench --list` output, a findings file) is read
# whole; no such file is larger, and /dev/zero must not fill memory.
TEXT_LIMIT = 16 << 20


def read_text(path, newline=None):
    """The whole UTF-8 text of `path`, or ResultsError in one line; its
    line ends as written with newline="" (as open() takes it)."""
    try:
        with open(path, encoding="utf-8", newline=newline) as handle:
            text = handle.read(TEXT_LIMIT + 1)
    except OSError as error:
        raise ResultsError(f"{path}: cannot read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ResultsError(f"{path}: not UTF-8 text") from None
    if len(text) > TEXT_LIMIT:
        raise ResultsError(f"{path}: larger than {TEXT_LIMIT >> 20} MiB: "
                           "not a file this script reads")
    return text


def write_standard_output(text):
    """TEXT onto standard output, flushed at once, so that a closed pipe
    or a full disk is met here: ResultsError "standard output: cannot
    write: WHY", which every script prints as its one line with exit
    status 2, rather than a traceback (or Python's own complaint at exit:
    standard output then points to /dev/null, where nothing fails).  A
    script started with standard output closed (>&-) has none at all."""
    if sys.stdout is None:
        raise ResultsError(f"standard output: cannot write: "
                           f"{os.strerror(errno.EBADF)}")
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except OSError as error:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
        raise ResultsError(f"standard output: cannot write: "
                           f"{error.strerror}") from None


def same_file(path, other):
    """Whether two names are one existing file, through a symbolic or a
    hard link too."""
    try:
        return os.path.samefile(path, other)
    except (OSError, ValueError):
        return False


def check_output_path(option, path, inputs, reader="this report"):
    """Refuses an output that is one of the input files (named another
    way, through a link or a hard link too): an output must never replace
    what it is made from.  OPTION names the output on the command line
    ("-o", "--csv"; empty for a positional OUTPUT)."""
    for other in inputs:
        if other and same_file(path, other):
            shown = f"{option} {path}" if option else path
            raise ResultsError(f"{shown}: that is an input file of "
                               f"{reader}; it would be replaced")


def check_inputs_once(paths, why):
    """Refuses an input given twice (by another name, a link or a hard
    link too): its runs would be read twice; WHY says what that would do."""
    for index, path in enumerate(paths):
        for earlier in paths[:index]:
            if same_file(path, earlier):
                same = "given twice" if path == earlier \
                    else f"the same file as {earlier}"
                raise ResultsError(f"{path}: {same}: {why}")


def write_replacing(output, write):
    """write(handle) into `output` as the C tool writes its outputs
    (src/platform/output_file.c): a regular file, or a new one, is
    replaced atomically, so that a failed or interrupted write leaves the
    old file whole; a symbolic link is followed and its final target
    replaced, the link kept; anything else (/dev/stdout, /dev/null, a
    FIFO) is written straight through, never replaced.  An OSError names
    `output`; the temporary file never outlives a failure."""
    status = stat_or_none(output, output)
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR),
                                output)
    final, open_file = final_target(output)
    if status is not None and (open_file or not stat.S_ISREG(status.st_mode)):
        write_through(output, write)
    else:
        replace_file(output, final, write)


def final_target(path):
    """`path` followed through its symbolic links to the name to replace
    (a dangling link names the file it would create), and whether a link
    on the way was one of /proc's links to an open file (/dev/stdout when
    it is a file): that file is written into, since replacing it would cut
    away what was written to it through the open descriptor."""
    proc = os.lstat("/proc/self").st_dev if os.path.isdir("/proc/self") \
        else None
    open_file = False
    for _ in range(40):
        try:
            status = os.lstat(path)
        except FileNotFoundError:
            return path, open_file
        except OSError as error:
            raise OSError(error.errno, error.strerror, path) from None
        if not stat.S_ISLNK(status.st_mode):
            return path, open_file
        open_file = open_file or status.st_dev == proc
        # A relative target is relative to the link's folder.
        path = os.path.join(os.path.dirname(path), os.readlink(path))
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), path)


def write_through(output, write):
    """write(handle) into a device, a FIFO or an open file, opened without
    creating or cutting anything, after what this script printed."""
    sys.stdout.flush()
    try:
        descriptor = os.open(output, os.O_WRONLY | os.O_APPEND | os.O_NOCTTY)
        with open(descriptor, "w", newline="", encoding="utf-8") as handle:
            write(handle)
    except OSError as error:
        raise OSError(error.errno, error.strerror, output) from None


def stat_or_none(path, shown):
    """os.stat(path), None when there is no such file; another OSError
    names `shown`, the output as the user gave it."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise OSError(error.errno, error.strerror, shown) from None


def replace_file(output, final, write):
    """write(handle) into a new temporary file beside `final` (an
    unpredictable name, created with O_EXCL: nothing planted there is
    followed or consumed, and two runs never share it), synced, given the
    old file's permission bits (a new file's: 0666 less the umask), then
    renamed over `final`.  Removed on any failure, Ctrl-C included."""
    folder, name = os.path.split(final)
    old = stat_or_none(final, output)
    if old is not None and not os.access(final, os.W_OK):
        # As the C tool and sort -o: the rename would replace a file the
        # user may not write.
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), output)
    import tempfile  # here, not at start: most runs write nothing
    try:
        descriptor, temporary = tempfile.mkstemp(dir=folder or ".",
                                                 prefix=name + ".",
                                                 suffix=".tmp")
    except OSError as error:
        raise OSError(error.errno, error.strerror, output) from None
    try:
        with open(descriptor, "w", newline="", encoding="utf-8") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
            copy_permissions(handle.fileno(), old)
        os.replace(temporary, final)
    except BaseException as error:
        try:
            os.remove(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise OSError(error.errno, error.strerror, output) from None
        raise


def copy_permissions(descriptor, old):
    """The old file's owner (where allowed) and permission bits, or a new
    file's 0666 less the umask (mkstemp made it 0600)."""
    if old is not None:
        try:
            os.fchown(descriptor, old.st_uid, old.st_gid)
        except OSError:
            pass  # not allowed: the file becomes ours, as with any editor
        os.fchmod(descriptor, stat.S_IMODE(old.st_mode))
        return
    mask = os.umask(0)
    os.umask(mask)
    os.fchmod(descriptor, 0o666 & ~mask)


# A machine's slug and a date name a folder (results-merge): a name of
# its own, never a path.
FOLDER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def check_manifest_shape(path, manifest):
    """Each field of the type its readers use; the slug and date plain
    names.  Raises ResultsError naming the first field that is not."""
    if not isinstance(manifest, dict):
        raise ResultsError(f"{path}: not a manifest (a JSON object)")
    for name in ("machine", "bench"):
        if name not in manifest:
            raise ResultsError(f"{path}: no \"{name}\" in the manifest")
    shapes = {"machine": str, "slug": str, "date": str, "bench": list,
              "perft": list, "probes": list, "needs": dict, "native": dict,
              "plugins": list, "report": str, "sides_by_count": str,
              "note": str, "form": str, "cpus": int}
    kinds = {str: "string", list: "array", dict: "object", int: "integer"}
    for name, shape in shapes.items():
        value = manifest.get(name)
        if name in manifest and (not isinstance(value, shape)
                                 or isinstance(value, bool)):
            raise ResultsError(f"{path}: \"{name}\" is not a JSON "
                               f"{kinds[shape]}")
    if manifest.get("cpus", 1) < 1:
        raise ResultsError(f"{path}: \"cpus\" {manifest['cpus']} is not a "
                           "count of CPUs")
    for name in ("bench", "perft", "probes"):
        if not all(isinstance(file, str) for file in manifest.get(name, [])):
            raise ResultsError(f"{path}: \"{name}\" holds a value that is "
                               "not a file name")
        # A file named twice would be read, and listed, twice.
        seen = set()
        for file in manifest.get(name, []):
            if os.path.normpath(file) in seen:
                raise ResultsError(f"{path}: \"{name}\" names {file} twice")
            seen.add(os.path.normpath(file))
    # {method: [names]} (CPU features, side-wise workloads); [methods].
    for name in ("needs", "native"):
        for method, names in manifest.get(name, {}).items():
            if not (isinstance(names, list)
                    and all(isinstance(item, str) for item in names)):
                raise ResultsError(f"{path}: \"{name}\" of {method!r} is "
                                   "not an array of names")
    if not all(isinstance(method, str) for method in manifest.get("plugins", [])):
        raise ResultsError(f"{path}: \"plugins\" holds a value that is not "
                           "a method name")
    for name in ("slug", "date"):
        value = manifest.get(name)
        if value is not None and (not FOLDER_NAME.fullmatch(value)
                                  or ".." in value):
            raise ResultsError(f"{path}: \"{name}\" {value!r} is not a "
                               "plain name (letters, digits, '.', '_', '-')")
    check_manifest_values(path, manifest)


# The manifest layouts this code reads (results-tool manifest writes 1;
# manifests written before the field have none).
MANIFEST_SCHEMAS = (1,)


def check_manifest_values(path, manifest):
    """A known schema, a real ISO date, at least one benchmark CSV; raises
    ResultsError naming the field otherwise."""
    schema = manifest.get("schema")
    if schema is not None and (isinstance(schema, bool)
                               or schema not in MANIFEST_SCHEMAS):
        raise ResultsError(f"{path}: \"schema\" {schema!r} is not one this "
                           f"script reads ({', '.join(map(str, MANIFEST_SCHEMAS))})")
    date = manifest.get("date")
    if date is not None:
        import datetime  # here, not at start: only a manifest has a date
        try:
            valid = (re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", date)
                     and datetime.date.fromisoformat(date))
        except ValueError:
            valid = False
        if not valid:
            raise ResultsError(f"{path}: \"date\" {date!r} is not a date "
                               "(YYYY-MM-DD)")
    if not manifest["bench"]:
        raise ResultsError(f"{path}: \"bench\" names no CSV file")


def read_manifest(path):
    """The manifest `make results` writes beside its files: machine
    identity, the CSVs (paths made relative to the current directory),
    the methods' CPU needs."""
    try:
        with open(path, encoding="utf-8") as handle:
            manifest = json.load(handle)
    except OSError as error:
        raise ResultsError(f"{path}: cannot read: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise ResultsError(f"{path}: line {error.lineno}: not JSON: "
                           f"{error.msg}") from None
    except (UnicodeDecodeError, RecursionError, ValueError):
        raise ResultsError(f"{path}: not a manifest (not UTF-8 JSON, or "
                           "nested too deep)") from None
    check_manifest_shape(path, manifest)
    directory = os.path.dirname(path)
    # The names as the manifest gives them (results-merge copies a folder
    # and refuses a name outside it).
    manifest["names"] = {name: list(manifest.get(name, []))
                         for name in ("bench", "perft", "probes")}
    for name in ("bench", "perft", "probes"):
        manifest[name] = [os.path.join(directory, file)
                          for file in manifest.get(name, [])]
    manifest["path"] = path
    manifest.setdefault("needs", {})
    # Manifests written before --list named native paths have none.
    manifest.setdefault("native", {})
    # Manifests written before plugins were marked name none.
    manifest.setdefault("plugins", [])
    return manifest
