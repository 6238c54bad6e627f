f=tests/regress/full_disk_write_error.pz
$PZ $f > /dev/full; echo "solve: $?"
$PZ -a $f > /dev/full; echo "all: $?"
$PZ -c $f > /dev/full; echo "count: $?"
$PZ -j $f > /dev/full; echo "json: $?"
$PZ check $f > /dev/full; echo "check: $?"
$PZ --help > /dev/full; echo "help: $?"
$PZ --version > /dev/full; echo "version: $?"
$PZ -s $f > /dev/null 2> /dev/full; echo "stats: $?"
