/* Conditions of the machine and the run that make timings untrustworthy,
 * found before measuring and printed as warnings (as nanobench and
 * google/benchmark print theirs), each only when true and each once. */
#ifndef ATTACKBENCH_ENVIRONMENT_H
#define ATTACKBENCH_ENVIRONMENT_H

#include <stddef.h>
#include <stdio.h>

#include "cpu_probe.h"

/* What was read from the machine and the run's settings. */
struct environment_facts {
    char governor[32];      /* scaling_governor of the measuring CPU, "" unknown */
    int boost;              /* 1 on, 0 off, -1 unknown */
    int hypervisor;         /* 1 when CPUID says a hypervisor runs us */
    int emulated;           /* 1 under an emulator (qemu-user) */
    int optimized;          /* 0 for a build without optimisation */
    int repetitions;        /* --reps */
    size_t shortest_stream; /* fewest queries in any stream, 0 unknown */
    int cpu;                /* the measuring CPU, -1 any */
    int probed;             /* 1 when two or more CPUs were probed (cpu_probe.h) */
    struct cpu_probe_spread probes;
    /* What makes the shortest stream longer: "give more positions" when
     * NULL (a file stream); the random stream's is --queries, and a file
     * stream cut by --max-queries takes a larger one. */
    const char *stream_remedy;
};

enum { MAX_ENVIRONMENT_WARNINGS = 8 };

struct environment_warning {
    const char *key; /* one word for CSV/JSON context, e.g. "governor" */
    char text[200];  /* one line for a person */
};

struct environment_report {
    int count;
    struct environment_warning warnings[MAX_ENVIRONMENT_WARNINGS];
};

/* A stream shorter than this repeats often enough for the branch
 * predictors, whose tables hold thousands of branches, to learn much of it
 * across passes (a handful of positions gives a handful of queries).  The
 * default random stream (DEFAULT_RANDOM_QUERIES, workload.h) is above it. */
enum { SHORT_STREAM_QUERIES = 4096, FEW_REPETITIONS = 5 };

/* CPUs whose memory probes differ by more than this are uneven: probes
 * of two quiet CPUs stay within 10% of each other on the machines
 * measured, and a neighbour on the host made one 1.4 to 2x slower. */
#define UNEVEN_CPUS 1.25

/* Read the facts about the machine for a run measured on `cpu` (-1: any).
 * Files are read below $ATTACKBENCH_SYSTEM_ROOT when it is set (tests give
 * a fake /sys and /proc there). */
void read_environment_facts(int cpu, struct environment_facts *facts);

/* Decide which warnings hold for these facts. */
void check_environment(const struct environment_facts *facts, struct environment_report *report);

/* The warnings, one "attackbench: warning: ..." line each. */
void print_environment_warnings(FILE *out, const struct environment_report *report);

/* The warnings' keys joined by spaces ("" when none), for result files. */
const char *environment_warning_keys(const struct environment_report *report, char *buffer, size_t size);

#endif
