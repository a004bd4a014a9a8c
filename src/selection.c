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
