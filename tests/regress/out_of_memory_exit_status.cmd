f=tests/regress/out_of_memory_exit_status.pz
PZ_FAIL_ALLOC=1 $PZ $f; echo "first allocation: $?"
k=$(PZ_COUNT_ALLOC=1 $PZ $f 2>&1 >/dev/null | sed -n 's/^allocations: //p')
PZ_FAIL_ALLOC=$((k / 2)) $PZ $f; echo "middle allocation: $?"
PZ_FAIL_ALLOC=$k $PZ $f > /dev/null; echo "last allocation: $?"
PZ_FAIL_ALLOC=$((k + 1)) $PZ $f > /dev/null; echo "one past the last: $?"
PZ_FAIL_ALLOC=$((k / 2)) $PZ -j $f; echo "json: $?"
