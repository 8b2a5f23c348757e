//! Someone at the screen: any touch, click, key, scroll or mouse move is sent as [`Touched`],
//! which the idle timers, the attract loop and the visitor statistics each read.

use super::KioskSet;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::input::touch::Touches;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Touched>()
        .add_systems(Update, detect_input.in_set(KioskSet::Touch));
}

/// Someone touched the screen, clicked or pressed a key (sent by the input watcher; tests send
/// it directly).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct Touched;

/// A mouse moved less than this many pixels in a frame is not someone at the screen (a touch
/// screen may jitter its emulated pointer).
const MOUSE_JITTER: f32 = 3.0;

/// Raw input of any kind is activity. The input resources are missing in headless tests.
fn detect_input(
    touches: Option<Res<Touches>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    motion: Option<Res<AccumulatedMouseMotion>>,
    scroll: Option<Res<AccumulatedMouseScroll>>,
    mut activity: MessageWriter<Touched>,
) {
    let touched = touches.is_some_and(|t| t.iter().next().is_some() || t.any_just_released());
    let clicked =
        mouse.is_some_and(|m| m.get_pressed().len() > 0 || m.get_just_released().len() > 0);
    let typed = keys.is_some_and(|k| k.get_just_pressed().len() > 0);
    let moved = motion.is_some_and(|m| m.delta.length() > MOUSE_JITTER);
    let scrolled = scroll.is_some_and(|s| s.delta != Vec2::ZERO);
    if touched || clicked || typed || moved || scrolled {
        activity.write(Touched);
    }
}
