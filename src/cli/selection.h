/* Choosing backends by name: the one parser of --method lists, shared by
 * the benchmark and perft. */
#ifndef ATTACKBENCH_SELECTION_H
#define ATTACKBENCH_SELECTION_H

#include <stddef.h>
#include <stdio.h>

#include "attackbench/backend.h"

/* How a command reads a --method list. */
struct selection_rules {
    /* Starts every message: "attackbench" or "attackbench: perft". */
    const char *prefix;
    /* Leave out the baseline (null), which computes no attack sets: "all"
     * skips it, naming it is an error. */
    int without_baseline;
    /* "all" skips the backends this CPU cannot run without a note. */
    int quiet;
    /* Keep the backends this CPU cannot run (--list names them too). */
    int keep_unavailable;
    /* Keep those the list names (not a glob's or "all"'s matches, which
     * are left out as the benchmark leaves them out), for the caller to
     * refuse with their reason. */
    int keep_named_unavailable;
};

/* Resolve a comma-separated list into backends, in the order given, each
 * once.  An item is "all", a name or a shell glob ('kindergarten*'), in
 * any case; "-ITEM" removes what ITEM matches from what came before (a
 * list that starts with "-ITEM" starts from all).  An item that matches
 * nothing is an error, with the nearest name offered.  A backend this CPU
 * cannot run is skipped with a note naming what the CPU lacks (none for
 * one that a later -ITEM leaves out).  Returns how many the whole list
 * chose, its removals applied (possibly 0, possibly more than `capacity`:
 * only the first `capacity` are stored, and a caller refuses a count
 * above it, never cutting the list silently), or -1 after printing why
 * the list is wrong (an unknown name gets the nearest known one, or a
 * pointer to --list). */
int select_backends(const char *list, const struct selection_rules *rules, const struct backend **selected,
                    size_t capacity);

/* The plain names of a --method list (neither "all", a glob nor a
 * formulation; a "-" before one left out) as ab and recommend refuse
 * them, before select_backends(): one that names no backend in any case
 * is "PREFIX: no method named 'NAME' (attackbench --list names them)",
 * the baseline added by name "PREFIX: NAME computes no attack sets and
 * cannot be ROLE" ("a side").  Returns 0, or -1 after that line. */
int check_plain_names(const char *list, const char *prefix, const char *role);

/* Hand every --param=NAME=VALUE to the selected backends that know NAME
 * (`typed`: the same as the user typed them, quoted in the messages).
 * Returns 0, or -1 after printing why (a bad value, or no backend with
 * that parameter). */
int apply_parameters(const char *const *parameters, const char *const *typed, int parameter_count,
                     const struct backend **selected, int count);

/* The --param texts `backend` accepted ("hash-bits=8", several joined by
 * ';'), or "" when it runs with its defaults: a row's parameters column. */
const char *applied_parameters(const struct backend *backend);

/* The "skipping" lines of the last selection (methods this CPU cannot
 * run), printed once the command has checked its input. */
void print_selection_notes(void);

/* Why the last selection chose nothing, on standard error: the methods it
 * named that this CPU cannot run (their "skipping" lines, then "PREFIX: no
 * method to run on this CPU"), or, when it named none that stayed in the
 * list, "PREFIX: --method=LIST: the list leaves no method" ('all,-all'). */
void report_empty_selection(const char *list, const char *prefix);

#endif
