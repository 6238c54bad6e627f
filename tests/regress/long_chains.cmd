# Long flat chains: a + b + ..., a and b and ..., a, b, ..., a; b; ...,
# and a list of 40,000 items.  They overflowed the stack (exit 139).
head=tests/regress/long_chains.pz
chain() {  # chain N FIRST SEPARATOR TERM LAST: FIRST TERM SEP TERM ... LAST
  awk -v n="$1" -v first="$2" -v sep="$3" -v term="$4" -v last="$5" 'BEGIN {
    printf "%s%s", first, term
    for (i = 1; i < n; i++) printf "%s%s", sep, term
    print last }'
}
run() {  # run NAME [pz options]: the puzzle on stdin
  name=$1; shift
  out=$("$PZ" "$@" -); st=$?
  echo "$name: $st $out"
}
{ cat $head; chain 20000 "x = 3 + " " + " "0" "."; } | run "20000 terms joined by +"
{ cat $head; chain 100000 "x = 3 + " " + " "0" "."; } | run "check, 100000 terms joined by +" check
{ cat $head; chain 40000 "" " and " "x > 2" "."; } | run "40000 joined by and"
{ cat $head; chain 40000 "" ", " "x > 2" "."; } | run "40000 joined by ','"
{ cat $head; chain 40000 "" "; " "x > 2" "."; } | run "40000 joined by ';'"
{ cat $head; chain 40000 "x = max([" ", " "3" "])."; } | run "a list of 40000 items"
{ cat $head; chain 100000 "" ", " "x > 2" "."; } | run "check, 100000 joined by ','" check
