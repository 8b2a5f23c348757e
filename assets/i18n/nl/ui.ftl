# Schermen, knoppen en meldingen van het spel.

seed-count = { $count ->
    [one] { $count } zaad
   *[other] { $count } zaden
}
language = Taal

## Spelers en wie ze speelt.

player-south = Zuid
player-north = Noord
seat-human = Mens
seat-computer = Computer ({ $level })
seat-remote = Speler elders
level-beginner = Beginner
level-easy = Makkelijk
level-medium = Gemiddeld
level-hard = Moeilijk
level-expert = Expert

## Het titelscherm.

title-name = Bao
title-subtitle = Vier mancalaspellen uit Oost-Afrika
title-south = Zuid (voorkant, begint)
title-north = Noord (achterkant)
title-computer = Computer:
title-play = Spelen
title-rules = Regels

## De balken boven en onder het bord.

hud-new-game = Nieuw spel
hud-settings = Instellingen
hud-menu = Menu
hud-rules = Regels
hud-to-move-mark = · aan zet
hud-seeds = { $count ->
    [one] { $count } zaad aan deze kant
   *[other] { $count } zaden aan deze kant
}
hud-captured = · { $count } gevangen
hud-score = · { $score } punten
hud-game-over = Spel afgelopen
hud-thinking = { $player } denkt na…
hud-sowing = Zaaien…
hud-to-move = { $player } is aan zet
hud-your-move = Jij bent aan zet ({ $player })
hud-hint = Tip: { $move } (de gestreepte ring op het bord)
hud-hint-proven = Hij wint geforceerd: een bewezen lijn tot het einde.
hud-hint-table = Bij perfect spel vanaf hier eindigt de telling Zuid { $south }, Noord { $north }.
hud-redo = Vooruit
hud-undo = Terug
hud-skip = Overslaan
hud-hint-button = Tip
hud-no-moves = Nog geen zetten

## Waarom een klik geen zet opleverde.

feedback-game-over = Het spel is afgelopen.
feedback-wait-for-computer = Wacht op de zet van de computer.
feedback-wait-for-opponent = Wacht op de zet van je tegenstander.
feedback-choose-kichwa = Kies een kichwa: klik op een van de twee eindgaten met een dubbele ring.
feedback-kichwa-asked = Een vangst: kies de kichwa van waaruit de gevangen zaden worden gezaaid (een van de twee eindgaten met een dubbele ring).
feedback-cannot-start = Vanuit dit gat kan nu geen zet beginnen.
feedback-not-this-lesson = Dat is een geldige zet, maar niet die van deze les: probeer het oplichtende gat.
feedback-refused-game-over = { $move } kan niet: het spel is afgelopen.
feedback-refused-illegal = { $move } is geen geldige zet in deze stelling.
feedback-refused-kichwa-not-chosen = { $move } is geen zet volgens deze regels: na een vangst uit een middelste gat houdt de zet zijn richting, dus zetten hebben geen /L of /R. Die letters horen bij de lezing waarin de speler de kichwa kiest.
feedback-reentry-kimbi = Een vangst vanuit een kimbi: de zaden worden opnieuw gezaaid vanaf de { $side ->
        [left] linker
       *[right] rechter
    } kichwa, aan die kant.
feedback-reentry-kept = Een vangst uit een middelste gat: de zet gaat verder { $direction ->
        [clockwise] met de klok mee
       *[counterclockwise] tegen de klok in
    }, dus de zaden worden opnieuw gezaaid vanaf de { $side ->
        [left] linker
       *[right] rechter
    } kichwa.
reading-question = Kichwa na een vangst uit het midden:
reading-kujifunza = de richting blijft (geschreven regels)
reading-kujifunza-choice = de speler kiest (zoals de brontekst luidt)
reading-question-short = Kichwa:
reading-kujifunza-short = richting blijft
reading-kujifunza-choice-short = door de speler gekozen
refusal-not-a-pit = Dat is geen gat van dit bord.
refusal-not-your-pit = Dat gat is van { $player }.
refusal-empty = Dat gat is leeg.
refusal-reserved = Vanuit gereserveerde gaten wordt nooit gespeeld.
refusal-singleton = Een enkel zaad kan hier geen zet beginnen.
refusal-capture-compulsory = Er is een vangst mogelijk, en vangen is verplicht.
refusal-long-first-lap = 16 zaden of meer vangen nooit: hun eerste omloop gaat helemaal rond. Elders is een vangst mogelijk, en vangen is verplicht.
refusal-front-row-first = Zonder vangst speel je vanuit de voorste rij, zolang die een gat met twee of meer zaden heeft.
refusal-first-lap-own-row = De eerste omloop zou eindigen in een bezet gat van je eigen rij.
refusal-next-pit-occupied = Het volgende gat is bezet.
refusal-endless = Elke zet vanaf hier zou eindeloos doorgaan.

## Het regelvenster.

rules-window-title = { $variant } — regels
rules-tab-rules = Regels
rules-tab-show-me = Laat zien
rules-tab-words = Begrippen
rules-tab-history = Geschiedenis
rules-tab-house-rules = Huisregels
rules-notation-heading = De zettenlijst lezen
rules-see-house-rules = Sommige punten laten de bronnen open; zie ‘Huisregels’.
rules-show-me-intro = Elk voorbeeld zet een stelling op het bord en speelt de zetten langzaam voor, zodat je elk zaad kunt volgen.
rules-show-me = Laat zien
rules-moves = Zetten: { $moves }
rules-example-error = Dit voorbeeld kon niet worden geladen.
rules-house-rules-intro = De oude beschrijvingen laten een paar vragen open. Dit programma beantwoordt ze zo:
rules-example = Voorbeeld: { $title }
rules-back-to-game = Terug naar mijn spel
rules-close = Sluiten
rules-replay = Opnieuw

## Het instellingenvenster.

settings-title = Instellingen
settings-speed = Animatiesnelheid
settings-slow = Langzaam
settings-normal = Normaal
settings-fast = Snel
settings-pause = Pauze
settings-show-counts = Aantal zaden op de gaten tonen
settings-explain-moves = Zetten uitleggen: een regel bij elke stap terwijl er gezaaid wordt, en de hele zet in één regel als de zaden liggen
settings-show-pit-names = Namen van de gaten op het bord tonen (zoals in de zettenlijst: a3)
settings-explain-first-games = Aan voor je eerste { $games } partijen, daarna vanzelf uit, tenzij je het hier instelt.
settings-reduced-motion = Minder beweging (geen draaiende camera, zaden glijden)
settings-high-contrast = Hoog contrast (witte kaarten, zwarte tekst)
settings-face-to-face = Tegenover elkaar (twee spelers aan een tafel: het bord van boven, de teksten van Noord naar Noord gedraaid)
settings-interface-scale = Grootte van de bediening
settings-quality = Beeldkwaliteit
settings-quality-high = Hoog
settings-quality-standard = Standaard
settings-reset-view = Beeld herstellen
settings-camera-help = Sleep om het bord te draaien, scrol of knijp om te zoomen.

## Het venster aan het einde van het spel.

game-over-title = Spel afgelopen
game-over-moves = { $count ->
    [one] na { $count } zet
   *[other] na { $count } zetten
}
game-over-new-game = Nieuw spel
game-over-undo = Terug
game-over-look = Bord bekijken
# A finished game's QR code on the game-over card (a museum's kiosk): a link to the game's
# web page, the whole game in the link.
take-home-title = Neem deze partij mee naar huis
take-home-scan = Scan de code met je telefoon: je partij en de analyse ervan openen in de browser.

# A move of the move list played again.
replay-move-again = Zet { $number }, { $move }, nog eens — zo meteen terug naar de partij
replay-move-hover = Deze zet nog eens tonen, elke stap uitgelegd

# De toetsen (regelvenster, tabblad Toetsen).
rules-tab-keys = Toetsen
keys-intro = Elke zet kan ook met het toetsenbord, zonder muis of aanraking.
keys-arrows = Pijltjestoetsen: het witte vierkante kader (de focus) over het bord bewegen.
keys-enter = Enter: het gat onder de ring aanklikken — het startgat, dan in Kujifunza het eerste gat van de richting of de gevraagde kichwa.
keys-space = Spatie: de lopende zet meteen afmaken.
keys-escape = Escape: het bovenste venster sluiten, of een half gekozen zet laten vallen.
keys-tab = Tab en Shift+Tab: door de knoppen van de kaarten en vensters gaan (een dikke donkere rand toont de gekozen knop); Enter of spatie drukt hem in; Escape gaat terug naar het bord.
keys-hint = H: een tip.
keys-undo = U of Ctrl+Z: de laatste zet terugnemen.
keys-redo = Shift+U of Ctrl+Y: hem opnieuw spelen.
keys-home = Home: de camera terug op zijn plaats.
keys-gamepad = Een gamepad: de D-pad beweegt de focus, A (de onderste knop) klikt, B maakt de zet die gezaaid wordt meteen af, X geeft een tip, Y neemt een zet terug, de rechterschouderknop speelt hem opnieuw.

# Read out to screen readers on the web (the page's live region).
live-played = { $player } speelde { $move }.
live-captured = { $count } zaden gevangen.
live-focus = Focus: { $pit }, { $side }

## Online play: the "Play online" window and the bars' connection line.
title-online = Online spelen
# The title card's button (short, so that a card's buttons keep to one row).
online-title = Online spelen: { $game }
online-invite = Nodig een vriend uit
online-invite-note = Maakt een spel aan op de server: jij speelt Zuid en krijgt een link om naar je vriend te sturen.
online-join = Meedoen
online-join-hint = Plak een link of code
online-server = Server
online-link = Stuur deze link naar je vriend:
online-code = Code: { $code }
online-copy = Kopiëren
online-waiting = Wachten tot { $player } meedoet…
online-back = Terug naar het spel
online-leave = Spel verlaten
online-close = Sluiten
online-creating = Het spel wordt aangemaakt…
online-connecting = Verbinden…
online-connected = Verbonden
online-reconnecting = Opnieuw verbinden…
online-here = { $player } is er
online-away = { $player } is er niet
online-resigned = { $player } heeft opgegeven
online-resign = Opgeven
online-resign-confirm = Dit spel opgeven?
online-resign-yes = Ja, opgeven
online-resign-no = Nee
online-resigned-reason = { $player } heeft opgegeven.
online-rematch = Revanche
online-rematch-asked = Revanche gevraagd — wachten op { $player }
online-watching = Kijken
online-tab-friend = Met een vriend
online-tab-open = Open spellen
online-tab-watch = Kijken
online-open-note = Spellen { $game } die op een tegenstander wachten. Neem er een, of wacht tot iemand het jouwe neemt.
online-open-none = Er wacht nu geen spel { $game }.
online-open-entry = Jij speelt { $player } · { $minutes ->
        [0] net geopend
       *[other] wacht al { $minutes } min
    }
online-open-play = Spelen
online-open-wait = Wachten op een tegenstander
online-open-taken = Iemand anders was je voor. Dit zijn de spellen die nu wachten.
online-waiting-opponent = Wachten op een tegenstander…
online-stop-waiting = Stoppen met wachten
online-stop-watching = Stoppen met kijken
online-live-note = Spellen { $game } die nu gespeeld worden.
online-live-none = Er wordt nu geen spel { $game } gespeeld.
online-live-entry = { $moves ->
        [one] 1 zet
       *[other] { $moves } zetten
    } · { $minutes ->
        [0] laatste zet zojuist
       *[other] laatste zet { $minutes } min geleden
    }
online-watch = Kijken
online-list-loading = Laden…
online-failed-token = De server kent deze uitnodiging niet.
online-failed-game = De server kent dit spel niet.
online-failed-watching = Met deze link kun je alleen kijken.
online-failed-no-server = Op { $server } antwoordt geen Bao-server. Een server brengt twee spelers via het netwerk samen: start er een met bao-server op een computer die jullie allebei kunnen bereiken, of vraag wie er een beheert om het adres.
online-failed-busy = De server op { $server } heeft de afgelopen minuut veel spellen van deze computer aangenomen. Wacht een minuut en probeer het dan opnieuw.
online-failed-server-trouble = De server op { $server } kon het spel niet opslaan (een fout van de server). Probeer het later opnieuw, of meld het aan wie hem beheert.
online-failed-not-bao = Op { $server } antwoordt iets, maar niet zoals een Bao-server van deze versie. Controleer het adres.
online-try-again = Opnieuw proberen
online-failed-unreadable = Het spel van de server is niet te lezen: { $reason }
online-bad-link = Dit is geen link of code van een online spel.
online-unfinished-title = Je online partij
online-unfinished-question = Terug naar je online partij { $game }? Jij speelt { $seat }.
online-unfinished-note = Ze was nog niet afgelopen toen Bao voor het laatst sloot; je tegenstander wacht misschien.
online-host = Op deze computer aanbieden
online-host-note = Deze computer wordt de server: een vriend op hetzelfde netwerk (dezelfde wifi) vindt het spel onder “Spellen op dit netwerk”, of opent de link. Laat Bao open tot het spel afgelopen is.
online-host-starting = De server op deze computer start…
online-host-serving = Deze computer biedt spellen aan op { $server }
online-host-failed = De server kon op deze computer niet starten: { $reason }
online-host-left = De gastheer is weg — het spel gaat verder zodra de gastheer terugkomt
online-lan-title = Spellen op dit netwerk
online-lan-none = Nog niets gevonden. Een vriend op hetzelfde netwerk maakt er een met “Op deze computer aanbieden”.
online-lan-game = { $host } · { $game }
online-lan-taken = wordt gespeeld
online-lan-other-version = een andere versie van Bao
online-lan-servers = Op dit netwerk:
online-no-server-help = Geen server? “Op deze computer aanbieden” maakt van deze computer de server voor een vriend op hetzelfde netwerk, en “Spellen op dit netwerk” toont de spellen die anderen daar aanbieden. Beide staan onder “Met een vriend”.
online-unfinished-yes = Terug naar de partij
online-unfinished-no = Vergeten

# The in-game menu (Escape) and the question before a game in progress is left.
menu-title = Partij
menu-resume = Terug naar de partij
menu-leave = Partij verlaten
leave-title = Deze partij verlaten?
leave-note = De partij blijft alleen bewaard tot de eerste zet van een nieuwe partij. Sla haar op onder een naam om haar te houden.
leave-save = Eerst opslaan
leave-now = Verlaten
leave-stay = Blijven

## De gatkaart: een gat waar de aanwijzer even boven blijft, zegt wat het is en wat zijn tekens betekenen.

pit-card-title = { $pit } — { $row ->
        [front] voorste rij
        [back] achterste rij
       *[only] rij
    } van { $owner }, { $count ->
        [0] leeg
        [one] 1 zaad
       *[other] { $count } zaden
    }
pit-card-kichwa = Een kichwa: gevangen zaden komen van hieruit weer in het spel.
pit-card-kimbi = Een kimbi: zaden die hier gevangen worden, komen terug bij de kichwa aan deze kant.
pit-card-reserved = Een gat gereserveerd door { $owner } (kuweka mtoto): niemand speelt eruit, en elk zaad dat erin valt, gaat naar { $owner }.

## De tekens op het bord, in de gatkaart en in de regels.

legend-title = Tekens op het bord
legend-intro = Houd de aanwijzer even boven een gat: het noemt zijn naam, zijn zaden en wat het markeert.
legend-legal = Dunne gouden ring: dit gat kan een zet beginnen.
legend-hover = Lichtere gouden ring: het gat onder de aanwijzer; een klik speelt het.
legend-selected = Dikke oranje ring: het gat dat de zet begint.
legend-target = Dubbele groene ring: klik hier hierna, om de richting of de kichwa te kiezen.
legend-hint = Gestreepte blauwe ring: de tip van de computer.
legend-last-move = Gestippelde okerkleurige ring: hier begon de laatste zet.
legend-focus = Wit vierkant: de plek van het toetsenbord; Enter speelt die.
legend-relay = Bleke ring terwijl zaden bewegen: de zaden hier worden opgepakt en verder gezaaid.
legend-capture = Dikke rode ring terwijl zaden bewegen: hier worden zaden gevangen, of wordt tol genomen.
legend-reserved = Dikke oranje ring als een gat gereserveerd wordt; daarna draagt het gat de kleur van de eigenaar (Kingulu, kuweka mtoto).
legend-blocked = Doorgestreepte rode ring in een les: dit gat heeft zaden, maar mag nu geen zet beginnen.
