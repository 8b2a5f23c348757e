//! Kingulu endgame tables: every position with at most `N` seeds in unreserved pits, solved by
//! retrograde analysis.
//!
//! # What a position is
//!
//! Captured seeds never come back to Kingulu's board; seeds in a reserved hole never move again
//! and count only for the hole's owner (KN-5, KN-6); a hole's owner is fixed by its row. So what
//! decides the rest of a game is the seeds in the *unreserved* pits (the **active** seeds), the
//! 12-bit reserved mask and the side to move. The final score (KN-8) is what each side already
//! holds for good (captured seeds and the contents of the holes it reserved) plus its share of
//! the active seeds under perfect play, and that share is what the table stores. Active seeds
//! never increase and the mask only grows, so the table is built layer by layer: layer `k` holds
//! every mask with `k` active seeds, and a move that leaves its layer (a capture, a toll, a
//! reservation) lands in a smaller layer that is already solved. The board's half-turn (South's
//! row becomes North's, the side to move changes) is an exact symmetry of the rules, so only
//! positions with South to move are stored; North's are looked up turned round.
//!
//! # Repetition (KN-9), precisely
//!
//! Inside a layer (the same active seeds and the same mask) quiet moves can go round in circles,
//! and KN-9 ends a game on the third occurrence of a position, scored as KN-8. That makes the
//! true value depend on the history, so the table stores, for the player to move with `k` active
//! seeds, two numbers:
//!
//! * `low`: the largest `t` such that the mover can force a final share of at least `t` — the
//!   position lies in the mover's attractor to "share ≥ t", the least fixpoint over the exits
//!   (positions where the mover has no legal move, counted by KN-8, and moves that leave the
//!   layer, whose bounds are known);
//! * `high`: the smallest `t` such that the opponent can hold the mover to at most `t` (the
//!   opponent's attractor to "share ≤ t").
//!
//! An attractor strategy never repeats a position: along every line it allows, a rank (the
//! round of the fixpoint computation in which the bound was proven) strictly decreases. So the
//! bounds hold, repetition included, as long as no position of the current layer has occurred
//! twice in the game so far: the line then passes each position at most once more, and no third
//! occurrence can happen on it. That is always so when a layer is entered (a layer is entered
//! once: active seeds never increase), and so on every line where nobody has circled. When
//! `low == high` the value is **exact**: the mover can force it and the opponent can hold the
//! mover to it, both without repeating a position, so it is the game's value under KN-8 and
//! KN-9. When `low < high` neither side can force more than its bound without the other side's
//! agreement: play can circle until KN-9 ends it, and the result depends on where the circling
//! stops. Such positions are **decided by repetition**; the table reports them with
//! `exact: false` and the estimate *the mover's seeds on the board now (the KN-8 count if the
//! game ended here) clamped into `[low, high]`*, and the builder counts them per layer
//! ([`LayerSummary::by_repetition`]).
//!
//! What the builds found: with at most 6 active seeds no position can ever repeat (no cycle of
//! quiet moves exists, [`LayerSummary::cyclic`]); with 7, 103 positions (all without a reserved
//! hole) can reach a cycle; yet up to 12 active seeds the attractors decide every position, so
//! no position is decided by repetition and every value is exact.
//!
//! # Playing the value
//!
//! A value alone does not make progress: a move that keeps the value may go round in circles. So
//! each position also stores its rank: the fixpoint round in which `high` reached its final
//! value (saturating at 255; the builds up to 12 seeds never pass 23). A move's key is the
//! mover's guaranteed final score (`low` of the move); then, when that guarantee is more than the
//! seeds the mover already holds for good, the rank of the opponent's position (a move that
//! leaves the layer or ends the game counts as 0), then the estimate. [`EndgameTable::table_move`]
//! plays the best move by that key: from an exact position the chosen successor is exact with
//! the complementary value and a smaller rank than the mover's own proof, so when both sides
//! play it each side's rank strictly decreases every two plies, nothing repeats, and the game
//! ends at the table's value. It also reads the game's history: a move that would be the third
//! occurrence of a position (KN-9) is judged by the count it ends the game with, and it is played
//! only when that count gives the mover at least what the table expects (the value, or the
//! estimate); otherwise it comes after every other move.
//!
//! # File format
//!
//! A 32-byte header — the magic `BAOKNTB1`, the version (u32), `N` (u32), the number of
//! positions (u64) and a checksum of the body (u64, FNV-1a over 8-byte words), all
//! little-endian — then two planes of one byte per position: the bounds (`low | high << 4`) and
//! the rank. That is **16 bits per position**. Positions are ordered by active seeds, then by
//! mask, then by the rank of the seeds' distribution in the combinatorial number system
//! (`index.rs`).

mod build;
mod index;
mod solve;
mod start;
mod verify;

pub use build::{BuildEvent, LayerSummary};
pub use index::MAX_TABLE_SEEDS;
pub use solve::exhaustive_bounds;
pub use start::{ExactError, ExactLimits, ExactProgress, ExactResult, solve_exact};
pub use verify::{VerifyReport, verify_sample};

use bao_engine::{Game, Move, Player, Position};
use index::{Key, Layout, TOTAL_SEEDS, fixed_score};
use std::fmt;
use std::path::Path;
use std::sync::{Arc, RwLock};

/// A table's answer for a position: each side's final KN-8 score with perfect play (seeds
/// already captured and the contents of reserved holes included; the two add up to 48).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableValue {
    /// South's final score.
    pub south: u32,
    /// North's final score.
    pub north: u32,
    /// `true` when both sides can force it without a repetition; `false` when the position is
    /// decided by repetition (KN-9) and this is the table's estimate (see the module docs).
    pub exact: bool,
}

/// South's final score as the attractors bound it: South can force at least `south_low`, North
/// can hold South to at most `south_high`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableBounds {
    /// The least final score South can force.
    pub south_low: u32,
    /// The most final score South can get when North plays well.
    pub south_high: u32,
}

/// Why a table could not be built or read.
#[derive(Debug)]
pub enum TableError {
    /// The file could not be read or written.
    Io(std::io::Error),
    /// The file is shorter than its header says.
    Truncated {
        /// Bytes expected.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// Not a table file (the first bytes are not the magic).
    BadMagic,
    /// A version this program does not read.
    Version(u32),
    /// `N` above [`MAX_TABLE_SEEDS`].
    TooManySeeds(u32),
    /// The header's position count does not match `N`.
    PositionCount {
        /// What `N` needs.
        expected: u64,
        /// What the header says.
        found: u64,
    },
    /// The body does not match the checksum: the file is corrupt.
    Checksum,
    /// A stored value is impossible (bounds out of order or above the layer's seeds).
    BadValue {
        /// The position's index.
        index: u64,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io(e) => write!(f, "cannot read or write the table: {e}"),
            TableError::Truncated { expected, found } => write!(
                f,
                "the table file is truncated: {found} bytes, expected {expected}"
            ),
            TableError::BadMagic => write!(f, "not a Kingulu endgame table (bad magic)"),
            TableError::Version(v) => write!(f, "unsupported table version {v}"),
            TableError::TooManySeeds(n) => write!(
                f,
                "a table holds at most {MAX_TABLE_SEEDS} active seeds, not {n}"
            ),
            TableError::PositionCount { expected, found } => write!(
                f,
                "the table header counts {found} positions, expected {expected}"
            ),
            TableError::Checksum => write!(f, "the table file is corrupt (checksum mismatch)"),
            TableError::BadValue { index } => {
                write!(f, "the table file is corrupt (impossible value at {index})")
            }
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TableError::Io(e) => Some(e),
            _ => None,
        }
    }
}

const MAGIC: [u8; 8] = *b"BAOKNTB1";
const VERSION: u32 = 1;
const HEADER: usize = 32;

/// The table's bytes: built or read into memory, or mapped from a file.
enum Data {
    Owned(Vec<u8>),
    #[cfg(not(target_arch = "wasm32"))]
    Mapped(memmap2::Mmap),
}

impl Data {
    fn bytes(&self) -> &[u8] {
        match self {
            Data::Owned(v) => v,
            #[cfg(not(target_arch = "wasm32"))]
            Data::Mapped(m) => m,
        }
    }
}

/// A Kingulu endgame table (see the module docs).
pub struct EndgameTable {
    layout: Layout,
    data: Data,
}

impl fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EndgameTable")
            .field("max_seeds", &self.layout.max_seeds())
            .field("positions", &self.layout.total())
            .finish()
    }
}

/// One stored position: the mover's bounds on its share of the active seeds, and the rank.
#[derive(Clone, Copy, Debug)]
struct Entry {
    low: u32,
    high: u32,
    rank: u32,
}

/// A legal move judged by the table, in final scores of the mover.
#[derive(Clone, Copy, Debug)]
struct MoveEval {
    mv: Move,
    low: u32,
    high: u32,
    estimate: u32,
    /// 0 for a move that leaves the layer or ends the game, else the opponent's rank + 1.
    rank: u32,
    /// The move ends the game by a third occurrence (KN-9); its score is `low`.
    repeats: bool,
}

fn checksum(body: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut chunks = body.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(PRIME);
    }
    for &b in chunks.remainder() {
        h = (h ^ u64::from(b)).wrapping_mul(PRIME);
    }
    h
}

fn read_u32(bytes: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(w)
}

fn read_u64(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(w)
}

impl EndgameTable {
    /// Builds the table of every position with at most `max_seeds` active seeds, using the
    /// machine's cores (one thread on the web). `progress` hears of every finished unit of work
    /// and every finished layer.
    ///
    /// # Errors
    /// [`TableError::TooManySeeds`] above [`MAX_TABLE_SEEDS`].
    pub fn build(
        max_seeds: u32,
        mut progress: impl FnMut(&BuildEvent),
    ) -> Result<EndgameTable, TableError> {
        let threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        };
        Self::build_with_threads(max_seeds, threads, &mut progress)
    }

    /// [`EndgameTable::build`] with a given number of worker threads.
    ///
    /// # Errors
    /// As [`EndgameTable::build`].
    pub fn build_with_threads(
        max_seeds: u32,
        threads: usize,
        progress: &mut dyn FnMut(&BuildEvent),
    ) -> Result<EndgameTable, TableError> {
        if max_seeds > MAX_TABLE_SEEDS {
            return Err(TableError::TooManySeeds(max_seeds));
        }
        let layout = Layout::new(max_seeds);
        let (values, ranks) = build::build(&layout, threads, progress);
        let mut bytes = Vec::with_capacity(HEADER + values.len() * 2);
        bytes.extend_from_slice(&MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&max_seeds.to_le_bytes());
        bytes.extend_from_slice(&layout.total().to_le_bytes());
        bytes.extend_from_slice(&[0; 8]);
        bytes.extend_from_slice(&values);
        drop(values);
        bytes.extend_from_slice(&ranks);
        drop(ranks);
        let sum = checksum(&bytes[HEADER..]);
        bytes[24..32].copy_from_slice(&sum.to_le_bytes());
        Ok(EndgameTable {
            layout,
            data: Data::Owned(bytes),
        })
    }

    /// The file's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        self.data.bytes()
    }

    /// The file's bytes, copied.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.as_bytes().to_vec()
    }

    /// Writes the table to `path`.
    ///
    /// # Errors
    /// The I/O error.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        std::fs::write(path, self.as_bytes())
    }

    /// A table from the bytes of a file (the web's way: no mapping), checked.
    ///
    /// # Errors
    /// A [`TableError`] saying what is wrong with the bytes.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<EndgameTable, TableError> {
        let layout = Self::check(&bytes)?;
        Ok(EndgameTable {
            layout,
            data: Data::Owned(bytes),
        })
    }

    /// Maps the table file at `path` into memory and checks it (one read of the whole file).
    ///
    /// # Errors
    /// A [`TableError`]: the file cannot be read, or is not a sound table.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn open(path: &Path) -> Result<EndgameTable, TableError> {
        let file = std::fs::File::open(path).map_err(TableError::Io)?;
        // SAFETY: the table is only read; a file changed by another program while it is mapped
        // could change answers (the same as reading a file being rewritten), not memory safety
        // of the checked layout, because every index is computed from the layout, not the file.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(TableError::Io)?;
        let layout = Self::check(&map)?;
        Ok(EndgameTable {
            layout,
            data: Data::Mapped(map),
        })
    }

    /// Checks a file's bytes and returns its layout.
    fn check(bytes: &[u8]) -> Result<Layout, TableError> {
        let len = bytes.len() as u64;
        if bytes.len() < HEADER {
            return Err(if bytes.len() >= 8 && bytes[..8] != MAGIC {
                TableError::BadMagic
            } else {
                TableError::Truncated {
                    expected: HEADER as u64,
                    found: len,
                }
            });
        }
        if bytes[..8] != MAGIC {
            return Err(TableError::BadMagic);
        }
        let version = read_u32(bytes, 8);
        if version != VERSION {
            return Err(TableError::Version(version));
        }
        let max_seeds = read_u32(bytes, 12);
        if max_seeds > MAX_TABLE_SEEDS {
            return Err(TableError::TooManySeeds(max_seeds));
        }
        let layout = Layout::new(max_seeds);
        let positions = read_u64(bytes, 16);
        if positions != layout.total() {
            return Err(TableError::PositionCount {
                expected: layout.total(),
                found: positions,
            });
        }
        let expected = HEADER as u64 + 2 * positions;
        if len != expected {
            return Err(TableError::Truncated {
                expected,
                found: len,
            });
        }
        if checksum(&bytes[HEADER..]) != read_u64(bytes, 24) {
            return Err(TableError::Checksum);
        }
        let values = &bytes[HEADER..HEADER + positions as usize];
        for k in 0..=max_seeds {
            let (s, e) = (layout.seeds_start(k), layout.seeds_start(k + 1));
            for index in s..e {
                let v = values[index as usize];
                let (low, high) = (u32::from(v & 15), u32::from(v >> 4));
                if low > high || high > k {
                    return Err(TableError::BadValue { index });
                }
            }
        }
        Ok(layout)
    }

    /// The most active seeds (seeds in unreserved pits) a position may have to be in the table.
    pub fn max_seeds(&self) -> u32 {
        self.layout.max_seeds()
    }

    /// Positions stored (one side to move; the other is looked up turned round).
    pub fn positions(&self) -> u64 {
        self.layout.total()
    }

    /// Seeds in the unreserved pits of a Kingulu position: what must be at most
    /// [`EndgameTable::max_seeds`]. `None` in the other games.
    pub fn active_seeds(position: &Position) -> Option<u32> {
        Key::of(position).map(|k| k.active)
    }

    fn entry(&self, key: &Key) -> Option<Entry> {
        let index = self.layout.index(key)? as usize;
        let bytes = self.as_bytes();
        let total = self.layout.total() as usize;
        let v = bytes[HEADER + index];
        Some(Entry {
            low: u32::from(v & 15),
            high: u32::from(v >> 4),
            rank: u32::from(bytes[HEADER + total + index]),
        })
    }

    /// The mover's final scores: (low, high, estimate).
    fn mover_scores(&self, position: &Position) -> Option<(u32, u32, u32)> {
        let key = Key::of(position)?;
        let e = self.entry(&key)?;
        let fixed = fixed_score(position, position.to_move());
        let estimate = key.mover_seeds().clamp(e.low, e.high);
        Some((fixed + e.low, fixed + e.high, fixed + estimate))
    }

    /// Each side's final score with perfect play, or `None` when the position is not Kingulu or
    /// has more active seeds than the table. See the module docs for `exact`.
    pub fn probe(&self, position: &Position) -> Option<TableValue> {
        let (low, high, estimate) = self.mover_scores(position)?;
        Some(side_value(position.to_move(), estimate, low == high))
    }

    /// South's final score as the attractors bound it; `low == high` exactly when
    /// [`EndgameTable::probe`] says `exact`.
    pub fn bounds(&self, position: &Position) -> Option<TableBounds> {
        let (low, high, _) = self.mover_scores(position)?;
        Some(if position.to_move() == Player::South {
            TableBounds {
                south_low: low,
                south_high: high,
            }
        } else {
            TableBounds {
                south_low: TOTAL_SEEDS - high,
                south_high: TOTAL_SEEDS - low,
            }
        })
    }

    /// Every legal move judged by the table, with `history` (how often each successor has
    /// occurred already) when there is a game.
    fn evaluate(&self, position: &Position, game: Option<&Game>) -> Option<Vec<MoveEval>> {
        let key = Key::of(position)?;
        self.entry(&key)?;
        let mover = position.to_move();
        let mut moves = Vec::new();
        let mut failed = false;
        position.for_each_move(|mv, next| {
            let seen = game.map_or(0, |g| g.positions().iter().filter(|p| *p == next).count());
            if seen + 1 >= bao_engine::repetition_limit(next.variant()) as usize {
                // KN-9: this move ends the game, counted as KN-8.
                let score = next.kingulu_score(mover);
                moves.push(MoveEval {
                    mv,
                    low: score,
                    high: score,
                    estimate: score,
                    rank: 0,
                    repeats: true,
                });
                return;
            }
            let (Some(next_key), Some((low, high, estimate))) =
                (Key::of(next), self.mover_scores(next))
            else {
                failed = true;
                return;
            };
            let rank = if next_key.active == key.active {
                self.entry(&next_key).map_or(0, |e| e.rank + 1)
            } else {
                0
            };
            moves.push(MoveEval {
                mv,
                low: TOTAL_SEEDS - high,
                high: TOTAL_SEEDS - low,
                estimate: TOTAL_SEEDS - estimate,
                rank,
                repeats: false,
            });
        });
        (!failed).then_some(moves)
    }

    /// Sorts moves best first: the most the mover can force; then, when the mover can force
    /// any active seed at all, progress (the smallest rank); then the estimate.
    fn order(&self, position: &Position, moves: &mut [MoveEval]) {
        let trivial = self
            .mover_scores(position)
            .is_some_and(|(low, ..)| low == fixed_score(position, position.to_move()));
        moves.sort_by_key(|m| {
            let progress = if trivial { 0 } else { m.rank };
            (
                std::cmp::Reverse(m.low),
                progress,
                std::cmp::Reverse(m.estimate),
                std::cmp::Reverse(m.high),
                m.rank,
            )
        });
    }

    /// The moves that keep the table's value, the move [`EndgameTable::table_move`] would play
    /// in a fresh game first; `None` when the position is not in the table. Empty when the
    /// game is over.
    pub fn best_moves(&self, position: &Position) -> Option<Vec<Move>> {
        let mut moves = self.evaluate(position, None)?;
        self.order(position, &mut moves);
        let best = moves.first().map(|m| m.low);
        Some(
            moves
                .iter()
                .filter(|m| Some(m.low) == best)
                .map(|m| m.mv)
                .collect(),
        )
    }

    /// A move that achieves the table's value and makes progress (see the module docs), never
    /// walking into a third occurrence of a position (KN-9) unless that ending scores at least
    /// what the table expects for the mover. `None` when the game is over or its position is
    /// not in the table.
    pub fn table_move(&self, game: &Game) -> Option<Move> {
        if game.outcome().is_over() {
            return None;
        }
        let position = game.position();
        let (_, _, expected) = self.mover_scores(position)?;
        let mut moves = self.evaluate(position, Some(game))?;
        self.order(position, &mut moves);
        // A repetition that scores less than expected goes after every other move.
        moves.sort_by_key(|m| m.repeats && m.low < expected);
        moves.first().map(|m| m.mv)
    }
}

fn side_value(mover: Player, score: u32, exact: bool) -> TableValue {
    let other = TOTAL_SEEDS - score;
    match mover {
        Player::South => TableValue {
            south: score,
            north: other,
            exact,
        },
        Player::North => TableValue {
            south: other,
            north: score,
            exact,
        },
    }
}

/// The table the game uses, installed once it is loaded.
static INSTALLED: RwLock<Option<Arc<EndgameTable>>> = RwLock::new(None);

/// Makes `table` the process's endgame table, replacing any installed before.
pub fn install(table: Arc<EndgameTable>) {
    let mut slot = INSTALLED.write().unwrap_or_else(|e| e.into_inner());
    *slot = Some(table);
}

/// The installed endgame table, if any.
pub fn installed() -> Option<Arc<EndgameTable>> {
    INSTALLED.read().unwrap_or_else(|e| e.into_inner()).clone()
}
