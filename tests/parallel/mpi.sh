#!/bin/sh
# mpi.sh -- pz-mpi against pz: the same counts over 1, 2 and 4 MPI ranks
# (all on this machine), one thread and two per rank; -a as a set; -n K;
# a rank lost on the way.  Run by `make mpi`.
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
# -a: every solution once (as a set: the order is the order they arrive in)
blocks() {
  awk 'BEGIN { RS = "" } { gsub(/\n/, "|"); print }' "$1" | sort
}
for name in magic_square3 zebra_no_clue11 pentomino_3x20 zebra_conflict sudoku; do
  "$pz" -a "examples/$name.pz" > "$tmp/one" 2> /dev/null
  echo "status $?" >> "$tmp/one"
  blocks "$tmp/one" > "$tmp/one.set"
  for np in 2 4; do
    mpirun --allow-run-as-root --oversubscribe -np $np "$mpi" -a -p 2 "examples/$name.pz" \
      > "$tmp/mpi" 2> "$tmp/err"
    echo "status $?" >> "$tmp/mpi"
    blocks "$tmp/mpi" > "$tmp/mpi.set"
    if cmp -s "$tmp/one.set" "$tmp/mpi.set"; then passed=$((passed + 1)); else
      echo "FAIL mpi: $name -a -np $np"
      diff "$tmp/one.set" "$tmp/mpi.set" | head -5
      failed=$((failed + 1))
    fi
  done
done

# -n K: every rank stops once K solutions are in: 'solutions: K+' as pz
# -c -n K says, or the whole count when there are fewer; -a prints K
# distinct solutions of the puzzle's
for np in 1 3; do
  for case in "magic_square4 1" "magic_square4 7" "pentomino_3x20 5" "pentomino_3x20 20"; do
    set -- $case
    "$pz" -c -n "$2" "examples/$1.pz" > "$tmp/one" 2> /dev/null
    echo "status $?" >> "$tmp/one"
    mpirun --allow-run-as-root --oversubscribe -np $np "$mpi" -c -n "$2" "examples/$1.pz" \
      > "$tmp/mpi" 2> "$tmp/err"
    echo "status $?" >> "$tmp/mpi"
    if cmp -s "$tmp/one" "$tmp/mpi"; then passed=$((passed + 1)); else
      echo "FAIL mpi: $1 -c -n $2 -np $np"
      diff "$tmp/one" "$tmp/mpi" | head -5
      failed=$((failed + 1))
    fi
  done
  "$pz" -a examples/magic_square4.pz > "$tmp/one" 2> /dev/null
  blocks "$tmp/one" > "$tmp/one.set"
  mpirun --allow-run-as-root --oversubscribe -np $np "$mpi" -a -n 3 examples/magic_square4.pz \
    > "$tmp/mpi" 2> "$tmp/err"
  st=$?
  blocks "$tmp/mpi" > "$tmp/mpi.set"
  got=$(wc -l < "$tmp/mpi.set")
  uniq=$(sort -u "$tmp/mpi.set" | wc -l)
  if [ $st = 0 ] && [ "$got" = 3 ] && [ "$uniq" = 3 ] && [ -z "$(comm -13 "$tmp/one.set" "$tmp/mpi.set")" ]
  then passed=$((passed + 1)); else
    echo "FAIL mpi: magic_square4 -a -n 3 -np $np: $got solutions, $uniq distinct, status $st"
    failed=$((failed + 1))
  fi
done

# a lost rank (rank 2 dies as it gets its first cube): by default mpirun
# ends the run and no count is printed; with --enable-recovery the cube
# goes to another rank and the count is whole
for all in -c -a; do
  "$pz" $all examples/magic_hexagon.pz > "$tmp/one" 2> /dev/null
  blocks "$tmp/one" > "$tmp/one.set"
  PZ_MPI_TEST_LOSE_RANK=2 mpirun --allow-run-as-root --oversubscribe --enable-recovery -np 3 \
    "$mpi" $all --lost 1 --cubes 8 examples/magic_hexagon.pz > "$tmp/mpi" 2> "$tmp/err"
  blocks "$tmp/mpi" > "$tmp/mpi.set"
  if cmp -s "$tmp/one.set" "$tmp/mpi.set" && grep -q '^pz-mpi: rank 2 said nothing for 1 s: lost' "$tmp/err"
  then passed=$((passed + 1)); else
    echo "FAIL mpi: a lost rank, $all, --enable-recovery"
    diff "$tmp/one.set" "$tmp/mpi.set" | head -5; grep -v PMIX "$tmp/err" | head -5
    failed=$((failed + 1))
  fi
done
PZ_MPI_TEST_LOSE_RANK=2 mpirun --allow-run-as-root --oversubscribe -np 3 "$mpi" -c --cubes 8 \
  examples/magic_hexagon.pz > "$tmp/mpi" 2> "$tmp/err"
st=$?
if [ $st != 0 ] && ! grep -q solutions "$tmp/mpi"; then passed=$((passed + 1)); else
  echo "FAIL mpi: a lost rank without recovery printed a count (status $st)"; cat "$tmp/mpi"
  failed=$((failed + 1))
fi

echo "mpi: $passed passed, $failed failed"
[ $failed = 0 ]
