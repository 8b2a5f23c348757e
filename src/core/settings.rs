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
    /// The reading of Bao la Kujifunza's kichwa rule that new Kujifunza games use:
    /// [`Variant::Kujifunza`] (the direction is kept, KU-8) or [`Variant::KujifunzaChoice`] (the
    /// player chooses, KU-8c).
    pub kujifunza: Variant,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            anim_speed: 1.0,
            paused: false,
            show_counts: true,
            kujifunza: Variant::Kujifunza,
        }
    }
}

impl Settings {
    /// The slowest animation speed.
    pub const MIN_SPEED: f32 = 0.25;
    /// The fastest animation speed.
    pub const MAX_SPEED: f32 = 4.0;
}
