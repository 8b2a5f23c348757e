# "Züge erklären": eine Zeile zu jedem Schritt eines Zuges, so wie das Brett ihn zeigt, aus der
# Spur des Zuges in der Spiel-Engine. Dieselben Wörter wie die Lektionen: Samen, Loch, fangen.

explain-lift = { $player } nimmt { $count ->
        [one] den einzelnen Samen
       *[other] alle { $count } Samen
    } aus { $pit } und sät sie einzeln in die folgenden Löcher.
explain-slide = { $player } schiebt den Samen aus { $pit } in das leere Loch daneben.
explain-relay = Der letzte Samen fällt in { $owner }s besetztes Loch { $pit }: alle { $count } aufnehmen und weitersäen.
explain-capture-kujifunza = Der letzte Samen fällt in ein besetztes vorderes Loch gegenüber von Samen: { $count ->
        [one] den Samen
       *[other] die { $count } Samen
    } aus { $pit } fangen.
explain-capture-kingulu = Der letzte Samen fällt in ein leeres Loch der eigenen Reihe von { $player }: { $count ->
        [one] den Samen
       *[other] die { $count } Samen
    } gegenüber, in { $pit }, fangen. Der Zug endet.
explain-capture-kimasai = Der Samen erreicht die vordere Reihe gegenüber einem Samen: ihn aus { $pit } fangen.
explain-capture = Der letzte Samen fällt in ein leeres vorderes Loch gegenüber von Samen: { $count ->
        [one] den Samen
       *[other] die { $count } Samen
    } aus { $pit } fangen.
explain-capture-behind = Das Loch dahinter geht mit: { $count ->
        [one] 1 Samen
       *[other] { $count } Samen
    } aus { $pit }.
explain-capturing-seed = Der fangende Samen verlässt mit ihnen das Brett.
explain-choice = Der Spieler wählt das { $side ->
        [left] linke
       *[right] rechte
    } kichwa, um die gefangenen Samen von dort zu säen.
explain-reenter = Die gefangenen Samen werden vom { $side ->
        [left] linken
       *[right] rechten
    } kichwa { $pit } aus wieder gesät{ $why ->
        [kept] , damit der Zug seine Richtung behält.
        [kimbi] , auf der Seite des kimbi, aus dem sie kamen.
       *[chosen] , wie gewählt.
    }
explain-reserve = Der Umlauf endet in einem Loch mit drei Samen: { $player } reserviert { $pit } (kuweka mtoto). Der Zug endet.
explain-move-to-reserved = Der zuvor gesäte Samen kommt ebenfalls in das reservierte Loch.
explain-toll = Ein Samen fällt in { $owner }s reserviertes Loch { $pit }: { $owner } nimmt ihn.
explain-ends-empty = Der letzte Samen fällt in { $pit }, ein leeres Loch in { $owner }s Reihe: der Zug endet.
explain-ends = Hier endet der Zug.
explain-more-relays = Das geschieht noch { $count ->
        [one] einmal
       *[other] { $count }-mal
    }.
