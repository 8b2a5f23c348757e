//! On the title screen: the offer to go back to the online game left unfinished when the
//! program last closed (kept by `crate::online`'s kept seat), after the offer of a local game
//! to resume, if there is one.

use super::super::style::{self, Palette};
use super::super::{UiPolicy, UiSet};
use crate::content::variant_name;
use crate::core::Screen;
use crate::i18n::I18n;
use crate::online::{ForgetUnfinished, KeptSeat, OnlineCommand, UnfinishedOnline};
use crate::records::ResumeOffer;
use bao_protocol::Seat;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(in crate::ui) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        unfinished_offer
            .run_if(in_state(Screen::Title))
            .in_set(UiSet::Windows),
    );
}

/// What the offer's buttons ask.
enum Answer {
    GoBack,
    Forget,
}

fn unfinished_offer(
    mut contexts: EguiContexts,
    i18n: Res<I18n>,
    palette: Res<Palette>,
    policy: Res<UiPolicy>,
    offers: Offers,
    mut answers: Answers,
) {
    let Some(kept) = offers.online.0.as_ref() else {
        return;
    };
    // One question at a time: the local game's offer first.
    if !policy.offers_online || offers.local.is_some_and(|l| l.0.is_some()) {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    let title = RichText::new(i18n.tr("online-unfinished-title"))
        .size(style::LARGE_TEXT)
        .strong();
    let answer = style::question_window(ctx, title, "online-unfinished", |ui| {
        ui.vertical_centered(|ui| {
            let question = RichText::new(question(kept, &i18n)).size(style::LARGE_TEXT);
            ui.add(egui::Label::new(question).wrap());
            ui.label(
                RichText::new(i18n.tr("online-unfinished-note"))
                    .size(style::NOTE_TEXT)
                    .color(palette.ink_soft),
            );
            ui.add_space(style::RESUME_BEFORE_BUTTONS);
            ui.horizontal(|ui| {
                if style::button(ui, &i18n.tr("online-unfinished-yes")).clicked() {
                    return Some(Answer::GoBack);
                }
                style::button(ui, &i18n.tr("online-unfinished-no"))
                    .clicked()
                    .then_some(Answer::Forget)
            })
            .inner
        })
        .inner
    })
    .flatten();
    match answer {
        Some(Answer::GoBack) => {
            answers.commands.write(kept.resume());
        }
        Some(Answer::Forget) => {
            answers.forget.write(ForgetUnfinished);
        }
        None => {}
    }
}

/// The offers found at start: the online game's, and the local game's that goes first.
#[derive(SystemParam)]
struct Offers<'w> {
    online: Res<'w, UnfinishedOnline>,
    local: Option<Res<'w, ResumeOffer>>,
}

/// Where the offer's answer goes.
#[derive(SystemParam)]
struct Answers<'w> {
    commands: MessageWriter<'w, OnlineCommand>,
    forget: MessageWriter<'w, ForgetUnfinished>,
}

/// "Go back to your online game of Bao Kigogo? You play North."
fn question(kept: &KeptSeat, i18n: &I18n) -> String {
    let game = kept
        .variant()
        .map_or_else(|| kept.variant.clone(), |v| i18n.tr(variant_name(v)));
    let seat = i18n.tr(match kept.seat {
        Seat::South => "player-south",
        Seat::North => "player-north",
    });
    i18n.tr_args(
        "online-unfinished-question",
        &[("game", game.into()), ("seat", seat.into())],
    )
}
