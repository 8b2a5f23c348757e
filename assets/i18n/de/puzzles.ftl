# Rätsel: Stellungen aus Partien des Computers gegen sich selbst, jede mit einem Ziel, auf dem
# Brett gegen die beste Verteidigung gespielt.

puzzles-button = Rätsel
puzzles-title = { $game }: Rätsel
puzzles-intro = Stellungen aus Partien, die der Computer gegen sich selbst gespielt hat. Jede verlangt eine Sache; bei den schwereren muss man einige Züge vorausdenken. Der Gegner verteidigt sich so gut er kann.
puzzles-none = Die Rätsel dieses Spiels konnten nicht gelesen werden.
puzzles-progress-reset = Die gespeicherte Liste der gelösten Rätsel konnte nicht gelesen werden; alle Rätsel beginnen ungelöst.
puzzle-number = { $game } · Rätsel { $number } von { $count }
puzzle-goal-capture = Fange mit einem Zug mindestens { $seeds ->
        [one] einen Samen
       *[other] { $seeds } Samen
    } des Gegners.
puzzle-goal-reserve = Reserviere mit einem Zug ein Loch (kuweka mtoto).
puzzle-goal-win = Gewinne in höchstens { $moves ->
        [one] einem Zug
       *[other] { $moves } deiner Züge
    }, was der Gegner auch tut.
puzzle-short-capture = { $seeds ->
        [one] Einen Samen
       *[other] { $seeds } Samen
    } fangen
puzzle-short-reserve = Ein Loch reservieren
puzzle-short-win = Gewinn in { $moves ->
        [one] einem Zug
       *[other] { $moves } Zügen
    }
puzzle-you-play = Du spielst { $player }.
puzzle-solving = Finde den Zug und spiele ihn auf dem Brett.
puzzle-still-forced = Gut: Der Gewinn ist weiter erzwungen. Du bist am Zug.
puzzle-solved = Gelöst!
puzzle-solved-hints = Gelöst, mit { $hints ->
        [one] einem Tipp
       *[other] { $hints } Tipps
    }.
puzzle-missed-few = Dieser Zug fängt { $got ->
        [one] einen Samen
       *[other] { $got } Samen
    }; das Ziel sind { $seeds }. Nimm ihn zurück oder versuche es noch einmal.
puzzle-missed-reserve = Dieser Zug reserviert kein Loch. Nimm ihn zurück oder versuche es noch einmal.
puzzle-missed-win = Mit diesem Zug entkommt der Gegner: Der Gewinn ist nicht mehr erzwungen. Nimm ihn zurück oder versuche es noch einmal.
puzzle-solution = Die Lösung, vorgespielt.
puzzle-hint = Tipp
puzzle-show-solution = Lösung zeigen
puzzle-retry = Noch einmal
puzzle-next = Nächstes Rätsel
puzzle-all = Alle Rätsel
puzzle-solved-mark = gelöst
