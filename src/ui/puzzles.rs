//! Puzzles in the overlay: the list of a game's puzzles (from its title card, or from a puzzle
//! on the board), and over the board the puzzle's card — its goal, how it stands once the
//! board has shown the move, and the ways on: a hint, the solution, again, the next one.

use super::style::{self, Palette};
use super::viewport::Insets;
use super::{Overlay, Panels, UiSet};
use crate::content::{self, player_name, story};
use crate::core::{Activity, Busy, GameCommand, Screen, Session};
use crate::i18n::I18n;
use crate::puzzles::{ActivePuzzle, Miss, PuzzleCommand, PuzzleRun, SolvedPuzzles, Verdict};
use bao_ai::puzzle::{Goal, Puzzle};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, Align2, RichText, Vec2};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            puzzle_card
                .run_if(in_state(Screen::Playing))
                .in_set(UiSet::Banner),
            puzzle_list.in_set(UiSet::Windows),
        ),
    );
}

/// The first of `variant`'s puzzles whose goal takes several moves (the first puzzle if none
/// does): what `--show puzzle` opens.
pub(super) fn first_of_several_moves(variant: bao_engine::Variant) -> usize {
    crate::content::puzzles::puzzles(variant)
        .unwrap_or(&[])
        .iter()
        .position(|p| matches!(p.goal, Goal::Win { plies } if plies >= 3))
        .unwrap_or(0)
}

/// The goal of a puzzle in words.
fn goal_text(goal: Goal, i18n: &I18n) -> String {
    match goal {
        Goal::Capture { seeds } => i18n.tr_args("puzzle-goal-capture", &[("seeds", seeds.into())]),
        Goal::Reserve => i18n.tr("puzzle-goal-reserve"),
        // The mover's moves within the plies: 1 ply is one move, 3 plies two, 5 three.
        Goal::Win { plies } => {
            i18n.tr_args("puzzle-goal-win", &[("moves", plies.div_ceil(2).into())])
        }
    }
}

/// The goal in a few words, for the list.
fn short_goal_text(goal: Goal, i18n: &I18n) -> String {
    match goal {
        Goal::Capture { seeds } => i18n.tr_args("puzzle-short-capture", &[("seeds", seeds.into())]),
        Goal::Reserve => i18n.tr("puzzle-short-reserve"),
        Goal::Win { plies } => {
            i18n.tr_args("puzzle-short-win", &[("moves", plies.div_ceil(2).into())])
        }
    }
}

/// How the puzzle stands, in words.
fn verdict_text(active: &ActivePuzzle, moved: bool, i18n: &I18n) -> String {
    match active.verdict {
        Verdict::Solving if moved => i18n.tr("puzzle-still-forced"),
        Verdict::Solving => i18n.tr("puzzle-solving"),
        Verdict::Solved if active.hints > 0 => {
            i18n.tr_args("puzzle-solved-hints", &[("hints", active.hints.into())])
        }
        Verdict::Solved => i18n.tr("puzzle-solved"),
        Verdict::Missed(Miss::TooFew { got }) => {
            let seeds = match active.goal {
                Goal::Capture { seeds } => seeds,
                _ => 0,
            };
            i18n.tr_args(
                "puzzle-missed-few",
                &[("got", got.into()), ("seeds", seeds.into())],
            )
        }
        Verdict::Missed(Miss::NoReservation) => i18n.tr("puzzle-missed-reserve"),
        Verdict::Missed(Miss::WinEscapes) => i18n.tr("puzzle-missed-win"),
        Verdict::Solution => i18n.tr("puzzle-solution"),
    }
}

/// What a click on the card asks for.
enum CardAction {
    Puzzle(PuzzleCommand),
    Game(GameCommand),
    List,
}

/// The puzzle on the board, and the game it is played in.
#[derive(SystemParam)]
struct OnBoard<'w> {
    run: Res<'w, PuzzleRun>,
    session: Res<'w, Session>,
    busy: Res<'w, Busy>,
}

/// What the card's buttons send.
#[derive(SystemParam)]
struct CardOrders<'w> {
    puzzles: MessageWriter<'w, PuzzleCommand>,
    games: MessageWriter<'w, GameCommand>,
}

/// The puzzle's card at the top of the board, under the top cards.
fn puzzle_card(
    mut overlay: Overlay,
    on_board: OnBoard,
    mut panels: ResMut<Panels>,
    mut insets: ResMut<Insets>,
    mut orders: CardOrders,
) {
    let session = &on_board.session;
    let Some(active) = on_board
        .run
        .0
        .as_ref()
        .filter(|_| session.activity() == Activity::Puzzle)
    else {
        return;
    };
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let action = style::guide_card(
        ctx,
        palette,
        "puzzle-card",
        &mut insets,
        |ui| card_buttons(ui, active, session, &on_board.busy, i18n),
        |ui| card_text(ui, active, session, i18n, palette),
    );
    match action {
        Some(CardAction::Puzzle(command)) => {
            orders.puzzles.write(command);
        }
        Some(CardAction::Game(command)) => {
            orders.games.write(command);
        }
        Some(CardAction::List) => panels.puzzles = Some(active.variant),
        None => {}
    }
}

/// The card's title, goal and verdict.
fn card_text(
    ui: &mut egui::Ui,
    active: &ActivePuzzle,
    session: &Session,
    i18n: &I18n,
    palette: &Palette,
) {
    ui.spacing_mut().item_spacing.y = style::GUIDE_LINE_SPACING;
    let number = i18n.tr_args(
        "puzzle-number",
        &[
            (
                "game",
                i18n.tr(content::variant_name(active.variant)).into(),
            ),
            ("number", (active.index + 1).into()),
            ("count", active.of.into()),
        ],
    );
    ui.label(
        RichText::new(number)
            .size(style::BODY_TEXT)
            .strong()
            .color(palette.ochre_text),
    );
    let you = i18n.tr_args(
        "puzzle-you-play",
        &[("player", i18n.tr(player_name(active.solver)).into())],
    );
    style::paragraph(ui, &format!("{} {you}", goal_text(active.goal, i18n)));
    let moved = !session.game().moves().is_empty();
    let verdict = verdict_text(active, moved, i18n);
    let colour = match active.verdict {
        Verdict::Solved => palette.good,
        Verdict::Missed(_) => palette.bad,
        _ => palette.ink_soft,
    };
    ui.label(
        RichText::new(verdict)
            .size(style::PARAGRAPH_TEXT)
            .strong()
            .color(colour),
    );
    if let Some(line) = judged_move_line(active, session, i18n) {
        ui.label(
            RichText::new(line)
                .size(style::PARAGRAPH_TEXT)
                .color(palette.ink_soft),
        );
    }
}

/// The solver's move the verdict is about, told from its trace (`content::story`): once the
/// board has shown it and the verdict is in, never while the puzzle waits for a move.
fn judged_move_line(active: &ActivePuzzle, session: &Session, i18n: &I18n) -> Option<String> {
    let judged = match active.verdict {
        Verdict::Solved | Verdict::Missed(_) => true,
        // Still forced: once the defender has answered, the solver's move is long shown.
        Verdict::Solving => session.game().position().to_move() == active.solver,
        Verdict::Solution => false,
    };
    let (before, mv) = story::last_move_of(session.game(), active.solver).filter(|_| judged)?;
    story::move_line(&before, mv, i18n)
}

/// The card's buttons, right to left: all puzzles, next, again, the solution, a hint.
fn card_buttons(
    ui: &mut egui::Ui,
    active: &ActivePuzzle,
    session: &Session,
    busy: &Busy,
    i18n: &I18n,
) -> Option<CardAction> {
    let mut action = None;
    if style::button(ui, &i18n.tr("puzzle-all")).clicked() {
        action = Some(CardAction::List);
    }
    let has_next = active.index + 1 < active.of;
    if style::button_enabled(ui, has_next, &i18n.tr("puzzle-next")).clicked() {
        action = Some(CardAction::Puzzle(PuzzleCommand::Next));
    }
    let started = !session.game().moves().is_empty() || active.verdict == Verdict::Solution;
    if style::button_enabled(ui, started, &i18n.tr("puzzle-retry")).clicked() {
        action = Some(CardAction::Puzzle(PuzzleCommand::Retry));
    }
    if style::button_enabled(ui, !busy.moving, &i18n.tr("puzzle-show-solution")).clicked() {
        action = Some(CardAction::Puzzle(PuzzleCommand::ShowSolution));
    }
    let can_hint = active.verdict == Verdict::Solving && session.human_to_move(busy);
    if style::button_enabled(ui, can_hint, &i18n.tr("puzzle-hint")).clicked() {
        action = Some(CardAction::Game(GameCommand::Hint));
    }
    action
}

/// The list of a game's puzzles: each with its goal, solved ones marked.
fn puzzle_list(
    mut overlay: Overlay,
    mut panels: ResMut<Panels>,
    solved: Res<SolvedPuzzles>,
    insets: Res<Insets>,
    mut commands_out: MessageWriter<PuzzleCommand>,
) {
    let Some(variant) = panels.puzzles else {
        return;
    };
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    let set = crate::content::puzzles::puzzles(variant).unwrap_or(&[]);
    let screen = ctx.content_rect();
    let game = i18n.tr(content::variant_name(variant.game()));
    let title = i18n.tr_args("puzzles-title", &[("game", game.into())]);
    let mut open = true;
    let mut chosen = None;
    egui::Window::new(RichText::new(title).size(style::WINDOW_TITLE_TEXT).strong())
        .id(egui::Id::new("puzzle-list"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(
            Align2::CENTER_CENTER,
            Vec2::new(0.0, (insets.top - insets.bottom) / 2.0),
        )
        .fixed_size(Vec2::new(
            (screen.width() - style::PUZZLE_LIST_SIDES).min(style::PUZZLE_LIST_WIDTH),
            (screen.height() - insets.top - insets.bottom - style::PUZZLE_LIST_ENDS)
                .max(style::PUZZLE_LIST_MIN_HEIGHT),
        ))
        .show(ctx, |ui| {
            style::paragraph(ui, &i18n.tr("puzzles-intro"));
            if set.is_empty() {
                style::paragraph(ui, &i18n.tr("puzzles-none"));
            }
            ui.add_space(style::SECTION_GAP);
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    chosen = puzzle_grid(ui, set, &solved, i18n, palette)
                });
        });
    if let Some(index) = chosen {
        commands_out.write(PuzzleCommand::Open {
            variant: variant.game(),
            index,
        });
        panels.puzzles = None;
        panels.rules = None;
    } else if !open {
        panels.puzzles = None;
    }
}

/// The puzzles two to a row, so that a screen shows most of a game's puzzles at once; the one
/// whose button was pressed.
fn puzzle_grid(
    ui: &mut egui::Ui,
    set: &[Puzzle],
    solved: &SolvedPuzzles,
    i18n: &I18n,
    palette: &Palette,
) -> Option<usize> {
    let mut chosen = None;
    for (row, pair) in set.chunks(2).enumerate() {
        ui.columns(2, |cols| {
            for (col, (k, puzzle)) in cols.iter_mut().zip(pair.iter().enumerate()) {
                let index = row * 2 + k;
                let done = solved.done.contains(&puzzle.id);
                if puzzle_entry(col, index, puzzle.goal, done, i18n, palette) {
                    chosen = Some(index);
                }
            }
        });
    }
    chosen
}

/// One puzzle of the list: its number's button, its goal and whether it was solved; whether the
/// button was pressed.
fn puzzle_entry(
    ui: &mut egui::Ui,
    index: usize,
    goal: Goal,
    solved: bool,
    i18n: &I18n,
    palette: &Palette,
) -> bool {
    ui.horizontal(|ui| {
        let pressed = style::button(ui, &format!("{}", index + 1)).clicked();
        let goal = RichText::new(short_goal_text(goal, i18n)).size(style::CARD_TEXT);
        let mark = solved.then(|| {
            RichText::new(i18n.tr("puzzle-solved-mark"))
                .size(style::SMALL_TEXT)
                .strong()
                .color(palette.ochre_text)
        });
        ui.vertical(|ui| {
            // The goal centred on its button's height, with or without the "solved" line.
            let lines = if mark.is_some() {
                style::CARD_TEXT + style::SMALL_TEXT + ui.spacing().item_spacing.y
            } else {
                style::CARD_TEXT
            };
            ui.add_space(((style::TOUCH - lines * LINE_HEIGHT) / 2.0).max(0.0));
            ui.label(goal);
            if let Some(mark) = mark {
                ui.label(mark);
            }
        });
        pressed
    })
    .inner
}

/// A line of text is about this many times its font size high.
const LINE_HEIGHT: f32 = 1.2;
