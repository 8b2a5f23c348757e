//! The AI always returns a legal move, and none when the game is over.

use crate::{position, sample_games};
use bao_ai::{Level, Searcher, choose_move};
use bao_engine::{Game, Outcome, Variant};

/// Budgets small enough for a test; the algorithms are the levels' own.
fn quick_move(game: &Game, level: Level, seed: u64) -> Option<bao_engine::Move> {
    let budget = level.node_budget(game.position().variant()).min(3_000);
    let mut s = Searcher::with_budget(game, level, seed, budget);
    s.think_to_end();
    s.best_move()
}

#[test]
fn every_level_returns_a_legal_move_in_every_variant() {
    for variant in Variant::ALL {
        for game in sample_games(variant, 12) {
            let legal = game.legal_moves();
            for level in Level::ALL {
                for seed in 0..2 {
                    let mv = quick_move(&game, level, seed)
                        .unwrap_or_else(|| panic!("{variant} {level}: no move"));
                    assert!(legal.contains(&mv), "{variant} {level}: {mv} is not legal");
                }
            }
        }
    }
}

#[test]
fn before_any_thinking_the_best_move_is_already_legal() {
    for variant in Variant::ALL {
        for game in sample_games(variant, 5) {
            let s = Searcher::new(&game, Level::Expert, 3);
            let mv = s.best_move().expect("an ongoing game has a move");
            assert!(game.legal_moves().contains(&mv));
        }
    }
}

#[test]
fn km_2_a_single_legal_move_is_played_without_searching() {
    // KM-1, KM-2: at the start of Kimasai South's only move is a2 into the empty a1.
    let game = Game::new(Variant::Kimasai);
    assert_eq!(game.legal_moves().len(), 1);
    for level in Level::ALL {
        let s = Searcher::new(&game, level, 1);
        assert!(s.is_finished(), "{level}");
        assert_eq!(s.nodes(), 0);
        assert_eq!(s.best_move(), Some(game.legal_moves()[0]));
    }
}

#[test]
fn ku_8_kujifunza_moves_carry_no_kichwa_letters() {
    // KU-8: the kichwa follows the pit or the direction, so every move the AI plays is a pit
    // and a direction, as the engine lists them.
    let game = Game::new(Variant::Kujifunza);
    let legal = game.legal_moves();
    for level in Level::ALL {
        for seed in 0..4 {
            let mv = quick_move(&game, level, seed).expect("South has moves");
            assert!(legal.contains(&mv), "{level}: {mv}");
            assert_eq!(mv.choice_count(), 0, "{level}: {mv}");
        }
    }
}

#[test]
fn ku_8c_kujifunza_choice_moves_come_with_their_kichwa_choices() {
    // At the start every capture is from a middle pit or chains through one, so the moves the
    // AI plays are full moves with /L or /R letters (KU-8c), exactly as the engine lists them.
    let game = Game::new(Variant::KujifunzaChoice);
    let legal = game.legal_moves();
    for level in Level::ALL {
        for seed in 0..4 {
            let mv = quick_move(&game, level, seed).expect("South has moves");
            assert!(legal.contains(&mv), "{level}: {mv}");
            assert!(mv.choice_count() >= 1, "{level}: {mv} has no kichwa choice");
            let mut g = game.clone();
            g.play(mv).expect("a full move needs no further choice");
        }
    }
}

#[test]
fn ku_10_kg_5_no_move_once_the_game_is_over() {
    // kujifunza-choice: the forced win for South ends the game in three plies (KU-8c, KU-10,
    // KU-9a).
    let mut game = Game::new(Variant::KujifunzaChoice);
    while !game.outcome().is_over() {
        let mv = choose_move(&game, Level::Medium, 0).expect("the game goes on");
        game.play(mv).expect("legal");
    }
    // Kigogo: North, to move, has no seeds left (KG-5).
    let over = position(
        r#"{"variant":"kigogo","to_move":"north",
        "rows":[[0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0],
                [0,0,0,0,0,2,0,0,0,0,0,0],[2,0,0,0,0,0,0,0,0,0,0,0]],
        "captured":{"south":46,"north":42},"reserved":[]}"#,
    );
    let kigogo = Game::from_position(over);
    for game in [game, kigogo] {
        assert!(matches!(game.outcome(), Outcome::Win { .. }));
        for level in Level::ALL {
            assert_eq!(choose_move(&game, level, 5), None, "{level}");
            let mut s = Searcher::new(&game, level, 5);
            assert!(s.is_finished());
            assert!(s.think(1000));
            assert_eq!(s.best_move(), None);
        }
        assert_eq!(
            Searcher::from_history(&[], Level::Hard, 0).best_move(),
            None
        );
    }
}
