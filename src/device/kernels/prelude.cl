/* Shared by every device technique, compiled before its source: squares
 * a1 = 0, h1 = 7, h8 = 63 as on the CPU; the address space of the table
 * (the formulation: -D TABLE_IN_GLOBAL, TABLE_IN_LOCAL or
 * TABLE_IN_CONSTANT); bit reversal and bit scans in OpenCL C 1.2. */
#if defined(TABLE_IN_LOCAL)
#define TABLE_SPACE __local
#elif defined(TABLE_IN_CONSTANT)
#define TABLE_SPACE __constant
#else
#define TABLE_SPACE __global
#endif

#define FILE_A 0x0101010101010101UL
#define NOT_FILE_A 0xfefefefefefefefeUL
#define NOT_FILE_H 0x7f7f7f7f7f7f7f7fUL

inline ulong square_bit(uint square)
{
    return 1UL << square;
}

/* The 64 bits in reverse order: on NVIDIA's platform one brev.b64 (inline
 * PTX), elsewhere six swaps of ever larger groups. */
inline ulong bit_reverse(ulong x)
{
#if defined(NVIDIA_BREV)
    ulong reversed;
    asm("brev.b64 %0, %1;" : "=l"(reversed) : "l"(x));
    return reversed;
#else
    x = ((x >> 1) & 0x5555555555555555UL) | ((x & 0x5555555555555555UL) << 1);
    x = ((x >> 2) & 0x3333333333333333UL) | ((x & 0x3333333333333333UL) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fUL) | ((x & 0x0f0f0f0f0f0f0f0fUL) << 4);
    x = ((x >> 8) & 0x00ff00ff00ff00ffUL) | ((x & 0x00ff00ff00ff00ffUL) << 8);
    x = ((x >> 16) & 0x0000ffff0000ffffUL) | ((x & 0x0000ffff0000ffffUL) << 16);
    return (x >> 32) | (x << 32);
#endif
}

/* The lowest and the highest set square of a non-empty board. */
inline uint lowest_square(ulong board)
{
    return 63 - (uint)clz(board & (0 - board));
}

inline uint highest_square(ulong board)
{
    return 63 - (uint)clz(board);
}

#define FILE_H 0x8080808080808080UL
#define RANK_1 0x00000000000000ffUL
#define RANK_8 0xff00000000000000UL
#define DIAGONAL_A1_H8 0x8040201008040201UL

/* The line scans slide-arithmetic and leorik share: on one line through
 * the square (the square left out), every bit up to the nearest blocker
 * above (BLSMSK of the blockers above) meets every bit from the nearest
 * blocker below (a mask shifted by that blocker's square; from a1 when
 * there is none). */
inline ulong slide_line_attacks(ulong above, ulong below, ulong line)
{
    ulong up = above & line;
    ulong to_blocker = up ^ (up - 1);
    ulong from_blocker = ~0UL << highest_square((below & line) | 1UL);
    return to_blocker & from_blocker & line;
}

/* The occupied squares above and below `square`. */
inline ulong occupied_above(uint square, ulong occupied)
{
    return occupied & ((~0UL << square) << 1);
}

inline ulong occupied_below(uint square, ulong occupied)
{
    return occupied & (square_bit(square) - 1);
}

/* The board mirrored top to bottom: its eight bytes in reverse order. */
inline ulong flip_vertical(ulong board)
{
    return as_ulong(as_uchar8(board).s76543210);
}
