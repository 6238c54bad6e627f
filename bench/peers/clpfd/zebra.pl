% zebra.pl -- the Zebra puzzle (seed 001), all 14 clues.  Each value is the house
% (1..5) where it is; clue numbers are the seed's.
:- include(lib).
puzzle([Colour, Nation, Drink, Smoke, Pet]) :-
    Colour = [Red, Green, Ivory, Yellow, Blue],
    Nation = [English, Spaniard, Ukrainian, Norwegian, Japanese],
    Drink  = [Coffee, Tea, Milk, OrangeJuice, _Water],
    Smoke  = [OldGold, Kools, Chesterfields, LuckyStrike, Parliaments],
    Pet    = [Dog, Snails, Fox, Horse, _Zebra],
    All = [Colour, Nation, Drink, Smoke, Pet],
    maplist(house, All),
    English #= Red,                     % 2
    Spaniard #= Dog,                    % 3
    Coffee #= Green,                    % 4
    Ukrainian #= Tea,                   % 5
    Green #= Ivory + 1,                 % 6
    OldGold #= Snails,                  % 7
    Kools #= Yellow,                    % 8
    Milk #= 3,                          % 9
    Norwegian #= 1,                     % 10
    abs(Chesterfields - Fox) #= 1,      % 11
    abs(Kools - Horse) #= 1,            % 12
    LuckyStrike #= OrangeJuice,         % 13
    Japanese #= Parliaments,            % 14
    abs(Norwegian - Blue) #= 1,         % 15
    append(All, Vs), labeling([ff], Vs).
house(Vs) :- Vs ins 1..5, all_distinct(Vs).
show([C, N, D, S, P]) :-
    show_entities([house1, house2, house3, house4, house5],
        [colour-[red, green, ivory, yellow, blue]-C,
         nation-[english, spaniard, ukrainian, norwegian, japanese]-N,
         drink-[coffee, tea, milk, orangejuice, water]-D,
         smoke-[oldgold, kools, chesterfields, luckystrike, parliaments]-S,
         pet-[dog, snails, fox, horse, zebra]-P]).
