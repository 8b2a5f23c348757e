//! The position text format (JSON) and the validation that turns it into a [`Position`]
//! (docs/rules.md, 'Position text format', 'Validation').

use crate::pit::{Geometry, Pit};
use crate::position::{MAX_CELLS, Position};
use crate::variant::{Player, Variant};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A position as written in the text format, not necessarily legal: what a file or a test
/// fixture says. [`Position::from_setup`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionSetup {
    /// A variant id: `kujifunza`, `kujifunza-choice`, `kingulu`, `kigogo` or `kimasai`.
    pub variant: String,
    /// `south` or `north`.
    pub to_move: String,
    /// Absolute rows, top (North's back row) first.
    pub rows: Vec<Vec<i64>>,
    /// Seeds each player has taken off the board.
    #[serde(default)]
    pub captured: CapturedSetup,
    /// Kingulu's reserved holes.
    #[serde(default)]
    pub reserved: Vec<ReservedSetup>,
}

/// The `captured` object of the text format.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CapturedSetup {
    /// Seeds captured by South.
    pub south: i64,
    /// Seeds captured by North.
    pub north: i64,
}

/// One reserved hole of the text format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReservedSetup {
    /// Absolute row.
    pub row: i64,
    /// Absolute column.
    pub col: i64,
    /// `south` or `north`.
    pub owner: String,
}

/// Why a position was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The text is not JSON of the position format.
    Json(String),
    /// The variant id is not one of the four.
    UnknownVariant(String),
    /// A player id is not `south` or `north`.
    UnknownPlayer(String),
    /// The number of rows is not the variant's.
    RowCount {
        /// Rows the variant has.
        expected: usize,
        /// Rows given.
        found: usize,
    },
    /// A row has the wrong number of pits.
    RowLength {
        /// The row.
        row: usize,
        /// Pits per row of the variant.
        expected: usize,
        /// Pits given.
        found: usize,
    },
    /// A pit holds a negative number of seeds.
    NegativeCount {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The count.
        count: i64,
    },
    /// A captured count is negative.
    NegativeCaptured {
        /// Whose count.
        player: Player,
        /// The count.
        count: i64,
    },
    /// The seeds on the board and captured do not add up to the variant's total.
    SeedTotal {
        /// The variant's total.
        expected: u32,
        /// The total given.
        found: i64,
    },
    /// A Kimasai pit holds more than one seed (KM-1).
    KimasaiHole {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The count.
        count: i64,
    },
    /// Kujifunza re-sows captured seeds, so nothing is ever captured off the board (KU-7).
    CapturedInKujifunza,
    /// Reserved holes exist only in Kingulu (KN-5).
    ReservedOutsideKingulu,
    /// A reserved hole is off the board.
    ReservedOffBoard {
        /// Row given.
        row: i64,
        /// Column given.
        col: i64,
    },
    /// A reserved hole is on its owner's own row; holes are reserved in the opponent's row (KN-5).
    ReservedOnOwnRow {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
        /// The owner given.
        owner: Player,
    },
    /// The same hole is listed twice.
    ReservedTwice {
        /// Row.
        row: usize,
        /// Column.
        col: usize,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            Json(msg) => write!(f, "not a position in the JSON format: {msg}"),
            UnknownVariant(v) => write!(
                f,
                "unknown variant '{v}' (expected kujifunza, kingulu, kigogo or kimasai)"
            ),
            UnknownPlayer(p) => write!(f, "unknown player '{p}' (expected south or north)"),
            RowCount { expected, found } => {
                write!(
                    f,
                    "wrong row count: expected {expected} rows, found {found}"
                )
            }
            RowLength {
                row,
                expected,
                found,
            } => write!(
                f,
                "wrong row length: row {row} has {found} pits, expected {expected}"
            ),
            NegativeCount { row, col, count } => {
                write!(f, "negative count: pit ({row},{col}) holds {count} seeds")
            }
            NegativeCaptured { player, count } => {
                write!(f, "negative count: {player} has captured {count} seeds")
            }
            SeedTotal { expected, found } => write!(
                f,
                "seed total is {found} (board plus captured), but this variant has {expected}"
            ),
            KimasaiHole { row, col, count } => write!(
                f,
                "Kimasai hole ({row},{col}) holds {count} seeds; a pit holds at most one (KM-1)"
            ),
            CapturedInKujifunza => write!(
                f,
                "Kujifunza positions have no captured seeds: captures are sown again (KU-7)"
            ),
            ReservedOutsideKingulu => {
                write!(f, "reserved holes exist only in Kingulu (KN-5)")
            }
            ReservedOffBoard { row, col } => {
                write!(f, "reserved hole ({row},{col}) is off the board")
            }
            ReservedOnOwnRow { row, col, owner } => write!(
                f,
                "reserved hole ({row},{col}) is on its owner's ({owner}) own row; holes are \
                 reserved in the opponent's row (KN-5)"
            ),
            ReservedTwice { row, col } => write!(f, "reserved hole ({row},{col}) is listed twice"),
        }
    }
}

impl std::error::Error for PositionError {}

fn parse_player(s: &str) -> Result<Player, PositionError> {
    s.parse()
        .map_err(|_| PositionError::UnknownPlayer(s.to_owned()))
}

impl Position {
    /// Checks a setup and makes it a position.
    ///
    /// # Errors
    /// A [`PositionError`] naming the first problem found.
    pub fn from_setup(setup: &PositionSetup) -> Result<Position, PositionError> {
        let variant: Variant = setup
            .variant
            .parse()
            .map_err(|_| PositionError::UnknownVariant(setup.variant.clone()))?;
        let to_move = parse_player(&setup.to_move)?;
        let g = Geometry::of(variant);
        if setup.rows.len() != variant.rows() {
            return Err(PositionError::RowCount {
                expected: variant.rows(),
                found: setup.rows.len(),
            });
        }
        let mut cells = [0u8; MAX_CELLS];
        let mut total: i64 = 0;
        for (row, pits) in setup.rows.iter().enumerate() {
            if pits.len() != variant.cols() {
                return Err(PositionError::RowLength {
                    row,
                    expected: variant.cols(),
                    found: pits.len(),
                });
            }
            for (col, &count) in pits.iter().enumerate() {
                if count < 0 {
                    return Err(PositionError::NegativeCount { row, col, count });
                }
                if variant == Variant::Kimasai && count > 1 {
                    return Err(PositionError::KimasaiHole { row, col, count });
                }
                total = total.saturating_add(count);
                let cell = g
                    .cell(Pit::new(row as u8, col as u8))
                    .unwrap_or_else(|| unreachable!("row and column were checked"));
                // Larger counts fail the total check below.
                cells[cell] = u8::try_from(count).unwrap_or(u8::MAX);
            }
        }
        let mut captured = [0u8; 2];
        for (player, count) in [
            (Player::South, setup.captured.south),
            (Player::North, setup.captured.north),
        ] {
            if count < 0 {
                return Err(PositionError::NegativeCaptured { player, count });
            }
            total = total.saturating_add(count);
            captured[player.index()] = u8::try_from(count).unwrap_or(u8::MAX);
        }
        if variant.is_kujifunza() && captured != [0, 0] {
            return Err(PositionError::CapturedInKujifunza);
        }
        if total != i64::from(variant.total_seeds()) {
            return Err(PositionError::SeedTotal {
                expected: variant.total_seeds(),
                found: total,
            });
        }
        let reserved = reserved_holes(variant, &setup.reserved)?;
        let position = Position {
            variant,
            to_move,
            cells,
            captured,
            reserved,
        };
        position.debug_check();
        Ok(position)
    }

    /// The position in the text format.
    pub fn to_setup(&self) -> PositionSetup {
        PositionSetup {
            variant: self.variant.id().to_owned(),
            to_move: self.to_move.id().to_owned(),
            rows: self
                .rows()
                .into_iter()
                .map(|r| r.into_iter().map(i64::from).collect())
                .collect(),
            captured: CapturedSetup {
                south: self.captured[0].into(),
                north: self.captured[1].into(),
            },
            reserved: self
                .reserved_holes()
                .into_iter()
                .map(|(pit, owner)| ReservedSetup {
                    row: pit.row.into(),
                    col: pit.col.into(),
                    owner: owner.id().to_owned(),
                })
                .collect(),
        }
    }

    /// Parses and checks a position in the JSON text format.
    ///
    /// # Errors
    /// A [`PositionError`] naming the problem.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        let setup: PositionSetup =
            serde_json::from_str(text).map_err(|e| PositionError::Json(e.to_string()))?;
        Position::from_setup(&setup)
    }

    /// The position as compact JSON in the text format.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_setup())
            .unwrap_or_else(|e| unreachable!("a setup always serialises: {e}"))
    }
}

/// Checks the `reserved` list: Kingulu only, on the board, on the opponent's row, no duplicates.
fn reserved_holes(variant: Variant, holes: &[ReservedSetup]) -> Result<[u16; 2], PositionError> {
    let mut reserved = [0u16; 2];
    if holes.is_empty() {
        return Ok(reserved);
    }
    if variant != Variant::Kingulu {
        return Err(PositionError::ReservedOutsideKingulu);
    }
    let g = Geometry::of(variant);
    for hole in holes {
        let owner = parse_player(&hole.owner)?;
        let off_board = PositionError::ReservedOffBoard {
            row: hole.row,
            col: hole.col,
        };
        let (Ok(row), Ok(col)) = (u8::try_from(hole.row), u8::try_from(hole.col)) else {
            return Err(off_board);
        };
        let Some(cell) = g.cell(Pit::new(row, col)) else {
            return Err(off_board);
        };
        let (row, col) = (row as usize, col as usize);
        if g.owner(cell) == owner {
            return Err(PositionError::ReservedOnOwnRow { row, col, owner });
        }
        let bit = 1u16 << cell;
        if (reserved[0] | reserved[1]) & bit != 0 {
            return Err(PositionError::ReservedTwice { row, col });
        }
        reserved[owner.index()] |= bit;
    }
    Ok(reserved)
}
