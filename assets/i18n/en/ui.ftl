# Screens, buttons and messages of the game.

seed-count = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
language = Language

## Players and who plays them.

player-south = South
player-north = North
seat-human = Human
seat-computer = Computer ({ $level })
seat-remote = Player elsewhere
level-beginner = Beginner
level-easy = Easy
level-medium = Medium
level-hard = Hard
level-expert = Expert

## The title screen.

title-name = Bao
title-subtitle = Four mancala games of East Africa
title-south = South (near side, moves first)
title-north = North (far side)
title-computer = Computer:
title-play = Play
title-rules = Rules

## The bars above and below the board.

hud-new-game = New game
hud-settings = Settings
hud-menu = Menu
hud-rules = Rules
hud-to-move-mark = · to move
hud-seeds = { $count ->
    [one] { $count } seed on this side
   *[other] { $count } seeds on this side
}
hud-captured = · { $count } captured
hud-score = · score { $score }
hud-game-over = Game over
hud-thinking = { $player } is thinking…
hud-sowing = Sowing…
hud-to-move = { $player } to move
hud-your-move = Your move ({ $player })
hud-hint = Hint: { $move } (the dashed ring on the board)
hud-hint-proven = It wins by force: a proven line to the end.
hud-hint-table = With perfect play from here the count ends South { $south }, North { $north }.
hud-redo = Redo
hud-undo = Undo
hud-skip = Skip
hud-hint-button = Hint
hud-no-moves = No moves yet

## Why a click made no move.

feedback-game-over = The game is over.
feedback-wait-for-computer = Wait for the computer's move.
feedback-wait-for-opponent = Wait for your opponent's move.
feedback-choose-kichwa = Choose a kichwa: click one of the two end pits with a double ring.
feedback-kichwa-asked = A capture: choose the kichwa to sow the captured seeds from (one of the two end pits with a double ring).
feedback-cannot-start = That pit cannot start a move now.
feedback-not-this-lesson = That is a legal move, but not the one this lesson is about: try the glowing pit.
feedback-refused-game-over = Cannot play { $move }: the game is over.
feedback-refused-illegal = { $move } is not a legal move in this position.
feedback-refused-kichwa-not-chosen = { $move } is not a move of these rules: after a capture from a middle pit the move keeps its direction, so moves carry no /L or /R. Those letters belong to the reading where the player chooses the kichwa.
feedback-reentry-kimbi = A capture from a kimbi: the seeds are sown again from the { $side ->
        [left] left
       *[right] right
    } kichwa, on its side.
feedback-reentry-kept = A capture from a middle pit: the move keeps going { $direction ->
        [clockwise] clockwise
       *[counterclockwise] counterclockwise
    }, so the seeds are sown again from the { $side ->
        [left] left
       *[right] right
    } kichwa.
reading-question = Kichwa after a middle capture:
reading-kujifunza = keep the direction (written rules)
reading-kujifunza-choice = the player chooses (as the source text reads)
reading-question-short = Kichwa:
reading-kujifunza-short = keeps the direction
reading-kujifunza-choice-short = chosen by the player
refusal-not-a-pit = That is not a pit of this board.
refusal-not-your-pit = That pit is { $player }'s.
refusal-empty = That pit is empty.
refusal-reserved = Reserved holes are never played.
refusal-singleton = A single seed cannot start a move here.
refusal-capture-compulsory = A capture is possible, and captures are compulsory.
refusal-long-first-lap = 16 seeds or more never capture: their first lap goes all the way round. A capture is possible elsewhere, and captures are compulsory.
refusal-front-row-first = Without a capture, play from the front row while it has a pit of two or more.
refusal-first-lap-own-row = The first lap would end in an occupied pit of your own row.
refusal-next-pit-occupied = The next pit is occupied.
refusal-endless = Every move from here would go on endlessly.

## The rules panel.

rules-window-title = { $variant } — rules
rules-tab-rules = Rules
rules-tab-show-me = Show me
rules-tab-words = Local words
rules-tab-history = History
rules-tab-house-rules = House rules
rules-notation-heading = Reading the move list
rules-see-house-rules = Some points are not settled by the sources; see "House rules".
rules-show-me-intro = Each example sets up a position on the board and plays its moves slowly, so you can follow every seed.
rules-show-me = Show me
rules-moves = Moves: { $moves }
rules-example-error = This example could not be loaded.
rules-house-rules-intro = The old descriptions leave a few questions open. This program answers them as follows:
rules-example = Example: { $title }
rules-back-to-game = Back to my game
rules-close = Close
rules-replay = Replay

## The settings window.

settings-title = Settings
settings-speed = Animation speed
settings-slow = Slow
settings-normal = Normal
settings-fast = Fast
settings-pause = Pause
settings-show-counts = Show seed counts on the pits
settings-explain-moves = Explain moves: a caption for each step as the seeds are sown, and the whole move in one line once they have landed
settings-show-pit-names = Show pit names on the board (as in the move list: a3)
settings-explain-first-games = On for your first { $games } games, then off by itself, unless you set it here.
settings-reduced-motion = Reduced motion (no circling camera, seeds glide)
settings-high-contrast = High contrast (white cards, black text)
settings-face-to-face = Face to face (two players across a table: the board seen from above, North's texts turned to North)
settings-interface-scale = Interface size
settings-quality = Picture
settings-quality-high = High
settings-quality-standard = Standard
settings-reset-view = Reset the view
settings-camera-help = Drag to turn the board, scroll or pinch to zoom.

## The game-over panel.

game-over-title = Game over
game-over-moves = { $count ->
    [one] after { $count } move
   *[other] after { $count } moves
}
game-over-new-game = New game
game-over-undo = Undo
game-over-look = Look at the board
# A finished game's QR code on the game-over card (a museum's kiosk): a link to the game's
# web page, the whole game in the link.
take-home-title = Take this game home
take-home-scan = Scan the code with your phone: your game and its review open in the browser.

# A move of the move list played again.
replay-move-again = Move { $number }, { $move }, played again — back to the game in a moment
replay-move-hover = Play this move again, with each step told

# The keys (rules panel, Keys tab).
rules-tab-keys = Keys
keys-intro = Every move can be made with the keyboard, without a mouse or a touch.
keys-arrows = Arrow keys: move the white square frame (the focus) across the board.
keys-enter = Enter: click the pit under the ring — the start pit, then in Kujifunza the first pit of the direction or the kichwa asked for.
keys-space = Space: finish the move being sown at once.
keys-escape = Escape: close the window on top, or drop a half-made move.
keys-tab = Tab and Shift+Tab: move through the buttons of the cards and windows (a thick dark edge marks the one chosen); Enter or Space presses it; Escape comes back to the board.
keys-hint = H: a hint.
keys-undo = U or Ctrl+Z: take the last move back.
keys-redo = Shift+U or Ctrl+Y: play it again.
keys-home = Home: the camera back to its place.
keys-gamepad = A gamepad: the D-pad moves the focus, A (the lower button) clicks, B finishes the move being sown, X asks for a hint, Y takes a move back, the right shoulder plays it again.

# Read out to screen readers on the web (the page's live region).
live-played = { $player } played { $move }.
live-captured = { $count } seeds captured.
live-focus = Focus: { $pit }, { $side }

## Online play: the "Play online" window and the bars' connection line.
title-online = Play online
# The title card's button (short, so that a card's buttons keep to one row).
online-title = Play online: { $game }
online-invite = Invite a friend
online-invite-note = Creates a game on the server: you play South, and get a link to send to your friend.
online-join = Join
online-join-hint = Paste a link or code
online-server = Server
online-link = Send this link to your friend:
online-code = Code: { $code }
online-copy = Copy
online-waiting = Waiting for { $player } to join…
online-back = Back to the game
online-leave = Leave the game
online-close = Close
online-creating = Creating the game…
online-connecting = Connecting…
online-connected = Connected
online-reconnecting = Reconnecting…
online-here = { $player } is here
online-away = { $player } is away
online-resigned = { $player } resigned
online-resign = Resign
online-resign-confirm = Resign this game?
online-resign-yes = Yes, resign
online-resign-no = No
online-resigned-reason = { $player } resigned.
online-rematch = Rematch
online-rematch-asked = Asked for a rematch — waiting for { $player }
online-watching = Watching
online-tab-friend = With a friend
online-tab-open = Open games
online-tab-watch = Watch
online-open-note = Games of { $game } waiting for an opponent. Take one, or wait for someone to take yours.
online-open-none = No game of { $game } is waiting right now.
online-open-entry = You play { $player } · { $minutes ->
        [0] just opened
       *[other] waiting { $minutes } min
    }
online-open-play = Play
online-open-wait = Wait for an opponent
online-open-taken = Someone else took that game first. Here are the games waiting now.
online-waiting-opponent = Waiting for an opponent…
online-stop-waiting = Stop waiting
online-stop-watching = Stop watching
online-live-note = Games of { $game } being played now.
online-live-none = No game of { $game } is being played right now.
online-live-entry = { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    } · { $minutes ->
        [0] last move just now
       *[other] last move { $minutes } min ago
    }
online-watch = Watch
online-list-loading = Loading…
online-failed-token = The server does not know this invitation.
online-failed-game = The server does not know this game.
online-failed-watching = With this link you can only watch.
online-failed-no-server = No Bao server answers at { $server }. A server lets two players meet over the network: start one with bao-server on a computer you can both reach, or ask whoever hosts one for its address.
online-failed-busy = The server at { $server } has taken many games from this computer in the last minute. Wait a minute, then try again.
online-failed-server-trouble = The server at { $server } could not store the game (a fault of the server). Try again later, or tell whoever hosts it.
online-failed-not-bao = Something answers at { $server }, but not as a Bao server of this version does. Check the address.
online-try-again = Try again
online-failed-unreadable = The server's game cannot be read: { $reason }
online-bad-link = This is not a link or code of an online game.
online-unfinished-title = Your online game
online-unfinished-question = Go back to your online game of { $game }? You play { $seat }.
online-unfinished-note = It was not over when Bao last closed; your opponent may be waiting.
online-host = Host on this computer
online-host-note = This computer becomes the server: a friend on the same network (the same Wi-Fi) finds the game under “Games on this network”, or opens the link. Keep Bao open until the game is over.
online-host-starting = Starting the server on this computer…
online-host-serving = This computer hosts games at { $server }
online-host-failed = The server could not start on this computer: { $reason }
online-host-left = The host has left — the game goes on when the host comes back
online-lan-title = Games on this network
online-lan-none = None found yet. A friend on the same network makes one with “Host on this computer”.
online-lan-game = { $host } · { $game }
online-lan-taken = being played
online-lan-other-version = another version of Bao
online-lan-servers = On this network:
online-no-server-help = No server? “Host on this computer” makes this computer the server for a friend on the same network, and “Games on this network” shows the games others host there. Both are under “With a friend”.
online-unfinished-yes = Go back to it
online-unfinished-no = Forget it

# The in-game menu (Escape) and the question before a game in progress is left.
menu-title = Game
menu-resume = Back to the game
menu-leave = Leave the game
leave-title = Leave this game?
leave-note = The game is kept only until a new game's first move. Save it under a name to keep it for good.
leave-save = Save it first
leave-now = Leave
leave-stay = Stay

## The pit card: a pit held under the pointer says what it is and what its marks mean.

pit-card-title = { $pit } — { $owner }'s { $row ->
        [front] front row
        [back] back row
       *[only] row
    }, { $count ->
        [0] empty
        [one] 1 seed
       *[other] { $count } seeds
    }
pit-card-kichwa = A kichwa: captured seeds come back into play from here.
pit-card-kimbi = A kimbi: seeds captured from here come back in at the kichwa on this side.
pit-card-reserved = A hole reserved by { $owner } (kuweka mtoto): nobody plays it, and every seed that falls in goes to { $owner }.

## The marks on the board, in the pit card and in the rules.

legend-title = Marks on the board
legend-intro = Hold the pointer over a pit for a moment: it says its name, its seeds and what marks it.
legend-legal = Thin golden ring: this pit can start a move.
legend-hover = Brighter golden ring: the pit under the pointer; a click plays it.
legend-selected = Bold orange ring: the pit chosen to start the move.
legend-target = Double green ring: click here next, to choose the direction or the kichwa.
legend-hint = Dashed blue ring: the computer's hint.
legend-last-move = Dotted ochre ring: the last move started here.
legend-focus = White square: the keyboard's place; Enter plays it.
legend-relay = Pale ring while seeds move: the seeds here are lifted and sown on.
legend-capture = Bold red ring while seeds move: seeds are captured here, or a toll is taken.
legend-reserved = Bold orange ring as a hole is reserved; from then on the hole is marked in its owner's colour (Kingulu, kuweka mtoto).
legend-blocked = Struck-through red ring in a lesson: this pit holds seeds but may not start a move now.
