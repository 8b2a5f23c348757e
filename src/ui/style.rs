//! The overlay's look: a warm wood-and-ochre palette, large readable text and touch-sized
//! buttons (at least 44 px high, for kiosk screens), and every size, spacing and margin of the
//! overlay by name, so that the layout can be tuned here without reading the systems.

use super::UiSet;
use super::policy::UiPolicy;
use super::viewport::Insets;
use crate::core::Settings;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{
    self, Color32, CornerRadius, FontFamily, FontId, Margin, RichText, Stroke, TextStyle, Vec2,
};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::collections::BTreeMap;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Palette>().add_systems(
        EguiPrimaryContextPass,
        (follow_high_contrast, apply_style)
            .chain()
            .in_set(UiSet::Style),
    );
}

/// The overlay's colours, and as a resource the palette in use: the warm one, or the
/// high-contrast one (Settings, "High contrast") with white cards, black text and opaque fills.
/// Every text colour of both meets WCAG AA (4.5:1) on every background it is drawn on (tested
/// below).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Palette {
    /// Parchment: windows and cards.
    pub(super) parchment: Color32,
    /// The cards over the scene (a little translucent in the warm palette).
    pub(super) card: Color32,
    /// Text.
    pub(super) ink: Color32,
    /// Quieter text.
    pub(super) ink_soft: Color32,
    /// Ochre accent: the player to move, the last move, the chosen option (edges, not text).
    pub(super) ochre: Color32,
    /// Ochre dark enough for text on parchment.
    pub(super) ochre_text: Color32,
    /// A pale ochre for highlighted cards.
    pub(super) ochre_pale: Color32,
    /// Buttons at rest.
    pub(super) button: Color32,
    /// Buttons under the pointer.
    pub(super) button_hover: Color32,
    /// Buttons pressed.
    pub(super) button_active: Color32,
    /// Good news (a puzzle solved, an exercise done).
    pub(super) good: Color32,
    /// Bad news (a miss, an error).
    pub(super) bad: Color32,
    /// Light text on the dark caption and feedback banners.
    pub(super) banner_text: Color32,
    /// The dark banners' fill.
    pub(super) banner: Color32,
    /// Quieter text straight on the dark room (the title screen's subtitle).
    pub(super) room_text: Color32,
}

impl Default for Palette {
    /// The warm palette, until the settings ask for high contrast.
    fn default() -> Self {
        WARM
    }
}

impl Palette {
    /// The palette the settings ask for.
    fn chosen(settings: &Settings) -> Palette {
        if settings.high_contrast {
            HIGH_CONTRAST
        } else {
            WARM
        }
    }
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

// Colours both palettes share: edges and fields of the warm wood that read in either.

/// The thin ochre edge of the windows and of the cards over the scene, upright or turned.
pub(super) const CARD_EDGE: Color32 = Color32::from_rgb(150, 100, 50);
/// The edge of a parchment card inside a window ([`card`]).
const INNER_CARD_EDGE: Color32 = Color32::from_rgb(170, 120, 66);
/// The edge of a button at rest, and of an option not chosen.
const BUTTON_EDGE: Color32 = Color32::from_rgb(160, 112, 60);
/// The edge of what cannot be clicked (a separator, a frame).
const QUIET_EDGE: Color32 = Color32::from_rgb(200, 170, 125);
/// A text field's background.
const FIELD: Color32 = Color32::from_rgb(252, 244, 228);
/// Every other row of a striped list.
const STRIPE: Color32 = Color32::from_rgb(238, 222, 190);

/// How much the title screen darkens the scene behind its cards (alpha of black, 0–255).
pub(super) const TITLE_DIMMING: u8 = 90;

// Text sizes, in points, largest first. Each is named for its first use; the others of its size
// are listed.

/// The game's name on the title screen.
pub(super) const TITLE_TEXT: f32 = 46.0;
/// Who won, in the game-over window.
pub(super) const HEADLINE_TEXT: f32 = 40.0;
/// Who won, turned toward North (face to face).
pub(super) const TURNED_HEADLINE_TEXT: f32 = 34.0;
/// egui's heading style.
const HEADING_TEXT: f32 = 30.0;
/// A game's name on a wide title card.
pub(super) const CARD_NAME_TEXT: f32 = 26.0;
/// The titles of the large windows (rules, puzzles, game over), the rules' headings, a game's
/// name on a narrow title card.
pub(super) const WINDOW_TITLE_TEXT: f32 = 24.0;
/// The titles of the small windows (saved games, resume), why a game ended, the turn line when
/// a person is to move or the game is over.
pub(super) const LARGE_TEXT: f32 = 22.0;
/// The text of buttons.
pub(super) const BUTTON_TEXT: f32 = 21.0;
/// As large as a button's: the settings' title, the turn line, an example's title.
pub(super) const EMPHASIS_TEXT: f32 = 21.0;
/// Body text (egui's body style): the cards' names and titles, headings inside windows,
/// captions, the feedback line.
pub(super) const BODY_TEXT: f32 = 20.0;
/// Paragraphs, bullets, options, the game's name on its card, the moves of the move list.
pub(super) const PARAGRAPH_TEXT: f32 = 19.0;
/// Text size of a narrow card's buttons.
pub(super) const CARD_BUTTON_TEXT: f32 = 18.0;
/// The text of a card's body: a lesson's, a hint, a saved game's notice, the move numbers.
pub(super) const CARD_TEXT: f32 = 18.0;
/// The widest a pit's card (`ui::pit_card`) grows before its lines wrap.
pub(super) const PIT_CARD_WIDTH: f32 = 340.0;
/// Notes: a seat, the mark of the side to move, the people and region of a game, the reading
/// a Kujifunza game is played by in the rules.
pub(super) const NOTE_TEXT: f32 = 17.0;
/// Small text (egui's small style): counts, help under a control, a list's column heads.
pub(super) const SMALL_TEXT: f32 = 16.0;
/// The smallest options (a reading's choice) and the small print of a narrow title card.
pub(super) const COMPACT_TEXT: f32 = 15.0;
/// Fine print: the reading on the game's card, the replay's tip.
pub(super) const FINE_TEXT: f32 = 14.0;
/// egui's monospace style (a pasted move list).
const MONOSPACE_TEXT: f32 = 19.0;

// Sizes of controls.

/// The smallest height of anything that can be touched.
pub(super) const TOUCH: f32 = 48.0;
/// The smallest width of anything that can be touched, and egui's icons (the windows' close
/// cross, the checkboxes): a full touch target.
const TOUCH_WIDTH: f32 = 44.0;
/// The check mark inside a checkbox.
const ICON_INNER: f32 = 24.0;
/// The width of a card's main button.
const WIDE_BUTTON: f32 = 110.0;
/// An option is drawn a little lower than a button, so that a row of them reads as one choice.
const CHOICE_HEIGHT: f32 = TOUCH - 4.0;
/// The room inside a button around its text.
const BUTTON_PADDING: Vec2 = Vec2::new(16.0, 10.0);
/// A slider's length.
const SLIDER_WIDTH: f32 = 260.0;
/// A scroll bar's width.
const SCROLL_BAR_WIDTH: f32 = 14.0;

// Spacing, margins, edges and corners.

/// The room between two widgets, across and down.
const ITEM_SPACING: Vec2 = Vec2::new(12.0, 10.0);
/// The room inside a window around its contents.
const WINDOW_MARGIN: i8 = 20;
/// A window's edge, and the edge of a top card or a banner.
pub(super) const WINDOW_EDGE_WIDTH: f32 = 2.0;
/// The thin edge of a button at rest, of a frame, and of a card over the scene.
pub(super) const THIN_EDGE_WIDTH: f32 = 1.0;
/// The ochre edge of the button under the pointer and of selected text.
const BOLD_EDGE_WIDTH: f32 = 2.0;
/// The dark edge of the button that has the keyboard's focus.
const FOCUS_EDGE_WIDTH: f32 = 3.5;
/// The strokes egui draws inside widgets (a checkbox's mark, a slider's handle).
const WIDGET_INK_WIDTH: f32 = 1.5;
/// A window's corners.
const WINDOW_CORNER: u8 = 14;
/// A button's corners, and a top card's.
const BUTTON_CORNER: u8 = 10;
/// A card's corners (inside a window, over the scene, turned).
pub(super) const CARD_CORNER: u8 = 12;
/// The bold edge of the chosen option and of the card of the side to move.
pub(super) const CHOSEN_EDGE_WIDTH: f32 = 2.5;
/// The edge of a parchment card inside a window.
const INNER_CARD_EDGE_WIDTH: f32 = 1.5;
/// The room inside a parchment card inside a window.
const CARD_MARGIN: Margin = Margin::symmetric(16, 10);
/// The room between the lines of a window's text, where the usual spacing is too much.
pub(super) const LINE_GAP: f32 = 4.0;
/// The room between a window's sections and paragraphs.
pub(super) const SECTION_GAP: f32 = 6.0;
/// The room above a window's row of buttons.
pub(super) const BEFORE_BUTTONS: f32 = 10.0;

// The cards at the top of the board and the dark banners.

/// The room inside a top card (a puzzle's, a lesson's, a replayed move's) and an example's
/// caption strip.
pub(super) const TOP_CARD_MARGIN: Margin = Margin::symmetric(14, 6);
/// The room between the lines of a guide card's text and of an example's caption.
pub(super) const GUIDE_LINE_SPACING: f32 = 2.0;
/// A guide card's widest, and the room it (and an example's caption strip) leaves at the
/// window's sides (both together).
const GUIDE_CARD_WIDTH: f32 = 1100.0;
pub(super) const GUIDE_CARD_SIDES: f32 = 28.0;
/// The step's caption: its corners, the room inside it, its widest, the room it leaves at the
/// window's sides (both together), and its distance from the window's bottom (above the bottom
/// cards).
pub(super) const CAPTION_CORNER: u8 = 14;
pub(super) const CAPTION_MARGIN: Margin = Margin::symmetric(20, 10);
pub(super) const CAPTION_WIDTH: f32 = 900.0;
pub(super) const CAPTION_SIDES: f32 = 120.0;
pub(super) const CAPTION_ABOVE_BOTTOM: f32 = 110.0;
/// The feedback line under the board: its corners and the room inside it.
pub(super) const FEEDBACK_CORNER: u8 = 20;
pub(super) const FEEDBACK_MARGIN: Margin = Margin::symmetric(22, 10);

// The windows.

/// The game-over panel's narrowest.
pub(super) const GAME_OVER_WIDTH: f32 = 560.0;
/// Face to face, the room between the game-over panel and its words turned toward North: half
/// of it each side of the window's middle.
pub(super) const GAME_OVER_HALF_GAP: f32 = 8.0;

/// The settings window's contents' width.
pub(super) const SETTINGS_WIDTH: f32 = 430.0;
/// The room between the settings' rows.
pub(super) const SETTINGS_SPACING: f32 = 8.0;
/// The settings window's place: in from the window's right edge, and down from the top cards.
pub(super) const SETTINGS_OFFSET: Vec2 = Vec2::new(12.0, 8.0);
/// The room the settings leave under them at the window's bottom, and the least they scroll in.
pub(super) const SETTINGS_FOOT: f32 = 30.0;
pub(super) const SETTINGS_MIN_HEIGHT: f32 = 160.0;
/// The rules panel: its widest, the room it leaves at the window's sides (both together) and
/// between the bars (top and bottom together), its lowest and its highest.
pub(super) const RULES_WIDTH: f32 = 940.0;
pub(super) const RULES_SIDES: f32 = 60.0;
pub(super) const RULES_ENDS: f32 = 48.0;
pub(super) const RULES_MIN_HEIGHT: f32 = 200.0;
pub(super) const RULES_MAX_HEIGHT: f32 = 820.0;
/// The room above a heading in the rules.
pub(super) const HEADING_GAP: f32 = 8.0;
/// The list of puzzles: its widest, the room it leaves at the window's sides (both together)
/// and between the bars (top and bottom together), and its lowest.
pub(super) const PUZZLE_LIST_WIDTH: f32 = 720.0;
pub(super) const PUZZLE_LIST_SIDES: f32 = 80.0;
pub(super) const PUZZLE_LIST_ENDS: f32 = 110.0;
pub(super) const PUZZLE_LIST_MIN_HEIGHT: f32 = 200.0;
/// The saved-games window's contents' width, the room between its rows, the name field's width,
/// and the height of the list before it scrolls.
pub(super) const RECORDS_WIDTH: f32 = 820.0;
pub(super) const RECORDS_SPACING: f32 = 6.0;
pub(super) const RECORDS_NAME_WIDTH: f32 = 420.0;
pub(super) const RECORDS_LIST_HEIGHT: f32 = 150.0;
/// The resume offer's widest, and the room above its buttons.
pub(super) const RESUME_WIDTH: f32 = 520.0;
pub(super) const RESUME_BEFORE_BUTTONS: f32 = 6.0;
/// A notice on its own: down from the window's top, and its widest.
pub(super) const NOTICE_OFFSET: Vec2 = Vec2::new(0.0, 90.0);
pub(super) const NOTICE_WIDTH: f32 = 640.0;

// The title screen.

/// The title's widest, and the room it leaves at the window's sides (both together).
pub(super) const TITLE_WIDTH: f32 = 1240.0;
pub(super) const TITLE_SIDES: f32 = 48.0;
/// The room above the title's name, and under the cards.
pub(super) const TITLE_TOP: f32 = 6.0;
pub(super) const TITLE_BOTTOM: f32 = 18.0;
/// Below this window width the language picker does not fit beside the title's name: it takes a
/// row of this height above it.
pub(super) const TITLE_PICKER_BESIDE: f32 = 1200.0;
pub(super) const TITLE_PICKER_ROW: f32 = 58.0;
/// The language picker: in from the top right corner.
pub(super) const LANGUAGES_OFFSET: Vec2 = Vec2::new(-24.0, 8.0);
/// The players' card: the narrowest room for a side's name, and the room after the longest.
pub(super) const SIDE_NAME_WIDTH: f32 = 290.0;
pub(super) const SIDE_NAME_ROOM: f32 = 16.0;
/// The room between "person" and the computer's levels.
pub(super) const SEAT_GAP: f32 = 8.0;
/// The width from which the games' cards stand two to a row.
pub(super) const TWO_CARD_COLUMNS: f32 = 900.0;
/// The width from which the title's cards leave the middle of the screen to the board, the
/// share of the width they leave, and the least they leave.
pub(super) const WIDE_TITLE: f32 = 1100.0;
pub(super) const BOARD_SHARE: f32 = 0.25;
pub(super) const BOARD_MIN_GAP: f32 = 300.0;
/// The room between the lines of a game's card.
pub(super) const TITLE_CARD_LINE_SPACING: f32 = 3.0;
/// The room between a Kujifunza reading's question and its options: closer than the overlay's
/// usual spacing, so that on a narrow title card they keep to one row.
pub(super) const READING_SPACING: f32 = 5.0;
/// The tallest a board's picture is on a card, in points.
pub(super) const PICTURE_HEIGHT: f32 = 50.0;
/// The room between a card's buttons and its board's picture.
pub(super) const PICTURE_ROOM: f32 = 8.0;
/// The saved-games button on the title screen: in from the top left corner.
pub(super) const RECORDS_TITLE_BUTTON_OFFSET: Vec2 = Vec2::new(24.0, 8.0);

// The in-game bars.

/// The replay card's widest content: the gap between the bottom corner cards at 1280×720.
pub(super) const REPLAY_WIDTH: f32 = 660.0;
/// The replay card's distance from the window's bottom edge.
pub(super) const REPLAY_MARGIN: f32 = 6.0;
/// The replay's slider over the moves.
pub(super) const REPLAY_SLIDER_WIDTH: f32 = 200.0;

/// The room between a bar's card and the window's edge.
pub(super) const BAR_GAP: f32 = 8.0;
/// The room the game card (the variant and the move list) keeps between the top corner cards:
/// the menu wraps onto more rows rather than take it.
pub(super) const GAME_CARD_MIN_WIDTH: f32 = 220.0;
/// The room inside a bar's card.
pub(super) const BAR_CARD_MARGIN: Margin = Margin::symmetric(10, 4);
/// The room between the lines of a bar's card.
pub(super) const BAR_LINE_SPACING: f32 = 1.0;
/// The narrowest the cards between the corner cards (the game's, the turn's) get.
pub(super) const BAR_MIN_WIDTH: f32 = 160.0;
/// The widest a side's card may grow, as a share of the window's width.
pub(super) const SIDE_CARD_SHARE: f32 = 0.34;
/// The room inside the pale card of the side to move.
pub(super) const SIDE_CARD_MARGIN: Margin = Margin::symmetric(12, 2);
/// The size of the seed counts under a side's name.
pub(super) const COUNTS_TEXT: f32 = 16.0;
/// The computer's thinking spinner.
pub(super) const SPINNER_SIZE: f32 = 24.0;
/// The room between the feedback line and the cards it lies beside.
pub(super) const FEEDBACK_GAP: f32 = 12.0;

/// The room between a turned card's edge and its text (face to face).
pub(super) const TURNED_MARGIN: Vec2 = Vec2::new(14.0, 6.0);
/// The room between two lines of a turned card.
pub(super) const TURNED_LINE_SPACING: f32 = 2.0;
/// The widest a turned card's line may be before it wraps.
pub(super) const TURNED_WRAP: f32 = 520.0;

/// The window height the layout is designed for; taller windows scale the overlay up.
const DESIGN_HEIGHT: f32 = 720.0;

/// The palette follows the settings' "High contrast".
fn follow_high_contrast(settings: Res<Settings>, mut palette: ResMut<Palette>) {
    palette.set_if_neq(Palette::chosen(&settings));
}

/// Sets the style once per context (and again if something reset it, or the palette changed),
/// and scales the overlay with the window so that a 1080p kiosk shows the same layout as a 720p
/// window, larger, times the player's interface scale and the kiosk's.
fn apply_style(
    mut contexts: EguiContexts,
    window: Query<&Window, With<PrimaryWindow>>,
    settings: Res<Settings>,
    policy: Res<UiPolicy>,
    palette: Res<Palette>,
    mut insets: ResMut<Insets>,
    mut done: Local<bool>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if let Ok(window) = window.single() {
        let zoom = zoom(window.height(), policy.scale, settings.ui_scale);
        if (ctx.zoom_factor() - zoom).abs() > 0.01 {
            ctx.set_zoom_factor(zoom);
        }
        insets.zoom = ctx.zoom_factor();
    }
    if *done && ctx.global_style().visuals.panel_fill == palette.parchment {
        return;
    }
    *done = true;
    ctx.set_theme(egui::Theme::Light);
    ctx.all_styles_mut(|style| {
        style.text_styles = text_styles();
        spacing(&mut style.spacing);
        // Text is read, not selected: a selectable label would catch taps and long presses.
        style.interaction.selectable_labels = false;
        style.visuals = visuals(&palette);
    });
}

/// The overlay's zoom in a window `height` high: larger in a taller window (up to twice), times
/// the kiosk's scale and the player's interface scale.
fn zoom(height: f32, policy_scale: f32, player_scale: f32) -> f32 {
    (height / DESIGN_HEIGHT).clamp(1.0, 2.0)
        * policy_scale
        * player_scale.clamp(Settings::MIN_UI_SCALE, Settings::MAX_UI_SCALE)
}

/// egui's text styles in the overlay's sizes.
fn text_styles() -> BTreeMap<TextStyle, FontId> {
    [
        (
            TextStyle::Heading,
            FontId::new(HEADING_TEXT, FontFamily::Proportional),
        ),
        (
            TextStyle::Body,
            FontId::new(BODY_TEXT, FontFamily::Proportional),
        ),
        (
            TextStyle::Button,
            FontId::new(BUTTON_TEXT, FontFamily::Proportional),
        ),
        (
            TextStyle::Small,
            FontId::new(SMALL_TEXT, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(MONOSPACE_TEXT, FontFamily::Monospace),
        ),
    ]
    .into()
}

/// Room between and inside widgets, and controls of a touch target's size.
fn spacing(spacing: &mut egui::style::Spacing) {
    spacing.item_spacing = ITEM_SPACING;
    spacing.button_padding = BUTTON_PADDING;
    spacing.interact_size = Vec2::new(TOUCH_WIDTH, TOUCH);
    spacing.window_margin = Margin::same(WINDOW_MARGIN);
    spacing.slider_width = SLIDER_WIDTH;
    // The windows' close cross and the checkboxes are drawn this size: a full touch target.
    spacing.icon_width = TOUCH_WIDTH;
    spacing.icon_width_inner = ICON_INNER;
    spacing.scroll.bar_width = SCROLL_BAR_WIDTH;
}

fn visuals(palette: &Palette) -> egui::Visuals {
    let mut v = egui::Visuals::light();
    v.override_text_color = Some(palette.ink);
    v.panel_fill = palette.parchment;
    v.window_fill = palette.parchment;
    v.window_stroke = Stroke::new(WINDOW_EDGE_WIDTH, CARD_EDGE);
    v.window_corner_radius = CornerRadius::same(WINDOW_CORNER);
    v.extreme_bg_color = FIELD;
    v.faint_bg_color = STRIPE;
    v.hyperlink_color = palette.ochre;
    v.selection.bg_fill = palette.ochre_pale;
    v.selection.stroke = Stroke::new(BOLD_EDGE_WIDTH, palette.ochre);
    let round = CornerRadius::same(BUTTON_CORNER);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = palette.parchment;
    w.noninteractive.bg_stroke = Stroke::new(THIN_EDGE_WIDTH, QUIET_EDGE);
    w.noninteractive.fg_stroke = Stroke::new(THIN_EDGE_WIDTH, palette.ink);
    for (state, fill) in [
        (&mut w.inactive, palette.button),
        (&mut w.hovered, palette.button_hover),
        (&mut w.active, palette.button_active),
        (&mut w.open, palette.button_hover),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.corner_radius = round;
        state.fg_stroke = Stroke::new(WIDGET_INK_WIDTH, palette.ink);
        state.bg_stroke = Stroke::new(THIN_EDGE_WIDTH, BUTTON_EDGE);
    }
    w.hovered.bg_stroke = Stroke::new(BOLD_EDGE_WIDTH, palette.ochre);
    // egui draws the button that has the keyboard's focus (Tab) as pressed: a thick dark edge
    // makes it plain which one Enter or Space will press.
    w.active.bg_stroke = Stroke::new(FOCUS_EDGE_WIDTH, palette.ink);
    v
}

/// A large button that is easy to touch.
/// A question asked at start in the middle of the screen ("Resume your game…?"): not folded,
/// not resized, its contents at most [`RESUME_WIDTH`] wide.
pub(super) fn question_window<R>(
    ctx: &egui::Context,
    title: egui::RichText,
    id: &str,
    contents: impl FnOnce(&mut egui::Ui) -> R,
) -> Option<R> {
    egui::Window::new(title)
        .id(egui::Id::new(id))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_max_width(RESUME_WIDTH);
            contents(ui)
        })
        .and_then(|shown| shown.inner)
}

/// How wide `text` is on one line in `font`, in points (egui keeps the layout, so asking each
/// frame costs little): for layouts that decide before they draw.
pub(super) fn text_width(ui: &egui::Ui, text: &str, font: egui::FontId) -> f32 {
    ui.fonts_mut(|fonts| {
        fonts
            .layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
            .size()
            .x
    })
}

pub(super) fn button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    sized_button(ui, text, BUTTON_TEXT, TOUCH)
}

/// A button in the type of a card's text, for the row of actions of a narrow card (still a full
/// touch target).
pub(super) fn card_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    sized_button(ui, text, CARD_BUTTON_TEXT, TOUCH)
}

/// A large button at least [`WIDE_BUTTON`] points wide, for the main action of a card.
pub(super) fn wide_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    sized_button(ui, text, BUTTON_TEXT, WIDE_BUTTON)
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
pub(super) fn choice(
    ui: &mut egui::Ui,
    palette: &Palette,
    selected: bool,
    text: &str,
) -> egui::Response {
    choice_of_size(ui, palette, selected, text, PARAGRAPH_TEXT)
}

/// A [`choice`] in smaller type, for an option inside a card (still a full touch target).
pub(super) fn choice_compact(
    ui: &mut egui::Ui,
    palette: &Palette,
    selected: bool,
    text: &str,
) -> egui::Response {
    choice_of_size(ui, palette, selected, text, COMPACT_TEXT)
}

fn choice_of_size(
    ui: &mut egui::Ui,
    palette: &Palette,
    selected: bool,
    text: &str,
    size: f32,
) -> egui::Response {
    let (fill, stroke) = if selected {
        (
            palette.ochre_pale,
            Stroke::new(CHOSEN_EDGE_WIDTH, palette.ochre),
        )
    } else {
        (palette.button, Stroke::new(THIN_EDGE_WIDTH, BUTTON_EDGE))
    };
    let response = ui.add(
        egui::Button::new(RichText::new(text).size(size))
            .fill(fill)
            .stroke(stroke)
            .min_size(Vec2::new(TOUCH, CHOICE_HEIGHT)),
    );
    super::buttons::note(ui, &response, text);
    response
}

/// A rounded parchment card.
pub(super) fn card(fill: Color32) -> egui::Frame {
    egui::Frame::new()
        .fill(fill)
        .stroke(Stroke::new(INNER_CARD_EDGE_WIDTH, INNER_CARD_EDGE))
        .corner_radius(CornerRadius::same(CARD_CORNER))
        .inner_margin(CARD_MARGIN)
}

/// Body text with a line width that stays readable.
pub(super) fn paragraph(ui: &mut egui::Ui, text: &str) {
    ui.add(egui::Label::new(RichText::new(text).size(PARAGRAPH_TEXT)).wrap());
}

/// A parchment card at the top of the board, centred under the top cards (a puzzle's, a
/// lesson's, a replayed move's); it widens the top inset so that windows open below it.
pub(super) fn top_card<R>(
    ctx: &egui::Context,
    palette: &Palette,
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
                .fill(palette.parchment)
                .stroke(egui::Stroke::new(WINDOW_EDGE_WIDTH, palette.ochre))
                .corner_radius(egui::CornerRadius::same(BUTTON_CORNER))
                .inner_margin(TOP_CARD_MARGIN)
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
    palette: &Palette,
    id: &str,
    insets: &mut super::viewport::Insets,
    buttons: impl FnOnce(&mut egui::Ui) -> Option<A>,
    text: impl FnOnce(&mut egui::Ui),
) -> Option<A> {
    let width = (ctx.content_rect().width() - GUIDE_CARD_SIDES).min(GUIDE_CARD_WIDTH);
    top_card(ctx, palette, id, insets, |ui| {
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
