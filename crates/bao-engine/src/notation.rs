//! Moves and their notation (docs/rules.md, 'Moves and notation'): `b7`, `a3+`, `a6+/R/L`.

use crate::pit::{Direction, PitName, Row};
use std::fmt;
use std::str::FromStr;

/// The most kichwa choices one Kujifunza move can carry (KU-9: each of the four opponent pits
/// facing the middle pits can be captured at most once per move).
pub const MAX_CHOICES: usize = 4;

/// A kichwa (front-row end pit) of the mover: `a1` on the left, `a8` on the right (KU-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kichwa {
    /// `L`: the mover's left kichwa, `a1`.
    Left,
    /// `R`: the mover's right kichwa, `an`.
    Right,
}

impl Kichwa {
    /// The notation letter, `L` or `R`.
    pub const fn letter(self) -> char {
        match self {
            Kichwa::Left => 'L',
            Kichwa::Right => 'R',
        }
    }
}

/// A move as written from the mover's seat: the start pit, the direction (Kujifunza only) and
/// the kichwa chosen at each middle-pit capture (`kujifunza-choice`, KU-8c), in order.
///
/// A `Move` is only notation: whether it is legal depends on the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pit: PitName,
    direction: Option<Direction>,
    /// Bit `i` set means choice `i` is `Right`.
    choice_bits: u8,
    choice_len: u8,
}

impl Move {
    /// A move without a direction (Kingulu, Kigogo, Kimasai).
    pub const fn new(pit: PitName) -> Move {
        Move {
            pit,
            direction: None,
            choice_bits: 0,
            choice_len: 0,
        }
    }

    /// A Kujifunza move from `pit` in `direction`, before any kichwa choice.
    pub const fn with_direction(pit: PitName, direction: Direction) -> Move {
        Move {
            pit,
            direction: Some(direction),
            choice_bits: 0,
            choice_len: 0,
        }
    }

    /// The start pit, named from the mover's seat.
    pub const fn pit(&self) -> PitName {
        self.pit
    }

    /// The sowing direction, for Kujifunza moves.
    pub const fn direction(&self) -> Option<Direction> {
        self.direction
    }

    /// How many kichwa choices the move carries.
    pub const fn choice_count(&self) -> usize {
        self.choice_len as usize
    }

    /// The `i`-th kichwa choice, if the move has one.
    pub const fn choice(&self, i: usize) -> Option<Kichwa> {
        if i >= self.choice_len as usize {
            None
        } else if self.choice_bits & (1 << i) != 0 {
            Some(Kichwa::Right)
        } else {
            Some(Kichwa::Left)
        }
    }

    /// The kichwa choices in order.
    pub fn choices(&self) -> impl Iterator<Item = Kichwa> + '_ {
        (0..self.choice_count()).filter_map(|i| self.choice(i))
    }

    /// This move with one more kichwa choice appended, or `None` if it already has
    /// [`MAX_CHOICES`].
    #[must_use]
    pub const fn with_choice(mut self, kichwa: Kichwa) -> Option<Move> {
        if self.choice_len as usize >= MAX_CHOICES {
            return None;
        }
        if let Kichwa::Right = kichwa {
            self.choice_bits |= 1 << self.choice_len;
        }
        self.choice_len += 1;
        Some(self)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pit)?;
        if let Some(d) = self.direction {
            write!(f, "{d}")?;
        }
        for k in self.choices() {
            write!(f, "/{}", k.letter())?;
        }
        Ok(())
    }
}

/// Why a text is not a move in the notation of docs/rules.md, 'Moves and notation'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text that was given.
    pub text: String,
    /// What is wrong with it.
    pub kind: ParseMoveErrorKind,
}

/// The reasons a move text can fail to parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseMoveErrorKind {
    /// It does not start with the row letter `a` or `b`.
    BadRow,
    /// The pit number is missing, zero or not a number.
    BadNumber,
    /// Something other than `+`, `-` or `/L`, `/R` follows the pit.
    BadSuffix,
    /// Kichwa choices were given without a direction.
    ChoiceWithoutDirection,
    /// More than four kichwa choices.
    TooManyChoices,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.kind {
            ParseMoveErrorKind::BadRow => "a move starts with the row letter 'a' or 'b'",
            ParseMoveErrorKind::BadNumber => {
                "the row letter must be followed by a pit number from 1"
            }
            ParseMoveErrorKind::BadSuffix => {
                "after the pit only a direction '+' or '-' and kichwa choices '/L' or '/R' may follow"
            }
            ParseMoveErrorKind::ChoiceWithoutDirection => {
                "kichwa choices ('/L', '/R') need a direction before them, as in 'a3+/L'"
            }
            ParseMoveErrorKind::TooManyChoices => "a move has at most four kichwa choices",
        };
        write!(f, "'{}' is not a move: {why}", self.text)
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |kind| ParseMoveError {
            text: s.to_owned(),
            kind,
        };
        let mut chars = s.char_indices().peekable();
        let row = match chars.next() {
            Some((_, 'a')) => Row::Front,
            Some((_, 'b')) => Row::Back,
            _ => return Err(err(ParseMoveErrorKind::BadRow)),
        };
        let digits_end = s[1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(s.len(), |i| i + 1);
        let number: u8 = s[1..digits_end]
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| err(ParseMoveErrorKind::BadNumber))?;
        let mut rest = &s[digits_end..];
        let mut mv = Move::new(PitName { row, number });
        if let Some(r) = rest.strip_prefix('+') {
            mv.direction = Some(Direction::CounterClockwise);
            rest = r;
        } else if let Some(r) = rest.strip_prefix('-') {
            mv.direction = Some(Direction::Clockwise);
            rest = r;
        }
        while !rest.is_empty() {
            let kichwa = match rest.get(..2) {
                Some("/L") => Kichwa::Left,
                Some("/R") => Kichwa::Right,
                _ => return Err(err(ParseMoveErrorKind::BadSuffix)),
            };
            if mv.direction.is_none() {
                return Err(err(ParseMoveErrorKind::ChoiceWithoutDirection));
            }
            mv = mv
                .with_choice(kichwa)
                .ok_or_else(|| err(ParseMoveErrorKind::TooManyChoices))?;
            rest = &rest[2..];
        }
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["b7", "a3", "a3+", "b5-/L", "a6+/R/L", "a12", "a4-/L/R/R/L"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn notation_parts() {
        let mv: Move = "a6+/R/L".parse().unwrap();
        assert_eq!(
            mv.pit(),
            PitName {
                row: Row::Front,
                number: 6
            }
        );
        assert_eq!(mv.direction(), Some(Direction::CounterClockwise));
        assert_eq!(
            mv.choices().collect::<Vec<_>>(),
            [Kichwa::Right, Kichwa::Left]
        );
    }

    #[test]
    fn bad_notation_is_rejected_with_a_reason() {
        let kind = |t: &str| t.parse::<Move>().unwrap_err().kind;
        assert_eq!(kind(""), ParseMoveErrorKind::BadRow);
        assert_eq!(kind("c3"), ParseMoveErrorKind::BadRow);
        assert_eq!(kind("a"), ParseMoveErrorKind::BadNumber);
        assert_eq!(kind("a0"), ParseMoveErrorKind::BadNumber);
        assert_eq!(kind("a999"), ParseMoveErrorKind::BadNumber);
        assert_eq!(kind("a3x"), ParseMoveErrorKind::BadSuffix);
        assert_eq!(kind("a3+/X"), ParseMoveErrorKind::BadSuffix);
        assert_eq!(kind("a3+/"), ParseMoveErrorKind::BadSuffix);
        assert_eq!(kind("a3/L"), ParseMoveErrorKind::ChoiceWithoutDirection);
        assert_eq!(kind("a3+/L/L/L/L/L"), ParseMoveErrorKind::TooManyChoices);
        assert_eq!(kind("a3é"), ParseMoveErrorKind::BadSuffix);
    }
}
