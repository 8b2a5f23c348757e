//! The in-game bars: North's side at the top, South's at the bottom (who plays, seeds, captures,
//! whose turn), the move list, undo/redo/hint, the "thinking" indicator and the gentle one-line
//! feedback after a click that is not a move.

use super::style::{self, INK_SOFT, OCHRE, OCHRE_PALE, OCHRE_TEXT, PARCHMENT_BAR};
use super::viewport::Insets;
use super::{Panels, UiSet};
use crate::content::player_name;
use crate::session::{GameCommand, Screen, Seat, Session};
use bao_engine::{Player, Variant};
use bevy::prelude::*;
use bevy_egui::egui::{self, Align, Align2, Color32, Layout, RichText, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        bars.run_if(in_state(Screen::Playing)).in_set(UiSet::Screen),
    );
}

fn bars(
    mut contexts: EguiContexts,
    session: Res<Session>,
    mut panels: ResMut<Panels>,
    mut insets: ResMut<Insets>,
    mut commands: MessageWriter<GameCommand>,
    (mut records, i18n): (ResMut<super::records::RecordsPanel>, Res<crate::i18n::I18n>),
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let screen = ctx.content_rect();
    let inner = screen.width() - 2.0 * MARGIN;
    // Side cards and button groups keep their size; the middle takes what is left.
    let side = (inner * 0.3).clamp(300.0, 460.0);
    let middle = inner - 2.0 * side - 24.0;

    // The bars lie under every window (rules, settings, game over).
    let top = egui::Area::new(egui::Id::new("hud-top"))
        .order(egui::Order::Background)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            bar_frame().show(ui, |ui| {
                ui.set_width(inner);
                ui.horizontal(|ui| {
                    fixed(ui, side, Layout::top_down(Align::Min), |ui| {
                        side_card(ui, &session, Player::North);
                    });
                    fixed(ui, middle, Layout::top_down(Align::Center), |ui| {
                        ui.spacing_mut().item_spacing.y = 2.0;
                        ui.label(RichText::new(session.variant().name()).size(22.0).strong());
                        move_list(ui, &session);
                    });
                    fixed(ui, side, Layout::right_to_left(Align::Center), |ui| {
                        if style::button(ui, "New game").clicked() {
                            commands.write(GameCommand::NewGame);
                        }
                        super::records::hud_button(ui, &mut records, &i18n);
                        if style::button(ui, "Settings").clicked() {
                            panels.settings = !panels.settings;
                        }
                        if style::button(ui, "Rules").clicked() {
                            panels.rules = match panels.rules {
                                Some(_) => None,
                                None => Some(session.variant()),
                            };
                        }
                    });
                });
            });
        })
        .response
        .rect;

    let bottom = egui::Area::new(egui::Id::new("hud-bottom"))
        .order(egui::Order::Background)
        .anchor(Align2::LEFT_BOTTOM, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            bar_frame().show(ui, |ui| {
                ui.set_width(inner);
                ui.horizontal(|ui| {
                    fixed(ui, side, Layout::top_down(Align::Min), |ui| {
                        side_card(ui, &session, Player::South);
                    });
                    fixed(ui, middle, Layout::top_down(Align::Center), |ui| {
                        status(ui, &session);
                    });
                    fixed(ui, side, Layout::right_to_left(Align::Center), |ui| {
                        buttons(ui, &session, &mut commands);
                    });
                });
            });
        })
        .response
        .rect;
    insets.top = insets.top.max(top.bottom() - screen.top());
    insets.bottom = insets.bottom.max(screen.bottom() - bottom.top());

    if let Some(feedback) = &session.feedback {
        egui::Area::new(egui::Id::new("hud-feedback"))
            .anchor(
                Align2::CENTER_BOTTOM,
                egui::vec2(0.0, -(screen.bottom() - bottom.top()) - 12.0),
            )
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(Color32::from_rgba_unmultiplied(60, 36, 20, 230))
                    .corner_radius(egui::CornerRadius::same(20))
                    .inner_margin(egui::Margin::symmetric(22, 10))
                    .show(ui, |ui| {
                        ui.label(
                            RichText::new(feedback)
                                .size(20.0)
                                .italics()
                                .color(Color32::from_rgb(250, 236, 210)),
                        );
                    });
            });
    }
}

/// Inner margin of the bars.
const MARGIN: f32 = 14.0;
/// Height of a bar's contents: two lines of a side card, or a touch-sized button.
const BAR_HEIGHT: f32 = 58.0;

/// A part of a bar with a fixed size, so that its layout cannot grow.
fn fixed(ui: &mut egui::Ui, width: f32, layout: Layout, add: impl FnOnce(&mut egui::Ui)) {
    ui.allocate_ui_with_layout(egui::vec2(width, BAR_HEIGHT), layout, |ui| {
        ui.set_min_size(egui::vec2(width, BAR_HEIGHT));
        ui.set_max_width(width);
        add(ui);
    });
}

fn bar_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(PARCHMENT_BAR)
        .stroke(Stroke::new(1.0, Color32::from_rgb(150, 100, 50)))
        .inner_margin(egui::Margin::symmetric(MARGIN as i8, 6))
}

/// How a seat is described: "you" for a person, the level for the computer.
fn seat_text(seat: Seat) -> String {
    match seat {
        Seat::Human => "Human".to_owned(),
        Seat::Computer(level) => format!("Computer ({})", level.name()),
    }
}

/// One side: who plays it, its seeds and captures, and whether it is its turn.
fn side_card(ui: &mut egui::Ui, session: &Session, player: Player) {
    let position = session.game.position();
    let to_move = !session.game.outcome().is_over() && position.to_move() == player;
    let frame = if to_move {
        style::card(OCHRE_PALE).stroke(Stroke::new(2.5, OCHRE))
    } else {
        style::card(Color32::TRANSPARENT).stroke(Stroke::NONE)
    };
    frame
        .inner_margin(egui::Margin::symmetric(12, 4))
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 2.0;
            ui.horizontal(|ui| {
                ui.label(RichText::new(player_name(player)).size(22.0).strong());
                ui.label(
                    RichText::new(seat_text(session.seat(player)))
                        .size(18.0)
                        .color(INK_SOFT),
                );
                if to_move {
                    ui.label(
                        RichText::new("· to move")
                            .size(18.0)
                            .color(OCHRE_TEXT)
                            .strong(),
                    );
                }
            });
            let variant = position.variant();
            let mut counts = format!("{} seeds on this side", position.seeds_on_side(player));
            if variant != Variant::Kujifunza {
                counts.push_str(&format!(" · {} captured", position.captured(player)));
            }
            if variant == Variant::Kingulu {
                counts.push_str(&format!(" · score {}", position.kingulu_score(player)));
            }
            ui.label(RichText::new(counts).size(17.0));
        });
}

/// Whose turn it is, the computer thinking, a hint.
fn status(ui: &mut egui::Ui, session: &Session) {
    let position = session.game.position();
    let mover = player_name(position.to_move());
    if session.game.outcome().is_over() {
        ui.label(RichText::new("Game over").size(22.0).strong());
    } else if session.thinking {
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new().size(24.0).color(OCHRE_TEXT));
            ui.label(RichText::new(format!("{mover} is thinking…")).size(21.0));
        });
    } else if session.animating {
        ui.label(RichText::new("Sowing…").size(21.0).color(INK_SOFT));
    } else if session.human_to_move() {
        let both_human = session.seats.iter().all(|s| *s == Seat::Human);
        let text = if both_human {
            format!("{mover} to move")
        } else {
            format!("Your move ({mover})")
        };
        ui.label(RichText::new(text).size(22.0).strong());
    } else {
        ui.label(RichText::new(format!("{mover} to move")).size(21.0));
    }
    if let Some(hint) = session.hint {
        ui.label(
            RichText::new(format!("Hint: {hint} (glowing on the board)"))
                .size(18.0)
                .color(OCHRE_TEXT),
        );
    }
}

fn buttons(ui: &mut egui::Ui, session: &Session, commands: &mut MessageWriter<GameCommand>) {
    let idle = !session.animating;
    if style::button_enabled(ui, idle && !session.redo.is_empty(), "Redo").clicked() {
        commands.write(GameCommand::Redo);
    }
    if style::button_enabled(ui, idle && !session.game.moves().is_empty(), "Undo").clicked() {
        commands.write(GameCommand::Undo);
    }
    if session.animating {
        if style::button(ui, "Skip").clicked() {
            commands.write(GameCommand::Skip);
        }
    } else if style::button_enabled(ui, session.human_to_move() && !session.thinking, "Hint")
        .clicked()
    {
        commands.write(GameCommand::Hint);
    }
}

/// The moves so far in notation, numbered by South–North pairs; the last one stands out.
fn move_list(ui: &mut egui::Ui, session: &Session) {
    let moves = session.game.moves();
    if moves.is_empty() {
        ui.label(RichText::new("No moves yet").size(18.0).color(INK_SOFT));
        return;
    }
    // A game (or an example) that starts with North to move opens with "1. …".
    let offset = usize::from(session.game.start().to_move() == Player::North);
    egui::ScrollArea::horizontal()
        .stick_to_right(true)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                if offset == 1 {
                    ui.label(RichText::new("1. …").size(18.0).color(INK_SOFT));
                }
                for (i, mv) in moves.iter().enumerate() {
                    let ply = i + offset;
                    if ply % 2 == 0 {
                        ui.label(
                            RichText::new(format!("{}.", ply / 2 + 1))
                                .size(18.0)
                                .color(INK_SOFT),
                        );
                    }
                    let mut text = RichText::new(mv.to_string()).size(19.0).monospace();
                    if i + 1 == moves.len() {
                        text = text.background_color(OCHRE_PALE).strong();
                    }
                    ui.label(text);
                }
            });
        });
}
