# Tentoonstellingsmodus (kiosk): ondertitels van de demolus, aftellen bij inactiviteit, uitgang voor de beheerder.

kiosk-south = Zuid
kiosk-north = Noord

## Ondertitels van de demolus: één regel per zet, uit het zetspoor van de spelengine.

kiosk-caption-sow = { $player } zaait { $count ->
        [one] 1 zaad
       *[other] { $count } zaden
    } uit gat { $pit }.
kiosk-caption-relay = { $player } zaait { $count ->
        [one] 1 zaad
       *[other] { $count } zaden
    } uit gat { $pit } en pakt { $relays ->
        [one] één keer
       *[other] { $relays } keer
    } een vol gat op om verder te zaaien.
kiosk-caption-capture = { $captures ->
        [one] { $player } zaait uit gat { $pit } en vangt { $captured ->
            [one] 1 zaad
           *[other] { $captured } zaden
        }.
       *[other] { $player } zaait uit gat { $pit } en vangt { $captures } keer, samen { $captured } zaden.
    }
kiosk-caption-capture-kichwa = { $captures ->
        [one] { $player } vangt { $captured ->
            [one] 1 zaad
           *[other] { $captured } zaden
        } en zaait ze vanaf de { $side ->
            [left] linker
           *[right] rechter
        } kichwa{ $why ->
            [kept] , zodat de zet zijn richting houdt
            [kimbi] , aan de kant van de kimbi
           *[chosen] {""}
        }.
       *[other] { $player } vangt { $captures } keer, samen { $captured } zaden, en zaait ze telkens opnieuw vanaf een kichwa.
    }
kiosk-caption-reserve = { $player } reserveert gat { $pit } (kuweka mtoto).
kiosk-caption-toll = { $player } neemt { $count ->
        [one] 1 zaad
       *[other] { $count } zaden
    } als tol.
kiosk-caption-win = { $winner } wint deze partij { $variant }: { $reason ->
        [bao_hamna] de voorste rij van { $loser } is leeg (bao hamna).
        [blockade] { $loser } kan geen zet meer doen.
        [no_seeds] { $loser } heeft geen zaden meer.
        [final_score] er is geen zet meer mogelijk, en de zaden worden geteld.
        [repetition] een stelling kwam terug, en de zaden worden geteld.
       *[other] het spel is uit.
    }
kiosk-caption-draw = Deze partij { $variant } eindigt gelijk: { $reason ->
        [repetition] dezelfde stelling kwam terug.
       *[other] beide kanten hebben evenveel zaden.
    }

## De banner van de demolus.

kiosk-attract-title = De computer speelt { $variant } tegen zichzelf
kiosk-attract-touch = Raak het scherm aan en speel mee!

## Een spel dat niemand meer speelt.

kiosk-idle-title = Speel je nog?
kiosk-idle-body = { $seconds ->
        [one] Het spel stopt over 1 seconde.
       *[other] Het spel stopt over { $seconds } seconden.
    }
kiosk-idle-continue = Ja, ik speel verder

## Pincode en menu van de beheerder.

kiosk-operator-title = Beheerder
kiosk-operator-pin = Voer de pincode van de beheerder in
kiosk-operator-wrong = Onjuiste pincode
kiosk-operator-locked = Te veel foute pogingen: wacht { $seconds } s.
kiosk-operator-delete = Wissen
kiosk-operator-ok = OK
kiosk-operator-cancel = Annuleren
kiosk-operator-scale = Grootte van knoppen en tekst
kiosk-operator-pause = { $minutes ->
        [one] Het exposiestuk 1 minuut pauzeren
       *[other] Het exposiestuk { $minutes } minuten pauzeren
    }
kiosk-operator-stop = Stoppen tot de volgende start
kiosk-operator-close = Sluiten
kiosk-operator-chord = De toetscombinatie Ctrl+Alt+Shift+Q pauzeert het exposiestuk ook.
kiosk-operator-chord-stop = De toetscombinatie Ctrl+Alt+Shift+Q stopt ook.

## The operator menu's visitor statistics (when the kiosk keeps them).

kiosk-operator-visits-today = Bezoeken vandaag: { $count }
kiosk-operator-visits-week = Bezoeken deze week (vanaf maandag): { $count }
kiosk-operator-visit-median = Mediane bezoekduur deze week: { $minutes } min { $seconds } s
kiosk-operator-most-played = Deze week het meest gespeeld: { $game }
kiosk-operator-codes-week = Deze week mee naar huis genomen partijen (getoonde QR-codes): { $count }
kiosk-operator-visits-unreadable = De bezoekersstatistiek kan niet worden gelezen (de reden staat in het logboek).
