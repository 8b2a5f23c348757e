//! The game has one writer: only the core (`src/core/`) holds the session mutably, replaces it
//! and changes the screen. Every other module reads it and sends the core its messages
//! (`SeatMove`, `SessionChange`, `GameCommand`, a load through `Loads`), which the core takes at
//! its points of the frame. The check reads the sources as text, comments and literals blanked,
//! like the layering test beside it.

use crate::layers::{src_files, strip_comments_and_literals};

/// The spellings that take the session mutably, whitespace removed: a system parameter (with
/// or without a lifetime, by its short or its full path) or a world's mutable access.
const MUTABLE_SESSION: &[&str] = &[
    "ResMut<Session>",
    "ResMut<'w,Session>",
    "ResMut<'_,Session>",
    "ResMut<core::Session>",
    "ResMut<crate::core::Session>",
    "ResMut<'w,core::Session>",
    "ResMut<'w,crate::core::Session>",
    "resource_mut::<Session>",
    "resource_mut::<core::Session>",
    "resource_mut::<crate::core::Session>",
    "get_resource_mut::<Session>",
];

/// The spellings that replace the session or change the screen at once, whitespace removed:
/// the core's load path and the screen's next state. Outside the core a load is asked for
/// (`Loads`) and taken at `CoreSet::Load`; the screen follows the loads and `GameCommand`.
const REPLACES_THE_SESSION: &[&str] = &[
    "LoadSession",
    "NextState<Screen>",
    "NextState<core::Screen>",
    "NextState<crate::core::Screen>",
];

/// Where the session may be written.
const CORE: &str = "src/core/";

/// The files outside the core that use one of `spellings`, each with the spelling found.
fn found_outside_the_core(files: &[(String, String)], spellings: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, source) in files.iter().filter(|(path, _)| !path.starts_with(CORE)) {
        let code: String = strip_comments_and_literals(source)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        for spelling in spellings.iter().filter(|s| code.contains(*s)) {
            found.push(format!("{path}: {spelling}"));
        }
    }
    found
}

/// The files outside the core that take the session mutably, each with the spelling found.
fn writers_outside_the_core(files: &[(String, String)]) -> Vec<String> {
    found_outside_the_core(files, MUTABLE_SESSION)
}

#[test]
fn only_the_core_writes_the_session() {
    let found = writers_outside_the_core(&src_files());
    assert!(
        found.is_empty(),
        "only src/core/ may take the Session mutably; send the core a SeatMove or a \
         SessionChange instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn only_the_core_replaces_the_session_and_changes_the_screen() {
    let found = found_outside_the_core(&src_files(), REPLACES_THE_SESSION);
    assert!(
        found.is_empty(),
        "only src/core/ replaces the Session and sets the Screen; ask for a load through \
         core::Loads (taken at CoreSet::Load) or send a GameCommand instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_load_outside_the_core_is_reported_with_its_file() {
    let files = vec![
        (
            "src/records/library.rs".to_owned(),
            "fn open(mut next: ResMut<NextState< Screen >>) {}".to_owned(),
        ),
        (
            "src/core/load.rs".to_owned(),
            "struct LoadSession<'w> { next_screen: ResMut<'w, NextState<Screen>> }".to_owned(),
        ),
        (
            "src/kiosk/attract.rs".to_owned(),
            "fn go(mut loader: crate::core::LoadSession) {}".to_owned(),
        ),
        (
            "src/lessons.rs".to_owned(),
            "fn open(mut loads: Loads) { loads.load(session); }".to_owned(),
        ),
    ];
    assert_eq!(
        found_outside_the_core(&files, REPLACES_THE_SESSION),
        vec![
            "src/records/library.rs: NextState<Screen>".to_owned(),
            "src/kiosk/attract.rs: LoadSession".to_owned(),
        ]
    );
}

#[test]
fn a_write_outside_the_core_is_reported_with_its_file() {
    let files = vec![
        (
            "src/input/mod.rs".to_owned(),
            "fn handle(mut session: ResMut< '_, Session >) {}".to_owned(),
        ),
        (
            "src/core/turn.rs".to_owned(),
            "fn undo(mut session: ResMut<Session>) {}".to_owned(),
        ),
        (
            "src/ui/hud.rs".to_owned(),
            "// ResMut<Session> in a comment is no write\nfn bars(s: Res<Session>) {}".to_owned(),
        ),
        (
            "src/lessons.rs".to_owned(),
            "fn t(world: &mut World) { world.resource_mut::<Session>(); }".to_owned(),
        ),
    ];
    assert_eq!(
        writers_outside_the_core(&files),
        vec![
            "src/input/mod.rs: ResMut<'_,Session>".to_owned(),
            "src/lessons.rs: resource_mut::<Session>".to_owned(),
        ]
    );
}
