#!/bin/sh
# bench/verify.sh -- check every peer model against the verified answers:
# the first solution each peer prints must be one of the corpus's
# solutions (or, where the corpus shows only a few, a valid one), and the
# count each peer gives must be the count in bench/puzzles.txt.
#
#   sh bench/verify.sh [CORPUS_DIR]      (default ../shared/corpus)
#
# Environment: VERIFY_TIMEOUT=600 seconds per run (the slow counts of
# clpfd and clingo take minutes); VERIFY_ONLY=REGEX to check fewer puzzles.
# Prints one line per puzzle and peer; exits 1 if any answer is wrong.
set -u
BENCH=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$BENCH")
CORPUS=${1:-$ROOT/../shared/corpus}
TMO=${VERIFY_TIMEOUT:-600}
ONLY=${VERIFY_ONLY:-}
P=$BENCH/peers
FAIR=$P/mzn-gecode-fair
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pzverify.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
bad=0

# The corpus file of each puzzle, and whether it lists every solution.
corpus() {
  case $1 in
    magic_square3) echo "magic3.txt all" ;;
    magic_square3_sum17) echo "magic3_17.txt all" ;;
    magic_square4) echo "magic4.txt some" ;;
    magic_square5) echo "magic5.txt some" ;;
    magic_board5) echo "magic_board5.txt all" ;;
    zebra) echo "zebra.txt all" ;;
    zebra_no_clue11) echo "zebra_no11.txt all" ;;
    magic_hexagon) echo "magic_hexagon.txt all" ;;
    miracle_sudoku_empty) echo "miracle_empty.txt some" ;;
    miracle_sudoku) echo "miracle_original.txt all" ;;
    miracle_sudoku_2clue) echo "miracle_2clue.txt all" ;;
    sudoku) echo "@$P/sudoku.txt all" ;;
    nonogram) echo "@$P/nonogram.txt all" ;;   # checked against MiniZinc + Gecode once
    pentomino_*) echo "- pentominoes" ;;   # no corpus file: checked as a tiling
    knights_tour6) echo "- knights" ;;     # 19,724 tours: checked as a tour
    *) echo "$1.txt all" ;;
  esac
}

# is_magic FILE: the grid in FILE is a magic square (distinct, equal lines)
is_magic() {
  awk '{ n = NF; for (j = 1; j <= NF; j++) { g[NR, j] = $j; if (seen[$j]++) bad = 1 } }
       END { if (NR != n) exit 1
             for (i = 1; i <= n; i++) { r = 0; c = 0
               for (j = 1; j <= n; j++) { r += g[i, j]; c += g[j, i] }
               if (i == 1) s = r; if (r != s || c != s) bad = 1
               d1 += g[i, i]; d2 += g[i, n + 1 - i] }
             exit (bad || d1 != s || d2 != s) }' "$1"
}

# is_pentominoes FILE: the grid in FILE is a tiling by the twelve
# pentominoes: each of the letters FILNPTUVWXYZ on 5 cells that hang
# together, nothing else (the letter's shape itself is not checked)
is_pentominoes() {
  awk '{ for (j = 1; j <= NF; j++) { g[NR, j] = $j; n[$j]++ } if (NF > W) W = NF }
       END { H = NR
             for (l in n) if (index("FILNPTUVWXYZ", l) == 0 || length(l) != 1 || n[l] != 5) exit 1
             if (length(n) != 12) exit 1
             for (i = 1; i <= H; i++) for (j = 1; j <= W; j++) {
               l = g[i, j]; if (l in seen) continue
               seen[l] = 1; top = 0; stack[++top] = i SUBSEP j; mark[i, j] = 1; size = 0
               while (top > 0) {
                 split(stack[top--], p, SUBSEP); size++
                 for (d = 0; d < 4; d++) {
                   r = p[1] + (d == 0) - (d == 1); c = p[2] + (d == 2) - (d == 3)
                   if ((r, c) in g && g[r, c] == l && !((r, c) in mark)) { mark[r, c] = 1; stack[++top] = r SUBSEP c }
                 }
               }
               if (size != 5) exit 1
             }
             exit 0 }' "$1"
}

# is_knights_tour FILE: FILE holds "next =" and a grid of successors
# (squares counted row by row from 1) in which every jump is a knight's
# move and following them from square 1 visits every square once
is_knights_tour() {
  awk '/^next =/ { next } { for (j = 1; j <= NF; j++) nx[++n] = $j; if (NF > w) w = NF }
       END { if (n == 0 || n % w) exit 1
             for (i = 1; i <= n; i++) {
               t = nx[i]; if (t < 1 || t > n) exit 1
               dr = int((t - 1) / w) - int((i - 1) / w); dc = (t - 1) % w - (i - 1) % w
               if (dr * dr + dc * dc != 5) exit 1 }
             at = 1; for (k = 1; k <= n; k++) { if (seen[at]++) exit 1; at = nx[at] }
             exit (at != 1) }' "$1"
}

# check_first PUZZLE PEER FILE: FILE holds the peer's first solution
check_first() {
  set -- "$1" "$2" "$3" $(corpus "$1")
  cfile=$4 all=$5
  if [ "$cfile" = - ] && [ "$all" = knights ]; then
    if [ -s "$3" ] && is_knights_tour "$3"; then echo "ok   $1 $2: first solution is a closed knight's tour"
    else echo "FAIL $1 $2: first solution is not a closed knight's tour"; cat "$3"; bad=1; fi
    return
  fi
  if [ "$cfile" = - ]; then
    if [ -s "$3" ] && is_pentominoes "$3"; then echo "ok   $1 $2: first solution is a tiling by the $all"
    else echo "FAIL $1 $2: first solution is not a tiling by the $all"; cat "$3"; bad=1; fi
    return
  fi
  case $cfile in @*) cfile=${cfile#@} ;; *) cfile=$CORPUS/$cfile ;; esac
  if [ ! -s "$3" ]; then echo "FAIL $1 $2: no output"; bad=1; return; fi
  if grep -q 'no solution\|UNSATISFIABLE' "$3"; then
    if [ ! -s "$cfile" ] || grep -qi "^no solution" "$cfile"; then echo "ok   $1 $2: no solution"
    else echo "FAIL $1 $2: says no solution"; bad=1; fi
    return
  fi
  awk -v dir="$TMP" 'BEGIN { RS = "" } { print > (dir "/sol." NR) }' "$cfile"
  found=0
  for s in "$TMP"/sol.*; do
    [ -f "$s" ] && diff -q "$3" "$s" >/dev/null && found=1
  done
  rm -f "$TMP"/sol.*
  if [ $found = 1 ]; then echo "ok   $1 $2: first solution is in $(basename "$cfile")"
  elif [ "$all" = some ] && case $1 in magic*) is_magic "$3" ;; *) false ;; esac; then
    echo "ok   $1 $2: first solution is a magic square"
  elif [ "$all" = some ]; then echo "??   $1 $2: first solution not among those shown (not checked)"
  else echo "FAIL $1 $2: first solution not in $(basename "$cfile")"; cat "$3"; bad=1; fi
}

check_count() { # PUZZLE PEER GOT WANT
  if [ "$4" = - ]; then return; fi
  if [ "$3" = "$4" ]; then echo "ok   $1 $2: $3 solutions"
  elif [ -z "$3" ]; then echo "??   $1 $2: no count within ${TMO}s"
  else echo "FAIL $1 $2: $3 solutions, not $4"; bad=1; fi
}

grep -v '^#' "$BENCH/puzzles.txt" | {
while read -r name want mode tags; do
  [ -n "$name" ] || continue
  if [ -n "$ONLY" ] && ! echo "$name" | grep -Eq "$ONLY"; then continue; fi
  if command -v minizinc >/dev/null 2>&1 && [ -f "$P/mzn/$name.mzn" ]; then
    timeout "$TMO" minizinc --solver gecode -I "$FAIR" "$P/mzn/$name.mzn" 2>/dev/null |
      grep -v '^----------$\|^==========$\|^%' | sed 's/=====UNSATISFIABLE=====/no solution/' > "$TMP/first"
    check_first "$name" gecode "$TMP/first"
    if [ "$mode" = all ]; then
      got=$(timeout "$TMO" minizinc --solver gecode -I "$FAIR" -a -s "$P/mzn/$name.mzn" 2>/dev/null |
            sed -n 's/^%%%mzn-stat: nSolutions=\([0-9]*\)$/\1/p; s/^=====UNSATISFIABLE=====$/0/p' | tail -1)
      check_count "$name" gecode "$got" "$want"
    fi
  fi
  if command -v swipl >/dev/null 2>&1 && [ -f "$P/clpfd/$name.pl" ]; then
    timeout "$TMO" swipl "$P/clpfd/$name.pl" > "$TMP/first" 2>/dev/null
    check_first "$name" clpfd "$TMP/first"
    if [ "$mode" = all ]; then
      got=$(timeout "$TMO" swipl "$P/clpfd/$name.pl" all 2>/dev/null | sed -n 's/^solutions: //p')
      check_count "$name" clpfd "$got" "$want"
    fi
  fi
  if command -v clingo >/dev/null 2>&1 && [ -f "$P/clingo/$name.lp" ]; then
    (cd "$P/clingo" && timeout "$TMO" clingo -n 1 "$name.lp" 2>/dev/null | awk -f format.awk) > "$TMP/first"
    check_first "$name" clingo "$TMP/first"
    if [ "$mode" = all ]; then
      got=$(cd "$P/clingo" && timeout "$TMO" clingo -q -n 0 "$name.lp" 2>/dev/null | sed -n 's/^Models *: *\([0-9]*\)$/\1/p')
      check_count "$name" clingo "$got" "$want"
    fi
  fi
done
exit $bad
}
