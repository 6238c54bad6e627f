% magic_square3_sum17.pl -- see ../README.md.
:- include(lib).
puzzle(Rows) :- magic(3, 1, 17, Rows), append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
