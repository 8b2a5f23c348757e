//! Count labels: the number of seeds in each pit (on by default), in the hand and in each store,
//! drawn over the board where the pit is on screen.

use super::{AnimClock, Hand, Piles, Place};
use crate::board::{BuiltBoard, Layout, PIT_RADIUS};
use crate::camera::MainCamera;
use crate::core::{Screen, Settings};
use bao_engine::Player;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_labels, place_labels)
            .chain()
            .run_if(in_state(Screen::Playing))
            .after(crate::core::CoreSet::Sync),
    );
}

/// A label showing how many seeds lie in a place.
#[derive(Component, Clone, Copy, Debug)]
struct CountLabel(Place);

const WIDTH: f32 = 30.0;
const HEIGHT: f32 = 20.0;

fn label(place: Place) -> impl Bundle {
    (
        CountLabel(place),
        Node {
            position_type: PositionType::Absolute,
            width: Val::Px(WIDTH),
            height: Val::Px(HEIGHT),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(Val::Px(HEIGHT / 2.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.1, 0.06, 0.03, 0.72)),
        Visibility::Hidden,
        DespawnOnExit(Screen::Playing),
        children![(
            Text::new(""),
            TextFont {
                font_size: FontSize::Px(14.0),
                ..default()
            },
            TextColor(Color::srgb(1.0, 0.95, 0.85)),
        )],
    )
}

fn spawn_labels(
    mut commands: Commands,
    built: Res<BuiltBoard>,
    existing: Query<Entity, With<CountLabel>>,
    mut made_for: Local<Option<bao_engine::Variant>>,
) {
    if built.0 == *made_for && !existing.is_empty() {
        return;
    }
    let Some(variant) = built.0 else { return };
    for entity in &existing {
        commands.entity(entity).despawn();
    }
    let layout = Layout::of(variant);
    for pit in layout.pits() {
        commands.spawn(label(Place::Pit(pit)));
    }
    commands.spawn(label(Place::Hand));
    if layout.has_stores() {
        for p in Player::BOTH {
            commands.spawn(label(Place::Store(p)));
        }
    }
    *made_for = Some(variant);
}

#[allow(
    clippy::too_many_arguments,
    reason = "labels follow the camera, the seeds, the hand and the settings"
)]
fn place_labels(
    built: Res<BuiltBoard>,
    piles: Res<Piles>,
    settings: Res<Settings>,
    hand: Res<Hand>,
    clock: Res<AnimClock>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut labels: Query<(
        &CountLabel,
        &mut Node,
        &mut UiTransform,
        &mut Visibility,
        &Children,
    )>,
    mut texts: Query<&mut Text>,
) {
    let Some(variant) = built.0 else { return };
    let Ok((camera, camera_at)) = camera.single() else {
        return;
    };
    let layout = Layout::of(variant);
    // `world_to_viewport` counts from the window's corner; the labels are laid out in the
    // camera's viewport (the overlay's bars may take the window's edges).
    let origin = camera.logical_viewport_rect().map_or(Vec2::ZERO, |r| r.min);
    let near = near_side(camera_at);
    for (label, mut node, mut turn, mut visibility, children) in &mut labels {
        let count = piles.count(label.0);
        // Face to face, North's counts are turned toward North and sit on North's side of
        // their pit, as South's sit on South's.
        let north_reads = settings.face_to_face && on_norths_side(&layout, label.0);
        let near = if north_reads { -near } else { near };
        let (anchor, show) = match label.0 {
            // On the wood at the pit's near side as the camera sees it (below the pit in
            // South's view), so that each label stays with its pit from every angle.
            Place::Pit(pit) => (
                layout.pit_center(pit) + near * (PIT_RADIUS + 0.06),
                settings.show_counts && count > 0,
            ),
            Place::Hand => (hand.at(clock.now) + Vec3::Y * 0.35, count > 0),
            Place::Store(p) => (
                layout.store_center(p) + near * (layout.store_depth() / 2.0 + 0.2),
                count > 0,
            ),
        };
        let rotation = if north_reads {
            Rot2::PI
        } else {
            Rot2::IDENTITY
        };
        if turn.rotation != rotation {
            turn.rotation = rotation;
        }
        let Ok(at) = camera.world_to_viewport(camera_at, anchor) else {
            *visibility = Visibility::Hidden;
            continue;
        };
        *visibility = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        node.left = Val::Px(at.x - origin.x - WIDTH / 2.0);
        node.top = Val::Px(at.y - origin.y - HEIGHT / 2.0);
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                let value = count.to_string();
                if text.0 != value {
                    text.0 = value;
                }
            }
        }
    }
}

/// Whether a place lies on North's half of the table (South sits at +z).
fn on_norths_side(layout: &Layout, place: Place) -> bool {
    match place {
        Place::Pit(pit) => layout.pit_center(pit).z < 0.0,
        Place::Store(player) => player == Player::North,
        Place::Hand => false,
    }
}

/// The direction along the board toward the camera (+z in South's view): the near side of a
/// pit, where its label sits.
fn near_side(camera_at: &GlobalTransform) -> Vec3 {
    let back = -camera_at.forward().as_vec3();
    Vec3::new(back.x, 0.0, back.z)
        .try_normalize()
        .unwrap_or(Vec3::Z)
}
