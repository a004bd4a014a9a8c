"""The checksums of the positions layout, computed apart from attackbench:
the random stream's generator (xorshift64*, src/base/random.c, seeded as
src/measure/workload.c seeds it), each occupancy r1 & r2 followed by 12
squares (the top six bits of a draw), attacks by a ray walk, and the sum
of attackbench_checksum_mix() of every attack set, for rook, bishop and
queen.  Latency mode (--chain) toggles bit 0, a1, in the occupancy: a
corner, whose occupancy changes no attack set, so one set of sums serves
both modes.  Usage: layout_checksums.py POSITIONS SEED"""
import sys

MASK = (1 << 64) - 1


def draw(state):
    x = state[0]
    x ^= x >> 12
    x ^= (x << 25) & MASK
    x ^= x >> 27
    state[0] = x
    return (x * 0x2545F4914F6CDD1D) & MASK


def mix(x):
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & MASK
    x ^= x >> 33
    x = (x * 0xC4CEB9FE1A85EC53) & MASK
    return x ^ (x >> 33)


ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def attacks(square, occupied, directions):
    found = 0
    for file_step, rank_step in directions:
        file, rank = square % 8 + file_step, square // 8 + rank_step
        while 0 <= file < 8 and 0 <= rank < 8:
            bit = 1 << (8 * rank + file)
            found |= bit
            if occupied & bit:
                break
            file, rank = file + file_step, rank + rank_step
    return found


def main():
    positions, seed = int(sys.argv[1]), int(sys.argv[2])
    state = [seed ^ 0x9E3779B97F4A7C15]
    sums = {"rook": 0, "bishop": 0, "queen": 0}
    for _ in range(positions):
        occupied = draw(state) & draw(state)
        for _ in range(12):
            square = draw(state) >> 58
            rook, bishop = attacks(square, occupied, ROOK), attacks(square, occupied, BISHOP)
            for piece, value in (("rook", rook), ("bishop", bishop), ("queen", rook | bishop)):
                sums[piece] = (sums[piece] + mix(value)) & MASK
    for piece, total in sums.items():
        print(piece, "0x%016x" % total)


main()
