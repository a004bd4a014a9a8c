/* The subcommands of the main program, `attackbench WORD ...`: main()
 * dispatches to them by their word, and the benchmark's parser refuses
 * the word where it would be read as a file.  Each is called with argv[0]
 * the word and returns the exit status. */
#ifndef ATTACKBENCH_SUBCOMMANDS_H
#define ATTACKBENCH_SUBCOMMANDS_H

int perft_command(int argc, char **argv);
int genpos_command(int argc, char **argv);
int recommend_command(int argc, char **argv);
int compare_command(int argc, char **argv);
int ab_command(int argc, char **argv);

/* The subcommand whose word is `word` (perft, recommend, genpos, compare,
 * ab), or NULL. */
typedef int (*subcommand_function)(int argc, char **argv);
subcommand_function find_subcommand(const char *word);

#endif
