% lib.pl -- what every clpfd peer model shares (included, not a module).
%
%   swipl NAME.pl          the first solution, or "no solution"
%   swipl NAME.pl all      "solutions: N", counting every solution
%
% Each model defines puzzle(S) (constraints and labeling) and show(S).

:- use_module(library(clpfd)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- initialization(main, main).

main :-
    current_prolog_flag(argv, Argv),
    (   Argv = [all|_]
    ->  aggregate_all(count, puzzle(_), N),
        format("solutions: ~d~n", [N])
    ;   puzzle(S)
    ->  show(S)
    ;   format("no solution~n")
    ).

% A grid: rows of numbers, printed one row a line.
show_grid(Rows) :- maplist(show_row, Rows).
show_row(R) :- atomic_list_concat(R, ' ', A), format("~w~n", [A]).

rows_vars(Rows, N, M) :- length(Rows, N), maplist(row_len(M), Rows).
row_len(M, R) :- length(R, M).
sum_is(S, L) :- sum(L, #=, S).

% An N x N magic square of Lo..Lo+N*N-1 with sum S (rows, columns, both
% diagonals).
magic(N, Lo, S, Rows) :-
    rows_vars(Rows, N, N),
    append(Rows, Vs),
    Hi is Lo + N * N - 1,
    Vs ins Lo..Hi,
    all_distinct(Vs),
    maplist(sum_is(S), Rows),
    transpose(Rows, Cols),
    maplist(sum_is(S), Cols),
    diagonal(Rows, 1, D1), sum_is(S, D1),
    maplist(reverse, Rows, Mirror),
    diagonal(Mirror, 1, D2), sum_is(S, D2).

diagonal([], _, []).
diagonal([R|Rs], I, [X|Xs]) :- nth1(I, R, X), I1 is I + 1, diagonal(Rs, I1, Xs).

% Givens as a picture: '_' is a blank.
givens(Rows, Pic) :- maplist(maplist(given), Rows, Pic).
given(_, V) :- var(V), !.
given(X, V) :- X #= V.

% Logic grids: "name attr=value ..." lines, one per entity.
% Groups is a list of Attr-Names-Vars (value name -> entity variable) or
% Attr-num-Vals (entity -> number).
show_entities(Entities, Groups) :-
    forall(nth1(E, Entities, Name),
           ( format("~w", [Name]),
             forall(member(G, Groups), show_attr(E, G)),
             nl )).
show_attr(E, A-num-Vals) :- !, nth1(E, Vals, V), format(" ~w=~w", [A, V]).
show_attr(E, A-Names-Vars) :- nth1(I, Vars, E), nth1(I, Names, N), format(" ~w=~w", [A, N]).
