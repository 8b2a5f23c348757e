//! A lesson's card over the board: which lesson of how many, what to do now (the lesson's
//! instruction, what its move did, the exercise and the engine's verdict on it), and the ways
//! on: the exercise, a hint after a wrong try, again, the next lesson, a real game.

use super::style::{self, Palette};
use super::viewport::Insets;
use super::{Overlay, UiSet};
use crate::content::{self, lessons::Task, story};
use crate::core::{Activity, GameCommand, Screen, Session};
use crate::i18n::I18n;
use crate::lessons::{ActiveLesson, LessonCommand, LessonProgress, LessonRun, Stage};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, RichText};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        lesson_card
            .run_if(in_state(Screen::Playing))
            .in_set(UiSet::Banner),
    );
}

/// The exercise's task in words.
fn task_text(task: Task, i18n: &I18n) -> String {
    let key = format!("lesson-task-{}", task.key());
    match task {
        Task::Relays(n) => i18n.tr_args(&key, &[("relays", n.into())]),
        _ => i18n.tr(&key),
    }
}

/// Why a move did not do the exercise.
fn miss_text(task: Task, answer: &content::lessons::Answer, i18n: &I18n) -> String {
    let key = format!("lesson-miss-{}", task.key());
    i18n.tr_args(
        &key,
        &[
            ("relays", answer.summary.relays.into()),
            ("got", answer.summary.captured.into()),
            ("most", answer.most.into()),
        ],
    )
}

/// What the card says under its title, and how it is coloured.
fn card_body(
    active: &ActiveLesson,
    session: &Session,
    i18n: &I18n,
    palette: &Palette,
) -> Vec<(String, egui::Color32)> {
    let Some(lesson) = active.lesson() else {
        return vec![(
            i18n.tr_args("lesson-broken", &[("error", "no such lesson".into())]),
            palette.ink_soft,
        )];
    };
    let green = palette.good;
    let red = palette.bad;
    let task = lesson.exercise.task;
    let exercise = i18n.tr_args("lesson-exercise", &[("task", task_text(task, i18n).into())]);
    match active.stage {
        Stage::Try => vec![
            (i18n.tr(&lesson.key("intro")), palette.ink),
            (i18n.tr("lesson-click"), palette.ink_soft),
        ],
        Stage::Told => vec![
            (what_the_move_did(session, i18n), palette.ink),
            (i18n.tr(&lesson.key("after")), green),
        ],
        Stage::Exercise(None) => vec![(exercise, palette.ink)],
        Stage::Exercise(Some(answer)) if answer.met => {
            let mut body = vec![
                (what_the_move_did(session, i18n), palette.ink),
                (i18n.tr("lesson-done"), green),
            ];
            if active.is_last() {
                let game = i18n.tr(content::variant_name(active.variant.game()));
                body.push((
                    i18n.tr_args("lesson-finished", &[("game", game.into())]),
                    palette.ink,
                ));
            }
            body
        }
        Stage::Exercise(Some(answer)) => vec![
            (exercise, palette.ink),
            (what_the_move_did(session, i18n), palette.ink_soft),
            (miss_text(task, &answer, i18n), red),
        ],
    }
}

/// The learner's last move told step by step from its trace (`content::story`): what the
/// board has just shown, before the card says the rule it follows.
fn what_the_move_did(session: &Session, i18n: &I18n) -> String {
    // The lesson's position has the learner to move.
    let learner = session.game().start().to_move();
    story::last_move_of(session.game(), learner)
        .map(|(before, mv)| story::move_story(&before, mv, i18n).join(" "))
        .unwrap_or_default()
}

/// The card's buttons for where the lesson stands, right to left (the way on first).
fn card_buttons(ui: &mut egui::Ui, active: &ActiveLesson, i18n: &I18n) -> Option<CardAction> {
    let mut action = None;
    let mut button = |ui: &mut egui::Ui, key: &str, then: CardAction| {
        if style::button(ui, &i18n.tr(key)).clicked() {
            action = Some(then);
        }
    };
    button(ui, "lesson-leave", CardAction::Game(GameCommand::NewGame));
    match active.stage {
        Stage::Try => {}
        Stage::Told => button(
            ui,
            "lesson-your-turn",
            CardAction::Lesson(LessonCommand::Exercise),
        ),
        Stage::Exercise(None) => {}
        Stage::Exercise(Some(answer)) if answer.met => {
            if active.is_last() {
                button(
                    ui,
                    "lesson-real-game",
                    CardAction::Lesson(LessonCommand::PlayRealGame),
                );
            } else {
                button(ui, "lesson-next", CardAction::Lesson(LessonCommand::Next));
            }
        }
        Stage::Exercise(Some(_)) => {
            button(
                ui,
                "lesson-hint",
                CardAction::Lesson(LessonCommand::RetryWithHint),
            );
            button(ui, "lesson-again", CardAction::Lesson(LessonCommand::Retry));
        }
    }
    action
}

/// What a click on the card asks for.
enum CardAction {
    Lesson(LessonCommand),
    Game(GameCommand),
}

/// The lesson on the board and how far the player has come through its game's lessons.
#[derive(SystemParam)]
struct Lesson<'w> {
    run: Res<'w, LessonRun>,
    progress: Res<'w, LessonProgress>,
    session: Res<'w, Session>,
}

/// What the card's buttons send.
#[derive(SystemParam)]
struct CardOrders<'w> {
    lessons: MessageWriter<'w, LessonCommand>,
    games: MessageWriter<'w, GameCommand>,
}

/// The lesson's card at the top of the board, under the top cards.
fn lesson_card(
    mut overlay: Overlay,
    lesson: Lesson,
    mut insets: ResMut<Insets>,
    mut orders: CardOrders,
) {
    let on_board = lesson.session.activity() == Activity::Lesson;
    let Some(active) = lesson.run.0.as_ref().filter(|_| on_board) else {
        return;
    };
    let Ok(ctx) = overlay.contexts.ctx_mut() else {
        return;
    };
    let (i18n, palette) = (&*overlay.i18n, &*overlay.palette);
    // A lesson shown to nobody in particular (the kiosk's attract loop) offers no buttons: a
    // touch anywhere leaves it.
    let bare = overlay.policy.bare_board;
    let action = style::guide_card(
        ctx,
        palette,
        "lesson-card",
        &mut insets,
        |ui| {
            if bare {
                None
            } else {
                card_buttons(ui, active, i18n)
            }
        },
        |ui| card_text(ui, active, &lesson.session, &lesson.progress, i18n, palette),
    );
    match action {
        Some(CardAction::Lesson(command)) => {
            orders.lessons.write(command);
        }
        Some(CardAction::Game(command)) => {
            orders.games.write(command);
        }
        None => {}
    }
}

/// The card's title line (game, lesson number, its name and rules) and its body.
fn card_text(
    ui: &mut egui::Ui,
    active: &ActiveLesson,
    session: &Session,
    progress: &LessonProgress,
    i18n: &I18n,
    palette: &Palette,
) {
    ui.spacing_mut().item_spacing.y = style::GUIDE_LINE_SPACING;
    let game = i18n.tr(content::variant_name(active.variant.game()));
    let number = i18n.tr_args(
        "lesson-number",
        &[
            ("game", game.into()),
            ("number", (active.index + 1).into()),
            ("count", active.of.into()),
        ],
    );
    let (title, rules) = active.lesson().map_or_else(Default::default, |l| {
        (
            i18n.tr(&l.key("title")),
            i18n.tr_args("lesson-rules", &[("rules", l.rules.into())]),
        )
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(format!("{number} — {title}"))
                .size(style::BODY_TEXT)
                .strong()
                .color(palette.ochre_text),
        );
        let done = i18n.tr_args(
            "lesson-progress",
            &[
                ("done", progress.done_of(active.variant).into()),
                ("count", active.of.into()),
            ],
        );
        // One piece: on a narrow screen it moves under the title whole, rather than leaving
        // its last word alone on a line.
        ui.add(
            egui::Label::new(
                RichText::new(format!("{rules} · {done}"))
                    .size(style::COMPACT_TEXT)
                    .color(palette.ink_soft),
            )
            .wrap_mode(egui::TextWrapMode::Extend),
        );
    });
    for (text, colour) in card_body(active, session, i18n, palette) {
        if text.is_empty() {
            continue;
        }
        ui.label(RichText::new(text).size(style::CARD_TEXT).color(colour));
    }
}
