"""The speed-against-table-size chart's geometry: axes, and the placement of
one label per point.  Every label is anchored at its own point's
coordinates (`set label ... at X,Y` with the point's X and Y) and only
offset from there in pixels; a label moved away from its point gets a leader
line back to it, so no label can be read as another point's.  The legend
stands right of the plot area, outside it, in a column the chart is made
wider for.  The tests check the anchors in the generated script
(tests/data/check-labels.awk) and that no two texts of the SVG overlap
(tests/svg_text_overlaps.py)."""

import math

# The plot area's margins in pixels, fixed so that labels can be placed in
# pixels: left of it the y tick labels and label, below it the x tick
# labels and label, above it the title; right of it the legend, when there
# is one (LEGEND_GAP_PIXELS from the plot, its own width wide).
MARGIN_PIXELS = {"l": 78, "r": 26, "b": 78, "t": 73}
LEGEND_GAP_PIXELS = 16
LEGEND_CHARACTER_PIXELS = 7.5   # sans 12 in the SVG terminal
LEGEND_SAMPLE_PIXELS = 60       # the symbol and the space before the text
CHARACTER_PIXELS = 6.2      # sans 9 in the PNG and SVG terminals
LABEL_HEIGHT_PIXELS = 12.0
MARKER_PIXELS = 10.0
# Free space kept between a label and any other point's marker.
CLEARANCE_PIXELS = 8.0
# Offsets of a label from its point, nearest first: right, left, above,
# below, then further out (a leader line drawn for all but the first).
NEAREST = (9, 0)
OFFSETS = (NEAREST, (-9, 0), (0, 13), (0, -13), (9, 14), (9, -14),
           (-9, 14), (-9, -14), (24, 26), (24, -26), (-24, 26), (-24, -26),
           (40, 0), (-40, 0), (30, 40), (30, -40), (-30, 40), (-30, -40))
# Where a crowd of points (the no-table column, where every method without
# a table stands) leaves none of those free: a ladder of rows a label
# high, ever further up and down, at a few distances to either side.
LADDER = tuple((dx, sign * step * 13) for step in range(1, 40)
               for dx in (24, 70, 130, -24, -70) for sign in (1, -1))


def format_bytes_tick(count):
    if count < 1024:
        return f"{count:g} B"
    if count < 1024 * 1024:
        return f"{count / 1024:g} KB"
    return f"{count / (1024 * 1024):g} MB"


def overlaps(first, second):
    return not (first[2] <= second[0] or second[2] <= first[0]
                or first[3] <= second[1] or second[3] <= first[1])


class SizeChart:
    """Points (table bytes or the 'no table' column, ns/query, method) and
    their mapping to pixels."""

    def __init__(self, entries, width, height, unit="query", legend=()):
        """legend: the texts of the legend's entries, which widen the
        chart by a column right of the plot area."""
        self.legend_pixels = 0
        if legend:
            self.legend_pixels = LEGEND_GAP_PIXELS + LEGEND_SAMPLE_PIXELS + int(
                LEGEND_CHARACTER_PIXELS * max(len(text) for text in legend))
        self.width, self.height = width + self.legend_pixels, height
        right = MARGIN_PIXELS["r"] + self.legend_pixels
        self.area = {"l": MARGIN_PIXELS["l"] / self.width,
                     "r": 1 - right / self.width,
                     "b": MARGIN_PIXELS["b"] / height,
                     "t": 1 - MARGIN_PIXELS["t"] / height}
        self.unit = unit
        sizes = [entry["table_bytes"] for entry in entries
                 if entry["table_bytes"]]
        smallest = min(sizes) if sizes else 1024
        self.no_table = 2.0 ** (math.floor(math.log2(smallest)) - 2)
        self.x_low = self.no_table / 2
        self.x_high = (max(sizes) if sizes else 1024) * 4
        self.points = [(float(entry["table_bytes"] or self.no_table),
                        entry["median"], entry.get("label", entry["method"]))
                       for entry in sorted(entries,
                                           key=lambda e: e["method"])]
        medians = [y for _, y, _ in self.points]
        self.y_low, self.y_high = min(medians) / 1.5, max(medians) * 1.5

    def axes(self):
        """gnuplot commands for the axes and the fixed plot area."""
        tics = [f"'no table' {self.no_table!r}"]
        power = 1
        while power <= self.x_high:
            # Two octaves from the 'no table' tick, as the others stand
            # from each other, so that no two tick labels meet.
            if power >= 4 * self.no_table:
                tics.append(f"'{format_bytes_tick(power)}' {power}")
            power *= 4
        return ["set xlabel 'table size (log scale)'",
                f"set ylabel 'ns per {self.unit} (median, log scale; fewer "
                "is faster)'",
                "set logscale x 2", "set logscale y",
                f"set xrange [{self.x_low!r}:{self.x_high!r}]",
                f"set yrange [{self.y_low!r}:{self.y_high!r}]",
                "set xtics (" + ", ".join(tics) + ") nomirror",
                f"set ytics {log_tics(self.y_low, self.y_high)} nomirror",
                "set border 3", "set grid", self.key()] + [
                    f"set {side}margin at screen {self.area[side]!r}"
                    for side in ("l", "r", "b", "t")]

    def key(self):
        """The legend in its column right of the plot area, top-aligned
        with it, one entry a line."""
        x = self.area["r"] + LEGEND_GAP_PIXELS / self.width
        return (f"set key at screen {x!r},{self.area['t']!r} left top "
                "vertical Left reverse noautotitle")

    def to_pixels(self, x, y):
        x_fraction = math.log(x / self.x_low) / math.log(self.x_high
                                                         / self.x_low)
        y_fraction = math.log(y / self.y_low) / math.log(self.y_high
                                                         / self.y_low)
        left, right = self.area["l"], self.area["r"]
        bottom, top = self.area["b"], self.area["t"]
        return (self.width * (left + (right - left) * x_fraction),
                self.height * (bottom + (top - bottom) * y_fraction))

    def label_box(self, px, py, dx, dy, text):
        text_width = CHARACTER_PIXELS * len(text)
        if dx > 0:
            left = px + dx
        elif dx < 0:
            left = px + dx - text_width
        else:
            left = px - text_width / 2
        return (left, py + dy - LABEL_HEIGHT_PIXELS / 2, left + text_width,
                py + dy + LABEL_HEIGHT_PIXELS / 2)

    def inside(self, box):
        return (box[0] >= self.width * self.area["l"]
                and box[2] <= self.width * self.area["r"]
                and box[1] >= self.height * self.area["b"]
                and box[3] <= self.height * self.area["t"])

    def place(self):
        """(x, y, text, dx, dy, align) per point: the point's own
        coordinates and the nearest offset whose text box overlaps no label
        placed before and keeps clear of every other point's marker (so
        that it cannot be read as that point's label)."""
        markers = {}
        for x, y, text in self.points:
            px, py = self.to_pixels(x, y)
            half = MARKER_PIXELS / 2 + CLEARANCE_PIXELS
            markers[text] = (px - half, py - half, px + half, py + half)
        placed, result = [], []
        for x, y, text in sorted(self.points, key=lambda p: (-p[1], p[0])):
            px, py = self.to_pixels(x, y)
            taken = placed + [box for name, box in markers.items()
                              if name != text]
            choice = next(((dx, dy) for dx, dy in OFFSETS + LADDER
                           if self.fits(self.label_box(px, py, dx, dy, text),
                                        taken)), NEAREST)
            placed.append(self.label_box(px, py, *choice, text))
            align = {1: "left", -1: "right", 0: "center"}[
                (choice[0] > 0) - (choice[0] < 0)]
            result.append((x, y, text, choice[0], choice[1], align))
        return result

    def fits(self, box, taken):
        return self.inside(box) and not any(overlaps(box, other)
                                            for other in taken)

    def leader(self, number, x, y, dx, dy):
        """A thin line from the point towards its moved label."""
        px, py = self.to_pixels(x, y)
        end_x = px + dx - (3 if dx > 0 else -3 if dx < 0 else 0)
        end_y = py + dy + (-5 if dy > 0 else 5 if dy < 0 else 0)
        return (f"set arrow {number} from {x!r},{y!r} to screen "
                f"{end_x / self.width:.4f},{end_y / self.height:.4f} nohead "
                f"linecolor rgb '#888888' linewidth 0.8")


def log_tics(low, high):
    """Tick positions 1, 2, 5 times a power of ten between low and high."""
    tics = []
    power = 10.0 ** math.floor(math.log10(low))
    while power <= high:
        for step in (1, 2, 5):
            if low <= step * power <= high:
                tics.append(f"{step * power:g}")
        power *= 10
    return "(" + ", ".join(tics) + ")"
