//! A picture of a board seen from straight above, drawn on the CPU from the same generated
//! wood as the 3D board and lit by the same lamp: the title's cards show each game's own board
//! with it, before any 3D board is built.

use super::{Layout, PIT_RADIUS, mesh, wood_maps};
use bevy::prelude::*;

/// An RGBA8 picture (sRGB, row-major, row 0 at the board's far, North edge) and where the board
/// lies in it.
#[derive(Clone, Debug)]
pub(crate) struct Picture {
    /// Width in pixels (along the board's length).
    pub width: u32,
    /// Height in pixels (across the board).
    pub height: u32,
    /// sRGB colour and alpha, four bytes a pixel.
    pub rgba: Vec<u8>,
    /// World units (x, z) of pixel (0, 0)'s top left corner.
    pub origin: Vec2,
    /// World units a pixel.
    pub step: f32,
}

impl Picture {
    /// The pixel (column, row) a world point (x, z) falls in, as fractional pixels.
    pub(crate) fn pixel_of(&self, at: Vec2) -> Vec2 {
        (at - self.origin) / self.step
    }

    /// Blends `color` (linear RGB) into the pixel at (column, row) by `alpha`.
    pub(crate) fn blend(&mut self, column: i32, row: i32, color: Vec3, alpha: f32) {
        if column < 0 || row < 0 || column >= self.width as i32 || row >= self.height as i32 {
            return;
        }
        let i = (row as usize * self.width as usize + column as usize) * 4;
        for (k, c) in color.to_array().into_iter().enumerate() {
            let below = srgb_to_linear(self.rgba[i + k]);
            self.rgba[i + k] = linear_to_srgb(below + (c - below) * alpha.clamp(0.0, 1.0));
        }
    }
}

/// The direction the lamp's light comes from (the board's key light, `view::spawn_lights`).
pub(crate) fn lamp_direction() -> Vec3 {
    Vec3::new(-3.0, 9.0, 3.0).normalize()
}

/// `layout`'s board from above at `pixels_per_unit`: the oiled top with its pits and stores,
/// shaded by the lamp and the carving's occlusion.
pub(crate) fn board_picture(layout: &Layout, pixels_per_unit: f32) -> Picture {
    let half = layout.slab_half_extents();
    let maps = wood_maps::generate(&layout.wood_spec(pixels_per_unit));
    let (width, height) = (maps.width, maps.height);
    let step = 2.0 * half.x / width as f32;
    let origin = -half;
    let surface = mesh::surface(layout);
    let lamp = lamp_direction();
    let mut rgba = Vec::with_capacity(maps.albedo.len());
    for row in 0..height {
        for column in 0..width {
            let i = ((row * width + column) * 4) as usize;
            let x = origin.x + (column as f32 + 0.5) * step;
            let z = origin.y + (row as f32 + 0.5) * (2.0 * half.y / height as f32);
            let normal = surface_normal(&surface, x, z, step.min(PIT_RADIUS / 4.0));
            // The lamp on the slope, relative to the flat top; the room's light fills the rest.
            let lit = 0.45 + 0.55 * (normal.dot(lamp).max(0.0) / lamp.y);
            let shade = lit * f32::from(maps.orm[i]) / 255.0;
            for k in 0..3 {
                let albedo = srgb_to_linear(maps.albedo[i + k]);
                rgba.push(linear_to_srgb(albedo * shade * 1.25));
            }
            rgba.push(255);
        }
    }
    Picture {
        width,
        height,
        rgba,
        origin,
        step,
    }
}

/// The top's normal at (x, z) from its height field, by central differences `d` apart.
fn surface_normal(surface: &impl Fn(f32, f32) -> f32, x: f32, z: f32, d: f32) -> Vec3 {
    let dx = surface(x + d, z) - surface(x - d, z);
    let dz = surface(x, z + d) - surface(x, z - d);
    Vec3::new(-dx / (2.0 * d), 1.0, -dz / (2.0 * d)).normalize()
}

/// An sRGB byte as linear light.
pub(crate) fn srgb_to_linear(c: u8) -> f32 {
    let c = f32::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// Linear light as an sRGB byte (clamped to the byte's range).
pub(crate) fn linear_to_srgb(c: f32) -> u8 {
    let c = c.clamp(0.0, 1.0);
    let s = if c <= 0.003_130_8 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::{Pit, Variant};

    #[test]
    fn a_pit_is_darker_than_the_flat_wood_beside_it() {
        let layout = Layout::of(Variant::Kingulu);
        let picture = board_picture(&layout, 16.0);
        let brightness = |at: Vec3| {
            let p = picture.pixel_of(at.xz());
            let i = (p.y as usize * picture.width as usize + p.x as usize) * 4;
            picture.rgba[i..i + 3]
                .iter()
                .map(|&c| u32::from(c))
                .sum::<u32>()
        };
        let pit = layout.pit_center(Pit::new(0, 3));
        let between = pit + Vec3::X * 0.5;
        assert!(brightness(pit) < brightness(between));
        assert_eq!(
            picture.rgba.len(),
            (picture.width * picture.height * 4) as usize
        );
    }

    #[test]
    fn srgb_round_trips() {
        for c in [0_u8, 1, 10, 100, 200, 255] {
            assert_eq!(linear_to_srgb(srgb_to_linear(c)), c);
        }
    }
}
