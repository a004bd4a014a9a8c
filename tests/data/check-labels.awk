# Checks the labels of a scripts/results/plot size chart: every `set label N 'TEXT'
# at X,Y` of the gnuplot script (the second file) must be anchored at the
# point of method TEXT in the data file (the first file: X Y "METHOD" ...;
# the label may hold spaces: "pext (disturbed)").
# Prints each mismatch; exit status 1 when there is one or no label at all.
FNR == NR {
    match($0, /"[^"]*"/)
    method = substr($0, RSTART + 1, RLENGTH - 2)
    point[method] = $1 "," $2
    next
}
/^set label [0-9]+ '/ {
    text = $0
    sub(/^set label [0-9]+ '/, "", text)
    at = text
    sub(/'.*/, "", text)
    sub(/^[^']*' at /, "", at)
    sub(/ .*/, "", at)
    labels++
    if (!(text in point)) {
        print "label " text " names no point"
        bad++
    } else if (point[text] != at) {
        print "label " text " anchored at " at ", its point is at " point[text]
        bad++
    }
}
END {
    if (labels == 0) { print "no labels"; exit 1 }
    exit bad > 0
}
