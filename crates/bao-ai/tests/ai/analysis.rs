//! Hints: every legal move ranked with a score and a verdict, and the principal line.

use crate::position;
use bao_ai::{Searcher, Verdict, analyse};
use bao_engine::{Game, Move, Variant};

#[test]
fn every_legal_move_is_ranked_once_best_first() {
    for variant in Variant::ALL {
        let game = Game::new(variant);
        let a = analyse(&game, 30_000);
        let legal = game.legal_moves();
        assert_eq!(a.moves.len(), legal.len(), "{variant}");
        for m in &legal {
            assert_eq!(
                a.moves.iter().filter(|r| r.mv == *m).count(),
                1,
                "{variant} {m}"
            );
        }
        assert!(a.moves.windows(2).all(|w| w[0].score >= w[1].score));
        assert_eq!(a.moves[0].verdict, Verdict::Best);
        assert_eq!(a.principal_line.first(), Some(&a.moves[0].mv));
        assert!(a.depth >= 1, "{variant}");
        // The principal line is playable.
        let mut g = game.clone();
        for m in &a.principal_line {
            g.play(*m).unwrap_or_else(|e| panic!("{variant}: {e}"));
        }
    }
}

#[test]
fn kg_4_the_winning_capture_is_best_and_the_rest_miss_the_win() {
    let pos = crate::position(
        r#"{"variant":"kigogo","to_move":"south",
        "rows":[[0,0,0,0,3,0,0,0,0,0,0,0],[0,0,0,0,3,0,0,0,0,0,0,0],
                [0,0,0,0,0,0,2,0,0,0,0,0],[2,0,0,0,0,2,0,0,0,0,0,0]],
        "captured":{"south":40,"north":40},"reserved":[]}"#,
    );
    let a = analyse(&Game::from_position(pos), 10_000);
    let win: Move = "a7".parse().expect("move");
    assert_eq!(a.moves[0].mv, win);
    assert_eq!(a.moves[0].score.win_in(), Some(1));
    assert_eq!(a.moves[0].score.to_string(), "win in 1");
    for r in &a.moves[1..] {
        assert_eq!(r.verdict, Verdict::MissesWin, "{}", r.mv);
    }
}

#[test]
fn kg_4_a_move_that_gives_seeds_away_is_labelled() {
    // North's a8 column (3 + 3) hangs: South a7 takes it, the other moves leave it.
    let pos = position(
        r#"{"variant":"kigogo","to_move":"south",
        "rows":[[0,0,0,0,3,0,0,0,0,0,0,2],[0,0,0,0,3,0,0,0,0,0,0,2],
                [0,0,0,0,0,0,2,0,0,0,0,0],[2,0,0,0,0,2,0,0,0,0,0,0]],
        "captured":{"south":38,"north":38},"reserved":[]}"#,
    );
    let game = Game::from_position(pos);
    let a = analyse(&game, 20_000);
    assert_eq!(a.moves[0].mv, "a7".parse::<Move>().expect("move"));
    assert!(
        a.moves[1..]
            .iter()
            .all(|r| matches!(r.verdict, Verdict::LosesSeeds | Verdict::MissesWin))
    );
    // Sliced analysis reads the same as the one-shot call.
    let mut s = Searcher::for_analysis(&game, 20_000);
    while !s.think(100) {}
    assert_eq!(s.analysis(), a);
}

#[test]
fn no_hints_once_the_game_is_over() {
    let mut game = Game::new(Variant::Kujifunza);
    while !game.outcome().is_over() {
        let a = analyse(&game, 5_000);
        game.play(a.moves[0].mv).expect("legal");
    }
    let a = analyse(&game, 5_000);
    assert!(a.moves.is_empty());
    assert!(a.principal_line.is_empty());
}
