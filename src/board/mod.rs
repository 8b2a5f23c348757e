//! The board: where each pit of the variant lies, and one entity per pit naming its engine pit.

mod cloth;
mod highlight;
mod mesh;
mod picture;
mod ring_shapes;
mod view;
mod wood;

use crate::core::CoreSet;
use crate::core::{Screen, Session};
use bao_engine::{Pit, Player, Variant};
use bevy::prelude::*;

/// The room's colour, for the overlay's contrast test (its title text lies on the room).
#[cfg(test)]
pub(crate) use cloth::ROOM;
pub(crate) use highlight::{DirectionArrows, MoveRings, Ring, TurnRings};
pub(crate) use picture::{Picture, board_picture, lamp_direction, linear_to_srgb, srgb_to_linear};
pub(crate) use view::{AMBIENT_WITH_ROOM, AMBIENT_WITHOUT_ROOM, WoodFiltering, room_environment};
// The generated wood's maps and the room's light are computed in `bao_art`, which needs no Bevy;
// here `wood_maps` stays the name of the generated wood, beside this module's simple `wood`.
use bao_art::room_light;
use bao_art::wood as wood_maps;
use wood_maps::Tray;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(highlight::plugin)
        .init_resource::<BuiltBoard>()
        .add_systems(
            Update,
            // On the title screen too: the title's cards lie over the session's board.
            build_board.in_set(CoreSet::Build),
        )
        .add_systems(OnExit(Screen::Playing), forget_board);
}

/// The board's meshes, materials and lights (needs the renderer).
pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// A pit of the board; the component names its engine pit (absolute row and column).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PitSlot(pub Pit);

/// The wooden board itself (one entity, the parent of nothing: pits are separate entities).
#[derive(Component, Clone, Copy, Debug)]
pub(crate) struct BoardSurface;

/// Which variant's board is on screen, if any.
#[derive(Resource, Default, Debug)]
pub(crate) struct BuiltBoard(pub Option<Variant>);

/// Pit spacing: the distance between neighbouring pit centres.
pub(crate) const SPACING: f32 = 1.0;
/// Radius of a pit's hollow.
pub(crate) const PIT_RADIUS: f32 = 0.41;
/// Depth of a pit's hollow below the board's top.
pub(crate) const PIT_DEPTH: f32 = 0.27;
/// The gap between the two players' halves, beyond the normal spacing.
pub(crate) const HALF_GAP: f32 = 0.45;
/// Wood around the outermost pits.
pub(crate) const MARGIN: f32 = 0.5;
/// Height of the pit's hollow below the board top at distance `r` from the centre: a smooth
/// bowl, level at the bottom and meeting the board top without an edge.
pub(crate) fn bowl_depth(r: f32) -> f32 {
    let k = (r / PIT_RADIUS).clamp(0.0, 1.0);
    let s = 1.0 - k * k;
    -PIT_DEPTH * s * s
}

/// Height of the hand above the board.
pub(crate) const HAND_HEIGHT: f32 = 1.1;

/// The geometry of one variant's board in world space: the board's top is at y = 0, South sits
/// at +z (near the camera), columns run along +x as South sees them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Layout {
    /// The variant whose board this is.
    pub variant: Variant,
}

impl Layout {
    /// The layout of `variant`'s board.
    pub(crate) const fn of(variant: Variant) -> Layout {
        Layout { variant }
    }

    /// Every pit of the board, row by row.
    pub(crate) fn pits(&self) -> impl Iterator<Item = Pit> + use<> {
        let (rows, cols) = (self.variant.rows(), self.variant.cols());
        (0..rows).flat_map(move |r| (0..cols).map(move |c| Pit::new(r as u8, c as u8)))
    }

    /// The centre of a pit on the board's top surface.
    pub(crate) fn pit_center(&self, pit: Pit) -> Vec3 {
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
    pub(crate) fn half_extents(&self) -> Vec2 {
        let w = self.variant.cols() as f32 * SPACING + 2.0 * MARGIN;
        let d = self.variant.rows() as f32 * SPACING + HALF_GAP + 2.0 * MARGIN;
        Vec2::new(w, d) / 2.0
    }

    /// Half the width (x) and depth (z) of the whole slab: the pits' part and, on a board with
    /// stores, the ends that hold them.
    pub(crate) fn slab_half_extents(&self) -> Vec2 {
        let half = self.half_extents();
        if self.has_stores() {
            Vec2::new(half.x + STORE_END, half.y)
        } else {
            half
        }
    }

    /// Whether captured seeds leave the board in this variant (all but Kujifunza, KU-7).
    pub(crate) fn has_stores(&self) -> bool {
        !self.variant.is_kujifunza()
    }

    /// The centre of the store where `player`'s captured seeds lie, carved into the slab's end
    /// at the player's right hand: the right end of South's half for South, the left end of
    /// North's half for North.
    pub(crate) fn store_center(&self, player: Player) -> Vec3 {
        let half = self.half_extents();
        let x = half.x - STORE_INSET + STORE_WIDTH / 2.0;
        let z = STORE_FROM_MIDDLE + self.store_depth() / 2.0;
        match player {
            Player::South => Vec3::new(x, 0.0, z),
            Player::North => Vec3::new(-x, 0.0, -z),
        }
    }

    /// The depth (z) of a store, rim to rim.
    pub(crate) fn store_depth(&self) -> f32 {
        self.half_extents().y - STORE_FROM_MIDDLE - STORE_FROM_EDGE
    }

    /// The stores' hollows in the slab (none on a board without stores).
    pub(crate) fn trays(&self) -> Vec<Tray> {
        if !self.has_stores() {
            return Vec::new();
        }
        Player::BOTH.iter().map(|&p| self.tray(p)).collect()
    }

    /// The generated wood of the slab at `pixels_per_unit`: the same slab at every resolution,
    /// for the 3D board and the title's pictures alike.
    fn wood_spec(&self, pixels_per_unit: f32) -> wood_maps::WoodSpec {
        let half = self.slab_half_extents();
        wood_maps::WoodSpec {
            size: (2.0 * half.x, 2.0 * half.y),
            pits: self
                .pits()
                .map(|p| {
                    let c = self.pit_center(p);
                    (c.x, c.z)
                })
                .collect(),
            pit_radius: PIT_RADIUS,
            trays: self.trays(),
            pixels_per_unit,
            seed: 0xBA0,
        }
    }

    fn tray(&self, player: Player) -> Tray {
        let c = self.store_center(player);
        Tray {
            center: (c.x, c.z),
            half: (STORE_WIDTH / 2.0, self.store_depth() / 2.0),
            corner: TRAY_CORNER,
            wall: TRAY_WALL,
        }
    }

    /// The height of `player`'s store floor below the top at `offset` from its centre (x, z):
    /// flat in the middle, rising up the wall to 0 at the rim.
    pub(crate) fn store_floor(&self, player: Player, offset: Vec2) -> f32 {
        let c = self.store_center(player);
        -TRAY_DEPTH
            * self
                .tray(player)
                .depth_share(c.x + offset.x, c.z + offset.y)
    }

    /// Half the size (x, z) of a store's flat floor, inside its sloping wall.
    pub(crate) fn store_floor_half(&self) -> Vec2 {
        Vec2::new(STORE_WIDTH / 2.0, self.store_depth() / 2.0) - Vec2::splat(TRAY_WALL)
    }

    /// Where the hand hovers while it sows into `pit`.
    pub(crate) fn hand_above(&self, pit: Pit) -> Vec3 {
        self.pit_center(pit) + Vec3::Y * HAND_HEIGHT
    }
}

/// Width (x) of a store, rim to rim.
pub(crate) const STORE_WIDTH: f32 = 0.85;
/// How far the slab reaches past the pits' margin at each end of a board with stores.
const STORE_END: f32 = 0.85;
/// How far a store's rim reaches into the pits' margin (the wood between it and the last pit
/// stays as wide as between two pits).
const STORE_INSET: f32 = 0.3;
/// Wood between a store's rim and the line between the halves, and the board's long edge.
const STORE_FROM_MIDDLE: f32 = 0.2;
const STORE_FROM_EDGE: f32 = 0.35;
/// Radius of a store's rounded corners.
const TRAY_CORNER: f32 = 0.3;
/// Width of a store's sloping wall.
const TRAY_WALL: f32 = 0.2;
/// Depth of a store's flat floor below the top (shallower than a pit: the seeds lie in rows).
pub(crate) const TRAY_DEPTH: f32 = 0.17;

/// The pits and the board entity.
type BoardEntities = Or<(With<PitSlot>, With<BoardSurface>)>;

/// Spawns the pits (and the board entity) of the session's variant when no board, or another
/// variant's, is on screen.
pub(crate) fn build_board(
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
    fn the_stores_are_carved_into_the_slab_clear_of_every_pit() {
        for v in Variant::ALL.into_iter().filter(|v| !v.is_kujifunza()) {
            let l = Layout::of(v);
            let slab = l.slab_half_extents();
            for p in Player::BOTH {
                let c = l.store_center(p);
                let tray = l.tray(p);
                // Inside the slab, with wood left round the rim for the rounded edge.
                assert!(c.x.abs() + STORE_WIDTH / 2.0 + 0.2 < slab.x, "{v} {p:?}");
                assert!(
                    c.z.abs() + l.store_depth() / 2.0 + 0.2 < slab.y,
                    "{v} {p:?}"
                );
                // On the owner's half, at their right hand.
                assert_eq!(c.z > 0.0, p == Player::South, "{v} {p:?}");
                assert_eq!(c.x > 0.0, p == Player::South, "{v} {p:?}");
                // No pit's hollow reaches its rim.
                for pit in l.pits() {
                    let e = l.pit_center(pit);
                    for a in 0..16 {
                        let angle = a as f32 * std::f32::consts::TAU / 16.0;
                        let rim = e + Vec3::new(angle.cos(), 0.0, angle.sin()) * PIT_RADIUS;
                        assert_eq!(tray.rim_distance(rim.x, rim.z), 1.0, "{v} {pit:?}");
                    }
                }
                // A flat floor in the middle, level with the top at the rim.
                assert_eq!(l.store_floor(p, Vec2::ZERO), -TRAY_DEPTH);
                let rim = Vec2::new(STORE_WIDTH / 2.0, 0.0);
                assert!(l.store_floor(p, rim).abs() < 1e-6, "{v} {p:?}");
            }
        }
        assert!(Layout::of(Variant::Kujifunza).trays().is_empty());
    }

    #[test]
    fn ku_7_both_kujifunza_rule_sets_keep_their_seeds_on_the_board_without_stores() {
        for v in Variant::ALL {
            assert_eq!(Layout::of(v).has_stores(), !v.is_kujifunza(), "{v}");
        }
    }
}
