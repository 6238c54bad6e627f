% magic_square3.pl -- see ../README.md.
:- include(lib).
puzzle(Rows) :- magic(3, 1, 15, Rows), append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
