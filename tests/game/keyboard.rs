//! Playing with the keyboard alone: the arrow keys move the focus ring across the board, Enter
//! clicks the pit under it (the start pit, then Kujifunza's direction), and a game of each
//! variant goes to its end that way.

use crate::harness::*;
use bao::camera::SeenFrom;
use bao::core::{Seat, Settings};
use bao::input::{Focus, Selection};
use bao_engine::{Pit, Variant};
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;

/// Presses and releases `key` over one frame.
fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

fn focus(app: &App) -> Option<Pit> {
    app.world().resource::<Focus>().0
}

/// Moves the focus to `target` with the arrow keys and presses Enter; returns the keys pressed.
fn enter_at(app: &mut App, target: Pit) -> usize {
    let mut presses = 0;
    if focus(app).is_none() {
        press(app, KeyCode::ArrowUp);
        presses += 1;
    }
    let at = focus(app).expect("the focus is on the board");
    let (dr, dc) = (
        i32::from(target.row) - i32::from(at.row),
        i32::from(target.col) - i32::from(at.col),
    );
    let vertical = if dr < 0 {
        KeyCode::ArrowUp
    } else {
        KeyCode::ArrowDown
    };
    let horizontal = if dc < 0 {
        KeyCode::ArrowLeft
    } else {
        KeyCode::ArrowRight
    };
    for _ in 0..dr.unsigned_abs() {
        press(app, vertical);
    }
    for _ in 0..dc.unsigned_abs() {
        press(app, horizontal);
    }
    assert_eq!(focus(app), Some(target));
    press(app, KeyCode::Enter);
    presses + dr.unsigned_abs() as usize + dc.unsigned_abs() as usize + 1
}

#[test]
fn a_game_of_each_variant_is_played_to_its_end_with_the_keyboard_alone() {
    for variant in [
        Variant::Kujifunza,
        Variant::Kingulu,
        Variant::Kigogo,
        Variant::Kimasai,
    ] {
        let mut app = app(variant, [Seat::Human, Seat::Human], 4.0);
        app.insert_resource(ButtonInput::<KeyCode>::default());
        let mut plies = 0;
        let mut presses = 0;
        while !session(&app).game().outcome().is_over() {
            assert!(plies < 600, "{variant}: the game did not end");
            let before = position(&app);
            let mover = before.to_move();
            let legal = before.legal_moves();
            // Not always the first move, so that the game goes somewhere.
            let mv = legal[plies * 7 % legal.len()];
            let start = before.pit_named(mover, mv.pit()).expect("a pit");
            presses += enter_at(&mut app, start);
            if let Selection::Direction { .. } = selection(&app) {
                let dir = mv.direction().expect("a direction");
                let first = before.next_pit(mover, start, dir).expect("a next pit");
                presses += enter_at(&mut app, first);
            }
            finish_animation(&mut app);
            assert_eq!(
                session(&app).game().moves().last(),
                Some(&mv),
                "{variant}: {mv}"
            );
            plies += 1;
        }
        assert_board_matches(&mut app, "after a keyboard game");
        println!("{variant}: {plies} moves, {presses} key presses");
    }
}

#[test]
fn u_takes_a_move_back_and_shift_u_plays_it_again() {
    let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Human], 4.0);
    app.insert_resource(ButtonInput::<KeyCode>::default());
    let before = position(&app);
    let mv = before.legal_moves()[0];
    let start = before.pit_named(before.to_move(), mv.pit()).expect("a pit");
    enter_at(&mut app, start);
    finish_animation(&mut app);
    assert_eq!(session(&app).game().moves(), &[mv]);
    press(&mut app, KeyCode::KeyU);
    finish_animation(&mut app);
    assert!(
        session(&app).game().moves().is_empty(),
        "U took the move back"
    );
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ShiftLeft);
    press(&mut app, KeyCode::KeyU);
    finish_animation(&mut app);
    assert_eq!(
        session(&app).game().moves(),
        &[mv],
        "Shift+U played it again"
    );
    assert_board_matches(&mut app, "after undo and redo by keys");
}

#[test]
fn seen_from_north_the_arrow_keys_move_the_focus_as_the_board_is_shown() {
    let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Human], 4.0);
    app.insert_resource(ButtonInput::<KeyCode>::default());
    press(&mut app, KeyCode::ArrowUp);
    let first = focus(&app).expect("the focus is on the board");
    press(&mut app, KeyCode::ArrowRight);
    let right_from_south = focus(&app).expect("on the board");
    assert_eq!(right_from_south.col, first.col + 1, "{first:?}");

    // Turned half round: right on the screen is toward the board's first column, up toward
    // its last row.
    app.insert_resource(SeenFrom::North);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(focus(&app), Some(first));
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(focus(&app).map(|p| p.row), Some(first.row - 1));
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(focus(&app), Some(first));

    // Face to face both players look from above: the keys follow South's side again.
    app.world_mut().resource_mut::<Settings>().face_to_face = true;
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(focus(&app), Some(right_from_south));
}

/// Taps a gamepad button over one frame.
fn tap(app: &mut App, pad: Entity, button: GamepadButton) {
    app.world_mut()
        .get_mut::<Gamepad>(pad)
        .expect("a gamepad")
        .digital_mut()
        .press(button);
    app.update();
    let mut gamepad = app.world_mut().get_mut::<Gamepad>(pad).expect("a gamepad");
    gamepad.digital_mut().release(button);
    gamepad.digital_mut().clear();
}

#[test]
fn moves_are_played_with_a_gamepad_d_pad_and_its_south_button() {
    for variant in [Variant::Kingulu, Variant::Kujifunza] {
        let mut app = app(variant, [Seat::Human, Seat::Human], 4.0);
        let pad = app.world_mut().spawn(Gamepad::default()).id();
        for ply in 0..4 {
            let before = position(&app);
            let mover = before.to_move();
            let legal = before.legal_moves();
            let mv = legal[ply * 5 % legal.len()];
            let start = before.pit_named(mover, mv.pit()).expect("a pit");
            let steer_to = |app: &mut App, target: Pit| {
                if focus(app).is_none() {
                    tap(app, pad, GamepadButton::DPadUp);
                }
                let at = focus(app).expect("the D-pad puts the focus on the board");
                let (dr, dc) = (
                    i32::from(target.row) - i32::from(at.row),
                    i32::from(target.col) - i32::from(at.col),
                );
                let vertical = if dr < 0 {
                    GamepadButton::DPadUp
                } else {
                    GamepadButton::DPadDown
                };
                let horizontal = if dc < 0 {
                    GamepadButton::DPadLeft
                } else {
                    GamepadButton::DPadRight
                };
                for _ in 0..dr.unsigned_abs() {
                    tap(app, pad, vertical);
                }
                for _ in 0..dc.unsigned_abs() {
                    tap(app, pad, horizontal);
                }
                assert_eq!(focus(app), Some(target), "{variant}");
                tap(app, pad, GamepadButton::South);
            };
            steer_to(&mut app, start);
            if let Selection::Direction { targets, .. } = selection(&app) {
                let first = targets
                    .iter()
                    .find(|(_, d)| Some(*d) == mv.direction())
                    .map(|(p, _)| *p)
                    .expect("the move's direction is offered");
                steer_to(&mut app, first);
            }
            // The east button finishes the sowing at once.
            tap(&mut app, pad, GamepadButton::East);
            finish_animation(&mut app);
            assert_eq!(session(&app).game().moves().len(), ply + 1, "{variant}");
            assert_eq!(session(&app).game().moves()[ply], mv, "{variant}");
        }
    }
}
