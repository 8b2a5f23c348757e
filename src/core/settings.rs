//! The player's preferences that the game core and the views share.

use bao_engine::Variant;
use bevy::prelude::*;

/// Player preferences.
#[derive(Resource, Clone, Debug)]
pub struct Settings {
    /// Animation speed, 0.25× to 4×.
    pub anim_speed: f32,
    /// The animation is paused.
    pub paused: bool,
    /// Each pit shows its seed count.
    pub show_counts: bool,
    /// Each pit shows its name (`a3`) in the notation of the move list and the hints.
    pub show_pit_names: bool,
    /// Every move, the human's and the computer's, is captioned step by step as it is sown and
    /// in one line once it has landed ("Explain moves", `ui::explain`). On for a new player's
    /// first games: it goes off by itself after them unless [`Settings::explain_chosen`].
    pub explain_moves: bool,
    /// The player has set "Explain moves" by hand: it stays as they set it.
    pub explain_chosen: bool,
    /// Games this player has finished, against anyone (the first games explain themselves).
    pub games_finished: u32,
    /// Reduced motion: the camera does not circle and seeds glide from pit to pit instead of
    /// flying in arcs; every step stays visible.
    pub reduced_motion: bool,
    /// The reading of Bao la Kujifunza's kichwa rule that new Kujifunza games use:
    /// [`Variant::Kujifunza`] (the direction is kept, KU-8) or [`Variant::KujifunzaChoice`] (the
    /// player chooses, KU-8c).
    pub kujifunza: Variant,
    /// The overlay in its high-contrast palette: white cards, black text, opaque fills.
    pub high_contrast: bool,
    /// The overlay's size, 1.0 to 2.0, on top of its scaling with the window.
    pub ui_scale: f32,
    /// Face to face: two people at a table (a touch table at a kiosk), one on each side. The
    /// camera looks straight down, and North's card, prompts, counts and the game-over text are
    /// turned toward North, so that neither player reads the board upside down.
    pub face_to_face: bool,
    /// The picture's quality as the player chose it; `None`: chosen by the renderer (software
    /// renderers get [`Quality::Standard`]).
    pub quality: Option<Quality>,
}

/// How the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quality {
    /// What every renderer can do fast, WebGL2 and software ones too: no multisampling, a
    /// 1024² shadow map with hardware filtering.
    Standard,
    /// A desktop GPU's extras: 4× multisampling, a 2048² shadow map, softer shadow edges.
    High,
}

impl Quality {
    /// The settings file's spelling.
    pub fn id(self) -> &'static str {
        match self {
            Quality::Standard => "standard",
            Quality::High => "high",
        }
    }

    /// The quality of a settings file's spelling; anything else is none (chosen by the renderer).
    pub fn of_id(id: &str) -> Option<Quality> {
        [Quality::Standard, Quality::High]
            .into_iter()
            .find(|q| q.id() == id)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            anim_speed: 1.0,
            paused: false,
            show_counts: true,
            show_pit_names: false,
            explain_moves: true,
            explain_chosen: false,
            games_finished: 0,
            reduced_motion: false,
            high_contrast: false,
            ui_scale: 1.0,
            face_to_face: false,
            kujifunza: Variant::Kujifunza,
            quality: None,
        }
    }
}

impl Settings {
    /// The slowest animation speed.
    pub const MIN_SPEED: f32 = 0.25;
    /// The fastest animation speed.
    pub const MAX_SPEED: f32 = 4.0;
    /// The smallest interface scale.
    pub const MIN_UI_SCALE: f32 = 1.0;
    /// The largest interface scale.
    pub const MAX_UI_SCALE: f32 = 2.0;
}
