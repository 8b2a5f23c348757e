//! Every lesson checked against the engine: its positions, its moves and what they show, its
//! exercise, its texts; and the lesson files' format and the errors of a wrong one.

use super::file::{LessonFileErrorKind, parse_lessons};
use super::*;
use crate::i18n::{I18n, Language};
use bao_engine::Direction;

/// Whose seat the lessons are played from: always South, near the camera.
const LEARNER: bao_engine::Player = bao_engine::Player::South;

const GAMES: [Variant; 4] = [
    Variant::Kujifunza,
    Variant::Kingulu,
    Variant::Kigogo,
    Variant::Kimasai,
];

#[test]
fn every_game_has_five_to_eight_lessons_with_unique_ids() {
    let mut ids = std::collections::HashSet::new();
    for v in GAMES {
        let n = lessons(v).len();
        assert!((5..=8).contains(&n), "{v}: {n} lessons");
        for l in lessons(v) {
            assert!(ids.insert(l.id), "{} twice", l.id);
            assert!(l.id.starts_with(v.id()), "{} is not of {v}", l.id);
        }
    }
}

#[test]
fn every_lesson_and_exercise_position_is_valid_with_the_learner_to_move() {
    for v in GAMES {
        for l in lessons(v) {
            for start in [l.start(), l.exercise_start()] {
                let start = start.unwrap_or_else(|e| panic!("{}: {e}", l.id));
                assert_eq!(start.variant(), v, "{}", l.id);
                assert_eq!(start.to_move(), LEARNER, "{}", l.id);
                assert!(!start.outcome().is_over(), "{}", l.id);
            }
        }
    }
}

/// KU-3..KU-10, KN-2..KN-8, KG-2..KG-5, KM-2..KM-4: each lesson's moves are legal and do
/// what its text says, read from the engine's trace.
#[test]
fn every_lessons_moves_are_legal_and_show_what_the_lesson_teaches() {
    for v in GAMES {
        for l in lessons(v) {
            let start = l.start().expect("valid");
            let moves = l.gate_moves().unwrap_or_else(|e| panic!("{}: {e}", l.id));
            assert!(!moves.is_empty(), "{}: no move to make", l.id);
            for mv in moves {
                assert!(
                    l.shows.holds(&start, mv),
                    "{}: {mv} does not show {:?}",
                    l.id,
                    l.shows
                );
            }
        }
    }
}

/// KN-1, KN-4: Kingulu's first lesson says its last seed falls into an empty pit of the
/// opponent's row, and its check reads that from the trace: a lap that ends in an empty pit of
/// the mover's own row (with nothing opposite to capture) is one lap, but not that one.
#[test]
fn kn_4_a_lap_into_the_opponents_row_is_told_apart_from_one_ending_in_the_own_row() {
    let position = |rows: &str| {
        Position::from_json(&format!(
            r#"{{"variant":"kingulu","to_move":"south","rows":{rows},
            "captured":{{"south":7,"north":11}},"reserved":[]}}"#
        ))
        .expect("valid")
    };
    // a3 sows a4 and the empty a5 of South's own row; the pit opposite is empty.
    let own_row = position("[[3,0,1,2,0,3],[4,9,2,5,0,1]]");
    let a3: Move = "a3".parse().expect("notation");
    assert!(Shows::OneLap.holds(&own_row, a3));
    assert!(!Shows::OneLapIntoTheOpponentsRow.holds(&own_row, a3));
    // a4 sows a5, a6 and North's empty a1.
    let opponents_row = position("[[3,0,1,2,4,0],[4,9,2,3,1,1]]");
    let a4: Move = "a4".parse().expect("notation");
    assert!(Shows::OneLapIntoTheOpponentsRow.holds(&opponents_row, a4));
    let sowing = lessons(Variant::Kingulu)
        .iter()
        .find(|l| l.id == "kingulu-sowing")
        .expect("the first lesson");
    assert_eq!(sowing.shows, Shows::OneLapIntoTheOpponentsRow);
}

/// KU-3, KU-4, KN-3: where a lesson is about the pits that may not start, there are such
/// pits, each with the engine's reason.
#[test]
fn ku_3_ku_4_kn_3_lessons_about_blocked_pits_have_pits_the_rule_blocks() {
    for l in GAMES
        .iter()
        .flat_map(|&v| lessons(v))
        .filter(|l| l.blocked != Blocked::None)
    {
        assert!(!l.blocked_pits().is_empty(), "{}: nothing is blocked", l.id);
    }
    let capture = &lessons(Variant::Kujifunza)[2];
    let start = capture.start().expect("valid");
    assert!(
        capture
            .blocked_pits()
            .iter()
            .any(|&p| start.why_not_start(p) == Some(StartRefusal::CaptureCompulsory)),
        "KU-4: a pit is blocked because captures are compulsory"
    );
    // KU-3: the long-lap lesson rings one pit, the one of 17 seeds its text names.
    let long = &lessons(Variant::Kujifunza)[3];
    let start = long.start().expect("valid");
    let ringed = long.blocked_pits();
    assert_eq!(ringed.len(), 1, "{}: {ringed:?}", long.id);
    assert_eq!(start.seeds(ringed[0]), Some(17));
    assert_eq!(
        start.why_not_start(ringed[0]),
        Some(StartRefusal::LongFirstLap)
    );
    // Its text: either way the lap would end in the front row facing North's seeds, 10 of
    // them one way.
    let facing: Vec<u8> = [Direction::CounterClockwise, Direction::Clockwise]
        .into_iter()
        .map(|direction| {
            let end = (0..17).fold(ringed[0], |at, _| {
                start
                    .next_pit(LEARNER, at, direction)
                    .expect("on the circuit")
            });
            assert_eq!(end.row, 2, "the lap ends in the front row");
            start.seeds(Pit::new(1, end.col)).expect("a pit")
        })
        .collect();
    assert!(
        facing.iter().all(|&n| n > 0) && facing.contains(&10),
        "{facing:?}"
    );
    let first_lap = &lessons(Variant::Kingulu)[3];
    let start = first_lap.start().expect("valid");
    assert!(
        first_lap
            .blocked_pits()
            .iter()
            .any(|&p| start.why_not_start(p) == Some(StartRefusal::FirstLapOwnRow)),
        "KN-3: a pit is blocked by the first-lap rule"
    );
}

#[test]
fn every_exercise_can_be_done_and_can_be_missed() {
    for v in GAMES {
        for l in lessons(v) {
            let start = l.exercise_start().expect("valid");
            let answers = l.exercise.task.answers(&start);
            assert!(!answers.is_empty(), "{}: the exercise cannot be done", l.id);
            let missed = start
                .legal_moves()
                .into_iter()
                .any(|m| l.exercise.task.judge(&start, m).is_some_and(|a| !a.met));
            assert!(missed, "{}: every move does the exercise", l.id);
        }
    }
}

#[test]
fn every_lesson_text_and_task_is_in_every_language() {
    for language in Language::ALL {
        let i18n = I18n::new(language);
        for l in GAMES.iter().flat_map(|&v| lessons(v)) {
            for part in ["title", "intro", "after"] {
                assert!(
                    i18n.has(&l.key(part)),
                    "{}: {}",
                    language.code(),
                    l.key(part)
                );
            }
            let task = l.exercise.task.key();
            for key in [format!("lesson-task-{task}"), format!("lesson-miss-{task}")] {
                assert!(i18n.has(&key), "{}: {key}", language.code());
            }
        }
    }
}

/// Every file parses with no unknown field anywhere in a lesson, its ids unique and of its game,
/// its positions loading and of its game, its gate moves legal; both readings of Kujifunza get
/// Kujifunza's.
#[test]
fn every_lesson_file_parses_strictly() {
    for v in Variant::ALL {
        let set = lesson_file(v).unwrap_or_else(|e| panic!("{v}: {e}"));
        assert!(!set.is_empty(), "{v}: no lessons");
        assert_eq!(set.len(), lessons(v).len(), "{v}");
        assert!(set.iter().all(|l| l.id.starts_with(v.game().id())), "{v}");
    }
}

/// Kingulu's file, compiled in as the game's is, for the corrupt versions below.
const KINGULU: &str = include_str!("../../../assets/lessons/kingulu.json");

/// The error of `game`'s file made from Kingulu's with the first `from` replaced by `to`.
fn corrupt(game: Variant, from: &str, to: &str) -> LessonFileError {
    assert!(KINGULU.contains(from), "the file has no {from}");
    // The lessons borrow their ids from the file's text, which lives as long as the program.
    let json = KINGULU.replacen(from, to, 1).leak();
    parse_lessons(game, json).expect_err("a corrupt file is refused")
}

/// The error names the lesson and says what is wrong in `words`.
fn assert_names(e: &LessonFileError, id: Option<&str>, words: &str) {
    assert_eq!(e.id.as_deref(), id, "{e}");
    let text = e.to_string();
    assert!(text.starts_with("the lessons of "), "{text}");
    if let Some(id) = id {
        assert!(text.contains(&format!("lesson {id}: ")), "{text}");
    }
    assert!(text.contains(words), "{text} does not say {words}");
}

#[test]
fn a_lesson_file_that_is_not_json_or_not_an_array_says_so() {
    let cut = &KINGULU[..KINGULU.len() / 2];
    for json in [cut, "", "{}", "[] []"] {
        let e = parse_lessons(Variant::Kingulu, json).expect_err("not a lesson file");
        assert!(
            matches!(e.kind, LessonFileErrorKind::Json(_)) && e.index.is_none(),
            "{json}: {e:?}"
        );
        assert_names(&e, None, "bad JSON");
    }
    assert!(parse_lessons(Variant::Kingulu, "[]").is_ok_and(|set| set.is_empty()));
}

/// Kingulu's lesson file changed from the first text to the second, the lesson then named, and
/// the words its error must contain: fields and values the format does not know.
const NOT_IN_THE_FORMAT: &[(&str, &str, &str, &str)] = &[
    (
        r#""shows": "reserve","#,
        r#""shows": "reserve", "colour": "red","#,
        "kingulu-mtoto",
        "unknown field `colour`",
    ),
    (
        r#""reserved": [{"row":0"#,
        r#""reserverd": [{"row":0"#,
        "kingulu-toll",
        "unknown field `reserverd` in a position",
    ),
    (
        r#"{"south": 7, "north": 11}"#,
        r#"{"south": 7, "north": 11, "east": 0}"#,
        "kingulu-sowing",
        "unknown field `captured.east` in a position",
    ),
    (
        r#""owner":"north"}"#,
        r#""owner":"north","kind":"mtoto"}"#,
        "kingulu-toll",
        "unknown field `reserved.kind` in a position",
    ),
    (
        r#""task": "toll""#,
        r#""task": "tolls""#,
        "kingulu-toll",
        "unknown variant `tolls`",
    ),
    (
        r#""task": "one-lap""#,
        r#""task": {"relays": "two"}"#,
        "kingulu-sowing",
        "invalid type",
    ),
    (
        r#""blocked": "every""#,
        r#""blocked": {"because": "too-full"}"#,
        "kingulu-first-lap",
        "unknown variant `too-full`",
    ),
    (
        r#""gate": {"moves": ["a4"]}"#,
        r#""gate": "every-move""#,
        "kingulu-sowing",
        "unknown variant `every-move`",
    ),
    (
        r#""id": "kingulu-sowing""#,
        r#""id": "kingulu-sow\u0069ng""#,
        "kingulu-sowing",
        "expected a borrowed string",
    ),
];

#[test]
fn a_lesson_not_in_the_format_is_named_with_the_problem() {
    let k = Variant::Kingulu;
    for &(from, to, id, words) in NOT_IN_THE_FORMAT {
        let e = corrupt(k, from, to);
        assert!(matches!(e.kind, LessonFileErrorKind::Malformed(_)), "{e:?}");
        assert_names(&e, Some(id), words);
    }
    let e = corrupt(k, "\"id\": \"kingulu-relay\",", "");
    assert_eq!(e.index, Some(1), "{e:?}");
    assert_names(
        &e,
        None,
        "lesson #2 (no id): not a lesson: missing field `id`",
    );
}

#[test]
fn a_wrong_lesson_is_named_with_the_problem() {
    let k = Variant::Kingulu;
    let e = corrupt(k, "[11,1,0,0,1,1]", "[11,1,0,0,1,2]");
    assert!(
        matches!(
            e.kind,
            LessonFileErrorKind::Lesson(LessonError::Position(PositionError::SeedTotal { .. }))
        ),
        "{e:?}"
    );
    assert_names(&e, Some("kingulu-end"), "the position does not load");
    let e = corrupt(
        k,
        r#""south": 16, "north": 2"#,
        r#""south": 17, "north": 2"#,
    );
    assert!(
        matches!(
            e.kind,
            LessonFileErrorKind::Exercise(LessonError::Position(_))
        ),
        "{e:?}"
    );
    assert_names(
        &e,
        Some("kingulu-end"),
        "the exercise: the position does not load",
    );
    for (from, to, words) in [
        (r#"["a4"]"#, r#"["a9"]"#, "'a9' is not a legal move"),
        (r#"["a4"]"#, r#"["a4", "sow"]"#, "'sow' is not a legal move"),
    ] {
        let e = corrupt(k, from, to);
        assert!(
            matches!(e.kind, LessonFileErrorKind::Lesson(LessonError::Move(_))),
            "{e:?}"
        );
        assert_names(&e, Some("kingulu-sowing"), words);
    }
    let e = corrupt(k, r#""id": "kingulu-relay""#, r#""id": "kingulu-sowing""#);
    assert_eq!(
        (e.index, &e.kind),
        (Some(1), &LessonFileErrorKind::DuplicateId)
    );
    assert_names(&e, Some("kingulu-sowing"), "another lesson has this id");
}

#[test]
fn a_lesson_of_another_game_is_named_with_the_problem() {
    let k = Variant::Kingulu;
    let e = corrupt(k, r#""id": "kingulu-sowing""#, r#""id": "kigogo-sowing""#);
    assert_eq!(e.kind, LessonFileErrorKind::IdOfOtherGame);
    assert_names(&e, Some("kigogo-sowing"), "does not start with 'kingulu-'");
    let e = corrupt(
        Variant::Kigogo,
        r#""id": "kingulu-sowing""#,
        r#""id": "kigogo-sowing""#,
    );
    assert_eq!(
        e.kind,
        LessonFileErrorKind::PositionOfOtherGame(Variant::Kingulu)
    );
    assert_names(
        &e,
        Some("kigogo-sowing"),
        "a position is of kingulu, not kigogo",
    );
}
