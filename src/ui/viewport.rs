//! The overlay's own camera and the board's viewport: egui draws on a camera of its own, over
//! the board's, which has the whole window (the overlay's cards lie over the scene's margins;
//! the camera's home view leaves room for them).

use super::UiSet;
use bevy::camera::CameraOutputMode;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{EguiContexts, EguiGlobalSettings, EguiPrimaryContextPass, PrimaryEguiContext};

pub(super) fn plugin(app: &mut App) {
    // The overlay gets its own camera (below), so egui must not claim the board's camera.
    app.insert_resource(EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    })
    .init_resource::<Insets>()
    .add_systems(Startup, spawn_overlay_camera)
    .add_systems(EguiPrimaryContextPass, clear_insets.before(UiSet::Style))
    .add_systems(
        EguiPrimaryContextPass,
        tell_the_camera.after(UiSet::Windows),
    );
}

/// How much of the window the cards cover at the top and bottom, in egui points, so that windows
/// open between them. Written each frame by the systems that draw the cards.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub(super) struct Insets {
    /// From the top edge of the window.
    pub(super) top: f32,
    /// From the bottom edge.
    pub(super) bottom: f32,
    /// The overlay's zoom: logical pixels per egui point.
    pub(super) zoom: f32,
}

impl Default for Insets {
    fn default() -> Self {
        Insets {
            top: 0.0,
            bottom: 0.0,
            zoom: 1.0,
        }
    }
}

/// The camera egui draws on: above the board's camera, drawing nothing else.
fn spawn_overlay_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("overlay camera"),
        PrimaryEguiContext,
        Camera2d,
        // No mesh is on this layer set: the camera draws the overlay only, and mesh picking
        // (which casts only against what a camera sees) ignores it.
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// The camera frames the board below the cards at the top (a lesson's, a puzzle's, an
/// example's caption), so that they cover no pit.
fn tell_the_camera(
    mut contexts: EguiContexts,
    insets: Res<Insets>,
    mut cover: ResMut<crate::camera::OverlayCover>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let height = ctx.content_rect().height();
    if height <= 0.0 {
        return;
    }
    cover.set_if_neq(crate::camera::OverlayCover {
        top: insets.top / height,
    });
}

fn clear_insets(mut insets: ResMut<Insets>) {
    insets.set_if_neq(Insets {
        top: 0.0,
        bottom: 0.0,
        zoom: insets.zoom,
    });
}
