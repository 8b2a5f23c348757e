# Saved games, replays, sound and settings that persist.

## The saved-games window
records-button = Saved games
records-title-button = Saved games
records-title = Saved games
records-save-heading = Save this game
records-save-name = Name
records-save-button = Save
records-list-heading = Saved games
records-list-empty = No saved games yet.
records-col-moves = Moves
records-play-on = Play on
records-replay = Replay
records-delete = Delete
records-unreadable = cannot be read
records-result-ongoing = unfinished
records-result-draw = draw
records-result-win = { $winner ->
    [south] South won
   *[north] North won
}

## Move lists as text
records-moves-heading = Move list
records-copy = Copy the moves
records-copied = { $count ->
    [one] 1 move copied to the clipboard.
   *[other] { $count } moves copied to the clipboard.
}
records-paste-hint = Paste a move list here, e.g. { $example }
records-paste-button = Replay these moves
records-paste-note = The moves are played from the start of the { $variant } game on the board.
records-paste-empty = The text contains no moves.
records-paste-bad-move = Move { $number } (“{ $move }”) cannot be played: { $reason }. Nothing was changed.

## Notices
records-saved = Saved as “{ $name }”.
records-deleted = “{ $name }” was deleted.
records-save-failed = The game could not be saved: { $reason }
records-open-failed = “{ $name }” cannot be opened: { $problem } The file was left as it is, and the game on the board is unchanged.
records-settings-broken = The settings could not be read ({ $reason }), so the defaults are used.
records-dismiss = OK

## What can be wrong with a saved game
records-problem-missing = the saved game is no longer there.
records-problem-storage = it could not be read ({ $detail }).
records-problem-corrupt = the file is damaged or is not a game record ({ $detail }).
records-problem-newer = it was saved by a newer version of Bao (format { $found }; this version reads up to format { $supported }). Update the game to open it.
records-problem-variant = it is a game of an unknown kind, “{ $variant }”.
records-problem-start = its starting position is invalid ({ $detail }).
records-problem-mismatch = it names one game, but its starting position belongs to another.
records-problem-move = move { $number } (“{ $move }”) cannot be played: { $reason }.
records-problem-result = the result it records ({ $stored }) is not what its moves give ({ $replayed }).

## The replay viewer
records-replay-title = Replay: { $name }
records-replay-pasted = Replay of the pasted moves
records-replay-first = Start
records-replay-back = Back
records-replay-forward = Forward
records-replay-last = End
records-replay-start = Starting position ({ $total ->
    [one] 1 move
   *[other] { $total } moves
} in all)
records-replay-position = Move { $shown } of { $total }: { $move }
records-replay-take-over = Take over from here
records-replay-close = Close the replay
records-replay-hint = Or play your own move on the board.

## Resuming after a restart
records-resume-title = Welcome back
records-resume-question = Resume your game of { $variant } from { $days ->
    [0] today
    [1] yesterday
   *[other] { $days } days ago
}?
records-resume-question-undated = Resume your unfinished game of { $variant }?
records-resume-moves = { $count ->
    [one] 1 move played
   *[other] { $count } moves played
}
records-resume-yes = Resume
records-resume-no = New game

## Sound settings
records-sound-heading = Sound
records-sound-volume = Volume
records-sound-cues = Cues (your turn, not possible)
records-sound-mute = Mute

## Why a written move cannot be played (the { $reason } of records-problem-move and
## records-paste-bad-move)
records-why-game-over = the game is already over at that point
records-why-illegal = it is not a legal move in the position reached
records-why-kichwa-not-chosen = in these rules the move keeps its direction after a middle capture, so moves carry no /L or /R (those belong to the reading where the player chooses the kichwa)
records-why-row = a move starts with the row letter a or b
records-why-number = the row letter must be followed by a pit number from 1
records-why-suffix = after the pit only a direction (+ or -) and kichwa choices (/L or /R) may follow
records-why-choice-direction = kichwa choices (/L, /R) need a direction before them, as in a3+/L
records-why-too-many-choices = a move has at most four kichwa choices
# A game in a link (the review's "Copy link", `bao --open`, the web page's #g=).
records-copy-link = Copy link
records-link-copied = The game's link was copied: whoever opens it sees the game and its review.
records-link-not-a-link = This is not a link to a game of Bao.
records-link-damaged = The game's link is damaged (cut short or mistyped): it cannot be read.
records-link-newer = The game's link was made by a newer version of Bao: update the game to open it.
records-link-illegal = The game's link holds no legal game of Bao.
