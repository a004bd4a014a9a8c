/* What built this binary, for result files and --version. */
#ifndef ATTACKBENCH_BUILD_INFO_H
#define ATTACKBENCH_BUILD_INFO_H

extern const char attackbench_version[];
extern const char attackbench_compiler[]; /* e.g. "gcc 12.2.0" */
extern const char attackbench_flags[];    /* the compiler flags */
extern const char attackbench_commit[];   /* git describe --always --dirty, or "unknown" */

#endif
