# Restarts until the first solution (issue 18, item 1): the same seed gives
# the same run; --no-restarts never restarts; -n 2 restarts only before the first.
f=tests/regress/restarts_before_first_solution.pz
for opts in "-s" "-s --seed 1" "-s --seed 7" "-s --no-restarts" "-s -n 2"; do
  echo "pz $opts:"
  $PZ $opts "$f" 2>&1 | sed 's/time=[0-9.]*ms/time=T/; s/load=[0-9.]*ms/load=T/'
  echo "exit status $?"
done
