//! `--check-targets`: every control the overlay draws that can be clicked or tapped is noted
//! when it is smaller than 44×44 CSS pixels (WCAG 2.5.5, the size of a fingertip), so that a
//! screenshot run can fail on it. Scroll bars are left out: what they do, dragging the content
//! or the wheel does too (the criterion's "equivalent" exception).

use super::UiSet;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::collections::BTreeMap;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SmallTargets>().add_systems(
        EguiPrimaryContextPass,
        note_small_targets
            .in_set(UiSet::Style)
            .run_if(resource_exists::<CheckTargets>),
    );
}

/// The smallest side of a touch target, in CSS (logical) pixels.
pub(crate) const MIN_TARGET: f32 = 44.0;

/// Inserted by `--check-targets`: the overlay notes its small controls.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub(crate) struct CheckTargets;

/// The controls seen smaller than [`MIN_TARGET`], each once: where and how large, in logical
/// pixels.
#[derive(Resource, Clone, Debug, Default)]
pub(crate) struct SmallTargets(pub(crate) BTreeMap<u64, egui::Rect>);

/// Whether a control of this size, in logical pixels, is too small to touch. A scroll bar (a
/// thin strip, long the other way) is not counted.
fn too_small(size: egui::Vec2, scroll_bar: f32) -> bool {
    let thin = size.x.min(size.y);
    let long = size.x.max(size.y);
    let is_scroll_bar = thin <= scroll_bar + 4.0 && long >= 3.0 * MIN_TARGET;
    !is_scroll_bar && thin + 0.5 < MIN_TARGET
}

/// Reads the widgets of the last complete pass.
fn note_small_targets(mut contexts: EguiContexts, mut small: ResMut<SmallTargets>) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let zoom = ctx.zoom_factor();
    let scroll_bar = ctx.global_style().spacing.scroll.bar_width * zoom;
    let screen = ctx.content_rect();
    ctx.viewport(|viewport| {
        let widgets = &viewport.prev_pass.widgets;
        for layer in widgets.layer_ids() {
            for widget in widgets.get_layer(layer) {
                let shown = widget.interact_rect.intersect(screen);
                if !widget.enabled || !widget.sense.senses_click() || shown.area() <= 0.0 {
                    continue;
                }
                let rect = widget.rect;
                if too_small(rect.size() * zoom, scroll_bar) {
                    small.0.insert(widget.id.value(), rect * zoom);
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingertip_needs_44_pixels_each_way_but_a_scroll_bar_is_left_out() {
        assert!(!too_small(egui::vec2(48.0, 48.0), 14.0));
        assert!(!too_small(egui::vec2(200.0, 44.0), 14.0));
        assert!(too_small(egui::vec2(26.0, 26.0), 14.0));
        assert!(too_small(egui::vec2(300.0, 30.0), 14.0));
        assert!(!too_small(egui::vec2(14.0, 400.0), 14.0));
    }
}
