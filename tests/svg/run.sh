#!/bin/sh
# run.sh -- pz --svg's pictures (doc/pictures.md).
#
#   tests/svg/run.sh [--accept] PZ
#
# every:   each examples/*.pz, tests/golden/*/*.pz and tests/svg/*.pz drawn with --svg
#          must be well-formed XML (python3's xml.etree) with a <title>,
#          and the same bytes when drawn again.
# golden:  tests/svg/NAME.svg is the exact picture of the puzzle named in
#          the table below.
# png:     each golden picture rendered by rsvg-convert (tests/deps.sh svg
#          installs it when missing, as root) must look like the reviewed
#          tests/svg/NAME.png (tests/svg/pngdiff.py: the same size, at most
#          0.5% of the pixels clearly different).  Skipped, with a message,
#          when rsvg-convert cannot be had.
# explain: pz explain --svg DIR draws a picture per step, as many as the
#          text has steps and one for the givens.
# options: -n 2 draws FILE-1.svg and FILE-2.svg; --svg with -c, and a
#          picture that cannot be written, are errors (exit status 2).
# --accept rewrites the golden .svg and .png files (look at the PNGs!).
accept=0
if [ "$1" = --accept ]; then accept=1; shift; fi
PZ=${1:-build/pz}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL svg: $*"; fail=1; }

# the golden pictures: NAME and the puzzle drawn (explain:FILE:K: the
# picture of pz explain --svg after step K)
golden="sudoku examples/sudoku.pz
killer tests/golden/boards/killer.pz
magic_hexagon examples/magic_hexagon.pz
zebra examples/zebra.pz
checkerboard examples/checkerboard.pz
pentomino_6x10 examples/pentomino_6x10.pz
hidoku10 examples/hidoku10.pz
tiling_colours tests/golden/tiling/colours.pz
jigsaw tests/svg/jigsaw.pz
known_cells tests/svg/known_cells.pz
explain_zebra_12 explain:examples/zebra.pz:012
kenken examples/kenken.pz
nonogram examples/nonogram.pz
nurikabe examples/nurikabe.pz
fillomino examples/fillomino.pz
star_battle examples/star_battle.pz
tents examples/tents.pz
skyscrapers examples/skyscrapers.pz
slitherlink examples/slitherlink.pz
friends examples/friends.pz
magic_square3 examples/magic_square3.pz
painting examples/painting.pz
explain_slitherlink_20 explain:examples/slitherlink.pz:020
explain_nurikabe_20 explain:examples/nurikabe.pz:020
masyu examples/masyu.pz
knights_tour examples/knights_tour.pz
explain_knights_tour_1 explain:examples/knights_tour.pz:001
queens8 tests/svg/queens8.pz
goal tests/svg/goal.pz
send_more_money examples/send_more_money.pz
column_sum tests/svg/column_sum.pz
car_rental examples/car_rental.pz
knights_tour6 examples/knights_tour6.pz
magic_board5 examples/magic_board5.pz
magic_square4 examples/magic_square4.pz
magic_square5 examples/magic_square5.pz
miracle_sudoku examples/miracle_sudoku.pz
miracle_sudoku_2clue examples/miracle_sudoku_2clue.pz
miracle_sudoku_empty examples/miracle_sudoku_empty.pz
pentomino_3x20 examples/pentomino_3x20.pz
prime_magic_square examples/prime_magic_square.pz
queens examples/queens.pz
researchers examples/researchers.pz
scholarships examples/scholarships.pz
sudoku_empty examples/sudoku_empty.pz
zebra_no_clue11 examples/zebra_no_clue11.pz
zebra_pool examples/zebra_pool.pz
explain_star_battle_25 explain:examples/star_battle.pz:025"

# every: well-formed, titled, deterministic (one python3 for them all;
# a node limit for the puzzles that search long on purpose)
mkdir -p "$T/every"
n=0
for f in examples/*.pz tests/golden/*/*.pz tests/svg/*.pz; do
  out=$T/every/$(echo "$f" | tr / _).svg
  "$PZ" --nodes 100000 --svg "$out" "$f" >/dev/null 2>&1
  [ -f "$out" ] || continue            # no solution, or an error the test wants
  n=$((n + 1))
  "$PZ" --nodes 100000 --svg "$T/again.svg" "$f" >/dev/null 2>&1
  cmp -s "$out" "$T/again.svg" || bad "$f: drawn twice, two different pictures"
done
[ "$n" -gt 100 ] || bad "only $n puzzles were drawn"
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import sys, xml.etree.ElementTree as E
bad = 0
for path in sys.argv[1:]:
    try:
        r = E.parse(path).getroot()
        assert r.tag == "{http://www.w3.org/2000/svg}svg", "the root is " + r.tag
        t = r.find("{http://www.w3.org/2000/svg}title")
        assert t is not None and t.text, "no title"
    except Exception as e:
        print("FAIL svg: %s: not a well-formed SVG picture with a title: %s" % (path, e))
        bad = 1
sys.exit(bad)' "$T"/every/*.svg || fail=1
else
  echo "svg: python3 not found: the pictures' XML is not checked"
fi

# golden: the exact text
echo "$golden" | while read -r name file; do
  case $file in
  explain:*)
    f=${file#explain:}
    "$PZ" explain --svg "$T/$name" "${f%:*}" >/dev/null 2>&1
    cp "$T/$name/step-${f##*:}.svg" "$T/$name.svg" ;;
  *)
    "$PZ" --svg "$T/$name.svg" "$file" >/dev/null 2>&1 ;;
  esac
  if [ $accept = 1 ]; then
    cp "$T/$name.svg" "tests/svg/$name.svg"
  elif ! cmp -s "tests/svg/$name.svg" "$T/$name.svg"; then
    echo "FAIL svg: $file: the picture differs from tests/svg/$name.svg"
    diff "tests/svg/$name.svg" "$T/$name.svg" | head -20
    echo x >"$T/golden.failed"
  fi
done
[ -f "$T/golden.failed" ] && fail=1

# png: rendered, compared with the reviewed PNGs
if ! command -v rsvg-convert >/dev/null 2>&1; then
  sh tests/deps.sh svg >/dev/null 2>&1
fi
if ! command -v rsvg-convert >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "svg: skipping the PNG comparison: rsvg-convert (librsvg2-bin) or python3 is missing (tests/deps.sh svg)"
else
  pairs=""
  for name in $(echo "$golden" | cut -d' ' -f1); do
    rsvg-convert -o "$T/$name.png" "$T/$name.svg" 2>"$T/why" || {
      bad "rsvg-convert cannot render $name.svg: $(cat "$T/why")"; continue; }
    if [ $accept = 1 ]; then
      cp "$T/$name.png" "tests/svg/$name.png"
    else
      pairs="$pairs tests/svg/$name.png $T/$name.png"
    fi
  done
  [ -z "$pairs" ] || python3 tests/svg/pngdiff.py $pairs ||
    bad "rendered, the pictures above do not look like the reviewed tests/svg/*.png"
fi

# pz explain --svg DIR: the givens and a picture per step, numbered as
# the text numbers them, each well-formed
rm -rf "$T/steps"
"$PZ" explain --svg "$T/steps" examples/sudoku.pz >"$T/out" 2>&1 || bad "explain --svg: $(tail -1 "$T/out")"
steps=$(grep -c '^Step ' "$T/out")
files=$(ls "$T/steps" | wc -l)
[ "$files" = $((steps + 1)) ] && [ -f "$T/steps/step-000.svg" ] && [ -f "$T/steps/step-$(printf %03d "$steps").svg" ] ||
  bad "explain --svg: $steps steps, but $files pictures: $(ls "$T/steps" | head -3 | tr '\n' ' ')..."
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import sys, xml.etree.ElementTree as E
for p in sys.argv[1:]:
    E.parse(p)' "$T"/steps/*.svg || bad "explain --svg: a picture is not well-formed XML"
fi
"$PZ" grade --svg "$T/g" examples/sudoku.pz >"$T/out" 2>"$T/err"
status=$?
printf 'pz: --svg draws the steps of pz explain, not a verdict or a grade\n(pz --help lists the options)\n' >"$T/want"
[ $status = 2 ] && cmp -s "$T/want" "$T/err" || bad "grade --svg: status $status, stderr $(cat "$T/err")"

# options
rm -f "$T"/two*
"$PZ" -n 2 --svg "$T/two.svg" examples/magic_hexagon.pz >/dev/null 2>&1
[ -f "$T/two-1.svg" ] && [ -f "$T/two-2.svg" ] && [ ! -f "$T/two.svg" ] && [ ! -f "$T/two-3.svg" ] ||
  bad "-n 2 --svg two.svg did not draw two-1.svg and two-2.svg: $(ls "$T" | grep two | tr '\n' ' ')"
cmp -s "$T/two-1.svg" "$T/two-2.svg" && bad "-n 2: the two solutions were drawn the same"
"$PZ" -c --svg "$T/c.svg" examples/sudoku.pz >"$T/out" 2>"$T/err"
status=$?
printf 'pz: --svg draws solutions: use it when solving, without -c\n(pz --help lists the options)\n' >"$T/want"
[ $status = 2 ] && cmp -s "$T/want" "$T/err" || bad "-c --svg: status $status, stderr $(cat "$T/err")"
"$PZ" --svg "$T/no/such/dir.svg" examples/sudoku.pz >"$T/out" 2>"$T/err"
status=$?
printf "pz: cannot write the picture '%s': No such file or directory\n" "$T/no/such/dir.svg" >"$T/want"
[ $status = 2 ] && cmp -s "$T/want" "$T/err" || bad "an unwritable picture: status $status, stderr $(cat "$T/err")"

[ $fail = 0 ] && echo "svg: ok"
exit $fail
