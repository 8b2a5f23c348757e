//! Kingulu's endgame table in the game (`computer::endgame`): a game that comes near the end
//! makes the game build the table into the data folder, and then the hint and Expert play the
//! table's moves (KN-8); a later start maps the file it built instead of building it again.

use crate::harness::*;
use bao::core::{GameCommand, Level, Loads, Seat, Session};
use bao::storage::Storage;
use bao_ai::tables::{self, EndgameTable};
use bao_engine::{Game, Player, Variant};
use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The table the desktop builds (`DESKTOP_SEEDS` in `src/computer/endgame.rs`).
const TABLE_FILE: &str = "tables/kingulu-10.tbl";

/// The longest the build may take before the test gives up: minutes on a loaded machine.
const BUILD_LIMIT: Duration = Duration::from_secs(900);

/// A Kingulu game of random moves, played on until at most `seeds` seeds are in unreserved
/// pits with South to move and the game still going.
fn kingulu_endgame(seed: u64, seeds: u32) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    loop {
        let mut game = Game::new(Variant::Kingulu);
        while !game.outcome().is_over() {
            let active = EndgameTable::active_seeds(game.position()).unwrap_or(u32::MAX);
            if active <= seeds && game.position().to_move() == Player::South {
                return game;
            }
            let legal = game.legal_moves();
            game.play(legal[rng.random_range(0..legal.len())])
                .expect("a listed move is legal");
        }
    }
}

/// An app with its data in `dir`, showing `game` with South at this screen and North played by
/// Expert.
fn app_at(dir: &std::path::Path, game: Game) -> App {
    let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Human], 4.0);
    app.insert_resource(Storage::at(dir));
    let mut loads = SystemState::<Loads<'static>>::new(app.world_mut());
    loads
        .get_mut(app.world_mut())
        .expect("the core's resources")
        .load(Session::from_game(
            game,
            [Seat::Human, Seat::Computer(Level::Expert)],
        ));
    loads.apply(app.world_mut());
    app.update();
    app
}

/// Runs frames until the game has installed a table of `seeds` (another than `old`), or the
/// limit passes.
fn wait_for_table(app: &mut App, seeds: u32, old: Option<&Arc<EndgameTable>>) -> Arc<EndgameTable> {
    let began = Instant::now();
    loop {
        app.update();
        let new = tables::installed()
            .filter(|t| t.max_seeds() == seeds && old.is_none_or(|old| !Arc::ptr_eq(t, old)));
        if let Some(table) = new {
            return table;
        }
        assert!(
            began.elapsed() < BUILD_LIMIT,
            "no endgame table after {BUILD_LIMIT:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn kn_8_a_kingulu_endgame_gets_the_table_and_the_hint_and_expert_play_from_it() {
    let dir = std::env::temp_dir().join(format!("bao-endgame-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let game = kingulu_endgame(46, 9);
    let mut app = app_at(&dir, game.clone());
    let table = wait_for_table(&mut app, 10, None);
    assert!(
        dir.join(TABLE_FILE).is_file(),
        "the table is kept in the data folder"
    );

    // The hint is the table's move, for the position on the board.
    command(&mut app, GameCommand::Hint);
    let began = Instant::now();
    while session(&app).hint().is_none() && began.elapsed() < Duration::from_secs(60) {
        app.update();
    }
    let hint = session(&app).hint().expect("a hint");
    let best = table.best_moves(game.position()).expect("in the table");
    assert!(best.contains(&hint), "hint {hint} is one of {best:?}");

    // South plays it; Expert answers with the table's move.
    play_by_clicks(&mut app, hint);
    finish_animation(&mut app);
    let after_south = session(&app).game().clone();
    if after_south.outcome().is_over() {
        return;
    }
    let expected = table.table_move(&after_south).expect("in the table");
    let began = Instant::now();
    while session(&app).game().moves().len() == after_south.moves().len()
        && began.elapsed() < Duration::from_secs(60)
    {
        app.update();
        finish_animation(&mut app);
    }
    assert_eq!(
        session(&app).game().moves().last(),
        Some(&expected),
        "Expert played the table's move"
    );

    // A new start maps the file it kept: the same file, not built again.
    let built = std::fs::metadata(dir.join(TABLE_FILE))
        .and_then(|m| m.modified())
        .expect("the file's time");
    let mut again = app_at(&dir, kingulu_endgame(47, 9));
    wait_for_table(&mut again, 10, Some(&table));
    let mapped = std::fs::metadata(dir.join(TABLE_FILE))
        .and_then(|m| m.modified())
        .expect("the file's time");
    assert_eq!(
        built, mapped,
        "the second start did not build the table again"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
