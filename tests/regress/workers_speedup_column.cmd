# bench/workers.sh's table (see the .pz): the speed-up and efficiency
# columns are numbers, and the script leaves no file named 0 behind.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bench" "$tmp/examples"
cp bench/workers.sh bench/timeit.sh bench/timeit.c "$tmp/bench/"
cp tests/regress/workers_speedup_column.pz "$tmp/examples/"
case $PZ in /*) pz=$PZ ;; *) pz=$PWD/$PZ ;; esac
PUZZLES=workers_speedup_column WORKERS="1 2" sh "$tmp/bench/workers.sh" "$pz" "$tmp/table.md" > /dev/null
echo "exit $?"
# puzzle, workers, count, then whether speed-up and efficiency are numbers
awk -F' *[|] *' '/^[|] workers_speedup_column/ {
  print $2, $3, $4, ($8 ~ /^[0-9]+[.][0-9][0-9]x$/ ? "speed-up ok" : "speed-up [" $8 "]"),
    ($9 ~ /^[0-9]+%$/ ? "efficiency ok" : "efficiency [" $9 "]")
}' "$tmp/table.md"
ls "$tmp" | grep -x 0 && echo "a file named 0"
ls "$tmp/bench" | grep -x 0 && echo "a file named 0 in bench/"
exit 0
