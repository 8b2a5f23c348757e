//! Saved games, the autosave, the replay viewer and the review of a game, move lists as text,
//! and settings that persist between runs. Records are the engine's [`GameRecord`]s: this module
//! only stores them and plays them through the engine; a record that cannot be read never changes
//! the game being played.
//!
//! Needs a [`Storage`] resource; [`plugin`] inserts the platform's store if there is none, so
//! tests insert one in a temporary folder first.

mod autosave;
mod kept;
mod library;
mod movelist;
mod notice;
mod prefs;
mod replay;
mod review;

pub use autosave::{AUTOSAVE_KEY, ResumeOffer};
pub use kept::{Kept, KeptIds, load_kept, save_kept};
pub use library::{SavedGame, SavedGames, game_key};
pub use movelist::{example_moves, format_moves, parse_moves};
pub use notice::{LoadError, Notice, PasteError};
pub use prefs::{ChosenSeats, SETTINGS_KEY, SavedSettings};
pub use replay::{Replay, ReplayCommand, Viewer};
pub use review::{GameReview, LinkBase, ReviewCommand, Reviewing};

use replay::back_to;

use crate::core::{Busy, ChangeSession, Level, Loads, Seat, Session, SessionChange};
use crate::storage::Storage;
use bao_engine::{Game, GameRecord};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Saved games, autosave, replays and persistent settings. Needs the game core
/// ([`crate::core_plugin`]).
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Storage>() {
        let storage = Storage::platform();
        info!(
            "saved games and settings are kept in {}",
            storage.describe()
        );
        app.insert_resource(storage);
    }
    app.init_resource::<Notice>()
        .init_resource::<RecordsPolicy>()
        .add_message::<RecordsCommand>()
        .add_plugins((
            prefs::plugin,
            autosave::plugin,
            library::plugin,
            movelist::plugin,
            replay::plugin,
            review::plugin,
        ));
}

/// Whether the records remember anything between runs: the autosave and its offer to resume,
/// and the settings file. On by default; an exhibition kiosk turns it off (each visitor starts
/// from the kiosk's configuration, and nobody is offered a stranger's game).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordsPolicy {
    /// Games and settings are kept between runs.
    pub remembers: bool,
}

impl Default for RecordsPolicy {
    fn default() -> Self {
        RecordsPolicy { remembers: true }
    }
}

/// Run condition: the records remember games and settings between runs.
pub(crate) fn remembers(policy: Option<Res<RecordsPolicy>>) -> bool {
    policy.is_none_or(|p| p.remembers)
}

/// What the overlay asks of the saved games.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RecordsCommand {
    /// Save the game on the board under this name (an existing save of that name is replaced).
    Save(String),
    /// Load a saved game (its storage key) to play on from its last move.
    Open(String),
    /// Load a saved game (its storage key) into the replay viewer, at its start.
    Replay(String),
    /// Delete a saved game (its storage key).
    Delete(String),
    /// Read the list of saved games again.
    Refresh,
    /// Continue the game of the autosave ([`ResumeOffer`]).
    Resume,
    /// Do not continue the autosaved game.
    DeclineResume,
    /// Play this move list (text) from the current game's start in the replay viewer.
    Paste(String),
}

/// The seat of a record's player id (`human` or a level id); an unknown id is a person.
pub fn seat_of_id(id: &str) -> Seat {
    id.parse::<Level>().map_or(Seat::Human, Seat::Computer)
}

/// The record of a session's game, dated now.
pub fn record_of(session: &Session) -> GameRecord {
    GameRecord::of_game(
        session.game(),
        &session.seats()[0].id(),
        &session.seats()[1].id(),
        &crate::storage::now_iso(),
    )
}

/// Reads and replays the record stored under `key`. Nothing is written.
///
/// # Errors
/// A [`LoadError`] saying what is wrong (for a bad move, with its number).
pub fn load_record(storage: &Storage, key: &str) -> Result<(GameRecord, Game), LoadError> {
    let text = storage
        .read(key)
        .map_err(LoadError::Storage)?
        .ok_or(LoadError::Missing)?;
    let record = GameRecord::from_json(&text).map_err(LoadError::Record)?;
    let game = record.replay().map_err(LoadError::Record)?;
    Ok((record, game))
}

/// A session of a replayed record: its game and its players.
pub fn session_of(record: &GameRecord, game: Game) -> Session {
    let seats = [
        seat_of_id(&record.players.south),
        seat_of_id(&record.players.north),
    ];
    Session::from_game(game, seats)
}

/// What the records do to the game on the board: ask the core for another one through its one
/// load path ([`Loads`]), or change it in place and let the seeds glide.
#[derive(SystemParam)]
pub struct SessionLoader<'w> {
    loads: Loads<'w>,
    session: Res<'w, Session>,
    busy: Res<'w, Busy>,
    changes: MessageWriter<'w, ChangeSession>,
}

impl SessionLoader<'_> {
    /// Asks for `session` on the board (the core takes it at `CoreSet::Load`).
    pub fn load(&mut self, session: Session) {
        self.loads.load(session);
    }

    /// The session on the board.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Takes the last move back without keeping it for redo (a replay's step back); the
    /// seeds glide to the position before it.
    pub fn step_back(&mut self) {
        self.change(SessionChange::StepBack);
    }

    /// Turns the position on the board into a game of its own with these players.
    pub fn take_over(&mut self, seats: [Seat; 2]) {
        self.change(SessionChange::TakeOver(seats));
    }

    /// Asks the core for `change` to the session on the board (the loader holds the session,
    /// so it stamps the change itself rather than through `SessionChanges`).
    fn change(&mut self, change: SessionChange) {
        let asked = ChangeSession::of(&self.session, change);
        self.changes.write(asked);
    }

    /// Whether a move is being shown or waits to be.
    pub fn busy(&self) -> bool {
        self.busy.moving
    }
}
