//! The game core: the session on the board (the engine's game, who plays, where it came from),
//! the screen, the order of each frame's work, the player's commands, whether anything is
//! moving ([`Busy`]), the settings, and the one way another game comes onto the board
//! ([`LoadSession`]). It knows no entity, view or text: the layers above read it, send it
//! messages, and answer its news ([`SessionReplaced`], [`PositionJumped`]).

mod busy;
mod load;
mod messages;
mod play;
mod session;
mod settings;
mod shown;
mod turn;

pub use busy::Busy;
pub use load::LoadSession;
pub use messages::{
    ChangeSession, GameCommand, MovePlayed, MoveRefused, MoveSource, PitClicked, PositionJumped,
    Refusal, SeatMove, SessionChange, SessionChanges, SessionReplaced, ShowExample, StartGame,
};
pub use session::{Activity, DEFAULT_SEATS, Feedback, Level, Seat, Session, StashedGame};
pub use settings::{Quality, Settings};
pub use shown::{MidMove, Shown};

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
    /// The core applies the moves and changes the seats and guides sent this frame.
    Apply,
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

/// Enters the activity of the session on the board when another one is loaded or a replay is
/// taken over.
fn keep_activity(
    session: Res<Session>,
    activity: Res<State<Activity>>,
    mut next: ResMut<NextState<Activity>>,
) {
    let wanted = session.activity();
    if *activity.get() != wanted {
        next.set(wanted);
    }
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
            CoreSet::Apply,
            CoreSet::Animate,
            CoreSet::Sync,
        )
            .chain(),
    )
    .init_state::<Screen>()
    .add_sub_state::<Activity>()
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
    .add_message::<SeatMove>()
    .add_message::<MovePlayed>()
    .add_message::<MoveRefused>()
    .add_message::<ChangeSession>()
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
    )
    .add_systems(
        Update,
        (
            play::apply_changes,
            play::apply_moves,
            play::play_script,
            keep_activity,
        )
            .chain()
            .run_if(in_state(Screen::Playing))
            .in_set(CoreSet::Apply),
    );
}
