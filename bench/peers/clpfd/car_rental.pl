% car_rental.pl -- five car-rental contracts (seed 001).
% Days: customer -> 2..6; car and pickup values -> customer.
% Clue 3 read as two different contracts, as the published answer needs.
:- include(lib).
puzzle([Car, Pickup, Days]) :-
    [Freda, Opal, Penny, _Sarah, Vicky] = [1, 2, 3, 4, 5],
    Days = [_, _, _, _, _], Days ins 2..6, all_distinct(Days),
    Car = [_Dodge, Fiat, Hyundai, Jeep, Nissan], Car ins 1..5, all_distinct(Car),
    Pickup = [_Brownfield, Durham, IowaFalls, LosAltos, Redding],
    Pickup ins 1..5, all_distinct(Pickup),
    all_distinct([Vicky, LosAltos, Durham, Fiat]),                        % 1
    Jeep #\= IowaFalls,                                                   % 2
    (Vicky #= LosAltos #/\ Nissan #= Redding)
        #\/ (Vicky #= Redding #/\ Nissan #= LosAltos),                    % 3
    element(Penny, Days, DP), DP #\= 6,                                   % 4
    element(IowaFalls, Days, 5),                                          % 5
    element(Durham, Days, DD), element(Opal, Days, DO), DD #= DO + 3,     % 6
    element(C, Days, 2),                                                  % 7
    (Nissan #= Redding #/\ C #= Freda) #\/ (Nissan #= Freda #/\ C #= Redding),
    element(Jeep, Days, DJ), DJ #\= 6,                                    % 8
    element(Hyundai, Days, DH), DO #= DH + 1,                             % 9
    append([Car, Pickup, Days], Vs), labeling([ff], Vs).
show([Car, Pickup, Days]) :-
    show_entities([freda, opal, penny, sarah, vicky],
        [car-[dodge, fiat, hyundai, jeep, nissan]-Car,
         pickup-[brownfield, durham, iowafalls, losaltos, redding]-Pickup,
         days-num-Days]).
