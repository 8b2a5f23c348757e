//! The four variants, the two players, and the board geometry each variant is played on.

use std::fmt;
use std::str::FromStr;

/// One rule set the engine plays: the four games of docs/rules.md, Bao la Kujifunza in both of
/// its readings (KU-8 and KU-8c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Bao la Kujifunza, 4×8, two seeds per pit (docs/rules.md, 'Bao la Kujifunza'): after a
    /// capture from a middle pit the move keeps its direction (KU-8), as every written source of
    /// the mtaji rules plays it.
    Kujifunza,
    /// Bao la Kujifunza with the original description's sentence read literally: the mover chooses
    /// the kichwa after every capture from a middle pit (KU-8c, rule set `kujifunza-choice`).
    KujifunzaChoice,
    /// Bao Kingulu, 2×6, four seeds per pit (docs/rules.md, 'Bao Kingulu').
    Kingulu,
    /// Bao Kigogo, 4×12, two seeds per pit (docs/rules.md, 'Bao Kigogo').
    Kigogo,
    /// Bao la Kimasai, 4×12, one seed per pit (docs/rules.md, 'Bao la Kimasai').
    Kimasai,
}

impl Variant {
    /// Every rule set, both readings of Bao la Kujifunza included: what the command line, the
    /// position format and the tests accept.
    pub const ALL: [Variant; 5] = [
        Variant::Kujifunza,
        Variant::KujifunzaChoice,
        Variant::Kingulu,
        Variant::Kigogo,
        Variant::Kimasai,
    ];

    /// The four games, one rule set each (Kujifunza as KU-8), in the order the game presents
    /// them; [`Variant::KujifunzaChoice`] is offered as a reading of Kujifunza's rules.
    pub const GAMES: [Variant; 4] = [
        Variant::Kujifunza,
        Variant::Kingulu,
        Variant::Kigogo,
        Variant::Kimasai,
    ];

    /// The id used in the position format and on the command line.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Kujifunza => "kujifunza",
            Variant::KujifunzaChoice => "kujifunza-choice",
            Variant::Kingulu => "kingulu",
            Variant::Kigogo => "kigogo",
            Variant::Kimasai => "kimasai",
        }
    }

    /// The name players know the game by (both Kujifunza rule sets are one game).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Kujifunza | Variant::KujifunzaChoice => "Bao la Kujifunza",
            Variant::Kingulu => "Bao Kingulu",
            Variant::Kigogo => "Bao Kigogo",
            Variant::Kimasai => "Bao la Kimasai",
        }
    }

    /// Whether this is Bao la Kujifunza, in either reading (docs/rules.md, 'Bao la Kujifunza').
    pub const fn is_kujifunza(self) -> bool {
        matches!(self, Variant::Kujifunza | Variant::KujifunzaChoice)
    }

    /// Whether the mover chooses the kichwa after a capture from a middle pit (KU-8c), so that
    /// moves carry `/L` and `/R`; in every other rule set a move is its pit (and direction).
    pub const fn chooses_kichwa(self) -> bool {
        matches!(self, Variant::KujifunzaChoice)
    }

    /// The game this rule set belongs to, as [`Variant::GAMES`] lists it: `kujifunza` for both
    /// readings of Kujifunza, the variant itself otherwise.
    pub const fn game(self) -> Variant {
        match self {
            Variant::KujifunzaChoice => Variant::Kujifunza,
            other => other,
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
            Variant::Kujifunza | Variant::KujifunzaChoice => 8,
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
            Variant::Kujifunza | Variant::KujifunzaChoice => 64,
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

/// The text was not one of the variant ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected kujifunza, kujifunza-choice, kingulu, kigogo or kimasai)",
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
    fn ku_8c_kujifunza_choice_is_a_reading_of_kujifunza() {
        assert_eq!("kujifunza-choice".parse(), Ok(Variant::KujifunzaChoice));
        assert!(Variant::KujifunzaChoice.is_kujifunza() && Variant::Kujifunza.is_kujifunza());
        assert!(Variant::KujifunzaChoice.chooses_kichwa());
        assert!(!Variant::Kujifunza.chooses_kichwa());
        assert_eq!(Variant::KujifunzaChoice.game(), Variant::Kujifunza);
        assert!(!Variant::GAMES.contains(&Variant::KujifunzaChoice));
        for v in Variant::ALL {
            assert!(Variant::GAMES.contains(&v.game()));
        }
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
