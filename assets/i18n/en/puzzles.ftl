# Puzzles: positions from the computer's games against itself, each with a goal, played on the
# board against the best defence.

puzzles-button = Puzzles
puzzles-title = { $game }: puzzles
puzzles-intro = Positions from games the computer played against itself. Each asks for one thing; the harder ones need you to see a few moves ahead. The opponent defends as well as it can.
puzzles-none = The puzzles of this game could not be read.
puzzles-progress-reset = The saved list of puzzles solved could not be read; every puzzle starts unsolved.
puzzle-number = { $game } · puzzle { $number } of { $count }
puzzle-goal-capture = Capture at least { $seeds ->
        [one] one of the opponent's seeds
       *[other] { $seeds } of the opponent's seeds
    } with one move.
puzzle-goal-reserve = Reserve a hole (kuweka mtoto) with one move.
puzzle-goal-win = Win within { $moves ->
        [one] one move
       *[other] { $moves } of your moves
    }, whatever the opponent does.
puzzle-short-capture = Capture { $seeds ->
        [one] a seed
       *[other] { $seeds } seeds
    }
puzzle-short-reserve = Reserve a hole
puzzle-short-win = Win in { $moves ->
        [one] one move
       *[other] { $moves } moves
    }
puzzle-you-play = You play { $player }.
puzzle-solving = Find the move and play it on the board.
puzzle-still-forced = Good: the win is still forced. Your move.
puzzle-solved = Solved!
puzzle-solved-hints = Solved, with { $hints ->
        [one] one hint
       *[other] { $hints } hints
    }.
puzzle-missed-few = That move captures { $got ->
        [one] one seed
       *[other] { $got } seeds
    }; the goal is { $seeds }. Undo it, or try again.
puzzle-missed-reserve = That move reserves no hole. Undo it, or try again.
puzzle-missed-win = That move lets the opponent escape: the win is no longer forced. Undo it, or try again.
puzzle-solution = The solution, played out.
puzzle-hint = Hint
puzzle-show-solution = Show the solution
puzzle-retry = Try again
puzzle-next = Next puzzle
puzzle-all = All puzzles
puzzle-solved-mark = solved
