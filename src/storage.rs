//! A small key → text store for saved games, the autosave and the settings: files in the
//! platform's data folder on the desktop, the browser's local storage on the web.
//!
//! Keys are short paths such as `settings`, `autosave` or `games/My game`; each part is made of
//! letters, digits, spaces, `-` and `_` only (see [`Storage::is_valid_key`]), so that a key is
//! always a safe file name. On the desktop a write goes to a temporary file that is then renamed
//! over the old one, so that a crash never leaves a half-written save.

use bevy::prelude::*;
use std::fmt;

/// The environment variable that moves the data folder (tests, portable installs, kiosks).
pub const DATA_DIR_VAR: &str = "BAO_DATA_DIR";

/// Where saved games and settings are kept.
#[derive(Resource, Clone, Debug)]
pub struct Storage {
    backend: Backend,
}

#[derive(Clone, Debug)]
enum Backend {
    /// One file per key (with `.json` added) under this folder.
    #[cfg(not(target_arch = "wasm32"))]
    Folder(std::path::PathBuf),
    /// `window.localStorage`, every key prefixed with `bao/`.
    #[cfg(target_arch = "wasm32")]
    LocalStorage,
    /// Nothing is kept: no data folder could be found.
    Nowhere(String),
}

/// Why the store could not read or write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// The key has characters that are not allowed.
    BadKey(String),
    /// The platform gave no place to keep data.
    Unavailable(String),
    /// Reading, writing or listing failed.
    Io(String),
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::BadKey(key) => write!(f, "'{key}' is not a valid storage key"),
            StorageError::Unavailable(why) => write!(f, "no place to keep data: {why}"),
            StorageError::Io(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StorageError {}

impl Storage {
    /// The platform's store: on the desktop `$BAO_DATA_DIR` if set, else the platform's data
    /// folder for Bao; on the web the browser's local storage.
    pub fn platform() -> Storage {
        #[cfg(not(target_arch = "wasm32"))]
        {
            if let Some(dir) = std::env::var_os(DATA_DIR_VAR).filter(|d| !d.is_empty()) {
                return Storage::at(dir);
            }
            match directories::ProjectDirs::from("", "", "Bao") {
                Some(dirs) => Storage::at(dirs.data_dir()),
                None => Storage::nowhere("the system has no home folder"),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            Storage {
                backend: Backend::LocalStorage,
            }
        }
    }

    /// A store in the folder `dir` (created on the first write).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn at(dir: impl Into<std::path::PathBuf>) -> Storage {
        Storage {
            backend: Backend::Folder(dir.into()),
        }
    }

    /// A store that keeps nothing and says why on every use.
    pub fn nowhere(why: &str) -> Storage {
        Storage {
            backend: Backend::Nowhere(why.to_owned()),
        }
    }

    /// The data folder on the desktop, for files that are not keyed texts (the database of the
    /// games this computer hosts); `None` where nothing is kept.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn folder(&self) -> Option<&std::path::Path> {
        match &self.backend {
            Backend::Folder(dir) => Some(dir),
            Backend::Nowhere(_) => None,
        }
    }

    /// Where the data is kept, for messages and logs.
    pub fn describe(&self) -> String {
        match &self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Folder(dir) => dir.display().to_string(),
            #[cfg(target_arch = "wasm32")]
            Backend::LocalStorage => "the browser's local storage".to_owned(),
            Backend::Nowhere(why) => format!("nowhere ({why})"),
        }
    }

    /// Whether `key` is allowed: one to three `/`-separated parts of letters, digits, spaces,
    /// `-` and `_`, none empty, none starting with a space or `.`, at most 100 characters.
    pub fn is_valid_key(key: &str) -> bool {
        let parts: Vec<&str> = key.split('/').collect();
        key.len() <= 100
            && parts.len() <= 3
            && parts.iter().all(|part| {
                !part.is_empty()
                    && !part.starts_with(' ')
                    && !part.ends_with(' ')
                    && part
                        .chars()
                        .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            })
    }

    fn check(key: &str) -> Result<(), StorageError> {
        if Storage::is_valid_key(key) {
            Ok(())
        } else {
            Err(StorageError::BadKey(key.to_owned()))
        }
    }

    /// The text stored under `key`, or `None` if there is none.
    ///
    /// # Errors
    /// A bad key, no store, or a read that failed.
    pub fn read(&self, key: &str) -> Result<Option<String>, StorageError> {
        Storage::check(key)?;
        match &self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Folder(dir) => desktop::read(&desktop::file(dir, key)),
            #[cfg(target_arch = "wasm32")]
            Backend::LocalStorage => web::read(key),
            Backend::Nowhere(why) => Err(StorageError::Unavailable(why.clone())),
        }
    }

    /// Stores `text` under `key`, replacing what was there as one step.
    ///
    /// # Errors
    /// A bad key, no store, or a write that failed (the old text is then still there).
    pub fn write(&self, key: &str, text: &str) -> Result<(), StorageError> {
        Storage::check(key)?;
        match &self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Folder(dir) => desktop::write(&desktop::file(dir, key), text),
            #[cfg(target_arch = "wasm32")]
            Backend::LocalStorage => web::write(key, text),
            Backend::Nowhere(why) => Err(StorageError::Unavailable(why.clone())),
        }
    }

    /// Removes `key`; removing a key that is not there is not an error.
    ///
    /// # Errors
    /// A bad key, no store, or a removal that failed.
    pub fn remove(&self, key: &str) -> Result<(), StorageError> {
        Storage::check(key)?;
        match &self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Folder(dir) => desktop::remove(&desktop::file(dir, key)),
            #[cfg(target_arch = "wasm32")]
            Backend::LocalStorage => web::remove(key),
            Backend::Nowhere(why) => Err(StorageError::Unavailable(why.clone())),
        }
    }

    /// The keys directly under the folder `prefix` (e.g. `games` lists `games/…`), sorted.
    ///
    /// # Errors
    /// A bad prefix, no store, or a listing that failed.
    pub fn list(&self, prefix: &str) -> Result<Vec<String>, StorageError> {
        Storage::check(prefix)?;
        let mut keys = match &self.backend {
            #[cfg(not(target_arch = "wasm32"))]
            Backend::Folder(dir) => desktop::list(dir, prefix)?,
            #[cfg(target_arch = "wasm32")]
            Backend::LocalStorage => web::list(prefix)?,
            Backend::Nowhere(why) => return Err(StorageError::Unavailable(why.clone())),
        };
        keys.retain(|k| Storage::is_valid_key(k));
        keys.sort();
        Ok(keys)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use super::StorageError;
    use std::io::Write;
    use std::path::{Path, PathBuf};

    const EXTENSION: &str = "json";

    pub(super) fn file(dir: &Path, key: &str) -> PathBuf {
        let mut path = dir.to_path_buf();
        path.extend(key.split('/'));
        path.set_extension(EXTENSION);
        path
    }

    fn io(what: &str, path: &Path, e: std::io::Error) -> StorageError {
        StorageError::Io(format!("cannot {what} {}: {e}", path.display()))
    }

    pub(super) fn read(path: &Path) -> Result<Option<String>, StorageError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io("read", path, e)),
        }
    }

    /// Writes a temporary file beside the target, flushes it to disk, then renames it over
    /// the target: readers see the old text or the new, never half of one.
    pub(super) fn write(path: &Path, text: &str) -> Result<(), StorageError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io("create", parent, e))?;
        }
        let temp = path.with_extension(format!("{EXTENSION}.tmp{}", std::process::id()));
        let written = std::fs::File::create(&temp).and_then(|mut file| {
            file.write_all(text.as_bytes())?;
            file.sync_all()
        });
        if let Err(e) = written {
            let _ = std::fs::remove_file(&temp);
            return Err(io("write", &temp, e));
        }
        std::fs::rename(&temp, path).map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            io("replace", path, e)
        })
    }

    pub(super) fn remove(path: &Path) -> Result<(), StorageError> {
        match std::fs::remove_file(path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io("remove", path, e)),
        }
    }

    pub(super) fn list(dir: &Path, prefix: &str) -> Result<Vec<String>, StorageError> {
        let mut folder = dir.to_path_buf();
        folder.extend(prefix.split('/'));
        let entries = match std::fs::read_dir(&folder) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io("list", &folder, e)),
        };
        let mut keys = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some(EXTENSION) {
                continue;
            }
            if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                keys.push(format!("{prefix}/{stem}"));
            }
        }
        Ok(keys)
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::StorageError;

    const PREFIX: &str = "bao/";

    fn local_storage() -> Result<web_sys::Storage, StorageError> {
        let window = web_sys::window()
            .ok_or_else(|| StorageError::Unavailable("no browser window".to_owned()))?;
        window
            .local_storage()
            .ok()
            .flatten()
            .ok_or_else(|| StorageError::Unavailable("local storage is turned off".to_owned()))
    }

    fn failed(what: &str, e: web_sys::wasm_bindgen::JsValue) -> StorageError {
        StorageError::Io(format!("cannot {what} local storage: {e:?}"))
    }

    pub(crate) fn read(key: &str) -> Result<Option<String>, StorageError> {
        local_storage()?
            .get_item(&format!("{PREFIX}{key}"))
            .map_err(|e| failed("read", e))
    }

    /// Local storage replaces an item in one step.
    pub(crate) fn write(key: &str, text: &str) -> Result<(), StorageError> {
        local_storage()?
            .set_item(&format!("{PREFIX}{key}"), text)
            .map_err(|e| failed("write to (it may be full)", e))
    }

    pub(crate) fn remove(key: &str) -> Result<(), StorageError> {
        local_storage()?
            .remove_item(&format!("{PREFIX}{key}"))
            .map_err(|e| failed("remove from", e))
    }

    pub(crate) fn list(prefix: &str) -> Result<Vec<String>, StorageError> {
        let storage = local_storage()?;
        let len = storage.length().map_err(|e| failed("list", e))?;
        let folder = format!("{PREFIX}{prefix}/");
        let mut keys = Vec::new();
        for i in 0..len {
            let Ok(Some(name)) = storage.key(i) else {
                continue;
            };
            if let Some(rest) = name.strip_prefix(&folder)
                && !rest.contains('/')
            {
                keys.push(format!("{prefix}/{rest}"));
            }
        }
        Ok(keys)
    }
}

/// Now as ISO 8601 in UTC, e.g. `2026-11-30T10:00:00Z`.
pub fn now_iso() -> String {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let days = (secs / 86_400) as i64;
        let rest = secs % 86_400;
        let (y, m, d) = civil_from_days(days);
        format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
            rest / 3600,
            rest % 3600 / 60,
            rest % 60
        )
    }
    #[cfg(target_arch = "wasm32")]
    {
        // "2026-11-30T10:00:00.000Z": drop the milliseconds.
        let iso: String = web_sys::js_sys::Date::new_0().to_iso_string().into();
        match iso.split_once('.') {
            Some((whole, _)) => format!("{whole}Z"),
            None => iso,
        }
    }
}

/// Days since 1970-01-01 of an ISO 8601 date (`YYYY-MM-DD…`), or `None` if it is not one.
pub fn days_of(iso: &str) -> Option<i64> {
    let date = iso.get(..10)?;
    let mut parts = date.split('-');
    let y: i64 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let d: u32 = parts.next()?.parse().ok()?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    Some(days_from_civil(y, m, d))
}

/// Howard Hinnant's `days_from_civil`: days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`].
#[cfg_attr(
    target_arch = "wasm32",
    allow(dead_code, reason = "the browser formats its own dates")
)]
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_safe_file_names() {
        for good in [
            "settings",
            "games/My game 2",
            "games/mchezo_wa-leo",
            "games/Spiel",
        ] {
            assert!(Storage::is_valid_key(good), "{good}");
        }
        for bad in [
            "",
            "games/",
            "../etc/passwd",
            "games/a.b",
            "games/ lead",
            "a/b/c/d",
            "games\\x",
            "games/x:y",
        ] {
            assert!(!Storage::is_valid_key(bad), "{bad}");
        }
    }

    #[test]
    fn dates_convert_both_ways() {
        assert_eq!(days_of("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(days_of("2000-03-01"), Some(11_017));
        for days in [-1000, 0, 11_016, 20_000, 20_787, 60_000] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_of(&format!("{y:04}-{m:02}-{d:02}")), Some(days));
        }
        assert_eq!(days_of("yesterday"), None);
        assert_eq!(days_of("2026-13-01"), None);
        assert!(days_of(&now_iso()).is_some_and(|d| d > 20_000));
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn folder_store_writes_reads_lists_and_removes() {
        let dir = std::env::temp_dir().join(format!("bao-storage-{}", std::process::id()));
        let store = Storage::at(&dir);
        assert_eq!(store.read("games/one"), Ok(None));
        assert_eq!(store.list("games"), Ok(Vec::new()));
        store.write("games/one", "1").unwrap();
        store.write("games/two", "2").unwrap();
        store.write("games/one", "uno").unwrap();
        store.write("settings", "{}").unwrap();
        assert_eq!(store.read("games/one"), Ok(Some("uno".to_owned())));
        assert_eq!(
            store.list("games"),
            Ok(vec!["games/one".to_owned(), "games/two".to_owned()])
        );
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.join("games"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        store.remove("games/one").unwrap();
        store.remove("games/one").unwrap();
        assert_eq!(store.read("games/one"), Ok(None));
        assert!(matches!(
            store.write("../x", ""),
            Err(StorageError::BadKey(_))
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_store_without_a_place_says_so() {
        let store = Storage::nowhere("no home");
        assert!(matches!(
            store.read("settings"),
            Err(StorageError::Unavailable(_))
        ));
    }
}
