/* --count=instructions in the process valgrind runs: the selection's notes,
 * then the rows of count_rows.c, naming the host's CPU that the parent
 * process left beside callgrind's files (measure/callgrind.c). */
#include "instruction_count.h"

#include "count_rows.h"
#include "measure/callgrind.h"
#include "selection.h"

int count_command(const struct options *options, const struct backend **selected, int count)
{
    print_selection_notes();
    const char *output = callgrind_private_output();
    return count_rows(options, selected, count, output, output ? callgrind_host_cpu(output) : NULL);
}
