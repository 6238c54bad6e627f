f=tests/regress/explain_time_limit_in_root_propagation.pz
$PZ explain --timeout 0.2 $f; echo "exit $?"
$PZ grade --timeout 0.2 $f; echo "exit $?"
$PZ explain --redundant --timeout 0.2 $f; echo "exit $?"
