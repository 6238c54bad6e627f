% magic_hexagon.pl -- the order-3 magic hexagon (seed 002): 1..19 once
% each, all 15 lines sum to 38.  Cells row by row (3, 4, 5, 4, 3).
:- include(lib).
puzzle(H) :-
    H = [A,B,C, D,E,F,G, H1,I,J,K,L, M,N,O,P, Q,R,S],
    H ins 1..19,
    all_distinct(H),
    maplist(sum_is(38),
            [[A,B,C], [D,E,F,G], [H1,I,J,K,L], [M,N,O,P], [Q,R,S],
             [H1,M,Q], [D,I,N,R], [A,E,J,O,S], [B,F,K,P], [C,G,L],
             [A,D,H1], [B,E,I,M], [C,F,J,N,Q], [G,K,O,R], [L,P,S]]),
    labeling([ff], H).
show([A,B,C, D,E,F,G, H1,I,J,K,L, M,N,O,P, Q,R,S]) :-
    show_grid([[A,B,C], [D,E,F,G], [H1,I,J,K,L], [M,N,O,P], [Q,R,S]]).
