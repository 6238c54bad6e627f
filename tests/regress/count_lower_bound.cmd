f=tests/regress/count_lower_bound.pz
$PZ -n 2 --count $f; echo "exit $?"
$PZ -n 9 --count $f; echo "exit $?"
$PZ --count $f; echo "exit $?"
$PZ --count --nodes 2 $f; echo "exit $?"
$PZ -n 2 --count -j $f | sed 's/"stats": .*/.../'
$PZ -n 9 --count -j $f | sed 's/"stats": .*/.../'
$PZ --count --nodes 2 -j $f | sed 's/"stats": .*/.../'
