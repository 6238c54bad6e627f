# --nodes limits each search of explain and grade, not the run (see the .pz)
f=tests/regress/explain_nodes_limit_each_search.pz
$PZ explain --verdict --nodes 40 $f; echo "exit $?"
$PZ grade --nodes 40 $f; echo "exit $?"
$PZ explain --verdict --nodes 2 $f; echo "exit $?"
$PZ grade --nodes 2 $f; echo "exit $?"
