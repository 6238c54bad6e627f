$PZ /dev/zero; echo "dev/zero: $?"
$PZ - < /dev/zero; echo "stdin: $?"
$PZ tests/regress; echo "directory: $?"
$PZ -j /dev/zero; echo "json: $?"
