//! Where each seed of a pile rests: a natural heap in the pit's hollow, a loose cluster in the
//! hand, rows in a store tray.

use super::{Place, Seed};
use crate::board::{Layout, STORE_WIDTH, bowl_depth};
use bevy::prelude::*;
use std::f32::consts::TAU;

/// Seeds in one layer of a pit's heap: one in the middle and a ring around it.
const PER_LAYER: usize = 7;
/// Radius of the ring of a layer.
const RING: f32 = 0.19;
/// Height of one layer of seeds.
const LAYER_HEIGHT: f32 = 0.1;
/// Half the height of a seed lying flat.
const SEED_HALF_HEIGHT: f32 = 0.07;

/// The offset of slot `slot` of `place` from the place's centre, for `seed`. Slot positions do
/// not depend on how many seeds the place holds, so a seed arriving never moves the others.
pub fn rest_offset(layout: &Layout, seed: &Seed, place: Place, slot: usize) -> Vec3 {
    let jitter = Vec3::new(seed.jitter.x, 0.0, seed.jitter.y);
    match place {
        Place::Pit(_) => {
            let layer = slot / PER_LAYER;
            let i = slot % PER_LAYER;
            // Each layer is turned a little, so upper seeds sit in the gaps of the lower ones.
            let turn = layer as f32 * 0.9;
            let (r, angle) = if i == 0 {
                (0.0, 0.0)
            } else {
                // Upper layers spread a little wider, as the hollow widens.
                let r = RING + (layer.min(2) as f32) * 0.01;
                (r, turn + (i - 1) as f32 * TAU / (PER_LAYER - 1) as f32)
            };
            let x = r * angle.cos();
            let z = r * angle.sin();
            let y = bowl_depth(r) + SEED_HALF_HEIGHT + layer as f32 * LAYER_HEIGHT;
            Vec3::new(x, y, z) + jitter
        }
        Place::Hand => {
            // A loose cluster: a sunflower spiral that rises as it grows.
            let i = slot as f32;
            let r = 0.1 * i.sqrt();
            let angle = i * 2.399_963;
            let y = -(r * r) * 0.8 + (slot / 14) as f32 * 0.06;
            Vec3::new(r * angle.cos(), y, r * angle.sin()) + jitter * 0.5
        }
        Place::Store(player) => {
            // Rows across the store, on its floor and up its wall, layered when it is full.
            let cols = 4;
            let rows = ((layout.store_depth() - 0.2) / 0.21).floor().max(1.0) as usize;
            let layer = slot / (cols * rows);
            let i = slot % (cols * rows);
            let (row, col) = (i / cols, i % cols);
            let step_x = (STORE_WIDTH - 0.25) / (cols - 1) as f32;
            let x = -(STORE_WIDTH - 0.25) / 2.0 + col as f32 * step_x;
            let z = -(layout.store_depth() - 0.2) / 2.0 + 0.1 + row as f32 * 0.21;
            let at = Vec2::new(x, z) + seed.jitter * 0.6;
            let floor = layout.store_floor(player, at);
            Vec3::new(
                at.x,
                floor + SEED_HALF_HEIGHT + layer as f32 * LAYER_HEIGHT,
                at.y,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::PIT_RADIUS;
    use bao_engine::{Pit, Variant};

    #[test]
    fn large_piles_stay_inside_the_pit() {
        let layout = Layout::of(Variant::Kujifunza);
        let seed = Seed {
            index: 0,
            scale: Vec3::splat(0.08),
            tint: 0,
            yaw: 0.0,
            jitter: Vec2::splat(0.018),
        };
        for slot in 0..64 {
            let o = rest_offset(&layout, &seed, Place::Pit(Pit::new(2, 3)), slot);
            assert!(
                Vec2::new(o.x, o.z).length() + 0.11 < PIT_RADIUS,
                "slot {slot}"
            );
        }
    }
}
