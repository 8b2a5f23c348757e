# Ausstellungsmodus (Kiosk): Untertitel der Vorführschleife, Countdown bei Inaktivität, Ausgang für Betreiber.

kiosk-south = Süd
kiosk-north = Nord

## Untertitel der Vorführschleife: eine Zeile je Zug, aus der Zugspur der Spiel-Engine.

kiosk-caption-sow = { $player } sät { $count ->
        [one] 1 Samen
       *[other] { $count } Samen
    } aus Loch { $pit }.
kiosk-caption-relay = { $player } sät { $count ->
        [one] 1 Samen
       *[other] { $count } Samen
    } aus Loch { $pit } und nimmt { $relays ->
        [one] einmal
       *[other] { $relays }-mal
    } ein volles Loch auf, um weiterzusäen.
kiosk-caption-capture = { $captures ->
        [one] { $player } sät aus Loch { $pit } und fängt { $captured ->
            [one] 1 Samen
           *[other] { $captured } Samen
        }.
       *[other] { $player } sät aus Loch { $pit } und fängt { $captures }-mal, insgesamt { $captured } Samen.
    }
kiosk-caption-capture-kichwa = { $captures ->
        [one] { $player } fängt { $captured ->
            [one] 1 Samen
           *[other] { $captured } Samen
        } und sät sie vom { $side ->
            [left] linken
           *[right] rechten
        } kichwa aus{ $why ->
            [kept] , damit der Zug seine Richtung behält
            [kimbi] , auf der Seite des kimbi
           *[chosen] {""}
        }.
       *[other] { $player } fängt { $captures }-mal, insgesamt { $captured } Samen, und sät sie jedes Mal von einem kichwa aus neu aus.
    }
kiosk-caption-reserve = { $player } reserviert Loch { $pit } (kuweka mtoto).
kiosk-caption-toll = { $player } nimmt { $count ->
        [one] 1 Samen
       *[other] { $count } Samen
    } als Zoll.
kiosk-caption-win = { $winner } gewinnt diese Partie { $variant }: { $reason ->
        [bao_hamna] Die vordere Reihe von { $loser } ist leer (bao hamna).
        [blockade] { $loser } kann nicht mehr ziehen.
        [no_seeds] { $loser } hat keine Samen mehr.
        [final_score] Kein Zug ist mehr möglich, die Samen werden gezählt.
        [repetition] Eine Stellung kam wieder, die Samen werden gezählt.
       *[other] Das Spiel ist aus.
    }
kiosk-caption-draw = Diese Partie { $variant } endet unentschieden: { $reason ->
        [repetition] Dieselbe Stellung kam wieder.
       *[other] Beide Seiten haben gleich viele Samen.
    }

## Das Banner der Vorführschleife.

kiosk-attract-title = Der Computer spielt { $variant } gegen sich selbst
kiosk-attract-touch = Berühre den Bildschirm und spiel mit!

## Ein Spiel, das niemand weiterspielt.

kiosk-idle-title = Spielst du noch?
kiosk-idle-body = { $seconds ->
        [one] Das Spiel endet in 1 Sekunde.
       *[other] Das Spiel endet in { $seconds } Sekunden.
    }
kiosk-idle-continue = Ja, weiterspielen

## PIN-Feld und Menü für Betreiber.

kiosk-operator-title = Betreiber
kiosk-operator-pin = Betreiber-PIN eingeben
kiosk-operator-wrong = Falsche PIN
kiosk-operator-locked = Zu viele Fehlversuche: bitte { $seconds } s warten.
kiosk-operator-delete = Löschen
kiosk-operator-ok = OK
kiosk-operator-cancel = Abbrechen
kiosk-operator-scale = Größe von Knöpfen und Text
kiosk-operator-pause = { $minutes ->
        [one] Exponat 1 Minute lang pausieren
       *[other] Exponat { $minutes } Minuten lang pausieren
    }
kiosk-operator-stop = Beenden bis zum nächsten Start
kiosk-operator-close = Schließen
kiosk-operator-chord = Die Tastenkombination Strg+Alt+Umschalt+Q pausiert das Exponat ebenfalls.
kiosk-operator-chord-stop = Die Tastenkombination Strg+Alt+Umschalt+Q beendet ebenfalls.

## The operator menu's visitor statistics (when the kiosk keeps them).

kiosk-operator-visits-today = Besuche heute: { $count }
kiosk-operator-visits-week = Besuche diese Woche (ab Montag): { $count }
kiosk-operator-visit-median = Median der Besuchsdauer diese Woche: { $minutes } min { $seconds } s
kiosk-operator-most-played = Diese Woche am meisten gespielt: { $game }
kiosk-operator-codes-week = Diese Woche mit nach Hause genommene Partien (gezeigte QR-Codes): { $count }
kiosk-operator-visits-unreadable = Die Besucherstatistik kann nicht gelesen werden (der Grund steht im Protokoll).
