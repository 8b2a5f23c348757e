//! The cloth the board rests on, made in code: a dark, warm woven cloth under the lamp whose edge
//! fades into the dim room, so that the board stands on something and no flat backdrop shows.

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
                let c = ROOM[k] + (CLOTH[k] * weave - ROOM[k]) * lit;
                data.push((c.clamp(0.0, 1.0) * 255.0).round() as u8);
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
    fn the_cloths_corner_is_the_rooms_colour() {
        let image = cloth_image();
        let data = image.data.as_ref().expect("the cloth has texels");
        let room: Vec<u8> = ROOM.iter().map(|c| (c * 255.0).round() as u8).collect();
        assert_eq!(&data[..3], room.as_slice());
    }
}
