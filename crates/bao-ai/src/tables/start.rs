//! The exact value of a Kingulu position (the start included): a score-exact alpha-beta search
//! whose leaves are the endgame table's values and the KN-8 ends.
//!
//! The search is negamax on the mover's final KN-8 score (0..=48) with MTD(f) null-window tests
//! at the root, a bounded transposition table that stores two bounds per position, enhanced
//! transposition cut-offs and move ordering by the table's exact values, the transposition
//! table's bounds and the seeds each move leaves on the mover's side. A position is a leaf as soon
//! as its active seeds are few enough for the table: every position before it on the path had
//! more active seeds (they never increase), so its layer is entered there for the first time and
//! the table's value holds whatever the history (see the module docs of [`super`]).
//!
//! # Repetition (KN-9)
//!
//! Above the table, quiet moves can in principle come back to a position of the current path.
//! The search then ends that line with the KN-8 count, as if the repetition ended the game, and
//! counts it ([`ExactResult::repetitions_met`]). The rules end a game only at a *third*
//! occurrence, so that count is an assumption; when it is 0 no searched line ever came back to
//! a position of its own path, no value depends on the path, and the result needs no
//! assumption about repetition. (Transpositions can still join two lines that each avoid a
//! repetition into one that meets a position twice; a second occurrence does not end a game,
//! and a third would need two such joins through the same position.)
//!
//! # What it found
//!
//! Kingulu's start is a win for South, **26 to 22**, by `a3` (`a6` gives 22, `a4` 19, `a5` 16;
//! `a1` and `a2` are illegal by KN-3). Down to the 10-seed table the search takes 68,331
//! positions and well under a second; with a 0-seed table (only the KN-8 ends as leaves) 268,906
//! positions and the same value. No search met a repetition, so the value needs no assumption
//! about KN-9. Both sides playing the solver's moves (and the table's near the end) end the game
//! 26 to 22 after 22 plies.
//!
//! The value is transposed between positions with the same active seeds, reserved holes and side
//! to move (seen from the mover's seat): the mover's final score is what it holds for good plus
//! its share of the active seeds, and only the share is stored.

use super::index::{Key, TOTAL_SEEDS, fixed_score};
use super::{EndgameTable, TableValue};
use bao_engine::{Move, Player, Position, Variant};
use std::fmt;

/// Kingulu has at most six legal moves: one per pit of the mover's row (KN-2).
const MAX_KINGULU_MOVES: usize = 6;

/// Slots per bucket of the transposition table.
const BUCKET: usize = 4;

/// How often the progress callback hears from the search, in positions.
const PROGRESS_EVERY: u64 = 1 << 22;

/// How much the exact search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactLimits {
    /// Positions to search at most (table leaves included); the search stops after about this
    /// many and reports the bounds it has proven.
    pub nodes: u64,
    /// Memory for the transposition table, in bytes (16 per entry).
    pub tt_bytes: usize,
}

impl Default for ExactLimits {
    fn default() -> ExactLimits {
        ExactLimits {
            nodes: u64::MAX,
            tt_bytes: 256 << 20,
        }
    }
}

/// What [`solve_exact`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactResult {
    /// South's final score with perfect play (when `complete`; else South's proven lower bound).
    pub south: u32,
    /// North's final score with perfect play (when `complete`; else `48 - south_high`).
    pub north: u32,
    /// The least final score South is proven to force.
    pub south_low: u32,
    /// The most final score South is proven to get against North's best play.
    pub south_high: u32,
    /// A move of the side to move that achieves its value (`None` when the game is over, or
    /// when the search stopped before any move was proven to reach the lower bound).
    pub best_move: Option<Move>,
    /// Positions searched (table leaves included).
    pub nodes: u64,
    /// Positions answered by the endgame table.
    pub table_leaves: u64,
    /// Table leaves whose value was not exact (decided by repetition, KN-9): 0 for tables up to
    /// 12 active seeds.
    pub inexact_leaves: u64,
    /// Lines ended because a position came back on the search's own path (see the module docs).
    /// 0 means the value needs no assumption about repetition.
    pub repetitions_met: u64,
    /// The longest path searched, in plies.
    pub max_depth: u32,
    /// `true` when the value is proven (`south_low == south_high`); `false` when the node budget
    /// ran out first.
    pub complete: bool,
}

/// Where a running search stands, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactProgress {
    /// Positions searched so far.
    pub nodes: u64,
    /// South's proven lower bound so far.
    pub south_low: u32,
    /// South's proven upper bound so far.
    pub south_high: u32,
    /// Positions answered by the table so far.
    pub table_leaves: u64,
    /// Repetitions met so far.
    pub repetitions_met: u64,
    /// Transposition-table entries in use.
    pub tt_used: u64,
    /// Transposition-table entries available.
    pub tt_capacity: u64,
}

/// Why [`solve_exact`] cannot search a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExactError {
    /// The position is not Kingulu: the tables and KN-8's count belong to Kingulu.
    NotKingulu(Variant),
}

impl fmt::Display for ExactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactError::NotKingulu(v) => write!(
                f,
                "the exact solver with an endgame table is for kingulu, not {}",
                v.id()
            ),
        }
    }
}

impl std::error::Error for ExactError {}

/// The exact KN-8 value of `root` with perfect play from here (no earlier history), searched
/// down to `table`'s positions. `progress` hears every few million positions.
///
/// The search recurses once per ply; run it on a thread with a large stack (the lines down to a
/// table of a few seeds can be a few hundred plies long).
///
/// # Errors
/// [`ExactError::NotKingulu`] for the other games.
pub fn solve_exact(
    root: &Position,
    table: &EndgameTable,
    limits: ExactLimits,
    progress: &mut dyn FnMut(&ExactProgress),
) -> Result<ExactResult, ExactError> {
    if root.variant() != Variant::Kingulu {
        return Err(ExactError::NotKingulu(root.variant()));
    }
    let mut s = Search::new(table, limits, progress);
    Ok(s.run(root))
}

/// One transposition-table slot: the key, and the packed entry (0 when empty).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    data: u64,
}

/// A stored entry: the mover's share of the active seeds lies in `low..=high`; `best` is the
/// index of the best move found, in generation order (255 when none); `work` is log2 of the
/// positions searched to find it (replacement keeps the costlier entry).
#[derive(Clone, Copy)]
struct Entry {
    low: u8,
    high: u8,
    best: u8,
    work: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        1 << 32
            | u64::from(self.work) << 24
            | u64::from(self.best) << 16
            | u64::from(self.high) << 8
            | u64::from(self.low)
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            low: data as u8,
            high: (data >> 8) as u8,
            best: (data >> 16) as u8,
            work: (data >> 24) as u8,
        }
    }
}

/// The transposition table's key: the active seeds and reserved mask from the mover's seat.
fn tt_key(key: &Key) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&key.seeds[..8]);
    let mut b = [0u8; 8];
    b[..4].copy_from_slice(&key.seeds[8..]);
    b[4..6].copy_from_slice(&key.mask.to_le_bytes());
    // Two rounds of a bijective mixer, so that no simple relation between the two words makes
    // keys collide. Never 0, so that an empty slot never matches.
    avalanche(avalanche(u64::from_le_bytes(a)) ^ u64::from_le_bytes(b)) | 1
}

/// The finaliser of splitmix64: a bijection of `u64` in which every output bit depends on every
/// input bit.
fn avalanche(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A position as the search sees it.
struct Node {
    key: Key,
    hash: u64,
    /// What the mover holds for good.
    fixed_me: u32,
    /// What the opponent holds for good.
    fixed_opp: u32,
}

impl Node {
    fn of(position: &Position) -> Node {
        let key = Key::of(position).expect("the search only sees Kingulu positions");
        let hash = tt_key(&key);
        let me = position.to_move();
        Node {
            key,
            hash,
            fixed_me: fixed_score(position, me),
            fixed_opp: fixed_score(position, me.opponent()),
        }
    }
}

/// An entry of the current path: the layer, the key hash and the position (for repetitions).
struct PathEntry {
    layer: (u32, u16),
    hash: u64,
    position: Position,
}

struct Search<'a> {
    table: &'a EndgameTable,
    slots: Vec<Slot>,
    used: u64,
    path: Vec<PathEntry>,
    budget: u64,
    nodes: u64,
    table_leaves: u64,
    inexact_leaves: u64,
    repetitions: u64,
    max_depth: u32,
    stopped: bool,
    /// The root move of the last search whose value reached its beta (a fail-high).
    root_move: Option<Move>,
    root_bounds: (u32, u32),
    root_to_move: Player,
    progress: &'a mut dyn FnMut(&ExactProgress),
}

impl<'a> Search<'a> {
    fn new(
        table: &'a EndgameTable,
        limits: ExactLimits,
        progress: &'a mut dyn FnMut(&ExactProgress),
    ) -> Search<'a> {
        let entries = (limits.tt_bytes / std::mem::size_of::<Slot>()).max(BUCKET);
        let len = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        Search {
            table,
            slots: vec![Slot::default(); len],
            used: 0,
            path: Vec::new(),
            budget: limits.nodes,
            nodes: 0,
            table_leaves: 0,
            inexact_leaves: 0,
            repetitions: 0,
            max_depth: 0,
            stopped: false,
            root_move: None,
            root_bounds: (0, TOTAL_SEEDS),
            root_to_move: Player::South,
            progress,
        }
    }

    fn run(&mut self, root: &Position) -> ExactResult {
        let me = root.to_move();
        self.root_to_move = me;
        let node = Node::of(root);
        let (mut low, mut high) = (node.fixed_me, TOTAL_SEEDS - node.fixed_opp);
        let mut best_move = None;
        if let Some(v) = self.probe(root) {
            // The root is in the table: its value, and the table's move.
            let score = mover_score(v, me);
            (low, high) = (score, score);
            self.nodes = 1;
            best_move = self.table.best_moves(root).and_then(|m| m.first().copied());
        } else if !root.outcome().is_over() {
            // MTD(f): null-window tests from the seeds now on the mover's side.
            let mut guess = root.kingulu_score(me).clamp(low, high);
            self.root_bounds = (low, high);
            while low < high && !self.stopped {
                let beta = if guess == low { guess + 1 } else { guess };
                self.root_move = None;
                let v = self.search(root, beta as i32 - 1, beta as i32, 0) as u32;
                if self.stopped {
                    break;
                }
                if v >= beta {
                    low = v;
                    best_move = self.root_move.or(best_move);
                } else {
                    high = v;
                }
                self.root_bounds = (low, high);
                guess = v;
            }
            if best_move.is_none() && low == high && !self.stopped {
                // The mover can get no more than it holds for good: every move does that.
                best_move = root.legal_moves().first().copied();
            }
        } else {
            let score = root.kingulu_score(me);
            (low, high) = (score, score);
        }
        let (south_low, south_high) = south_bounds(me, low, high);
        ExactResult {
            south: south_low,
            north: TOTAL_SEEDS - south_high,
            south_low,
            south_high,
            best_move,
            nodes: self.nodes,
            table_leaves: self.table_leaves,
            inexact_leaves: self.inexact_leaves,
            repetitions_met: self.repetitions,
            max_depth: self.max_depth,
            complete: low == high,
        }
    }

    /// The table's value when the position is in it, counted as a leaf.
    fn probe(&mut self, position: &Position) -> Option<TableValue> {
        let v = self.table.probe(position)?;
        self.table_leaves += 1;
        if !v.exact {
            self.inexact_leaves += 1;
        }
        Some(v)
    }

    fn report(&mut self) {
        let (south_low, south_high) =
            south_bounds(self.root_to_move, self.root_bounds.0, self.root_bounds.1);
        let p = ExactProgress {
            nodes: self.nodes,
            south_low,
            south_high,
            table_leaves: self.table_leaves,
            repetitions_met: self.repetitions,
            tt_used: self.used,
            tt_capacity: self.slots.len() as u64,
        };
        (self.progress)(&p);
    }

    fn tt_probe(&self, hash: u64) -> Option<Entry> {
        let i = (hash as usize) & (self.slots.len() - BUCKET);
        self.slots[i..i + BUCKET]
            .iter()
            .find(|s| s.key == hash && s.data != 0)
            .map(|s| Entry::unpack(s.data))
    }

    /// Stores share bounds, narrowed by what is already stored for the same position.
    fn tt_store(&mut self, hash: u64, mut entry: Entry) {
        let i = (hash as usize) & (self.slots.len() - BUCKET);
        let bucket = &mut self.slots[i..i + BUCKET];
        if let Some(s) = bucket.iter_mut().find(|s| s.key == hash && s.data != 0) {
            let old = Entry::unpack(s.data);
            // Bounds found along different paths can only disagree after a repetition (see
            // the module docs); then the newer result wins.
            debug_assert!(
                self.repetitions > 0 || entry.low.max(old.low) <= entry.high.min(old.high),
                "stored bounds disagree without a repetition"
            );
            if entry.low.max(old.low) <= entry.high.min(old.high) {
                entry.low = entry.low.max(old.low);
                entry.high = entry.high.min(old.high);
            }
            if entry.best == u8::MAX {
                entry.best = old.best;
            }
            entry.work = entry.work.max(old.work);
            s.data = entry.pack();
            return;
        }
        let s = match bucket.iter_mut().find(|s| s.data == 0) {
            Some(s) => {
                self.used += 1;
                s
            }
            None => bucket
                .iter_mut()
                .min_by_key(|s| Entry::unpack(s.data).work)
                .expect("a bucket has slots"),
        };
        *s = Slot {
            key: hash,
            data: entry.pack(),
        };
    }

    /// The mover's final score, fail-soft within `alpha..beta` (scores as `i32`).
    fn search(&mut self, position: &Position, mut alpha: i32, mut beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        self.max_depth = self.max_depth.max(ply);
        if self.nodes & (PROGRESS_EVERY - 1) == 0 {
            self.report();
        }
        if self.nodes >= self.budget {
            self.stopped = true;
            return alpha;
        }
        let me = position.to_move();
        if let Some(v) = self.probe(position) {
            return mover_score(v, me) as i32;
        }
        let node = Node::of(position);
        let layer = (node.key.active, node.key.mask);
        // KN-9 as the search counts it: back to a position of its own path.
        let repeated = self
            .path
            .iter()
            .rev()
            .take_while(|e| e.layer == layer)
            .any(|e| e.hash == node.hash && e.position == *position);
        if repeated {
            self.repetitions += 1;
            return position.kingulu_score(me) as i32;
        }
        let fixed = node.fixed_me as i32;
        let mut low = fixed;
        let mut high = (TOTAL_SEEDS - node.fixed_opp) as i32;
        let stored = self.tt_probe(node.hash);
        if let Some(e) = stored {
            low = low.max(fixed + i32::from(e.low));
            high = high.min(fixed + i32::from(e.high));
        }
        if low >= beta || low == high {
            return low;
        }
        if high <= alpha {
            return high;
        }
        alpha = alpha.max(low);
        beta = beta.min(high);

        // The children, in generation order, and their order keys.
        let mut moves: [Option<Move>; MAX_KINGULU_MOVES] = [None; MAX_KINGULU_MOVES];
        let mut nexts = [*position; MAX_KINGULU_MOVES];
        let mut count = 0;
        position.for_each_move(|mv, next| {
            moves[count] = Some(mv);
            nexts[count] = *next;
            count += 1;
        });
        if count == 0 {
            // KN-8: the mover cannot move; the seeds are counted.
            let score = position.kingulu_score(me) as i32;
            self.store(&node, score, score, u8::MAX, 0);
            return score;
        }

        // Order, and cut at once where a child's known value already decides (ETC).
        let best_index = stored.map_or(u8::MAX, |e| e.best);
        let mut order = [(0i32, 0usize); MAX_KINGULU_MOVES];
        for (i, next) in nexts[..count].iter().enumerate() {
            let opp = next.to_move();
            let (guess, proven) = if let Some(v) = self.table.probe(next) {
                let v = (TOTAL_SEEDS - mover_score(v, opp)) as i32;
                (v, Some(v))
            } else {
                let child = Node::of(next);
                let board = (TOTAL_SEEDS - next.kingulu_score(opp)) as i32;
                match self.tt_probe(child.hash) {
                    Some(e) => {
                        // The child's mover gets at most fixed + high: we get at least the rest.
                        let at_least = (TOTAL_SEEDS - child.fixed_me - u32::from(e.high)) as i32;
                        let at_most = (TOTAL_SEEDS - child.fixed_me - u32::from(e.low)) as i32;
                        (
                            board.clamp(at_least, at_most),
                            (at_least >= beta).then_some(at_least),
                        )
                    }
                    None => (board, None),
                }
            };
            if let Some(v) = proven
                && v >= beta
            {
                if ply == 0 {
                    self.root_move = moves[i];
                }
                self.store(&node, v, high, i as u8, 0);
                return v;
            }
            let first = if i as u8 == best_index { 1000 } else { 0 };
            order[i] = (-(guess * 8 + first), i);
        }
        order[..count].sort_unstable();

        let before = self.nodes;
        let alpha_in = alpha;
        let mut best = i32::MIN;
        let mut best_i = u8::MAX;
        self.path.push(PathEntry {
            layer,
            hash: node.hash,
            position: *position,
        });
        for &(_, i) in &order[..count] {
            let v = TOTAL_SEEDS as i32
                - self.search(
                    &nexts[i],
                    TOTAL_SEEDS as i32 - beta,
                    TOTAL_SEEDS as i32 - alpha,
                    ply + 1,
                );
            if self.stopped {
                self.path.pop();
                return best.max(alpha_in);
            }
            if v > best {
                best = v;
                best_i = i as u8;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                if ply == 0 {
                    self.root_move = moves[i];
                }
                break;
            }
        }
        self.path.pop();
        let work = (64 - (self.nodes - before).leading_zeros()) as u8;
        let (lo, hi) = if best >= beta {
            (best, high)
        } else if best <= alpha_in {
            (low, best)
        } else {
            (best, best)
        };
        self.store(&node, lo, hi, best_i, work);
        best
    }

    /// Stores final-score bounds of the mover as share bounds.
    fn store(&mut self, node: &Node, low: i32, high: i32, best: u8, work: u8) {
        let fixed = node.fixed_me as i32;
        let active = node.key.active as i32;
        let share = |s: i32| (s - fixed).clamp(0, active) as u8;
        // Bounds out of order can only come from values that depend on the path (a repetition
        // met below); keep the lower one.
        debug_assert!(
            self.repetitions > 0 || low <= high,
            "bounds out of order without a repetition: {low} > {high}"
        );
        let high = high.max(low);
        self.tt_store(
            node.hash,
            Entry {
                low: share(low),
                high: share(high),
                best,
                work,
            },
        );
    }
}

fn mover_score(v: TableValue, mover: Player) -> u32 {
    match mover {
        Player::South => v.south,
        Player::North => v.north,
    }
}

/// The mover's bounds as South's.
fn south_bounds(mover: Player, low: u32, high: u32) -> (u32, u32) {
    match mover {
        Player::South => (low, high),
        Player::North => (TOTAL_SEEDS - high, TOTAL_SEEDS - low),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 7 active seeds, no reserved hole: quiet moves can come back here.
    const CYCLING: &str = r#"{"variant":"kingulu","to_move":"south","rows":[[2,0,1,1,0,0],[1,0,2,0,0,0]],"captured":{"south":41,"north":0}}"#;

    #[test]
    fn kn_9_a_position_back_on_the_path_ends_the_line_with_its_count_and_is_counted() {
        let table = EndgameTable::build(1, |_| {}).expect("builds");
        let position = Position::from_json(CYCLING).expect("a valid fixture");
        let limits = ExactLimits {
            nodes: u64::MAX,
            tt_bytes: 1 << 20,
        };
        let mut progress = |_: &ExactProgress| {};
        let mut search = Search::new(&table, limits, &mut progress);
        // As if the search had come here before on this line.
        let node = Node::of(&position);
        search.path.push(PathEntry {
            layer: (node.key.active, node.key.mask),
            hash: node.hash,
            position,
        });
        let v = search.search(&position, 0, TOTAL_SEEDS as i32, 1);
        assert_eq!(v, position.kingulu_score(Player::South) as i32);
        assert_eq!((search.repetitions, search.nodes), (1, 1));

        // Without it on the path, the position is searched and the value is the table's.
        let exact = solve_exact(
            &position,
            &EndgameTable::build(7, |_| {}).expect("builds"),
            limits,
            &mut |_| {},
        )
        .expect("Kingulu");
        let fresh = solve_exact(&position, &table, limits, &mut |_| {}).expect("Kingulu");
        assert_eq!((fresh.south, fresh.north), (exact.south, exact.north));
        assert!(fresh.nodes > 1);
    }
}
