//! The carved board as meshes: the top is a height field with a round hollow for every pit, an
//! oblong store carved at each end where the variant has stores, a groove between the two
//! halves and rounded edges; the body is a box beneath it.

use super::wood_maps::Tray;
use super::{Layout, TRAY_DEPTH, bowl_depth};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Radius of the rounded edge of the board.
const EDGE: f32 = 0.16;
/// Grid step of the height field.
const STEP: f32 = 0.035;
/// Depth of the incised line between the players' halves.
const GROOVE: f32 = 0.03;
/// Half the width of that line.
const LINE_HALF_WIDTH: f32 = 0.045;

/// The hollows carved into the top: the pits' centres and the stores.
struct Hollows {
    pits: Vec<Vec2>,
    trays: Vec<Tray>,
}

/// Height of the board top at `(x, z)`.
fn height(layout: &Layout, hollows: &Hollows, x: f32, z: f32) -> f32 {
    let half = layout.slab_half_extents();
    let mut h = 0.0;
    for c in &hollows.pits {
        let d = Vec2::new(x, z).distance(*c);
        if d < super::PIT_RADIUS {
            h = bowl_depth(d);
            break;
        }
    }
    for tray in &hollows.trays {
        h = h.min(-TRAY_DEPTH * tray.depth_share(x, z));
    }
    // The incised line that parts the two halves (real boards have no gap): narrow, so it
    // catches the lamp as a fine line and not as a band.
    let g = (1.0 - (z.abs() / LINE_HALF_WIDTH)).clamp(0.0, 1.0);
    h -= GROOVE * g * g * (3.0 - 2.0 * g);
    // Rounded edges all round.
    let e = (half.x - x.abs()).min(half.y - z.abs()).max(0.0);
    if e < EDGE {
        let k = EDGE - e;
        h -= EDGE - (EDGE * EDGE - k * k).max(0.0).sqrt();
    }
    h
}

/// The height of the board top at each (x, z): the same surface as [`board_top`]'s mesh.
pub fn surface(layout: &Layout) -> impl Fn(f32, f32) -> f32 + use<> {
    let layout = *layout;
    let hollows = Hollows {
        pits: layout.pits().map(|p| layout.pit_center(p).xz()).collect(),
        trays: layout.trays(),
    };
    move |x, z| height(&layout, &hollows, x, z)
}

/// The board's top surface with its hollows; vertex colours darken the hollows a little, as
/// carved end grain does.
pub fn board_top(layout: &Layout) -> Mesh {
    let half = layout.slab_half_extents();
    let height = surface(layout);
    let nx = (2.0 * half.x / STEP).ceil() as usize + 1;
    let nz = (2.0 * half.y / STEP).ceil() as usize + 1;
    let sx = 2.0 * half.x / (nx - 1) as f32;
    let sz = 2.0 * half.y / (nz - 1) as f32;
    let mut positions = Vec::with_capacity(nx * nz);
    let mut normals = Vec::with_capacity(nx * nz);
    let mut uvs = Vec::with_capacity(nx * nz);
    let mut colors = Vec::with_capacity(nx * nz);
    let mut tangents = Vec::with_capacity(nx * nz);
    for j in 0..nz {
        for i in 0..nx {
            let x = -half.x + i as f32 * sx;
            let z = -half.y + j as f32 * sz;
            let h = height(x, z);
            let dx = height(x + 0.01, z) - height(x - 0.01, z);
            let dz = height(x, z + 0.01) - height(x, z - 0.01);
            let n = Vec3::new(-dx / 0.02, 1.0, -dz / 0.02).normalize();
            positions.push([x, h, z]);
            normals.push(n.to_array());
            // The generated wood covers the top once (`wood_maps`): u along the length.
            uvs.push([(x + half.x) / (2.0 * half.x), (z + half.y) / (2.0 * half.y)]);
            // +u along the surface; w = -1 makes the bitangent +v (+z), as the normal map's
            // green channel has it.
            let t = (Vec3::X - n * n.x).normalize();
            tangents.push([t.x, t.y, t.z, -1.0]);
            // Hollows darken a little toward the bottom under direct light too, as carved end
            // grain does (the occlusion map darkens only the room's light).
            let shade = (1.0 + h * 1.2).max(0.5);
            colors.push([shade, shade * 0.96, shade * 0.93, 1.0]);
        }
    }
    let mut indices = Vec::with_capacity((nx - 1) * (nz - 1) * 6);
    for j in 0..nz - 1 {
        for i in 0..nx - 1 {
            let a = (j * nx + i) as u32;
            let b = a + 1;
            let c = a + nx as u32;
            let d = c + 1;
            indices.extend_from_slice(&[a, c, b, b, c, d]);
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_attribute(Mesh::ATTRIBUTE_TANGENT, tangents)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colors)
    .with_inserted_indices(Indices::U32(indices))
}

/// The body under the top: a box whose top meets the lowest point of the rounded edge.
pub fn board_body(layout: &Layout) -> (Mesh, Transform) {
    let half = layout.slab_half_extents();
    let height = 0.42;
    let mesh = Cuboid::new(2.0 * half.x, height, 2.0 * half.y)
        .mesh()
        .build();
    (
        mesh,
        Transform::from_xyz(0.0, -EDGE - height / 2.0 + 0.002, 0.0),
    )
}
