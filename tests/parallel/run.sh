#!/bin/sh
# run.sh -- pz -p N against one thread: the same answers, whatever N.
#
#   tests/parallel/run.sh [--full | --quick] PZ [DIFFTEST]
#
# counts:  every example counted (-c) with -p 1, 2 and 4, and again with
#          PZ_WORKERS_AT_ONCE set (the workers take over at the first
#          decision, so that small puzzles go through the parallel paths
#          too): stdout and exit status must be those of one thread.
#          The examples too slow to count in full (SLOW) are counted up to
#          -n 500, which must say 'solutions: 500+' in every run.  Without
#          --full, the examples that take more than a second (LONG) are
#          left out.
# all:     -a prints the same solutions (as a set: the order may vary), also
#          for puzzles solved while the early workers build their spaces.
# -n K:    K solutions, each one of the puzzle's (checked by --check),
#          K distinct ones (a tiling's too, its search shared in parts).
# cores:   PZ_CORES=1: the workers beyond the cores start later (at once
#          with PZ_WORKERS_AT_ONCE): -c and -a as with one thread.
# pinned:  pz pinned to one core (taskset -c 0), -p 2 and 4: one thread's
#          counts (a worker's thread has no other core to start on).
# limits:  --nodes and --timeout stop every worker: exit status 3 and
#          the 'stopped' line.
# goal:    a puzzle with a goal searches alone: the same output.
# explain: every tests/explain case with -p 2 and -p 4 prints its
#          expected output (the solves of explain --redundant, of the
#          check of each step and of pz generate run on the workers).
# --quick: the counts of a few examples only (QUICK), for slow builds
#          such as ThreadSanitizer's; everything else as usual.
# random:  DIFFTEST --workers 2 and 4 on random puzzles against brute force,
#          and --cubes 16 (the search split as pz-mpi splits it).
full=0
quick=0
if [ "$1" = "--full" ]; then full=1; shift; fi
if [ "$1" = "--quick" ]; then quick=1; shift; fi
pz=${1:?usage: tests/parallel/run.sh [--full | --quick] PZ [DIFFTEST]}
difftest=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SLOW="magic_square5 queens sudoku_empty zebra_pool pentomino_6x10"
LONG="checkerboard magic_square4 miracle_sudoku_empty"
QUICK="magic_square3 magic_hexagon zebra sudoku pentomino_3x20 nurikabe queens"
passed=0
failed=0

fail() {
  echo "FAIL parallel: $*"
  failed=$((failed + 1))
}

# run NAME OUT-FILE ARGS...: stdout to OUT-FILE, the exit status appended
run() {
  out=$1
  shift
  "$pz" "$@" > "$out" 2> "$out.err"
  echo "status $?" >> "$out"
}

# same WHAT EXPECTED ACTUAL
same() {
  if cmp -s "$2" "$3"; then passed=$((passed + 1)); else
    fail "$1"
    diff "$2" "$3" | head -5
  fi
}

# the solutions of an -a run as a sorted set of blocks, one per line
blocks() {
  awk 'BEGIN { RS = "" } { gsub(/\n/, "|"); print }' "$1" | sort
}

in_list() {
  case " $2 " in *" $1 "*) return 0 ;; esac
  return 1
}

for f in examples/*.pz; do
  name=$(basename "$f" .pz)
  in_list "$name" "$LONG" && [ $full = 0 ] && continue
  [ $quick = 1 ] && ! in_list "$name" "$QUICK" && continue
  cap=""
  in_list "$name" "$SLOW" && cap="-n 500"
  [ -n "$cap" ] && [ $full = 0 ] && [ "$name" != queens ] && continue
  # shellcheck disable=SC2086
  run "$tmp/one" "$f" -c $cap
  for n in 1 2 4; do
    # shellcheck disable=SC2086
    run "$tmp/par" "$f" -c $cap -p $n
    same "$name -c $cap -p $n" "$tmp/one" "$tmp/par"
    # shellcheck disable=SC2086
    PZ_WORKERS_AT_ONCE=1 run "$tmp/par" "$f" -c $cap -p $n
    same "$name -c $cap -p $n (workers at once)" "$tmp/one" "$tmp/par"
  done
done

for name in magic_square3 magic_hexagon zebra_no_clue11 pentomino_3x20; do
  run "$tmp/one" "examples/$name.pz" -a
  blocks "$tmp/one" > "$tmp/one.set"
  for n in 2 4; do
    PZ_WORKERS_AT_ONCE=1 run "$tmp/par" "examples/$name.pz" -a -p $n
    blocks "$tmp/par" > "$tmp/par.set"
    same "$name -a -p $n (as a set)" "$tmp/one.set" "$tmp/par.set"
  done
done

# solved in the search alone, or just after its workers' threads were
# started early (while they build their spaces, or once they are built):
# -a without PZ_WORKERS_AT_ONCE prints the same solutions as one thread
for name in magic_square3 hidoku10 zebra_no_clue11; do
  run "$tmp/one" "examples/$name.pz" -a
  blocks "$tmp/one" > "$tmp/one.set"
  for n in 2 4; do
    run "$tmp/par" "examples/$name.pz" -a -p $n
    blocks "$tmp/par" > "$tmp/par.set"
    same "$name -a -p $n (alone, workers started early)" "$tmp/one.set" "$tmp/par.set"
  done
done

# workers beyond the cores: with PZ_CORES=1 only the caller counts at
# first (worker 1, in its own space); the others start later, from the
# caller's loop (at its first turn with PZ_WORKERS_AT_ONCE, else once the
# search has run 0.5 s): the count of one thread, and -a the same set
for name in magic_square3 magic_hexagon pentomino_3x20 zebra_no_clue11; do
  run "$tmp/one" "examples/$name.pz" -c
  for n in 2 4; do
    PZ_CORES=1 PZ_WORKERS_AT_ONCE=1 run "$tmp/par" "examples/$name.pz" -c -p $n
    same "$name -c -p $n (one core, workers at once)" "$tmp/one" "$tmp/par"
    PZ_CORES=1 run "$tmp/par" "examples/$name.pz" -c -p $n
    same "$name -c -p $n (one core)" "$tmp/one" "$tmp/par"
  done
  run "$tmp/one" "examples/$name.pz" -a
  blocks "$tmp/one" > "$tmp/one.set"
  PZ_CORES=1 PZ_WORKERS_AT_ONCE=1 run "$tmp/par" "examples/$name.pz" -a -p 4
  blocks "$tmp/par" > "$tmp/par.set"
  same "$name -a -p 4 (one core, workers at once)" "$tmp/one.set" "$tmp/par.set"
done

# pinned to one core (taskset): each worker's thread is made to start off
# the caller's core (search/parallel.c, spawn), and here there is no
# other core: it starts where it can, and the count is one thread's
if command -v taskset > /dev/null 2>&1; then
  for name in magic_square3 magic_hexagon pentomino_3x20; do
    run "$tmp/one" "examples/$name.pz" -c
    for n in 2 4; do
      PZ_WORKERS_AT_ONCE=1 taskset -c 0 "$pz" "examples/$name.pz" -c -p $n > "$tmp/par" 2> "$tmp/par.err"
      echo "status $?" >> "$tmp/par"
      same "$name -c -p $n (pinned to one core)" "$tmp/one" "$tmp/par"
    done
  done
fi

# -n K: K solutions, K distinct ones, each checked (-p 2, workers at once)
n_distinct() {
  PZ_WORKERS_AT_ONCE=1 run "$tmp/par" "examples/$1.pz" -n "$2" -p 2 --check
  got=$(grep -v '^status' "$tmp/par" | awk 'BEGIN { RS = "" } END { print NR }')
  uniq=$(grep -v '^status' "$tmp/par" | awk 'BEGIN { RS = "" } { gsub(/\n/, "|"); print }' | sort -u | wc -l)
  status=$(tail -1 "$tmp/par")
  if [ "$got" = "$2" ] && [ "$uniq" = "$2" ] && [ "$status" = "status 0" ]; then
    passed=$((passed + 1))
  else
    fail "$1 -n $2 -p 2: $got solutions, $uniq distinct, $status"
  fi
}
for k in 1 5 40; do
  n_distinct magic_square4 $k
done

# a tiling's own search shared in parts (at once: from its first step):
# -n K gives K distinct solutions
for k in 1 2 5; do
  n_distinct pentomino_3x20 $k
  PZ_WORKERS_AT_ONCE=1 run "$tmp/par" examples/pentomino_3x20.pz -c -n $k -p 4
  if grep -q "^solutions: $k+\$" "$tmp/par"; then passed=$((passed + 1)); else
    fail "pentomino_3x20 -c -n $k -p 4"; cat "$tmp/par"
  fi
done

# limits stop every worker and say so
run "$tmp/par" examples/queens.pz -c -p 2 --nodes 2000
if grep -q '^stopped: the node limit of 2000 was reached$' "$tmp/par" &&
   grep -q '^solutions: [0-9]*+$' "$tmp/par" && grep -q '^status 3$' "$tmp/par"; then
  passed=$((passed + 1))
else
  fail "queens -c -p 2 --nodes 2000"; cat "$tmp/par"
fi
# a time limit stops every worker (counting, the caller searches cubes
# too: its limit stops them all)
for how in "-c -p 2" "-a -p 4"; do
  # shellcheck disable=SC2086
  run "$tmp/par" examples/queens.pz $how -t 0.2
  if grep -q '^stopped: the time limit of 0.2 s was reached' "$tmp/par" &&
     grep -q '^status 3$' "$tmp/par"; then
    passed=$((passed + 1))
  else
    fail "queens $how -t 0.2"; tail -3 "$tmp/par"
  fi
done

# explain, grade and generate run their independent solves (redundant
# clues, checking each step, taking givens away) on the workers: the
# output of one thread, whatever N (tests/explain's expected outputs)
for args in tests/explain/*.args; do
  base=${args%.args}
  name=$(basename "$base")
  name=${name%%.*}
  # --quick: the quick ones only (no generating)
  [ $quick = 1 ] && grep -q generate "$args" && continue
  for n in 2 4; do
    # shellcheck disable=SC2046
    "$pz" $(cat "$args") -p $n "examples/$name.pz" > "$tmp/par" 2> /dev/null
    same "$(cat "$args") -p $n $name" "$base.out" "$tmp/par"
  done
done

# a goal: alone, as one thread
run "$tmp/one" examples/prime_magic_square.pz -c
run "$tmp/par" examples/prime_magic_square.pz -c -p 2
same "prime_magic_square -c -p 2 (a goal searches alone)" "$tmp/one" "$tmp/par"

if [ -n "$difftest" ]; then
  for n in 2 4; do
    if "$difftest" --workers $n --seed $((n + 40)) --cases 400 --quiet > "$tmp/diff" 2>&1; then
      passed=$((passed + 1))
    else
      fail "difftest --workers $n"; cat "$tmp/diff"
    fi
  done
  # split into cubes counted one by one, as pz-mpi does (without MPI)
  if "$difftest" --cubes 16 --workers 2 --seed 43 --cases 400 --quiet > "$tmp/diff" 2>&1; then
    passed=$((passed + 1))
  else
    fail "difftest --cubes 16 --workers 2"; cat "$tmp/diff"
  fi
fi

echo "parallel: $passed passed, $failed failed"
[ $failed = 0 ]
