//! The same position, level and seed give the same move, however the thinking is sliced.

use crate::sample_games;
use bao_ai::{Level, Searcher, choose_move};
use bao_engine::Variant;

#[test]
fn same_seed_same_move() {
    for variant in Variant::ALL {
        for game in sample_games(variant, 4) {
            for level in [Level::Beginner, Level::Easy, Level::Medium] {
                let a = choose_move(&game, level, 42);
                assert_eq!(a, choose_move(&game, level, 42), "{variant} {level}");
            }
        }
    }
}

#[test]
fn slicing_the_search_does_not_change_the_move() {
    for variant in Variant::ALL {
        for game in sample_games(variant, 4) {
            let budget = 20_000;
            let mut whole = Searcher::with_budget(&game, Level::Expert, 9, budget);
            whole.think_to_end();
            let mut sliced = Searcher::with_budget(&game, Level::Expert, 9, budget);
            let mut slices = 0;
            while !sliced.think(37) {
                slices += 1;
                assert!(sliced.best_move().is_some());
            }
            assert_eq!(whole.best_move(), sliced.best_move(), "{variant}");
            assert_eq!(whole.nodes(), sliced.nodes());
            assert_eq!(whole.depth(), sliced.depth());
            assert!(slices > 0 || whole.nodes() <= 37);
        }
    }
}

#[test]
fn a_slice_never_exceeds_its_budget() {
    let game = sample_games(Variant::Kigogo, 2).pop().expect("a game");
    let mut s = Searcher::new(&game, Level::Hard, 1);
    let mut last = 0;
    while !s.think(500) {
        assert!(s.nodes() - last <= 500);
        last = s.nodes();
    }
    assert!(s.nodes() <= s.node_budget());
}

#[test]
fn beginner_moves_depend_on_the_seed() {
    for variant in [Variant::Kujifunza, Variant::Kigogo] {
        let game = bao_engine::Game::new(variant);
        let mut moves: Vec<_> = (0..40)
            .filter_map(|seed| choose_move(&game, Level::Beginner, seed))
            .collect();
        moves.sort();
        moves.dedup();
        assert!(moves.len() > 3, "{variant}: {moves:?}");
    }
}
