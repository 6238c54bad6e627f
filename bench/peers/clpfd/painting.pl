% painting.pl -- four painters, place and subject (seed 001).
% Place: painter -> 1..4 ("beat" = a smaller place); subject value -> painter.
:- include(lib).
puzzle([Place, Subject]) :-
    [Eilen, Ada, Vera, Jenny] = [1, 2, 3, 4],
    Place = [_, _, _, _], Place ins 1..4, all_distinct(Place),
    Subject = [Constable, Monet, Taylor, VanGogh], Subject ins 1..4, all_distinct(Subject),
    Constable #= Eilen, element(Eilen, Place, PE), PE #\= 4,               % 1
    element(Jenny, Place, 3),                                             % 2
    element(Monet, Place, 1),                                             % 3
    element(Ada, Place, PA), element(Taylor, Place, PT), PA #< PT,         % 4
    element(VanGogh, Place, PG), element(Vera, Place, PV), PG #< PV,
    append(Place, Subject, Vs), labeling([ff], Vs).
show([Place, Subject]) :-
    show_entities([eilen, ada, vera, jenny],
        [place-num-Place, subject-[constable, monet, taylor, vangogh]-Subject]).
