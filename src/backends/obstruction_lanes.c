/* Obstruction difference in AVX-512 lanes: a multi-square kernel, every
 * slider of one side against the one occupancy, one per 64-bit lane (the
 * lane layout: building_blocks/side_lanes.h).  Each lane scans its line with the
 * obstruction difference: the nearest blocker below the slider by
 * VPLZCNTQ, the one above by a subtraction.  No tables.  Single lookups
 * run the same kernel with one lane.
 * Sources: Chessprogramming wiki "Obstruction Difference" (Michael Hoffmann)
 * and "Line Attacks"; the lane layout is this project's. */
#define LANES_BACKEND obstruction_lanes
#define KERNEL_TARGET "avx512f,avx512vl,avx512cd"
#if defined(__x86_64__)
#include "building_blocks/side_lanes.h"

/* The obstruction difference on one line per lane: the blockers above,
 * minus the highest blocker below (or bit 0 when there is none), flips
 * exactly the squares from that blocker up to the lowest one above.  A
 * lane whose line is 0 gives 0. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
line_attacks(const struct lane_squares *lanes, __m512i occupied, __m512i line)
{
    const __m512i one = lane_constant(1);
    __m512i lower = _mm512_ternarylogic_epi64(occupied, line, lanes->below, 0x80); /* a & b & c */
    __m512i upper = _mm512_ternarylogic_epi64(occupied, line, lanes->above, 0x80);
    __m512i highest_lower =
        _mm512_srlv_epi64(lane_constant((long long)(1ULL << 63)), _mm512_lzcnt_epi64(_mm512_or_si512(lower, one)));
    __m512i difference = _mm512_sub_epi64(upper, highest_lower);
    return _mm512_ternarylogic_epi64(upper, difference, line, 0x28); /* (a ^ b) & c */
}

BACKEND(obstruction_lanes, "obstruction-lanes",
        "multi-square AVX-512 kernel: a side's sliders in 8 lanes, obstruction difference with VPLZCNTQ",
        "CPW Obstruction Difference (Michael Hoffmann), Line Attacks; lane layout this project's",
        TARGET(KERNEL_TARGET), .side_attacks = lanes_side, .sides_loop = lanes_sides_pass)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(obstruction_lanes, "obstruction-lanes", "x86-64 only: AVX-512 CD")
#endif
