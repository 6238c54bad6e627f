$PZ -j --trace tests/regress/json_with_trace.pz | sed 's/"time": [0-9.e-]*/"time": T/'
