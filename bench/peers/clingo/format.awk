# format.awk -- clingo's first answer in the corpus's format.
#   x(R,C,V)          a grid, one row a line (V may be a quoted string)
#   hx(K,V)           the magic hexagon, rows of 3, 4, 5, 4, 3 cells
#   h(I,Name,J,A,V)   a logic grid: "name a=v ..." one line per entity I
/^Answer:/ { getline; line = $0; gsub(/"/, "", line); found = 1; exit }
/^UNSATISFIABLE/ { print "no solution"; exit }
END {
    if (!found) exit
    n = split(line, atoms, " ")
    for (i = 1; i <= n; i++) {
        a = atoms[i]; kind = a; sub(/\(.*/, "", kind)
        args = a; sub(/^[^(]*\(/, "", args); sub(/\)$/, "", args)
        k = split(args, f, ",")
        if (kind == "x") { g[f[1] + 0, f[2] + 0] = f[3]; if (f[1] > R) R = f[1] + 0; if (f[2] > C) C = f[2] + 0 }
        else if (kind == "hx") { hx[f[1] + 0] = f[2]; H = 1 }
        else if (kind == "h") { name[f[1] + 0] = f[2]; v[f[1] + 0, f[3] + 0] = f[4] "=" f[5];
                                if (f[1] > E) E = f[1] + 0; if (f[3] > A) A = f[3] + 0 }
    }
    for (r = 1; r <= R; r++) { s = g[r, 1]; for (c = 2; c <= C; c++) s = s " " g[r, c]; print s }
    if (H) { split("3 4 5 4 3", len, " "); k = 1
             for (r = 1; r <= 5; r++) { s = hx[k++]; for (c = 2; c <= len[r]; c++) s = s " " hx[k++]; print s } }
    for (e = 1; e <= E; e++) { s = name[e]; for (j = 1; j <= A; j++) s = s " " v[e, j]; print s }
}
