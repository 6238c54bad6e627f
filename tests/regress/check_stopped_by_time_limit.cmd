f=tests/regress/check_stopped_by_time_limit.pz
$PZ check --timeout 0.000001 $f; echo "exit $?"
$PZ check --json --timeout 0.000001 $f; echo "exit $?"
$PZ check $f; echo "exit $?"
