//! Lessons on the board, walked as a person would from the Learn button: only the lesson's
//! moves are taken, each move is told once its seeds have landed, each exercise is judged by
//! the engine, and the last lesson leads to a real game against Beginner. The clicks each game's
//! lessons take are counted (the README reports them).

use crate::harness::*;
use bao::core::{Activity, Feedback, GameCommand, Level, Seat};
use bao::lessons::{LessonCommand, LessonProgress, LessonRun, Stage};
use bao_engine::{Move, Variant};
use bevy::prelude::*;

const HUMANS: [Seat; 2] = [Seat::Human, Seat::Human];

fn stage(app: &App) -> Option<Stage> {
    app.world()
        .resource::<LessonRun>()
        .0
        .as_ref()
        .map(|a| a.stage)
}

fn send(app: &mut App, command: LessonCommand) {
    app.world_mut().write_message(command);
    app.update();
    app.update();
}

/// Runs frames until the lesson's stage is no longer `from` (the board has shown the move).
fn wait_for_the_board(app: &mut App, from: Stage) -> Stage {
    for _ in 0..20_000 {
        app.update();
        match stage(app) {
            Some(now) if now != from => return now,
            _ => {}
        }
    }
    panic!("the lesson stayed at {from:?}");
}

/// The lesson's move: the first the board takes.
fn lesson_move(app: &App) -> Move {
    session(app).playable_moves()[0]
}

/// Walks every lesson of `variant` with only the intended clicks; returns the clicks.
fn walk(variant: Variant) -> usize {
    let mut app = app(variant, HUMANS, 4.0);
    send(&mut app, LessonCommand::Learn(variant));
    let mut clicks = 1;
    let count = app
        .world()
        .resource::<LessonRun>()
        .0
        .as_ref()
        .expect("open")
        .of;
    for index in 0..count {
        let active = app
            .world()
            .resource::<LessonRun>()
            .0
            .clone()
            .expect("a lesson");
        assert_eq!((active.index, active.stage), (index, Stage::Try));
        assert_eq!(session(&app).activity(), Activity::Lesson);
        let mv = lesson_move(&app);
        clicks += play_by_clicks(&mut app, mv);
        // Told only once the seeds have landed; then the board takes no more moves.
        assert_eq!(stage(&app), Some(Stage::Try), "not told mid-move");
        assert_eq!(wait_for_the_board(&mut app, Stage::Try), Stage::Told);
        assert!(session(&app).playable_moves().is_empty());
        send(&mut app, LessonCommand::Exercise);
        clicks += 1;
        assert_eq!(stage(&app), Some(Stage::Exercise(None)));
        let lesson = active.lesson().expect("data");
        let answer = lesson.exercise.task.answers(&position(&app))[0];
        clicks += play_by_clicks(&mut app, answer);
        let Stage::Exercise(Some(verdict)) = wait_for_the_board(&mut app, Stage::Exercise(None))
        else {
            panic!("{}: the exercise was not judged", lesson.id);
        };
        assert!(verdict.met, "{}: {answer} does the exercise", lesson.id);
        if index + 1 < count {
            send(&mut app, LessonCommand::Next);
            clicks += 1;
        }
    }
    let progress = app.world().resource::<LessonProgress>();
    assert_eq!(progress.done_of(variant), count, "every lesson is done");
    send(&mut app, LessonCommand::PlayRealGame);
    clicks += 1;
    app.update();
    let s = session(&app);
    assert_eq!(s.activity(), Activity::Play);
    assert_eq!(s.variant(), variant);
    assert_eq!(s.seats(), [Seat::Human, Seat::Computer(Level::Beginner)]);
    assert!(app.world().resource::<LessonRun>().0.is_none());
    clicks
}

#[test]
fn every_games_lessons_walk_from_learn_to_a_real_game_by_the_intended_clicks() {
    for variant in [
        Variant::Kujifunza,
        Variant::Kingulu,
        Variant::Kigogo,
        Variant::Kimasai,
    ] {
        let clicks = walk(variant);
        println!("{variant}: {clicks} clicks from Learn to a real game");
        assert!(clicks > 0);
    }
}

/// KU-4, KN-3: a pit the lesson is not about gets the engine's reason or the lesson's nudge,
/// and no move.
#[test]
fn ku_4_a_click_outside_the_lesson_gets_a_reason_and_plays_nothing() {
    let mut app = app(Variant::Kujifunza, HUMANS, 4.0);
    send(
        &mut app,
        LessonCommand::Open {
            variant: Variant::Kujifunza,
            index: 2,
        },
    );
    let run = app.world().resource::<LessonRun>().0.clone().expect("open");
    let blocked = run.lesson().expect("data").blocked_pits();
    click(&mut app, blocked[0]);
    assert_eq!(
        session(&app).feedback(),
        Some(Feedback::CannotStart(Some(
            bao_engine::StartRefusal::CaptureCompulsory
        )))
    );
    assert!(session(&app).game().moves().is_empty());
    // A lesson of one move: another legal move is nudged toward the glowing pit.
    send(
        &mut app,
        LessonCommand::Open {
            variant: Variant::Kingulu,
            index: 1,
        },
    );
    let gate = session(&app).playable_moves();
    let other = position(&app)
        .legal_moves()
        .into_iter()
        .find(|m| !gate.contains(m))
        .expect("another legal move");
    let pit = position(&app)
        .pit_named(position(&app).to_move(), other.pit())
        .expect("a pit");
    click(&mut app, pit);
    assert_eq!(session(&app).feedback(), Some(Feedback::NotThisLesson));
    assert!(session(&app).game().moves().is_empty());
}

#[test]
fn a_wrong_exercise_move_is_missed_and_the_retry_with_hint_rings_an_answer() {
    let mut app = app(Variant::Kigogo, HUMANS, 4.0);
    send(
        &mut app,
        LessonCommand::Open {
            variant: Variant::Kigogo,
            index: 1,
        },
    );
    send(&mut app, LessonCommand::Exercise);
    let run = app.world().resource::<LessonRun>().0.clone().expect("open");
    let task = run.lesson().expect("data").exercise.task;
    let start = position(&app);
    let wrong = start
        .legal_moves()
        .into_iter()
        .find(|&m| task.judge(&start, m).is_some_and(|a| !a.met))
        .expect("a move that misses");
    play_by_clicks(&mut app, wrong);
    let Stage::Exercise(Some(verdict)) = wait_for_the_board(&mut app, Stage::Exercise(None)) else {
        panic!("not judged");
    };
    assert!(!verdict.met);
    assert!(
        !app.world()
            .resource::<LessonProgress>()
            .done
            .contains("kigogo-capture")
    );
    send(&mut app, LessonCommand::RetryWithHint);
    assert_eq!(position(&app), start, "the exercise starts again");
    let hint = session(&app).hint().expect("a ringed move");
    assert!(task.judge(&start, hint).is_some_and(|a| a.met));
    // Undo after a judged move makes the exercise open again.
    play_by_clicks(&mut app, wrong);
    wait_for_the_board(&mut app, Stage::Exercise(None));
    command(&mut app, GameCommand::Undo);
    app.update();
    assert_eq!(stage(&app), Some(Stage::Exercise(None)));
}
