f=tests/regress/grade_json_of_a_puzzle_without_solution.pz
$PZ grade --json $f; echo "exit $?"
$PZ explain --json --verdict $f; echo "exit $?"
