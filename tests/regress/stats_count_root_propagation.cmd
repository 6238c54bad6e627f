f=tests/regress/stats_count_root_propagation.pz
$PZ -s $f 2>&1 | sed 's/time=[0-9.]*ms/time=T/; s/load=[0-9.]*ms/load=T/'
