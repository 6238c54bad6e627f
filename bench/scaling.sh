#!/bin/sh
# bench/scaling.sh -- how pz's cost grows with the size of a puzzle family,
# against MiniZinc with Gecode in the same run (doc/performance.md,
# "How cost grows").  Usage: sh bench/scaling.sh PZ [OUT.md]
#
# Generates each instance in a scratch directory (pz and MiniZinc models
# written the same way: the natural model, the same givens), runs each
# once with /usr/bin/time (wall seconds and peak memory, ru_maxrss) and
# SCALE_TIMEOUT seconds at most (default 30), and prints a markdown table.
# Families: queens (first solution N = 8..1000, counts N = 8..12), sudoku
# of k*k x k*k (k = 3..6, empty and with givens), Hidato (n x n, 1 given,
# n = 6..20), magic squares (order 3..6, first solution), logic grids
# (E = 5..10 places, A = 4..8 attributes: the instances of bench/logic,
# made by bench/logic_gen.py; first solution and every solution).
# SCALE_ONLY (a grep -E on the family names) picks some.
set -u
PZ=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OUT=${2:-/dev/stdout}
TIMEOUT=${SCALE_TIMEOUT:-30}
ONLY=${SCALE_ONLY:-.}
HERE=$(cd "$(dirname "$0")" && pwd)
FAIR=$HERE/peers/mzn-gecode-fair
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

# run NAME CMD...: "seconds peakMB" or "timeout"; stdout kept in $W/NAME.out
run() {
  name=$1; shift
  if /usr/bin/time -f '%e %M' -o "$W/$name.time" timeout "$TIMEOUT" "$@" \
       > "$W/$name.out" 2> "$W/$name.err"; then
    awk '{ printf "%.2f s, %.1f MB", $1, $2 / 1024 }' "$W/$name.time"
  else
    st=$?
    if [ "$st" = 124 ]; then echo "timeout (${TIMEOUT} s)"; else echo "exit $st"; fi
  fi
}

mzn() {  # mzn NAME MODEL [-a]
  name=$1; model=$2; shift 2
  run "$name" minizinc --solver gecode -I "$FAIR" "$@" "$model"
}

count_of() {  # the count a run printed: pz 'solutions: N', minizinc one '----------' each
  case $1 in
    pz) sed -n 's/^solutions: //p' "$W/$2.out" ;;
    mzn) grep -c -- '----------' "$W/$2.out" ;;
  esac
}

row() { echo "| $* |" >> "$OUT"; }

header() {
  { echo; echo "$1"; echo; echo "| instance | pz | MiniZinc + Gecode | note |"; echo "|---|---:|---:|---|"; } >> "$OUT"
}

: > "$OUT.tmp" 2>/dev/null || true

if echo queens | grep -Eq "$ONLY"; then
  header "Queens, the natural model (distinct columns, abs(q[R1] - q[R2]) != R2 - R1 for every pair), first solution"
  for n in 8 12 16 20 50 100 200 500 1000; do
    sed "s/100/$n/g" "$HERE/../examples/queens.pz" > "$W/q$n.pz"
    cat > "$W/q$n.mzn" <<MZN
include "all_different.mzn";
int: n = $n;
array[1..n] of var 1..n: q;
constraint all_different(q);
constraint forall(i, j in 1..n where i < j)(q[i] - q[j] != j - i /\\ q[j] - q[i] != j - i);
solve :: int_search(q, first_fail, indomain_min) satisfy;
MZN
    row "N = $n | $(run pzq$n "$PZ" "$W/q$n.pz") | $(mzn mzq$n "$W/q$n.mzn") | "
  done
  header "Queens, every solution (pz --count, minizinc -a)"
  for n in 8 9 10 11 12; do
    [ -f "$W/q$n.pz" ] || sed "s/100/$n/g" "$HERE/../examples/queens.pz" > "$W/q$n.pz"
    sed "s/first_fail, indomain_min/input_order, indomain_min/" "$W/q8.mzn" | sed "s/n = 8;/n = $n;/" > "$W/qa$n.mzn"
    a=$(run pzc$n "$PZ" --count "$W/q$n.pz"); b=$(mzn mzc$n "$W/qa$n.mzn" -a)
    row "N = $n | $a | $b | $(count_of pz pzc$n) and $(count_of mzn mzc$n) solutions"
  done
fi

if echo sudoku | grep -Eq "$ONLY"; then
  header "Sudoku of k*k x k*k cells: distinct rows, columns and boxes; empty, then with the givens of a 40% pattern of pz's own first grid"
  for k in 3 4 5 6; do
    m=$((k * k))
    cat > "$W/s$k.pz" <<PZ
const k = $k.
board s[$m, $m] in 1..$m.
forall R in rows(s): distinct(R).
forall C in columns(s): distinct(C).
forall BR in 0..k-1, BC in 0..k-1: distinct([s[BR * k + I, BC * k + J] : I in 1..k, J in 1..k]).
PZ
    cat > "$W/s$k.mzn" <<MZN
include "all_different.mzn";
int: k = $k; int: m = k * k;
array[1..m, 1..m] of var 1..m: s;
constraint forall(i in 1..m)(all_different(s[i, ..]));
constraint forall(j in 1..m)(all_different(s[.., j]));
constraint forall(bi, bj in 0..k-1)(all_different([s[bi*k + i, bj*k + j] | i, j in 1..k]));
solve :: int_search(array1d(s), first_fail, indomain_min) satisfy;
MZN
    row "k = $k, empty | $(run pzs$k "$PZ" "$W/s$k.pz") | $(mzn mzs$k "$W/s$k.mzn") | "
    # givens: pz's grid, cell (r, c) kept when (7r + 3c) mod 5 < 2
    "$PZ" --json "$W/s$k.pz" 2>/dev/null | python3 -c '
import json, sys
k = int(sys.argv[1]); m = k * k
d = json.load(sys.stdin)
sol = d["solutions"][0]
g = sol["shown"]["s"]
rows = [[g[r][c] if (7 * r + 3 * c) % 5 < 2 else 0 for c in range(m)] for r in range(m)]
with open(sys.argv[2] + ".givens.pz", "w") as f:
    for r in range(m):
        for c in range(m):
            if rows[r][c]:
                f.write("s[%d, %d] = %d.\n" % (r + 1, c + 1, rows[r][c]))
with open(sys.argv[2] + ".givens.mzn", "w") as f:
    for r in range(m):
        for c in range(m):
            if rows[r][c]:
                f.write("constraint s[%d, %d] = %d;\n" % (r + 1, c + 1, rows[r][c]))
' "$k" "$W/s$k" 2> "$W/s$k.gerr" || { row "k = $k, givens | (no grid to take givens from) | | "; continue; }
    cat "$W/s$k.pz" "$W/s$k.givens.pz" > "$W/sg$k.pz"
    cat "$W/s$k.mzn" "$W/s$k.givens.mzn" > "$W/sg$k.mzn"
    row "k = $k, givens | $(run pzsg$k "$PZ" "$W/sg$k.pz") | $(mzn mzsg$k "$W/sg$k.mzn") | $(grep -c . "$W/s$k.givens.pz") givens"
  done
fi

if echo hidato | grep -Eq "$ONLY"; then
  header "Hidato (a king's path through 1..n*n), n x n, only 1 given in a corner"
  for n in 6 8 10 12 16 20; do
    cat > "$W/h$n.pz" <<PZ
import path.
board h[$n, $n] in 1..$((n * n)).
clue path: path(h, king).
h[1, 1] = 1.
PZ
    sed -e "s/int: n = 10;/int: n = $n;/" -e '/^array\[1..n, 1..n\] of int: given =/,/|\];/d' \
        -e 's/forall(i, j in 1..n where given\[i, j\] > 0)(x\[(i - 1) \* n + j\] = given\[i, j\])/x[1] = 1/' \
        "$HERE/peers/mzn/hidoku10.mzn" > "$W/h$n.mzn"
    row "n = $n | $(run pzh$n "$PZ" "$W/h$n.pz") | $(mzn mzh$n "$W/h$n.mzn") | "
  done
fi

if echo magic | grep -Eq "$ONLY"; then
  header "Magic squares of order n (1..n*n, rows, columns and both diagonals), first solution"
  for n in 3 4 5 6; do
    sed "s/const n = 5./const n = $n./" "$HERE/../examples/magic_square5.pz" > "$W/m$n.pz"
    sed -e "s/int: n = 5;/int: n = $n;/" -e "s/int: s = 65;/int: s = n * (n * n + 1) div 2;/" \
        "$HERE/peers/mzn/magic_square5.mzn" > "$W/m$n.mzn"
    row "n = $n | $(run pzm$n "$PZ" "$W/m$n.pz") | $(mzn mzm$n "$W/m$n.mzn") | "
  done
fi

if echo logic | grep -Eq "$ONLY"; then
  # the instances are made once (pz generate takes about a minute at
  # 10 x 8) and kept in bench/logic: `python3 bench/logic_gen.py make E A 1
  # PZ bench/logic` writes logic_ExA.pz and .mzn and checks that both have
  # one solution, the hidden one
  header "Logic grids of E places and A attributes (bench/logic, made by bench/logic_gen.py; one solution): first solution, then every solution (pz --count; minizinc -a)"
  for e in 5 6 8 10; do
    for a in 4 6 8; do
      b=logic_${e}x$a
      f=$HERE/logic/$b.pz
      [ -f "$f" ] || continue
      n=$(grep -c '^clue ' "$f")
      row "$b first | $(run pz1$b "$PZ" "$f") | $(mzn mz1$b "${f%.pz}.mzn") | $n clues"
      c=$(run pzc$b "$PZ" --count "$f"); m=$(mzn mzc$b "${f%.pz}.mzn" -a)
      note="$(count_of pz pzc$b) and $(count_of mzn mzc$b) solutions"
      # pz's search nodes, and its instructions (user space) where perf can count them
      if perf stat -e instructions:u -x, -o "$W/$b.perf" "$PZ" --count -s "$f" > /dev/null 2> "$W/$b.stats"; then
        note="$note; pz $(sed -n 's/.*nodes=\([0-9]*\).*/\1/p' "$W/$b.stats") nodes, $(awk -F, '/instructions/ { printf "%.1f M", $1 / 1e6 }' "$W/$b.perf") instructions"
      fi
      row "$b all | $c | $m | $note"
    done
  done
fi
