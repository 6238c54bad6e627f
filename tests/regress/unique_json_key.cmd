# --unique with -j: the JSON object gets "unique": true or false (issue 15, item 7).
for f in tests/golden/cli/unique.pz tests/regress/unique_json_key.pz; do
  out=$($PZ --unique -j "$f")
  st=$?
  echo "$out" | sed 's/"time": [0-9.e-]*/"time": T/'
  echo "exit status $st"
done
