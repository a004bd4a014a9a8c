/* Crash naming for plugins (crash_guard.h).  The handler only calls
 * write() and _exit(), which are async-signal-safe. */
#define _POSIX_C_SOURCE 200809L
#include "crash_guard.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static const char *volatile guarded_name;
static const char *volatile guarded_file;
static const char *volatile guarded_activity;

static void write_text(const char *text)
{
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written <= 0)
            return;
        text += written;
        length -= (size_t)written;
    }
}

static const char *signal_name(int signal_number)
{
    switch (signal_number) {
    case SIGSEGV:
        return "SIGSEGV";
    case SIGBUS:
        return "SIGBUS";
    case SIGILL:
        return "SIGILL";
    default:
        return "SIGFPE";
    }
}

static void on_crash(int signal_number)
{
    const char *name = guarded_name;
    if (name == NULL) { /* not in a plugin: die of the signal as before */
        signal(signal_number, SIG_DFL);
        raise(signal_number);
        _exit(128 + signal_number);
    }
    write_text("attackbench: plugin ");
    write_text(name);
    write_text(" (");
    write_text(guarded_file);
    write_text(") crashed with ");
    write_text(signal_name(signal_number));
    write_text(" during ");
    write_text(guarded_activity);
    write_text("\n");
    _exit(2);
}

void crash_guard_install(void)
{
    static int installed;
    if (installed)
        return;
    installed = 1;
#if defined(__wasi__)
    /* No plugins (and no signals) under WASI: nothing to guard. */
    (void)on_crash;
#else
    static const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE};
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_crash;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaction(signals[i], &action, NULL);
#endif
}

void crash_guard_enter(const char *name, const char *file, const char *activity)
{
    guarded_file = file;
    guarded_activity = activity;
    guarded_name = name;
}

void crash_guard_leave(void)
{
    guarded_name = NULL;
}
