$PZ -j tests/regress/json_invalid_utf8_and_controls.pz | sed 's/"time": [0-9.e-]*/"time": T/'
