% sudoku.pl -- the classic sudoku of ../README.md (Wikipedia's example).
:- include(lib).
:- include(sudoku_lib).
puzzle(Rows) :-
    sudoku(Rows),
    givens(Rows, [[5,3,_,_,7,_,_,_,_],
                  [6,_,_,1,9,5,_,_,_],
                  [_,9,8,_,_,_,_,6,_],
                  [8,_,_,_,6,_,_,_,3],
                  [4,_,_,8,_,3,_,_,1],
                  [7,_,_,_,2,_,_,_,6],
                  [_,6,_,_,_,_,2,8,_],
                  [_,_,_,4,1,9,_,_,5],
                  [_,_,_,_,8,_,_,7,9]]),
    append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
