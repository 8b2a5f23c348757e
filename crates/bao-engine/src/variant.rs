//! The four variants, the two players, and the board geometry each variant is played on.

use std::fmt;
use std::str::FromStr;

/// One of the four games the engine plays (RULES.md §2–§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Bao la Kujifunza, 4×8, two seeds per pit (RULES.md §2).
    Kujifunza,
    /// Bao Kingulu, 2×6, four seeds per pit (RULES.md §3).
    Kingulu,
    /// Bao Kigogo, 4×12, two seeds per pit (RULES.md §4).
    Kigogo,
    /// Bao la Kimasai, 4×12, one seed per pit (RULES.md §5).
    Kimasai,
}

impl Variant {
    /// All variants, in the order the game presents them.
    pub const ALL: [Variant; 4] = [
        Variant::Kujifunza,
        Variant::Kingulu,
        Variant::Kigogo,
        Variant::Kimasai,
    ];

    /// The id used in the position format and on the command line.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Kujifunza => "kujifunza",
            Variant::Kingulu => "kingulu",
            Variant::Kigogo => "kigogo",
            Variant::Kimasai => "kimasai",
        }
    }

    /// The name players know the game by.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Kujifunza => "Bao la Kujifunza",
            Variant::Kingulu => "Bao Kingulu",
            Variant::Kigogo => "Bao Kigogo",
            Variant::Kimasai => "Bao la Kimasai",
        }
    }

    /// Number of rows on the board: 2 for Kingulu, 4 for the others.
    pub const fn rows(self) -> usize {
        match self {
            Variant::Kingulu => 2,
            _ => 4,
        }
    }

    /// Number of pits in each row.
    pub const fn cols(self) -> usize {
        match self {
            Variant::Kujifunza => 8,
            Variant::Kingulu => 6,
            Variant::Kigogo | Variant::Kimasai => 12,
        }
    }

    /// Number of pits on the whole board.
    pub const fn pit_count(self) -> usize {
        self.rows() * self.cols()
    }

    /// Seeds in the game at the start (KU-1: 64, KN-1: 48, KG-1: 92, KM-1: 46).
    pub const fn total_seeds(self) -> u32 {
        match self {
            Variant::Kujifunza => 64,
            Variant::Kingulu => 48,
            Variant::Kigogo => 92,
            Variant::Kimasai => 46,
        }
    }

    /// Whether each player sows around their own two rows (true) or both players share one circuit
    /// of all pits (Kingulu, KN-1).
    pub const fn is_four_row(self) -> bool {
        self.rows() == 4
    }

    /// Length of the circuit a player sows around: their own 2n pits, or Kingulu's 12.
    pub(crate) const fn ring_len(self) -> usize {
        if self.is_four_row() {
            2 * self.cols()
        } else {
            self.pit_count()
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The text was not one of the four variant ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected kujifunza, kingulu, kigogo or kimasai)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// One of the two players. South sits at the bottom of the screen and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Player 0, moves first.
    South,
    /// Player 1.
    North,
}

impl Player {
    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The id used in the position format.
    pub const fn id(self) -> &'static str {
        match self {
            Player::South => "south",
            Player::North => "north",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The text was not `south` or `north`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlayer(pub String);

impl fmt::Display for UnknownPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown player '{}' (expected south or north)", self.0)
    }
}

impl std::error::Error for UnknownPlayer {}

impl FromStr for Player {
    type Err = UnknownPlayer;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "south" => Ok(Player::South),
            "north" => Ok(Player::North),
            _ => Err(UnknownPlayer(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_ids_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
        }
        assert!("bao".parse::<Variant>().is_err());
    }

    #[test]
    fn ku_1_kn_1_kg_1_km_1_board_sizes() {
        assert_eq!(
            (Variant::Kujifunza.rows(), Variant::Kujifunza.cols()),
            (4, 8)
        );
        assert_eq!((Variant::Kingulu.rows(), Variant::Kingulu.cols()), (2, 6));
        assert_eq!((Variant::Kigogo.rows(), Variant::Kigogo.cols()), (4, 12));
        assert_eq!((Variant::Kimasai.rows(), Variant::Kimasai.cols()), (4, 12));
    }
}
