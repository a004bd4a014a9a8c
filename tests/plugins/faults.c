/* A hostile plugin: correct answers, and one fault, named by the file it
 * is loaded from ("ENTRY_NULL.so": see the list below), so that each fault
 * is named with its phase and no other.  The tests build it once and copy
 * it to a file per fault, since a build takes longer than the test; the
 * one fault in the symbol table, ENTRY_DATA, is a build of its own
 * (-DFAULT_ENTRY_DATA).  The descriptor is the one ATTACKBENCH_PLUGIN
 * makes, changed by the entry below where the fault is in the descriptor;
 * the faults of the timed passes replace the rook loop with one that
 * behaves on the verifier's 4096-query stream and misbehaves on a stream
 * of another length (the run's).  A file of another name has no fault. */
#define _GNU_SOURCE /* dladdr */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(FAULT_ENTRY_DATA)
/* ENTRY_DATA alone: the entry a data symbol, the descriptor it points to
 * never read, so the rest of the file is left out (its compile, the
 * hostile plugin's loops, cost a quarter of a second of CPU). */
#define attackbench_plugin_entry declared_entry
#include "attackbench_plugin.h"
#undef attackbench_plugin_entry
static struct attackbench_plugin changed;
ATTACKBENCH_PLUGIN_EXPORT const struct attackbench_plugin *attackbench_plugin_entry = &changed;
#else
#define attackbench_plugin_entry correct_entry
#include "attackbench_plugin.h"
#include "own_file_name.h"
#include "reference_rays.h"

enum { VERIFIER_QUERIES = 4096 };
#define START_POSITION_OCCUPANCY 0xFFFF00000000FFFFULL

__attribute__((unused)) static const uint64_t *volatile nowhere;

/* The faults, each the name of a file:
 *   ENTRY_NULL             the entry returns NULL
 *   ENTRY_CRASH            the entry reads through a null pointer
 *   ENTRY_DATA             attackbench_plugin_entry is a data symbol
 *                          (built with -DFAULT_ENTRY_DATA)
 *   NAME_UNTERMINATED      the name has no NUL within 25 bytes
 *   SOURCE_UNTERMINATED    the source has no NUL within 1100 bytes
 *   NAME_NEWLINE           "fault\nattackbench: all good"
 *   DESCRIPTION_CONTROL    a newline and ESC in the description
 *   UNKNOWN_FEATURE        a feature bit no attackbench knows
 *   ALL_FEATURES           every feature bit this header names (a long needs column)
 *   INIT_ABORT             init calls abort()
 *   INIT_EXIT              init calls exit(0)
 *   INIT_UNDERSCORE_EXIT   init calls _exit(0)
 *   INIT_CAPITAL_EXIT      init calls _Exit(0)
 *   INIT_QUICK_EXIT        init calls quick_exit(0)
 *   INIT_PTHREAD_EXIT      init calls pthread_exit(NULL) on the main thread
 *   INIT_LOOP              init never returns
 *   INIT_RECURSION         init overflows the stack
 *   CONSTRUCTOR_EXIT       a constructor calls exit(0) while the file loads
 *   CONSTRUCTOR_LOOP       a constructor never returns while the file loads
 *   VERIFY_LOOP            the first rook lookup never returns (in the
 *                          verification at load, before any command)
 *   VERIFY_SLOW            every rook lookup is right and sleeps 20 us, so
 *                          that the verification at load runs for tens of
 *                          seconds; the first says "fault: slow" on stderr
 *   FILE_QUERY             a rook on a1 of the start position's occupancy crashes
 *   FILE_QUERY_EXIT        the same query calls _exit(0)
 *   TIMING_LOOP            the timed rook pass never returns
 *   MOVE_LOOP              a rook lookup on the board after 1.e4 never returns
 *                          (in perft, below the start position's root)
 *   MOVE_CRASH             the same lookup crashes
 *   STREAM_WRITE           the timed rook pass writes into its queries
 *   THREAD_CRASH           init starts a thread of the plugin's own, which
 *                          crashes once the timed rook pass has begun (the
 *                          pass waits for it) */
#define FAULTS(X) \
    X(ENTRY_NULL) \
    X(ENTRY_CRASH) \
    X(NAME_UNTERMINATED) X(SOURCE_UNTERMINATED) X(NAME_NEWLINE) X(DESCRIPTION_CONTROL) X(UNKNOWN_FEATURE) \
        X(ALL_FEATURES) X(INIT_ABORT) X(INIT_EXIT) X(INIT_UNDERSCORE_EXIT) X(INIT_CAPITAL_EXIT) X(INIT_QUICK_EXIT) \
            X(INIT_PTHREAD_EXIT) X(INIT_LOOP) X(INIT_RECURSION) X(CONSTRUCTOR_EXIT) X(CONSTRUCTOR_LOOP) X(VERIFY_LOOP) X(VERIFY_SLOW) \
                X(FILE_QUERY) X(FILE_QUERY_EXIT) X(TIMING_LOOP) X(MOVE_LOOP) X(MOVE_CRASH) X(STREAM_WRITE) \
                    X(THREAD_CRASH)
#define AS_ENUMERATOR(NAME) WITH_##NAME,
#define AS_TEXT(NAME) #NAME,
enum fault { WITHOUT_FAULT = -1, FAULTS(AS_ENUMERATOR) FAULT_COUNT };
static const char *const fault_names[FAULT_COUNT] = {FAULTS(AS_TEXT)};
static enum fault fault = WITHOUT_FAULT;

static void loop_forever(void);

/* The fault is the name of this file, without its folder and ".so". */
__attribute__((constructor)) static void choose_fault(void)
{
    const char *base = own_file_name((void *)choose_fault);
    if (base == NULL)
        return;
    for (int i = 0; i < FAULT_COUNT; i++) {
        size_t length = strlen(fault_names[i]);
        if (strncmp(base, fault_names[i], length) == 0 && strcmp(base + length, ".so") == 0)
            fault = (enum fault)i;
    }
    if (fault == WITH_CONSTRUCTOR_EXIT)
        exit(0);
    if (fault == WITH_CONSTRUCTOR_LOOP)
        loop_forever();
}

/* Never returns, asleep: a stuck lookup, without a core spent on it while
 * the tests wait for attackbench to abandon it (a second after the signal).
 * Before looping it says so on stderr and, for a test whose stderr goes
 * elsewhere (recommend's children), by creating FAULT_LOOPING_FILE. */
static void loop_forever(void)
{
    static const char note[] = "fault: looping\n";
    const char *marker = getenv("FAULT_LOOPING_FILE");
    int fd = marker ? open(marker, O_WRONLY | O_CREAT, 0600) : -1;
    if (fd >= 0)
        close(fd);
    if (write(STDERR_FILENO, note, sizeof note - 1) < 0)
        return;
    for (volatile int forever = 1; forever;)
        sleep(1); /* a signal cuts one sleep short, and the loop goes on */
}

/* VERIFY_SLOW: a lookup late but right, which returns; the first says so
 * on stderr, as loop_forever does, for the test to signal then. */
static void sleep_a_little(void)
{
    static const char note[] = "fault: slow\n";
    static int said;
    if (!said && write(STDERR_FILENO, note, sizeof note - 1) >= 0)
        said = 1;
    usleep(20);
}

/* FILE_QUERY: the start position's occupancy.  MOVE_LOOP: the start
 * position after 1.e4 (e2 = 12, e4 = 28), which no random board of the
 * verification is; perft meets it one ply below its root. */
static uint64_t fault_rook(int square, uint64_t occupied)
{
    if (fault == WITH_VERIFY_LOOP)
        loop_forever();
    if (fault == WITH_VERIFY_SLOW)
        sleep_a_little();
    if (fault == WITH_FILE_QUERY && square == 0 && occupied == START_POSITION_OCCUPANCY)
        return *nowhere;
    if (fault == WITH_FILE_QUERY_EXIT && square == 0 && occupied == START_POSITION_OCCUPANCY)
        _exit(0);
    if (fault == WITH_MOVE_LOOP && occupied == (START_POSITION_OCCUPANCY ^ (1ULL << 12) ^ (1ULL << 28)))
        loop_forever();
    if (fault == WITH_MOVE_CRASH && occupied == (START_POSITION_OCCUPANCY ^ (1ULL << 12) ^ (1ULL << 28)))
        return *nowhere;
    return reference_rook(square, occupied);
}

static volatile int bottomless = 1;
static size_t deeper(volatile char *previous)
{
    volatile char frame[256];
    frame[0] = previous ? previous[0] : 1;
    return bottomless ? deeper(frame) + frame[0] : 0; /* not a tail call */
}

/* THREAD_CRASH: set by the timed rook pass, which then waits for the
 * helper thread's crash; polled, since a crash needs no exact moment. */
static volatile int timing_began;

static void *crash_when_timing(void *unused)
{
    (void)unused;
    while (!timing_began)
        usleep(1000);
    return (void *)(uintptr_t)*nowhere;
}

static size_t fault_init(void)
{
    pthread_t helper;
    if (fault == WITH_THREAD_CRASH && pthread_create(&helper, NULL, crash_when_timing, NULL) == 0)
        pthread_detach(helper);
    if (fault == WITH_INIT_ABORT)
        abort();
    if (fault == WITH_INIT_EXIT)
        exit(0);
    if (fault == WITH_INIT_UNDERSCORE_EXIT)
        _exit(0);
    if (fault == WITH_INIT_CAPITAL_EXIT)
        _Exit(0);
    if (fault == WITH_INIT_QUICK_EXIT)
        quick_exit(0);
    if (fault == WITH_INIT_PTHREAD_EXIT)
        pthread_exit(NULL);
    if (fault == WITH_INIT_LOOP)
        loop_forever();
    if (fault == WITH_INIT_RECURSION)
        return deeper(NULL);
    return 0;
}

ATTACKBENCH_PLUGIN_WITH("fault", "tests/plugins/faults.c", "a hostile test plugin", 0, fault_init, fault_rook,
                        reference_bishop, NULL, NULL, NULL)
#undef attackbench_plugin_entry

__attribute__((unused)) static uint64_t misbehaving_rook_loop(const struct attackbench_run *run)
{
    if (run->count == VERIFIER_QUERIES || run->mix_results)
        return attackbench_plugin_rook_loop(run);
    if (fault == WITH_TIMING_LOOP)
        loop_forever();
    if (fault == WITH_THREAD_CRASH) {
        timing_began = 1;
        for (volatile int forever = 1; forever;)
            sleep(1); /* until the helper thread's crash ends the process */
    }
    if (fault == WITH_STREAM_WRITE)
        ((uint64_t *)(uintptr_t)run->occupied)[run->count / 2] ^= 1;
    return attackbench_plugin_rook_loop(run);
}

static struct attackbench_plugin changed;
__attribute__((unused)) static char unterminated[1100];

ATTACKBENCH_PLUGIN_EXPORT const struct attackbench_plugin *attackbench_plugin_entry(void)
{
    changed = *correct_entry();
    changed.rook_loop = misbehaving_rook_loop;
    memset(unterminated, 'x', sizeof unterminated);
    switch (fault) {
    case WITH_ENTRY_NULL:
        return NULL;
    case WITH_ENTRY_CRASH:
        return (const struct attackbench_plugin *)(uintptr_t)*nowhere;
    case WITH_NAME_UNTERMINATED:
        changed.name = unterminated;
        break;
    case WITH_SOURCE_UNTERMINATED:
        changed.source = unterminated;
        break;
    case WITH_NAME_NEWLINE:
        changed.name = "fault\nattackbench: all good";
        break;
    case WITH_DESCRIPTION_CONTROL:
        changed.description = "fine\nclassical  unavailable (this CPU lacks avx512)\x1b[2J";
        break;
    case WITH_UNKNOWN_FEATURE:
        changed.features = 1u << 20;
        break;
    case WITH_ALL_FEATURES:
        changed.features = (ATTACKBENCH_FEATURE_SVE2_BITPERM << 1) - 1;
        break;
    default:
        break;
    }
    return &changed;
}
#endif
