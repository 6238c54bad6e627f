$PZ -j tests/regress/json_grid_apart_from_shown.pz | sed 's/"time": [0-9.e-]*/"time": T/'
