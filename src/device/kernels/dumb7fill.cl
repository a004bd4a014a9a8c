/* Dumb7Fill: a flood fill one square a step through the empty squares,
 * six steps unrolled, then one step to the attacks; eight directions, no
 * tables.  Source: Chessprogramming wiki, "Dumb7Fill". */
inline ulong flood_up(ulong generator, ulong empty, uint step, ulong landing)
{
    ulong flood = generator;
    empty &= landing;
#pragma unroll
    for (int i = 0; i < 6; i++) {
        generator = (generator << step) & empty;
        flood |= generator;
    }
    return (flood << step) & landing;
}

inline ulong flood_down(ulong generator, ulong empty, uint step, ulong landing)
{
    ulong flood = generator;
    empty &= landing;
#pragma unroll
    for (int i = 0; i < 6; i++) {
        generator = (generator >> step) & empty;
        flood |= generator;
    }
    return (flood >> step) & landing;
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square), empty = ~occupied;
    return flood_up(slider, empty, 8, ~0UL) | flood_down(slider, empty, 8, ~0UL) |
           flood_up(slider, empty, 1, NOT_FILE_A) | flood_down(slider, empty, 1, NOT_FILE_H);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square), empty = ~occupied;
    return flood_up(slider, empty, 9, NOT_FILE_A) | flood_up(slider, empty, 7, NOT_FILE_H) |
           flood_down(slider, empty, 9, NOT_FILE_H) | flood_down(slider, empty, 7, NOT_FILE_A);
}
