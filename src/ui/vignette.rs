//! A slight vignette over the scene: the corners of the room a little darker, as a lamp-lit
//! table is seen. Drawn under every card and window, and the same on every renderer (it is the
//! overlay's, not a post-process the web may lack).

use super::UiSet;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, ColorImage, TextureHandle, TextureOptions};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, darken_corners.after(UiSet::Style));
}

/// Texels of the vignette's texture; the overlay stretches it over the window.
const SIZE: [usize; 2] = [128, 72];

/// How dark the very corners get (alpha of black, 0–255).
const CORNER_ALPHA: f32 = 150.0;

/// The vignette: clear in the middle, darkening toward the corners.
fn vignette_image() -> ColorImage {
    let [w, h] = SIZE;
    let pixels = (0..h)
        .flat_map(|j| (0..w).map(move |i| (i, j)))
        .map(|(i, j)| {
            let u = (i as f32 + 0.5) / w as f32 * 2.0 - 1.0;
            let v = (j as f32 + 0.5) / h as f32 * 2.0 - 1.0;
            Color32::from_black_alpha(darkness(u, v))
        })
        .collect();
    ColorImage::new(SIZE, pixels)
}

/// The vignette's alpha at (u, v) in [-1, 1]²: none inside an ellipse round the middle, rising
/// smoothly to [`CORNER_ALPHA`] at the corners.
fn darkness(u: f32, v: f32) -> u8 {
    let r = (u * u + v * v).sqrt() / std::f32::consts::SQRT_2;
    let t = ((r - 0.55) / 0.45).clamp(0.0, 1.0);
    (t * t * (3.0 - 2.0 * t) * CORNER_ALPHA).round() as u8
}

fn darken_corners(mut contexts: EguiContexts, mut texture: Local<Option<TextureHandle>>) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let texture = texture.get_or_insert_with(|| {
        ctx.load_texture("bao-vignette", vignette_image(), TextureOptions::LINEAR)
    });
    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    ctx.layer_painter(egui::LayerId::background()).image(
        texture.id(),
        ctx.content_rect(),
        uv,
        Color32::WHITE,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_middle_is_clear_and_the_corners_dark() {
        assert_eq!(darkness(0.0, 0.0), 0);
        assert_eq!(darkness(0.4, 0.3), 0);
        assert_eq!(darkness(1.0, 1.0), CORNER_ALPHA as u8);
        assert!(darkness(1.0, 0.0) < darkness(1.0, 1.0));
    }
}
