% magic_square4.pl -- see ../README.md.
:- include(lib).
puzzle(Rows) :- magic(4, 1, 34, Rows), append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
