//! A lesson's card over the board: which lesson of how many, what to do now (the lesson's
//! instruction, what its move did, the exercise and the engine's verdict on it), and the ways
//! on: the exercise, a hint after a wrong try, again, the next lesson, a real game.

use super::UiSet;
use super::style;
use super::viewport::Insets;
use crate::content::{self, lessons::Task};
use crate::core::{GameCommand, Origin, Screen, Session};
use crate::i18n::I18n;
use crate::lessons::{ActiveLesson, LessonCommand, LessonProgress, LessonRun, Stage};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

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
fn card_body(active: &ActiveLesson, i18n: &I18n) -> Vec<(String, egui::Color32)> {
    let Some(lesson) = active.lesson() else {
        return vec![(
            i18n.tr_args("lesson-broken", &[("error", "no such lesson".into())]),
            style::palette().ink_soft,
        )];
    };
    let green = style::palette().good;
    let red = style::palette().bad;
    let task = lesson.exercise.task;
    let exercise = i18n.tr_args("lesson-exercise", &[("task", task_text(task, i18n).into())]);
    match active.stage {
        Stage::Try => vec![
            (i18n.tr(&lesson.key("intro")), style::palette().ink),
            (i18n.tr("lesson-click"), style::palette().ink_soft),
        ],
        Stage::Told => vec![(i18n.tr(&lesson.key("after")), green)],
        Stage::Exercise(None) => vec![(exercise, style::palette().ink)],
        Stage::Exercise(Some(answer)) if answer.met => {
            let mut body = vec![(i18n.tr("lesson-done"), green)];
            if active.is_last() {
                let game = i18n.tr(content::variant_name(active.variant.game()));
                body.push((
                    i18n.tr_args("lesson-finished", &[("game", game.into())]),
                    style::palette().ink,
                ));
            }
            body
        }
        Stage::Exercise(Some(answer)) => vec![
            (exercise, style::palette().ink),
            (miss_text(task, &answer, i18n), red),
        ],
    }
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

/// The lesson's card at the top of the board, under the top cards.
#[allow(
    clippy::too_many_arguments,
    reason = "the card shows the lesson and its progress, and sends both kinds of command"
)]
fn lesson_card(
    mut contexts: EguiContexts,
    run: Res<LessonRun>,
    progress: Res<LessonProgress>,
    session: Res<Session>,
    i18n: Res<I18n>,
    mut insets: ResMut<Insets>,
    mut lesson_commands: MessageWriter<LessonCommand>,
    mut game_commands: MessageWriter<GameCommand>,
) {
    let Some(active) = run
        .0
        .as_ref()
        .filter(|_| session.origin() == Origin::Lesson)
    else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    // A lesson shown to nobody in particular (the kiosk's attract loop) offers no buttons: a
    // touch anywhere leaves it.
    let bare = super::policy::board_is_bare_now(ctx);
    let action = style::guide_card(
        ctx,
        "lesson-card",
        &mut insets,
        |ui| {
            if bare {
                None
            } else {
                card_buttons(ui, active, &i18n)
            }
        },
        |ui| card_text(ui, active, &progress, &i18n),
    );
    match action {
        Some(CardAction::Lesson(command)) => {
            lesson_commands.write(command);
        }
        Some(CardAction::Game(command)) => {
            game_commands.write(command);
        }
        None => {}
    }
}

/// The card's title line (game, lesson number, its name and rules) and its body.
fn card_text(ui: &mut egui::Ui, active: &ActiveLesson, progress: &LessonProgress, i18n: &I18n) {
    ui.spacing_mut().item_spacing.y = 2.0;
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
                .size(20.0)
                .strong()
                .color(style::palette().ochre_text),
        );
        let done = i18n.tr_args(
            "lesson-progress",
            &[
                ("done", progress.done_of(active.variant).into()),
                ("count", active.of.into()),
            ],
        );
        ui.label(
            RichText::new(format!("{rules} · {done}"))
                .size(15.0)
                .color(style::palette().ink_soft),
        );
    });
    for (text, colour) in card_body(active, i18n) {
        ui.label(RichText::new(text).size(18.0).color(colour));
    }
}
