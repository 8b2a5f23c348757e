//! How the seeds look: glossy grey-green komwe seeds, each with one of a few natural tints.

use super::{Place, Seed};
use bevy::light::NotShadowCaster;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_look)
        .add_systems(PostUpdate, no_shadow_from_the_hand)
        .add_observer(dress_seed)
        .add_plugins(super::labels::plugin);
}

/// Seeds in the hand cast no shadow. Held a hand's height over the board, their shadow falls on
/// the pit being sown into, where the lamp's shadow map (fitted to the whole board) is too
/// coarse for it: it came out as a black, jagged blot beside the seeds. Seeds at rest keep
/// their sharp contact shadows in the pits.
fn no_shadow_from_the_hand(
    mut commands: Commands,
    // Only seeds have a place.
    seeds: Query<(Entity, &Place, Has<NotShadowCaster>), Changed<Place>>,
) {
    for (seed, place, shadowless) in &seeds {
        let in_hand = *place == Place::Hand;
        if in_hand && !shadowless {
            commands.entity(seed).insert(NotShadowCaster);
        } else if !in_hand && shadowless {
            commands.entity(seed).remove::<NotShadowCaster>();
        }
    }
}

/// How many tints the seeds come in.
pub const TINTS: usize = 6;

/// The seeds' tints (sRGB). Komwe (Caesalpinia bonduc): grey to grey-green, a few browner, like
/// olives; the shell is smooth with a soft gloss, which a clear coat over a rougher base gives.
pub const TINT_COLORS: [[f32; 3]; TINTS] = [
    [0.55, 0.58, 0.52],
    [0.63, 0.64, 0.58],
    [0.47, 0.52, 0.46],
    [0.60, 0.57, 0.49],
    [0.69, 0.69, 0.63],
    [0.51, 0.56, 0.50],
];

/// The seed mesh and its tinted materials.
#[derive(Resource)]
struct SeedLook {
    mesh: Handle<Mesh>,
    tints: Vec<Handle<StandardMaterial>>,
}

fn make_look(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let tints = TINT_COLORS
        .iter()
        .map(|&[r, g, b]| {
            materials.add(StandardMaterial {
                base_color: Color::srgb(r, g, b),
                perceptual_roughness: 0.42,
                reflectance: 0.45,
                clearcoat: 0.8,
                clearcoat_perceptual_roughness: 0.18,
                ..default()
            })
        })
        .collect();
    commands.insert_resource(SeedLook {
        mesh: meshes.add(Sphere::new(1.0).mesh().uv(20, 12)),
        tints,
    });
}

fn dress_seed(
    add: On<Add, Seed>,
    mut commands: Commands,
    look: Option<Res<SeedLook>>,
    seeds: Query<&Seed>,
) {
    let Some(look) = look else { return };
    let Ok(seed) = seeds.get(add.entity) else {
        return;
    };
    let Some(material) = look.tints.get(usize::from(seed.tint) % TINTS) else {
        return;
    };
    commands.entity(add.entity).insert((
        Mesh3d(look.mesh.clone()),
        MeshMaterial3d(material.clone()),
        Pickable::IGNORE,
    ));
}
