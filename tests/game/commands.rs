//! Illegal clicks, undo and redo, skipping, and the computer.

use crate::harness::*;
use bao::core::{Feedback, GameCommand, Level, Seat, Settings};
use bao_engine::{Pit, Player, StartRefusal, Variant};

const HUMANS: [Seat; 2] = [Seat::Human, Seat::Human];

#[test]
fn an_illegal_click_changes_nothing_and_says_why() {
    for variant in Variant::ALL {
        let mut app = app(variant, HUMANS, 1.0);
        let before = position(&app);
        let places = seed_places(&mut app);
        // Row 0 is North's in every variant: not South's to play.
        click(&mut app, Pit::new(0, 0));
        assert_eq!(position(&app), before, "{variant}");
        assert_eq!(seed_places(&mut app), places, "{variant}");
        assert!(!busy(&app));
        let feedback = session(&app).feedback();
        let not_yours = StartRefusal::NotYourPit {
            owner: Player::North,
        };
        assert_eq!(
            feedback,
            Some(Feedback::CannotStart(Some(not_yours))),
            "{variant}"
        );
        assert_eq!(selection(&app), bao::input::Selection::None);
    }
}

#[test]
fn kg_1_clicking_an_empty_pit_explains_it() {
    let mut app = app(Variant::Kigogo, HUMANS, 1.0);
    let before = position(&app);
    // KG-1: South a1 = (2, 0) starts empty.
    click(&mut app, Pit::new(2, 0));
    assert_eq!(position(&app), before);
    assert_eq!(
        session(&app).feedback(),
        Some(Feedback::CannotStart(Some(StartRefusal::Empty)))
    );
}

#[test]
fn undo_and_redo_restore_the_exact_positions() {
    for variant in Variant::ALL {
        let mut app = app(variant, HUMANS, 4.0);
        let mut positions = vec![position(&app)];
        for _ in 0..6 {
            let legal = session(&app).game().legal_moves();
            let Some(&mv) = legal.first() else { break };
            play_by_clicks(&mut app, mv);
            finish_animation(&mut app);
            positions.push(position(&app));
        }
        let played = positions.len() - 1;
        for back in 1..=played {
            command(&mut app, GameCommand::Undo);
            app.update();
            assert_eq!(
                position(&app),
                positions[played - back],
                "{variant} undo {back}"
            );
            assert_board_matches(&mut app, &format!("{variant} undo {back}"));
        }
        for (forward, want) in positions.iter().enumerate().skip(1) {
            command(&mut app, GameCommand::Redo);
            app.update();
            assert_eq!(position(&app), *want, "{variant} redo {forward}");
            assert_board_matches(&mut app, &format!("{variant} redo {forward}"));
        }
    }
}

#[test]
fn skipping_lands_in_the_same_state_as_watching() {
    for variant in Variant::ALL {
        let mut watched = app(variant, HUMANS, 1.0);
        let mut skipped = app(variant, HUMANS, 1.0);
        for ply in 0..8 {
            let legal = session(&watched).game().legal_moves();
            let Some(&mv) = legal.get(ply % legal.len().max(1)) else {
                break;
            };
            play_by_clicks(&mut watched, mv);
            play_by_clicks(&mut skipped, mv);
            assert!(busy(&skipped) || session(&skipped).game().moves().len() == ply + 1);
            skip(&mut skipped);
            assert!(
                !busy(&skipped),
                "{variant}: a skip finishes the move at once"
            );
            finish_animation(&mut watched);
            finish_animation(&mut skipped);
            assert_eq!(position(&watched), position(&skipped));
            assert_eq!(
                seed_places(&mut watched),
                seed_places(&mut skipped),
                "{variant} ply {ply}: every seed in the same place"
            );
            assert_board_matches(&mut skipped, &format!("{variant} skipped ply {ply}"));
        }
    }
}

#[test]
fn a_click_during_the_animation_finishes_the_move() {
    let mut app = app(Variant::Kigogo, HUMANS, 0.25);
    let mv = session(&app).game().legal_moves()[0];
    play_by_clicks(&mut app, mv);
    assert!(busy(&app));
    click(&mut app, Pit::new(0, 0));
    assert!(!busy(&app));
    app.update();
    assert_board_matches(&mut app, "after a click on the board");
}

/// Runs frames until the computer has answered the person's first move: it thinks on a
/// background task, then its move is animated.
fn until_the_computer_answered(app: &mut bevy::app::App, context: &str) {
    let mut frames = 0;
    while session(app).game().moves().len() < 2 {
        app.update();
        frames += 1;
        assert!(frames < 5_000, "{context}: the computer never moved");
        std::thread::yield_now();
    }
}

#[test]
fn the_computer_answers_at_every_level() {
    for level in Level::ALL {
        let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Computer(level)], 4.0);
        let mv = session(&app).game().legal_moves()[0];
        play_by_clicks(&mut app, mv);
        finish_animation(&mut app);
        until_the_computer_answered(&mut app, &format!("{level:?}"));
        finish_animation(&mut app);
        assert_board_matches(&mut app, &format!("after the {level:?} computer's move"));
        assert!(!thinking(&app));
        assert!(
            session(&app).human_to_move(&busy_now(&app))
                || session(&app).game().outcome().is_over()
        );
    }
}

#[test]
fn a_paused_game_holds_the_computers_move_until_it_goes_on() {
    let mut app = app(
        Variant::Kingulu,
        [Seat::Human, Seat::Computer(Level::Easy)],
        4.0,
    );
    let mv = session(&app).game().legal_moves()[0];
    play_by_clicks(&mut app, mv);
    finish_animation(&mut app);
    app.world_mut().resource_mut::<Settings>().paused = true;
    for _ in 0..200 {
        app.update();
        std::thread::yield_now();
    }
    assert_eq!(
        session(&app).game().moves().len(),
        1,
        "no move while paused"
    );
    app.world_mut().resource_mut::<Settings>().paused = false;
    until_the_computer_answered(&mut app, "after the pause");
    finish_animation(&mut app);
    assert_board_matches(&mut app, "the computer's move after a pause");
}

#[test]
fn undo_against_the_computer_goes_back_to_the_persons_turn() {
    let mut app = app(
        Variant::Kigogo,
        [Seat::Human, Seat::Computer(Level::Beginner)],
        4.0,
    );
    let start = position(&app);
    let mv = session(&app).game().legal_moves()[0];
    play_by_clicks(&mut app, mv);
    finish_animation(&mut app);
    let mut frames = 0;
    while session(&app).game().moves().len() < 2 || busy(&app) {
        app.update();
        frames += 1;
        assert!(frames < 5_000, "the computer never moved");
        std::thread::yield_now();
    }
    command(&mut app, GameCommand::Undo);
    app.update();
    assert_eq!(position(&app), start, "both moves were taken back");
    assert_board_matches(&mut app, "after undo");
}

#[test]
fn show_example_loads_the_position_and_animates_its_moves() {
    let mut app = app(Variant::Kigogo, HUMANS, 4.0);
    // An example position: the start of Kingulu, with two moves to show.
    let mut game = bao_engine::Game::new(Variant::Kingulu);
    let first = game.legal_moves()[0];
    game.play(first).expect("legal");
    let second = game.legal_moves()[0];
    app.world_mut().write_message(bao::core::ShowExample {
        position: bao_engine::Position::new(Variant::Kingulu),
        moves: vec![first, second],
    });
    for _ in 0..4 {
        app.update();
    }
    assert!(busy(&app), "the example's moves are animated");
    finish_animation(&mut app);
    assert_eq!(session(&app).game().moves(), &[first, second]);
    assert_eq!(session(&app).seats(), HUMANS);
    assert_board_matches(&mut app, "after the example");
}

#[test]
fn an_example_interrupting_a_game_can_be_left_back_to_the_game() {
    let mut app = app(
        Variant::Kigogo,
        [Seat::Human, Seat::Computer(Level::Easy)],
        4.0,
    );
    let mv = session(&app).game().legal_moves()[0];
    play_by_clicks(&mut app, mv);
    finish_animation(&mut app);
    // Let the computer answer, so the interrupted game has moves by both sides.
    for _ in 0..200 {
        app.update();
        if session(&app).game().moves().len() >= 2 && !busy(&app) {
            break;
        }
    }
    let before = session(&app).game().clone();
    app.world_mut().write_message(bao::core::ShowExample {
        position: bao_engine::Position::new(Variant::Kimasai),
        moves: Vec::new(),
    });
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(position(&app), bao_engine::Position::new(Variant::Kimasai));
    assert_board_matches(&mut app, "the example");
    command(&mut app, GameCommand::ResumeGame);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(session(&app).game().moves(), before.moves());
    assert_eq!(position(&app), *before.position());
    assert_eq!(session(&app).seats()[1], Seat::Computer(Level::Easy));
    assert_board_matches(&mut app, "back in the interrupted game");
}
