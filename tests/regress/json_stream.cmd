f=tests/regress/json_stream.pz
$PZ --json-stream -a $f | sed 's/"time": [0-9.e-]*/"time": T/'
$PZ --json-stream -n 2 $f | sed 's/"time": [0-9.e-]*/"time": T/'
$PZ --json-stream --count $f | sed 's/"time": [0-9.e-]*/"time": T/'
$PZ --json-stream tests/errors/unknown_name.pz 2>/dev/null; echo "exit $?"
