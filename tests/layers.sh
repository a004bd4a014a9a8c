#!/bin/sh
# The dependency rule of docs/architecture.md, checked over every include of
# src/ and include/.  Folders from the top down; siblings share a rank:
#   main.c > cli > results, engine_view > verify, measure > chess, device > registry > backends
#   > building_blocks, generated > platform > base > attackbench
#   (include/attackbench/ and include/attackbench_plugin.h, the public contract)
# A file includes headers of its own folder by bare name and headers of
# folders further down as "folder/name.h"; never a folder above it or a
# sibling.  No file but main.c stands in src/ itself, and no two modules
# (a .c and its .h) include each other, directly or round a loop.  A
# function a header of src/ declares (not static) is defined in a .c file
# of the header's own folder, so that a folder's headers speak for its own
# code (include/ is the contract that other code fulfils: not checked).
# Prints each breach as FILE:LINE: what, then one line of facts (folders,
# includes, includes against the rule, include loops, files in no folder,
# functions declared away from their definition), and exits 1 when there
# is a breach.
cd "${1:-.}" || exit 2
find src include -name '*.[ch]' | LC_ALL=C sort | awk '
BEGIN {
    split("cli results,engine_view verify,measure chess,device registry backends building_blocks,generated platform base attackbench", layers, " ")
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
    scan_functions(file)
}
# The code of one line: comments, strings and character constants out (a
# string becomes 0); in_comment carries a comment over to the next line.
function code_of(text,    out, quote, rest) {
    out = ""
    while (text != "") {
        if (in_comment) {
            if (!index(text, "*/")) return out
            text = substr(text, index(text, "*/") + 2); in_comment = 0; out = out " "; continue
        }
        if (!match(text, "/[*]|//|\"|\047")) return out text
        out = out substr(text, 1, RSTART - 1); quote = substr(text, RSTART, RLENGTH); text = substr(text, RSTART + RLENGTH)
        if (quote == "//") return out
        if (quote == "/*") { in_comment = 1; continue }
        rest = quote == "\"" ? "^([^\"\\\\]|\\\\.)*\"" : "^([^\047\\\\]|\\\\.)*\047"
        text = match(text, rest) ? substr(text, RLENGTH + 1) : ""
        out = out "0"
    }
    return out
}
# The file-scope statements of a C file, each ending in ";" (a
# declaration) or "{" (a definition, or a struct), to note_function().
# Preprocessor lines are left out; a macro whose body says static is
# remembered, for the declarations it begins.
function scan_functions(file,    text, line, depth, statement, start, continued, macro, token) {
    depth = 0; statement = ""; start = 0; continued = 0; in_comment = 0; line = 0
    while ((getline text < file) > 0) {
        line++
        if (continued || (!in_comment && text ~ /^[ \t]*#/)) {
            if (!continued) macro = (text ~ /^[ \t]*#[ \t]*define[ \t]/) ? text : ""
            if (macro != "" && text ~ /(^|[^A-Za-z0-9_])static([^A-Za-z0-9_]|$)/) {
                sub(/^[ \t]*#[ \t]*define[ \t]+/, "", macro); sub(/[^A-Za-z0-9_].*/, "", macro); static_macro[macro] = 1
            }
            continued = text ~ /\\$/
            continue
        }
        text = code_of(text)
        while (text != "") {
            token = match(text, /[{};]/) ? substr(text, RSTART, 1) : ""
            if (token == "") { if (depth == 0) statement = statement " " text; text = "" } else {
                if (depth == 0) statement = statement " " substr(text, 1, RSTART - 1)
                text = substr(text, RSTART + 1)
            }
            if (start == 0 && statement ~ /[^ \t]/) start = line
            if (token == "") break
            if (token == "}") { depth--; continue }
            if (depth == 0) { note_function(file, start, statement, token); statement = ""; start = 0 }
            if (token == "{") depth++
        }
    }
    close(file)
}
# A statement that declares or defines a function: the last name before a
# "(" outside parentheses that is not a keyword, with a type before it and
# no "=" (an initialiser) outside parentheses.  Declarations are noted for
# the headers of src/, definitions that are not static for the .c files.
function note_function(file, line, statement, ending,    i, c, level, name, prefix, head) {
    level = 0; name = ""
    for (i = 1; i <= length(statement); i++) {
        c = substr(statement, i, 1)
        if (c == "=" && level == 0) return
        if (c == ")") level--
        if (c != "(") continue
        if (level++ > 0) continue
        head = substr(statement, 1, i - 1)
        if (!match(head, /[A-Za-z_][A-Za-z0-9_]*[ \t]*$/)) continue
        c = substr(head, RSTART); sub(/[ \t]+$/, "", c)
        if (c ~ /^(if|while|for|switch|return|sizeof|__attribute__|alignas|_Alignas|_Static_assert|static_assert|typeof)$/) continue
        name = c; prefix = substr(head, 1, RSTART - 1)
    }
    # A type before the name, of words, stars and attributes only (not a
    # statement of a fragment such as a case of generated/).
    if (name == "" || prefix !~ /[A-Za-z_]/ || prefix !~ /^[A-Za-z0-9_ \t*(),]*$/) return
    if (statement ~ /(^|[^A-Za-z0-9_])(typedef|return)([^A-Za-z0-9_]|$)/) return
    if (ending == "{" && file ~ /\.c$/) {
        if (prefix !~ /(^|[^A-Za-z0-9_])static([^A-Za-z0-9_]|$)/ && !(name in defined_at)) defined_at[name] = file
        else if (prefix !~ /(^|[^A-Za-z0-9_])static([^A-Za-z0-9_]|$)/) defined_at[name] = defined_at[name] " " file
    } else if (ending == ";" && file ~ /^src\/.*\.h$/) {
        declarations++
        declared_name[declarations] = name; declared_at[declarations] = file ":" line; declared_prefix[declarations] = prefix
    }
}
function folder_path(path) { sub(/\/[^\/]*$/, "", path); return path }
# Whether the words of a declaration make it static (itself, or a macro that says it).
function is_static(prefix,    words, n, i) {
    n = split(prefix, words, /[^A-Za-z0-9_]+/)
    for (i = 1; i <= n; i++) if (words[i] == "static" || (words[i] in static_macro)) return 1
    return 0
}
# Each function a header of src/ declares, against where it is defined.
function check_declarations(    d, name, header, places, n, i, home) {
    for (d = 1; d <= declarations; d++) {
        if (is_static(declared_prefix[d])) continue
        name = declared_name[d]; header = declared_at[d]; sub(/:[0-9]+$/, "", header)
        if (!(name in defined_at)) { print declared_at[d] ": " name "() is declared here but defined in no .c file"; misplaced++; continue }
        n = split(defined_at[name], places, " "); home = 0
        for (i = 1; i <= n; i++) if (folder_path(places[i]) == folder_path(header)) home = 1
        if (!home) {
            print declared_at[d] ": " name "() is declared here but defined in " places[1] \
                ": declare it in a header of " folder_path(places[1]) "/"
            misplaced++
        }
    }
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
    check_declarations()
    for (name in folders) folder_count++
    printf "layers: %d folders, %d includes, %d against the rule, %d include loops, %d files in no folder, %d functions declared away from their definition\n",
        folder_count, includes, against, loops, broken, misplaced
    exit broken + against + loops + misplaced > 0
}'
