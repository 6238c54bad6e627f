% scholarships.pl -- four students, scholarship and major (seed 001).
% Sch: student -> amount; major value -> student.
:- include(lib).
puzzle([Sch, Major]) :-
    [Carrie, Erma, Ora, Tracy] = [1, 2, 3, 4],
    Sch = [_, _, _, _], Sch ins 25000 \/ 30000 \/ 35000 \/ 40000, all_distinct(Sch),
    Major = [Astronomy, English, Philosophy, Physics], Major ins 1..4, all_distinct(Major),
    element(Astronomy, Sch, SA), element(Ora, Sch, SO), SA #< SO,          % 1
    B1 #<==> (Ora #= English), B2 #<==> (Ora #= Philosophy), B1 + B2 #= 1, % 2 (either)
    element(Physics, Sch, SP), element(Carrie, Sch, SC), SP #= SC + 5000,  % 3
    element(Erma, Sch, SE), SE #= SC + 10000,                             % 4
    element(Tracy, Sch, ST), element(English, Sch, SEn), ST #> SEn,        % 5
    append(Sch, Major, Vs), labeling([ff], Vs).
show([Sch, Major]) :-
    show_entities([carrie, erma, ora, tracy],
        [scholarship-num-Sch, major-[astronomy, english, philosophy, physics]-Major]).
