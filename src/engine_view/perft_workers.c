/* perft's threads and processes (see perft_workers.h).  The coordinator
 * and each worker talk through two pipes: a byte "count" one way, a byte
 * "done" back.  A pipe, unlike a barrier, says when a worker has died (the
 * read meets the end of the file), so a killed process is named instead
 * of waited for.  What the workers share (the subtrees, their counts, the
 * next subtree to take, what each is counting) lives in one anonymous
 * shared mapping, which threads and forked processes see alike.  Worker
 * processes get the coordinator's SIGINT or SIGTERM passed on, and die
 * with it when it is killed. */
#define _GNU_SOURCE
#include "perft_workers.h"

#if defined(__wasi__)
/* WebAssembly (WASI) has neither threads nor processes: --threads and
 * --processes above 1 are refused there before this is reached (one usable
 * CPU); should a caller get here, it is told so and no worker starts. */
#include <stdio.h>

struct perft_workers *perft_workers_start(struct perft_run *run)
{
    (void)run;
    fprintf(stderr, "attackbench: perft --threads and --processes: WebAssembly has no threads or processes\n");
    return NULL;
}

int perft_workers_load_block(struct perft_workers *workers, const struct perft_run *run)
{
    (void)workers;
    (void)run;
    return -1;
}

int perft_workers_count(struct perft_workers *workers, const struct perft_run *run, size_t m, int participants,
                        uint64_t *nodes, double *seconds)
{
    (void)workers, (void)run, (void)m, (void)participants, (void)nodes, (void)seconds;
    return -1;
}

int perft_workers_count_of(const struct perft_workers *workers)
{
    (void)workers;
    return 1;
}

void perft_workers_stop(struct perft_workers *workers)
{
    (void)workers;
}
#else
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "registry/contract.h"
#include "chess/engine_memory.h"
#include "chess/perft.h"
#include "measure/cpu_choice.h"
#include "platform/crash_guard.h"
#include "platform/interrupt.h"
#include "platform/timer.h"

enum {
    MAX_ITEMS = PERFT_BLOCK_POSITIONS * MAX_MOVES,
    /* A worker process that named its own end on stderr (a plugin's
     * fault, its memory) exits with this: the coordinator adds no line. */
    WORKER_NAMED_EXIT = 125,
    NO_ITEM = -1,
    /* How often the coordinator, waiting for an answer, looks whether a
     * signal arrived that its workers must be told of. */
    SIGNAL_CHECK_MILLISECONDS = 100,
};

/* A subtree: a position whole, or one root move of it. */
struct perft_item {
    uint32_t position;
    move root_move;
    uint8_t whole;
};

struct shared_state {
    atomic_uint next_item;
    uint32_t item_count;
    uint32_t method;
    atomic_int current_item[MAX_THREADS]; /* per worker, or NO_ITEM */
    struct board boards[PERFT_BLOCK_POSITIONS];
    int depths[PERFT_BLOCK_POSITIONS];
    struct perft_item items[MAX_ITEMS];
    uint64_t item_nodes[MAX_ITEMS];
};

struct perft_worker {
    int index, cpu;
    int command_fd, answer_fd;               /* the coordinator's ends */
    int worker_command_fd, worker_answer_fd; /* the worker's ends */
    pid_t pid;                               /* processes */
    pthread_t thread;                        /* threads */
    int thread_started;
    char ending[64];             /* how a worker process that closed its pipe ended */
    int named_its_end;           /* it exited with WORKER_NAMED_EXIT: it said why itself */
    struct engine_memory memory; /* threads: the shared buffers, its own sink */
    struct perft_workers *pool;
};

struct perft_workers {
    int count, processes;
    pid_t coordinator; /* the process that starts the workers */
    const struct perft_run *run;
    struct shared_state *shared;
    struct engine_memory memory; /* threads: the one hash table and network */
    struct perft_worker workers[MAX_THREADS];
};

/* One subtree with the method being run. */
static uint64_t count_item(const struct shared_state *shared, const struct backend *backend, uint32_t i,
                           struct engine_memory *memory)
{
    const struct perft_item *item = &shared->items[i];
    const struct board *board = &shared->boards[item->position];
    int depth = shared->depths[item->position];
    if (item->whole)
        return perft_in_engine(backend, board, depth, memory);
    struct board child = *board;
    board_make_move(&child, item->root_move);
    return perft_in_engine(backend, &child, depth - 1, memory);
}

/* A worker process whose coordinator is gone (killed: it could not stop
 * it) stops too, between subtrees; on Linux the parent-death signal
 * (end_with_coordinator) ends it even inside one. */
static void stop_if_orphaned(const struct perft_workers *pool)
{
    if (pool->processes && getppid() != pool->coordinator)
        _exit(PERFT_EXIT_USAGE);
}

/* Take subtrees until none is left. */
static void count_items(struct perft_worker *worker, const struct perft_run *run, struct engine_memory *memory)
{
    struct shared_state *shared = worker->pool->shared;
    const struct backend *backend = run->methods[shared->method].backend;
    backend_guard(backend, "perft");
    for (;;) {
        stop_if_orphaned(worker->pool);
        unsigned i = atomic_fetch_add(&shared->next_item, 1);
        if (i >= shared->item_count)
            break;
        atomic_store(&shared->current_item[worker->index], (int)i);
        shared->item_nodes[i] = count_item(shared, backend, i, memory);
    }
    backend_unguard();
    atomic_store(&shared->current_item[worker->index], NO_ITEM);
}

/* A worker's life: a byte in, a pass, a byte out, until the pipe closes. */
static void serve(struct perft_worker *worker, struct engine_memory *memory)
{
    char command;
    for (;;) {
        ssize_t got = read(worker->worker_command_fd, &command, 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got != 1)
            return;
        count_items(worker, worker->pool->run, memory);
        if (write(worker->worker_answer_fd, "d", 1) != 1)
            return;
    }
}

static void pin_worker(const struct perft_worker *worker)
{
    if (worker->cpu >= 0 && pin_to_cpu(worker->cpu) != 0)
        fprintf(stderr, "attackbench: perft: warning: worker %d cannot be pinned to CPU %d\n", worker->index,
                worker->cpu);
}

static void *thread_main(void *data)
{
    struct perft_worker *worker = data;
    crash_guard_thread_start();
    pin_worker(worker);
    serve(worker, &worker->memory);
    crash_guard_thread_end();
    return NULL;
}

/* A worker process: its own tables and its own engine memory, built after
 * it starts, as an engine process builds them. */
static void process_main(struct perft_worker *worker)
{
    const struct perft_run *run = worker->pool->run;
    crash_guard_set_named_exit_status(WORKER_NAMED_EXIT);
    pin_worker(worker);
    for (size_t m = 0; m < run->method_count; m++)
        backend_initialize(run->methods[m].backend, NULL);
    movegen_init();
    struct engine_memory memory;
    const struct perft_settings *settings = run->settings;
    if (engine_memory_open(&memory, settings->pressure_bytes, settings->eval_bytes) != 0) {
        fprintf(stderr, "attackbench: perft: worker %d: out of memory\n", worker->index);
        _exit(WORKER_NAMED_EXIT);
    }
    serve(worker, &memory);
    _exit(0);
}

static void close_descriptor(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

static int open_pipes(struct perft_worker *worker)
{
    int command[2], answer[2];
    if (pipe(command) != 0)
        return -1;
    if (pipe(answer) != 0) {
        close(command[0]);
        close(command[1]);
        return -1;
    }
    worker->worker_command_fd = command[0];
    worker->command_fd = command[1];
    worker->answer_fd = answer[0];
    worker->worker_answer_fd = answer[1];
    return 0;
}

/* A worker process is killed when its coordinator dies, whatever kills
 * it (interrupt_end_with_parent). */
static void end_with_coordinator(pid_t coordinator)
{
    if (interrupt_end_with_parent(coordinator) != 0)
        _exit(PERFT_EXIT_USAGE);
}

/* A forked child keeps only its own two ends. */
static void keep_own_ends(struct perft_workers *pool, int index)
{
    for (int k = 0; k < pool->count; k++) {
        struct perft_worker *other = &pool->workers[k];
        close_descriptor(&other->command_fd);
        close_descriptor(&other->answer_fd);
        if (k != index) {
            close_descriptor(&other->worker_command_fd);
            close_descriptor(&other->worker_answer_fd);
        }
    }
}

static int launch(struct perft_workers *pool, struct perft_worker *worker)
{
    if (!pool->processes) {
        worker->memory = pool->memory;
        worker->memory.sink = 0;
        int error = pthread_create(&worker->thread, NULL, thread_main, worker);
        worker->thread_started = error == 0;
        errno = error; /* for the caller's line: pthread_create leaves errno */
        return worker->thread_started ? 0 : -1;
    }
    fflush(stdout);
    fflush(stderr);
    worker->pid = fork();
    if (worker->pid == 0) {
        end_with_coordinator(pool->coordinator);
        keep_own_ends(pool, worker->index);
        process_main(worker);
    }
    if (worker->pid < 0)
        return -1;
    close_descriptor(&worker->worker_command_fd);
    close_descriptor(&worker->worker_answer_fd);
    return 0;
}

/* The CPUs: refused above what the process may use, as the benchmark's
 * --threads is; each worker on its own CPU. */
static int choose_worker_cpus(struct perft_workers *pool, const char *option, int cpus[MAX_THREADS])
{
    int allowed[MAX_THREADS];
    int allowed_count = allowed_cpus(allowed, MAX_THREADS);
    if (allowed_count > 0 && pool->count > allowed_count) {
        fprintf(stderr, "attackbench: perft: --%s=%d: this process may use only %d CPU%s\n", option, pool->count,
                allowed_count, allowed_count == 1 ? "" : "s");
        return -1;
    }
    int pin_cpu;
    if (choose_cpus(pool->count, -1, 0, &pin_cpu, cpus) != 0 || pin_cpu < 0)
        for (int k = 0; k < pool->count; k++)
            cpus[k] = -1;
    return 0;
}

static struct perft_workers *new_pool(struct perft_run *run)
{
    const struct perft_settings *settings = run->settings;
    struct perft_workers *pool = calloc(1, sizeof *pool);
    if (pool == NULL)
        return NULL;
    pool->run = run;
    pool->coordinator = getpid();
    pool->processes = settings->processes > 1;
    pool->count = pool->processes ? settings->processes : settings->threads;
    void *shared = mmap(NULL, sizeof *pool->shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    pool->shared = shared == MAP_FAILED ? NULL : shared;
    for (int k = 0; k < pool->count; k++) {
        struct perft_worker *worker = &pool->workers[k];
        if (pool->shared)
            atomic_store(&pool->shared->current_item[k], NO_ITEM);
        *worker = (struct perft_worker){.index = k,
                                        .command_fd = -1,
                                        .answer_fd = -1,
                                        .worker_command_fd = -1,
                                        .worker_answer_fd = -1,
                                        .pid = -1,
                                        .pool = pool};
    }
    return pool;
}

struct perft_workers *perft_workers_start(struct perft_run *run)
{
    struct perft_workers *pool = new_pool(run);
    if (pool == NULL || pool->shared == NULL) {
        fprintf(stderr, "attackbench: perft: out of memory\n");
        perft_workers_stop(pool);
        return NULL;
    }
    int cpus[MAX_THREADS];
    if (choose_worker_cpus(pool, pool->processes ? "processes" : "threads", cpus) != 0) {
        perft_workers_stop(pool);
        return NULL;
    }
    const struct perft_settings *settings = run->settings;
    if (!pool->processes && engine_memory_open(&pool->memory, settings->pressure_bytes, settings->eval_bytes) != 0) {
        fprintf(stderr, "attackbench: perft: out of memory\n");
        perft_workers_stop(pool);
        return NULL;
    }
    for (int k = 0; k < pool->count; k++) {
        pool->workers[k].cpu = cpus[k];
        if (open_pipes(&pool->workers[k]) != 0 || launch(pool, &pool->workers[k]) != 0) {
            fprintf(stderr, "attackbench: perft: cannot start worker %d: %s\n", k, strerror(errno));
            perft_workers_stop(pool);
            return NULL;
        }
    }
    return pool;
}

int perft_workers_count_of(const struct perft_workers *workers)
{
    return workers->count;
}

/* A position's legal moves by one method, its code guarded (a plugin's
 * fault names it). */
static int root_moves(const struct perft_method *method, const struct board *board, struct move_list *list)
{
    backend_guard(method->backend, "perft");
    int count = generate_legal_moves(method->backend, board, list);
    backend_unguard();
    return count;
}

/* Whether every method generates the root moves the first one does, in
 * its order: the subtrees are split on the first method's root moves, and
 * a method that disagrees at the root would otherwise count the first
 * one's root ply (hostile trial 17: a wrong method listed second agreed
 * with the reference under --threads). */
static int root_moves_agree(const struct perft_run *run, const struct board *board, const struct move_list *first,
                            int count)
{
    for (size_t m = 1; m < run->method_count; m++) {
        struct move_list list;
        if (root_moves(&run->methods[m], board, &list) != count ||
            memcmp(list.moves, first->moves, (size_t)count * sizeof first->moves[0]) != 0)
            return 0;
    }
    return 1;
}

/* One position's subtrees: a subtree per root move, or the whole position
 * at depth 1 or less and where the methods' root moves differ (each
 * method then generates its own). */
static void add_items(struct shared_state *shared, const struct perft_run *run, uint32_t position)
{
    struct move_list list;
    int count = shared->depths[position] < 2 ? -1 : root_moves(&run->methods[0], &shared->boards[position], &list);
    if (count < 0 || !root_moves_agree(run, &shared->boards[position], &list, count)) {
        shared->items[shared->item_count++] = (struct perft_item){.position = position, .whole = 1};
        return;
    }
    for (int i = 0; i < count; i++)
        shared->items[shared->item_count++] = (struct perft_item){.position = position, .root_move = list.moves[i]};
}

int perft_workers_load_block(struct perft_workers *workers, const struct perft_run *run)
{
    struct shared_state *shared = workers->shared;
    shared->item_count = 0;
    for (size_t i = 0; i < run->block_count; i++) {
        board_from_position(&shared->boards[i], &run->block[i].position);
        shared->depths[i] = run->block[i].depth;
        add_items(shared, run, (uint32_t)i);
    }
    return interrupt_requested() ? -1 : 0;
}

/* A worker that closed its pipe: how it ended, into worker->ending (a
 * process is collected).  Returns 1 when the signal that interrupted the
 * coordinator ended it: exit 128 + the signal, as a plugin stopped by it
 * exits after naming itself (crash_guard.h), or killed by it. */
static int collect_worker(struct perft_worker *worker)
{
    int status, signal_number = interrupt_signal;
    snprintf(worker->ending, sizeof worker->ending, "ended");
    if (worker->pid <= 0 || waitpid(worker->pid, &status, 0) != worker->pid)
        return 0;
    worker->pid = -1;
    if (WIFSIGNALED(status)) {
        snprintf(worker->ending, sizeof worker->ending, "was killed by signal %d (%s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
        return signal_number != 0 && WTERMSIG(status) == signal_number;
    }
    worker->named_its_end = WEXITSTATUS(status) == WORKER_NAMED_EXIT;
    snprintf(worker->ending, sizeof worker->ending, "exited with status %d", WEXITSTATUS(status));
    return signal_number != 0 && WEXITSTATUS(status) == 128 + signal_number;
}

/* Where a dead worker was: the method, the position (file:line) and how it
 * ended. */
static void report_dead_worker(struct perft_workers *workers, const struct perft_run *run, int k)
{
    if (workers->workers[k].named_its_end)
        return; /* its own line said what happened, and where */
    const char *ending = workers->workers[k].ending;
    int item = atomic_load(&workers->shared->current_item[k]);
    const char *method = run->methods[workers->shared->method].backend->name;
    if (item == NO_ITEM) {
        fprintf(stderr,
                "attackbench: perft: worker process %d %s while running %s, between positions; "
                "the block's rows are not written\n",
                k, ending, method);
        return;
    }
    const struct perft_entry *entry = &run->block[workers->shared->items[item].position];
    fprintf(stderr,
            "attackbench: %s:%ld: perft: worker process %d %s while counting this position with %s; "
            "the block's rows are not written\n",
            entry->file_name, entry->line_number, k, ending, method);
}

/* Wait for worker k's answer; the signal that interrupts the coordinator
 * (SIGINT or SIGTERM, whichever came) is passed on to a worker process,
 * whose count then stops (or whose stuck plugin is named and ends the
 * process with 128 + that signal).  The wait wakes now and then to look
 * at the flag: a signal that came just before it began is not missed.
 * Returns 0, or -1 when the worker closed its pipe (it died). */
static int await_answer(struct perft_workers *workers, int k)
{
    struct perft_worker *worker = &workers->workers[k];
    int forwarded = 0;
    for (;;) {
        if (interrupt_requested() && !forwarded && worker->pid > 0) {
            kill(worker->pid, interrupt_signal);
            forwarded = 1;
        }
        struct pollfd answer_ready = {.fd = worker->answer_fd, .events = POLLIN};
        int ready = poll(&answer_ready, 1, SIGNAL_CHECK_MILLISECONDS);
        if (ready == 0 || (ready < 0 && errno == EINTR))
            continue;
        char answer;
        ssize_t got = ready > 0 ? read(worker->answer_fd, &answer, 1) : -1;
        if (got == 1)
            return 0;
        if (got < 0 && errno == EINTR)
            continue;
        return -1;
    }
}

/* After a death: the other worker processes stop counting (their result
 * is dropped) and answer at once. */
static void stop_others(const struct perft_workers *workers, int dead, int participants)
{
    for (int k = 0; k < participants; k++)
        if (k != dead && workers->workers[k].pid > 0)
            kill(workers->workers[k].pid, SIGTERM);
}

static void add_counts(const struct shared_state *shared, size_t block_count, uint64_t *nodes)
{
    memset(nodes, 0, block_count * sizeof *nodes);
    for (uint32_t i = 0; i < shared->item_count; i++)
        nodes[shared->items[i].position] += shared->item_nodes[i];
}

int perft_workers_count(struct perft_workers *workers, const struct perft_run *run, size_t m, int participants,
                        uint64_t *nodes, double *seconds)
{
    struct shared_state *shared = workers->shared;
    shared->method = (uint32_t)m;
    atomic_store(&shared->next_item, 0);
    int dead = -1;
    uint64_t start = clock_nanoseconds();
    for (int k = 0; k < participants; k++)
        if (write(workers->workers[k].command_fd, "c", 1) != 1 && dead < 0)
            dead = k;
    for (int k = 0; k < participants; k++) {
        if (await_answer(workers, k) == 0)
            continue;
        /* Ended by the interrupt (a stuck plugin named by the worker
         * itself): the run stops as on the signal, with no dead worker. */
        if (collect_worker(&workers->workers[k]) || dead >= 0)
            continue;
        dead = k;
        stop_others(workers, k, participants);
    }
    *seconds = (double)(clock_nanoseconds() - start) / 1e9;
    if (dead >= 0) {
        if (workers->workers[dead].ending[0] == '\0')
            collect_worker(&workers->workers[dead]);
        report_dead_worker(workers, run, dead);
        return -2;
    }
    add_counts(shared, run->block_count, nodes);
    return interrupt_requested() ? -1 : 0;
}

void perft_workers_stop(struct perft_workers *workers)
{
    if (workers == NULL)
        return;
    for (int k = 0; k < workers->count; k++) {
        struct perft_worker *worker = &workers->workers[k];
        close_descriptor(&worker->command_fd);
    }
    for (int k = 0; k < workers->count; k++) {
        struct perft_worker *worker = &workers->workers[k];
        if (worker->thread_started)
            pthread_join(worker->thread, NULL);
        if (worker->pid > 0)
            waitpid(worker->pid, NULL, 0);
        close_descriptor(&worker->worker_command_fd);
        close_descriptor(&worker->worker_answer_fd);
        close_descriptor(&worker->answer_fd);
    }
    engine_memory_close(&workers->memory);
    if (workers->shared)
        munmap(workers->shared, sizeof *workers->shared);
    free(workers);
}
#endif
