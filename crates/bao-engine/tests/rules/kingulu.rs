//! Bao Kingulu, docs/rules.md, 'Bao Kingulu' (KN-1 … KN-9), worked out by hand.
//!
//! Reading the boards: row 0 is North's row, row 1 South's. South `aK` = `(1, K-1)`, North `aK`
//! = `(0, 6-K)`. The one counterclockwise circuit runs along row 1 left to right (South a1 … a6),
//! then along row 0 right to left (North a1 … a6), then back to South a1; `(1,c)` faces `(0,c)`.
//! Seeds not on the board are split between the captured piles so that the total is 48.

use crate::common::{kn, legal, play, play_game, rows, strings, win};
use bao_engine::{EndReason, Game, Outcome, Pit, Player, Position, Variant};

fn reserved(p: &Position) -> Vec<(Pit, Player)> {
    p.reserved_holes()
}

#[test]
fn kn_1_start_has_four_seeds_in_all_12_pits() {
    let p = Position::new(Variant::Kingulu);
    assert_eq!(p.rows(), rows(&[[4; 6], [4; 6]]));
    assert_eq!(p.to_move(), Player::South);
    assert!(p.reserved_holes().is_empty());
}

#[test]
fn kn_3_first_lap_may_not_end_in_an_occupied_own_pit() {
    // From the start, a1's four seeds end in a5 and a2's in a6: both occupied own pits (KN-3).
    // a3 … a6 end their first lap in North's row.
    assert_eq!(
        legal(&Position::new(Variant::Kingulu)),
        strings(&["a3", "a4", "a5", "a6"])
    );
    // A singleton next to an occupied pit is stuck; one next to an empty pit may move (KN-2).
    let p = kn("south", [[0; 6], [1, 1, 0, 0, 0, 0]], [20, 26], &[]);
    assert_eq!(legal(&p), strings(&["a2"]));
    // a2 → a3: empty own pit, facing the empty (0,2): nothing captured, the seed stays (KN-4).
    assert_eq!(play(&p, "a2").rows(), rows(&[[0; 6], [1, 0, 1, 0, 0, 0]]));
}

#[test]
fn kn_3_first_lap_ending_in_own_pit_of_three_is_forbidden_not_a_reservation() {
    // a1 → a2 (3 → 4): an occupied own pit; kuweka mtoto is only for opponent pits (KN-5).
    let p = kn("south", [[0; 6], [1, 3, 0, 0, 0, 0]], [22, 22], &[]);
    assert_eq!(legal(&p), strings(&["a2"]));
}

#[test]
fn kn_7_relay_laps_may_end_in_own_pits_and_kn_4_capture_ends_the_move() {
    // From the start, a3 (ring index k: South a1..a6 = 0..5, North a1..a6 = 6..11):
    //  lap 1: 4 seeds into 3, 4, 5, 6 → k6 (North a1) held 4: relay 5 (lap 2) into 7..11 →
    //  k11 held 4: relay 5 (lap 3) into 0, 1, 2, 3, 4 → k4 (own row, held 5): relay 6 (KN-7, not
    //  the first lap) into 5..10 → k10 held 5: relay 6 into 11, 0, 1, 2, 3, 4 → k4 was emptied:
    //  the lap ends in an empty own pit; it faces (0,4) = k7 = 6: South captures those 6 and the
    //  capturing seed (KN-4).
    let after = play(&Position::new(Variant::Kingulu), "a3");
    assert_eq!(
        after.rows(),
        rows(&[[1, 0, 6, 6, 0, 1], [6, 6, 2, 7, 0, 6]])
    );
    assert_eq!(after.captured(Player::South), 7);
    assert_eq!(after.captured(Player::North), 0);
    assert_eq!(after.to_move(), Player::North);
}

#[test]
fn kn_4_capture_takes_opposite_pit_with_the_capturing_seed() {
    // a1 (2) → a2, a3: a3 was empty and faces (0,2) = 3.
    let p = kn(
        "south",
        [[1, 0, 3, 0, 0, 0], [2, 0, 0, 0, 0, 0]],
        [21, 21],
        &[],
    );
    let after = play(&p, "a1");
    assert_eq!(
        after.rows(),
        rows(&[[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]])
    );
    assert_eq!(after.captured(Player::South), 21 + 4);
}

#[test]
fn kn_4_no_capture_when_the_opposite_pit_is_empty() {
    let p = kn(
        "south",
        [[1, 0, 0, 3, 0, 0], [2, 0, 0, 0, 0, 0]],
        [21, 21],
        &[],
    );
    let after = play(&p, "a1");
    assert_eq!(
        after.rows(),
        rows(&[[1, 0, 0, 3, 0, 0], [0, 1, 1, 0, 0, 0]])
    );
    assert_eq!(after.captured(Player::South), 21);
}

#[test]
fn kn_4_no_capture_when_the_opposite_pit_is_reserved() {
    // (0,2) is South's own reserved hole with 5 seeds: landing opposite it captures nothing.
    let p = kn(
        "south",
        [[1, 0, 5, 0, 0, 0], [2, 0, 0, 0, 0, 0]],
        [20, 20],
        &[(0, 2, "south")],
    );
    let after = play(&p, "a1");
    assert_eq!(
        after.rows(),
        rows(&[[1, 0, 5, 0, 0, 0], [0, 1, 1, 0, 0, 0]])
    );
    assert_eq!(after.captured(Player::South), 20);
}

#[test]
fn kn_4_ending_in_an_empty_opponent_pit_captures_nothing() {
    // a6 (1) → North a1 = (0,5), empty: the move ends; (1,5) is not "opposite" a capture.
    let p = kn(
        "south",
        [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 3, 1]],
        [22, 22],
        &[],
    );
    let after = play(&p, "a6");
    assert_eq!(
        after.rows(),
        rows(&[[0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 3, 0]])
    );
    assert_eq!(after.captured(Player::South), 22);
}

/// South: a5 = 2, a6 = 1. North: a6 = (0,0) = 2, a1 = (0,5) = 3.
fn mtoto_position() -> Position {
    kn(
        "south",
        [[2, 0, 0, 0, 0, 3], [0, 0, 0, 0, 2, 1]],
        [20, 20],
        &[],
    )
}

#[test]
fn kn_5_kuweka_mtoto_moves_second_to_last_seed() {
    // a5 (2) → a6 (1 → 2), North a1 (3 → 4): the first lap ends in an opponent pit that held 3.
    // The hole is South's for good, and the second-to-last seed (the one just dropped into a6)
    // moves into it: a6 back to 1, the hole 5.
    let after = play(&mtoto_position(), "a5");
    assert_eq!(
        after.rows(),
        rows(&[[2, 0, 0, 0, 0, 5], [0, 0, 0, 0, 0, 1]])
    );
    assert_eq!(reserved(&after), vec![(Pit::new(0, 5), Player::South)]);
    assert_eq!(after.reserved_by(Pit::new(0, 5)), Some(Player::South));
    assert_eq!(after.captured(Player::South), 20);
}

#[test]
fn kn_5_kuweka_mtoto_from_a_singleton_moves_no_second_seed() {
    // a6 (1) → North a1 (3 → 4): reserved, but the move began from a single seed.
    let after = play(&mtoto_position(), "a6");
    assert_eq!(
        after.rows(),
        rows(&[[2, 0, 0, 0, 0, 4], [0, 0, 0, 0, 2, 0]])
    );
    assert_eq!(reserved(&after), vec![(Pit::new(0, 5), Player::South)]);
}

#[test]
fn kn_5_second_to_last_seed_in_a_reserved_hole_stays_taken() {
    // South already holds (0,5) (4 seeds). a6 (2): the first seed falls into (0,5) and is South's
    // toll (KN-6); the last falls into North a2 = (0,4), which held 3: a new reservation. The
    // second-to-last seed went into a reserved hole, so nothing more moves.
    let p = kn(
        "south",
        [[1, 0, 0, 0, 3, 4], [0, 0, 0, 0, 0, 2]],
        [18, 20],
        &[(0, 5, "south")],
    );
    let after = play(&p, "a6");
    assert_eq!(after.rows(), rows(&[[1, 0, 0, 0, 4, 4], [0; 6]]));
    assert_eq!(after.captured(Player::South), 19);
    let mut holes = reserved(&after);
    holes.sort();
    assert_eq!(
        holes,
        vec![
            (Pit::new(0, 4), Player::South),
            (Pit::new(0, 5), Player::South)
        ]
    );
}

#[test]
fn kn_5_kuweka_mtoto_on_a_relay_lap() {
    // a6 (2) → (0,5) = 1, (0,4): held 1 → relay 2 → (0,3) = 1, (0,2): held 3 → reserved; the
    // second-to-last seed of that lap ((0,3)) moves in: (0,3) = 0, (0,2) = 5.
    let p = kn(
        "south",
        [[1, 0, 3, 0, 1, 0], [0, 0, 0, 0, 0, 2]],
        [20, 21],
        &[],
    );
    let after = play(&p, "a6");
    assert_eq!(after.rows(), rows(&[[1, 0, 5, 0, 0, 1], [0; 6]]));
    assert_eq!(reserved(&after), vec![(Pit::new(0, 2), Player::South)]);
}

#[test]
fn kn_6_seed_sown_through_own_reserved_hole_is_a_toll() {
    // South holds (0,5) with 4. a5 (3) → a6 = 1, (0,5) toll to South, (0,4) empty: end.
    let p = kn(
        "south",
        [[0, 0, 0, 0, 0, 4], [0, 0, 0, 0, 3, 0]],
        [20, 21],
        &[(0, 5, "south")],
    );
    let after = play(&p, "a5");
    assert_eq!(
        after.rows(),
        rows(&[[0, 0, 0, 0, 1, 4], [0, 0, 0, 0, 0, 1]])
    );
    assert_eq!(after.captured(Player::South), 21);
}

#[test]
fn kn_6_opponent_sowing_through_a_reserved_hole_pays_its_owner() {
    // South holds North a3 = (0,3). North plays a2 = (0,4) (2 seeds): (0,3) toll to South,
    // (0,2) = 1, an empty own pit facing the empty (1,2): nothing captured.
    let p = kn(
        "north",
        [[0, 0, 0, 6, 2, 0], [1, 0, 0, 0, 0, 0]],
        [19, 20],
        &[(0, 3, "south")],
    );
    let after = play(&p, "a2");
    assert_eq!(
        after.rows(),
        rows(&[[0, 0, 1, 6, 0, 0], [1, 0, 0, 0, 0, 0]])
    );
    assert_eq!(after.captured(Player::South), 20);
    assert_eq!(after.captured(Player::North), 20);
}

#[test]
fn kn_6_last_seed_into_a_reserved_hole_ends_the_move() {
    // a6 (1) → South's hole (0,5) with 5 seeds: the seed is South's toll; no relay, no capture.
    let p = kn(
        "south",
        [[0, 0, 0, 0, 0, 5], [0, 0, 0, 0, 2, 1]],
        [20, 20],
        &[(0, 5, "south")],
    );
    let after = play(&p, "a6");
    assert_eq!(
        after.rows(),
        rows(&[[0, 0, 0, 0, 0, 5], [0, 0, 0, 0, 2, 0]])
    );
    assert_eq!(after.captured(Player::South), 21);
}

#[test]
fn kn_6_first_lap_into_opponents_hole_in_own_row_is_allowed_and_pays_the_opponent() {
    // North holds South a2 = (1,1). a1 (1) → (1,1): not an occupied unreserved own pit, so KN-3
    // does not forbid it; the seed is North's toll and the move ends.
    let p = kn(
        "south",
        [[0, 0, 0, 0, 0, 1], [1, 3, 0, 0, 0, 0]],
        [21, 22],
        &[(1, 1, "north")],
    );
    assert_eq!(legal(&p), strings(&["a1"]));
    let after = play(&p, "a1");
    assert_eq!(
        after.rows(),
        rows(&[[0, 0, 0, 0, 0, 1], [0, 3, 0, 0, 0, 0]])
    );
    assert_eq!(after.captured(Player::North), 23);
}

#[test]
fn kn_2_reserved_holes_are_never_played() {
    // South's only seeds lie in North's hole (1,1): South has no move.
    let p = kn(
        "south",
        [[5, 0, 0, 0, 0, 0], [0, 4, 0, 0, 0, 0]],
        [20, 19],
        &[(1, 1, "north")],
    );
    assert!(p.legal_moves().is_empty());
    // KN-8: South = 20 captured; North = 19 + 5 in its own pit + 4 in its hole = 28.
    assert_eq!(p.outcome(), win(Player::North, EndReason::FinalScore));
    assert_eq!(p.kingulu_score(Player::South), 20);
    assert_eq!(p.kingulu_score(Player::North), 28);
}

#[test]
fn kn_8_scores_count_own_pits_reserved_holes_and_captures_24_24_draws() {
    // South to move with an empty row. South: 17 captured + 7 in its hole (0,5) = 24.
    // North: 19 captured + 5 in (0,0) = 24.
    let p = kn(
        "south",
        [[5, 0, 0, 0, 0, 7], [0; 6]],
        [17, 19],
        &[(0, 5, "south")],
    );
    assert_eq!(
        p.outcome(),
        Outcome::Draw {
            reason: EndReason::FinalScore
        }
    );
    assert_eq!(p.kingulu_score(Player::South), 24);
    assert_eq!(p.kingulu_score(Player::North), 24);
    let q = kn(
        "south",
        [[5, 0, 0, 0, 0, 7], [0; 6]],
        [18, 18],
        &[(0, 5, "south")],
    );
    assert_eq!(q.outcome(), win(Player::South, EndReason::FinalScore));
    assert_eq!(Game::from_position(q).outcome(), q.outcome());
}

/// A six-ply cycle, checked move by move by hand (ring k: South a1..a6 = 0..5, North a1..a6 =
/// 6..11; the position as k0..k11 = 0,1,0,2,1,1 | 1,0,1,0,2,0):
/// 1. South a6: k5 → k6 (held 1): relay 2 → k7, k8 (held 1): relay 2 → k9, k10 (held 2): relay 3
///    → k11, k0, k1 (own, held 1, lap 4): relay 2 → k2, k3 (held 2): relay 3 → k4, k5, k6 (emptied
///    earlier): North's row, the move ends. Board 1,0,1,0,2,1 | 1,1,0,1,0,1.
/// 2. North a2 (k7, 1) → k8, empty own pit facing k3 = 0: stays. 1,0,1,0,2,1 | 1,0,1,1,0,1.
/// 3. South a6: k5 → k6 (1): relay 2 → k7, k8 (1): relay 2 → k9, k10 (empty): end.
///    1,0,1,0,2,0 | 0,1,0,2,1,1.
/// 4. North a6 (k11) → k0 (1): relay 2 → k1, k2 (1): relay 2 → k3, k4 (2): relay 3 → k5, k6, k7
///    (North's own, 1, lap 4): relay 2 → k8, k9 (2): relay 3 → k10, k11, k0 (emptied): end.
///    1,1,0,1,0,1 | 1,0,1,0,2,1.
/// 5. South a2 (k1) → k2, empty, facing k9 = 0: stays. 1,0,1,1,0,1 | 1,0,1,0,2,1.
/// 6. North a6 (k11) → k0 (1): relay 2 → k1, k2 (1): relay 2 → k3, k4 (empty, South's): end.
///    0,1,0,2,1,1 | 1,0,1,0,2,0 — the start again, with nothing captured or reserved.
const CYCLE: [&str; 6] = ["a6", "a2", "a6", "a6", "a2", "a6"];

fn cycle_start(captured: [u8; 2]) -> Position {
    kn(
        "south",
        [[0, 2, 0, 1, 0, 1], [0, 1, 0, 2, 1, 1]],
        captured,
        &[],
    )
}

#[test]
fn kn_9_third_occurrence_ends_the_game_scored() {
    let start = cycle_start([20, 19]);
    let mut game = Game::from_position(start);
    for ply in 0..12 {
        assert_eq!(game.outcome(), Outcome::Ongoing, "ply {ply}");
        play_game(&mut game, CYCLE[ply % 6]);
        if ply % 6 == 5 {
            assert_eq!(*game.position(), start, "the cycle returns after six plies");
        }
    }
    // Third occurrence: scored as KN-8. South 20 + 5 on its row = 25, North 19 + 4 = 23.
    assert_eq!(game.outcome(), win(Player::South, EndReason::Repetition));
    assert!(game.legal_moves().is_empty());
    assert!(game.play(crate::common::mv("a6")).is_err());
}

#[test]
fn kn_9_threefold_repetition_at_24_24_is_a_draw() {
    // South 19 + 5 = 24, North 20 + 4 = 24.
    let mut game = Game::from_position(cycle_start([19, 20]));
    for ply in 0..12 {
        play_game(&mut game, CYCLE[ply % 6]);
    }
    assert_eq!(
        game.outcome(),
        Outcome::Draw {
            reason: EndReason::Repetition
        }
    );
}

#[test]
fn kn_9_undo_forgets_an_occurrence() {
    let mut game = Game::from_position(cycle_start([20, 19]));
    for ply in 0..12 {
        play_game(&mut game, CYCLE[ply % 6]);
    }
    assert!(game.outcome().is_over());
    assert_eq!(game.undo(), Some(crate::common::mv("a6")));
    assert_eq!(game.outcome(), Outcome::Ongoing);
    play_game(&mut game, "a6");
    assert_eq!(game.outcome(), win(Player::South, EndReason::Repetition));
}

#[test]
fn kn_2_kn_3_why_not_start_names_the_rule_that_refuses_a_pit() {
    use bao_engine::StartRefusal;
    let start = Position::new(Variant::Kingulu);
    assert_eq!(
        start.why_not_start(Pit::new(1, 0)),
        Some(StartRefusal::FirstLapOwnRow)
    );
    assert_eq!(start.why_not_start(Pit::new(1, 2)), None);
    let p = kn(
        "south",
        [[0, 0, 0, 0, 0, 1], [1, 3, 0, 0, 0, 0]],
        [21, 22],
        &[(1, 1, "north")],
    );
    assert_eq!(
        p.why_not_start(Pit::new(1, 1)),
        Some(StartRefusal::Reserved)
    );
    assert_eq!(p.why_not_start(Pit::new(1, 3)), Some(StartRefusal::Empty));
}
