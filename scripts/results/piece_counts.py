#!/usr/bin/env python3
"""Piece-count profile of FEN/EPD files: how many pieces, pawns and sliders
a position holds, and how the positions split into game phases.

Usage: scripts/results/piece_counts.py FILE...
       scripts/results/piece_counts.py --help   (this text)

Per file: positions, average pieces (kings included), pawns, sliders
(bishops, rooks, queens) and non-pawn material (N=B=3, R=5, Q=9, both
sides, 62 at the start); a histogram of the piece count (0-8 ... 25-32,
and 33+ for boards no game reaches); and the phases
by material, the rule attackbench's --phase uses (src/measure/workload.c):
    endgame     phase weight (N=B=1, R=2, Q=4, both sides, 24 at the
                start) at most 8
    opening     otherwise, when at least 30 men (pawns and kings included)
                are on the board
    middlegame  everything else
Three kinds of line attackbench refuses are refused here too, in one line
naming the file and line, exit status 2: a board that is not eight ranks
of eight squares, a side to move other than w or b, and text after a
FEN's fullmove number.  The other fields (castling, en passant, the
clocks) are not checked: attackbench itself checks them (`--skip-invalid`
names each line it refuses).  Standard library only."""

import os
import stat
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attackbench_results import (ResultsError,  # noqa: E402
                                 write_standard_output)

VALUES = {"n": 3, "b": 3, "r": 5, "q": 9, "p": 0, "k": 0}
# The histogram's buckets of the piece count: every count attackbench
# accepts (0 to 64 pieces on a board) falls in one, so a row adds to 100%;
# more than 32 is no game's position, but a board attackbench times.
BUCKETS = [(0, 8), (9, 16), (17, 24), (25, 32), (33, 64)]


class BadInput(Exception):
    """One line for stderr: the file, the line and what is wrong."""


LINE_LIMIT = 65536  # attackbench's own limit on a FEN/EPD line


def valid_board(board):
    """Whether `board` is FEN's first field: eight ranks of eight squares,
    no two digits in a row (attackbench refuses "44")."""
    ranks = board.split("/")
    if len(ranks) != 8:
        return False
    for rank in ranks:
        squares = 0
        for previous, c in zip(" " + rank, rank):
            if c in "12345678" and previous in "12345678":
                return False
            if c in "12345678":
                squares += int(c)
            elif c in "pnbrqkPNBRQK":
                squares += 1
            else:
                return False
        if squares != 8:
            return False
    return True


def board_field(line, where):
    line = line.strip()
    if not line or line.startswith("#"):
        return None
    fields = line.split()
    board = fields[0]
    if not valid_board(board):
        raise BadInput(f"{where}: not a FEN board: {board[:40]!r}")
    if len(fields) == 1:  # as attackbench refuses it
        raise BadInput(f"{where}: missing side to move")
    if fields[1] not in ("w", "b"):
        raise BadInput(f"{where}: side to move {fields[1][:10]!r} is not w or b")
    refuse_trailing_text(fields, line, where)
    return board


def refuse_trailing_text(fields, line, where):
    """A FEN (no EPD operation: no ';') ends with its fullmove number, as
    attackbench reads it (src/chess/position.c): a word after it is
    refused, named as attackbench names it."""
    if len(fields) > 6 and ";" not in line:
        raise BadInput(f"{where}: unexpected text {fields[6][:40]!r} after the fullmove number")


PHASE_WEIGHTS = {"n": 1, "b": 1, "r": 2, "q": 4}


def phase(letters):
    weight = sum(PHASE_WEIGHTS.get(c, 0) for c in letters)
    if weight <= 8:
        return "endgame"
    if len(letters) >= 30:
        return "opening"
    return "middlegame"


def profile(path):
    count = pieces = pawns = sliders = material = 0
    histogram = [0] * len(BUCKETS)
    phases = {"opening": 0, "middlegame": 0, "endgame": 0}
    # utf-8-sig: a file that starts with a byte order mark (as an editor
    # may save it) is read, as attackbench reads it.
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        for number, line in enumerate(iter(lambda: handle.readline(LINE_LIMIT + 1), ""), 1):
            if len(line) > LINE_LIMIT:
                raise BadInput(f"{path}:{number}: line is longer than {LINE_LIMIT} bytes")
            if "\0" in line:
                raise BadInput(f"{path}:{number}: binary data (a NUL byte) in a text line")
            board = board_field(line, f"{path}:{number}")
            if board is None:
                continue
            letters = [c.lower() for c in board if c.isalpha()]
            n = len(letters)
            p = letters.count("p")
            s = sum(letters.count(c) for c in "brq")
            m = sum(VALUES.get(c, 0) for c in letters)
            count += 1
            pieces += n
            pawns += p
            sliders += s
            material += m
            for i, (low, high) in enumerate(BUCKETS):
                if low <= n <= high:
                    histogram[i] += 1
            phases[phase(letters)] += 1
    if count == 0:
        raise BadInput(f"{path}: no positions (not a FEN or EPD file)")
    return count, pieces, pawns, sliders, material, histogram, phases


def cell(text):
    """TEXT as one Markdown table cell: '|' escaped, line breaks written
    as \\n and \\r so that the row stays one line."""
    return str(text).replace("|", "\\|").replace("\n", "\\n").replace("\r", "\\r")


def main(paths):
    if paths in (["--help"], ["-h"]):
        try:
            write_standard_output(__doc__ + "\n")
        except ResultsError as error:
            print(f"piece_counts.py: {error}", file=sys.stderr)
            return 2
        return 0
    if not paths or any(path.startswith("-") for path in paths):
        print("piece_counts.py: usage: scripts/results/piece_counts.py FILE... (--help: what it prints)",
              file=sys.stderr)
        return 2
    for path in paths:
        try:
            status = os.stat(path)
        except FileNotFoundError:
            print(f"piece_counts.py: {path}: no such file", file=sys.stderr)
            return 2
        except OSError as error:
            # A symbolic link loop, a folder that may not be searched: the
            # real reason, not "no such file".
            print(f"piece_counts.py: {path}: cannot read: {error.strerror}", file=sys.stderr)
            return 2
        if stat.S_ISDIR(status.st_mode):
            print(f"piece_counts.py: {path}: is a directory", file=sys.stderr)
            return 2
    try:
        profiles = [profile(path) for path in paths]
    except BadInput as error:
        print(f"piece_counts.py: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"piece_counts.py: {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    bucket_names = ["%d-%d" % bucket if bucket[1] <= 32 else "%d+" % bucket[0] for bucket in BUCKETS]
    header = ["file", "positions", "pieces", "pawns", "sliders", "material"]
    header += ["%s pcs" % name for name in bucket_names] + ["opening", "middlegame", "endgame"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for path, counted in zip(paths, profiles):
        count, pieces, pawns, sliders, material, histogram, phases = counted
        row = [cell(path), str(count)]
        row += ["%.1f" % (total / count) for total in (pieces, pawns, sliders, material)]
        row += ["%.0f%%" % (100.0 * h / count) for h in histogram]
        row += ["%.0f%%" % (100.0 * phases[name] / count) for name in ("opening", "middlegame", "endgame")]
        lines.append("| " + " | ".join(row) + " |")
    try:
        write_standard_output("\n".join(lines) + "\n")
    except ResultsError as error:
        print(f"piece_counts.py: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        # Ctrl-C: the exit status of a SIGINT, no traceback.
        sys.exit(130)
