#!/bin/sh
# The dependency rule of docs/architecture.md, checked over every include of
# src/ and include/.  Folders from the top down; siblings share a rank:
#   main.c > cli > results > verify, measure > chess > registry > backends
#   > building_blocks, generated > platform > base > attackbench
#   (include/attackbench/ and include/attackbench_plugin.h, the public contract)
# A file includes headers of its own folder by bare name and headers of
# folders further down as "folder/name.h"; never a folder above it or a
# sibling.  No file but main.c stands in src/ itself, and no two modules
# (a .c and its .h) include each other, directly or round a loop.
# Prints each breach as FILE:LINE: what, then one line of facts (folders,
# includes, includes against the rule, include loops), and exits 1 when
# there is a breach.
cd "${1:-.}" || exit 2
find src include -name '*.[ch]' | LC_ALL=C sort | awk '
BEGIN {
    split("cli results verify,measure chess registry backends building_blocks,generated platform base attackbench", layers, " ")
    for (i = 1; i in layers; i++) {
        n = split(layers[i], names, ",")
        for (j = 1; j <= n; j++) rank[names[j]] = i
    }
    rank["main"] = 0
}
function folder_of(path,    parts) {
    split(path, parts, "/")
    if (path == "src/main.c") return "main"
    if (parts[1] == "include") return (3 in parts) ? parts[2] : "attackbench"
    return (3 in parts) ? parts[2] : ""
}
function module_of(path) { sub(/\.[ch]$/, "", path); return path }
# Where a header named bare lives instead, as a hint ("it is src/x/y.h").
function elsewhere(target,    command, found) {
    command = "ls src/*/" target " 2>/dev/null"
    found = ""
    command | getline found
    close(command)
    if (found == "") return ""
    sub(/^src\//, "", found)
    return "; it is src/" found ": include \"" found "\""
}
{
    file = $0
    from = folder_of(file)
    if (!(from in rank)) { print file ": in no folder of the rule"; broken++; next }
    folders[from] = 1
    dir = file; sub(/\/[^\/]*$/, "", dir)
    line = 0
    while ((getline text < file) > 0) {
        line++
        if (text !~ /^#include "/) continue
        includes++
        target = text; sub(/^#include "/, "", target); sub(/".*/, "", target)
        if (target !~ /\// && (getline probe < (dir "/" target)) > 0) {
            close(dir "/" target)
            path = dir "/" target
        } else if (target !~ /\// && (getline probe < ("include/" target)) > 0) {
            close("include/" target)
            path = "include/" target  # the public plugin header, beside include/attackbench
        } else if (target !~ /\//) {
            print file ":" line ": \"" target "\" is not in this folder" elsewhere(target); against++; continue
        } else {
            path = "src/" target
            if ((getline probe < path) < 0) { path = "include/" target }
            else close(path)
            to = folder_of(path)
            if (!(to in rank)) { print file ":" line ": \"" target "\" is in no folder of the rule"; against++; continue }
            if (to == from) { print file ":" line ": a header of this folder is named bare, not \"" target "\""; against++ }
            else if (rank[to] <= rank[from]) { print file ":" line ": " from "/ may not include " to "/ (the rule runs downward)"; against++ }
        }
        a = module_of(file); b = module_of(path)
        if (a != b && !((a, b) in edge)) { edge[a, b] = 1; out[a] = out[a] " " b }
    }
    close(file)
}
function visit(node,    n, list, i) {
    state[node] = 1; stack[++depth] = node
    n = split(out[node], list, " ")
    for (i = 1; i <= n; i++) {
        if (state[list[i]] == 1) { print "include loop: " loop_from(list[i]) list[i]; loops++ }
        else if (!state[list[i]]) visit(list[i])
    }
    state[node] = 2; depth--
}
function loop_from(node,    i, text) {
    for (i = depth; stack[i] != node; i--) ;
    for (text = ""; i <= depth; i++) text = text stack[i] " -> "
    return text
}
END {
    for (node in out) if (!state[node]) visit(node)
    for (name in folders) folder_count++
    printf "layers: %d folders, %d includes, %d against the rule, %d include loops, %d files in no folder\n",
        folder_count, includes, against, loops, broken
    exit broken + against + loops > 0
}'
