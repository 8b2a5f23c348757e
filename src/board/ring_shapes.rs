//! The shapes of the pit highlights. Each thing the board tells the player has its own shape as
//! well as its own colour, so that a player who cannot tell the colours apart still can: a thin
//! ring for a pit that may start a move, a square frame for the keyboard's focus, a dashed ring
//! for the computer's hint, a double ring for a pit to pick next (a direction, a kichwa), a ring
//! of dots for where the last move started, a bold ring for a chosen pit or a capture, and a
//! struck-through ring (a "no" sign) for a pit that holds seeds but may not start now.
//! The shapes lie flat in the XY plane around the pit's centre (the pit's ring entity turns
//! them onto the board).

use super::PIT_RADIUS;
use super::highlight::Ring;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::f32::consts::TAU;

/// A highlight's outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum RingShape {
    /// A thin ring at the pit's rim.
    Plain,
    /// A wide ring.
    Bold,
    /// A ring broken into dashes.
    Dashed,
    /// Two thin concentric rings.
    Double,
    /// A square frame around the pit.
    Square,
    /// A ring of round dots.
    Dotted,
    /// A ring struck through on a diagonal, as a "no" sign; the strike shows only outside the
    /// pit's hollow, so the seeds stay in view.
    Struck,
}

impl RingShape {
    /// Every shape, for making their meshes once.
    pub(super) const ALL: [RingShape; 7] = [
        RingShape::Plain,
        RingShape::Bold,
        RingShape::Dashed,
        RingShape::Double,
        RingShape::Square,
        RingShape::Dotted,
        RingShape::Struck,
    ];

    /// The shape a highlight is drawn with.
    pub(super) fn of(ring: Ring) -> RingShape {
        match ring {
            Ring::Legal | Ring::Hover | Ring::Relay => RingShape::Plain,
            Ring::Selected | Ring::Reserved | Ring::Capture => RingShape::Bold,
            Ring::Hint => RingShape::Dashed,
            Ring::Target => RingShape::Double,
            Ring::Focus => RingShape::Square,
            Ring::LastMove => RingShape::Dotted,
            Ring::Blocked => RingShape::Struck,
        }
    }

    /// The shape's mesh.
    pub(super) fn mesh(self) -> Mesh {
        let r = PIT_RADIUS;
        let mut shape = Flat::default();
        match self {
            RingShape::Plain => shape.arc(r - 0.015, r + 0.05, 0.0, TAU),
            RingShape::Bold => shape.arc(r - 0.03, r + 0.08, 0.0, TAU),
            RingShape::Dashed => {
                for k in 0..DASHES {
                    let start = k as f32 / DASHES as f32 * TAU;
                    shape.arc(
                        r - 0.015,
                        r + 0.075,
                        start,
                        start + 0.6 * TAU / DASHES as f32,
                    );
                }
            }
            RingShape::Double => {
                shape.arc(r - 0.02, r + 0.015, 0.0, TAU);
                shape.arc(r + 0.05, r + 0.085, 0.0, TAU);
            }
            RingShape::Square => shape.square_frame(SQUARE_HALF, SQUARE_HALF - 0.05),
            RingShape::Dotted => {
                for k in 0..DOTS {
                    let angle = (k as f32 + 0.5) / DOTS as f32 * TAU;
                    shape.disc(Vec2::from_angle(angle) * (r + 0.03), 0.075);
                }
            }
            RingShape::Struck => {
                shape.arc(r - 0.015, r + 0.05, 0.0, TAU);
                // The strike, on a diagonal, where it crosses the rim.
                for angle in [0.75 * std::f32::consts::PI, -0.25 * std::f32::consts::PI] {
                    shape.bar(Vec2::from_angle(angle), r - 0.05, r + 0.16, 0.045);
                }
            }
        }
        shape.into_mesh()
    }
}

/// The hint's dashes.
const DASHES: usize = 10;
/// The last move's dots.
const DOTS: usize = 8;
/// Half the side of the focus frame: wider than the pit, short of the next pit's frame (pits
/// are 1.0 apart).
const SQUARE_HALF: f32 = PIT_RADIUS + 0.065;
/// Segments of a full circle.
const SEGMENTS: usize = 64;

/// Triangles in the plane, facing +Z.
#[derive(Default)]
struct Flat {
    points: Vec<Vec2>,
    triangles: Vec<u32>,
}

impl Flat {
    fn quad(&mut self, corners: [Vec2; 4]) {
        let base = self.points.len() as u32;
        self.points.extend(corners);
        self.triangles
            .extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }

    /// A band between two radii from one angle to another, counter-clockwise.
    fn arc(&mut self, inner: f32, outer: f32, from: f32, to: f32) {
        let steps = (((to - from) / TAU * SEGMENTS as f32).ceil() as usize).max(2);
        for i in 0..steps {
            let a = from + (to - from) * i as f32 / steps as f32;
            let b = from + (to - from) * (i + 1) as f32 / steps as f32;
            let (da, db) = (Vec2::from_angle(a), Vec2::from_angle(b));
            self.quad([da * inner, da * outer, db * outer, db * inner]);
        }
    }

    /// A straight bar along `direction` from `from` to `to` away from the centre, `half` wide
    /// on each side.
    fn bar(&mut self, direction: Vec2, from: f32, to: f32, half: f32) {
        let side = direction.perp() * half;
        let (near, far) = (direction * from, direction * to);
        self.quad([near - side, far - side, far + side, near + side]);
    }

    fn disc(&mut self, center: Vec2, radius: f32) {
        let base = self.points.len() as u32;
        self.points.push(center);
        let steps = 16;
        for i in 0..steps {
            self.points
                .push(center + Vec2::from_angle(i as f32 / steps as f32 * TAU) * radius);
        }
        for i in 0..steps {
            let a = base + 1 + i;
            let b = base + 1 + (i + 1) % steps;
            self.triangles.extend([base, a, b]);
        }
    }

    /// A square outline centred on the origin, as four bands that meet at the corners.
    fn square_frame(&mut self, outer: f32, inner: f32) {
        let corner = |x: f32, y: f32| Vec2::new(x, y);
        // Bottom, right, top, left, each counter-clockwise.
        self.quad([
            corner(-outer, -outer),
            corner(outer, -outer),
            corner(inner, -inner),
            corner(-inner, -inner),
        ]);
        self.quad([
            corner(outer, -outer),
            corner(outer, outer),
            corner(inner, inner),
            corner(inner, -inner),
        ]);
        self.quad([
            corner(outer, outer),
            corner(-outer, outer),
            corner(-inner, inner),
            corner(inner, inner),
        ]);
        self.quad([
            corner(-outer, outer),
            corner(-outer, -outer),
            corner(-inner, -inner),
            corner(-inner, inner),
        ]);
    }

    fn into_mesh(self) -> Mesh {
        let positions: Vec<[f32; 3]> = self.points.iter().map(|p| [p.x, p.y, 0.0]).collect();
        let normals = vec![[0.0, 0.0, 1.0]; positions.len()];
        // The highlights are unlit and untextured; the UVs only satisfy the standard material.
        let uvs: Vec<[f32; 2]> = self.points.iter().map(|p| [0.5 + p.x, 0.5 - p.y]).collect();
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(self.triangles))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    fn points(shape: RingShape) -> Vec<Vec2> {
        match shape.mesh().attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(p)) => {
                p.iter().map(|p| Vec2::new(p[0], p[1])).collect()
            }
            _ => Vec::new(),
        }
    }

    #[test]
    fn what_a_player_must_tell_apart_differs_in_shape_not_only_colour() {
        // Legal pits, the keyboard's focus, the hint, the last move, the pit to pick next (the
        // direction, the kichwa question) and a lesson's blocked pits: six meanings, six shapes.
        let told = [
            Ring::Legal,
            Ring::Focus,
            Ring::Hint,
            Ring::LastMove,
            Ring::Target,
            Ring::Blocked,
        ];
        let shapes: std::collections::HashSet<_> = told.into_iter().map(RingShape::of).collect();
        assert_eq!(shapes.len(), told.len());
        // A chosen pit is not drawn like one that may be chosen.
        assert_ne!(RingShape::of(Ring::Selected), RingShape::of(Ring::Legal));
    }

    #[test]
    fn every_shape_surrounds_the_pit_and_stays_clear_of_the_next() {
        for shape in RingShape::ALL {
            let points = points(shape);
            assert!(points.len() >= 8, "{shape:?}");
            let triangles = match shape.mesh().indices() {
                Some(Indices::U32(t)) => t.len(),
                _ => 0,
            };
            assert!(triangles >= 12 && triangles % 3 == 0, "{shape:?}");
            // The outline lies outside the seeds' hollow (a little inside the rim at most)...
            let nearest = points.iter().map(|p| p.length()).fold(f32::MAX, f32::min);
            assert!(nearest >= PIT_RADIUS - 0.05, "{shape:?}: {nearest}");
            // ...and within half the distance to the next pit, in each direction.
            let widest = points
                .iter()
                .map(|p| p.x.abs().max(p.y.abs()))
                .fold(0.0, f32::max);
            assert!(widest < 0.5, "{shape:?}: {widest}");
        }
    }
}
