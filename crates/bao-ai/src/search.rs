//! The incremental searcher: iterative-deepening principal-variation alpha-beta with a
//! transposition table, written with an explicit stack so that it can stop after any node and
//! go on where it stopped at the next [`Searcher::think`].

use crate::eval::{Evaluator, MATE, WIN_BOUND};
use crate::key::key_of;
use crate::level::{Config, Level};
use crate::perfect::{Known, LiveProof, LiveStep, live_proofs, perfect_move};
use crate::score::Score;
use crate::tt::{Bound, Entry, Table};
use bao_engine::{Game, Move, Outcome, Position, Variant, repetition_limit};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Wider than any score.
const INF: i32 = MATE + 1;
/// The deepest ply the search goes to (iterations stop at [`MAX_DEPTH`]).
const MAX_PLY: u32 = 100;
/// The deepest iteration.
pub(crate) const MAX_DEPTH: u32 = 64;
/// Plies of captures the quiescence search follows past the depth limit.
const Q_DEPTH: i32 = 8;
/// A position of a live proof costs about as much time as this many nodes of the alpha-beta
/// search, which is what [`Searcher::think`]'s budget counts (measured in Kujifunza on one core
/// of the development machine: df-pn evaluates 0.3 to 0.9 million positions a second in a live
/// proof's small table, the alpha-beta search 0.9 to 1.8 million nodes).
const PROOF_POSITION_COST: u64 = 3;
/// A live proof may spend this fraction of the level's node budget (in node-equivalents,
/// [`PROOF_POSITION_COST`]): Expert's 1.2 million nodes in Kujifunza allow it 50,000 positions,
/// 0.1 to 0.2 seconds at most. Measured on 100 positions of Expert's games after random
/// openings: 50 were proven wins within 50,000 positions (49 within 12,500, 51 within 200,000),
/// and the proof took 22 ms a move on average, 235 ms at most, on a loaded machine.
const LIVE_PROOF_SHARE: u64 = 8;

/// A successor of a node: generated once, evaluated once.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Move,
    pos: Position,
    key: u64,
    /// Static value for the player to move in `pos`.
    eval: i32,
}

/// A node being searched: the state the recursive algorithm keeps on the call stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    key: u64,
    depth: i32,
    ply: u32,
    alpha: i32,
    beta: i32,
    alpha_orig: i32,
    best: i32,
    best_mv: Option<Move>,
    /// The node's children are `arena[first..end]`, best-first.
    first: usize,
    end: usize,
    next: usize,
    /// The child being searched.
    cur: usize,
    /// Whether `cur` is being searched with a null window (and needs a re-search if it
    /// lands inside the full one).
    null: bool,
}

/// A legal move at the root with what the search knows about it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub pos: Position,
    key: u64,
    /// Static value for the opponent (the player to move in `pos`).
    pub eval: i32,
    /// Score from the last completed iteration, for the player to move at the root. Exact in
    /// analysis mode and for the best move; otherwise an upper bound.
    pub score: i32,
    /// Score in the iteration in progress.
    current: i32,
}

/// Searches one position for one level, a slice at a time.
///
/// Create it with [`Searcher::new`], call [`Searcher::think`] with a number of nodes as often
/// as you like (each call returns after at most that many nodes), and read
/// [`Searcher::best_move`] at any time: before the first slice it is the move that looks best
/// at a glance, afterwards the best of the deepest search so far. When `think` returns `true`
/// the level's budget is spent (or the position is solved) and the move is final.
///
/// The searcher owns everything it needs (it copies the game's positions), so it can be moved
/// to a background task. It never reads a clock: budgets are node counts, and the result
/// depends only on the game, the level, the seed, and the total of nodes given (not on how they
/// were sliced).
#[derive(Clone, Debug)]
pub struct Searcher {
    level: Level,
    config: Config,
    root: Position,
    /// Every position of the game so far (the root included), as sorted keys with their count.
    history: Vec<(u64, u32)>,
    eval: Evaluator,
    tt: Table,
    arena: Vec<Child>,
    stack: Vec<Frame>,
    /// Keys of the nodes on the stack (in-tree ancestors), for repetition.
    path: Vec<u64>,
    root_moves: Vec<RootMove>,
    /// A value handed from a finished child to its parent.
    ret: Option<i32>,
    nodes: u64,
    /// Depth of the iteration in progress.
    iter_depth: u32,
    completed_depth: u32,
    root_index: usize,
    root_alpha: i32,
    root_null: bool,
    /// The best root move so far in the iteration in progress.
    iter_best: Option<usize>,
    /// Whether the iteration in progress stopped anywhere because of its depth.
    depth_limited: bool,
    /// Analysis: every root move gets an exact score, and the search goes on until all are
    /// solved.
    exact_root: bool,
    /// Every root move gets an exact score (analysis, and levels that may slip).
    exact_scores: bool,
    /// If this move is a slip (seeded when the searcher is built): the number that picks the
    /// plausible move played instead of the best.
    slip: Option<u64>,
    finished: bool,
    /// The move perfect play found (a proof, the endgame table) and what is known: played at
    /// once, with no search.
    known: Option<(Move, Known)>,
    /// A proof that the side to move wins, tried before the search while it has budget left.
    live: Option<Box<LiveProof>>,
    /// Positions the live proof evaluated.
    proof_nodes: u64,
}

impl Searcher {
    /// A searcher for the move to play now in `game`, at `level`, with `seed` choosing among
    /// moves of equal value (and the random moves of [`Level::Beginner`]).
    ///
    /// If the game is over there is no move: [`Searcher::best_move`] is `None` and the
    /// searcher is finished from the start.
    ///
    /// [`Level::Expert`] plays perfectly where that is proven (see
    /// [`Searcher::with_perfect_play`]); the other levels search.
    pub fn new(game: &Game, level: Level, seed: u64) -> Searcher {
        let over = game.outcome().is_over();
        let searcher = Searcher::build(
            game.positions(),
            over,
            level,
            level.config(game.position().variant()),
            seed,
            false,
        );
        searcher.expert_perfect(game)
    }

    /// As [`Searcher::new`], with the level's algorithm but a budget of `nodes` instead of
    /// [`Level::node_budget`]: for a caller that measures its own speed, or for matches at a
    /// reduced budget. Ignored by [`Level::Beginner`], which does not search.
    pub fn with_budget(game: &Game, level: Level, seed: u64, nodes: u64) -> Searcher {
        let over = game.outcome().is_over();
        let config = Config {
            nodes,
            ..level.config(game.position().variant())
        };
        Searcher::build(game.positions(), over, level, config, seed, false).expert_perfect(game)
    }

    /// Expert plays from the proofs and the endgame table; the other levels do not.
    fn expert_perfect(self, game: &Game) -> Searcher {
        if self.level == Level::Expert {
            self.with_perfect_play(game)
        } else {
            self
        }
    }

    /// Plays perfectly where that is proven, with no search: in a position of a shipped proof
    /// (Kujifunza from the start: the winner's proven move) or of the installed Kingulu endgame
    /// table (the move that gets the table's score). `game` must be the game this searcher
    /// was made for. Hints ask for it at every level; [`Level::Expert`] has it already.
    ///
    /// Elsewhere in Kujifunza (both rule sets) the first thinking goes to a live proof: a df-pn
    /// search ([`crate::proof::Solver`]) of whether the side to move can force a win, with the
    /// game's earlier positions counted as not a win, so that the proven line never repeats a
    /// position (KU-11). It may spend an eighth of the level's node budget (Expert: 50,000
    /// positions, 0.1 to 0.2 seconds at most); if it proves the win, its move is played
    /// ([`Known::ProvenWin`]); if not, the search runs with its whole budget as it would have
    /// without it. Either way the thinking is sliced and deterministic like the search's: the
    /// proof goes on where the last slice stopped, and [`Searcher::best_move`] is the search's
    /// move until the proof succeeds. Kigogo and Kimasai have no live proof: measured, every win it
    /// proves there the search sees too (see `perfect::live_proofs`).
    pub fn with_perfect_play(mut self, game: &Game) -> Searcher {
        if *game.position() == self.root {
            self.known = perfect_move(game);
            let limit = self.config.nodes / (LIVE_PROOF_SHARE * PROOF_POSITION_COST);
            let try_proof = self.known.is_none()
                && !self.finished
                && self.nodes == 0
                && limit > 0
                && live_proofs(self.root.variant());
            self.live = try_proof.then(|| Box::new(LiveProof::new(limit)));
        }
        self
    }

    /// Searches even where perfect play is known or might be proven (for matches that measure
    /// what the proofs and the table add, and for benchmarks of the search).
    pub fn without_perfect_play(mut self) -> Searcher {
        self.known = None;
        self.live = None;
        self
    }

    /// What perfect play knows of this position, if the searcher plays from it.
    pub fn known(&self) -> Option<Known> {
        self.known.map(|(_, k)| k)
    }

    /// A searcher from a bare list of positions: `history` is every position of the game so
    /// far, the current one last (an empty list gives a finished searcher with no move).
    /// Repetition counts come from this list, as in [`Game`].
    pub fn from_history(history: &[Position], level: Level, seed: u64) -> Searcher {
        let over = match history.last() {
            None => true,
            Some(current) => {
                let count = history.iter().filter(|p| *p == current).count() as u32;
                current.outcome().is_over() || count >= repetition_limit(current.variant())
            }
        };
        let variant = history.last().map_or(Variant::Kujifunza, Position::variant);
        Searcher::build(history, over, level, level.config(variant), seed, false)
    }

    /// The analysis searcher of [`crate::analyse`]: the expert's search, an exact score for
    /// every move, `nodes` to spend.
    pub(crate) fn analysis_searcher(game: &Game, nodes: u64) -> Searcher {
        let variant = game.position().variant();
        let config = Config {
            nodes,
            ..Level::Expert.config(variant)
        };
        let over = game.outcome().is_over();
        Searcher::build(game.positions(), over, Level::Expert, config, 0, true)
    }

    fn build(
        history: &[Position],
        over: bool,
        level: Level,
        config: Config,
        seed: u64,
        exact_root: bool,
    ) -> Searcher {
        let root = history
            .last()
            .copied()
            .unwrap_or_else(|| Position::new(Variant::Kujifunza));
        let eval = Evaluator::new(root.variant(), config.noise, seed);
        let mut keys: Vec<u64> = history.iter().map(key_of).collect();
        keys.sort_unstable();
        let mut counted: Vec<(u64, u32)> = Vec::with_capacity(keys.len());
        for k in keys {
            match counted.last_mut() {
                Some((last, n)) if *last == k => *n += 1,
                _ => counted.push((k, 1)),
            }
        }
        let mut root_moves = Vec::new();
        if !over {
            root.for_each_move(|mv, next| {
                let key = key_of(next);
                root_moves.push(RootMove {
                    mv,
                    pos: *next,
                    key,
                    eval: eval.evaluate(next, key),
                    score: -INF,
                    current: -INF,
                });
            });
        }
        // The seed orders moves before anything else does: among moves of equal value the
        // search keeps the one it met first.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for i in (1..root_moves.len()).rev() {
            let j = rng.random_range(0..=i);
            root_moves.swap(i, j);
        }
        let slip = (rng.random_range(0..1000) < config.slip).then(|| rng.random::<u64>());
        let mut finished = root_moves.is_empty();
        if config.random && !root_moves.is_empty() {
            // Beginner: a uniformly random legal move (the shuffle above chose it).
            finished = true;
        } else {
            root_moves.sort_by_key(|m| m.eval);
            if root_moves.len() == 1 && !exact_root {
                finished = true;
            }
        }
        Searcher {
            level,
            config,
            root,
            history: counted,
            eval,
            tt: Table::new(if finished { 0 } else { config.tt_bits }),
            arena: Vec::with_capacity(if finished { 0 } else { 1024 }),
            stack: Vec::with_capacity(if finished { 0 } else { MAX_PLY as usize }),
            path: Vec::with_capacity(if finished { 0 } else { MAX_PLY as usize }),
            root_moves,
            ret: None,
            nodes: 0,
            iter_depth: 1,
            completed_depth: 0,
            root_index: 0,
            root_alpha: -INF,
            root_null: false,
            iter_best: None,
            depth_limited: false,
            exact_root,
            exact_scores: exact_root || config.slip > 0,
            slip,
            finished,
            known: None,
            live: None,
            proof_nodes: 0,
        }
    }

    /// Searches at most `budget` more nodes; returns whether the search is finished (the
    /// level's budget is spent, or the position is solved). Once finished, `think` does nothing.
    /// While a live proof runs (see [`Searcher::with_perfect_play`]) a position of it counts as
    /// a few nodes, as it costs about as much time; a slice may pass its budget by the moves of
    /// one position.
    pub fn think(&mut self, budget: u64) -> bool {
        if self.finished || self.known.is_some() {
            return true;
        }
        let mut budget = budget;
        if let Some(live) = &mut self.live {
            let before = live.nodes();
            let history = self.history.iter().map(|&(key, _)| key);
            let step = live.step(&self.root, history, budget / PROOF_POSITION_COST);
            self.proof_nodes = live.nodes();
            let spent = (self.proof_nodes - before).saturating_mul(PROOF_POSITION_COST);
            budget = budget.saturating_sub(spent);
            match step {
                LiveStep::Going => return false,
                LiveStep::Done(Some(known)) => {
                    self.known = Some(known);
                    self.live = None;
                    return true;
                }
                LiveStep::Done(None) => self.live = None,
            }
        }
        let stop = self.nodes.saturating_add(budget).min(self.config.nodes);
        while !self.finished && self.nodes < stop {
            self.step();
        }
        if self.nodes >= self.config.nodes {
            self.finished = true;
        }
        self.finished
    }

    /// Thinks until finished.
    pub fn think_to_end(&mut self) {
        self.think(u64::MAX);
    }

    /// The move to play: the best found so far (or, once the search is finished, the plausible
    /// move a level that slips plays instead). `None` only if the game is over.
    pub fn best_move(&self) -> Option<Move> {
        if let Some((mv, _)) = self.known {
            return Some(mv);
        }
        let i = self.slipped().unwrap_or(self.iter_best.unwrap_or(0));
        self.root_moves.get(i).map(|m| m.mv)
    }

    /// The root move played by a slip, if this move is one: once the search is finished, one of
    /// the moves of the last completed iteration (the best included) that score within the
    /// level's margin of the best and do not lose by force, chosen by the seed. No slip when the
    /// best move wins by force, or when no other move is plausible.
    fn slipped(&self) -> Option<usize> {
        let pick = self.slip?;
        if !self.finished || self.completed_depth == 0 {
            return None;
        }
        let best = self.root_moves.first()?.score;
        if best > WIN_BOUND {
            return None;
        }
        let floor = (best - self.config.slip_margin).max(-WIN_BOUND);
        let plausible = self
            .root_moves
            .iter()
            .take_while(|m| m.score >= floor)
            .count();
        if plausible < 2 {
            return None;
        }
        Some((pick % plausible as u64) as usize)
    }

    /// Whether the move is final.
    pub fn is_finished(&self) -> bool {
        self.finished || self.known.is_some()
    }

    /// Positions visited so far: the search's nodes and the live proof's positions
    /// ([`Searcher::proof_nodes`]).
    pub fn nodes(&self) -> u64 {
        self.nodes + self.proof_nodes
    }

    /// Positions the live proof evaluated (see [`Searcher::with_perfect_play`]); 0 when none
    /// was tried.
    pub fn proof_nodes(&self) -> u64 {
        self.proof_nodes
    }

    /// The level's budget for the search in nodes; a live proof may spend up to an eighth more
    /// (in node-equivalents, see [`Searcher::with_perfect_play`]).
    pub fn node_budget(&self) -> u64 {
        self.config.nodes
    }

    /// The depth (in plies) of the deepest completed iteration; 0 before the first.
    pub fn depth(&self) -> u32 {
        self.completed_depth
    }

    /// The value of the best move from the deepest completed iteration, for the player to move.
    pub fn score(&self) -> Option<Score> {
        if self.completed_depth == 0 {
            return None;
        }
        self.root_moves.first().map(|m| Score(m.score))
    }

    /// The level this searcher plays at.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The position searched.
    pub fn position(&self) -> &Position {
        &self.root
    }

    pub(crate) fn root_moves(&self) -> &[RootMove] {
        &self.root_moves
    }

    /// The best line from the root as the transposition table remembers it, starting with the
    /// best move.
    pub(crate) fn principal_line(&self, max_len: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let Some(first) = self.root_moves.first() else {
            return line;
        };
        line.push(first.mv);
        let mut pos = first.pos;
        let mut seen = vec![key_of(&self.root), first.key];
        while line.len() < max_len {
            let Some(mv) = self.tt.probe(key_of(&pos), 0).and_then(|e| e.mv) else {
                break;
            };
            let mut next = None;
            pos.for_each_move(|m, p| {
                if m == mv {
                    next = Some(*p);
                }
            });
            let Some(next) = next else { break };
            line.push(mv);
            let key = key_of(&next);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            pos = next;
        }
        line
    }

    // -----------------------------------------------------------------------------------------
    // The search

    /// One step of the search: enters at most one node.
    fn step(&mut self) {
        let Some(top) = self.stack.len().checked_sub(1) else {
            self.root_step();
            return;
        };
        if let Some(v) = self.ret.take() {
            let score = -v;
            let f = &mut self.stack[top];
            if f.null && score > f.alpha && score < f.beta {
                // PVS: the null window failed high; search this child again with the full one.
                f.null = false;
                let (alpha, beta, depth, ply) = (-f.beta, -f.alpha, f.depth - 1, f.ply + 1);
                let child = self.arena[f.cur];
                self.ret = self.enter(&child, depth, alpha, beta, ply);
                return;
            }
            if score > f.best {
                f.best = score;
                f.best_mv = Some(self.arena[f.cur].mv);
                if score > f.alpha {
                    f.alpha = score;
                }
            }
            if f.alpha >= f.beta {
                self.finish_frame();
                return;
            }
        }
        let f = &mut self.stack[top];
        if f.next >= f.end {
            self.finish_frame();
            return;
        }
        let i = f.next;
        f.next += 1;
        f.cur = i;
        f.null = i != f.first;
        let (alpha, beta) = if f.null {
            (-f.alpha - 1, -f.alpha)
        } else {
            (-f.beta, -f.alpha)
        };
        let (depth, ply) = (f.depth - 1, f.ply + 1);
        let child = self.arena[i];
        self.ret = self.enter(&child, depth, alpha, beta, ply);
    }

    /// Leaves the node on top of the stack, storing its result.
    fn finish_frame(&mut self) {
        let Some(f) = self.stack.pop() else { return };
        self.arena.truncate(f.first);
        self.path.pop();
        if f.depth <= 0 {
            // Quiescence nodes are not stored.
            self.ret = Some(f.best);
            return;
        }
        let bound = if f.best <= f.alpha_orig {
            Bound::Upper
        } else if f.best >= f.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(
            f.key,
            f.ply,
            Entry {
                mv: f.best_mv,
                score: f.best,
                depth: f.depth.clamp(0, i32::from(u8::MAX)) as u8,
                bound,
            },
        );
        self.ret = Some(f.best);
    }

    /// Visits a node: returns its value at once (a leaf, an end of the game, a repetition, a
    /// table hit) or pushes it on the stack with its children generated and ordered.
    fn enter(&mut self, c: &Child, depth: i32, alpha: i32, beta: i32, ply: u32) -> Option<i32> {
        self.nodes += 1;
        if let Some(v) = self.repetition(&c.pos, c.key, ply) {
            return Some(v);
        }
        if let Some(t) = self.eval.terminal(&c.pos) {
            return Some(mate_score(t > 0, ply));
        }
        if depth <= 0 || ply >= MAX_PLY {
            self.depth_limited = true;
            if !self.config.quiescence || depth <= -Q_DEPTH || ply >= MAX_PLY {
                return Some(c.eval);
            }
            return self.enter_quiescence(c, depth, alpha, beta, ply);
        }
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(c.key, ply) {
            tt_move = e.mv;
            if i32::from(e.depth) >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    if e.score.abs() < WIN_BOUND {
                        self.depth_limited = true;
                    }
                    return Some(e.score);
                }
            }
        }
        let (first, end) = self.push_children(&c.pos, |_, _| true);
        if end == first {
            return Some(self.no_move_score(&c.pos, ply));
        }
        // Best first: the table's move, then the children worst for the opponent.
        self.arena[first..end].sort_unstable_by_key(|ch| (Some(ch.mv) != tt_move, ch.eval));
        self.stack.push(Frame {
            key: c.key,
            depth,
            ply,
            alpha,
            beta,
            alpha_orig: alpha,
            best: -INF,
            best_mv: None,
            first,
            end,
            next: first,
            cur: first,
            null: false,
        });
        self.path.push(c.key);
        None
    }

    /// Pushes the children of `pos` that `keep` accepts onto the arena, each simulated once
    /// and evaluated; returns their range in the arena.
    fn push_children(
        &mut self,
        pos: &Position,
        keep: impl Fn(&Evaluator, &Position) -> bool,
    ) -> (usize, usize) {
        let first = self.arena.len();
        let arena = &mut self.arena;
        let eval = &self.eval;
        pos.for_each_move(|mv, next| {
            if keep(eval, next) {
                let key = key_of(next);
                arena.push(Child {
                    mv,
                    pos: *next,
                    key,
                    eval: eval.evaluate(next, key),
                });
            }
        });
        (first, self.arena.len())
    }

    /// A node past the depth limit: the player to move may stand on the static value or try a
    /// capture (quiescence search), so that the value is not taken in the middle of an
    /// exchange.
    fn enter_quiescence(
        &mut self,
        c: &Child,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        let stand = c.eval;
        if stand >= beta {
            return Some(stand);
        }
        let (first, end) = self.push_children(&c.pos, |eval, next| eval.is_capture(&c.pos, next));
        if end == first {
            return Some(stand);
        }
        self.arena[first..end].sort_unstable_by_key(|ch| ch.eval);
        self.stack.push(Frame {
            key: c.key,
            depth,
            ply,
            alpha: alpha.max(stand),
            beta,
            alpha_orig: alpha,
            best: stand,
            best_mv: None,
            first,
            end,
            next: first,
            cur: first,
            null: false,
        });
        self.path.push(c.key);
        None
    }

    /// The value of a position without legal moves (KU-10, KG-5, KM-4: a blockade loses; KN-8:
    /// the seeds are counted).
    fn no_move_score(&self, pos: &Position, ply: u32) -> i32 {
        match pos.outcome() {
            Outcome::Win { winner, .. } => mate_score(winner == pos.to_move(), ply),
            Outcome::Draw { .. } => 0,
            Outcome::Ongoing => self.eval.evaluate(pos, 0),
        }
    }

    /// The value of a position that repeats one of the game or of the line searched, if that
    /// ends the game: KG-5, KM-4, the first repetition draws; KU-11, KN-9, the third occurrence
    /// draws (Kujifunza) or ends the game with the seeds counted (Kingulu).
    fn repetition(&self, pos: &Position, key: u64, ply: u32) -> Option<i32> {
        let in_game = match self.history.binary_search_by_key(&key, |&(k, _)| k) {
            Ok(i) => self.history[i].1,
            Err(_) => 0,
        };
        let in_line = self.path.iter().filter(|&&k| k == key).count() as u32;
        if in_game + in_line == 0 {
            return None;
        }
        let variant = pos.variant();
        if in_game + in_line + 1 < repetition_limit(variant) {
            return None;
        }
        if variant != Variant::Kingulu {
            return Some(0);
        }
        let me = pos.kingulu_score(pos.to_move());
        let opp = pos.kingulu_score(pos.to_move().opponent());
        Some(match me.cmp(&opp) {
            std::cmp::Ordering::Greater => mate_score(true, ply),
            std::cmp::Ordering::Less => mate_score(false, ply),
            std::cmp::Ordering::Equal => 0,
        })
    }

    fn root_child(&self, i: usize) -> Child {
        let m = &self.root_moves[i];
        Child {
            mv: m.mv,
            pos: m.pos,
            key: m.key,
            eval: m.eval,
        }
    }

    /// The root: searches its moves one by one, then completes the iteration.
    fn root_step(&mut self) {
        let depth = self.iter_depth as i32 - 1;
        if let Some(v) = self.ret.take() {
            let score = -v;
            let i = self.root_index;
            if self.root_null && score > self.root_alpha {
                self.root_null = false;
                let child = self.root_child(i);
                self.ret = self.enter(&child, depth, -INF, -self.root_alpha, 1);
                return;
            }
            self.root_moves[i].current = score;
            if score > self.root_alpha {
                self.root_alpha = score;
                self.iter_best = Some(i);
            }
            self.root_index += 1;
        }
        let i = self.root_index;
        if i < self.root_moves.len() {
            self.root_null = !self.exact_scores && i > 0;
            let (alpha, beta) = if self.root_null {
                (-self.root_alpha - 1, -self.root_alpha)
            } else {
                (-INF, INF)
            };
            let child = self.root_child(i);
            self.ret = self.enter(&child, depth, alpha, beta, 1);
            return;
        }
        self.complete_iteration();
    }

    fn complete_iteration(&mut self) {
        for m in &mut self.root_moves {
            m.score = m.current;
        }
        // Best first; stable, so among equal scores the earlier (seeded) order stays. An
        // insertion sort: the list is short and nearly sorted, and it allocates nothing.
        for i in 1..self.root_moves.len() {
            let mut j = i;
            while j > 0 && self.root_moves[j - 1].score < self.root_moves[j].score {
                self.root_moves.swap(j - 1, j);
                j -= 1;
            }
        }
        self.completed_depth = self.iter_depth;
        self.iter_best = None;
        let best = self.root_moves.first().map_or(0, |m| m.score);
        let solved = if self.exact_root {
            self.root_moves.iter().all(|m| m.score.abs() > WIN_BOUND)
        } else {
            best.abs() > WIN_BOUND
        };
        if self.iter_depth >= self.config.max_depth.min(MAX_DEPTH) || !self.depth_limited || solved
        {
            self.finished = true;
            return;
        }
        self.iter_depth += 1;
        self.root_index = 0;
        self.root_alpha = -INF;
        self.depth_limited = false;
    }
}

/// A won (`true`) or lost game `ply` plies from the root, for the player to move.
#[inline]
fn mate_score(won: bool, ply: u32) -> i32 {
    let s = MATE - ply as i32;
    if won { s } else { -s }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::Xoshiro256PlusPlus;

    /// Plain minimax with the same leaf values and end rules as the search (no pruning, no
    /// table): the reference the alpha-beta search must agree with.
    fn minimax(s: &Searcher, pos: &Position, depth: i32, ply: u32, line: &mut Vec<u64>) -> i32 {
        let key = key_of(pos);
        if ply > 0 {
            let in_game = match s.history.binary_search_by_key(&key, |&(k, _)| k) {
                Ok(i) => s.history[i].1,
                Err(_) => 0,
            };
            let in_line = line.iter().filter(|&&k| k == key).count() as u32;
            if in_game + in_line > 0 && in_game + in_line + 1 >= repetition_limit(pos.variant()) {
                return s.repetition(pos, key, ply).unwrap_or(0);
            }
        }
        if let Some(t) = s.eval.terminal(pos) {
            return mate_score(t > 0, ply);
        }
        if depth == 0 {
            return s.eval.evaluate(pos, key);
        }
        let mut children = Vec::new();
        pos.for_each_move(|_, next| children.push(*next));
        if children.is_empty() {
            return s.no_move_score(pos, ply);
        }
        if ply > 0 {
            line.push(key);
        }
        let best = children
            .iter()
            .map(|c| -minimax(s, c, depth - 1, ply + 1, line))
            .max()
            .unwrap_or(-INF);
        if ply > 0 {
            line.pop();
        }
        best
    }

    #[test]
    fn a_slip_plays_a_plausible_move_and_never_gives_up_a_seen_win() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let margin = 1_500;
        let config = |slip| Config {
            random: false,
            max_depth: 2,
            nodes: u64::MAX,
            quiescence: false,
            noise: 0,
            tt_bits: 12,
            slip,
            slip_margin: margin,
        };
        let (mut slipped, mut wins) = (0, 0);
        for g in 0..40 {
            let mut game = Game::new(Variant::Kujifunza);
            for _ in 0..g % 6 {
                let legal = game.legal_moves();
                if legal.is_empty() || game.outcome().is_over() {
                    break;
                }
                game.play(legal[rng.random_range(0..legal.len())])
                    .expect("legal");
            }
            if game.outcome().is_over() || game.legal_moves().len() < 2 {
                continue;
            }
            for seed in 0..6 {
                let mut s = Searcher::build(
                    game.positions(),
                    false,
                    Level::Hard,
                    config(1000),
                    seed,
                    false,
                );
                s.think_to_end();
                let chosen = s.best_move().expect("a move");
                // Every move's two-ply value by plain minimax, for the player to move.
                let mut best = -INF;
                let mut value_of_chosen = -INF;
                game.position().for_each_move(|mv, next| {
                    let v = -minimax(&s, next, 1, 1, &mut Vec::new());
                    best = best.max(v);
                    if mv == chosen {
                        value_of_chosen = v;
                    }
                });
                if best > WIN_BOUND {
                    wins += 1;
                    assert!(value_of_chosen > WIN_BOUND, "gave up a win: {chosen}");
                } else {
                    assert!(
                        value_of_chosen >= best - margin,
                        "{chosen}: {value_of_chosen} < {best}"
                    );
                    assert!(
                        value_of_chosen > -WIN_BOUND || best < -WIN_BOUND,
                        "{chosen} loses"
                    );
                }
                let mut plain =
                    Searcher::build(game.positions(), false, Level::Hard, config(0), seed, false);
                plain.think_to_end();
                if plain.best_move() != Some(chosen) {
                    slipped += 1;
                }
            }
        }
        assert!(slipped > 20, "the slips changed only {slipped} moves");
        assert!(wins > 0, "no position with a win in sight was checked");
    }

    #[test]
    fn alpha_beta_agrees_with_minimax_in_every_variant() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for variant in Variant::ALL {
            let mut checked = 0;
            while checked < 6 {
                let mut game = Game::new(variant);
                for _ in 0..rng.random_range(0..16) {
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    game.play(legal[rng.random_range(0..legal.len())])
                        .expect("legal");
                }
                if game.legal_moves().len() < 2 {
                    continue;
                }
                checked += 1;
                for (depth, exact) in (1..=5).flat_map(|d| [(d, true), (d, false)]) {
                    let config = Config {
                        random: false,
                        max_depth: depth,
                        nodes: u64::MAX,
                        quiescence: false,
                        noise: 0,
                        tt_bits: 12,
                        slip: 0,
                        slip_margin: 0,
                    };
                    let mut s =
                        Searcher::build(game.positions(), false, Level::Hard, config, 1, exact);
                    s.think_to_end();
                    let reference = minimax(&s, game.position(), depth as i32, 0, &mut Vec::new());
                    if s.depth() == depth {
                        assert_eq!(
                            s.score().map(|x| x.0),
                            Some(reference),
                            "{variant} depth {depth}: {}",
                            game.position().to_json()
                        );
                    } else {
                        // The search stopped early because the position is solved.
                        assert!(reference.abs() > WIN_BOUND || reference == 0, "{variant}");
                    }
                }
            }
        }
    }
}
