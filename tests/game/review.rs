//! The review of a game in the app, headless: opened for the game on the board, for a saved
//! record and for a game's link; worked in the background to the same verdicts as
//! `bao_ai::review_game` (what `bao-cli review` prints); the replay viewer coming back after a
//! "show me" of the better move; playing on against the computer; a broken link refused.

use crate::harness::{finish_animation, session};
use bao::core::{
    GameCommand, Level, MoveSource, Screen, Seat, SeatMove, Session, Settings, ShowExample,
    StartGame,
};
use bao::records::{GameReview, Notice, Replay, ReviewCommand};
use bao::storage::Storage;
use bao_ai::{ReviewOptions, review_game};
use bao_engine::link::{self, LinkError};
use bao_engine::{GameRecord, Move, Variant};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus as SmallRng};
use std::path::PathBuf;
use std::time::Duration;

const HUMANS: [Seat; 2] = [Seat::Human, Seat::Human];

/// The game core with the records, keeping its data in a folder of its own; on the title screen.
fn app(test: &str) -> (App, PathBuf) {
    let dir = std::env::temp_dir().join(format!("bao-review-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(Storage::at(&dir))
        .add_plugins(bao::core_plugin)
        .add_plugins(bao::records::plugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )));
    app.update();
    app.world_mut().resource_mut::<Settings>().anim_speed = 4.0;
    (app, dir)
}

/// A game of `variant` between two people, `plies` random legal moves played on the board.
fn played_game(app: &mut App, variant: Variant, plies: usize, seed: u64) {
    app.world_mut().write_message(StartGame {
        variant,
        seats: HUMANS,
    });
    for _ in 0..4 {
        app.update();
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    for _ in 0..plies {
        let legal = session(app).game().legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        let sent = SeatMove::next(session(app), mv, MoveSource::Board);
        app.world_mut().write_message(sent);
        app.update();
        finish_animation(app);
    }
}

fn send(app: &mut App, command: ReviewCommand) {
    app.world_mut().write_message(command);
    for _ in 0..3 {
        app.update();
    }
}

/// Runs the app until the review is done; its verdict ids.
fn reviewed_verdicts(app: &mut App) -> Vec<&'static str> {
    for _ in 0..20_000 {
        let reviews = app.world().resource::<GameReview>();
        let reviewing = reviews.0.as_ref().expect("a review is open");
        if let Some(review) = reviewing.review() {
            return review.entries.iter().map(|e| e.verdict.id()).collect();
        }
        std::thread::sleep(Duration::from_millis(5));
        app.update();
    }
    panic!("the review did not finish");
}

/// The verdicts `bao-cli review` prints for the same game: the engine's review with the default
/// options.
fn verdicts_of(variant: Variant, start: bao_engine::Position, moves: &[Move]) -> Vec<&'static str> {
    review_game(start, moves, ReviewOptions::for_variant(variant))
        .expect("a legal game")
        .entries
        .iter()
        .map(|e| e.verdict.id())
        .collect()
}

fn moves_shown(app: &App) -> Vec<Move> {
    session(app).game().moves().to_vec()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

#[test]
fn the_game_on_the_board_is_reviewed_in_the_replay_to_the_clis_verdicts() {
    let (mut app, dir) = app("this-game");
    played_game(&mut app, Variant::Kigogo, 14, 7);
    let game = session(&app).game().clone();
    send(&mut app, ReviewCommand::ThisGame);
    let viewer = app
        .world()
        .resource::<Replay>()
        .0
        .clone()
        .expect("replayed");
    assert_eq!(viewer.moves, game.moves(), "the replay holds the game");
    assert_eq!(moves_shown(&app), game.moves(), "shown from its last move");
    let verdicts = reviewed_verdicts(&mut app);
    assert_eq!(verdicts.len(), game.moves().len());
    assert_eq!(
        verdicts,
        verdicts_of(Variant::Kigogo, *game.start(), game.moves())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_games_link_opens_its_review_from_the_title_screen() {
    let (mut app, dir) = app("link");
    let mut rng = SmallRng::seed_from_u64(3);
    let mut game = bao_engine::Game::new(Variant::Kujifunza);
    for _ in 0..10 {
        let legal = game.legal_moves();
        game.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    let record = GameRecord::of_game(&game, "human", "expert", "");
    let url = link::to_url("https://museum.example.org/bao/", &record).expect("a link");
    assert_eq!(screen(&app), Screen::Title);
    send(&mut app, ReviewCommand::Link(url));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(moves_shown(&app), game.moves());
    let viewer = app
        .world()
        .resource::<Replay>()
        .0
        .clone()
        .expect("replayed");
    assert_eq!(viewer.seats, [Seat::Human, Seat::Computer(Level::Expert)]);
    let verdicts = reviewed_verdicts(&mut app);
    assert_eq!(
        verdicts,
        verdicts_of(Variant::Kujifunza, *game.start(), game.moves())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_link_leaves_the_title_screen_with_a_notice() {
    let (mut app, dir) = app("broken");
    let record = GameRecord::of_game(&bao_engine::Game::new(Variant::Kigogo), "human", "hard", "");
    let mut url = link::to_url("https://museum.example.org/bao/", &record).unwrap();
    url.pop();
    send(&mut app, ReviewCommand::Link(url));
    assert_eq!(screen(&app), Screen::Title);
    assert!(
        matches!(
            app.world().resource::<Notice>(),
            Notice::LinkFailed(LinkError::Damaged(_))
        ),
        "{:?}",
        app.world().resource::<Notice>()
    );
    assert!(app.world().resource::<GameReview>().0.is_none());
    send(&mut app, ReviewCommand::Link("https://example.org/".into()));
    assert_eq!(
        *app.world().resource::<Notice>(),
        Notice::LinkFailed(LinkError::NotALink)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_replay_comes_back_after_the_better_move_is_shown() {
    let (mut app, dir) = app("better");
    played_game(&mut app, Variant::Kingulu, 6, 11);
    let game = session(&app).game().clone();
    send(&mut app, ReviewCommand::ThisGame);
    // What the review card's button sends (through the overlay): the better move of move 1,
    // from the start, shown as an example.
    let better = bao_engine::Game::from_position(*game.start()).legal_moves()[0];
    let example = ShowExample {
        position: *game.start(),
        moves: vec![better],
    };
    app.world_mut().write_message(example);
    for _ in 0..100 {
        app.update();
        if !moves_shown(&app).is_empty() {
            break;
        }
    }
    finish_animation(&mut app);
    assert_eq!(moves_shown(&app), vec![better], "the better move is shown");
    assert!(app.world().resource::<GameReview>().0.is_some());
    app.world_mut().write_message(GameCommand::ResumeGame);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(moves_shown(&app), game.moves(), "the replay is back");
    let viewer = app.world().resource::<Replay>().0.clone();
    assert!(viewer.is_some_and(|v| v.moves == game.moves()));
    assert!(app.world().resource::<GameReview>().0.is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn playing_on_puts_the_person_on_the_side_to_move_against_the_computer() {
    let (mut app, dir) = app("play-on");
    played_game(&mut app, Variant::Kigogo, 5, 2);
    let to_move = session(&app).game().position().to_move();
    send(&mut app, ReviewCommand::ThisGame);
    send(&mut app, ReviewCommand::PlayOn);
    let seats = session(&app).seats();
    assert_eq!(seats[to_move.index()], Seat::Human);
    assert!(matches!(
        seats[to_move.opponent().index()],
        Seat::Computer(_)
    ));
    assert!(app.world().resource::<Replay>().0.is_none());
    assert!(app.world().resource::<GameReview>().0.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn closing_the_replay_ends_the_review() {
    let (mut app, dir) = app("close");
    played_game(&mut app, Variant::Kigogo, 4, 5);
    send(&mut app, ReviewCommand::ThisGame);
    assert!(app.world().resource::<GameReview>().0.is_some());
    app.world_mut()
        .write_message(bao::records::ReplayCommand::Close);
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<GameReview>().0.is_none());
    let back: &Session = session(&app);
    assert_eq!(back.game().moves().len(), 4, "back at the game reviewed");
    let _ = std::fs::remove_dir_all(&dir);
}
