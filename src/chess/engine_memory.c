/* The engine's other memory (see engine_memory.h): two buffers filled with
 * pseudo-random data, one page of their own for every page. */
#include "engine_memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/random.h"

/* A buffer of `bytes` (a multiple of the line) filled with data. */
static uint8_t *filled_buffer(size_t bytes, uint64_t seed)
{
    uint8_t *buffer = aligned_alloc(ENGINE_MEMORY_LINE, bytes);
    if (buffer == NULL)
        return NULL;
    uint64_t state = seed;
    for (size_t offset = 0; offset < bytes; offset += sizeof(uint64_t)) {
        uint64_t word = random_next(&state);
        memcpy(buffer + offset, &word, sizeof word);
    }
    return buffer;
}

int engine_memory_open(struct engine_memory *memory, size_t hash_bytes, size_t eval_bytes)
{
    *memory = (struct engine_memory){0};
    if (hash_bytes >= ENGINE_MEMORY_LINE) {
        memory->hash_table = filled_buffer(hash_bytes, 0x5eed0001);
        memory->hash_line_mask = hash_bytes / ENGINE_MEMORY_LINE - 1;
        if (memory->hash_table == NULL)
            return -1;
    }
    if (eval_bytes > 0) {
        memory->network = filled_buffer(ENGINE_NETWORK_BYTES, 0x5eed0002);
        memory->network_line_mask = ENGINE_NETWORK_BYTES / ENGINE_MEMORY_LINE - 1;
        memory->eval_lines = (eval_bytes + ENGINE_MEMORY_LINE - 1) / ENGINE_MEMORY_LINE;
        if (memory->network == NULL) {
            engine_memory_close(memory);
            return -1;
        }
    }
    return 0;
}

void engine_memory_close(struct engine_memory *memory)
{
    free((void *)memory->hash_table);
    free((void *)memory->network);
    *memory = (struct engine_memory){0};
}

int engine_memory_fits(size_t hash_bytes, int copies)
{
    if (copies < 1 || hash_bytes > SIZE_MAX / (size_t)copies)
        return 0;
    /* volatile: clang removes a malloc whose block is freed unused, and
     * the check with it. */
    void *volatile probe = malloc(hash_bytes * (size_t)copies);
    int fits = probe != NULL;
    free(probe);
    return fits;
}
