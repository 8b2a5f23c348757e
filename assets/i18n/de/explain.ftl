# "Züge erklären": eine Zeile zu jedem Schritt eines Zuges, so wie das Brett ihn zeigt.

explain-lift = { $player } nimmt { $count ->
        [one] den einzelnen Stein
       *[other] alle { $count } Steine
    } aus { $pit } und sät sie einzeln in die folgenden Mulden.
explain-slide = { $player } schiebt den Stein aus { $pit } in die leere Mulde daneben.
explain-relay = Der letzte Stein fällt in { $owner }s besetzte Mulde { $pit }: alle { $count } aufnehmen und weitersäen.
explain-capture-kujifunza = Der letzte Stein fällt in eine besetzte vordere Mulde gegenüber von Steinen: { $count ->
        [one] den Stein
       *[other] die { $count } Steine
    } aus { $pit } schlagen.
explain-capture-kingulu = Der letzte Stein fällt in eine leere Mulde der eigenen Reihe von { $player }: { $count ->
        [one] den Stein
       *[other] die { $count } Steine
    } gegenüber, in { $pit }, schlagen. Der Zug endet.
explain-capture-kimasai = Der Stein erreicht die vordere Reihe gegenüber einem Stein: ihn aus { $pit } schlagen.
explain-capture = Der letzte Stein fällt in eine leere vordere Mulde gegenüber von Steinen: { $count ->
        [one] den Stein
       *[other] die { $count } Steine
    } aus { $pit } schlagen.
explain-capture-behind = Die Mulde dahinter geht mit: { $count ->
        [one] 1 Stein
       *[other] { $count } Steine
    } aus { $pit }.
explain-capturing-seed = Der schlagende Stein verlässt mit ihnen das Brett.
explain-choice = Der Spieler wählt das { $side ->
        [left] linke
       *[right] rechte
    } kichwa, um die geschlagenen Steine von dort zu säen.
explain-reenter = Die geschlagenen Steine werden vom { $side ->
        [left] linken
       *[right] rechten
    } kichwa { $pit } aus wieder gesät{ $why ->
        [kept] , damit der Zug seine Richtung behält.
        [kimbi] , auf der Seite des kimbi, aus dem sie kamen.
       *[chosen] , wie gewählt.
    }
explain-reserve = Die Runde endet in einer Mulde mit drei Steinen: { $player } reserviert { $pit } (kuweka mtoto). Der Zug endet.
explain-move-to-reserved = Der zuvor gesäte Stein kommt ebenfalls in das reservierte Loch.
explain-toll = Ein Stein fällt in { $owner }s reserviertes Loch { $pit }: { $owner } nimmt ihn.
explain-ends-empty = Der letzte Stein fällt in eine leere Mulde: der Zug endet.
explain-ends = Hier endet der Zug.
