# Deep nesting: within 500 levels it works; deeper is a located error.
head=tests/regress/deep_nesting.pz
nest() {  # nest N OPEN CLOSE INNER: OPEN x N, INNER, CLOSE x N
  awk -v n="$1" -v pre="$2" -v post="$3" -v inner="$4" 'BEGIN {
    for (i = 0; i < n; i++) printf "%s", pre
    printf "%s", inner
    for (i = 0; i < n; i++) printf "%s", post
    print "." }'
}
run() {  # run NAME [pz options]: the puzzle on stdin; errors cut to their first line
  name=$1; shift
  out=$("$PZ" "$@" - 2>&1 | head -1); st=$?
  echo "$name: $out"
}
{ cat $head; printf 'x = '; nest 490 'abs(' ')' 'x'; } | run "490 calls"
{ cat $head; printf 'x = '; nest 501 'abs(' ')' 'x'; } | run "501 calls"
{ cat $head; printf 'x = '; nest 501 'abs(' ')' 'x'; } | run "check, 501 calls" check
{ cat $head; printf 'x = '; nest 10000 '(' ')' 'x'; } | run "10000 parentheses"
{ cat $head; printf 'x = '; nest 30000 '(' ')' 'x'; } | run "30000 parentheses"
{ cat $head; nest 40000 'not ' '' 'x = 1'; } | run "40000 times not"
{ cat $head; nest 40000 'x = 1 -> ' '' 'x = 1'; } | run "40000 times ->"
{ cat $head; printf 'x = '; nest 600 '[' ']' 'x'; } | run "600 brackets"
{ cat $head; printf 'x = '; nest 5000 '1 - (' ')' 'x'; } | run "5000 differences"
