//! The cloth the board rests on, made in code: a dark, warm woven cloth under the lamp whose edge
//! fades into the dim room, so that the board stands on something and no flat backdrop shows.
//!
//! The cloth's light is baked into its texture and the board's soft shadow on it is worked out
//! from the slab's footprint ([`BoardShadow`]), both in a shader of its own ([`ClothMaterial`]):
//! it fills most of the window, and lighting it per pixel cost a software renderer a tenth of
//! its frame for a matte surface whose light never changes. Even an unlit `StandardMaterial`
//! did not do: on a software renderer it paid for the whole lit shader (a fifth of a Kigogo
//! frame), and a blended quad for the shadow another twentieth.

use bevy::asset::{RenderAssetUsages, embedded_asset};
use bevy::prelude::*;
use bevy::render::render_resource::{
    AsBindGroup, Extent3d, ShaderType, TextureDimension, TextureFormat,
};
use bevy::shader::ShaderRef;

/// Texels along each side of the cloth's texture.
const SIZE: usize = 256;

/// The cloth's colour under the lamp (sRGB): a deep madder red-brown, like a kanga laid out
/// under the board.
const CLOTH: [f32; 3] = [0.15, 0.075, 0.055];

/// The colour of the room the cloth fades into (sRGB), the same as the window's clear colour.
pub(crate) const ROOM: [f32; 3] = [0.035, 0.026, 0.022];

/// The lamp's light on the flat cloth relative to its colour: the key light's illuminance at
/// the camera's exposure, times its angle, over π (2.4), and the room's light besides, matched
/// by eye to the lit cloth.
const LAMP: f32 = 4.0;

/// How much of the cloth is lit before the fade: the pool of lamplight's radius, as a share of
/// the cloth's half width.
const POOL: f32 = 0.16;

/// The cloth's texture: the woven colour in the middle, fading smoothly to the room at the rim.
pub(super) fn cloth_image() -> Image {
    let mut data = Vec::with_capacity(SIZE * SIZE * 4);
    for j in 0..SIZE {
        for i in 0..SIZE {
            let u = (i as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0;
            let v = (j as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0;
            let lit = pool_of_light(u, v);
            let weave = weave(i, j);
            for k in 0..3 {
                let room = to_linear(ROOM[k]);
                let c = room + (to_linear(CLOTH[k]) * weave * LAMP - room) * lit;
                data.push(super::linear_to_srgb(c));
            }
            data.push(255);
        }
    }
    Image::new(
        Extent3d {
            width: SIZE as u32,
            height: SIZE as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// An sRGB component (0–1) as linear light.
fn to_linear(c: f32) -> f32 {
    super::srgb_to_linear((c.clamp(0.0, 1.0) * 255.0).round() as u8)
}

/// How far the shadow reaches past the board's edge, in world units.
const SHADOW_REACH: f32 = 0.9;
/// How dark the shadow is right at the board's foot (alpha of black).
const SHADOW_DARKNESS: f32 = 0.78;
/// The radius of the footprint's corners, rounded as the slab's edge is.
const SHADOW_CORNER: f32 = 0.2;

/// The board's soft shadow on the cloth, as the cloth's shader draws it: black whose alpha is
/// darkest at the board's foot and fades out [`SHADOW_REACH`] past it. The lamp is a broad soft
/// box whose shadow of a slab on a flat cloth never changes, so it is worked out per pixel from
/// the footprint rather than lit and shadow-mapped.
#[derive(ShaderType, Clone, Copy, Debug, PartialEq)]
pub(super) struct BoardShadow {
    /// The footprint's centre on the cloth (x, z), a little away from the lamp.
    centre: Vec2,
    /// The slab's half width and depth.
    half_extents: Vec2,
    reach: f32,
    darkness: f32,
    corner: f32,
}

impl BoardShadow {
    /// The shadow of a slab `half_extents` wide and deep (x, z) under a lamp shining along
    /// `-lamp` (a unit vector up towards it).
    pub(super) fn of_slab(half_extents: Vec2, lamp: Vec3) -> Self {
        BoardShadow {
            // Half the way a point on the slab's foot would throw its shadow: the slab is low
            // and the soft box wide.
            centre: -lamp.xz() / lamp.y * 0.5,
            half_extents,
            reach: SHADOW_REACH,
            darkness: SHADOW_DARKNESS,
            corner: SHADOW_CORNER,
        }
    }

    /// The shadow's alpha at `p` (x, z) on the cloth, the same sum as `shadow_alpha` in
    /// `cloth.wgsl`.
    #[cfg(test)]
    fn alpha(&self, p: Vec2) -> f32 {
        let q = (p - self.centre).abs() - self.half_extents + Vec2::splat(self.corner);
        let outside = q.max(Vec2::ZERO).length() - self.corner;
        let t = (outside / self.reach).clamp(0.0, 1.0);
        let fade = 1.0 - t * t * (3.0 - 2.0 * t);
        self.darkness * fade * fade
    }
}

/// The cloth's material: its baked texture and the board's shadow, drawn by `cloth.wgsl` with
/// no lighting at all.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub(super) struct ClothMaterial {
    #[uniform(0)]
    pub shadow: BoardShadow,
    #[texture(1)]
    #[sampler(2)]
    pub texture: Handle<Image>,
}

impl Material for ClothMaterial {
    fn fragment_shader() -> ShaderRef {
        "embedded://bao/board/cloth.wgsl".into()
    }
}

/// The cloth's shader and material (needs the renderer).
pub(super) fn plugin(app: &mut App) {
    embedded_asset!(app, "cloth.wgsl");
    app.add_plugins(MaterialPlugin::<ClothMaterial>::default());
}

/// 1 in the pool of lamplight round the board, falling smoothly to 0 at the cloth's rim (a wide
/// ellipse: the board is long).
fn pool_of_light(u: f32, v: f32) -> f32 {
    let r = (u * u + (v * 1.6).powi(2)).sqrt();
    let t = ((r - POOL) / (1.0 - POOL)).clamp(0.0, 1.0);
    let fade = 1.0 - t * t * (3.0 - 2.0 * t);
    fade * fade
}

/// The faint over-and-under of the weave: a texel a little lighter or darker.
fn weave(i: usize, j: usize) -> f32 {
    let over = (i + j).is_multiple_of(2);
    let thread = ((i / 2 + j * 3) % 5) as f32 / 5.0;
    if over {
        1.0 + 0.04 * thread
    } else {
        0.94 + 0.04 * thread
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cloth_is_lit_in_the_middle_and_fades_to_the_room_at_the_rim() {
        assert!(pool_of_light(0.0, 0.0) > 0.99);
        assert!(pool_of_light(1.0, 0.0) < 0.01);
        assert!(pool_of_light(0.0, 1.0) < 0.01);
        let mut last = 1.0;
        for k in 0..=20 {
            let lit = pool_of_light(k as f32 / 20.0, 0.0);
            assert!(lit <= last + 1e-6, "the fade never brightens outward");
            last = lit;
        }
    }

    #[test]
    fn the_boards_shadow_is_darkest_at_its_foot_and_gone_at_its_reach() {
        let half = Vec2::new(4.0, 2.0);
        let lamp = crate::board::lamp_direction();
        let shadow = BoardShadow::of_slab(half, lamp);
        // The shadow falls away from the lamp.
        assert!(shadow.centre.dot(lamp.xz()) < 0.0);
        // Under the board it is at its darkest; it fades without ever darkening outward and is
        // gone at its reach past the foot.
        assert_eq!(shadow.alpha(shadow.centre), SHADOW_DARKNESS);
        let mut last = SHADOW_DARKNESS;
        for k in 0..=40 {
            let x = shadow.centre.x + half.x - 0.5 + k as f32 * 0.05;
            let a = shadow.alpha(Vec2::new(x, shadow.centre.y));
            assert!(a <= last + 1e-6, "the shadow never darkens outward");
            last = a;
        }
        let past = shadow.centre + half + Vec2::splat(SHADOW_REACH);
        assert_eq!(shadow.alpha(past), 0.0);
    }

    #[test]
    fn the_cloths_corner_is_the_rooms_colour() {
        let image = cloth_image();
        let data = image.data.as_ref().expect("the cloth has texels");
        let room: Vec<u8> = ROOM.iter().map(|c| (c * 255.0).round() as u8).collect();
        assert_eq!(&data[..3], room.as_slice());
    }
}
