//! Bao la Kimasai, docs/rules.md (KM-1 … KM-4), worked out by hand. Board layout as in Kigogo:
//! South's circuit runs b1 → b12 along row 3, then a12 → a1 along row 2; `(2,c)` faces `(1,c)`
//! with `(0,c)` behind it.

use crate::common::{km, legal, play, rows, strings, win};
use bao_engine::{EndReason, Game, Outcome, Player, Position, Variant, repetition_limit};

#[test]
fn km_1_start_one_seed_per_pit_but_both_a1() {
    let p = Position::new(Variant::Kimasai);
    let mut north_front = [1u8; 12];
    north_front[11] = 0;
    let mut south_front = [1u8; 12];
    south_front[0] = 0;
    assert_eq!(
        p.rows(),
        rows(&[[1; 12], north_front, south_front, [1; 12]])
    );
    assert_eq!(p.seed_total(), 46);
}

#[test]
fn km_2_only_a_seed_whose_next_pit_is_empty_may_move() {
    // At the start the only empty South pit is a1, so only a2's seed can move.
    assert_eq!(legal(&Position::new(Variant::Kimasai)), strings(&["a2"]));
    // South b1, b2, b5: b1's next pit is taken.
    let p = km(
        "south",
        [
            [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [0; 12],
            [1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        ],
        [21, 21],
    );
    assert_eq!(legal(&p), strings(&["b2", "b5"]));
    assert_eq!(
        play(&p, "b5").rows()[3],
        vec![1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    );
}

#[test]
fn km_3_arriving_in_the_front_row_captures_the_column() {
    // From the start: a2 → a1 faces North's (1,0) with (0,0) behind: both captured.
    let after = play(&Position::new(Variant::Kimasai), "a2");
    let mut north_back = [1u8; 12];
    north_back[0] = 0;
    let mut north_front = [1u8; 12];
    north_front[0] = 0;
    north_front[11] = 0;
    let mut south_front = [1u8; 12];
    south_front[1] = 0;
    assert_eq!(
        after.rows(),
        rows(&[north_back, north_front, south_front, [1; 12]])
    );
    assert_eq!(after.captured(Player::South), 2);
    // North now has exactly two moves: b11 → b12 (emptied) and a2 → a1.
    assert_eq!(legal(&after), strings(&["a2", "b11"]));
}

/// South b12 = 1 steps into a12 = (2,11), facing (1,11) and (0,11).
fn a12_arrival(front: u8, back: u8) -> Position {
    let mut north_back = [0u8; 12];
    north_back[11] = back;
    north_back[0] = 1;
    let mut north_front = [0u8; 12];
    north_front[11] = front;
    let rest = 46 - 2 - front - back;
    km(
        "south",
        [
            north_back,
            north_front,
            [0; 12],
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        ],
        [rest / 2, rest - rest / 2],
    )
}

#[test]
fn km_3_back_seed_is_never_captured_on_its_own() {
    let p = a12_arrival(0, 1);
    let after = play(&p, "b12");
    assert_eq!(after.rows()[2][11], 1);
    assert_eq!(after.rows()[0][11], 1);
    assert_eq!(after.captured(Player::South), p.captured(Player::South));
}

#[test]
fn km_3_front_seed_alone_is_captured() {
    let p = a12_arrival(1, 0);
    let after = play(&p, "b12");
    assert_eq!(after.rows()[1][11], 0);
    assert_eq!(after.captured(Player::South), p.captured(Player::South) + 1);
}

#[test]
fn km_3_front_and_back_seeds_are_captured_together() {
    let p = a12_arrival(1, 1);
    let after = play(&p, "b12");
    assert_eq!(after.rows()[1][11], 0);
    assert_eq!(after.rows()[0][11], 0);
    assert_eq!(after.captured(Player::South), p.captured(Player::South) + 2);
}

#[test]
fn km_3_arriving_in_the_back_row_captures_nothing() {
    // b1 → b2 while North's column 1 is full.
    let p = km(
        "south",
        [
            [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ],
        [21, 22],
    );
    let after = play(&p, "b1");
    assert_eq!(after.rows()[3][..3], [0, 1, 0]);
    assert_eq!(after.rows()[1][1], 1);
    assert_eq!(after.captured(Player::South), 21);
}

#[test]
fn km_4_player_without_seeds_loses() {
    let p = km(
        "north",
        [
            [0; 12],
            [0; 12],
            [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0; 12],
        ],
        [40, 5],
    );
    assert_eq!(p.outcome(), win(Player::South, EndReason::NoSeeds));
    assert_eq!(
        Game::from_position(p).outcome(),
        win(Player::South, EndReason::NoSeeds)
    );
}

#[test]
fn km_4_player_without_a_legal_move_loses() {
    // South fills all 24 of its pits: no seed has an empty next pit.
    let p = km(
        "south",
        [
            [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [1; 12],
            [1; 12],
        ],
        [10, 11],
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), win(Player::North, EndReason::Blockade));
}

#[test]
fn km_4_first_repetition_is_the_limit() {
    // No Kimasai position can ever recur: every move advances one seed one pit, so a cycle needs
    // 24 moves per circuit a player's seeds complete, while (as a seed entering a front row faces
    // any seed the opponent has there) the two front rows can never be occupied at once, which
    // costs each player at least 25 moves per circuit. So only the limit of KM-4 is checked here;
    // the game's first-repetition draw is exercised in Kigogo (KG-5).
    assert_eq!(repetition_limit(Variant::Kimasai), 2);
    assert_eq!(repetition_limit(Variant::Kigogo), 2);
    assert_eq!(Game::new(Variant::Kimasai).outcome(), Outcome::Ongoing);
}

#[test]
fn km_2_why_not_start_names_the_occupied_next_pit() {
    use bao_engine::{Pit, StartRefusal};
    let p = km(
        "south",
        [
            [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
            [0; 12],
            [0; 12],
            [1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        ],
        [21, 21],
    );
    assert_eq!(
        p.why_not_start(Pit::new(3, 0)),
        Some(StartRefusal::NextPitOccupied)
    );
    assert_eq!(p.why_not_start(Pit::new(3, 1)), None);
}
