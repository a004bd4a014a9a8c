/* The subcommands (perft, genpos) take their options in every spelling the
 * main command accepts: "--name=value", "--name value", and the main
 * command's short aliases, "-m value" or "-mvalue" (-m --method, -r --reps,
 * -c --calls, -w --workload, -p --piece, -f --format), for the options
 * where they mean the same. */
#ifndef ATTACKBENCH_OPTION_SPELLING_H
#define ATTACKBENCH_OPTION_SPELLING_H

/* Rewrite argv[1..argc-1] in place so that each option of `value_options`
 * (long names, NULL-terminated) reads "--name=value"; returns the new argc.
 * An option whose value is missing is left as it is, for the parser to
 * report. */
int normalize_option_spelling(int argc, char **argv, const char *const *value_options);

#endif
