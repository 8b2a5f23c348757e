//! The proof checker: replays a proof file with the engine and accepts it only if it proves
//! the claimed winner's forced win. It is deliberately simple and shares no code with the
//! solver beyond `bao_engine`, so a bug in the search cannot hide itself.
//!
//! # The file format (version 1)
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `BAOPROOF` |
//! | 1 | format version, 1 |
//! | 1 + n | the variant id's length, then the id (`kujifunza`, `kujifunza-choice`, …) |
//! | 1 | the winner: 0 South, 1 North (the *attacker*; the other side is the *defender*) |
//! | 2 + n | the root position's length (u16, little-endian), then the position as JSON |
//! | 4 | positions in the proof (u32 LE): distinct positions, finished games included |
//! | 4 | body length (u32 LE) |
//! | 8 | FNV-1a 64 checksum of the body (u64 LE) |
//! | … | the body |
//!
//! The body walks the proof depth-first from the root, children in the engine's move order
//! (`Position::for_each_move`, the order of `legal_moves`). A position already walked is
//! skipped (a transposition costs nothing); one met again while it is still on the walk's path
//! is a cycle, and the file is refused (KU-11: a proof line never meets a position twice, so the
//! repetition rule never applies to it). A finished game must be the winner's win (KU-10). At
//! an attacker node the body holds the index of the winning move (one byte, or two
//! little-endian bytes where the position has more than 256 moves) and the walk goes on into
//! that move's position; at a defender node it goes into every move's position in turn.

use bao_engine::{Move, Outcome, Player, Position, Variant};
use std::collections::HashMap;
use std::fmt;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"BAOPROOF";
/// The format version this checker reads.
pub const FORMAT_VERSION: u8 = 1;

/// Why a proof file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofError {
    /// What is wrong.
    pub kind: ProofErrorKind,
    /// The byte offset in the body where it was found, for errors of the walk.
    pub offset: Option<usize>,
}

/// What is wrong with a proof file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofErrorKind {
    /// The file does not start with `BAOPROOF`.
    BadMagic,
    /// A format version this checker does not read.
    UnsupportedVersion(u8),
    /// The variant id is not one of the engine's.
    UnknownVariant(String),
    /// The winner byte is neither 0 nor 1.
    BadWinner(u8),
    /// The root position does not parse or does not belong to the file's variant.
    BadRoot(String),
    /// The file ends before the header, the body, or a move index is complete.
    Truncated,
    /// Bytes are left after the walk, or after the body.
    TrailingBytes(usize),
    /// The body does not match its checksum.
    ChecksumMismatch {
        /// The checksum in the header.
        stored: u64,
        /// The checksum of the body as read.
        computed: u64,
    },
    /// A move index past the position's last legal move.
    MoveIndexOutOfRange {
        /// The index read.
        index: usize,
        /// The number of legal moves there.
        moves: usize,
    },
    /// A position met again while still on the walk's path (KU-11).
    Cycle {
        /// The position, as JSON.
        position: String,
    },
    /// A finished game, with the winner to move, that the winner has not won (KU-10).
    LeafNotWon {
        /// How the game ended there.
        outcome: Outcome,
    },
    /// A move of the winner after which the game ends without their win (KU-10: for example
    /// a move that empties their own front row).
    MoveDoesNotWin {
        /// How the game ended there.
        outcome: Outcome,
    },
    /// The header's position count is not the number of positions walked.
    PositionCount {
        /// The count in the header.
        stored: u64,
        /// The positions walked.
        walked: u64,
    },
    /// The proof is for another variant than the one asked for.
    WrongVariant {
        /// The variant asked for.
        expected: Variant,
        /// The file's variant.
        found: Variant,
    },
}

impl ProofError {
    pub(super) const fn new(kind: ProofErrorKind) -> ProofError {
        ProofError { kind, offset: None }
    }

    const fn at(kind: ProofErrorKind, offset: usize) -> ProofError {
        ProofError {
            kind,
            offset: Some(offset),
        }
    }
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        if let Some(offset) = self.offset {
            write!(f, " (at byte {offset} of the body)")?;
        }
        Ok(())
    }
}

impl fmt::Display for ProofErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ProofErrorKind as K;
        match self {
            K::BadMagic => write!(f, "not a proof file (no BAOPROOF magic)"),
            K::UnsupportedVersion(v) => write!(f, "proof format version {v} is not supported"),
            K::UnknownVariant(id) => write!(f, "unknown variant '{id}'"),
            K::BadWinner(b) => write!(f, "bad winner byte {b}"),
            K::BadRoot(why) => write!(f, "bad root position: {why}"),
            K::Truncated => write!(f, "the proof file is truncated"),
            K::TrailingBytes(n) => write!(f, "{n} bytes left over after the proof"),
            K::ChecksumMismatch { stored, computed } => write!(
                f,
                "checksum mismatch: the header says {stored:016x}, the body gives {computed:016x}"
            ),
            K::MoveIndexOutOfRange { index, moves } => write!(
                f,
                "move index {index} out of range: the position has {moves} legal moves"
            ),
            K::Cycle { position } => write!(
                f,
                "the proof goes round in a cycle (KU-11): it meets {position} again on one line"
            ),
            K::LeafNotWon { outcome } => {
                write!(f, "a line ends without the winner's win (KU-10): {outcome}")
            }
            K::MoveDoesNotWin { outcome } => {
                write!(
                    f,
                    "a winning move ends the game otherwise (KU-10): {outcome}"
                )
            }
            K::PositionCount { stored, walked } => write!(
                f,
                "the header counts {stored} positions but the proof has {walked}"
            ),
            K::WrongVariant { expected, found } => {
                write!(f, "a proof for {found}, not for {expected}")
            }
        }
    }
}

impl std::error::Error for ProofError {}

/// What a checked proof proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofSummary {
    /// The rule set.
    pub variant: Variant,
    /// The side that wins by force.
    pub winner: Player,
    /// The position the proof starts from.
    pub root: Position,
    /// Distinct positions in the proof, finished games included.
    pub positions: u64,
    /// The longest line of the walk, in plies: a bound on how long the winner needs (along
    /// a transposition the walk skips, a line may be longer).
    pub plies: usize,
}

/// Checks a proof file.
///
/// # Errors
/// A [`ProofError`] saying what is wrong; a corrupt file never panics.
pub fn check_proof(bytes: &[u8]) -> Result<ProofSummary, ProofError> {
    walk(bytes, |_, _| {})
}

/// Checks a proof file, calling `on_move` with every attacker position of the proof and its
/// winning move.
pub(super) fn walk(
    bytes: &[u8],
    on_move: impl FnMut(&Position, Move),
) -> Result<ProofSummary, ProofError> {
    let (header, body) = Header::parse(bytes)?;
    let mut walker = Walker {
        body,
        cursor: 0,
        winner: header.winner,
        marks: HashMap::new(),
        walked: 0,
        deepest: 0,
        on_move,
    };
    walker.run(&header.root)?;
    if walker.walked != u64::from(header.positions) {
        return Err(ProofError::new(ProofErrorKind::PositionCount {
            stored: u64::from(header.positions),
            walked: walker.walked,
        }));
    }
    Ok(ProofSummary {
        variant: header.root.variant(),
        winner: header.winner,
        root: header.root,
        positions: walker.walked,
        plies: walker.deepest,
    })
}

struct Header {
    winner: Player,
    root: Position,
    positions: u32,
}

/// Reads the header field by field; every read is bounds-checked.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ProofError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(ProofError::new(ProofErrorKind::Truncated))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn byte(&mut self) -> Result<u8, ProofError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, ProofError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, ProofError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, ProofError> {
        let b = self.take(8)?;
        let mut word = [0; 8];
        word.copy_from_slice(b);
        Ok(u64::from_le_bytes(word))
    }
}

impl Header {
    fn parse(bytes: &[u8]) -> Result<(Header, &[u8]), ProofError> {
        use ProofErrorKind as K;
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len()).ok() != Some(MAGIC.as_slice()) {
            return Err(ProofError::new(K::BadMagic));
        }
        let version = r.byte()?;
        if version != FORMAT_VERSION {
            return Err(ProofError::new(K::UnsupportedVersion(version)));
        }
        let id_len = usize::from(r.byte()?);
        let id = String::from_utf8_lossy(r.take(id_len)?).into_owned();
        let variant: Variant = id
            .parse()
            .map_err(|_| ProofError::new(K::UnknownVariant(id.clone())))?;
        let winner = match r.byte()? {
            0 => Player::South,
            1 => Player::North,
            b => return Err(ProofError::new(K::BadWinner(b))),
        };
        let json_len = usize::from(r.u16()?);
        let json = String::from_utf8_lossy(r.take(json_len)?).into_owned();
        let root =
            Position::from_json(&json).map_err(|e| ProofError::new(K::BadRoot(e.to_string())))?;
        if root.variant() != variant {
            let why = format!("a {} position in a {} proof", root.variant(), variant);
            return Err(ProofError::new(K::BadRoot(why)));
        }
        let positions = r.u32()?;
        let body_len = r.u32()? as usize;
        let stored = r.u64()?;
        let body = &bytes[r.at..];
        if body.len() < body_len {
            return Err(ProofError::new(K::Truncated));
        }
        if body.len() > body_len {
            return Err(ProofError::new(K::TrailingBytes(body.len() - body_len)));
        }
        let computed = fnv1a(body);
        if computed != stored {
            return Err(ProofError::new(K::ChecksumMismatch { stored, computed }));
        }
        let header = Header {
            winner,
            root,
            positions,
        };
        Ok((header, body))
    }
}

/// FNV-1a, 64 bits (the checker's own copy).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A position being walked: its children still to visit.
struct Frame {
    position: Position,
    children: Vec<Position>,
    next: usize,
}

struct Walker<'a, F> {
    body: &'a [u8],
    cursor: usize,
    winner: Player,
    /// `false`: on the walk's path; `true`: walked completely.
    marks: HashMap<Position, bool>,
    walked: u64,
    /// The longest path walked, in plies.
    deepest: usize,
    on_move: F,
}

impl<F: FnMut(&Position, Move)> Walker<'_, F> {
    /// The depth-first walk, with an explicit stack: a long proof line cannot overflow the
    /// thread's stack.
    fn run(&mut self, root: &Position) -> Result<(), ProofError> {
        let mut stack: Vec<Frame> = Vec::new();
        if let Some(frame) = self.enter(root, None)? {
            stack.push(frame);
        }
        while let Some(top) = stack.last_mut() {
            if let Some(&child) = top.children.get(top.next) {
                top.next += 1;
                let parent = top.position.to_move();
                self.deepest = self.deepest.max(stack.len());
                if let Some(frame) = self.enter(&child, Some(parent))? {
                    stack.push(frame);
                }
            } else {
                self.marks.insert(top.position, true);
                self.walked += 1;
                stack.pop();
            }
        }
        if self.cursor != self.body.len() {
            let left = self.body.len() - self.cursor;
            return Err(ProofError::at(
                ProofErrorKind::TrailingBytes(left),
                self.cursor,
            ));
        }
        Ok(())
    }

    /// Visits a position reached by a move of `mover`: skips it if walked, refuses a cycle,
    /// judges a finished game, or opens a frame with the children to walk.
    fn enter(
        &mut self,
        pos: &Position,
        mover: Option<Player>,
    ) -> Result<Option<Frame>, ProofError> {
        match self.marks.get(pos) {
            Some(true) => return Ok(None),
            Some(false) => {
                let position = pos.to_json();
                return Err(ProofError::at(
                    ProofErrorKind::Cycle { position },
                    self.cursor,
                ));
            }
            None => {}
        }
        let mut moves: Vec<(Move, Position)> = Vec::new();
        pos.for_each_move(|mv, next| moves.push((mv, *next)));
        if moves.is_empty() {
            return self.finished(pos, mover).map(|()| None);
        }
        let children = if pos.to_move() == self.winner {
            let (mv, next) = self.read_move(&moves)?;
            (self.on_move)(pos, mv);
            vec![next]
        } else {
            moves.into_iter().map(|(_, next)| next).collect()
        };
        self.marks.insert(*pos, false);
        Ok(Some(Frame {
            position: *pos,
            children,
            next: 0,
        }))
    }

    /// A finished game (KU-10) must be the winner's win.
    fn finished(&mut self, pos: &Position, mover: Option<Player>) -> Result<(), ProofError> {
        let outcome = pos.outcome();
        if outcome.winner() != Some(self.winner) {
            let kind = if mover == Some(self.winner) {
                ProofErrorKind::MoveDoesNotWin { outcome }
            } else {
                ProofErrorKind::LeafNotWon { outcome }
            };
            return Err(ProofError::at(kind, self.cursor));
        }
        self.marks.insert(*pos, true);
        self.walked += 1;
        Ok(())
    }

    /// The winner's move here, from the body.
    fn read_move(&mut self, moves: &[(Move, Position)]) -> Result<(Move, Position), ProofError> {
        let width = if moves.len() <= 256 { 1 } else { 2 };
        let at = self.cursor;
        let Some(bytes) = self.body.get(at..at + width) else {
            return Err(ProofError::at(ProofErrorKind::Truncated, at));
        };
        let index = bytes
            .iter()
            .rev()
            .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
        let Some(&chosen) = moves.get(index) else {
            let kind = ProofErrorKind::MoveIndexOutOfRange {
                index,
                moves: moves.len(),
            };
            return Err(ProofError::at(kind, at));
        };
        self.cursor += width;
        Ok(chosen)
    }
}
