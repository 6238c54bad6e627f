% sudoku_lib.pl -- sudoku and Miracle Sudoku rules, included by the models.
sudoku(Rows) :-
    rows_vars(Rows, 9, 9),
    append(Rows, Vs), Vs ins 1..9,
    maplist(all_distinct, Rows),
    transpose(Rows, Cols), maplist(all_distinct, Cols),
    Rows = [R1, R2, R3, R4, R5, R6, R7, R8, R9],
    boxes(R1, R2, R3), boxes(R4, R5, R6), boxes(R7, R8, R9).
boxes([], [], []).
boxes([A,B,C|T1], [D,E,F|T2], [G,H,I|T3]) :-
    all_distinct([A,B,C,D,E,F,G,H,I]), boxes(T1, T2, T3).

% No two cells a king's or knight's move apart are equal; orthogonal
% neighbours are not consecutive (written as two disequalities).
miracle(Rows) :-
    sudoku(Rows),
    findall(I-J-I2-J2, ( between(1, 9, I), between(1, 9, J),
                         member(DI-DJ, [1-1, 1-(-1), 1-2, 1-(-2), 2-1, 2-(-1)]),
                         I2 is I + DI, J2 is J + DJ, on_board(I2, J2) ), Apart),
    findall(I-J-I2-J2, ( between(1, 9, I), between(1, 9, J),
                         member(DI-DJ, [0-1, 1-0]),
                         I2 is I + DI, J2 is J + DJ, on_board(I2, J2) ), Orth),
    maplist(different(Rows), Apart),
    maplist(not_consecutive(Rows), Orth).
on_board(I, J) :- between(1, 9, I), between(1, 9, J).
different(Rows, I-J-I2-J2) :-
    cell(Rows, I, J, X), cell(Rows, I2, J2, Y), X #\= Y.
not_consecutive(Rows, I-J-I2-J2) :-
    cell(Rows, I, J, X), cell(Rows, I2, J2, Y), X #\= Y + 1, X #\= Y - 1.
cell(Rows, I0, J0, X) :-
    I is I0, J is J0, between(1, 9, I), between(1, 9, J),
    nth1(I, Rows, R), nth1(J, R, X).
