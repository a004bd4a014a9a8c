/* Standard output set aside while plugin code runs (output_aside.h). */
#include "output_aside.h"

#include <stdio.h>
#include <unistd.h>

void output_aside_begin(struct output_aside *aside)
{
    aside->saved = -1;
#if !defined(__wasi__) /* no dup() there, and no plugin either */
    fflush(stdout);
    aside->saved = dup(STDOUT_FILENO);
    if (aside->saved >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        close(aside->saved);
        aside->saved = -1;
    }
#endif
}

void output_aside_end(struct output_aside *aside)
{
    if (aside->saved < 0)
        return;
#if !defined(__wasi__)
    fflush(stdout);
    dup2(aside->saved, STDOUT_FILENO);
    close(aside->saved);
    aside->saved = -1;
#endif
}
