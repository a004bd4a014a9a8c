"""Runs the project's Python scripts, and the tests' own Python programs
(run_python), in this one interpreter, one case at a time, for
tests/lib/in_process.bash: a start of Python and of a script's imports
costs 50 to 100 ms of CPU, and the tests start the scripts some hundreds
of times to see them refuse their input.

Each case arrives on standard input as NUL-terminated fields: the number
of fields that follow, the folder to run in, the files for standard output
and standard error, the count of VARIABLE=VALUE settings, the settings
(the case's whole environment), then the script and its arguments; a
count of 0 ends the interpreter (a background subshell of the test script
may still hold the pipe open).  The script runs as `python3 SCRIPT
ARGUMENTS` would run it: as __main__, sys.argv and sys.path[0] set alike,
file descriptors 1 and 2 on the two files (both on one when they are the
same, as the shell's >FILE 2>&1), standard input /dev/null.  Its exit
status goes back as one line.  What a case changes in the process
(environment, folder, signal handlers, the project's modules) is put back
before the next."""
import gc
import os
import runpy
import signal
import sys
import traceback

PROJECT = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def read_field(stream):
    """One NUL-terminated field, or None at the end of the requests."""
    field = bytearray()
    while True:
        byte = stream.read(1)
        if not byte:
            return None
        if byte == b"\0":
            return os.fsdecode(bytes(field))
        field += byte


def read_case(stream):
    """A case's fields as a list, or None at the end of the requests."""
    count = read_field(stream)
    if count is None or count == "0":  # "0": the test script's end
        return None
    fields = [read_field(stream) for _ in range(int(count))]
    return None if None in fields else fields


def exit_status(code):
    """The status a Python process exits with after SystemExit(code)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def run_script(script, arguments):
    """The script as __main__ with its arguments; its exit status."""
    sys.argv = [script] + arguments
    sys.path[0] = os.path.dirname(os.path.realpath(script))
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as stop:
        return exit_status(stop.code)
    except BaseException:  # an uncaught error: Python's traceback, exit 1
        traceback.print_exc()
        return 1
    return 0


def redirect(descriptor, path):
    """Descriptor 1 or 2 onto PATH, truncated, as the shell's > does."""
    target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    os.dup2(target, descriptor)
    os.close(target)


class Saved:
    """What a case may change in this process, to be put back after it."""

    def __init__(self):
        self.environment = dict(os.environ)
        self.folder = os.getcwd()
        self.path = list(sys.path)
        self.modules = set(sys.modules)
        self.handlers = {number: signal.getsignal(number) for number in signal.valid_signals()
                         if signal.getsignal(number) is not None}
        self.descriptors = (os.dup(1), os.dup(2))

    def restore(self):
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(self.descriptors[0], 1)
        os.dup2(self.descriptors[1], 2)
        os.environ.clear()
        os.environ.update(self.environment)
        os.chdir(self.folder)
        sys.path[:] = self.path
        for number, handler in self.handlers.items():
            if signal.getsignal(number) is not handler:
                signal.signal(number, handler)
        # The project's modules are imported anew by the next case, so that
        # no state of one case (a setting read at import) reaches another.
        for name in set(sys.modules) - self.modules:
            module_file = getattr(sys.modules[name], "__file__", None) or ""
            if os.path.realpath(module_file).startswith(PROJECT + os.sep):
                del sys.modules[name]


def run_case(fields):
    """One case (its fields as read_case gives them); its exit status."""
    folder, output, error, count = fields[:4]
    settings = fields[4:4 + int(count)]
    script, arguments = fields[4 + int(count)], fields[5 + int(count):]
    saved = Saved()
    try:
        return run_in(folder, output, error, settings, script, arguments)
    finally:
        saved.restore()
        # A test's own program (run_python) may leave a file it wrote open
        # in a cycle of its globals: closed, so written out, as at a real
        # exit, before the shell reads it (about 1 ms).
        if not os.path.realpath(script).startswith(os.path.join(PROJECT, "scripts") + os.sep):
            gc.collect()


def run_in(folder, output, error, settings, script, arguments):
    """The script run in folder, with settings as its environment and
    its output in the files; its exit status."""
    os.chdir(folder)
    os.environ.clear()
    for setting in settings:
        name, _, value = setting.partition("=")
        os.environ[name] = value
    redirect(1, output)
    if error == output:
        os.dup2(1, 2)
    else:
        redirect(2, error)
    return run_script(script, arguments)


def main():
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "w")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    while True:
        fields = read_case(requests)
        if fields is None:
            return
        status = run_case(fields)
        replies.write("%d\n" % status)
        replies.flush()


if __name__ == "__main__":
    main()
