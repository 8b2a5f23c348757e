# "Zetten uitleggen": één regel bij elke stap van een zet, zoals het bord die toont, uit het
# spoor van de zet in de spelregels-engine. Dezelfde woorden als de lessen: zaad, gat, vangen.

explain-lift = { $player } pakt { $count ->
        [one] het enige zaad
       *[other] alle { $count } zaden
    } uit { $pit } en zaait ze één voor één in de volgende gaten.
explain-slide = { $player } schuift het zaad uit { $pit } naar het lege gat ernaast.
explain-relay = Het laatste zaad valt in het bezette gat { $pit } van { $owner }: pak alle { $count } op en zaai verder.
explain-capture-kujifunza = Het laatste zaad valt in een bezet voorste gat tegenover zaden: vang { $count ->
        [one] het zaad
       *[other] de { $count } zaden
    } uit { $pit }.
explain-capture-kingulu = Het laatste zaad valt in een leeg gat van de eigen rij van { $player }: vang { $count ->
        [one] het zaad
       *[other] de { $count } zaden
    } ertegenover, in { $pit }. De zet eindigt.
explain-capture-kimasai = Het zaad komt in de voorste rij tegenover een zaad: vang dat, uit { $pit }.
explain-capture = Het laatste zaad valt in een leeg voorste gat tegenover zaden: vang { $count ->
        [one] het zaad
       *[other] de { $count } zaden
    } uit { $pit }.
explain-capture-behind = Het gat erachter gaat mee: { $count ->
        [one] 1 zaad
       *[other] { $count } zaden
    } uit { $pit }.
explain-capturing-seed = Het vangende zaad verlaat met hen het bord.
explain-choice = De speler kiest de { $side ->
        [left] linker
       *[right] rechter
    } kichwa om de gevangen zaden vandaar te zaaien.
explain-reenter = De gevangen zaden worden opnieuw gezaaid vanaf de { $side ->
        [left] linker
       *[right] rechter
    } kichwa, { $pit }{ $why ->
        [kept] , zodat de zet zijn richting houdt.
        [kimbi] , aan de kant van de kimbi waar ze vandaan kwamen.
       *[chosen] , zoals gekozen.
    }
explain-reserve = De omloop eindigt in een gat met drie zaden: { $player } reserveert { $pit } (kuweka mtoto). De zet eindigt.
explain-move-to-reserved = Het zaad dat net daarvoor gezaaid is, gaat ook in het gereserveerde gat.
explain-toll = Een zaad valt in het gereserveerde gat { $pit } van { $owner }: { $owner } neemt het.
explain-ends-empty = Het laatste zaad valt in { $pit }, een leeg gat in de rij van { $owner }: de zet eindigt.
explain-ends = Hier eindigt de zet.
explain-more-relays = Dat gebeurt nog { $count ->
        [one] één keer
       *[other] { $count } keer
    }.
