//! Loading positions (docs/rules.md, 'Validation'): every kind of bad position is refused
//! with the error that names the problem, and nothing panics.

use crate::common::json;
use bao_engine::{Player, Position, PositionError, Variant};

fn err(text: &str) -> PositionError {
    match Position::from_json(text) {
        Ok(p) => panic!("accepted {text}: {p:?}"),
        Err(e) => {
            // Every error explains itself in words.
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

const KINGULU_ROWS: &str = "[[4,4,4,4,4,4],[4,4,4,4,4,4]]";

fn kingulu_with(fields: &str) -> String {
    format!(r#"{{"variant":"kingulu","to_move":"south","rows":{KINGULU_ROWS}{fields}}}"#)
}

#[test]
fn valid_positions_load() {
    let text = json("kujifunza", "north", &[[2u8; 8]; 4], [0, 0], &[]);
    let p = Position::from_json(&text).expect("valid");
    assert_eq!(p.to_move(), Player::North);
    assert_eq!(p.rows(), Position::new(Variant::Kujifunza).rows());
    // `captured` and `reserved` may be left out.
    let p = Position::from_json(&kingulu_with("")).expect("optional fields");
    assert_eq!(p, Position::new(Variant::Kingulu));
    // Every start position survives the text format.
    for v in Variant::ALL {
        let start = Position::new(v);
        assert_eq!(Position::from_json(&start.to_json()), Ok(start));
    }
}

#[test]
fn wrong_row_count_is_rejected() {
    let text = r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4]]}"#;
    assert_eq!(
        err(text),
        PositionError::RowCount {
            expected: 2,
            found: 1
        }
    );
    let text = json("kigogo", "south", &[[2u8; 12], [2; 12]], [0, 0], &[]);
    assert_eq!(
        err(&text),
        PositionError::RowCount {
            expected: 4,
            found: 2
        }
    );
    assert!(err(&text).to_string().contains("row"));
}

#[test]
fn wrong_row_length_is_rejected() {
    let text = r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4],[4,4,4,4,4,4,0]]}"#;
    assert_eq!(
        err(text),
        PositionError::RowLength {
            row: 1,
            expected: 6,
            found: 7
        }
    );
    let text = r#"{"variant":"kingulu","to_move":"south","rows":[[],[4,4,4,4,4,4]]}"#;
    assert_eq!(
        err(text),
        PositionError::RowLength {
            row: 0,
            expected: 6,
            found: 0
        }
    );
}

#[test]
fn negative_counts_are_rejected() {
    let text = r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4],[4,4,-1,4,4,9]]}"#;
    assert_eq!(
        err(text),
        PositionError::NegativeCount {
            row: 1,
            col: 2,
            count: -1
        }
    );
    let text = kingulu_with(r#","captured":{"south":-2,"north":2}"#);
    assert_eq!(
        err(&text),
        PositionError::NegativeCaptured {
            player: Player::South,
            count: -2
        }
    );
}

#[test]
fn wrong_seed_totals_are_rejected() {
    let text = r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4],[4,4,4,4,4,5]]}"#;
    assert_eq!(
        err(text),
        PositionError::SeedTotal {
            expected: 48,
            found: 49
        }
    );
    let text = kingulu_with(r#","captured":{"south":1,"north":0}"#);
    assert_eq!(
        err(&text),
        PositionError::SeedTotal {
            expected: 48,
            found: 49
        }
    );
    let text = json("kigogo", "south", &[[2u8; 12]; 4], [0, 0], &[]);
    assert_eq!(
        err(&text),
        PositionError::SeedTotal {
            expected: 92,
            found: 96
        }
    );
    // Huge numbers neither overflow nor panic.
    let text = format!(
        r#"{{"variant":"kingulu","to_move":"south","rows":[[{m},{m},0,0,0,0],[0,0,0,0,0,0]],"captured":{{"south":{m},"north":{m}}}}}"#,
        m = i64::MAX
    );
    assert!(matches!(
        err(&text),
        PositionError::SeedTotal { expected: 48, .. }
    ));
    let text = r#"{"variant":"kingulu","to_move":"south","rows":[[300,0,0,0,0,0],[0,0,0,0,0,0]],"captured":{"south":0,"north":-252}}"#;
    assert!(matches!(
        err(text),
        PositionError::NegativeCaptured { .. } | PositionError::SeedTotal { .. }
    ));
}

#[test]
fn kimasai_pit_with_two_seeds_is_rejected() {
    let mut rows = [[1u8; 12]; 4];
    rows[1][11] = 0;
    rows[2][0] = 2;
    rows[2][5] = 0;
    let text = json("kimasai", "south", &rows, [0, 0], &[]);
    assert_eq!(
        err(&text),
        PositionError::KimasaiHole {
            row: 2,
            col: 0,
            count: 2
        }
    );
}

#[test]
fn captured_seeds_in_kujifunza_are_rejected() {
    let mut rows = [[2u8; 8]; 4];
    rows[0][0] = 0;
    let text = json("kujifunza", "south", &rows, [2, 0], &[]);
    assert_eq!(err(&text), PositionError::CapturedInKujifunza);
}

#[test]
fn reserved_holes_outside_kingulu_are_rejected() {
    let mut rows = [[2u8; 12]; 4];
    rows[1][11] = 0;
    rows[2][0] = 0;
    let text = json("kigogo", "south", &rows, [0, 0], &[(1, 3, "south")]);
    assert_eq!(err(&text), PositionError::ReservedOutsideKingulu);
}

#[test]
fn reserved_hole_on_its_owners_row_is_rejected() {
    // South's holes lie in North's row 0; (1,2) is South's own.
    let text = kingulu_with(r#","reserved":[{"row":1,"col":2,"owner":"south"}]"#);
    assert_eq!(
        err(&text),
        PositionError::ReservedOnOwnRow {
            row: 1,
            col: 2,
            owner: Player::South
        }
    );
    let text = kingulu_with(r#","reserved":[{"row":0,"col":0,"owner":"north"}]"#);
    assert_eq!(
        err(&text),
        PositionError::ReservedOnOwnRow {
            row: 0,
            col: 0,
            owner: Player::North
        }
    );
}

#[test]
fn reserved_hole_off_the_board_is_rejected() {
    for (row, col) in [(2, 0), (0, 6), (-1, 0), (0, -3), (1, i64::MAX)] {
        let text = kingulu_with(&format!(
            r#","reserved":[{{"row":{row},"col":{col},"owner":"south"}}]"#
        ));
        assert_eq!(err(&text), PositionError::ReservedOffBoard { row, col });
    }
}

#[test]
fn reserved_hole_listed_twice_is_rejected() {
    let text = kingulu_with(
        r#","reserved":[{"row":0,"col":1,"owner":"south"},{"row":0,"col":1,"owner":"south"}]"#,
    );
    assert_eq!(err(&text), PositionError::ReservedTwice { row: 0, col: 1 });
}

#[test]
fn unknown_variant_and_player_are_rejected() {
    let text = r#"{"variant":"oware","to_move":"south","rows":[]}"#;
    assert_eq!(err(text), PositionError::UnknownVariant("oware".into()));
    let text = format!(r#"{{"variant":"kingulu","to_move":"east","rows":{KINGULU_ROWS}}}"#);
    assert_eq!(err(&text), PositionError::UnknownPlayer("east".into()));
    let text = format!(r#"{{"variant":"Kingulu","to_move":"south","rows":{KINGULU_ROWS}}}"#);
    assert_eq!(err(&text), PositionError::UnknownVariant("Kingulu".into()));
    let text = kingulu_with(r#","reserved":[{"row":0,"col":1,"owner":"west"}]"#);
    assert_eq!(err(&text), PositionError::UnknownPlayer("west".into()));
}

#[test]
fn text_that_is_not_a_position_is_rejected_as_json() {
    for text in [
        "",
        "not json",
        "{",
        "[]",
        "null",
        r#"{"variant":"kingulu","to_move":"south"}"#,
        r#"{"variant":"kingulu","to_move":"south","rows":"4,4"}"#,
        r#"{"variant":"kingulu","to_move":"south","rows":[[4.5,4,4,4,4,4],[4,4,4,4,4,4]]}"#,
        r#"{"variant":7,"to_move":"south","rows":[]}"#,
        r#"{"variant":"kingulu","to_move":"south","rows":[[4,4,4,4,4,4],[4,4,4,4,4,4]],"captured":{"south":0}}"#,
        r#"{"variant":"kingulu","to_move":"south","rows":[[99999999999999999999,0,0,0,0,0],[0,0,0,0,0,0]]}"#,
    ] {
        assert!(
            matches!(err(text), PositionError::Json(_)),
            "{text:?} gave {:?}",
            Position::from_json(text)
        );
    }
    assert!(err("nope").to_string().contains("JSON"));
}

#[test]
fn to_json_round_trips_kingulu_with_reserved_holes() {
    let text = json(
        "kingulu",
        "north",
        &[[1u8, 0, 5, 0, 0, 1], [2, 0, 0, 4, 0, 0]],
        [20, 15],
        &[(0, 2, "south"), (1, 3, "north")],
    );
    let p = Position::from_json(&text).expect("valid");
    assert_eq!(Position::from_json(&p.to_json()), Ok(p));
    assert_eq!(Position::from_setup(&p.to_setup()), Ok(p));
}

/// Regression test: `Position::reserved_holes` used to shift a `u16` by the cell index, which
/// reaches 47 on a four-row board, so `reserved_holes`, `to_setup` and `to_json` panicked
/// ("attempt to shift left with overflow") on every Kujifunza, Kigogo and Kimasai position in
/// debug builds (fixed in commit 21120c5).
#[test]
fn to_json_of_four_row_positions_does_not_panic() {
    for v in [Variant::Kujifunza, Variant::Kigogo, Variant::Kimasai] {
        let p = Position::new(v);
        let round_trip = std::panic::catch_unwind(|| Position::from_json(&p.to_json()));
        assert_eq!(
            round_trip.ok(),
            Some(Ok(p)),
            "{v}: to_json panicked or lost data"
        );
        let holes = std::panic::catch_unwind(|| p.reserved_holes());
        assert_eq!(holes.ok(), Some(Vec::new()), "{v}: reserved_holes panicked");
    }
}
