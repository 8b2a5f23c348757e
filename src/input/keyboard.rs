//! Playing without a pointer: a focus ring on the pits that the arrow keys move across the
//! board as it is shown (the near seat at the bottom: South's, or North's when the board is
//! seen from North's side), and Enter (or the keypad's Enter) that
//! clicks the pit under it — a move's start pit, then, in Kujifunza, the first pit of its
//! direction or the kichwa asked for, exactly as a click would. H asks for a hint, U (or
//! Ctrl+Z) takes a move back and Shift+U (or Ctrl+Y) plays it again. Without a keyboard
//! (headless), nothing happens.

use crate::camera::SeenFrom;
use crate::core::{CoreSet, GameCommand, PitClicked, Screen, Session, Settings};
use bao_engine::Pit;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Focus>()
        .init_resource::<KeysTaken>()
        .add_systems(
            Update,
            move_focus_and_press
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Input)
                .before(super::handle_clicks),
        );
}

/// The pit the keyboard's focus ring is on, if the keyboard has been used.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Focus(pub Option<Pit>);

/// The keyboard is the overlay's this frame (a name is being typed): no key plays (set by the
/// overlay).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct KeysTaken(pub bool);

/// A step of the focus across the board as shown: rows down the screen, columns to the right.
fn step(key: KeyCode) -> Option<(i32, i32)> {
    match key {
        KeyCode::ArrowUp => Some((-1, 0)),
        KeyCode::ArrowDown => Some((1, 0)),
        KeyCode::ArrowLeft => Some((0, -1)),
        KeyCode::ArrowRight => Some((0, 1)),
        _ => None,
    }
}

/// The pit one step from `from` on a board of `rows` × `cols`, stopping at the edges.
fn moved(from: Pit, (dr, dc): (i32, i32), rows: usize, cols: usize) -> Pit {
    let row = (i32::from(from.row) + dr).clamp(0, rows as i32 - 1);
    let col = (i32::from(from.col) + dc).clamp(0, cols as i32 - 1);
    Pit::new(row as u8, col as u8)
}

/// The first pit the focus lands on: the first pit a move can start from, else the board's
/// bottom left corner.
fn first_focus(session: &Session) -> Pit {
    session.start_pits().first().copied().unwrap_or_else(|| {
        let rows = session.variant().rows();
        Pit::new(rows as u8 - 1, 0)
    })
}

/// The game command of a key, with Shift or Ctrl held or not.
fn command_of(key: KeyCode, shift: bool, ctrl: bool) -> Option<GameCommand> {
    match key {
        KeyCode::KeyH if !ctrl => Some(GameCommand::Hint),
        KeyCode::KeyU if shift => Some(GameCommand::Redo),
        KeyCode::KeyU => Some(GameCommand::Undo),
        KeyCode::KeyZ if ctrl => Some(GameCommand::Undo),
        KeyCode::KeyY if ctrl => Some(GameCommand::Redo),
        _ => None,
    }
}

/// Forgets a focus that is off the board shown (one of another variant's board).
pub(super) fn keep_on_the_board(focus: &mut Focus, session: &Session) {
    let variant = session.variant();
    if focus.0.is_some_and(|p| {
        usize::from(p.row) >= variant.rows() || usize::from(p.col) >= variant.cols()
    }) {
        focus.0 = None;
    }
}

/// One step of the focus, rows down the screen and columns to the right as the board is
/// `seen` (from North's side the board's rows and columns run the other way); the first step
/// puts it on the board.
pub(super) fn step_focus(
    focus: &mut Focus,
    (dr, dc): (i32, i32),
    seen: SeenFrom,
    session: &Session,
) {
    let variant = session.variant();
    let delta = match seen {
        SeenFrom::South => (dr, dc),
        SeenFrom::North => (-dr, -dc),
    };
    focus.0 = Some(match focus.0 {
        Some(pit) => moved(pit, delta, variant.rows(), variant.cols()),
        None => first_focus(session),
    });
}

/// The side the board is seen from, as the camera shows it.
#[derive(SystemParam)]
pub(super) struct Seen<'w> {
    side: Option<Res<'w, SeenFrom>>,
    settings: Res<'w, Settings>,
}

impl Seen<'_> {
    pub(super) fn side(&self) -> SeenFrom {
        SeenFrom::shown(self.side.as_deref(), &self.settings)
    }
}

/// Enter, or a pad's south button: clicks the pit under the focus; without a focus yet, puts
/// it on the board.
pub(super) fn press_focus(
    focus: &mut Focus,
    session: &Session,
    clicks: &mut MessageWriter<PitClicked>,
) {
    match focus.0 {
        Some(pit) => {
            clicks.write(PitClicked(pit));
        }
        None => focus.0 = Some(first_focus(session)),
    }
}

fn move_focus_and_press(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Res<Session>,
    mut focus: ResMut<Focus>,
    mut clicks: MessageWriter<PitClicked>,
    mut commands_out: MessageWriter<GameCommand>,
    taken: Res<KeysTaken>,
    seen: Seen,
) {
    let Some(keys) = keys.filter(|_| !taken.0) else {
        return;
    };
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    keep_on_the_board(&mut focus, &session);
    for key in keys.get_just_pressed() {
        if let Some(delta) = step(*key) {
            step_focus(&mut focus, delta, seen.side(), &session);
        } else if let Some(command) = command_of(*key, shift, ctrl) {
            commands_out.write(command);
        } else if matches!(key, KeyCode::Enter | KeyCode::NumpadEnter) {
            press_focus(&mut focus, &session, &mut clicks);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_focus_steps_across_the_board_and_stops_at_its_edges() {
        let corner = Pit::new(3, 0);
        assert_eq!(moved(corner, (0, -1), 4, 12), corner);
        assert_eq!(moved(corner, (1, 0), 4, 12), corner);
        assert_eq!(moved(corner, (-1, 0), 4, 12), Pit::new(2, 0));
        assert_eq!(moved(Pit::new(0, 5), (0, 1), 2, 6), Pit::new(0, 5));
        assert_eq!(moved(Pit::new(1, 2), (0, 1), 2, 6), Pit::new(1, 3));
    }

    #[test]
    fn letters_with_shift_or_ctrl_are_the_games_commands() {
        assert_eq!(
            command_of(KeyCode::KeyH, false, false),
            Some(GameCommand::Hint)
        );
        assert_eq!(
            command_of(KeyCode::KeyU, false, false),
            Some(GameCommand::Undo)
        );
        assert_eq!(
            command_of(KeyCode::KeyU, true, false),
            Some(GameCommand::Redo)
        );
        assert_eq!(
            command_of(KeyCode::KeyZ, false, true),
            Some(GameCommand::Undo)
        );
        assert_eq!(
            command_of(KeyCode::KeyY, false, true),
            Some(GameCommand::Redo)
        );
        assert_eq!(command_of(KeyCode::KeyZ, false, false), None);
    }
}
