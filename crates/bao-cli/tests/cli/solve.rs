//! `bao-cli solve`: the value of a start position as JSON, the proof file it writes and checks,
//! an honest "unknown" when the budget runs out, and exit status 2 on bad input.

use crate::common::{TempFile, fails, json, ok, run};

fn shipped(variant: &str) -> String {
    format!(
        "{}/../../assets/proofs/{variant}.proof",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn ku_8c_solve_finds_south_s_three_ply_win() {
    let out = json(&ok(&[
        "solve",
        "--variant",
        "kujifunza-choice",
        "--tt-mb",
        "1",
    ]));
    assert_eq!(out["variant"], "kujifunza-choice");
    assert_eq!(out["value"], "south");
    assert_eq!(out["move"], "a8+/L/R/R");
    assert_eq!(out["proven"], true);
    assert_eq!(out["positions"], 4);
    assert_eq!(out["budget_exhausted"], false);
    assert!(out["nodes"].as_u64().is_some_and(|n| n > 0));
    assert!(out["seconds"].as_f64().is_some());
}

#[test]
fn ku_10_solve_writes_the_shipped_kujifunza_proof_and_checks_it() {
    let file = TempFile::new("");
    let out = json(&ok(&[
        "solve",
        "--variant",
        "kujifunza",
        "--tt-mb",
        "4",
        "--write",
        file.arg(),
    ]));
    assert_eq!(
        out["value"], "south",
        "the first player wins, as Donkers & Uiterwijk found"
    );
    assert_eq!(out["move"], "a3-");
    let written = std::fs::read(&file.0).expect("written");
    let kept = std::fs::read(shipped("kujifunza")).expect("shipped");
    assert_eq!(written, kept, "the shipped proof is what the solver writes");
    let check = json(&ok(&["solve", "--check", file.arg()]));
    assert_eq!(check["ok"], true);
    assert_eq!(check["variant"], "kujifunza");
    assert_eq!(check["winner"], "south");
    assert_eq!(check["positions"], out["positions"]);
}

#[test]
fn solve_from_a_position_file() {
    // After South's winning a8+/L/R/R (KU-8c), North to move has lost by force.
    let start = ok(&["new", "--variant", "kujifunza-choice"]);
    let after = json(&ok(&[
        "play",
        "--position",
        TempFile::new(&start).arg(),
        "a8+/L/R/R",
    ]));
    let position = TempFile::new(&after["position"].to_string());
    let out = json(&ok(&[
        "solve",
        "--position",
        position.arg(),
        "--tt-mb",
        "1",
    ]));
    assert_eq!(out["value"], "south");
    assert_eq!(out["move"], serde_json::Value::Null, "North is to move");
}

#[test]
fn a_spent_budget_says_unknown_with_the_root_numbers() {
    let r = run(
        &[
            "solve",
            "--variant",
            "kujifunza",
            "--nodes",
            "5",
            "--tt-mb",
            "1",
        ],
        "",
    );
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    let out = json(&r.stdout);
    assert_eq!(out["value"], "unknown");
    assert_eq!(out["proven"], false);
    assert_eq!(out["budget_exhausted"], true);
    assert!(out["root_pn"].as_u64().is_some_and(|n| n > 0));
    assert!(out["root_dn"].as_u64().is_some_and(|n| n > 0));
    assert!(
        r.stderr.contains("solve:"),
        "progress on stderr: {}",
        r.stderr
    );
}

#[test]
fn bad_proofs_and_bad_arguments_exit_2() {
    let mut bytes = std::fs::read(shipped("kujifunza-choice")).expect("shipped");
    bytes.pop();
    let corrupt = TempFile::new("");
    std::fs::write(&corrupt.0, &bytes).expect("written");
    let msg = fails(&["solve", "--check", corrupt.arg()], "");
    assert!(
        msg.contains("invalid proof") && msg.contains("truncated"),
        "{msg}"
    );
    let text = TempFile::new("not a proof");
    assert!(fails(&["solve", "--check", text.arg()], "").contains("BAOPROOF"));
    fails(&["solve", "--check", "/nonexistent/x.proof"], "");
    fails(&["solve"], "");
    fails(&["solve", "--variant", "chess"], "");
    fails(&["solve", "--variant", "kujifunza", "--nodes", "many"], "");
    fails(
        &["solve", "--position", "-"],
        "{\"variant\": \"kujifunza\"}",
    );
}
