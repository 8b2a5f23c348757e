//! `random-games`: one JSON line per ply, reproducible from its seed, and every line consistent
//! with the engine.

use crate::common::{json, ok};
use bao_engine::{Move, Position};

const KEYS: [&str; 8] = [
    "variant", "game", "ply", "before", "legal", "move", "after", "outcome",
];

#[test]
fn random_games_lines_have_every_key_and_agree_with_the_engine() {
    for variant in [
        "kujifunza",
        "kujifunza-choice",
        "kingulu",
        "kigogo",
        "kimasai",
    ] {
        let out = ok(&[
            "random-games",
            "--variant",
            variant,
            "--games",
            "2",
            "--seed",
            "9",
        ]);
        let mut expected_game = 0;
        let mut expected_ply = 0;
        let mut last_outcome = String::new();
        for line in out.lines() {
            let v = json(line);
            let obj = v.as_object().expect("object");
            let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
            keys.sort_unstable();
            let mut want = KEYS.to_vec();
            want.sort_unstable();
            assert_eq!(keys, want);
            assert_eq!(v["variant"], variant);
            if v["game"] != expected_game {
                // A new game starts at ply 0 after the previous one ended.
                assert_ne!(last_outcome, "ongoing", "a game stopped while ongoing");
                expected_game += 1;
                expected_ply = 0;
                assert_eq!(v["game"], expected_game);
            }
            assert_eq!(v["ply"], expected_ply);
            expected_ply += 1;
            let before = Position::from_json(&v["before"].to_string()).expect("valid before");
            let after = Position::from_json(&v["after"].to_string()).expect("valid after");
            let legal: Vec<String> = before.legal_moves().iter().map(Move::to_string).collect();
            let listed: Vec<String> = v["legal"]
                .as_array()
                .expect("legal is a list")
                .iter()
                .map(|m| m.as_str().expect("string").to_owned())
                .collect();
            assert_eq!(listed, legal);
            let mv: Move = v["move"].as_str().expect("move").parse().expect("notation");
            assert!(legal.contains(&mv.to_string()));
            assert_eq!(before.play(mv), Ok(after));
            last_outcome = v["outcome"]["result"].as_str().expect("result").to_owned();
        }
        assert_eq!(expected_game, 1, "{variant}: two games");
        assert_ne!(
            last_outcome, "ongoing",
            "{variant}: the last game ran to its end"
        );
    }
}

#[test]
fn random_games_are_reproducible_from_the_seed() {
    let a = ok(&[
        "random-games",
        "--variant",
        "kingulu",
        "--games",
        "3",
        "--seed",
        "42",
    ]);
    let b = ok(&[
        "random-games",
        "--variant",
        "kingulu",
        "--games",
        "3",
        "--seed",
        "42",
    ]);
    assert!(!a.is_empty());
    assert_eq!(a, b);
    let c = ok(&[
        "random-games",
        "--variant",
        "kingulu",
        "--games",
        "3",
        "--seed",
        "43",
    ]);
    assert_ne!(a, c, "another seed gives other games");
}
