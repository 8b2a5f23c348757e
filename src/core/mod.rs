//! The game core: the session on the board (the engine's game, who plays, where it came from),
//! the screen, the order of each frame's work, the player's commands, whether anything is
//! moving ([`Busy`]), the settings, and the one way another game comes onto the board
//! ([`Loads`]). It knows no entity, view or text: the layers above read it, send it
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
pub use load::{LoadRequest, Loads};
pub use messages::{
    ActivityLeft, ChangeSession, GameCommand, MovePlayed, MoveRefused, MoveSource, PitClicked,
    PositionJumped, Refusal, SeatMove, SessionChange, SessionChanges, SessionReplaced, ShowExample,
    StartGame,
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
    /// Commands that change the session or ask for another (new games, examples, undo and
    /// redo, saved games, replays, lessons, puzzles).
    Session,
    /// The core takes the loads asked for ([`Loads`]): the one point of the frame where the
    /// session on the board is replaced.
    Load,
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

/// A run condition: the board shows a game for `activity` (the board's screen, and the
/// session on it is for `activity`). Systems that belong to an activity run under it, so that
/// their schedule says when they run.
pub fn in_activity(activity: Activity) -> impl FnMut(Res<State<Screen>>, Res<Session>) -> bool {
    move |screen, session| *screen.get() == Screen::Playing && session.activity() == activity
}

/// Tells the layers above which activity the board stopped showing this frame
/// ([`ActivityLeft`]): after the loads and the changes, once per frame, at the end of
/// [`CoreSet::Apply`]. `shown` is the activity on the board when it last looked.
fn tell_activity_left(
    screen: Res<State<Screen>>,
    session: Res<Session>,
    mut shown: Local<Option<Activity>>,
    mut left: MessageWriter<ActivityLeft>,
) {
    let now = (*screen.get() == Screen::Playing).then(|| session.activity());
    if let Some(before) = *shown
        && now != Some(before)
    {
        left.write(ActivityLeft(before));
    }
    *shown = now;
}

/// The order of each frame's work: [`CoreSet`]'s sets, one after the other.
fn order_the_frame(app: &mut App) {
    app.configure_sets(
        Update,
        (
            CoreSet::Build,
            CoreSet::Session,
            CoreSet::Load,
            CoreSet::Input,
            CoreSet::Computer,
            CoreSet::Apply,
            CoreSet::Animate,
            CoreSet::Sync,
        )
            .chain(),
    );
}

/// The session, the screen, the frame's order, the commands and the load path.
pub(crate) fn plugin(app: &mut App) {
    order_the_frame(app);
    app.init_state::<Screen>()
        .init_resource::<Session>()
        .init_resource::<Settings>()
        .init_resource::<StashedGame>()
        .init_resource::<load::LastStamp>()
        .init_resource::<Busy>()
        .init_resource::<Shown>()
        .add_message::<StartGame>()
        .add_message::<PitClicked>()
        .add_message::<GameCommand>()
        .add_message::<ShowExample>()
        .add_message::<LoadRequest>()
        .add_message::<SessionReplaced>()
        .add_message::<ActivityLeft>()
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
            (play::apply_changes, play::apply_moves, play::play_script)
                .chain()
                .run_if(in_state(Screen::Playing))
                .in_set(CoreSet::Apply),
        )
        .add_systems(Update, load::take_loads.in_set(CoreSet::Load))
        .add_systems(
            Update,
            // Last in `Apply`, and also on the title screen: leaving the board leaves its activity.
            tell_activity_left
                .after(play::play_script)
                .in_set(CoreSet::Apply),
        );
}
