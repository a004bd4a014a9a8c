/* The crash guard (src/platform/crash_guard.h) names a plugin's fault in
 * the thread that made it, even after another thread has left its own
 * plugin (perft --threads runs one plugin per worker).  Each case runs
 * in a child process, which the fault ends. */
#include "unit.h"

#if defined(__wasi__)
TEST(crash_guard_is_per_thread)
{
    unit_skip("WebAssembly has no threads, processes or signals");
}
#else
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "platform/crash_guard.h"

/* The steps the two threads take in turn. */
static struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int step;
} handoff = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};

static void advance_to(int step)
{
    pthread_mutex_lock(&handoff.lock);
    handoff.step = step;
    pthread_cond_broadcast(&handoff.changed);
    pthread_mutex_unlock(&handoff.lock);
}

static void wait_for(int step)
{
    pthread_mutex_lock(&handoff.lock);
    while (handoff.step < step)
        pthread_cond_wait(&handoff.changed, &handoff.lock);
    pthread_mutex_unlock(&handoff.lock);
}

/* A worker in a faulty plugin: it faults after the other thread left its
 * own plugin. */
static void *faulting_worker(void *unused)
{
    (void)unused;
    crash_guard_thread_start();
    crash_guard_enter("faulty", "faulty.so", "perft");
    advance_to(1);
    wait_for(2);
    raise(SIGSEGV);
    return NULL;
}

/* The child: the main thread enters and leaves another plugin while the
 * worker is in the faulty one. */
static void child(void)
{
    crash_guard_install();
    pthread_t worker;
    if (pthread_create(&worker, NULL, faulting_worker, NULL) != 0)
        _exit(100);
    wait_for(1);
    crash_guard_enter("other", "other.so", "perft");
    crash_guard_leave();
    advance_to(2);
    pthread_join(worker, NULL);
    _exit(101); /* the fault should have ended the process */
}

TEST(crash_guard_is_per_thread)
{
    int channel[2];
    CHECK(pipe(channel) == 0);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(channel[1], STDERR_FILENO);
        close(channel[0]);
        child();
    }
    close(channel[1]);
    char said[512] = {0};
    size_t used = 0;
    ssize_t got;
    while (used < sizeof said - 1 && (got = read(channel[0], said + used, sizeof said - 1 - used)) > 0)
        used += (size_t)got;
    close(channel[0]);
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2);
    CHECK(strstr(said, "attackbench: plugin faulty (faulty.so) crashed with SIGSEGV during perft\n") != NULL);
}
#endif
