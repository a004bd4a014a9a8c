# Hostile input and hostile outputs: endless lines, read errors, terminal
# escapes in messages.  Sourced by tests/run.sh (pass, fail, expect_error,
# $program, $here, $scratch).

hostile_one_fen=$(grep -m 1 -v '^#' "$here/data/boards.fen")

# An endless line is refused at the limit, without waiting for its end: the
# writer stalls after 100 kB, and the reader must not wait for more.
mkfifo "$scratch/stall"
(head -c 100000 /dev/zero | tr '\0' 'p' && exec sleep 30) >"$scratch/stall" &
hostile_writer=$!
expect_error "an endless line is refused at the limit" "<stdin>:1: line is longer than the 65536 bytes allowed" \
    timeout 10 "$program" --dump - <"$scratch/stall"
kill "$hostile_writer" 2>/dev/null
wait "$hostile_writer" 2>/dev/null
rm -f "$scratch/stall"

expect_error "--dump /dev/zero fails fast" "/dev/zero:1: line is longer than" timeout 10 "$program" --dump /dev/zero

# One good position, then an endless line: no benchmark, exit 2.  The
# memory limit makes a reader that grows its buffer fail (sanitizer builds
# reserve too much address space for a limit).
hostile_limit() {
    case "$("$program" --version)" in
    *sanitize*) "$@" ;;
    *) (ulimit -v 1000000 && exec "$@") ;;
    esac
}
(printf '%s\n' "$hostile_one_fen" && cat /dev/zero) |
    hostile_limit timeout 20 "$program" --method=reference --reps=1 --calls=10 -q - >"$scratch/out" 2>"$scratch/err"
hostile_status=$?
if [ "$hostile_status" -eq 2 ] && [ ! -s "$scratch/out" ] && grep -qF "<stdin>:2: line is longer than" "$scratch/err"; then
    pass "a good line then /dev/zero on stdin measures nothing"
else
    fail "a good line then /dev/zero on stdin measures nothing (exit $hostile_status: $(head -c 200 "$scratch/err"))"
fi

# Read errors: EIO from a file, EBADF from a write-only standard input.
expect_error "EIO is a read error naming the file" "/proc/self/mem:1: read error: Input/output error" \
    "$program" --dump /proc/self/mem
expect_error "an unreadable stdin is a read error" "<stdin>:1: read error: Bad file descriptor" \
    "$program" --method=reference --reps=1 --calls=10 - 0>>"$scratch/write-only"

# A FEN line that would clear the terminal, and bytes that are not UTF-8:
# the message shows them escaped.
printf '%s w K\033[2J - 0 1\n' "${hostile_one_fen%% *}" >"$scratch/escape.fen"
printf '%s \377\376 - - 0 1\n' "${hostile_one_fen%% *}" >"$scratch/not-utf8.fen"
expect_error "an escape sequence in a FEN line is shown escaped" \
    "escape.fen:1: bad castling field 'K\x1b[2J': '\x1b' is not one of KQkq or -" \
    "$program" --method=reference "$scratch/escape.fen"
if grep -q $'\033' "$scratch/err"; then fail "no raw ESC byte in the message"; else pass "no raw ESC byte in the message"; fi
expect_error "bytes that are not UTF-8 are shown escaped" \
    "not-utf8.fen:1: bad side to move '\xff\xfe': expected w or b" "$program" --method=reference "$scratch/not-utf8.fen"
