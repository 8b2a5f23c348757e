//! The title screen: the four games with where and by whom they are played, who plays each side
//! (a person or the computer at one of five levels), the way into a game or its rules, and the
//! language picker.

use super::reading;
use super::style::{self, DARK_WOOD, INK, INK_SOFT, OCHRE_TEXT, PARCHMENT};
use super::{Panels, UiSet};
use crate::content;
use crate::core::{DEFAULT_SEATS, Level, Screen, Seat, Settings, StartGame};
use crate::i18n::{I18n, Language};
use bao_engine::{Player, Variant};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Choice>().add_systems(
        EguiPrimaryContextPass,
        title_screen
            .run_if(in_state(Screen::Title))
            .in_set(UiSet::Screen),
    );
}

/// Who plays each side in the next game; kept between games.
#[derive(Resource, Debug)]
pub(super) struct Choice {
    pub(super) seats: [Seat; 2],
}

impl Default for Choice {
    fn default() -> Self {
        Choice {
            seats: DEFAULT_SEATS,
        }
    }
}

fn title_screen(
    mut contexts: EguiContexts,
    mut choice: ResMut<Choice>,
    mut panels: ResMut<Panels>,
    mut i18n: ResMut<I18n>,
    mut settings: ResMut<Settings>,
    mut start: MessageWriter<StartGame>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let screen = ctx.content_rect();
    egui::Area::new(egui::Id::new("title"))
        .order(egui::Order::Background)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            ui.painter().rect_filled(screen, 0.0, DARK_WOOD);
            ui.set_min_size(screen.size());
            ui.set_max_width(screen.width());
            egui::ScrollArea::vertical()
                .max_height(screen.height())
                .show(ui, |ui| {
                    ui.set_width(screen.width());
                    ui.vertical_centered(|ui| {
                        let width = (screen.width() - 48.0).min(1240.0);
                        ui.set_max_width(width);
                        // On a narrow screen the language picker needs a row of its own.
                        let picker_row = if screen.width() < 1200.0 { 58.0 } else { 0.0 };
                        ui.add_space(6.0 + picker_row);
                        ui.label(
                            RichText::new(i18n.tr("title-name"))
                                .size(46.0)
                                .strong()
                                .color(PARCHMENT),
                        );
                        ui.label(
                            RichText::new(i18n.tr("title-subtitle"))
                                .size(20.0)
                                .color(Color32::from_rgb(230, 200, 150)),
                        );
                        ui.add_space(8.0);
                        players(ui, &mut choice, &i18n);
                        ui.add_space(8.0);
                        if let Some(action) =
                            variant_cards(ui, width, &i18n, &mut settings.kujifunza)
                        {
                            match action {
                                CardAction::Play(variant) => {
                                    panels.rules = None;
                                    start.write(StartGame {
                                        variant,
                                        seats: choice.seats,
                                    });
                                }
                                CardAction::Rules(variant) => panels.rules = Some(variant),
                            }
                        }
                        ui.add_space(18.0);
                    });
                });
        });
    // Over the title's top right corner, beside the name, so that the cards keep their room.
    egui::Area::new(egui::Id::new("title-languages"))
        .anchor(egui::Align2::RIGHT_TOP, Vec2::new(-24.0, 8.0))
        .show(ctx, |ui| language_picker(ui, &mut i18n));
}

/// The languages, each named in itself (not by a flag: each is spoken in many countries), in a
/// row at the top right; a choice shows every screen in that language from the next frame on.
fn language_picker(ui: &mut egui::Ui, i18n: &mut I18n) {
    ui.horizontal(|ui| {
        ui.set_min_height(style::TOUCH);
        ui.label(
            RichText::new(i18n.tr("language"))
                .size(17.0)
                .color(Color32::from_rgb(230, 200, 150)),
        );
        for language in Language::ALL {
            if style::choice(ui, i18n.language() == language, language.native_name()).clicked() {
                i18n.set_language(language);
            }
        }
    });
}

/// The key of a computer level's name.
pub(super) const fn level_name(level: Level) -> &'static str {
    match level {
        Level::Beginner => "level-beginner",
        Level::Easy => "level-easy",
        Level::Medium => "level-medium",
        Level::Hard => "level-hard",
        Level::Expert => "level-expert",
    }
}

/// The two rows that choose who plays South and North.
fn players(ui: &mut egui::Ui, choice: &mut Choice, i18n: &I18n) {
    let font = egui::FontId::proportional(20.0);
    let sides = [i18n.tr("title-south"), i18n.tr("title-north")];
    // Both rows' choices start at the same place, after the longer of the two side names.
    let widest = sides
        .iter()
        .map(|side| {
            ui.ctx().fonts_mut(|fonts| {
                let galley = fonts.layout_no_wrap(side.clone(), font.clone(), INK);
                galley.size().x
            })
        })
        .fold(0.0, f32::max);
    style::card(PARCHMENT).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let label_width = (widest + 16.0).clamp(290.0, ui.available_width());
        for (player, side) in [Player::South, Player::North]
            .into_iter()
            .zip(sides.clone())
        {
            ui.horizontal_wrapped(|ui| {
                let (rect, _) = ui.allocate_exact_size(
                    Vec2::new(label_width, style::TOUCH),
                    egui::Sense::hover(),
                );
                ui.painter().text(
                    rect.left_center(),
                    egui::Align2::LEFT_CENTER,
                    side,
                    font.clone(),
                    INK,
                );
                let seat = &mut choice.seats[player.index()];
                if style::choice(ui, *seat == Seat::Human, &i18n.tr("seat-human")).clicked() {
                    *seat = Seat::Human;
                }
                ui.add_space(8.0);
                ui.label(RichText::new(i18n.tr("title-computer")).color(INK_SOFT));
                let offered = super::policy::offered_levels(ui.ctx());
                for level in Level::ALL.into_iter().filter(|l| offered.contains(l)) {
                    let selected = *seat == Seat::Computer(level);
                    if style::choice(ui, selected, &i18n.tr(level_name(level))).clicked() {
                        *seat = Seat::Computer(level);
                    }
                }
            });
        }
    });
}

enum CardAction {
    Play(Variant),
    Rules(Variant),
}

/// The games offered, one card each (both readings of Kujifunza share its card), in order.
fn offered_games(offered: &[Variant]) -> Vec<Variant> {
    let mut games: Vec<Variant> = Vec::new();
    for game in offered.iter().map(|v| v.game()) {
        if !games.contains(&game) {
            games.push(game);
        }
    }
    games
}

/// The four games, two to a row where they fit. `kujifunza` is the reading of Kujifunza's
/// kichwa rule chosen (KU-8 or KU-8c); its card changes it.
fn variant_cards(
    ui: &mut egui::Ui,
    width: f32,
    i18n: &I18n,
    kujifunza: &mut Variant,
) -> Option<CardAction> {
    let columns = if width >= 900.0 { 2 } else { 1 };
    let mut action = None;
    let offered = super::policy::offered_variants(ui.ctx());
    for row in offered_games(&offered).chunks(columns) {
        ui.columns(columns, |cols| {
            for (col, &game) in cols.iter_mut().zip(row) {
                if let Some(a) = variant_card(col, game, &offered, kujifunza, i18n) {
                    action = Some(a);
                }
            }
        });
        ui.add_space(4.0);
    }
    action
}

fn variant_card(
    ui: &mut egui::Ui,
    game: Variant,
    offered: &[Variant],
    kujifunza: &mut Variant,
    i18n: &I18n,
) -> Option<CardAction> {
    let text = content::text(game);
    let mut action = None;
    style::card(PARCHMENT).show(ui, |ui| {
        ui.set_width(ui.available_width());
        // Left-aligned rather than justified (the columns justify), so a wrapped line reads well.
        ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
            variant_card_contents(ui, game, text, i18n);
            let variant = if game.is_kujifunza() {
                reading::reading_choice(ui, kujifunza, offered, reading::Wording::Short, i18n);
                reading::rules_to_play(*kujifunza, offered)
            } else {
                game
            };
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                if style::wide_button(ui, &i18n.tr("title-play")).clicked() {
                    action = Some(CardAction::Play(variant));
                }
                if style::button(ui, &i18n.tr("title-rules")).clicked() {
                    action = Some(CardAction::Rules(variant));
                }
            });
        });
    });
    action
}

/// The card's name, people, region, board and summary.
fn variant_card_contents(
    ui: &mut egui::Ui,
    variant: Variant,
    text: &content::VariantText,
    i18n: &I18n,
) {
    ui.spacing_mut().item_spacing.y = 3.0;
    ui.horizontal_wrapped(|ui| {
        let name = i18n.tr(content::variant_name(variant));
        ui.label(RichText::new(name).size(26.0).strong());
        if let Some(other) = text.also_called {
            ui.label(
                RichText::new(format!("({})", i18n.tr(other)))
                    .size(19.0)
                    .color(INK_SOFT),
            );
        }
        // Beside the name, at the card's right edge where it fits, so that the Kujifunza card
        // has room for its reading choice and all four cards still fit a 1280×720 screen.
        let board = RichText::new(i18n.tr(text.board))
            .size(16.0)
            .color(INK_SOFT);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(board);
        });
    });
    let where_and_who = format!("{} — {}", i18n.tr(text.people), i18n.tr(text.region));
    ui.add(
        egui::Label::new(
            RichText::new(where_and_who)
                .size(17.0)
                .color(OCHRE_TEXT)
                .strong(),
        )
        .wrap(),
    );
    for line in text.summary {
        ui.add(egui::Label::new(RichText::new(i18n.tr(line)).size(17.0)).wrap());
    }
}
