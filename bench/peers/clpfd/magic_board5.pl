% magic_board5.pl -- the 5x5 magic number board of seed 000: 5..29, sums 85.
:- include(lib).
puzzle(Rows) :-
    magic(5, 5, 85, Rows),
    givens(Rows, [[ _,  _,  _,  _, 15],
                  [ _,  _, 25, 17,  _],
                  [ _, 26,  _,  5,  _],
                  [ _, 18,  _,  _, 11],
                  [ _,  _, 21,  _,  _]]),
    append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
