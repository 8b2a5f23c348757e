//! The game core: the session on the board (the engine's game, who plays, where it came from),
//! the screen, the order of each frame's work, the player's commands, whether anything is
//! moving ([`Busy`]), the settings, and the one way another game comes onto the board
//! ([`LoadSession`]). It knows no entity, view or text: the layers above read it, send it
//! messages, and answer its news ([`SessionReplaced`], [`PositionJumped`]).

mod busy;
mod load;
mod messages;
mod session;
mod settings;
mod shown;
mod turn;

pub use busy::Busy;
pub use load::LoadSession;
pub use messages::{
    GameCommand, PitClicked, PositionJumped, SessionReplaced, ShowExample, StartGame,
};
pub use session::{DEFAULT_SEATS, Feedback, Level, Origin, Seat, Session, StashedGame};
pub use settings::{Quality, Settings};
pub use shown::{MidMove, Shown};
pub use turn::{redo, undo};

use bevy::prelude::*;

/// The order of the game's work within a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoreSet {
    /// Board and seed entities are spawned and put in place.
    Build,
    /// The session is replaced or changed by commands: new games, examples, undo and redo,
    /// saved games and replays.
    Session,
    /// Clicks on the board.
    Input,
    /// The computer thinks.
    Computer,
    /// Moves are played and animated.
    Animate,
    /// Seed components and transforms follow.
    Sync,
}

/// The screen the app shows.
#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    /// Choosing a variant and the players.
    #[default]
    Title,
    /// A game on the board.
    Playing,
}

/// The session, the screen, the frame's order, the commands and the load path.
pub(crate) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            CoreSet::Build,
            CoreSet::Session,
            CoreSet::Input,
            CoreSet::Computer,
            CoreSet::Animate,
            CoreSet::Sync,
        )
            .chain(),
    )
    .init_state::<Screen>()
    .init_resource::<Session>()
    .init_resource::<Settings>()
    .init_resource::<StashedGame>()
    .init_resource::<Busy>()
    .init_resource::<Shown>()
    .add_message::<StartGame>()
    .add_message::<PitClicked>()
    .add_message::<GameCommand>()
    .add_message::<ShowExample>()
    .add_message::<SessionReplaced>()
    .add_message::<PositionJumped>()
    .add_systems(
        Update,
        (
            load::start_games,
            (
                load::show_examples,
                load::resume_games,
                turn::handle_commands,
            )
                .run_if(in_state(Screen::Playing)),
        )
            .chain()
            .in_set(CoreSet::Session),
    );
}
