# explain on 100 queens (examples/queens.pz) must finish: the first guess's
# search for a second solution ran depth-first without restarts and never
# came back (810 G instructions); it now restarts, and gives up after a
# fixed number of decisions, saying so rather than claiming uniqueness
$PZ explain --verdict examples/queens.pz; echo "exit $?"
