% miracle_sudoku.pl -- Miracle Sudoku (seed 004) with r5c3=1, r6c7=2.
:- include(lib).
:- include(sudoku_lib).
puzzle(Rows) :-
    miracle(Rows),
    cell(Rows, 5, 3, 1), cell(Rows, 6, 7, 2),
    append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
