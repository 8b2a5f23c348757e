//! The board's wood, made in code at start-up: one slab of dark oiled hardwood covering the whole
//! board top once (not tiled), so its growth rings can run the slab's length the way a real plank
//! does, with the pits carved into it.
//!
//! The figure comes from a model of the log the slab was sawn from rather than from stripes: the
//! pith runs along x beside the slab, a little below its top and slightly askew, each growth ring
//! is a wavering tube around it with its own width, and the board top cuts through those tubes
//! steeply (a rift-sawn slab), so the rings run along the slab as fine lines that waver gently;
//! inside a pit the carving reaches deeper into the log, so the rings there shift a little, as a
//! carved bowl shows. The hollows are darker toward their bottoms, and an incised line marks each
//! rim. Fibres, pores and a gentle large-scale tone sit on top. Everything is deterministic from the seed, down to the same bytes on every platform
//! (no libm functions whose last digit varies), and uses std only. The passes share their rows
//! among a few threads where there are any; on the web they run on the calling thread.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// What to generate for: the board top's size and its pits, in world units with the origin at the
/// board's centre (x along the length, z across; South at +z).
#[derive(Clone, Debug, PartialEq)]
pub struct WoodSpec {
    /// Full extent in x and z, e.g. (13.5, 5.9).
    pub size: (f32, f32),
    /// Pit centres (x, z).
    pub pits: Vec<(f32, f32)>,
    /// Radius of every pit's hollow, e.g. 0.41.
    pub pit_radius: f32,
    /// The oblong stores carved at the board's ends (none on a board without stores).
    pub trays: Vec<Tray>,
    /// Texture resolution, e.g. 96.0; the texture is `size * pixels_per_unit`, clamped to at most
    /// 2048 on the long side (keeping the aspect ratio).
    pub pixels_per_unit: f32,
    /// Picks one slab among many; the same seed always gives the same bytes.
    pub seed: u32,
}

/// An oblong hollow carved into the top: a rounded rectangle whose wall slopes from the rim down
/// to a flat floor, with the pits' own profile.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tray {
    /// Centre (x, z).
    pub center: (f32, f32),
    /// Half the rim's size in x and z.
    pub half: (f32, f32),
    /// Radius of the rim's rounded corners (at most the smaller half size).
    pub corner: f32,
    /// Width of the sloping wall, from the rim in to where the floor is flat.
    pub wall: f32,
}

impl Tray {
    /// How far (x, z) lies from the floor, in the wall's widths: 0 on the flat floor, rising
    /// through the wall to 1 at the rim and beyond it — a pit's "distance in radii", so the
    /// trays share the pits' bowl profile and occlusion.
    pub fn rim_distance(&self, x: f32, z: f32) -> f32 {
        let corner = self.corner.clamp(0.0, self.half.0.min(self.half.1));
        let qx = (x - self.center.0).abs() - self.half.0 + corner;
        let qz = (z - self.center.1).abs() - self.half.1 + corner;
        let outside = (qx.max(0.0).powi(2) + qz.max(0.0).powi(2)).sqrt();
        let signed = outside + qx.max(qz).min(0.0) - corner;
        if !signed.is_finite() || self.wall <= 0.0 {
            return 1.0;
        }
        (1.0 + signed / self.wall).clamp(0.0, 1.0)
    }

    /// How deep the hollow is at (x, z) as a share of its floor's depth (the bowl profile).
    pub fn depth_share(&self, x: f32, z: f32) -> f32 {
        bowl(self.rim_distance(x, z))
    }
}

/// The maps, each RGBA8, row-major, row 0 at z = -size.1/2 (the far, North edge), column 0 at
/// x = -size.0/2.
///
/// With the board top's UVs u = (x + size.0/2) / size.0 and v = (z + size.1/2) / size.1, texture
/// +u is world +x and texture +v (down the rows) is world +z.
#[derive(Clone)]
pub struct WoodMaps {
    /// Width in pixels (along x).
    pub width: u32,
    /// Height in pixels (along z).
    pub height: u32,
    /// sRGB-encoded colour, alpha 255.
    pub albedo: Vec<u8>,
    /// Tangent-space normal map, each component encoded as `n * 0.5 + 0.5`: R is the component
    /// along +u (world +x, the tangent), G the component along +v (world +z, toward South and
    /// toward the last row: the height gradient along +z goes in G), B the component up out of
    /// the surface. Only the grain's faint relief is in it, not the pit bowls (the mesh has
    /// them). Note that with normal +y and tangent +x, +v = +z is `-cross(normal, tangent)`, so
    /// the board top's tangents need w = -1 (MikkTSpace gives that for these UVs).
    pub normal: Vec<u8>,
    /// R = ambient occlusion (1 = open), G = perceptual roughness, B = metallic (0), alpha 255;
    /// one image serves as both Bevy's occlusion and metallic-roughness texture.
    pub orm: Vec<u8>,
}

/// How a map's texels are encoded, which decides how [`mip_chain`] averages them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapKind {
    /// sRGB-encoded colour: averaged in linear light.
    Srgb,
    /// A normal map: decoded vectors averaged and renormalised.
    Normal,
    /// Plain linear data (occlusion, roughness, metallic): averaged as stored.
    Linear,
}

/// The longest side a generated map may have, in pixels.
const MAX_SIDE: usize = 2048;
/// How deep the board's bowls are for their radius (the mesh carves 0.27 for 0.41). Only used to
/// know how far into the log the carving reaches, which shifts the rings inside a pit.
const BOWL_DEPTH_RATIO: f32 = 0.66;
/// How much of the carving's true depth shifts the rings inside a pit: all of it draws every pit
/// as a bold contour map of the same motif, which reads as a pattern across 32 pits; part of it
/// keeps the bowls' figure quiet but still their own.
const CARVED_RING_SHIFT: f32 = 0.2;
/// Narrowest and widest growth ring, in world units (about 2 and 7 mm on a 70 cm board): the
/// fine lines of a slow-grown hardwood.
const RING_WIDTHS: (f32, f32) = (0.03, 0.12);
/// Early wood (the light part of each ring), sRGB.
const EARLY_WOOD: [u8; 3] = [92, 52, 31];
/// Late wood (the dense, dark end of each ring), sRGB: darker than the early wood, but not so
/// much that a band the saw cut at a grazing angle reads as a stain.
const LATE_WOOD: [u8; 3] = [62, 34, 20];
/// Ambient occlusion at the bottom centre of a pit.
const PIT_FLOOR_OCCLUSION: f32 = 0.4;
/// Perceptual roughness of the oiled flat and of the end grain inside the pits (rough enough
/// that the lamp leaves no glassy crescent on a bowl's wall).
const ROUGHNESS: (f32, f32) = (0.42, 0.78);
/// How much darker the wood is at the bottom of a pit, and of a store's floor, than on the flat:
/// the lamp is a broad light, and the deeper a point lies in a hollow the less of it sees the
/// lamp (the occlusion map only darkens the ambient light, so this is baked into the colour),
/// and the end grain there takes the oil deeper.
const BOWL_SHADE: f32 = 0.72;
const TRAY_SHADE: f32 = 0.45;
/// The incised line round each pit's and store's rim: its half width in pit radii (about 1.5 mm;
/// a store's is as wide) and how much it darkens the wood.
const RIM_LINE: (f32, f32) = (0.035, 0.45);
/// How strongly the grain's height field tilts the normals (world units of relief per unit of
/// the unitless height field).
const RELIEF: f32 = 0.0022;

/// Independent noise streams drawn from one seed.
mod stream {
    pub const LOG: u32 = 0x51ab;
    pub const RING_WIDTH: u32 = 0x2c9e;
    pub const RING_TREND: u32 = 0x7f31;
    pub const RING_ONSET: u32 = 0x0ed5;
    pub const RING_DEPTH: u32 = 0x9b47;
    pub const RING_TONE: u32 = 0xe2a4;
    pub const RIPPLE: u32 = 0x8c5d;
    pub const STREAK: u32 = 0x2f96;
    pub const WARP: u32 = 0x3a61;
    pub const WOBBLE: u32 = 0x64f2;
    pub const FIBRE: u32 = 0x18cd;
    pub const PORE: u32 = 0xa5e3;
    pub const TONE: u32 = 0x4d7b;
    pub const HUE: u32 = 0xc219;
    pub const PITH: u32 = 0x6e08;
}

/// Generates the albedo, normal and occlusion-roughness-metallic maps for `spec`.
pub fn generate(spec: &WoodSpec) -> WoodMaps {
    let grid = Grid::new(spec);
    let log = Log::new(spec, &grid);
    let slow = smooth_field(&grid, &log, spec.seed);
    let bowls = bowl_field(&grid, spec);
    let hollows = with_trays(&grid, spec, bowls.clone());
    let field = ring_field(&grid, &log, &slow, &bowls, spec);
    let texels = shade(&grid, &field, &slow, &log.rings, (&hollows, &bowls), spec);
    let normal = normal_map(&grid, &texels);
    WoodMaps {
        width: grid.width as u32,
        height: grid.height as u32,
        albedo: texels.iter().flat_map(|t| t.albedo).collect(),
        normal: normal.concat(),
        orm: texels.iter().flat_map(|t| t.orm).collect(),
    }
}

/// The pixel grid over the board top: pixel centres in world units.
struct Grid {
    width: usize,
    height: usize,
    /// World x of column 0's left edge and z of row 0's top edge.
    origin: (f32, f32),
    /// World size of one pixel in x and z.
    step: (f32, f32),
}

impl Grid {
    fn new(spec: &WoodSpec) -> Self {
        let size = (spec.size.0.max(1e-3), spec.size.1.max(1e-3));
        let ppu = spec.pixels_per_unit.max(1e-3);
        let long = size.0.max(size.1) * ppu;
        let scale = if long > MAX_SIDE as f32 {
            MAX_SIDE as f32 / long
        } else {
            1.0
        };
        let pixels = |extent: f32| ((extent * ppu * scale).round() as usize).clamp(1, MAX_SIDE);
        let (width, height) = (pixels(size.0), pixels(size.1));
        Self {
            width,
            height,
            origin: (-size.0 / 2.0, -size.1 / 2.0),
            step: (size.0 / width as f32, size.1 / height as f32),
        }
    }

    fn x(&self, column: usize) -> f32 {
        self.origin.0 + (column as f32 + 0.5) * self.step.0
    }

    fn z(&self, row: usize) -> f32 {
        self.origin.1 + (row as f32 + 0.5) * self.step.1
    }

    fn len(&self) -> usize {
        self.width * self.height
    }
}

// ---------------------------------------------------------------------------------------------
// Noise
// ---------------------------------------------------------------------------------------------

/// A well-mixed hash of a lattice point.
fn hash(x: i32, y: i32, seed: u32) -> u32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2c1b_3c6d);
    h ^ (h >> 12)
}

/// The top 24 bits of a hash as a number in [0, 1).
fn unit(h: u32) -> f32 {
    (h >> 8) as f32 / 16_777_216.0
}

/// A random number in [0, 1) for an integer, e.g. one per growth ring.
fn random(n: i32, seed: u32) -> f32 {
    unit(hash(n, 0x1234_5678, seed))
}

/// `x.floor()` without a call into libm (baseline x86-64 has no rounding instruction, and the
/// noise floors several times per pixel); exact within the i32 range, which noise coordinates
/// never leave.
fn floor(x: f32) -> f32 {
    let t = x as i32 as f32;
    if t > x { t - 1.0 } else { t }
}

/// The smooth step 3t² - 2t³ of t in [0, 1].
fn smooth(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// Hermite smooth step from `edge0` to `edge1` (either order).
fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    smooth(((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0))
}

/// Smooth one-dimensional value noise in [0, 1).
fn noise1(x: f32, seed: u32) -> f32 {
    let i = floor(x);
    let f = smooth(x - i);
    let (a, b) = (random(i as i32, seed), random(i as i32 + 1, seed));
    a + (b - a) * f
}

/// Smooth two-dimensional value noise in [0, 1).
fn value_noise(x: f32, y: f32, seed: u32) -> f32 {
    let (xf, yf) = (floor(x), floor(y));
    let (xi, yi) = (xf as i32, yf as i32);
    let (sx, sy) = (smooth(x - xf), smooth(y - yf));
    let at = |i: i32, j: i32| unit(hash(xi + i, yi + j, seed));
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * sx;
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * sx;
    top + (bottom - top) * sy
}

/// Two-dimensional gradient noise, roughly in [-1, 1]: smoother than value noise, with no
/// lattice-aligned creases, which matters for the large warps.
fn gradient_noise(x: f32, y: f32, seed: u32) -> f32 {
    let (xf, yf) = (floor(x), floor(y));
    let (xi, yi) = (xf as i32, yf as i32);
    let (fx, fy) = (x - xf, y - yf);
    let dot = |i: i32, j: i32| {
        let h = hash(xi + i, yi + j, seed);
        let gx = (h & 0xffff) as f32 / 32_768.0 - 1.0;
        let gy = (h >> 16) as f32 / 32_768.0 - 1.0;
        gx * (fx - i as f32) + gy * (fy - j as f32)
    };
    let (sx, sy) = (smooth(fx), smooth(fy));
    let top = dot(0, 0) + (dot(1, 0) - dot(0, 0)) * sx;
    let bottom = dot(0, 1) + (dot(1, 1) - dot(0, 1)) * sx;
    (top + (bottom - top) * sy) * 1.6
}

/// Fractal sum of gradient noise, roughly in [-1, 1]; each octave's lattice is rotated a little
/// and offset so the octaves never line up.
fn fbm(x: f32, y: f32, octaves: u32, seed: u32) -> f32 {
    let (mut x, mut y) = (x, y);
    let (mut sum, mut amplitude, mut total) = (0.0, 1.0, 0.0);
    for octave in 0..octaves {
        sum += amplitude * gradient_noise(x, y, seed.wrapping_add(octave.wrapping_mul(0x9e37)));
        total += amplitude;
        amplitude *= 0.5;
        (x, y) = (x * 1.64 - y * 1.22 + 17.3, x * 1.22 + y * 1.64 - 9.1);
    }
    sum / total
}

// ---------------------------------------------------------------------------------------------
// The log
// ---------------------------------------------------------------------------------------------

/// The log the slab was sawn from: where its pith runs along x, beside the slab and below its
/// top, and its growth rings.
struct Log {
    /// World z of the pith at x = 0 (beyond one of the slab's long edges), and how far it drifts
    /// across per unit of x.
    centre_z: f32,
    drift_z: f32,
    /// Depth of the pith below the board top at x = 0, and how much it rises or sinks per unit
    /// of x: the saw cut is not quite parallel to the pith (and the log tapers), which bends the
    /// lines gently.
    depth: f32,
    tilt: f32,
    seed: u32,
    rings: RingTable,
}

impl Log {
    fn new(spec: &WoodSpec, grid: &Grid) -> Self {
        let seed = spec.seed ^ stream::LOG;
        let r = |k: i32| random(k, seed);
        let half_across = grid.height as f32 * grid.step.1 / 2.0;
        let half_along = grid.width as f32 * grid.step.0 / 2.0;
        let sign = if r(4) < 0.5 { -1.0 } else { 1.0 };
        let tilt = sign * (0.01 + 0.02 * r(3));
        let depth = 0.5 + 0.6 * r(2) + tilt.abs() * half_along;
        let deepest = depth + 2.0 * tilt.abs() * half_along + 0.5;
        // The slab is rift-sawn from beside the pith, not above it: the top cuts the rings
        // steeply, so they run along the slab as fine lines. A cut above the pith grazes the
        // rings and spreads one late-wood band into a dark patch as wide as a pit.
        let side = if r(5) < 0.5 { -1.0 } else { 1.0 };
        let centre_z = side * (half_across + 0.6 + 1.0 * r(0));
        let (across, below) = (centre_z.abs() + half_across + 2.0, deepest + 1.0);
        let farthest = (across * across + below * below).sqrt() + 1.0;
        Self {
            centre_z,
            drift_z: (r(1) - 0.5) * 0.06,
            depth,
            tilt,
            seed: spec.seed ^ stream::PITH,
            rings: RingTable::new(farthest, spec.seed),
        }
    }

    /// Where the pith lies under the board top at `x`: its world z and its depth.
    fn pith(&self, x: f32) -> (f32, f32) {
        let sway = 0.6 * (noise1(x * 0.11 + 3.0, self.seed) - 0.5);
        let wave = 0.35 * (noise1(x * 0.14 + 11.0, self.seed ^ 0x55) - 0.5);
        let z = self.centre_z + self.drift_z * x + sway;
        (z, (self.depth + self.tilt * x + wave).max(0.45))
    }
}

/// How one growth ring looks: where its late wood starts (as a fraction of the ring), how dark
/// that late wood gets, and the ring's overall brightness (-1 to 1), which drifts over runs of
/// years so groups of rings read as broader bands.
#[derive(Clone, Copy)]
struct RingLook {
    onset: f32,
    strength: f32,
    tone: f32,
}

/// The growth rings: maps a distance from the pith to a ring coordinate, whose integer part
/// counts the rings out from the pith and whose fraction runs through one ring from early to
/// late wood, and holds each ring's look. Rings have uneven widths, with runs of good and lean
/// years, so no two bands repeat.
struct RingTable {
    /// Ring coordinate at radius `k * STEP`.
    samples: Vec<f32>,
    looks: Vec<RingLook>,
}

impl RingTable {
    const STEP: f32 = 0.004;

    fn new(max_radius: f32, seed: u32) -> Self {
        let count = (max_radius / Self::STEP).ceil() as usize + 2;
        let mut samples = Vec::with_capacity(count);
        let (mut ring, mut inner) = (0, 0.0);
        let mut width = ring_width(ring, seed);
        for k in 0..count {
            let radius = k as f32 * Self::STEP;
            while radius >= inner + width {
                inner += width;
                ring += 1;
                width = ring_width(ring, seed);
            }
            samples.push(ring as f32 + (radius - inner) / width);
        }
        let looks = (0..=ring + 1).map(|n| ring_look(n, seed)).collect();
        Self { samples, looks }
    }

    /// The ring coordinate at `radius`, interpolated between samples.
    fn at(&self, radius: f32) -> f32 {
        let last = self.samples.len().saturating_sub(2);
        let p = (radius / Self::STEP).max(0.0);
        let k = (p as usize).min(last);
        let f = (p - k as f32).min(1.0);
        match (self.samples.get(k), self.samples.get(k + 1)) {
            (Some(a), Some(b)) => a + (b - a) * f,
            _ => 0.0,
        }
    }

    /// The look of ring `n` (the outermost one beyond the table).
    fn look(&self, n: f32) -> RingLook {
        let k = (n.max(0.0) as usize).min(self.looks.len().saturating_sub(1));
        self.looks.get(k).copied().unwrap_or(RingLook {
            onset: 0.5,
            strength: 0.7,
            tone: 0.0,
        })
    }
}

/// How wide growth ring `ring` is: a slow trend of good and lean years plus a year-to-year
/// scatter.
fn ring_width(ring: i32, seed: u32) -> f32 {
    let trend = noise1(ring as f32 / 6.5, seed ^ stream::RING_TREND);
    let year = random(ring, seed ^ stream::RING_WIDTH);
    let v = (0.6 * trend + 0.4 * year).clamp(0.0, 1.0);
    RING_WIDTHS.0 + (RING_WIDTHS.1 - RING_WIDTHS.0) * v
}

/// The look of growth ring `ring`, drawn from the seed.
fn ring_look(ring: i32, seed: u32) -> RingLook {
    let trend = noise1(ring as f32 / 4.5, seed ^ stream::RING_TONE) * 2.0 - 1.0;
    let year = random(ring, seed ^ stream::RING_TONE) * 2.0 - 1.0;
    RingLook {
        onset: 0.25 + 0.4 * random(ring, seed ^ stream::RING_ONSET),
        strength: 0.35 + 0.65 * random(ring, seed ^ stream::RING_DEPTH),
        tone: 0.75 * trend + 0.25 * year,
    }
}

// ---------------------------------------------------------------------------------------------
// Pits
// ---------------------------------------------------------------------------------------------

/// Each pixel's distance from the nearest pit centre in pit radii, or from a store's floor in its
/// wall's widths, capped at 1 (the flat).
#[cfg(test)]
fn pit_field(grid: &Grid, spec: &WoodSpec) -> Vec<f32> {
    with_trays(grid, spec, bowl_field(grid, spec))
}

/// Each pixel's distance from the nearest pit centre in pit radii, capped at 1 (the flat and the
/// stores).
fn bowl_field(grid: &Grid, spec: &WoodSpec) -> Vec<f32> {
    let mut field = vec![1.0_f32; grid.len()];
    let radius = spec.pit_radius;
    if radius.is_nan() || radius <= 0.0 {
        return field;
    }
    let index = |v: f32, origin: f32, step: f32, n: usize| {
        ((v - origin) / step).floor().clamp(0.0, n as f32) as usize
    };
    for &(px, pz) in &spec.pits {
        let (x0, z0) = (grid.origin.0, grid.origin.1);
        let (sx, sz) = grid.step;
        let columns = index(px - radius, x0, sx, grid.width)
            ..index(px + radius + 2.0 * sx, x0, sx, grid.width);
        let rows = index(pz - radius, z0, sz, grid.height)
            ..index(pz + radius + 2.0 * sz, z0, sz, grid.height);
        for j in rows {
            let dz = grid.z(j) - pz;
            for i in columns.clone() {
                let dx = grid.x(i) - px;
                let k = (dx * dx + dz * dz).sqrt() / radius;
                let cell = &mut field[j * grid.width + i];
                *cell = cell.min(k);
            }
        }
    }
    field
}

/// `field` with the stores' distances from their floors in their walls' widths.
fn with_trays(grid: &Grid, spec: &WoodSpec, mut field: Vec<f32>) -> Vec<f32> {
    for tray in &spec.trays {
        for (p, cell) in field.iter_mut().enumerate() {
            let (x, z) = (grid.x(p % grid.width), grid.z(p / grid.width));
            *cell = cell.min(tray.rim_distance(x, z));
        }
    }
    field
}

/// How deep the bowl is at `k` pit radii from its centre, as a fraction of its full depth: the
/// board's own profile, level at the bottom and meeting the top without an edge.
fn bowl(k: f32) -> f32 {
    let s = (1.0 - k * k).max(0.0);
    s * s
}

/// Ambient occlusion at `k` pit radii from a pit's centre: 1 on the flat, falling smoothly to
/// [`PIT_FLOOR_OCCLUSION`] at the bottom, with a soft darker ring just inside the rim. Every
/// term has zero slope at the rim, so the bowl never shows an edge.
fn pit_occlusion(k: f32) -> f32 {
    if k >= 1.0 {
        return 1.0;
    }
    let bowl = smoothstep(1.0, 0.0, k);
    // A smooth bump round k = 0.8 that is flat where it ends at the rim.
    let d = ((k - 0.8) / 0.2).clamp(-1.0, 1.0);
    let ring = (1.0 - d * d) * (1.0 - d * d);
    1.0 - (1.0 - PIT_FLOOR_OCCLUSION) * bowl - 0.07 * ring
}

// ---------------------------------------------------------------------------------------------
// The figure
// ---------------------------------------------------------------------------------------------

/// Slowly varying quantities sampled on a coarse lattice and interpolated, since evaluating
/// their fractal noise at every pixel would cost most of the generation time for no visible
/// gain.
struct SmoothField {
    origin: (f32, f32),
    step: f32,
    columns: usize,
    rows: usize,
    values: Vec<[f32; 4]>,
}

impl SmoothField {
    /// Lattice spacing in world units (about 4 pixels at the game's resolution).
    const STEP: f32 = 0.04;

    fn new(grid: &Grid, f: impl Fn(f32, f32) -> [f32; 4]) -> Self {
        let origin = (grid.origin.0 - Self::STEP, grid.origin.1 - Self::STEP);
        let extent = (
            grid.width as f32 * grid.step.0,
            grid.height as f32 * grid.step.1,
        );
        let columns = (extent.0 / Self::STEP).ceil() as usize + 3;
        let rows = (extent.1 / Self::STEP).ceil() as usize + 3;
        let mut values = Vec::with_capacity(columns * rows);
        for j in 0..rows {
            for i in 0..columns {
                let x = origin.0 + i as f32 * Self::STEP;
                let z = origin.1 + j as f32 * Self::STEP;
                values.push(f(x, z));
            }
        }
        Self {
            origin,
            step: Self::STEP,
            columns,
            rows,
            values,
        }
    }

    /// The values at `(x, z)`, bilinearly interpolated.
    fn at(&self, x: f32, z: f32) -> [f32; 4] {
        let u = ((x - self.origin.0) / self.step).clamp(0.0, (self.columns - 2) as f32);
        let v = ((z - self.origin.1) / self.step).clamp(0.0, (self.rows - 2) as f32);
        let (i, j) = (u as usize, v as usize);
        let (fu, fv) = (u - i as f32, v - j as f32);
        let p = j * self.columns + i;
        let (a, b) = (self.values[p], self.values[p + 1]);
        let (c, d) = (
            self.values[p + self.columns],
            self.values[p + self.columns + 1],
        );
        std::array::from_fn(|k| {
            let top = a[k] + (b[k] - a[k]) * fu;
            let bottom = c[k] + (d[k] - c[k]) * fu;
            top + (bottom - top) * fv
        })
    }
}

/// The slow fields of the slab: [0] how far the figure is bent across (z), [1] how much the
/// ring tubes bulge, [2] the large-scale tone, [3] the warmth (red against yellow).
fn smooth_field(grid: &Grid, log: &Log, seed: u32) -> SmoothField {
    SmoothField::new(grid, |x, z| {
        // The whole figure wavers slowly across the board as it runs along it.
        let bend = 0.25 * fbm(x * 0.16, z * 0.3, 3, seed ^ stream::WARP);
        // Ring tubes are not round: they bulge and dip together, by angle round the pith and
        // along the log, which bends neighbouring bands alike.
        let (pith_z, pith_depth) = log.pith(x);
        let across = z + bend - pith_z;
        let angle = across / (across * across + pith_depth * pith_depth).sqrt();
        let bulge = 0.06 * fbm(x * 0.22, angle * 0.9, 2, seed ^ stream::WOBBLE);
        let tone = fbm(x * 0.13, z * 0.33, 3, seed ^ stream::TONE);
        let warmth = fbm(x * 0.09 + 5.0, z * 0.25, 2, seed ^ stream::HUE);
        [bend, bulge, tone, warmth]
    })
}

/// One pixel of the figure: the ring coordinate, the grain-following z for pores and the fibre
/// streaks (see [`fibres`]).
#[derive(Clone, Copy, Default)]
struct Sample {
    ring: f32,
    grain_z: f32,
    fibre: f32,
}

/// Cuts the log with the board top (and, inside pits, with the bowls) to find each pixel's ring.
/// The stores' floors are left out: a flat floor cut a little deeper shifts every ring alike,
/// and only its sloping wall drew the rings as contours, which read as terraces.
fn ring_field(
    grid: &Grid,
    log: &Log,
    slow: &SmoothField,
    pits: &[f32],
    spec: &WoodSpec,
) -> Vec<Sample> {
    let bowl_depth = BOWL_DEPTH_RATIO * spec.pit_radius.max(0.0);
    let ring_shift = CARVED_RING_SHIFT * bowl_depth;
    let piths: Vec<(f32, f32)> = (0..grid.width).map(|i| log.pith(grid.x(i))).collect();
    let ripple_seed = spec.seed ^ stream::RIPPLE;
    let fibre_seed = spec.seed ^ stream::FIBRE;
    let mut field = vec![Sample::default(); grid.len()];
    for_each_row(&mut field, grid.width, |j, row| {
        let z = grid.z(j);
        let pits = &pits[j * grid.width..];
        for (i, (out, &(pith_z, pith_depth))) in row.iter_mut().zip(&piths).enumerate() {
            let x = grid.x(i);
            let carved = bowl(pits[i]);
            let [bend, bulge, ..] = slow.at(x, z);
            let warped_z = z + bend;
            let across = warped_z - pith_z;
            // Carving reaches down toward the pith.
            let below = (pith_depth - ring_shift * carved).max(0.05);
            let radius = (across * across + below * below).sqrt();
            let angle = across / radius;
            let ripple = 0.01 * gradient_noise(x * 1.3, angle * 9.0, ripple_seed);
            let depth = bowl_depth * carved;
            let grain_z = warped_z + 0.6 * depth;
            let fibre = fibres(x, grain_z, grid.step.1, fibre_seed);
            *out = Sample {
                // The fibres fray the ring edges in `shade_texel`, where the ring's change
                // across a pixel is known.
                ring: log.rings.at(radius + bulge + ripple),
                grain_z,
                fibre,
            };
        }
    });
    field
}

/// How much late wood shows at ring coordinate `t`, and the ring's tone: none at the start of
/// a ring, rising through it, darkest at its end and falling back quickly to the next ring's
/// early wood. The fall is quick but not a step: where the board top grazes a ring it spans a
/// wide patch and must stay soft there.
fn ring_profile(t: f32, rings: &RingTable) -> (f32, f32) {
    let n = floor(t);
    let f = t - n;
    let look = rings.look(n);
    let rise = smoothstep(look.onset, look.onset + 0.7 * (1.0 - look.onset), f);
    let fall = smoothstep(1.0, 0.95, f);
    (look.strength * rise * fall * (0.8 + 0.2 * f), look.tone)
}

/// [`ring_profile`] box-filtered over `width` in ring coordinate (a pixel's footprint), so the
/// sharp end of each ring does not alias.
fn ring_profile_filtered(t: f32, width: f32, rings: &RingTable) -> (f32, f32) {
    let w = width.clamp(0.0, 1.0);
    let (mut late, mut tone) = (0.0, 0.0);
    for offset in [-0.375, -0.125, 0.125, 0.375] {
        let (l, k) = ring_profile(t + offset * w, rings);
        late += l;
        tone += k;
    }
    (late / 4.0, tone / 4.0)
}

/// Fine fibre streaks along x, in about [-1, 1], never finer than the pixels can show.
fn fibres(x: f32, grain_z: f32, step_z: f32, seed: u32) -> f32 {
    let fine = (0.45 / step_z).min(70.0);
    let a = value_noise(x * 1.6, grain_z * fine, seed);
    let b = value_noise(x * 0.7, grain_z * fine * 0.37, seed ^ 0x3131);
    let c = value_noise(x * 3.1, grain_z * fine * 0.61 + 7.7, seed ^ 0x4545);
    // A sum of noises bunches round its middle; stretch it back out to fill [-1, 1].
    let sum = a * 0.45 + b * 0.35 + c * 0.2;
    ((sum * 2.0 - 1.0) * 1.8).clamp(-1.0, 1.0)
}

/// Long, soft streaks of colour along the grain, in about [-1, 1], as the sap and minerals
/// leave in real hardwood: between the fibres' fineness and the rings' breadth.
fn streaks(x: f32, grain_z: f32, seed: u32) -> f32 {
    value_noise(x * 0.3, grain_z * 7.0, seed) * 2.0 - 1.0
}

/// Small dark pores, drawn out along the grain, in [0, 1]: at most one in each cell of a loose
/// lattice, placed at random, so they never form a pattern. A pore is shorter than a cell and
/// much narrower, so only the cell and its nearer neighbours across and along can reach a point.
fn pores(x: f32, grain_z: f32, step: (f32, f32), seed: u32) -> f32 {
    let cell = (0.16, (2.4 * step.1).max(0.02));
    let half_width = (0.55 * step.1).max(0.004);
    let (u, v) = (x / cell.0, grain_z / cell.1);
    let (fu, fv) = (floor(u), floor(v));
    let (cx, cz) = (fu as i32, fv as i32);
    let near_x = if u - fu < 0.5 { -1 } else { 1 };
    let near_z = if v - fv < 0.5 { -1 } else { 1 };
    let mut darkest = 0.0_f32;
    for (di, dj) in [(0, 0), (near_x, 0), (0, near_z), (near_x, near_z)] {
        let h = hash(cx + di, cz + dj, seed);
        if h & 0xff > 128 {
            continue;
        }
        let bits = |shift: u32| ((h >> shift) & 0xff) as f32 / 255.0;
        let centre_x = (cx + di) as f32 * cell.0 + bits(8) * cell.0;
        let centre_z = (cz + dj) as f32 * cell.1 + (0.25 + 0.5 * bits(16)) * cell.1;
        let half_length = 0.02 + 0.06 * bits(24);
        let along = (x - centre_x) / half_length;
        let across = (grain_z - centre_z) / half_width;
        let shape = (1.0 - along * along).max(0.0) * (1.0 - across * across).max(0.0);
        darkest = darkest.max(shape * (0.5 + 0.5 * bits(28)));
    }
    darkest
}

// ---------------------------------------------------------------------------------------------
// Shading
// ---------------------------------------------------------------------------------------------

/// One shaded pixel: its albedo and orm bytes, and the grain's height for the normals.
#[derive(Clone, Copy, Default)]
struct Texel {
    albedo: [u8; 4],
    orm: [u8; 4],
    height: f32,
}

/// How far the fibres shift a ring edge at most, in rings.
const FIBRE_FRAY: f32 = 0.07;

/// The ring coordinate's change across one pixel at `(i, j)`, for filtering the ring edges.
fn ring_footprint(grid: &Grid, field: &[Sample], i: usize, j: usize) -> f32 {
    let at = |i: usize, j: usize| field[j * grid.width + i].ring;
    let (l, r) = (i.saturating_sub(1), (i + 1).min(grid.width - 1));
    let (u, d) = (j.saturating_sub(1), (j + 1).min(grid.height - 1));
    let across_x = (at(r, j) - at(l, j)).abs() / (r - l).max(1) as f32;
    let across_z = (at(i, d) - at(i, u)).abs() / (d - u).max(1) as f32;
    across_x.max(across_z)
}

/// Everything [`shade_texel`] needs besides the pixel itself.
struct Palette<'a> {
    srgb: Srgb,
    early: [f32; 3],
    late: [f32; 3],
    rings: &'a RingTable,
    slow: &'a SmoothField,
    seed: u32,
    /// The rim line's half width inside a pit (in pit radii) and a store (in its wall's widths).
    rim_lines: (f32, f32),
}

/// Colours every pixel (see [`shade_texel`]).
fn shade(
    grid: &Grid,
    field: &[Sample],
    slow: &SmoothField,
    rings: &RingTable,
    (hollows, bowls): (&[f32], &[f32]),
    spec: &WoodSpec,
) -> Vec<Texel> {
    let seed = spec.seed;
    let wall = spec.trays.first().map_or(1.0, |t| t.wall);
    let tray_line = RIM_LINE.0 * spec.pit_radius / wall;
    let srgb = Srgb::new();
    let palette = Palette {
        early: EARLY_WOOD.map(|c| srgb.decode(c)),
        late: LATE_WOOD.map(|c| srgb.decode(c)),
        srgb,
        rings,
        slow,
        seed,
        rim_lines: (RIM_LINE.0, tray_line.clamp(0.0, 0.5)),
    };
    let mut texels = vec![Texel::default(); grid.len()];
    for_each_row(&mut texels, grid.width, |j, row| {
        for (i, out) in row.iter_mut().enumerate() {
            let p = j * grid.width + i;
            let footprint = ring_footprint(grid, field, i, j);
            let in_pit = bowls[p] <= hollows[p];
            let k = Hollow {
                any: hollows[p],
                pit: bowls[p],
                line: if in_pit {
                    palette.rim_lines.0
                } else {
                    palette.rim_lines.1
                },
            };
            *out = shade_texel(&palette, grid, (i, j), field[p], footprint, k);
        }
    });
    texels
}

/// Where a pixel lies in the carving: its distance from the floor of the hollow it is in (pit or
/// store; 1 on the flat), and from the nearest pit's centre, in pit radii (1 outside the pits).
#[derive(Clone, Copy)]
struct Hollow {
    any: f32,
    pit: f32,
    /// The rim line's half width, in the units of `any`.
    line: f32,
}

impl Hollow {
    /// How much the hollow darkens the wood here: by the depth of the bowl toward its bottom
    /// (less on a store's wide floor), and along the incised line round its rim.
    fn shade(self) -> f32 {
        let depth = if self.pit < 1.0 {
            BOWL_SHADE * bowl(self.pit)
        } else {
            TRAY_SHADE * bowl(self.any)
        };
        let line = smoothstep(self.line, 0.0, (self.any - 1.0 + self.line).abs());
        (1.0 - depth) * (1.0 - RIM_LINE.1 * line)
    }
}

/// One pixel's colour, occlusion, roughness and height: early and late wood mixed in linear
/// light, fibres, streaks, pores, a slow tone across the slab and the darker, rougher end grain
/// in the hollows, with a fine incised line round each rim.
fn shade_texel(
    palette: &Palette,
    grid: &Grid,
    (i, j): (usize, usize),
    sample: Sample,
    footprint: f32,
    hollow: Hollow,
) -> Texel {
    let k = hollow.any;
    let (x, z) = (grid.x(i), grid.z(j));
    let seed = palette.seed;
    // Fibres fray the ring edges a little, as they do in real late wood: by up to 0.07 of a
    // ring, but never more than two pixels' worth of it. Where the board top grazes a ring, a
    // pixel spans a tiny share of it, and the full fray moved the edge by many pixels, row by
    // row of fibres: the late wood's patches had jagged, stair-stepped edges.
    let fray = FIBRE_FRAY.min(2.0 * footprint);
    let ring = sample.ring + fray * sample.fibre;
    let (lw, ring_tone) = ring_profile_filtered(ring, footprint, palette.rings);
    let in_pit = smoothstep(1.0, 0.6, k);
    // The end grain in the pits shows the rings more softly.
    let lw = lw * (1.0 - 0.35 * in_pit);
    let fibre = sample.fibre;
    let pore = pores(x, sample.grain_z, grid.step, seed ^ stream::PORE) * (1.0 - 0.6 * lw);
    let streak = streaks(x, sample.grain_z, seed ^ stream::STREAK);
    let [_, _, tone, warmth] = palette.slow.at(x, z);
    let end_grain = hollow.shade();
    let brightness = (1.0 + 0.12 * fibre)
        * (1.0 + 0.08 * streak)
        * (1.0 - 0.6 * pore)
        * (1.0 + 0.12 * ring_tone)
        * (1.0 + 0.14 * tone)
        * end_grain;
    let tint = [1.0 + 0.05 * warmth, 1.0, 1.0 - 0.07 * warmth];
    let colour = |c: usize| {
        let wood = palette.early[c] + (palette.late[c] - palette.early[c]) * lw;
        palette.srgb.encode(wood * brightness * tint[c])
    };
    let flat = ROUGHNESS.0 + 0.035 * fibre - 0.05 * lw + 0.12 * pore;
    let roughness = flat + (ROUGHNESS.1 - flat) * in_pit;
    Texel {
        albedo: [colour(0), colour(1), colour(2), 255],
        orm: [unorm(pit_occlusion(k)), unorm(roughness), 0, 255],
        // Late wood and fibres stand a little proud of the soft early wood; pores sink.
        height: 0.35 * lw + 0.12 * fibre - 0.5 * pore,
    }
}

/// The tangent-space normals of the grain's height field (see [`WoodMaps::normal`]).
fn normal_map(grid: &Grid, texels: &[Texel]) -> Vec<[u8; 4]> {
    let at = |i: usize, j: usize| texels[j * grid.width + i].height;
    let mut normal = vec![[0; 4]; grid.len()];
    for_each_row(&mut normal, grid.width, |j, row| {
        let (u, d) = (j.saturating_sub(1), (j + 1).min(grid.height - 1));
        let span_z = (d - u).max(1) as f32 * grid.step.1;
        for (i, out) in row.iter_mut().enumerate() {
            let (l, r) = (i.saturating_sub(1), (i + 1).min(grid.width - 1));
            let span_x = (r - l).max(1) as f32 * grid.step.0;
            let slope_x = RELIEF * (at(r, j) - at(l, j)) / span_x;
            let slope_z = RELIEF * (at(i, d) - at(i, u)) / span_z;
            let length = (slope_x * slope_x + slope_z * slope_z + 1.0).sqrt();
            let n = |c: f32| unorm(c / length * 0.5 + 0.5);
            *out = [n(-slope_x), n(-slope_z), n(1.0), 255];
        }
    });
    normal
}

// ---------------------------------------------------------------------------------------------
// Threads
// ---------------------------------------------------------------------------------------------

/// The most threads one pass shares its rows among.
const MAX_THREADS: usize = 8;

/// Fills `out`, rows of `width` items, by calling `fill(row, items)` for every row. Rows are
/// shared among a few threads where the platform has them; where it has none (the web) or a
/// thread cannot start, this thread does the rest itself. Each row depends only on its index,
/// so the result is the same however the rows were shared.
fn for_each_row<T: Send>(out: &mut [T], width: usize, fill: impl Fn(usize, &mut [T]) + Sync) {
    let width = width.max(1);
    let rows = out.len() / width;
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(MAX_THREADS)
        .min(rows / 8)
        .max(1);
    if threads == 1 {
        for (j, row) in out.chunks_mut(width).enumerate() {
            fill(j, row);
        }
        return;
    }
    // A few bands per thread, taken in turn, so a slow thread holds no one up for long.
    let band = rows.div_ceil(threads * 4);
    let bands: Vec<Mutex<&mut [T]>> = out.chunks_mut(band * width).map(Mutex::new).collect();
    let next = AtomicUsize::new(0);
    let work = || {
        loop {
            let b = next.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = bands.get(b) else { break };
            let mut chunk = slot.lock().unwrap_or_else(PoisonError::into_inner);
            for (k, row) in chunk.chunks_mut(width).enumerate() {
                fill(b * band + k, row);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot start leaves its share to the others.
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
}

// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------

/// A value in [0, 1] as a byte, rounded.
fn unorm(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

/// The sRGB curve from encoded [0, 1] to linear light.
fn srgb_curve_to_linear(c: f32) -> f32 {
    if c <= 0.040_45 {
        c / 12.92
    } else {
        pow_2_4((f64::from(c) + 0.055) / 1.055) as f32
    }
}

/// `x^2.4` for x in (0, 1] from plain arithmetic: x² times the square of x's fifth root, found
/// by Newton's method. Unlike libm's `powf`, whose last digit differs between platforms (the web
/// build among them), this makes the maps the same bytes everywhere.
fn pow_2_4(x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    // From 1, above the root, Newton's steps on y⁵ = x fall monotonically onto it.
    let mut root = 1.0_f64;
    for _ in 0..12 {
        let r4 = root * root * root * root;
        root = (4.0 * root + x / r4) / 5.0;
    }
    x * x * root * root
}

/// Exact sRGB conversions by table, since a `powf` per channel would dominate both generating
/// and mipmapping. Decoding is a lookup; encoding guesses the byte from a coarse table and then
/// settles it against the linear values where the encoded curve crosses each half-step, which
/// gives exactly the byte that rounding the exact curve would.
struct Srgb {
    decoded: [f32; 256],
    /// `bounds[k]`: the linear value encoding to k + 0.5, the threshold between bytes k and k + 1.
    bounds: [f32; 255],
    guess: Vec<u8>,
}

impl Srgb {
    const GUESSES: usize = 4096;

    fn new() -> Self {
        let decoded = std::array::from_fn(|k| srgb_curve_to_linear(k as f32 / 255.0));
        let bounds = std::array::from_fn(|k| srgb_curve_to_linear((k as f32 + 0.5) / 255.0));
        let last = (Self::GUESSES - 1) as f32;
        let guess = (0..Self::GUESSES)
            .map(|i| {
                let v = i as f32 / last;
                bounds.iter().take_while(|&&b| b <= v).count() as u8
            })
            .collect();
        Self {
            decoded,
            bounds,
            guess,
        }
    }

    fn decode(&self, c: u8) -> f32 {
        self.decoded[usize::from(c)]
    }

    fn encode(&self, v: f32) -> u8 {
        // Written so NaN lands on 0.
        let v = if v > 0.0 { v.min(1.0) } else { 0.0 };
        let i = (v * (Self::GUESSES - 1) as f32) as usize;
        let mut byte = usize::from(self.guess.get(i).copied().unwrap_or(255));
        while byte < 255 && v >= self.bounds[byte] {
            byte += 1;
        }
        while byte > 0 && v < self.bounds[byte - 1] {
            byte -= 1;
        }
        byte as u8
    }
}

// ---------------------------------------------------------------------------------------------
// Mipmaps
// ---------------------------------------------------------------------------------------------

/// A full mip chain of an RGBA8 image: level 0 first, each next level half the size (rounded
/// down, at least 1), box-filtered; all levels concatenated. Returns the bytes and the level
/// count, floor(log2(max(width, height))) + 1.
///
/// Colour is averaged in linear light (so a black-and-white checker turns mid-grey in light,
/// not too dark), normals are averaged as vectors and renormalised, linear data is averaged as
/// stored. Each level is filtered from the previous one kept in floating point, so rounding does
/// not build up. Where a side is odd, the last output texel of that side also takes the leftover
/// source row or column, so every source texel counts. Missing bytes in `data` read as 0 and
/// extra ones are ignored; an empty image gives no levels.
pub fn mip_chain(data: &[u8], width: u32, height: u32, kind: MapKind) -> (Vec<u8>, u32) {
    let (mut w, mut h) = (width as usize, height as usize);
    if w == 0 || h == 0 {
        return (Vec::new(), 0);
    }
    let mut level0 = data.get(..w * h * 4).unwrap_or(data).to_vec();
    level0.resize(w * h * 4, 0);
    let srgb = Srgb::new();
    let mut texels = vec![[0.0; 4]; w * h];
    for_each_row(&mut texels, w, |j, row| {
        let bytes = level0[j * w * 4..].chunks_exact(4);
        for (out, texel) in row.iter_mut().zip(bytes) {
            *out = decode(texel, kind, &srgb);
        }
    });
    let mut out = level0;
    let mut levels = 1;
    while w > 1 || h > 1 {
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        texels = downsample(&texels, (w, h), (nw, nh), kind);
        out.extend(texels.iter().flat_map(|t| encode(t, kind, &srgb)));
        (w, h) = (nw, nh);
        levels += 1;
    }
    (out, levels)
}

/// One texel's bytes as the values to average for `kind`.
fn decode(texel: &[u8], kind: MapKind, srgb: &Srgb) -> [f32; 4] {
    let linear = |k: usize| texel.get(k).map_or(0.0, |&b| f32::from(b) / 255.0);
    match kind {
        MapKind::Srgb => {
            let c = |k: usize| srgb.decode(texel.get(k).copied().unwrap_or(0));
            [c(0), c(1), c(2), linear(3)]
        }
        MapKind::Normal => {
            let n = |k: usize| linear(k) * 2.0 - 1.0;
            normalised([n(0), n(1), n(2), linear(3)])
        }
        MapKind::Linear => [linear(0), linear(1), linear(2), linear(3)],
    }
}

/// Averaged values back to bytes for `kind`.
fn encode(texel: &[f32; 4], kind: MapKind, srgb: &Srgb) -> [u8; 4] {
    match kind {
        MapKind::Srgb => [
            srgb.encode(texel[0]),
            srgb.encode(texel[1]),
            srgb.encode(texel[2]),
            unorm(texel[3]),
        ],
        MapKind::Normal => {
            let n = |v: f32| unorm(v * 0.5 + 0.5);
            [n(texel[0]), n(texel[1]), n(texel[2]), unorm(texel[3])]
        }
        MapKind::Linear => texel.map(unorm),
    }
}

/// A normal's xyz scaled to unit length (straight up if it has none); w untouched.
fn normalised(v: [f32; 4]) -> [f32; 4] {
    let length = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    if length > 1e-6 {
        [v[0] / length, v[1] / length, v[2] / length, v[3]]
    } else {
        [0.0, 0.0, 1.0, v[3]]
    }
}

/// The source texels that output texel `k` of `n` averages over, along a side of `size`.
fn footprint(k: usize, n: usize, size: usize) -> std::ops::Range<usize> {
    let start = (2 * k).min(size - 1);
    let end = if k + 1 == n {
        size
    } else {
        (2 * k + 2).min(size)
    };
    start..end
}

/// One box-filtered mip level from the one above it.
fn downsample(
    texels: &[[f32; 4]],
    (w, h): (usize, usize),
    (nw, nh): (usize, usize),
    kind: MapKind,
) -> Vec<[f32; 4]> {
    let mut out = vec![[0.0; 4]; nw * nh];
    for_each_row(&mut out, nw, |j, row| {
        let rows = footprint(j, nh, h);
        for (i, texel) in row.iter_mut().enumerate() {
            let columns = footprint(i, nw, w);
            let mut sum = [0.0_f32; 4];
            for y in rows.clone() {
                for t in &texels[y * w + columns.start..y * w + columns.end] {
                    for (s, v) in sum.iter_mut().zip(t) {
                        *s += v;
                    }
                }
            }
            let count = (rows.len() * columns.len()) as f32;
            let mean = sum.map(|s| s / count);
            *texel = match kind {
                MapKind::Normal => normalised(mean),
                _ => mean,
            };
        }
    });
    out
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    /// The board of the brief: 4 rows of 12 pits at spacing 1 with a gap between the halves.
    fn board(ppu: f32, seed: u32) -> WoodSpec {
        let mut pits = Vec::new();
        for col in 0..12 {
            for z in [-1.725, -0.725, 0.725, 1.725] {
                pits.push((col as f32 - 5.5, z));
            }
        }
        WoodSpec {
            size: (13.5, 5.9),
            pits,
            pit_radius: 0.41,
            trays: Vec::new(),
            pixels_per_unit: ppu,
            seed,
        }
    }

    fn texel(map: &[u8], maps: &WoodMaps, x: f32, z: f32, size: (f32, f32)) -> [u8; 4] {
        let i = (((x / size.0) + 0.5) * maps.width as f32) as usize;
        let j = (((z / size.1) + 0.5) * maps.height as f32) as usize;
        let p = (j.min(maps.height as usize - 1) * maps.width as usize
            + i.min(maps.width as usize - 1))
            * 4;
        [map[p], map[p + 1], map[p + 2], map[p + 3]]
    }

    #[test]
    fn sizes_and_clamp() {
        let maps = generate(&board(24.0, 1));
        assert_eq!((maps.width, maps.height), (324, 142));
        let n = (maps.width * maps.height * 4) as usize;
        assert_eq!(maps.albedo.len(), n);
        assert_eq!(maps.normal.len(), n);
        assert_eq!(maps.orm.len(), n);

        let mut big = board(1.0, 1);
        big.size = (40.0, 2.0);
        big.pixels_per_unit = 100.0;
        let maps = generate(&big);
        assert_eq!((maps.width, maps.height), (2048, 102));
        assert_eq!(maps.orm.len(), 2048 * 102 * 4);
        big.size = (1.0, 30.0);
        let maps = generate(&big);
        assert_eq!((maps.width, maps.height), (68, 2048));
    }

    #[test]
    fn odd_specs_still_give_maps() {
        let odd = [
            ((0.0, 0.0), 96.0, 0.41),
            ((f32::NAN, 2.0), 96.0, 0.41),
            ((3.0, 2.0), f32::NAN, f32::NAN),
            ((3.0, 2.0), 40.0, 0.0),
            ((3.0, 2.0), 40.0, 50.0),
        ];
        for (size, pixels_per_unit, pit_radius) in odd {
            let spec = WoodSpec {
                size,
                pits: vec![(0.0, 0.0), (-90.0, 40.0), (f32::NAN, 1.0)],
                pit_radius,
                trays: Vec::new(),
                pixels_per_unit,
                seed: 11,
            };
            let maps = generate(&spec);
            let n = (maps.width * maps.height * 4) as usize;
            assert!(n >= 4 && maps.albedo.len() == n && maps.orm.len() == n);
        }
    }

    #[test]
    fn deterministic_from_seed() {
        let a = generate(&board(16.0, 7));
        let b = generate(&board(16.0, 7));
        let c = generate(&board(16.0, 8));
        assert!(a.albedo == b.albedo && a.normal == b.normal && a.orm == b.orm);
        assert!(a.albedo != c.albedo);
        assert!(a.normal != c.normal);
    }

    #[test]
    fn occlusion_open_on_flat_and_soft_in_pits() {
        let spec = board(32.0, 3);
        let maps = generate(&spec);
        let ao = |x: f32, z: f32| texel(&maps.orm, &maps, x, z, spec.size)[0];
        // Far from any pit.
        assert!(ao(-6.4, 0.0) >= 254);
        assert!(ao(0.0, 0.0) >= 254);
        assert!(ao(0.0, -2.6) >= 254);
        // A pit centre is clearly darker.
        let centre = ao(0.5, 0.725);
        assert!((95..=110).contains(&centre), "pit centre {centre}");
        // From the rim to the centre it only falls, bar a slight dip at the darker ring.
        let mut previous = 255_i32;
        for s in 0..=40 {
            let r = 0.45 - 0.45 * s as f32 / 40.0;
            let v = i32::from(ao(0.5 + r, 0.725));
            assert!(v <= previous + 6, "ao rises to {v} at r = {r}");
            previous = previous.min(v);
        }
    }

    #[test]
    fn a_tray_is_carved_with_the_pits_profile_and_occlusion() {
        let tray = Tray {
            center: (0.0, 0.0),
            half: (0.4, 1.0),
            corner: 0.3,
            wall: 0.2,
        };
        assert_eq!(tray.rim_distance(0.0, 0.0), 0.0, "a flat floor");
        assert_eq!(tray.rim_distance(0.0, 0.75), 0.0, "a flat floor");
        assert_eq!(tray.rim_distance(0.4, 0.0), 1.0, "level at the rim");
        assert_eq!(tray.rim_distance(0.6, 0.0), 1.0, "the flat beyond");
        assert!(
            (tray.rim_distance(0.3, 0.0) - 0.5).abs() < 1e-5,
            "half way up the wall"
        );
        assert_eq!(tray.depth_share(0.0, 0.0), 1.0);
        let spec = WoodSpec {
            size: (2.0, 3.0),
            pits: Vec::new(),
            pit_radius: 0.41,
            trays: vec![tray],
            pixels_per_unit: 48.0,
            seed: 4,
        };
        let maps = generate(&spec);
        let w = maps.width as usize;
        let ao = |x: f32, z: f32| {
            let i = ((x / 2.0 + 0.5) * maps.width as f32) as usize;
            let j = ((z / 3.0 + 0.5) * maps.height as f32) as usize;
            maps.orm[(j * w + i) * 4]
        };
        assert!(
            ao(0.0, 0.0) < ao(0.8, 0.0),
            "the floor is darker than the flat"
        );
        assert_eq!(ao(0.8, 1.3), 255, "the flat beyond is open");
    }

    #[test]
    fn occlusion_has_no_hard_edge() {
        // One pit at the game's resolution: neighbouring pixels differ by a few levels at most.
        let spec = WoodSpec {
            size: (1.5, 1.2),
            pits: vec![(0.1, -0.05)],
            pit_radius: 0.41,
            trays: Vec::new(),
            pixels_per_unit: 96.0,
            seed: 4,
        };
        let maps = generate(&spec);
        let (w, h) = (maps.width as usize, maps.height as usize);
        let ao = |i: usize, j: usize| i32::from(maps.orm[(j * w + i) * 4]);
        for j in 0..h - 1 {
            for i in 0..w - 1 {
                let (a, right, down) = (ao(i, j), ao(i + 1, j), ao(i, j + 1));
                assert!(
                    (a - right).abs() <= 7 && (a - down).abs() <= 7,
                    "jump at {i},{j}"
                );
            }
        }
    }

    #[test]
    fn roughness_oiled_on_flat_rougher_in_pits() {
        let spec = board(32.0, 5);
        let maps = generate(&spec);
        let mean_g = |xs: &[(f32, f32)]| {
            xs.iter()
                .map(|&(x, z)| f32::from(texel(&maps.orm, &maps, x, z, spec.size)[1]) / 255.0)
                .sum::<f32>()
                / xs.len() as f32
        };
        let flat: Vec<_> = (0..40).map(|k| (-6.0 + 0.3 * k as f32, 0.0)).collect();
        let pit: Vec<_> = (0..12).map(|c| (c as f32 - 5.5, 1.725)).collect();
        let (flat, pit) = (mean_g(&flat), mean_g(&pit));
        assert!((0.35..=0.5).contains(&flat), "flat roughness {flat}");
        assert!((0.72..=0.82).contains(&pit), "pit roughness {pit}");
        assert!(maps.orm.chunks_exact(4).all(|t| t[2] == 0 && t[3] == 255));
    }

    /// sRGB luminance of an albedo texel, 0..255.
    fn luminance(t: &[u8]) -> f32 {
        0.2126 * f32::from(t[0]) + 0.7152 * f32::from(t[1]) + 0.0722 * f32::from(t[2])
    }

    #[test]
    fn albedo_dark_with_grain_along_length() {
        for seed in [1, 2, 3] {
            let spec = board(32.0, seed);
            let maps = generate(&spec);
            let (w, h) = (maps.width as usize, maps.height as usize);
            let pits = pit_field(&Grid::new(&spec), &spec);
            let lum = |i: usize, j: usize| luminance(&maps.albedo[(j * w + i) * 4..]);
            let (mut sum, mut count) = (0.0, 0.0);
            let (mut along_x, mut along_z) = (0.0, 0.0);
            for j in 0..h - 1 {
                for i in 0..w - 1 {
                    if pits[j * w + i] < 1.0 {
                        continue;
                    }
                    sum += lum(i, j);
                    count += 1.0;
                    along_x += (lum(i + 1, j) - lum(i, j)).abs();
                    along_z += (lum(i, j + 1) - lum(i, j)).abs();
                }
            }
            let mean = sum / count;
            assert!(
                (45.0..=90.0).contains(&mean),
                "seed {seed}: mean luminance {mean}"
            );
            assert!(
                along_z > 1.3 * along_x,
                "seed {seed}: {along_z} vs {along_x}"
            );
            assert!(maps.albedo.chunks_exact(4).all(|t| t[3] == 255));
        }
    }

    #[test]
    fn hollows_darken_toward_their_bottoms_with_a_line_round_the_rim() {
        let spec = board(64.0, 6);
        let maps = generate(&spec);
        let lum = |x: f32, z: f32| luminance(&texel(&maps.albedo, &maps, x, z, spec.size));
        // Means over a few pits, so that the grain's own light and dark lines even out.
        let mean = |f: &dyn Fn(f32) -> f32| (0..12).map(|c| f(c as f32 - 5.5)).sum::<f32>() / 12.0;
        let bottom = mean(&|x| lum(x, 1.725));
        let half_way = mean(&|x| lum(x + 0.2, 1.725));
        let rim = mean(&|x| lum(x + 0.41 - 0.014, 1.725));
        let flat = mean(&|x| lum(x + 0.5, 1.725));
        assert!(
            bottom < 0.55 * flat,
            "bottom {bottom} against the flat {flat}"
        );
        assert!(
            bottom < half_way && half_way < flat,
            "{bottom} {half_way} {flat}"
        );
        assert!(
            rim < 0.8 * flat,
            "the rim's line {rim} against the flat {flat}"
        );
    }

    #[test]
    fn the_rings_run_along_the_slab_without_wide_dark_patches() {
        // A dark patch larger than a pit would be a late-wood band the saw cut at a grazing
        // angle: no run of late wood across z may be wider than a third of a pit's width.
        for seed in [1, 2, 3, 4] {
            let spec = board(32.0, seed);
            let maps = generate(&spec);
            let (w, h) = (maps.width as usize, maps.height as usize);
            let pits = pit_field(&Grid::new(&spec), &spec);
            let lum = |i: usize, j: usize| luminance(&maps.albedo[(j * w + i) * 4..]);
            let flat: Vec<f32> = (0..w * h)
                .filter(|&p| pits[p] >= 1.0)
                .map(|p| lum(p % w, p / w))
                .collect();
            let mean = flat.iter().sum::<f32>() / flat.len() as f32;
            let longest = (0..w)
                .step_by(7)
                .map(|i| {
                    let (mut run, mut longest) = (0, 0);
                    for j in 0..h {
                        let dark = pits[j * w + i] >= 1.0 && lum(i, j) < 0.75 * mean;
                        run = if dark { run + 1 } else { 0 };
                        longest = longest.max(run);
                    }
                    longest
                })
                .max()
                .unwrap_or(0);
            let widest = longest as f32 / 32.0;
            assert!(
                widest < 0.27,
                "seed {seed}: a dark band {widest} units wide"
            );
        }
    }

    #[test]
    fn normals_unit_and_mostly_up() {
        let maps = generate(&board(32.0, 9));
        let mut blue = 0.0;
        for t in maps.normal.chunks_exact(4) {
            let n = |k: usize| f32::from(t[k]) / 255.0 * 2.0 - 1.0;
            let length = (n(0) * n(0) + n(1) * n(1) + n(2) * n(2)).sqrt();
            assert!((0.98..=1.02).contains(&length), "length {length}");
            assert_eq!(t[3], 255);
            blue += f32::from(t[2]);
        }
        let mean_blue = blue / (maps.width * maps.height) as f32;
        assert!(mean_blue > 230.0, "mean blue {mean_blue}");
    }

    #[test]
    fn mip_chain_levels_and_length() {
        for (w, h) in [(1300_u32, 570_u32), (1, 1), (7, 3), (2048, 1), (5, 8)] {
            let data = vec![100_u8; (w * h * 4) as usize];
            let (bytes, levels) = mip_chain(&data, w, h, MapKind::Linear);
            assert_eq!(levels, w.max(h).ilog2() + 1, "{w}x{h}");
            let (mut lw, mut lh, mut total) = (w, h, 0);
            for _ in 0..levels {
                total += lw * lh * 4;
                (lw, lh) = ((lw / 2).max(1), (lh / 2).max(1));
            }
            assert_eq!(bytes.len(), total as usize, "{w}x{h}");
        }
        assert_eq!(mip_chain(&[], 0, 4, MapKind::Srgb), (Vec::new(), 0));
    }

    #[test]
    fn mip_chain_keeps_constant_images() {
        for value in [0_u8, 1, 10, 60, 128, 200, 255] {
            let px = [value, value / 2, 255 - value, 255];
            let data: Vec<u8> = px.iter().copied().cycle().take(37 * 11 * 4).collect();
            for kind in [MapKind::Srgb, MapKind::Linear] {
                let (bytes, _) = mip_chain(&data, 37, 11, kind);
                assert!(bytes.chunks_exact(4).all(|t| t == px), "value {value}");
            }
        }
        let up = [128_u8, 128, 255, 255];
        let data: Vec<u8> = up.iter().copied().cycle().take(9 * 6 * 4).collect();
        let (bytes, _) = mip_chain(&data, 9, 6, MapKind::Normal);
        assert!(bytes.chunks_exact(4).all(|t| t == up));
    }

    #[test]
    fn mip_chain_averages_srgb_in_linear_light() {
        let data = [0, 0, 0, 255, 255, 255, 255, 255];
        let (bytes, levels) = mip_chain(&data, 2, 1, MapKind::Srgb);
        assert_eq!(levels, 2);
        assert!((187..=189).contains(&bytes[8]), "got {}", bytes[8]);
        let (bytes, _) = mip_chain(&data, 2, 1, MapKind::Linear);
        assert!((127..=128).contains(&bytes[8]));
    }

    #[test]
    fn srgb_tables_match_the_curve() {
        let srgb = Srgb::new();
        for c in 0..=255_u8 {
            assert_eq!(srgb.encode(srgb.decode(c)), c);
        }
        let exact = |v: f32| {
            let c = if v <= 0.003_130_8 {
                v * 12.92
            } else {
                1.055 * v.powf(1.0 / 2.4) - 0.055
            };
            i32::from(unorm(c))
        };
        let mut off = 0;
        for k in 0..=20_000 {
            let v = k as f32 / 20_000.0;
            let d = (i32::from(srgb.encode(v)) - exact(v)).abs();
            assert!(d <= 1, "{v}");
            off += d;
        }
        // Only values within rounding of a half-step may land on the other byte.
        assert!(off <= 4, "{off} off by one");
        assert_eq!(srgb.encode(f32::NAN), 0);
        assert_eq!(srgb.encode(7.0), 255);
    }

    #[test]
    fn rows_are_filled_the_same_on_any_thread() {
        for (width, rows) in [(7, 100), (1, 3), (13, 1), (5, 64)] {
            let mut out = vec![0_usize; width * rows];
            for_each_row(&mut out, width, |j, row| {
                for (i, v) in row.iter_mut().enumerate() {
                    *v = j * 1000 + i;
                }
            });
            let expected: Vec<usize> = (0..rows)
                .flat_map(|j| (0..width).map(move |i| j * 1000 + i))
                .collect();
            assert_eq!(out, expected);
        }
    }

    #[test]
    fn mip_chain_renormalises_normals() {
        // Two normals tilted opposite ways average to straight up, at full length.
        let data = [218, 128, 218, 255, 38, 128, 218, 255];
        let (bytes, _) = mip_chain(&data, 2, 1, MapKind::Normal);
        assert_eq!(&bytes[8..12], &[128, 128, 255, 255]);
    }
}
