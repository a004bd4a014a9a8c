/* The worker threads of --threads (thread_pool.h): they wait at a barrier
 * for a task, run it and meet the caller again at a second barrier. */
#define _GNU_SOURCE
#include "thread_pool.h"

#if !defined(__wasi__)
#include <pthread.h>
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_choice.h"
#include "platform/crash_guard.h"

#if defined(__wasi__)
void thread_pool_open(int threads, const int *cpus)
{
    (void)cpus;
    if (threads != 1) {
        fprintf(stderr, "attackbench: WebAssembly runs one thread\n");
        exit(2);
    }
}

void thread_pool_run(thread_task task, void *argument)
{
    task(0, argument);
}

void thread_pool_close(void)
{
}
#else
static struct {
    int threads;
    thread_task task; /* NULL: quit */
    void *argument;
    pthread_t workers[MAX_THREADS];
    int cpus[MAX_THREADS];
    pthread_barrier_t start, finish;
} pool = {.threads = 1};

static void *worker_main(void *data)
{
    const int thread = (int)(intptr_t)data;
    crash_guard_thread_start();
    if (pool.cpus[thread] >= 0)
        pin_to_cpu(pool.cpus[thread]);
    for (;;) {
        pthread_barrier_wait(&pool.start);
        if (pool.task == NULL)
            break;
        pool.task(thread, pool.argument);
        pthread_barrier_wait(&pool.finish);
    }
    crash_guard_thread_end();
    return NULL;
}

void thread_pool_open(int threads, const int *cpus)
{
    pool.threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    if (pool.threads == 1)
        return;
    pthread_barrier_init(&pool.start, NULL, (unsigned)pool.threads);
    pthread_barrier_init(&pool.finish, NULL, (unsigned)pool.threads);
    for (int i = 1; i < pool.threads; i++) {
        pool.cpus[i] = cpus ? cpus[i] : -1;
        int error = pthread_create(&pool.workers[i], NULL, worker_main, (void *)(intptr_t)i);
        if (error != 0) {
            fprintf(stderr, "attackbench: cannot start thread %d of --threads=%d: %s\n", i, pool.threads,
                    strerror(error));
            exit(2);
        }
    }
}

void thread_pool_run(thread_task task, void *argument)
{
    if (pool.threads == 1) {
        task(0, argument);
        return;
    }
    pool.task = task;
    pool.argument = argument;
    pthread_barrier_wait(&pool.start);
    task(0, argument);
    pthread_barrier_wait(&pool.finish);
}

void thread_pool_close(void)
{
    if (pool.threads == 1)
        return;
    pool.task = NULL;
    pthread_barrier_wait(&pool.start);
    for (int i = 1; i < pool.threads; i++)
        pthread_join(pool.workers[i], NULL);
    pthread_barrier_destroy(&pool.start);
    pthread_barrier_destroy(&pool.finish);
    pool.threads = 1;
}
#endif
