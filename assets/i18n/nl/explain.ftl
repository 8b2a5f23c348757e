# "Zetten uitleggen": één regel bij elke stap van een zet, zoals het bord die toont.

explain-lift = { $player } pakt { $count ->
        [one] de enige steen
       *[other] alle { $count } stenen
    } uit { $pit } en zaait ze één voor één in de volgende putten.
explain-slide = { $player } schuift de steen uit { $pit } naar de lege put ernaast.
explain-relay = De laatste steen valt in de bezette put { $pit } van { $owner }: pak alle { $count } op en zaai verder.
explain-capture-kujifunza = De laatste steen valt in een bezette voorste put tegenover stenen: sla { $count ->
        [one] de steen
       *[other] de { $count } stenen
    } uit { $pit }.
explain-capture-kingulu = De laatste steen valt in een lege put van de eigen rij van { $player }: sla { $count ->
        [one] de steen
       *[other] de { $count } stenen
    } tegenover, in { $pit }. De zet eindigt.
explain-capture-kimasai = De steen komt in de voorste rij tegenover een steen: sla die, uit { $pit }.
explain-capture = De laatste steen valt in een lege voorste put tegenover stenen: sla { $count ->
        [one] de steen
       *[other] de { $count } stenen
    } uit { $pit }.
explain-capture-behind = De put erachter gaat mee: { $count ->
        [one] 1 steen
       *[other] { $count } stenen
    } uit { $pit }.
explain-capturing-seed = De slaande steen verlaat met hen het bord.
explain-choice = De speler kiest de { $side ->
        [left] linker
       *[right] rechter
    } kichwa om de geslagen stenen vandaar te zaaien.
explain-reenter = De geslagen stenen worden opnieuw gezaaid vanaf de { $side ->
        [left] linker
       *[right] rechter
    } kichwa, { $pit }{ $why ->
        [kept] , zodat de zet zijn richting houdt.
        [kimbi] , aan de kant van de kimbi waar ze vandaan kwamen.
       *[chosen] , zoals gekozen.
    }
explain-reserve = De ronde eindigt in een put met drie stenen: { $player } reserveert { $pit } (kuweka mtoto). De zet eindigt.
explain-move-to-reserved = De steen die net daarvoor gezaaid is, gaat ook in het gereserveerde gat.
explain-toll = Een steen valt in het gereserveerde gat { $pit } van { $owner }: { $owner } neemt hem.
explain-ends-empty = De laatste steen valt in een lege put: de zet eindigt.
explain-ends = Hier eindigt de zet.
