"""Prints every pair of texts of a gnuplot SVG whose boxes overlap, and
exits 1 when there is one (0 when none; 2 when the file has no text).

gnuplot's SVG terminal writes each text as <g transform="translate(X,Y)
[rotate(A)]" ... font-size="S" text-anchor="start|middle|end"> followed by
<text>...</text>, one line each.  A text's box: from its anchor, the
text's width at 0.55 of the font size a character (sans glyphs average
about half an em), from 0.75 of the size above the baseline to 0.2 below;
turned with the text when it is rotated by a quarter turn.  Usage:
svg_text_overlaps.py FILE.svg"""

import html
import re
import sys

GROUP = re.compile(r'<g transform="translate\(([-\d.]+),([-\d.]+)\)'
                   r'(?: rotate\(([-\d.]+)\))?"[^>]*font-size="([\d.]+)"'
                   r'[^>]*text-anchor="(start|middle|end)"')
TEXT = re.compile(r"<text>(.*?)</text>", re.S)
TAG = re.compile(r"<[^>]+>")
CHARACTER_EMS, ASCENT_EMS, DESCENT_EMS = 0.55, 0.75, 0.2


def text_boxes(svg):
    """(text, (left, top, right, bottom)) per text of the SVG."""
    boxes = []
    for match in GROUP.finditer(svg):
        found = TEXT.search(svg, match.end(), match.end() + 2000)
        if found is None:
            continue
        text = html.unescape(TAG.sub("", found.group(1))).strip()
        if not text:
            continue
        x, y = float(match.group(1)), float(match.group(2))
        size = float(match.group(4))
        width = CHARACTER_EMS * size * len(text)
        start = {"start": 0.0, "middle": -width / 2, "end": -width}[
            match.group(5)]
        along = (start, start + width)
        across = (-ASCENT_EMS * size, DESCENT_EMS * size)
        angle = float(match.group(3) or 0) % 360
        if angle in (90.0, 270.0):
            # A quarter turn: the text runs up (270) or down (90).
            sign = -1 if angle == 270.0 else 1
            xs = sorted(-sign * value for value in across)
            ys = sorted(sign * value for value in along)
            box = (x + xs[0], y + ys[0], x + xs[1], y + ys[1])
        else:
            box = (x + along[0], y + across[0], x + along[1], y + across[1])
        boxes.append((text, box))
    return boxes


def overlap(first, second):
    return not (first[2] <= second[0] or second[2] <= first[0]
                or first[3] <= second[1] or second[3] <= first[1])


def main(path):
    with open(path, encoding="utf-8") as handle:
        boxes = text_boxes(handle.read())
    if not boxes:
        print(f"{path}: no text found")
        return 2
    found = 0
    for index, (text, box) in enumerate(boxes):
        for other, other_box in boxes[index + 1:]:
            if overlap(box, other_box):
                found += 1
                print(f"{path}: '{text}' overlaps '{other}'")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
