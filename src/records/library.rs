//! Named saved games: save the game on the board, list the saved games, open one to play on or
//! to replay, delete one. Opening only reads: a bad file is reported and left as it is.

use super::{LoadError, Notice, RecordsCommand, Replay, SessionLoader, Viewer, load_record};
use super::{back_to, record_of, session_of};
use crate::core::CoreSet;
use crate::core::{Screen, Session};
use crate::storage::Storage;
use bao_engine::GameRecord;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The storage folder of named saved games.
const FOLDER: &str = "games";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavedGames>()
        .add_systems(Update, handle_commands.in_set(CoreSet::Session));
}

/// The saved games as last listed.
#[derive(Resource, Clone, Debug, Default)]
pub struct SavedGames {
    /// Sorted by name.
    pub games: Vec<SavedGame>,
    /// The list could not be read.
    pub error: Option<String>,
}

/// One saved game in the list.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The storage key.
    pub key: String,
    /// The name it was saved under.
    pub name: String,
    /// The record, or why it cannot be read (shown in the list; opening tells the details).
    pub record: Result<GameRecord, String>,
}

/// The storage key of a saved game's name: characters a file name cannot hold become `_`;
/// `None` for a name with nothing left.
pub fn game_key(name: &str) -> Option<String> {
    let cleaned: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, ' ' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    let cleaned = cleaned.trim();
    let key = format!("{FOLDER}/{cleaned}");
    Storage::is_valid_key(&key).then_some(key)
}

fn name_of(key: &str) -> String {
    key.strip_prefix(&format!("{FOLDER}/"))
        .unwrap_or(key)
        .to_owned()
}

impl SavedGames {
    /// Reads the list from `storage`.
    fn read(storage: &Storage) -> SavedGames {
        let keys = match storage.list(FOLDER) {
            Ok(keys) => keys,
            Err(error) => {
                return SavedGames {
                    games: Vec::new(),
                    error: Some(error.to_string()),
                };
            }
        };
        let games = keys
            .into_iter()
            .map(|key| {
                let record = match storage.read(&key) {
                    Ok(Some(text)) => GameRecord::from_json(&text).map_err(|e| e.to_string()),
                    Ok(None) => Err(LoadError::Missing.to_string()),
                    Err(e) => Err(e.to_string()),
                };
                SavedGame {
                    name: name_of(&key),
                    key,
                    record,
                }
            })
            .collect();
        SavedGames { games, error: None }
    }
}

/// Saves, opens, replays, deletes and lists the named saved games.
fn handle_commands(
    mut records: MessageReader<RecordsCommand>,
    mut library: Library,
    mut board: BoardForRecords,
) {
    for command in records.read() {
        match command {
            RecordsCommand::Save(name) => library.save(name, board.loader.session()),
            RecordsCommand::Open(key) | RecordsCommand::Replay(key) => {
                let replaying = matches!(command, RecordsCommand::Replay(_));
                *library.notice = match load_record(&library.storage, key) {
                    Ok((record, game)) => {
                        board.show(key, session_of(&record, game), replaying);
                        Notice::None
                    }
                    Err(error) => Notice::OpenFailed {
                        name: name_of(key),
                        error,
                    },
                };
            }
            RecordsCommand::Delete(key) => library.delete(key),
            RecordsCommand::Refresh => library.refresh(),
            RecordsCommand::Resume | RecordsCommand::DeclineResume | RecordsCommand::Paste(_) => {}
        }
    }
}

/// The saved games: where they are stored, the list shown, and the notice that tells how the
/// last command went.
#[derive(SystemParam)]
struct Library<'w> {
    storage: Res<'w, Storage>,
    list: ResMut<'w, SavedGames>,
    notice: ResMut<'w, Notice>,
}

impl Library<'_> {
    /// Saves `session` under `name`, and lists the games again.
    fn save(&mut self, name: &str, session: &Session) {
        let Some(key) = game_key(name) else {
            *self.notice =
                Notice::SaveFailed(crate::storage::StorageError::BadKey(name.to_owned()));
            return;
        };
        let text = record_of(session).to_json();
        *self.notice = match self.storage.write(&key, &text) {
            Ok(()) => Notice::Saved(name_of(&key)),
            Err(error) => Notice::SaveFailed(error),
        };
        self.refresh();
    }

    /// Deletes the saved game `key`, and lists the games again.
    fn delete(&mut self, key: &str) {
        *self.notice = match self.storage.remove(key) {
            Ok(()) => Notice::Deleted(name_of(key)),
            Err(error) => Notice::SaveFailed(error),
        };
        self.refresh();
    }

    fn refresh(&mut self) {
        *self.list = SavedGames::read(&self.storage);
    }
}

/// What an opened game changes: the board, and the replay with the game it goes back to (the
/// one on the board unless on the title screen).
#[derive(SystemParam)]
struct BoardForRecords<'w> {
    replay: ResMut<'w, Replay>,
    screen: Res<'w, State<Screen>>,
    loader: SessionLoader<'w>,
}

impl BoardForRecords<'_> {
    /// Puts the saved game `key`'s `session` on the board: to play on, or replayed from its
    /// start.
    fn show(&mut self, key: &str, session: Session, replaying: bool) {
        if replaying {
            let back = back_to(&mut self.replay, &self.screen, self.loader.session());
            let viewer = Viewer::new(name_of(key), &session, back);
            let start = viewer.session_at(0);
            self.replay.0 = Some(viewer);
            self.loader.load(start);
        } else {
            self.replay.0 = None;
            self.loader.load(session);
        }
    }
}
