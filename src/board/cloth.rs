//! The cloth the board rests on, made in code: a dark, warm woven cloth under the lamp whose edge
//! fades into the dim room, so that the board stands on something and no flat backdrop shows.
//!
//! The cloth's light is baked into its texture and it is drawn unlit, with the board's soft
//! shadow on it as a second, baked layer ([`board_shadow_image`]): it fills most of the window,
//! and lighting it per pixel cost a software renderer a tenth of its frame for a matte surface
//! whose light never changes.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Texels along each side of the cloth's texture.
const SIZE: usize = 256;

/// The cloth's colour under the lamp (sRGB): a deep madder red-brown, like a kanga laid out
/// under the board.
const CLOTH: [f32; 3] = [0.15, 0.075, 0.055];

/// The colour of the room the cloth fades into (sRGB), the same as the window's clear colour.
pub const ROOM: [f32; 3] = [0.035, 0.026, 0.022];

/// The lamp's light on the flat cloth relative to its colour: the key light's illuminance at
/// the camera's exposure, times its angle, over π (2.4), and the room's light besides, matched
/// by eye to the lit cloth.
const LAMP: f32 = 4.0;

/// How much of the cloth is lit before the fade: the pool of lamplight's radius, as a share of
/// the cloth's half width.
const POOL: f32 = 0.16;

/// The cloth's texture: the woven colour in the middle, fading smoothly to the room at the rim.
pub fn cloth_image() -> Image {
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

/// Texels a world unit of the board's shadow on the cloth.
const SHADOW_TEXELS_PER_UNIT: f32 = 16.0;
/// How far the shadow reaches past the board's edge, in world units.
pub const SHADOW_REACH: f32 = 0.9;
/// How dark the shadow is right at the board's foot (alpha of black).
const SHADOW_DARKNESS: f32 = 0.78;

/// The board's soft shadow on the cloth, for a slab `half` wide and deep (x, z): black whose
/// alpha is darkest at the board's foot and fades out [`SHADOW_REACH`] past it, for a quad
/// `2 * (half + SHADOW_REACH)` in size centred under the board.
pub fn board_shadow_image(half: Vec2) -> Image {
    let size = 2.0 * (half + Vec2::splat(SHADOW_REACH));
    let width = (size.x * SHADOW_TEXELS_PER_UNIT).ceil() as usize;
    let height = (size.y * SHADOW_TEXELS_PER_UNIT).ceil() as usize;
    let mut data = Vec::with_capacity(width * height * 4);
    for j in 0..height {
        for i in 0..width {
            let x = ((i as f32 + 0.5) / width as f32 - 0.5) * size.x;
            let z = ((j as f32 + 0.5) / height as f32 - 0.5) * size.y;
            // Distance outside the board's footprint (its corners rounded as the edge is).
            let qx = x.abs() - half.x + 0.2;
            let qz = z.abs() - half.y + 0.2;
            let outside = (qx.max(0.0).powi(2) + qz.max(0.0).powi(2)).sqrt() - 0.2;
            let t = (outside / SHADOW_REACH).clamp(0.0, 1.0);
            let fade = 1.0 - t * t * (3.0 - 2.0 * t);
            let alpha = SHADOW_DARKNESS * fade * fade;
            data.extend_from_slice(&[0, 0, 0, (alpha * 255.0).round() as u8]);
        }
    }
    Image::new(
        Extent3d {
            width: width as u32,
            height: height as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
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
        let image = board_shadow_image(half);
        let width = image.texture_descriptor.size.width as usize;
        let height = image.texture_descriptor.size.height as usize;
        let data = image.data.as_ref().expect("the shadow has texels");
        let alpha = |i: usize, j: usize| data[(j * width + i) * 4 + 3];
        // The middle of the top edge lies under the board; the quad's corner is past the reach.
        assert!(alpha(width / 2, height / 2) > 180);
        assert_eq!(alpha(0, 0), 0);
        let mut last = 255;
        for i in width / 2..width {
            let a = alpha(i, height / 2);
            assert!(a <= last, "the shadow never darkens outward");
            last = a;
        }
        assert_eq!(last, 0);
    }

    #[test]
    fn the_cloths_corner_is_the_rooms_colour() {
        let image = cloth_image();
        let data = image.data.as_ref().expect("the cloth has texels");
        let room: Vec<u8> = ROOM.iter().map(|c| (c * 255.0).round() as u8).collect();
        assert_eq!(&data[..3], room.as_slice());
    }
}
