# The configurations of attackbench's table output, one line each, as
# `scripts/results/results-tool groups` prints them for a CSV: workload piece
# dispatch mode pressure_bytes phase threads layout: methods (sorted).
function flush() {
    if (key == "") return
    count = split(methods, names, " ")
    for (i = 1; i <= count; i++)
        for (j = i + 1; j <= count; j++)
            if (names[j] < names[i]) { swap = names[i]; names[i] = names[j]; names[j] = swap }
    line = key ":"
    for (i = 1; i <= count; i++) line = line " " names[i]
    print line
    key = ""; methods = ""
}
function bytes(text,    number, unit) {
    if (text == "off") return 0
    split(text, part, " ")
    number = part[1]; unit = part[2]
    if (unit == "KB") return number * 1024
    if (unit == "MB") return number * 1024 * 1024
    return number
}
/^(rook|bishop|queen): workload / {
    flush()
    heading = $0
    sub(/ \(.*/, "", heading)
    piece = heading; sub(/:.*/, "", piece)
    sub(/^[a-z]+: /, "", heading)
    split(heading, field, ", ")
    sub(/^workload /, "", field[1]); sub(/^dispatch /, "", field[2])
    sub(/^phase /, "", field[4]); sub(/^pressure /, "", field[5]); sub(/^threads /, "", field[6])
    layout = "queries"
    if (field[7] ~ /^layout /) { layout = field[7]; sub(/^layout /, "", layout) }
    key = field[1] " " piece " " field[2] " " field[3] " " bytes(field[5]) " " field[4] " " field[6] " " layout
    next
}
key != "" && /^  [a-z0-9]/ && $1 != "method" { methods = methods " " $1; next }
/^$/ { flush() }
END { flush() }
