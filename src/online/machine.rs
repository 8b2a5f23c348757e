//! The conversation with the server as a pure state machine: a server message, a socket event or
//! a move on the board goes in, the [`OnlineGame`] changes and the [`Action`]s to take come out.
//! No socket, no Bevy system: the plugin (`super::connection`) does what the actions say, and
//! the tests feed the messages of the protocol's text directly.

use bao_engine::{Game, Move, Player, Position};
use bao_protocol::{
    ClientMessage, ErrorCode, ErrorMessage, GameResult, Moved, Present, Rematch, ResultReason,
    Seat, ServerMessage, Snapshot, Status,
};
use bevy::prelude::*;
use std::time::Duration;

/// The online game this app plays or watches: where, as whom, and how far the server has
/// confirmed it. Present while an online game is on (from "Invite a friend", a join or a watch
/// until it is left).
#[derive(Resource, Clone, Debug)]
pub struct OnlineGame {
    /// The server's address, `http://host:port` (the page's own origin on the web).
    pub server: String,
    /// Our seat's token: the socket plays the seat it names (empty for a watcher).
    pub token: String,
    /// This connection watches the game (`/ws?game=ID`): both seats are players elsewhere.
    pub watching: bool,
    /// The game waits for anyone to take its other seat (opened with "Wait for an opponent"),
    /// rather than for a friend with the invitation.
    pub open: bool,
    /// We asked for a rematch and the server has not answered with the new game yet.
    pub rematch_asked: bool,
    /// The other seat's token, to send to a friend (known to the game's creator only).
    pub invite: Option<String>,
    /// The game's id (known once created or from the first snapshot).
    pub game: Option<String>,
    /// Our seat (known once created or from the first snapshot; never for a watcher).
    pub seat: Option<Seat>,
    /// The socket's state.
    pub connection: Connection,
    /// Who is connected, as the server last said.
    pub present: Present,
    /// The other player has come to this game: connected once, or moved. An invitation is not
    /// offered (or announced on the network) any more once they have.
    pub met: bool,
    /// The server's result once the game is over (a resignation included).
    pub result: Option<GameResult>,
    /// Our move played on the board and sent, not yet acknowledged by its `moved`.
    pub pending: Option<Pending>,
    /// The game as the server has confirmed it: its start and every acknowledged move.
    confirmed: Option<Game>,
    /// Connection attempts failed in a row since the last snapshot.
    failures: u32,
}

/// Our move sent and not yet acknowledged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The moves played before it.
    pub ply: usize,
    /// The move.
    pub mv: Move,
}

/// The state of the connection to the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// The game is being created (`POST /api/games`).
    Creating,
    /// The socket is opening (or open, before the first snapshot).
    Connecting,
    /// The socket is open and the game is known.
    Connected,
    /// The socket was lost; another try follows after a pause.
    Reconnecting {
        /// The tries failed in a row so far.
        attempt: u32,
    },
    /// Nothing more will be tried.
    Failed(Failure),
}

/// Why an online game cannot go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The server knows no seat with our token.
    UnknownToken,
    /// The server knows no such game.
    UnknownGame,
    /// The server does not let this connection play (it watches).
    Watching,
    /// Asking the server for a seat failed, for this reason (the network's or the server's own
    /// words go to the log, not to the player).
    Create(RequestFailure),
    /// The server sent a game this program cannot read (another protocol version, say).
    Unreadable(String),
    /// What was given to join is neither an invitation's link nor a code.
    BadLink(String),
}

/// Why a request to the server (a seat for a new game or an open one, a list of games) got no
/// answer to use, in kinds the overlay words in the player's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestFailure {
    /// No server answered at the address: nothing listens there, the name is unknown, or the
    /// network is down (also a proxy's 502, 503 or 504 in front of a server that is down).
    NoServer,
    /// The server took too many games from this address in the last minute (429).
    Busy,
    /// The server could not read or write its database (500).
    ServerTrouble,
    /// Something answered, but not as a Bao server of this version does.
    NotBao,
}

impl RequestFailure {
    /// The reason for an HTTP answer of `status` that is not a Bao server's error body.
    pub fn of_status(status: u16) -> RequestFailure {
        match status {
            // A proxy in front of a server that is down answers for it.
            502..=504 => RequestFailure::NoServer,
            429 => RequestFailure::Busy,
            500 => RequestFailure::ServerTrouble,
            _ => RequestFailure::NotBao,
        }
    }
}

/// What the plugin does for the state machine.
#[derive(Clone, Debug)]
pub enum Action {
    /// Send this message on the socket.
    Send(ClientMessage),
    /// Put this game on the board: our seat played here, the other seat remote.
    Load(Game),
    /// Play a remote seat's move at `ply` on the board, as a remote player's move.
    PlayRemote {
        /// The seat that played it.
        by: Player,
        /// The moves played before it.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// Close the socket: the game changed (a rematch), the next connection opens on the new one.
    Reconnect,
}

/// The first pause before connecting again after a lost socket; each failure doubles it.
pub const FIRST_RETRY: Duration = Duration::from_millis(500);
/// The longest pause between two tries.
pub const LONGEST_RETRY: Duration = Duration::from_secs(10);

/// How long to wait before try number `attempt` (1 the first): 0.5 s, 1 s, 2 s, … at most 10 s.
pub fn retry_after(attempt: u32) -> Duration {
    let doublings = attempt.saturating_sub(1).min(16);
    FIRST_RETRY
        .saturating_mul(1 << doublings)
        .min(LONGEST_RETRY)
}

impl OnlineGame {
    /// A game to join with `token` on `server`; the socket opens next.
    pub fn joining(server: impl Into<String>, token: impl Into<String>) -> OnlineGame {
        OnlineGame {
            server: server.into(),
            token: token.into(),
            watching: false,
            open: false,
            rematch_asked: false,
            invite: None,
            game: None,
            seat: None,
            connection: Connection::Connecting,
            present: Present::default(),
            met: false,
            result: None,
            pending: None,
            confirmed: None,
            failures: 0,
        }
    }

    /// A game being created on `server` (no token yet).
    pub fn creating(server: impl Into<String>) -> OnlineGame {
        OnlineGame {
            connection: Connection::Creating,
            ..OnlineGame::joining(server, "")
        }
    }

    /// A game to watch: its id on `server`; the socket opens next.
    pub fn watching(server: impl Into<String>, game: impl Into<String>) -> OnlineGame {
        OnlineGame {
            watching: true,
            game: Some(game.into()),
            ..OnlineGame::joining(server, "")
        }
    }

    /// The game as the server has confirmed it, once a snapshot came.
    pub fn confirmed(&self) -> Option<&Game> {
        self.confirmed.as_ref()
    }

    /// Who plays South and North on this screen: our seat a person here, the other remote.
    /// A watcher's game, and one ended by a resignation (which the board's game cannot tell, so
    /// that no seat may move any more), has both seats remote.
    pub fn seats(&self) -> Option<[crate::core::Seat; 2]> {
        use crate::core::Seat as Local;
        if self.watching || self.resigned().is_some() {
            return Some([Local::Remote; 2]);
        }
        Some(match self.seat? {
            Seat::South => [Local::Human, Local::Remote],
            Seat::North => [Local::Remote, Local::Human],
        })
    }

    /// The seat that resigned, once the server said so.
    pub fn resigned(&self) -> Option<Seat> {
        let result = self.result.filter(|r| r.reason == ResultReason::Resigned)?;
        result.winner.map(Seat::other)
    }

    /// Whether the server's game is over (by its rules or a resignation).
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    /// Whether this connection plays a seat of a game going on, so that it may resign.
    pub fn can_resign(&self) -> bool {
        !self.watching
            && self.seat.is_some()
            && !self.over()
            && self.connection == Connection::Connected
    }

    /// Whether this connection plays a seat of a finished game and has not asked for a rematch.
    pub fn can_ask_rematch(&self) -> bool {
        !self.watching && self.seat.is_some() && self.over() && !self.rematch_asked
    }

    /// We resign: the other seat wins, the server's `over` tells everybody.
    pub fn resign(&mut self) -> Vec<Action> {
        if !self.can_resign() {
            return Vec::new();
        }
        vec![Action::Send(ClientMessage::Resign)]
    }

    /// We ask for a rematch; the server answers with the new game once the other seat asks too.
    pub fn ask_rematch(&mut self) -> Vec<Action> {
        if !self.can_ask_rematch() || self.connection != Connection::Connected {
            return Vec::new();
        }
        self.rematch_asked = true;
        vec![Action::Send(ClientMessage::Rematch)]
    }

    /// Whether the other seat has a connection now.
    pub fn other_present(&self) -> bool {
        self.seat.is_some_and(|seat| self.present.of(seat.other()))
    }

    /// Whether nothing more will be tried.
    pub fn failed(&self) -> bool {
        matches!(self.connection, Connection::Failed(_))
    }

    /// The socket opened: the server's snapshot comes first.
    pub fn opened(&mut self) {
        if !self.failed() {
            self.connection = Connection::Connecting;
        }
    }

    /// The socket closed or failed: how long to wait before the next try (`None`: no more
    /// tries, the game cannot go on).
    pub fn lost(&mut self) -> Option<Duration> {
        if self.failed() {
            return None;
        }
        self.failures += 1;
        self.connection = Connection::Reconnecting {
            attempt: self.failures,
        };
        Some(retry_after(self.failures))
    }

    /// A message from the server, with the game on the board if it is this online game's
    /// (`None` when the board shows something else).
    pub fn receive(&mut self, message: ServerMessage, board: Option<&Game>) -> Vec<Action> {
        match message {
            ServerMessage::Snapshot(snapshot) => self.snapshot(snapshot, board),
            ServerMessage::Moved(moved) => self.moved(moved, board),
            ServerMessage::Over { result } => self.ended(result, board),
            ServerMessage::Presence { present } => {
                self.present = present;
                self.met |= self.other_present();
                Vec::new()
            }
            ServerMessage::Error(error) => self.refused(error),
            ServerMessage::Rematch(rematch) => self.rematch(rematch),
        }
    }

    /// The board played `mv` at `ply` for `by`; `from_board` when the person here made it. Our
    /// seat's move from the board is sent, and kept until acknowledged.
    pub fn played(&mut self, ply: usize, mv: Move, by: Player, from_board: bool) -> Vec<Action> {
        if !from_board || self.watching || self.over() || self.seat != Some(Seat::from(by)) {
            // A move the server would not take: `reconcile` puts the board back.
            return Vec::new();
        }
        self.pending = Some(Pending { ply, mv });
        if self.connection == Connection::Connected {
            vec![Action::Send(move_message(ply, mv))]
        } else {
            // Sent after the next snapshot.
            Vec::new()
        }
    }

    /// The core refused a remote move we passed on: the board and the server disagree, so the
    /// server's game is asked for again.
    pub fn remote_move_refused(&mut self) -> Vec<Action> {
        self.resync()
    }

    /// The board's game when it left the server's (an undo, a redo, a move the server never
    /// had): the server's game to load back.
    pub fn reconcile(&self, board: &Game) -> Option<Action> {
        let confirmed = self.confirmed.as_ref()?;
        let with_pending = self.pending.and_then(|p| played_on(confirmed, p));
        let agrees = |game: &Game| same_game(board, game);
        if agrees(confirmed) || with_pending.as_ref().is_some_and(agrees) {
            return None;
        }
        Some(Action::Load(
            with_pending.unwrap_or_else(|| confirmed.clone()),
        ))
    }

    /// The whole game: the board follows it (nothing if it already shows it, the other seat's
    /// new moves animated if only those are missing, else loaded), and a move still waiting
    /// for its acknowledgement is sent again (harmless by the protocol).
    fn snapshot(&mut self, snapshot: Snapshot, board: Option<&Game>) -> Vec<Action> {
        if snapshot.seat.is_none() && !self.watching {
            self.connection = Connection::Failed(Failure::Watching);
            return Vec::new();
        }
        let seat = snapshot.seat;
        let server = match game_of(&snapshot) {
            Ok(game) => game,
            Err(why) => {
                self.connection = Connection::Failed(Failure::Unreadable(why));
                return Vec::new();
            }
        };
        self.seat = seat;
        self.game = Some(snapshot.game);
        self.present = snapshot.present;
        self.met |= self.other_present() || moved_by_other(&server, seat);
        self.result = snapshot.result.filter(|_| snapshot.status == Status::Over);
        self.connection = Connection::Connected;
        self.failures = 0;
        // A move sent before the socket was lost: the server has it, or it can still be played.
        self.pending = self.pending.filter(|p| {
            p.ply == server.moves().len()
                && Some(Seat::from(server.position().to_move())) == seat
                && self.result.is_none()
        });
        let with_pending = self.pending.and_then(|p| played_on(&server, p));
        if with_pending.is_none() {
            self.pending = None;
        }
        let mut actions = follow(board, &server, with_pending.as_ref(), seat);
        if actions.is_empty() && board.is_some() && self.resigned().is_some() {
            // Resigned while we were away: the board's seats are put down.
            actions.push(Action::Load(server.clone()));
        }
        if let Some(p) = self.pending {
            actions.push(Action::Send(move_message(p.ply, p.mv)));
        }
        if self.rematch_asked && self.over() {
            // A restarted server forgets a request; one that has the rematch sends it again.
            actions.push(Action::Send(ClientMessage::Rematch));
        }
        self.confirmed = Some(server);
        actions
    }

    /// An accepted move: ours is its acknowledgement, the other seat's is played on the board.
    fn moved(&mut self, moved: Moved, board: Option<&Game>) -> Vec<Action> {
        let (Ok(mv), Some(confirmed)) = (moved.mv.parse::<Move>(), self.confirmed.as_mut()) else {
            return self.resync();
        };
        let ply = moved.ply as usize;
        if ply < confirmed.moves().len() {
            // Our move sent twice (after a reconnect) is acknowledged again: already known.
            return if confirmed.moves()[ply] == mv {
                Vec::new()
            } else {
                self.resync()
            };
        }
        let mover = Seat::from(confirmed.position().to_move());
        if ply > confirmed.moves().len() || mover != moved.by || confirmed.play(mv).is_err() {
            return self.resync();
        }
        if Some(moved.by) == self.seat && !self.watching {
            self.pending = self.pending.filter(|p| (p.ply, p.mv) != (ply, mv));
            return Vec::new();
        }
        match board {
            Some(board) if board.moves().len() == ply => vec![Action::PlayRemote {
                by: Player::from(moved.by),
                ply,
                mv,
            }],
            // The board is elsewhere or behind: `reconcile` brings it back.
            _ => Vec::new(),
        }
    }

    /// The game ended: by its rules (the board's game ends with the same move) or by a
    /// resignation, which the board's game cannot tell: it is loaded again with both seats
    /// remote, so that nobody moves in it any more.
    fn ended(&mut self, result: GameResult, board: Option<&Game>) -> Vec<Action> {
        self.result = Some(result);
        self.pending = None;
        match (&self.confirmed, board) {
            (Some(confirmed), Some(_)) if result.reason == ResultReason::Resigned => {
                vec![Action::Load(confirmed.clone())]
            }
            _ => Vec::new(),
        }
    }

    /// The rematch both seats asked for: the new game's token, the seats swapped (the protocol
    /// says so). The socket moves to the new game, whose snapshot loads it on the board.
    fn rematch(&mut self, rematch: Rematch) -> Vec<Action> {
        let Some(seat) = self.seat.filter(|_| !self.watching) else {
            return Vec::new();
        };
        if self.game.as_deref() == Some(rematch.game.as_str()) {
            return Vec::new();
        }
        *self = OnlineGame {
            game: Some(rematch.game),
            seat: Some(seat.other()),
            ..OnlineGame::joining(self.server.clone(), rematch.token)
        };
        vec![Action::Reconnect]
    }

    /// The server refused a message: a failure that ends the game, or a disagreement that a
    /// fresh snapshot settles.
    fn refused(&mut self, error: ErrorMessage) -> Vec<Action> {
        let failure = match error.code {
            ErrorCode::UnknownToken => Failure::UnknownToken,
            ErrorCode::UnknownGame => Failure::UnknownGame,
            ErrorCode::Watching => Failure::Watching,
            ErrorCode::BadMessage
            | ErrorCode::IllegalMove
            | ErrorCode::NotYourTurn
            | ErrorCode::StalePly
            | ErrorCode::GameOver => {
                // Our move was refused: the server's game will replace the board's.
                self.pending = None;
                return self.resync();
            }
        };
        self.connection = Connection::Failed(failure);
        Vec::new()
    }

    /// Asks for the server's game again; the next snapshot settles the board.
    fn resync(&mut self) -> Vec<Action> {
        if self.connection == Connection::Connected {
            vec![Action::Send(ClientMessage::Sync)]
        } else {
            // A snapshot comes first on the next connection anyway.
            Vec::new()
        }
    }
}

/// The `move` message for `mv` at `ply`.
fn move_message(ply: usize, mv: Move) -> ClientMessage {
    ClientMessage::Move {
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
        mv: mv.to_string(),
    }
}

/// The snapshot's game: its start with its moves played on it by the engine.
///
/// # Errors
/// What the engine could not read: the start position, or a move (with its ply).
pub fn game_of(snapshot: &Snapshot) -> Result<Game, String> {
    let start = Position::from_setup(&snapshot.start).map_err(|e| e.to_string())?;
    if start.variant() != snapshot.variant {
        return Err(format!("the start is not a {} position", snapshot.variant));
    }
    let mut game = Game::from_position(start);
    for (ply, text) in snapshot.moves.iter().enumerate() {
        let mv: Move = text.parse().map_err(|e| format!("ply {ply}: {e}"))?;
        game.play(mv).map_err(|e| format!("ply {ply}: {e}"))?;
    }
    Ok(game)
}

/// Whether the seat other than `ours` has played a move in `game`.
fn moved_by_other(game: &Game, ours: Option<Seat>) -> bool {
    let positions = game.positions();
    let plies = game.moves().len().min(positions.len());
    positions[..plies]
        .iter()
        .any(|position| Some(Seat::from(position.to_move())) != ours)
}

/// `game` with `pending` played on it, if it is legal there.
fn played_on(game: &Game, pending: Pending) -> Option<Game> {
    if game.moves().len() != pending.ply {
        return None;
    }
    let mut after = game.clone();
    after.play(pending.mv).ok()?;
    Some(after)
}

/// Whether two games have the same start and moves.
fn same_game(a: &Game, b: &Game) -> bool {
    a.start() == b.start() && a.moves() == b.moves()
}

/// What brings the board to the server's game after a snapshot: nothing if it shows it already
/// (with our move waiting for its acknowledgement, if any), the other seat's moves it missed
/// animated one by one (a watcher's: every seat's), or else the server's game loaded.
fn follow(
    board: Option<&Game>,
    server: &Game,
    pending: Option<&Game>,
    seat: Option<Seat>,
) -> Vec<Action> {
    let Some(board) = board else {
        return vec![Action::Load(pending.unwrap_or(server).clone())];
    };
    if same_game(board, server) || pending.is_some_and(|p| same_game(board, p)) {
        return Vec::new();
    }
    let target = pending.unwrap_or(server);
    let missed = target.moves().get(board.moves().len()..).unwrap_or(&[]);
    let only_theirs = board.start() == target.start()
        && target.moves().starts_with(board.moves())
        && (board.moves().len()..target.moves().len())
            .all(|ply| Some(Seat::from(target.positions()[ply].to_move())) != seat);
    if only_theirs && !missed.is_empty() {
        let first = board.moves().len();
        return missed
            .iter()
            .enumerate()
            .map(|(i, &mv)| Action::PlayRemote {
                by: target.positions()[first + i].to_move(),
                ply: first + i,
                mv,
            })
            .collect();
    }
    vec![Action::Load(target.clone())]
}
