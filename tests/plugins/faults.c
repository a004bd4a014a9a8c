/* A hostile plugin: correct answers, and one fault chosen by the test with
 * -DFAULT_NAME (see the list below), so that each fault is named with its
 * phase and no other.  The descriptor is the one ATTACKBENCH_PLUGIN makes,
 * changed by the entry below where the fault is in the descriptor; the
 * faults of the timed passes replace the rook loop with one that behaves
 * on the verifier's 4096-query stream and misbehaves on a stream of
 * another length (the run's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define attackbench_plugin_entry correct_entry
#include "attackbench_plugin.h"
#include "reference_rays.h"

enum { VERIFIER_QUERIES = 4096 };
#define START_POSITION_OCCUPANCY 0xFFFF00000000FFFFULL

__attribute__((unused)) static const uint64_t *volatile nowhere;

/* -DFAULT_NAME, one of:
 *   ENTRY_NULL             the entry returns NULL
 *   ENTRY_CRASH            the entry reads through a null pointer
 *   ENTRY_DATA             attackbench_plugin_entry is a data symbol
 *   NAME_UNTERMINATED      the name has no NUL within 25 bytes
 *   SOURCE_UNTERMINATED    the source has no NUL within 1100 bytes
 *   NAME_NEWLINE           "fault\nattackbench: all good"
 *   DESCRIPTION_CONTROL    a newline and ESC in the description
 *   UNKNOWN_FEATURE        a feature bit no attackbench knows
 *   ALL_FEATURES           every feature bit this header names (a long needs column)
 *   INIT_ABORT             init calls abort()
 *   INIT_EXIT              init calls exit(0)
 *   INIT_RECURSION         init overflows the stack
 *   CONSTRUCTOR_EXIT       a constructor calls exit(0) while the file loads
 *   FILE_QUERY             a rook on a1 of the start position's occupancy crashes
 *   TIMING_LOOP            the timed rook pass never returns
 *   MOVE_LOOP              a rook lookup on the board after 1.e4 never returns
 *                          (in perft, below the start position's root)
 *   STREAM_WRITE           the timed rook pass writes into its queries */

#if defined(FAULT_FILE_QUERY)
static uint64_t fault_rook(int square, uint64_t occupied)
{
    return square == 0 && occupied == START_POSITION_OCCUPANCY ? *nowhere : reference_rook(square, occupied);
}
#elif defined(FAULT_MOVE_LOOP)
#include <fcntl.h>
/* The start position after 1.e4 (e2 = 12, e4 = 28): no random board of
 * the verification is this one; perft meets it one ply below its root.
 * Before looping it says so on stderr and, for a test whose stderr goes
 * elsewhere (recommend's children), by creating FAULT_LOOPING_FILE. */
static uint64_t fault_rook(int square, uint64_t occupied)
{
    if (occupied != (START_POSITION_OCCUPANCY ^ (1ULL << 12) ^ (1ULL << 28)))
        return reference_rook(square, occupied);
    static const char note[] = "fault: looping\n";
    const char *marker = getenv("FAULT_LOOPING_FILE");
    int fd = marker ? open(marker, O_WRONLY | O_CREAT, 0600) : -1;
    if (fd >= 0)
        close(fd);
    if (write(STDERR_FILENO, note, sizeof note - 1) < 0)
        return 0;
    for (volatile int forever = 1; forever;)
        ;
    return 0;
}
#else
#define fault_rook reference_rook
#endif

#if defined(FAULT_INIT_RECURSION)
static volatile int bottomless = 1;
static size_t deeper(volatile char *previous)
{
    volatile char frame[256];
    frame[0] = previous ? previous[0] : 1;
    return bottomless ? deeper(frame) + frame[0] : 0; /* not a tail call */
}
#endif

static size_t fault_init(void)
{
#if defined(FAULT_INIT_ABORT)
    abort();
#elif defined(FAULT_INIT_EXIT)
    exit(0);
#elif defined(FAULT_INIT_RECURSION)
    return deeper(NULL);
#endif
    return 0;
}

#if defined(FAULT_CONSTRUCTOR_EXIT)
__attribute__((constructor)) static void leave_early(void)
{
    exit(0);
}
#endif

ATTACKBENCH_PLUGIN_WITH("fault", "tests/plugins/faults.c", "a hostile test plugin", 0, fault_init, fault_rook,
                        reference_bishop, NULL, NULL, NULL)
#undef attackbench_plugin_entry

__attribute__((unused)) static uint64_t misbehaving_rook_loop(const struct attackbench_run *run)
{
    if (run->count == VERIFIER_QUERIES || run->mix_results)
        return attackbench_plugin_rook_loop(run);
#if defined(FAULT_TIMING_LOOP)
    static const char note[] = "fault: looping\n";
    if (write(STDERR_FILENO, note, sizeof note - 1) < 0)
        return 0;
    for (volatile int forever = 1; forever;)
        ;
#elif defined(FAULT_STREAM_WRITE)
    ((uint64_t *)(uintptr_t)run->occupied)[run->count / 2] ^= 1;
#endif
    return attackbench_plugin_rook_loop(run);
}

static struct attackbench_plugin changed;
__attribute__((unused)) static char unterminated[1100];

#if defined(FAULT_ENTRY_DATA)
ATTACKBENCH_PLUGIN_EXPORT const struct attackbench_plugin *attackbench_plugin_entry = &changed;
#else
ATTACKBENCH_PLUGIN_EXPORT const struct attackbench_plugin *attackbench_plugin_entry(void)
{
    changed = *correct_entry();
    changed.rook_loop = misbehaving_rook_loop;
    memset(unterminated, 'x', sizeof unterminated);
#if defined(FAULT_ENTRY_NULL)
    return NULL;
#elif defined(FAULT_ENTRY_CRASH)
    return (const struct attackbench_plugin *)(uintptr_t)*nowhere;
#elif defined(FAULT_NAME_UNTERMINATED)
    changed.name = unterminated;
#elif defined(FAULT_SOURCE_UNTERMINATED)
    changed.source = unterminated;
#elif defined(FAULT_NAME_NEWLINE)
    changed.name = "fault\nattackbench: all good";
#elif defined(FAULT_DESCRIPTION_CONTROL)
    changed.description = "fine\nclassical  unavailable (this CPU lacks avx512)\x1b[2J";
#elif defined(FAULT_UNKNOWN_FEATURE)
    changed.features = 1u << 20;
#elif defined(FAULT_ALL_FEATURES)
    changed.features = (ATTACKBENCH_FEATURE_SVE2_BITPERM << 1) - 1;
#endif
    return &changed;
}
#endif
