//! `new`, `legal`, `play` and `perft` on positions worked out by hand (the same ones as the
//! engine's rules tests).

use crate::common::{TempFile, fails, json, ok, run};
use bao_engine::{Position, Variant};
use serde_json::json as j;

#[test]
fn new_prints_the_start_position_of_every_variant() {
    for v in Variant::ALL {
        let out = ok(&["new", "--variant", v.id()]);
        assert_eq!(out.lines().count(), 1);
        let value = json(&out);
        assert_eq!(value["variant"], v.id());
        assert_eq!(value["to_move"], "south");
        assert_eq!(value["captured"], j!({"south": 0, "north": 0}));
        assert_eq!(value["reserved"], j!([]));
        let p = Position::from_json(&out).expect("valid position");
        assert_eq!(p, Position::new(v));
    }
    let kingulu = json(&ok(&["new", "--variant", "kingulu"]));
    assert_eq!(
        kingulu["rows"],
        j!([[4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 4]])
    );
    let kigogo = json(&ok(&["new", "--variant", "kigogo"]));
    assert_eq!(kigogo["rows"][1][11], 0);
    assert_eq!(kigogo["rows"][2][0], 0);
    assert_eq!(kigogo["rows"][0], j!([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]));
}

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[test]
fn legal_lists_moves_from_a_file_and_from_stdin() {
    // Kingulu start: a1 and a2 end their first lap in an occupied own pit (KN-3).
    let start = ok(&["new", "--variant", "kingulu"]);
    let file = TempFile::new(&start);
    let mut from_file = lines(&ok(&["legal", "--position", file.arg()]))
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    from_file.sort();
    assert_eq!(from_file, ["a3", "a4", "a5", "a6"]);
    let r = run(&["legal", "--position", "-"], &start);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    let mut from_stdin: Vec<&str> = lines(&r.stdout);
    from_stdin.sort();
    assert_eq!(from_stdin, ["a3", "a4", "a5", "a6"]);
    // Kimasai start: only a2 → a1 (KM-2).
    let kimasai = TempFile::new(&ok(&["new", "--variant", "kimasai"]));
    assert_eq!(lines(&ok(&["legal", "--position", kimasai.arg()])), ["a2"]);
}

#[test]
fn legal_prints_nothing_when_the_game_is_over() {
    // Kujifunza, South to move with an empty front row (bao hamna).
    let file = TempFile::new(
        r#"{"variant":"kujifunza","to_move":"south","rows":[[6,6,6,6,6,6,6,6],[1,1,1,1,1,1,1,1],[0,0,0,0,0,0,0,0],[2,2,2,2,0,0,0,0]]}"#,
    );
    assert_eq!(ok(&["legal", "--position", file.arg()]), "");
}

#[test]
fn play_prints_position_and_outcome() {
    // Kingulu start, a3: worked out in the engine tests (KN-7 relays, KN-4 capture of 6 + 1).
    let file = TempFile::new(&ok(&["new", "--variant", "kingulu"]));
    let out = json(&ok(&["play", "--position", file.arg(), "a3"]));
    let keys: Vec<&String> = out.as_object().expect("object").keys().collect();
    assert_eq!(keys.len(), 2);
    assert_eq!(
        out["position"],
        j!({"variant": "kingulu", "to_move": "north",
            "rows": [[1, 0, 6, 6, 0, 1], [6, 6, 2, 7, 0, 6]],
            "captured": {"south": 7, "north": 0}, "reserved": []})
    );
    assert_eq!(out["outcome"]["result"], "ongoing");
    assert!(out["outcome"]["winner"].is_null());
    assert!(out["outcome"]["reason"].is_null());
}

#[test]
fn play_takes_several_moves_and_hyphenated_kujifunza_moves() {
    // KU-9a: a3- captures North's last front seed from the middle pit a5 while going `-`, so it
    // re-enters at a1 (KU-8) and wins; in kujifunza-choice the same move is a3-/L (KU-8c).
    let board = r#""to_move":"south","rows":[[8,8,7,7,7,7,7,7],[0,0,0,0,1,0,0,0],[1,0,2,0,1,0,0,1],[0,0,0,0,0,0,0,0]],"captured":{"south":0,"north":0},"reserved":[]}"#;
    for (variant, text) in [("kujifunza", "a3-"), ("kujifunza-choice", "a3-/L")] {
        let file = TempFile::new(&format!(r#"{{"variant":"{variant}",{board}"#));
        let out = json(&ok(&["play", "--position", file.arg(), text]));
        assert_eq!(out["position"]["variant"], variant);
        assert_eq!(out["position"]["rows"][2], j!([2, 0, 0, 1, 2, 0, 0, 1]));
        assert_eq!(
            out["outcome"],
            j!({"result": "win", "winner": "south", "reason": "bao_hamna"})
        );
    }
    // KU-8: a letter in kujifunza is refused, and the message says where letters belong.
    let file = TempFile::new(&format!(r#"{{"variant":"kujifunza",{board}"#));
    let err = fails(&["play", "--position", file.arg(), "a3-/L"], "");
    assert!(err.contains("kujifunza-choice"), "{err}");
    // Kimasai: South a2 → a1 captures column 0, North a2 → a1 captures column 11, South a3 → a2
    // captures column 1 (KM-3): 2 + 2 for South, 2 for North.
    let kimasai = TempFile::new(&ok(&["new", "--variant", "kimasai"]));
    let out = json(&ok(&[
        "play",
        "--position",
        kimasai.arg(),
        "a2",
        "a2",
        "a3",
    ]));
    assert_eq!(out["position"]["captured"], j!({"south": 4, "north": 2}));
    assert_eq!(out["position"]["to_move"], "north");
    // No moves at all: the position itself.
    let out = json(&ok(&["play", "--position", kimasai.arg()]));
    assert_eq!(
        Position::from_json(&out["position"].to_string()),
        Ok(Position::new(Variant::Kimasai))
    );
}

#[test]
fn play_reports_a_finished_game() {
    // Kingulu, South to move with an empty row: final score 24–24 (KN-8).
    let file = TempFile::new(
        r#"{"variant":"kingulu","to_move":"south","rows":[[5,0,0,0,0,7],[0,0,0,0,0,0]],"captured":{"south":17,"north":19},"reserved":[{"row":0,"col":5,"owner":"south"}]}"#,
    );
    let out = json(&ok(&["play", "--position", file.arg()]));
    assert_eq!(
        out["outcome"],
        j!({"result": "draw", "winner": null, "reason": "final_score"})
    );
    assert_eq!(
        out["position"]["reserved"],
        j!([{"row": 0, "col": 5, "owner": "south"}])
    );
}

#[test]
fn perft_prints_the_count() {
    // Depth 1 by hand: Kingulu 4, Kigogo 23, Kimasai 1; Kimasai depth 3 is 3 (see the engine's
    // tests/data/perft.txt for the reasoning).
    for (variant, depth, count) in [
        ("kingulu", "1", "4"),
        ("kigogo", "1", "23"),
        ("kimasai", "3", "3"),
        ("kujifunza", "0", "1"),
        // KU-8: the 16 capturing starts, one move each; KU-8c: 56 with the letters.
        ("kujifunza", "1", "16"),
        ("kujifunza-choice", "1", "56"),
    ] {
        let out = ok(&["perft", "--variant", variant, "--depth", depth]);
        assert_eq!(out.trim(), count, "{variant} {depth}");
        assert!(out.trim().parse::<u64>().is_ok());
    }
}
