/* Build facts; the Makefile passes the flags in ATTACKBENCH_CFLAGS. */
#include "build_info.h"

#ifndef ATTACKBENCH_COMMIT
#define ATTACKBENCH_COMMIT "unknown"
#endif
#ifndef ATTACKBENCH_CFLAGS
#define ATTACKBENCH_CFLAGS "unknown"
#endif

const char attackbench_version[] = "0.2.0";
const char attackbench_commit[] = ATTACKBENCH_COMMIT;

#if defined(__clang__)
const char attackbench_compiler[] = "clang " __clang_version__;
#elif defined(__GNUC__)
const char attackbench_compiler[] = "gcc " __VERSION__;
#else
const char attackbench_compiler[] = "unknown";
#endif

const char attackbench_flags[] = ATTACKBENCH_CFLAGS;
