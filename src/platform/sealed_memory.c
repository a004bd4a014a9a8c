/* Read-only copies (sealed_memory.h): mmap for pages of their own,
 * mprotect(PROT_READ) once filled. */
#define _DEFAULT_SOURCE
#include "sealed_memory.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "crash_guard.h"

static size_t page_rounded(size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (bytes + page - 1) / page * page;
}

void *sealed_copy(const void *data, size_t bytes, const char *what)
{
    if (bytes == 0)
        return NULL;
    size_t size = page_rounded(bytes);
    void *copy = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (copy == MAP_FAILED)
        return NULL;
    memcpy(copy, data, bytes);
    if (mprotect(copy, size, PROT_READ) != 0) {
        munmap(copy, size);
        return NULL;
    }
    crash_guard_watch(copy, size, what);
    return copy;
}

void sealed_free(const void *sealed, size_t bytes)
{
    if (sealed == NULL)
        return;
    crash_guard_unwatch(sealed);
    munmap((void *)(size_t)sealed, page_rounded(bytes));
}
