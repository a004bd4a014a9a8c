/* The sequential test of `attackbench ab`: from the log ratios
 * ln(B/A) of adjacent pairs, whether B differs from A by less than half
 * the resolution or by at least the resolution, decided as soon as the
 * pairs allow (see src/measure/sequential_test.c). */
#ifndef ATTACKBENCH_SEQUENTIAL_TEST_H
#define ATTACKBENCH_SEQUENTIAL_TEST_H

enum sequential_verdict {
    SEQUENTIAL_UNDECIDED,     /* go on measuring */
    SEQUENTIAL_NO_DIFFERENCE, /* |B/A - 1| < R/2, at the error asked */
    SEQUENTIAL_B_SLOWER,      /* B/A >= 1 + R */
    SEQUENTIAL_B_FASTER,      /* A/B >= 1 + R */
};

enum {
    /* No verdict before this many pairs: the spread comes from the pairs
     * themselves and means little from fewer. */
    SEQUENTIAL_MIN_PAIRS = 10,
};

struct sequential_settings {
    double resolution; /* R as a fraction: 0.01 for 1% */
    double error;      /* each of the two errors, alpha = beta: 0.05 */
};

struct sequential_state {
    enum sequential_verdict verdict;
    int pairs;                       /* log ratios read */
    double ratio;                    /* exp of their (winsorised) mean: B/A */
    double low, high;                /* its 95% interval (a point with no spread) */
    double slower_llr;               /* log-likelihood ratio, B/A = 1 + R against 1 + R/2 */
    double faster_llr;               /* the same for A/B */
    double lower_bound, upper_bound; /* Wald's bounds on both */
    /* What the confidence sequence alone says at this look (see
     * src/measure/sequential_test.c); the verdict takes it first. */
    enum sequential_verdict interval_verdict;
};

/* The test on `count` log ratios ln(B/A), in the order they were taken.
 * Returns the state; its verdict is SEQUENTIAL_UNDECIDED while the pairs
 * do not decide (always below SEQUENTIAL_MIN_PAIRS). */
struct sequential_state sequential_test(const double *log_ratios, int count,
                                        const struct sequential_settings *settings);

/* The verdict in words: "B faster", "B slower", "no difference at this
 * resolution", "undecided". */
const char *sequential_verdict_name(enum sequential_verdict verdict);

#endif
