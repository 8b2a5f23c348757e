//! The carved board as meshes: the top is a height field with a round hollow for every pit, an
//! oblong store carved at each end where the variant has stores, a groove between the two
//! halves and rounded edges; the body is a box beneath it.

use super::wood_maps::Tray;
use super::{Layout, TRAY_DEPTH, bowl_depth};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology, VertexAttributeValues};
use bevy::prelude::*;

/// Radius of the rounded edge of the board.
const EDGE: f32 = 0.16;
/// Grid step of the height field over the pits and the flat wood.
const STEP: f32 = 0.05;
/// Grid step across the rounded edges, whose profile is the board's outline.
const EDGE_STEP: f32 = 0.02;
/// Grid step across the incised line.
const LINE_STEP: f32 = 0.015;
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
pub(super) fn surface(layout: &Layout) -> impl Fn(f32, f32) -> f32 + use<> {
    let layout = *layout;
    let hollows = Hollows {
        pits: layout.pits().map(|p| layout.pit_center(p).xz()).collect(),
        trays: layout.trays(),
    };
    move |x, z| height(&layout, &hollows, x, z)
}

/// One vertex of the height field: its height and its surface normal.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Sample {
    h: f32,
    n: Vec3,
}

/// The height field sampled on a grid over the slab's top: lines `STEP` apart, closer where
/// the surface bends sharply (the rounded edges, the incised line).
struct Grid {
    nx: usize,
    nz: usize,
    xs: Vec<f32>,
    zs: Vec<f32>,
    half: Vec2,
    samples: Vec<Sample>,
}

/// Grid lines from `-half` to `half`: `STEP` apart, `fine.1` apart within `fine.0` of a place in
/// `fine.2`.
fn grid_lines(half: f32, fine: &[(f32, f32, f32)]) -> Vec<f32> {
    let step_at = |t: f32| {
        fine.iter()
            .filter(|(reach, _, at)| (t - at).abs() < *reach)
            .map(|(_, step, _)| *step)
            .fold(STEP, f32::min)
    };
    let mut lines = vec![-half];
    let mut t = -half;
    loop {
        t += step_at(t).min(step_at(t + STEP));
        if t >= half - 0.3 * step_at(half) {
            lines.push(half);
            return lines;
        }
        lines.push(t);
    }
}

impl Grid {
    fn sample(layout: &Layout) -> Grid {
        let half = layout.slab_half_extents();
        let height = surface(layout);
        let edge = EDGE + STEP;
        let mut fine_x = vec![(edge, EDGE_STEP, -half.x), (edge, EDGE_STEP, half.x)];
        let mut fine_z = vec![
            (edge, EDGE_STEP, -half.y),
            (edge, EDGE_STEP, half.y),
            (LINE_HALF_WIDTH + STEP, LINE_STEP, 0.0),
        ];
        // The stores' rounded corners: on the coarse grid their rims were polygons whose facets
        // caught the lamp one by one, a stepped highlight.
        for tray in layout.trays() {
            let reach = tray.corner + STEP;
            for side in [-1.0, 1.0] {
                fine_x.push((reach, EDGE_STEP, tray.center.0 + side * tray.half.0));
                fine_z.push((reach, EDGE_STEP, tray.center.1 + side * tray.half.1));
            }
        }
        let xs = grid_lines(half.x, &fine_x);
        let zs = grid_lines(half.y, &fine_z);
        let (nx, nz) = (xs.len(), zs.len());
        let mut samples = Vec::with_capacity(nx * nz);
        for &z in &zs {
            for &x in &xs {
                let dx = height(x + 0.01, z) - height(x - 0.01, z);
                let dz = height(x, z + 0.01) - height(x, z - 0.01);
                samples.push(Sample {
                    h: height(x, z),
                    n: Vec3::new(-dx / 0.02, 1.0, -dz / 0.02).normalize(),
                });
            }
        }
        Grid {
            nx,
            nz,
            xs,
            zs,
            half,
            samples,
        }
    }

    fn xz(&self, i: usize, j: usize) -> (f32, f32) {
        (self.xs[i], self.zs[j])
    }

    fn at(&self, i: usize, j: usize) -> Sample {
        self.samples[j * self.nx + i]
    }

    /// Whether all four corners of cell `(i, j)` are `s`: a level cell.
    fn level(&self, i: usize, j: usize, s: Sample) -> bool {
        [(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)]
            .into_iter()
            .all(|(a, b)| self.at(a, b) == s)
    }

    /// Whether cell `(i, j)` has the near edge `near` and the far edge `far` along x: the
    /// surface does not change across it in x (the long rounded edges, the incised line).
    fn runs_along_x(&self, i: usize, j: usize, near: Sample, far: Sample) -> bool {
        [i, i + 1]
            .into_iter()
            .all(|a| self.at(a, j) == near && self.at(a, j + 1) == far)
    }

    /// Whether cell `(i, j)` has the left edge `left` and the right edge `right` along z (the
    /// rounded ends of the slab).
    fn runs_along_z(&self, i: usize, j: usize, left: Sample, right: Sample) -> bool {
        [j, j + 1]
            .into_iter()
            .all(|b| self.at(i, b) == left && self.at(i + 1, b) == right)
    }
}

/// A rectangle of grid cells drawn as one quad, from corner `(i0, j0)` to `(i1, j1)`.
#[derive(Clone, Copy, Debug)]
struct Quad {
    i0: usize,
    j0: usize,
    i1: usize,
    j1: usize,
}

/// Covers the grid with quads, merging cells where the surface is level (the flat top, the
/// stores' floors) or does not change along one axis (the rounded edges, the incised line).
/// Most of the top is flat wood, and a software renderer pays for every small triangle twice
/// (shadow and main pass): merging draws the same surface with a fraction of them. Every
/// merged quad's outline has the same height along each side, so a vertex of a neighbouring
/// cell that lies on it lies exactly on the line and leaves no crack.
fn merge_cells(grid: &Grid) -> Vec<Quad> {
    let mut cover = Cover::new(grid);
    let mut quads = Vec::new();
    for j in 0..cover.cz {
        for i in 0..cover.cx {
            if cover.free(i, j) {
                let quad = cover.quad_from(i, j);
                cover.mark(quad);
                quads.push(quad);
            }
        }
    }
    quads
}

/// The grid's cells, `cx` by `cz`, and which of them a quad covers already.
struct Cover<'a> {
    grid: &'a Grid,
    cx: usize,
    cz: usize,
    done: Vec<bool>,
}

impl<'a> Cover<'a> {
    fn new(grid: &'a Grid) -> Self {
        let (cx, cz) = (grid.nx - 1, grid.nz - 1);
        Cover {
            grid,
            cx,
            cz,
            done: vec![false; cx * cz],
        }
    }

    fn free(&self, i: usize, j: usize) -> bool {
        !self.done[j * self.cx + i]
    }

    /// The largest quad with its corner at the free cell `(i, j)`: level cells as far right and
    /// then as far down as they go, else a run along x, else a run along z, else the one cell.
    fn quad_from(&self, i: usize, j: usize) -> Quad {
        let grid = self.grid;
        let (a, c, b) = (grid.at(i, j), grid.at(i, j + 1), grid.at(i + 1, j));
        let (w, h) = if grid.level(i, j, a) {
            self.level_extent(i, j, a)
        } else if grid.runs_along_x(i, j, a, c) {
            let w = (i..self.cx)
                .take_while(|&k| self.free(k, j) && grid.runs_along_x(k, j, a, c))
                .count();
            (w, 1)
        } else if grid.runs_along_z(i, j, a, b) {
            let h = (j..self.cz)
                .take_while(|&l| self.free(i, l) && grid.runs_along_z(i, l, a, b))
                .count();
            (1, h)
        } else {
            (1, 1)
        };
        Quad {
            i0: i,
            j0: j,
            i1: i + w,
            j1: j + h,
        }
    }

    /// How many level cells of height `a` reach right from `(i, j)`, and how many rows of that
    /// width reach down.
    fn level_extent(&self, i: usize, j: usize, a: Sample) -> (usize, usize) {
        let grid = self.grid;
        let w = (i..self.cx)
            .take_while(|&k| self.free(k, j) && grid.level(k, j, a))
            .count();
        let h = (j..self.cz)
            .take_while(|&l| (i..i + w).all(|k| self.free(k, l) && grid.level(k, l, a)))
            .count();
        (w, h)
    }

    fn mark(&mut self, quad: Quad) {
        for l in quad.j0..quad.j1 {
            for k in quad.i0..quad.i1 {
                self.done[l * self.cx + k] = true;
            }
        }
    }
}

/// The vertex attributes of the merged top, one entry per grid vertex a quad uses.
#[derive(Default)]
struct TopVertices {
    index: Vec<u32>,
    positions: Vec<[f32; 3]>,
    normals: Vec<[f32; 3]>,
    uvs: Vec<[f32; 2]>,
    tangents: Vec<[f32; 4]>,
    colors: Vec<[f32; 4]>,
}

impl TopVertices {
    /// The mesh index of grid vertex `(i, j)`, adding it on first use.
    fn vertex(&mut self, grid: &Grid, i: usize, j: usize) -> u32 {
        let slot = j * grid.nx + i;
        if self.index[slot] != u32::MAX {
            return self.index[slot];
        }
        let (x, z) = grid.xz(i, j);
        let Sample { h, n } = grid.at(i, j);
        self.positions.push([x, h, z]);
        self.normals.push(n.to_array());
        // The generated wood covers the top once (`wood_maps`): u along the length.
        let half = grid.half;
        self.uvs
            .push([(x + half.x) / (2.0 * half.x), (z + half.y) / (2.0 * half.y)]);
        // +u along the surface; w = -1 makes the bitangent +v (+z), as the normal map's green
        // channel has it.
        let t = (Vec3::X - n * n.x).normalize();
        self.tangents.push([t.x, t.y, t.z, -1.0]);
        // Hollows darken a little toward the bottom under direct light too, as carved end grain
        // does (the occlusion map darkens only the room's light).
        let shade = (1.0 + h * 1.2).max(0.5);
        self.colors.push([shade, shade * 0.96, shade * 0.93, 1.0]);
        let index = (self.positions.len() - 1) as u32;
        self.index[slot] = index;
        index
    }
}

/// The board's top surface with its hollows; vertex colours darken the hollows a little, as
/// carved end grain does.
pub(super) fn board_top(layout: &Layout) -> Mesh {
    let grid = Grid::sample(layout);
    let quads = merge_cells(&grid);
    let mut vertices = TopVertices {
        index: vec![u32::MAX; grid.nx * grid.nz],
        ..default()
    };
    let mut indices = Vec::with_capacity(quads.len() * 6);
    for q in &quads {
        let a = vertices.vertex(&grid, q.i0, q.j0);
        let b = vertices.vertex(&grid, q.i1, q.j0);
        let c = vertices.vertex(&grid, q.i0, q.j1);
        let d = vertices.vertex(&grid, q.i1, q.j1);
        indices.extend_from_slice(&[a, c, b, b, c, d]);
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, vertices.positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vertices.normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vertices.uvs)
    .with_inserted_attribute(Mesh::ATTRIBUTE_TANGENT, vertices.tangents)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, vertices.colors)
    .with_inserted_indices(Indices::U32(indices))
}

/// The body under the top: the four sides of a box whose top meets the lowest point of the
/// rounded edge. It has no top or bottom face: the carved top covers the one and the cloth the
/// other, and a software renderer shaded the hidden top under the whole board whenever the body
/// was drawn before the top (opaque draws are not sorted by depth), a twelfth of its frame.
pub(super) fn board_body(layout: &Layout) -> (Mesh, Transform) {
    let half = layout.slab_half_extents();
    let height = 0.42;
    let mut mesh = Cuboid::new(2.0 * half.x, height, 2.0 * half.y)
        .mesh()
        .build();
    keep_side_faces(&mut mesh);
    (
        mesh,
        Transform::from_xyz(0.0, -EDGE - height / 2.0 + 0.002, 0.0),
    )
}

/// Drops the triangles of `mesh` that face up or down.
fn keep_side_faces(mesh: &mut Mesh) {
    let Some(VertexAttributeValues::Float32x3(normals)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
    else {
        return;
    };
    let Some(indices) = mesh.indices() else {
        return;
    };
    let level = |k: u32| normals[k as usize][1].abs() < 0.5;
    let all: Vec<u32> = indices.iter().map(|k| k as u32).collect();
    let kept = all
        .chunks(3)
        .filter(|t| t.iter().all(|&k| level(k)))
        .flatten()
        .copied()
        .collect();
    mesh.insert_indices(Indices::U32(kept));
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::Variant;

    fn positions(mesh: &Mesh) -> Vec<Vec3> {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(p)) => p.iter().map(|&v| v.into()).collect(),
            other => panic!("positions missing: {other:?}"),
        }
    }

    fn triangles(mesh: &Mesh) -> Vec<[usize; 3]> {
        match mesh.indices() {
            Some(Indices::U32(i)) => i
                .chunks(3)
                .map(|t| [t[0] as usize, t[1] as usize, t[2] as usize])
                .collect(),
            other => panic!("indices missing: {other:?}"),
        }
    }

    /// The merged top is the full height field: every grid vertex lies inside a triangle of the
    /// merged mesh, at the grid's own height (no crack, no lost hollow).
    #[test]
    fn the_merged_top_keeps_every_height_of_the_full_grid() {
        for v in Variant::ALL {
            let layout = Layout::of(v);
            let grid = Grid::sample(&layout);
            let mesh = board_top(&layout);
            let (p, tris) = (positions(&mesh), triangles(&mesh));
            // A pit's bowl takes about 420 triangles on the grid; the budget leaves room for the
            // edges and the stores (whose rounded corners take a finer grid, which crosses the
            // pits beside them), not for flat wood drawn cell by cell (80 000 triangles on the
            // 4×8 board before merging).
            let budget = 700 * layout.pits().count() + 3_500 * layout.trays().len();
            assert!(tris.len() < budget, "{v}: {} triangles", tris.len());
            let mut found = vec![false; grid.nx * grid.nz];
            for t in &tris {
                let [a, b, c] = t.map(|k| p[k]);
                let lo = a.min(b).min(c) - Vec3::splat(1e-4);
                let hi = a.max(b).max(c) + Vec3::splat(1e-4);
                let i0 = grid.xs.partition_point(|&x| x < lo.x);
                let i1 = grid.xs.partition_point(|&x| x <= hi.x);
                let j0 = grid.zs.partition_point(|&z| z < lo.z);
                let j1 = grid.zs.partition_point(|&z| z <= hi.z);
                for j in j0..j1 {
                    for i in i0..i1 {
                        let (x, z) = grid.xz(i, j);
                        let Some(h) = height_in(a, b, c, x, z) else {
                            continue;
                        };
                        let want = grid.at(i, j).h;
                        assert!((h - want).abs() < 1e-4, "{v} ({x}, {z}): {h} != {want}");
                        found[j * grid.nx + i] = true;
                    }
                }
            }
            let missing = found.iter().filter(|f| !**f).count();
            assert_eq!(missing, 0, "{v}: grid vertices outside every triangle");
        }
    }

    /// The body is only the slab's sides: no face of it looks up or down (the carved top covers
    /// its top, the cloth its bottom), and its sides still reach the top's rounded edge.
    #[test]
    fn the_body_has_its_four_sides_and_no_hidden_top_or_bottom() {
        for v in Variant::ALL {
            let layout = Layout::of(v);
            let (mesh, at) = board_body(&layout);
            let (p, tris) = (positions(&mesh), triangles(&mesh));
            assert_eq!(tris.len(), 8, "{v}: two triangles a side");
            for t in &tris {
                let [a, b, c] = t.map(|k| p[k]);
                let normal = (b - a).cross(c - a).normalize();
                assert!(normal.y.abs() < 1e-5, "{v}: a face looks up or down");
            }
            let top = p.iter().map(|q| q.y).fold(f32::MIN, f32::max) + at.translation.y;
            assert!((top - (-EDGE)).abs() < 0.01, "{v}: the sides end at {top}");
        }
    }

    /// The height of triangle `a b c` over `(x, z)`, if `(x, z)` lies in it (edges included).
    fn height_in(a: Vec3, b: Vec3, c: Vec3, x: f32, z: f32) -> Option<f32> {
        let d = (b.z - c.z) * (a.x - c.x) + (c.x - b.x) * (a.z - c.z);
        let wa = ((b.z - c.z) * (x - c.x) + (c.x - b.x) * (z - c.z)) / d;
        let wb = ((c.z - a.z) * (x - c.x) + (a.x - c.x) * (z - c.z)) / d;
        let wc = 1.0 - wa - wb;
        let eps = -1e-4;
        (wa >= eps && wb >= eps && wc >= eps).then_some(wa * a.y + wb * b.y + wc * c.y)
    }
}
