/* Pre-school bitboards: kindergarten with one table lookup per piece.  The
 * rook's rank and file give one 12-bit index together (the file's six inner
 * squares gathered onto a rank by the a1-h8 diagonal multiply, the rank's
 * six inner squares by a shift), and the bishop's two diagonals one 12-bit
 * index (each diagonal gathered by the A-file multiply); each index reads
 * the square's own 4,096-entry table of attack sets: 4 MB in all.
 * Source: Jost Triller (tsoj), "Pre-school bitboards", Gigantua's
 * Chess_Movegen pull request #4 (2023); Chessprogramming wiki,
 * "Kindergarten Bitboards". */
#include <stdalign.h>
#include <string.h>

#include "attackbench/loops.h"
#include "base/ray_walk.h"
#include "building_blocks/lanes.h"

static const bitboard A1_H8_DIAGONAL = 0x8040201008040201ULL;

/* Per square its two diagonals (without the square), 1 KB. */
struct square_diagonals {
    bitboard diagonal, anti_diagonal;
};

/* The tables in one struct, addressed from one base register (a base per
 * table left gcc short of registers in the timed loops). */
static struct preschool_tables {
    struct square_diagonals diagonals[SQUARE_COUNT];
    alignas(64) bitboard rook_attacks[SQUARE_COUNT][4096];
    alignas(64) bitboard bishop_attacks[SQUARE_COUNT][4096];
} tables;

/* The file's ranks 2-7 in bits 6-11 (rank 7 lowest: the diagonal multiply
 * lands rank r on bit 63 - r), the rank's files b-g in bits 0-5. */
static inline unsigned rook_index(int square, bitboard occupied)
{
    bitboard file = (occupied >> square_file(square)) & FILE_A;
    unsigned file_inner_high = (unsigned)((file * A1_H8_DIAGONAL) >> 51) & 63 << 6;
    unsigned rank_inner = (unsigned)(occupied >> ((square & 56) + 1)) & 63;
    return file_inner_high | rank_inner;
}

/* The anti-diagonal's files b-g in bits 6-11, the diagonal's in bits 0-5:
 * times the A-file, each file's square lands in the top byte. */
#if defined(__AVX512DQ__) && defined(__AVX512VL__) && !defined(__clang__)
/* Where the build targets a CPU with a 64-bit vector multiply (AVX-512 DQ
 * and VL: VPMULLQ), both diagonals in one vector: one multiply, not two on
 * the one port that multiplies scalars.  clang 14 finds this form from the
 * scalar code below by itself (and schedules it better than from this
 * code); gcc 12 does not, and was 1.2-1.3 times slower than clang
 * (docs/findings.md, "Choices in the code"). */
static inline unsigned bishop_index(int square, bitboard occupied)
{
    lanes2 lines;
    memcpy(&lines, &tables.diagonals[square], sizeof lines);
    const lanes2 shifts = {57, 51}, masks = {63, 63 << 6};
    return (unsigned)or_lanes2(((lines & occupied) * FILE_A) >> shifts & masks);
}
#else
static inline unsigned bishop_index(int square, bitboard occupied)
{
    const struct square_diagonals *own = &tables.diagonals[square];
    unsigned anti_inner_high = (unsigned)(((occupied & own->anti_diagonal) * FILE_A) >> 51) & 63 << 6;
    unsigned diagonal_inner = (unsigned)(((occupied & own->diagonal) * FILE_A) >> 57) & 63;
    return anti_inner_high | diagonal_inner;
}
#endif

/* The squares an index reads: the inner six of the file and of the rank
 * (the slider's own square among them, read twice), or of both diagonals. */
static bitboard rook_support(int square)
{
    const bitboard inner_files = 0x7E7E7E7E7E7E7E7EULL, inner_ranks = 0x00FFFFFFFFFFFF00ULL;
    return (file_mask(square) & inner_ranks) | (rank_mask(square) & inner_files);
}

static bitboard bishop_support(int square)
{
    const bitboard inner_files = 0x7E7E7E7E7E7E7E7EULL;
    return (tables.diagonals[square].diagonal | tables.diagonals[square].anti_diagonal) & inner_files;
}

/* Every subset of the support (Carry-Rippler) writes its attack set at the
 * index the lookup computes from it; the slider's own square, which a
 * query's occupancy may hold, never changes the attacks. */
static void fill_square(int square)
{
    bitboard outside = ~square_bit(square);
    bitboard support = rook_support(square), subset = 0;
    do {
        tables.rook_attacks[square][rook_index(square, subset)] = ray_walk_rook(square, subset & outside);
        subset = (subset - support) & support;
    } while (subset);
    support = bishop_support(square);
    do {
        tables.bishop_attacks[square][bishop_index(square, subset)] = ray_walk_bishop(square, subset);
        subset = (subset - support) & support;
    } while (subset);
}

static size_t preschool_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        bitboard outside = ~square_bit(square);
        tables.diagonals[square] =
            (struct square_diagonals){diagonal_mask(square) & outside, anti_diagonal_mask(square) & outside};
    }
    for (int square = 0; square < SQUARE_COUNT; square++)
        fill_square(square);
    return sizeof tables;
}

/* The square's region by byte offset, the entry added last: from the
 * arrays' indexing gcc 12 made one three-part LEA of region, entry and
 * offset per lookup (as in correlation-magic, whose comment has the
 * figures; here in docs/findings.md). */
static inline bitboard region_entry(const bitboard (*region)[4096], size_t square, unsigned index)
{
    const char *own = (const char *)region + square * sizeof region[0];
    return *(const bitboard *)(const void *)(own + (size_t)index * sizeof(bitboard));
}

static inline bitboard preschool_rook(int square, bitboard occupied)
{
    return region_entry(tables.rook_attacks, (unsigned)square, rook_index(square, occupied));
}

static inline bitboard preschool_bishop(int square, bitboard occupied)
{
    return region_entry(tables.bishop_attacks, (unsigned)square, bishop_index(square, occupied));
}

QUEEN_FROM_ROOK_AND_BISHOP(preschool)

BACKEND(preschool, "preschool",
        "kindergarten with one 12-bit index per piece: rank and file inner bits together (shift, diagonal multiply), "
        "both diagonals together (A-file multiplies), into a 4,096-entry table per square",
        "tsoj, Pre-school bitboards (Gigantua's Chess_Movegen pull request #4, 2023)", .init = preschool_init)
