//! The game-over panel: who won and why, in the words of the game ("North's front row is empty
//! — bao hamna"), with a new game, undo, or a last look at the board.

use super::style;
use super::turned;
use super::viewport::Insets;
use super::{Panels, UiSet};
use crate::content::ending;
use crate::core::{Busy, GameCommand, Screen, Session, Settings};
use crate::i18n::I18n;
use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, RichText, Vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        game_over_window
            .run_if(in_state(Screen::Playing))
            .in_set(UiSet::Windows),
    );
}

#[allow(
    clippy::too_many_arguments,
    reason = "the panel shows the session's end where the bars and the table leave room"
)]
fn game_over_window(
    mut contexts: EguiContexts,
    session: Res<Session>,
    busy: Res<Busy>,
    i18n: Res<I18n>,
    mut panels: ResMut<Panels>,
    insets: Res<Insets>,
    settings: Res<Settings>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(end) = ending(session.game().outcome(), session.game().position(), &i18n) else {
        panels.game_over_dismissed = false;
        return;
    };
    // Let the last move finish on the board first; a puzzle's card says how it ended.
    if busy.moving || panels.game_over_dismissed || session.origin().is_guided() {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let moves = session.game().moves().len();
    let moves_line = i18n.tr_args("game-over-moves", &[("count", moves.into())]);
    // Centred between the bars and the example banner, so that it covers neither; face to face,
    // in South's half, with the same words turned toward North in North's half.
    let (align, offset) = if settings.face_to_face {
        let middle = ctx.content_rect().center();
        let lines = [
            vec![turned::Line::new(&end.headline, 34.0).color(style::palette().ochre_text)],
            vec![turned::Line::new(&end.reason, 20.0)],
            vec![turned::Line::new(&moves_line, 16.0).color(style::palette().ink_soft)],
        ];
        let look = turned::Look {
            fill: style::palette().parchment,
            ..turned::Look::card()
        };
        turned::show(
            ctx,
            "game-over-turned",
            middle - Vec2::new(0.0, 8.0),
            Align2::CENTER_BOTTOM,
            &lines,
            look,
        );
        (Align2::CENTER_TOP, Vec2::new(0.0, middle.y + 8.0))
    } else {
        (
            Align2::CENTER_CENTER,
            Vec2::new(0.0, (insets.top - insets.bottom) / 2.0),
        )
    };
    let title = i18n.tr("game-over-title");
    egui::Window::new(RichText::new(title).size(24.0).strong())
        .id(egui::Id::new("game-over"))
        .collapsible(false)
        .resizable(false)
        .anchor(align, offset)
        .show(ctx, |ui| {
            ui.set_min_width(560.0);
            ui.vertical_centered(|ui| {
                ui.label(
                    RichText::new(&end.headline)
                        .size(40.0)
                        .strong()
                        .color(style::palette().ochre_text),
                );
                ui.add_space(4.0);
                ui.add(egui::Label::new(RichText::new(&end.reason).size(22.0)).wrap());
                ui.add_space(4.0);
                ui.label(
                    RichText::new(moves_line)
                        .size(17.0)
                        .color(style::palette().ink_soft),
                );
                ui.add_space(10.0);
                ui.horizontal_wrapped(|ui| {
                    if style::button(ui, &i18n.tr("game-over-new-game")).clicked() {
                        commands.write(GameCommand::NewGame);
                    }
                    if style::button(ui, &i18n.tr("game-over-undo")).clicked() {
                        commands.write(GameCommand::Undo);
                    }
                    if style::button(ui, &i18n.tr("game-over-look")).clicked() {
                        panels.game_over_dismissed = true;
                    }
                });
            });
        });
}
