//! Whether a move reaches a puzzle's goal, read from the engine's move trace, and the grade.

use super::Goal;
use super::solve::keeps_forced_win;
use bao_engine::{Move, MoveSummary, Position, Step};

/// Seeds that `mv`, played by the side to move in `position`, takes off the opponent's side:
/// the seeds of the opponent's pits that the move's captures empty, read from the engine's
/// trace (`Step::Capture`). In Kujifunza they go into the mover's hand and are sown again on
/// the mover's side (KU-6, KU-7); in Kigogo and Kimasai the front pit and the back pit behind
/// it leave the game (KG-4, KM-3); in Kingulu the opposite pit does (KN-4), while the
/// capturing seed, which lay on the mover's own row, and the tolls of reserved holes (KN-6,
/// seeds the mover sowed) are not the opponent's seeds. `None` if `mv` is not legal.
pub fn seeds_captured(position: &Position, mv: Move) -> Option<u32> {
    let (_, steps) = position.play_traced(mv).ok()?;
    let mover = position.to_move();
    let opponent = mover.opponent();
    let taken = steps
        .iter()
        .filter_map(|step| match *step {
            Step::Capture { pit, count, by, .. }
                if by == mover
                    && position.name_of(pit).map(|(owner, _)| owner) == Some(opponent) =>
            {
                Some(u32::from(count))
            }
            _ => None,
        })
        .sum();
    Some(taken)
}

/// Whether `mv`, played by the side to move in `position`, reserves a hole (Kingulu, kuweka
/// mtoto: a lap ending in an unreserved opponent pit that held exactly 3 seeds, KN-5), read from
/// the engine's summary of the move's trace. `None` if `mv` is not legal; `Some(false)` in the
/// other games.
pub fn reserves_hole(position: &Position, mv: Move) -> Option<bool> {
    let (_, steps) = position.play_traced(mv).ok()?;
    let summary = MoveSummary::of(position, mv, &steps)?;
    Some(summary.reserved.is_some())
}

/// Whether `mv`, played by the side to move in `position`, reaches `goal`: captures at least
/// the goal's seeds ([`seeds_captured`]), reserves a hole ([`reserves_hole`]), or keeps a forced
/// win within the goal's plies, `mv` being the first of them ([`keeps_forced_win`]: in a win
/// puzzle the game asks this after each of the player's moves with the plies left). `false`
/// for an illegal move.
pub fn goal_reached_by(position: &Position, mv: Move, goal: &Goal) -> bool {
    match *goal {
        Goal::Win { plies } => keeps_forced_win(position, mv, plies),
        Goal::Capture { seeds } => seeds_captured(position, mv).is_some_and(|s| s >= seeds),
        Goal::Reserve => reserves_hole(position, mv).unwrap_or(false),
    }
}

/// A puzzle's grade, the `depth` a file may carry: for a win the plies of the goal; for a
/// capture or a reservation a difficulty from how many of the `legal` moves reach the goal
/// (`reaching`): 3 when only one of five or more does, 2 when at most a third do, else 1.
pub fn grade(position: &Position, goal: &Goal) -> u32 {
    match *goal {
        Goal::Win { plies } => plies,
        Goal::Capture { .. } | Goal::Reserve => {
            let legal = position.legal_moves();
            let reaching = legal
                .iter()
                .filter(|&&mv| goal_reached_by(position, mv, goal))
                .count();
            difficulty(reaching, legal.len())
        }
    }
}

/// The 1–3 difficulty of a one-move goal that `reaching` of `legal` moves reach ([`grade`]).
pub(crate) const fn difficulty(reaching: usize, legal: usize) -> u32 {
    if reaching == 1 && legal >= 5 {
        3
    } else if reaching * 3 <= legal {
        2
    } else {
        1
    }
}
