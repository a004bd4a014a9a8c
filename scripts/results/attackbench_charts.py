"""The gnuplot charts of scripts/results/plot.  Each chart is one gnuplot script and
one data file, run once per format (SVG, PNG); the scripts of one plot run
run in one gnuplot.  Standard library only."""

import math
import os

import attackbench_labels as labels

POINT_COLOUR = "#4477aa"
HARNESS_COLOUR = "#555555"
# Colours for the CPU features methods need and for the game phases, in
# order of first use (Paul Tol's bright scheme, safe for colour blindness).
# When a run has more feature sets than that, Paul Tol's muted scheme
# adds colours distinct from them.
FEATURE_COLOURS = ("#ee6677", "#228833", "#aa3377", "#ccbb44", "#66ccee",
                   "#000000", "#332288", "#999933", "#882255", "#44aa99")
PHASE_COLOURS = {"opening": "#4477aa", "middlegame": "#ee6677",
                 "endgame": "#228833"}


def chart_width(labels, heading, minimum=820, lines=()):
    """Pixels wide enough for the longest method label left of the plot
    and the longest title line (or other line of lines, such as the axis
    label) centred over the plot beside it (about 7.5 pixels a character
    at the charts' font sizes)."""
    label = max((len(str(text)) for text in labels), default=0)
    line = max(len(part) for text in (heading, *lines)
               for part in str(text).split("\n"))
    return max(minimum, int(7.5 * (label + line)) + 20)


# gnuplot gives each column of a key the width of its longest entry plus
# the sample and the gaps: about 7.2 pixels a character at the SVG's font
# size (measured on its output: 353 pixels for a 35-character entry).
KEY_CHARACTER_PIXELS, KEY_EXTRA_CHARACTERS = 7.2, 14


def key_layout(labels, heading, entries, lines=()):
    """(canvas width, gnuplot key command) for a chart whose key of
    entries stands above the plot, in as many columns as fit the plot's
    width: gnuplot centres the key over the plot and lets it run past
    the canvas when it is wider.  The canvas widens when one column does
    not fit beside the method labels."""
    label = max((len(str(text)) for text in labels), default=0)
    left = 7.5 * label + 20
    longest = max((len(str(text)) for text in entries), default=0)
    column = KEY_CHARACTER_PIXELS * (longest + KEY_EXTRA_CHARACTERS)
    width = max(chart_width(labels, heading, lines=lines),
                int(left + column + 40))
    columns = max(1, min(len(entries) or 1,
                         int((width - left - 40) // column)))
    rows = -(-len(entries) // columns)
    return width, ("set key outside top center horizontal reverse Left "
                   f"maxcols {columns}"), rows


def key_height(rows):
    """Pixels a key of rows takes beyond the three rows every chart's
    height allows for (18 pixels a row)."""
    return 18 * max(0, rows - 3)


def quote(text):
    """A gnuplot single-quoted string."""
    return "'" + str(text).replace("'", "''") + "'"


def title(text):
    """A gnuplot double-quoted string, so that "\\n" breaks the line.  A
    backquote is written as its octal escape: gnuplot runs the text
    between two backquotes of a command line as a shell command, even in
    a double-quoted string (a CPU named `cmd` in a CSV ran cmd)."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') \
        .replace("\n", "\\n").replace("`", "\\140") + '"'


def data_field(text):
    """A gnuplot data-file string field."""
    return '"' + str(text).replace('"', "'") + '"'


log_tics = labels.log_tics


def needs_text(features):
    return "needs " + "+".join(features) if features else "no special instructions"


def marked(colours, entry, with_needs=True):
    """A method's label: its name (with the features it needs), marked
    when it is a plugin's or when its run flagged it as disturbed (other
    work on the measuring CPU, or the harness changing speed)."""
    method = entry["method"]
    text = colours.name(method) if with_needs else method
    if method in colours.plugins:
        text += " (plugin)"
    if entry.get("disturbed"):
        text += " (disturbed)"
    return text


class FeatureColours:
    """A colour per set of CPU features, and which methods are plugins'."""

    def __init__(self, needs, plugins=()):
        self.needs = needs or {}
        self.plugins = set(plugins)
        # Colours by the sorted feature sets of every method, so that one
        # feature keeps its colour across the charts of a run.
        sets = sorted({tuple(features) for features in self.needs.values()
                       if features})
        self.colours = {features: FEATURE_COLOURS[index % len(
            FEATURE_COLOURS)] for index, features in enumerate(sets)}

    def of(self, method):
        features = tuple(self.needs.get(method, []))
        if not features:
            return POINT_COLOUR
        if features not in self.colours:
            self.colours[features] = FEATURE_COLOURS[
                len(self.colours) % len(FEATURE_COLOURS)]
        return self.colours[features]

    def name(self, method):
        """The method's name, with the features it needs in brackets."""
        features = self.needs.get(method, [])
        return f"{method} [{'+'.join(features)}]" if features else method

    def feature_sets(self, methods):
        """The feature sets among methods, sorted; none when every method
        needs nothing (no legend then)."""
        seen = []
        for method in methods:
            features = tuple(self.needs.get(method, []))
            if features not in seen:
                seen.append(features)
        if len(seen) < 2 and not any(seen):
            return []
        return sorted(seen)

    def legend_texts(self, methods):
        return [needs_text(features) for features in self.feature_sets(methods)]

    def legend(self, methods):
        """gnuplot plot clauses that draw one legend entry per feature set
        present among methods (and one for none)."""
        return [f"NaN with points pointtype 7 pointsize 1.2 linecolor rgb "
                f"'{self.of_features(features)}' title "
                f"{quote(needs_text(features))}"
                for features in self.feature_sets(methods)]

    def of_features(self, features):
        if not features:
            return POINT_COLOUR
        return self.colours.get(features, POINT_COLOUR)


class Charts:
    """The charts of one plot run.  draw() writes each chart's script and
    data; finish() runs them all in one gnuplot (a start of gnuplot and
    its fonts costs far more than most charts), then names the charts."""

    def __init__(self, directory, work, keep=None):
        self.directory = directory
        self.work = work
        self.keep = keep
        self.written = []
        self.queued = []  # (script path, [(dot name, chart's name)])

    def draw(self, name, width, height, body, data):
        """Writes the script of one chart (body, gnuplot commands, once per
        format) and its data (the text of the file the body reads as DATA),
        for finish() to run.  gnuplot writes each chart under a dot name
        beside it, renamed when gnuplot succeeds: a failed or interrupted
        run leaves the earlier charts whole, and no part of a new one (a
        kept script writes the dot names)."""
        work = self.keep or self.work
        data_path = os.path.join(work, name + ".dat")
        with open(data_path, "w", encoding="utf-8") as handle:
            handle.write(data)
        # pngcairo where this gnuplot has it (gnuplot-nox does), else png:
        # chosen by gnuplot itself, not by a gnuplot started to ask.
        script = [f"DATA = {quote(data_path)}",
                  "PNG_TERMINAL = strstrt(' ' . GPVAL_TERMINALS . ' ', "
                  "' pngcairo ') > 0 ? 'pngcairo' : 'png'"]
        outputs = []  # (the dot name gnuplot writes, the chart's name)
        for extension, terminal in (
                ("svg", f"svg size {width},{height} dynamic "
                        f"font 'sans,12' background rgb 'white' noenhanced"),
                ("png", f"@PNG_TERMINAL size {width},{height} "
                        f"font 'sans,10' background rgb 'white' noenhanced")):
            output = os.path.join(self.directory, f"{name}.{extension}")
            partial = os.path.join(self.directory,
                                   f".{name}.{extension}.partial")
            script += ["reset", f"set terminal {terminal}",
                       f"set output {quote(partial)}"] + body + ["unset output"]
            outputs.append((partial, output))
        script_path = os.path.join(work, name + ".gp")
        with open(script_path, "w", encoding="utf-8") as handle:
            handle.write("\n".join(script) + "\n")
        self.queued.append((script_path, outputs))

    def finish(self):
        """Runs the scripts draw() wrote in one gnuplot, each after a reset
        of its session (as if alone), and names their charts.  When that
        gnuplot fails, each script runs alone, in order, so that the charts
        before the failing one are named and the error names its script.
        RuntimeError with gnuplot's errors when a script fails."""
        queued, self.queued = self.queued, []
        try:
            command = []
            for script_path, _ in queued:
                command += [script_path, "-e", "reset session"]
            if queued and self.run_gnuplot(command) is None:
                for _, outputs in queued:
                    self.name_charts(outputs)
                return
            for script_path, outputs in queued:
                error = self.run_gnuplot([script_path])
                if error is not None:
                    raise RuntimeError(f"gnuplot failed on {script_path}:\n"
                                       f"{error}")
                self.name_charts(outputs)
        finally:
            for _, outputs in queued:
                for partial, _ in outputs:
                    if os.path.exists(partial):
                        os.remove(partial)

    def name_charts(self, outputs):
        """A chart's dot names renamed to its names."""
        for partial, output in outputs:
            os.replace(partial, output)
            self.written.append(output)

    def run_gnuplot(self, arguments):
        """gnuplot with arguments; None when it succeeds, else its errors."""
        import subprocess  # here, not at start: plot refuses bad input first
        result = subprocess.run(["gnuplot"] + arguments, capture_output=True,
                                text=True, check=False)
        return None if result.returncode == 0 else result.stderr

    def ranked(self, name, heading, entries, harness, colours,
               unit="query", native=None):
        """Median ns/query per method as points on a log axis, fastest on
        top, MAD as error bars, colour by the CPU features needed.  For a
        side-wise workload, native = (path, {methods answering natively}):
        those are drawn as squares and named with their path."""
        entries = sorted(entries, key=lambda e: (e["median"], e["method"]))
        path, natives = native or ("", set())
        count = len(entries)
        lines = []
        for index, entry in enumerate(entries):
            method = entry["method"]
            label = marked(colours, entry) + (f" ({path})" if method in natives
                                              else "")
            lines.append(f"{count - 1 - index} {data_field(label)} "
                         f"{entry['median']!r} {entry['mad'] or 0.0!r} "
                         f"0x{colours.of(method)[1:]} "
                         f"{int(method in natives)}")
        low = min([entry["median"] for entry in entries]
                  + ([harness] if harness else [])) / 1.5
        high = max(entry["median"] + (entry["mad"] or 0.0)
                   for entry in entries) * 2.5
        xlabel = (f"ns per {unit} (median, log scale; error bar: MAD; "
                  "fewer is faster)")
        body = [f"set title {title(heading)}", f"set xlabel {quote(xlabel)}",
                f"set yrange [-0.7:{count - 0.3}]", "set ytics nomirror",
                "set border 3", "set grid xtics ytics",
                "set logscale x", f"set xrange [{low!r}:{high!r}]",
                f"set xtics {log_tics(low, high)} nomirror"]
        methods = [entry["method"] for entry in entries]
        extra = colours.legend(methods)
        key = colours.legend_texts(methods)
        if natives & set(methods):
            extra += [f"NaN with points pointtype 5 pointsize 1.3 linecolor "
                      f"rgb 'black' title {quote(f'native: {path}')}",
                      "NaN with points pointtype 7 pointsize 1.3 linecolor "
                      "rgb 'black' title 'composed of single lookups'"]
            key += [f"native: {path}", "composed of single lookups"]
        if harness is not None:
            key.append(f"harness (null backend): {harness:.2f} ns")
            body.append(f"set arrow 1 from {harness!r}, graph 0 to "
                        f"{harness!r}, graph 1 nohead back dashtype 2 "
                        f"linewidth 1.5 linecolor rgb '{HARNESS_COLOUR}'")
            extra.append(f"NaN with lines dashtype 2 linewidth 1.5 linecolor "
                         f"rgb '{HARNESS_COLOUR}' title "
                         f"{quote(f'harness (null backend): {harness:.2f} ns')}")
        body.append(
            "plot DATA using 3:1:($3-$4 > 0 ? $3-$4 : $3):($3+$4):ytic(2) "
            "with xerrorbars pointtype -1 linecolor rgb 'black' notitle, "
            "DATA using 3:($6 > 0 ? NaN : $1):5 with points pointtype 7 "
            "pointsize 1.3 linecolor rgb variable notitle, "
            "DATA using 3:($6 > 0 ? $1 : NaN):5 with points pointtype 5 "
            "pointsize 1.3 linecolor rgb variable notitle, "
            "DATA using ($3+$4):1:(sprintf('%.2f', $3)) with labels left "
            "offset 0.8,0 notitle" + "".join(", " + clause for clause in extra))
        labels = [marked(colours, entry)
                  + (f" ({path})" if entry["method"] in natives else "")
                  for entry in entries]
        width, key_command, rows = key_layout(labels, heading, key, [xlabel])
        body.insert(0, key_command)
        self.draw(name, width, max(300, 140 + 24 * count) + key_height(rows),
                  body, "\n".join(lines) + "\n")

    def size(self, name, heading, entries, colours, unit="query"):
        """ns/query against table bytes; methods without tables on the left;
        each label anchored at its own point, a leader line when moved."""
        methods = [entry["method"] for entry in entries]
        entries = [dict(entry, label=marked(colours, entry, with_needs=False))
                   for entry in entries]
        method_of = {entry["label"]: entry["method"] for entry in entries}
        chart = labels.SizeChart(entries, 860, 560, unit,
                                 colours.legend_texts(methods))
        width, height = chart.width, chart.height
        lines = [f"{x!r} {y!r} {data_field(text)} "
                 f"0x{colours.of(method_of[text])[1:]}"
                 for x, y, text in chart.points]
        body = [f"set title {title(heading)}"] + chart.axes()
        for number, (x, y, text, dx, dy, align) in enumerate(chart.place(), 1):
            body.append(f"set label {number} {quote(text)} at {x!r},{y!r} "
                        f"{align} offset screen {dx / width:.4f},"
                        f"{dy / height:.4f} font ',9'")
            if (dx, dy) != labels.NEAREST:
                body.append(chart.leader(number, x, y, dx, dy))
        extra = colours.legend(methods)
        body.append("plot DATA using 1:2:4 with points pointtype 7 pointsize "
                    "1.2 linecolor rgb variable notitle"
                    + "".join(", " + clause for clause in extra))
        self.draw(name, width, height, body, "\n".join(lines) + "\n")

    def scaling(self, name, heading, rows, counts, caveat):
        """Each method's speed-up from the fewest to the most threads, as
        points against the lines of no gain and of perfect scaling.  The
        axis ends at 1.5 times perfect scaling: a ratio beyond it (a noisy
        one-thread figure) sits at the edge, its true value in its label."""
        low, high = counts[0], counts[-1]
        ideal = high / low
        edge = ideal * 1.5
        rows = sorted(rows, key=lambda row: (-row[1], row[0]))
        count = len(rows)
        lines = [f"{count - 1 - index} {data_field(method)} "
                 f"{min(ratio, edge)!r} "
                 f"{data_field(f'{ratio:.2f}x' + (' (off the scale)' if ratio > edge else ''))}"
                 for index, (method, ratio) in enumerate(rows)]
        threads = f"{low} thread" + ("s" if low > 1 else "")
        body = [f"set title {title(heading)}",
                f"set xlabel {quote(f'M lookups/s on {high} threads over {threads}')}",
                f"set xrange [0:{edge * 1.3!r}]",
                f"set yrange [-0.7:{count - 0.3}]", "set ytics nomirror",
                f"set xtics 0,{ideal / 4!r},{edge!r} nomirror",
                "set border 3", "set grid xtics ytics",
                "set key inside left top opaque box",
                "set style textbox opaque noborder",
                f"set label 1 {title(caveat)} at graph 0.5, graph -0.14 "
                "center font ',9'", "set bmargin 7"]
        for number, (value, colour) in enumerate(((1.0, "#bbbbbb"),
                                                  (ideal, "#228833")), 1):
            body.append(f"set arrow {number} from {value!r}, graph 0 to "
                        f"{value!r}, graph 1 nohead back dashtype 2 "
                        f"linewidth 1.5 linecolor rgb '{colour}'")
        body.append(
            "plot DATA using 3:1:ytic(2) with points pointtype 7 pointsize "
            f"1.3 linecolor rgb '{POINT_COLOUR}' notitle, "
            "DATA using 3:1:4 with labels left offset 1,0 boxed notitle, "
            "NaN with lines dashtype 2 linecolor rgb '#bbbbbb' "
            "title 'no gain (1x)', NaN with lines dashtype 2 linecolor rgb "
            f"'#228833' title {quote(f'perfect scaling ({ideal:g}x)')}")
        self.draw(name, chart_width([method for method, _ in rows], heading),
                  max(340, 170 + 22 * count), body,
                  "\n".join(lines) + "\n")

    def phases(self, name, heading, methods, phases, unit="query"):
        """ns/query per method in each game phase: one row per method, one
        point colour per phase, on a log axis."""
        count = len(methods)
        blocks = []
        for phase in phases:
            blocks.append("\n".join(
                f"{count - 1 - index} {data_field(method)} {figures[phase]!r}"
                for index, (method, figures) in enumerate(methods)
                if phase in figures))
        values = [value for _, figures in methods for value in figures.values()]
        low, high = min(values) / 1.5, max(values) * 1.5
        body = [f"set title {title(heading)}",
                f"set xlabel 'ns per {unit} (median, log scale; fewer is faster)'",
                "set logscale x", f"set xrange [{low!r}:{high!r}]",
                f"set xtics {log_tics(low, high)} nomirror",
                f"set yrange [-0.7:{count - 0.3}]", "set ytics nomirror",
                "set border 3", "set grid xtics ytics"]
        clauses = [f"DATA index {index} using 3:1:ytic(2) with points "
                   f"pointtype 7 pointsize 1.2 linecolor rgb "
                   f"'{PHASE_COLOURS.get(phase, '#000000')}' title {quote(phase)}"
                   for index, phase in enumerate(phases)]
        body.append("plot " + ", ".join(clauses))
        width, key_command, rows = key_layout(
            [method for method, _ in methods], heading, phases,
            [f"ns per {unit} (median, log scale; fewer is faster)"])
        body.insert(0, key_command)
        self.draw(name, width, max(300, 140 + 22 * count) + key_height(rows),
                  body, "\n\n\n".join(blocks) + "\n")

    def perft(self, name, heading, rows, colours):
        """M nodes/s per method as bars on a linear axis from zero."""
        rows = sorted(rows, key=lambda row: (-row["nps"], row["method"]))
        count = len(rows)
        lines = [f"{count - 1 - index} {data_field(colours.name(row['method']))} "
                 f"{row['nps'] / 1e6!r} 0x{colours.of(row['method'])[1:]}"
                 for index, row in enumerate(rows)]
        top = max(row["nps"] for row in rows) / 1e6 * 1.15
        body = [f"set title {title(heading)}",
                "set xlabel 'million nodes per second (more is faster)'",
                f"set xrange [0:{top!r}]", f"set yrange [-0.7:{count - 0.3}]",
                "set ytics nomirror", "set xtics nomirror", "set border 3",
                "set grid xtics", "set style fill solid 0.85 noborder"]
        extra = colours.legend([row["method"] for row in rows])
        width, key_command, key_rows = key_layout(
            [colours.name(row["method"]) for row in rows], heading,
            colours.legend_texts([row["method"] for row in rows]))
        body.insert(0, key_command)
        body.append("plot DATA using (0):1:(0):3:($1-0.38):($1+0.38):4:"
                    "ytic(2) with boxxyerror linecolor rgb variable notitle, "
                    "DATA using 3:1:(sprintf('%.1f', $3)) with labels left "
                    "offset 0.5,0 notitle"
                    + "".join(", " + clause for clause in extra))
        self.draw(name, width, max(300, 140 + 24 * count) + key_height(key_rows),
                  body, "\n".join(lines) + "\n")
