// An example plugin in C++: attack code written as engines in C++ often
// write it, one template per direction so that every shift and wrap mask is
// a compile-time constant (an occluded fill, Kogge-Stone style, per ray).
//
//   make      (or: c++ -std=c++17 -O2 -shared -fPIC -fvisibility=hidden -I../../include my_engine_cpp.cpp -o my_engine_cpp.so)
#include "attackbench_plugin.h"

namespace {

constexpr uint64_t not_a_file = 0xFEFEFEFEFEFEFEFEULL;
constexpr uint64_t not_h_file = 0x7F7F7F7F7F7F7F7FULL;

template <int Shift> constexpr uint64_t landing_mask()
{
    // Squares a step of this shift can land on without wrapping round the board.
    return (Shift == 1 || Shift == 9 || Shift == -7) ? not_a_file
           : (Shift == -1 || Shift == -9 || Shift == 7) ? not_h_file
                                                         : ~0ULL;
}

template <int Shift> constexpr uint64_t step(uint64_t board)
{
    return Shift > 0 ? board << Shift : board >> -Shift;
}

// Attacks along one direction: an occluded fill in three doubling steps,
// then one step beyond it.
template <int Shift> inline uint64_t ray(uint64_t slider, uint64_t empty)
{
    constexpr uint64_t mask = landing_mask<Shift>();
    empty &= mask;
    slider |= empty & step<Shift>(slider);
    empty &= step<Shift>(empty);
    slider |= empty & step<2 * Shift>(slider);
    empty &= step<2 * Shift>(empty);
    slider |= empty & step<4 * Shift>(slider);
    return mask & step<Shift>(slider);
}

template <int... Shifts> inline uint64_t rays(int square, uint64_t occupied)
{
    const uint64_t slider = 1ULL << square, empty = ~occupied;
    return (ray<Shifts>(slider, empty) | ...);
}

uint64_t cpp_rook(int square, uint64_t occupied)
{
    return rays<8, -8, 1, -1>(square, occupied);
}

uint64_t cpp_bishop(int square, uint64_t occupied)
{
    return rays<9, 7, -7, -9>(square, occupied);
}

} // namespace

ATTACKBENCH_PLUGIN("my-engine-cpp", "examples/plugin/my_engine_cpp.cpp", cpp_rook, cpp_bishop)
