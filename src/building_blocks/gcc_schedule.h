/* With gcc, its instruction scheduling pass before register allocation
 * (off at -O2 on x86-64), register pressure counted.  gcc 12 otherwise
 * leaves each lookup's chain of dependent operations in source order, and
 * the core overlaps fewer lookups than in clang 14's interleaved loop.
 * Included first by the backends that measured faster with it
 * (docs/findings.md, "Choices in the code"); clang never sees it. */
#ifndef ATTACKBENCH_GCC_SCHEDULE_H
#define ATTACKBENCH_GCC_SCHEDULE_H

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns", "sched-pressure")
#endif

#endif
