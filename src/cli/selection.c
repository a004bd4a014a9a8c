/* The --method parser (see src/cli/selection.h). */
#include "selection.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "registry/registry.h"
#include "results/results.h"

enum { MAX_NAME = 64 };

/* The chosen backends so far, room for every backend and formulation:
 * the whole selection, its removals applied, is counted before a caller's
 * capacity cuts it. */
struct chosen {
    const struct backend **backends;
    size_t capacity;
    size_t count;
};

/* The backends the list chose that this CPU cannot run, with the reason:
 * their "skipping NAME: reason" lines are held until the command has
 * checked its input and, for the benchmark, the --threads and --pin it
 * was given (print_selection_notes), so that a bad file's or option's
 * error is the only line a run that cannot start prints, whatever this CPU
 * lacks.  A backend that a later -NAME leaves out loses its note: the
 * list did not choose it in the end.  `shown` is 0 for a glob's under -q,
 * kept only so that an empty selection can say the CPU is why. */
enum { MAX_SKIPPED = 256 };
static struct skipped_backend {
    const struct backend *backend;
    const char *prefix;
    char reason[320];
    int shown;
} skipped[MAX_SKIPPED];
static size_t skipped_count;

static void note_skip_of(const struct backend *backend, const char *reason, const struct selection_rules *rules,
                         int shown)
{
    for (size_t i = 0; i < skipped_count; i++)
        if (skipped[i].backend == backend) {
            skipped[i].shown |= shown;
            return;
        }
    if (skipped_count == MAX_SKIPPED)
        return;
    struct skipped_backend *note = &skipped[skipped_count++];
    note->backend = backend;
    note->prefix = rules->prefix;
    snprintf(note->reason, sizeof note->reason, "%s", reason);
    note->shown = shown;
}

static void forget_skip_of(const struct backend *backend)
{
    size_t kept = 0;
    for (size_t i = 0; i < skipped_count; i++)
        if (skipped[i].backend != backend)
            skipped[kept++] = skipped[i];
    skipped_count = kept;
}

void print_selection_notes(void)
{
    for (size_t i = 0; i < skipped_count; i++)
        if (skipped[i].shown)
            fprintf(stderr, "%s: skipping %s: %s\n", skipped[i].prefix, skipped[i].backend->name, skipped[i].reason);
    skipped_count = 0;
}

void report_empty_selection(const char *list, const char *prefix)
{
    if (skipped_count == 0) {
        fprintf(stderr, "%s: --method=%s: the list leaves no method\n", prefix, list);
        return;
    }
    print_selection_notes();
    fprintf(stderr, "%s: no method to run on this CPU\n", prefix);
}

/* Add one backend unless it is already there or cannot run here; `named`
 * when the list names it (not a glob's or "all"'s match). */
static void add_backend(const struct backend *backend, const struct selection_rules *rules, int named,
                        struct chosen *chosen)
{
    int keep = rules->keep_unavailable || (named && rules->keep_named_unavailable);
    const char *reason = keep ? NULL : backend_unavailable_reason(backend);
    if (reason) {
        note_skip_of(backend, reason, rules, named || !rules->quiet);
        return;
    }
    for (size_t i = 0; i < chosen->count; i++)
        if (chosen->backends[i] == backend)
            return;
    if (chosen->count < chosen->capacity)
        chosen->backends[chosen->count++] = backend;
}

static void remove_backend(const struct backend *backend, struct chosen *chosen)
{
    forget_skip_of(backend);
    size_t kept = 0;
    for (size_t i = 0; i < chosen->count; i++)
        if (chosen->backends[i] != backend)
            chosen->backends[kept++] = chosen->backends[i];
    chosen->count = kept;
}

/* Whether a pattern ("all", a name or a glob, already in lower case)
 * matches a backend's name. */
static int pattern_matches(const char *pattern, const struct backend *backend)
{
    return strcmp(pattern, "all") == 0 || fnmatch(pattern, backend->name, 0) == 0;
}

static int is_glob(const char *pattern)
{
    return strcmp(pattern, "all") == 0 || strpbrk(pattern, "*?[") != NULL;
}

/* Edit distance between two short names, for "did you mean". */
static size_t edit_distance(const char *a, const char *b)
{
    size_t length_b = strlen(b);
    size_t row[MAX_NAME + 1];
    for (size_t j = 0; j <= length_b; j++)
        row[j] = j;
    for (size_t i = 1; a[i - 1]; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= length_b; j++) {
            size_t substitution = diagonal + (a[i - 1] != b[j - 1]);
            diagonal = row[j];
            size_t best = row[j] + 1 < row[j - 1] + 1 ? row[j] + 1 : row[j - 1] + 1;
            row[j] = substitution < best ? substitution : best;
        }
    }
    return row[length_b];
}

/* "unknown method" with the nearest known name when one is close: one
 * line, which points at --list for the names. */
static void report_unknown(const char *pattern, const struct selection_rules *rules)
{
    const struct backend *nearest = NULL;
    size_t nearest_distance = 3; /* farther than two edits is no suggestion */
    for (size_t i = 0; i < backend_count; i++) {
        size_t distance = edit_distance(pattern, backends[i]->name);
        if (distance < nearest_distance) {
            nearest = backends[i];
            nearest_distance = distance;
        }
    }
    if (nearest)
        fprintf(stderr, "%s: unknown method '%s'; did you mean '%s'?\n", rules->prefix, pattern, nearest->name);
    else
        fprintf(stderr, "%s: unknown method '%s' (a plugin's method needs --plugin=FILE; --list names the others)\n",
                rules->prefix, pattern);
}

/* A formulation, named exactly ("kogge-stone:scalar"): `all` and globs
 * leave formulations out.  An unknown one is one line naming those the
 * technique has. */
static int apply_formulation(const char *name, int remove, const struct selection_rules *rules, struct chosen *chosen)
{
    const struct backend *formulation = find_backend(name);
    if (formulation != NULL) {
        if (remove)
            remove_backend(formulation, chosen);
        else
            add_backend(formulation, rules, 1, chosen);
        return 0;
    }
    char technique_name[MAX_NAME];
    snprintf(technique_name, sizeof technique_name, "%.*s", (int)strcspn(name, ":"), name);
    if (technique_name[0] == '\0') { /* ":hardware" */
        report_unknown(name, rules);
        return -1;
    }
    const struct backend *technique = find_backend(technique_name);
    if (technique == NULL || technique->formulations == NULL) {
        fprintf(stderr, "%s: unknown method '%s': %s has no formulations (--list names them)\n", rules->prefix, name,
                technique ? technique->name : technique_name);
        return -1;
    }
    if (strpbrk(name, "*?[")) {
        fprintf(stderr, "%s: '%s': a formulation is named exactly; globs select methods, not formulations\n",
                rules->prefix, name);
        return -1;
    }
    char known[256] = "";
    for (const struct backend *const *each = technique->formulations; *each != NULL; each++) {
        size_t used = strlen(known);
        snprintf(known + used, sizeof known - used, "%s%s", used ? ", " : "", (*each)->name);
    }
    fprintf(stderr, "%s: unknown formulation '%s'; %s has %s\n", rules->prefix, name, technique->name, known);
    return -1;
}

/* Apply one item of the list: PATTERN adds what it matches, -PATTERN
 * removes it.  Returns 0, or -1 after saying why the item is wrong. */
static int apply_item(const char *list, const char *item, const struct selection_rules *rules, struct chosen *chosen)
{
    int remove = item[0] == '-';
    char pattern[MAX_NAME];
    size_t length = strlen(item + remove);
    if (length == 0 || length >= sizeof pattern) {
        fprintf(stderr, "%s: --method=%s: empty or overlong name (--list names the methods)\n", rules->prefix, list);
        return -1;
    }
    for (size_t i = 0; i <= length; i++)
        pattern[i] = (char)tolower((unsigned char)item[remove + i]);
    int glob = is_glob(pattern), matched = 0;
    for (size_t i = 0; i < backend_count; i++) {
        const struct backend *backend = backends[i];
        if (!pattern_matches(pattern, backend))
            continue;
        matched = 1;
        if (remove) {
            remove_backend(backend, chosen);
        } else if (backend->baseline && rules->without_baseline) {
            if (!glob) {
                fprintf(stderr, "%s: %s computes no attack sets and cannot be used here\n", rules->prefix,
                        backend->name);
                return -1;
            }
        } else {
            add_backend(backend, rules, !glob, chosen);
        }
    }
    if (!matched && strchr(pattern, ':') != NULL)
        return apply_formulation(pattern, remove, rules, chosen);
    if (!matched) {
        report_unknown(pattern, rules);
        return -1;
    }
    return 0;
}

/* Apply every item of the list to `chosen`: 0, or -1 after the line. */
static int apply_list(const char *list, const struct selection_rules *rules, struct chosen *chosen)
{
    /* A list that starts by leaving something out starts from all. */
    if (list[0] == '-' && apply_item(list, "all", rules, chosen) != 0)
        return -1;
    const char *item = list;
    for (;;) {
        size_t length = strcspn(item, ",");
        char copy[MAX_NAME + 1];
        if (length > MAX_NAME)
            length = MAX_NAME; /* apply_item refuses it as overlong */
        memcpy(copy, item, length);
        copy[length] = '\0';
        if (apply_item(list, copy, rules, chosen) != 0)
            return -1;
        item += strcspn(item, ",");
        if (*item == '\0')
            return 0;
        item++;
    }
}

int select_backends(const char *list, const struct selection_rules *rules, const struct backend **selected,
                    size_t capacity)
{
    /* Each backend and formulation is chosen once at most. */
    size_t room = backend_count;
    for (size_t i = 0; i < backend_count; i++)
        for (const struct backend *const *known = backends[i]->formulations; known && *known; known++)
            room++;
    struct chosen chosen = {.backends = calloc(room, sizeof *chosen.backends), .capacity = room, .count = 0};
    if (chosen.backends == NULL) {
        fprintf(stderr, "%s: --method: out of memory\n", rules->prefix);
        return -1;
    }
    int status = apply_list(list, rules, &chosen);
    if (status == 0) {
        size_t kept = chosen.count < capacity ? chosen.count : capacity;
        if (kept > 0)
            memcpy(selected, chosen.backends, kept * sizeof *selected);
    }
    free(chosen.backends);
    return status == 0 ? (int)chosen.count : -1;
}

static const struct backend *find_backend_in_any_case(const char *name)
{
    for (size_t i = 0; i < backend_count; i++)
        if (strcasecmp(backends[i]->name, name) == 0)
            return backends[i];
    return NULL;
}

/* One item of a list, as check_plain_names() reads it: 0, or -1 after
 * the line.  An empty or overlong one is select_backends()'s to refuse. */
static int check_plain_name(const char *item, size_t length, const char *prefix, const char *role)
{
    int remove = item[0] == '-';
    char name[MAX_NAME];
    if (length == (size_t)remove || length - (size_t)remove >= sizeof name)
        return 0;
    snprintf(name, sizeof name, "%.*s", (int)(length - (size_t)remove), item + remove);
    if (strcasecmp(name, "all") == 0 || strpbrk(name, "*?[:") != NULL)
        return 0;
    const struct backend *backend = find_backend_in_any_case(name);
    if (backend == NULL) {
        fprintf(stderr, "%s: no method named '%s' (attackbench --list names them)\n", prefix, name);
        return -1;
    }
    if (backend->baseline && !remove) {
        fprintf(stderr, "%s: %s computes no attack sets and cannot be %s\n", prefix, name, role);
        return -1;
    }
    return 0;
}

int check_plain_names(const char *list, const char *prefix, const char *role)
{
    for (const char *item = list;; item++) {
        size_t length = strcspn(item, ",");
        if (check_plain_name(item, length, prefix, role) != 0)
            return -1;
        item += length;
        if (*item == '\0')
            return 0;
    }
}

/* The parameters each backend accepted, "NAME=VALUE;NAME=VALUE" in the
 * order given, for the rows' parameters column (applied_parameters). */
static struct applied {
    const struct backend *backend;
    char text[ROW_PARAMETERS_SIZE];
} applied[MAX_SKIPPED];
static size_t applied_count;

const char *applied_parameters(const struct backend *backend)
{
    for (size_t i = 0; i < applied_count; i++)
        if (applied[i].backend == backend)
            return applied[i].text;
    return "";
}

/* Add `text` to what `backend` accepted; -1 after saying why when the
 * whole no longer fits the column (result files hold 63 bytes). */
static int record_parameter(const struct backend *backend, const char *text)
{
    struct applied *entry = NULL;
    for (size_t i = 0; i < applied_count && entry == NULL; i++)
        if (applied[i].backend == backend)
            entry = &applied[i];
    if (entry == NULL && applied_count < MAX_SKIPPED)
        entry = &applied[applied_count++];
    if (entry == NULL)
        return 0;
    entry->backend = backend;
    size_t used = strlen(entry->text), length = strlen(text);
    if (used + (used > 0) + length >= sizeof entry->text) {
        fprintf(stderr, "attackbench: --param: the parameters of %s take more than the %zu bytes a result file holds\n",
                backend->name, sizeof entry->text - 1);
        return -1;
    }
    if (used > 0)
        entry->text[used++] = ';';
    memcpy(entry->text + used, text, length + 1);
    return 0;
}

/* Hand every --param to the selected backends that know it. */
int apply_parameters(const char *const *parameters, const char *const *typed, int parameter_count,
                     const struct backend **selected, int count)
{
    for (int k = 0; k < parameter_count; k++) {
        char name[64];
        const char *text = parameters[k], *quoted = typed[k];
        size_t length = strcspn(text, "=");
        if (length >= sizeof name) {
            fprintf(stderr, "attackbench: --param=%s: name too long\n", quoted);
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
                fprintf(stderr, "attackbench: --param=%s: %s: %s\n", quoted, selected[i]->name, error);
                return -1;
            }
            accepted |= status == 0;
            if (status == 0 && record_parameter(selected[i], text) != 0)
                return -1;
        }
        if (!accepted) {
            fprintf(stderr, "attackbench: --param=%s: no selected method has a parameter '%s'\n", quoted, name);
            return -1;
        }
    }
    return 0;
}
