//! The rules panel of a variant: its rules organised as the sources are (board, play, capture,
//! end), the local words, its history, the house rules, and "show me" examples played on the
//! board, with a caption banner while an example runs. The banner is drawn before the windows, so
//! that a window opened while an example runs sits below it rather than over it.

use super::style::{self, Palette};
use super::viewport::Insets;
use super::{Overlay, Panels, UiSet, reading};
use crate::content::{self, VariantText};
use crate::core::{
    GameCommand, Screen, Seat, Session, Settings, ShowExample, StartGame, StashedGame,
};
use crate::i18n::I18n;
use bao_engine::{Position, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, Align2, RichText, Vec2};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesView>().add_systems(
        EguiPrimaryContextPass,
        (
            (send_pending_example, example_banner)
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(UiSet::Banner),
            rules_window.in_set(UiSet::Windows),
        ),
    );
}

/// The tabs of the rules panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Tab {
    #[default]
    Rules,
    ShowMe,
    Words,
    History,
    HouseRules,
    Keys,
}

impl Tab {
    const ALL: [Tab; 6] = [
        Tab::Rules,
        Tab::ShowMe,
        Tab::Words,
        Tab::History,
        Tab::HouseRules,
        Tab::Keys,
    ];

    /// The key of the tab's label.
    const fn label(self) -> &'static str {
        match self {
            Tab::Rules => "rules-tab-rules",
            Tab::ShowMe => "rules-tab-show-me",
            Tab::Words => "rules-tab-words",
            Tab::History => "rules-tab-history",
            Tab::HouseRules => "rules-tab-house-rules",
            Tab::Keys => "rules-tab-keys",
        }
    }
}

/// The rules panel's own state.
#[derive(Resource, Default, Debug)]
pub(super) struct RulesView {
    pub(super) tab: Tab,
    /// An example chosen on the title screen, sent once the game screen is up.
    pending: Option<Shown>,
    /// The example on the board, for the caption banner.
    shown: Option<Shown>,
    /// The last example failed to load (the details go to the log).
    error: bool,
}

impl RulesView {
    /// Shows the last example of `variant` once the game screen is up (for `--show example`).
    pub(super) fn show_last_example(&mut self, variant: Variant) {
        let examples = content::text(variant).examples;
        let Some(index) = examples.len().checked_sub(1) else {
            return;
        };
        match examples[index].load() {
            Ok(loaded) => {
                self.pending = Some(Shown {
                    variant,
                    index,
                    start: loaded.position,
                    on_board: false,
                });
            }
            Err(e) => error!("example {}: {e}", examples[index].title),
        }
    }
}

/// An example being shown.
#[derive(Clone, Copy, Debug)]
struct Shown {
    variant: Variant,
    index: usize,
    /// Its start position: the banner goes once the board shows another game.
    start: Position,
    /// The board has shown the example (the core loads it a frame after the request).
    on_board: bool,
}

/// The rules panel's state, which windows are open, and the room the bars leave.
#[derive(SystemParam)]
struct RulesPanel<'w> {
    panels: ResMut<'w, Panels>,
    view: ResMut<'w, RulesView>,
    insets: Res<'w, Insets>,
}

/// The screen the panel is opened over, and the settings (the reading of Kujifunza's kichwa
/// rule chosen on the title screen).
#[derive(SystemParam)]
struct Over<'w> {
    screen: Res<'w, State<Screen>>,
    settings: ResMut<'w, Settings>,
}

/// What an example's button sends: the example, and from the title screen a game to show it in.
#[derive(SystemParam)]
struct ExampleOrders<'w> {
    examples: MessageWriter<'w, ShowExample>,
    start: MessageWriter<'w, StartGame>,
}

fn rules_window(
    mut overlay: Overlay,
    mut panel: RulesPanel,
    mut over: Over,
    mut orders: ExampleOrders,
) {
    let Some(variant) = panel.panels.rules else {
        return;
    };
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let i18n = &*overlay.i18n;
    let insets = *panel.insets;
    // Between the bars in a game, so that they stay in reach.
    let area = ctx.content_rect();
    let size = Vec2::new(
        (area.width() - style::RULES_SIDES).min(style::RULES_WIDTH),
        (area.height() - insets.top - insets.bottom - style::RULES_ENDS)
            .clamp(style::RULES_MIN_HEIGHT, style::RULES_MAX_HEIGHT),
    );
    let mut open = true;
    let mut chosen = None;
    let name = i18n.tr(content::variant_name(variant));
    let title = i18n.tr_args("rules-window-title", &[("variant", name.into())]);
    // Centred between the bars (and the example banner, when one is up).
    let offset = Vec2::new(0.0, (insets.top - insets.bottom) / 2.0);
    egui::Window::new(RichText::new(title).size(style::WINDOW_TITLE_TEXT).strong())
        .id(egui::Id::new("rules"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, offset)
        .fixed_size(size)
        .show(ctx, |ui| {
            let pages = Pages {
                variant,
                text: content::text(variant),
                i18n,
                palette: &overlay.palette,
            };
            chosen = rules_contents(ui, &pages, &overlay.policy, &mut panel.view, &mut over);
        });
    if !open {
        panel.panels.rules = None;
    }
    if let Some(index) = chosen {
        show_example(variant, index, &mut panel, *over.screen.get(), &mut orders);
    }
}

/// What the panel's pages are drawn from: the variant's text, in the player's language and the
/// palette in use.
struct Pages<'a> {
    variant: Variant,
    text: &'static VariantText,
    i18n: &'a I18n,
    palette: &'a Palette,
}

/// The tabs, the reading of the kichwa rule (Kujifunza), and the tab chosen; the example whose
/// button was pressed.
fn rules_contents(
    ui: &mut egui::Ui,
    pages: &Pages,
    policy: &super::UiPolicy,
    view: &mut RulesView,
    over: &mut Over,
) -> Option<usize> {
    let (i18n, palette) = (pages.i18n, pages.palette);
    ui.horizontal_wrapped(|ui| {
        for tab in Tab::ALL {
            if style::choice(ui, palette, view.tab == tab, &i18n.tr(tab.label())).clicked() {
                view.tab = tab;
            }
        }
    });
    if pages.variant.is_kujifunza() {
        let screen = *over.screen.get();
        kichwa_reading(ui, pages, &policy.variants, screen, &mut over.settings);
    }
    ui.separator();
    let mut chosen = None;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| match view.tab {
            Tab::Rules => rules_tab(ui, pages),
            Tab::ShowMe => chosen = show_me_tab(ui, pages, view.error),
            Tab::Words => words_tab(ui, pages),
            Tab::History => history_tab(ui, pages),
            Tab::HouseRules => house_rules_tab(ui, pages),
            Tab::Keys => keys_tab(ui, pages),
        });
    chosen
}

/// Shows `variant`'s example `index` on the board: at once in a game, or in a new game for two
/// from the title screen; the panel closes to make room to watch it.
fn show_example(
    variant: Variant,
    index: usize,
    panel: &mut RulesPanel,
    screen: Screen,
    orders: &mut ExampleOrders,
) {
    let Some(example) = content::text(variant).examples.get(index) else {
        return;
    };
    let view = &mut panel.view;
    match example.load() {
        Ok(loaded) => {
            view.error = false;
            // Make room to watch the example.
            panel.panels.rules = None;
            panel.panels.settings = false;
            let shown = Shown {
                variant,
                index,
                start: loaded.position,
                on_board: false,
            };
            if screen == Screen::Playing {
                view.shown = Some(shown);
                orders.examples.write(ShowExample {
                    position: loaded.position,
                    moves: loaded.moves,
                });
            } else {
                // From the title screen: open a board for two people, then show the example.
                orders.start.write(StartGame {
                    variant,
                    seats: [Seat::Human, Seat::Human],
                });
                view.pending = Some(shown);
            }
        }
        Err(e) => {
            error!("example {}: {e}", example.title);
            view.error = true;
        }
    }
}

/// Kujifunza's two readings of the kichwa rule (KU-8, KU-8c): on the title screen a choice for
/// the next game among the `offered` rule sets (the title card shows the same one); in a game,
/// the reading it is played by.
fn kichwa_reading(
    ui: &mut egui::Ui,
    pages: &Pages,
    offered: &[Variant],
    screen: Screen,
    settings: &mut Settings,
) {
    let (i18n, palette) = (pages.i18n, pages.palette);
    if screen == Screen::Title {
        let wording = reading::Wording::Full;
        reading::reading_choice(ui, palette, &mut settings.kujifunza, offered, wording, i18n);
    } else if let Some(line) = reading::reading_line(pages.variant, reading::Wording::Full, i18n) {
        ui.label(
            RichText::new(line)
                .size(style::NOTE_TEXT)
                .color(palette.ochre_text),
        );
    }
}

fn heading(ui: &mut egui::Ui, palette: &Palette, text: &str) {
    ui.add_space(style::HEADING_GAP);
    ui.label(
        RichText::new(text)
            .size(style::WINDOW_TITLE_TEXT)
            .strong()
            .color(palette.ochre_text),
    );
}

fn bullet(ui: &mut egui::Ui, palette: &Palette, text: &str) {
    ui.horizontal_top(|ui| {
        ui.label(
            RichText::new("•")
                .size(style::PARAGRAPH_TEXT)
                .color(palette.ochre_text),
        );
        style::paragraph(ui, text);
    });
}

fn rules_tab(ui: &mut egui::Ui, pages: &Pages) {
    let (text, i18n, palette) = (pages.text, pages.i18n, pages.palette);
    for (title, points) in text.rules.sections() {
        heading(ui, palette, &i18n.tr(title));
        for point in points {
            bullet(ui, palette, &i18n.tr(point));
        }
    }
    heading(ui, palette, &i18n.tr("rules-notation-heading"));
    style::paragraph(ui, &i18n.tr(content::NOTATION));
    // Each mark has its own shape as well as its colour (`board::ring_shapes`); the pit card
    // says the same words for the mark on the pit under the pointer.
    heading(ui, palette, &i18n.tr("legend-title"));
    style::paragraph(ui, &i18n.tr("legend-intro"));
    for ring in super::pit_card::RINGS {
        bullet(ui, palette, &i18n.tr(super::pit_card::legend_key(ring)));
    }
    if !text.house_rules.is_empty() {
        ui.add_space(style::SECTION_GAP);
        ui.add(
            egui::Label::new(
                RichText::new(i18n.tr("rules-see-house-rules"))
                    .size(style::NOTE_TEXT)
                    .italics()
                    .color(palette.ink_soft),
            )
            .wrap(),
        );
    }
}

/// The examples with their captions; returns the one whose button was pressed.
fn show_me_tab(ui: &mut egui::Ui, pages: &Pages, error: bool) -> Option<usize> {
    let i18n = pages.i18n;
    let mut chosen = None;
    style::paragraph(ui, &i18n.tr("rules-show-me-intro"));
    if error {
        let error = i18n.tr("rules-example-error");
        ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
    }
    for (index, example) in pages.text.examples.iter().enumerate() {
        ui.add_space(style::SECTION_GAP);
        if example_card(ui, pages, example) {
            chosen = Some(index);
        }
    }
    chosen
}

/// One example's card: its button, title, caption and moves; whether the button was pressed.
fn example_card(ui: &mut egui::Ui, pages: &Pages, example: &content::ExampleText) -> bool {
    let (i18n, palette) = (pages.i18n, pages.palette);
    let mut pressed = false;
    style::card(palette.parchment).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            pressed = style::button(ui, &i18n.tr("rules-show-me")).clicked();
            ui.vertical(|ui| {
                ui.label(
                    RichText::new(i18n.tr(example.title))
                        .size(style::EMPHASIS_TEXT)
                        .strong(),
                );
                style::paragraph(ui, &i18n.tr(example.caption));
                let moves = example.moves.join(" ");
                ui.label(
                    RichText::new(i18n.tr_args("rules-moves", &[("moves", moves.into())]))
                        .size(style::SMALL_TEXT)
                        .monospace()
                        .color(palette.ink_soft),
                );
            });
        });
    });
    pressed
}

fn words_tab(ui: &mut egui::Ui, pages: &Pages) {
    let (i18n, palette) = (pages.i18n, pages.palette);
    for term in pages.text.terms {
        ui.add_space(style::LINE_GAP);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(i18n.tr(term.word))
                    .size(style::BODY_TEXT)
                    .strong()
                    .italics()
                    .color(palette.ochre_text),
            );
            ui.label(RichText::new("—").size(style::PARAGRAPH_TEXT));
            style::paragraph(ui, &i18n.tr(term.meaning));
        });
    }
}

fn history_tab(ui: &mut egui::Ui, pages: &Pages) {
    let (text, i18n, palette) = (pages.text, pages.i18n, pages.palette);
    heading(ui, palette, &i18n.tr(content::variant_name(text.variant)));
    let who_and_where = format!("{} — {}", i18n.tr(text.people), i18n.tr(text.region));
    ui.add(egui::Label::new(RichText::new(who_and_where).size(style::BODY_TEXT).strong()).wrap());
    ui.label(
        RichText::new(i18n.tr(text.board))
            .size(style::NOTE_TEXT)
            .color(palette.ink_soft),
    );
    for paragraph in text.history {
        ui.add_space(style::SECTION_GAP);
        style::paragraph(ui, &i18n.tr(paragraph));
    }
}

/// The keys of the game: each action's key, for playing without a pointer.
fn keys_tab(ui: &mut egui::Ui, pages: &Pages) {
    let (i18n, palette) = (pages.i18n, pages.palette);
    style::paragraph(ui, &i18n.tr("keys-intro"));
    for key in [
        "keys-arrows",
        "keys-enter",
        "keys-space",
        "keys-escape",
        "keys-tab",
        "keys-hint",
        "keys-undo",
        "keys-redo",
        "keys-home",
        "keys-gamepad",
    ] {
        bullet(ui, palette, &i18n.tr(key));
    }
}

fn house_rules_tab(ui: &mut egui::Ui, pages: &Pages) {
    style::paragraph(ui, &pages.i18n.tr("rules-house-rules-intro"));
    for rule in pages.text.house_rules {
        bullet(ui, pages.palette, &pages.i18n.tr(rule));
    }
}

/// Sends the example chosen on the title screen once the game screen has started.
fn send_pending_example(mut view: ResMut<RulesView>, mut examples: MessageWriter<ShowExample>) {
    let Some(shown) = view.pending.take() else {
        return;
    };
    let Some(Ok(loaded)) = content::text(shown.variant)
        .examples
        .get(shown.index)
        .map(content::ExampleText::load)
    else {
        return;
    };
    view.shown = Some(shown);
    examples.write(ShowExample {
        position: loaded.position,
        moves: loaded.moves,
    });
}

/// The game on the board, and the game a "show me" example interrupted (it comes back when the
/// banner closes).
#[derive(SystemParam)]
struct Board<'w> {
    session: Res<'w, Session>,
    stash: Res<'w, StashedGame>,
}

/// What the banner's buttons send: the example again, or the interrupted game back.
#[derive(SystemParam)]
struct BannerOrders<'w> {
    examples: MessageWriter<'w, ShowExample>,
    games: MessageWriter<'w, GameCommand>,
}

/// The caption of the example on the board, with a replay button, in a strip under the top bar.
/// It is drawn before the windows and widens the top inset, so that the rules and settings
/// windows open below it; the buttons take the width they need, in any language, and the caption
/// wraps in the rest.
fn example_banner(
    mut overlay: Overlay,
    mut view: ResMut<RulesView>,
    mut panels: ResMut<Panels>,
    mut insets: ResMut<Insets>,
    board: Board,
    mut orders: BannerOrders,
) {
    let Some(shown) = example_on_board(&mut view, &mut panels, &board.session) else {
        return;
    };
    let Some(example) = content::text(shown.variant).examples.get(shown.index) else {
        return;
    };
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let screen = ctx.content_rect();
    let width = screen.width() - style::GUIDE_CARD_SIDES;
    let mut asked = None;
    let banner = egui::Area::new(egui::Id::new("example-banner"))
        .order(egui::Order::Background)
        .fixed_pos(egui::pos2(screen.left(), screen.top() + insets.top))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(palette.parchment)
                .stroke(egui::Stroke::new(style::WINDOW_EDGE_WIDTH, palette.ochre))
                .inner_margin(style::TOP_CARD_MARGIN)
                .show(ui, |ui| {
                    ui.set_width(width);
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        asked = banner_buttons(ui, i18n, board.stash.0.is_some());
                        // The caption takes the width the buttons leave.
                        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                            caption(ui, i18n, palette, example);
                        });
                    });
                });
        })
        .response
        .rect;
    insets.top = insets.top.max(banner.bottom() - screen.top());
    let interrupted = board.stash.0.is_some();
    match asked {
        Some(BannerAction::Replay) => replay_example(example, &mut orders.examples),
        Some(BannerAction::Close) => {
            view.shown = None;
            if interrupted {
                orders.games.write(GameCommand::ResumeGame);
            }
        }
        None => {}
    }
}

/// Shows `example` again from its start.
fn replay_example(example: &content::ExampleText, examples: &mut MessageWriter<ShowExample>) {
    if let Ok(loaded) = example.load() {
        examples.write(ShowExample {
            position: loaded.position,
            moves: loaded.moves,
        });
    }
}

/// The example the banner is for, once it is on the board (the panels close then, to make room
/// to watch it); `None` before, and for good once another game is on the board.
fn example_on_board(view: &mut RulesView, panels: &mut Panels, session: &Session) -> Option<Shown> {
    let mut shown = view.shown?;
    if session.game().start() != &shown.start {
        if shown.on_board {
            // Another game is on the board now.
            view.shown = None;
        }
        return None;
    }
    if !shown.on_board {
        // The example is on the board: make room to watch it.
        shown.on_board = true;
        panels.rules = None;
        panels.settings = false;
    }
    view.shown = Some(shown);
    Some(shown)
}

/// What a button of the banner asks for.
enum BannerAction {
    /// The example again from its start.
    Replay,
    /// The banner closes, and the game the example interrupted comes back.
    Close,
}

/// The banner's buttons, right to left: close (back to the game, if one was interrupted) and
/// the example again.
fn banner_buttons(ui: &mut egui::Ui, i18n: &I18n, interrupted: bool) -> Option<BannerAction> {
    let close_label = if interrupted {
        i18n.tr("rules-back-to-game")
    } else {
        i18n.tr("rules-close")
    };
    let mut asked = None;
    if style::button(ui, &close_label).clicked() {
        asked = Some(BannerAction::Close);
    }
    if style::button(ui, &i18n.tr("rules-replay")).clicked() {
        asked = Some(BannerAction::Replay);
    }
    asked
}

/// The example's title and caption.
fn caption(ui: &mut egui::Ui, i18n: &I18n, palette: &Palette, example: &content::ExampleText) {
    ui.spacing_mut().item_spacing.y = style::GUIDE_LINE_SPACING;
    let title = i18n.tr(example.title);
    ui.label(
        RichText::new(i18n.tr_args("rules-example", &[("title", title.into())]))
            .size(style::BODY_TEXT)
            .strong()
            .color(palette.ochre_text),
    );
    style::paragraph(ui, &i18n.tr(example.caption));
}
