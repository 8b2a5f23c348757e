//! What the overlay offers: the rule sets, the computer levels, its size, whether files and
//! quitting are offered, whether the board is to be shown bare. The overlay owns this policy;
//! whoever runs the game sets it (the exhibition kiosk inserts its own), and the overlay never
//! asks who did. It is handed to the egui context so that any overlay code can read it in one
//! call.

use crate::core::{Feedback, Level};
use bao_engine::Variant;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiPolicy>()
        .add_systems(EguiPrimaryContextPass, publish.before(super::UiSet::Style))
        .add_systems(Update, super::close_panels.run_if(board_is_bare));
}

/// What the overlay offers.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct UiPolicy {
    /// The rule sets the title screen and the rules panel offer.
    pub variants: Vec<Variant>,
    /// The computer levels a player may choose.
    pub levels: Vec<Level>,
    /// The factor the overlay's zoom is multiplied by.
    pub scale: f32,
    /// Saved games, files, quitting and developer controls are offered (not to the visitors of
    /// an exhibition).
    pub files: bool,
    /// The board is shown bare: the rules and settings windows close and the game-over panel
    /// stays out of the way (while the game plays itself for nobody in particular).
    pub bare_board: bool,
    /// The game's cards and buttons are shown (not while the attract loop shows a lesson being
    /// done: its card, its captions and the invitation to touch say all there is to say).
    pub hud: bool,
    /// The caption of each step of a move ("Explain moves", lessons, a move played again) may
    /// be shown. Not while the attract loop plays a game: its own caption tells the move being
    /// shown, and two lines about moves on top of each other could be read by no one.
    pub step_captions: bool,
}

impl Default for UiPolicy {
    /// Everything: all four games with both readings of Kujifunza's kichwa rule (KU-8, KU-8c),
    /// all five levels, files, at the designed size.
    fn default() -> Self {
        UiPolicy {
            variants: Variant::ALL.to_vec(),
            levels: Level::ALL.to_vec(),
            scale: 1.0,
            files: true,
            bare_board: false,
            hud: true,
            step_captions: true,
        }
    }
}

impl UiPolicy {
    /// Whether the line under the board may say `feedback`: a re-entry's explanation tells
    /// about a step of a move, and keeps quiet with the other step captions.
    pub fn shows_feedback(&self, feedback: Feedback) -> bool {
        self.step_captions || !matches!(feedback, Feedback::ReEntered { .. })
    }
}

fn policy_id() -> egui::Id {
    egui::Id::new("bao-ui-policy")
}

fn policy(ctx: &egui::Context) -> UiPolicy {
    ctx.data(|d| d.get_temp::<UiPolicy>(policy_id()))
        .unwrap_or_default()
}

/// Whether saved games, files and quitting are offered.
pub fn offers_files(ctx: &egui::Context) -> bool {
    policy(ctx).files
}

/// The rule sets offered.
pub fn offered_variants(ctx: &egui::Context) -> Vec<Variant> {
    policy(ctx).variants
}

/// The computer levels offered.
pub fn offered_levels(ctx: &egui::Context) -> Vec<Level> {
    policy(ctx).levels
}

/// Whether the board is shown bare (the game plays itself for nobody in particular).
pub fn board_is_bare_now(ctx: &egui::Context) -> bool {
    policy(ctx).bare_board
}

/// Whether the game's cards and buttons are shown.
pub fn shows_hud(ctx: &egui::Context) -> bool {
    policy(ctx).hud
}

/// Whether the line under the board says `feedback` (see [`UiPolicy::shows_feedback`]).
pub fn shows_feedback(ctx: &egui::Context, feedback: Feedback) -> bool {
    policy(ctx).shows_feedback(feedback)
}

/// The factor the overlay's zoom is multiplied by.
pub fn ui_scale(ctx: &egui::Context) -> f32 {
    policy(ctx).scale
}

fn board_is_bare(policy: Res<UiPolicy>) -> bool {
    policy.bare_board
}

fn publish(mut contexts: EguiContexts, policy: Res<UiPolicy>) {
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if ctx.data(|d| d.get_temp::<UiPolicy>(policy_id())).as_ref() != Some(&*policy) {
        ctx.data_mut(|d| d.insert_temp(policy_id(), policy.clone()));
    }
}
