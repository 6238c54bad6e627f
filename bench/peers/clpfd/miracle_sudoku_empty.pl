% miracle_sudoku_empty.pl -- Miracle Sudoku (seed 004), no givens.
:- include(lib).
:- include(sudoku_lib).
puzzle(Rows) :-
    miracle(Rows),
    true,
    append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
