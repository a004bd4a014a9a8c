/* Naming plugin faults (crash_guard.h).  The handlers only read volatile
 * variables and lock-free atomics and call write(), alarm() and _exit(),
 * which are async-signal-safe; they run on an alternate stack, so that a
 * stack overflow is named too.  Which plugin a thread runs is the
 * thread's own (perft --threads runs one per worker): a fault or an
 * exit() is named by the thread that made it, never cleared by another
 * thread leaving its plugin. */
#define _GNU_SOURCE
#include "crash_guard.h"

#if defined(__wasi__)
/* WebAssembly (WASI) loads no plugins and delivers no signals: nothing to
 * guard, name or time out; a trap ends the engine with one line (the
 * runner's). */
void crash_guard_install(void)
{
}

void crash_guard_thread_start(void)
{
}

void crash_guard_thread_end(void)
{
}

void crash_guard_enter(const char *name, const char *file, const char *activity)
{
    (void)name;
    (void)file;
    (void)activity;
}

void crash_guard_leave(void)
{
}

void crash_guard_watch(const void *start, size_t bytes, const char *what)
{
    (void)start;
    (void)bytes;
    (void)what;
}

void crash_guard_unwatch(const void *start)
{
    (void)start;
}

void crash_guard_plugin_code(const void *function, const char *name, const char *file)
{
    (void)function;
    (void)name;
    (void)file;
}

void crash_guard_forget_plugin_code(const void *function)
{
    (void)function;
}

void crash_guard_interrupted(int signal_number)
{
    (void)signal_number;
}

void crash_guard_initialisation_begin(void)
{
}

void crash_guard_set_named_exit_status(int status)
{
    (void)status;
}

void crash_guard_initialisation_end(void)
{
}
#else

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#include <ucontext.h>
#endif

enum { ALTERNATE_STACK_BYTES = 64 * 1024, WATCHED_MAX = 64, PLUGIN_CODE_MAX = 64 };

/* The plugin this thread runs; the activity is not NULL while it does. */
static _Thread_local const char *volatile guarded_name;
static _Thread_local const char *volatile guarded_file;
static _Thread_local const char *volatile guarded_activity;
/* Set on the threads attackbench starts (crash_guard_thread_start): any
 * other thread was started by a plugin, or by a library it uses. */
static _Thread_local volatile sig_atomic_t attackbench_thread;
/* An interrupt and its deadline may arrive in any thread: they go by how
 * many threads run plugin code and by the last plugin entered. */
static atomic_int threads_in_plugin;
static const char *volatile last_name;
static const char *volatile last_file;
static const char *volatile last_activity;
static volatile sig_atomic_t pending_interrupt, deadline_armed;
static volatile sig_atomic_t named_exit_status = 2;
/* pthread_exit() on the last thread ends the process through exit(): a
 * key whose destructor runs as a guarded thread ends tells the two apart
 * (the destructors run before that exit, on the same thread). */
static pthread_key_t thread_end_key;
static int thread_end_key_made;
static _Thread_local volatile sig_atomic_t thread_ending;

static struct watched {
    const char *volatile start;
    volatile size_t bytes;
    const char *volatile what;
} watched[WATCHED_MAX];

#if defined(__linux__) && !defined(ATTACKBENCH_STATIC)
/* A plugin's _exit, _Exit and quick_exit are attackbench's (below), which
 * the dynamic linker finds before the C library's; the process ends
 * through the system call they would make. */
#define INTERCEPTS_PLUGIN_EXITS 1
#include <sys/syscall.h>
static _Noreturn void end_process(int status)
{
    for (;;)
        syscall(SYS_exit_group, status);
}
#else
static _Noreturn void end_process(int status)
{
    _exit(status);
}
#endif

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
    case SIGABRT:
        return "SIGABRT (abort)";
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    case SIGHUP:
        return "SIGHUP";
    case SIGQUIT:
        return "SIGQUIT";
    default:
        return "SIGFPE";
    }
}

/* "attackbench: plugin NAME (FILE) ": the name is unknown while the
 * file loads. */
static void write_plugin(const char *name, const char *file)
{
    write_text("attackbench: plugin ");
    if (name && *name) {
        write_text(name);
        write_text(" (");
        write_text(file);
        write_text(") ");
    } else {
        write_text(file);
        write_text(" ");
    }
}

static const char *watched_region(const void *address)
{
    for (int i = 0; i < WATCHED_MAX; i++) {
        const char *start = watched[i].start;
        if (start && (const char *)address >= start && (const char *)address < start + watched[i].bytes)
            return watched[i].what;
    }
    return NULL;
}

/* The executable segments of the loaded plugins, with the plugin each
 * belongs to: a thread a plugin started runs no guarded activity, so its
 * fault is named by where the faulting instruction lies. */
static struct plugin_code {
    volatile uintptr_t start, end;
    const char *volatile name;
    const char *volatile file;
} plugin_code[PLUGIN_CODE_MAX];

static const struct plugin_code *plugin_code_at(uintptr_t address)
{
    for (int i = 0; i < PLUGIN_CODE_MAX; i++) {
        uintptr_t start = plugin_code[i].start;
        if (start && address >= start && address < plugin_code[i].end)
            return &plugin_code[i];
    }
    return NULL;
}

/* The one plugin loaded, NULL if none or several: a thread attackbench did
 * not start that faults outside the plugins' code (in the C library, as
 * abort() does) was started by it. */
static const struct plugin_code *only_plugin(void)
{
    const struct plugin_code *found = NULL;
    for (int i = 0; i < PLUGIN_CODE_MAX; i++) {
        if (plugin_code[i].start == 0)
            continue;
        if (found && plugin_code[i].file != found->file)
            return NULL;
        found = &plugin_code[i];
    }
    return found;
}

/* The address of the instruction that faulted: the program counter where
 * the system saves it in a form this file knows, otherwise the signal's
 * address (the instruction for SIGILL and SIGFPE, the data for SIGSEGV). */
static uintptr_t faulting_instruction(const siginfo_t *info, const void *context)
{
#if defined(__linux__) && defined(__x86_64__)
    (void)info;
    return (uintptr_t)((const ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
#elif defined(__linux__) && defined(__aarch64__)
    (void)info;
    return (uintptr_t)((const ucontext_t *)context)->uc_mcontext.pc;
#else
    (void)context;
    return (uintptr_t)info->si_addr;
#endif
}

/* A fault outside any guarded activity: named if a plugin's code made it,
 * or a thread attackbench did not start while one plugin is loaded;
 * otherwise the signal's default action, as for a fault of attackbench's
 * own. */
static _Noreturn void on_unguarded_crash(int signal_number, const siginfo_t *info, const void *context)
{
    const struct plugin_code *code = plugin_code_at(faulting_instruction(info, context));
    if (code == NULL && !attackbench_thread)
        code = only_plugin();
    if (code == NULL) {
        signal(signal_number, SIG_DFL);
        raise(signal_number);
        end_process(128 + signal_number);
    }
    write_plugin(code->name, code->file);
    write_text("crashed with ");
    write_text(signal_name(signal_number));
    /* On attackbench's thread: a destructor, or a call attackbench did not guard. */
    write_text(attackbench_thread ? " outside the phases attackbench calls it in\n" : " on a thread of its own\n");
    end_process(named_exit_status);
}

/* Set by the first thread to crash: it names the fault and ends the
 * process; a thread that crashes meanwhile (a plugin's threads fail
 * together) waits for that end rather than dying of its own signal
 * first, unnamed. */
static atomic_int crash_reported;

static void on_crash(int signal_number, siginfo_t *info, void *context)
{
    if (atomic_exchange(&crash_reported, 1))
        for (;;)
            pause();
    const char *activity = guarded_activity;
    if (activity == NULL)
        on_unguarded_crash(signal_number, info, context);
    const char *region = signal_number == SIGSEGV ? watched_region(info->si_addr) : NULL;
    write_plugin(guarded_name, guarded_file);
    if (region) {
        write_text("wrote into ");
        write_text(region);
        write_text(", which is read-only for plugins,");
    } else {
        write_text("crashed with ");
        write_text(signal_name(signal_number));
    }
    write_text(" during ");
    write_text(activity);
    write_text("\n");
    end_process(named_exit_status);
}

/* The deadline of an interrupted plugin: still in its code a second after
 * the signal, it is abandoned. */
static void on_deadline(int signal_number)
{
    (void)signal_number;
    const char *activity = guarded_activity, *name = guarded_name, *file = guarded_file;
    if (activity == NULL) /* this thread runs none: the last plugin entered */
        activity = last_activity, name = last_name, file = last_file;
    int interrupt = pending_interrupt;
    deadline_armed = 0; /* attackbench's own code: it stops at its next check */
    if (atomic_load(&threads_in_plugin) == 0 || activity == NULL || interrupt == 0)
        return;
    write_plugin(name, file);
    write_text("stopped by ");
    write_text(signal_name(interrupt));
    write_text(" during ");
    write_text(activity);
    write_text(": it did not return within a second\n");
    end_process(128 + interrupt);
}

/* FUNCTION (exit, _exit, ...) called while plugin code runs: the plugin
 * ended the process. */
static void name_exit_call(const char *function)
{
    const char *activity = guarded_activity;
    if (activity == NULL)
        return;
    write_plugin(guarded_name, guarded_file);
    write_text("called ");
    write_text(function);
    write_text(" during ");
    write_text(activity);
    write_text("; nothing was measured\n");
    end_process(named_exit_status);
}

static void on_exit_call(void)
{
    name_exit_call(thread_ending ? "pthread_exit()" : "exit()");
}

static void on_thread_end(void *value)
{
    (void)value;
    thread_ending = 1;
}

#if defined(INTERCEPTS_PLUGIN_EXITS)
/* The exits that run no atexit handler, as a plugin resolves them: named
 * when plugin code calls them, otherwise what the C library's do. */
void _exit(int status)
{
    name_exit_call("_exit()");
    end_process(status);
}

void _Exit(int status)
{
    name_exit_call("_Exit()");
    end_process(status);
}

void quick_exit(int status)
{
    name_exit_call("quick_exit()");
    void (*library_quick_exit)(int) = (void (*)(int))dlsym(RTLD_NEXT, "quick_exit");
    if (library_quick_exit)
        library_quick_exit(status);
    end_process(status);
}
#endif

/* Each thread's alternate stack, kept for the life of the process (a
 * thread's stack may serve until the thread ends, and a leak checker sees
 * them held here); threads beyond the table run without one. */
enum { ALTERNATE_STACKS_MAX = 256 };
static void *alternate_stacks[ALTERNATE_STACKS_MAX];
static atomic_int alternate_stack_count;

void crash_guard_thread_start(void)
{
    attackbench_thread = 1;
    int slot = atomic_fetch_add(&alternate_stack_count, 1);
    if (slot >= ALTERNATE_STACKS_MAX)
        return;
    stack_t stack = {0};
    stack.ss_sp = alternate_stacks[slot] = malloc(ALTERNATE_STACK_BYTES);
    stack.ss_size = ALTERNATE_STACK_BYTES;
    if (stack.ss_sp)
        sigaltstack(&stack, NULL);
}

void crash_guard_thread_end(void)
{
    stack_t stack = {0};
    stack.ss_flags = SS_DISABLE;
    sigaltstack(&stack, NULL);
}

void crash_guard_install(void)
{
    static int installed;
    if (installed)
        return;
    installed = 1;
    crash_guard_thread_start();
    static const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_crash;
    /* Every crash signal blocked in the handler, none reset: a fault in
     * the handler itself is then fatal at once (a blocked fault kills),
     * and a second thread's crash waits for the first one's line. */
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaddset(&action.sa_mask, signals[i]);
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaction(signals[i], &action, NULL);
    struct sigaction deadline;
    memset(&deadline, 0, sizeof deadline);
    deadline.sa_handler = on_deadline;
    sigemptyset(&deadline.sa_mask);
    deadline.sa_flags = SA_RESTART | SA_ONSTACK;
    sigaction(SIGALRM, &deadline, NULL);
    atexit(on_exit_call);
    thread_end_key_made = pthread_key_create(&thread_end_key, on_thread_end) == 0;
}

void crash_guard_enter(const char *name, const char *file, const char *activity)
{
    if (guarded_activity == NULL)
        atomic_fetch_add(&threads_in_plugin, 1);
    last_name = name;
    last_file = file;
    last_activity = activity;
    guarded_name = name;
    guarded_file = file;
    guarded_activity = activity;
    if (thread_end_key_made)
        pthread_setspecific(thread_end_key, &thread_end_key); /* any value but NULL: the destructor runs */
    if (pending_interrupt && !deadline_armed) {               /* interrupted before: the deadline runs from now */
        deadline_armed = 1;
        alarm(1);
    }
}

void crash_guard_leave(void)
{
    if (guarded_activity != NULL) {
        atomic_fetch_sub(&threads_in_plugin, 1);
        if (thread_end_key_made)
            pthread_setspecific(thread_end_key, NULL);
    }
    guarded_activity = NULL;
}

void crash_guard_watch(const void *start, size_t bytes, const char *what)
{
    for (int i = 0; i < WATCHED_MAX; i++)
        if (watched[i].start == NULL) {
            watched[i].bytes = bytes;
            watched[i].what = what;
            watched[i].start = start;
            return;
        }
}

void crash_guard_unwatch(const void *start)
{
    for (int i = 0; i < WATCHED_MAX; i++)
        if (watched[i].start == start)
            watched[i].start = NULL;
}

/* The executable segments of the loaded object that holds FUNCTION, for
 * dl_iterate_phdr's callback. */
struct code_search {
    uintptr_t function;
    uintptr_t starts[PLUGIN_CODE_MAX], ends[PLUGIN_CODE_MAX];
    int count;
};

static int holds_address(const struct dl_phdr_info *object, uintptr_t address)
{
    for (int i = 0; i < object->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &object->dlpi_phdr[i];
        uintptr_t start = object->dlpi_addr + segment->p_vaddr;
        if (segment->p_type == PT_LOAD && address >= start && address < start + segment->p_memsz)
            return 1;
    }
    return 0;
}

static int find_code(struct dl_phdr_info *object, size_t size, void *data)
{
    (void)size;
    struct code_search *search = data;
    if (!holds_address(object, search->function))
        return 0;
    for (int i = 0; i < object->dlpi_phnum && search->count < PLUGIN_CODE_MAX; i++) {
        const ElfW(Phdr) *segment = &object->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X))
            continue;
        search->starts[search->count] = object->dlpi_addr + segment->p_vaddr;
        search->ends[search->count++] = object->dlpi_addr + segment->p_vaddr + segment->p_memsz;
    }
    return 1; /* stops the iteration */
}

/* Name (or rename) one segment; the start is written last, so that the
 * handler never sees a segment without its plugin. */
static void record_code(uintptr_t start, uintptr_t end, const char *name, const char *file)
{
    int free_slot = -1;
    for (int i = 0; i < PLUGIN_CODE_MAX; i++) {
        if (plugin_code[i].start == start) {
            plugin_code[i].name = name;
            plugin_code[i].file = file;
            return;
        }
        if (plugin_code[i].start == 0 && free_slot < 0)
            free_slot = i;
    }
    if (free_slot < 0)
        return;
    plugin_code[free_slot].end = end;
    plugin_code[free_slot].name = name;
    plugin_code[free_slot].file = file;
    plugin_code[free_slot].start = start;
}

void crash_guard_plugin_code(const void *function, const char *name, const char *file)
{
    struct code_search search = {.function = (uintptr_t)function};
    dl_iterate_phdr(find_code, &search);
    for (int i = 0; i < search.count; i++)
        record_code(search.starts[i], search.ends[i], name, file);
}

void crash_guard_forget_plugin_code(const void *function)
{
    struct code_search search = {.function = (uintptr_t)function};
    dl_iterate_phdr(find_code, &search);
    for (int i = 0; i < search.count; i++)
        for (int slot = 0; slot < PLUGIN_CODE_MAX; slot++)
            if (plugin_code[slot].start == search.starts[i])
                plugin_code[slot].start = 0;
}

void crash_guard_interrupted(int signal_number)
{
    pending_interrupt = signal_number;
    if (atomic_load(&threads_in_plugin) > 0 && !deadline_armed) {
        deadline_armed = 1;
        alarm(1);
    }
}

/* The SIGINT and SIGTERM actions before a plugin's initialisation, and
 * the signal that came during it, where they were the default. */
static struct sigaction actions_before_initialisation[2];
static int initialisation_caught[2];
static volatile sig_atomic_t initialisation_signal;
static const int initialisation_signals[2] = {SIGINT, SIGTERM};

static void on_interrupt_in_initialisation(int signal_number)
{
    initialisation_signal = signal_number;
    crash_guard_interrupted(signal_number);
}

void crash_guard_initialisation_begin(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_interrupt_in_initialisation;
    sigemptyset(&action.sa_mask);
    initialisation_signal = 0;
    for (int i = 0; i < 2; i++) {
        initialisation_caught[i] = 0;
        if (sigaction(initialisation_signals[i], NULL, &actions_before_initialisation[i]) == 0 &&
            !(actions_before_initialisation[i].sa_flags & SA_SIGINFO) &&
            actions_before_initialisation[i].sa_handler == SIG_DFL)
            initialisation_caught[i] = sigaction(initialisation_signals[i], &action, NULL) == 0;
    }
}

void crash_guard_initialisation_end(void)
{
    for (int i = 0; i < 2; i++)
        if (initialisation_caught[i])
            sigaction(initialisation_signals[i], &actions_before_initialisation[i], NULL);
    int signal_number = initialisation_signal;
    if (signal_number == 0)
        return;
    alarm(0);
    raise(signal_number); /* the default action, now back */
}

void crash_guard_set_named_exit_status(int status)
{
    named_exit_status = status;
}
#endif
