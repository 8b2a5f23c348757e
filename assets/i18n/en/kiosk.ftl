# Exhibition kiosk mode: attract-loop captions, idle countdown, operator exit.

kiosk-south = South
kiosk-north = North

## Captions of the attract loop: one line for each move, from the engine's move trace.

kiosk-caption-sow = { $player } sows { $count ->
        [one] 1 seed
       *[other] { $count } seeds
    } from pit { $pit }.
kiosk-caption-relay = { $player } sows { $count ->
        [one] 1 seed
       *[other] { $count } seeds
    } from pit { $pit } and picks up a full pit { $relays ->
        [one] once
       *[other] { $relays } times
    } to sow on.
kiosk-caption-capture = { $captures ->
        [one] { $player } sows from pit { $pit } and captures { $captured ->
            [one] 1 seed
           *[other] { $captured } seeds
        }.
       *[other] { $player } sows from pit { $pit } and captures { $captures } times, { $captured } seeds in all.
    }
kiosk-caption-capture-kichwa = { $captures ->
        [one] { $player } captures { $captured ->
            [one] 1 seed
           *[other] { $captured } seeds
        } and sows them from the { $side ->
            [left] left
           *[right] right
        } kichwa{ $why ->
            [kept] , so that the move keeps its direction
            [kimbi] , on the side of the kimbi
           *[chosen] {""}
        }.
       *[other] { $player } captures { $captures } times, { $captured } seeds in all, each time sowing them again from a kichwa.
    }
kiosk-caption-reserve = { $player } reserves pit { $pit } (kuweka mtoto).
kiosk-caption-toll = { $player } takes { $count ->
        [one] 1 seed
       *[other] { $count } seeds
    } as toll.
kiosk-caption-win = { $winner } wins this game of { $variant }: { $reason ->
        [bao_hamna] the front row of { $loser } is empty (bao hamna).
        [blockade] { $loser } cannot move.
        [no_seeds] { $loser } has no seeds left.
        [final_score] no move is left, and the seeds are counted.
        [repetition] a position came back, and the seeds are counted.
       *[other] the game is over.
    }
kiosk-caption-draw = This game of { $variant } is a draw: { $reason ->
        [repetition] the same position came back.
       *[other] both sides have as many seeds.
    }

## The attract loop's banner.

kiosk-attract-title = The computer plays { $variant } against itself
kiosk-attract-touch = Touch the screen to play!

## A game left alone.

kiosk-idle-title = Are you still playing?
kiosk-idle-body = { $seconds ->
        [one] This game ends in 1 second.
       *[other] This game ends in { $seconds } seconds.
    }
kiosk-idle-continue = Yes, keep playing

## The operator's PIN pad and menu.

kiosk-operator-title = Operator
kiosk-operator-pin = Enter the operator PIN
kiosk-operator-wrong = Wrong PIN
kiosk-operator-locked = Too many wrong tries: wait { $seconds } s.
kiosk-operator-delete = Delete
kiosk-operator-ok = OK
kiosk-operator-cancel = Cancel
kiosk-operator-scale = Size of buttons and text
kiosk-operator-pause = { $minutes ->
        [one] Pause the exhibit for 1 minute
       *[other] Pause the exhibit for { $minutes } minutes
    }
kiosk-operator-stop = Stop until restarted
kiosk-operator-close = Close
# Where a service starts the kiosk again after a pause (Linux), the key chord pauses; elsewhere
# it stops.
kiosk-operator-chord = The key chord Ctrl+Alt+Shift+Q also pauses the exhibit.
kiosk-operator-chord-stop = The key chord Ctrl+Alt+Shift+Q also stops it.

## The operator menu's visitor statistics (when the kiosk keeps them).

kiosk-operator-visits-today = Visits today: { $count }
kiosk-operator-visits-week = Visits this week (from Monday): { $count }
kiosk-operator-visit-median = Median visit this week: { $minutes } min { $seconds } s
kiosk-operator-most-played = Most played this week: { $game }
kiosk-operator-codes-week = Games taken home this week (QR codes shown): { $count }
kiosk-operator-visits-unreadable = The visit statistics cannot be read (the log says why).
