//! `puzzles verify` and `puzzles generate` (the game's puzzles as data): the shipped files pass, a wrong puzzle is
//! named by file and id with exit status 2, and a generated set verifies.

use crate::common::{TempFile, fails, ok, run};
use bao_ai::puzzle::parse_puzzles;

const VARIANTS: [&str; 4] = ["kujifunza", "kingulu", "kigogo", "kimasai"];

fn shipped(variant: &str) -> String {
    format!(
        "{}/../../assets/puzzles/{variant}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn issue_15_verify_passes_the_shipped_files_with_a_line_each() {
    let files: Vec<String> = VARIANTS.iter().map(|v| shipped(v)).collect();
    let args: Vec<&str> = ["puzzles", "verify"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    let out = ok(&args);
    assert_eq!(out.lines().count(), 4, "{out}");
    for (line, file) in out.lines().zip(&files) {
        assert!(line.starts_with(file.as_str()), "{line}");
        assert!(line.contains("24 puzzles verified"), "{line}");
        assert!(line.contains("win") && line.contains("capture"), "{line}");
    }
    assert!(
        out.lines().nth(1).is_some_and(|l| l.contains("reserve")),
        "{out}"
    );
}

#[test]
fn issue_15_verify_names_the_file_and_the_puzzle_that_is_wrong() {
    let text = std::fs::read_to_string(shipped("kigogo")).expect("shipped file");
    let mut puzzles = parse_puzzles(&text).expect("well-formed");
    // An illegal first move (an empty pit of the mover's, or none of theirs) in kigogo-05.
    let start = puzzles[4].start().expect("valid");
    let illegal = (1..=12)
        .map(|k| format!("a{k}"))
        .find(|m| !start.is_legal(&m.parse().expect("notation")))
        .expect("some front pit cannot start a move");
    puzzles[4].solution[0] = illegal.clone();
    // And an even ply count in the last one.
    let last = puzzles.len() - 1;
    if let bao_ai::puzzle::Goal::Win { plies } = &mut puzzles[last].goal {
        *plies += 1;
    }
    let bad = TempFile::new(&bao_ai::puzzle::to_json_pretty(&puzzles));
    let good = shipped("kimasai");
    let r = run(&["puzzles", "verify", &good, bad.arg()], "");
    assert_eq!(r.status, Some(2), "{}", r.stderr);
    assert!(
        r.stdout.contains(&good),
        "the good file still gets its line"
    );
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert!(
        lines[0].contains(bad.arg())
            && lines[0].contains("kigogo-05")
            && lines[0].contains("illegal move in solution at index 0")
            && lines[0].contains(&illegal),
        "{}",
        r.stderr
    );
    assert!(
        lines[1].contains(bad.arg()) && lines[1].contains("kigogo-24") && lines[1].contains("even"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("1 of 2 puzzle files failed"),
        "{}",
        r.stderr
    );
}

#[test]
fn issue_15_verify_refuses_malformed_json_and_missing_files() {
    for text in ["", "[{", "{\"id\": 1}", "hello"] {
        let file = TempFile::new(text);
        let msg = fails(&["puzzles", "verify", file.arg()], "");
        assert!(
            msg.contains(file.arg()) && msg.contains("bad JSON"),
            "{text:?}: {msg}"
        );
    }
    let unknown = TempFile::new(
        r#"[{"id": "x-01", "position": {}, "goal": {"kind": "mate"}, "solution": []}]"#,
    );
    let msg = fails(&["puzzles", "verify", unknown.arg()], "");
    assert!(
        msg.contains("x-01") && msg.contains("unknown goal kind 'mate'"),
        "{msg}"
    );
    let missing = std::env::temp_dir().join(format!(
        "bao-cli-test-no-puzzles-{}.json",
        std::process::id()
    ));
    let missing = missing.to_str().expect("UTF-8");
    let msg = fails(&["puzzles", "verify", missing], "");
    assert!(
        msg.contains("cannot read") && msg.contains(missing),
        "{msg}"
    );
    // No file at all is a usage error.
    fails(&["puzzles", "verify"], "");
    // Standard input works too.
    let text = std::fs::read_to_string(shipped("kingulu")).expect("shipped file");
    let r = run(&["puzzles", "verify", "-"], &text);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
}

#[test]
fn issue_15_generate_prints_a_verifiable_set_deterministically() {
    let args = [
        "puzzles",
        "generate",
        "--variant",
        "kingulu",
        "--count",
        "7",
        "--seed",
        "5",
    ];
    let out = ok(&args);
    assert_eq!(out, ok(&args), "same seed, same puzzles");
    let puzzles = parse_puzzles(&out).expect("a puzzle array");
    assert_eq!(puzzles.len(), 7);
    assert!(puzzles.iter().all(|p| p.id.starts_with("kingulu-")));
    let file = TempFile::new(&out);
    let line = ok(&["puzzles", "verify", file.arg()]);
    assert!(line.contains("7 puzzles verified"), "{line}");
    // --out writes the same array and prints its summary.
    let target = TempFile::new("");
    let mut with_out = args.to_vec();
    with_out.extend(["--out", target.arg()]);
    let summary = ok(&with_out);
    assert!(
        summary.contains(target.arg()) && summary.contains("7 puzzles"),
        "{summary}"
    );
    assert_eq!(std::fs::read_to_string(&target.0).expect("written"), out);
}

#[test]
fn issue_15_generate_refuses_bad_arguments() {
    fails(&["puzzles", "generate", "--variant", "chess"], "");
    fails(
        &[
            "puzzles",
            "generate",
            "--variant",
            "kigogo",
            "--count",
            "-1",
        ],
        "",
    );
    fails(&["puzzles", "frobnicate"], "");
    let dir = std::env::temp_dir();
    let msg = fails(
        &[
            "puzzles",
            "generate",
            "--variant",
            "kimasai",
            "--count",
            "2",
            "--out",
            dir.to_str().expect("UTF-8"),
        ],
        "",
    );
    assert!(msg.contains("cannot write"), "{msg}");
}
