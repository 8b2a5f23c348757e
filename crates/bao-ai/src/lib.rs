//! Computer opponents for the four Bao games, from beginner to expert, and hints.
//!
//! The AI plays only through [`bao_engine`]: it asks the engine for the legal moves and their
//! results, so it can never play or suggest an illegal move, and `kujifunza-choice` moves come
//! with their kichwa choices (`a6+/R/L`, KU-8c), as the engine lists them.
//!
//! * [`Level`]: five levels for every variant. `Beginner` plays random legal moves; `Easy`
//!   looks one move ahead with a deliberate, seeded error in its count of seeds; `Medium` and
//!   `Hard` search a few plies deeper (how deep depends on the variant: see [`Level`]); `Expert`
//!   runs iterative-deepening principal-variation alpha-beta with a transposition table and a
//!   capture (quiescence) search for about one second on a desktop. In `kujifunza-choice`, whose
//!   start a two-ply search already wins as South, the levels below Expert instead slip: they
//!   play a seeded choice among the moves they score nearly as good as the best; in `kujifunza`
//!   they are plain searches, as elsewhere. Each level is measured to beat the one below it
//!   (`crates/bao-ai/RESULTS.md`).
//! * [`Searcher`]: thinking in slices. [`Searcher::think`] searches a given number of nodes and
//!   returns; [`Searcher::best_move`] can be read at any time. The library never reads a clock
//!   and starts no thread, so the desktop app can run a searcher on a background task and the
//!   web build a few thousand nodes per frame. The same game, level and seed always give the
//!   same move.
//! * [`analyse`]: every legal move with a [`Score`] and a [`Verdict`] ("best", "good",
//!   "loses seeds", …) and the principal line, for hints.
//! * [`Reviewer`] and [`review_game`]: a whole game judged move by move against the best
//!   move, exactly where a proof or Kingulu's endgame table knows the position ([`Basis`]),
//!   with each player's worst moves; in slices, like the searcher.
//! * [`puzzle`]: puzzles as data (`assets/puzzles/<variant>.json`): positions from self-play
//!   with a goal (a forced win, a capture, a reservation) and the solution, the exact forced-win
//!   search that proves them, their verifier and generator, and the checks the game makes of a
//!   player's moves.
//! * Repetition counts: the search knows the game's earlier positions and scores a repetition
//!   as the rules end it (KU-11, KN-9, KG-5, KM-4), so it does not draw a won game by repeating.
//!
//! ```
//! use bao_ai::{Level, Searcher, Verdict, analyse, choose_move};
//! use bao_engine::{Game, Variant};
//!
//! let mut game = Game::new(Variant::Kigogo);
//! // The simple way: run the search to the end and play its move.
//! let mv = choose_move(&game, Level::Medium, 7).expect("the game has just begun");
//! game.play(mv).expect("the AI only plays legal moves");
//!
//! // The incremental way, as a frame loop would: a few hundred nodes at a time.
//! let mut searcher = Searcher::new(&game, Level::Medium, 7);
//! while !searcher.think(500) {
//!     let _move_so_far = searcher.best_move();
//! }
//! let reply = searcher.best_move().expect("North has moves");
//! assert_eq!(Some(reply), choose_move(&game, Level::Medium, 7), "same seed, same move");
//! game.play(reply).expect("legal");
//!
//! // Hints for South: every move ranked, the best first.
//! let hints = analyse(&game, 20_000);
//! assert_eq!(hints.moves.len(), game.legal_moves().len());
//! assert_eq!(hints.moves[0].verdict, Verdict::Best);
//! assert_eq!(hints.principal_line.first(), Some(&hints.moves[0].mv));
//! ```

mod analysis;
mod eval;
mod key;
mod level;
mod perfect;
pub mod proof;
pub mod puzzle;
mod review;
mod score;
mod search;
pub mod tables;
mod tt;

pub use analysis::{Analysis, RankedMove, Verdict, analyse};
pub use level::{Level, UnknownLevel};
pub use perfect::Known;
pub use review::{Basis, MoveReview, PlayerSummary, Review, ReviewOptions, Reviewer, review_game};
pub use score::Score;
pub use search::Searcher;

use bao_engine::{Game, Move};

/// The move `level` plays in `game` with `seed`, after thinking to the end of its budget; `None`
/// when the game is over.
pub fn choose_move(game: &Game, level: Level, seed: u64) -> Option<Move> {
    let mut searcher = Searcher::new(game, level, seed);
    searcher.think_to_end();
    searcher.best_move()
}
