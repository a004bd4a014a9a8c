/* attackbench command line (bootstrap: --list and --verify). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "perft.h"
#include "verify.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "perft") == 0)
        return perft_command(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "genpos") == 0)
        return genpos_command(argc - 1, argv + 1);
    const char *methods = "all";
    int list = 0, verify = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--list") == 0)
            list = 1;
        else if (strcmp(argv[i], "--verify") == 0)
            verify = 1;
        else if (strncmp(argv[i], "--method=", 9) == 0)
            methods = argv[i] + 9;
    }
    int status = 0;
    for (size_t i = 0; i < backend_count; i++) {
        const struct backend *backend = backends[i];
        if (strcmp(methods, "all") != 0 && strcmp(methods, backend->name) != 0)
            continue;
        const char *reason = backend_unavailable_reason(backend);
        if (list || reason) {
            printf("%s %s\n", backend->name, reason ? reason : "available");
            continue;
        }
        size_t bytes = backend->init();
        if (verify && !backend->baseline) {
            int failed = verify_backend(backend, SELECT_ALL_PIECES, 1000000, 1, stderr);
            printf("%s (%zu bytes): %s\n", backend->name, bytes, failed ? "FAILED" : "ok");
            status |= failed;
        }
    }
    return status ? 1 : 0;
}
