//! Sets of ids kept between runs: the lessons whose exercise was done and the puzzles solved.
//! Each is one small file under its own key, read at start and written when it changes, where
//! the records remember anything (not on a kiosk). A file that cannot be read gives a fresh
//! start and a notice, like the settings; it stays as it is until the set changes.

use super::{Notice, RecordsPolicy};
use crate::storage::Storage;
use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::ops::DerefMut;

/// A set of ids and what the store holds of it.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct KeptIds {
    /// The ids.
    pub done: BTreeSet<String>,
    /// What the store holds (written when `done` differs; `None` before it was read).
    written: Option<BTreeSet<String>>,
}

/// A resource that is a [`KeptIds`]: where it is kept, which ids still mean something, and the
/// notice for a file that cannot be read.
pub trait Kept: Resource + Component<Mutability = Mutable> + DerefMut<Target = KeptIds> {
    /// The storage key.
    const KEY: &'static str;
    /// What it is, for the log ("the lesson progress").
    const WHAT: &'static str;
    /// Whether `id` is still an id of this version (a lesson or puzzle removed since is
    /// forgotten, not an error).
    fn known(id: &str) -> bool;
    /// The notice for a file that cannot be read, and why.
    fn broken(why: String) -> Notice;
}

/// The file.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct SavedIds {
    format: u32,
    done: Vec<String>,
}

/// The format this version writes.
const FORMAT: u32 = 1;

/// Reads a kept file: its ids that `known` accepts.
///
/// # Errors
/// Why the text is not such a file.
pub(super) fn parse_kept(
    text: &str,
    known: impl Fn(&str) -> bool,
) -> Result<BTreeSet<String>, String> {
    let saved: SavedIds = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if saved.format > FORMAT {
        return Err(format!(
            "the file has format {}, newer than this version reads ({FORMAT})",
            saved.format
        ));
    }
    Ok(saved.done.into_iter().filter(|id| known(id)).collect())
}

/// The file of `done`.
pub(super) fn kept_json(done: &BTreeSet<String>) -> String {
    serde_json::to_string(&SavedIds {
        format: FORMAT,
        done: done.iter().cloned().collect(),
    })
    .unwrap_or_default()
}

/// Headless tests without the records plugin keep nothing.
fn remembers(policy: Option<Res<RecordsPolicy>>) -> bool {
    policy.is_some_and(|p| p.remembers)
}

/// Reads the set at start; a broken file gives an empty set and a notice.
pub fn load_kept<K: Kept>(
    storage: Option<Res<Storage>>,
    policy: Option<Res<RecordsPolicy>>,
    mut kept: ResMut<K>,
    notice: Option<ResMut<Notice>>,
) {
    let Some(storage) = storage.filter(|_| remembers(policy)) else {
        return;
    };
    let read = storage
        .read(K::KEY)
        .map_err(|e| e.to_string())
        .and_then(|text| text.map(|t| parse_kept(&t, K::known)).transpose());
    match read {
        Ok(done) => {
            let done = done.unwrap_or_default();
            kept.written = Some(done.clone());
            kept.done = done;
        }
        Err(why) => {
            warn!("{} cannot be read ({why}); it starts fresh", K::WHAT);
            if let Some(mut notice) = notice {
                *notice = K::broken(why);
            }
            kept.written = Some(BTreeSet::new());
        }
    }
}

/// Writes the set when it changed.
pub fn save_kept<K: Kept>(
    storage: Option<Res<Storage>>,
    policy: Option<Res<RecordsPolicy>>,
    mut kept: ResMut<K>,
) {
    let Some(storage) = storage.filter(|_| remembers(policy)) else {
        return;
    };
    if kept.written.is_none() || kept.written.as_ref() == Some(&kept.done) {
        return;
    }
    if let Err(error) = storage.write(K::KEY, &kept_json(&kept.done)) {
        warn!("{} could not be saved: {error}", K::WHAT);
    }
    kept.written = Some(kept.done.clone());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_ids_round_trip_and_a_broken_file_is_an_error() {
        let known = |id: &str| id != "gone";
        let done: BTreeSet<String> = ["kingulu-relay".to_owned(), "kigogo-end".to_owned()].into();
        assert_eq!(parse_kept(&kept_json(&done), known), Ok(done));
        assert!(parse_kept("{not json", known).is_err());
        assert!(parse_kept(r#"{"format": 99, "done": []}"#, known).is_err());
        let old = r#"{"format": 1, "done": ["kingulu-relay", "gone"]}"#;
        assert_eq!(
            parse_kept(old, known),
            Ok(["kingulu-relay".to_owned()].into()),
            "an id removed since is forgotten, not an error"
        );
    }
}
