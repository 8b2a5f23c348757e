//! Game links: a whole game in a URL's fragment, `BASE#g=PAYLOAD`, so that a QR code can carry it
//! home with no server and no personal data (docs/game-links.md).
//!
//! The payload is decimal digits, which a QR code stores in its numeric mode at 3⅓ bits a digit:
//! a format digit, then the bytes of a bit stream (variant, seat kinds, start, every move as its
//! index in the engine's legal move list) with a CRC-16, seven bytes to seventeen digits.
//!
//! ```
//! use bao_engine::{Game, GameRecord, Variant, link};
//!
//! let mut game = Game::new(Variant::Kingulu);
//! let first = game.legal_moves()[0];
//! game.play(first).unwrap();
//! let record = GameRecord::of_game(&game, "human", "expert", "2026-12-01");
//! let url = link::to_url("https://museum.example.org/bao/", &record).unwrap();
//! assert!(url.starts_with("https://museum.example.org/bao/#g=1"));
//! let back = link::decode(&url).unwrap();
//! assert_eq!(back.moves, record.moves);
//! assert_eq!(back.players, record.players);
//! assert_eq!(back.date, ""); // a link carries no date
//! ```

use crate::game::Game;
use crate::pit::Pit;
use crate::position::Position;
use crate::record::{GameRecord, RECORD_FORMAT, RecordError, RecordPlayers, RecordResult};
use crate::setup::{CapturedSetup, PositionError, PositionSetup, ReservedSetup};
use crate::variant::{Player, Variant};
use std::fmt;
use std::fmt::Write as _;

/// The version of the link format this engine writes; it reads this one and every older one.
pub const LINK_FORMAT: u32 = 1;

/// The key of the payload in a URL: `BASE#g=PAYLOAD`. In the fragment the payload never reaches
/// a server; `decode` also finds it in a query (`?g=`, `&g=`).
pub const LINK_KEY: &str = "g";

/// The seat kinds a link can carry, by their 3-bit code: the ids records write in `players`
/// (`human`, the computer levels of `bao-ai`, `remote` for a player on another computer). Any
/// other id, a name for instance, is written as `human`: a link names nobody.
pub const SEAT_KINDS: [&str; 7] = [
    "human", "beginner", "easy", "medium", "hard", "expert", "remote",
];

/// The rule sets by their 3-bit code. Fixed for the format: never reorder.
const VARIANTS: [Variant; 5] = [
    Variant::Kujifunza,
    Variant::KujifunzaChoice,
    Variant::Kingulu,
    Variant::Kigogo,
    Variant::Kimasai,
];

/// Bytes per chunk of digits, and the digits of a chunk of 0..=7 bytes: the fewest that hold
/// every value of that many bytes (`10^d >= 256^k`). The counts differ, so a payload's length
/// tells how many bytes its last chunk has.
const CHUNK_BYTES: usize = 7;
const CHUNK_DIGITS: [usize; CHUNK_BYTES + 1] = [0, 3, 5, 8, 10, 13, 15, 17];

// The format is one digit in the text (formats 10 to 99 are to be written `0NN`).
const _: () = assert!(LINK_FORMAT >= 1 && LINK_FORMAT <= 9);

/// Why a text is not a game, or a record cannot become a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// No `g=` in the text, and it is not a bare payload (which starts with a digit).
    NotALink,
    /// A game link, but damaged: cut short, a wrong character or digit.
    Damaged(Damage),
    /// Written by a newer version of the game.
    NewerFormat {
        /// The link's format.
        found: u32,
        /// The newest format this engine reads ([`LINK_FORMAT`]).
        supported: u32,
    },
    /// Intact, but the game it holds cannot be played.
    IllegalGame(GameProblem),
    /// `encode`: the record cannot be replayed, so it has no moves to put in a link.
    BadRecord(RecordError),
}

/// How a link is damaged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Damage {
    /// A character of the payload is not a digit.
    NotADigit(char),
    /// No payload has this many digits (after the format digit): it was cut short or lengthened.
    Length {
        /// The digits found.
        digits: usize,
    },
    /// The checksum does not match the contents.
    Checksum,
    /// The checksum matches, but the contents do not follow the format (a chunk of digits too
    /// large, a reserved code, bits missing or left over).
    Malformed,
}

/// Why the game of an intact link cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameProblem {
    /// The rule set's code is none of the five.
    UnknownVariant(u8),
    /// The start position is invalid.
    BadStart(PositionError),
    /// Move `number` (1-based) has an index past the end of the legal move list (`legal` is 0
    /// when the game is already over).
    MoveIndex {
        /// 1-based move number.
        number: usize,
        /// The index the link gives.
        index: u64,
        /// The number of legal moves in the position reached.
        legal: usize,
    },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NotALink => write!(
                f,
                "this is not a game link: expected a link with '#{LINK_KEY}=' and digits, or the \
                 digits alone"
            ),
            LinkError::Damaged(damage) => write!(f, "the game link is damaged: {damage}"),
            LinkError::NewerFormat { found, supported } => write!(
                f,
                "the game link has format {found}, newer than this version of the game reads \
                 ({supported}); update the game to open it"
            ),
            LinkError::IllegalGame(problem) => {
                write!(f, "the game link holds no legal game: {problem}")
            }
            LinkError::BadRecord(e) => write!(f, "the game cannot be put in a link: {e}"),
        }
    }
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Damage::NotADigit(c) => write!(f, "'{}' is not a digit", c.escape_debug()),
            Damage::Length { digits } => write!(
                f,
                "no link has {digits} digits after its format digit (is it cut short?)"
            ),
            Damage::Checksum => write!(
                f,
                "its checksum does not match (a digit is wrong or missing)"
            ),
            Damage::Malformed => write!(f, "its digits do not follow the link format"),
        }
    }
}

impl fmt::Display for GameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameProblem::UnknownVariant(code) => write!(f, "unknown rule set code {code}"),
            GameProblem::BadStart(e) => write!(f, "the start position is invalid: {e}"),
            GameProblem::MoveIndex {
                number, legal: 0, ..
            } => {
                write!(f, "move {number} comes after the end of the game")
            }
            GameProblem::MoveIndex {
                number,
                index,
                legal,
            } => write!(
                f,
                "move {number} is number {index} of the legal moves, but there are only {legal}"
            ),
        }
    }
}

impl std::error::Error for LinkError {}
impl std::error::Error for Damage {}
impl std::error::Error for GameProblem {}

impl From<Damage> for LinkError {
    fn from(damage: Damage) -> Self {
        LinkError::Damaged(damage)
    }
}

/// The payload of a link to `record`'s game: digits only (docs/game-links.md). The players
/// become seat kinds ([`SEAT_KINDS`]); the date and the stored result are not written (the
/// result follows from the moves).
///
/// # Errors
/// [`LinkError::BadRecord`] if the record does not replay ([`GameRecord::replay`]).
pub fn encode(record: &GameRecord) -> Result<String, LinkError> {
    let game = record.replay().map_err(LinkError::BadRecord)?;
    let start = *game.start();
    let variant = start.variant();
    let mut bits = BitWriter::default();
    let variant_code = VARIANTS.iter().position(|&v| v == variant).unwrap_or(0);
    bits.push(variant_code as u64, 3);
    for id in [&record.players.south, &record.players.north] {
        let seat = SEAT_KINDS.iter().position(|k| k == id).unwrap_or(0);
        bits.push(seat as u64, 3);
    }
    let standard = start == Position::new(variant);
    bits.push(u64::from(!standard), 1);
    if !standard {
        write_start(&mut bits, &start);
    }
    bits.push_gamma(game.moves().len() as u64 + 1);
    // Before each move the game is not over, so the position's legal moves are the game's.
    for (position, mv) in game.positions().iter().zip(game.moves()) {
        let legal = position.legal_moves();
        let Some(index) = legal.iter().position(|m| m == mv) else {
            unreachable!("a replayed move is in its position's legal moves")
        };
        bits.push(index as u64, index_width(legal.len()));
    }
    let mut bytes = bits.bytes;
    let crc = crc16(LINK_FORMAT as u8, &bytes);
    bytes.extend(crc.to_be_bytes());
    let mut text = LINK_FORMAT.to_string();
    for chunk in bytes.chunks(CHUNK_BYTES) {
        let value = chunk.iter().fold(0u64, |v, &b| v << 8 | u64::from(b));
        let digits = CHUNK_DIGITS[chunk.len()];
        let _ = write!(text, "{value:0digits$}");
    }
    Ok(text)
}

/// `base` with its fragment, if any, replaced by `#g=` and the payload of `record`.
///
/// # Errors
/// As [`encode`].
pub fn to_url(base: &str, record: &GameRecord) -> Result<String, LinkError> {
    let base = base.split_once('#').map_or(base, |(before, _)| before);
    Ok(format!("{base}#{LINK_KEY}={}", encode(record)?))
}

/// The game of a link: a URL with `#g=`, `?g=` or `&g=`, or the bare payload; surrounding
/// whitespace is ignored. The moves are replayed; the record has format [`RECORD_FORMAT`], the
/// seat kinds as players, the result of the replay and no date.
///
/// # Errors
/// A [`LinkError`] saying whether the text is no link, a damaged one, one of a newer format, or
/// one whose game is not legal. Never panics.
pub fn decode(text: &str) -> Result<GameRecord, LinkError> {
    let payload = payload_of(text.trim())?;
    let mut chars = payload.chars();
    let format = match chars.next() {
        None => return Err(Damage::Length { digits: 0 }.into()),
        Some('0') => {
            // Formats 10 to 99: `0` and two digits.
            let tens = chars.next().and_then(|c| c.to_digit(10));
            let ones = chars.next().and_then(|c| c.to_digit(10));
            match (tens, ones) {
                (Some(t), Some(o)) if t > 0 => 10 * t + o,
                _ => return Err(Damage::Malformed.into()),
            }
        }
        Some(c) => c.to_digit(10).ok_or(Damage::NotADigit(c))?,
    };
    if format > LINK_FORMAT {
        return Err(LinkError::NewerFormat {
            found: format,
            supported: LINK_FORMAT,
        });
    }
    // Format 1 is the only one so far; an older format would be read here.
    decode_format_1(chars.as_str())
}

/// The payload in `text`: the value of the first `g=` after `#`, `?` or `&` (up to the next
/// `&` or `#`), or the whole text if it starts with a digit.
fn payload_of(text: &str) -> Result<&str, LinkError> {
    let key = format!("{LINK_KEY}=");
    let found = text
        .match_indices(&key)
        .find(|&(at, _)| at > 0 && matches!(text.as_bytes().get(at - 1), Some(b'#' | b'?' | b'&')));
    match found {
        Some((at, _)) => {
            let value = &text[at + key.len()..];
            Ok(value.split(['&', '#']).next().unwrap_or(value))
        }
        None if text.starts_with(|c: char| c.is_ascii_digit()) => Ok(text),
        None => Err(LinkError::NotALink),
    }
}

fn decode_format_1(digits: &str) -> Result<GameRecord, LinkError> {
    let mut bytes = digits_to_bytes(digits)?;
    if bytes.len() < 3 {
        return Err(Damage::Length {
            digits: digits.len(),
        }
        .into());
    }
    let crc_at = bytes.len() - 2;
    let stored = u16::from_be_bytes([bytes[crc_at], bytes[crc_at + 1]]);
    bytes.truncate(crc_at);
    if crc16(1, &bytes) != stored {
        return Err(Damage::Checksum.into());
    }
    let mut bits = BitReader {
        bytes: &bytes,
        at: 0,
    };
    let code = bits.read(3)? as u8;
    let variant = *VARIANTS
        .get(usize::from(code))
        .ok_or(LinkError::IllegalGame(GameProblem::UnknownVariant(code)))?;
    let mut seats = [""; 2];
    for seat in &mut seats {
        *seat = SEAT_KINDS
            .get(bits.read(3)? as usize)
            .ok_or(Damage::Malformed)?;
    }
    let start = if bits.read(1)? == 0 {
        Position::new(variant)
    } else {
        let setup = read_start(&mut bits, variant)?;
        Position::from_setup(&setup)
            .map_err(|e| LinkError::IllegalGame(GameProblem::BadStart(e)))?
    };
    let count = bits.read_gamma()? - 1;
    let mut game = Game::from_position(start);
    // Not `0..count`: a damaged count can be huge; the game ends, or the bits run out, first.
    let mut number = 0;
    while number < count {
        number += 1;
        let legal = game.legal_moves();
        let index = bits.read(index_width(legal.len()))?;
        let Some(&mv) = usize::try_from(index).ok().and_then(|i| legal.get(i)) else {
            return Err(LinkError::IllegalGame(GameProblem::MoveIndex {
                number: number as usize,
                index,
                legal: legal.len(),
            }));
        };
        if game.play(mv).is_err() {
            unreachable!("a listed move is legal");
        }
    }
    bits.finish()?;
    Ok(GameRecord {
        format: RECORD_FORMAT,
        variant: variant.id().to_owned(),
        start: start.to_setup(),
        players: RecordPlayers {
            south: seats[0].to_owned(),
            north: seats[1].to_owned(),
        },
        moves: game.moves().iter().map(ToString::to_string).collect(),
        result: RecordResult::of(&game.outcome()),
        date: String::new(),
    })
}

/// Bits for a move index among `legal` moves: none when there is only one.
fn index_width(legal: usize) -> u32 {
    usize::BITS - legal.saturating_sub(1).leading_zeros()
}

/// The seed counts of a start position, in the order a link writes them: the board row by row
/// from the top, then (except in Kujifunza, which captures nothing) South's and North's captured
/// seeds. They add up to the variant's total, so the last is never written.
fn seed_counts(position: &Position) -> Vec<u32> {
    let mut counts: Vec<u32> = position
        .rows()
        .concat()
        .into_iter()
        .map(u32::from)
        .collect();
    if !position.variant().is_kujifunza() {
        counts.extend(Player::BOTH.map(|p| u32::from(position.captured(p))));
    }
    counts
}

/// A custom start: the side to move, the seed counts (a board pit in unary, or one bit in
/// Kimasai; a captured count in binary, as wide as the seeds left need), stopping when no seeds
/// are left, then Kingulu's reserved holes, one bit per pit.
fn write_start(bits: &mut BitWriter, start: &Position) {
    let variant = start.variant();
    bits.push(u64::from(start.to_move() == Player::North), 1);
    let counts = seed_counts(start);
    let pits = variant.pit_count();
    let mut left = variant.total_seeds();
    for (slot, &count) in counts[..counts.len() - 1].iter().enumerate() {
        if left == 0 {
            break;
        }
        if slot >= pits {
            bits.push(count.into(), value_width(left));
        } else if variant == Variant::Kimasai {
            bits.push(count.into(), 1);
        } else {
            bits.push_unary(count);
        }
        left -= count;
    }
    if variant == Variant::Kingulu {
        for pit in board_pits(variant) {
            bits.push(u64::from(start.reserved_by(pit).is_some()), 1);
        }
    }
}

/// Reads what [`write_start`] wrote, unchecked: [`Position::from_setup`] checks it.
fn read_start(bits: &mut BitReader<'_>, variant: Variant) -> Result<PositionSetup, Damage> {
    let to_move = if bits.read(1)? == 0 {
        Player::South
    } else {
        Player::North
    };
    let pits = variant.pit_count();
    let slots = if variant.is_kujifunza() {
        pits
    } else {
        pits + 2
    };
    let mut counts = Vec::with_capacity(slots);
    let mut left = variant.total_seeds();
    for slot in 0..slots - 1 {
        let count = if left == 0 {
            0
        } else if slot >= pits {
            bits.read(value_width(left))? as u32
        } else if variant == Variant::Kimasai {
            bits.read(1)? as u32
        } else {
            bits.read_unary(left)?
        };
        left = left.checked_sub(count).ok_or(Damage::Malformed)?;
        counts.push(i64::from(count));
    }
    counts.push(i64::from(left));
    let mut reserved = Vec::new();
    if variant == Variant::Kingulu {
        let standard = Position::new(variant);
        for pit in board_pits(variant) {
            if bits.read(1)? == 1 {
                let row_owner = standard
                    .name_of(pit)
                    .map_or(Player::South, |(owner, _)| owner);
                reserved.push(ReservedSetup {
                    row: pit.row.into(),
                    col: pit.col.into(),
                    owner: row_owner.opponent().id().to_owned(),
                });
            }
        }
    }
    let captured = match counts.get(pits..) {
        Some(&[south, north]) => CapturedSetup { south, north },
        _ => CapturedSetup::default(),
    };
    counts.truncate(pits);
    Ok(PositionSetup {
        variant: variant.id().to_owned(),
        to_move: to_move.id().to_owned(),
        rows: counts.chunks(variant.cols()).map(<[i64]>::to_vec).collect(),
        captured,
        reserved,
    })
}

/// Every pit of the board, row by row from the top.
fn board_pits(variant: Variant) -> impl Iterator<Item = Pit> {
    let cols = variant.cols();
    (0..variant.pit_count()).map(move |i| Pit::new((i / cols) as u8, (i % cols) as u8))
}

/// Bits for a number from 0 to `max`.
fn value_width(max: u32) -> u32 {
    u32::BITS - max.leading_zeros()
}

/// The payload's digits after the format digit as bytes: chunks of 17 digits for 7 bytes, the
/// last chunk shorter ([`CHUNK_DIGITS`]).
fn digits_to_bytes(digits: &str) -> Result<Vec<u8>, Damage> {
    if let Some(c) = digits.chars().find(|c| !c.is_ascii_digit()) {
        return Err(Damage::NotADigit(c));
    }
    let full = CHUNK_DIGITS[CHUNK_BYTES];
    let last = digits.len() % full;
    if !CHUNK_DIGITS.contains(&last) {
        return Err(Damage::Length {
            digits: digits.len(),
        });
    }
    let mut bytes = Vec::with_capacity(digits.len() / 2);
    for chunk in digits.as_bytes().chunks(full) {
        let count = CHUNK_DIGITS
            .iter()
            .position(|&d| d == chunk.len())
            .unwrap_or(0);
        let value = chunk
            .iter()
            .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0'));
        if value >> (8 * count) != 0 {
            return Err(Damage::Malformed);
        }
        bytes.extend_from_slice(&value.to_be_bytes()[8 - count..]);
    }
    Ok(bytes)
}

/// CRC-16/IBM-3740 (polynomial 0x1021, initial value 0xFFFF, no reflection) of the format
/// number as one byte followed by `bytes`.
fn crc16(format: u8, bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &byte in std::iter::once(&format).chain(bytes) {
        crc ^= u16::from(byte) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                crc << 1 ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

/// Bits written most significant first into bytes; the last byte is padded with zeros.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    len: usize,
}

impl BitWriter {
    /// The low `width` bits of `value`.
    fn push(&mut self, value: u64, width: u32) {
        for i in (0..width).rev() {
            if self.len.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if value >> i & 1 == 1
                && let Some(byte) = self.bytes.last_mut()
            {
                *byte |= 0x80 >> (self.len % 8);
            }
            self.len += 1;
        }
    }

    /// `count` ones and a zero.
    fn push_unary(&mut self, count: u32) {
        for _ in 0..count {
            self.push(1, 1);
        }
        self.push(0, 1);
    }

    /// Elias gamma code of `n` ≥ 1: as many zeros as `n` has bits after its first, then `n`.
    fn push_gamma(&mut self, n: u64) {
        let width = u64::BITS - n.leading_zeros();
        self.push(0, width - 1);
        self.push(n, width);
    }
}

/// Reads what a [`BitWriter`] wrote.
struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    /// `width` (at most 64) bits as a number.
    fn read(&mut self, width: u32) -> Result<u64, Damage> {
        let mut value = 0u64;
        for _ in 0..width {
            let byte = self.bytes.get(self.at / 8).ok_or(Damage::Malformed)?;
            value = value << 1 | u64::from(byte >> (7 - self.at % 8) & 1);
            self.at += 1;
        }
        Ok(value)
    }

    /// A unary count of at most `max`.
    fn read_unary(&mut self, max: u32) -> Result<u32, Damage> {
        let mut count = 0;
        while self.read(1)? == 1 {
            count += 1;
            if count > max {
                return Err(Damage::Malformed);
            }
        }
        Ok(count)
    }

    /// An Elias gamma code (see [`BitWriter::push_gamma`]) of at most 32 bits.
    fn read_gamma(&mut self) -> Result<u64, Damage> {
        let mut zeros = 0;
        while self.read(1)? == 0 {
            zeros += 1;
            if zeros >= 32 {
                return Err(Damage::Malformed);
            }
        }
        Ok(1 << zeros | self.read(zeros)?)
    }

    /// Checks that only the zero padding of the last byte is left.
    fn finish(&self) -> Result<(), Damage> {
        let rest = self.bytes.len() * 8 - self.at;
        if rest >= 8 {
            return Err(Damage::Malformed);
        }
        let padding = self
            .bytes
            .last()
            .map_or(0, |&b| b & ((1u16 << rest) - 1) as u8);
        if padding == 0 {
            Ok(())
        } else {
            Err(Damage::Malformed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc16_is_ibm_3740() {
        // The catalogue's check value: the CRC of "123456789".
        assert_eq!(crc16(b'1', b"23456789"), 0x29B1);
    }

    #[test]
    fn chunk_digits_are_the_fewest_that_hold_the_bytes() {
        for (bytes, &digits) in CHUNK_DIGITS.iter().enumerate() {
            let max = 256f64.powi(bytes as i32);
            assert!(10f64.powi(digits as i32) >= max);
            assert!(digits == 0 || 10f64.powi(digits as i32 - 1) < max);
        }
    }

    #[test]
    fn bytes_round_trip_through_digits() {
        for len in 0..30 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 255) as u8).collect();
            let mut text = String::new();
            for chunk in bytes.chunks(CHUNK_BYTES) {
                let value = chunk.iter().fold(0u64, |v, &b| v << 8 | u64::from(b));
                let digits = CHUNK_DIGITS[chunk.len()];
                write!(text, "{value:0digits$}").unwrap();
            }
            assert_eq!(digits_to_bytes(&text), Ok(bytes));
        }
        assert_eq!(digits_to_bytes("999"), Err(Damage::Malformed));
        assert_eq!(digits_to_bytes("12"), Err(Damage::Length { digits: 2 }));
    }

    #[test]
    fn bits_round_trip() {
        let mut w = BitWriter::default();
        w.push(5, 3);
        w.push_unary(4);
        for n in [1, 2, 3, 200, u64::from(u32::MAX)] {
            w.push_gamma(n);
        }
        w.push(0, 0);
        let mut r = BitReader {
            bytes: &w.bytes,
            at: 0,
        };
        assert_eq!(r.read(3), Ok(5));
        assert_eq!(r.read_unary(4), Ok(4));
        for n in [1, 2, 3, 200, u64::from(u32::MAX)] {
            assert_eq!(r.read_gamma(), Ok(n));
        }
        assert_eq!(r.finish(), Ok(()));
        assert_eq!(r.read(8), Err(Damage::Malformed));
    }

    #[test]
    fn index_width_is_the_ceiling_of_log2() {
        let widths: Vec<u32> = [0, 1, 2, 3, 4, 5, 8, 9, 512].map(index_width).to_vec();
        assert_eq!(widths, [0, 0, 1, 2, 2, 3, 3, 4, 9]);
    }
}
