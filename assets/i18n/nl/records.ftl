# Opgeslagen partijen, herhalingen, geluid en instellingen die bewaard blijven.

## Het venster met opgeslagen partijen
records-button = Opgeslagen partijen
records-title-button = Opgeslagen partijen
records-title = Opgeslagen partijen
records-save-heading = Deze partij opslaan
records-save-name = Naam
records-save-button = Opslaan
records-list-heading = Opgeslagen partijen
records-list-empty = Nog geen opgeslagen partijen.
records-col-moves = Zetten
records-play-on = Verder spelen
records-replay = Naspelen
records-delete = Verwijderen
records-unreadable = niet leesbaar
records-result-ongoing = niet uitgespeeld
records-result-draw = remise
records-result-win = { $winner ->
    [south] Zuid heeft gewonnen
   *[north] Noord heeft gewonnen
}

## Zettenlijsten als tekst
records-moves-heading = Zettenlijst
records-copy = Zetten kopiëren
records-copied = { $count ->
    [one] 1 zet naar het klembord gekopieerd.
   *[other] { $count } zetten naar het klembord gekopieerd.
}
records-paste-hint = Plak hier een zettenlijst, bijv. { $example }
records-paste-button = Deze zetten naspelen
records-paste-note = De zetten worden gespeeld vanaf het begin van de partij { $variant } op het bord.
records-paste-empty = De tekst bevat geen zetten.
records-paste-bad-move = Zet { $number } (‘{ $move }’) kan niet worden gespeeld: { $reason }. Er is niets veranderd.

## Meldingen
records-saved = Opgeslagen als ‘{ $name }’.
records-deleted = ‘{ $name }’ is verwijderd.
records-save-failed = De partij kon niet worden opgeslagen: { $reason }
records-open-failed = ‘{ $name }’ kan niet worden geopend: { $problem } Het bestand is niet aangeraakt en de partij op het bord is ongewijzigd.
records-settings-broken = De instellingen konden niet worden gelezen ({ $reason }); de standaardwaarden worden gebruikt.
records-dismiss = OK

## Wat er mis kan zijn met een opgeslagen partij
records-problem-missing = de opgeslagen partij is er niet meer.
records-problem-storage = ze kon niet worden gelezen ({ $detail }).
records-problem-corrupt = het bestand is beschadigd of is geen partijverslag ({ $detail }).
records-problem-newer = ze is opgeslagen door een nieuwere versie van Bao (formaat { $found }; deze versie leest tot formaat { $supported }). Werk het spel bij om haar te openen.
records-problem-variant = het is een partij van een onbekend spel, ‘{ $variant }’.
records-problem-start = de beginstelling is ongeldig ({ $detail }).
records-problem-mismatch = ze noemt het ene spel, maar de beginstelling hoort bij een ander.
records-problem-move = zet { $number } (‘{ $move }’) kan niet worden gespeeld: { $reason }.
records-problem-result = de opgeslagen uitslag ({ $stored }) klopt niet met de zetten ({ $replayed }).

## Naspelen
records-replay-title = Naspelen: { $name }
records-replay-pasted = Naspelen van de geplakte zetten
records-replay-first = Begin
records-replay-back = Terug
records-replay-forward = Verder
records-replay-last = Einde
records-replay-start = Beginstelling ({ $total ->
    [one] 1 zet
   *[other] { $total } zetten
} in totaal)
records-replay-position = Zet { $shown } van { $total }: { $move }
records-replay-take-over = Vanaf hier zelf spelen
records-replay-close = Naspelen sluiten
records-replay-hint = Of speel zelf een zet op het bord.

## Hervatten na een herstart
records-resume-title = Welkom terug
records-resume-question = Je partij { $variant } van { $days ->
    [0] vandaag
    [1] gisteren
   *[other] { $days } dagen geleden
} hervatten?
records-resume-question-undated = Je onafgemaakte partij { $variant } hervatten?
records-resume-moves = { $count ->
    [one] 1 zet gespeeld
   *[other] { $count } zetten gespeeld
}
records-resume-yes = Hervatten
records-resume-no = Nieuwe partij

## Geluidsinstellingen
records-sound-heading = Geluid
records-sound-volume = Volume
records-sound-cues = Signalen (jouw beurt, niet mogelijk)
records-sound-mute = Dempen

## Waarom een geschreven zet niet gespeeld kan worden
records-why-game-over = de partij is op dat punt al afgelopen
records-why-illegal = in de bereikte stelling is dat geen toegestane zet
records-why-kichwa-not-chosen = volgens deze regels houdt de zet na een vangst uit het midden zijn richting, dus zetten hebben geen /L of /R (die horen bij de lezing waarin de speler de kichwa kiest)
records-why-row = een zet begint met de rijletter a of b
records-why-number = na de rijletter moet een gatnummer vanaf 1 volgen
records-why-suffix = na het gat mogen alleen een richting (+ of -) en keuzes van de kichwa (/L of /R) volgen
records-why-choice-direction = keuzes van de kichwa (/L, /R) hebben een richting ervoor nodig, zoals in a3+/L
records-why-too-many-choices = een zet heeft hoogstens vier keuzes van de kichwa
# A game in a link (the review's "Copy link", `bao --open`, the web page's #g=).
records-copy-link = Link kopiëren
records-link-copied = De link van de partij is gekopieerd: wie hem opent, ziet de partij en de analyse.
records-link-not-a-link = Dit is geen link naar een partij Bao.
records-link-damaged = De link van de partij is beschadigd (ingekort of verkeerd getypt): hij kan niet gelezen worden.
records-link-newer = De link van de partij komt van een nieuwere versie van Bao: werk het spel bij om hem te openen.
records-link-illegal = De link bevat geen reglementaire partij Bao.
