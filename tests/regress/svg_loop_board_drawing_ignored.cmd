# the text, then how many cells of the picture are filled (4: the '#' ones)
t=$(mktemp)
"$PZ" --svg "$t" tests/regress/svg_loop_board_drawing_ignored.pz
grep -c 'fill="#222222"' "$t"
rm -f "$t"
