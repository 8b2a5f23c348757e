//! Scripted games of every variant, played by clicks and watched to the end of every animation:
//! after each move the seed entities equal the engine's position.

use crate::harness::*;
use bao::core::{Seat, StartGame};
use bao_engine::{Move, Position, Step, Variant};
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

const HUMANS: [Seat; 2] = [Seat::Human, Seat::Human];

/// Plays at least `min_moves` moves of `variant` by clicks (starting a new game when one ends),
/// preferring moves for which `interesting` holds; returns how many interesting moves were
/// played.
fn scripted(variant: Variant, min_moves: usize, interesting: fn(&Move, &[Step]) -> bool) -> usize {
    let mut app = app(variant, HUMANS, 4.0);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7 + variant as u64);
    assert_board_matches(&mut app, "start");
    let mut played = 0;
    let mut special = 0;
    while played < min_moves {
        let game = session(&app).game();
        let legal = game.legal_moves();
        if legal.is_empty() {
            app.world_mut().write_message(StartGame {
                variant,
                seats: HUMANS,
            });
            app.update();
            app.update();
            assert_board_matches(&mut app, "new game");
            continue;
        }
        let position: Position = *game.position();
        let special_moves: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                position
                    .play_traced(*m)
                    .is_ok_and(|(_, steps)| interesting(m, &steps))
            })
            .collect();
        let mv = if !special_moves.is_empty() && (special < 3 || rng.random_range(0..3) == 0) {
            special += 1;
            special_moves[rng.random_range(0..special_moves.len())]
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        play_by_clicks(&mut app, mv);
        finish_animation(&mut app);
        played += 1;
        assert_board_matches(&mut app, &format!("{variant} move {played} ({mv})"));
    }
    special
}

#[test]
fn ku_7_ku_8_kujifunza_game_with_chained_captures_keeps_seeds_equal_to_engine() {
    // Chains (KU-9) whose middle captures keep the move's direction (KU-8), re-entering at a
    // kichwa (KU-7).
    let chains = scripted(Variant::Kujifunza, 22, |_, steps| {
        steps
            .iter()
            .filter(|s| matches!(s, Step::ReEnter { .. }))
            .count()
            >= 2
    });
    assert!(chains >= 1, "the game had a chained capture");
}

#[test]
fn ku_8c_kujifunza_choice_game_with_kichwa_choices_keeps_seeds_equal_to_engine() {
    // Moves that carry a kichwa choice (KU-8c) capture and re-enter at a kichwa (KU-7), often in
    // a chain (KU-9).
    let chosen = scripted(Variant::KujifunzaChoice, 22, |m, steps| {
        m.choice_count() >= 1 && steps.iter().any(|s| matches!(s, Step::ReEnter { .. }))
    });
    assert!(chosen >= 1, "the game had a kichwa choice");
}

#[test]
fn ku_8_kujifunza_re_entry_is_shown_not_asked_and_the_feedback_says_why() {
    // KU-8: no move carries a letter, so a capture is played from its clicks alone and no kichwa
    // is ever asked; as the seeds re-enter, the feedback line says why that kichwa.
    let mut app = app(Variant::Kujifunza, HUMANS, 4.0);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
    let mut told = 0;
    for _ply in 0..30 {
        let before = position(&app);
        let legal = before.legal_moves();
        let Some(&mv) = legal.get(rng.random_range(0..legal.len().max(1))) else {
            break;
        };
        assert_eq!(mv.choice_count(), 0, "{mv}");
        let (_, steps) = before.play_traced(mv).expect("legal");
        let last_reentry = steps.iter().rev().find_map(|s| match s {
            Step::ReEnter { why, .. } => Some(*why),
            _ => None,
        });
        play_by_clicks(&mut app, mv);
        while busy(&app) {
            assert!(
                !matches!(selection(&app), bao::input::Selection::Kichwa { .. }),
                "{mv}: a kichwa was asked"
            );
            app.update();
        }
        finish_animation(&mut app);
        assert_board_matches(&mut app, &format!("after {mv}"));
        if let Some(why) = last_reentry {
            assert!(
                matches!(
                    session(&app).feedback(),
                    Some(bao::core::Feedback::ReEntered { why: w, .. }) if w == why
                ),
                "{mv}: feedback {:?}",
                session(&app).feedback()
            );
            told += 1;
        }
    }
    assert!(told >= 3, "only {told} re-entries were told");
}

#[test]
fn kn_5_kn_6_kingulu_game_with_reservations_keeps_seeds_equal_to_engine() {
    let reserved = scripted(Variant::Kingulu, 22, |_, steps| {
        steps.iter().any(|s| matches!(s, Step::Reserve { .. }))
    });
    assert!(reserved >= 1, "the game had a reservation (kuweka mtoto)");
}

#[test]
fn kg_4_kigogo_game_with_captures_keeps_seeds_equal_to_engine() {
    let captures = scripted(Variant::Kigogo, 22, |_, steps| {
        steps.iter().any(|s| matches!(s, Step::Capture { .. }))
    });
    assert!(captures >= 1, "the game had a capture");
}

#[test]
fn km_3_kimasai_game_with_captures_keeps_seeds_equal_to_engine() {
    let captures = scripted(Variant::Kimasai, 22, |_, steps| {
        steps.iter().any(|s| matches!(s, Step::Capture { .. }))
    });
    assert!(captures >= 1, "the game had a capture");
}

#[test]
fn ku_8c_a_kujifunza_choice_chain_with_two_kichwa_choices_is_asked_in_order() {
    // Search a short random game for a move with two choices, then click it.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    for _attempt in 0..40 {
        let mut app = app(Variant::KujifunzaChoice, HUMANS, 4.0);
        for _ply in 0..40 {
            let legal = session(&app).game().legal_moves();
            if legal.is_empty() {
                break;
            }
            if let Some(&mv) = legal.iter().find(|m| m.choice_count() >= 2) {
                let clicks = play_by_clicks(&mut app, mv);
                // Start pit, maybe a direction, then one kichwa per differing choice.
                assert!(clicks >= 2, "{mv} needed its kichwa clicks");
                finish_animation(&mut app);
                assert_board_matches(&mut app, &format!("after {mv}"));
                return;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            play_by_clicks(&mut app, mv);
            skip(&mut app);
            finish_animation(&mut app);
        }
    }
    panic!("no move with two kichwa choices came up");
}

/// A `kujifunza-choice` game (people on both sides) advanced by random moves until the person
/// to move has a move whose kichwa choice (KU-8c) must be asked: the app and that move.
pub fn kujifunza_with_a_choice_to_make(seed: u64) -> (bevy::app::App, Move) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut app = app(Variant::KujifunzaChoice, HUMANS, 4.0);
    for _ply in 0..60 {
        let legal = session(&app).game().legal_moves();
        let asked = legal.iter().copied().find(|m| {
            legal.iter().any(|o| {
                o.pit() == m.pit() && o.direction() == m.direction() && o.choice(0) != m.choice(0)
            })
        });
        if let Some(mv) = asked {
            return (app, mv);
        }
        assert!(!legal.is_empty(), "the game ended before a choice came up");
        play_by_clicks(&mut app, legal[rng.random_range(0..legal.len())]);
        finish_animation(&mut app);
    }
    panic!("no kichwa choice came up");
}

/// Clicks `mv`'s start pit (and its direction) and runs the animation until it stops to ask
/// for the kichwa.
pub fn click_until_kichwa_asked(app: &mut bevy::app::App, mv: Move) {
    let before = position(app);
    let mover = before.to_move();
    let start = before.pit_named(mover, mv.pit()).expect("the move's pit");
    click(app, start);
    if let bao::input::Selection::Direction { .. } = selection(app) {
        let dir = mv.direction().expect("a direction");
        let target = before.next_pit(mover, start, dir).expect("a next pit");
        click(app, target);
    }
    for _ in 0..20_000 {
        if matches!(selection(app), bao::input::Selection::Kichwa { .. }) {
            return;
        }
        app.update();
    }
    panic!("the kichwa was never asked");
}

#[test]
fn ku_8c_the_kichwa_is_asked_when_the_animation_reaches_the_capture() {
    let (mut app, mv) = kujifunza_with_a_choice_to_make(5);
    let plies = session(&app).game().moves().len();
    let before = position(&app);
    click_until_kichwa_asked(&mut app, mv);
    // Stopped mid-move: the captured seeds are in the hand, the game has not played the move.
    assert_eq!(session(&app).game().moves().len(), plies, "not played yet");
    assert_eq!(position(&app), before);
    let in_hand = seed_counts(&mut app).get("hand").copied().unwrap_or(0);
    assert!(in_hand > 0, "the captured seeds wait in the hand");
    // It stays stopped: time passes, a skip does not pass the choice.
    for _ in 0..50 {
        app.update();
    }
    skip(&mut app);
    assert!(matches!(
        selection(&app),
        bao::input::Selection::Kichwa { .. }
    ));
    // A click elsewhere is refused gently and changes nothing.
    let bao::input::Selection::Kichwa { from, .. } = selection(&app) else {
        panic!("the kichwa is asked");
    };
    click(&mut app, from);
    assert!(matches!(
        selection(&app),
        bao::input::Selection::Kichwa { .. }
    ));
    assert!(session(&app).feedback().is_some(), "a one-line reason");
    assert_eq!(position(&app), before);
    // The kichwa of `mv` goes on.
    let start = before.pit_named(before.to_move(), mv.pit()).expect("a pit");
    assert!(answer_questions(&mut app, mv, &before, start) >= 1);
    finish_animation(&mut app);
    assert_eq!(session(&app).game().moves().last(), Some(&mv));
    assert_eq!(position(&app), before.play(mv).expect("legal"));
    assert_board_matches(&mut app, &format!("after {mv}"));
}

#[test]
fn ku_8c_undo_while_the_kichwa_is_asked_takes_the_unfinished_move_back() {
    let (mut app, mv) = kujifunza_with_a_choice_to_make(11);
    let plies = session(&app).game().moves().len();
    let before = position(&app);
    click_until_kichwa_asked(&mut app, mv);
    command(&mut app, bao::core::GameCommand::Undo);
    finish_animation(&mut app);
    assert_eq!(selection(&app), bao::input::Selection::None);
    assert_eq!(session(&app).game().moves().len(), plies);
    assert_eq!(position(&app), before);
    assert_board_matches(&mut app, "after the unfinished move was taken back");
}

#[test]
fn with_reduced_motion_the_seeds_glide_without_arcs_and_every_step_is_shown() {
    let mut app = app(Variant::Kigogo, [Seat::Human, Seat::Human], 1.0);
    app.world_mut()
        .resource_mut::<bao::core::Settings>()
        .reduced_motion = true;
    let mv = position(&app).legal_moves()[0];
    let mut flights = 0;
    play_by_clicks(&mut app, mv);
    for _ in 0..2_000 {
        app.update();
        for flight in app
            .world_mut()
            .query::<&bao::seeds::Flight>()
            .iter(app.world())
        {
            assert_eq!(flight.height, 0.0, "a seed flew an arc");
            flights += 1;
        }
        if !busy(&app) {
            break;
        }
    }
    assert!(flights > 0, "the seeds moved visibly, one by one");
    assert_board_matches(&mut app, "after a move in reduced motion");
}
