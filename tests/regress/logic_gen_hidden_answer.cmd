# bench/logic_gen.py, the maker of bench/scaling.sh's logic grids: the
# pool (this .pz) of candidate clues true in a hidden 5 x 4 answer comes
# out the same; pz generate --seed 1 chooses from it the instance checked
# in as bench/logic/logic_5x4.pz; pz finds that it has one solution, the
# hidden one.  Then the check must fail on a hidden answer that is not
# pz's (red and green swapped).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 bench/logic_gen.py pool 5 4 1 | diff tests/regress/logic_gen_hidden_answer.pz - && echo "pool: the same"
python3 bench/logic_gen.py make 5 4 1 "$PZ" "$tmp" --no-mzn > "$tmp/out"
echo "make: exit $?"
sed 's/generate [0-9.]* s/generate N s/' "$tmp/out"
diff bench/logic/logic_5x4.pz "$tmp/logic_5x4.pz" && echo "instance: the same as bench/logic/logic_5x4.pz"
sed 's/^% hidden: red=\([0-9]*\) green=\([0-9]*\)/% hidden: red=\2 green=\1/' "$tmp/logic_5x4.pz" > "$tmp/wrong.pz"
"$PZ" -a --json "$tmp/wrong.pz" > "$tmp/wrong.json"
python3 bench/logic_gen.py check "$tmp/wrong.pz" "$tmp/wrong.json" 2>&1 | sed "s|$tmp/||"
