/* The memory this process may use: what a size the user asks for (a random
 * stream, a --pressure buffer) is checked against before it is allocated,
 * so that it is refused in one line rather than swapped for minutes or
 * killed by the kernel's out-of-memory killer without a word. */
#ifndef ATTACKBENCH_MEMORY_LIMIT_H
#define ATTACKBENCH_MEMORY_LIMIT_H

#include <stdint.h>

/* The smallest of the machine's physical memory, the address-space limit
 * (ulimit -v) and the memory limit of the process's control group (a
 * container's, a CI job's, systemd's MemoryMax): cgroup v2's memory.max
 * and v1's memory.limit_in_bytes, from its own group up to the root, read
 * through system_file.h (so below $ATTACKBENCH_SYSTEM_ROOT when set).
 * Under WebAssembly, the 4 GiB wasm32 addresses. */
uint64_t memory_available(void);

#endif
