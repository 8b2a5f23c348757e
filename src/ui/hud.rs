//! The in-game bars: North's side at the top, South's at the bottom (who plays, seeds, captures,
//! whose turn), the move list, undo/redo/hint, the "thinking" indicator and the gentle one-line
//! feedback after a click that is not a move.

use super::reading;
use super::style::{self, INK_SOFT, OCHRE, OCHRE_PALE, OCHRE_TEXT, PARCHMENT_BAR};
use super::title::level_name;
use super::viewport::Insets;
use super::{Panels, UiSet};
use crate::anim::SkipMove;
use crate::content::{self, player_name};
use crate::core::{Busy, GameCommand, Screen, Seat, Session, Shown};
use crate::i18n::I18n;
use bao_engine::{Player, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align, Align2, Color32, Layout, RichText, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        bars.run_if(in_state(Screen::Playing)).in_set(UiSet::Screen),
    );
}

/// What the bars' buttons send: the game's commands, and the animation's skip.
#[derive(SystemParam)]
struct Orders<'w> {
    commands: MessageWriter<'w, GameCommand>,
    skips: MessageWriter<'w, SkipMove>,
}

#[allow(
    clippy::too_many_arguments,
    reason = "the bars show the session and what is moving, and hold the panels' buttons"
)]
fn bars(
    mut contexts: EguiContexts,
    session: Res<Session>,
    shown: Res<Shown>,
    busy: Res<Busy>,
    i18n: Res<I18n>,
    mut panels: ResMut<Panels>,
    mut insets: ResMut<Insets>,
    mut orders: Orders,
    mut records: ResMut<super::records::RecordsPanel>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let screen = ctx.content_rect();
    let inner = screen.width() - 2.0 * MARGIN;
    // Side cards and button groups keep their size; the middle takes what is left. The button
    // groups grow to fit their labels in the language shown (German ones are long).
    let side = (inner * 0.3).clamp(300.0, 460.0);
    let top_labels = [
        "hud-new-game",
        "records-button",
        "hud-settings",
        "hud-rules",
    ];
    let bottom_labels = ["hud-redo", "hud-undo", "hud-skip"];
    let bottom_labels_hint = ["hud-redo", "hud-undo", "hud-hint-button"];
    let needed = [&top_labels[..], &bottom_labels, &bottom_labels_hint]
        .into_iter()
        .map(|labels| buttons_width(ctx, &i18n, labels))
        .fold(side, f32::max);
    let buttons_side = needed.min(inner - side - 160.0);
    // The side cards grow, too, to keep their seed counts on one line.
    let card = side_card_width(ctx, &i18n, &session);
    let side = card.min(inner - buttons_side - 200.0).max(side);
    let middle = inner - side - buttons_side - 24.0;

    // The bars lie under every window (rules, settings, game over).
    let top = egui::Area::new(egui::Id::new("hud-top"))
        .order(egui::Order::Background)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            bar_frame().show(ui, |ui| {
                ui.set_width(inner);
                ui.horizontal(|ui| {
                    fixed(ui, side, Layout::top_down(Align::Min), |ui| {
                        side_card(ui, &session, &shown, &i18n, Player::North);
                    });
                    fixed(ui, middle, Layout::top_down(Align::Center), |ui| {
                        ui.spacing_mut().item_spacing.y = 2.0;
                        let name = i18n.tr(content::variant_name(session.variant()));
                        ui.label(RichText::new(name).size(22.0).strong());
                        // KU-8, KU-8c: which kichwa rule this game follows, so that nobody
                        // wonders why a question comes or does not.
                        if let Some(line) =
                            reading::reading_line(session.variant(), reading::Wording::Short, &i18n)
                        {
                            ui.label(RichText::new(line).size(15.0).color(INK_SOFT));
                        }
                        move_list(ui, &session, &shown, &i18n);
                    });
                    fixed(
                        ui,
                        buttons_side,
                        Layout::right_to_left(Align::Center),
                        |ui| {
                            if style::button(ui, &i18n.tr("hud-new-game")).clicked() {
                                orders.commands.write(GameCommand::NewGame);
                            }
                            super::records::hud_button(ui, &mut records, &i18n);
                            if style::button(ui, &i18n.tr("hud-settings")).clicked() {
                                panels.settings = !panels.settings;
                            }
                            if style::button(ui, &i18n.tr("hud-rules")).clicked() {
                                panels.rules = match panels.rules {
                                    Some(_) => None,
                                    None => Some(session.variant()),
                                };
                            }
                        },
                    );
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
                        side_card(ui, &session, &shown, &i18n, Player::South);
                    });
                    fixed(ui, middle, Layout::top_down(Align::Center), |ui| {
                        status(ui, &session, &shown, &busy, &i18n);
                    });
                    fixed(
                        ui,
                        buttons_side,
                        Layout::right_to_left(Align::Center),
                        |ui| {
                            buttons(ui, &session, &busy, &i18n, &mut orders);
                        },
                    );
                });
            });
        })
        .response
        .rect;
    insets.top = insets.top.max(top.bottom() - screen.top());
    insets.bottom = insets.bottom.max(screen.bottom() - bottom.top());

    if let Some(feedback) = session.feedback {
        let feedback = super::feedback::feedback(feedback, &i18n);
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

/// The width a row of large buttons ([`style::button`]) with these labels takes.
fn buttons_width(ctx: &egui::Context, i18n: &I18n, keys: &[&str]) -> f32 {
    let style = ctx.global_style();
    let font = egui::FontId::proportional(style::BUTTON_TEXT);
    let text: f32 = keys
        .iter()
        .map(|key| {
            ctx.fonts_mut(|fonts| {
                fonts
                    .layout_no_wrap(i18n.tr(key), font.clone(), Color32::BLACK)
                    .size()
                    .x
            })
        })
        .sum();
    let count = keys.len() as f32;
    // Each button's padding, the gaps between them, and a little room for rounding.
    text + count * 2.0 * style.spacing.button_padding.x
        + (count - 1.0) * style.spacing.item_spacing.x
        + 4.0
}

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

/// How a seat is described: a person, or the computer and its level.
fn seat_text(seat: Seat, i18n: &I18n) -> String {
    match seat {
        Seat::Human => i18n.tr("seat-human"),
        Seat::Computer(level) => i18n.tr_args(
            "seat-computer",
            &[("level", i18n.tr(level_name(level)).into())],
        ),
    }
}

/// One side: who plays it, its seeds and captures, and whether it is its turn.
/// One player's card: name, seat, whose turn, and the seeds on the side and captured — as the
/// board shows them (mid-move, the numbers change as the seeds land).
fn side_card(ui: &mut egui::Ui, session: &Session, shown: &Shown, i18n: &I18n, player: Player) {
    let position = shown.position(session);
    let to_move = !shown.outcome(session).is_over() && position.to_move() == player;
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
                ui.label(
                    RichText::new(i18n.tr(player_name(player)))
                        .size(22.0)
                        .strong(),
                );
                ui.label(
                    RichText::new(seat_text(session.seat(player), i18n))
                        .size(18.0)
                        .color(INK_SOFT),
                );
                if to_move {
                    ui.label(
                        RichText::new(i18n.tr("hud-to-move-mark"))
                            .size(18.0)
                            .color(OCHRE_TEXT)
                            .strong(),
                    );
                }
            });
            let counts = counts_text(
                i18n,
                position.variant(),
                [
                    position.seeds_on_side(player),
                    u32::from(position.captured(player)),
                    position.kingulu_score(player),
                ],
            );
            ui.label(RichText::new(counts).size(COUNTS_TEXT));
        });
}

/// The size of the seed counts under a side's name.
const COUNTS_TEXT: f32 = 17.0;

/// A side's seeds, captures and (in Kingulu) score: "24 seeds on this side · 0 captured · …".
fn counts_text(i18n: &I18n, variant: Variant, [seeds, captured, score]: [u32; 3]) -> String {
    let mut counts = i18n.tr_args("hud-seeds", &[("count", seeds.into())]);
    if !variant.is_kujifunza() {
        counts.push(' ');
        counts.push_str(&i18n.tr_args("hud-captured", &[("count", captured.into())]));
    }
    if variant == Variant::Kingulu {
        counts.push(' ');
        counts.push_str(&i18n.tr_args("hud-score", &[("score", score.into())]));
    }
    counts
}

/// The width a side card needs for its seed counts on one line, measured with two-digit numbers
/// so that it does not change from move to move.
fn side_card_width(ctx: &egui::Context, i18n: &I18n, session: &Session) -> f32 {
    let width = |text: String, size: f32| {
        let font = egui::FontId::proportional(size);
        ctx.fonts_mut(|fonts| fonts.layout_no_wrap(text, font, Color32::BLACK).size().x)
    };
    let counts = width(
        counts_text(i18n, session.variant(), [88, 88, 88]),
        COUNTS_TEXT,
    );
    // The first line: the side's name, its player and the turn mark, with two gaps.
    let gaps = 2.0 * ctx.global_style().spacing.item_spacing.x;
    let mark = width(i18n.tr("hud-to-move-mark"), 18.0);
    let header = [Player::North, Player::South]
        .into_iter()
        .map(|player| {
            width(i18n.tr(player_name(player)), 22.0)
                + width(seat_text(session.seat(player), i18n), 18.0)
                + mark
                + gaps
        })
        .fold(counts, f32::max);
    // The card's margins and stroke, and a little room.
    header + 2.0 * 12.0 + 12.0
}

/// Whose turn it is, the computer thinking, a hint.
fn status(ui: &mut egui::Ui, session: &Session, shown: &Shown, busy: &Busy, i18n: &I18n) {
    let position = shown.position(session);
    let mover = [("player", i18n.tr(player_name(position.to_move())).into())];
    if shown.outcome(session).is_over() {
        ui.label(RichText::new(i18n.tr("hud-game-over")).size(22.0).strong());
    } else if busy.thinking {
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new().size(24.0).color(OCHRE_TEXT));
            ui.label(RichText::new(i18n.tr_args("hud-thinking", &mover)).size(21.0));
        });
    } else if busy.moving {
        ui.label(
            RichText::new(i18n.tr("hud-sowing"))
                .size(21.0)
                .color(INK_SOFT),
        );
    } else if session.human_to_move(busy) {
        let both_human = session.seats.iter().all(|s| *s == Seat::Human);
        let key = if both_human {
            "hud-to-move"
        } else {
            "hud-your-move"
        };
        ui.label(RichText::new(i18n.tr_args(key, &mover)).size(22.0).strong());
    } else {
        ui.label(RichText::new(i18n.tr_args("hud-to-move", &mover)).size(21.0));
    }
    if let Some(hint) = session.hint {
        let hint = i18n.tr_args("hud-hint", &[("move", hint.to_string().into())]);
        ui.label(RichText::new(hint).size(18.0).color(OCHRE_TEXT));
    }
}

fn buttons(ui: &mut egui::Ui, session: &Session, busy: &Busy, i18n: &I18n, orders: &mut Orders) {
    let idle = !busy.moving;
    let can_redo = idle && !session.redo.is_empty();
    if style::button_enabled(ui, can_redo, &i18n.tr("hud-redo")).clicked() {
        orders.commands.write(GameCommand::Redo);
    }
    let can_undo = idle && !session.game.moves().is_empty();
    if style::button_enabled(ui, can_undo, &i18n.tr("hud-undo")).clicked() {
        orders.commands.write(GameCommand::Undo);
    }
    let can_hint = session.human_to_move(busy) && !busy.thinking;
    if busy.moving {
        if style::button(ui, &i18n.tr("hud-skip")).clicked() {
            orders.skips.write(SkipMove);
        }
    } else if style::button_enabled(ui, can_hint, &i18n.tr("hud-hint-button")).clicked() {
        orders.commands.write(GameCommand::Hint);
    }
}

/// The moves so far in notation, numbered by South–North pairs; the last one stands out.
fn move_list(ui: &mut egui::Ui, session: &Session, shown: &Shown, i18n: &I18n) {
    // The move being sown joins the list when its seeds have landed.
    let moves = shown.moves(session);
    if moves.is_empty() {
        ui.label(
            RichText::new(i18n.tr("hud-no-moves"))
                .size(18.0)
                .color(INK_SOFT),
        );
        return;
    }
    // A game (or an example) that starts with North to move opens with "1. …".
    let game = &session.game;
    egui::ScrollArea::horizontal()
        .stick_to_right(true)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                if game.opens_with_north() {
                    ui.label(RichText::new("1. …").size(18.0).color(INK_SOFT));
                }
                for (i, mv) in moves.iter().enumerate() {
                    if let Some(number) = game.pair_number(i) {
                        ui.label(
                            RichText::new(format!("{number}."))
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
