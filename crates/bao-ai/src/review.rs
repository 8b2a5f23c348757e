//! Reviewing a whole game: every move judged against the best one, exactly where a proof or the
//! endgame table knows the position, by the analysis search elsewhere, in slices.
//!
//! For each move of the game the position before it is analysed, every legal move scored, and
//! the move played is compared with the best: its [`Verdict`], the seeds it costs, and why the
//! verdict is what it is ([`Basis`]):
//!
//! * **Kingulu** with an endgame table ([`ReviewOptions::table`]) that holds the position: every
//!   move is scored by the table's exact final score (KN-8), with the game's repetitions
//!   (KN-9) counted → [`Basis::Table`].
//! * **Kujifunza** (both rule sets): where the shipped proof holds the position, or a small
//!   df-pn proves on the spot that the side to move wins, the proof's move is the best; a
//!   played move that is not it is checked by a second small df-pn on its own position: proven
//!   still to win (best), or proven not to (misses the win) → [`Basis::Proof`]. Where neither
//!   proof decides, the search does.
//! * Everywhere else: [`Searcher::for_analysis`] with [`ReviewOptions::nodes`] →
//!   [`Basis::Search`] with the depth it completed.
//! * A position with one legal move needs nothing: the move is the best ([`Basis::Forced`]).
//!
//! [`Reviewer::work`] does a given amount of this and returns, like [`Searcher::think`]: the
//! review depends only on the game and the options, never on how the work was sliced.

use crate::proof::{self, SolveLimits, Solver, Verdict as ProofVerdict};
use crate::tables::EndgameTable;
use crate::{Level, Score, Searcher, Verdict};
use bao_engine::{Game, Move, PlayError, Player, Position, Variant, repetition_limit};
use std::sync::Arc;

/// A df-pn position costs about as much time as this many nodes of the analysis search (the
/// searcher counts a live proof's positions the same way).
const PROOF_POSITION_COST: u64 = 3;
/// A proof (of the position, then of the played move's position) may evaluate at most
/// [`ReviewOptions::nodes`] / this many positions, each counted as [`PROOF_POSITION_COST`]
/// nodes: a proof costs at most an eighth of a search.
const PROOF_SHARE: u64 = 8 * PROOF_POSITION_COST;
/// Transposition-table bytes per position of a proof's budget (as the searcher's live proof).
const PROOF_TABLE_BYTES_PER_POSITION: usize = 64;

/// How much a review thinks about each position.
#[derive(Clone, Debug)]
pub struct ReviewOptions {
    /// Search nodes per reviewed position (the analysis search's budget; a proof may spend an
    /// eighth of it more, in node-equivalents).
    pub nodes: u64,
    /// Kingulu's endgame table, used where it holds the position. [`ReviewOptions::for_variant`]
    /// takes the installed one ([`crate::tables::installed`]) in Kingulu.
    pub table: Option<Arc<EndgameTable>>,
}

impl ReviewOptions {
    /// The default budget is Expert's divided by this.
    const EXPERT_FRACTION: u64 = 6;

    /// The default for `variant`: an analysis search of a sixth of Expert's budget (a sixth of a
    /// second per position on the development machine; Kigogo: 500,000 nodes), which reaches
    /// about the depth of Hard's search, so that a long Kigogo game of 200 plies is reviewed in
    /// well under a minute on one core (figures in `docs/measurements.md`, "Game review"). In
    /// Kingulu, with the installed endgame table.
    pub fn for_variant(variant: Variant) -> ReviewOptions {
        let nodes = Level::Expert.node_budget(variant) / Self::EXPERT_FRACTION;
        let table = match variant {
            Variant::Kingulu => crate::tables::installed(),
            _ => None,
        };
        ReviewOptions { nodes, table }
    }
}

/// Why a move's verdict is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Basis {
    /// The analysis search: every move scored by a search of `depth` plies (plus the capture
    /// search). Not certain: a deeper search may judge otherwise.
    Search {
        /// Plies of the deepest completed iteration.
        depth: u32,
    },
    /// Kingulu's endgame table: exact final scores with perfect play (KN-8, KN-9).
    Table,
    /// A proof of a forced win (Kujifunza, KU-10): exact.
    Proof,
    /// The only legal move: exact, nothing to compare.
    Forced,
}

impl Basis {
    /// The id used in JSON: `search`, `table`, `proof` or `forced`.
    pub const fn id(self) -> &'static str {
        match self {
            Basis::Search { .. } => "search",
            Basis::Table => "table",
            Basis::Proof => "proof",
            Basis::Forced => "forced",
        }
    }

    /// Whether the verdict is certain (a table, a proof, or the only move).
    pub const fn is_exact(self) -> bool {
        !matches!(self, Basis::Search { .. })
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Index of the move in the game, from 0.
    pub ply: usize,
    /// Who played it.
    pub side: Player,
    /// The move played.
    pub played: Move,
    /// The best move: the played one whenever the verdict is [`Verdict::Best`] (other moves may
    /// be as good), otherwise the move it is compared with.
    pub best: Move,
    /// How the played move compares with the best.
    pub verdict: Verdict,
    /// Seeds the played move costs against the best, from the mover's view, in the evaluation's
    /// units (the mover's seeds minus the opponent's, so a seed that changes sides counts
    /// twice); 0 when it is the best, and 0 where either score is a won or lost game (the
    /// verdict says so then).
    pub seeds_lost: f32,
    /// Why the verdict is what it is.
    pub basis: Basis,
    /// Material after the move: South's seeds minus North's (the seeds in each side's pits; in
    /// Kingulu the KN-8 scores: captured seeds and reserved holes included).
    pub balance: i32,
}

/// One player's moves in a review.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayerSummary {
    /// Moves the player made.
    pub moves: usize,
    /// Of those, moves with the verdict [`Verdict::Best`] (not counting [`Verdict::Good`]).
    pub best: usize,
    /// The player's worst moves, at most three indices into [`Review::entries`], worst first:
    /// moves that lose the game, then missed wins, then the most seeds lost (earlier moves
    /// first among equals). Only moves judged worse than [`Verdict::Good`].
    pub mistakes: Vec<usize>,
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The rule set.
    pub variant: Variant,
    /// Material at the start, as [`MoveReview::balance`] counts it.
    pub start_balance: i32,
    /// Every move of the game, in order.
    pub entries: Vec<MoveReview>,
    /// South's summary, then North's (index by [`Player::index`]).
    pub summary: [PlayerSummary; 2],
    /// Nodes the review spent: the searches' nodes, and a proof's positions counted as a few
    /// nodes each, as [`Reviewer::work`] counts them.
    pub nodes: u64,
}

/// What the reviewer is doing for the move under review.
#[derive(Clone, Debug)]
enum Stage {
    /// Nothing begun.
    Start,
    /// Proving that the mover wins from the position.
    Proof(Box<Solver>),
    /// The position is won with `best`; proving whether the played move still wins.
    PlayedProof { best: Move, solver: Box<Solver> },
    /// The analysis search.
    Search(Box<Searcher>),
}

/// Reviews a game a slice at a time: [`Reviewer::work`] as often as you like, then
/// [`Reviewer::review`]. It owns everything it needs, so it can be moved to another thread; it
/// never reads a clock.
#[derive(Clone, Debug)]
pub struct Reviewer {
    options: ReviewOptions,
    moves: Vec<Move>,
    /// The game up to the move under review.
    game: Game,
    start_balance: i32,
    entries: Vec<MoveReview>,
    stage: Stage,
    /// Nodes spent so far.
    nodes: u64,
}

impl Reviewer {
    /// A reviewer of the game of `moves` from `start`.
    ///
    /// # Errors
    /// The [`PlayError`] of the first move that cannot be played (illegal, or the game is over).
    pub fn new(
        start: Position,
        moves: &[Move],
        options: ReviewOptions,
    ) -> Result<Reviewer, PlayError> {
        let mut replay = Game::from_position(start);
        for &mv in moves {
            replay.play(mv)?;
        }
        Ok(Reviewer {
            options,
            moves: moves.to_vec(),
            game: Game::from_position(start),
            start_balance: balance(&start),
            entries: Vec::with_capacity(moves.len()),
            stage: Stage::Start,
            nodes: 0,
        })
    }

    /// Does about `nodes` nodes of search (a proof's positions counted as a few nodes each; the
    /// last step may pass the amount a little) and returns whether the review is finished.
    /// Positions that need no search (one legal move, the endgame table, the shipped proof) are
    /// reviewed on the way at no cost. The review does not depend on how the work is sliced.
    pub fn work(&mut self, nodes: u64) -> bool {
        let mut left = nodes;
        while left > 0 && !self.is_finished() {
            let spent = self.step(left);
            self.nodes += spent;
            left = left.saturating_sub(spent);
        }
        self.is_finished()
    }

    /// Moves reviewed so far, and the moves of the game.
    pub fn progress(&self) -> (usize, usize) {
        (self.entries.len(), self.moves.len())
    }

    /// The review, once [`Reviewer::work`] has returned `true`.
    pub fn review(&self) -> Option<Review> {
        if !self.is_finished() {
            return None;
        }
        let mut summary = [PlayerSummary::default(), PlayerSummary::default()];
        for (side, s) in [Player::South, Player::North].into_iter().zip(&mut summary) {
            *s = summarise(&self.entries, side);
        }
        Some(Review {
            variant: self.game.start().variant(),
            start_balance: self.start_balance,
            entries: self.entries.clone(),
            summary,
            nodes: self.nodes,
        })
    }

    fn is_finished(&self) -> bool {
        self.entries.len() == self.moves.len()
    }

    /// One step of work on the move under review with at most about `budget` nodes; returns
    /// the nodes spent. Every step either spends something or moves the stage on, so
    /// [`Reviewer::work`] always ends.
    fn step(&mut self, budget: u64) -> u64 {
        let played = self.moves[self.entries.len()];
        match std::mem::replace(&mut self.stage, Stage::Start) {
            Stage::Start => {
                self.begin(played);
                0
            }
            Stage::Proof(mut solver) => {
                let (spent, verdict) = prove(&mut solver, budget, self.proof_limit());
                match verdict {
                    None => self.stage = Stage::Proof(solver),
                    Some(ProofVerdict::Proven) => match solver.winning_move() {
                        Some(best) => self.check_played(best, played),
                        None => self.search(),
                    },
                    Some(_) => self.search(),
                }
                spent
            }
            Stage::PlayedProof { best, mut solver } => {
                let (spent, verdict) = prove(&mut solver, budget, self.proof_limit());
                match verdict {
                    None => self.stage = Stage::PlayedProof { best, solver },
                    // The played move wins too: as good as the proof's.
                    Some(ProofVerdict::Proven) => {
                        self.record(played, Verdict::Best, 0.0, Basis::Proof);
                    }
                    Some(ProofVerdict::Disproven {
                        path_dependent: false,
                    }) => self.record(best, Verdict::MissesWin, 0.0, Basis::Proof),
                    // Not decided for certain: the search judges.
                    Some(_) => self.search(),
                }
                spent
            }
            Stage::Search(mut searcher) => {
                let before = searcher.nodes();
                let done = searcher.think(budget);
                let spent = searcher.nodes() - before;
                if done {
                    self.judge_by_search(&searcher, played);
                } else {
                    self.stage = Stage::Search(searcher);
                }
                spent
            }
        }
    }

    /// Starts on a position: the only move, the table or the shipped proof answer at once;
    /// otherwise a proof or the search is set up.
    fn begin(&mut self, played: Move) {
        let legal = self.game.legal_moves();
        if legal.len() == 1 {
            self.record(legal[0], Verdict::Best, 0.0, Basis::Forced);
            return;
        }
        if let Some(table) = self.options.table.clone()
            && let Some(scored) = table_scores(&table, &self.game)
        {
            self.judge_by_table(&table, &scored, played);
            return;
        }
        let variant = self.game.position().variant();
        if !matches!(variant, Variant::Kujifunza | Variant::KujifunzaChoice) {
            self.search();
            return;
        }
        if let Some(book) = proof::bundled(variant)
            && let Some(best) = book.winning_move(self.game.position())
            && no_position_twice(&self.game)
        {
            self.check_played(best, played);
            return;
        }
        if self.proof_limit() == 0 {
            self.search();
            return;
        }
        let position = *self.game.position();
        self.stage = Stage::Proof(self.solver(position));
    }

    /// The position is won with `best`: the played move is the best if it is that move;
    /// otherwise its own position is proven or refuted.
    fn check_played(&mut self, best: Move, played: Move) {
        let position = *self.game.position();
        if same_move(&position, best, played) {
            self.record(best, Verdict::Best, 0.0, Basis::Proof);
            return;
        }
        match position.play(played) {
            Ok(next) if self.proof_limit() > 0 => {
                let solver = self.solver(next);
                self.stage = Stage::PlayedProof { best, solver };
            }
            _ => self.search(),
        }
    }

    /// A df-pn proving that the mover of the position under review wins from `root`, with the
    /// game's positions so far avoided, so that the win it finds never repeats one (KU-11).
    fn solver(&self, root: Position) -> Box<Solver> {
        let limits = SolveLimits {
            nodes: 0,
            table_bytes: usize::try_from(self.proof_limit())
                .unwrap_or(usize::MAX)
                .saturating_mul(PROOF_TABLE_BYTES_PER_POSITION),
        };
        let mut solver = Solver::new(root, self.game.position().to_move(), limits);
        solver.avoid(self.game.positions());
        Box::new(solver)
    }

    fn proof_limit(&self) -> u64 {
        self.options.nodes / PROOF_SHARE
    }

    fn search(&mut self) {
        let searcher = Searcher::for_analysis(&self.game, self.options.nodes);
        self.stage = Stage::Search(Box::new(searcher));
    }

    fn judge_by_search(&mut self, searcher: &Searcher, played: Move) {
        let analysis = searcher.analysis();
        let position = *self.game.position();
        let best = analysis.moves.first();
        let mine = analysis
            .moves
            .iter()
            .find(|m| same_move(&position, m.mv, played));
        let basis = Basis::Search {
            depth: analysis.depth,
        };
        match (best, mine) {
            // A move that scores as well as the first is a best move itself.
            (Some(_), Some(mine)) if mine.verdict == Verdict::Best => {
                self.record(played, Verdict::Best, 0.0, basis);
            }
            (Some(best), Some(mine)) => {
                let lost = seeds_lost(mine.score, best.score);
                self.record(best.mv, mine.verdict, lost, basis);
            }
            // Unreachable (the move was played, so it is listed); judged as the best.
            _ => self.record(played, Verdict::Best, 0.0, basis),
        }
    }

    fn judge_by_table(&mut self, table: &EndgameTable, scored: &[(Move, i32)], played: Move) {
        let position = *self.game.position();
        let top = scored.iter().map(|m| m.1).max().unwrap_or(0);
        // Among the moves of the best score, the one the table plays first.
        let preferred = table.best_moves(&position).unwrap_or_default();
        let best = preferred
            .iter()
            .copied()
            .find(|mv| scored.contains(&(*mv, top)))
            .or_else(|| scored.iter().find(|m| m.1 == top).map(|m| m.0))
            .unwrap_or(played);
        let mine = scored
            .iter()
            .find(|m| same_move(&position, m.0, played))
            .map_or(top, |m| m.1);
        // A move that keeps the table's value is a best move itself.
        let (best, verdict) = if mine == top {
            (played, Verdict::Best)
        } else {
            (best, table_verdict(mine, top))
        };
        let lost = seeds_lost(Score(mine), Score(top));
        self.record(best, verdict, lost, Basis::Table);
    }

    /// Records the judgement of the move under review, plays it, and moves on.
    fn record(&mut self, best: Move, verdict: Verdict, seeds_lost: f32, basis: Basis) {
        let ply = self.entries.len();
        let played = self.moves[ply];
        let side = self.game.position().to_move();
        // Replayed in `new`: the move is legal here.
        let _ = self.game.play(played);
        self.entries.push(MoveReview {
            ply,
            side,
            played,
            best,
            verdict,
            seeds_lost,
            basis,
            balance: balance(self.game.position()),
        });
        self.stage = Stage::Start;
    }
}

/// Reviews the game of `moves` from `start` in one go (see [`Reviewer`]).
///
/// # Errors
/// As [`Reviewer::new`].
pub fn review_game(
    start: Position,
    moves: &[Move],
    options: ReviewOptions,
) -> Result<Review, PlayError> {
    let mut reviewer = Reviewer::new(start, moves, options)?;
    reviewer.work(u64::MAX);
    Ok(reviewer
        .review()
        .unwrap_or_else(|| unreachable!("work(u64::MAX) finishes the review")))
}

/// Goes on with a proof for about `budget` nodes, `limit` positions in all. Returns the nodes
/// spent and, once it is over, its verdict (`Unknown` when the limit is reached undecided).
fn prove(solver: &mut Solver, budget: u64, limit: u64) -> (u64, Option<ProofVerdict>) {
    let before = solver.nodes();
    let slice = (budget / PROOF_POSITION_COST).max(1);
    solver.set_budget(before.saturating_add(slice).min(limit));
    let verdict = solver.run(&mut |_| {});
    let spent = (solver.nodes() - before).saturating_mul(PROOF_POSITION_COST);
    let over = !matches!(verdict, ProofVerdict::Unknown { .. }) || solver.nodes() >= limit;
    (spent, over.then_some(verdict))
}

/// Every legal move of the game's position scored by the table: the mover's final score minus
/// the opponent's (KN-8), in centiseeds. `None` unless every score is exact: the position or a
/// successor is outside the table or decided by repetition, or the game has been through a
/// position twice already, which the table's values do not account for.
fn table_scores(table: &EndgameTable, game: &Game) -> Option<Vec<(Move, i32)>> {
    let position = game.position();
    if position.variant() != Variant::Kingulu || !table.probe(position)?.exact {
        return None;
    }
    if !no_position_twice(game) {
        return None;
    }
    let mover = position.to_move();
    let limit = repetition_limit(Variant::Kingulu) as usize;
    let mut scored = Vec::new();
    let mut covered = true;
    position.for_each_move(|mv, next| {
        let seen = game.positions().iter().filter(|p| *p == next).count();
        let (mine, theirs) = if seen + 1 >= limit || next.outcome().is_over() {
            // The game ends here (KN-9 or KN-8): the seeds are counted.
            (
                next.kingulu_score(mover),
                next.kingulu_score(mover.opponent()),
            )
        } else if seen > 0 {
            // A second occurrence: the table's value assumes none.
            covered = false;
            return;
        } else {
            match table.probe(next) {
                Some(v) if v.exact => match mover {
                    Player::South => (v.south, v.north),
                    Player::North => (v.north, v.south),
                },
                _ => {
                    covered = false;
                    return;
                }
            }
        };
        scored.push((mv, (mine as i32 - theirs as i32) * 100));
    });
    covered.then_some(scored)
}

/// The table's verdict: as [`Verdict::judge`] on the final scores, and a move that turns a win
/// into a draw or a loss misses the win, one that turns a draw or a win into a loss loses the
/// game (KN-8: the higher score wins).
fn table_verdict(score: i32, best: i32) -> Verdict {
    if best > 0 && score <= 0 {
        Verdict::MissesWin
    } else if score < 0 && best >= 0 {
        Verdict::LosesGame
    } else {
        Verdict::judge(Score(score), Score(best))
    }
}

/// Seeds the move scoring `score` costs against the best scoring `best`; 0 where either is a
/// decided game.
fn seeds_lost(score: Score, best: Score) -> f32 {
    if score.is_decided() || best.is_decided() {
        return 0.0;
    }
    (best.centiseeds() - score.centiseeds()).max(0) as f32 / 100.0
}

/// Whether two moves are the same move in `position`: equal, or leading to the same position
/// (a move written without choices that the engine plays as the listed one).
fn same_move(position: &Position, a: Move, b: Move) -> bool {
    a == b
        || matches!(
            (position.play(a), position.play(b)),
            (Ok(x), Ok(y)) if x == y
        )
}

/// Whether no position of the game has occurred twice: then a proof's or the table's line,
/// which never repeats a position, cannot meet a third occurrence (KU-11, KN-9).
fn no_position_twice(game: &Game) -> bool {
    let positions = game.positions();
    positions
        .iter()
        .all(|p| positions.iter().filter(|q| *q == p).count() < 2)
}

/// South's material minus North's (see [`MoveReview::balance`]).
fn balance(position: &Position) -> i32 {
    let count = |p: Player| match position.variant() {
        Variant::Kingulu => position.kingulu_score(p),
        _ => position.seeds_on_side(p),
    } as i32;
    count(Player::South) - count(Player::North)
}

/// A player's summary: moves, best moves, and the worst three.
fn summarise(entries: &[MoveReview], side: Player) -> PlayerSummary {
    let mine: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].side == side)
        .collect();
    let mut mistakes: Vec<usize> = mine
        .iter()
        .copied()
        .filter(|&i| entries[i].verdict.is_mistake())
        .collect();
    let severity = |v: Verdict| match v {
        Verdict::LosesGame => 0,
        Verdict::MissesWin => 1,
        _ => 2,
    };
    mistakes.sort_by(|&a, &b| {
        let (x, y) = (&entries[a], &entries[b]);
        severity(x.verdict)
            .cmp(&severity(y.verdict))
            .then(y.seeds_lost.total_cmp(&x.seeds_lost))
            .then(a.cmp(&b))
    });
    mistakes.truncate(3);
    PlayerSummary {
        moves: mine.len(),
        best: mine
            .iter()
            .filter(|&&i| entries[i].verdict == Verdict::Best)
            .count(),
        mistakes,
    }
}
