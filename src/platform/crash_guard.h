/* Naming what a plugin does wrong in code attackbench did not write.
 * While a plugin's code runs (between crash_guard_enter and
 * crash_guard_leave):
 *   - a SIGSEGV, SIGBUS, SIGILL, SIGFPE or SIGABRT, a stack overflow
 *     among them (the handler runs on an alternate stack), prints one line
 *     naming the plugin, its file, the signal and the phase, and exits 2;
 *     a write into memory attackbench made read-only for plugins (the query
 *     streams) is named as such;
 *   - a call of exit() is named the same way and exits 2 instead, and on
 *     Linux one of _exit(), _Exit() or quick_exit() (the plugin resolves
 *     attackbench's own, which name it);
 *   - a SIGINT or SIGTERM (interrupt.h) gives the plugin one second to
 *     return to attackbench, which then stops in order; a plugin still
 *     running after it is named as stopped, and the process exits
 *     128 + the signal.
 * Outside those phases, a fault in a plugin's code (crash_guard_plugin_code),
 * as on a thread the plugin started, is named the same way.
 * No output file is replaced: they are written after the plugins' work. */
#ifndef ATTACKBENCH_CRASH_GUARD_H
#define ATTACKBENCH_CRASH_GUARD_H

#include <stddef.h>

/* Install the handlers and the exit guard, and give the calling thread
 * an alternate signal stack (once; later calls do nothing). */
void crash_guard_install(void);

/* Give a thread started later its own alternate signal stack (a stack
 * overflow cannot run its handler on the overflowed stack). */
void crash_guard_thread_start(void);

/* Before such a thread returns: it stops using its alternate stack (which
 * stays allocated), so that nothing at thread exit takes it for its own. */
void crash_guard_thread_end(void);

/* From now until crash_guard_leave(), a fault is reported as
 * "attackbench: plugin NAME (FILE) crashed with SIGNAL during ACTIVITY".
 * The strings must outlive the call. */
void crash_guard_enter(const char *name, const char *file, const char *activity);
void crash_guard_leave(void);

/* Memory that no plugin may write: a fault on it is reported as a write
 * into WHAT (a string that outlives the region).  Up to 64 regions. */
void crash_guard_watch(const void *start, size_t bytes, const char *what);
void crash_guard_unwatch(const void *start);

/* The code of a loaded plugin: the executable segments of the shared
 * object holding FUNCTION (one of the plugin's).  A fault outside every
 * guarded phase whose instruction lies there, as on a thread the plugin
 * started itself, is reported as "attackbench: plugin NAME (FILE) crashed
 * with SIGNAL on a thread of its own", exit 2 (NAME may be NULL while the
 * plugin loads: called again, it names the plugin).  Forget the code
 * before the object is closed. */
void crash_guard_plugin_code(const void *function, const char *name, const char *file);
void crash_guard_forget_plugin_code(const void *function);

/* The exit status after a fault named on stderr (default 2): a worker
 * process of perft takes one of its own, so that its coordinator knows
 * the worker said what happened and adds no second line. */
void crash_guard_set_named_exit_status(int status);

/* Around a plugin's initialisation: where SIGINT or SIGTERM still has its
 * default action (a command catches them later, and the plugins' loading
 * meanwhile: interrupt.h; --list and --dump do not), catch it
 * meanwhile, so that a plugin stuck there is named as stopped, exit 128 +
 * the signal, as in the other phases; _end puts the actions back, and a
 * signal that came while the plugin returned in time ends the process as
 * the default action would have. */
void crash_guard_initialisation_begin(void);
void crash_guard_initialisation_end(void);

/* Called by the SIGINT/SIGTERM handler (async-signal-safe): when a
 * plugin's code is running, start its one-second deadline. */
void crash_guard_interrupted(int signal_number);

#endif
