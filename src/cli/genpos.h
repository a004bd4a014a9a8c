/* `attackbench genpos`: random legal positions from random games. */
#ifndef ATTACKBENCH_GENPOS_H
#define ATTACKBENCH_GENPOS_H

/* `attackbench genpos ...`; argv[0] is "genpos".  Returns the exit status. */
int genpos_command(int argc, char **argv);

#endif
