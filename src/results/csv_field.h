/* One CSV field, as every CSV writer of attackbench spells it. */
#ifndef ATTACKBENCH_CSV_FIELD_H
#define ATTACKBENCH_CSV_FIELD_H

#include <stdio.h>

/* Write a CSV field, quoted as RFC 4180 asks when it holds a comma, a
 * quote or a line break. */
void write_csv_field(FILE *out, const char *text);

#endif
