//! Image-based lighting made in code: a dim wooden room at night with one warm lamp over the board
//! and two dusky windows, baked into the diffuse and specular cubemaps that Bevy's
//! `EnvironmentMapLight` takes. Oiled wood and glossy seeds then glint with soft-box highlights,
//! and the game ships no HDR file.
//!
//! The recipe is three.js' `RoomEnvironment` (a dark box with a few bright emissive panels), made
//! warm and dim. The room splits into a smooth, dim *background* (lit walls, floor and ceiling)
//! and a few bright *emitter rectangles* (the lamp's soft box, the window panes), and each part is
//! filtered the way that suits it:
//! - the sharp specular level renders both directly (emitter edges 2×2 supersampled);
//! - in the blurrier levels (a GGX lobe of roughness mip / (levels - 1), as Bevy samples them)
//!   the background is importance-sampled: 8 to 32 fixed lobe samples per texel, each read from
//!   the solid-angle-weighted mip whose texels match the sample's share of the lobe (filtered
//!   importance sampling, Křivánek & Colbert 2008), which is smooth because the background has
//!   little contrast;
//! - the emitters, 400 times brighter than the walls, would show any sampling pattern, so they are
//!   integrated exactly: seen from the board the GGX lobe at normal incidence is, to 2% in its
//!   cumulative distribution, a clamped cosine stretched sideways (a linearly transformed cosine,
//!   Heitz et al. 2016), and a cosine integrates over a polygon in closed form;
//! - the irradiance map sums the background's 16² cube and adds the emitters' exact form factors.
//!
//! Generation takes about 0.1 s (optimised, one thread) for 128² + 16²; unoptimised, about 0.7 s.
//!
//! # Face convention
//!
//! Faces are stored +X, -X, +Y, -Y, +Z, -Z (wgpu/Bevy layer order). In a face, texel column `u`
//! grows to the right and row `v` downwards from the top-left corner; with `u' = 2u - 1` and
//! `v' = 2v - 1` (both in [-1, 1] over the face) the texel looks along the unnormalised direction
//! below (the wgpu / Vulkan / D3D / glTF cube convention):
//!
//! | face | direction        |
//! |------|------------------|
//! | +X   | ( 1,  -v', -u')  |
//! | -X   | (-1,  -v',  u')  |
//! | +Y   | ( u',  1,   v')  |
//! | -Y   | ( u', -1,  -v')  |
//! | +Z   | ( u', -v',  1)   |
//! | -Z   | (-u', -v', -1)   |
//!
//! Bevy negates z before sampling (its world is right-handed, cube maps are left-handed), so cube
//! direction (x, y, z) shows world direction (x, y, -z). The room below is described in Bevy world
//! space: the lamp hangs over the board at +Y, the larger window is on the far wall at world -Z
//! (the cube's +Z face; the wall a default camera looks at) and a smaller one on the wall at +X.
//!
//! The maps hold linear HDR radiance (the lamp's soft box about 7–19 from rim to centre, the
//! windows about 1–1.4, walls and ceiling 0.02–0.06, the floor under the lamp up to 0.2); scale
//! them with `EnvironmentMapLight::intensity`.

use std::f32::consts::{FRAC_1_PI, PI, TAU};
use std::ops::{Add, Mul, Neg, Sub};

/// One cubemap: `size`×`size` faces in the order +X, -X, +Y, -Y, +Z, -Z (wgpu/Bevy cube order),
/// each mip level half the size of the one before. Texels are RGBA16Float: 4 half floats per
/// texel as little-endian u16 bits.
pub struct CubeMap {
    /// Texels along each side of a face at level 0.
    pub size: u32,
    /// How many mip levels each face has (level 0 included).
    pub mip_levels: u32,
    /// Layer-major: face 0's mips 0..n, then face 1's, … (wgpu's default
    /// TextureDataOrder::LayerMajor).
    pub data: Vec<u8>,
}

/// The two maps of an `EnvironmentMapLight`.
pub struct RoomLight {
    /// The irradiance map (one mip level): what lights a matte surface from each direction.
    pub diffuse: CubeMap,
    /// The pre-filtered radiance map: level 0 sharp, each next level for a rougher surface.
    pub specular: CubeMap,
}

/// The room's lighting as a diffuse (irradiance, one mip) and a specular (pre-filtered mip chain)
/// cubemap.
///
/// diffuse: a small (e.g. 16², 1 mip) cosine-convolved irradiance cube holding irradiance / π,
/// the cosine-weighted mean radiance, which is what Bevy multiplies by the diffuse colour.
/// specular: e.g. 128² with mips down to 4², each mip pre-filtered for roughness
/// r = mip / (levels - 1) with a GGX lobe (α = r²), level 0 sharp.
///
/// Sizes should be powers of two.
///
/// # Panics
///
/// If either size is 0.
#[must_use]
pub fn room_light(specular_size: u32, diffuse_size: u32) -> RoomLight {
    assert!(
        specular_size > 0 && diffuse_size > 0,
        "cubemap sizes must be positive"
    );
    let background = mip_chain(render_background(specular_size as usize));
    let emitters = blurred_emitters();
    let sharp = render_sharp_room(&background[0], &sharp_emitters());
    let blurred =
        blurred_specular_levels(&background, &emitters, specular_mip_count(specular_size));
    let specular_levels: Vec<&FloatCube> = std::iter::once(&sharp).chain(&blurred).collect();
    RoomLight {
        diffuse: encode_cube(&[&irradiance_cube(
            &background,
            &emitters,
            diffuse_size as usize,
        )]),
        specular: encode_cube(&specular_levels),
    }
}

/// f32 -> IEEE half bits (round to nearest, ties to even, as the `half` crate converts; clamped
/// to the half range; no NaNs produced: NaN becomes 0, infinities the largest finite half).
#[must_use]
pub(crate) fn f16_bits(x: f32) -> u16 {
    if x.is_nan() {
        return 0;
    }
    half::f16::from_f32(x.clamp(-HALF_MAX, HALF_MAX)).to_bits()
}

/// The largest finite half float.
const HALF_MAX: f32 = 65504.0;

// ---------------------------------------------------------------------------------------------
// Small vector and colour types.

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Vec3 {
    x: f32,
    y: f32,
    z: f32,
}

impl Vec3 {
    const fn new(x: f32, y: f32, z: f32) -> Self {
        Self { x, y, z }
    }

    const fn scaled(self, s: f32) -> Self {
        Self::new(self.x * s, self.y * s, self.z * s)
    }

    fn dot(self, other: Self) -> f32 {
        self.x * other.x + self.y * other.y + self.z * other.z
    }

    fn cross(self, other: Self) -> Self {
        Self::new(
            self.y * other.z - self.z * other.y,
            self.z * other.x - self.x * other.z,
            self.x * other.y - self.y * other.x,
        )
    }

    fn length(self) -> f32 {
        self.dot(self).sqrt()
    }

    fn normalized(self) -> Self {
        self * self.length().recip()
    }
}

impl Add for Vec3 {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self::new(self.x + other.x, self.y + other.y, self.z + other.z)
    }
}

impl Sub for Vec3 {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Self::new(self.x - other.x, self.y - other.y, self.z - other.z)
    }
}

impl Neg for Vec3 {
    type Output = Self;
    fn neg(self) -> Self {
        Self::new(-self.x, -self.y, -self.z)
    }
}

impl Mul<f32> for Vec3 {
    type Output = Self;
    fn mul(self, s: f32) -> Self {
        self.scaled(s)
    }
}

/// Linear HDR colour.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Rgb {
    r: f32,
    g: f32,
    b: f32,
}

impl Rgb {
    const BLACK: Self = Self::new(0.0, 0.0, 0.0);

    const fn new(r: f32, g: f32, b: f32) -> Self {
        Self { r, g, b }
    }

    const fn scaled(self, s: f32) -> Self {
        Self::new(self.r * s, self.g * s, self.b * s)
    }

    fn lerp(self, other: Self, t: f32) -> Self {
        self * (1.0 - t) + other * t
    }
}

impl Add for Rgb {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self::new(self.r + other.r, self.g + other.g, self.b + other.b)
    }
}

impl Sub for Rgb {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Self::new(self.r - other.r, self.g - other.g, self.b - other.b)
    }
}

impl Mul<f32> for Rgb {
    type Output = Self;
    fn mul(self, s: f32) -> Self {
        self.scaled(s)
    }
}

impl Mul for Rgb {
    type Output = Self;
    fn mul(self, other: Self) -> Self {
        Self::new(self.r * other.r, self.g * other.g, self.b * other.b)
    }
}

// ---------------------------------------------------------------------------------------------
// Cube face geometry (see the module docs for the convention).

const FACE_COUNT: usize = 6;

/// The unnormalised direction of face coordinates (u', v') in [-1, 1], from the top-left.
fn face_direction(face: usize, u: f32, v: f32) -> Vec3 {
    match face {
        0 => Vec3::new(1.0, -v, -u),
        1 => Vec3::new(-1.0, -v, u),
        2 => Vec3::new(u, 1.0, v),
        3 => Vec3::new(u, -1.0, -v),
        4 => Vec3::new(u, -v, 1.0),
        5 => Vec3::new(-u, -v, -1.0),
        _ => panic!("a cube has six faces, not {}", face + 1),
    }
}

/// The face a direction points into and its face coordinates (u', v') in [-1, 1]: the inverse of
/// [`face_direction`], choosing the face of the largest component.
fn direction_to_face(d: Vec3) -> (usize, f32, f32) {
    let (ax, ay, az) = (d.x.abs(), d.y.abs(), d.z.abs());
    if ax >= ay && ax >= az {
        let s = ax.recip();
        if d.x > 0.0 {
            (0, -d.z * s, -d.y * s)
        } else {
            (1, d.z * s, -d.y * s)
        }
    } else if ay >= az {
        let s = ay.recip();
        if d.y > 0.0 {
            (2, d.x * s, d.z * s)
        } else {
            (3, d.x * s, -d.z * s)
        }
    } else {
        let s = az.recip();
        if d.z > 0.0 {
            (4, d.x * s, -d.y * s)
        } else {
            (5, -d.x * s, -d.y * s)
        }
    }
}

/// The direction through texel-space point (x, y) (in texels from the top-left) of a face.
fn face_point(face: usize, size: usize, x: f32, y: f32) -> Vec3 {
    let n = size as f32;
    face_direction(face, 2.0 * x / n - 1.0, 2.0 * y / n - 1.0)
}

/// The unit direction through a texel's centre.
fn texel_centre(face: usize, size: usize, col: usize, row: usize) -> Vec3 {
    face_point(face, size, col as f32 + 0.5, row as f32 + 0.5).normalized()
}

/// The solid angle a texel covers, exactly: the area of its square's projection onto the sphere
/// (so sums over a cube come to 4π however coarse the faces).
fn texel_solid_angle(size: usize, col: usize, row: usize) -> f32 {
    let n = size as f32;
    let edge = |i: usize| 2.0 * i as f32 / n - 1.0;
    let corner = |x: f32, y: f32| (x * y).atan2((x * x + y * y + 1.0).sqrt());
    let (x0, x1, y0, y1) = (edge(col), edge(col + 1), edge(row), edge(row + 1));
    corner(x0, y0) - corner(x0, y1) - corner(x1, y0) + corner(x1, y1)
}

/// The solid angles of one face's texels, row by row (the same on every face).
fn face_solid_angles(size: usize) -> Vec<f32> {
    (0..size * size)
        .map(|i| texel_solid_angle(size, i % size, i / size))
        .collect()
}

/// World direction (Bevy) that a cube direction shows: Bevy samples with z negated.
fn cube_to_world(d: Vec3) -> Vec3 {
    Vec3::new(d.x, d.y, -d.z)
}

/// Cube direction that shows a world direction: the same flip.
fn world_to_cube(d: Vec3) -> Vec3 {
    cube_to_world(d)
}

// ---------------------------------------------------------------------------------------------
// The room, in Bevy world space, in metres, with the board at the origin on a table top.

/// Wide enough that the walls stay dim, low enough that the ceiling feels close.
const ROOM_MIN: Vec3 = Vec3::new(-3.5, -0.9, -3.0);
const ROOM_MAX: Vec3 = Vec3::new(3.5, 2.4, 3.0);

/// Dark warm-brown wood: walls, floor and ceiling of a wooden room.
const WALL_ALBEDO: Rgb = Rgb::new(0.24, 0.15, 0.09);
const FLOOR_ALBEDO: Rgb = Rgb::new(0.22, 0.13, 0.07);
const CEILING_ALBEDO: Rgb = Rgb::new(0.2, 0.15, 0.1);

/// Light that reaches every surface after bouncing about and through the windows: keeps the far
/// corners from going pitch black, a little cool from the dusk outside.
const AMBIENT_IRRADIANCE: Rgb = Rgb::new(0.16, 0.16, 0.18);

/// The lamp: a soft box hanging over the board, facing down, in a warm linear colour.
const LAMP_CENTRE: Vec3 = Vec3::new(0.0, 1.6, 0.0);
const LAMP_HALF_U: Vec3 = Vec3::new(0.7, 0.0, 0.0);
const LAMP_HALF_V: Vec3 = Vec3::new(0.0, 0.0, 0.45);
const LAMP_FACING: Vec3 = Vec3::new(0.0, -1.0, 0.0);
const LAMP_RADIANCE: Rgb = Rgb::new(1.0, 0.78, 0.55).scaled(12.0);

/// The soft box's diffuser, hottest in the middle: nested rectangles as (scale of the half
/// extents, share of `LAMP_RADIANCE` added). The rim glows at 0.6, the centre at 1.6.
const LAMP_LAYERS: [(f32, f32); 3] = [(1.0, 0.6), (0.75, 0.45), (0.45, 0.55)];

/// Share of the lamp's output that leaks upwards (a shade open at the top), painting a faint warm
/// pool on the ceiling around it.
const LAMP_UPLIGHT: f32 = 0.06;

/// A window at dusk, flush with its wall; (u, v) run right and down as seen from the board.
struct Window {
    centre: Vec3,
    half_u: Vec3,
    half_v: Vec3,
    radiance: Rgb,
}

/// Windows at dusk (a cool blue-grey sky): the larger on the far wall (world -Z) left of centre,
/// a smaller, dimmer one on the side wall (world +X).
const WINDOWS: [Window; 2] = [
    Window {
        centre: Vec3::new(-0.9, 1.0, ROOM_MIN.z),
        half_u: Vec3::new(0.8, 0.0, 0.0),
        half_v: Vec3::new(0.0, -0.65, 0.0),
        radiance: WINDOW_COLOUR.scaled(2.4),
    },
    Window {
        centre: Vec3::new(ROOM_MAX.x, 1.0, 0.6),
        half_u: Vec3::new(0.0, 0.0, 0.55),
        half_v: Vec3::new(0.0, -0.55, 0.0),
        radiance: WINDOW_COLOUR.scaled(1.5),
    },
];
const WINDOW_COLOUR: Rgb = Rgb::new(0.45, 0.5, 0.6);

/// Half width of a window's glazing bars, in the window's own [-1, 1] coordinates, and where the
/// horizontal bar sits (above the middle, like a sash window).
const BAR_HALF_WIDTH: f32 = 0.05;
const BAR_HEIGHT: f32 = -0.25;

/// A flat rectangle of constant radiance, added to the background behind it.
#[derive(Clone, Copy, Debug)]
struct Rect {
    centre: Vec3,
    half_u: Vec3,
    half_v: Vec3,
    /// How much brighter than the background it hides.
    radiance: Rgb,
}

impl Rect {
    /// The part of a panel between fractions [a0, a1] × [b0, b1] of its [-1, 1] coordinates.
    fn part(
        centre: Vec3,
        half_u: Vec3,
        half_v: Vec3,
        (a0, a1, b0, b1): (f32, f32, f32, f32),
    ) -> Self {
        Self {
            centre: centre + half_u * ((a0 + a1) * 0.5) + half_v * ((b0 + b1) * 0.5),
            half_u: half_u * ((a1 - a0) * 0.5),
            half_v: half_v * ((b1 - b0) * 0.5),
            radiance: Rgb::BLACK,
        }
    }

    fn with_radiance(self, radiance: Rgb) -> Self {
        Self { radiance, ..self }
    }

    /// Whether the ray from the board along `direction` crosses the rectangle.
    fn is_hit_by(&self, direction: Vec3) -> bool {
        let normal = self.half_u.cross(self.half_v);
        let facing = direction.dot(normal);
        if facing == 0.0 {
            return false;
        }
        let distance = self.centre.dot(normal) / facing;
        let offset = direction * distance - self.centre;
        let inside = |axis: Vec3| offset.dot(axis).abs() <= axis.dot(axis);
        distance > 0.0 && inside(self.half_u) && inside(self.half_v)
    }

    /// A cone from the board, as (unit axis, cosine of its half angle), that holds the rectangle
    /// widened by `margin` radians: a cheap test that lets most texels skip the exact one.
    fn bounding_cone(&self, margin: f32) -> (Vec3, f32) {
        let axis = self.centre.normalized();
        let narrowest = self
            .corners()
            .iter()
            .map(|c| c.normalized().dot(axis))
            .fold(1.0, f32::min);
        (
            axis,
            (narrowest.clamp(-1.0, 1.0).acos() + margin).min(PI).cos(),
        )
    }

    fn corners(&self) -> [Vec3; 4] {
        let (c, u, v) = (self.centre, self.half_u, self.half_v);
        [c - u - v, c + u - v, c + u + v, c - u + v]
    }
}

/// The lamp's nested layers; the outermost also cancels the ceiling it hides.
fn lamp_layers() -> impl Iterator<Item = Rect> {
    let hidden = background_radiance(LAMP_CENTRE);
    LAMP_LAYERS
        .iter()
        .enumerate()
        .map(move |(i, &(scale, share))| {
            let layer = Rect::part(
                LAMP_CENTRE,
                LAMP_HALF_U,
                LAMP_HALF_V,
                (-scale, scale, -scale, scale),
            );
            let radiance = LAMP_RADIANCE * share;
            layer.with_radiance(if i == 0 { radiance - hidden } else { radiance })
        })
}

/// A window's excess over the wall it is set in.
fn window_excess(window: &Window) -> Rgb {
    window.radiance - background_radiance(window.centre)
}

/// The bright rectangles as the sharp level shows them: each window as four panes between its
/// glazing bars.
fn sharp_emitters() -> Vec<Rect> {
    let (w, h) = (BAR_HALF_WIDTH, BAR_HEIGHT);
    let mut emitters: Vec<Rect> = lamp_layers().collect();
    for window in &WINDOWS {
        let excess = window_excess(window);
        for (a0, a1) in [(-1.0, -w), (w, 1.0)] {
            for (b0, b1) in [(-1.0, h - w), (h + w, 1.0)] {
                let pane = Rect::part(
                    window.centre,
                    window.half_u,
                    window.half_v,
                    (a0, a1, b0, b1),
                );
                emitters.push(pane.with_radiance(excess));
            }
        }
    }
    emitters
}

/// The bright rectangles as the blurred levels integrate them: each window whole, dimmed by the
/// share its bars hide (the bars are far narrower than the sharpest blur).
fn blurred_emitters() -> Vec<Rect> {
    let glass = (1.0 - BAR_HALF_WIDTH).powi(2);
    let windows = WINDOWS.iter().map(|window| {
        Rect::part(
            window.centre,
            window.half_u,
            window.half_v,
            (-1.0, 1.0, -1.0, 1.0),
        )
        .with_radiance(window_excess(window) * glass)
    });
    lamp_layers().chain(windows).collect()
}

/// The lit walls, floor and ceiling along a world direction (need not be unit length):
/// Lambertian wood under the lamp and the ambient bounce light. Smooth and dim.
fn background_radiance(direction: Vec3) -> Rgb {
    let (point, normal, albedo) = room_surface_hit(direction);
    albedo * (lamp_irradiance(point, normal) + AMBIENT_IRRADIANCE) * FRAC_1_PI
}

/// Where a ray from the board leaves the room box: the point, the surface's inward normal and its
/// albedo.
fn room_surface_hit(d: Vec3) -> (Vec3, Vec3, Rgb) {
    let exit = |dir: f32, min: f32, max: f32| match dir {
        _ if dir > 0.0 => max / dir,
        _ if dir < 0.0 => min / dir,
        _ => f32::INFINITY,
    };
    let (tx, ty, tz) = (
        exit(d.x, ROOM_MIN.x, ROOM_MAX.x),
        exit(d.y, ROOM_MIN.y, ROOM_MAX.y),
        exit(d.z, ROOM_MIN.z, ROOM_MAX.z),
    );
    if ty <= tx && ty <= tz {
        let (normal, albedo) = if d.y > 0.0 {
            (Vec3::new(0.0, -1.0, 0.0), CEILING_ALBEDO)
        } else {
            (Vec3::new(0.0, 1.0, 0.0), FLOOR_ALBEDO)
        };
        (d * ty, normal, albedo)
    } else if tx <= tz {
        (d * tx, Vec3::new(-d.x.signum(), 0.0, 0.0), WALL_ALBEDO)
    } else {
        (d * tz, Vec3::new(0.0, 0.0, -d.z.signum()), WALL_ALBEDO)
    }
}

/// Irradiance from the lamp on a surface point, treating the soft box as a small Lambertian
/// emitter (it is small next to the room): I·cosθ_emit·cosθ_receive / d², I the sum of its
/// layers' radiance × area. `LAMP_UPLIGHT` of that leaks upwards, so the ceiling glows faintly.
fn lamp_irradiance(point: Vec3, normal: Vec3) -> Rgb {
    let lamp_area = 4.0 * LAMP_HALF_U.length() * LAMP_HALF_V.length();
    let layered_share: f32 = LAMP_LAYERS
        .iter()
        .map(|&(scale, share)| scale * scale * share)
        .sum();
    let to_point = point - LAMP_CENTRE;
    let distance_sq = to_point.dot(to_point);
    let direction = to_point * distance_sq.sqrt().recip();
    let down = direction.dot(LAMP_FACING);
    let emitted = if down > 0.0 {
        down
    } else {
        -down * LAMP_UPLIGHT
    };
    let received = (-direction).dot(normal).max(0.0);
    LAMP_RADIANCE * (lamp_area * layered_share * emitted * received / distance_sq)
}

// ---------------------------------------------------------------------------------------------
// Float cubemaps and their filtering.

/// One level of a cubemap in f32, faces in cube order, rows top to bottom.
#[derive(Clone)]
struct FloatCube {
    size: usize,
    texels: Vec<Rgb>,
}

impl FloatCube {
    /// A cube whose texel (face, col, row) is `texel(face, col, row)`.
    fn from_fn(size: usize, texel: impl Fn(usize, usize, usize) -> Rgb) -> Self {
        let mut texels = Vec::with_capacity(FACE_COUNT * size * size);
        for face in 0..FACE_COUNT {
            for row in 0..size {
                texels.extend((0..size).map(|col| texel(face, col, row)));
            }
        }
        Self { size, texels }
    }

    fn texel(&self, face: usize, col: usize, row: usize) -> Rgb {
        self.texels[(face * self.size + row) * self.size + col]
    }

    fn face(&self, face: usize) -> &[Rgb] {
        let len = self.size * self.size;
        &self.texels[face * len..(face + 1) * len]
    }

    /// Half the size, each texel the solid-angle-weighted mean of the 2×2 it covers: the next
    /// level of the chain that the blurred levels read from. (A plain mean would underweight the
    /// large texels in the middle of a face and shift light towards the face corners.)
    fn downsampled(&self) -> Self {
        let last = self.size - 1;
        let solid_angles = face_solid_angles(self.size);
        Self::from_fn((self.size / 2).max(1), |face, col, row| {
            let (c0, r0) = ((2 * col).min(last), (2 * row).min(last));
            let (c1, r1) = ((c0 + 1).min(last), (r0 + 1).min(last));
            let children = [(c0, r0), (c1, r0), (c0, r1), (c1, r1)];
            let (sum, weight) =
                children
                    .iter()
                    .fold((Rgb::BLACK, 0.0), |(sum, weight), &(c, r)| {
                        let solid_angle = solid_angles[r * self.size + c];
                        (
                            sum + self.texel(face, c, r) * solid_angle,
                            weight + solid_angle,
                        )
                    });
            sum * weight.recip()
        })
    }

    /// Bilinear sample along a direction. Near a face's edge the taps beyond it come from the
    /// neighbouring face, as in a seamless cube sampler, so coarse levels show no face seams.
    fn sample(&self, direction: Vec3) -> Rgb {
        let (face, u, v) = direction_to_face(direction);
        let to_texels = |s: f32| (s + 1.0) * 0.5 * self.size as f32 - 0.5;
        let (x, y) = (to_texels(u), to_texels(v));
        // x, y ≥ -0.5, so truncating x + 1 floors x (without a libm call on baseline x86-64).
        let (c0, r0) = ((x + 1.0) as isize - 1, (y + 1.0) as isize - 1);
        let (fx, fy) = (x - c0 as f32, y - r0 as f32);
        let tap = |col: isize, row: isize| self.texel_or_neighbour(face, col, row);
        let top = tap(c0, r0).lerp(tap(c0 + 1, r0), fx);
        let bottom = tap(c0, r0 + 1).lerp(tap(c0 + 1, r0 + 1), fx);
        top.lerp(bottom, fy)
    }

    /// The texel at (col, row), which may lie one texel outside the face: then the texel of the
    /// neighbouring face that its centre's direction falls on.
    #[inline]
    fn texel_or_neighbour(&self, face: usize, col: isize, row: isize) -> Rgb {
        let inside = 0..self.size as isize;
        if inside.contains(&col) && inside.contains(&row) {
            self.texel(face, col as usize, row as usize)
        } else {
            self.neighbour_texel(face, col, row)
        }
    }

    /// The texel of another face under the centre of (col, row), a texel just off `face`.
    #[cold]
    fn neighbour_texel(&self, face: usize, col: isize, row: isize) -> Rgb {
        let beyond = face_point(face, self.size, col as f32 + 0.5, row as f32 + 0.5);
        let (other, u, v) = direction_to_face(beyond);
        let index = |s: f32| (((s + 1.0) * 0.5 * self.size as f32) as usize).min(self.size - 1);
        self.texel(other, index(u), index(v))
    }
}

/// The background seen from the board, one ray per texel (it is smooth): the source of the
/// chain the blurred levels sample.
fn render_background(size: usize) -> FloatCube {
    FloatCube::from_fn(size, |face, col, row| {
        background_radiance(cube_to_world(texel_centre(face, size, col, row)))
    })
}

/// Sub-texel positions of the sharp level's 2×2 supersampling of the emitters' hard edges.
const SUPERSAMPLES: [(f32, f32); 4] = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)];

/// The specular map's sharp level: the background with the emitters on top.
fn render_sharp_room(background: &FloatCube, emitters: &[Rect]) -> FloatCube {
    let size = background.size;
    // A texel spans at most 2 / size radians; twice that keeps every partly covered one.
    let cones: Vec<(Vec3, f32)> = emitters
        .iter()
        .map(|emitter| emitter.bounding_cone(4.0 / size as f32))
        .collect();
    FloatCube::from_fn(size, |face, col, row| {
        let centre = cube_to_world(texel_centre(face, size, col, row));
        if cones
            .iter()
            .all(|&(axis, cos_radius)| centre.dot(axis) < cos_radius)
        {
            return background.texel(face, col, row);
        }
        let emitted = SUPERSAMPLES.iter().fold(Rgb::BLACK, |sum, &(dx, dy)| {
            let direction = cube_to_world(face_point(face, size, col as f32 + dx, row as f32 + dy));
            emitters
                .iter()
                .filter(|emitter| emitter.is_hit_by(direction))
                .fold(sum, |sum, emitter| sum + emitter.radiance)
        });
        background.texel(face, col, row) + emitted * (1.0 / SUPERSAMPLES.len() as f32)
    })
}

/// The level and its solid-angle-weighted halvings down to 1×1.
fn mip_chain(level: FloatCube) -> Vec<FloatCube> {
    let mut chain = vec![level];
    while let Some(next) = chain
        .last()
        .filter(|level| level.size > 1)
        .map(FloatCube::downsampled)
    {
        chain.push(next);
    }
    chain
}

/// Trilinear sample of the chain at a fractional level of detail.
fn sample_chain(chain: &[FloatCube], direction: Vec3, lod: f32) -> Rgb {
    let lod = lod.clamp(0.0, (chain.len() - 1) as f32);
    let level = lod as usize;
    let finer = chain[level].sample(direction);
    match chain.get(level + 1) {
        Some(coarser) => finer.lerp(coarser.sample(direction), lod - level as f32),
        None => finer,
    }
}

// ---------------------------------------------------------------------------------------------
// Specular: GGX pre-filtering.

/// Smallest face of the specular chain: Bevy's roughest level only needs a few texels.
const MIN_SPECULAR_MIP_SIZE: u32 = 4;

/// Lobe samples per texel of the blurred background, by level: with filtered importance sampling
/// a few are enough for the narrow lobes of the large levels (the background has little contrast,
/// and each sample reads a mip as wide as its share of the lobe), more for the wide lobes of the
/// small ones, where they cost little.
fn lobe_sample_count(mip: u32) -> u32 {
    (4 << mip).min(32)
}

/// Mip levels of a specular cube of `size`: halvings down to (at least) 4×4, at least one.
fn specular_mip_count(size: u32) -> u32 {
    let mut count = 1;
    let mut level_size = size;
    while level_size / 2 >= MIN_SPECULAR_MIP_SIZE {
        level_size /= 2;
        count += 1;
    }
    count
}

/// The specular map's levels after the sharp one: one GGX-filtered level per roughness step.
fn blurred_specular_levels(
    background: &[FloatCube],
    emitters: &[Rect],
    mip_count: u32,
) -> Vec<FloatCube> {
    (1..mip_count)
        .map(|mip| {
            let roughness = mip as f32 / (mip_count - 1) as f32;
            let lobe = Lobe::ggx(
                roughness * roughness,
                lobe_sample_count(mip),
                background[0].size,
            );
            FloatCube::from_fn(background[mip as usize].size, |face, col, row| {
                let size = background[mip as usize].size;
                let axis = cube_to_world(texel_centre(face, size, col, row));
                lobe.filter(background, emitters, axis)
            })
        })
        .collect()
}

/// One GGX lobe: fixed samples for the background and the stretch of the cosine that stands in
/// for it on the emitters.
struct Lobe {
    samples: Vec<LobeSample>,
    total_weight: f32,
    /// Sideways stretch of the linearly transformed cosine matching the lobe.
    spread: f32,
}

/// One lobe sample in the lobe's frame (z along the reflection direction).
struct LobeSample {
    direction: Vec3,
    /// cos θ to the lobe axis: the split-sum weighting (Karis 2013).
    weight: f32,
    /// Chain level whose texels are as large as this sample's share of the lobe.
    lod: f32,
}

impl Lobe {
    /// The lobe of roughness α (α = perceptual roughness²) over a chain whose finest faces are
    /// `source_size`², assuming view = normal = reflection as the split-sum approximation does.
    /// Every texel of a level shares it, only turned, so the result is deterministic.
    fn ggx(alpha: f32, sample_count: u32, source_size: usize) -> Self {
        let alpha_sq = (alpha * alpha).max(1e-8);
        let texel_solid_angle = 4.0 * PI / (FACE_COUNT * source_size * source_size) as f32;
        let samples: Vec<LobeSample> = (0..sample_count)
            .filter_map(|i| ggx_sample(i, sample_count, alpha_sq, texel_solid_angle))
            .collect();
        let total_weight = samples.iter().map(|sample| sample.weight).sum();
        Self {
            samples,
            total_weight,
            spread: ltc_spread(alpha_sq),
        }
    }

    /// The lobe's mean over the room around a world direction `axis`.
    fn filter(&self, background: &[FloatCube], emitters: &[Rect], axis: Vec3) -> Rgb {
        let frame = Frame::around(axis);
        let sampled = self.samples.iter().fold(Rgb::BLACK, |sum, sample| {
            let direction = world_to_cube(frame.to_world(sample.direction));
            sum + sample_chain(background, direction, sample.lod) * sample.weight
        });
        let emitted = emitters.iter().fold(Rgb::BLACK, |sum, emitter| {
            sum + emitter.radiance * cosine_share(emitter, &frame, self.spread)
        });
        sampled * self.total_weight.recip() + emitted
    }
}

/// The i-th of `count` lobe samples: a GGX half vector from the Hammersley set, reflected
/// about the axis; None below the horizon.
fn ggx_sample(i: u32, count: u32, alpha_sq: f32, texel_solid_angle: f32) -> Option<LobeSample> {
    let (e1, e2) = hammersley(i, count);
    let cos_h = ((1.0 - e2) / (1.0 + (alpha_sq - 1.0) * e2)).sqrt();
    let sin_h = (1.0 - cos_h * cos_h).max(0.0).sqrt();
    let (sin_phi, cos_phi) = (TAU * e1).sin_cos();
    let half = Vec3::new(sin_h * cos_phi, sin_h * sin_phi, cos_h);
    let direction = half * (2.0 * cos_h) - Vec3::new(0.0, 0.0, 1.0);
    (direction.z > 0.0).then(|| {
        // With view = normal the pdf of the reflected direction is D / 4.
        let pdf = ggx_distribution(cos_h, alpha_sq) * 0.25;
        let sample_solid_angle = 1.0 / (count as f32 * pdf);
        let lod = 0.5 * (sample_solid_angle / texel_solid_angle).log2() + 1.0;
        LobeSample {
            direction,
            weight: direction.z,
            lod: lod.max(0.0),
        }
    })
}

/// The GGX / Trowbridge-Reitz normal distribution D(h).
fn ggx_distribution(cos_h: f32, alpha_sq: f32) -> f32 {
    let denominator = cos_h * cos_h * (alpha_sq - 1.0) + 1.0;
    alpha_sq / (PI * denominator * denominator)
}

/// The i-th of n points of the Hammersley set in [0, 1)²: evenly spread, no randomness.
fn hammersley(i: u32, n: u32) -> (f32, f32) {
    (
        i as f32 / n as f32,
        (i.reverse_bits() as f64 / 4_294_967_296.0) as f32,
    )
}

/// Steps of the numerical integral that fits the cosine's stretch to a lobe.
const FIT_STEPS: usize = 512;

/// The stretch m that makes a clamped cosine, its directions' tangents scaled by m, match the
/// split-sum GGX lobe D(h)·cos θ of roughness α: the stretched cosine holds t²/(t² + m²) of its
/// mass within tan θ = t, so m is the tangent of the lobe's median angle. Exact for α → 0 (m = 2α)
/// and α = 1 (m = 1), within 2% of the lobe's cumulative distribution between.
fn ltc_spread(alpha_sq: f32) -> f32 {
    let step = 0.5 * PI / FIT_STEPS as f32;
    let density =
        |theta: f32| ggx_distribution((0.5 * theta).cos(), alpha_sq) * theta.cos() * theta.sin();
    let masses: Vec<f32> = (0..FIT_STEPS)
        .map(|i| density((i as f32 + 0.5) * step))
        .collect();
    let half_mass = 0.5 * masses.iter().sum::<f32>();
    let mut below = 0.0;
    for (i, &mass) in masses.iter().enumerate() {
        if below + mass >= half_mass {
            let median = (i as f32 + (half_mass - below) / mass) * step;
            return median.tan();
        }
        below += mass;
    }
    1.0
}

/// An orthonormal frame around a unit axis, to turn the lobe towards a texel's direction.
struct Frame {
    tangent: Vec3,
    bitangent: Vec3,
    axis: Vec3,
}

impl Frame {
    fn around(axis: Vec3) -> Self {
        let up = if axis.y.abs() < 0.999 {
            Vec3::new(0.0, 1.0, 0.0)
        } else {
            Vec3::new(1.0, 0.0, 0.0)
        };
        let tangent = up.cross(axis).normalized();
        Self {
            tangent,
            bitangent: axis.cross(tangent),
            axis,
        }
    }

    fn to_world(&self, local: Vec3) -> Vec3 {
        self.tangent * local.x + self.bitangent * local.y + self.axis * local.z
    }

    fn to_local(&self, world: Vec3) -> Vec3 {
        Vec3::new(
            world.dot(self.tangent),
            world.dot(self.bitangent),
            world.dot(self.axis),
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Exact integrals of a stretched cosine over the emitter rectangles.

/// The share of a normalised clamped cosine around the frame's axis, its sideways tangents
/// stretched by `spread`, that falls on the rectangle as seen from the board. With spread 1 this
/// is the rectangle's form factor: its irradiance / (π × radiance).
fn cosine_share(rect: &Rect, frame: &Frame, spread: f32) -> f32 {
    let squeeze = spread.recip();
    let corners = rect.corners().map(|corner| {
        let local = frame.to_local(corner);
        Vec3::new(local.x * squeeze, local.y * squeeze, local.z)
    });
    let (clipped, count) = clip_above_horizon(&corners);
    polygon_form_factor(&clipped[..count])
}

/// The quadrilateral's part above the plane z = 0 (a convex polygon of up to five corners).
fn clip_above_horizon(corners: &[Vec3; 4]) -> ([Vec3; 5], usize) {
    let mut clipped = [Vec3::default(); 5];
    let mut count = 0;
    for (i, &from) in corners.iter().enumerate() {
        let to = corners[(i + 1) % corners.len()];
        if from.z > 0.0 {
            clipped[count] = from;
            count += 1;
        }
        if (from.z > 0.0) != (to.z > 0.0) {
            clipped[count] = from + (to - from) * (from.z / (from.z - to.z));
            count += 1;
        }
    }
    (clipped, count)
}

/// Form factor of a convex polygon above the horizon, seen from the origin facing +z: Lambert's
/// edge sum Σ θ_edge (n_edge · z) / 2π, each edge's angle taken with atan2 so that small
/// polygons stay accurate in f32.
fn polygon_form_factor(corners: &[Vec3]) -> f32 {
    let sum: f32 = corners
        .iter()
        .enumerate()
        .map(|(i, &from)| {
            let to = corners[(i + 1) % corners.len()];
            let normal = from.cross(to);
            let sine = normal.length();
            if sine <= 0.0 {
                0.0
            } else {
                sine.atan2(from.dot(to)) * normal.z / sine
            }
        })
        .sum();
    (sum / TAU).abs()
}

// ---------------------------------------------------------------------------------------------
// Diffuse: cosine-weighted irradiance.

/// Largest background level the irradiance is summed over: the cosine lobe is so wide that 16²
/// faces lose nothing, and the brute-force sum stays small.
const DIFFUSE_SOURCE_MAX_SIZE: usize = 16;

/// The irradiance cube: for each direction n, Σ L·max(0, n·ω)·dω / π over the room, so a uniform
/// room of radiance L gives L. The background by a sum over its texels, the emitters exactly.
fn irradiance_cube(background: &[FloatCube], emitters: &[Rect], size: usize) -> FloatCube {
    let source = background
        .iter()
        .find(|level| level.size <= DIFFUSE_SOURCE_MAX_SIZE)
        .unwrap_or(&background[background.len() - 1]);
    let taps = weighted_taps(source);
    FloatCube::from_fn(size, |face, col, row| {
        let normal = cube_to_world(texel_centre(face, size, col, row));
        let frame = Frame::around(normal);
        let sum = taps.iter().fold(Rgb::BLACK, |sum, (direction, radiance)| {
            let cosine = normal.dot(*direction);
            if cosine > 0.0 {
                sum + *radiance * cosine
            } else {
                sum
            }
        });
        let emitted = emitters.iter().fold(Rgb::BLACK, |sum, emitter| {
            sum + emitter.radiance * cosine_share(emitter, &frame, 1.0)
        });
        sum * FRAC_1_PI + emitted
    })
}

/// Every texel of a cube as (unit world direction, radiance × solid angle).
fn weighted_taps(cube: &FloatCube) -> Vec<(Vec3, Rgb)> {
    let size = cube.size;
    let mut taps = Vec::with_capacity(cube.texels.len());
    for face in 0..FACE_COUNT {
        for row in 0..size {
            taps.extend((0..size).map(|col| {
                let weight = texel_solid_angle(size, col, row);
                let direction = cube_to_world(texel_centre(face, size, col, row));
                (direction, cube.texel(face, col, row) * weight)
            }));
        }
    }
    taps
}

// ---------------------------------------------------------------------------------------------
// Encoding.

/// Bytes of one RGBA16Float texel.
const BYTES_PER_TEXEL: usize = 8;

/// The levels (largest first) as an RGBA16Float cube in wgpu's layer-major order.
fn encode_cube(levels: &[&FloatCube]) -> CubeMap {
    let texels_per_face: usize = levels.iter().map(|level| level.size * level.size).sum();
    let mut data = Vec::with_capacity(FACE_COUNT * texels_per_face * BYTES_PER_TEXEL);
    for face in 0..FACE_COUNT {
        for level in levels {
            for texel in level.face(face) {
                for channel in [texel.r, texel.g, texel.b, 1.0] {
                    data.extend_from_slice(&f16_bits(channel).to_le_bytes());
                }
            }
        }
    }
    CubeMap {
        size: levels[0].size as u32,
        mip_levels: levels.len() as u32,
        data,
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes half bits.
    fn half_to_f32(bits: u16) -> f32 {
        half::f16::from_bits(bits).to_f32()
    }

    fn level_size(cube: &CubeMap, mip: u32) -> usize {
        (cube.size >> mip).max(1) as usize
    }

    /// Luminance of every texel of one face's level, rows top to bottom.
    fn level_luminance(cube: &CubeMap, face: usize, mip: u32) -> Vec<f32> {
        let bytes = |m: u32| level_size(cube, m).pow(2) * BYTES_PER_TEXEL;
        let face_bytes: usize = (0..cube.mip_levels).map(bytes).sum();
        let start = face * face_bytes + (0..mip).map(bytes).sum::<usize>();
        cube.data[start..start + bytes(mip)]
            .chunks_exact(BYTES_PER_TEXEL)
            .map(|texel| {
                let channel =
                    |i: usize| half_to_f32(u16::from_le_bytes([texel[2 * i], texel[2 * i + 1]]));
                0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
            })
            .collect()
    }

    /// Mean luminance of the middle half (in u and v) of a face.
    fn centre_mean(cube: &CubeMap, face: usize, mip: u32) -> f32 {
        let size = level_size(cube, mip);
        let texels = level_luminance(cube, face, mip);
        let middle = size / 4..size - size / 4;
        let values: Vec<f32> = texels
            .iter()
            .enumerate()
            .filter(|(i, _)| middle.contains(&(i % size)) && middle.contains(&(i / size)))
            .map(|(_, &l)| l)
            .collect();
        values.iter().sum::<f32>() / values.len() as f32
    }

    /// Solid-angle-weighted mean luminance over the whole sphere.
    fn sphere_mean(cube: &CubeMap, mip: u32) -> f32 {
        let size = level_size(cube, mip);
        let sum: f32 = (0..FACE_COUNT)
            .flat_map(|face| level_luminance(cube, face, mip).into_iter().enumerate())
            .map(|(i, l)| l * texel_solid_angle(size, i % size, i / size))
            .sum();
        sum / (4.0 * PI)
    }

    fn peak(cube: &CubeMap, mip: u32) -> f32 {
        (0..FACE_COUNT)
            .flat_map(|face| level_luminance(cube, face, mip))
            .fold(0.0, f32::max)
    }

    #[test]
    fn data_holds_every_face_and_mip() {
        let light = room_light(128, 16);
        assert_eq!(light.specular.mip_levels, 6, "128, 64, 32, 16, 8, 4");
        assert_eq!(light.specular.size, 128);
        let texels: usize = [128, 64, 32, 16, 8, 4].iter().map(|s| s * s).sum();
        assert_eq!(light.specular.data.len(), FACE_COUNT * texels * 4 * 2);
        assert_eq!((light.diffuse.size, light.diffuse.mip_levels), (16, 1));
        assert_eq!(light.diffuse.data.len(), FACE_COUNT * 16 * 16 * 4 * 2);
    }

    #[test]
    fn mip_counts_stop_at_four_texels() {
        let counts: Vec<u32> = [1, 4, 8, 16, 64, 256].map(specular_mip_count).to_vec();
        assert_eq!(counts, [1, 1, 2, 3, 5, 7]);
    }

    #[test]
    fn half_bits_are_right() {
        assert_eq!(f16_bits(0.0), 0x0000);
        assert_eq!(f16_bits(1.0), 0x3c00);
        assert_eq!(f16_bits(-2.0), 0xc000);
        assert_eq!(f16_bits(0.5), 0x3800);
        assert_eq!(f16_bits(65504.0), 0x7bff);
        assert_eq!(f16_bits(1e9), 0x7bff, "clamped to the largest finite half");
        assert_eq!(f16_bits(-f32::INFINITY), 0xfbff);
        assert_eq!(f16_bits(f32::NAN), 0);
        let tiny = f16_bits(1e-8);
        assert_eq!(tiny & 0x7c00, 0, "1e-8 is zero or subnormal");
        assert_eq!(f16_bits(2f32.powi(-24)), 0x0001, "smallest subnormal");
        assert_eq!(f16_bits(2f32.powi(-14)), 0x0400, "smallest normal");
        assert_eq!(f16_bits(1.0 + 1.0 / 2048.0), 0x3c00, "a tie rounds to even");
        assert_eq!(f16_bits(1.0 + 3.0 / 2048.0), 0x3c02, "a tie rounds to even");
    }

    #[test]
    fn half_bits_round_trip_to_nearest() {
        for &x in &[0.1f32, 0.02, 3.7, 14.0, 19.25, 1e-5, 60000.0] {
            let back = half_to_f32(f16_bits(x));
            assert!(
                (back - x).abs() <= x * 1e-3 + 6e-8,
                "{x} came back as {back}"
            );
        }
    }

    #[test]
    fn faces_follow_the_vulkan_convention() {
        let corner = |face: usize| face_direction(face, -1.0, -1.0);
        // Top-left corners, as in the Vulkan / glTF table.
        assert_eq!(corner(0), Vec3::new(1.0, 1.0, 1.0));
        assert_eq!(corner(1), Vec3::new(-1.0, 1.0, -1.0));
        assert_eq!(corner(2), Vec3::new(-1.0, 1.0, -1.0));
        assert_eq!(corner(3), Vec3::new(-1.0, -1.0, 1.0));
        assert_eq!(corner(4), Vec3::new(-1.0, 1.0, 1.0));
        assert_eq!(corner(5), Vec3::new(1.0, 1.0, -1.0));
        for face in 0..FACE_COUNT {
            let (back, u, v) = direction_to_face(face_direction(face, 0.3, -0.6));
            assert_eq!(back, face);
            assert!((u - 0.3).abs() < 1e-6 && (v + 0.6).abs() < 1e-6);
        }
    }

    #[test]
    fn texel_solid_angles_cover_the_sphere() {
        let size = 8;
        let total: f32 = (0..size * size)
            .map(|i| texel_solid_angle(size, i % size, i / size))
            .sum::<f32>()
            * FACE_COUNT as f32;
        assert!((total - 4.0 * PI).abs() < 1e-4, "{total}");
    }

    #[test]
    fn the_lamp_is_overhead_and_the_floor_dark() {
        let light = room_light(64, 8);
        let up = centre_mean(&light.specular, 2, 0);
        for face in [0, 1, 3, 4, 5] {
            let other = centre_mean(&light.specular, face, 0);
            assert!(
                up > 3.0 * other,
                "+Y centre {up} against face {face}'s {other}"
            );
        }
        assert!(up > 3.0, "the lamp is bright: {up}");
        let down = level_luminance(&light.specular, 3, 0);
        let down_peak = down.iter().fold(0.0f32, |a, &b| a.max(b));
        assert!(
            down_peak < 0.3 && down_peak < up / 20.0,
            "-Y peaks at {down_peak}"
        );
        let (diffuse_up, diffuse_down) = (
            centre_mean(&light.diffuse, 2, 0),
            centre_mean(&light.diffuse, 3, 0),
        );
        assert!(
            diffuse_up > 3.0 * diffuse_down,
            "{diffuse_up} against {diffuse_down}"
        );
    }

    #[test]
    fn the_walls_are_dim_and_warm() {
        let light = room_light(32, 8);
        // Face 1 (-X) has no window: a bare wall.
        let wall = centre_mean(&light.specular, 1, 0);
        assert!((0.01..0.08).contains(&wall), "wall luminance {wall}");
    }

    #[test]
    fn blurrier_levels_spread_the_same_light() {
        let light = room_light(64, 8);
        let cube = &light.specular;
        let (sharp_peak, sharp_mean) = (peak(cube, 0), sphere_mean(cube, 0));
        let mut previous_peak = sharp_peak;
        for mip in 1..cube.mip_levels {
            let (level_peak, mean) = (peak(cube, mip), sphere_mean(cube, mip));
            assert!(
                level_peak <= previous_peak * 1.01,
                "mip {mip} peaks at {level_peak}"
            );
            let ratio = mean / sharp_mean;
            assert!(
                (0.7..1.3).contains(&ratio),
                "mip {mip} mean {mean} against {sharp_mean}"
            );
            previous_peak = level_peak;
        }
        assert!(
            previous_peak < 0.5 * sharp_peak,
            "the roughest level is blurred"
        );
    }

    /// Across a face edge the map should change no faster than between two texels inside either
    /// face: the step over the seam is compared with the steps to the next texels in.
    #[test]
    fn blurred_levels_have_no_seams() {
        let light = room_light(64, 8);
        let cube = &light.specular;
        for mip in 1..cube.mip_levels {
            let size = level_size(cube, mip);
            let faces: Vec<Vec<f32>> = (0..FACE_COUNT)
                .map(|face| level_luminance(cube, face, mip))
                .collect();
            let step = 2.0 / size as f32;
            let to_index = |s: f32| (((s + 1.0) / step) as usize).min(size - 1);
            for face in 0..FACE_COUNT {
                for col in 0..size {
                    // Past the top edge lie the neighbouring face's first and second texels.
                    let u = -1.0 + (col as f32 + 0.5) * step;
                    let across = |texels_out: f32| {
                        let beyond = face_direction(face, u, -1.0 - texels_out * step);
                        let (other, ou, ov) = direction_to_face(beyond);
                        faces[other][to_index(ov) * size + to_index(ou)]
                    };
                    let (inner, edge) = (faces[face][size + col], faces[face][col]);
                    let (other_edge, other_inner) = (across(0.5), across(1.5));
                    let seam = (edge - other_edge).abs();
                    let slope = (edge - inner).abs().max((other_edge - other_inner).abs());
                    assert!(
                        seam <= 1.5 * slope + 0.03 * edge.max(other_edge) + 1e-3,
                        "mip {mip} face {face}, {col}: {inner} {edge} | {other_edge} {other_inner}"
                    );
                }
            }
        }
    }

    #[test]
    fn generation_is_deterministic() {
        let (a, b) = (room_light(32, 8), room_light(32, 8));
        assert_eq!(a.specular.data, b.specular.data);
        assert_eq!(a.diffuse.data, b.diffuse.data);
    }
}
