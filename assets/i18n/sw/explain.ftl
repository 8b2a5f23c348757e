# "Eleza mikono": maelezo ya kila hatua ya mkono kama ubao unavyoionyesha.

explain-lift = { $player } anachukua { $count ->
        [one] kete moja
       *[other] kete zote { $count }
    } kutoka { $pit } na kuzipanda moja moja katika mashimo yanayofuata.
explain-slide = { $player } anasogeza kete kutoka { $pit } hadi shimo tupu lililo karibu.
explain-relay = Kete ya mwisho inaingia katika shimo lenye kete { $pit } la { $owner }: chukua zote { $count } na uendelee kupanda.
explain-capture-kujifunza = Kete ya mwisho inaingia katika shimo la mbele lenye kete linaloelekea kete: kula { $count ->
        [one] kete
       *[other] kete { $count }
    } za { $pit }.
explain-capture-kingulu = Kete ya mwisho inaingia katika shimo tupu la safu ya { $player }: kula { $count ->
        [one] kete
       *[other] kete { $count }
    } zilizo mkabala, katika { $pit }. Mkono unaisha.
explain-capture-kimasai = Kete inafika safu ya mbele ikielekea kete: ile, kutoka { $pit }.
explain-capture = Kete ya mwisho inaingia katika shimo tupu la mbele linaloelekea kete: kula { $count ->
        [one] kete
       *[other] kete { $count }
    } za { $pit }.
explain-capture-behind = Shimo la nyuma yake linaliwa pia: { $count ->
        [one] kete 1
       *[other] kete { $count }
    } kutoka { $pit }.
explain-capturing-seed = Kete iliyokula inaondoka ubaoni pamoja nazo.
explain-choice = Mchezaji anachagua kichwa cha { $side ->
        [left] kushoto
       *[right] kulia
    } kupanda kete zilizoliwa.
explain-reenter = Kete zilizoliwa zinapandwa tena kuanzia kichwa cha { $side ->
        [left] kushoto
       *[right] kulia
    }, { $pit }{ $why ->
        [kept] , ili mkono uendelee na mwelekeo wake.
        [kimbi] , upande wa kimbi zilipotoka.
       *[chosen] , kama ilivyochaguliwa.
    }
explain-reserve = Mzunguko unaishia katika shimo lenye kete tatu: { $player } anaweka mtoto { $pit }. Mkono unaisha.
explain-move-to-reserved = Kete iliyopandwa kabla yake inaingia pia katika shimo lililowekwa.
explain-toll = Kete inaingia katika shimo lililowekwa { $pit } la { $owner }: { $owner } anaichukua.
explain-ends-empty = Kete ya mwisho inaingia katika { $pit }, shimo tupu la safu ya { $owner }: mkono unaisha.
explain-ends = Mkono unaishia hapa.
explain-more-relays = Hivyo hutokea tena mara { $count }.
