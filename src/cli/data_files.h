/* The project's data files (perft.epd, positions.fen) as a command finds
 * them: data/NAME of the current folder (a source tree), else
 * share/attackbench/NAME of the prefix make install put this program in
 * (PREFIX/bin/attackbench: the folder above its own, found from
 * /proc/self/exe), else data/NAME again, so that a run that finds neither
 * names the path it always did. */
#ifndef ATTACKBENCH_DATA_FILES_H
#define ATTACKBENCH_DATA_FILES_H

#include <stddef.h>

/* The path of data file `name` ("perft.epd") into `path` (of `size`
 * bytes), which it returns. */
const char *data_file_path(const char *name, char *path, size_t size);

#endif
