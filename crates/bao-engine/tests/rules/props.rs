//! Property tests over positions reached by random legal play from each variant's start: seeds
//! are conserved, `legal_moves` and `play` agree exactly, notation and the JSON format
//! round-trip, and no input makes the engine panic.

use bao_engine::{
    Direction, Game, Kichwa, Move, PitName, PlayErrorKind, Player, Position, PositionSetup, Row,
    Variant,
};
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// A position after `plies` random legal moves (fewer if the game ends) from the start.
fn reached(variant: usize, seed: u64, plies: usize) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut p = Position::new(Variant::ALL[variant % Variant::ALL.len()]);
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p
            .play(moves[rng.random_range(0..moves.len())])
            .expect("listed move");
    }
    p
}

fn positions() -> impl Strategy<Value = Position> {
    (0usize..Variant::ALL.len(), any::<u64>(), 0usize..120).prop_map(|(v, s, n)| reached(v, s, n))
}

/// Notation-shaped text, mostly well formed, sometimes not.
fn move_texts() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ab][0-9]{1,2}[+-]?(/[LR]){0,3}",
        "[ab]1[0-3]",
        "[a-c+/LR0-9-]{0,8}",
        any::<String>(),
    ]
}

fn any_move() -> impl Strategy<Value = Move> {
    (
        prop_oneof![Just(Row::Front), Just(Row::Back)],
        1u8..=255,
        prop_oneof![
            Just(None),
            Just(Some(Direction::CounterClockwise)),
            Just(Some(Direction::Clockwise))
        ],
        proptest::collection::vec(any::<bool>(), 0..=4),
    )
        .prop_map(|(row, number, dir, choices)| {
            let pit = PitName { row, number };
            match dir {
                None => Move::new(pit),
                Some(d) => choices.iter().fold(Move::with_direction(pit, d), |m, &r| {
                    let k = if r { Kichwa::Right } else { Kichwa::Left };
                    m.with_choice(k).expect("at most four")
                }),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn prop_every_legal_move_conserves_the_seed_total(p in positions()) {
        let total = p.variant().total_seeds();
        prop_assert_eq!(p.seed_total(), total);
        for m in p.legal_moves() {
            let next = p.play(m).expect("listed move");
            prop_assert_eq!(next.seed_total(), total, "{}", m);
            prop_assert_eq!(next.to_move(), p.to_move().opponent());
            let on_board: u32 = next.rows().iter().flatten().map(|&s| u32::from(s)).sum();
            let captured = u32::from(next.captured(Player::South))
                + u32::from(next.captured(Player::North));
            prop_assert_eq!(on_board + captured, total);
            if p.variant() == Variant::Kimasai {
                prop_assert!(next.rows().iter().flatten().all(|&s| s <= 1), "KM-1");
            }
            if p.variant().is_kujifunza() {
                prop_assert_eq!(captured, 0, "KU-7");
            }
            if p.variant() == Variant::Kingulu {
                prop_assert_eq!(
                    next.kingulu_score(Player::South) + next.kingulu_score(Player::North),
                    48,
                    "KN-8"
                );
            }
        }
    }

    #[test]
    fn prop_legal_moves_are_exactly_the_moves_play_accepts(p in positions(), texts in proptest::collection::vec(move_texts(), 1..12)) {
        let legal = p.legal_moves();
        let mut distinct = legal.to_vec();
        distinct.sort();
        distinct.dedup();
        prop_assert_eq!(distinct.len(), legal.len(), "every full move once (docs/rules.md)");
        let mut successors = Vec::new();
        p.for_each_move(|m, next| successors.push((m, *next)));
        prop_assert_eq!(successors.len(), legal.len());
        for (&m, (sm, next)) in legal.iter().zip(&successors) {
            prop_assert_eq!(m, *sm);
            prop_assert!(p.is_legal(&m));
            prop_assert_eq!(p.play(m), Ok(*next));
            let mut fast = p;
            fast.play_unchecked(m);
            prop_assert_eq!(fast, *next);
        }
        // Anything else is refused, and a game refusing it is unchanged.
        let mut game = Game::from_position(p);
        for text in texts {
            let Ok(m) = text.parse::<Move>() else { continue };
            if legal.contains(&m) {
                continue;
            }
            let err = p.play(m).expect_err("not a listed move");
            prop_assert_eq!(err.mv, m);
            let kind = if legal.is_empty() {
                PlayErrorKind::GameOver
            } else if p.variant() == Variant::Kujifunza && m.choice_count() > 0 {
                // KU-8: letters are refused with their own reason.
                PlayErrorKind::KichwaNotChosen
            } else {
                PlayErrorKind::Illegal
            };
            prop_assert_eq!(err.kind, kind);
            prop_assert!(!p.is_legal(&m));
            prop_assert!(game.play(m).is_err());
            prop_assert_eq!(*game.position(), p);
            prop_assert!(game.moves().is_empty());
        }
    }

    #[test]
    fn prop_game_over_exactly_when_no_move_is_legal(p in positions()) {
        prop_assert_eq!(p.outcome().is_over(), p.legal_moves().is_empty());
        prop_assert_eq!(Game::from_position(p).outcome(), p.outcome());
    }

    #[test]
    fn prop_notation_round_trips(m in any_move()) {
        let text = m.to_string();
        prop_assert_eq!(text.parse::<Move>(), Ok(m));
    }

    #[test]
    fn prop_parsing_never_panics_and_what_parses_prints_back(text in move_texts()) {
        if let Ok(m) = text.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
    }

    #[test]
    fn prop_json_round_trips(p in positions()) {
        let text = p.to_json();
        prop_assert_eq!(Position::from_json(&text), Ok(p));
        prop_assert_eq!(Position::from_setup(&p.to_setup()), Ok(p));
    }

    #[test]
    fn prop_loading_arbitrary_text_never_panics(text in any::<String>()) {
        let _ = Position::from_json(&text);
    }

    #[test]
    fn prop_loading_arbitrary_setups_never_panics(
        variant in prop_oneof![Just("kujifunza"), Just("kujifunza-choice"), Just("kingulu"), Just("kigogo"), Just("kimasai"), Just("x")],
        to_move in prop_oneof![Just("south"), Just("north"), Just("")],
        rows in proptest::collection::vec(proptest::collection::vec(-3i64..60, 0..14), 0..6),
        captured in (-3i64..100, -3i64..100),
        reserved in proptest::collection::vec((-1i64..4, -1i64..13, prop_oneof![Just("south"), Just("north"), Just("x")]), 0..4),
    ) {
        let setup = PositionSetup {
            variant: variant.into(),
            to_move: to_move.into(),
            rows,
            captured: bao_engine::CapturedSetup { south: captured.0, north: captured.1 },
            reserved: reserved
                .into_iter()
                .map(|(row, col, owner)| bao_engine::ReservedSetup { row, col, owner: owner.into() })
                .collect(),
        };
        if let Ok(p) = Position::from_setup(&setup) {
            prop_assert_eq!(p.seed_total(), p.variant().total_seeds());
            let _ = p.legal_moves();
            let _ = p.outcome();
        }
    }
}
