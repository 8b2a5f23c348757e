//! The game has one writer: only the core (`src/core/`) holds the session mutably. Every other
//! module reads it and sends the core its messages (`SeatMove`, `SessionChange`,
//! `GameCommand`) or loads another session through `LoadSession`. The check reads the sources
//! as text, comments and literals blanked, like the layering test beside it.

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

/// Where the session may be written.
const CORE: &str = "src/core/";

/// The files outside the core that take the session mutably, each with the spelling found.
fn writers_outside_the_core(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, source) in files.iter().filter(|(path, _)| !path.starts_with(CORE)) {
        let code: String = strip_comments_and_literals(source)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        for spelling in MUTABLE_SESSION.iter().filter(|s| code.contains(*s)) {
            found.push(format!("{path}: {spelling}"));
        }
    }
    found
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
