//! The in-game bars: North's side at the top, South's at the bottom (who plays, seeds, captures,
//! whose turn), the move list, undo/redo/hint, the "thinking" indicator and the gentle one-line
//! feedback after a click that is not a move.

use super::reading;
use super::style;
use super::title::level_name;
use super::turned;
use super::viewport::Insets;
use super::{Panels, UiSet};
use crate::anim::SkipMove;
use crate::content::{self, player_name};
use crate::core::{Busy, GameCommand, Screen, Seat, Session, Settings, Shown};
use crate::i18n::I18n;
use crate::lessons::LessonCommand;
use bao_engine::{Player, Variant};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, RichText, Stroke};
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
    lessons: MessageWriter<'w, LessonCommand>,
    replays: MessageWriter<'w, super::replay_move::ReplayMove>,
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
    settings: Res<Settings>,
) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if !super::policy::shows_hud(ctx) {
        return;
    }
    let screen = ctx.content_rect().shrink(GAP);
    // Cards at the four corners and the middle of the top and bottom edges, over the scene:
    // the board takes the whole window and the cards only its margins. They lie under every
    // window (rules, settings, game over).
    let corner = |id: &str, align: Align2| {
        egui::Area::new(egui::Id::new(id))
            .order(egui::Order::Background)
            .pivot(align)
            .fixed_pos(align.pos_in_rect(&screen))
    };
    // Face to face, North's card is turned toward North, at North's left (the screen's top
    // right, as South's card is at South's left), and the menu takes the other corner.
    let facing = settings.face_to_face;
    let (north_corner, menu_corner) = if facing {
        (Align2::RIGHT_TOP, Align2::LEFT_TOP)
    } else {
        (Align2::LEFT_TOP, Align2::RIGHT_TOP)
    };
    let north = if facing {
        let (mut lines, to_move) = side_lines(&session, &shown, &i18n, Player::North);
        // One row for the name, the seat and the mark, one for the counts, as upright.
        let counts = lines.split_off(lines.len() - 1);
        let look = if to_move {
            turned::Look::to_move()
        } else {
            turned::Look::card()
        };
        turned::show(
            ctx,
            "hud-north-turned",
            north_corner.pos_in_rect(&screen),
            north_corner,
            &[lines, counts],
            look,
        )
    } else {
        corner("hud-north", north_corner)
            .show(ctx, |ui| {
                card_frame().show(ui, |ui| {
                    side_card(ui, &session, &shown, &i18n, Player::North);
                })
            })
            .response
            .rect
    };
    let menu = corner("hud-menu", menu_corner)
        .show(ctx, |ui| {
            card_frame().show(ui, |ui| {
                ui.horizontal(|ui| {
                    if style::button(ui, &i18n.tr("lessons-button")).clicked() {
                        orders
                            .lessons
                            .write(LessonCommand::Learn(session.variant()));
                    }
                    if style::button(ui, &i18n.tr("hud-rules")).clicked() {
                        panels.rules = match panels.rules {
                            Some(_) => None,
                            None => Some(session.variant()),
                        };
                    }
                    if style::button(ui, &i18n.tr("hud-settings")).clicked() {
                        panels.settings = !panels.settings;
                    }
                    super::records::hud_button(ui, &mut records, &i18n);
                    if style::button(ui, &i18n.tr("hud-new-game")).clicked() {
                        orders.commands.write(GameCommand::NewGame);
                    }
                });
            })
        })
        .response
        .rect;
    let (left, right) = if facing { (menu, north) } else { (north, menu) };
    // Face to face, the top edge's middle is North's turn card, turned, where the game card
    // (the variant and the move list) is otherwise: face to face there is no move list.
    let top_middle = if facing {
        let x = (left.right() + right.left()) / 2.0;
        turned::show(
            ctx,
            "hud-turn-turned",
            egui::pos2(x, screen.top()),
            Align2::CENTER_TOP,
            &rows(status_lines(&session, &shown, &busy, &i18n).lines),
            turned::Look::card(),
        )
    } else {
        game_card(
            ctx,
            [left, right],
            &session,
            &shown,
            &busy,
            &i18n,
            &mut orders,
        )
    };
    let south = corner("hud-south", Align2::LEFT_BOTTOM)
        .show(ctx, |ui| {
            card_frame().show(ui, |ui| {
                side_card(ui, &session, &shown, &i18n, Player::South);
            })
        })
        .response
        .rect;
    let controls = corner("hud-controls", Align2::RIGHT_BOTTOM)
        .show(ctx, |ui| {
            card_frame().show(ui, |ui| {
                ui.horizontal(|ui| buttons(ui, &session, &busy, &i18n, &mut orders));
            })
        })
        .response
        .rect;
    // Only words: it takes no click (a click there goes through to the board).
    let turn = between("hud-turn", south, controls, Align2::CENTER_BOTTOM)
        .interactable(false)
        .show(ctx, |ui| {
            card_frame().show(ui, |ui| {
                // An area keeps last frame's width: without this, a longer line (a hint) that
                // comes later would wrap word by word into a narrow column.
                ui.set_max_width((controls.left() - south.right() - 2.0 * GAP).max(160.0));
                status(ui, &session, &shown, &busy, &i18n);
            })
        });
    let top = [north, menu, top_middle];
    let bottom = [south, controls, turn.response.rect];
    let covered_top = top.iter().map(|r| r.bottom()).fold(0.0, f32::max);
    let covered_bottom = bottom.iter().map(|r| r.top()).fold(f32::INFINITY, f32::min);
    let window = ctx.content_rect();
    insets.top = insets.top.max(covered_top - window.top());
    insets.bottom = insets.bottom.max(window.bottom() - covered_bottom);

    if let Some(feedback) = session
        .feedback()
        .filter(|&f| super::policy::shows_feedback(ctx, f))
    {
        let feedback = super::feedback::feedback(feedback, &i18n);
        if facing && shown.position(&session).to_move() == Player::North {
            let line = turned::Line::new(feedback, 20.0).color(style::palette().banner_text);
            turned::show(
                ctx,
                "hud-feedback-turned",
                egui::pos2(window.center().x, covered_top + 12.0),
                Align2::CENTER_TOP,
                &[vec![line]],
                turned::Look::banner(),
            );
            return;
        }
        egui::Area::new(egui::Id::new("hud-feedback"))
            .anchor(
                Align2::CENTER_BOTTOM,
                egui::vec2(0.0, -(window.bottom() - covered_bottom) - 12.0),
            )
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(style::palette().banner)
                    .corner_radius(egui::CornerRadius::same(20))
                    .inner_margin(egui::Margin::symmetric(22, 10))
                    .show(ui, |ui| {
                        ui.label(
                            RichText::new(feedback)
                                .size(20.0)
                                .italics()
                                .color(style::palette().banner_text),
                        );
                    });
            });
    }
}

/// The top edge's middle card: the variant, the kichwa reading it plays (KU-8, KU-8c) and the
/// move list (a click on a move replays it). Centred between the two top corner cards.
#[allow(
    clippy::too_many_arguments,
    reason = "the card shows the session and what is moving, and sends replays"
)]
fn game_card(
    ctx: &egui::Context,
    [left, right]: [egui::Rect; 2],
    session: &Session,
    shown: &Shown,
    busy: &Busy,
    i18n: &I18n,
    orders: &mut Orders,
) -> egui::Rect {
    between("hud-game", left, right, Align2::CENTER_TOP)
        .show(ctx, |ui| {
            card_frame().show(ui, |ui| {
                ui.set_max_width((right.left() - left.right() - 2.0 * GAP).max(160.0));
                ui.vertical(|ui| {
                    ui.spacing_mut().item_spacing.y = 1.0;
                    let name = i18n.tr(content::variant_name(session.variant()));
                    ui.label(RichText::new(name).size(19.0).strong());
                    // KU-8, KU-8c: which kichwa rule this game follows, so that nobody
                    // wonders why a question comes or does not.
                    if let Some(line) =
                        reading::reading_line(session.variant(), reading::Wording::Short, i18n)
                    {
                        ui.label(
                            RichText::new(line)
                                .size(14.0)
                                .color(style::palette().ink_soft),
                        );
                    }
                    let replayable = super::replay_move::can_replay(session, busy);
                    if let Some(ply) = move_list(ui, session, shown, replayable, i18n) {
                        orders.replays.write(super::replay_move::ReplayMove(ply));
                    }
                });
            })
        })
        .response
        .rect
}

/// Inner margin of the bars.
/// The room between a card and the window's edge.
const GAP: f32 = 8.0;

/// An area centred in the gap between two corner cards, at the top or the bottom edge.
fn between(id: &str, left: egui::Rect, right: egui::Rect, align: Align2) -> egui::Area {
    let x = (left.right() + right.left()) / 2.0;
    let y = if align == Align2::CENTER_TOP {
        left.top().min(right.top())
    } else {
        left.bottom().max(right.bottom())
    };
    egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Background)
        .pivot(align)
        .fixed_pos(egui::pos2(x, y))
}

/// A card over the scene: parchment, a little translucent, rounded, with a thin ochre edge, so
/// that it reads over the wood and over the dark room alike.
fn card_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(style::palette().card)
        .stroke(Stroke::new(1.0, style::CARD_EDGE))
        .corner_radius(egui::CornerRadius::same(12))
        .inner_margin(egui::Margin::symmetric(10, 4))
}

/// How a seat is described: a person, or the computer and its level.
fn seat_text(seat: Seat, i18n: &I18n) -> String {
    match seat {
        Seat::Human => i18n.tr("seat-human"),
        Seat::Remote => i18n.tr("seat-remote"),
        Seat::Computer(level) => i18n.tr_args(
            "seat-computer",
            &[("level", i18n.tr(level_name(level)).into())],
        ),
    }
}

/// One player's card: name, seat, whose turn, and the seeds on the side and captured — as the
/// board shows them (mid-move, the numbers change as the seeds land).
fn side_card(ui: &mut egui::Ui, session: &Session, shown: &Shown, i18n: &I18n, player: Player) {
    // Room for the counts on one line (an area keeps last frame's width, so a line that grows
    // would wrap).
    ui.set_max_width(ui.ctx().content_rect().width() * SIDE_CARD_SHARE);
    let (lines, to_move) = side_lines(session, shown, i18n, player);
    let frame = if to_move {
        style::card(style::palette().ochre_pale).stroke(Stroke::new(2.5, style::palette().ochre))
    } else {
        style::card(Color32::TRANSPARENT).stroke(Stroke::NONE)
    };
    frame
        .inner_margin(egui::Margin::symmetric(12, 2))
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 1.0;
            let (heading, counts) = lines.split_at(lines.len() - 1);
            ui.horizontal(|ui| {
                for part in heading {
                    ui.label(rich(part));
                }
            });
            for line in counts {
                ui.label(rich(line));
            }
        });
}

/// Lines one below the other, as a turned card's rows.
fn rows(lines: Vec<turned::Line>) -> Vec<Vec<turned::Line>> {
    lines.into_iter().map(|line| vec![line]).collect()
}

/// A line of text as the upright cards show it.
fn rich(line: &turned::Line) -> RichText {
    RichText::new(&line.text).size(line.size).color(line.color)
}

/// What a side's card says: its name, its seat and (if it is to move) the mark, then its counts
/// as the last line; and whether it is to move. The upright card puts all but the last on one
/// row; the turned one (face to face) joins them into one line.
fn side_lines(
    session: &Session,
    shown: &Shown,
    i18n: &I18n,
    player: Player,
) -> (Vec<turned::Line>, bool) {
    let position = shown.position(session);
    let to_move = !shown.outcome(session).is_over() && position.to_move() == player;
    let mut lines = vec![
        turned::Line::new(i18n.tr(player_name(player)), 20.0),
        turned::Line::new(seat_text(session.seat(player), i18n), 17.0)
            .color(style::palette().ink_soft),
    ];
    if to_move {
        lines.push(
            turned::Line::new(i18n.tr("hud-to-move-mark"), 17.0).color(style::palette().ochre_text),
        );
    }
    let counts = counts_text(
        i18n,
        position.variant(),
        [
            position.seeds_on_side(player),
            u32::from(position.captured(player)),
            position.kingulu_score(player),
        ],
    );
    lines.push(turned::Line::new(counts, COUNTS_TEXT));
    (lines, to_move)
}

/// The widest a side's card may grow, as a share of the window's width.
const SIDE_CARD_SHARE: f32 = 0.34;

/// The size of the seed counts under a side's name.
const COUNTS_TEXT: f32 = 16.0;

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

/// What the turn card says.
struct Status {
    /// Whose turn it is (or the computer thinking, the seeds moving, the game over), then the
    /// hint if one was asked.
    lines: Vec<turned::Line>,
    /// The computer is thinking: the upright card shows a spinner before the first line.
    thinking: bool,
}

/// Whose turn it is, the computer thinking, a hint.
fn status(ui: &mut egui::Ui, session: &Session, shown: &Shown, busy: &Busy, i18n: &I18n) {
    let Status { lines, thinking } = status_lines(session, shown, busy, i18n);
    for (i, line) in lines.iter().enumerate() {
        if i == 0 && thinking {
            ui.horizontal(|ui| {
                ui.add(
                    egui::Spinner::new()
                        .size(24.0)
                        .color(style::palette().ochre_text),
                );
                ui.label(rich(line));
            });
        } else {
            ui.label(rich(line));
        }
    }
}

/// The turn card's lines, for the upright card and the turned one alike.
fn status_lines(session: &Session, shown: &Shown, busy: &Busy, i18n: &I18n) -> Status {
    let position = shown.position(session);
    let mover = [("player", i18n.tr(player_name(position.to_move())).into())];
    let ink = style::palette().ink;
    let (first, size, color) = if shown.outcome(session).is_over() {
        (i18n.tr("hud-game-over"), 22.0, ink)
    } else if busy.thinking {
        (i18n.tr_args("hud-thinking", &mover), 21.0, ink)
    } else if busy.moving {
        (i18n.tr("hud-sowing"), 21.0, style::palette().ink_soft)
    } else if session.human_to_move(busy) {
        let both_human = session.seats().iter().all(|s| *s == Seat::Human);
        let key = if both_human {
            "hud-to-move"
        } else {
            "hud-your-move"
        };
        (i18n.tr_args(key, &mover), 22.0, ink)
    } else {
        (i18n.tr_args("hud-to-move", &mover), 21.0, ink)
    };
    let mut lines = vec![turned::Line::new(first, size).color(color)];
    if let Some(hint) = session.hint() {
        let hint = i18n.tr_args("hud-hint", &[("move", hint.to_string().into())]);
        lines.push(turned::Line::new(hint, 18.0).color(style::palette().ochre_text));
    }
    Status {
        lines,
        thinking: busy.thinking && !shown.outcome(session).is_over(),
    }
}

/// The game's buttons, left to right: the hint (or, while seeds move, the skip), undo, redo.
fn buttons(ui: &mut egui::Ui, session: &Session, busy: &Busy, i18n: &I18n, orders: &mut Orders) {
    let idle = !busy.moving;
    let can_hint = session.human_to_move(busy) && !busy.thinking;
    if busy.moving {
        if style::button(ui, &i18n.tr("hud-skip")).clicked() {
            orders.skips.write(SkipMove);
        }
    } else if style::button_enabled(ui, can_hint, &i18n.tr("hud-hint-button")).clicked() {
        orders.commands.write(GameCommand::Hint);
    }
    let can_undo = idle && !session.game().moves().is_empty();
    if style::button_enabled(ui, can_undo, &i18n.tr("hud-undo")).clicked() {
        orders.commands.write(GameCommand::Undo);
    }
    let can_redo = idle && !session.redo_moves().is_empty();
    if style::button_enabled(ui, can_redo, &i18n.tr("hud-redo")).clicked() {
        orders.commands.write(GameCommand::Redo);
    }
}

/// The moves so far in notation, numbered by South–North pairs; the last one stands out.
/// The game's moves, the last one marked; with `replayable`, a click on a move plays it again
/// (its ply is returned).
fn move_list(
    ui: &mut egui::Ui,
    session: &Session,
    shown: &Shown,
    replayable: bool,
    i18n: &I18n,
) -> Option<usize> {
    // The move being sown joins the list when its seeds have landed.
    let moves = shown.moves(session);
    if moves.is_empty() {
        ui.label(
            RichText::new(i18n.tr("hud-no-moves"))
                .size(18.0)
                .color(style::palette().ink_soft),
        );
        return None;
    }
    let mut clicked = None;
    // A game (or an example) that starts with North to move opens with "1. …".
    let game = session.game();
    egui::ScrollArea::horizontal()
        .stick_to_right(true)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                if game.opens_with_north() {
                    ui.label(
                        RichText::new("1. …")
                            .size(18.0)
                            .color(style::palette().ink_soft),
                    );
                }
                for (i, mv) in moves.iter().enumerate() {
                    if let Some(number) = game.pair_number(i) {
                        ui.label(
                            RichText::new(format!("{number}."))
                                .size(18.0)
                                .color(style::palette().ink_soft),
                        );
                    }
                    let mut text = RichText::new(mv.to_string()).size(19.0).monospace();
                    if i + 1 == moves.len() {
                        text = text.background_color(style::palette().ochre_pale).strong();
                    }
                    if replayable {
                        let label = egui::Label::new(text).sense(egui::Sense::click());
                        let response = ui
                            .add(label)
                            .on_hover_cursor(egui::CursorIcon::PointingHand)
                            .on_hover_text(i18n.tr("replay-move-hover"));
                        if response.clicked() {
                            clicked = Some(i);
                        }
                    } else {
                        ui.label(text);
                    }
                }
            });
        });
    clicked
}
