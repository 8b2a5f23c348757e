//! The rules panel of a variant: its rules organised as the sources are (board, play, capture,
//! end), the local words, its history, the house rules, and "show me" examples played on the
//! board, with a caption banner while an example runs. The banner is drawn before the windows, so
//! that a window opened while an example runs sits below it rather than over it.

use super::reading;
use super::style;
use super::viewport::Insets;
use super::{Panels, UiSet};
use crate::content::{self, VariantText};
use crate::core::{
    GameCommand, Screen, Seat, Session, Settings, ShowExample, StartGame, StashedGame,
};
use crate::i18n::I18n;
use bao_engine::{Position, Variant};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

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

#[expect(
    clippy::too_many_arguments,
    reason = "a Bevy system: each parameter is one resource or message channel it needs"
)]
fn rules_window(
    mut contexts: EguiContexts,
    mut panels: ResMut<Panels>,
    insets: Res<Insets>,
    mut view: ResMut<RulesView>,
    i18n: Res<I18n>,
    screen: Res<State<Screen>>,
    mut examples: MessageWriter<ShowExample>,
    mut start: MessageWriter<StartGame>,
    mut settings: ResMut<Settings>,
) {
    let Some(variant) = panels.rules else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let text = content::text(variant);
    // Between the bars in a game, so that they stay in reach.
    let area = ctx.content_rect();
    let size = Vec2::new(
        (area.width() - 60.0).min(940.0),
        (area.height() - insets.top - insets.bottom - 48.0).clamp(200.0, 820.0),
    );
    let mut open = true;
    let mut chosen = None;
    let name = i18n.tr(content::variant_name(variant));
    let title = i18n.tr_args("rules-window-title", &[("variant", name.into())]);
    // Centred between the bars (and the example banner, when one is up).
    let offset = Vec2::new(0.0, (insets.top - insets.bottom) / 2.0);
    egui::Window::new(RichText::new(title).size(24.0).strong())
        .id(egui::Id::new("rules"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, offset)
        .fixed_size(size)
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                for tab in Tab::ALL {
                    if style::choice(ui, view.tab == tab, &i18n.tr(tab.label())).clicked() {
                        view.tab = tab;
                    }
                }
            });
            if variant.is_kujifunza() {
                kichwa_reading(ui, variant, *screen.get(), &mut settings, &i18n);
            }
            ui.separator();
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| match view.tab {
                    Tab::Rules => rules_tab(ui, text, &i18n),
                    Tab::ShowMe => chosen = show_me_tab(ui, text, view.error, &i18n),
                    Tab::Words => words_tab(ui, text, &i18n),
                    Tab::History => history_tab(ui, text, &i18n),
                    Tab::HouseRules => house_rules_tab(ui, text, &i18n),
                    Tab::Keys => keys_tab(ui, &i18n),
                });
        });
    if !open {
        panels.rules = None;
    }
    let Some(index) = chosen else {
        return;
    };
    let Some(example) = text.examples.get(index) else {
        return;
    };
    match example.load() {
        Ok(loaded) => {
            view.error = false;
            // Make room to watch the example.
            panels.rules = None;
            panels.settings = false;
            let shown = Shown {
                variant,
                index,
                start: loaded.position,
                on_board: false,
            };
            if *screen.get() == Screen::Playing {
                view.shown = Some(shown);
                examples.write(ShowExample {
                    position: loaded.position,
                    moves: loaded.moves,
                });
            } else {
                // From the title screen: open a board for two people, then show the example.
                start.write(StartGame {
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
/// the next game (the title card shows the same one); in a game, the reading it is played by.
fn kichwa_reading(
    ui: &mut egui::Ui,
    variant: Variant,
    screen: Screen,
    settings: &mut Settings,
    i18n: &I18n,
) {
    if screen == Screen::Title {
        let offered = super::policy::offered_variants(ui.ctx());
        reading::reading_choice(
            ui,
            &mut settings.kujifunza,
            &offered,
            reading::Wording::Full,
            i18n,
        );
    } else if let Some(line) = reading::reading_line(variant, reading::Wording::Full, i18n) {
        ui.label(
            RichText::new(line)
                .size(17.0)
                .color(style::palette().ochre_text),
        );
    }
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(8.0);
    ui.label(
        RichText::new(text)
            .size(24.0)
            .strong()
            .color(style::palette().ochre_text),
    );
}

fn bullet(ui: &mut egui::Ui, text: &str) {
    ui.horizontal_top(|ui| {
        ui.label(
            RichText::new("•")
                .size(19.0)
                .color(style::palette().ochre_text),
        );
        style::paragraph(ui, text);
    });
}

fn rules_tab(ui: &mut egui::Ui, text: &VariantText, i18n: &I18n) {
    for (title, points) in text.rules.sections() {
        heading(ui, &i18n.tr(title));
        for point in points {
            bullet(ui, &i18n.tr(point));
        }
    }
    heading(ui, &i18n.tr("rules-notation-heading"));
    style::paragraph(ui, &i18n.tr(content::NOTATION));
    if !text.house_rules.is_empty() {
        ui.add_space(6.0);
        ui.add(
            egui::Label::new(
                RichText::new(i18n.tr("rules-see-house-rules"))
                    .size(17.0)
                    .italics()
                    .color(style::palette().ink_soft),
            )
            .wrap(),
        );
    }
}

/// The examples with their captions; returns the one whose button was pressed.
fn show_me_tab(ui: &mut egui::Ui, text: &VariantText, error: bool, i18n: &I18n) -> Option<usize> {
    let mut chosen = None;
    style::paragraph(ui, &i18n.tr("rules-show-me-intro"));
    if error {
        let error = i18n.tr("rules-example-error");
        ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
    }
    for (index, example) in text.examples.iter().enumerate() {
        ui.add_space(6.0);
        style::card(style::palette().parchment).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                if style::button(ui, &i18n.tr("rules-show-me")).clicked() {
                    chosen = Some(index);
                }
                ui.vertical(|ui| {
                    ui.label(RichText::new(i18n.tr(example.title)).size(21.0).strong());
                    style::paragraph(ui, &i18n.tr(example.caption));
                    let moves = example.moves.join(" ");
                    ui.label(
                        RichText::new(i18n.tr_args("rules-moves", &[("moves", moves.into())]))
                            .size(16.0)
                            .monospace()
                            .color(style::palette().ink_soft),
                    );
                });
            });
        });
    }
    chosen
}

fn words_tab(ui: &mut egui::Ui, text: &VariantText, i18n: &I18n) {
    for term in text.terms {
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(i18n.tr(term.word))
                    .size(20.0)
                    .strong()
                    .italics()
                    .color(style::palette().ochre_text),
            );
            ui.label(RichText::new("—").size(19.0));
            style::paragraph(ui, &i18n.tr(term.meaning));
        });
    }
}

fn history_tab(ui: &mut egui::Ui, text: &VariantText, i18n: &I18n) {
    heading(ui, &i18n.tr(content::variant_name(text.variant)));
    let who_and_where = format!("{} — {}", i18n.tr(text.people), i18n.tr(text.region));
    ui.add(egui::Label::new(RichText::new(who_and_where).size(20.0).strong()).wrap());
    ui.label(
        RichText::new(i18n.tr(text.board))
            .size(17.0)
            .color(style::palette().ink_soft),
    );
    for paragraph in text.history {
        ui.add_space(6.0);
        style::paragraph(ui, &i18n.tr(paragraph));
    }
}

/// The keys of the game: each action's key, for playing without a pointer.
fn keys_tab(ui: &mut egui::Ui, i18n: &I18n) {
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
        bullet(ui, &i18n.tr(key));
    }
    // Each mark has its own shape as well as its colour (`board::ring_shapes`).
    heading(ui, &i18n.tr("marks-heading"));
    for key in [
        "marks-legal",
        "marks-focus",
        "marks-hint",
        "marks-next",
        "marks-last",
        "marks-blocked",
        "marks-chosen",
    ] {
        bullet(ui, &i18n.tr(key));
    }
}

fn house_rules_tab(ui: &mut egui::Ui, text: &VariantText, i18n: &I18n) {
    style::paragraph(ui, &i18n.tr("rules-house-rules-intro"));
    for rule in text.house_rules {
        bullet(ui, &i18n.tr(rule));
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

/// The caption of the example on the board, with a replay button, in a strip under the top bar.
/// It is drawn before the windows and widens the top inset, so that the rules and settings
/// windows open below it; the buttons take the width they need, in any language, and the caption
/// wraps in the rest.
#[expect(
    clippy::too_many_arguments,
    reason = "a Bevy system: each parameter is one resource or message channel it needs"
)]
fn example_banner(
    mut contexts: EguiContexts,
    mut view: ResMut<RulesView>,
    mut panels: ResMut<Panels>,
    mut insets: ResMut<Insets>,
    session: Res<Session>,
    stash: Res<StashedGame>,
    i18n: Res<I18n>,
    mut examples: MessageWriter<ShowExample>,
    mut commands_out: MessageWriter<GameCommand>,
) {
    let Some(mut shown) = view.shown else {
        return;
    };
    if session.game().start() == &shown.start {
        if !shown.on_board {
            // The example is on the board: make room to watch it.
            shown.on_board = true;
            panels.rules = None;
            panels.settings = false;
        }
        view.shown = Some(shown);
    } else {
        if shown.on_board {
            // Another game is on the board now.
            view.shown = None;
        }
        return;
    }
    let Some(example) = content::text(shown.variant).examples.get(shown.index) else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let screen = ctx.content_rect();
    let width = screen.width() - 28.0;
    let mut close = false;
    let banner = egui::Area::new(egui::Id::new("example-banner"))
        .order(egui::Order::Background)
        .fixed_pos(egui::pos2(screen.left(), screen.top() + insets.top))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(style::palette().parchment)
                .stroke(egui::Stroke::new(2.0, style::palette().ochre))
                .inner_margin(egui::Margin::symmetric(14, 6))
                .show(ui, |ui| {
                    ui.set_width(width);
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let close_label = if stash.0.is_some() {
                            i18n.tr("rules-back-to-game")
                        } else {
                            i18n.tr("rules-close")
                        };
                        if style::button(ui, &close_label).clicked() {
                            close = true;
                        }
                        if style::button(ui, &i18n.tr("rules-replay")).clicked()
                            && let Ok(loaded) = example.load()
                        {
                            examples.write(ShowExample {
                                position: loaded.position,
                                moves: loaded.moves,
                            });
                        }
                        // The caption takes the width the buttons leave.
                        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                            ui.spacing_mut().item_spacing.y = 2.0;
                            let title = i18n.tr(example.title);
                            ui.label(
                                RichText::new(
                                    i18n.tr_args("rules-example", &[("title", title.into())]),
                                )
                                .size(20.0)
                                .strong()
                                .color(style::palette().ochre_text),
                            );
                            style::paragraph(ui, &i18n.tr(example.caption));
                        });
                    });
                });
        })
        .response
        .rect;
    insets.top = insets.top.max(banner.bottom() - screen.top());
    if close {
        view.shown = None;
        if stash.0.is_some() {
            commands_out.write(GameCommand::ResumeGame);
        }
    }
}
