//! What the overlay offers: the rule sets, the computer levels, its size, whether files and
//! quitting are offered, whether the board is to be shown bare, whether a finished game's QR
//! code is shown. The overlay owns this policy;
//! whoever runs the game sets it (the exhibition kiosk inserts its own), and the overlay never
//! asks who did. The systems that draw read it as the resource it is.

use crate::core::{Feedback, Level};
use bao_engine::Variant;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiPolicy>()
        .add_systems(Update, super::close_panels.run_if(board_is_bare));
}

/// What the overlay offers.
#[derive(Resource, Clone, Debug, PartialEq)]
pub(crate) struct UiPolicy {
    /// The rule sets the title screen and the rules panel offer.
    pub(crate) variants: Vec<Variant>,
    /// The computer levels a player may choose.
    pub(crate) levels: Vec<Level>,
    /// The factor the overlay's zoom is multiplied by.
    pub(crate) scale: f32,
    /// Saved games, files, quitting and developer controls are offered (not to the visitors of
    /// an exhibition).
    pub(crate) files: bool,
    /// The board is shown bare: the rules and settings windows close and the game-over panel
    /// stays out of the way (while the game plays itself for nobody in particular).
    pub(crate) bare_board: bool,
    /// The game's cards and buttons are shown (not while the attract loop shows a lesson being
    /// done: its card, its captions and the invitation to touch say all there is to say).
    pub(crate) hud: bool,
    /// The caption of each step of a move ("Explain moves", lessons, a move played again) may
    /// be shown. Not while the attract loop plays a game: its own caption tells the move being
    /// shown, and two lines about moves on top of each other could be read by no one.
    pub(crate) step_captions: bool,
    /// Online play is offered (not at an exhibition: a kiosk's visitors play at its screen).
    pub(crate) offers_online: bool,
    /// The address of the game's web build (`https://museum.example.org/bao/`): a game played
    /// on the board that ends shows on its game-over card a QR code of a link there with the
    /// whole game in it, "Take this game home" (`take_home.rs`). `None`: no code.
    pub(crate) take_home: Option<String>,
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
            offers_online: true,
            take_home: None,
        }
    }
}

impl UiPolicy {
    /// Whether the line under the board may say `feedback`: a re-entry's explanation tells
    /// about a step of a move, and keeps quiet with the other step captions.
    pub(crate) fn shows_feedback(&self, feedback: Feedback) -> bool {
        self.step_captions || !matches!(feedback, Feedback::ReEntered { .. })
    }
}

fn board_is_bare(policy: Res<UiPolicy>) -> bool {
    policy.bare_board
}
