f=tests/regress/helper_unknowns_are_not_counted.pz
echo "-c:"; $PZ -c $f
echo "-a:"; $PZ -a $f
echo "-n 3:"; $PZ -n 3 $f
echo "-j -a:"; $PZ -j -a $f | sed 's/"stats".*//'
echo "--all-assignments -c:"; $PZ --all-assignments -c $f
echo "--all-assignments -a:"; $PZ --all-assignments -a $f
echo "explain --verdict:"; $PZ explain --verdict $f
