$PZ -j tests/regress/json_show_one_key.pz | sed 's/"time": [0-9.e-]*/"time": T/'
$PZ tests/regress/json_show_one_key.pz
