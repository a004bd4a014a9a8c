# fields(LINE, FIELD): the fields of a CSV line into FIELD[1..], a quoted
# one (flags holding a comma, as CFLAGS="-O2 -Wl,-z,now" gives) as one,
# its doubled quotes single; returns their count.  hash-hit-rates.sh and
# memory-ladder.sh put this text before their own awk program (mawk has no
# -e to add a program to an -f file).
function fields(line, field,    n, i, c, value, quoted) {
    n = 0; value = ""; quoted = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted && c == "\"" && substr(line, i + 1, 1) == "\"") { value = value c; i++ }
        else if (c == "\"") quoted = !quoted
        else if (c == "," && !quoted) { field[++n] = value; value = "" }
        else value = value c
    }
    field[++n] = value
    return n
}
