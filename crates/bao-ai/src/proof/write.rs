//! Writing a proof file from a solved search: the attacker's winning move in every position of
//! the proof, as the format of [`super::check`] describes it.
//!
//! The writer walks the proof depth-first in the engine's move order, exactly as the checker
//! reads it back. At an attacker node it tries the children the table says are proven; one
//! that would close a cycle (KU-11: a proof line must never meet a position twice) is abandoned
//! with everything it wrote, and the next is tried. An entry the table has since replaced is
//! searched again.

use super::check::{FORMAT_VERSION, MAGIC};
use super::dfpn::{Solver, Verdict, children_of};
use crate::key::key_of;
use bao_engine::{Player, Position};
use std::collections::HashMap;
use std::fmt;

/// Why no proof file could be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The search has not proven the attacker's win.
    NotProven(Verdict),
    /// A position the proof needs could not be proven again (budget spent, or every winning
    /// move led into a cycle of the proof).
    Stuck {
        /// The position, as JSON.
        position: String,
    },
    /// The proof does not fit the format (over 4 GiB, or over 2³² positions).
    TooLarge,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::NotProven(v) => write!(f, "no proof to write: the search ended {v:?}"),
            WriteError::Stuck { position } => {
                write!(f, "the proof could not be completed at {position}")
            }
            WriteError::TooLarge => write!(f, "the proof is too large for the file format"),
        }
    }
}

impl std::error::Error for WriteError {}

/// A position on the walk's path, or one whose proof is already written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    OnPath,
    Done,
}

/// A branch that cannot be completed; the attacker node above tries another move.
struct Stuck(Position);

struct Writer<'a> {
    solver: &'a mut Solver,
    marks: HashMap<Position, Mark>,
    /// Positions marked done, in order, so a failed branch can be taken back.
    done: Vec<Position>,
    body: Vec<u8>,
}

impl Solver {
    /// The proof file of a proven search (its format: [`super::check_proof`]), and the number
    /// of positions in it.
    ///
    /// # Errors
    /// [`WriteError`] when the root is not proven or the proof cannot be completed.
    pub fn write_proof(&mut self) -> Result<(Vec<u8>, u64), WriteError> {
        let verdict = self.verdict();
        if verdict != Verdict::Proven {
            return Err(WriteError::NotProven(verdict));
        }
        let root = self.root;
        let attacker = self.attacker;
        let mut writer = Writer {
            solver: self,
            marks: HashMap::new(),
            done: Vec::new(),
            body: Vec::new(),
        };
        writer.prove(&root).map_err(|Stuck(p)| WriteError::Stuck {
            position: p.to_json(),
        })?;
        let positions = writer.done.len() as u64;
        let file = encode(&root, attacker, positions, &writer.body)?;
        Ok((file, positions))
    }
}

impl Writer<'_> {
    fn prove(&mut self, pos: &Position) -> Result<(), Stuck> {
        match self.marks.get(pos) {
            Some(Mark::OnPath) => return Err(Stuck(*pos)),
            Some(Mark::Done) => return Ok(()),
            None => {}
        }
        let children = children_of(pos);
        if children.is_empty() {
            return self.leaf(pos);
        }
        let key = key_of(pos);
        self.marks.insert(*pos, Mark::OnPath);
        self.solver.path.insert(key);
        let result = if pos.to_move() == self.solver.attacker {
            self.attacker_node(pos, &children)
        } else {
            self.defender_node(&children)
        };
        self.solver.path.remove(&key);
        match result {
            Ok(()) => {
                self.marks.insert(*pos, Mark::Done);
                self.done.push(*pos);
                Ok(())
            }
            Err(stuck) => {
                self.marks.remove(pos);
                Err(stuck)
            }
        }
    }

    /// A finished game: part of the proof only if the attacker has won (KU-10).
    fn leaf(&mut self, pos: &Position) -> Result<(), Stuck> {
        if pos.outcome().winner() != Some(self.solver.attacker) {
            return Err(Stuck(*pos));
        }
        self.marks.insert(*pos, Mark::Done);
        self.done.push(*pos);
        Ok(())
    }

    /// Tries the proven moves, cheapest first, until one can be written out.
    fn attacker_node(&mut self, pos: &Position, children: &[(Position, u64)]) -> Result<(), Stuck> {
        let mut candidates = self.proven_children(children);
        if candidates.is_empty() {
            // The table lost this part of the proof: search it again (off the path, as the
            // search would have seen it).
            self.solver.path.remove(&key_of(pos));
            self.solver.search_at(pos);
            self.solver.path.insert(key_of(pos));
            candidates = self.proven_children(children);
        }
        for index in candidates {
            let (body_len, done_len) = (self.body.len(), self.done.len());
            push_index(&mut self.body, index, children.len());
            if self.prove(&children[index].0).is_ok() {
                return Ok(());
            }
            self.body.truncate(body_len);
            for p in self.done.drain(done_len..) {
                self.marks.remove(&p);
            }
        }
        Err(Stuck(*pos))
    }

    /// Every reply must be proven, in the engine's order.
    fn defender_node(&mut self, children: &[(Position, u64)]) -> Result<(), Stuck> {
        for (child, _) in children {
            if !self.marks.contains_key(child)
                && !self.solver.known(child).is_some_and(|v| v.is_proven())
            {
                self.solver.search_at(child);
            }
            self.prove(child)?;
        }
        Ok(())
    }

    /// Indices of the children known to be won (finished games first, then the proven
    /// positions whose subtree cost the least work to prove).
    fn proven_children(&self, children: &[(Position, u64)]) -> Vec<usize> {
        (0..children.len())
            .filter(|&i| {
                let child = &children[i].0;
                self.marks.get(child) == Some(&Mark::Done)
                    || self.solver.known(child).is_some_and(|v| v.is_proven())
            })
            .collect()
    }
}

/// A move index: one byte where the position has at most 256 moves, else two (little-endian;
/// only `kujifunza-choice` positions can have more).
fn push_index(body: &mut Vec<u8>, index: usize, moves: usize) {
    if moves <= 256 {
        body.push(index as u8);
    } else {
        body.extend_from_slice(&(index as u16).to_le_bytes());
    }
}

/// The file: header, then the body (see [`super::check`] for the layout).
fn encode(
    root: &Position,
    winner: Player,
    positions: u64,
    body: &[u8],
) -> Result<Vec<u8>, WriteError> {
    let variant = root.variant().id().as_bytes();
    let json = root.to_json();
    let json_len = u16::try_from(json.len()).map_err(|_| WriteError::TooLarge)?;
    let positions = u32::try_from(positions).map_err(|_| WriteError::TooLarge)?;
    let body_len = u32::try_from(body.len()).map_err(|_| WriteError::TooLarge)?;
    let mut file = Vec::with_capacity(body.len() + json.len() + 64);
    file.extend_from_slice(MAGIC);
    file.push(FORMAT_VERSION);
    file.push(variant.len() as u8);
    file.extend_from_slice(variant);
    file.push(winner.index() as u8);
    file.extend_from_slice(&json_len.to_le_bytes());
    file.extend_from_slice(json.as_bytes());
    file.extend_from_slice(&positions.to_le_bytes());
    file.extend_from_slice(&body_len.to_le_bytes());
    file.extend_from_slice(&fnv1a(body).to_le_bytes());
    file.extend_from_slice(body);
    Ok(file)
}

/// FNV-1a, 64 bits: the body's checksum. (The checker computes it with its own copy.)
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
