//! The seeds of a position drawn into a board's picture from above ([`crate::board::Picture`]):
//! each seed where it would rest on the 3D board, with its own size, turn and tint, lit by the
//! lamp and casting a soft shadow.

use super::{Place, Seed, rest_position, seed_variety, view};
use crate::board::{Layout, Picture, board_picture, lamp_direction, srgb_to_linear};
use bao_engine::{Player, Position};
use bevy::prelude::*;

/// `position` on its board, seen from above at `pixels_per_unit`.
pub(crate) fn position_picture(position: &Position, pixels_per_unit: f32) -> Picture {
    let layout = Layout::of(position.variant());
    let mut picture = board_picture(&layout, pixels_per_unit);
    let variety = seed_variety(position.variant().total_seeds(), position.variant() as u64);
    let mut seeds = variety.iter();
    let mut resting = Vec::new();
    let places = layout
        .pits()
        .map(|pit| {
            (
                Place::Pit(pit),
                usize::from(position.seeds(pit).unwrap_or(0)),
            )
        })
        .chain(
            Player::BOTH
                .into_iter()
                .filter(|_| layout.has_stores())
                .map(|p| (Place::Store(p), usize::from(position.captured(p)))),
        );
    for (place, count) in places {
        for slot in 0..count {
            let Some(seed) = seeds.next() else { break };
            // The picture shows no hand: every seed of a position rests in a pit or a store.
            resting.push((*seed, rest_position(&layout, Vec3::ZERO, seed, place, slot)));
        }
    }
    // Lower seeds first, so upper ones lie over them.
    resting.sort_by(|a, b| a.1.y.total_cmp(&b.1.y));
    for (seed, at) in &resting {
        draw_shadow(&mut picture, seed, *at);
    }
    for (seed, at) in &resting {
        draw_seed(&mut picture, seed, *at);
    }
    picture
}

/// Where in the seed's own frame (its turn undone, scaled to a unit circle) a world offset from
/// its centre falls.
fn local(seed: &Seed, offset: Vec2) -> Vec2 {
    let (s, c) = seed.yaw.sin_cos();
    // Bevy's turn about +y takes x toward -z.
    let along = offset.x * c - offset.y * s;
    let across = offset.x * s + offset.y * c;
    Vec2::new(along / seed.scale.x, across / seed.scale.z)
}

/// The pixels a seed at `at` may cover, with `reach` world units of margin.
fn covered(picture: &Picture, seed: &Seed, at: Vec2, reach: f32) -> (IVec2, IVec2) {
    let r = seed.scale.x.max(seed.scale.z) + reach;
    let lo = picture.pixel_of(at - Vec2::splat(r)).floor().as_ivec2();
    let hi = picture.pixel_of(at + Vec2::splat(r)).ceil().as_ivec2();
    (lo, hi)
}

/// The world point (x, z) at the centre of pixel (column, row).
fn world(picture: &Picture, column: i32, row: i32) -> Vec2 {
    picture.origin + (Vec2::new(column as f32, row as f32) + 0.5) * picture.step
}

/// A soft shadow on the wood, away from the lamp.
fn draw_shadow(picture: &mut Picture, seed: &Seed, at: Vec3) {
    let lamp = lamp_direction();
    let centre = at.xz() - lamp.xz() / lamp.y * at.y.max(0.05) * 0.6;
    let (lo, hi) = covered(picture, seed, centre, 0.04);
    for row in lo.y..hi.y {
        for column in lo.x..hi.x {
            let d = local(seed, world(picture, column, row) - centre).length();
            let alpha = 0.55 * (1.0 - ((d - 0.8) / 0.5).clamp(0.0, 1.0));
            picture.blend(column, row, Vec3::ZERO, alpha);
        }
    }
}

/// The seed itself: a lit, glossy oval in its tint.
fn draw_seed(picture: &mut Picture, seed: &Seed, at: Vec3) {
    let tint = view::TINT_COLORS[usize::from(seed.tint) % view::TINTS];
    let albedo = Vec3::from(tint.map(|c| srgb_to_linear((c * 255.0).round() as u8)));
    let lamp = lamp_direction();
    let half_vector = (lamp + Vec3::Y).normalize();
    let (lo, hi) = covered(picture, seed, at.xz(), 0.0);
    for row in lo.y..hi.y {
        for column in lo.x..hi.x {
            let offset = world(picture, column, row) - at.xz();
            let p = local(seed, offset);
            let r2 = p.length_squared();
            if r2 >= 1.0 {
                continue;
            }
            // The normal of the seed's upper half in world space, flattened as the seed is.
            let up = (1.0 - r2).sqrt() * seed.scale.y / seed.scale.x;
            let normal =
                Vec3::new(offset.x / seed.scale.x, up, offset.y / seed.scale.z).normalize();
            let diffuse = 0.3 + 0.8 * normal.dot(lamp).max(0.0);
            let gloss = normal.dot(half_vector).max(0.0).powf(40.0) * 0.5;
            let color = albedo * diffuse + Vec3::splat(gloss);
            // A soft rim so the oval's edge is not jagged.
            let edge = ((1.0 - r2.sqrt()) / 0.12).clamp(0.0, 1.0);
            picture.blend(column, row, color, edge);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::{Pit, Variant};

    #[test]
    fn the_start_positions_seeds_are_in_its_pits() {
        let position = Position::new(Variant::Kigogo);
        let bare = board_picture(&Layout::of(Variant::Kigogo), 24.0);
        let with_seeds = position_picture(&position, 24.0);
        let layout = Layout::of(Variant::Kigogo);
        let changed = |pit: Pit| {
            let c = with_seeds.pixel_of(layout.pit_center(pit).xz()).as_ivec2();
            let i = (c.y as usize * bare.width as usize + c.x as usize) * 4;
            bare.rgba[i..i + 3] != with_seeds.rgba[i..i + 3]
        };
        for pit in layout.pits() {
            assert_eq!(
                changed(pit),
                position.seeds(pit).unwrap_or(0) > 0,
                "{pit:?} holds {:?}",
                position.seeds(pit)
            );
        }
    }
}
