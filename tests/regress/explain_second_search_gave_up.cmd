# the search for a second solution gives up at explain's own bound (see the .pz)
f=tests/regress/explain_second_search_gave_up.pz
$PZ explain --verdict $f; echo "exit $?"
$PZ explain --verdict --json $f; echo "exit $?"
