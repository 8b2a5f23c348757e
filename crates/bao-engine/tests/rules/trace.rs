//! Move traces: the physical steps of a move, written out by hand for a few moves, and replayed
//! with `TraceReplay` for every legal move along many random games (the replay must give exactly
//! the position `play` gives).

use crate::common::{kg, kn, ku, kuc, mv};
use bao_engine::{
    CaptureTo, Direction, Game, Kichwa, Pit, Player, Position, ReEntry, Step, TraceReplay, Variant,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

fn steps(p: &Position, text: &str) -> Vec<Step> {
    let (next, steps) = p.play_traced(mv(text)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(TraceReplay::replay(p, &steps), Ok(next));
    steps
}

fn sow(row: u8, col: u8) -> Step {
    Step::Sow {
        pit: Pit::new(row, col),
    }
}

#[test]
fn trace_of_a_kigogo_move_lifts_then_sows_one_seed_at_a_time() {
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
        steps(&p, "b3"),
        vec![
            Step::Lift {
                pit: Pit::new(3, 2),
                count: 2
            },
            sow(3, 3),
            sow(3, 4),
        ]
    );
}

#[test]
fn trace_of_kujifunza_capture_reentry_and_relay() {
    // The KU-7 example of kujifunza.rs: a4+ captures 2 at (1,1), re-enters at a1 clockwise,
    // relays 3 from a2.
    let p = ku(
        "south",
        [
            [8, 8, 7, 7, 7, 7, 7, 7],
            [0, 2, 0, 0, 0, 0, 0, 1],
            [0, 1, 0, 2, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 0],
        ],
    );
    assert_eq!(
        steps(&p, "a4+"),
        vec![
            Step::Lift {
                pit: Pit::new(2, 3),
                count: 2
            },
            sow(2, 2),
            sow(2, 1),
            Step::Capture {
                pit: Pit::new(1, 1),
                count: 2,
                by: Player::South,
                to: CaptureTo::Hand
            },
            Step::ReEnter {
                pit: Pit::new(2, 0),
                kichwa: Kichwa::Left,
                direction: Direction::Clockwise,
                why: ReEntry::Kimbi
            },
            sow(2, 0),
            sow(2, 1),
            Step::Relay {
                pit: Pit::new(2, 1),
                count: 3
            },
            sow(2, 2),
            sow(2, 3),
            sow(2, 4),
        ]
    );
}

/// South: a1 = 1, a3 = 2, a5 = 1, a8 = 1; North's only front seed is (1,4), facing a5.
fn middle_capture_board() -> [[u8; 8]; 4] {
    [
        [8, 8, 7, 7, 7, 7, 7, 7],
        [0, 0, 0, 0, 1, 0, 0, 0],
        [1, 0, 2, 0, 1, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 0, 0],
    ]
}

#[test]
fn ku_8c_trace_records_the_kichwa_chosen_for_a_middle_capture() {
    let p = kuc("south", middle_capture_board());
    let s = steps(&p, "a3-/R");
    assert!(s.contains(&Step::Choice {
        kichwa: Kichwa::Right
    }));
    assert!(s.contains(&Step::ReEnter {
        pit: Pit::new(2, 7),
        kichwa: Kichwa::Right,
        direction: Direction::CounterClockwise,
        why: ReEntry::Chosen
    }));
    assert_eq!(
        s.last(),
        Some(&sow(2, 7)),
        "KU-9a: the re-entry is the last lap"
    );
}

#[test]
fn ku_8_trace_of_a_middle_capture_says_the_direction_was_kept() {
    // a3- captures from a5 while going `-`: re-entry at a1, no choice step (KU-8).
    let p = ku("south", middle_capture_board());
    let s = steps(&p, "a3-");
    assert!(!s.iter().any(|step| matches!(step, Step::Choice { .. })));
    assert!(s.contains(&Step::ReEnter {
        pit: Pit::new(2, 0),
        kichwa: Kichwa::Left,
        direction: Direction::Clockwise,
        why: ReEntry::KeepsDirection
    }));
}

#[test]
fn trace_of_kuweka_mtoto_reserves_then_moves_the_second_to_last_seed() {
    let p = kn(
        "south",
        [[2, 0, 0, 0, 0, 3], [0, 0, 0, 0, 2, 1]],
        [20, 20],
        &[],
    );
    assert_eq!(
        steps(&p, "a5"),
        vec![
            Step::Lift {
                pit: Pit::new(1, 4),
                count: 2
            },
            sow(1, 5),
            sow(0, 5),
            Step::Reserve {
                pit: Pit::new(0, 5),
                owner: Player::South
            },
            Step::MoveToReserved {
                from: Pit::new(1, 5),
                to: Pit::new(0, 5)
            },
        ]
    );
}

#[test]
fn trace_of_a_toll_follows_the_seed_into_the_reserved_hole() {
    let p = kn(
        "south",
        [[0, 0, 0, 0, 0, 4], [0, 0, 0, 0, 3, 0]],
        [20, 21],
        &[(0, 5, "south")],
    );
    assert_eq!(
        steps(&p, "a5"),
        vec![
            Step::Lift {
                pit: Pit::new(1, 4),
                count: 3
            },
            sow(1, 5),
            sow(0, 5),
            Step::Toll {
                pit: Pit::new(0, 5),
                owner: Player::South
            },
            sow(0, 4),
        ]
    );
}

#[test]
fn trace_of_a_kingulu_capture_takes_both_the_opposite_pit_and_the_capturing_seed() {
    let p = kn(
        "south",
        [[1, 0, 3, 0, 0, 0], [2, 0, 0, 0, 0, 0]],
        [21, 21],
        &[],
    );
    let s = steps(&p, "a1");
    assert_eq!(
        s[..3],
        [
            Step::Lift {
                pit: Pit::new(1, 0),
                count: 2
            },
            sow(1, 1),
            sow(1, 2)
        ]
    );
    let mut captures = s[3..].to_vec();
    captures.sort_by_key(|s| format!("{s:?}"));
    let capture = |row, col, count| Step::Capture {
        pit: Pit::new(row, col),
        count,
        by: Player::South,
        to: CaptureTo::OffBoard,
    };
    let mut expected = vec![capture(0, 2, 3), capture(1, 2, 1)];
    expected.sort_by_key(|s| format!("{s:?}"));
    assert_eq!(captures, expected);
}

#[test]
fn trace_replay_equals_play_for_every_move_of_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x7ACE);
    let mut checked = 0;
    for variant in Variant::ALL {
        for _ in 0..25 {
            let mut game = Game::new(variant);
            for _ in 0..150 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let before = *game.position();
                for &m in &moves {
                    let (next, trace) = before.play_traced(m).expect("listed move");
                    assert_eq!(before.play(m), Ok(next));
                    assert_eq!(
                        TraceReplay::replay(&before, &trace),
                        Ok(next),
                        "{variant} {m} from {}",
                        crate::common::describe(&before)
                    );
                    checked += 1;
                }
                let m = moves[rng.random_range(0..moves.len())];
                let expected = before.play_traced(m).expect("listed move").1;
                assert_eq!(game.play_traced(m), Ok(expected));
            }
        }
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}

#[test]
fn trace_replay_step_by_step_shows_the_hand() {
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
    let trace = steps(&p, "b3");
    let mut replay = TraceReplay::new(&p);
    let mut hands = Vec::new();
    for s in &trace {
        replay.apply(s).expect("valid step");
        hands.push(replay.hand());
    }
    assert_eq!(hands, [2, 1, 0]);
    assert_eq!(replay.board().rows()[3][..5], [1, 0, 0, 2, 1]);
    assert_eq!(
        replay.board().to_move(),
        Player::South,
        "the mover's until finish"
    );
    assert_eq!(replay.finish().map(|q| q.to_move()), Ok(Player::North));
}

#[test]
fn trace_replay_refuses_steps_that_do_not_fit_the_board() {
    let p = Position::new(Variant::Kigogo);
    let bad: &[&[Step]] = &[
        &[sow(3, 0)],
        &[Step::Lift {
            pit: Pit::new(3, 0),
            count: 5,
        }],
        &[Step::Lift {
            pit: Pit::new(9, 0),
            count: 2,
        }],
        &[Step::Lift {
            pit: Pit::new(3, 0),
            count: 2,
        }],
        &[Step::Capture {
            pit: Pit::new(2, 0),
            count: 1,
            by: Player::South,
            to: CaptureTo::OffBoard,
        }],
        &[Step::Toll {
            pit: Pit::new(2, 0),
            owner: Player::North,
        }],
        &[Step::MoveToReserved {
            from: Pit::new(2, 0),
            to: Pit::new(1, 0),
        }],
        &[Step::Reserve {
            pit: Pit::new(1, 0),
            owner: Player::South,
        }],
    ];
    for steps in bad {
        assert!(
            TraceReplay::replay(&p, steps).is_err(),
            "{steps:?} should not replay"
        );
    }
    let err = TraceReplay::replay(&p, bad[0]).unwrap_err();
    assert_eq!(err.index, 0);
    assert!(err.to_string().contains("step 0"));
}
