//! The title screen: the four games with where and by whom they are played, who plays each side
//! (a person or the computer at one of five levels), and the way into a game or its rules.

use super::style::{self, DARK_WOOD, INK, INK_SOFT, OCHRE_TEXT, PARCHMENT};
use super::{Panels, UiSet};
use crate::content;
use crate::session::{DEFAULT_SEATS, Level, Screen, Seat, StartGame};
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
struct Choice {
    seats: [Seat; 2],
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
                        ui.add_space(10.0);
                        ui.label(RichText::new("Bao").size(46.0).strong().color(PARCHMENT));
                        ui.label(
                            RichText::new("Four mancala games of East Africa")
                                .size(20.0)
                                .color(Color32::from_rgb(230, 200, 150)),
                        );
                        ui.add_space(8.0);
                        players(ui, &mut choice);
                        ui.add_space(8.0);
                        if let Some(action) = variant_cards(ui, width) {
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
}

/// The two rows that choose who plays South and North.
fn players(ui: &mut egui::Ui, choice: &mut Choice) {
    style::card(PARCHMENT).show(ui, |ui| {
        ui.set_width(ui.available_width());
        for player in [Player::South, Player::North] {
            ui.horizontal_wrapped(|ui| {
                let side = match player {
                    Player::South => "South (near side, moves first)",
                    Player::North => "North (far side)",
                };
                let (rect, _) =
                    ui.allocate_exact_size(Vec2::new(290.0, style::TOUCH), egui::Sense::hover());
                ui.painter().text(
                    rect.left_center(),
                    egui::Align2::LEFT_CENTER,
                    side,
                    egui::FontId::proportional(20.0),
                    INK,
                );
                let seat = &mut choice.seats[player.index()];
                if style::choice(ui, *seat == Seat::Human, "Human").clicked() {
                    *seat = Seat::Human;
                }
                ui.add_space(8.0);
                ui.label(RichText::new("Computer:").color(INK_SOFT));
                let offered = crate::kiosk::offered_levels(ui.ctx());
                for level in Level::ALL.into_iter().filter(|l| offered.contains(l)) {
                    if style::choice(ui, *seat == Seat::Computer(level), level.name()).clicked() {
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

/// The four games, two to a row where they fit.
fn variant_cards(ui: &mut egui::Ui, width: f32) -> Option<CardAction> {
    let columns = if width >= 900.0 { 2 } else { 1 };
    let mut action = None;
    for row in crate::kiosk::offered_variants(ui.ctx()).chunks(columns) {
        ui.columns(columns, |cols| {
            for (col, &variant) in cols.iter_mut().zip(row) {
                if let Some(a) = variant_card(col, variant) {
                    action = Some(a);
                }
            }
        });
        ui.add_space(4.0);
    }
    action
}

fn variant_card(ui: &mut egui::Ui, variant: Variant) -> Option<CardAction> {
    let text = content::text(variant);
    let mut action = None;
    style::card(PARCHMENT).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.spacing_mut().item_spacing.y = 3.0;
        ui.horizontal(|ui| {
            ui.label(RichText::new(variant.name()).size(26.0).strong());
            if let Some(other) = text.also_called {
                ui.label(
                    RichText::new(format!("({other})"))
                        .size(19.0)
                        .color(INK_SOFT),
                );
            }
        });
        ui.label(
            RichText::new(format!("{} — {}", capitalised(text.people), text.region))
                .size(17.0)
                .color(OCHRE_TEXT)
                .strong(),
        );
        for line in text.summary {
            ui.add(egui::Label::new(RichText::new(line).size(17.0)).wrap());
        }
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            if style::button(ui, "  Play  ").clicked() {
                action = Some(CardAction::Play(variant));
            }
            if style::button(ui, "Rules and history").clicked() {
                action = Some(CardAction::Rules(variant));
            }
            ui.label(RichText::new(text.board).size(16.0).color(INK_SOFT));
        });
    });
    action
}

/// `text` with its first letter in upper case ("the Ngulu people" opens a line).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
