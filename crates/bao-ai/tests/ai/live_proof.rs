//! Live proofs: outside the shipped proofs, Expert (and a hint) first tries to prove that the
//! side to move wins, and plays the proven move (KU-10) only where the proof holds in this
//! game, its history included (KU-11).

use crate::sample_games;
use bao_ai::proof::{SolveLimits, Solver, Verdict, bundled};
use bao_ai::{Known, Level, Searcher};
use bao_engine::{Game, Move, Player, Variant};

/// The game after `moves` (notation of docs/rules.md) from `variant`'s start.
fn game_after(variant: Variant, moves: &str) -> Game {
    let mut game = Game::new(variant);
    for text in moves.split_whitespace() {
        let mv: Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}"));
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

/// Kujifunza (KU-8) after an opening the shipped proof does not hold (it opens `a3-`): South
/// to move wins by force (a proof of 22 positions).
const KUJIFUNZA_WIN: &str = "a4- b1- a5+ b2-";

/// `kujifunza-choice` (KU-8c) 21 plies into a random game: North to move wins by force.
const CHOICE_WIN: &str = "a3-/L/R/L b2- a3-/R b1-/R/L/R b1- a1-/L b7+ a6+ b8+/R a7+/L a7+/R \
    b7+ a5+/L/R/L a4- a8+/L b3- a5+/L b8+/L/R b2- b5+/L/L b1-";

/// Kujifunza, South to move: `b2-` is the only one of five moves that wins by force.
const ONE_WIN: &str = "b1- a8+ b2- b8+ b7+ a8+ b5- a7- b8+ a6+ b1- a3-";

/// Expert's move in `game` with what it knows, thinking to the end.
fn expert(game: &Game) -> (Move, Option<Known>) {
    let mut s = Searcher::new(game, Level::Expert, 5);
    s.think_to_end();
    (s.best_move().expect("a move"), s.known())
}

/// Walks every line from `game`: the attacker plays Expert's move, which must be a live
/// proof's; the defender tries every reply. Every line must end in the attacker's win, with
/// the game's own rules deciding (repetition counted). Returns the attacker's moves walked.
fn walk(game: &mut Game, attacker: Player) -> usize {
    let outcome = game.outcome();
    if outcome.is_over() {
        assert_eq!(
            outcome.winner(),
            Some(attacker),
            "{outcome:?} after {:?}",
            game.moves()
        );
        return 0;
    }
    if game.position().to_move() == attacker {
        let (mv, known) = expert(game);
        assert_eq!(
            known,
            Some(Known::ProvenWin { winner: attacker }),
            "after {:?}",
            game.moves()
        );
        game.play(mv).expect("a proven move is legal");
        let walked = 1 + walk(game, attacker);
        game.undo();
        walked
    } else {
        let mut walked = 0;
        for reply in game.legal_moves() {
            game.play(reply).expect("listed moves are legal");
            walked += walk(game, attacker);
            game.undo();
        }
        walked
    }
}

#[test]
fn ku_10_a_live_proof_wins_against_every_defence() {
    for (variant, moves) in [
        (Variant::Kujifunza, KUJIFUNZA_WIN),
        (Variant::KujifunzaChoice, CHOICE_WIN),
    ] {
        let mut game = game_after(variant, moves);
        let book = bundled(variant).expect("a shipped proof");
        assert_eq!(book.winning_move(game.position()), None, "outside the book");
        let attacker = game.position().to_move();
        let walked = walk(&mut game, attacker);
        assert!(walked > 1, "{variant}: {walked} moves");
    }
}

#[test]
fn ku_10_sliced_live_proofs_think_as_one() {
    let mut games = vec![
        game_after(Variant::Kujifunza, KUJIFUNZA_WIN),
        game_after(Variant::KujifunzaChoice, CHOICE_WIN),
    ];
    for variant in [Variant::Kujifunza, Variant::KujifunzaChoice] {
        games.extend(sample_games(variant, 6));
    }
    let (mut proven, mut searched) = (0, 0);
    for game in &games {
        // A small budget, so that some proofs run out and the search takes over.
        for budget in [30_000, 300_000] {
            let mut whole = Searcher::with_budget(game, Level::Expert, 3, budget);
            whole.think_to_end();
            let mut sliced = Searcher::with_budget(game, Level::Expert, 3, budget);
            while !sliced.think(97) {
                assert!(sliced.best_move().is_some());
            }
            let json = game.position().to_json();
            assert_eq!(whole.best_move(), sliced.best_move(), "{json}");
            assert_eq!(whole.known(), sliced.known(), "{json}");
            assert_eq!(whole.nodes(), sliced.nodes(), "{json}");
            assert_eq!(whole.proof_nodes(), sliced.proof_nodes(), "{json}");
            assert_eq!(whole.depth(), sliced.depth(), "{json}");
            if whole.known().is_some() {
                proven += 1;
            } else if whole.proof_nodes() > 0 {
                searched += 1;
            }
        }
    }
    assert!(
        proven > 0 && searched > 0,
        "{proven} proven, {searched} not"
    );
}

#[test]
fn ku_10_a_live_proof_costs_a_bounded_share_of_the_budget() {
    for variant in [Variant::Kujifunza, Variant::KujifunzaChoice] {
        for game in sample_games(variant, 6) {
            let mut s = Searcher::new(&game, Level::Expert, 1);
            let budget = s.node_budget();
            s.think_to_end();
            // At most an eighth of the budget in node-equivalents (three per position), passed
            // by one position's moves at most.
            assert!(s.proof_nodes() <= budget / 24 + 200, "{variant}");
            if s.known().is_none() {
                assert!(s.nodes() - s.proof_nodes() <= budget, "{variant}");
            }
        }
    }
}

#[test]
fn ku_11_a_win_only_by_repetition_is_not_proven() {
    let game = game_after(Variant::Kujifunza, ONE_WIN);
    let winner = game.position().to_move();
    let only: Move = "b2-".parse().expect("a move");
    // Without a repetition the win is proven, by its only move.
    assert_eq!(expert(&game), (only, Some(Known::ProvenWin { winner })));
    let after = game.position().play(only).expect("legal");
    // Now the position after the winning move has occurred twice already: playing it again
    // is the third time, a draw (KU-11), and no other move wins.
    let mut history = vec![after, after];
    history.extend_from_slice(game.positions());
    let mut s = Searcher::from_history(&history, Level::Expert, 5).with_perfect_play(&game);
    s.think_to_end();
    assert_eq!(s.known(), None);
    assert!(s.proof_nodes() > 0, "a proof was tried");
    // The solver says the same about this history.
    let limits = SolveLimits {
        nodes: 100_000,
        table_bytes: 1 << 22,
    };
    let mut solver = Solver::new(*game.position(), winner, limits);
    solver.avoid(&history);
    assert!(matches!(
        solver.run(&mut |_| {}),
        Verdict::Disproven {
            path_dependent: true
        }
    ));
}

#[test]
fn kg_5_km_4_no_live_proof_outside_kujifunza() {
    for variant in [Variant::Kigogo, Variant::Kimasai, Variant::Kingulu] {
        for game in sample_games(variant, 2) {
            let mut s = Searcher::with_budget(&game, Level::Expert, 1, 50_000);
            s.think_to_end();
            assert_eq!(s.proof_nodes(), 0, "{variant}");
        }
    }
}
