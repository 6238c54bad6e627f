# the open unknowns' test of z gives up at --nodes 100 (the note); at 300
# and without --nodes it finishes (no note).  See the .pz.
f=tests/regress/explain_open_test_gave_up.pz
$PZ explain --verdict --nodes 100 $f; echo "exit $?"
$PZ explain --verdict --nodes 300 $f; echo "exit $?"
$PZ explain --verdict $f; echo "exit $?"
