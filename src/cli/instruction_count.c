/* --count=instructions in the process valgrind runs: the selection's notes,
 * then the rows of count_rows.c, naming the host's CPU that the parent
 * process left beside callgrind's files (measure/callgrind.c). */
#include "instruction_count.h"

#include "count_rows.h"
#include "measure/callgrind.h"
#include "output_checks.h"
#include "platform/interrupt.h"
#include "selection.h"

int count_command(const struct options *options, const struct backend **selected, int count)
{
    /* SIGINT and SIGTERM (passed on by the parent, measure/callgrind.c)
     * stop the count at its next pass. */
    interrupt_catch();
    /* Checked before counting, as the timed run checks them before timing. */
    const struct output_files outputs = {.prefix = "attackbench",
                                         .csv = options->csv_path,
                                         .json = options->json_path,
                                         .inputs = (const char *const *)options->files,
                                         .input_count = options->file_count};
    if (check_output_files(&outputs) != 0)
        return 2;
    print_selection_notes();
    const char *output = callgrind_private_output();
    return count_rows(options, selected, count, output, output ? callgrind_host_cpu(output) : NULL);
}
