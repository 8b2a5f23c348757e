//! Another game comes onto the board by one path (`core::LoadSession`): whatever was moving or
//! half-chosen on the board before, the new session starts still, its seeds in place, and a
//! "show me" example keeps the game it interrupts (not an earlier example).

use crate::harness::*;
use crate::play::{click_until_kichwa_asked, kujifunza_with_a_choice_to_make};
use bao::core::{Activity, Feedback, GameCommand, Seat, ShowExample, StartGame, StashedGame};
use bao::input::Selection;
use bao_engine::{Position, Variant};

const HUMANS: [Seat; 2] = [Seat::Human, Seat::Human];

/// Runs a few frames: the load, the layers' answers, the seeds' resynchronisation.
fn settle(app: &mut bevy::app::App) {
    for _ in 0..4 {
        app.update();
    }
}

#[test]
fn ku_8c_a_new_game_while_the_kichwa_is_asked_starts_still() {
    let (mut app, mv) = kujifunza_with_a_choice_to_make(5);
    click_until_kichwa_asked(&mut app, mv);
    assert_eq!(session(&app).feedback(), Some(Feedback::KichwaAsked));
    app.world_mut().write_message(StartGame {
        variant: Variant::Kingulu,
        seats: HUMANS,
    });
    settle(&mut app);
    assert_eq!(selection(&app), Selection::None, "the question is gone");
    assert!(!busy(&app), "nothing moves on the new board");
    assert_eq!(
        session(&app).feedback(),
        None,
        "no old question on the new game"
    );
    assert_eq!(position(&app), Position::new(Variant::Kingulu));
    assert_board_matches(&mut app, "a new game after an unanswered kichwa");
}

#[test]
fn a_new_game_during_a_move_stops_the_move_and_starts_from_the_start() {
    let mut app = app(Variant::Kigogo, HUMANS, 0.25);
    let mv = session(&app).game().legal_moves()[0];
    play_by_clicks(&mut app, mv);
    assert!(busy(&app), "the move is still being shown");
    app.world_mut().write_message(StartGame {
        variant: Variant::Kigogo,
        seats: HUMANS,
    });
    settle(&mut app);
    assert!(!busy(&app), "the old move is not shown on the new game");
    assert!(session(&app).game().moves().is_empty());
    assert_board_matches(&mut app, "a new game started during a move");
}

#[test]
fn an_example_of_an_example_keeps_the_game_both_interrupt() {
    let mut app = app(Variant::Kimasai, HUMANS, 4.0);
    let mv = session(&app).game().legal_moves()[0];
    play_by_clicks(&mut app, mv);
    finish_animation(&mut app);
    let played = session(&app).game().clone();
    for variant in [Variant::Kigogo, Variant::Kingulu] {
        let start = Position::new(variant);
        let first = bao_engine::Game::from_position(start).legal_moves()[0];
        app.world_mut().write_message(ShowExample {
            position: start,
            moves: vec![first],
        });
        settle(&mut app);
        finish_animation(&mut app);
        assert_eq!(session(&app).activity(), Activity::Example);
        assert_eq!(
            session(&app).game().moves().len(),
            1,
            "{variant}: the example's move"
        );
    }
    let stashed = app.world().resource::<StashedGame>().0.clone();
    assert_eq!(
        stashed.map(|s| s.game().moves().to_vec()),
        Some(played.moves().to_vec()),
        "the game people played is kept, not the first example"
    );
    command(&mut app, GameCommand::ResumeGame);
    settle(&mut app);
    assert_eq!(session(&app).activity(), Activity::Play);
    assert_eq!(session(&app).game().moves(), played.moves());
    assert!(app.world().resource::<StashedGame>().0.is_none());
    assert_board_matches(&mut app, "back from two examples");
}

#[test]
fn another_variants_example_from_the_title_never_leaves_seeds_without_a_place() {
    // The title screen shows the session's board (Kujifunza, 64 seeds); a Kingulu example (48)
    // must not sort the old variant's seeds into the new board's pits: every frame after the
    // switch, no seed is left in the hand while nothing is sown.
    let mut app = title_app();
    app.world_mut().write_message(ShowExample {
        position: Position::new(Variant::Kingulu),
        moves: Vec::new(),
    });
    for frame in 0..6 {
        app.update();
        assert_eq!(
            seeds_in_hand(&mut app),
            0,
            "frame {frame}: seeds left in the hand"
        );
    }
    assert_board_matches(
        &mut app,
        "a Kingulu example after the title's Kujifunza board",
    );
}

#[test]
fn another_variants_game_never_leaves_seeds_without_a_place() {
    let mut app = app(Variant::Kujifunza, [Seat::Human, Seat::Human], 4.0);
    app.world_mut().write_message(StartGame {
        variant: Variant::Kingulu,
        seats: [Seat::Human, Seat::Human],
    });
    for frame in 0..6 {
        app.update();
        assert_eq!(
            seeds_in_hand(&mut app),
            0,
            "frame {frame}: seeds left in the hand"
        );
    }
    assert_board_matches(&mut app, "Kingulu after Kujifunza");
}

#[test]
fn an_example_starts_its_seeds_at_its_own_start_not_after_its_moves() {
    // A "show me" example (or a move of the move list played again) puts the seeds at the
    // example's position before its moves, and only then sows them: the captured seeds reach
    // the store when the capture is shown, not at once.
    let mut app = app(Variant::Kingulu, HUMANS, 1.0);
    let start = position(&app);
    let capture = start
        .legal_moves()
        .into_iter()
        .find(|&m| {
            start
                .play(m)
                .is_ok_and(|after| after.captured(start.to_move()) > 0)
        })
        .expect("a capture from Kingulu's start");
    app.world_mut().write_message(ShowExample {
        position: start,
        moves: vec![capture],
    });
    for frame in 0..4 {
        app.update();
        let in_store = app
            .world()
            .resource::<bao::seeds::Piles>()
            .count(bao::seeds::Place::Store(start.to_move()));
        assert_eq!(
            in_store, 0,
            "frame {frame}: the store fills before the capture"
        );
    }
    finish_animation(&mut app);
    assert_board_matches(&mut app, "the example after its move");
}
