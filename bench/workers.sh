#!/bin/sh
# workers.sh -- pz -p N on the counting puzzles: wall time, CPU time and
# nodes for 1, 2, 4 and 8 workers (and MPI ranks, when an MPI build is
# given).  Part of `make bench-scaling`; measure on an idle machine.
#
#   bench/workers.sh PZ [OUT.md] [MPI-PZ]
#
# For each puzzle: `PZ -c -s -p N FILE`, the median of 3 runs (bench/
# timeit.c), the CPU seconds of the last run (user + system, from
# /usr/bin/time when installed) and the nodes of all workers (-s).  The
# speed-up is the wall time of -p 1 over that of -p N; the efficiency is
# the speed-up over min(N, cores).  Every run must print the count of -p 1.
# With MPI-PZ, a second table: MPI_PUZZLES over 1, 2, 4, 8 ranks, the
# mpirun startup measured apart and taken off.
pz=${1:?usage: bench/workers.sh PZ [OUT.md] [MPI-PZ]}
out=${2:-build/scaling.md}
mpi_pz=$3
. "$(dirname "$0")/timeit.sh"
PUZZLES=${PUZZLES:-"magic_square4 miracle_sudoku_empty magic_hexagon checkerboard pentomino_6x10 pentomino_3x20 sudoku zebra"}
WORKERS=${WORKERS:-"1 2 4 8"}
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
bad=0

# measure LABEL N COMMAND...: a table row
measure() {
  label=$1
  n=$2
  shift 2
  line=$("$TIMEIT" -n 3 -w 1 -t 600 -o "$TMP/out" -e "$TMP/err" -- "$@")
  ms=$(echo "$line" | sed -n 's/.*median_ms=\([0-9.]*\).*/\1/p')
  count=$(sed -n 's/^solutions: //p' "$TMP/out")
  nodes=$(sed -n 's/^stats: nodes=\([0-9]*\).*/\1/p' "$TMP/err")
  cpu=-
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%U %S' -o "$TMP/time" "$@" > /dev/null 2>&1
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$TMP/time")
  fi
  if [ "$n" = 1 ]; then base=$ms; base_count=$count; fi
  if [ "$count" != "$base_count" ]; then
    echo "scaling: $label -p $n counted $count, -p 1 $base_count" >&2
    bad=1
  fi
  used=$n
  [ "$used" -gt "$cores" ] && used=$cores
  speed=$(awk -v a="$base" -v b="$ms" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  eff=$(awk -v s="$speed" -v u="$used" 'BEGIN { printf "%.0f%%", 100 * s / u }')
  echo "| $label | $n | $count | $ms | $cpu | $nodes | ${speed}x | $eff |" >> "$out"
}

{
  echo "# pz -p N scaling ($(date -u +%Y-%m-%d), $cores cores, $(uname -m))"
  echo
  echo "| puzzle | workers | count | wall ms (median of 3) | CPU s | nodes | speed-up | efficiency |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
} > "$out"
for name in $PUZZLES; do
  for n in $WORKERS; do
    measure "$name" "$n" "$pz" -c -s -p "$n" "examples/$name.pz"
  done
done

# MPI: N ranks of one thread each, plus rank 0, which only hands out the
# cubes.  The startup (mpirun, MPI_Init, loading a puzzle solved at the
# root: sudoku) is measured apart for each N and taken off, so that the
# speed-up is pz's own: (wall - startup) of 1 rank over that of N.
if [ -n "$mpi_pz" ]; then
  MPI_PUZZLES=${MPI_PUZZLES:-"magic_square4 magic_hexagon checkerboard pentomino_6x10 knights_tour6"}
  {
    echo
    echo "MPI ranks (one thread each; mpirun -np N+1), the startup taken off:"
    echo
    echo "| puzzle | ranks | count | wall ms (median of 3) | startup ms | pz ms | CPU s | nodes | speed-up | efficiency |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  } >> "$out"
  for n in $WORKERS; do
    line=$("$TIMEIT" -n 3 -w 1 -t 600 -o "$TMP/out" -e "$TMP/err" -- \
      mpirun --allow-run-as-root --oversubscribe -np $((n + 1)) "$mpi_pz" -c examples/sudoku.pz)
    eval "startup_$n=$(echo "$line" | sed -n 's/.*median_ms=\([0-9.]*\).*/\1/p')"
  done
  for name in $MPI_PUZZLES; do
    base_count=$("$pz" -c "examples/$name.pz" 2> /dev/null | sed -n 's/^solutions: //p')
    for n in $WORKERS; do
      set -- mpirun --allow-run-as-root --oversubscribe -np $((n + 1)) "$mpi_pz" -c -s -p 1 \
        "examples/$name.pz"
      line=$("$TIMEIT" -n 3 -w 1 -t 600 -o "$TMP/out" -e "$TMP/err" -- "$@")
      ms=$(echo "$line" | sed -n 's/.*median_ms=\([0-9.]*\).*/\1/p')
      count=$(sed -n 's/^solutions: //p' "$TMP/out")
      nodes=$(sed -n 's/^stats: nodes=\([0-9]*\).*/\1/p' "$TMP/err")
      cpu=-
      if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%U %S' -o "$TMP/time" "$@" > /dev/null 2>&1
        cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$TMP/time")
      fi
      eval "startup=\$startup_$n"
      own=$(awk -v a="$ms" -v b="$startup" 'BEGIN { printf "%.1f", a - b }')
      [ "$n" = 1 ] && mpi_base=$own
      if [ "$count" != "$base_count" ]; then
        echo "scaling: $name over $n MPI ranks counted $count, pz $base_count" >&2
        bad=1
      fi
      used=$n
      [ "$used" -gt "$cores" ] && used=$cores
      speed=$(awk -v a="$mpi_base" -v b="$own" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
      eff=$(awk -v s="$speed" -v u="$used" 'BEGIN { printf "%.0f%%", 100 * s / u }')
      echo "| $name | $n | $count | $ms | $startup | $own | $cpu | $nodes | ${speed}x | $eff |" >> "$out"
    done
  done
fi
cat "$out"
exit $bad
