//! The overlay's own camera and the board's viewport: egui draws on a camera of its own, and the
//! 3D board is drawn only between the top and bottom bars, so no bar ever hides a pit.

use super::UiSet;
use crate::camera::MainCamera;
use crate::core::Screen;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::ui::IsDefaultUiCamera;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, EguiPrimaryContextPass, PrimaryEguiContext};

pub(super) fn plugin(app: &mut App) {
    // The overlay gets its own camera (below), so egui must not claim the board's camera.
    app.insert_resource(EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    })
    .init_resource::<Insets>()
    .add_systems(Startup, spawn_overlay_camera)
    .add_systems(Update, keep_labels_on_the_board_camera)
    .add_systems(EguiPrimaryContextPass, clear_insets.before(UiSet::Style))
    .add_systems(PostUpdate, fit_board_viewport);
}

/// How much of the window the bars cover at the top and bottom, in egui points; the board is
/// drawn in between. Written each frame by the systems that draw the bars.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub(super) struct Insets {
    /// From the top edge of the window.
    pub top: f32,
    /// From the bottom edge.
    pub bottom: f32,
    /// The overlay's zoom: logical pixels per egui point.
    pub zoom: f32,
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

/// Bevy UI nodes (the pits' count labels) belong to the board's camera, so that they are placed
/// in its viewport and drawn under the overlay.
fn keep_labels_on_the_board_camera(
    mut commands: Commands,
    cameras: Query<Entity, (With<MainCamera>, Without<IsDefaultUiCamera>)>,
) {
    for camera in &cameras {
        commands.entity(camera).insert(IsDefaultUiCamera);
    }
}

fn clear_insets(mut insets: ResMut<Insets>) {
    insets.set_if_neq(Insets {
        top: 0.0,
        bottom: 0.0,
        zoom: insets.zoom,
    });
}

/// Gives the board's camera the part of the window between the bars (all of it on the title
/// screen).
fn fit_board_viewport(
    insets: Res<Insets>,
    screen: Res<State<Screen>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cameras: Query<&mut Camera, With<MainCamera>>,
) {
    let Ok(window) = window.single() else {
        return;
    };
    let Ok(mut camera) = cameras.single_mut() else {
        return;
    };
    let scale = window.scale_factor() * insets.zoom;
    let (width, height) = (window.physical_width(), window.physical_height());
    let top = (insets.top * scale).round() as u32;
    let bottom = (insets.bottom * scale).round() as u32;
    let wanted = if *screen.get() == Screen::Playing && top + bottom + 64 < height {
        Some(Viewport {
            physical_position: UVec2::new(0, top),
            physical_size: UVec2::new(width.max(1), height - top - bottom),
            ..default()
        })
    } else {
        None
    };
    let same = match (&camera.viewport, &wanted) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.physical_position == b.physical_position && a.physical_size == b.physical_size
        }
        _ => false,
    };
    if !same {
        camera.viewport = wanted;
    }
}
