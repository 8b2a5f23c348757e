//! The rules panel of a variant: its rules organised as the sources are (board, play, capture,
//! end), the local words, its history, the house rules, and "show me" examples played on the
//! board, with a caption banner while an example runs.

use super::style::{self, INK_SOFT, OCHRE, OCHRE_TEXT, PARCHMENT};
use super::viewport::Insets;
use super::{Panels, UiSet};
use crate::content::{self, VariantText};
use crate::session::{GameCommand, Screen, Seat, Session, ShowExample, StartGame, StashedGame};
use bao_engine::{Position, Variant};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesView>().add_systems(
        EguiPrimaryContextPass,
        (
            rules_window,
            send_pending_example.run_if(in_state(Screen::Playing)),
            example_banner.run_if(in_state(Screen::Playing)),
        )
            .chain()
            .in_set(UiSet::Windows),
    );
}

/// The tabs of the rules panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Tab {
    #[default]
    Rules,
    ShowMe,
    Words,
    History,
    HouseRules,
}

impl Tab {
    const ALL: [Tab; 5] = [
        Tab::Rules,
        Tab::ShowMe,
        Tab::Words,
        Tab::History,
        Tab::HouseRules,
    ];

    const fn label(self) -> &'static str {
        match self {
            Tab::Rules => "Rules",
            Tab::ShowMe => "Show me",
            Tab::Words => "Local words",
            Tab::History => "History",
            Tab::HouseRules => "House rules",
        }
    }
}

/// The rules panel's own state.
#[derive(Resource, Default, Debug)]
struct RulesView {
    tab: Tab,
    /// An example chosen on the title screen, sent once the game screen is up.
    pending: Option<Shown>,
    /// The example on the board, for the caption banner.
    shown: Option<Shown>,
    /// The last error loading an example.
    error: Option<String>,
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

fn rules_window(
    mut contexts: EguiContexts,
    mut panels: ResMut<Panels>,
    insets: Res<Insets>,
    mut view: ResMut<RulesView>,
    screen: Res<State<Screen>>,
    mut examples: MessageWriter<ShowExample>,
    mut start: MessageWriter<StartGame>,
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
        (area.height() - insets.top - insets.bottom - 140.0).clamp(200.0, 820.0),
    );
    let mut open = true;
    let mut chosen = None;
    egui::Window::new(
        RichText::new(format!("{} — rules", variant.name()))
            .size(24.0)
            .strong(),
    )
    .id(egui::Id::new("rules"))
    .open(&mut open)
    .collapsible(false)
    .resizable(false)
    .anchor(Align2::CENTER_CENTER, Vec2::ZERO)
    .fixed_size(size)
    .show(ctx, |ui| {
        ui.horizontal_wrapped(|ui| {
            for tab in Tab::ALL {
                if style::choice(ui, view.tab == tab, tab.label()).clicked() {
                    view.tab = tab;
                }
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| match view.tab {
                Tab::Rules => rules_tab(ui, text),
                Tab::ShowMe => chosen = show_me_tab(ui, text, view.error.as_deref()),
                Tab::Words => words_tab(ui, text),
                Tab::History => history_tab(ui, text),
                Tab::HouseRules => house_rules_tab(ui, text),
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
            view.error = None;
            panels.rules = None;
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
        Err(e) => view.error = Some(e.to_string()),
    }
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.add_space(8.0);
    ui.label(RichText::new(text).size(24.0).strong().color(OCHRE_TEXT));
}

fn bullet(ui: &mut egui::Ui, text: &str) {
    ui.horizontal_top(|ui| {
        ui.label(RichText::new("•").size(19.0).color(OCHRE_TEXT));
        style::paragraph(ui, text);
    });
}

fn rules_tab(ui: &mut egui::Ui, text: &VariantText) {
    for (title, points) in text.rules.sections() {
        heading(ui, title);
        for point in points {
            bullet(ui, point);
        }
    }
    heading(ui, "Reading the move list");
    style::paragraph(ui, content::NOTATION);
    if !text.house_rules.is_empty() {
        ui.add_space(6.0);
        ui.label(
            RichText::new("Some points are not settled by the sources; see \"House rules\".")
                .size(17.0)
                .italics()
                .color(INK_SOFT),
        );
    }
}

/// The examples with their captions; returns the one whose button was pressed.
fn show_me_tab(ui: &mut egui::Ui, text: &VariantText, error: Option<&str>) -> Option<usize> {
    let mut chosen = None;
    style::paragraph(
        ui,
        "Each example sets up a position on the board and plays its moves slowly, so you can \
follow every seed.",
    );
    if let Some(error) = error {
        ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
    }
    for (index, example) in text.examples.iter().enumerate() {
        ui.add_space(6.0);
        style::card(PARCHMENT).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                if style::button(ui, "Show me").clicked() {
                    chosen = Some(index);
                }
                ui.vertical(|ui| {
                    ui.label(RichText::new(example.title).size(21.0).strong());
                    style::paragraph(ui, example.caption);
                    ui.label(
                        RichText::new(format!("Moves: {}", example.moves.join(" ")))
                            .size(16.0)
                            .monospace()
                            .color(INK_SOFT),
                    );
                });
            });
        });
    }
    chosen
}

fn words_tab(ui: &mut egui::Ui, text: &VariantText) {
    for term in text.terms {
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(term.word)
                    .size(20.0)
                    .strong()
                    .italics()
                    .color(OCHRE_TEXT),
            );
            ui.label(RichText::new("—").size(19.0));
            style::paragraph(ui, term.meaning);
        });
    }
}

fn history_tab(ui: &mut egui::Ui, text: &VariantText) {
    heading(ui, text.variant.name());
    ui.label(
        RichText::new(format!("Played by {} — {}", text.people, text.region))
            .size(20.0)
            .strong(),
    );
    ui.label(RichText::new(text.board).size(17.0).color(INK_SOFT));
    for paragraph in text.history {
        ui.add_space(6.0);
        style::paragraph(ui, paragraph);
    }
}

fn house_rules_tab(ui: &mut egui::Ui, text: &VariantText) {
    style::paragraph(
        ui,
        "The old descriptions leave a few questions open. This program answers them as follows:",
    );
    for rule in text.house_rules {
        bullet(ui, rule);
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
    mut examples: MessageWriter<ShowExample>,
    mut commands_out: MessageWriter<GameCommand>,
) {
    let Some(mut shown) = view.shown else {
        return;
    };
    if session.game.start() == &shown.start {
        if !shown.on_board {
            // The example is on the board: make room to watch it.
            shown.on_board = true;
            panels.rules = None;
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
        .fixed_pos(egui::pos2(screen.left(), screen.top() + insets.top))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(PARCHMENT)
                .stroke(egui::Stroke::new(2.0, OCHRE))
                .inner_margin(egui::Margin::symmetric(14, 6))
                .show(ui, |ui| {
                    ui.set_width(width);
                    ui.horizontal(|ui| {
                        ui.allocate_ui_with_layout(
                            Vec2::new(width - 330.0, 10.0),
                            egui::Layout::top_down(egui::Align::Min),
                            |ui| {
                                ui.spacing_mut().item_spacing.y = 2.0;
                                ui.label(
                                    RichText::new(format!("Example: {}", example.title))
                                        .size(20.0)
                                        .strong()
                                        .color(OCHRE_TEXT),
                                );
                                style::paragraph(ui, example.caption);
                            },
                        );
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            let close_label = if stash.0.is_some() {
                                "Back to my game"
                            } else {
                                "Close"
                            };
                            if style::button(ui, close_label).clicked() {
                                close = true;
                            }
                            if style::button(ui, "Replay").clicked()
                                && let Ok(loaded) = example.load()
                            {
                                examples.write(ShowExample {
                                    position: loaded.position,
                                    moves: loaded.moves,
                                });
                            }
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
