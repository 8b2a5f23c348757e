//! Thin pointer and keyboard input: picking observers turn clicks on pits into `PitClicked`,
//! hover into [`Hovered`]; keys send game commands.

use super::Selection;
use crate::anim::SkipMove;
use crate::board::{BoardSurface, PitSlot};
use crate::camera::ResetCamera;
use crate::core::{CoreSet, PitClicked, Screen};
use bao_engine::Pit;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .add_observer(watch_pit)
        .add_observer(watch_board)
        .add_systems(
            Update,
            // After the overlay's Escape, which leaves a half-made move to this one.
            keys.run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Input),
        );
}

/// The pit under the pointer, if any.
#[derive(Resource, Default, Clone, Copy, Debug)]
pub(crate) struct Hovered(pub Option<Pit>);

fn watch_pit(add: On<Add, PitSlot>, mut commands: Commands) {
    commands
        .entity(add.entity)
        .observe(click_pit)
        .observe(enter_pit)
        .observe(leave_pit);
}

fn watch_board(add: On<Add, BoardSurface>, mut commands: Commands) {
    commands.entity(add.entity).observe(click_board);
}

/// Whether the pointer is over an egui window or bar: a click there belongs to the overlay, even
/// while a button is held (when egui does not claim the pointer and picking still sees the pit
/// under the window).
fn over_overlay(overlay: &Option<Res<EguiWantsInput>>) -> bool {
    overlay
        .as_ref()
        .is_some_and(|o| o.wants_pointer_input() || o.is_pointer_over_area())
}

fn click_pit(
    click: On<Pointer<Click>>,
    pits: Query<&PitSlot>,
    overlay: Option<Res<EguiWantsInput>>,
    mut clicked: MessageWriter<PitClicked>,
) {
    if click.button != PointerButton::Primary || over_overlay(&overlay) {
        return;
    }
    if let Ok(&PitSlot(pit)) = pits.get(click.entity) {
        clicked.write(PitClicked(pit));
    }
}

/// A click on the wood while seeds move finishes the move (ignored otherwise).
fn click_board(
    click: On<Pointer<Click>>,
    overlay: Option<Res<EguiWantsInput>>,
    mut skips: MessageWriter<SkipMove>,
) {
    if click.button == PointerButton::Primary && !over_overlay(&overlay) {
        skips.write(SkipMove);
    }
}

fn enter_pit(over: On<Pointer<Over>>, pits: Query<&PitSlot>, mut hovered: ResMut<Hovered>) {
    if let Ok(&PitSlot(pit)) = pits.get(over.entity) {
        hovered.0 = Some(pit);
    }
}

fn leave_pit(out: On<Pointer<Out>>, pits: Query<&PitSlot>, mut hovered: ResMut<Hovered>) {
    if let Ok(&PitSlot(pit)) = pits.get(out.entity)
        && hovered.0 == Some(pit)
    {
        hovered.0 = None;
    }
}

/// Space skips the animation; Escape drops a half-made move; Home resets the camera.
fn keys(
    keyboard: Res<ButtonInput<KeyCode>>,
    mut selection: ResMut<Selection>,
    mut skips: MessageWriter<SkipMove>,
    mut resets: MessageWriter<ResetCamera>,
) {
    if keyboard.just_pressed(KeyCode::Space) {
        skips.write(SkipMove);
    }
    if keyboard.just_pressed(KeyCode::Escape) {
        *selection = Selection::None;
    }
    if keyboard.just_pressed(KeyCode::Home) {
        resets.write(ResetCamera);
    }
}
