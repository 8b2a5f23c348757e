//! Depth-first proof-number search (df-pn, Nagai 2002) with the 1+ε trick of Pawlewicz and Lew
//! (2007), made for proofs: it decides whether the attacker can force a win, using nothing but
//! the engine's own move generation.
//!
//! Repetition (KU-11): a proof must be a DAG, so no line of it may meet a position twice and the
//! repetition rule never comes into play. A position that is already on the search path is
//! therefore scored as "not a win" for the attacker. Such a disproof holds for that path only
//! (the graph-history interaction): it is stored with a flag, and a root disproof that rests on
//! one is reported as such, never as a fact. Proofs do not depend on the path: a repetition only
//! ever takes a winning option away from the attacker.
//!
//! A game's earlier positions ([`Solver::avoid`]) count the same way, on every line: a proof
//! then never passes through one, so playing it out in that game never repeats a position, and
//! the repetition rules (KU-11, KG-5, KM-4) cannot turn the proven win into a draw.
//!
//! The search keeps its own stack instead of recursing, so it can stop after any position and
//! go on exactly where it stopped ([`Solver::run`] again after [`Solver::set_budget`]): a search
//! run in slices is the same search, position for position, as one run at once.

use super::table::{INF, Table, Values};
use crate::key::key_of;
use bao_engine::{Move, Player, Position};
use std::collections::HashSet;
use std::hash::BuildHasherDefault;

/// What the solver may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    /// Positions to evaluate before giving up.
    pub nodes: u64,
    /// Memory for the transposition table, in bytes.
    pub table_bytes: usize,
}

/// A snapshot for progress output, handed to the callback of [`Solver::run`] about every
/// [`Solver::REPORT_EVERY`] positions. The library reads no clock (it runs in the web build
/// too): the caller adds the elapsed time, as `bao-cli solve` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions evaluated so far.
    pub nodes: u64,
    /// The root's proof number when the search last passed through the root.
    pub root_pn: u32,
    /// The root's disproof number when the search last passed through the root.
    pub root_dn: u32,
    /// Transposition-table entries in use, and the table's size in entries.
    pub table_used: u64,
    /// The table's size in entries.
    pub table_capacity: u64,
    /// Length of the current search path in plies.
    pub depth: usize,
}

/// What the search established about "the attacker can force a win".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The attacker wins by force: a proof can be written.
    Proven,
    /// The attacker cannot force a win. `path_dependent`: the disproof rests on a repetition
    /// judged on one search path (see the module docs), so it is not certain.
    Disproven {
        /// Whether the disproof rests on a path-dependent repetition.
        path_dependent: bool,
    },
    /// The node budget ran out; the root's proof and disproof numbers at that point.
    Unknown {
        /// Root proof number.
        pn: u32,
        /// Root disproof number.
        dn: u32,
    },
}

/// Lines longer than this are cut and scored "not a win" (path-dependent), so the recursion's
/// depth stays bounded; no proof of interest is this deep.
const MAX_DEPTH: usize = 2_000;

/// The keys of positions are already well mixed: the path set uses them as they are.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }
}

pub(super) type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// Thresholds a subtree is searched up to.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    pn: u64,
    dn: u64,
}

const UNBOUNDED: Bounds = Bounds {
    pn: INF as u64,
    dn: INF as u64,
};

/// A child's values with its place in the move order.
#[derive(Clone, Copy)]
struct Ranked {
    index: usize,
    values: Values,
}

/// A position being searched: what the recursive df-pn keeps on its call stack.
#[derive(Clone, Copy)]
struct Frame {
    key: u64,
    bounds: Bounds,
    /// Positions evaluated when the search entered it: the work below it, for the table.
    before: u64,
    or_node: bool,
    /// Its children are `arena[first..end]`, in the engine's move order.
    first: usize,
    end: usize,
    /// Its values and the child to search next, from its children's values as they stand;
    /// `None` once a child's search has changed them.
    ranked: Option<(Values, Pick)>,
}

/// A df-pn search for one attacker from one root position.
#[derive(Clone)]
pub struct Solver {
    pub(super) root: Position,
    root_key: u64,
    pub(super) attacker: Player,
    pub(super) table: Table,
    /// Keys of the positions on the current search path (KU-11 cycle check).
    pub(super) path: KeySet,
    /// Keys of positions the attacker must never reach: the game's earlier positions.
    avoided: KeySet,
    /// The positions being searched, the root first.
    stack: Vec<Frame>,
    /// The children of the positions on the stack, with their keys.
    arena: Vec<(Position, u64)>,
    /// Scratch list of one position's children with their values.
    ranked: Vec<Ranked>,
    /// The values of the position whose search ended last.
    returned: Values,
    nodes: u64,
    budget: u64,
    root_values: Values,
    next_report: u64,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("attacker", &self.attacker)
            .field("nodes", &self.nodes)
            .field("budget", &self.budget)
            .field("verdict", &self.verdict())
            .finish_non_exhaustive()
    }
}

type Report<'a> = &'a mut dyn FnMut(&Progress);

impl Solver {
    /// Positions between two progress reports.
    pub const REPORT_EVERY: u64 = 1 << 20;

    /// A solver proving that `attacker` wins from `root`.
    pub fn new(root: Position, attacker: Player, limits: SolveLimits) -> Solver {
        Solver {
            root,
            root_key: key_of(&root),
            attacker,
            table: Table::with_bytes(limits.table_bytes),
            path: KeySet::default(),
            avoided: KeySet::default(),
            stack: Vec::new(),
            arena: Vec::new(),
            ranked: Vec::new(),
            returned: Values::DISPROVEN,
            nodes: 0,
            budget: limits.nodes,
            root_values: Values {
                pn: 1,
                dn: 1,
                path_dependent: false,
            },
            next_report: Self::REPORT_EVERY,
        }
    }

    /// Counts `positions` (a game's earlier positions) as "not a win" for the attacker wherever
    /// the search meets them, as a repetition on the search path is (KU-11, KG-5, KM-4): a proof
    /// found afterwards never passes through one, so it wins in that game whatever its
    /// repetition rule. The root is on the path anyway. Call before [`Solver::run`].
    pub fn avoid(&mut self, positions: &[Position]) {
        self.avoid_keys(positions.iter().map(key_of));
    }

    /// [`Solver::avoid`] by the positions' keys.
    pub(crate) fn avoid_keys(&mut self, keys: impl IntoIterator<Item = u64>) {
        self.avoided.extend(keys);
    }

    /// The root position.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The side whose win is being proven.
    pub fn attacker(&self) -> Player {
        self.attacker
    }

    /// Positions evaluated so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The transposition table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Searches until the root is decided or the node budget is spent. May be called again
    /// after raising the budget ([`Solver::add_budget`], [`Solver::set_budget`]): the search
    /// goes on exactly where it stopped, so a search run in slices evaluates the same positions
    /// in the same order as one run at once. It stops only between two steps, so it may pass
    /// the budget by the moves of one position.
    pub fn run(&mut self, report: Report<'_>) -> Verdict {
        if self.stack.is_empty() {
            if self.nodes > 0 {
                // The root was evaluated before and the stack is empty: it is decided.
                return self.verdict();
            }
            let root = self.root;
            let values = self.values_of(&root, report);
            self.root_values = values;
            if values.is_decided() {
                return self.verdict();
            }
            self.enter(&root, self.root_key, UNBOUNDED);
        }
        if self.drive(0, report) {
            self.root_values = self.returned;
        }
        self.verdict()
    }

    /// The verdict as of now.
    pub fn verdict(&self) -> Verdict {
        let v = self.root_values;
        if v.pn == 0 {
            Verdict::Proven
        } else if v.dn == 0 {
            Verdict::Disproven {
                path_dependent: v.path_dependent,
            }
        } else {
            Verdict::Unknown { pn: v.pn, dn: v.dn }
        }
    }

    /// Allows `nodes` more positions.
    pub fn add_budget(&mut self, nodes: u64) {
        self.budget = self.budget.saturating_add(nodes);
    }

    /// Allows `nodes` positions in all (counting those already evaluated).
    pub fn set_budget(&mut self, nodes: u64) {
        self.budget = nodes;
    }

    /// Whether the node budget is spent.
    pub fn budget_exhausted(&self) -> bool {
        self.nodes >= self.budget
    }

    /// After a proof with the attacker to move at the root: the first winning move in the
    /// engine's order whose position is proven.
    pub fn winning_move(&self) -> Option<Move> {
        if self.root.to_move() != self.attacker || self.verdict() != Verdict::Proven {
            return None;
        }
        let mut found = None;
        self.root.for_each_move(|mv, next| {
            if found.is_none()
                && !self.avoided.contains(&key_of(next))
                && self.known(next).is_some_and(Values::is_proven)
            {
                found = Some(mv);
            }
        });
        found
    }

    /// Every legal move at the root with the proof and disproof numbers of its position as the
    /// table has them (`None` where the entry is gone): which first moves are proven, refuted
    /// or open.
    pub fn root_moves(&self) -> Vec<(Move, Option<(u32, u32)>)> {
        let mut moves = Vec::new();
        self.root.for_each_move(|mv, next| {
            moves.push((mv, self.known(next).map(|v| (v.pn, v.dn))));
        });
        moves
    }

    /// What is known of `pos` without searching: its table entry, or its outcome when the game
    /// is over there.
    pub(super) fn known(&self, pos: &Position) -> Option<Values> {
        let outcome = pos.outcome();
        match outcome.winner() {
            _ if !outcome.is_over() => self.table.get(key_of(pos)),
            Some(w) if w == self.attacker => Some(Values::PROVEN),
            _ => Some(Values::DISPROVEN),
        }
    }

    /// Searches `pos` (not on the path) until it is decided or the budget is spent; used by the
    /// proof writer, after the search has ended, when an entry it needs was replaced in the
    /// table.
    pub(super) fn search_at(&mut self, pos: &Position) -> Values {
        let mut quiet = |_: &Progress| {};
        let values = self.values_of(pos, &mut quiet);
        if values.is_decided() {
            return values;
        }
        let base = self.stack.len();
        self.enter(pos, key_of(pos), UNBOUNDED);
        if !self.drive(base, &mut quiet) {
            // The budget is spent: every position left on the stack keeps what it has.
            while self.stack.len() > base {
                let top = self.stack.len() - 1;
                let (values, _) = self.rank(top, &mut quiet);
                self.leave(values);
            }
        }
        self.returned
    }

    /// The multiple-iterative-deepening loop of df-pn, on the explicit stack: the position on
    /// top is searched below until its proof or disproof number reaches its threshold, then its
    /// values are stored and its parent goes on. Runs until the stack is down to `base`
    /// positions (then `true`, the last values in [`Solver::returned`]) or the budget is spent
    /// (then `false`, and the stack stays as it is for the next call).
    fn drive(&mut self, base: usize, report: Report<'_>) -> bool {
        while self.stack.len() > base {
            let top = self.stack.len() - 1;
            let (values, pick) = match self.stack[top].ranked {
                Some(ranked) => ranked,
                None => {
                    let ranked = self.rank(top, report);
                    self.stack[top].ranked = Some(ranked);
                    ranked
                }
            };
            let frame = self.stack[top];
            if frame.key == self.root_key {
                self.root_values = values;
            }
            let done =
                u64::from(values.pn) >= frame.bounds.pn || u64::from(values.dn) >= frame.bounds.dn;
            if done {
                self.leave(values);
                continue;
            }
            if self.budget_exhausted() {
                return false;
            }
            // The child's search changes this position's values: rank it again afterwards.
            self.stack[top].ranked = None;
            let child_bounds = child_bounds(frame.or_node, frame.bounds, &pick);
            let (child, child_key) = self.arena[frame.first + pick.best.index];
            self.enter(&child, child_key, child_bounds);
        }
        true
    }

    /// Starts the search of `pos` below `bounds`: pushes it with its children (or, past
    /// [`MAX_DEPTH`], scores it "not a win" at once).
    fn enter(&mut self, pos: &Position, key: u64, bounds: Bounds) {
        if self.path.len() >= MAX_DEPTH {
            let cut = Values {
                path_dependent: true,
                ..Values::DISPROVEN
            };
            self.table.put(key, cut, 0);
            self.returned = cut;
            return;
        }
        let first = self.arena.len();
        let arena = &mut self.arena;
        pos.for_each_move(|_, next| arena.push((*next, key_of(next))));
        self.path.insert(key);
        self.stack.push(Frame {
            key,
            bounds,
            before: self.nodes,
            or_node: pos.to_move() == self.attacker,
            first,
            end: self.arena.len(),
            ranked: None,
        });
    }

    /// Ends the search of the position on top of the stack with `values`, stored in the table.
    fn leave(&mut self, values: Values) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        self.arena.truncate(frame.first);
        self.path.remove(&frame.key);
        self.table.put(frame.key, values, self.nodes - frame.before);
        self.returned = values;
    }

    /// The values of the position `stack[at]` from its children's: on the path or avoided (not
    /// a win, for this path only), from the table, or evaluated now.
    fn rank(&mut self, at: usize, report: Report<'_>) -> (Values, Pick) {
        let frame = self.stack[at];
        let mut ranked = std::mem::take(&mut self.ranked);
        ranked.clear();
        for index in 0..frame.end - frame.first {
            let (child, key) = self.arena[frame.first + index];
            let values = if self.path.contains(&key) || self.avoided.contains(&key) {
                Values {
                    path_dependent: true,
                    ..Values::DISPROVEN
                }
            } else {
                match self.table.get(key) {
                    Some(v) => v,
                    None => self.values_of(&child, report),
                }
            };
            ranked.push(Ranked { index, values });
        }
        let result = combine(frame.or_node, &ranked);
        self.ranked = ranked;
        result
    }
    /// Evaluates a position met for the first time: decided if the game is over (KU-10),
    /// otherwise proof and disproof numbers from the number of legal moves (df-pn+'s mobility
    /// initialisation: a side with many moves is harder to refute). Stored in the table.
    fn values_of(&mut self, pos: &Position, report: Report<'_>) -> Values {
        self.count_node(report);
        let mut moves = 0u32;
        pos.for_each_move(|_, _| moves += 1);
        let values = if moves == 0 {
            // No move: the game is over (bao hamna or blockade, KU-10).
            match pos.outcome().winner() {
                Some(w) if w == self.attacker => Values::PROVEN,
                _ => Values::DISPROVEN,
            }
        } else if pos.to_move() == self.attacker {
            Values {
                pn: 1,
                dn: moves,
                path_dependent: false,
            }
        } else {
            Values {
                pn: moves,
                dn: 1,
                path_dependent: false,
            }
        };
        self.table.put(key_of(pos), values, 0);
        values
    }

    fn count_node(&mut self, report: Report<'_>) {
        self.nodes += 1;
        if self.nodes >= self.next_report {
            self.next_report += Self::REPORT_EVERY;
            report(&Progress {
                nodes: self.nodes,
                root_pn: self.root_values.pn,
                root_dn: self.root_values.dn,
                table_used: self.table.used(),
                table_capacity: self.table.capacity(),
                depth: self.path.len(),
            });
        }
    }
}

/// The legal successors of `pos` with their keys, in the engine's move order.
pub(super) fn children_of(pos: &Position) -> Vec<(Position, u64)> {
    let mut children = Vec::new();
    pos.for_each_move(|_, next| children.push((*next, key_of(next))));
    children
}

/// The child to search next and the runner-up's number, which bounds how far the search may go
/// below the best child before switching.
#[derive(Clone, Copy)]
struct Pick {
    best: Ranked,
    second: u32,
    /// Sum over all children of the number the node adds up (dn at an OR node, pn at AND).
    sum: u64,
}

/// A node's values from its children's. OR node (attacker to move): pn is the smallest child
/// pn, dn the sum; AND node the other way round.
fn combine(or_node: bool, ranked: &[Ranked]) -> (Values, Pick) {
    type Field = fn(Values) -> u32;
    let (min_of, sum_of): (Field, Field) = if or_node {
        (|v| v.pn, |v| v.dn)
    } else {
        (|v| v.dn, |v| v.pn)
    };
    let mut best = ranked[0];
    let mut second = INF;
    let mut sum = 0u64;
    for r in ranked {
        sum += u64::from(sum_of(r.values));
        if min_of(r.values) < min_of(best.values) {
            second = min_of(best.values);
            best = *r;
        } else if r.index != best.index && min_of(r.values) < second {
            second = min_of(r.values);
        }
    }
    let min = min_of(best.values);
    let capped = u32::try_from(sum.min(u64::from(INF - 1))).unwrap_or(INF - 1);
    let values = if min == 0 {
        // The side choosing here has a decided child: the node is decided the same way.
        decided(or_node, ranked)
    } else if sum == 0 {
        // Every child is decided against the side choosing here.
        let path_dependent = ranked.iter().any(|r| r.values.path_dependent);
        let v = if or_node {
            Values::DISPROVEN
        } else {
            Values::PROVEN
        };
        Values {
            path_dependent,
            ..v
        }
    } else if or_node {
        Values {
            pn: min,
            dn: capped,
            path_dependent: false,
        }
    } else {
        Values {
            pn: capped,
            dn: min,
            path_dependent: false,
        }
    };
    (values, Pick { best, second, sum })
}

/// The value of a node whose choosing side has a decided child: at an OR node a proven child
/// proves it; at an AND node a disproven child disproves it, path-dependently only if every
/// disproving child is.
fn decided(or_node: bool, ranked: &[Ranked]) -> Values {
    if or_node {
        Values::PROVEN
    } else {
        let path_dependent = ranked
            .iter()
            .filter(|r| r.values.dn == 0)
            .all(|r| r.values.path_dependent);
        Values {
            path_dependent,
            ..Values::DISPROVEN
        }
    }
}

/// Thresholds for the best child (Nagai's df-pn): its own number may grow to just past the
/// runner-up's (times 1+ε, ε = 1/4, which saves many switches back and forth), the summed
/// number to what the parent's threshold leaves over after the other children.
fn child_bounds(or_node: bool, bounds: Bounds, pick: &Pick) -> Bounds {
    let second = u64::from(pick.second);
    let grow = (second + second / 4 + 1).min(u64::from(INF));
    let (own_bound, sum_bound) = if or_node {
        (bounds.pn, bounds.dn)
    } else {
        (bounds.dn, bounds.pn)
    };
    let child_sum = u64::from(if or_node {
        pick.best.values.dn
    } else {
        pick.best.values.pn
    });
    let others = pick.sum - child_sum;
    let own = own_bound.min(grow);
    let summed = if sum_bound >= u64::from(INF) {
        u64::from(INF)
    } else {
        sum_bound.saturating_sub(others)
    };
    if or_node {
        Bounds {
            pn: own,
            dn: summed,
        }
    } else {
        Bounds {
            pn: summed,
            dn: own,
        }
    }
}
