//! The kiosk's mouse cursor: hidden, since a touch screen has no use for an arrow; shown while a
//! mouse moves (a technician's), hidden again after [`CURSOR_HIDE_AFTER`] seconds without it or at
//! once on a touch.

use bevy::input::touch::TouchInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, CursorOptions, PrimaryWindow};

pub(super) fn plugin(app: &mut App) {
    // Registered by the window and input plugins in the game; headless tests have neither.
    app.add_message::<CursorMoved>()
        .add_message::<TouchInput>()
        .init_resource::<MouseSeen>()
        .add_systems(Update, show_cursor_for_the_mouse);
}

/// Seconds the cursor stays after the mouse last moved.
pub const CURSOR_HIDE_AFTER: f32 = 5.0;

/// When the mouse last moved over the window (real seconds); `None`: not since the start or
/// the last touch.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
struct MouseSeen(Option<f32>);

/// The cursor is shown for [`CURSOR_HIDE_AFTER`] seconds after a mouse moved; a touch hides it at once
/// (a touch in the same frame as a motion wins: some systems move the pointer with the finger).
fn show_cursor_for_the_mouse(
    mut moves: MessageReader<CursorMoved>,
    mut touches: MessageReader<TouchInput>,
    time: Res<Time<Real>>,
    mut seen: ResMut<MouseSeen>,
    mut cursors: Query<&mut CursorOptions, With<PrimaryWindow>>,
) {
    let now = time.elapsed_secs();
    let moved = moves.read().count() > 0;
    if touches.read().count() > 0 {
        seen.0 = None;
    } else if moved {
        seen.0 = Some(now);
    }
    let visible = seen.0.is_some_and(|at| now - at < CURSOR_HIDE_AFTER);
    for mut cursor in &mut cursors {
        // Changed only when it changes: the window follows every change.
        if cursor.visible != visible {
            cursor.visible = visible;
        }
    }
}
