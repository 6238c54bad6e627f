f=tests/regress/json_stream_of_a_goal.pz
T='s/"time": [0-9.e-]*/"time": T/'
$PZ --json-stream $f | sed "$T"
$PZ --json-stream -n 2 $f | sed "$T"
$PZ --json-stream -c $f | sed "$T"
