//! Hints: every legal move ranked with a score and a verdict, and the principal line.

use crate::Searcher;
use crate::eval::WIN_BOUND;
use crate::score::Score;
use bao_engine::{Game, Move};
use std::fmt;

/// How a move compares with the best one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// As good as the best move found.
    Best,
    /// At most half a seed worse than the best.
    Good,
    /// Between half a seed and a seed and a half worse.
    Dubious,
    /// More than a seed and a half worse.
    LosesSeeds,
    /// The best move wins by force and this one does not.
    MissesWin,
    /// This move loses by force and the best one does not.
    LosesGame,
}

impl Verdict {
    /// The id used in JSON.
    pub const fn id(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Dubious => "dubious",
            Verdict::LosesSeeds => "loses_seeds",
            Verdict::MissesWin => "misses_win",
            Verdict::LosesGame => "loses_game",
        }
    }

    /// The words shown to players.
    pub const fn label(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Dubious => "dubious",
            Verdict::LosesSeeds => "loses seeds",
            Verdict::MissesWin => "misses a win",
            Verdict::LosesGame => "loses the game",
        }
    }

    /// Whether the verdict counts among a player's mistakes in a review: worse than good.
    pub const fn is_mistake(self) -> bool {
        !matches!(self, Verdict::Best | Verdict::Good)
    }

    /// The verdict on a move scoring `score` when the best move scores `best`.
    pub fn judge(score: Score, best: Score) -> Verdict {
        let (s, b) = (score.centiseeds(), best.centiseeds());
        if s >= b {
            Verdict::Best
        } else if b > WIN_BOUND && s <= WIN_BOUND {
            Verdict::MissesWin
        } else if s < -WIN_BOUND && b >= -WIN_BOUND {
            Verdict::LosesGame
        } else if s > WIN_BOUND || b < -WIN_BOUND || b - s <= 50 {
            // A slower win, or a quicker loss when every move loses.
            Verdict::Good
        } else if b - s <= 150 {
            Verdict::Dubious
        } else {
            Verdict::LosesSeeds
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A legal move with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    /// The full move (Kujifunza: with its kichwa choices).
    pub mv: Move,
    /// Its value for the player to move.
    pub score: Score,
    /// How it compares with the best move.
    pub verdict: Verdict,
}

/// The result of [`analyse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every legal move, best first. Empty when the game is over.
    pub moves: Vec<RankedMove>,
    /// The best line of play, starting with the best move.
    pub principal_line: Vec<Move>,
    /// Depth in plies of the search behind the scores (0: static evaluation only).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Ranks every legal move of `game` with an exact score from a search of `budget` nodes (with
/// the expert's evaluation; about `Level::Expert.node_budget(variant)` nodes give expert-quality
/// hints). For slices, use [`Searcher::for_analysis`] and [`Searcher::analysis`].
pub fn analyse(game: &Game, budget: u64) -> Analysis {
    let mut searcher = Searcher::for_analysis(game, budget);
    searcher.think_to_end();
    searcher.analysis()
}

impl Searcher {
    /// A searcher that gives every legal move an exact score (slower than a search for the
    /// best move alone), spending at most `budget` nodes. Read it with [`Searcher::analysis`].
    pub fn for_analysis(game: &Game, budget: u64) -> Searcher {
        Searcher::analysis_searcher(game, budget)
    }

    /// The moves ranked by the deepest completed iteration, and the principal line. Usable at
    /// any time; before the first iteration the scores are static evaluations.
    pub fn analysis(&self) -> Analysis {
        let depth = self.depth();
        let mut scored: Vec<(Move, Score)> = self
            .root_moves()
            .iter()
            .map(|m| {
                let s = if depth == 0 { -m.eval } else { m.score };
                (m.mv, Score(s))
            })
            .collect();
        scored.sort_by_key(|m| std::cmp::Reverse(m.1));
        let best = scored.first().map_or(Score(0), |m| m.1);
        let moves = scored
            .into_iter()
            .map(|(mv, score)| RankedMove {
                mv,
                score,
                verdict: Verdict::judge(score, best),
            })
            .collect();
        Analysis {
            moves,
            principal_line: if depth == 0 {
                self.best_move().into_iter().collect()
            } else {
                self.principal_line(depth as usize)
            },
            depth,
            nodes: self.nodes(),
        }
    }
}
