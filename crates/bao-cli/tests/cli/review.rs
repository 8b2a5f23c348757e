//! `review`: a saved game judged move by move, as text and as JSON, the same as the library's
//! `review_game`; bad records exit 2.

use crate::common::{TempFile, fails, json, ok, run};
use bao_ai::{Basis, ReviewOptions, review_game};
use bao_engine::{GameRecord, Player};

/// A Hard-against-Hard Kigogo game of 187 plies (the game `docs/measurements.md` times).
const LONG: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/cli/data/kigogo-long.json"
);

/// Small enough for a test.
const NODES: u64 = 20_000;

#[test]
fn json_matches_the_library_review() {
    let text = std::fs::read_to_string(LONG).expect("fixture");
    let game = GameRecord::from_json(&text)
        .expect("record")
        .replay()
        .expect("replays");
    let options = ReviewOptions {
        nodes: NODES,
        table: None,
    };
    let expected = review_game(*game.start(), game.moves(), options).expect("legal");
    let out = json(&ok(&[
        "review",
        LONG,
        "--json",
        "--nodes",
        &NODES.to_string(),
    ]));
    assert_eq!(out["variant"], "kigogo");
    assert_eq!(out["start_balance"], expected.start_balance);
    assert_eq!(out["nodes"], expected.nodes);
    let moves = out["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), expected.entries.len());
    for (m, e) in moves.iter().zip(&expected.entries) {
        assert_eq!(m["ply"], e.ply);
        assert_eq!(m["side"], e.side.id());
        assert_eq!(m["move"], e.played.to_string());
        assert_eq!(m["verdict"], e.verdict.id(), "ply {}", e.ply);
        assert_eq!(m["best"], e.best.to_string(), "ply {}", e.ply);
        assert_eq!(m["seeds_lost"].as_f64(), Some(f64::from(e.seeds_lost)));
        assert_eq!(m["basis"], e.basis.id());
        match e.basis {
            Basis::Search { depth } => assert_eq!(m["depth"], depth),
            _ => assert!(m["depth"].is_null()),
        }
        assert_eq!(m["balance"], e.balance);
    }
    for side in [Player::South, Player::North] {
        let s = &out["summary"][side.id()];
        let e = &expected.summary[side.index()];
        assert_eq!(s["moves"], e.moves);
        assert_eq!(s["best"], e.best);
        let plies: Vec<usize> = e
            .mistakes
            .iter()
            .map(|&i| expected.entries[i].ply)
            .collect();
        assert_eq!(s["mistakes"], serde_json::json!(plies));
    }
}

#[test]
fn text_has_a_line_per_move_then_each_player_s_summary() {
    // The first 20 moves of the long game, read from standard input.
    let text = std::fs::read_to_string(LONG).expect("fixture");
    let mut record = GameRecord::from_json(&text).expect("record");
    record.moves.truncate(20);
    record.result = bao_engine::RecordResult::of(&bao_engine::Outcome::Ongoing);
    let r = run(&["review", "-", "--nodes", "5000"], &record.to_json());
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[0].starts_with("  1. South "), "{}", lines[0]);
    assert!(lines[19].starts_with(" 20. North "), "{}", lines[19]);
    assert!(lines.iter().any(|l| l.starts_with("South: 10 moves, ")));
    assert!(lines.iter().any(|l| l.starts_with("North: 10 moves, ")));
    // A move that is not the best names the best and the search's depth.
    let worse = lines[..20]
        .iter()
        .find(|l| !l.contains(" best    "))
        .expect("a random opening has a worse move");
    assert!(
        worse.contains("best ") && worse.contains("(search, depth "),
        "{worse}"
    );
}

#[test]
fn bad_records_and_flags_exit_2() {
    let missing = fails(&["review", "/nonexistent/game.json"], "");
    assert!(missing.contains("cannot read"), "{missing}");
    let corrupt = TempFile::new("{ not json");
    let err = fails(&["review", corrupt.arg()], "");
    assert!(err.contains("not a readable game record"), "{err}");
    // An illegal move: South's a1 starts empty in Kigogo (KG-1).
    let text = std::fs::read_to_string(LONG).expect("fixture");
    let mut record = GameRecord::from_json(&text).expect("record");
    record.moves = vec!["a1".into()];
    let err = fails(&["review", "-"], &record.to_json());
    assert!(err.contains("move 1 ('a1')"), "{err}");
    let err = fails(&["review", LONG, "--nodes", "0"], "");
    assert!(err.contains("--nodes"), "{err}");
    let err = fails(&["review", LONG, "--table", "/nonexistent/table.tbl"], "");
    assert!(err.contains("table.tbl"), "{err}");
}
