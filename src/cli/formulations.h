/* Formulations in the commands: the benchmark's choice of each selected
 * technique's formulation (after verification, before the first timed
 * pass) and the lines --list gives each technique's formulations. */
#ifndef ATTACKBENCH_CLI_FORMULATIONS_H
#define ATTACKBENCH_CLI_FORMULATIONS_H

#include <stdio.h>

#include "session.h"
#include "measure/formulation_choice.h"
#include "platform/timer.h"

/* Every selected technique with formulations runs the one the
 * calibration chose (--formulation=fixed: its default), with a context
 * line each ("formulation: kogge-stone runs lanes (scalar 1.62x
 * slower; ...)").  The calibration runs on the run's --threads, on its
 * CPUs.  Updates the entries' table sizes and formulation_threads.
 * Returns 0. */
int choose_formulations(struct session *session);

/* For --list: one calibration for the whole list, timed with the clock
 * on `threads` unpinned threads (none when fixed), open from
 * list_calibration_open() to list_calibration_close(). */
struct list_calibration {
    struct timer timer;
    struct calibration calibration;
    int fixed;
};
void list_calibration_open(struct list_calibration *list, int fixed, int threads);
void list_calibration_close(struct list_calibration *list);

/* For --list: the choice for `technique` made on `list` and put in place
 * here, said in `text`; 0 when it has no formulations or none this CPU
 * runs. */
int formulation_for_list(const struct list_calibration *list, const struct backend *technique, char *text, size_t size);

/* For --list, after the backends: the formulations of the techniques
 * `shown` names and those it names itself, by technique; every one when
 * `shown` is NULL. */
void list_formulations(FILE *out, const struct backend *const *shown, size_t shown_count);

#endif
