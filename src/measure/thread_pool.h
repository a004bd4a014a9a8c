/* The worker threads of --threads: opened once for a measurement or a
 * calibration, they run one task at a time on every thread at once (the
 * caller is thread 0) and return when every thread has finished it.  Each
 * worker is pinned to its CPU of choose_cpus() (or left unpinned) and named
 * to the crash guard.  One pool is open at a time.  Under WebAssembly
 * (WASI, one thread) only a pool of one opens, and a task runs on the
 * caller. */
#ifndef ATTACKBENCH_THREAD_POOL_H
#define ATTACKBENCH_THREAD_POOL_H

/* What every thread runs: `thread` from 0 (the caller) to the pool's
 * size - 1. */
typedef void (*thread_task)(int thread, void *argument);

/* Starts threads - 1 workers, worker i on cpus[i] where cpus is not NULL
 * and cpus[i] >= 0; a thread that cannot start ends the process (exit 2,
 * one line).  threads is 1 to MAX_THREADS (cpu_choice.h). */
void thread_pool_open(int threads, const int *cpus);

/* task(i, argument) on every thread i at once; returns when all are done. */
void thread_pool_run(thread_task task, void *argument);

/* Ends the workers. */
void thread_pool_close(void);

#endif
