//! Where each seed of a pile rests: a natural heap in the pit's hollow, a loose cluster in the
//! hand, rows in a store tray.

use super::{Place, Seed};
use crate::board::{Layout, bowl_depth};
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
/// The order a layer's ring fills in: every other place first, so that a few seeds round the
/// middle one lie all round it (a small heap), not in an arc on one side.
const RING_ORDER: [usize; PER_LAYER - 1] = [0, 2, 4, 1, 3, 5];

/// A fixed number in [-1, 1] for slot `slot` (and a second, third… with `k`): the same on
/// every run, so a pile always looks the same for the same seeds.
fn unevenness(slot: usize, k: usize) -> f32 {
    let h = (slot as u32)
        .wrapping_mul(0x9E37_79B1)
        .wrapping_add((k as u32).wrapping_mul(0x85EB_CA77))
        .rotate_left(13)
        .wrapping_mul(0xC2B2_AE3D);
    (h >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0
}

/// The offset of slot `slot` of `place` from the place's centre, for `seed`. Slot positions do
/// not depend on how many seeds the place holds, so a seed arriving never moves the others.
pub(super) fn rest_offset(layout: &Layout, seed: &Seed, place: Place, slot: usize) -> Vec3 {
    let jitter = Vec3::new(seed.jitter.x, 0.0, seed.jitter.y);
    match place {
        Place::Pit(_) => {
            let layer = slot / PER_LAYER;
            let i = slot % PER_LAYER;
            // Each layer is turned a little, so upper seeds sit in the gaps of the lower ones.
            let turn = layer as f32 * 0.9;
            // A little unevenness of its own for each slot, so that a pile is heaped rather
            // than laid out as a rosette.
            let (wobble_r, wobble_a) = (unevenness(slot, 0), unevenness(slot, 1));
            let (r, angle) = if i == 0 {
                (
                    0.03 * wobble_r.abs() * (layer.min(1) as f32),
                    wobble_a * TAU,
                )
            } else {
                // Upper layers spread a little wider, as the hollow widens.
                let r = (RING + (layer.min(2) as f32) * 0.01) * (1.0 + 0.1 * wobble_r);
                let place = RING_ORDER[i - 1] as f32;
                (
                    r,
                    turn + place * TAU / (PER_LAYER - 1) as f32 + 0.12 * wobble_a,
                )
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
            let (spot, layer) = store_heap(layout, slot);
            let at = spot + seed.jitter * 0.6;
            let floor = layout.store_floor(player, at);
            Vec3::new(
                at.x,
                floor + SEED_HALF_HEIGHT + layer as f32 * LAYER_HEIGHT,
                at.y,
            )
        }
    }
}

/// The floor a seed takes in a store's heap, on average (seeds lie closer than their size: they
/// nestle into each other's gaps).
const SEED_FOOTPRINT: f32 = 0.025;
/// How much smaller each layer of a store's heap is than the one below, down to
/// [`TOP_LAYER_SHARE`] of the first.
const LAYER_SHRINK: f32 = 0.1;
const TOP_LAYER_SHARE: f32 = 0.7;

/// The half size (x, z) of the oval that layer `layer` of a store's heap covers: the first lies
/// on the floor and a little way up the wall's foot, the ones above are smaller, so the seeds
/// heap up in the middle as a store fills.
fn store_layer_half(layout: &Layout, layer: usize) -> Vec2 {
    let base = layout.store_floor_half() + Vec2::splat(0.1 - SEED_HALF_HEIGHT);
    base * (1.0 - LAYER_SHRINK * layer as f32).max(TOP_LAYER_SHARE)
}

/// How many seeds layer `layer` of a store's heap holds.
fn store_layer_size(layout: &Layout, layer: usize) -> usize {
    let half = store_layer_half(layout, layer);
    ((std::f32::consts::PI * half.x * half.y / SEED_FOOTPRINT) as usize).max(1)
}

/// The layer of a store's heap that slot `slot` lies in, and its index within the layer.
fn store_heap_place(layout: &Layout, slot: usize) -> (usize, usize) {
    let (mut layer, mut first) = (0, 0);
    loop {
        let size = store_layer_size(layout, layer);
        if slot < first + size {
            return (layer, slot - first);
        }
        first += size;
        layer += 1;
    }
}

/// Where slot `slot` of a store's heap lies (x, z from the store's centre), and its layer: each
/// layer fills from its middle outward along a sunflower spiral stretched to the store's oval,
/// turned a little from the layer below so that seeds rest in the gaps.
fn store_heap(layout: &Layout, slot: usize) -> (Vec2, usize) {
    let (layer, i) = store_heap_place(layout, slot);
    let size = store_layer_size(layout, layer);
    let r = ((i as f32 + 0.5) / size as f32).sqrt();
    let angle = i as f32 * 2.399_963 + layer as f32 * 0.9;
    let spot = store_layer_half(layout, layer) * Vec2::new(angle.cos(), angle.sin()) * r;
    (spot, layer)
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

    #[test]
    fn captured_seeds_heap_up_on_the_store_floor_and_stay_inside_its_rim() {
        use crate::board::TRAY_DEPTH;
        use bao_engine::Player;
        let seed = Seed {
            index: 0,
            scale: Vec3::splat(0.08),
            tint: 0,
            yaw: 0.0,
            jitter: Vec2::ZERO,
        };
        for variant in [Variant::Kingulu, Variant::Kigogo, Variant::Kimasai] {
            let layout = Layout::of(variant);
            let rim = Vec2::new(crate::board::STORE_WIDTH, layout.store_depth()) / 2.0;
            let floor = layout.store_floor_half();
            let all = variant.total_seeds() as usize;
            for player in Player::BOTH {
                let store = Place::Store(player);
                // The first seeds lie on the flat floor, in its middle.
                let first = rest_offset(&layout, &seed, store, 0);
                assert!(Vec2::new(first.x, first.z).length() < 0.1, "{variant}");
                assert!((first.y - (SEED_HALF_HEIGHT - TRAY_DEPTH)).abs() < 1e-5);
                let mut top: f32 = -1.0;
                for slot in 0..all {
                    let o = rest_offset(&layout, &seed, store, slot);
                    // Inside the rim, with the seed's own size to spare.
                    assert!(
                        o.x.abs() + 0.07 < rim.x && o.z.abs() + 0.07 < rim.y,
                        "{variant} {slot}"
                    );
                    // Never perched up on the wall: at most a seed's height above the floor
                    // under the first layer.
                    if store_heap(&layout, slot).1 == 0 {
                        assert!(o.x.abs() < floor.x + 0.1 && o.z.abs() < floor.y + 0.1);
                        assert!(
                            o.y < SEED_HALF_HEIGHT - TRAY_DEPTH + 0.06,
                            "{variant} {slot}: {o}"
                        );
                    }
                    top = top.max(o.y);
                }
                // Every seed of the game in one store makes a heap, not a tower.
                assert!(top < 0.5, "{variant}: the heap is {top} high");
                // It grows in the middle: the second layer's first seed lies over the first's.
                let second = (0..all)
                    .find(|&s| store_heap(&layout, s).1 == 1)
                    .expect("a second layer");
                let o = rest_offset(&layout, &seed, store, second);
                assert!(Vec2::new(o.x, o.z).length() < 0.1 && o.y > first.y + 0.05);
            }
        }
    }
}
