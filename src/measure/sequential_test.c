/* The sequential test of `attackbench ab`, fishtest's for games applied to
 * pairs of timings.  Each pair gives x = ln(B/A); x is modelled as normal
 * with an unknown mean mu and a spread estimated from the pairs themselves
 * (the "normalised" or generalised SPRT: the variance is plugged in at each
 * look).  Two sequential probability ratio tests (Wald) run on the same
 * pairs, with d0 = ln(1 + R/2) and d1 = ln(1 + R):
 *   slower: mu = d1 against mu = d0;   faster: mu = -d1 against mu = -d0.
 * Under the normal model the log-likelihood ratio of each is
 *   n (d1 - d0) (+-mean - (d0 + d1) / 2) / variance,
 * compared with Wald's bounds ln(beta / (1 - alpha)) and
 * ln((1 - beta) / alpha).  "B slower" when the slower test reaches its
 * upper bound, "B faster" when the faster one does, "no difference" when
 * both reach their lower bounds (mu is nearer 0 than d0 on both sides),
 * else go on.  The two upper decisions exclude each other: the two ratios
 * add up to a negative number.
 *
 * Far from the resolution the two tests, whose hypotheses lie only R/2
 * apart, need many pairs when the pairs are noisy (B 30% slower with a
 * 30% spread between pairs: about 180).  So a verdict is also given as
 * soon as a confidence sequence, an interval valid at every look at once,
 * lies beyond the hypotheses: wholly above d1 (B slower), wholly below -d1
 * (B faster), or wholly within -+d0 (no difference).  At n pairs it is the
 * t interval of two-sided level INTERVAL_ERROR / (n (n + 1)), whose sum
 * over all n is INTERVAL_ERROR (a union bound), so it adds at most that
 * to each error of the procedure.
 *
 * The pairs are not independent.  What B costs against A moves with the
 * state of a shared host (another guest on the sibling hyperthread makes
 * a dependent chain cheaper or dearer than its neighbours): in one long
 * run of a 1.2% slowdown on the Intel Xeon guest the pairs' ratios went
 * from about 2.3% for ten pairs in a row to about 0% for the next ten,
 * with a lag-1 correlation of 0.47 (docs/measurement.md).  Treating such
 * pairs as independent makes the test sure too soon, on one spell of the
 * host.  So the variance of each look is the long-run variance of a
 * first-order autoregressive series, variance (1 + rho) / (1 - rho), with
 * rho the pairs' lag-1 correlation, taken as 0 when negative and at most
 * MAX_CORRELATION: correlated pairs count as fewer, and the test waits
 * for the host's spells to average out.
 *
 * Whole processes sometimes run 0.6x as fast as their neighbours
 * (docs/measurement.md): one such pair would move the mean of a hundred
 * by half a percent, so the pairs are winsorised first, each clipped to
 * the median plus or minus 3 scaled MADs (about 3 standard deviations of
 * a normal sample, which it leaves nearly untouched). */
#include "sequential_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The scale that makes a MAD estimate a normal standard deviation. */
static const double MAD_TO_SIGMA = 1.4826;
static const double CLIP_SIGMAS = 3.0;
/* The error the confidence sequence may add, over all looks together. */
static const double INTERVAL_ERROR = 0.01;
/* The largest lag-1 correlation believed: at most 9 times the variance. */
static const double MAX_CORRELATION = 0.8;
/* The smallest variance used: identical pairs would divide by zero. */
static const double VARIANCE_FLOOR = 1e-12;

/* values[k] as a sort would leave it, the values before it none larger
 * and those after it none smaller (Hoare's selection: a sort took most of
 * a sequential test's time, and ab runs one after every pair). */
static double select_nth(double *values, int count, int k)
{
    int low = 0, high = count - 1;
    while (low < high) {
        double pivot = values[low + (high - low) / 2];
        int i = low, j = high;
        while (i <= j) {
            while (values[i] < pivot)
                i++;
            while (values[j] > pivot)
                j--;
            if (i <= j) {
                double swapped = values[i];
                values[i++] = values[j];
                values[j--] = swapped;
            }
        }
        if (k <= j)
            high = j;
        else if (k >= i)
            low = i;
        else
            break;
    }
    return values[k];
}

/* The median of `values`, which it reorders. */
static double median_of(double *values, int count)
{
    double upper = select_nth(values, count, count / 2);
    if (count % 2)
        return upper;
    double lower = values[0];
    for (int i = 1; i < count / 2; i++)
        lower = values[i] > lower ? values[i] : lower;
    return (lower + upper) / 2;
}

/* The clipping limits of the pairs: median -+ 3 scaled MADs (no clipping
 * when the copy cannot be made or the MAD is 0). */
static void clipping_limits(const double *values, int count, double *low, double *high)
{
    *low = -INFINITY;
    *high = INFINITY;
    double *copy = malloc((size_t)count * sizeof *copy);
    if (copy == NULL)
        return;
    memcpy(copy, values, (size_t)count * sizeof *copy);
    double median = median_of(copy, count);
    for (int i = 0; i < count; i++)
        copy[i] = fabs(values[i] - median);
    double mad = median_of(copy, count);
    free(copy);
    if (mad > 0) {
        *low = median - CLIP_SIGMAS * MAD_TO_SIGMA * mad;
        *high = median + CLIP_SIGMAS * MAD_TO_SIGMA * mad;
    }
}

static double clipped(double value, double low, double high)
{
    return value < low ? low : value > high ? high : value;
}

/* Mean and long-run variance of the winsorised values: their sample
 * variance times (1 + rho) / (1 - rho), rho their lag-1 correlation in
 * [0, MAX_CORRELATION]. */
static void winsorised_moments(const double *values, int count, double *mean, double *variance)
{
    double low, high, sum = 0, squares = 0, products = 0;
    clipping_limits(values, count, &low, &high);
    for (int i = 0; i < count; i++)
        sum += clipped(values[i], low, high);
    *mean = sum / count;
    for (int i = 0; i < count; i++) {
        double deviation = clipped(values[i], low, high) - *mean;
        squares += deviation * deviation;
        if (i > 0)
            products += deviation * (clipped(values[i - 1], low, high) - *mean);
    }
    double rho = squares > 0 ? fmin(fmax(products / squares, 0), MAX_CORRELATION) : 0;
    *variance = count > 1 ? squares / (count - 1) * (1 + rho) / (1 - rho) : 0;
}

/* The normal quantile z with P(|Z| > z) = `two_sided`, by bisection on
 * erfc (to 1e-9; `two_sided` from 1e-300 to 1). */
static double normal_quantile(double two_sided)
{
    double low = 0, high = 40;
    while (high - low > 1e-9) {
        double middle = (low + high) / 2;
        if (erfc(middle / sqrt(2)) > two_sided)
            low = middle;
        else
            high = middle;
    }
    return (low + high) / 2;
}

/* Student's t quantile with `freedom` degrees for the normal quantile z,
 * by the Cornish-Fisher expansion (Abramowitz and Stegun 26.7.5): within
 * 0.01 of the tables for 95% from 5 degrees up; above the true quantile,
 * so wider, far out in the tail with few degrees. */
static double student_t(double z, int freedom)
{
    double v = freedom, z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
    return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

static double student_t_95(int freedom)
{
    return student_t(1.959963985, freedom);
}

/* The verdict of the confidence sequence at this look, if it gives one:
 * its interval on ln(B/A) beyond d1 on one side, or within -+d0. */
static enum sequential_verdict interval_verdict(double mean, double variance, int count, double d0, double d1)
{
    double level = INTERVAL_ERROR / ((double)count * (count + 1));
    double half_width = student_t(normal_quantile(level), count - 1) * sqrt(variance / count);
    if (mean - half_width > d1)
        return SEQUENTIAL_B_SLOWER;
    if (mean + half_width < -d1)
        return SEQUENTIAL_B_FASTER;
    if (mean - half_width > -d0 && mean + half_width < d0)
        return SEQUENTIAL_NO_DIFFERENCE;
    return SEQUENTIAL_UNDECIDED;
}

static enum sequential_verdict decide(const struct sequential_state *state)
{
    if (state->pairs < SEQUENTIAL_MIN_PAIRS)
        return SEQUENTIAL_UNDECIDED;
    if (state->interval_verdict != SEQUENTIAL_UNDECIDED)
        return state->interval_verdict;
    if (state->slower_llr >= state->upper_bound)
        return SEQUENTIAL_B_SLOWER;
    if (state->faster_llr >= state->upper_bound)
        return SEQUENTIAL_B_FASTER;
    if (state->slower_llr <= state->lower_bound && state->faster_llr <= state->lower_bound)
        return SEQUENTIAL_NO_DIFFERENCE;
    return SEQUENTIAL_UNDECIDED;
}

struct sequential_state sequential_test(const double *log_ratios, int count, const struct sequential_settings *settings)
{
    double alpha = settings->error, beta = settings->error;
    struct sequential_state state = {
        .verdict = SEQUENTIAL_UNDECIDED,
        .pairs = count,
        .ratio = 1,
        .low = 0,
        .high = INFINITY,
        .lower_bound = log(beta / (1 - alpha)),
        .upper_bound = log((1 - beta) / alpha),
    };
    if (count <= 0)
        return state;
    double mean, variance;
    winsorised_moments(log_ratios, count, &mean, &variance);
    double d0 = log1p(settings->resolution / 2), d1 = log1p(settings->resolution);
    double scale = count * (d1 - d0) / fmax(variance, VARIANCE_FLOOR);
    state.slower_llr = scale * (mean - (d0 + d1) / 2);
    state.faster_llr = scale * (-mean - (d0 + d1) / 2);
    state.ratio = exp(mean);
    if (count > 1) {
        double half_width = student_t_95(count - 1) * sqrt(variance / count);
        state.low = exp(mean - half_width);
        state.high = exp(mean + half_width);
        state.interval_verdict = interval_verdict(mean, fmax(variance, VARIANCE_FLOOR), count, d0, d1);
    }
    state.verdict = decide(&state);
    return state;
}

const char *sequential_verdict_name(enum sequential_verdict verdict)
{
    switch (verdict) {
    case SEQUENTIAL_NO_DIFFERENCE:
        return "no difference at this resolution";
    case SEQUENTIAL_B_SLOWER:
        return "B slower";
    case SEQUENTIAL_B_FASTER:
        return "B faster";
    case SEQUENTIAL_UNDECIDED:
        break;
    }
    return "undecided";
}
