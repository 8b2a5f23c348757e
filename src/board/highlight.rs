//! What the layers above ask the board to show on its pits. The board owns these requests and
//! only draws them: the animation asks for the rings of the step being shown, the input for the
//! rings and arrows of the player's turn.

use bao_engine::Pit;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveRings>()
        .init_resource::<TurnRings>()
        .init_resource::<DirectionArrows>();
}

/// A ring around a pit: what it says to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ring {
    /// The pit a move starts from, chosen.
    Selected,
    /// A pit to click next (a direction's first pit, a kichwa), or a kichwa the move re-enters.
    Target,
    /// The computer's suggestion.
    Hint,
    /// A pit that can start a move.
    Legal,
    /// A pit that can start a move, under the pointer.
    Hover,
    /// Seeds are captured here, or a toll is taken.
    Capture,
    /// A move lifts or relays here.
    Relay,
    /// A hole is reserved here (Kingulu).
    Reserved,
    /// The keyboard's focus: the pit Enter clicks (a square frame).
    Focus,
    /// The last move started here (the other player's, seen on one's own turn).
    LastMove,
    /// The pit holds seeds but may not start a move now: a lesson points it out (compulsory
    /// captures, the first-lap rule, the 16-seed lap).
    Blocked,
}

impl Ring {
    /// Whether the ring pulses: it marks something happening or something to do.
    pub(crate) fn pulses(self) -> bool {
        !matches!(
            self,
            Ring::Selected
                | Ring::Legal
                | Ring::Hover
                | Ring::Focus
                | Ring::LastMove
                | Ring::Blocked
        )
    }
}

/// The rings of the step being shown, drawn over the [`TurnRings`] (written by the animation).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveRings(pub Vec<(Pit, Ring)>);

/// The rings of the player's turn: the selection, the hint, the pits that can start a move
/// (written by the input).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TurnRings(pub Vec<(Pit, Ring)>);

/// Kujifunza, while the direction is asked: arrows from the start pit to the first pit of each
/// direction (written by the input).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct DirectionArrows(pub Option<(Pit, Vec<Pit>)>);

impl MoveRings {
    /// The ring asked for at `pit`, if any.
    pub(crate) fn at(&self, pit: Pit) -> Option<Ring> {
        ring_at(&self.0, pit)
    }
}

impl TurnRings {
    /// The ring asked for at `pit`, if any.
    pub(crate) fn at(&self, pit: Pit) -> Option<Ring> {
        ring_at(&self.0, pit)
    }
}

fn ring_at(rings: &[(Pit, Ring)], pit: Pit) -> Option<Ring> {
    rings.iter().find(|(p, _)| *p == pit).map(|&(_, ring)| ring)
}
