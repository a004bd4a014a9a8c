/* Black magic bitboards: index = ((occupied | ~mask) * factor) >> shift with
 * a fixed 12-bit rook and 9-bit bishop shift.  ORing in the complement of
 * the mask moves each square's indices into a narrow band, so the squares'
 * slices overlap in one shared table of 88507 entries (691 KiB), where
 * overlapping entries agree.  Source: factors and offsets published by
 * Volker Annuss, talkchess.com, "Black magic bitboards", as listed
 * on the Chessprogramming wiki, "Magic Bitboards", and used by several open
 * engines; the table size is the highest slot they reach plus one. */
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>

#include "magic_black.h"

#include "attackbench/loops.h"
#include "building_blocks/magic_search.h"

enum { ROOK_SHIFT = 64 - BLACK_ROOK_BITS, BISHOP_SHIFT = 64 - BLACK_BISHOP_BITS };

/* Volker Annuss's black magics (talkchess, op. cit.): factor and offset of
 * each square, a1 = 0 .. h8 = 63. */
const struct black_constant black_rook_constants[SQUARE_COUNT] = {
    {0x80280013FF84FFFFULL, 10890}, /* a1 */
    {0x5FFBFEFDFEF67FFFULL, 56054}, /* b1 */
    {0xFFEFFAFFEFFDFFFFULL, 67495}, /* c1 */
    {0x003000900300008AULL, 72797}, /* d1 */
    {0x0030018003500030ULL, 17179}, /* e1 */
    {0x0020012120A00020ULL, 63978}, /* f1 */
    {0x0030006000C00030ULL, 56650}, /* g1 */
    {0xFFA8008DFF09FFF8ULL, 15929}, /* h1 */
    {0x7FBFF7FBFBEAFFFCULL, 55905}, /* a2 */
    {0x0000140081050002ULL, 26301}, /* b2 */
    {0x0000180043800048ULL, 78100}, /* c2 */
    {0x7FFFE800021FFFB8ULL, 86245}, /* d2 */
    {0xFFFFCFFE7FCFFFAFULL, 75228}, /* e2 */
    {0x00001800C0180060ULL, 31661}, /* f2 */
    {0xFFFFE7FF8FBFFFE8ULL, 38053}, /* g2 */
    {0x0000180030620018ULL, 37433}, /* h2 */
    {0x00300018010C0003ULL, 74747}, /* a3 */
    {0x0003000C0085FFFFULL, 53847}, /* b3 */
    {0xFFFDFFF7FBFEFFF7ULL, 70952}, /* c3 */
    {0x7FC1FFDFFC001FFFULL, 49447}, /* d3 */
    {0xFFFEFFDFFDFFDFFFULL, 62629}, /* e3 */
    {0x7C108007BEFFF81FULL, 58996}, /* f3 */
    {0x20408007BFE00810ULL, 36009}, /* g3 */
    {0x0400800558604100ULL, 21230}, /* h3 */
    {0x0040200010080008ULL, 51882}, /* a4 */
    {0x0010020008040004ULL, 11841}, /* b4 */
    {0xFFFDFEFFF7FBFFF7ULL, 25794}, /* c4 */
    {0xFEBF7DFFF8FEFFF9ULL, 49689}, /* d4 */
    {0xC00000FFE001FFE0ULL, 63400}, /* e4 */
    {0x2008208007004007ULL, 33958}, /* f4 */
    {0xBFFBFAFFFB683F7FULL, 21991}, /* g4 */
    {0x0807F67FFA102040ULL, 45618}, /* h4 */
    {0x200008E800300030ULL, 70134}, /* a5 */
    {0x0000008780180018ULL, 75944}, /* b5 */
    {0x0000010300180018ULL, 68392}, /* c5 */
    {0x4000008180180018ULL, 66472}, /* d5 */
    {0x008080310005FFFAULL, 23236}, /* e5 */
    {0x4000188100060006ULL, 19067}, /* f5 */
    {0xFFFFFF7FFFBFBFFFULL, 0},     /* g5 */
    {0x0000802000200040ULL, 43566}, /* h5 */
    {0x20000202EC002800ULL, 29810}, /* a6 */
    {0xFFFFF9FF7CFFF3FFULL, 65558}, /* b6 */
    {0x000000404B801800ULL, 77684}, /* c6 */
    {0x2000002FE03FD000ULL, 73350}, /* d6 */
    {0xFFFFFF6FFE7FCFFDULL, 61765}, /* e6 */
    {0xBFF7EFFFBFC00FFFULL, 49282}, /* f6 */
    {0x000000100800A804ULL, 78840}, /* g6 */
    {0xFFFBFFEFA7FFA7FEULL, 82904}, /* h6 */
    {0x0000052800140028ULL, 24594}, /* a7 */
    {0x00000085008A0014ULL, 9513},  /* b7 */
    {0x8000002B00408028ULL, 29012}, /* c7 */
    {0x4000002040790028ULL, 27684}, /* d7 */
    {0x7800002010288028ULL, 27901}, /* e7 */
    {0x0000001800E08018ULL, 61477}, /* f7 */
    {0x1890000810580050ULL, 25719}, /* g7 */
    {0x2003D80000500028ULL, 50020}, /* h7 */
    {0xFFFFF37EEFEFDFBEULL, 41547}, /* a8 */
    {0x40000280090013C1ULL, 4750},  /* b8 */
    {0xBF7FFEFFBFFAF71FULL, 6014},  /* c8 */
    {0xFFFDFFFF777B7D6EULL, 41529}, /* d8 */
    {0xEEFFFFEFF0080BFEULL, 84192}, /* e8 */
    {0xAFE0000FFF780402ULL, 33433}, /* f8 */
    {0xEE73FFFBFFBB77FEULL, 8555},  /* g8 */
    {0x0002000308482882ULL, 1009},  /* h8 */
};

const struct black_constant black_bishop_constants[SQUARE_COUNT] = {
    {0x107AC08050500BFFULL, 66157}, /* a1 */
    {0x7FFFDFDFD823FFFDULL, 71730}, /* b1 */
    {0x0400C00FE8000200ULL, 37781}, /* c1 */
    {0x103F802004000000ULL, 21015}, /* d1 */
    {0xC03FE00100000000ULL, 47590}, /* e1 */
    {0x24C00BFFFF400000ULL, 835},   /* f1 */
    {0x0808101F40007F04ULL, 23592}, /* g1 */
    {0x100808201EC00080ULL, 30599}, /* h1 */
    {0xFFA2FEFFBFEFB7FFULL, 68776}, /* a2 */
    {0x083E3EE040080801ULL, 19959}, /* b2 */
    {0x040180BFF7E80080ULL, 21783}, /* c2 */
    {0x0440007FE0031000ULL, 64836}, /* d2 */
    {0x2010007FFC000000ULL, 23417}, /* e2 */
    {0x1079FFE000FF8000ULL, 66724}, /* f2 */
    {0x7F83FFDFC03FFF80ULL, 74542}, /* g2 */
    {0x080614080FA00040ULL, 67266}, /* h2 */
    {0x7FFE7FFF817FCFF9ULL, 26575}, /* a3 */
    {0x7FFEBFFFA01027FDULL, 67543}, /* b3 */
    {0x20018000C00F3C01ULL, 24409}, /* c3 */
    {0x407E0001000FFB8AULL, 30779}, /* d3 */
    {0x201FE000FFF80010ULL, 17384}, /* e3 */
    {0xFFDFEFFFDE39FFEFULL, 18778}, /* f3 */
    {0x7FFFF800203FBFFFULL, 65109}, /* g3 */
    {0x7FF7FBFFF8203FFFULL, 20184}, /* h3 */
    {0x000000FE04004070ULL, 38240}, /* a4 */
    {0x7FFF7F9FFFC0EFF9ULL, 16459}, /* b4 */
    {0x7FFEFF7F7F01F7FDULL, 17432}, /* c4 */
    {0x3F6EFBBF9EFBFFFFULL, 81040}, /* d4 */
    {0x0410008F01003FFDULL, 84946}, /* e4 */
    {0x20002038001C8010ULL, 18276}, /* f4 */
    {0x087FF038000FC001ULL, 8512},  /* g4 */
    {0x00080C0C00083007ULL, 78544}, /* h4 */
    {0x00000080FC82C040ULL, 19974}, /* a5 */
    {0x000000407E416020ULL, 23850}, /* b5 */
    {0x00600203F8008020ULL, 11056}, /* c5 */
    {0xD003FEFE04404080ULL, 68019}, /* d5 */
    {0x100020801800304AULL, 85965}, /* e5 */
    {0x7FBFFE700BFFE800ULL, 80524}, /* f5 */
    {0x107FF00FE4000F90ULL, 38221}, /* g5 */
    {0x7F8FFFCFF1D007F8ULL, 64647}, /* h5 */
    {0x0000004100F88080ULL, 61320}, /* a6 */
    {0x00000020807C4040ULL, 67281}, /* b6 */
    {0x00000041018700C0ULL, 79076}, /* c6 */
    {0x0010000080FC4080ULL, 17115}, /* d6 */
    {0x1000003C80180030ULL, 50718}, /* e6 */
    {0x2006001CF00C0018ULL, 24659}, /* f6 */
    {0xFFFFFFBFEFF80FDCULL, 38291}, /* g6 */
    {0x000000101003F812ULL, 30605}, /* h6 */
    {0x0800001F40808200ULL, 37759}, /* a7 */
    {0x084000101F3FD208ULL, 4639},  /* b7 */
    {0x080000000F808081ULL, 21759}, /* c7 */
    {0x0004000008003F80ULL, 67799}, /* d7 */
    {0x08000001001FE040ULL, 22841}, /* e7 */
    {0x085F7D8000200A00ULL, 66689}, /* f7 */
    {0xFFFFFEFFBFEFF81DULL, 62548}, /* g7 */
    {0xFFBFFFEFEFDFF70FULL, 66597}, /* h7 */
    {0x100000101EC10082ULL, 86749}, /* a8 */
    {0x7FBAFFFFEFE0C02FULL, 69558}, /* b8 */
    {0x7F83FFFFFFF07F7FULL, 61589}, /* c8 */
    {0xFFF1FFFFFFF7FFC1ULL, 62533}, /* d8 */
    {0x0878040000FFE01FULL, 64387}, /* e8 */
    {0x005D00000120200AULL, 26581}, /* f8 */
    {0x0840800080200FDAULL, 76355}, /* g8 */
    {0x100000C05F582008ULL, 11140}, /* h8 */
};

/* What a lookup reads about its square, as arrays of 8-byte entries
 * indexed by the square (scaled-index loads, no address arithmetic): the
 * complemented relevant mask, the factor and the slice pointer, per piece:
 * one 64-byte struct per square needs a shift and an add on the square
 * first (docs/findings.md, "Choices in the code"). */
struct black_magics {
    alignas(64) bitboard outside_masks[SQUARE_COUNT]; /* ~relevant mask */
    alignas(64) bitboard factors[SQUARE_COUNT];
    alignas(64) const bitboard *attacks[SQUARE_COUNT]; /* slices of the shared table */
};

static struct black_magics black_rook, black_bishop;
static alignas(64) bitboard black_attacks[BLACK_TABLE_ENTRIES];

/* Fills one slider's slice.  Overlapping slices may share a slot only
 * when they store the same attack set there (no attack set is empty, so
 * 0 marks a free slot); the published constants guarantee that, and this
 * checks it, since a wrong constant would otherwise give wrong answers. */
static void black_fill(struct black_magics *magics, enum slider piece, int square,
                       const struct black_constant *constant, unsigned shift)
{
    static struct magic_subsets subsets;
    magic_enumerate_subsets(piece, square, &subsets);
    magics->outside_masks[square] = ~subsets.mask;
    magics->factors[square] = constant->factor;
    magics->attacks[square] = &black_attacks[constant->offset];
    for (int i = 0; i < subsets.count; i++) {
        size_t slot =
            constant->offset + (size_t)(((subsets.occupancies[i] | ~subsets.mask) * constant->factor) >> shift);
        if (slot >= BLACK_TABLE_ENTRIES || (black_attacks[slot] != 0 && black_attacks[slot] != subsets.attacks[i])) {
            fprintf(stderr, "magic-black: constant for %s on square %d collides\n",
                    piece == SLIDER_ROOK ? "rook" : "bishop", square);
            abort();
        }
        black_attacks[slot] = subsets.attacks[i];
    }
}

static size_t magic_black_init(void)
{
    for (int square = 0; square < SQUARE_COUNT; square++) {
        black_fill(&black_rook, SLIDER_ROOK, square, &black_rook_constants[square], ROOK_SHIFT);
        black_fill(&black_bishop, SLIDER_BISHOP, square, &black_bishop_constants[square], BISHOP_SHIFT);
    }
    return sizeof black_rook + sizeof black_bishop + sizeof black_attacks;
}

static inline bitboard black_lookup(const struct black_magics *magics, int square, bitboard occupied, unsigned shift)
{
    return magics->attacks[square][((occupied | magics->outside_masks[square]) * magics->factors[square]) >> shift];
}

static inline bitboard magic_black_rook(int square, bitboard occupied)
{
    return black_lookup(&black_rook, square, occupied, ROOK_SHIFT);
}

static inline bitboard magic_black_bishop(int square, bitboard occupied)
{
    return black_lookup(&black_bishop, square, occupied, BISHOP_SHIFT);
}

QUEEN_FROM_ROOK_AND_BISHOP(magic_black)

BACKEND(magic_black, "magic-black",
        "black magic bitboards: (occupied | ~mask) * factor, fixed shift, overlapping slices",
        "Volker Annuss, talkchess \"Black magic bitboards\" (published factors and offsets)", .init = magic_black_init)
