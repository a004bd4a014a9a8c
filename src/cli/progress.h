/* Progress on standard error while it is a terminal: which group is being
 * measured, the time so far and an estimate of what remains. */
#ifndef ATTACKBENCH_PROGRESS_H
#define ATTACKBENCH_PROGRESS_H

struct progress {
    int enabled;  /* standard error is a terminal and not --quiet */
    double start; /* seconds, monotonic */
    int done;     /* groups finished */
    int total;    /* groups expected (an upper bound: empty streams are skipped) */
};

void progress_start(struct progress *progress, int enabled, int total);

/* One line, rewritten in place: "[3/12] random rook batch: 4 s so far, about 12 s left". */
void progress_show(struct progress *progress, const char *what);

void progress_group_done(struct progress *progress);

/* Erase the line, before other output reaches the terminal. */
void progress_clear(const struct progress *progress);

#endif
