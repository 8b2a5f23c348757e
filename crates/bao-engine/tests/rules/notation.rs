//! Moves and notation (docs/rules.md, 'Pit names', 'Moves and notation').

use crate::common::{kg, legal};
use bao_engine::{
    Direction, Kichwa, Move, ParseMoveErrorKind, Pit, PitName, Player, Position, Row, Variant,
};

fn name(row: Row, number: u8) -> PitName {
    PitName { row, number }
}

#[test]
fn notation_examples_of_the_rules_parse_and_print() {
    for text in ["b7", "a3", "a3+", "b5-/L", "a6+/R/L", "a12", "b1-/R/R/L/L"] {
        let mv: Move = text.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mv.to_string(), text);
    }
    let mv: Move = "a6+/R/L".parse().expect("valid");
    assert_eq!(mv.pit(), name(Row::Front, 6));
    assert_eq!(mv.direction(), Some(Direction::CounterClockwise));
    assert_eq!(
        mv.choices().collect::<Vec<_>>(),
        [Kichwa::Right, Kichwa::Left]
    );
    let mv: Move = "b5-/L".parse().expect("valid");
    assert_eq!(mv.pit(), name(Row::Back, 5));
    assert_eq!(mv.direction(), Some(Direction::Clockwise));
    let mv: Move = "b7".parse().expect("valid");
    assert_eq!(mv.direction(), None);
    assert_eq!(mv.choice_count(), 0);
}

#[test]
fn notation_built_moves_print_as_the_rules_write_them() {
    let mv = Move::with_direction(name(Row::Front, 3), Direction::Clockwise)
        .with_choice(Kichwa::Left)
        .and_then(|m| m.with_choice(Kichwa::Right))
        .expect("two choices fit");
    assert_eq!(mv.to_string(), "a3-/L/R");
    assert_eq!(Move::new(name(Row::Back, 12)).to_string(), "b12");
    // At most four letters (KU-9: each opposite middle pit is captured at most once).
    let mut m = Move::with_direction(name(Row::Front, 4), Direction::CounterClockwise);
    for _ in 0..4 {
        m = m.with_choice(Kichwa::Right).expect("room for four");
    }
    assert_eq!(m.with_choice(Kichwa::Left), None);
}

#[test]
fn notation_rejects_malformed_text_with_a_reason() {
    let kind = |t: &str| t.parse::<Move>().map(|m| m.to_string()).unwrap_err().kind;
    assert_eq!(kind(""), ParseMoveErrorKind::BadRow);
    assert_eq!(kind("c1"), ParseMoveErrorKind::BadRow);
    assert_eq!(kind("A3"), ParseMoveErrorKind::BadRow);
    assert_eq!(kind(" a3"), ParseMoveErrorKind::BadRow);
    assert_eq!(kind("3a"), ParseMoveErrorKind::BadRow);
    assert_eq!(kind("b"), ParseMoveErrorKind::BadNumber);
    assert_eq!(kind("a0"), ParseMoveErrorKind::BadNumber);
    assert_eq!(kind("a+"), ParseMoveErrorKind::BadNumber);
    assert_eq!(kind("a300"), ParseMoveErrorKind::BadNumber);
    assert_eq!(kind("a3 "), ParseMoveErrorKind::BadSuffix);
    assert_eq!(kind("a3+-"), ParseMoveErrorKind::BadSuffix);
    assert_eq!(kind("a3+/l"), ParseMoveErrorKind::BadSuffix);
    assert_eq!(kind("a3+L"), ParseMoveErrorKind::BadSuffix);
    assert_eq!(kind("a3/R"), ParseMoveErrorKind::ChoiceWithoutDirection);
    assert_eq!(kind("a3-/L/L/L/L/L"), ParseMoveErrorKind::TooManyChoices);
    let err = "x9".parse::<Move>().unwrap_err();
    assert_eq!(err.text, "x9");
    assert!(err.to_string().contains("x9"));
}

#[test]
fn notation_pit_names_are_seen_from_the_owners_seat() {
    // docs/rules.md, 'Pit names': South aK = (2, K-1), bK = (3, K-1);
    // North aK = (1, n-K), bK = (0, n-K).
    let p = Position::new(Variant::Kigogo);
    assert_eq!(
        p.pit_named(Player::South, name(Row::Front, 3)),
        Some(Pit::new(2, 2))
    );
    assert_eq!(
        p.pit_named(Player::South, name(Row::Back, 12)),
        Some(Pit::new(3, 11))
    );
    assert_eq!(
        p.pit_named(Player::North, name(Row::Front, 1)),
        Some(Pit::new(1, 11))
    );
    assert_eq!(
        p.pit_named(Player::North, name(Row::Back, 3)),
        Some(Pit::new(0, 9))
    );
    assert_eq!(p.pit_named(Player::South, name(Row::Front, 13)), None);
    assert_eq!(
        p.name_of(Pit::new(0, 0)),
        Some((Player::North, name(Row::Back, 12)))
    );
    // Kujifunza (n = 8): North a8 = (1, 0).
    let k = Position::new(Variant::Kujifunza);
    assert_eq!(
        k.pit_named(Player::North, name(Row::Front, 8)),
        Some(Pit::new(1, 0))
    );
    // Kingulu: South aK = (1, K-1), North aK = (0, 6-K); there is no b row.
    let n = Position::new(Variant::Kingulu);
    assert_eq!(
        n.pit_named(Player::South, name(Row::Front, 6)),
        Some(Pit::new(1, 5))
    );
    assert_eq!(
        n.pit_named(Player::North, name(Row::Front, 2)),
        Some(Pit::new(0, 4))
    );
    assert_eq!(n.pit_named(Player::South, name(Row::Back, 1)), None);
    assert_eq!(
        n.name_of(Pit::new(1, 0)),
        Some((Player::South, name(Row::Front, 1)))
    );
    assert_eq!(n.name_of(Pit::new(2, 0)), None);
}

#[test]
fn notation_north_names_its_own_pits_in_its_moves() {
    // North a1 is (1,11) in Kigogo; North's b12 = (0,0) holds the only pit of 2, so its move is
    // written "b12" from North's seat.
    let mut back = [0u8; 12];
    back[0] = 2;
    let p = kg(
        "north",
        [back, [0; 12], [0; 12], [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
        [44, 45],
    );
    assert_eq!(legal(&p), vec!["b12".to_owned()]);
    // b12 → North's a12 = (1,0) and a11 = (1,1).
    let after = crate::common::play(&p, "b12");
    assert_eq!(after.rows()[1][..2], [1, 1]);
}

#[test]
fn notation_moves_carry_a_direction_only_in_kujifunza() {
    let kigogo = legal(&Position::new(Variant::Kigogo));
    assert!(kigogo.iter().all(|m| !m.contains(['+', '-', '/'])));
    let kujifunza = legal(&Position::new(Variant::Kujifunza));
    assert!(kujifunza.iter().all(|m| m.contains(['+', '-'])));
    // KU-8: in `kujifunza` a move is its pit and direction only; KU-8c adds the letters.
    assert!(kujifunza.iter().all(|m| !m.contains('/')), "{kujifunza:?}");
    let choice = legal(&Position::new(Variant::KujifunzaChoice));
    assert!(choice.iter().any(|m| m.contains('/')), "{choice:?}");
    // The same pit with or without a direction is a different move.
    let p = Position::new(Variant::Kigogo);
    assert!(p.play(crate::common::mv("b3+")).is_err());
    assert!(p.play(crate::common::mv("b3")).is_ok());
    let k = Position::new(Variant::Kujifunza);
    let first = k.legal_moves()[0];
    assert!(k.play(first).is_ok());
    assert!(
        k.play(Move::new(first.pit())).is_err(),
        "{first} without its direction"
    );
}

#[test]
fn notation_legal_lists_name_every_full_move_once() {
    for v in Variant::ALL {
        let p = Position::new(v);
        let moves = legal(&p);
        let mut dedup = moves.clone();
        dedup.dedup();
        assert_eq!(moves, dedup, "{v}");
    }
}
