#!/bin/sh
# bench/run.sh -- time pz against its peers on the puzzles of
# bench/puzzles.txt and print one table (also written to OUT).
#
#   sh bench/run.sh [PZ [OUT]]        (make bench: build-bench/pz build/bench.md)
#
# Environment:
#   BENCH_RUNS=5        timed runs per measurement, after one warm-up
#   BENCH_TIMEOUT=30    seconds before a peer (or pz) run is killed ("timeout")
#   BENCH_SLOW_MS=2000  a peer whose warm-up takes longer is timed once
#   BENCH_INSTR=1       also count pz's instructions (callgrind or perf)
#   BENCH_ONLY=REGEX    only the puzzles whose name matches (grep -E)
#   BENCH_PEERS=0       pz only: skip MiniZinc/Gecode, clpfd and clingo
#   BENCH_PAIRS=9       paired -p 1 / -p 2 runs per puzzle (bench/ratio.sh);
#                       0 skips the parallel table (so does a one-core machine)
#
# A peer that is not installed is skipped with a note; wrong answers and
# timeouts are marked in the table.  Nothing here makes the run fail except
# a pz that cannot be run at all.
set -u

PZ=${1:-build-bench/pz}
OUT=${2:-build/bench.md}
RUNS=${BENCH_RUNS:-5}
TIMEOUT=${BENCH_TIMEOUT:-30}
SLOW=${BENCH_SLOW_MS:-2000}
INSTR=${BENCH_INSTR:-0}
ONLY=${BENCH_ONLY:-}
PEERS=${BENCH_PEERS:-1}

BENCH=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$BENCH")
PEERDIR=$BENCH/peers
FAIR=$PEERDIR/mzn-gecode-fair
case $PZ in /*) ;; *) PZ=$ROOT/$PZ ;; esac
case $OUT in /*) ;; *) OUT=$ROOT/$OUT ;; esac

if [ ! -x "$PZ" ]; then
  echo "bench: $PZ not found; run 'make bench'" >&2
  exit 2
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/pzbench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
TIMEIT=$TMP/timeit
${CC:-cc} -std=c11 -O2 -o "$TIMEIT" "$BENCH/timeit.c" || {
  echo "bench: cannot compile bench/timeit.c" >&2
  exit 2
}

NOTES=$TMP/notes
: > "$NOTES"
note() { echo "$*" >> "$NOTES"; echo "bench: $*" >&2; }

# --- which peers are here ----------------------------------------------
HAVE_GECODE=0 HAVE_CLPFD=0 HAVE_CLINGO=0
V_GECODE='' V_CLPFD='' V_CLINGO=''
if [ "$PEERS" = 0 ]; then
  note "peers skipped (BENCH_PEERS=0)."
else
  if command -v minizinc >/dev/null 2>&1 &&
     minizinc --solvers 2>/dev/null | grep -q 'org.gecode.gecode'; then
    HAVE_GECODE=1
    V_GECODE="MiniZinc $(minizinc --version 2>/dev/null | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -1), $(minizinc --solvers 2>/dev/null | sed -n 's/^ *\(Gecode [0-9.]*\) (org.gecode.gecode.*/\1/p' | head -1)"
  else
    note "MiniZinc with Gecode is not installed: its columns are skipped (make bench-deps installs minizinc and flatzinc)."
  fi
  if command -v swipl >/dev/null 2>&1; then
    HAVE_CLPFD=1
    V_CLPFD="SWI-Prolog $(swipl --version 2>/dev/null | sed -n 's/.*version \([0-9.]*\).*/\1/p')"
  else
    note "SWI-Prolog is not installed: the clpfd column is skipped (make bench-deps installs swi-prolog-nox)."
  fi
  if command -v clingo >/dev/null 2>&1; then
    HAVE_CLINGO=1
    V_CLINGO="clingo $(clingo --version 2>/dev/null | sed -n 's/^clingo version \([0-9.]*\).*/\1/p')"
  else
    note "clingo is not installed: its column is skipped (make bench-deps installs gringo)."
  fi
fi

INSTR_TOOL=''
if [ "$INSTR" = 1 ]; then
  if command -v valgrind >/dev/null 2>&1; then
    INSTR_TOOL=callgrind
  elif command -v perf >/dev/null 2>&1 &&
       perf stat -x, -e instructions:u true 2>&1 | grep -q '^[0-9]'; then
    INSTR_TOOL=perf
  else
    note "BENCH_INSTR=1 but neither valgrind nor a working perf is here: no instruction counts (make bench-deps installs valgrind)."
  fi
fi

# --- helpers -------------------------------------------------------------
# measure KEY TIMEOUT SLOW CMD...: time CMD; leaves $TMP/KEY.out, .err and
# sets M_MS, M_RSS, M_STATUS, M_TIMEOUT.
measure() {
  key=$1 tmo=$2 slow=$3
  shift 3
  line=$("$TIMEIT" -n "$RUNS" -w 1 -t "$tmo" -s "$slow" \
         -o "$TMP/$key.out" -e "$TMP/$key.err" -- "$@")
  M_MS=$(echo "$line" | sed -n 's/.*median_ms=\([0-9.]*\).*/\1/p')
  M_RSS=$(echo "$line" | sed -n 's/.*maxrss_kb=\([0-9]*\).*/\1/p')
  M_STATUS=$(echo "$line" | sed -n 's/.*status=\([0-9]*\).*/\1/p')
  M_TIMEOUT=$(echo "$line" | sed -n 's/.*timeout=\([0-9]*\).*/\1/p')
}

# stat FILE NAME: the value of NAME=... in pz's "stats:" line
pzstat() { sed -n "s/^stats:.* $2=\([0-9.]*\).*/\1/p; s/^stats: $2=\([0-9.]*\).*/\1/p" "$1" | head -1; }
# mznstat FILE NAME: the value of %%%mzn-stat: NAME=...
mznstat() { sed -n "s/^%%%mzn-stat: $2=\([0-9.e+-]*\)$/\1/p" "$1" | tail -1; }

instr() { # instr CMD...: instructions executed, or -
  case $INSTR_TOOL in
    callgrind)
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' | head -1 ;;
    perf)
      perf stat -x, -e instructions:u "$@" 2>&1 >/dev/null |
        sed -n 's/^\([0-9][0-9]*\),.*instructions.*/\1/p' | head -1 ;;
    *) echo - ;;
  esac
}

# --- the puzzles -----------------------------------------------------------
RES=$TMP/results.tsv
: > "$RES"
# one TSV line per puzzle; fields (- = not run, T = timeout, E = error,
# n = peer not installed, x = no model):
#  1 name  2 expected  3 mode  4 tags
#  5 pz_first_ms 6 pz_all_ms 7 pz_nodes 8 pz_fail 9 pz_solve_ms 10 pz_rss
#  11 pz_count 12 pz_first_nodes
#  13 g_first_ms 14 g_all_ms 15 g_solve_ms 16 g_nodes 17 g_rss 18 g_count
#  19 g_first_nodes
#  20 clpfd_ms 21 clpfd_count 22 clpfd_rss 23 clingo_ms 24 clingo_count 25 clingo_rss
#  26 pz_instr_first 27 pz_instr_all 28 pz_status_first

grep -v '^#' "$BENCH/puzzles.txt" | while read -r name expected mode tags; do
  [ -n "$name" ] || continue
  if [ -n "$ONLY" ] && ! echo "$name" | grep -Eq "$ONLY"; then continue; fi
  echo "bench: $name" >&2
  pf=- pa=- pn=- pfail=- ps=- prss=- pc=- pfn=- pif=- pia=- pst=-
  gf=- ga=- gs=- gn=- grss=- gc=- gfn=-
  cf=- cc=- crss=- kf=- kc=- krss=-
  ex=$ROOT/examples/$name.pz

  # pz
  if [ -f "$ex" ]; then
    measure pzf "$TIMEOUT" -1 "$PZ" -s "$ex"
    pf=$M_MS prss=$M_RSS pst=$M_STATUS
    [ "$M_TIMEOUT" = 1 ] && pf=T
    case $M_STATUS in 0|1) ;; *) pf=E ;; esac
    pfn=$(pzstat "$TMP/pzf.err" nodes)
    pn=$pfn pfail=$(pzstat "$TMP/pzf.err" failures) ps=$(pzstat "$TMP/pzf.err" time)
    if [ "$mode" = all ]; then
      measure pza "$TIMEOUT" -1 "$PZ" -s --count "$ex"
      pa=$M_MS
      [ "$M_RSS" -gt "$prss" ] 2>/dev/null && prss=$M_RSS
      [ "$M_TIMEOUT" = 1 ] && pa=T
      case $M_STATUS in 0|1) ;; *) pa=E ;; esac
      pn=$(pzstat "$TMP/pza.err" nodes) pfail=$(pzstat "$TMP/pza.err" failures)
      ps=$(pzstat "$TMP/pza.err" time)
      pc=$(sed -n 's/^solutions: \([0-9]*\)$/\1/p' "$TMP/pza.out" | tail -1)
    fi
    if [ -n "$INSTR_TOOL" ]; then
      pif=$(instr "$PZ" "$ex")
      [ "$mode" = all ] && pia=$(instr "$PZ" --count "$ex")
    fi
  fi

  # MiniZinc + Gecode, with the fair include path
  mzn=$PEERDIR/mzn/$name.mzn
  if [ "$HAVE_GECODE" = 0 ]; then gf=n ga=n gs=n gn=n gc=n gfn=n
  elif [ ! -f "$mzn" ]; then gf=x ga=x gs=x gn=x gc=x gfn=x
  else
    measure gf "$TIMEOUT" "$SLOW" minizinc --solver gecode -I "$FAIR" -s "$mzn"
    gf=$M_MS grss=$M_RSS
    [ "$M_TIMEOUT" = 1 ] && gf=T
    gfn=$(mznstat "$TMP/gf.out" nodes)
    gs=$(mznstat "$TMP/gf.out" solveTime) gn=$gfn
    if [ "$mode" = all ]; then
      measure ga "$TIMEOUT" "$SLOW" minizinc --solver gecode -I "$FAIR" -a -s "$mzn"
      ga=$M_MS
      [ "$M_RSS" -gt "$grss" ] 2>/dev/null && grss=$M_RSS
      if [ "$M_TIMEOUT" = 1 ]; then ga=T gs=T gn=T
      else
        gs=$(mznstat "$TMP/ga.out" solveTime) gn=$(mznstat "$TMP/ga.out" nodes)
        gc=$(mznstat "$TMP/ga.out" nSolutions)
        grep -q '=====UNSATISFIABLE=====' "$TMP/ga.out" && gc=0
      fi
    fi
    [ -n "$gs" ] && [ "$gs" != T ] && gs=$(awk -v s="$gs" 'BEGIN { printf "%.3f", s * 1000 }')
  fi

  # SWI-Prolog clpfd: the count (or the first solution)
  pl=$PEERDIR/clpfd/$name.pl
  if [ "$HAVE_CLPFD" = 0 ]; then cf=n
  elif [ ! -f "$pl" ]; then cf=x
  else
    if [ "$mode" = all ]; then
      measure cl "$TIMEOUT" "$SLOW" swipl "$pl" all
      cc=$(sed -n 's/^solutions: \([0-9]*\)$/\1/p' "$TMP/cl.out" | tail -1)
    else
      measure cl "$TIMEOUT" "$SLOW" swipl "$pl"
    fi
    cf=$M_MS crss=$M_RSS
    [ "$M_STATUS" = 0 ] || cf=E
    [ "$M_TIMEOUT" = 1 ] && cf=T
  fi

  # clingo: the count (or the first solution)
  lp=$PEERDIR/clingo/$name.lp
  if [ "$HAVE_CLINGO" = 0 ]; then kf=n
  elif [ ! -f "$lp" ]; then kf=x
  else
    if [ "$mode" = all ]; then
      (cd "$PEERDIR/clingo" && measure kl "$TIMEOUT" "$SLOW" clingo -q -n 0 "$lp"
       echo "$M_MS $M_RSS $M_TIMEOUT $M_STATUS" > "$TMP/kl.m")
      kc=$(sed -n 's/^Models *: *\([0-9]*\)$/\1/p' "$TMP/kl.out" | tail -1)
    else
      (cd "$PEERDIR/clingo" && measure kl "$TIMEOUT" "$SLOW" clingo -q -n 1 "$lp"
       echo "$M_MS $M_RSS $M_TIMEOUT $M_STATUS" > "$TMP/kl.m")
    fi
    read -r kf krss kt kst < "$TMP/kl.m"
    case $kst in 10|20|30) ;; *) kf=E ;; esac   # clingo: 10 SAT, 20 UNSAT, 30 all found
    [ "$kt" = 1 ] && kf=T
  fi

  printf '%s\n' "$name	$expected	$mode	$tags	${pf:--}	${pa:--}	${pn:--}	${pfail:--}	${ps:--}	${prss:--}	${pc:--}	${pfn:--}	${gf:--}	${ga:--}	${gs:--}	${gn:--}	${grss:--}	${gc:--}	${gfn:--}	${cf:--}	${cc:--}	${crss:--}	${kf:--}	${kc:--}	${krss:--}	${pif:--}	${pia:--}	${pst:--}" >> "$RES"
done


# --- teaching (issue 12): explain, grade, generate; pz alone, no peer does this ---
TEACH=$TMP/teach.tsv
: > "$TEACH"
# label  target_ms  args...   (run from the root; each row once per BENCH_RUNS)
while IFS='|' read -r label target args; do
  [ -n "$label" ] || continue
  if [ -n "$ONLY" ] && ! echo "$label" | grep -Eq "$ONLY"; then continue; fi
  # shellcheck disable=SC2086
  measure teach "$TIMEOUT" "$SLOW" "$PZ" $args
  printf '%s\t%s\t%s\t%s\n' "$label" "$target" "${M_MS:--}" "$(tail -1 "$TMP/teach.out" | cut -c1-90)" >> "$TEACH"
done <<'ROWS'
explain zebra (whole explanation)|200|explain examples/zebra.pz
explain sudoku 9x9|1000|explain examples/sudoku.pz
explain Miracle sudoku, 2 givens, with verdict|5000|explain examples/miracle_sudoku_2clue.pz
conflict among 20 clues (zebra_conflict)|1000|explain examples/zebra_conflict.pz
grade the hardest rated sudoku (Golden Nugget)|1000|grade tests/grade/07_hardest_golden_nugget.pz
generate from the empty Miracle rules|10000|generate --exclude examples/miracle_sudoku.pz examples/miracle_sudoku_empty.pz
generate a classic 9x9 sudoku|10000|generate examples/sudoku_empty.pz
ROWS

# --- parallel counting (issue 17): -p 1 against -p 2, paired runs --------
PAR=$TMP/parallel.md
: > "$PAR"
PAIRS=${BENCH_PAIRS:-9}
if [ "$PAIRS" -gt 0 ] && [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ]; then
  par_puzzles=""
  for name in magic_square4 miracle_sudoku_empty magic_hexagon checkerboard knights_tour6 \
              pentomino_6x10 pentomino_3x20 magic_square3 sudoku zebra hidoku10; do
    if [ -n "$ONLY" ] && ! echo "$name" | grep -Eq "$ONLY"; then continue; fi
    par_puzzles="$par_puzzles $name"
  done
  if [ -n "$par_puzzles" ]; then
    echo "bench: -p 1 against -p 2 ($PAIRS pairs each)" >&2
    PUZZLES=$par_puzzles sh "$BENCH/ratio.sh" "$PZ" "$PAIRS" > "$PAR" ||
      note "WRONG: a -p 2 count differs from the -p 1 count (see the parallel table)."
  fi
else
  note "parallel table skipped (BENCH_PAIRS=0 or one core)."
fi

# --- the report ------------------------------------------------------------
mkdir -p "$(dirname "$OUT")"
{
  echo "# pz benchmark"
  echo
  echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -sm), $(nproc 2>/dev/null || echo '?') CPUs$(sed -n 's/^model name[^:]*: */, /p' /proc/cpuinfo 2>/dev/null | head -1)."
  echo "pz: $PZ ($(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo 'no git')$(cd "$ROOT" && [ -n "$(git status --porcelain -- interp stdlib grammar 2>/dev/null)" ] && echo ', with uncommitted changes'))."
  peers=''
  [ "$HAVE_GECODE" = 1 ] && peers="$peers $V_GECODE (fair include path bench/peers/mzn-gecode-fair);"
  [ "$HAVE_CLPFD" = 1 ] && peers="$peers $V_CLPFD clpfd;"
  [ "$HAVE_CLINGO" = 1 ] && peers="$peers $V_CLINGO;"
  [ -n "$peers" ] && echo "Peers:$peers"
  echo "Times are whole-process wall times, the median of $RUNS runs after a warm-up"
  echo "(a peer slower than $SLOW ms in its warm-up is timed once; peers are killed after $TIMEOUT s)."
  echo
} > "$OUT"

[ -s "$RES" ] || note "no puzzle matched BENCH_ONLY=$ONLY."
awk -F '\t' -v instr="$INSTR_TOOL" '
function ms(v) {
  if (v == "-" || v == "") return "–"
  if (v == "n") return "n/a"
  if (v == "x") return "no model"
  if (v == "T") return "timeout"
  if (v == "E") return "error"
  if (v + 0 < 10) return sprintf("%.2f ms", v)
  if (v + 0 < 1000) return sprintf("%.0f ms", v)
  return sprintf("%.2f s", v / 1000)
}
function num(v) { return (v == "-" || v == "") ? "–" : (v == "n" ? "n/a" : (v == "x" ? "no model" : (v == "T" ? "timeout" : v))) }
function isnum(v) { return v ~ /^[0-9.]+$/ }
function check(cell, got, want) {
  if (want != "-" && got ~ /^[0-9]+$/ && got != want) { wrong++; return cell " **WRONG: " got "**" }
  return cell
}
function kb(v) { return isnum(v) ? sprintf("%.1f MB", v / 1024) : "–" }
BEGIN {
  print "| puzzle | pz first | pz all | Gecode first | Gecode all | Gecode solve time | clpfd | clingo | pz nodes | Gecode nodes | pz/Gecode ratio |"
  print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
}
{
  n++; name[n] = $1; mode[n] = $3; tags[n] = $4
  for (i = 5; i <= 28; i++) f[n, i] = $i
  pzmain = ($3 == "all") ? $6 : $5; gmain = ($3 == "all") ? $14 : $13
  ratio = (isnum(pzmain) && isnum(gmain) && gmain > 0) ? sprintf("%.3g", pzmain / gmain) : "–"
  all_pz = ($3 == "all") ? check(ms($6), $11, $2) : "(first only)"
  all_g = ($3 == "all") ? check(ms($14), $18, $2) : "(first only)"
  row = "| " $1 (($5 == "-") ? " (no .pz yet)" : "") " | " ms($5) " | " all_pz " | " ms($13) " | " all_g " | " ms($15)
  row = row " | " check(ms($20), $21, $2) " | " check(ms($23), $24, $2) " | " num($7) " | " num($16) " | " ratio " |"
  print row
}
END {
  print ""
  print "pz all and Gecode all count every solution (pz --count, minizinc -a); clpfd and clingo"
  print "columns are the count (the first solution for first-only puzzles); nodes and the Gecode"
  print "solve time are those of the counting run. The ratio is pz over Gecode, whole process,"
  print "for the counting run (the first solution for first-only puzzles)."
  if (wrong) print "\n**" wrong " answer(s) disagree with the verified count: see WRONG above.**"
  print ""
  print "## Details"
  print ""
  hdr = "| puzzle | pz solve time | pz failures | pz first nodes | Gecode first nodes | pz peak | Gecode peak | clpfd peak | clingo peak |"
  sep = "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  if (instr != "") { hdr = hdr " pz instr first | pz instr all |"; sep = sep "---:|---:|" }
  print hdr; print sep
  for (k = 1; k <= n; k++) {
    row = "| " name[k] " | " (isnum(f[k, 9]) ? sprintf("%.3f ms", f[k, 9]) : "–") " | " num(f[k, 8]) " | " num(f[k, 12]) " | " num(f[k, 19])
    row = row " | " kb(f[k, 10]) " | " kb(f[k, 17]) " | " kb(f[k, 22]) " | " kb(f[k, 25]) " |"
    if (instr != "") row = row " " num(f[k, 26]) " | " num(f[k, 27]) " |"
    print row
  }
  print ""
  print "## Targets of issue 5"
  print ""
  print "| puzzle | whole process <= Gecode/20 (when Gecode < 0.5 s) | solve time <= Gecode, nodes <= Gecode | count >= 2x faster |"
  print "|---|---|---|---|"
  for (k = 1; k <= n; k++) {
    if (tags[k] !~ /seed|count/) continue
    pzm = (mode[k] == "all") ? f[k, 6] : f[k, 5]; gm = (mode[k] == "all") ? f[k, 14] : f[k, 13]
    if (!isnum(pzm) || !isnum(gm)) { print "| " name[k] " | – | – | – |"; continue }
    t1 = (gm < 500) ? ((pzm * 20 <= gm) ? "holds" : "fails") sprintf(" (1/%.0f)", gm / pzm) : "n/a (Gecode " ms(gm) ")"
    ps = f[k, 9]; gs = f[k, 15]; pn = f[k, 7]; gn = f[k, 16]
    if (isnum(ps) && isnum(gs) && isnum(pn) && isnum(gn))
      t2 = ((ps <= gs && pn + 0 <= gn + 0) ? "holds" : "fails") sprintf(" (%.3g ms vs %.3g ms, %d vs %d nodes)", ps, gs, pn, gn)
    else t2 = "–"
    t3 = (tags[k] ~ /count/) ? (((pzm * 2 <= gm) ? "holds" : "fails") sprintf(" (%.2fx)", gm / pzm)) : ""
    print "| " name[k] " | " t1 " | " t2 " | " t3 " |"
  }
}' "$RES" >> "$OUT"


if [ -s "$TEACH" ]; then
  {
    echo
    echo "## Teaching (issue 12)"
    echo
    echo "pz alone: no peer explains, grades or generates.  Target: the issue's bound."
    echo
    echo "| task | pz | target | holds | last line |"
    echo "|---|---:|---:|---|---|"
    awk -F '\t' '{ ok = ($3 != "-" && $3 + 0 <= $2 + 0) ? "holds" : "fails";
                    printf "| %s | %s ms | %s ms | %s | %s |\n", $1, $3, $2, ok, $4 }' "$TEACH"
  } >> "$OUT"
fi

if [ -s "$PAR" ]; then
  {
    echo
    echo "## Parallel counting (issue 17)"
    echo
    echo "\`pz -c -p 1\` then \`pz -c -p 2\`, back to back, whole-process wall times; the"
    echo "ratio is the median of the pairs' ratios (bench/ratio.sh).  On a busy machine (load"
    echo "average above about 0.3) these say little; doc/performance.md explains the bound"
    echo "a count of a few milliseconds meets on two cores."
    echo
    sed 's/^# pz -p 1 \/ -p 2, /Measured: /' "$PAR"
  } >> "$OUT"
fi

if [ -s "$NOTES" ]; then
  { echo; echo "## Notes"; echo; sed 's/^/- /' "$NOTES"; } >> "$OUT"
fi

cat "$OUT"
echo >&2
echo "bench: written to $OUT" >&2
