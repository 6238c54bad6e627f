$PZ -j --no-such-option tests/regress/json_usage_error.pz; echo "exit $?"
$PZ --json-stream -n x tests/regress/json_usage_error.pz; echo "exit $?"
$PZ -j tests/regress/no_such_file.pz; echo "exit $?"
$PZ explain --json-stream tests/regress/json_usage_error.pz; echo "exit $?"
