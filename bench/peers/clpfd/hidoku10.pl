% hidoku10.pl -- the 10x10 Hidoku of seed 001.  P is the cell (1..100,
% row-major) of each number 1..100; a number and the next are
% king-neighbours (a table of the adjacent cell pairs).
:- include(lib).
puzzle(P) :-
    length(P, 100), P ins 1..100, all_distinct(P),
    Pic = [[ _, _,93, _, _, _,  _, _, _,57],
           [ _, _, _,22, _,53, 54,40, _, _],
           [ _, _,18,23,52, _,100, _, _, _],
           [ _, _, _, _, _,99, 33, _, _, _],
           [ _, _, _, _, _,25,  _, _, _, _],
           [ _, _, _, _, _, _,  _, _, _,29],
           [14, _, 7, _, _, _,  _, _, _, _],
           [ _, _, _,65, _, _, 46,72,77, _],
           [ _, 9, _, _, _, _,  _, _,80,76],
           [ 1, _, _,11, _,68, 82, _, _, _]],
    append(Pic, Cells),
    findall(V-C, ( nth1(C, Cells, V), integer(V) ), Givens),
    maplist(place(P), Givens),
    findall([A, B], ( between(1, 100, A), between(1, 100, B), A =\= B,
                      abs((A - 1) // 10 - (B - 1) // 10) =< 1,
                      abs((A - 1) mod 10 - (B - 1) mod 10) =< 1 ), Adj),
    consecutive(P, Adj),
    labeling([ff], P).
place(P, V-C) :- nth1(V, P, X), X #= C.
consecutive([_], _) :- !.
consecutive([X, Y|T], Adj) :- tuples_in([[X, Y]], Adj), consecutive([Y|T], Adj).
show(P) :-
    findall(Row, ( between(0, 9, R),
                   findall(V, ( between(1, 10, J), C is R * 10 + J, nth1(V, P, C) ), Row) ),
            Rows),
    show_grid(Rows).
