/* The subcommands by their word (subcommands.h): main() dispatches to them,
 * and the benchmark's parser refuses the word where a file was expected. */
#include "subcommands.h"

#include <string.h>

subcommand_function find_subcommand(const char *word)
{
    static const struct {
        const char *word;
        subcommand_function run;
    } subcommands[] = {
        {"perft", perft_command},   {"recommend", recommend_command},
        {"genpos", genpos_command}, {"compare", compare_command},
        {"ab", ab_command},
    };
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(word, subcommands[i].word) == 0)
            return subcommands[i].run;
    return NULL;
}
