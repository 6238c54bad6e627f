f=tests/regress/goal_stopped_by_n_not_complete.pz
T='s/"time": [0-9.e-]*/"time": T/'
$PZ -c -n 1 $f; echo "exit $?"
$PZ -j -n 1 $f | sed "$T"
$PZ -j -c -n 1 $f | sed "$T"
$PZ --unique -n 1 $f; echo "exit $?"
$PZ -j --unique -n 1 $f | sed "$T"
$PZ -j --unique -a -n 2 $f | sed "$T"
printf 'var x in 1..5.\nvar y in 1..5.\nx != y.\nmaximize x * 10 + y.\n' > "${TMPDIR:-/tmp}/pz_goal_unique.pz"
$PZ -j --unique "${TMPDIR:-/tmp}/pz_goal_unique.pz" | sed "$T" | sed 's/"stats".*//'
rm -f "${TMPDIR:-/tmp}/pz_goal_unique.pz"
