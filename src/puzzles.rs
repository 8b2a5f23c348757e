//! Puzzles on the board: a position from `assets/puzzles/<variant>.json` (`content::puzzles`)
//! with a goal — capture at least so many seeds with one move, reserve a hole (Kingulu), or
//! force a win within a number of plies. The person plays the side to move; the other side is
//! played by the exact solver's best defence (`bao_ai::puzzle::best_defence`), so a win that is
//! not forced is found out. Each of the person's moves is judged by the engine's trace once the
//! board has shown it, never before its seeds land; a hint is the solver's move, and "show the
//! solution" plays the file's solution from the start. A puzzle's lifecycle (opened, following
//! the board, hints, left) is the one it shares with the lessons (`guide`).

use crate::content::puzzles::puzzles;
use crate::core::{
    Activity, Busy, CoreSet, Level, Loads, MoveSource, Seat, SeatMove, Session, SessionChanges,
    in_activity,
};
use crate::guide::{self, Guide, Opening, Run};
use crate::records::{Kept, KeptIds, Notice, load_kept, save_kept};
use bao_ai::puzzle::{
    Goal, Puzzle, best_defence, keeps_forced_win, reserves_hole, seeds_captured, winning_move,
};
use bao_engine::{Move, Player, Position, Variant};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SolvedPuzzles>()
        .add_plugins(guide::plugin::<ActivePuzzle>)
        .add_systems(Startup, load_kept::<SolvedPuzzles>)
        .add_systems(Last, save_kept::<SolvedPuzzles>)
        .add_systems(
            Update,
            // The defence answers the move the guide has just judged.
            defend
                .in_set(CoreSet::Computer)
                .after(guide::follow_the_board::<ActivePuzzle>)
                .run_if(in_activity(Activity::Puzzle)),
        );
}

/// The defender answers no sooner than this after the person's move has been shown, so that
/// the position can be seen (virtual seconds).
const DEFENCE_PAUSE: f32 = 0.6;

/// What the overlay asks of the puzzles.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// Put puzzle `index` of `variant`'s game on the board.
    Open {
        /// The game.
        variant: Variant,
        /// Its place in the game's file, from 0.
        index: usize,
    },
    /// Start the puzzle on the board again.
    Retry,
    /// The next puzzle of the game.
    Next,
    /// Play the file's solution from the start.
    ShowSolution,
}

/// The puzzle on the board, if the session is one.
pub type PuzzleRun = Run<ActivePuzzle>;

/// The storage key of the puzzles solved.
pub const SOLVED_KEY: &str = "puzzles";

/// The ids of the puzzles solved, kept between runs where the records keep anything (a kiosk's
/// visitor starts fresh).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq, Deref, DerefMut)]
pub struct SolvedPuzzles(pub KeptIds);

impl Kept for SolvedPuzzles {
    const KEY: &'static str = SOLVED_KEY;
    const WHAT: &'static str = "the puzzles solved";

    fn known(id: &str) -> bool {
        Variant::GAMES
            .iter()
            .any(|&v| puzzles(v).is_ok_and(|set| set.iter().any(|p| p.id == id)))
    }

    fn broken(why: String) -> Notice {
        Notice::PuzzlesBroken(why)
    }
}

/// A puzzle being solved.
#[derive(Clone, Debug, PartialEq)]
pub struct ActivePuzzle {
    /// The game (Kujifunza's puzzles serve both its readings).
    pub variant: Variant,
    /// The puzzle's place in its game's file.
    pub index: usize,
    /// Of how many.
    pub of: usize,
    /// What to achieve.
    pub goal: Goal,
    /// The side the person plays.
    pub solver: Player,
    /// How it stands.
    pub verdict: Verdict,
    /// Hints asked for.
    pub hints: u32,
    /// The game's plies judged so far.
    judged: usize,
}

/// How a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Waiting for the person's move (or the defence).
    Solving,
    /// The goal is reached.
    Solved,
    /// The person's last move misses the goal.
    Missed(Miss),
    /// The solution is being shown.
    Solution,
}

/// How a move missed the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    /// It captured `got` seeds, fewer than the goal's.
    TooFew {
        /// Seeds it took off the opponent's side.
        got: u32,
    },
    /// It reserved no hole.
    NoReservation,
    /// It lets the defender escape the forced win.
    WinEscapes,
}

impl ActivePuzzle {
    /// The puzzle's data.
    pub(crate) fn puzzle(&self) -> Option<&'static Puzzle> {
        puzzles(self.variant).ok()?.get(self.index)
    }
}

/// The session of `puzzle`: the person plays the side to move, the solver's defence the other.
fn puzzle_session(puzzle: &Puzzle) -> Option<(Session, Player)> {
    let start = puzzle
        .start()
        .inspect_err(|e| error!("puzzle {}: {e}", puzzle.id))
        .ok()?;
    let solver = start.to_move();
    let mut seats = [Seat::Human; 2];
    // Shown as the computer's side; `defend` plays it (the computer does not play puzzles).
    seats[solver.opponent().index()] = Seat::Computer(Level::Expert);
    let session = Session::from_position(start, seats).for_activity(Activity::Puzzle);
    Some((session, solver))
}

/// Loads puzzle `index` of `variant`'s game; with `solution`, plays its solution.
fn load_puzzle(
    loader: &mut Loads,
    variant: Variant,
    index: usize,
    solution: bool,
) -> Option<ActivePuzzle> {
    let set = puzzles(variant)
        .inspect_err(|e| error!("the puzzles of {variant}: {e}"))
        .ok()?;
    let puzzle = set.get(index)?;
    let (session, solver) = puzzle_session(puzzle)?;
    let moves = if solution {
        puzzle
            .solution_moves()
            .inspect_err(|(i, e)| error!("puzzle {}, move {i}: {e}", puzzle.id))
            .ok()?
    } else {
        Vec::new()
    };
    loader.load_and_play(session, moves);
    Some(ActivePuzzle {
        variant: variant.game(),
        index,
        of: set.len(),
        goal: puzzle.goal,
        solver,
        verdict: if solution {
            Verdict::Solution
        } else {
            Verdict::Solving
        },
        hints: 0,
        judged: 0,
    })
}

impl Guide for ActivePuzzle {
    type Command = PuzzleCommand;
    type Done = SolvedPuzzles;
    const ACTIVITY: Activity = Activity::Puzzle;

    fn open(
        command: PuzzleCommand,
        current: Option<&ActivePuzzle>,
        _solved: &SolvedPuzzles,
        board: &mut Opening,
    ) -> Option<ActivePuzzle> {
        let (variant, index, solution) = match (command, current) {
            (PuzzleCommand::Open { variant, index }, _) => (variant, index, false),
            (PuzzleCommand::Retry, Some(p)) => (p.variant, p.index, false),
            (PuzzleCommand::Next, Some(p)) => (p.variant, p.index + 1, false),
            (PuzzleCommand::ShowSolution, Some(p)) => (p.variant, p.index, true),
            (_, None) => return None,
        };
        load_puzzle(&mut board.loads, variant, index, solution)
    }

    /// Judges each of the person's moves once the board has shown it: the goal reached,
    /// missed, or (a win) still forced. A move taken back is judged again when it is played
    /// again.
    fn follow(&mut self, session: &Session, solved: &mut SolvedPuzzles, _: &mut SessionChanges) {
        let moves = session.game().moves();
        if moves.len() < self.judged {
            // Undone: judge the moves from there again.
            self.judged = moves.len();
            if matches!(self.verdict, Verdict::Missed(_)) {
                self.verdict = Verdict::Solving;
            }
        }
        let was = self.verdict;
        while self.judged < moves.len() && self.verdict == Verdict::Solving {
            let ply = self.judged;
            self.judged += 1;
            let before = &session.game().positions()[ply];
            if before.to_move() == self.solver {
                self.verdict = judge(self.goal, before, moves[ply], ply, self.solver);
            }
        }
        // Once, when the verdict turns: this runs every frame.
        if was != Verdict::Solved
            && self.verdict == Verdict::Solved
            && let Some(puzzle) = self.puzzle()
        {
            solved.done.insert(puzzle.id.clone());
        }
    }

    /// The move that reaches the goal, while the puzzle is being solved.
    fn hint(&mut self, session: &Session) -> Option<Option<Move>> {
        if self.verdict != Verdict::Solving {
            return None;
        }
        self.hints += 1;
        Some(hint_for(self, session))
    }
}

/// The verdict on the person's move `mv` from `before`, the game's ply `ply` of the puzzle.
fn judge(goal: Goal, before: &Position, mv: Move, ply: usize, solver: Player) -> Verdict {
    match goal {
        Goal::Capture { seeds } => {
            let got = seeds_captured(before, mv).unwrap_or(0);
            if got >= seeds {
                Verdict::Solved
            } else {
                Verdict::Missed(Miss::TooFew { got })
            }
        }
        Goal::Reserve => {
            if reserves_hole(before, mv) == Some(true) {
                Verdict::Solved
            } else {
                Verdict::Missed(Miss::NoReservation)
            }
        }
        Goal::Win { plies } => {
            let left = plies.saturating_sub(ply as u32);
            if !keeps_forced_win(before, mv, left) {
                return Verdict::Missed(Miss::WinEscapes);
            }
            let won = before
                .play(mv)
                .is_ok_and(|after| after.outcome().winner() == Some(solver));
            if won {
                Verdict::Solved
            } else {
                Verdict::Solving
            }
        }
    }
}

/// The plies of a win puzzle left at the game's ply `ply`.
fn plies_left(active: &ActivePuzzle, ply: usize) -> Option<u32> {
    match active.goal {
        Goal::Win { plies } => Some(plies.saturating_sub(ply as u32)),
        _ => None,
    }
}

/// The move that reaches the goal from the position on the board: the file's first move at
/// the start, the solver's fastest win later in a win puzzle.
fn hint_for(active: &ActivePuzzle, session: &Session) -> Option<Move> {
    let ply = session.game().moves().len();
    match plies_left(active, ply) {
        Some(left) => winning_move(session.game().position(), left).map(|(mv, _)| mv),
        None if ply == 0 => active.puzzle()?.solution_moves().ok()?.first().copied(),
        None => None,
    }
}

/// The defender's reply in a win puzzle: the exact solver's best defence, after a pause.
fn defend(
    run: Res<PuzzleRun>,
    session: Res<Session>,
    (busy, time): (Res<Busy>, Res<Time>),
    mut waiting: Local<Option<(u64, usize, f32)>>,
    mut play: MessageWriter<SeatMove>,
) {
    let Some(active) = &run.0 else {
        return;
    };
    let ply = session.game().moves().len();
    let defender_to_move = session.game().position().to_move() != active.solver;
    let ready = active.verdict == Verdict::Solving
        && active.judged == ply
        && defender_to_move
        && !busy.moving
        && !session.game().outcome().is_over();
    let Some(left) = plies_left(active, ply).filter(|_| ready) else {
        *waiting = None;
        return;
    };
    let now = time.elapsed_secs();
    // Keyed by the session too: a puzzle opened again starts its pause afresh.
    let at = (session.stamp(), ply);
    let since = match *waiting {
        Some((stamp, ply, since)) if (stamp, ply) == at => since,
        _ => {
            *waiting = Some((at.0, at.1, now));
            now
        }
    };
    if now - since < DEFENCE_PAUSE {
        return;
    }
    *waiting = None;
    if let Some(defence) = best_defence(session.game().position(), left) {
        play.write(SeatMove::next(&session, defence.mv, MoveSource::Script));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_loads_as_a_session_with_the_person_to_move() {
        for v in [
            Variant::Kujifunza,
            Variant::Kingulu,
            Variant::Kigogo,
            Variant::Kimasai,
        ] {
            for p in puzzles(v).expect("the file parses") {
                let (session, solver) = puzzle_session(p).expect("the position is valid");
                assert_eq!(session.seat(solver), Seat::Human, "{}", p.id);
                assert_ne!(session.seat(solver.opponent()), Seat::Human, "{}", p.id);
                assert_eq!(session.activity(), Activity::Puzzle);
            }
        }
    }

    #[test]
    fn the_solutions_first_move_is_judged_solved_and_a_worse_move_missed() {
        for v in [Variant::Kingulu, Variant::Kigogo] {
            for p in puzzles(v).expect("the file parses") {
                let start = p.start().expect("valid");
                let first = p.solution_moves().expect("notation")[0];
                let verdict = judge(p.goal, &start, first, 0, start.to_move());
                let plies = match p.goal {
                    Goal::Win { plies } => plies,
                    _ => 1,
                };
                if plies == 1 {
                    assert_eq!(verdict, Verdict::Solved, "{}", p.id);
                } else {
                    assert_eq!(verdict, Verdict::Solving, "{}", p.id);
                }
                // Every puzzle has a move that misses its goal.
                let missed = start
                    .legal_moves()
                    .into_iter()
                    .map(|mv| judge(p.goal, &start, mv, 0, start.to_move()))
                    .any(|v| matches!(v, Verdict::Missed(_)));
                assert!(missed, "{}", p.id);
            }
        }
    }
}
