/* Memory that code attackbench did not write may read but not change: a
 * copy on pages of its own, made read-only with mprotect and watched by
 * the crash guard, so that a plugin writing into the query streams it is
 * handed is stopped and named, not a built-in blamed for the changed
 * answers. */
#ifndef ATTACKBENCH_SEALED_MEMORY_H
#define ATTACKBENCH_SEALED_MEMORY_H

#include <stddef.h>

/* A read-only copy of data[0..bytes), named `what` in the crash guard's
 * report (a string that outlives the copy); NULL when no memory is left
 * (the caller keeps its own copy).  A zero size gives NULL too. */
void *sealed_copy(const void *data, size_t bytes, const char *what);

/* Release a copy made by sealed_copy with the same size. */
void sealed_free(const void *sealed, size_t bytes);

#endif
