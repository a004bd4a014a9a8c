/* Standard output set aside while a plugin's own code runs outside its
 * lookups (its file's constructors, its entry, its init): a plugin that
 * prints a banner there wrote it into the CSV, dump or generated
 * positions on standard output.  What it prints goes to standard error
 * instead, where a reader sees it and no parser meets it. */
#ifndef ATTACKBENCH_OUTPUT_ASIDE_H
#define ATTACKBENCH_OUTPUT_ASIDE_H

struct output_aside {
    int saved; /* standard output's descriptor while set aside; -1: not set aside */
};

/* Standard output flushed, then pointed at standard error (left as it is
 * where a descriptor cannot be had, as with none open). */
void output_aside_begin(struct output_aside *aside);

/* What the plugin left in standard output's buffer flushed to standard
 * error, then standard output back. */
void output_aside_end(struct output_aside *aside);

#endif
