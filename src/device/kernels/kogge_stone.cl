/* Kogge-Stone: the occluded fill as a parallel prefix, steps of 1, 2 and
 * 4 squares with the propagator squared between them, then one step to
 * the attacks; eight directions, no tables.  Source: Chessprogramming
 * wiki, "Kogge-Stone Algorithm" (Steffan Westcott). */
inline ulong fill_up(ulong generator, ulong empty, uint step, ulong landing)
{
    ulong propagator = empty & landing;
    generator |= propagator & (generator << step);
    propagator &= propagator << step;
    generator |= propagator & (generator << (2 * step));
    propagator &= propagator << (2 * step);
    generator |= propagator & (generator << (4 * step));
    return (generator << step) & landing;
}

inline ulong fill_down(ulong generator, ulong empty, uint step, ulong landing)
{
    ulong propagator = empty & landing;
    generator |= propagator & (generator >> step);
    propagator &= propagator >> step;
    generator |= propagator & (generator >> (2 * step));
    propagator &= propagator >> (2 * step);
    generator |= propagator & (generator >> (4 * step));
    return (generator >> step) & landing;
}

inline ulong rook_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square), empty = ~occupied;
    return fill_up(slider, empty, 8, ~0UL) | fill_down(slider, empty, 8, ~0UL) |
           fill_up(slider, empty, 1, NOT_FILE_A) | fill_down(slider, empty, 1, NOT_FILE_H);
}

inline ulong bishop_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    ulong slider = square_bit(square), empty = ~occupied;
    return fill_up(slider, empty, 9, NOT_FILE_A) | fill_up(slider, empty, 7, NOT_FILE_H) |
           fill_down(slider, empty, 9, NOT_FILE_H) | fill_down(slider, empty, 7, NOT_FILE_A);
}
