//! The small value types of the protocol: seats, a game's status and result, who is present.

use bao_engine::{EndReason, Outcome, Player};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One side of the board, as the protocol writes it: `"south"` or `"north"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// South, who moves first in a new game.
    South,
    /// North.
    North,
}

impl Seat {
    /// Both seats, South first.
    pub const BOTH: [Seat; 2] = [Seat::South, Seat::North];

    /// The other seat.
    #[must_use]
    pub const fn other(self) -> Seat {
        match self {
            Seat::South => Seat::North,
            Seat::North => Seat::South,
        }
    }

    /// `"south"` or `"north"`.
    pub const fn id(self) -> &'static str {
        match self {
            Seat::South => "south",
            Seat::North => "north",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl From<Player> for Seat {
    fn from(player: Player) -> Seat {
        match player {
            Player::South => Seat::South,
            Player::North => Seat::North,
        }
    }
}

impl From<Seat> for Player {
    fn from(seat: Seat) -> Player {
        match seat {
            Seat::South => Player::South,
            Seat::North => Player::North,
        }
    }
}

/// The seat a game's creator asks for (`POST /api/games`); South when the body names none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatChoice {
    /// South, who moves first.
    #[default]
    South,
    /// North.
    North,
    /// The server tosses a coin.
    Random,
}

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Moves are still played.
    Playing,
    /// The game has a result.
    Over,
}

/// Why a game ended: the engine's end reasons (docs/rules.md, 'Game end'), or a resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultReason {
    /// KU-10: the loser's front row is empty.
    BaoHamna,
    /// The player to move has no legal move.
    Blockade,
    /// The player to move has no seeds left.
    NoSeeds,
    /// Kingulu: no legal move, the seeds were counted.
    FinalScore,
    /// A position came back.
    Repetition,
    /// A player resigned.
    Resigned,
}

impl From<EndReason> for ResultReason {
    fn from(reason: EndReason) -> ResultReason {
        match reason {
            EndReason::BaoHamna => ResultReason::BaoHamna,
            EndReason::Blockade => ResultReason::Blockade,
            EndReason::NoSeeds => ResultReason::NoSeeds,
            EndReason::FinalScore => ResultReason::FinalScore,
            EndReason::Repetition => ResultReason::Repetition,
        }
    }
}

/// A finished game's result: `{"winner": "south" | "north" | null, "reason": R}`; no winner is
/// a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner; `None` (JSON `null`) for a draw. The field must be present.
    #[serde(deserialize_with = "Option::deserialize")]
    pub winner: Option<Seat>,
    /// Why the game ended.
    pub reason: ResultReason,
}

impl GameResult {
    /// The result of a game the engine judged over; `None` while it goes on.
    pub fn from_outcome(outcome: Outcome) -> Option<GameResult> {
        Some(GameResult {
            winner: outcome.winner().map(Seat::from),
            reason: outcome.reason()?.into(),
        })
    }

    /// The result when `loser` resigned: the other seat wins.
    pub const fn resigned(loser: Seat) -> GameResult {
        GameResult {
            winner: Some(loser.other()),
            reason: ResultReason::Resigned,
        }
    }
}

/// Which seats have a connection now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Present {
    /// South has at least one open socket.
    pub south: bool,
    /// North has at least one open socket.
    pub north: bool,
}

impl Present {
    /// Whether `seat` is present.
    pub const fn of(self, seat: Seat) -> bool {
        match seat {
            Seat::South => self.south,
            Seat::North => self.north,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_convert_to_players_and_back() {
        for seat in Seat::BOTH {
            assert_eq!(Seat::from(Player::from(seat)), seat);
            assert_eq!(serde_json::to_string(&seat).unwrap(), format!("\"{seat}\""));
        }
        assert_eq!(Seat::South.other(), Seat::North);
    }

    #[test]
    fn results_follow_the_engine_outcome() {
        assert_eq!(GameResult::from_outcome(Outcome::Ongoing), None);
        let win = Outcome::Win {
            winner: Player::North,
            reason: EndReason::BaoHamna,
        };
        assert_eq!(
            serde_json::to_string(&GameResult::from_outcome(win)).unwrap(),
            r#"{"winner":"north","reason":"bao_hamna"}"#
        );
        let draw = Outcome::Draw {
            reason: EndReason::Repetition,
        };
        assert_eq!(
            serde_json::to_string(&GameResult::from_outcome(draw)).unwrap(),
            r#"{"winner":null,"reason":"repetition"}"#
        );
        assert_eq!(GameResult::resigned(Seat::South).winner, Some(Seat::North));
    }

    #[test]
    fn reason_ids_are_the_engine_ids() {
        for reason in [
            EndReason::BaoHamna,
            EndReason::Blockade,
            EndReason::NoSeeds,
            EndReason::FinalScore,
            EndReason::Repetition,
        ] {
            let json = serde_json::to_string(&ResultReason::from(reason)).unwrap();
            assert_eq!(json, format!("\"{}\"", reason.id()));
        }
    }

    #[test]
    fn a_result_without_winner_field_is_refused() {
        assert!(serde_json::from_str::<GameResult>(r#"{"reason":"resigned"}"#).is_err());
        assert!(serde_json::from_str::<GameResult>(r#"{"winner":null,"reason":"x"}"#).is_err());
    }
}
