//! Perft counts from `tests/data/perft.txt` (docs/rules.md as a whole): the engine must match every
//! line, and so must the independent model of [`crate::model`].

use crate::model::{self, M};
use bao_engine::{Game, Position, Variant, perft};

/// `(variant, depth, count)` lines of the data file.
fn cases() -> Vec<(Variant, u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [variant, depth, count] = fields[..] else {
            panic!("{path}:{}: expected `variant depth count`", n + 1);
        };
        let parse_err = |what: &str| format!("{path}:{}: bad {what} in {line:?}", n + 1);
        out.push((
            variant
                .parse()
                .unwrap_or_else(|_| panic!("{}", parse_err("variant"))),
            depth
                .parse()
                .unwrap_or_else(|_| panic!("{}", parse_err("depth"))),
            count
                .parse()
                .unwrap_or_else(|_| panic!("{}", parse_err("count"))),
        ));
    }
    out
}

#[test]
fn perft_data_file_covers_every_variant_at_depths_1_to_3_and_kujifunza_to_4() {
    let cases = cases();
    for v in Variant::ALL {
        let deepest = if v.is_kujifunza() { 4 } else { 3 };
        for d in 1..=deepest {
            assert!(
                cases.iter().any(|&(cv, cd, _)| cv == v && cd == d),
                "{v} depth {d} missing"
            );
        }
    }
}

#[test]
fn perft_engine_matches_data_file() {
    for (variant, depth, count) in cases() {
        let mut game = Game::new(variant);
        assert_eq!(perft(&mut game, depth), count, "{variant} depth {depth}");
        assert!(
            game.moves().is_empty(),
            "perft leaves the game as it found it"
        );
    }
}

#[test]
fn perft_model_matches_data_file() {
    for (variant, depth, count) in cases() {
        let start = M::of(&Position::new(variant));
        let mut history = vec![start.clone()];
        assert_eq!(
            model::perft(&start, depth, &mut history),
            count,
            "{variant} depth {depth}"
        );
    }
}

#[test]
fn perft_of_zero_depth_and_of_a_finished_game_is_one() {
    let mut game = Game::new(Variant::Kimasai);
    assert_eq!(perft(&mut game, 0), 1);
    // Bao hamna: South to move with an empty front row; the game is over, a leaf at any depth.
    let over = crate::common::ku("south", [[6; 8], [1; 8], [0; 8], [2, 2, 2, 2, 0, 0, 0, 0]]);
    assert_eq!(perft(&mut Game::from_position(over), 3), 1);
}
