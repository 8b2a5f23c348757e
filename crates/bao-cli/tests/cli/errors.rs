//! Bad input of every kind exits with status 2 and a message that says what was wrong.

use crate::common::{TempFile, fails, ok, run};

#[test]
fn illegal_move_names_the_move_and_lists_the_legal_ones() {
    let file = TempFile::new(&ok(&["new", "--variant", "kingulu"]));
    let msg = fails(&["play", "--position", file.arg(), "a1"], "");
    assert!(msg.contains("'a1'"), "{msg}");
    assert!(msg.contains("a3 a4 a5 a6"), "{msg}");
    // The second move is the bad one (North's a2 is empty after South's a3; North may play a1,
    // a3, a4, a6): still refused, nothing printed on stdout.
    let r = run(&["play", "--position", file.arg(), "a3", "a2"], "");
    assert_eq!(r.status, Some(2));
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("'a2'"), "{}", r.stderr);
    assert!(r.stderr.contains("a1 a3 a4 a6"), "{}", r.stderr);
}

#[test]
fn unparsable_move_names_the_text_and_lists_the_legal_ones() {
    let file = TempFile::new(&ok(&["new", "--variant", "kimasai"]));
    for bad in ["zz", "a", "a0", "a2+/Q", "-", "a2 ", "a2+"] {
        let msg = fails(&["play", "--position", file.arg(), bad], "");
        assert!(msg.contains("legal moves: a2"), "{bad}: {msg}");
    }
    let msg = fails(&["play", "--position", file.arg(), "q9"], "");
    assert!(msg.contains("'q9'"), "{msg}");
}

#[test]
fn move_after_the_game_ended_is_refused() {
    let file = TempFile::new(
        r#"{"variant":"kujifunza","to_move":"south","rows":[[6,6,6,6,6,6,6,6],[1,1,1,1,1,1,1,1],[0,0,0,0,0,0,0,0],[2,2,2,2,0,0,0,0]]}"#,
    );
    let msg = fails(&["play", "--position", file.arg(), "b1+"], "");
    assert!(msg.contains("'b1+'") && msg.contains("none"), "{msg}");
}

#[test]
fn missing_position_file_is_reported() {
    let path =
        std::env::temp_dir().join(format!("bao-cli-test-missing-{}.json", std::process::id()));
    let path = path.to_str().expect("UTF-8");
    for cmd in ["legal", "play"] {
        let msg = fails(&[cmd, "--position", path], "");
        assert!(msg.contains("cannot read") && msg.contains(path), "{msg}");
    }
}

#[test]
fn position_file_that_is_not_json_is_reported() {
    for text in ["", "hello", "{\"variant\":", "[1,2,3]"] {
        let file = TempFile::new(text);
        let msg = fails(&["legal", "--position", file.arg()], "");
        assert!(msg.contains("JSON"), "{text:?}: {msg}");
        let msg = fails(&["legal", "--position", "-"], text);
        assert!(msg.contains("JSON"), "stdin {text:?}: {msg}");
    }
}

#[test]
fn invalid_position_gives_the_validation_message() {
    let cases = [
        (
            r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4],[4,4,4,4,4,5]]}"#,
            "seed total",
        ),
        (
            r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4]]}"#,
            "row count",
        ),
        (
            r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4],[4,4,4,4,4]]}"#,
            "row length",
        ),
        (
            r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,12],[4,4,4,4,4,-4]]}"#,
            "negative",
        ),
        (
            r#"{"variant":"mancala","to_move":"south","rows":[]}"#,
            "unknown variant",
        ),
        (
            r#"{"variant":"kingulu","to_move":"west","rows":[[4,4,4,4,4,4],[4,4,4,4,4,4]]}"#,
            "unknown player",
        ),
        (
            r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4],[4,4,4,4,4,4]],"reserved":[{"row":1,"col":0,"owner":"south"}]}"#,
            "own row",
        ),
        (
            r#"{"variant":"kimasai","to_move":"south","rows":[[1,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,0],[2,1,1,1,1,1,1,1,1,1,1,0],[1,1,1,1,1,1,1,1,1,1,1,1]]}"#,
            "KM-1",
        ),
    ];
    for (text, expected) in cases {
        let file = TempFile::new(text);
        for args in [
            vec!["legal", "--position", file.arg()],
            vec!["play", "--position", file.arg(), "a1"],
        ] {
            let msg = fails(&args, "");
            assert!(msg.contains("invalid position"), "{msg}");
            assert!(msg.contains(expected), "expected {expected:?} in {msg}");
        }
    }
}

#[test]
fn unknown_subcommands_flags_and_values_exit_2() {
    fails(&["frobnicate"], "");
    fails(&[], "");
    fails(&["new"], "");
    fails(&["new", "--variant", "bao"], "");
    fails(&["new", "--variant", "kingulu", "--colour", "red"], "");
    fails(&["legal"], "");
    fails(&["perft", "--variant", "kingulu", "--depth", "-1"], "");
    fails(&["perft", "--variant", "kingulu", "--depth", "x"], "");
    fails(
        &["random-games", "--variant", "kigogo", "--seed", "abc"],
        "",
    );
    let msg = fails(&["new", "--variant", "oware"], "");
    assert!(msg.contains("oware"), "{msg}");
    // Help is not an error.
    let r = run(&["--help"], "");
    assert_eq!(r.status, Some(0));
    assert!(r.stdout.contains("Usage"));
}
