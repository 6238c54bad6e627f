#!/bin/sh
# mpi.sh -- pz-mpi against pz: the same counts over 1, 2 and 4 MPI ranks
# (all on this machine), one thread and two per rank.  Run by `make mpi`.
#
#   tests/parallel/mpi.sh PZ PZ-MPI
pz=${1:?usage: tests/parallel/mpi.sh PZ PZ-MPI}
mpi=${2:?usage: tests/parallel/mpi.sh PZ PZ-MPI}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
# every example counted in a second or so (the others: tests/parallel/run.sh,
# and difftest --cubes, split as pz-mpi splits)
for name in car_rental hidoku10 magic_board5 magic_hexagon magic_square3 magic_square3_sum17 \
            miracle_sudoku miracle_sudoku_2clue painting pentomino_3x20 researchers \
            scholarships send_more_money sudoku zebra zebra_conflict zebra_no_clue11; do
  "$pz" -c "examples/$name.pz" > "$tmp/one" 2> /dev/null
  echo "status $?" >> "$tmp/one"
  for np in 1 2 4; do
    for p in 1 2; do
      mpirun --allow-run-as-root --oversubscribe -np $np "$mpi" -c -p $p "examples/$name.pz" \
        > "$tmp/mpi" 2> "$tmp/err"
      echo "status $?" >> "$tmp/mpi"
      if cmp -s "$tmp/one" "$tmp/mpi"; then passed=$((passed + 1)); else
        echo "FAIL mpi: $name -np $np -p $p"
        diff "$tmp/one" "$tmp/mpi" | head -5
        head -5 "$tmp/err"
        failed=$((failed + 1))
      fi
    done
  done
done
echo "mpi: $passed passed, $failed failed"
[ $failed = 0 ]
