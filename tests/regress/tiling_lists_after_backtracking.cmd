f=tests/regress/tiling_lists_after_backtracking.pz
i=0
while [ $i -lt 40 ]; do
  PZ_WORKERS_AT_ONCE=1 $PZ -p 2 --count $f 2>&1; echo "exit $?"
  i=$((i + 1))
done | sort | uniq -c
