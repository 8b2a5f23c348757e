//! The overlay's look: a warm wood-and-ochre palette, large readable text and touch-sized
//! buttons (at least 44 px high, for kiosk screens).

use super::UiSet;
use super::viewport::Insets;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{
    self, Color32, CornerRadius, FontFamily, FontId, Margin, RichText, Stroke, TextStyle, Vec2,
};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, apply_style.in_set(UiSet::Style));
}

/// Parchment: windows and bars.
pub(super) const PARCHMENT: Color32 = Color32::from_rgb(246, 234, 208);
/// Text.
pub(super) const INK: Color32 = Color32::from_rgb(52, 32, 16);
/// Quieter text.
pub(super) const INK_SOFT: Color32 = Color32::from_rgb(112, 82, 56);
/// Ochre accent: the player to move, the last move, the chosen option.
pub(super) const OCHRE: Color32 = Color32::from_rgb(201, 122, 38);
/// Ochre dark enough for text on parchment.
pub(super) const OCHRE_TEXT: Color32 = Color32::from_rgb(158, 88, 18);
/// A pale ochre for highlighted cards.
pub(super) const OCHRE_PALE: Color32 = Color32::from_rgb(244, 206, 150);
/// Buttons at rest.
pub(super) const BUTTON: Color32 = Color32::from_rgb(226, 196, 146);
/// Buttons under the pointer.
pub(super) const BUTTON_HOVER: Color32 = Color32::from_rgb(236, 210, 164);
/// Buttons pressed.
pub(super) const BUTTON_ACTIVE: Color32 = Color32::from_rgb(208, 160, 92);

/// The text size of buttons.
pub(super) const BUTTON_TEXT: f32 = 21.0;

/// The smallest height of anything that can be touched.
pub(super) const TOUCH: f32 = 48.0;

/// The window height the layout is designed for; taller windows scale the overlay up.
const DESIGN_HEIGHT: f32 = 720.0;

/// Sets the style once per context (and again if something reset it), and scales the overlay
/// with the window so that a 1080p kiosk shows the same layout as a 720p window, larger.
fn apply_style(
    mut contexts: EguiContexts,
    window: Query<&Window, With<PrimaryWindow>>,
    mut insets: ResMut<Insets>,
    mut done: Local<bool>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if let Ok(window) = window.single() {
        let zoom = (window.height() / DESIGN_HEIGHT).clamp(1.0, 2.0) * super::policy::ui_scale(ctx);
        if (ctx.zoom_factor() - zoom).abs() > 0.01 {
            ctx.set_zoom_factor(zoom);
        }
        insets.zoom = ctx.zoom_factor();
    }
    if *done && ctx.global_style().visuals.panel_fill == PARCHMENT {
        return;
    }
    *done = true;
    ctx.set_theme(egui::Theme::Light);
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(30.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(20.0, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(21.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Small,
                FontId::new(16.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(19.0, FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.item_spacing = Vec2::new(12.0, 10.0);
        style.spacing.button_padding = Vec2::new(16.0, 10.0);
        style.spacing.interact_size = Vec2::new(44.0, TOUCH);
        style.spacing.window_margin = Margin::same(20);
        style.spacing.slider_width = 260.0;
        style.spacing.icon_width = 26.0;
        style.spacing.icon_width_inner = 16.0;
        style.spacing.scroll.bar_width = 14.0;
        style.visuals = visuals();
    });
}

fn visuals() -> egui::Visuals {
    let mut v = egui::Visuals::light();
    v.override_text_color = Some(INK);
    v.panel_fill = PARCHMENT;
    v.window_fill = PARCHMENT;
    v.window_stroke = Stroke::new(2.0, Color32::from_rgb(150, 100, 50));
    v.window_corner_radius = CornerRadius::same(14);
    v.extreme_bg_color = Color32::from_rgb(252, 244, 228);
    v.faint_bg_color = Color32::from_rgb(238, 222, 190);
    v.hyperlink_color = OCHRE;
    v.selection.bg_fill = OCHRE_PALE;
    v.selection.stroke = Stroke::new(2.0, OCHRE);
    let round = CornerRadius::same(10);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = PARCHMENT;
    w.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(200, 170, 125));
    w.noninteractive.fg_stroke = Stroke::new(1.0, INK);
    for (state, fill) in [
        (&mut w.inactive, BUTTON),
        (&mut w.hovered, BUTTON_HOVER),
        (&mut w.active, BUTTON_ACTIVE),
        (&mut w.open, BUTTON_HOVER),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.corner_radius = round;
        state.fg_stroke = Stroke::new(1.5, INK);
        state.bg_stroke = Stroke::new(1.0, Color32::from_rgb(160, 112, 60));
    }
    w.hovered.bg_stroke = Stroke::new(2.0, OCHRE);
    v
}

/// A large button that is easy to touch.
pub(super) fn button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add(
        egui::Button::new(RichText::new(text).size(BUTTON_TEXT)).min_size(Vec2::new(TOUCH, TOUCH)),
    )
}

/// A large button at least 110 points wide, for the main action of a card.
pub(super) fn wide_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add(
        egui::Button::new(RichText::new(text).size(BUTTON_TEXT)).min_size(Vec2::new(110.0, TOUCH)),
    )
}

/// A large button that can be greyed out.
pub(super) fn button_enabled(ui: &mut egui::Ui, enabled: bool, text: &str) -> egui::Response {
    ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(text).size(BUTTON_TEXT)).min_size(Vec2::new(TOUCH, TOUCH)),
    )
}

/// A button that shows whether it is the chosen option.
pub(super) fn choice(ui: &mut egui::Ui, selected: bool, text: &str) -> egui::Response {
    choice_of_size(ui, selected, text, 19.0)
}

/// A [`choice`] in smaller type, for an option inside a card (still a full touch target).
pub(super) fn choice_small(ui: &mut egui::Ui, selected: bool, text: &str) -> egui::Response {
    choice_of_size(ui, selected, text, 16.0)
}

fn choice_of_size(ui: &mut egui::Ui, selected: bool, text: &str, size: f32) -> egui::Response {
    let (fill, stroke) = if selected {
        (OCHRE_PALE, Stroke::new(2.5, OCHRE))
    } else {
        (BUTTON, Stroke::new(1.0, Color32::from_rgb(160, 112, 60)))
    };
    ui.add(
        egui::Button::new(RichText::new(text).size(size))
            .fill(fill)
            .stroke(stroke)
            .min_size(Vec2::new(TOUCH, TOUCH - 4.0)),
    )
}

/// A rounded parchment card.
pub(super) fn card(fill: Color32) -> egui::Frame {
    egui::Frame::new()
        .fill(fill)
        .stroke(Stroke::new(1.5, Color32::from_rgb(170, 120, 66)))
        .corner_radius(CornerRadius::same(12))
        .inner_margin(Margin::symmetric(16, 10))
}

/// Body text with a line width that stays readable.
pub(super) fn paragraph(ui: &mut egui::Ui, text: &str) {
    ui.add(egui::Label::new(RichText::new(text).size(19.0)).wrap());
}

/// A parchment card at the top of the board, centred under the top cards (a puzzle's, a
/// lesson's, a replayed move's); it widens the top inset so that windows open below it.
pub(super) fn top_card<R>(
    ctx: &egui::Context,
    id: &str,
    insets: &mut super::viewport::Insets,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let screen = ctx.content_rect();
    let shown = egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Background)
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(egui::pos2(screen.center().x, screen.top() + insets.top))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(PARCHMENT)
                .stroke(egui::Stroke::new(2.0, OCHRE))
                .corner_radius(egui::CornerRadius::same(10))
                .inner_margin(egui::Margin::symmetric(14, 6))
                .show(ui, add)
                .inner
        });
    insets.top = insets.top.max(shown.response.rect.bottom() - screen.top());
    shown.inner
}

/// A guide's card at the top of the board (a puzzle's, a lesson's): as wide as the window
/// allows, its buttons at the right (drawn first, right to left, so that they keep their room
/// in any language) and its text in the rest. Returns what the buttons asked for.
pub(super) fn guide_card<A>(
    ctx: &egui::Context,
    id: &str,
    insets: &mut super::viewport::Insets,
    buttons: impl FnOnce(&mut egui::Ui) -> Option<A>,
    text: impl FnOnce(&mut egui::Ui),
) -> Option<A> {
    let width = (ctx.content_rect().width() - 28.0).min(1100.0);
    top_card(ctx, id, insets, |ui| {
        ui.set_width(width);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let action = buttons(ui);
            ui.with_layout(egui::Layout::top_down(egui::Align::Min), text);
            action
        })
        .inner
    })
}
