//! A headless app with the game core, and helpers to click and to read the board.

use bao::anim::{Animation, SkipMove};
use bao::core::{Busy, GameCommand, PitClicked, Seat, Session, Settings, StartGame};
use bao::input::Selection;
use bao::seeds::{Place, Seed, Slot};
use bao_engine::{Move, Pit, Player, Position, Variant};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use std::collections::BTreeMap;
use std::time::Duration;

/// The most frames a move may take to show (a long relay at 4× speed).
const MAX_FRAMES: usize = 20_000;

/// A game core without a renderer, `variant` started with `seats`, animation at `speed`.
pub fn app(variant: Variant, seats: [Seat; 2], speed: f32) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(bao::core_plugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )));
    app.world_mut().resource_mut::<Settings>().anim_speed = speed;
    app.world_mut().write_message(StartGame { variant, seats });
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        app.world_mut().query::<&Seed>().iter(app.world()).count(),
        variant.total_seeds() as usize,
        "every seed of {variant} is an entity"
    );
    app
}

/// A game core on the title screen, the default session's board (Kujifunza) under it.
pub fn title_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(bao::core_plugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )));
    for _ in 0..4 {
        app.update();
    }
    app
}

/// How many seeds lie in the hand.
pub fn seeds_in_hand(app: &mut App) -> usize {
    app.world_mut()
        .query::<&Place>()
        .iter(app.world())
        .filter(|p| **p == Place::Hand)
        .count()
}

pub fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

pub fn position(app: &App) -> Position {
    *session(app).game().position()
}

pub fn click(app: &mut App, pit: Pit) {
    app.world_mut().write_message(PitClicked(pit));
    app.update();
}

pub fn command(app: &mut App, command: GameCommand) {
    app.world_mut().write_message(command);
    app.update();
}

pub fn selection(app: &App) -> Selection {
    app.world().resource::<Selection>().clone()
}

/// Finishes the running move's animation at once, as the skip button does.
pub fn skip(app: &mut App) {
    app.world_mut().write_message(SkipMove);
    app.update();
}

/// Whether a move is being shown or waits to be; the core's [`Busy`] must say the same as the
/// animation after every frame.
pub fn busy(app: &App) -> bool {
    let moving = app.world().resource::<Busy>().moving;
    let idle = app.world().resource::<Animation>().is_idle();
    assert_eq!(
        moving, !idle,
        "Busy says moving = {moving}, the animation idle = {idle}"
    );
    moving
}

/// The core's [`Busy`] now.
pub fn busy_now(app: &App) -> Busy {
    *app.world().resource::<Busy>()
}

/// Whether the computer is thinking about its move.
pub fn thinking(app: &App) -> bool {
    app.world().resource::<Busy>().thinking
}

/// Runs frames until the move on the board has been shown to the end.
pub fn finish_animation(app: &mut App) {
    for _ in 0..MAX_FRAMES {
        if !busy(app) {
            // One more frame lets the seed components follow the piles.
            app.update();
            return;
        }
        app.update();
    }
    panic!("the animation did not end");
}

/// Plays `mv` as a person would: a click on its pit, then (Kujifunza) a click on the first
/// pit in its direction and on the kichwa of each choice asked. Returns the clicks made.
pub fn play_by_clicks(app: &mut App, mv: Move) -> usize {
    let before = position(app);
    let mover = before.to_move();
    let start = before
        .pit_named(mover, mv.pit())
        .expect("the move's pit is on the board");
    let plies = session(app).game().moves().len();
    click(app, start);
    let clicks = 1 + answer_questions(app, mv, &before, start);
    assert_eq!(
        selection(app),
        Selection::None,
        "the move {mv} was completed"
    );
    assert_eq!(
        session(app).game().moves().len(),
        plies + 1,
        "{mv} was played"
    );
    assert_eq!(session(app).game().moves().last(), Some(&mv));
    clicks
}

/// Answers the questions the game asks about `mv` after a click on its `start` pit in `before`:
/// the direction, and each kichwa. Returns the clicks made.
pub fn answer_questions(app: &mut App, mv: Move, before: &Position, start: Pit) -> usize {
    let mover = before.to_move();
    let mut clicks = 0;
    // The direction is asked at once; each kichwa when the animation reaches the capture that
    // gives the choice (KU-8), so frames run until the move is chosen completely.
    for _ in 0..MAX_FRAMES {
        match selection(app) {
            Selection::None if app.world().resource::<Animation>().is_choosing() => {
                app.update();
                continue;
            }
            Selection::None => break,
            Selection::Direction { targets, .. } => {
                let dir = mv.direction().expect("Kujifunza moves have a direction");
                let target = before.next_pit(mover, start, dir).expect("a next pit");
                assert!(targets.iter().any(|&(p, d)| p == target && d == dir));
                click(app, target);
            }
            Selection::Kichwa {
                index, left, right, ..
            } => {
                let pit = match mv.choice(index) {
                    Some(bao_engine::Kichwa::Left) => left,
                    Some(bao_engine::Kichwa::Right) => right,
                    None => panic!("{mv} has no choice {index}"),
                };
                click(app, pit);
            }
        }
        clicks += 1;
    }
    clicks
}

/// Seeds per place, read from the seed entities.
pub fn seed_counts(app: &mut App) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    let world = app.world_mut();
    for place in world.query::<&Place>().iter(world) {
        *counts.entry(place_key(*place)).or_insert(0) += 1;
    }
    counts
}

fn place_key(place: Place) -> String {
    match place {
        Place::Pit(p) => format!("pit {p}"),
        Place::Hand => "hand".to_owned(),
        Place::Store(p) => format!("store {p}"),
    }
}

/// The seed counts the engine's position implies.
pub fn expected_counts(position: &Position) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    let v = position.variant();
    for r in 0..v.rows() {
        for c in 0..v.cols() {
            let pit = Pit::new(r as u8, c as u8);
            let n = usize::from(position.seeds(pit).unwrap_or(0));
            if n > 0 {
                counts.insert(place_key(Place::Pit(pit)), n);
            }
        }
    }
    for p in Player::BOTH {
        let n = usize::from(position.captured(p));
        if n > 0 {
            counts.insert(place_key(Place::Store(p)), n);
        }
    }
    counts
}

/// Asserts that the seed entities lie exactly as the engine's position says, with every pile's
/// slots 0..n.
pub fn assert_board_matches(app: &mut App, context: &str) {
    let pos = position(app);
    assert_eq!(
        seed_counts(app),
        expected_counts(&pos),
        "{context}: seeds per pit differ from the engine's position"
    );
    let world = app.world_mut();
    let mut slots: BTreeMap<String, Vec<u16>> = BTreeMap::new();
    for (place, slot) in world.query::<(&Place, &Slot)>().iter(world) {
        slots.entry(place_key(*place)).or_default().push(slot.0);
    }
    for (place, mut s) in slots {
        s.sort_unstable();
        let want: Vec<u16> = (0..s.len() as u16).collect();
        assert_eq!(s, want, "{context}: the pile in {place} has gaps");
    }
}

/// Each seed (by its index) and where it lies: to compare two apps.
pub fn seed_places(app: &mut App) -> BTreeMap<u16, (String, u16)> {
    let world = app.world_mut();
    world
        .query::<(&Seed, &Place, &Slot)>()
        .iter(world)
        .map(|(seed, place, slot)| (seed.index, (place_key(*place), slot.0)))
        .collect()
}
