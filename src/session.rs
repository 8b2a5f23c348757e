//! The game session: screen state, who plays each side, the engine game, player settings, and
//! the messages the overlay and the board send to the game core.

use bao_engine::{
    Direction, Game, Kichwa, Move, Pit, PlayErrorKind, Player, Position, ReEntry, StartRefusal,
    Variant,
};
use bevy::prelude::*;

pub use bao_ai::Level;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_resource::<Session>()
        .init_resource::<Settings>()
        .add_message::<StartGame>()
        .init_resource::<StashedGame>()
        .add_message::<PitClicked>()
        .add_message::<GameCommand>()
        .add_message::<ShowExample>()
        .add_systems(Update, start_game.in_set(crate::CoreSet::Input));
}

/// A new game: the session starts over and the board is shown.
fn start_game(
    mut starts: MessageReader<StartGame>,
    mut session: ResMut<Session>,
    mut stash: ResMut<StashedGame>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut resync: MessageWriter<crate::seeds::Resync>,
) {
    let Some(start) = starts.read().last() else {
        return;
    };
    *session = Session::new(start.variant, start.seats);
    stash.0 = None;
    // Already playing: the board stays and the seeds go back to the start.
    NextState::set_if_neq(&mut next_screen, Screen::Playing);
    resync.write(crate::seeds::Resync { glide: false });
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

/// Who plays one side of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    /// A person clicks the moves.
    Human,
    /// The computer, at a level of `bao-ai`.
    Computer(Level),
}

impl Seat {
    /// The command-line spelling: `human` or a level name.
    pub fn id(self) -> String {
        match self {
            Seat::Human => "human".to_owned(),
            Seat::Computer(level) => level.id().to_owned(),
        }
    }
}

/// The game being played and everything the overlay shows about it.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    /// The engine's game: the one source of truth for the position.
    pub game: Game,
    /// Who plays South and North, by [`Player::index`].
    pub seats: [Seat; 2],
    /// Moves taken back by undo, the next redo last.
    pub redo: Vec<Move>,
    /// The move the computer suggests, after [`GameCommand::Hint`].
    pub hint: Option<Move>,
    /// A one-line, gentle reason after a click that is not a legal move.
    pub feedback: Option<Feedback>,
    /// The computer is thinking about its move.
    pub thinking: bool,
    /// A move is being animated on the board.
    pub animating: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(Variant::Kujifunza, DEFAULT_SEATS)
    }
}

/// Human (South) against the computer at Medium (North): the default of a new game.
pub const DEFAULT_SEATS: [Seat; 2] = [Seat::Human, Seat::Computer(Level::Medium)];

impl Session {
    /// A new game of `variant` with these players.
    pub fn new(variant: Variant, seats: [Seat; 2]) -> Session {
        Session::from_position(Position::new(variant), seats)
    }

    /// A game starting from `position`.
    pub fn from_position(position: Position, seats: [Seat; 2]) -> Session {
        Session {
            game: Game::from_position(position),
            seats,
            redo: Vec::new(),
            hint: None,
            feedback: None,
            thinking: false,
            animating: false,
        }
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        self.game.position().variant()
    }

    /// Who plays `player`.
    pub fn seat(&self, player: Player) -> Seat {
        self.seats[player.index()]
    }

    /// Whether a person should click the next move now.
    pub fn human_to_move(&self) -> bool {
        !self.animating
            && !self.game.outcome().is_over()
            && self.seat(self.game.position().to_move()) == Seat::Human
    }

    /// The pits the player to move can start a legal move from (several moves from one pit,
    /// which follow one another in the engine's list, give it once).
    pub fn start_pits(&self) -> Vec<Pit> {
        let position = self.game.position();
        let mover = position.to_move();
        let mut pits: Vec<Pit> = self
            .game
            .legal_moves()
            .iter()
            .filter_map(|m| position.pit_named(mover, m.pit()))
            .collect();
        pits.dedup();
        pits
    }
}

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

/// Start a new game and show the board (from the title screen).
#[derive(Message, Clone, Copy, Debug)]
pub struct StartGame {
    /// The variant to play.
    pub variant: Variant,
    /// Who plays South and North.
    pub seats: [Seat; 2],
}

/// A pit on the board was clicked (sent by the picking observer, handled by the game core).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitClicked(pub Pit);

/// Commands from the overlay or the keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Take back the last move (against the computer: back to the person's turn).
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Ask the computer for a suggestion ([`Session::hint`]).
    Hint,
    /// Leave the game for the title screen.
    NewGame,
    /// Finish the running animation at once.
    Skip,
    /// Put the camera back to the default view.
    ResetCamera,
    /// Leave a "show me" example and go back to the game it interrupted ([`StashedGame`]).
    ResumeGame,
}

/// The game a "show me" example interrupted, kept so that the visitor can go back to it.
#[derive(Resource, Default, Clone, Debug)]
pub struct StashedGame(pub Option<Session>);

/// The rules panel's "show me": load `position` on the board and animate `moves` from it.
#[derive(Message, Clone, Debug)]
pub struct ShowExample {
    /// The position to show.
    pub position: Position,
    /// The moves to play and animate, in order.
    pub moves: Vec<Move>,
}

/// Why a click on the board made no move. The overlay words it in the player's language
/// (`content::feedback`); the core and the engine hold no text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// The game is over.
    GameOver,
    /// The computer is to move.
    WaitForComputer,
    /// A Kujifunza capture needs a kichwa: one of the two glowing end pits (KU-7).
    ChooseKichwa,
    /// The move's animation stopped at a capture that lets the mover choose the kichwa to sow
    /// the captured seeds from (KU-8c).
    KichwaAsked,
    /// Captured seeds re-enter at the kichwa the rules give (KU-8): `why` says whether for the
    /// kimbi they were taken from or to keep the move's `direction`.
    ReEntered {
        /// The kichwa they are sown from.
        kichwa: Kichwa,
        /// The direction the move goes on in.
        direction: Direction,
        /// Why this kichwa.
        why: ReEntry,
    },
    /// The pit cannot start a move, for the engine's reason (`None`: no particular one).
    CannotStart(Option<StartRefusal>),
    /// The engine refused the move.
    Refused(Move, PlayErrorKind),
}
