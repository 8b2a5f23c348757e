//! Another game comes onto the board by one path (`core::Loads`, a request the core takes at
//! `CoreSet::Load`): whatever was moving or half-chosen on the board before, the new session
//! starts still, its seeds in place, and a "show me" example keeps the game it interrupts (not
//! an earlier example). When the board stops showing an activity, what belongs to it is
//! forgotten in that frame (`ActivityLeft`).

use crate::harness::*;
use crate::play::{click_until_kichwa_asked, kujifunza_with_a_choice_to_make};
use bao::core::{
    Activity, CoreSet, Feedback, GameCommand, Loads, MoveRefused, MoveSource, Refusal, Seat,
    SeatMove, Session, ShowExample, StartGame, StashedGame,
};
use bao::input::Selection;
use bao::lessons::{LessonCommand, LessonRun};
use bao::puzzles::{PuzzleCommand, PuzzleRun};
use bao_engine::{Position, Variant};
use bevy::ecs::system::SystemState;
use bevy::prelude::*;

/// Adds a system to `set` that asks once for a new Kigogo game, as a layer above would.
fn ask_for_kigogo_in(app: &mut App, set: CoreSet) {
    app.add_systems(
        Update,
        (|mut loads: Loads, mut asked: Local<bool>| {
            if !*asked {
                *asked = true;
                loads.load(Session::new(Variant::Kigogo, HUMANS));
            }
        })
        .in_set(set),
    );
}

#[test]
fn a_load_asked_before_the_core_takes_loads_is_on_the_board_in_that_frame() {
    let mut app = app(Variant::Kingulu, HUMANS, 4.0);
    ask_for_kigogo_in(&mut app, CoreSet::Session);
    app.update();
    assert_eq!(session(&app).variant(), Variant::Kigogo);
}

#[test]
fn a_load_asked_after_the_core_took_loads_waits_for_the_next_frame() {
    let mut app = app(Variant::Kingulu, HUMANS, 4.0);
    ask_for_kigogo_in(&mut app, CoreSet::Computer);
    app.update();
    assert_eq!(
        session(&app).variant(),
        Variant::Kingulu,
        "the session is replaced at one point of the frame, CoreSet::Load, not where it is asked"
    );
    app.update();
    assert_eq!(session(&app).variant(), Variant::Kigogo);
    settle(&mut app);
    assert_board_matches(&mut app, "a load taken a frame after it was asked");
}

#[test]
fn of_two_loads_asked_together_the_last_stays_and_a_move_for_the_first_is_refused() {
    let mut app = app(Variant::Kingulu, HUMANS, 4.0);
    let mut loads = SystemState::<Loads<'static>>::new(app.world_mut());
    let (first, last) = {
        let mut loads = loads
            .get_mut(app.world_mut())
            .expect("the core's resources");
        let first = loads.load(Session::new(Variant::Kigogo, HUMANS));
        let last = loads.load(Session::new(Variant::Kimasai, HUMANS));
        (first, last)
    };
    loads.apply(app.world_mut());
    assert!(last > first, "stamps only grow");
    let kigogo_move = Position::new(Variant::Kigogo).legal_moves()[0];
    let by = Position::new(Variant::Kigogo).to_move();
    app.world_mut().write_message(SeatMove {
        by,
        ply: 0,
        mv: kigogo_move,
        source: MoveSource::Board,
        session: first,
    });
    app.update();
    assert_eq!(session(&app).variant(), Variant::Kimasai);
    assert_eq!(session(&app).stamp(), last, "the stamp Loads gave");
    assert!(session(&app).game().moves().is_empty());
    let refused: Vec<Refusal> = app
        .world_mut()
        .resource_mut::<Messages<MoveRefused>>()
        .drain()
        .map(|r| r.reason)
        .collect();
    assert_eq!(
        refused,
        vec![Refusal::WrongPly],
        "a move for a replaced session"
    );
    settle(&mut app);
    assert_board_matches(&mut app, "the last of two loads");
}

/// A game whose board shows Kingulu's first lesson, opened by its Learn button.
fn kingulu_lesson_on_the_board() -> App {
    let mut app = app(Variant::Kingulu, HUMANS, 4.0);
    app.world_mut()
        .write_message(LessonCommand::Learn(Variant::Kingulu));
    app.update();
    assert_eq!(session(&app).activity(), Activity::Lesson);
    app
}

#[test]
fn a_lesson_left_for_a_puzzle_is_forgotten_in_the_frame_the_puzzle_comes() {
    let mut app = kingulu_lesson_on_the_board();
    assert!(app.world().resource::<LessonRun>().0.is_some());
    app.world_mut().write_message(PuzzleCommand::Open {
        variant: Variant::Kingulu,
        index: 0,
    });
    app.update();
    assert_eq!(session(&app).activity(), Activity::Puzzle);
    assert!(app.world().resource::<PuzzleRun>().0.is_some());
    assert!(
        app.world().resource::<LessonRun>().0.is_none(),
        "the lesson is forgotten with the frame that replaced it, not a frame later"
    );
}

#[test]
fn a_lesson_left_for_the_title_screen_is_forgotten() {
    let mut app = kingulu_lesson_on_the_board();
    assert!(app.world().resource::<LessonRun>().0.is_some());
    command(&mut app, GameCommand::NewGame);
    settle(&mut app);
    assert_eq!(
        session(&app).activity(),
        Activity::Lesson,
        "the session stays"
    );
    assert!(
        app.world().resource::<LessonRun>().0.is_none(),
        "leaving the board leaves its activity"
    );
}

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
