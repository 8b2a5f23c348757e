//! The overlay's look: a warm wood-and-ochre palette, large readable text and touch-sized
//! buttons (at least 44 px high, for kiosk screens).

use super::UiSet;
use super::viewport::Insets;
use crate::core::Settings;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{
    self, Color32, CornerRadius, FontFamily, FontId, Margin, RichText, Stroke, TextStyle, Vec2,
};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::sync::atomic::{AtomicBool, Ordering};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, apply_style.in_set(UiSet::Style));
}

/// The overlay's colours. Two palettes: the warm one, and a high-contrast one (Settings, "High
/// contrast") with white cards, black text and opaque fills. Every text colour of both meets
/// WCAG AA (4.5:1) on every background it is drawn on (tested below).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Palette {
    /// Parchment: windows and cards.
    pub parchment: Color32,
    /// The cards over the scene (a little translucent in the warm palette).
    pub card: Color32,
    /// Text.
    pub ink: Color32,
    /// Quieter text.
    pub ink_soft: Color32,
    /// Ochre accent: the player to move, the last move, the chosen option (edges, not text).
    pub ochre: Color32,
    /// Ochre dark enough for text on parchment.
    pub ochre_text: Color32,
    /// A pale ochre for highlighted cards.
    pub ochre_pale: Color32,
    /// Buttons at rest.
    pub button: Color32,
    /// Buttons under the pointer.
    pub button_hover: Color32,
    /// Buttons pressed.
    pub button_active: Color32,
    /// Good news (a puzzle solved, an exercise done).
    pub good: Color32,
    /// Bad news (a miss, an error).
    pub bad: Color32,
    /// Light text on the dark caption and feedback banners.
    pub banner_text: Color32,
    /// The dark banners' fill.
    pub banner: Color32,
    /// Quieter text straight on the dark room (the title screen's subtitle).
    pub room_text: Color32,
}

/// The warm wood-and-ochre palette.
pub(super) const WARM: Palette = Palette {
    parchment: Color32::from_rgb(246, 234, 208),
    card: Color32::from_rgba_premultiplied(228, 214, 186, 242),
    ink: Color32::from_rgb(52, 32, 16),
    ink_soft: Color32::from_rgb(104, 74, 50),
    ochre: Color32::from_rgb(201, 122, 38),
    ochre_text: Color32::from_rgb(138, 74, 12),
    ochre_pale: Color32::from_rgb(244, 206, 150),
    button: Color32::from_rgb(226, 196, 146),
    button_hover: Color32::from_rgb(236, 210, 164),
    button_active: Color32::from_rgb(208, 160, 92),
    good: Color32::from_rgb(34, 100, 34),
    bad: Color32::from_rgb(150, 40, 30),
    banner_text: Color32::from_rgb(250, 236, 210),
    banner: Color32::from_rgba_premultiplied(42, 25, 14, 230),
    room_text: Color32::from_rgb(230, 200, 150),
};

/// White cards, black text, opaque fills, dark accents.
pub(super) const HIGH_CONTRAST: Palette = Palette {
    parchment: Color32::from_rgb(255, 255, 255),
    card: Color32::from_rgb(255, 255, 255),
    ink: Color32::from_rgb(0, 0, 0),
    ink_soft: Color32::from_rgb(34, 34, 34),
    ochre: Color32::from_rgb(150, 70, 0),
    ochre_text: Color32::from_rgb(100, 44, 0),
    ochre_pale: Color32::from_rgb(255, 226, 170),
    button: Color32::from_rgb(255, 238, 200),
    button_hover: Color32::from_rgb(255, 247, 226),
    button_active: Color32::from_rgb(240, 200, 130),
    good: Color32::from_rgb(0, 80, 0),
    bad: Color32::from_rgb(130, 0, 0),
    banner_text: Color32::from_rgb(255, 255, 255),
    banner: Color32::from_rgb(0, 0, 0),
    room_text: Color32::from_rgb(255, 255, 255),
};

/// Whether the high-contrast palette is in use (set by [`apply_style`] from the settings; the
/// overlay's drawing functions read it through [`palette`]).
static HIGH_CONTRAST_ON: AtomicBool = AtomicBool::new(false);

/// The thin ochre edge of the windows and of the cards over the scene, upright or turned.
pub(super) const CARD_EDGE: Color32 = Color32::from_rgb(150, 100, 50);

/// The palette in use.
pub(super) fn palette() -> &'static Palette {
    if HIGH_CONTRAST_ON.load(Ordering::Relaxed) {
        &HIGH_CONTRAST
    } else {
        &WARM
    }
}

/// The text size of buttons.
pub(super) const BUTTON_TEXT: f32 = 21.0;
/// Text size of a narrow card's buttons.
pub(super) const CARD_BUTTON_TEXT: f32 = 18.0;

/// The smallest height of anything that can be touched.
pub(super) const TOUCH: f32 = 48.0;

/// The window height the layout is designed for; taller windows scale the overlay up.
const DESIGN_HEIGHT: f32 = 720.0;

/// Sets the style once per context (and again if something reset it, or the palette changed),
/// and scales the overlay with the window so that a 1080p kiosk shows the same layout as a 720p
/// window, larger, times the player's interface scale and the kiosk's.
fn apply_style(
    mut contexts: EguiContexts,
    window: Query<&Window, With<PrimaryWindow>>,
    settings: Res<Settings>,
    mut insets: ResMut<Insets>,
    mut done: Local<bool>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    HIGH_CONTRAST_ON.store(settings.high_contrast, Ordering::Relaxed);
    if let Ok(window) = window.single() {
        let zoom = (window.height() / DESIGN_HEIGHT).clamp(1.0, 2.0)
            * super::policy::ui_scale(ctx)
            * settings
                .ui_scale
                .clamp(Settings::MIN_UI_SCALE, Settings::MAX_UI_SCALE);
        if (ctx.zoom_factor() - zoom).abs() > 0.01 {
            ctx.set_zoom_factor(zoom);
        }
        insets.zoom = ctx.zoom_factor();
    }
    if *done && ctx.global_style().visuals.panel_fill == palette().parchment {
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
        // The windows' close cross and the checkboxes are drawn this size: a full touch target.
        style.spacing.icon_width = 44.0;
        style.spacing.icon_width_inner = 24.0;
        style.spacing.scroll.bar_width = 14.0;
        // Text is read, not selected: a selectable label would catch taps and long presses.
        style.interaction.selectable_labels = false;
        style.visuals = visuals();
    });
}

fn visuals() -> egui::Visuals {
    let mut v = egui::Visuals::light();
    v.override_text_color = Some(palette().ink);
    v.panel_fill = palette().parchment;
    v.window_fill = palette().parchment;
    v.window_stroke = Stroke::new(2.0, CARD_EDGE);
    v.window_corner_radius = CornerRadius::same(14);
    v.extreme_bg_color = Color32::from_rgb(252, 244, 228);
    v.faint_bg_color = Color32::from_rgb(238, 222, 190);
    v.hyperlink_color = palette().ochre;
    v.selection.bg_fill = palette().ochre_pale;
    v.selection.stroke = Stroke::new(2.0, palette().ochre);
    let round = CornerRadius::same(10);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = palette().parchment;
    w.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(200, 170, 125));
    w.noninteractive.fg_stroke = Stroke::new(1.0, palette().ink);
    for (state, fill) in [
        (&mut w.inactive, palette().button),
        (&mut w.hovered, palette().button_hover),
        (&mut w.active, palette().button_active),
        (&mut w.open, palette().button_hover),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.corner_radius = round;
        state.fg_stroke = Stroke::new(1.5, palette().ink);
        state.bg_stroke = Stroke::new(1.0, Color32::from_rgb(160, 112, 60));
    }
    w.hovered.bg_stroke = Stroke::new(2.0, palette().ochre);
    // egui draws the button that has the keyboard's focus (Tab) as pressed: a thick dark edge
    // makes it plain which one Enter or Space will press.
    w.active.bg_stroke = Stroke::new(3.5, palette().ink);
    v
}

/// A large button that is easy to touch.
pub(super) fn button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    sized_button(ui, text, BUTTON_TEXT, TOUCH)
}

/// A button in the type of a card's text, for the row of actions of a narrow card (still a full
/// touch target).
pub(super) fn card_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    sized_button(ui, text, CARD_BUTTON_TEXT, TOUCH)
}

/// A large button at least 110 points wide, for the main action of a card.
pub(super) fn wide_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    sized_button(ui, text, BUTTON_TEXT, 110.0)
}

/// A button with text of `size`, at least `min_width` wide and a touch target high, noted for
/// the touch-target check.
fn sized_button(ui: &mut egui::Ui, text: &str, size: f32, min_width: f32) -> egui::Response {
    let response = ui.add(
        egui::Button::new(RichText::new(text).size(size)).min_size(Vec2::new(min_width, TOUCH)),
    );
    super::buttons::note(ui, &response, text);
    response
}

/// A large button that can be greyed out.
pub(super) fn button_enabled(ui: &mut egui::Ui, enabled: bool, text: &str) -> egui::Response {
    let response = ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(text).size(BUTTON_TEXT)).min_size(Vec2::new(TOUCH, TOUCH)),
    );
    super::buttons::note(ui, &response, text);
    response
}

/// A button that shows whether it is the chosen option.
pub(super) fn choice(ui: &mut egui::Ui, selected: bool, text: &str) -> egui::Response {
    choice_of_size(ui, selected, text, 19.0)
}

/// A [`choice`] in smaller type, for an option inside a card (still a full touch target).
pub(super) fn choice_compact(ui: &mut egui::Ui, selected: bool, text: &str) -> egui::Response {
    choice_of_size(ui, selected, text, 15.0)
}

fn choice_of_size(ui: &mut egui::Ui, selected: bool, text: &str, size: f32) -> egui::Response {
    let (fill, stroke) = if selected {
        (palette().ochre_pale, Stroke::new(2.5, palette().ochre))
    } else {
        (
            palette().button,
            Stroke::new(1.0, Color32::from_rgb(160, 112, 60)),
        )
    };
    let response = ui.add(
        egui::Button::new(RichText::new(text).size(size))
            .fill(fill)
            .stroke(stroke)
            .min_size(Vec2::new(TOUCH, TOUCH - 4.0)),
    );
    super::buttons::note(ui, &response, text);
    response
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
                .fill(palette().parchment)
                .stroke(egui::Stroke::new(2.0, palette().ochre))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG 2.x relative luminance of an sRGB colour.
    fn luminance(c: Color32) -> f64 {
        let channel = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
    }

    fn contrast(a: Color32, b: Color32) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// A premultiplied colour laid over an opaque one.
    fn over(top: Color32, under: Color32) -> Color32 {
        let keep = 1.0 - f32::from(top.a()) / 255.0;
        let mix = |t: u8, u: u8| (f32::from(t) + keep * f32::from(u)).round().min(255.0) as u8;
        Color32::from_rgb(
            mix(top.r(), under.r()),
            mix(top.g(), under.g()),
            mix(top.b(), under.b()),
        )
    }

    fn room() -> Color32 {
        let [r, g, b] = crate::board::ROOM.map(|c| (c * 255.0).round() as u8);
        Color32::from_rgb(r, g, b)
    }

    #[test]
    fn every_overlay_text_meets_wcag_aa_on_its_backgrounds_in_both_palettes() {
        for (name, p) in [("warm", WARM), ("high contrast", HIGH_CONTRAST)] {
            // The cards over the scene are a little translucent: over the dark room and over
            // the brightest the board can be under them.
            let backgrounds = [
                ("parchment", p.parchment),
                ("card over the room", over(p.card, room())),
                ("card over white", over(p.card, Color32::WHITE)),
                ("pale ochre card", p.ochre_pale),
            ];
            let texts = [
                ("ink", p.ink),
                ("soft ink", p.ink_soft),
                ("ochre text", p.ochre_text),
                ("good", p.good),
                ("bad", p.bad),
            ];
            let mut pairs: Vec<(String, Color32, Color32)> = Vec::new();
            for (t, text) in texts {
                for (b, back) in backgrounds {
                    pairs.push((format!("{t} on {b}"), text, back));
                }
            }
            // Button labels are ink on each state of a button.
            for (b, back) in [
                ("button", p.button),
                ("hovered button", p.button_hover),
                ("pressed button", p.button_active),
            ] {
                pairs.push((format!("ink on {b}"), p.ink, back));
            }
            // The banners (captions, feedback) over the room and over a white board.
            for under in [room(), Color32::WHITE] {
                pairs.push(("banner text".into(), p.banner_text, over(p.banner, under)));
            }
            // The title straight on the room.
            pairs.push(("title on the room".into(), p.parchment, room()));
            pairs.push(("subtitle on the room".into(), p.room_text, room()));
            for (what, text, back) in pairs {
                let ratio = contrast(text, back);
                assert!(ratio >= 4.5, "{name}: {what}: {ratio:.2}:1");
            }
        }
    }

    #[test]
    fn high_contrast_is_higher_for_the_main_text() {
        let ratio = |p: Palette| contrast(p.ink_soft, over(p.card, Color32::WHITE));
        assert!(ratio(HIGH_CONTRAST) > ratio(WARM) + 3.0);
        assert!(contrast(HIGH_CONTRAST.ink, HIGH_CONTRAST.parchment) >= 20.0);
    }
}
