/* One spelling of options for the subcommands (option_spelling.h). */
#include "option_spelling.h"

#include <stdio.h>
#include <string.h>

static const struct {
    char letter;
    const char *name;
} short_aliases[] = {{'m', "method"},   {'r', "reps"},  {'c', "calls"},
                     {'w', "workload"}, {'p', "piece"}, {'f', "format"}};

static int listed(const char *name, size_t length, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (strlen(names[i]) == length && strncmp(names[i], name, length) == 0)
            return 1;
    return 0;
}

/* The long name an argument spells without its value ("-m", "-mX",
 * "--method"), with the value it carries (NULL: the next argument). */
static const char *spelled_name(const char *argument, const char *const *names, const char **value)
{
    *value = NULL;
    if (argument[0] == '-' && argument[1] != '-' && argument[1] != '\0') {
        for (size_t k = 0; k < sizeof short_aliases / sizeof short_aliases[0]; k++)
            if (short_aliases[k].letter == argument[1] &&
                listed(short_aliases[k].name, strlen(short_aliases[k].name), names)) {
                *value = argument[2] ? argument + 2 : NULL;
                return short_aliases[k].name;
            }
        return NULL;
    }
    if (strncmp(argument, "--", 2) == 0 && strchr(argument, '=') == NULL &&
        listed(argument + 2, strlen(argument + 2), names))
        return argument + 2;
    return NULL;
}

int normalize_option_spelling(int argc, char **argv, const char *const *value_options)
{
    static char arena[1 << 16];
    static size_t used;
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        const char *value;
        const char *name = spelled_name(argv[i], value_options, &value);
        if (name == NULL || (value == NULL && i + 1 >= argc)) {
            argv[kept++] = argv[i];
            continue;
        }
        if (value == NULL)
            value = argv[++i];
        size_t length = strlen(name) + strlen(value) + 4;
        if (used + length > sizeof arena) {
            argv[kept++] = argv[i];
            continue;
        }
        snprintf(arena + used, length, "--%s=%s", name, value);
        argv[kept++] = arena + used;
        used += length;
    }
    argv[kept] = NULL;
    return kept;
}
