//! Kingulu's endgame table for the computer and the hints (`bao_ai::tables`): the exact KN-8
//! result of every position with few seeds left on the board.
//!
//! The table is fetched or made only when a Kingulu game on the board comes near it
//! ([`WANTED_AT`] seeds in play), so a player who never plays Kingulu pays nothing:
//! - on the desktop it is built once, on a thread of its own, into the data folder
//!   (`tables/kingulu-N.tbl`), and memory-mapped from there on every later start. Building it
//!   takes a minute or two and the file is tens of megabytes, so the packages stay small and
//!   every package (Debian, the folders for Linux and Windows) gets it the same way;
//! - on the web a smaller table ([`WEB_TABLE`]) comes from the site beside the page, so the first
//!   visit downloads nothing more.
//!
//! Until the table is there, the computer searches as before; once installed, `bao_ai`'s Expert
//! and the hints read it (`Searcher::perfect_play`).

use crate::core::{CoreSet, Session};
use crate::storage::Storage;
use bao_engine::Variant;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, ask_when_near.in_set(CoreSet::Computer));
}

/// The most active seeds (those in unreserved pits) of the table the desktop builds.
const DESKTOP_SEEDS: u32 = 10;

/// The most active seeds of the web's table, `WEB_TABLE`, as `scripts/build-web.sh` builds it.
const WEB_SEEDS: u32 = 6;

/// The web build's table, beside the page.
#[cfg(target_arch = "wasm32")]
const WEB_TABLE: &str = "tables/kingulu-web.tbl";

/// The most active seeds of the table this build uses.
const TABLE_SEEDS: u32 = if cfg!(target_arch = "wasm32") {
    WEB_SEEDS
} else {
    DESKTOP_SEEDS
};

/// A Kingulu game with at most this many seeds in play (in unreserved pits: what the table
/// counts) asks for the table: some moves before it reaches the table, so that it is ready in
/// time.
const WANTED_AT: u32 = TABLE_SEEDS + 12;

/// Says how the table's opening, building or fetching ended.
fn report(result: Result<u32, String>) {
    match result {
        Ok(seeds) => info!("endgame table: Kingulu with up to {seeds} seeds on the board"),
        Err(why) => warn!("endgame table: not used: {why}"),
    }
}

fn ask_when_near(
    session: Res<Session>,
    mut asked: Local<bool>,
    #[cfg_attr(target_arch = "wasm32", expect(unused_variables))] storage: Option<Res<Storage>>,
) {
    if *asked || session.variant() != Variant::Kingulu {
        return;
    }
    let in_play = bao_ai::tables::EndgameTable::active_seeds(session.game().position());
    if in_play.is_none_or(|seeds| seeds > WANTED_AT) {
        return;
    }
    // The game always has its store (`records`, perhaps one that keeps nothing: then the table
    // is built for this run only). An app without one — a headless test of the core — builds
    // nothing: a table it would throw away is a minute of both cores for nothing.
    #[cfg(not(target_arch = "wasm32"))]
    {
        let Some(storage) = storage else {
            return;
        };
        open_or_build(storage.folder().map(|f| f.join("tables")));
    }
    #[cfg(target_arch = "wasm32")]
    fetch();
    *asked = true;
}

/// The desktop: maps the table from the data folder, or builds it there first; then installs it.
#[cfg(not(target_arch = "wasm32"))]
fn open_or_build(folder: Option<std::path::PathBuf>) {
    let spawned = std::thread::Builder::new()
        .name("endgame table".into())
        .spawn(move || report(open_or_build_now(folder)));
    if let Err(e) = spawned {
        warn!("endgame table: no thread to build it: {e}");
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn open_or_build_now(folder: Option<std::path::PathBuf>) -> Result<u32, String> {
    use bao_ai::tables::{self, EndgameTable as Table};
    use std::sync::Arc;
    let Some(folder) = folder else {
        // No data folder: build it for this run only.
        let table = Table::build(DESKTOP_SEEDS, |_| {}).map_err(|e| e.to_string())?;
        let seeds = table.max_seeds();
        tables::install(Arc::new(table));
        return Ok(seeds);
    };
    let path = folder.join(format!("kingulu-{DESKTOP_SEEDS}.tbl"));
    match Table::open(&path) {
        Ok(table) if table.max_seeds() == DESKTOP_SEEDS => {
            let seeds = table.max_seeds();
            tables::install(Arc::new(table));
            return Ok(seeds);
        }
        Ok(_) => info!(
            "endgame table: {} is of another size; building it again",
            path.display()
        ),
        Err(e) => info!("endgame table: {} ({e}); building it", path.display()),
    }
    let table = Table::build(DESKTOP_SEEDS, |_| {}).map_err(|e| e.to_string())?;
    write_atomically(&folder, &path, &table)?;
    // Map the file just written, so the built table's memory goes back to the system.
    let table = Table::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let seeds = table.max_seeds();
    tables::install(Arc::new(table));
    Ok(seeds)
}

/// Writes the table beside its final name and renames it, so that a crash never leaves a half
/// table that a later start would have to find wrong by its checksum.
#[cfg(not(target_arch = "wasm32"))]
fn write_atomically(
    folder: &std::path::Path,
    path: &std::path::Path,
    table: &bao_ai::tables::EndgameTable,
) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: {e}", path.display());
    std::fs::create_dir_all(folder).map_err(fail)?;
    let part = path.with_extension("part");
    table.write(&part).map_err(fail)?;
    std::fs::rename(&part, path).map_err(fail)
}

/// The web: fetches the smaller table from beside the page and installs it.
#[cfg(target_arch = "wasm32")]
fn fetch() {
    ehttp::fetch(ehttp::Request::get(WEB_TABLE), move |response| {
        let result = response
            .and_then(|r| {
                if r.ok {
                    Ok(r.bytes)
                } else {
                    Err(format!("{WEB_TABLE}: {} {}", r.status, r.status_text))
                }
            })
            .and_then(|bytes| {
                bao_ai::tables::EndgameTable::from_bytes(bytes).map_err(|e| e.to_string())
            })
            .map(|table| {
                let seeds = table.max_seeds();
                bao_ai::tables::install(std::sync::Arc::new(table));
                seeds
            });
        report(result);
    });
}
