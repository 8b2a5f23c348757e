//! The words for how a game ended: a headline and the reason, per [`EndReason`] and variant
//! (KU-10, KU-11, KN-8, KN-9, KG-5, KM-4).

use bao_engine::{EndReason, Outcome, Player, Position, Variant};

/// How a finished game is announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// "South wins" or "A draw".
    pub headline: String,
    /// Why, e.g. "North's front row is empty — bao hamna".
    pub reason: String,
}

/// `South` or `North`.
pub const fn player_name(player: Player) -> &'static str {
    match player {
        Player::South => "South",
        Player::North => "North",
    }
}

/// The announcement of `outcome`, reached in `last` (the game's final position); `None` while the
/// game goes on.
pub fn ending(outcome: Outcome, last: &Position) -> Option<Ending> {
    let headline = match outcome {
        Outcome::Ongoing => return None,
        Outcome::Win { winner, .. } => format!("{} wins", player_name(winner)),
        Outcome::Draw { .. } => "A draw".to_owned(),
    };
    let reason = outcome.reason()?;
    // The side that ran out of something: the loser, or in a draw the player to move.
    let stuck = outcome
        .winner()
        .map_or(last.to_move(), |winner| winner.opponent());
    let stuck = player_name(stuck);
    let variant = last.variant();
    let reason = match reason {
        EndReason::BaoHamna => format!("{stuck}'s front row is empty — bao hamna"),
        EndReason::Blockade => format!("{stuck} cannot move"),
        EndReason::NoSeeds => format!("{stuck} has no seeds left"),
        EndReason::FinalScore => {
            format!("{stuck} cannot move — final count {}", count(last))
        }
        EndReason::Repetition => match variant {
            Variant::Kujifunza => "Position repeated three times — draw (house rule)".to_owned(),
            Variant::Kingulu => format!(
                "Position repeated three times (house rule) — final count {}",
                count(last)
            ),
            Variant::Kigogo | Variant::Kimasai => "The position repeated — a draw".to_owned(),
        },
    };
    Some(Ending { headline, reason })
}

/// Kingulu's final count (KN-8), South first: "South 26, North 22".
fn count(last: &Position) -> String {
    format!(
        "South {}, North {}",
        last.kingulu_score(Player::South),
        last.kingulu_score(Player::North)
    )
}
