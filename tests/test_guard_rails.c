/* The guard rails' arithmetic: other work on the measuring CPUs from
 * /proc/stat times, and the harness's drift against its own noise. */
#include <math.h>

#include "measure/cpu_choice.h"
#include "measure/statistics.h"
#include "unit.h"

TEST(own_threads_are_never_other_work)
{
    /* 16 measuring CPUs, each busy half of one second, all of it this
     * process's 16 threads (8 CPU seconds): nothing else ran, however much
     * the threads waited for one another. */
    struct cpu_times start[16], end[16];
    for (int i = 0; i < 16; i++) {
        start[i] = (struct cpu_times){1000, 5000, 7};
        end[i] = (struct cpu_times){1050, 5050, 7};
    }
    struct other_work seen;
    other_work_from_times(start, end, 16, 8.0, 1.0, 100, &seen);
    CHECK(fabs(seen.share) < 1e-12 && fabs(seen.other_ms) < 1e-6 && seen.stolen_ms == 0 && seen.cpus == 16);
}

TEST(another_process_on_the_measuring_cpu_is_seen)
{
    struct cpu_times start = {1000, 5000, 0}, end = {1100, 5000, 0};
    struct other_work seen;
    other_work_from_times(&start, &end, 1, 0.6, 1.0, 100, &seen);
    CHECK(fabs(seen.share - 0.4) < 1e-9 && fabs(seen.other_ms - 400) < 1e-9 && seen.stolen_ms == 0);
}

TEST(stolen_time_is_seen_and_named)
{
    struct cpu_times start = {1000, 5000, 50}, end = {1060, 5010, 80};
    struct other_work seen;
    other_work_from_times(&start, &end, 1, 0.6, 1.0, 100, &seen);
    CHECK(fabs(seen.share - 0.3) < 1e-9 && fabs(seen.other_ms) < 1e-6 && fabs(seen.stolen_ms - 300) < 1e-9);
}

TEST(canary_drift_within_the_rounds_noise_is_none)
{
    double noisy[9] = {1.0, 1.2, 0.9, 1.1, 1.0, 1.3, 0.95, 1.25, 1.05};
    CHECK(canary_drift_of(noisy, 9) == 0);
    double too_few[5] = {1, 1, 1, 2, 2};
    CHECK(canary_drift_of(too_few, 5) == 0);
}

TEST(canary_drift_beyond_the_rounds_noise_is_measured)
{
    double step[9] = {1.0, 1.01, 1.0, 1.02, 1.0, 1.01, 1.2, 1.21, 1.2};
    double drift = canary_drift_of(step, 9);
    CHECK(drift > 0.15 && drift < 0.25);
}
