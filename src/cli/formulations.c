/* Formulations in the commands (formulations.h). */
#include "formulations.h"

#include <string.h>

#include "registry/registry.h"

/* Choose and put in place the formulation `technique` runs (fixed when
 * `calibration` is NULL); the line that says which goes to `out` unless
 * it is NULL.  Returns the threads the choice was measured on, or 0. */
static int choose_one(const struct backend *technique, const struct calibration *calibration, FILE *out)
{
    struct formulation_choice choice;
    if (calibrate_formulation(technique, calibration, &choice) != 0)
        return 0;
    registry_use_formulation(technique, choice.chosen);
    if (out != NULL) {
        char text[512];
        describe_formulation_choice(&choice, text, sizeof text);
        fprintf(out, "formulation: %s runs %s\n", technique->name, text);
    }
    return choice.threads;
}

int choose_formulations(struct session *session)
{
    const struct options *options = session->options;
    int fixed = options->fixed_formulations || options->count_instructions;
    /* The run's threads on the run's CPUs, all timing at once. */
    struct calibration calibration;
    int opened = 0;
    for (int i = 0; i < session->entry_count; i++) {
        struct backend_entry *entry = &session->entries[i];
        if (entry->backend->formulations == NULL)
            continue;
        if (!fixed && !opened) {
            calibration_open(&calibration, &session->timer, options->threads,
                             session->pin_cpu >= 0 ? session->cpus : NULL);
            opened = 1;
        }
        const char *before = entry->backend->formulation;
        entry->formulation_threads =
            choose_one(entry->backend, fixed ? NULL : &calibration, options->quiet ? NULL : stderr);
        if (before != entry->backend->formulation) /* its own tables, which the choice built */
            entry->table_bytes = backend_initialize(entry->backend, &entry->init_ms);
    }
    if (opened)
        calibration_close(&calibration);
    return 0;
}

void list_calibration_open(struct list_calibration *list, int fixed, int threads)
{
    list->fixed = fixed;
    timer_setup(&list->timer, TIMER_CLOCK, 0); /* a ratio of two passes: the clock serves, with no calibration */
    calibration_open(&list->calibration, &list->timer, fixed ? 1 : threads, NULL);
}

void list_calibration_close(struct list_calibration *list)
{
    calibration_close(&list->calibration);
}

int formulation_for_list(const struct list_calibration *list, const struct backend *technique, char *text, size_t size)
{
    if (technique->formulations == NULL)
        return 0;
    struct formulation_choice choice;
    if (calibrate_formulation(technique, list->fixed ? NULL : &list->calibration, &choice) != 0)
        return 0;
    registry_use_formulation(technique, choice.chosen);
    describe_formulation_choice(&choice, text, size);
    return 1;
}

static int among(const struct backend *backend, const struct backend *const *shown, size_t shown_count)
{
    for (size_t i = 0; i < shown_count; i++)
        if (shown[i] == backend)
            return 1;
    return 0;
}

static void list_formulation(FILE *out, const struct backend *technique, const struct backend *formulation)
{
    const char *reason = backend_unavailable_reason(formulation);
    if (reason)
        fprintf(out, "%-27s formulation of %s  unavailable (%s)  idea: %s\n", formulation->name, technique->name,
                reason, formulation->description);
    else
        fprintf(out, "%-27s formulation of %s  available  idea: %s\n", formulation->name, technique->name,
                formulation->description);
}

void list_formulations(FILE *out, const struct backend *const *shown, size_t shown_count)
{
    int heading = 0;
    for (size_t i = 0; i < registry_built_in_count(); i++) {
        const struct backend *technique = backends[i];
        for (const struct backend *const *known = technique->formulations; known && *known; known++) {
            if (shown && !among(technique, shown, shown_count) && !among(*known, shown, shown_count))
                continue;
            if (!heading)
                fprintf(out, "\nformulations (a technique's other ways to the same attack sets; the plain name runs "
                             "the\nfastest in a short calibration, --formulation=fixed the first this CPU has):\n");
            heading = 1;
            list_formulation(out, technique, *known);
        }
    }
}
