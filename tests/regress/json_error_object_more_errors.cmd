$PZ -j tests/regress/json_error_object_more_errors.pz 2> /dev/null; echo "exit $?"
