/* The engine that runs the program: none for a native build (the CPU runs
 * it), a WebAssembly engine for the wasm32-wasi build (make wasm): node,
 * named with V8's version by the runner (scripts/platforms/wasi-run.cjs) in the
 * environment variable ATTACKBENCH_ENGINE. */
#ifndef ATTACKBENCH_ENGINE_H
#define ATTACKBENCH_ENGINE_H

#include <stddef.h>

/* "WebAssembly under node v20.20.2, V8 11.3.244.8-node.33", or NULL for a
 * native build. */
const char *platform_engine(void);

/* What this platform lacks that a native run has, said once in the
 * context line ("" natively). */
const char *platform_limits(void);

/* The machine's name: gethostname(), or under WASI (which has none) the
 * runner's ATTACKBENCH_HOST_NAME (node's os.hostname()).  0, or -1. */
int platform_host_name(char *name, size_t size);

/* First thing in main(): under WASI, move to the directory the runner
 * started in ($PWD), so that relative paths name what they name in the
 * shell; natively, hold a closed standard input's descriptor with one that
 * cannot be read (EBADF), so that '-' is a read error, not another file. */
void platform_start(void);

#endif
