/* Progress lines (see src/cli/progress.h). */
#include "progress.h"

#include <stdio.h>

#include "platform/timer.h"

static double seconds_now(void)
{
    return (double)clock_nanoseconds() / 1e9;
}

void progress_start(struct progress *progress, int enabled, int total)
{
    progress->enabled = enabled;
    progress->start = seconds_now();
    progress->done = 0;
    progress->total = total;
}

void progress_show(struct progress *progress, const char *what)
{
    if (!progress->enabled)
        return;
    double elapsed = seconds_now() - progress->start;
    char left[48] = "";
    if (progress->done > 0 && progress->total > progress->done)
        snprintf(left, sizeof left, ", about %.0f s left",
                 elapsed / progress->done * (progress->total - progress->done));
    fprintf(stderr, "\r\033[K[%d/%d] %s: %.0f s so far%s", progress->done + 1, progress->total, what, elapsed, left);
    fflush(stderr);
}

void progress_group_done(struct progress *progress)
{
    progress->done++;
}

void progress_clear(const struct progress *progress)
{
    if (progress->enabled) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
}
