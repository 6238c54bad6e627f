% magic_square5.pl -- see ../README.md.
:- include(lib).
puzzle(Rows) :- magic(5, 1, 65, Rows), append(Rows, Vs), labeling([ff], Vs).
show(Rows) :- show_grid(Rows).
