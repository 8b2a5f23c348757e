//! A slight vignette over the scene: the corners of the room a little darker, as a lamp-lit
//! table is seen. Drawn under every card and window, and the same on every renderer (it is the
//! overlay's, not a post-process the web may lack).

use super::UiSet;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, darken_corners.after(UiSet::Style));
}

/// How dark the very corners get (alpha of black, 0–255).
const CORNER_ALPHA: f32 = 150.0;

/// Where the darkening starts: the radius of the clear middle, as a share of the half diagonal.
const CLEAR: f32 = 0.55;

/// Rays from the middle and steps along each, of the mesh that draws the darkening.
const RAYS: usize = 96;
const STEPS: usize = 10;

/// The vignette's alpha at (u, v) in [-1, 1]²: none inside an ellipse round the middle, rising
/// smoothly to [`CORNER_ALPHA`] at the corners.
fn darkness(u: f32, v: f32) -> u8 {
    let r = (u * u + v * v).sqrt() / std::f32::consts::SQRT_2;
    let t = ((r - CLEAR) / (1.0 - CLEAR)).clamp(0.0, 1.0);
    (t * t * (3.0 - 2.0 * t) * CORNER_ALPHA).round() as u8
}

/// The darkening as a mesh over `rect`: a band from the clear middle's rim out to the window's
/// edge, shaded by its vertices' colours. The clear middle is not drawn at all and no texture
/// is sampled — a full-window textured quad cost a software renderer a twentieth of its frame.
fn vignette_mesh(rect: egui::Rect) -> egui::Mesh {
    let mut mesh = egui::Mesh::default();
    let inner = CLEAR * std::f32::consts::SQRT_2;
    for ray in 0..RAYS {
        let angle = ray as f32 / RAYS as f32 * std::f32::consts::TAU;
        let (dv, du) = angle.sin_cos();
        // Where the ray leaves the square [-1, 1]².
        let edge = 1.0 / du.abs().max(dv.abs());
        for step in 0..=STEPS {
            let r = inner + (edge - inner) * step as f32 / STEPS as f32;
            let (u, v) = (du * r, dv * r);
            let pos = egui::pos2(
                rect.center().x + u * rect.width() / 2.0,
                rect.center().y + v * rect.height() / 2.0,
            );
            mesh.colored_vertex(pos, Color32::from_black_alpha(darkness(u, v)));
        }
    }
    let per_ray = (STEPS + 1) as u32;
    for ray in 0..RAYS as u32 {
        let (a, b) = (ray * per_ray, ((ray + 1) % RAYS as u32) * per_ray);
        for step in 0..STEPS as u32 {
            mesh.add_triangle(a + step, b + step, a + step + 1);
            mesh.add_triangle(a + step + 1, b + step, b + step + 1);
        }
    }
    mesh
}

fn darken_corners(mut contexts: EguiContexts) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let rect = ctx.content_rect();
    ctx.layer_painter(egui::LayerId::background())
        .add(egui::Shape::mesh(vignette_mesh(rect)));
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

    #[test]
    fn the_mesh_reaches_the_corners_and_leaves_the_middle_clear() {
        let rect = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(1280.0, 720.0));
        let mesh = vignette_mesh(rect);
        let corner = mesh
            .vertices
            .iter()
            .find(|v| v.pos.distance(egui::pos2(1280.0, 720.0)) < 0.5)
            .expect("a vertex at the corner");
        assert_eq!(corner.color.a(), CORNER_ALPHA as u8);
        assert!(
            mesh.vertices
                .iter()
                .all(|v| rect.expand(0.5).contains(v.pos))
        );
        // Nothing is drawn over the middle of the window.
        let middle = egui::Rect::from_center_size(rect.center(), egui::vec2(600.0, 340.0));
        assert!(mesh.vertices.iter().all(|v| !middle.contains(v.pos)));
        assert_eq!(mesh.indices.len(), RAYS * STEPS * 6);
    }
}
