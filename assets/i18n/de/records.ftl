# Gespeicherte Partien, Wiederholungen, Klang und Einstellungen, die erhalten bleiben.

## Das Fenster der gespeicherten Partien
records-button = Gespeicherte Partien
records-title-button = Gespeicherte Partien
records-title = Gespeicherte Partien
records-save-heading = Diese Partie speichern
records-save-name = Name
records-save-button = Speichern
records-list-heading = Gespeicherte Partien
records-list-empty = Noch keine gespeicherten Partien.
records-col-moves = Züge
records-play-on = Weiterspielen
records-replay = Nachspielen
records-delete = Löschen
records-unreadable = nicht lesbar
records-result-ongoing = nicht beendet
records-result-draw = unentschieden
records-result-win = { $winner ->
    [south] Süd hat gewonnen
   *[north] Nord hat gewonnen
}

## Zuglisten als Text
records-moves-heading = Zugliste
records-copy = Züge kopieren
records-copied = { $count ->
    [one] 1 Zug in die Zwischenablage kopiert.
   *[other] { $count } Züge in die Zwischenablage kopiert.
}
records-paste-hint = Zugliste hier einfügen, z. B. { $example }
records-paste-button = Diese Züge nachspielen
records-paste-note = Die Züge werden vom Anfang der Partie { $variant } an auf dem Brett gespielt.
records-paste-empty = Der Text enthält keine Züge.
records-paste-bad-move = Zug { $number } („{ $move }“) kann nicht gespielt werden: { $reason }. Es wurde nichts verändert.

## Meldungen
records-saved = Gespeichert als „{ $name }“.
records-deleted = „{ $name }“ wurde gelöscht.
records-save-failed = Die Partie konnte nicht gespeichert werden: { $reason }
records-open-failed = „{ $name }“ lässt sich nicht öffnen: { $problem } Die Datei bleibt unverändert, ebenso die Partie auf dem Brett.
records-settings-broken = Die Einstellungen konnten nicht gelesen werden ({ $reason }); es gelten die Standardwerte.
records-dismiss = OK

## Was mit einer gespeicherten Partie nicht stimmen kann
records-problem-missing = die gespeicherte Partie ist nicht mehr vorhanden.
records-problem-storage = sie konnte nicht gelesen werden ({ $detail }).
records-problem-corrupt = die Datei ist beschädigt oder keine Partieaufzeichnung ({ $detail }).
records-problem-newer = sie wurde von einer neueren Version von Bao gespeichert (Format { $found }; diese Version liest bis Format { $supported }). Aktualisiere das Spiel, um sie zu öffnen.
records-problem-variant = sie ist eine Partie einer unbekannten Spielart, „{ $variant }“.
records-problem-start = ihre Anfangsstellung ist ungültig ({ $detail }).
records-problem-mismatch = sie nennt ein Spiel, aber ihre Anfangsstellung gehört zu einem anderen.
records-problem-move = Zug { $number } („{ $move }“) kann nicht gespielt werden: { $reason }.
records-problem-result = das gespeicherte Ergebnis ({ $stored }) passt nicht zu den Zügen ({ $replayed }).

## Der Wiederholungsmodus
records-replay-title = Nachspielen: { $name }
records-replay-pasted = Nachspielen der eingefügten Züge
records-replay-first = Anfang
records-replay-back = Zurück
records-replay-forward = Vor
records-replay-last = Ende
records-replay-start = Anfangsstellung ({ $total ->
    [one] 1 Zug
   *[other] { $total } Züge
} insgesamt)
records-replay-position = Zug { $shown } von { $total }: { $move }
records-replay-take-over = Ab hier selbst spielen
records-replay-close = Nachspielen beenden
records-replay-hint = Oder spiele einen eigenen Zug auf dem Brett.

## Fortsetzen nach einem Neustart
records-resume-title = Willkommen zurück
records-resume-question = Deine Partie { $variant } von { $days ->
    [0] heute
    [1] gestern
   *[other] vor { $days } Tagen
} fortsetzen?
records-resume-question-undated = Deine unbeendete Partie { $variant } fortsetzen?
records-resume-moves = { $count ->
    [one] 1 Zug gespielt
   *[other] { $count } Züge gespielt
}
records-resume-yes = Fortsetzen
records-resume-no = Neue Partie

## Klangeinstellungen
records-sound-heading = Klang
records-sound-volume = Lautstärke
records-sound-cues = Signale (du bist dran, nicht möglich)
records-sound-mute = Stumm

## Warum ein geschriebener Zug nicht gespielt werden kann
records-why-game-over = die Partie ist an dieser Stelle schon zu Ende
records-why-illegal = in der erreichten Stellung ist das kein erlaubter Zug
records-why-kichwa-not-chosen = in diesen Regeln behält der Zug nach einem Fang aus der Mitte seine Richtung, daher tragen Züge kein /L oder /R (sie gehören zur Lesart, in der der Spieler das kichwa wählt)
records-why-row = ein Zug beginnt mit dem Reihenbuchstaben a oder b
records-why-number = auf den Reihenbuchstaben muss eine Lochnummer ab 1 folgen
records-why-suffix = nach dem Loch dürfen nur eine Richtung (+ oder -) und die Wahl des kichwa (/L oder /R) folgen
records-why-choice-direction = die Wahl des kichwa (/L, /R) braucht davor eine Richtung, wie in a3+/L
records-why-too-many-choices = ein Zug hat höchstens vier Wahlen des kichwa
# A game in a link (the review's "Copy link", `bao --open`, the web page's #g=).
records-copy-link = Link kopieren
records-link-copied = Der Link der Partie wurde kopiert: Wer ihn öffnet, sieht die Partie und ihre Analyse.
records-link-not-a-link = Das ist kein Link zu einer Bao-Partie.
records-link-damaged = Der Link der Partie ist beschädigt (gekürzt oder vertippt): Er kann nicht gelesen werden.
records-link-newer = Der Link der Partie stammt von einer neueren Version von Bao: Aktualisieren Sie das Spiel, um ihn zu öffnen.
records-link-illegal = Der Link enthält keine regelgerechte Bao-Partie.
