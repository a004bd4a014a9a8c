/* Naming a crash in code attackbench did not write: while a plugin's code
 * runs, a SIGSEGV, SIGBUS, SIGILL or SIGFPE prints one line naming the
 * plugin, its file and what it was doing, and exits with status 2 (no
 * output file is replaced: they are written after the plugin's work). */
#ifndef ATTACKBENCH_CRASH_GUARD_H
#define ATTACKBENCH_CRASH_GUARD_H

/* Install the handlers (once; later calls do nothing). */
void crash_guard_install(void);

/* From now until crash_guard_leave(), a crash is reported as
 * "attackbench: plugin NAME (FILE) crashed with SIGNAL during ACTIVITY".
 * The strings must outlive the call. */
void crash_guard_enter(const char *name, const char *file, const char *activity);
void crash_guard_leave(void);

#endif
