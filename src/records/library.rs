//! Named saved games: save the game on the board, list the saved games, open one to play on or
//! to replay, delete one. Opening only reads: a bad file is reported and left as it is.

use super::{LoadError, Notice, RecordsCommand, Replay, SessionLoader, Viewer, load_record};
use super::{back_to, record_of, session_of};
use crate::core::CoreSet;
use crate::core::Screen;
use crate::storage::Storage;
use bao_engine::GameRecord;
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
    pub fn read(storage: &Storage) -> SavedGames {
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

#[allow(
    clippy::too_many_arguments,
    reason = "saving, opening and replaying touch the list, the store, the notice and the board"
)]
fn handle_commands(
    mut records: MessageReader<RecordsCommand>,
    storage: Res<Storage>,
    mut list: ResMut<SavedGames>,
    mut notice: ResMut<Notice>,
    mut replay: ResMut<Replay>,
    screen: Res<State<Screen>>,
    mut loader: SessionLoader,
) {
    for command in records.read() {
        match command {
            RecordsCommand::Save(name) => {
                let Some(key) = game_key(name) else {
                    *notice =
                        Notice::SaveFailed(crate::storage::StorageError::BadKey(name.clone()));
                    continue;
                };
                let text = record_of(loader.session()).to_json();
                *notice = match storage.write(&key, &text) {
                    Ok(()) => Notice::Saved(name_of(&key)),
                    Err(error) => Notice::SaveFailed(error),
                };
                *list = SavedGames::read(&storage);
            }
            RecordsCommand::Open(key) | RecordsCommand::Replay(key) => {
                match load_record(&storage, key) {
                    Ok((record, game)) => {
                        let session = session_of(&record, game);
                        if matches!(command, RecordsCommand::Replay(_)) {
                            let back = back_to(&mut replay, &screen, loader.session());
                            let viewer = Viewer::new(name_of(key), &session, back);
                            let start = viewer.session_at(0);
                            replay.0 = Some(viewer);
                            loader.load(start);
                        } else {
                            replay.0 = None;
                            loader.load(session);
                        }
                        *notice = Notice::None;
                    }
                    Err(error) => {
                        *notice = Notice::OpenFailed {
                            name: name_of(key),
                            error,
                        };
                    }
                }
            }
            RecordsCommand::Delete(key) => {
                *notice = match storage.remove(key) {
                    Ok(()) => Notice::Deleted(name_of(key)),
                    Err(error) => Notice::SaveFailed(error),
                };
                *list = SavedGames::read(&storage);
            }
            RecordsCommand::Refresh => *list = SavedGames::read(&storage),
            RecordsCommand::Resume | RecordsCommand::DeclineResume | RecordsCommand::Paste(_) => {}
        }
    }
}
