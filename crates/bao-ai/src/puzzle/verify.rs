//! Checking puzzles: the position, the solution's moves, the goal, that some move misses it,
//! the grade, and no duplicates in a set.

use super::goal::{difficulty, reserves_hole, seeds_captured};
use super::solve::{Found, MAX_WIN_PLIES, Solver};
use super::{Goal, Puzzle};
use bao_engine::{
    Game, Move, Outcome, ParseMoveError, PlayError, Position, PositionError, Variant,
};
use std::collections::HashMap;
use std::fmt;

/// What is wrong with a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleFault {
    /// The id is empty.
    EmptyId,
    /// The position fails the engine's validation (docs/rules.md, 'Validation').
    InvalidPosition(PositionError),
    /// The game is already over in the position.
    GameOver(Outcome),
    /// A win goal with an even number of plies: the mover's last move is an odd ply.
    EvenPlies {
        /// The goal's plies.
        plies: u32,
    },
    /// A win goal of 0 plies, or longer than [`MAX_WIN_PLIES`].
    PliesOutOfRange {
        /// The goal's plies.
        plies: u32,
    },
    /// A reserve goal outside Kingulu: only Kingulu reserves holes (KN-5).
    ReserveOutsideKingulu {
        /// The position's variant.
        variant: Variant,
    },
    /// The solution has no move.
    EmptySolution,
    /// A solution move is not notation.
    UnparsableMove {
        /// Its index in the solution, from 0.
        index: usize,
        /// The text.
        text: String,
        /// Why it does not parse.
        error: ParseMoveError,
    },
    /// A solution move cannot be played where it comes.
    IllegalMove {
        /// Its index in the solution, from 0.
        index: usize,
        /// The move.
        mv: Move,
        /// The engine's refusal.
        error: PlayError,
    },
    /// The solution's first move captures fewer seeds than the goal asks.
    CaptureNotReached {
        /// The first move.
        mv: Move,
        /// Seeds it takes off the opponent's side.
        captured: u32,
        /// Seeds the goal asks for.
        seeds: u32,
    },
    /// The solution's first move reserves no hole (KN-5).
    ReserveNotReached {
        /// The first move.
        mv: Move,
    },
    /// The mover has no forced win within the goal's plies.
    WinNotForced {
        /// The goal's plies.
        plies: u32,
    },
    /// The mover forces the win in fewer plies than the goal says: the grade is wrong.
    FasterWin {
        /// The goal's plies.
        plies: u32,
        /// The fastest forced win.
        fastest: u32,
    },
    /// The solution is not as long as the main line of the fastest win.
    SolutionLength {
        /// Moves in the solution.
        moves: usize,
        /// Plies of the fastest win against the longest defence.
        fastest: u32,
    },
    /// A mover's move of the solution is not a fastest winning move.
    NotFastestWin {
        /// Its index in the solution.
        index: usize,
        /// The move.
        mv: Move,
    },
    /// A defender's move of the solution is not a longest defence.
    NotLongestDefence {
        /// Its index in the solution.
        index: usize,
        /// The move.
        mv: Move,
    },
    /// The solution, replayed as a game (repetition counted), does not end in the mover's win.
    LineNotWon {
        /// The outcome after the last move.
        outcome: Outcome,
    },
    /// Every legal move reaches the goal: there is nothing to find.
    ReachedByEveryMove {
        /// The goal.
        goal: Goal,
        /// The number of legal moves.
        moves: usize,
    },
    /// The `depth` field is not the puzzle's grade ([`super::grade`]).
    DepthMismatch {
        /// The file's depth.
        stated: u32,
        /// The grade.
        grade: u32,
    },
    /// Another puzzle of the set has the same id.
    DuplicateId {
        /// The index of the first one.
        first: usize,
    },
    /// Another puzzle of the set has the same position and goal.
    DuplicatePuzzle {
        /// The id of the first one.
        first: String,
    },
}

impl fmt::Display for PuzzleFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PuzzleFault::*;
        match self {
            EmptyId => write!(f, "the id is empty"),
            InvalidPosition(e) => write!(f, "invalid position: {e}"),
            GameOver(o) => write!(f, "the game is already over in the position ({o})"),
            EvenPlies { plies } => write!(
                f,
                "win goal of {plies} plies: N even, but the mover's moves are the odd plies"
            ),
            PliesOutOfRange { plies } => write!(
                f,
                "win goal of {plies} plies: N must be from 1 to {MAX_WIN_PLIES}"
            ),
            ReserveOutsideKingulu { variant } => write!(
                f,
                "reserve goal outside Kingulu ({variant}): only Kingulu reserves holes (KN-5)"
            ),
            EmptySolution => write!(f, "the solution has no move"),
            UnparsableMove { index, text, error } => write!(
                f,
                "unparsable move in solution at index {index} ('{text}'): {error}"
            ),
            IllegalMove { index, mv, error } => {
                write!(
                    f,
                    "illegal move in solution at index {index} ({mv}): {error}"
                )
            }
            CaptureNotReached {
                mv,
                captured,
                seeds,
            } => write!(
                f,
                "goal not reached: {mv} takes {captured} of the opponent's seeds, the goal is \
                 {seeds}"
            ),
            ReserveNotReached { mv } => {
                write!(f, "goal not reached: {mv} reserves no hole (KN-5)")
            }
            WinNotForced { plies } => write!(f, "win not forced within {plies} plies"),
            FasterWin { plies, fastest } => write!(
                f,
                "the goal says {plies} plies, but the mover forces a win within {fastest}"
            ),
            SolutionLength { moves, fastest } => write!(
                f,
                "the solution has {moves} moves, but the main line (fastest win, longest \
                 defence) has {fastest}"
            ),
            NotFastestWin { index, mv } => write!(
                f,
                "solution move at index {index} ({mv}) is not a fastest winning move"
            ),
            NotLongestDefence { index, mv } => write!(
                f,
                "solution move at index {index} ({mv}) is not a longest defence"
            ),
            LineNotWon { outcome } => write!(
                f,
                "the solution does not end in the mover's win (replayed: {outcome})"
            ),
            ReachedByEveryMove { goal, moves } => write!(
                f,
                "goal reached by every move: all {moves} legal moves {goal}"
            ),
            DepthMismatch { stated, grade } => {
                write!(f, "depth is {stated}, but the puzzle's grade is {grade}")
            }
            DuplicateId { first } => {
                write!(f, "duplicate id (first used by puzzle #{})", first + 1)
            }
            DuplicatePuzzle { first } => {
                write!(f, "the same position and goal as puzzle {first}")
            }
        }
    }
}

impl std::error::Error for PuzzleFault {}

/// A fault of one puzzle of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultAt {
    /// The puzzle's index in the set, from 0.
    pub index: usize,
    /// Its id.
    pub id: String,
    /// What is wrong.
    pub fault: PuzzleFault,
}

impl fmt::Display for FaultAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.id.is_empty() {
            write!(f, "puzzle #{}: {}", self.index + 1, self.fault)
        } else {
            write!(f, "puzzle {}: {}", self.id, self.fault)
        }
    }
}

impl std::error::Error for FaultAt {}

/// Checks one puzzle completely: the position is valid and the game not over; the goal fits
/// the variant (a reserve goal only in Kingulu, KN-5; a win goal of odd plies from 1 to
/// [`MAX_WIN_PLIES`]); the solution's moves are notation and legal in sequence (replayed in a
/// [`Game`], repetition counted); the goal is reached — the first move captures the seeds
/// or reserves a hole, or the win is forced within exactly the goal's plies (the fastest win,
/// rounded up to odd) and the solution is its main line, every mover's move a fastest win and
/// every reply a longest defence, by the exact search of [`super::forced_win_within`]; some
/// legal move misses the goal; and `depth`, if given, is the [`super::grade`].
///
/// # Errors
/// The first [`PuzzleFault`] found, in that order.
pub fn verify(puzzle: &Puzzle) -> Result<(), PuzzleFault> {
    if puzzle.id.trim().is_empty() {
        return Err(PuzzleFault::EmptyId);
    }
    let start = puzzle.start().map_err(PuzzleFault::InvalidPosition)?;
    let outcome = start.outcome();
    if outcome.is_over() {
        return Err(PuzzleFault::GameOver(outcome));
    }
    match puzzle.goal {
        Goal::Win { plies } if plies % 2 == 0 && plies > 0 => {
            return Err(PuzzleFault::EvenPlies { plies });
        }
        Goal::Win { plies } if plies == 0 || plies > MAX_WIN_PLIES => {
            return Err(PuzzleFault::PliesOutOfRange { plies });
        }
        Goal::Reserve if start.variant() != Variant::Kingulu => {
            return Err(PuzzleFault::ReserveOutsideKingulu {
                variant: start.variant(),
            });
        }
        _ => {}
    }
    let moves = puzzle
        .solution_moves()
        .map_err(|(index, error)| PuzzleFault::UnparsableMove {
            index,
            text: puzzle.solution[index].clone(),
            error,
        })?;
    let Some(&first) = moves.first() else {
        return Err(PuzzleFault::EmptySolution);
    };
    let mut game = Game::from_position(start);
    for (index, &mv) in moves.iter().enumerate() {
        game.play(mv)
            .map_err(|error| PuzzleFault::IllegalMove { index, mv, error })?;
    }
    let legal = start.legal_moves();
    let reaching = match puzzle.goal {
        Goal::Capture { seeds } => {
            let captured = seeds_captured(&start, first).unwrap_or(0);
            if captured < seeds {
                return Err(PuzzleFault::CaptureNotReached {
                    mv: first,
                    captured,
                    seeds,
                });
            }
            legal
                .iter()
                .filter(|&&mv| seeds_captured(&start, mv).is_some_and(|s| s >= seeds))
                .count()
        }
        Goal::Reserve => {
            if reserves_hole(&start, first) != Some(true) {
                return Err(PuzzleFault::ReserveNotReached { mv: first });
            }
            legal
                .iter()
                .filter(|&&mv| reserves_hole(&start, mv) == Some(true))
                .count()
        }
        Goal::Win { plies } => {
            let mut solver = Solver::exact();
            exact(check_win(&mut solver, &game, plies))?;
            let every = exact(all_moves_keep_win(&mut solver, &start, plies));
            // Only "every move" matters for a win; its grade does not depend on the count.
            if every { legal.len() } else { 0 }
        }
    };
    if reaching == legal.len() {
        return Err(PuzzleFault::ReachedByEveryMove {
            goal: puzzle.goal,
            moves: legal.len(),
        });
    }
    let grade = match puzzle.goal {
        Goal::Win { plies } => plies,
        Goal::Capture { .. } | Goal::Reserve => difficulty(reaching, legal.len()),
    };
    match puzzle.depth {
        Some(stated) if stated != grade => Err(PuzzleFault::DepthMismatch { stated, grade }),
        _ => Ok(()),
    }
}

/// The win checks of [`verify`] on the replayed solution.
fn check_win(solver: &mut Solver, game: &Game, plies: u32) -> Found<Result<(), PuzzleFault>> {
    let positions = game.positions();
    let start = positions[0];
    let attacker = start.to_move();
    let Some(fastest) = solver.attacker_distance(&start, plies)? else {
        return Ok(Err(PuzzleFault::WinNotForced { plies }));
    };
    // A win at an even ply (every defence loses at once) counts as the odd ply before it.
    if fastest | 1 != plies {
        return Ok(Err(PuzzleFault::FasterWin { plies, fastest }));
    }
    let moves = game.moves();
    if moves.len() != fastest as usize {
        return Ok(Err(PuzzleFault::SolutionLength {
            moves: moves.len(),
            fastest,
        }));
    }
    // Along a main line the distance to the win falls by one each ply: a slower mover's move
    // or a shorter defence breaks it at the next position.
    for (i, at) in positions.iter().enumerate().skip(1) {
        let left = (moves.len() - i) as u32;
        let distance = if at.to_move() == attacker {
            solver.attacker_distance(at, left)?
        } else {
            solver.defender_distance(at, left)?
        };
        if distance != Some(left) {
            let (index, mv) = (i - 1, moves[i - 1]);
            return Ok(Err(if positions[i - 1].to_move() == attacker {
                PuzzleFault::NotFastestWin { index, mv }
            } else {
                PuzzleFault::NotLongestDefence { index, mv }
            }));
        }
    }
    let outcome = game.outcome();
    if outcome.winner() != Some(attacker) {
        return Ok(Err(PuzzleFault::LineNotWon { outcome }));
    }
    Ok(Ok(()))
}

/// Whether every legal move keeps a forced win within `plies`.
fn all_moves_keep_win(solver: &mut Solver, start: &Position, plies: u32) -> Found<bool> {
    for mv in start.legal_moves() {
        let Ok(after) = start.play(mv) else {
            return Ok(false);
        };
        if !solver.defender_loses(&after, plies - 1)? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn exact<T>(found: Found<T>) -> T {
    found.unwrap_or_else(|_| unreachable!("an exact solver has no budget"))
}

/// Checks a whole set: every puzzle ([`verify`]), ids unique, no two puzzles with the same
/// position and goal.
///
/// # Errors
/// Every fault found, one per puzzle at most (a duplicate first), in the set's order.
pub fn verify_set(puzzles: &[Puzzle]) -> Result<(), Vec<FaultAt>> {
    let mut faults = Vec::new();
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let mut seen: HashMap<(Position, Goal), &str> = HashMap::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let at = |fault| FaultAt {
            index,
            id: puzzle.id.clone(),
            fault,
        };
        if let Some(&first) = ids.get(puzzle.id.as_str()) {
            faults.push(at(PuzzleFault::DuplicateId { first }));
            continue;
        }
        ids.insert(&puzzle.id, index);
        if let Ok(start) = puzzle.start() {
            if let Some(first) = seen.get(&(start, puzzle.goal)) {
                faults.push(at(PuzzleFault::DuplicatePuzzle {
                    first: (*first).to_owned(),
                }));
                continue;
            }
            seen.insert((start, puzzle.goal), &puzzle.id);
        }
        if let Err(fault) = verify(puzzle) {
            faults.push(at(fault));
        }
    }
    if faults.is_empty() {
        Ok(())
    } else {
        Err(faults)
    }
}
