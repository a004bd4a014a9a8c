/* The kernels the host launches, compiled after the technique's source,
 * which defines rook_attacks() and bishop_attacks() (and queen_attacks()
 * with TECHNIQUE_QUEEN):
 *   attacks: one lookup a work item, for the verifier to read back;
 *   queens:  `passes` passes over the query stream, each work item summing
 *            the queen attacks of every threads-th query (plain sums, or
 *            the checksum mix of the CPU's checksum column). */
#if defined(TABLE_IN_CONSTANT)
#define TABLE_PARAMETER __constant const ulong *table_source
#else
#define TABLE_PARAMETER __global const ulong *table_source
#endif

#if !defined(TECHNIQUE_QUEEN)
inline ulong queen_attacks(uint square, ulong occupied, TABLE_SPACE const ulong *table)
{
    return rook_attacks(square, occupied, table) | bishop_attacks(square, occupied, table);
}
#endif

/* The table the lookups read: in local memory a copy each work group
 * makes first, elsewhere the argument itself. */
#if defined(TABLE_IN_LOCAL)
inline __local const ulong *lookup_table(__global const ulong *source, __local ulong *copy)
{
    for (size_t i = get_local_id(0); i < TABLE_WORDS; i += get_local_size(0))
        copy[i] = source[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    return copy;
}
#else
#define lookup_table(source, copy) (source)
#endif

/* include/attackbench_plugin_loops.h's attackbench_checksum_mix(). */
inline ulong checksum_mix(ulong x)
{
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDUL;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53UL;
    return x ^ (x >> 33);
}

__kernel void attacks(uint piece, __global const uchar *squares, __global const ulong *occupied,
                      __global ulong *results, uint count, TABLE_PARAMETER, __local ulong *table_local)
{
    TABLE_SPACE const ulong *table = lookup_table(table_source, table_local);
    size_t i = get_global_id(0);
    if (i >= count)
        return;
    uint square = squares[i];
    ulong result = piece == 0   ? rook_attacks(square, occupied[i], table)
                   : piece == 1 ? bishop_attacks(square, occupied[i], table)
                                : queen_attacks(square, occupied[i], table);
#if defined(PLANT_WRONG)
    /* A planted fault for the tests: d4 with three blockers loses h8. */
    if (square == 27 && popcount(occupied[i]) == 3)
        result ^= 1UL << 63;
#endif
#if defined(PLANT_SPARSE_QUEEN)
    /* Another: the queen alone is wrong, on boards of at most one blocker. */
    if (piece == 2 && popcount(occupied[i] & ~(1UL << square)) <= 1)
        result ^= 1UL << ((square + 9) & 63);
#endif
    results[i] = result;
}

__kernel void queens(__global const uchar *squares, __global const ulong *occupied, uint count, uint passes,
                     uint mixed, __global ulong *sums, TABLE_PARAMETER, __local ulong *table_local)
{
    TABLE_SPACE const ulong *table = lookup_table(table_source, table_local);
    size_t first = get_global_id(0), threads = get_global_size(0);
    ulong sum = 0;
    if (mixed)
        for (uint pass = 0; pass < passes; pass++)
            for (size_t i = first; i < count; i += threads)
                sum += checksum_mix(queen_attacks(squares[i], occupied[i], table));
    else
        for (uint pass = 0; pass < passes; pass++)
            for (size_t i = first; i < count; i += threads)
                sum += queen_attacks(squares[i], occupied[i], table);
#if defined(PLANT_SLOW)
    /* A planted fault for the tests: a launch that outlives any watchdog. */
    for (ulong spin = 0; spin < (1UL << 62) + (sum & 1); spin++)
        sum = sum * 6364136223846793005UL + spin;
#endif
    sums[first] = sum;
}
