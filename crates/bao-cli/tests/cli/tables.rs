//! `bao-cli tables`: build a small Kingulu endgame table, probe it, verify it, and refuse damaged
//! files and positions it does not hold.

use crate::common::{TempFile, fails, json, ok};
use std::sync::OnceLock;

/// A table of at most 4 active seeds, built once by the binary (well under a second).
fn table() -> &'static TempFile {
    static TABLE: OnceLock<TempFile> = OnceLock::new();
    TABLE.get_or_init(|| {
        let file = TempFile::new("");
        ok(&["tables", "build", "--max-seeds", "4", "--out", file.arg()]);
        file
    })
}

/// North to move with 4 seeds on the board: North a1 (1 seed) and a3 (2), South a1 (1).
const ENDGAME: &str = r#"{"variant":"kingulu","to_move":"north","rows":[[0,1,0,2,0,0],[1,0,0,0,0,0]],"captured":{"south":21,"north":23}}"#;

#[test]
fn kn_8_probe_prints_the_final_score_and_moves_that_keep_it() {
    let position = TempFile::new(ENDGAME);
    let out = json(&ok(&[
        "tables",
        "probe",
        "--table",
        table().arg(),
        "--position",
        position.arg(),
    ]));
    let (south, north) = (out["south"].as_u64(), out["north"].as_u64());
    assert_eq!(south.zip(north).map(|(s, n)| s + n), Some(48), "{out}");
    assert_eq!(out["exact"], true, "{out}");
    let best = out["best"].as_array().expect("a list of moves");
    assert!(!best.is_empty(), "{out}");
    let legal = ok(&["legal", "--position", position.arg()]);
    for mv in best {
        let mv = mv.as_str().expect("moves are strings");
        assert!(legal.lines().any(|l| l.trim() == mv), "{mv} not in {legal}");
        // A best move keeps the value: the position after it probes the same.
        let played = json(&ok(&["play", "--position", position.arg(), mv]));
        let after = TempFile::new(&played["position"].to_string());
        let again = json(&ok(&[
            "tables",
            "probe",
            "--table",
            table().arg(),
            "--position",
            after.arg(),
        ]));
        assert_eq!(
            (&again["south"], &again["north"]),
            (&out["south"], &out["north"])
        );
    }
}

#[test]
fn kn_8_probe_refuses_a_position_with_more_seeds_than_the_table() {
    let start = TempFile::new(&ok(&["new", "--variant", "kingulu"]));
    let err = fails(
        &[
            "tables",
            "probe",
            "--table",
            table().arg(),
            "--position",
            start.arg(),
        ],
        "",
    );
    assert!(
        err.contains(
            "position not in the table (48 seeds on the board, the table holds at most 4)"
        ),
        "{err}"
    );
}

#[test]
fn kn_8_verify_reports_no_mismatch() {
    let out = json(&ok(&[
        "tables",
        "verify",
        "--table",
        table().arg(),
        "--samples",
        "200",
        "--seed",
        "3",
    ]));
    assert_eq!(out["checked"], 200, "{out}");
    assert_eq!(out["mismatches"], 0, "{out}");
}

#[test]
fn damaged_table_files_are_refused_with_exit_status_2() {
    let bytes = std::fs::read(&table().0).expect("the table was written");
    let position = TempFile::new(ENDGAME);
    let truncated = TempFile::new("");
    std::fs::write(&truncated.0, &bytes[..bytes.len() - 5]).expect("written");
    let mut flipped = bytes.clone();
    let at = bytes.len() - 100;
    flipped[at] ^= 1;
    let corrupt = TempFile::new("");
    std::fs::write(&corrupt.0, &flipped).expect("written");
    let text = TempFile::new("not a table");
    for (file, says) in [
        (&truncated, "truncated"),
        (&corrupt, "corrupt"),
        (&text, "not a Kingulu endgame table"),
    ] {
        for command in ["probe", "verify"] {
            let mut args = vec!["tables", command, "--table", file.arg()];
            if command == "probe" {
                args.extend(["--position", position.arg()]);
            }
            let err = fails(&args, "");
            assert!(err.contains(says), "{command}: {err}");
        }
    }
    let missing = fails(
        &[
            "tables",
            "probe",
            "--table",
            "/nonexistent/kingulu.tbl",
            "--position",
            position.arg(),
        ],
        "",
    );
    assert!(missing.contains("/nonexistent/kingulu.tbl"), "{missing}");
}

#[test]
fn kn_8_audit_judges_a_levels_own_moves_by_the_table() {
    // Beginner's random moves against the table: some of them must lose seeds, and the counts
    // stay within the positions judged.
    let out = json(&ok(&[
        "tables",
        "audit",
        "--table",
        table().arg(),
        "--level",
        "beginner",
        "--samples",
        "200",
    ]));
    let judged = out["positions"].as_u64().expect("a count");
    let losing = out["moves_losing_seeds"].as_u64().expect("a count");
    let lost = out["seeds_lost"].as_u64().expect("a count");
    assert_eq!(judged, 200, "{out}");
    assert!(losing > 0 && losing <= judged, "{out}");
    assert!(lost >= losing, "{out}");
    assert!(
        out["result_changed"].as_u64().expect("a count") <= losing,
        "{out}"
    );
    fails(
        &[
            "tables",
            "audit",
            "--table",
            table().arg(),
            "--level",
            "grandmaster",
        ],
        "",
    );
}
