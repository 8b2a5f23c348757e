# Puzzels: stellingen uit partijen van de computer tegen zichzelf, elk met een doel, op het bord
# gespeeld tegen de beste verdediging.

puzzles-button = Puzzels
puzzles-title = { $game }: puzzels
puzzles-intro = Stellingen uit partijen die de computer tegen zichzelf speelde. Elke vraagt om één ding; bij de moeilijkere moet je een paar zetten vooruit zien. De tegenstander verdedigt zo goed hij kan.
puzzles-none = De puzzels van dit spel konden niet worden gelezen.
puzzles-progress-reset = De opgeslagen lijst van opgeloste puzzels kon niet worden gelezen; alle puzzels beginnen onopgelost.
puzzle-number = { $game } · puzzel { $number } van { $count }
puzzle-goal-capture = Sla met één zet minstens { $seeds ->
        [one] één zaad
       *[other] { $seeds } zaden
    } van de tegenstander.
puzzle-goal-reserve = Reserveer met één zet een gat (kuweka mtoto).
puzzle-goal-win = Win binnen { $moves ->
        [one] één zet
       *[other] { $moves } van je zetten
    }, wat de tegenstander ook doet.
puzzle-short-capture = { $seeds ->
        [one] Eén zaad
       *[other] { $seeds } zaden
    } slaan
puzzle-short-reserve = Een gat reserveren
puzzle-short-win = Winst in { $moves ->
        [one] één zet
       *[other] { $moves } zetten
    }
puzzle-you-play = Jij speelt { $player }.
puzzle-solving = Vind de zet en speel hem op het bord.
puzzle-still-forced = Goed: de winst is nog steeds gedwongen. Jij bent aan zet.
puzzle-solved = Opgelost!
puzzle-solved-hints = Opgelost, met { $hints ->
        [one] één tip
       *[other] { $hints } tips
    }.
puzzle-missed-few = Die zet vangt { $got ->
        [one] één zaad
       *[other] { $got } zaden
    }; het doel is { $seeds }. Neem hem terug of probeer het opnieuw.
puzzle-missed-reserve = Die zet reserveert geen gat. Neem hem terug of probeer het opnieuw.
puzzle-missed-win = Met die zet ontsnapt de tegenstander: de winst is niet meer gedwongen. Neem hem terug of probeer het opnieuw.
puzzle-solution = De oplossing, voorgespeeld.
puzzle-hint = Tip
puzzle-show-solution = Oplossing tonen
puzzle-retry = Opnieuw
puzzle-next = Volgende puzzel
puzzle-all = Alle puzzels
puzzle-solved-mark = opgelost
