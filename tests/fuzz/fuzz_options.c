/* libFuzzer target: the command-line parser.  The input is split at NUL
 * bytes into arguments; any argument list must be accepted or rejected
 * with a message, never crash. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    char **argv = malloc((size + 3) * sizeof *argv);
    if (text == NULL || argv == NULL) {
        free(text);
        free(argv);
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    int argc = 0;
    argv[argc++] = "attackbench";
    for (size_t start = 0; start <= size;) {
        argv[argc++] = text + start;
        start += strlen(text + start) + 1;
    }
    argv[argc] = NULL;
    struct options options;
    char error[512];
    if (parse_options(argc, argv, &options, error, sizeof error) != 0 && error[0] == '\0')
        abort();
    free(options.files);
    free(text);
    free(argv);
    return 0;
}
