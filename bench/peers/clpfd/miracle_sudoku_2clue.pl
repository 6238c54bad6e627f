% miracle_sudoku_2clue.pl -- Miracle Sudoku (seed 004) with r1c2=2, r5c5=8.
:- include(lib).
:- include(sudoku_lib).
puzzle(Rows) :-
    miracle(Rows),
    cell(Rows, 1, 2, 2), cell(Rows, 5, 5, 8),
    append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
