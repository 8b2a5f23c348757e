# Bildschirme, Knöpfe und Meldungen des Spiels.

seed-count = { $count ->
    [one] { $count } Samen
   *[other] { $count } Samen
}
language = Sprache

## Spieler und wer sie spielt.

player-south = Süd
player-north = Nord
seat-human = Mensch
seat-computer = Computer ({ $level })
seat-remote = Spieler anderswo
level-beginner = Anfänger
level-easy = Leicht
level-medium = Mittel
level-hard = Schwer
level-expert = Experte

## Der Titelbildschirm.

title-name = Bao
title-subtitle = Vier Mancala-Spiele aus Ostafrika
title-south = Süd (vorne, zieht zuerst)
title-north = Nord (hinten)
title-computer = Computer:
title-play = Spielen
title-rules = Regeln

## Die Leisten über und unter dem Brett.

hud-new-game = Neues Spiel
hud-settings = Einstellungen
hud-menu = Menü
hud-rules = Regeln
hud-to-move-mark = · am Zug
hud-seeds = { $count ->
    [one] { $count } Samen auf dieser Seite
   *[other] { $count } Samen auf dieser Seite
}
hud-captured = · { $count } gefangen
hud-score = · { $score } Punkte
hud-game-over = Spiel beendet
hud-thinking = { $player } denkt nach …
hud-sowing = Es wird gesät …
hud-to-move = { $player } ist am Zug
hud-your-move = Du bist am Zug ({ $player })
hud-hint = Tipp: { $move } (der gestrichelte Ring auf dem Brett)
hud-hint-proven = Er gewinnt erzwungen: ein bewiesener Weg bis zum Ende.
hud-hint-table = Bei perfektem Spiel von hier endet die Zählung Süd { $south }, Nord { $north }.
hud-redo = Vorwärts
hud-undo = Zurück
hud-skip = Überspringen
hud-hint-button = Tipp
hud-no-moves = Noch keine Züge

## Warum ein Klick keinen Zug ergab.

feedback-game-over = Das Spiel ist vorbei.
feedback-wait-for-computer = Warte auf den Zug des Computers.
feedback-wait-for-opponent = Warte auf den Zug deines Gegners.
feedback-choose-kichwa = Wähle ein kichwa: Klicke auf eines der beiden Endlöcher mit doppeltem Ring.
feedback-kichwa-asked = Ein Fang: Wähle das kichwa, von dem aus die gefangenen Samen gesät werden (eines der beiden Endlöcher mit doppeltem Ring).
feedback-cannot-start = Aus diesem Loch kann jetzt kein Zug beginnen.
feedback-not-this-lesson = Das ist ein erlaubter Zug, aber nicht der dieser Lektion: versuche das leuchtende Loch.
feedback-refused-game-over = { $move } geht nicht: Das Spiel ist vorbei.
feedback-refused-illegal = { $move } ist in dieser Stellung kein erlaubter Zug.
feedback-refused-kichwa-not-chosen = { $move } ist kein Zug dieser Regeln: Nach einem Fang aus einem mittleren Loch behält der Zug seine Richtung, daher tragen Züge kein /L oder /R. Diese Buchstaben gehören zur Lesart, in der der Spieler das kichwa wählt.
feedback-reentry-kimbi = Ein Fang aus einem kimbi: Die Samen werden vom { $side ->
        [left] linken
       *[right] rechten
    } kichwa auf seiner Seite aus wieder gesät.
feedback-reentry-kept = Ein Fang aus einem mittleren Loch: Der Zug läuft weiter { $direction ->
        [clockwise] im Uhrzeigersinn
       *[counterclockwise] gegen den Uhrzeigersinn
    }, also werden die Samen vom { $side ->
        [left] linken
       *[right] rechten
    } kichwa aus wieder gesät.
reading-question = Kichwa nach einem Fang aus der Mitte:
reading-kujifunza = die Richtung bleibt (geschriebene Regeln)
reading-kujifunza-choice = der Spieler wählt (wie der Quelltext lautet)
reading-question-short = Kichwa:
reading-kujifunza-short = Richtung bleibt
reading-kujifunza-choice-short = vom Spieler gewählt
refusal-not-a-pit = Das ist kein Loch dieses Bretts.
refusal-not-your-pit = Dieses Loch gehört { $player }.
refusal-empty = Dieses Loch ist leer.
refusal-reserved = Aus reservierten Löchern wird nie gespielt.
refusal-singleton = Ein einzelner Samen kann hier keinen Zug beginnen.
refusal-capture-compulsory = Ein Fang ist möglich, und Fangen ist Pflicht.
refusal-long-first-lap = 16 Samen oder mehr fangen nie: Ihr erster Umlauf geht ganz herum. Ein Fang ist anderswo möglich, und Fangen ist Pflicht.
refusal-front-row-first = Ohne Fang spielst du aus der vorderen Reihe, solange sie ein Loch mit zwei oder mehr Samen hat.
refusal-first-lap-own-row = Der erste Umlauf würde in einem besetzten Loch deiner eigenen Reihe enden.
refusal-next-pit-occupied = Das nächste Loch ist besetzt.
refusal-endless = Jeder Zug von hier aus würde endlos weitergehen.

## Das Regelfenster.

rules-window-title = { $variant } — Regeln
rules-tab-rules = Regeln
rules-tab-show-me = Zeig es mir
rules-tab-words = Begriffe
rules-tab-history = Geschichte
rules-tab-house-rules = Hausregeln
rules-notation-heading = Die Zugliste lesen
rules-see-house-rules = Einige Punkte lassen die Quellen offen; siehe „Hausregeln“.
rules-show-me-intro = Jedes Beispiel stellt eine Stellung auf das Brett und spielt ihre Züge langsam vor, sodass du jedem Samen folgen kannst.
rules-show-me = Zeig es mir
rules-moves = Züge: { $moves }
rules-example-error = Dieses Beispiel konnte nicht geladen werden.
rules-house-rules-intro = Die alten Beschreibungen lassen einige Fragen offen. Dieses Programm beantwortet sie so:
rules-example = Beispiel: { $title }
rules-back-to-game = Zurück zu meinem Spiel
rules-close = Schließen
rules-replay = Noch einmal

## Das Einstellungsfenster.

settings-title = Einstellungen
settings-speed = Animationstempo
settings-slow = Langsam
settings-normal = Normal
settings-fast = Schnell
settings-pause = Pause
settings-show-counts = Samenzahl auf den Löchern zeigen
settings-explain-moves = Züge erklären: eine Zeile zu jedem Schritt, während gesät wird, und der ganze Zug in einer Zeile, wenn die Samen liegen
settings-show-pit-names = Lochnamen auf dem Brett zeigen (wie in der Zugliste: a3)
settings-explain-first-games = An für deine ersten { $games } Spiele, danach von selbst aus, wenn du es hier nicht einstellst.
settings-reduced-motion = Weniger Bewegung (keine kreisende Kamera, Samen gleiten)
settings-high-contrast = Hoher Kontrast (weiße Karten, schwarze Schrift)
settings-face-to-face = Gegenüber (zwei Spieler an einem Tisch: das Brett von oben, Nords Texte zu Nord gedreht)
settings-interface-scale = Größe der Oberfläche
settings-quality = Bildqualität
settings-quality-high = Hoch
settings-quality-standard = Standard
settings-reset-view = Ansicht zurücksetzen
settings-camera-help = Ziehen dreht das Brett, Scrollen oder zwei Finger zoomen.

## Das Fenster am Spielende.

game-over-title = Spiel beendet
game-over-moves = { $count ->
    [one] nach { $count } Zug
   *[other] nach { $count } Zügen
}
game-over-new-game = Neues Spiel
game-over-undo = Zurück
game-over-look = Brett ansehen
# A finished game's QR code on the game-over card (a museum's kiosk): a link to the game's
# web page, the whole game in the link.
take-home-title = Nimm diese Partie mit nach Hause
take-home-scan = Scanne den Code mit deinem Handy: Deine Partie und ihre Analyse öffnen sich im Browser.

# A move of the move list played again.
replay-move-again = Zug { $number }, { $move }, noch einmal — gleich geht es zurück zur Partie
replay-move-hover = Diesen Zug noch einmal zeigen, jeden Schritt erklärt

# Die Tasten (Regelfenster, Reiter Tasten).
rules-tab-keys = Tasten
keys-intro = Jeder Zug geht auch mit der Tastatur, ohne Maus und ohne Berührung.
keys-arrows = Pfeiltasten: den weißen quadratischen Rahmen (den Fokus) über das Brett bewegen.
keys-enter = Eingabe: das Loch unter dem Ring anklicken — das Startloch, dann in Kujifunza das erste Loch der Richtung oder das gefragte kichwa.
keys-space = Leertaste: den laufenden Zug sofort zu Ende zeigen.
keys-escape = Escape: das oberste Fenster schließen oder einen halb gewählten Zug verwerfen.
keys-tab = Tab und Umschalt+Tab: durch die Schaltflächen der Karten und Fenster gehen (ein dicker dunkler Rand zeigt die gewählte); Eingabe oder Leertaste drückt sie; Escape kehrt zum Brett zurück.
keys-hint = H: ein Tipp.
keys-undo = U oder Strg+Z: den letzten Zug zurücknehmen.
keys-redo = Umschalt+U oder Strg+Y: ihn wieder spielen.
keys-home = Pos1: die Kamera zurück an ihren Platz.
keys-gamepad = Ein Gamepad: das Steuerkreuz bewegt den Fokus, A (die untere Taste) klickt, B beendet den Zug, der gerade gesät wird, X gibt einen Tipp, Y nimmt einen Zug zurück, die rechte Schultertaste spielt ihn wieder.

# Read out to screen readers on the web (the page's live region).
live-played = { $player } spielte { $move }.
live-captured = { $count } Samen gefangen.
live-focus = Fokus: { $pit }, { $side }

## Online play: the "Play online" window and the bars' connection line.
title-online = Online spielen
# The title card's button (short, so that a card's buttons keep to one row).
online-title = Online spielen: { $game }
online-invite = Freund einladen
online-invite-note = Legt ein Spiel auf dem Server an: Du spielst Süd und bekommst einen Link, den du deinem Freund schickst.
online-join = Beitreten
online-join-hint = Link oder Code einfügen
online-server = Server
online-link = Schicke diesen Link deinem Freund:
online-code = Code: { $code }
online-copy = Kopieren
online-waiting = Warte, bis { $player } beitritt …
online-back = Zurück zum Spiel
online-leave = Spiel verlassen
online-close = Schließen
online-creating = Das Spiel wird angelegt …
online-connecting = Verbinde …
online-connected = Verbunden
online-reconnecting = Verbinde erneut …
online-here = { $player } ist da
online-away = { $player } ist nicht da
online-resigned = { $player } hat aufgegeben
online-resign = Aufgeben
online-resign-confirm = Dieses Spiel aufgeben?
online-resign-yes = Ja, aufgeben
online-resign-no = Nein
online-resigned-reason = { $player } hat aufgegeben.
online-rematch = Revanche
online-rematch-asked = Revanche angefragt — warte auf { $player }
online-watching = Zuschauen
online-tab-friend = Mit einem Freund
online-tab-open = Offene Spiele
online-tab-watch = Zuschauen
online-open-note = Spiele von { $game }, die auf einen Gegner warten. Nimm eines, oder warte, bis jemand deines nimmt.
online-open-none = Gerade wartet kein Spiel von { $game }.
online-open-entry = Du spielst { $player } · { $minutes ->
        [0] gerade geöffnet
       *[other] wartet seit { $minutes } Min.
    }
online-open-play = Spielen
online-open-wait = Auf einen Gegner warten
online-open-taken = Jemand anderes war schneller. Hier sind die Spiele, die jetzt warten.
online-waiting-opponent = Warte auf einen Gegner …
online-stop-waiting = Nicht mehr warten
online-stop-watching = Nicht mehr zuschauen
online-live-note = Spiele von { $game }, die gerade gespielt werden.
online-live-none = Gerade wird kein Spiel von { $game } gespielt.
online-live-entry = { $moves ->
        [one] 1 Zug
       *[other] { $moves } Züge
    } · { $minutes ->
        [0] letzter Zug gerade eben
       *[other] letzter Zug vor { $minutes } Min.
    }
online-watch = Zuschauen
online-list-loading = Wird geladen …
online-failed-token = Der Server kennt diese Einladung nicht.
online-failed-game = Der Server kennt dieses Spiel nicht.
online-failed-watching = Mit diesem Link kannst du nur zuschauen.
online-failed-no-server = Unter { $server } antwortet kein Bao-Server. Ein Server bringt zwei Spieler über das Netz zusammen: Starte einen mit bao-server auf einem Rechner, den ihr beide erreicht, oder frag, wer einen betreibt, nach seiner Adresse.
online-failed-busy = Der Server unter { $server } hat in der letzten Minute viele Spiele von diesem Rechner angenommen. Warte eine Minute und versuch es dann noch einmal.
online-failed-server-trouble = Der Server unter { $server } konnte das Spiel nicht speichern (ein Fehler des Servers). Versuch es später noch einmal oder sag es dem, der ihn betreibt.
online-failed-not-bao = Unter { $server } antwortet etwas, aber nicht wie ein Bao-Server dieser Version. Prüf die Adresse.
online-try-again = Noch einmal
online-failed-unreadable = Das Spiel des Servers ist nicht lesbar: { $reason }
online-bad-link = Das ist kein Link und kein Code eines Online-Spiels.
online-unfinished-title = Deine Online-Partie
online-unfinished-question = Zurück zu deiner Online-Partie { $game }? Du spielst { $seat }.
online-unfinished-note = Sie war noch nicht zu Ende, als Bao zuletzt geschlossen wurde; vielleicht wartet dein Gegner.
online-host = Auf diesem Rechner anbieten
online-host-note = Dieser Rechner wird zum Server: Ein Freund im selben Netz (im selben WLAN) findet das Spiel unter „Spiele in diesem Netz“ oder öffnet den Link. Lass Bao offen, bis das Spiel zu Ende ist.
online-host-starting = Der Server auf diesem Rechner startet …
online-host-serving = Dieser Rechner bietet Spiele unter { $server } an
online-host-failed = Der Server konnte auf diesem Rechner nicht starten: { $reason }
online-host-left = Der Gastgeber ist gegangen — das Spiel geht weiter, sobald er zurückkommt
online-lan-title = Spiele in diesem Netz
online-lan-none = Noch keines gefunden. Ein Freund im selben Netz legt eines mit „Auf diesem Rechner anbieten“ an.
online-lan-game = { $host } · { $game }
online-lan-taken = wird gespielt
online-lan-other-version = eine andere Version von Bao
online-lan-servers = In diesem Netz:
online-no-server-help = Kein Server? „Auf diesem Rechner anbieten“ macht diesen Rechner zum Server für einen Freund im selben Netz, und „Spiele in diesem Netz“ zeigt die Spiele, die andere dort anbieten. Beides steht unter „Mit einem Freund“.
online-unfinished-yes = Zurück zur Partie
online-unfinished-no = Vergessen

# The in-game menu (Escape) and the question before a game in progress is left.
menu-title = Partie
menu-resume = Zurück zur Partie
menu-leave = Partie verlassen
leave-title = Diese Partie verlassen?
leave-note = Die Partie bleibt nur bis zum ersten Zug einer neuen Partie erhalten. Speichere sie unter einem Namen, um sie zu behalten.
leave-save = Erst speichern
leave-now = Verlassen
leave-stay = Bleiben

## Die Lochkarte: Ein Loch, über dem der Zeiger kurz verweilt, sagt, was es ist und was seine Zeichen bedeuten.

pit-card-title = { $pit } — { $owner }s { $row ->
        [front] vordere Reihe
        [back] hintere Reihe
       *[only] Reihe
    }, { $count ->
        [0] leer
        [one] 1 Samen
       *[other] { $count } Samen
    }
pit-card-kichwa = Ein kichwa: Gefangene Samen kommen von hier aus wieder ins Spiel.
pit-card-kimbi = Ein kimbi: Von hier gefangene Samen kommen am kichwa dieser Seite wieder herein.
pit-card-reserved = Ein von { $owner } reserviertes Loch (kuweka mtoto): Niemand spielt daraus, und jeder Samen, der hineinfällt, geht an { $owner }.

## Die Zeichen auf dem Brett, in der Lochkarte und in den Regeln.

legend-title = Zeichen auf dem Brett
legend-intro = Halte den Zeiger einen Moment über ein Loch: Es nennt seinen Namen, seine Samen und was es markiert.
legend-legal = Dünner goldener Ring: Dieses Loch kann einen Zug beginnen.
legend-hover = Hellerer goldener Ring: das Loch unter dem Zeiger; ein Klick spielt es.
legend-selected = Kräftiger orangefarbener Ring: das Loch, das den Zug beginnen soll.
legend-target = Doppelter grüner Ring: Klicke als Nächstes hier, um die Richtung oder das kichwa zu wählen.
legend-hint = Gestrichelter blauer Ring: der Tipp des Computers.
legend-last-move = Gepunkteter ockerfarbener Ring: Hier begann der letzte Zug.
legend-focus = Weißes Quadrat: die Stelle der Tastatur; die Eingabetaste spielt sie.
legend-relay = Blasser Ring, während Samen wandern: Die Samen hier werden aufgenommen und weitergesät.
legend-capture = Kräftiger roter Ring, während Samen wandern: Hier werden Samen gefangen oder ein Zoll genommen.
legend-reserved = Kräftiger orangefarbener Ring, wenn ein Loch reserviert wird; danach trägt das Loch die Farbe seines Besitzers (Kingulu, kuweka mtoto).
legend-blocked = Durchgestrichener roter Ring in einer Lektion: Dieses Loch hält Samen, darf aber jetzt keinen Zug beginnen.
