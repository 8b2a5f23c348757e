//! The exact forced-win search of "win" puzzles: an exhaustive AND/OR search to a ply limit,
//! judged by the engine's outcome after every move, never by the AI's evaluation.
//!
//! The *attacker* is the side to move in the puzzle's position, the *defender* the other. The
//! attacker wins within `k` plies if some move leads to a position the engine scores
//! `Win(attacker)` (KU-10, KN-8, KG-5, KM-4: bao hamna, blockade, no seeds, the final count), or
//! to one where every defence lets the attacker win within `k - 2` more plies (a defender
//! whose every reply loses at once, e.g. by emptying their own front row, KU-10, loses too).
//! A draw, a loss or a game still going at the limit is not a win.
//!
//! **Repetition is ignored inside the search** (KU-11, KN-9, KG-5, KM-4). The lines are at most
//! [`MAX_WIN_PLIES`] plies long and start from the puzzle's position with no history, and a
//! repetition needs a position to come back: the first repetition of KG-5/KM-4 needs both sides
//! to restore their seeds, the third occurrence of KU-11/KN-9 at least four plies of exact
//! back-and-forth. Counting the line's history would make each result depend on the path to it
//! and rule out the transposition table. The main line itself is replayed in a
//! [`bao_engine::Game`], with repetition, when a puzzle is verified.

use bao_engine::{Move, Position};
use std::collections::HashMap;

/// The longest win a puzzle may ask for (plies). The search is exhaustive, so its cost grows
/// with the branching factor to this power; the shipped puzzles go up to 5.
pub const MAX_WIN_PLIES: u32 = 7;

/// The search ran past its budget of expansions (only the generator gives one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfBudget;

pub(crate) type Found<T> = Result<T, OutOfBudget>;

/// A position's legal moves with the positions they lead to.
type Children = Vec<(Move, Position)>;

/// What the transposition table knows about an attacker-to-move position.
#[derive(Clone, Copy, Debug)]
struct Known {
    /// The attacker wins within this many plies (`u32::MAX`: not known).
    win_within: u32,
    /// The attacker does not win within this many plies (0: not known).
    no_win_within: u32,
}

/// The search with its transposition table and its budget of expansions (one expansion
/// generates one position's moves).
pub(crate) struct Solver {
    table: HashMap<Position, Known>,
    expansions: u64,
    limit: u64,
}

impl Solver {
    /// A solver that gives up after `limit` expansions.
    pub(crate) fn with_budget(limit: u64) -> Solver {
        Solver {
            table: HashMap::new(),
            expansions: 0,
            limit,
        }
    }

    /// A solver without a limit: every answer is exact.
    pub(crate) fn exact() -> Solver {
        Solver::with_budget(u64::MAX)
    }

    /// A fresh budget of `limit` expansions; the table is kept.
    pub(crate) fn set_budget(&mut self, limit: u64) {
        self.expansions = 0;
        self.limit = limit;
    }

    fn expand(&mut self, pos: &Position) -> Found<Children> {
        self.expansions += 1;
        if self.expansions > self.limit {
            return Err(OutOfBudget);
        }
        let mut children = Vec::new();
        pos.for_each_move(|mv, next| children.push((mv, *next)));
        Ok(children)
    }

    /// Whether the player to move in `pos` forces a win within `k` plies (0: `pos` is already
    /// won by them, which happens after a defender's move that lost at once).
    pub(crate) fn attacker_wins(&mut self, pos: &Position, k: u32) -> Found<bool> {
        let children = self.expand(pos)?;
        self.attacker_wins_from(pos, &children, k)
    }

    fn attacker_wins_from(&mut self, pos: &Position, children: &Children, k: u32) -> Found<bool> {
        let attacker = pos.to_move();
        if children.is_empty() {
            return Ok(pos.outcome().winner() == Some(attacker));
        }
        if k == 0 {
            return Ok(false);
        }
        if let Some(known) = self.table.get(pos) {
            if known.win_within <= k {
                return Ok(true);
            }
            if k <= known.no_win_within {
                return Ok(false);
            }
        }
        // Every reply list once, so that the quick wins are tried before any deeper line.
        let mut replies = Vec::with_capacity(children.len());
        let mut won = false;
        for (_, child) in children {
            let list = self.expand(child)?;
            if list.is_empty() && child.outcome().winner() == Some(attacker) {
                won = true;
                break;
            }
            replies.push(list);
        }
        if !won && k >= 2 {
            for ((_, child), list) in children.iter().zip(&replies) {
                if !list.is_empty() && self.defender_loses_from(child, list, k - 1)? {
                    won = true;
                    break;
                }
            }
        }
        // Shallow nodes are the many; only the deeper ones are worth remembering.
        if k >= 2 {
            let known = self.table.entry(*pos).or_insert(Known {
                win_within: u32::MAX,
                no_win_within: 0,
            });
            if won {
                known.win_within = known.win_within.min(k);
            } else {
                known.no_win_within = known.no_win_within.max(k);
            }
        }
        Ok(won)
    }

    /// Whether the player *not* to move in `pos` (the attacker, `pos` being the defender's
    /// turn) wins within `k` plies, the defender's reply counted.
    pub(crate) fn defender_loses(&mut self, pos: &Position, k: u32) -> Found<bool> {
        let replies = self.expand(pos)?;
        self.defender_loses_from(pos, &replies, k)
    }

    fn defender_loses_from(&mut self, pos: &Position, replies: &Children, k: u32) -> Found<bool> {
        if replies.is_empty() {
            return Ok(pos.outcome().winner() == Some(pos.to_move().opponent()));
        }
        if k == 0 {
            return Ok(false);
        }
        for (_, reply) in replies {
            if !self.attacker_wins(reply, k - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The fewest plies within which the player to move forces a win, up to `max`.
    pub(crate) fn attacker_distance(&mut self, pos: &Position, max: u32) -> Found<Option<u32>> {
        for k in 0..=max {
            if self.attacker_wins(pos, k)? {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// The fewest plies within which the player not to move forces a win against the longest
    /// defence, up to `max` (the defender's reply counted).
    pub(crate) fn defender_distance(&mut self, pos: &Position, max: u32) -> Found<Option<u32>> {
        for k in 0..=max {
            if self.defender_loses(pos, k)? {
                return Ok(Some(k));
            }
        }
        Ok(None)
    }

    /// The attacker's fastest winning move within `plies`, with its distance (the move
    /// counted); the first in the engine's move order among equals.
    pub(crate) fn winning_move(
        &mut self,
        pos: &Position,
        plies: u32,
    ) -> Found<Option<(Move, u32)>> {
        let mut best: Option<(Move, u32)> = None;
        for (mv, child) in self.expand(pos)? {
            // Only a faster win than the best so far counts.
            let max = match best {
                None => plies.checked_sub(1),
                Some((_, b)) => b.checked_sub(2),
            };
            let Some(max) = max else { break };
            if let Some(d) = self.defender_distance(&child, max)? {
                best = Some((mv, d + 1));
            }
        }
        Ok(best)
    }

    /// The defender's best reply in `pos` with `plies` left (the reply counted): one after
    /// which the attacker no longer wins within `plies - 1` if there is one, else the one that
    /// makes the attacker's win longest.
    pub(crate) fn best_defence(&mut self, pos: &Position, plies: u32) -> Found<Option<Defence>> {
        let mut best: Option<Defence> = None;
        for (mv, reply) in self.expand(pos)? {
            let d = self.attacker_distance(&reply, plies.saturating_sub(1))?;
            let Some(d) = d else {
                return Ok(Some(Defence {
                    mv,
                    attacker_wins_in: None,
                }));
            };
            if best.is_none_or(|b| b.attacker_wins_in.is_some_and(|w| d > w)) {
                best = Some(Defence {
                    mv,
                    attacker_wins_in: Some(d),
                });
            }
        }
        Ok(best)
    }

    /// The main line of a win within `plies`: the attacker's fastest moves and the
    /// defender's longest defences, ending in the win; `None` if there is no forced win.
    pub(crate) fn main_line(&mut self, pos: &Position, plies: u32) -> Found<Option<Vec<Move>>> {
        let Some(total) = self.attacker_distance(pos, plies)? else {
            return Ok(None);
        };
        let mut line = Vec::new();
        let mut at = *pos;
        let attacker = pos.to_move();
        while line.len() < total as usize {
            let left = total - line.len() as u32;
            let next = if at.to_move() == attacker {
                self.winning_move(&at, left)?.map(|(mv, _)| mv)
            } else {
                self.best_defence(&at, left)?.map(|d| d.mv)
            };
            let Some(mv) = next else {
                unreachable!("a won line has a move at every ply before the win");
            };
            let Ok(after) = at.play(mv) else {
                unreachable!("the search plays only legal moves");
            };
            line.push(mv);
            at = after;
        }
        Ok(Some(line))
    }
}

/// The defender's best reply ([`best_defence`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defence {
    /// The reply.
    pub mv: Move,
    /// Plies the attacker then still needs to win (0: the reply loses at once), or `None` if
    /// the reply escapes the forced win within the plies left.
    pub attacker_wins_in: Option<u32>,
}

/// Whether the side to move in `position` forces a win within `plies` plies (the engine's
/// outcome `Win(mover)` at or before that ply, against every defence; repetition ignored, see
/// the [`crate::puzzle`] docs). Exact: an exhaustive AND/OR search with a transposition table;
/// its cost grows exponentially with `plies` (the shipped puzzles take well under a
/// millisecond each).
pub fn forced_win_within(position: &Position, plies: u32) -> bool {
    unbudgeted(Solver::exact().attacker_wins(position, plies))
}

/// Whether `mv`, played by the side to move in `position`, keeps a forced win for them within
/// `plies` plies (`mv` being the first of them). `false` for an illegal move. What the game asks
/// after each of the player's moves in a win puzzle, with the plies left.
pub fn keeps_forced_win(position: &Position, mv: Move, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let Ok(after) = position.play(mv) else {
        return false;
    };
    unbudgeted(Solver::exact().defender_loses(&after, plies - 1))
}

/// The fewest plies within which the side to move forces a win, if it can within `max_plies`.
pub fn win_distance(position: &Position, max_plies: u32) -> Option<u32> {
    unbudgeted(Solver::exact().attacker_distance(position, max_plies))
}

/// A fastest winning move of the side to move, within `plies` plies, and how many plies the
/// win then takes (the move counted): the hint of a win puzzle. `None` without a forced win.
pub fn winning_move(position: &Position, plies: u32) -> Option<(Move, u32)> {
    unbudgeted(Solver::exact().winning_move(position, plies))
}

/// The best defence of the side to move in `position` against a forced win of the other side
/// within `plies` plies (this reply counted): a reply that escapes it if there is one, else
/// the one that puts the loss off longest (the first in the engine's order among equals). What
/// the game plays for the opponent in a win puzzle. `None` when the game is over.
pub fn best_defence(position: &Position, plies: u32) -> Option<Defence> {
    unbudgeted(Solver::exact().best_defence(position, plies))
}

/// The main line of the fastest forced win of the side to move within `plies` plies: their
/// fastest moves and the longest defences, ending in the win; `None` without a forced win.
pub fn main_line(position: &Position, plies: u32) -> Option<Vec<Move>> {
    unbudgeted(Solver::exact().main_line(position, plies))
}

fn unbudgeted<T>(found: Found<T>) -> T {
    found.unwrap_or_else(|_| unreachable!("an exact solver has no budget"))
}
