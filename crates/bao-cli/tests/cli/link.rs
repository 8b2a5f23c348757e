//! `link encode`, `link decode` and `link stats`: a record file becomes a link and comes back
//! with the same game; a broken link exits 2 with the reason.

use crate::common::{TempFile, fails, json, ok, run};
use bao_engine::{Game, GameRecord, Variant};

/// A record of the first `plies` moves of a Kigogo game (always the last legal move).
fn kigogo_record(plies: usize) -> GameRecord {
    let mut game = Game::new(Variant::Kigogo);
    for _ in 0..plies {
        let moves = game.legal_moves();
        let Some(&mv) = moves.last() else { break };
        game.play(mv).expect("a listed move is legal");
    }
    GameRecord::of_game(&game, "human", "medium", "2026-12-01T10:00:00Z")
}

#[test]
fn encode_then_decode_gives_the_same_game() {
    let record = kigogo_record(30);
    let file = TempFile::new(&record.to_json());
    let payload = ok(&["link", "encode", file.arg()]);
    let payload = payload.trim();
    assert!(payload.bytes().all(|b| b.is_ascii_digit()), "{payload}");
    let back = GameRecord::from_json(&ok(&["link", "decode", payload])).expect("a record");
    assert_eq!(back.moves, record.moves);
    assert_eq!(back.players, record.players);
    assert_eq!(back.start, record.start);
    assert_eq!(back.result, record.result);
    // With a base: the URL, which decodes alike, also from standard input.
    let url = ok(&[
        "link",
        "encode",
        file.arg(),
        "--base",
        "https://museum.example.org/bao/",
    ]);
    assert_eq!(
        url.trim(),
        format!("https://museum.example.org/bao/#g={payload}")
    );
    let r = run(&["link", "decode", "-"], &url);
    assert_eq!(r.status, Some(0), "{}", r.stderr);
    assert_eq!(
        GameRecord::from_json(&r.stdout).expect("a record").moves,
        record.moves
    );
    // The record file from standard input.
    let r = run(&["link", "encode", "-"], &record.to_json());
    assert_eq!(r.stdout.trim(), payload);
}

#[test]
fn a_broken_link_exits_2_with_the_reason() {
    let file = TempFile::new(&kigogo_record(10).to_json());
    let payload = ok(&["link", "encode", file.arg()]).trim().to_owned();
    let cut = &payload[..payload.len() - 1];
    let msg = fails(&["link", "decode", cut], "");
    assert!(msg.contains("the game link is damaged"), "{msg}");
    assert!(msg.contains("cut short"), "{msg}");
    let msg = fails(&["link", "decode", "https://museum.example.org/bao/"], "");
    assert!(msg.contains("not a game link"), "{msg}");
    let newer = format!("9{}", &payload[1..]);
    let msg = fails(&["link", "decode", &newer], "");
    assert!(
        msg.contains("format 9") && msg.contains("update the game"),
        "{msg}"
    );
}

#[test]
fn a_record_that_does_not_replay_is_not_encoded() {
    let mut record = kigogo_record(4);
    record.moves.push("b13".into());
    let file = TempFile::new(&record.to_json());
    let msg = fails(&["link", "encode", file.arg()], "");
    assert!(msg.contains("cannot be put in a link"), "{msg}");
    assert!(msg.contains("move 5"), "{msg}");
    let msg = fails(&["link", "encode", "/no/such/record.json"], "");
    assert!(msg.contains("cannot read"), "{msg}");
}

#[test]
fn every_computer_level_is_a_seat_kind_of_links() {
    for level in bao_ai::Level::ALL {
        assert!(
            bao_engine::link::SEAT_KINDS.contains(&level.id()),
            "{} is missing from link::SEAT_KINDS",
            level.id()
        );
    }
}

#[test]
fn stats_print_a_line_per_rule_set() {
    let out = ok(&["link", "stats", "--games", "3"]);
    let lines: Vec<_> = out.lines().map(json).collect();
    assert_eq!(lines.len(), Variant::ALL.len());
    for (line, variant) in lines.iter().zip(Variant::ALL) {
        assert_eq!(line["variant"], variant.id());
        let versions = line["qr_version_m"].as_array().expect("three versions");
        assert!(
            versions
                .iter()
                .all(|v| (1..=8).contains(&v.as_i64().unwrap_or(0))),
            "{line}"
        );
    }
}
