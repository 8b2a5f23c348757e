//! A wood texture made in code: long grain with growth rings and fine fibres, tileable, so the
//! board needs no downloaded art.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

const W: usize = 512;
const H: usize = 256;

/// A hash of a lattice point to [0, 1).
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0x00ff_ffff) as f32 / 16_777_216.0
}

/// Smooth value noise on a lattice that wraps every `period` cells in x and y (tileable).
fn noise(x: f32, y: f32, period: (i32, i32), seed: u32) -> f32 {
    let (xi, yi) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x.floor(), y - y.floor());
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let at = |i: i32, j: i32| hash(i.rem_euclid(period.0), j.rem_euclid(period.1), seed);
    let top = at(xi, yi) + (at(xi + 1, yi) - at(xi, yi)) * s(fx);
    let bottom = at(xi, yi + 1) + (at(xi + 1, yi + 1) - at(xi, yi + 1)) * s(fx);
    top + (bottom - top) * s(fy)
}

/// The wood texture: warm mid-brown with darker late-wood rings along x.
pub(super) fn wood_image() -> Image {
    let mut data = Vec::with_capacity(W * H * 4);
    let light = Vec3::new(0.72, 0.49, 0.28);
    let dark = Vec3::new(0.50, 0.30, 0.15);
    for j in 0..H {
        for i in 0..W {
            let u = i as f32 / W as f32;
            let v = j as f32 / H as f32;
            // Rings: stripes across v, wavering slowly along u.
            let warp = noise(u * 4.0, v * 3.0, (4, 3), 1) * 0.7
                + noise(u * 9.0, v * 6.0, (9, 6), 2) * 0.25;
            let ring = ((v * 16.0 + warp) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
            let ring = ring.powf(4.0);
            // Fibres: fine streaks along u.
            let fibre = noise(u * 3.0, v * 90.0, (3, 90), 3);
            let t = (ring * 0.65 + fibre * 0.35).clamp(0.0, 1.0);
            let c = light.lerp(dark, t);
            for k in 0..3 {
                data.push((c[k].clamp(0.0, 1.0) * 255.0) as u8);
            }
            data.push(255);
        }
    }
    let mut image = Image::new(
        Extent3d {
            width: W as u32,
            height: H as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}
