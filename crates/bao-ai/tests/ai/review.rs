//! Game review (`bao_ai::review_game`, `Reviewer`): every move judged against the best, exactly
//! from a proof or the endgame table where they know the position, the same however the work
//! is sliced.

use crate::position;
use bao_ai::tables::EndgameTable;
use bao_ai::{Basis, Review, ReviewOptions, Reviewer, Verdict, review_game};
use bao_engine::{Game, Move, Player, Position, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;

fn options(nodes: u64) -> ReviewOptions {
    ReviewOptions { nodes, table: None }
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `plies` seeded random moves from the start of `variant` (fewer if the game ends).
fn random_game(variant: Variant, plies: usize, seed: u64) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::new(variant);
    while game.moves().len() < plies && !game.outcome().is_over() {
        let legal = game.legal_moves();
        game.play(legal[rng.random_range(0..legal.len())])
            .expect("listed moves are legal");
    }
    game
}

/// The review of `game`, a thousand nodes at a time.
fn sliced(game: &Game, options: ReviewOptions) -> Review {
    let mut reviewer = Reviewer::new(*game.start(), game.moves(), options).expect("legal game");
    let mut calls = 0;
    while !reviewer.work(1_000) {
        assert!(reviewer.review().is_none());
        let (done, total) = reviewer.progress();
        assert!(done < total);
        calls += 1;
    }
    assert!(calls > 10, "the review was sliced ({calls} slices)");
    assert_eq!(
        reviewer.progress(),
        (game.moves().len(), game.moves().len())
    );
    reviewer.review().expect("finished")
}

#[test]
fn the_review_does_not_depend_on_how_the_work_is_sliced() {
    // Kigogo: searches; Kujifunza: the shipped proof, live proofs of positions and of played
    // moves, and searches where they fail.
    for (variant, plies, nodes) in [
        (Variant::Kigogo, 12, 20_000),
        (Variant::Kujifunza, 10, 48_000),
    ] {
        let game = random_game(variant, plies, 3);
        let whole = review_game(*game.start(), game.moves(), options(nodes)).expect("legal");
        assert_eq!(whole.entries.len(), game.moves().len());
        assert_eq!(sliced(&game, options(nodes)), whole, "{variant}");
        for (i, e) in whole.entries.iter().enumerate() {
            assert_eq!(e.ply, i);
            assert_eq!(e.played, game.moves()[i]);
            assert_eq!(e.side, game.positions()[i].to_move());
        }
    }
}

#[test]
fn kg_4_a_move_that_misses_a_capture_is_marked() {
    // South's a7 captures a column of six seeds (KG-4); the other moves do not.
    let north = "[0,0,0,0,3,0,0,0,0,0,0,4],[0,0,0,0,3,0,0,0,0,0,0,4]";
    let south = "[0,0,0,0,0,0,2,0,0,0,0,0],[2,0,0,0,0,2,0,0,0,0,0,0]";
    let pos = position(&format!(
        r#"{{"variant":"kigogo","to_move":"south","rows":[{north},{south}],"captured":{{"south":36,"north":36}}}}"#
    ));
    let game = Game::from_position(pos);
    let worst = bao_ai::analyse(&game, 20_000)
        .moves
        .last()
        .expect("moves")
        .mv;
    let review = review_game(pos, &[worst], options(20_000)).expect("legal");
    let e = &review.entries[0];
    assert_eq!(e.best, mv("a7"));
    assert!(
        matches!(e.verdict, Verdict::LosesSeeds | Verdict::MissesWin),
        "{e:?}"
    );
    assert!(matches!(e.basis, Basis::Search { depth } if depth >= 1));
    assert_eq!(review.summary[0].moves, 1);
    assert_eq!(review.summary[0].best, 0);
    assert_eq!(review.summary[0].mistakes, vec![0]);
    assert_eq!(review.summary[1].moves, 0);
    // The best move itself is best, at no cost.
    let review = review_game(pos, &[mv("a7")], options(20_000)).expect("legal");
    let e = &review.entries[0];
    assert_eq!(
        (e.verdict, e.seeds_lost, e.best),
        (Verdict::Best, 0.0, mv("a7"))
    );
    assert_eq!(review.summary[0].best, 1);
    assert!(review.summary[0].mistakes.is_empty());
    // Balance: South's 6 seeds against North's 14 at the start; a7 takes six.
    assert_eq!(review.start_balance, 6 - 14);
    assert_eq!(e.balance, 6 - 8);
}

#[test]
fn kn_8_the_endgame_table_judges_exactly() {
    let table = Arc::new(EndgameTable::build(4, |_| {}).expect("N is small"));
    // Four active seeds, North to move: every move is in the table.
    let pos = position(
        r#"{"variant":"kingulu","to_move":"north","rows":[[0,1,0,1,0,0],[1,0,0,0,1,0]],"captured":{"south":20,"north":24}}"#,
    );
    // Each move's exact value for North: final score minus South's.
    let mut values: Vec<(Move, i32)> = Vec::new();
    pos.for_each_move(|m, next| {
        let v = if next.outcome().is_over() {
            (
                next.kingulu_score(Player::North),
                next.kingulu_score(Player::South),
            )
        } else {
            let v = table.probe(next).expect("in the table");
            assert!(v.exact);
            (v.north, v.south)
        };
        values.push((m, v.0 as i32 - v.1 as i32));
    });
    let top = values.iter().map(|v| v.1).max().expect("moves");
    let (worst, low) = *values.iter().min_by_key(|v| v.1).expect("moves");
    assert!(low < top, "the fixture has a worse move: {values:?}");
    let with_table = ReviewOptions {
        nodes: 10_000,
        table: Some(table.clone()),
    };
    let review = review_game(pos, &[worst], with_table.clone()).expect("legal");
    let e = &review.entries[0];
    assert_eq!(e.basis, Basis::Table);
    assert_eq!(e.side, Player::North);
    assert_eq!(e.seeds_lost, (top - low) as f32);
    assert_ne!(e.verdict, Verdict::Best);
    assert!(
        table
            .best_moves(&pos)
            .expect("in the table")
            .contains(&e.best),
        "{e:?}"
    );
    // A best move by the table.
    let best = values.iter().find(|v| v.1 == top).expect("a best move").0;
    let review = review_game(pos, &[best], with_table).expect("legal");
    let e = &review.entries[0];
    assert_eq!(
        (e.basis, e.verdict, e.seeds_lost),
        (Basis::Table, Verdict::Best, 0.0)
    );
    // Without the table the search judges.
    let review = review_game(pos, &[worst], options(10_000)).expect("legal");
    assert!(matches!(review.entries[0].basis, Basis::Search { .. }));
}

#[test]
fn ku_10_the_shipped_proof_makes_a3_minus_best() {
    let start = Position::new(Variant::Kujifunza);
    let review = review_game(start, &[mv("a3-")], options(48_000)).expect("legal");
    let e = &review.entries[0];
    assert_eq!(
        (e.verdict, e.basis, e.best, e.seeds_lost),
        (Verdict::Best, Basis::Proof, mv("a3-"), 0.0)
    );
    // Another winning opening is proven to win too (a best move itself); a losing one is
    // refuted by the second proof: it misses the win of a3-.
    let review = review_game(start, &[mv("a6+")], options(480_000)).expect("legal");
    let e = &review.entries[0];
    assert_eq!(
        (e.verdict, e.basis, e.best),
        (Verdict::Best, Basis::Proof, mv("a6+"))
    );
    let review = review_game(start, &[mv("a4+")], options(480_000)).expect("legal");
    let e = &review.entries[0];
    assert_eq!(
        (e.verdict, e.basis, e.best, e.seeds_lost),
        (Verdict::MissesWin, Basis::Proof, mv("a3-"), 0.0)
    );
    assert_eq!(review.summary[0].mistakes, vec![0]);
    // With too small a budget for the second proof, the search judges, and says so.
    let review = review_game(start, &[mv("a4+")], options(240)).expect("legal");
    assert!(matches!(review.entries[0].basis, Basis::Search { .. }));
}

#[test]
fn only_moves_are_forced_and_mistakes_are_listed_worst_first() {
    // A random game is full of mistakes; the summary lists each side's worst three.
    let game = random_game(Variant::Kigogo, 60, 11);
    let review = review_game(*game.start(), game.moves(), options(5_000)).expect("legal");
    let severity = |v: Verdict| match v {
        Verdict::LosesGame => 0,
        Verdict::MissesWin => 1,
        _ => 2,
    };
    for (i, e) in review.entries.iter().enumerate() {
        let legal = game.positions()[i].legal_moves().len();
        assert_eq!(e.basis == Basis::Forced, legal == 1, "{e:?}");
        if legal == 1 {
            assert_eq!(
                (e.verdict, e.best, e.seeds_lost),
                (Verdict::Best, e.played, 0.0)
            );
        }
        if e.verdict == Verdict::Best {
            assert_eq!(e.seeds_lost, 0.0);
        }
        assert!(e.seeds_lost >= 0.0);
    }
    for side in [Player::South, Player::North] {
        let s = &review.summary[side.index()];
        let mine: Vec<_> = review.entries.iter().filter(|e| e.side == side).collect();
        assert_eq!(s.moves, mine.len());
        assert_eq!(
            s.best,
            mine.iter().filter(|e| e.verdict == Verdict::Best).count()
        );
        let key = |i: usize| {
            let e = &review.entries[i];
            (severity(e.verdict), -e.seeds_lost)
        };
        assert_eq!(s.mistakes.len(), 3, "{side:?}: a random game has mistakes");
        for w in s.mistakes.windows(2) {
            assert!(key(w[0]) <= key(w[1]), "{:?}", s.mistakes);
        }
        let last = key(*s.mistakes.last().expect("three"));
        for (i, e) in review.entries.iter().enumerate() {
            assert!(s.mistakes.iter().all(|&m| review.entries[m].side == side));
            let counted = !matches!(e.verdict, Verdict::Best | Verdict::Good);
            if e.side == side && counted && !s.mistakes.contains(&i) {
                assert!(
                    key(i) >= last,
                    "{i} is worse than the listed {:?}",
                    s.mistakes
                );
            }
        }
    }
    // KG-2: South's only pit of two seeds is its only move.
    let pos = position(
        r#"{"variant":"kigogo","to_move":"south",
        "rows":[[0,0,0,0,3,0,0,0,0,0,0,0],[0,0,0,0,3,0,0,0,0,0,0,0],
                [0,0,0,0,0,0,0,0,0,0,0,0],[2,0,0,0,0,0,0,0,0,0,0,0]],
        "captured":{"south":42,"north":42},"reserved":[]}"#,
    );
    let only = pos.legal_moves();
    assert_eq!(only.len(), 1);
    let review = review_game(pos, &[only[0]], options(5_000)).expect("legal");
    let e = &review.entries[0];
    assert_eq!(
        (e.basis, e.verdict, e.best, e.seeds_lost),
        (Basis::Forced, Verdict::Best, only[0], 0.0)
    );
}

#[test]
fn a_reviewer_can_be_sent_to_a_worker_thread() {
    fn send<T: Send + 'static>(_: &T) {}
    let start = Position::new(Variant::Kingulu);
    let reviewer =
        Reviewer::new(start, &[], ReviewOptions::for_variant(Variant::Kingulu)).expect("no moves");
    send(&reviewer);
    let handle = std::thread::spawn(move || {
        let mut reviewer = reviewer;
        assert!(reviewer.work(1));
        reviewer.review()
    });
    let review = handle.join().expect("no panic").expect("finished");
    assert!(review.entries.is_empty());
    assert_eq!(review.start_balance, 0);
}

#[test]
fn an_illegal_move_is_refused() {
    // KG-1: South's a1 starts empty, so it cannot be played.
    let start = Position::new(Variant::Kigogo);
    let err = Reviewer::new(start, &[mv("b1"), mv("b2"), mv("a1")], options(1_000))
        .expect_err("a1 is empty");
    assert_eq!(err.mv, mv("a1"));
    let err = review_game(start, &[mv("a1")], options(1_000)).expect_err("a1 is empty");
    assert_eq!(err.mv, mv("a1"));
    // A move after the end of the game is refused too.
    let game = random_game(Variant::Kimasai, 10_000, 1);
    assert!(game.outcome().is_over());
    let mut moves = game.moves().to_vec();
    moves.push(moves[0]);
    assert!(Reviewer::new(*game.start(), &moves, options(1_000)).is_err());
}
