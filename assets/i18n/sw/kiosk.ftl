# Hali ya maonyesho (kioski): maelezo ya mchezo wa maonyesho, hesabu ya kurudi nyuma, njia ya msimamizi ya kutoka.

kiosk-south = Kusini
kiosk-north = Kaskazini

## Maelezo ya mchezo wa maonyesho: mstari mmoja kwa kila hatua, kutoka kwenye rekodi ya hatua ya injini ya mchezo.

kiosk-caption-sow = { $player } anatawanya kete { $count } kutoka shimo { $pit }.
kiosk-caption-relay = { $player } anatawanya kete { $count } kutoka shimo { $pit }, na anachukua shimo lililojaa { $relays ->
        [one] mara moja
       *[other] mara { $relays }
    } ili kuendelea kutawanya.
kiosk-caption-capture = { $captures ->
        [one] { $player } anatawanya kutoka shimo { $pit } na anakula kete { $captured }.
       *[other] { $player } anatawanya kutoka shimo { $pit } na anakula mara { $captures }, kete { $captured } kwa jumla.
    }
kiosk-caption-capture-kichwa = { $captures ->
        [one] { $player } anakula kete { $captured } na kuzitawanya kuanzia kichwa cha { $side ->
            [left] kushoto
           *[right] kulia
        }{ $why ->
            [kept] , ili hatua idumishe upande wake
            [kimbi] , upande wa kimbi
           *[chosen] {""}
        }.
       *[other] { $player } anakula mara { $captures }, kete { $captured } kwa jumla, na kila mara anazitawanya tena kuanzia kichwa.
    }
kiosk-caption-reserve = { $player } anahifadhi shimo { $pit } (kuweka mtoto).
kiosk-caption-toll = { $player } anachukua kete { $count } kama ushuru.
kiosk-caption-win = { $winner } ameshinda mchezo huu wa { $variant }: { $reason ->
        [bao_hamna] safu ya mbele ya { $loser } haina kete (bao hamna).
        [blockade] { $loser } hana hatua ya kucheza.
        [no_seeds] { $loser } hana kete zilizobaki.
        [final_score] hakuna hatua iliyobaki, na kete zinahesabiwa.
        [repetition] nafasi ileile imerudi, na kete zinahesabiwa.
       *[other] mchezo umekwisha.
    }
kiosk-caption-draw = Mchezo huu wa { $variant } ni sare: { $reason ->
        [repetition] nafasi ileile imerudi.
       *[other] pande zote mbili zina kete sawa.
    }

## Bango la mchezo wa maonyesho.

kiosk-attract-title = Kompyuta inacheza { $variant } dhidi yake yenyewe
kiosk-attract-touch = Gusa skrini ucheze!

## Mchezo ulioachwa bila kuchezwa.

kiosk-idle-title = Bado unacheza?
kiosk-idle-body = { $seconds ->
        [one] Mchezo utaisha baada ya sekunde 1.
       *[other] Mchezo utaisha baada ya sekunde { $seconds }.
    }
kiosk-idle-continue = Ndiyo, naendelea kucheza

## Kibodi ya PIN na menyu ya msimamizi.

kiosk-operator-title = Msimamizi
kiosk-operator-pin = Weka PIN ya msimamizi
kiosk-operator-wrong = PIN si sahihi
kiosk-operator-locked = Majaribio mengi mno yasiyo sahihi: subiri sekunde { $seconds }.
kiosk-operator-delete = Futa
kiosk-operator-ok = Sawa
kiosk-operator-cancel = Ghairi
kiosk-operator-scale = Ukubwa wa vitufe na maandishi
kiosk-operator-pause = { $minutes ->
        [one] Sitisha maonyesho kwa dakika 1
       *[other] Sitisha maonyesho kwa dakika { $minutes }
    }
kiosk-operator-stop = Zima hadi iwashwe tena
kiosk-operator-close = Rudi
kiosk-operator-chord = Mchanganyiko wa vitufe Ctrl+Alt+Shift+Q pia unasitisha maonyesho.
kiosk-operator-chord-stop = Mchanganyiko wa vitufe Ctrl+Alt+Shift+Q pia unazima.

## The operator menu's visitor statistics (when the kiosk keeps them).

kiosk-operator-visits-today = Ziara za leo: { $count }
kiosk-operator-visits-week = Ziara za wiki hii (tangu Jumatatu): { $count }
kiosk-operator-visit-median = Muda wa kati wa ziara wiki hii: dakika { $minutes } sekunde { $seconds }
kiosk-operator-most-played = Mchezo uliochezwa zaidi wiki hii: { $game }
kiosk-operator-codes-week = Michezo iliyochukuliwa nyumbani wiki hii (misimbo ya QR iliyoonyeshwa): { $count }
kiosk-operator-visits-unreadable = Takwimu za ziara haziwezi kusomwa (sababu iko kwenye kumbukumbu).
