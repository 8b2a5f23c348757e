//! `bao-cli solve` in Kingulu: each side's exact final score (KN-8) searched down to an endgame
//! table, for the start and for a position file, and a clear refusal without a table.

use crate::common::{TempFile, fails, json, ok};
use std::sync::OnceLock;

/// A table of `n` active seeds, built once by the binary.
fn table(n: u32) -> &'static TempFile {
    static TABLES: [OnceLock<TempFile>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = usize::from(n > 4);
    TABLES[slot].get_or_init(|| {
        let file = TempFile::new("");
        ok(&[
            "tables",
            "build",
            "--max-seeds",
            &n.to_string(),
            "--out",
            file.arg(),
        ]);
        file
    })
}

/// South to move with 6 active seeds, a hole South reserved in North's row holding 2.
const SIX_SEEDS: &str = r#"{"variant":"kingulu","to_move":"south","rows":[[0,1,2,0,0,1],[2,0,1,0,1,0]],"captured":{"south":18,"north":22},"reserved":[{"row":0,"col":2,"owner":"south"}]}"#;

#[test]
fn kn_8_solve_finds_the_exact_score_of_the_start_down_to_a_table() {
    let out = json(&ok(&[
        "solve",
        "--variant",
        "kingulu",
        "--table",
        table(4).arg(),
        "--tt-mb",
        "16",
    ]));
    assert_eq!(out["variant"], "kingulu");
    assert_eq!(out["complete"], true, "{out}");
    assert_eq!(
        (&out["south"], &out["north"]),
        (&26.into(), &22.into()),
        "{out}"
    );
    assert_eq!(out["value"], "south");
    assert_eq!(out["repetitions_met"], 0);
    assert_eq!(out["inexact_leaves"], 0);
    assert!(out["nodes"].as_u64().is_some_and(|n| n > 1), "{out}");
    assert!(out["seconds"].as_f64().is_some());
    let mv = out["move"].as_str().expect("South's first move");
    let start = TempFile::new(&ok(&["new", "--variant", "kingulu"]));
    let legal = ok(&["legal", "--position", start.arg()]);
    assert!(legal.lines().any(|l| l.trim() == mv), "{mv} not in {legal}");
}

#[test]
fn kn_8_solve_of_a_position_file_matches_a_bigger_table() {
    let position = TempFile::new(SIX_SEEDS);
    let out = json(&ok(&[
        "solve",
        "--position",
        position.arg(),
        "--table",
        table(4).arg(),
    ]));
    let probe = json(&ok(&[
        "tables",
        "probe",
        "--table",
        table(6).arg(),
        "--position",
        position.arg(),
    ]));
    assert_eq!(out["complete"], true, "{out}");
    assert_eq!(
        (&out["south"], &out["north"]),
        (&probe["south"], &probe["north"]),
        "{out} {probe}"
    );
    assert!(out["table_leaves"].as_u64().is_some_and(|n| n > 0), "{out}");
}

#[test]
fn kn_8_solve_with_a_tiny_budget_reports_bounds_not_a_value() {
    let out = json(&ok(&[
        "solve",
        "--variant",
        "kingulu",
        "--table",
        table(4).arg(),
        "--nodes",
        "50",
    ]));
    assert_eq!(out["complete"], false, "{out}");
    assert_eq!(out["value"], "unknown");
    assert!(out["south"].is_null(), "{out}");
    let (low, high) = (out["south_low"].as_u64(), out["south_high"].as_u64());
    assert!(
        low.zip(high).is_some_and(|(l, h)| l <= 26 && 26 <= h),
        "{out}"
    );
}

#[test]
fn kn_8_solve_of_kingulu_without_a_table_says_it_needs_one() {
    let err = fails(&["solve", "--variant", "kingulu"], "");
    assert!(err.contains("--table"), "{err}");
    let err = fails(
        &["solve", "--variant", "kujifunza", "--table", table(4).arg()],
        "",
    );
    assert!(err.contains("kingulu"), "{err}");
}
