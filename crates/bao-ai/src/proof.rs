//! Proofs of forced wins: a proof-number search made for proofs ([`Solver`], df-pn), the proof
//! file it writes ([`Solver::write_proof`]), a separate checker that replays such a file with
//! the engine ([`check_proof`]), and the proven moves as a book for the Expert level
//! ([`ProofBook`], [`bundled`]).
//!
//! The shipped proofs, `assets/proofs/<variant-id>.proof`, were made with:
//!
//! ```text
//! bao-cli solve --variant kujifunza        --write assets/proofs/kujifunza.proof
//! bao-cli solve --variant kujifunza-choice --write assets/proofs/kujifunza-choice.proof
//! ```
//!
//! Both start positions are wins for South, the first player, as Donkers and Uiterwijk found
//! for Bao la Kujifunza ("Programming Bao", ICGA Journal 2002). `kujifunza` (KU-8): South opens
//! `a3-`; the proof has 142 positions, its lines are at most 29 plies long, and the search needs
//! about 2,000 positions. `kujifunza-choice` (KU-8c): `a8+/L/R/R` wins in three plies.
//!
//! Every opening of `kujifunza` is decided too (`bao-cli solve --position` on the position after
//! each, every proof checked): South wins after `a3-`, `a3+`, `a6+` and `a6-` (proofs of 141,
//! 1,748, 145 and 2,349 positions), and North wins after each of the other twelve.
//!
//! A proof is the attacker's (the winner's) move in every position of a proof tree, the
//! defender's every reply, down to games the attacker has won (KU-10). It is a DAG in which no
//! line meets a position twice, so the repetition rule (KU-11) never applies to it: the win
//! holds with or without a history.
//!
//! The same solver proves wins during a game, live ([`crate::Searcher::with_perfect_play`]):
//! outside the shipped proofs, Expert first asks it whether the side to move wins, with the
//! game's earlier positions counted as not a win ([`Solver::avoid`]) so that the proven line
//! never repeats one, and in slices ([`Solver::set_budget`], [`Solver::run`]), as the search
//! goes on exactly where it stopped.
//!
//! ```
//! use bao_ai::proof::{self, ProofBook, SolveLimits, Solver, Verdict};
//! use bao_engine::{Player, Position, Variant};
//!
//! // KU-8c: in kujifunza-choice South forces a win in three plies.
//! let start = Position::new(Variant::KujifunzaChoice);
//! let limits = SolveLimits { nodes: 1_000_000, table_bytes: 1 << 20 };
//! let mut solver = Solver::new(start, Player::South, limits);
//! assert_eq!(solver.run(&mut |_| {}), Verdict::Proven);
//! let (file, _positions) = solver.write_proof().expect("a proven root");
//! assert_eq!(proof::check_proof(&file).expect("valid").winner, Player::South);
//! let book = ProofBook::from_bytes(&file).expect("valid");
//! assert!(book.winning_move(&start).is_some());
//! ```

mod book;
mod check;
mod dfpn;
mod table;
mod write;

pub use book::{ProofBook, book_for, bundled};
pub use check::{FORMAT_VERSION, MAGIC, ProofError, ProofErrorKind, ProofSummary, check_proof};
pub use dfpn::{Progress, SolveLimits, Solver, Verdict};
pub use write::WriteError;
