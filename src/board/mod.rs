//! The board: where each pit of the variant lies, and one entity per pit naming its engine pit.

mod cloth;
mod highlight;
mod mesh;
mod room_light;
mod view;
mod wood;
mod wood_maps;

use crate::core::CoreSet;
use crate::core::{Screen, Session};
use bao_engine::{Pit, Player, Variant};
use bevy::prelude::*;

pub use highlight::{DirectionArrows, MoveRings, Ring, TurnRings};
pub use view::room_environment;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(highlight::plugin)
        .init_resource::<BuiltBoard>()
        .add_systems(
            Update,
            build_board
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Build),
        )
        .add_systems(OnExit(Screen::Playing), forget_board);
}

/// The board's meshes, materials and lights (needs the renderer).
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// A pit of the board; the component names its engine pit (absolute row and column).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitSlot(pub Pit);

/// The wooden board itself (one entity, the parent of nothing: pits are separate entities).
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardSurface;

/// Which variant's board is on screen, if any.
#[derive(Resource, Default, Debug)]
pub struct BuiltBoard(pub Option<Variant>);

/// Pit spacing: the distance between neighbouring pit centres.
pub const SPACING: f32 = 1.0;
/// Radius of a pit's hollow.
pub const PIT_RADIUS: f32 = 0.41;
/// Depth of a pit's hollow below the board's top.
pub const PIT_DEPTH: f32 = 0.27;
/// The gap between the two players' halves, beyond the normal spacing.
pub const HALF_GAP: f32 = 0.45;
/// Wood around the outermost pits.
pub const MARGIN: f32 = 0.5;
/// Height of the pit's hollow below the board top at distance `r` from the centre: a smooth
/// bowl, level at the bottom and meeting the board top without an edge.
pub fn bowl_depth(r: f32) -> f32 {
    let k = (r / PIT_RADIUS).clamp(0.0, 1.0);
    let s = 1.0 - k * k;
    -PIT_DEPTH * s * s
}

/// Height of the hand above the board.
pub const HAND_HEIGHT: f32 = 1.1;

/// The geometry of one variant's board in world space: the board's top is at y = 0, South sits
/// at +z (near the camera), columns run along +x as South sees them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The variant whose board this is.
    pub variant: Variant,
}

impl Layout {
    /// The layout of `variant`'s board.
    pub const fn of(variant: Variant) -> Layout {
        Layout { variant }
    }

    /// Every pit of the board, row by row.
    pub fn pits(&self) -> impl Iterator<Item = Pit> + use<> {
        let (rows, cols) = (self.variant.rows(), self.variant.cols());
        (0..rows).flat_map(move |r| (0..cols).map(move |c| Pit::new(r as u8, c as u8)))
    }

    /// The centre of a pit on the board's top surface.
    pub fn pit_center(&self, pit: Pit) -> Vec3 {
        let rows = self.variant.rows() as f32;
        let cols = self.variant.cols() as f32;
        let x = (f32::from(pit.col) - (cols - 1.0) / 2.0) * SPACING;
        let half = if f32::from(pit.row) < rows / 2.0 {
            -1.0
        } else {
            1.0
        };
        let z = (f32::from(pit.row) - (rows - 1.0) / 2.0) * SPACING + half * HALF_GAP / 2.0;
        Vec3::new(x, 0.0, z)
    }

    /// Half the board's width (x) and depth (z).
    pub fn half_extents(&self) -> Vec2 {
        let w = self.variant.cols() as f32 * SPACING + 2.0 * MARGIN;
        let d = self.variant.rows() as f32 * SPACING + HALF_GAP + 2.0 * MARGIN;
        Vec2::new(w, d) / 2.0
    }

    /// Whether captured seeds leave the board in this variant (all but Kujifunza, KU-7).
    pub fn has_stores(&self) -> bool {
        !self.variant.is_kujifunza()
    }

    /// The centre of the tray beside the board where `player`'s captured seeds lie: at the
    /// board's right end on South's half for South, at the left end on North's half for North.
    pub fn store_center(&self, player: Player) -> Vec3 {
        let half = self.half_extents();
        let x = half.x + STORE_WIDTH / 2.0 + 0.12;
        let z = half.y / 2.0;
        match player {
            Player::South => Vec3::new(x, 0.0, z),
            Player::North => Vec3::new(-x, 0.0, -z),
        }
    }

    /// The depth (z) of a store tray.
    pub fn store_depth(&self) -> f32 {
        self.half_extents().y - 0.3
    }

    /// Where the hand hovers while it sows into `pit`.
    pub fn hand_above(&self, pit: Pit) -> Vec3 {
        self.pit_center(pit) + Vec3::Y * HAND_HEIGHT
    }
}

/// Width (x) of a store tray.
pub const STORE_WIDTH: f32 = 0.85;

/// The pits and the board entity.
type BoardEntities = Or<(With<PitSlot>, With<BoardSurface>)>;

/// Spawns the pits (and the board entity) of the session's variant when no board, or another
/// variant's, is on screen.
fn build_board(
    mut commands: Commands,
    session: Res<Session>,
    mut built: ResMut<BuiltBoard>,
    old: Query<Entity, BoardEntities>,
) {
    let variant = session.variant();
    if built.0 == Some(variant) {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let layout = Layout::of(variant);
    commands.spawn((
        BoardSurface,
        Transform::default(),
        Visibility::default(),
        DespawnOnExit(Screen::Playing),
    ));
    for pit in layout.pits() {
        commands.spawn(pit_entity(&layout, pit));
    }
    built.0 = Some(variant);
}

fn pit_entity(layout: &Layout, pit: Pit) -> impl Bundle {
    (
        Name::new(format!("pit {pit}")),
        PitSlot(pit),
        Transform::from_translation(layout.pit_center(pit)),
        Visibility::default(),
        DespawnOnExit(Screen::Playing),
    )
}

fn forget_board(mut built: ResMut<BuiltBoard>) {
    built.0 = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn south_sits_near_the_camera_and_halves_are_apart() {
        let l = Layout::of(Variant::Kigogo);
        let south_front = l.pit_center(Pit::new(2, 0));
        let north_front = l.pit_center(Pit::new(1, 0));
        assert!(south_front.z > north_front.z);
        assert!(south_front.z - north_front.z > SPACING + HALF_GAP * 0.9);
        let k = Layout::of(Variant::Kingulu);
        assert!(k.pit_center(Pit::new(1, 0)).z > 0.0);
    }

    #[test]
    fn ku_7_both_kujifunza_rule_sets_keep_their_seeds_on_the_board_without_stores() {
        for v in Variant::ALL {
            assert_eq!(Layout::of(v).has_stores(), !v.is_kujifunza(), "{v}");
        }
    }
}
