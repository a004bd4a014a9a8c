/* The --method parser (see include/selection.h). */
#include "selection.h"

#include <string.h>

void list_backend_names(FILE *out)
{
    fprintf(out, "known methods:");
    for (size_t i = 0; i < backend_count; i++)
        fprintf(out, " %s", backends[i]->name);
    fprintf(out, " (and all)\n");
}

/* Add one backend unless it is already there or cannot run here. */
static void add_backend(const struct backend *backend, const struct selection_rules *rules, int note_skip,
                        const struct backend **selected, size_t capacity, size_t *count)
{
    const char *reason = backend_unavailable_reason(backend);
    if (reason) {
        if (note_skip)
            fprintf(stderr, "%s: skipping %s: %s\n", rules->prefix, backend->name, reason);
        return;
    }
    for (size_t i = 0; i < *count; i++)
        if (selected[i] == backend)
            return;
    if (*count < capacity)
        selected[(*count)++] = backend;
}

static int select_all(const struct selection_rules *rules, const struct backend **selected, size_t capacity)
{
    size_t count = 0;
    for (size_t i = 0; i < backend_count; i++)
        if (!(rules->without_baseline && backends[i]->baseline))
            add_backend(backends[i], rules, !rules->quiet, selected, capacity, &count);
    return (int)count;
}

/* The backend named by `length` bytes at `name`, or NULL after saying why. */
static const struct backend *named_backend(const char *list, const char *name, size_t length,
                                           const struct selection_rules *rules)
{
    char copy[64];
    if (length == 0 || length >= sizeof copy) {
        fprintf(stderr, "%s: --method=%s: empty or overlong name\n", rules->prefix, list);
        list_backend_names(stderr);
        return NULL;
    }
    memcpy(copy, name, length);
    copy[length] = '\0';
    const struct backend *backend = find_backend(copy);
    if (backend == NULL) {
        fprintf(stderr, "%s: unknown method '%s'\n", rules->prefix, copy);
        list_backend_names(stderr);
        return NULL;
    }
    if (rules->without_baseline && backend->baseline) {
        fprintf(stderr, "%s: %s computes no attack sets and cannot be used here\n", rules->prefix, copy);
        return NULL;
    }
    return backend;
}

int select_backends(const char *list, const struct selection_rules *rules, const struct backend **selected,
                    size_t capacity)
{
    if (strcmp(list, "all") == 0)
        return select_all(rules, selected, capacity);
    size_t count = 0;
    const char *name = list;
    for (;;) {
        size_t length = strcspn(name, ",");
        const struct backend *backend = named_backend(list, name, length, rules);
        if (backend == NULL)
            return -1;
        add_backend(backend, rules, 1, selected, capacity, &count);
        if (name[length] == '\0')
            return (int)count;
        name += length + 1;
    }
}

/* Hand every --param to the selected backends that know it. */
int apply_parameters(const char *const *parameters, int parameter_count, const struct backend **selected,
                     int count)
{
    for (int k = 0; k < parameter_count; k++) {
        char name[64];
        const char *text = parameters[k];
        size_t length = strcspn(text, "=");
        if (length >= sizeof name) {
            fprintf(stderr, "attackbench: --param=%s: name too long\n", text);
            return -1;
        }
        memcpy(name, text, length);
        name[length] = '\0';
        int accepted = 0;
        for (int i = 0; i < count; i++) {
            if (selected[i]->set_parameter == NULL)
                continue;
            char error[256] = "";
            int status = selected[i]->set_parameter(name, text + length + 1, error, sizeof error);
            if (status < 0) {
                fprintf(stderr, "attackbench: --param=%s: %s: %s\n", text, selected[i]->name, error);
                return -1;
            }
            accepted |= status == 0;
        }
        if (!accepted) {
            fprintf(stderr, "attackbench: --param=%s: no selected method has a parameter '%s'\n", text, name);
            return -1;
        }
    }
    return 0;
}
