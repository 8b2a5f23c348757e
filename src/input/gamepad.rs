//! A gamepad (or a kiosk's big buttons wired as one): the D-pad moves the same focus ring as
//! the arrow keys, the south button (A / Cross) clicks the pit under it, the east button (B /
//! Circle) finishes the move being sown, the west button (X / Square) asks for a hint, the north
//! button (Y / Triangle) takes a move back and the right shoulder plays it again. Any number of
//! pads may be connected; each one's presses count.

use super::keyboard::{Focus, Seen, keep_on_the_board, press_focus, step_focus};
use crate::anim::SkipMove;
use crate::core::{CoreSet, GameCommand, PitClicked, Screen, Session};
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        steer_focus_and_press
            .run_if(in_state(Screen::Playing))
            .in_set(CoreSet::Input)
            .before(super::handle_clicks),
    );
}

/// What a gamepad button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PadAction {
    /// Move the focus one pit: rows down the screen, columns to the right.
    Step(i32, i32),
    /// Click the pit under the focus.
    Press,
    /// Finish the move being sown.
    Skip,
    /// A game command.
    Command(GameCommand),
}

/// The action of a button, if it has one.
pub(crate) fn action_of(button: GamepadButton) -> Option<PadAction> {
    Some(match button {
        GamepadButton::DPadUp => PadAction::Step(-1, 0),
        GamepadButton::DPadDown => PadAction::Step(1, 0),
        GamepadButton::DPadLeft => PadAction::Step(0, -1),
        GamepadButton::DPadRight => PadAction::Step(0, 1),
        GamepadButton::South => PadAction::Press,
        GamepadButton::East => PadAction::Skip,
        GamepadButton::West => PadAction::Command(GameCommand::Hint),
        GamepadButton::North => PadAction::Command(GameCommand::Undo),
        GamepadButton::RightTrigger => PadAction::Command(GameCommand::Redo),
        _ => return None,
    })
}

fn steer_focus_and_press(
    pads: Query<&Gamepad>,
    session: Res<Session>,
    mut focus: ResMut<Focus>,
    mut clicks: MessageWriter<PitClicked>,
    mut skips: MessageWriter<SkipMove>,
    mut commands_out: MessageWriter<GameCommand>,
    seen: Seen,
) {
    keep_on_the_board(&mut focus, &session);
    for pad in &pads {
        for action in pad.get_just_pressed().filter_map(|b| action_of(*b)) {
            match action {
                PadAction::Step(dr, dc) => {
                    step_focus(&mut focus, (dr, dc), seen.side(), &session);
                }
                PadAction::Press => press_focus(&mut focus, &session, &mut clicks),
                PadAction::Skip => {
                    skips.write(SkipMove);
                }
                PadAction::Command(command) => {
                    commands_out.write(command);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_d_pad_steers_and_the_face_buttons_act() {
        assert_eq!(
            action_of(GamepadButton::DPadLeft),
            Some(PadAction::Step(0, -1))
        );
        assert_eq!(action_of(GamepadButton::South), Some(PadAction::Press));
        assert_eq!(
            action_of(GamepadButton::North),
            Some(PadAction::Command(GameCommand::Undo))
        );
        assert_eq!(action_of(GamepadButton::LeftThumb), None);
    }
}
