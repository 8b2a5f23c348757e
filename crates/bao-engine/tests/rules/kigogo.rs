//! Bao Kigogo, docs/rules.md, 'Bao Kigogo' (KG-1 … KG-5), worked out by hand.
//!
//! Reading the boards: rows are absolute (0 North back, 1 North front, 2 South front, 3 South
//! back). South `aK` = `(2, K-1)`, `bK` = `(3, K-1)`; South's circuit runs b1 → b12 along row 3,
//! then a12 → a1 along row 2 (right to left). `(2,c)` faces `(1,c)`, with North's back pit
//! `(0,c)` behind it. Seeds not on the board are on the captured piles (total 92).

use crate::common::{kg, legal, play, rows, strings, win};
use bao_engine::{EndReason, Player, Position, Variant};

#[test]
fn kg_1_start_two_seeds_per_pit_but_both_a1() {
    let p = Position::new(Variant::Kigogo);
    let mut north_front = [2u8; 12];
    north_front[11] = 0;
    let mut south_front = [2u8; 12];
    south_front[0] = 0;
    assert_eq!(
        p.rows(),
        rows(&[[2; 12], north_front, south_front, [2; 12]])
    );
    assert_eq!(p.seed_total(), 92);
    assert_eq!(p.to_move(), Player::South);
}

#[test]
fn kg_2_every_pit_of_two_may_start_a_move() {
    // At the start every South pit but a1 holds 2; each relay of 3s eventually lands in a pit it
    // emptied earlier or in a1, so none is endless.
    let mut expected: Vec<String> = (1..=12).map(|k| format!("b{k}")).collect();
    expected.extend((2..=12).map(|k| format!("a{k}")));
    expected.sort();
    assert_eq!(legal(&Position::new(Variant::Kigogo)), expected);
}

#[test]
fn kg_2_relay_to_an_empty_pit_and_kg_4_column_capture_from_the_start() {
    // b1 (ring index 0: b1..b12 = 0..11, a12..a1 = 12..23): 2 seeds into 1, 2 → index 2 held 2:
    // relay 3 into 3, 4, 5 → relay 3 from 5 into 6, 7, 8 → … → relay 3 from 20 into 21, 22, 23.
    // Index 23 is a1, empty: the move ends there, in South's front row, facing North's
    // (1,0) = 2 with (0,0) = 2 behind: both are captured (4 seeds).
    let after = play(&Position::new(Variant::Kigogo), "b1");
    let mut north_back = [2u8; 12];
    north_back[0] = 0;
    let mut north_front = [2u8; 12];
    north_front[0] = 0;
    north_front[11] = 0;
    assert_eq!(
        after.rows(),
        rows(&[
            north_back,
            north_front,
            [1, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3],
            [0, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0],
        ])
    );
    assert_eq!(after.captured(Player::South), 4);
    assert_eq!(after.seed_total(), 92);
}

#[test]
fn kg_3_singletons_move_only_into_an_empty_next_pit() {
    // South: b1, b3, b4 singletons. b1 → b2 (empty) and b4 → b5 may move; b3 → b4 may not.
    let p = kg(
        "south",
        [
            [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [0; 12],
            [1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        ],
        [43, 44],
    );
    assert_eq!(legal(&p), strings(&["b1", "b4"]));
    assert_eq!(
        play(&p, "b1").rows()[3],
        vec![0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    );
}

#[test]
fn kg_3_no_singleton_moves_while_a_pit_has_two() {
    let p = kg(
        "south",
        [
            [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [0; 12],
            [1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        ],
        [42, 44],
    );
    assert_eq!(legal(&p), strings(&["b3"]));
    // b3 → b4 (1 → 2), b5 (empty): end.
    assert_eq!(
        play(&p, "b3").rows()[3],
        vec![1, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0]
    );
}

#[test]
fn kg_4_singleton_move_captures_the_column() {
    // South: a2 = 1 (→ a1, empty front pit facing (1,0) = 2 with (0,0) = 3), b5 = 1.
    let p = kg(
        "south",
        [
            [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        ],
        [40, 45],
    );
    assert_eq!(legal(&p), strings(&["a2", "b5"]));
    let after = play(&p, "a2");
    assert_eq!(after.rows()[0][0], 0);
    assert_eq!(after.rows()[1][0], 0);
    assert_eq!(after.rows()[2], vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(after.captured(Player::South), 45);
}

/// South a3 = 2 sows into a2 and a1 and ends in the empty a1, facing column 0. (South b12 = 2
/// and North's (0,6) = 2 are bystanders.)
fn a1_landing(north_front: u8, north_back: u8) -> Position {
    let mut back = [0u8; 12];
    back[0] = north_back;
    back[6] = 2;
    let mut front = [0u8; 12];
    front[0] = north_front;
    let on_board = 6 + u32::from(north_front) + u32::from(north_back);
    let rest = 92 - on_board as u8;
    kg(
        "south",
        [
            back,
            front,
            [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2],
        ],
        [rest / 2, rest - rest / 2],
    )
}

#[test]
fn kg_4_back_pit_is_never_captured_on_its_own() {
    let p = a1_landing(0, 3);
    let after = play(&p, "a3");
    assert_eq!(after.rows()[0][0], 3);
    assert_eq!(after.rows()[2][..3], [1, 1, 0]);
    assert_eq!(after.captured(Player::South), p.captured(Player::South));
}

#[test]
fn kg_4_front_pit_is_captured_alone_when_the_back_pit_is_empty() {
    let p = a1_landing(2, 0);
    let after = play(&p, "a3");
    assert_eq!(after.rows()[1][0], 0);
    assert_eq!(after.captured(Player::South), p.captured(Player::South) + 2);
}

#[test]
fn kg_4_front_and_back_are_captured_together() {
    let p = a1_landing(2, 3);
    let after = play(&p, "a3");
    assert_eq!(after.rows()[1][0], 0);
    assert_eq!(after.rows()[0][0], 0);
    assert_eq!(after.captured(Player::South), p.captured(Player::South) + 5);
    assert_eq!(after.seed_total(), 92);
}

#[test]
fn kg_4_ending_in_the_back_row_captures_nothing() {
    // b1 → b2, b3: the move ends in an empty back-row pit; North's column 2 stays.
    let p = kg(
        "south",
        [
            [0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ],
        [42, 42],
    );
    let after = play(&p, "b1");
    assert_eq!(after.rows()[3][..4], [0, 1, 1, 0]);
    assert_eq!(after.rows()[1][2], 3);
    assert_eq!(after.rows()[0][2], 3);
    assert_eq!(after.captured(Player::South), 42);
}

#[test]
fn kg_5_player_without_seeds_loses() {
    let p = kg(
        "south",
        [
            [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [0; 12],
            [0; 12],
        ],
        [45, 45],
    );
    assert_eq!(p.outcome(), win(Player::North, EndReason::NoSeeds));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn kg_5_player_without_a_legal_move_loses() {
    // South has a singleton in every one of its 24 pits: none has an empty next pit.
    let p = kg(
        "south",
        [
            [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [1; 12],
            [1; 12],
        ],
        [33, 33],
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), win(Player::North, EndReason::Blockade));
}

#[test]
fn kg_3_kg_5_why_not_start_names_the_rule_that_refuses_a_pit() {
    use bao_engine::{Pit, StartRefusal};
    let p = kg(
        "south",
        [
            [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [0; 12],
            [1, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        ],
        [42, 44],
    );
    assert_eq!(
        p.why_not_start(Pit::new(3, 0)),
        Some(StartRefusal::Singleton)
    );
    assert_eq!(p.why_not_start(Pit::new(3, 2)), None);
    let over = kg(
        "south",
        [
            [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [0; 12],
            [0; 12],
        ],
        [45, 45],
    );
    assert_eq!(
        over.why_not_start(Pit::new(3, 0)),
        Some(StartRefusal::GameOver)
    );
}
