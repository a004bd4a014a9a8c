/* Hyperbola Quintessence in AVX-512 lanes: a multi-square kernel, every
 * slider of one side against the one occupancy, one per 64-bit lane (the
 * lane layout: building_blocks/side_lanes.h).  Each lane runs o - 2s along its line, and
 * the same on the bit-reversed board for the other direction; a true
 * 64-bit reversal (GF2P8AFFINEQB reverses the bits of each byte, VPSHUFB
 * the bytes of each word) serves ranks as well as files and diagonals.
 * No tables.  Single lookups run the same kernel with one lane.
 * Sources: Chessprogramming wiki "Hyperbola Quintessence" (Gerd Isenberg,
 * after Ryan Mack) and "Bit Reversal"; the lane layout is this project's. */
#define LANES_BACKEND hyperbola_lanes
#define KERNEL_TARGET "avx512f,avx512vl,avx512cd,avx512bw,gfni"
#if defined(__x86_64__)
#include "building_blocks/side_lanes.h"

/* Every lane's 64 bits in reverse order: the affine matrix with one bit
 * on the anti-diagonal reverses each byte, the shuffle the bytes. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i reverse_bits(__m512i board)
{
    const __m512i byte_order = _mm512_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                               13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1,
                                               2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
    board = _mm512_gf2p8affine_epi64_epi8(board, lane_constant((long long)0x8040201008040201ULL), 0);
    return _mm512_shuffle_epi8(board, byte_order);
}

/* o - 2s sets the squares from the slider up to the first blocker; on the
 * reversed board the same subtraction gives the other direction. */
__attribute__((target(KERNEL_TARGET), always_inline)) static inline __m512i
line_attacks(const struct lane_squares *lanes, __m512i occupied, __m512i line)
{
    /* 2s on the reversed board: bit 64 - square, i.e. 2 << (63 - square). */
    __m512i square = _mm512_or_si512(lanes->rank8, lanes->file);
    __m512i reversed_twice_slider = _mm512_sllv_epi64(lane_constant(2), _mm512_sub_epi64(lane_constant(63), square));
    __m512i blockers = _mm512_ternarylogic_epi64(occupied, line, lanes->bit, 0x40); /* a & b & ~c */
    __m512i forward = _mm512_sub_epi64(blockers, _mm512_add_epi64(lanes->bit, lanes->bit));
    __m512i backward = reverse_bits(_mm512_sub_epi64(reverse_bits(blockers), reversed_twice_slider));
    return _mm512_ternarylogic_epi64(forward, backward, line, 0x28); /* (a ^ b) & c */
}

BACKEND(hyperbola_lanes, "hyperbola-lanes",
        "multi-square AVX-512 kernel: a side's sliders in 8 lanes, hyperbola with a GFNI bit reversal",
        "CPW Hyperbola Quintessence, Bit Reversal; lane layout this project's", TARGET(KERNEL_TARGET),
        .side_attacks = lanes_side, .sides_loop = lanes_sides_pass)
#else
#include "attackbench/loops.h"

BACKEND_NOT_ON_THIS_ARCHITECTURE(hyperbola_lanes, "hyperbola-lanes", "x86-64 only: AVX-512 and GFNI")
#endif
