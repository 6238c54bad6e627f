% researchers.pl -- four researchers: year, sport, disaster (seed 001).
% Year: researcher -> year; sport and disaster values -> researcher.
% Clue 8 read as the published answer needs ("neither hurdle nor javelin").
:- include(lib).
puzzle([Year, Sport, Disaster]) :-
    [Ainsley, Madeline, Sophie, Theodore] = [1, 2, 3, 4],
    Year = [_, _, _, _], Year ins 1920 \/ 1921 \/ 1933 \/ 1973, all_distinct(Year),
    Sport = [Hurdle, Javelin, LongJump, Relay], Sport ins 1..4, all_distinct(Sport),
    Disaster = [Earthquakes, Hurricanes, _Tornados, Wildfires],
    Disaster ins 1..4, all_distinct(Disaster),
    Javelin #= Theodore #\/ Javelin #= Ainsley,                            % 1
    Hurricanes #= Relay,                                                  % 2
    Sophie #\= Relay,                                                     % 3
    element(LongJump, Year, YL), element(Theodore, Year, YT),
    (YL #= 1933 #/\ YT #= 1921) #\/ (YL #= 1921 #/\ YT #= 1933),          % 4
    element(Relay, Year, YR), YR #< YT,                                   % 5
    element(Wildfires, Year, YW), YW #> YL,                               % 6
    Sophie #\= Wildfires, Ainsley #\= Wildfires,                          % 7
    Earthquakes #\= Hurdle, Earthquakes #\= Javelin,                      % 8
    element(Earthquakes, Year, 1933),                                     % 9
    element(Madeline, Year, YM), YM #\= 1921,                             % 10
    append([Year, Sport, Disaster], Vs), labeling([ff], Vs).
show([Year, Sport, Disaster]) :-
    show_entities([ainsley, madeline, sophie, theodore],
        [year-num-Year, sport-[hurdle, javelin, longjump, relay]-Sport,
         disaster-[earthquakes, hurricanes, tornados, wildfires]-Disaster]).
