# Mafumbo: hali za mchezo kutoka michezo ya kompyuta dhidi yake yenyewe, kila moja na lengo,
# huchezwa ubaoni dhidi ya ulinzi bora.

puzzles-button = Mafumbo
puzzles-title = { $game }: mafumbo
puzzles-intro = Hali za mchezo kutoka michezo ambayo kompyuta ilicheza dhidi yake yenyewe. Kila moja inataka jambo moja; yaliyo magumu zaidi yanakutaka uone hatua chache mbele. Mpinzani anajilinda kadiri awezavyo.
puzzles-none = Mafumbo ya mchezo huu hayakuweza kusomwa.
puzzles-progress-reset = Orodha iliyohifadhiwa ya mafumbo yaliyotatuliwa haikuweza kusomwa; mafumbo yote yanaanza bila kutatuliwa.
puzzle-number = { $game } · fumbo { $number } kati ya { $count }
puzzle-goal-capture = Kamata angalau { $seeds ->
        [one] kete moja
       *[other] kete { $seeds }
    } za mpinzani kwa hatua moja.
puzzle-goal-reserve = Weka mtoto (hifadhi shimo) kwa hatua moja.
puzzle-goal-win = Shinda ndani ya { $moves ->
        [one] hatua moja
       *[other] hatua zako { $moves }
    }, lolote afanyalo mpinzani.
puzzle-short-capture = Kamata { $seeds ->
        [one] kete moja
       *[other] kete { $seeds }
    }
puzzle-short-reserve = Weka mtoto
puzzle-short-win = Shinda kwa { $moves ->
        [one] hatua moja
       *[other] hatua { $moves }
    }
puzzle-you-play = Unacheza { $player }.
puzzle-solving = Tafuta hatua na uicheze ubaoni.
puzzle-still-forced = Vizuri: ushindi bado ni wa lazima. Zamu yako.
puzzle-solved = Umelitatua!
puzzle-solved-hints = Umelitatua, kwa { $hints ->
        [one] dokezo moja
       *[other] madokezo { $hints }
    }.
puzzle-missed-few = Hatua hiyo inakamata { $got ->
        [one] kete moja
       *[other] kete { $got }
    }; lengo ni { $seeds }. Irudishe, au jaribu tena.
puzzle-missed-reserve = Hatua hiyo haiweki mtoto. Irudishe, au jaribu tena.
puzzle-missed-win = Kwa hatua hiyo mpinzani anaponyoka: ushindi si wa lazima tena. Irudishe, au jaribu tena.
puzzle-solution = Suluhisho, likichezwa.
puzzle-hint = Dokezo
puzzle-show-solution = Onyesha suluhisho
puzzle-retry = Jaribu tena
puzzle-next = Fumbo linalofuata
puzzle-all = Mafumbo yote
puzzle-solved-mark = limetatuliwa
