"""Prints every text of a gnuplot SVG whose box (as svg_text_overlaps.py
estimates it) runs past the edge of the SVG's canvas (its viewBox), and
exits 1 when there is one (0 when every text lies inside; 2 when a file
has no canvas or no text).  Usage: svg_text_inside.py FILE.svg..."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svg_text_overlaps import text_boxes  # noqa: E402

VIEW_BOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"')


def outside(path):
    """The problems of one SVG, one line each."""
    with open(path, encoding="utf-8") as handle:
        svg = handle.read()
    canvas = VIEW_BOX.search(svg)
    if canvas is None:
        return None, [f"{path}: no viewBox: not a gnuplot SVG"]
    left, top, width, height = (float(value) for value in canvas.groups())
    right, bottom = left + width, top + height
    boxes = text_boxes(svg)
    if not boxes:
        return None, [f"{path}: no text found"]
    problems = []
    for text, box in boxes:
        if box[0] < left or box[1] < top or box[2] > right or box[3] > bottom:
            problems.append(
                f"{path}: '{text}' spans x {box[0]:.0f} to {box[2]:.0f}, "
                f"y {box[1]:.0f} to {box[3]:.0f}, outside the canvas "
                f"{width:.0f} x {height:.0f}")
    return True, problems


def main(paths):
    if not paths:
        print("svg_text_inside.py: no SVG given")
        return 2
    status = 0
    for path in paths:
        readable, problems = outside(path)
        for line in problems:
            print(line)
        if readable is None:
            status = 2
        elif problems and status == 0:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
