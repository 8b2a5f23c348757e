//! How the seeds look: glossy grey-green komwe seeds, each with one of a few natural tints.

use super::{Flight, Place, Seed};
use bevy::light::NotShadowCaster;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_look)
        .add_systems(PostUpdate, no_shadow_in_the_air)
        .add_observer(dress_seed)
        .add_plugins(super::labels::plugin);
}

/// Seeds in the air cast no shadow: those in the hand and those flying between places. Held or
/// falling a hand's height over the board, their shadow lands where the lamp's shadow map
/// (fitted to the whole board) is too coarse for it: it came out as a black, jagged blot beside
/// the seeds. Seeds at rest keep their sharp contact shadows in the pits and stores.
fn no_shadow_in_the_air(
    mut commands: Commands,
    // Only seeds have a place.
    seeds: Query<(Entity, &Place, Has<Flight>, Has<NotShadowCaster>)>,
) {
    for (seed, place, flying, shadowless) in &seeds {
        let in_the_air = flying || *place == Place::Hand;
        if in_the_air && !shadowless {
            commands.entity(seed).insert(NotShadowCaster);
        } else if !in_the_air && shadowless {
            commands.entity(seed).remove::<NotShadowCaster>();
        }
    }
}

/// How many tints the seeds come in.
pub(super) const TINTS: usize = 6;

/// The seeds' tints (sRGB). Komwe (Caesalpinia bonduc): grey-green to grey-brown, like olives,
/// no two quite alike; the shell is smooth with a soft gloss, which a clear coat over a rougher
/// base gives. Darker than the pale wood's highlights, so a heap stands out from the bowl.
pub(super) const TINT_COLORS: [[f32; 3]; TINTS] = [
    [0.50, 0.54, 0.45],
    [0.58, 0.59, 0.50],
    [0.45, 0.50, 0.42],
    [0.55, 0.50, 0.42],
    [0.63, 0.63, 0.57],
    [0.50, 0.46, 0.39],
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

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::Pit;

    fn casts_shadow(app: &App, seed: Entity) -> bool {
        !app.world().entity(seed).contains::<NotShadowCaster>()
    }

    #[test]
    fn a_seed_in_the_air_casts_no_shadow_and_at_rest_it_does() {
        let mut app = App::new();
        app.add_systems(PostUpdate, no_shadow_in_the_air);
        let pit = Place::Pit(Pit::new(1, 2));
        let resting = app.world_mut().spawn(pit).id();
        let held = app.world_mut().spawn(Place::Hand).id();
        let falling = app
            .world_mut()
            .spawn((
                pit,
                Flight {
                    from: Vec3::Y,
                    to: Vec3::ZERO,
                    start: 0.0,
                    duration: 0.3,
                    height: 0.2,
                },
            ))
            .id();
        app.update();
        assert!(casts_shadow(&app, resting));
        assert!(!casts_shadow(&app, held));
        assert!(!casts_shadow(&app, falling), "a falling seed: no blot");
        // It lands: its contact shadow comes back.
        app.world_mut().entity_mut(falling).remove::<Flight>();
        app.update();
        assert!(casts_shadow(&app, falling));
    }
}
