//! How dark the empty pits are in the picture: for each empty pit on screen, the mean luminance
//! of its hollow's inner half (out to half its radius) against the flat wood around it. A hollow
//! that reads as a hole is much darker than the wood; one that reads as a bump or a glass
//! bubble is as light. `--screenshot` prints the figures of the board it saves.

use crate::board::{Layout, PIT_RADIUS, SPACING, bowl_depth};
use crate::seeds::{Piles, Place};
use bevy::prelude::*;
use bevy::render::view::screenshot::ScreenshotCaptured;

/// Flat wood is sampled this far from a pit's centre, in the eight directions round it: between
/// the pit and its neighbours, clear of every rim, ring and count label.
const FLAT_RADIUS: f32 = 0.7;
/// How far a flat sample must keep from any pit's rim, the line between the halves and the
/// slab's rounded edge.
const FLAT_CLEARANCE: f32 = 0.12;

/// The figures of one picture.
#[derive(Clone, Debug, PartialEq)]
struct HollowFigures {
    /// Each empty pit's inner half as a share of the flat wood round it.
    ratios: Vec<f32>,
}

impl HollowFigures {
    /// The line `--screenshot` prints.
    fn line(&self, board: &str) -> Option<String> {
        let mut sorted = self.ratios.clone();
        sorted.sort_by(f32::total_cmp);
        let (first, last) = (sorted.first()?, sorted.last()?);
        let median = sorted[sorted.len() / 2];
        Some(format!(
            "hollows: {board}: {} empty pits, inner half at {:.0}% of the flat wood's luminance \
             (median; {:.0}% to {:.0}%)",
            sorted.len(),
            median * 100.0,
            first * 100.0,
            last * 100.0
        ))
    }
}

/// sRGB luminance (0 to 1) of the picture at a world point, if the point is on screen.
struct Probe<'a> {
    image: &'a Image,
    camera: &'a Camera,
    at: &'a GlobalTransform,
    scale: f32,
}

impl Probe<'_> {
    fn luminance(&self, world: Vec3) -> Option<f32> {
        let viewport = self.camera.world_to_viewport(self.at, world).ok()? * self.scale;
        if viewport.x < 0.0 || viewport.y < 0.0 {
            return None;
        }
        let color = self
            .image
            .get_color_at(viewport.x as u32, viewport.y as u32)
            .ok()?
            .to_srgba();
        Some(0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue)
    }

    fn mean(&self, points: impl Iterator<Item = Vec3>) -> Option<f32> {
        let (sum, n) = points
            .filter_map(|p| self.luminance(p))
            .fold((0.0, 0), |(s, n), l| (s + l, n + 1));
        (n > 0).then(|| sum / n as f32)
    }
}

/// Points on a pit's bowl out to half its radius.
fn inner_half(center: Vec3) -> impl Iterator<Item = Vec3> {
    (0..=4).flat_map(move |ring| {
        let r = PIT_RADIUS / 2.0 * ring as f32 / 4.0;
        let count = if ring == 0 { 1 } else { 6 * ring };
        (0..count).map(move |k| {
            let a = k as f32 / count as f32 * std::f32::consts::TAU;
            center + Vec3::new(r * a.cos(), bowl_depth(r), r * a.sin())
        })
    })
}

/// Whether a point of the top is flat wood: clear of every pit and store, of the line between
/// the halves and of the rounded edge.
fn is_flat(layout: &Layout, at: Vec2) -> bool {
    let slab = layout.slab_half_extents();
    let clear_of_pits = layout
        .pits()
        .all(|p| layout.pit_center(p).xz().distance(at) > PIT_RADIUS + FLAT_CLEARANCE);
    let clear_of_stores = layout.trays().iter().all(|t| {
        [Vec2::ZERO, Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y]
            .iter()
            .all(|d| {
                t.rim_distance(at.x + d.x * FLAT_CLEARANCE, at.y + d.y * FLAT_CLEARANCE) >= 1.0
            })
    });
    clear_of_pits
        && clear_of_stores
        && at.y.abs() > FLAT_CLEARANCE
        && at.x.abs() < slab.x - 0.3
        && at.y.abs() < slab.y - 0.3
}

/// The flat wood round a pit: small patches in the directions where there is some.
fn flat_around(layout: &Layout, center: Vec3) -> Vec<Vec3> {
    let mut points = Vec::new();
    for k in 0..8 {
        let a = k as f32 / 8.0 * std::f32::consts::TAU;
        let spot = center.xz() + Vec2::new(a.cos(), a.sin()) * FLAT_RADIUS * SPACING;
        if !is_flat(layout, spot) {
            continue;
        }
        for (dx, dz) in [
            (0.0, 0.0),
            (0.03, 0.0),
            (-0.03, 0.0),
            (0.0, 0.03),
            (0.0, -0.03),
        ] {
            points.push(Vec3::new(spot.x + dx, 0.0, spot.y + dz));
        }
    }
    points
}

/// The figures of `image` for the board of `layout` with `piles` on it, seen by `camera`.
fn measure(
    image: &Image,
    (camera, at): (&Camera, &GlobalTransform),
    layout: &Layout,
    piles: &Piles,
) -> HollowFigures {
    let probe = Probe {
        image,
        camera,
        at,
        scale: camera.target_scaling_factor().unwrap_or(1.0),
    };
    let ratios = layout
        .pits()
        .filter(|&p| piles.count(Place::Pit(p)) == 0)
        .filter_map(|pit| {
            let center = layout.pit_center(pit);
            let inner = probe.mean(inner_half(center))?;
            let flat = probe.mean(flat_around(layout, center).into_iter())?;
            (flat > 0.0).then(|| inner / flat)
        })
        .collect();
    HollowFigures { ratios }
}

/// Prints the figures of the picture just captured (an observer of the screenshot).
pub(super) fn print_figures(
    captured: On<ScreenshotCaptured>,
    cameras: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    built: Res<crate::board::BuiltBoard>,
    piles: Res<Piles>,
) {
    let (Some(variant), Some(camera)) = (built.0, cameras.iter().find(|(c, _)| c.is_active)) else {
        return;
    };
    let figures = measure(&captured.image, camera, &Layout::of(variant), &piles);
    if let Some(line) = figures.line(variant.name()) {
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::Variant;

    #[test]
    fn flat_samples_keep_clear_of_pits_stores_and_the_middle_line() {
        for variant in Variant::ALL {
            let layout = Layout::of(variant);
            for pit in layout.pits() {
                let center = layout.pit_center(pit);
                let flat = flat_around(&layout, center);
                assert!(!flat.is_empty(), "{variant} {pit}: no flat wood found");
                for p in flat {
                    for other in layout.pits() {
                        let d = layout.pit_center(other).xz().distance(p.xz());
                        assert!(d > PIT_RADIUS + 0.08, "{variant} {pit}: {p} in {other}");
                    }
                    assert!(p.z.abs() > 0.08, "{variant}: {p} on the line");
                }
            }
        }
    }

    #[test]
    fn the_line_names_the_median_and_the_range() {
        let figures = HollowFigures {
            ratios: vec![0.8, 0.6, 0.7],
        };
        assert_eq!(
            figures.line("Bao Kigogo").as_deref(),
            Some(
                "hollows: Bao Kigogo: 3 empty pits, inner half at 70% of the flat wood's \
                 luminance (median; 60% to 80%)"
            )
        );
        assert_eq!(HollowFigures { ratios: vec![] }.line("x"), None);
    }
}
