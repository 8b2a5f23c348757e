//! The sockets and HTTP calls of online play, and the systems that feed the state machine
//! (`machine.rs`) and do what it says: create a game, open the seat's WebSocket (again, after a
//! pause, when it is lost), pass the server's messages in and the board's moves out, load the
//! server's game, and play the other seat's moves as remote moves.

use super::machine::{Action, Connection, Failure, OnlineGame, RequestFailure};
use super::{
    Lobby, OnlineCommand, OnlineServer, api_address, board_game, parse_join, socket_address,
    watch_address,
};
use crate::camera::SeenFrom;
use crate::core::{
    Activity, CoreSet, Loads, MovePlayed, MoveRefused, MoveSource, Screen, SeatMove, Session,
};
use bao_engine::{Game, Variant};
use bao_protocol::{
    ClientMessage, CreateGame, ErrorBody, GameCreated, HttpErrorCode, SeatChoice, ServerMessage,
};
use bevy::prelude::*;
use std::sync::{Arc, Mutex};

pub(super) fn plugin(app: &mut App) {
    // ewebsock's sender is not `Send` on the web (it holds the browser's WebSocket).
    app.insert_non_send(Socket::default())
        .init_resource::<Creation>()
        .add_systems(
            Update,
            // Before the core takes the loads: a game the server sends is on the board in the
            // frame it arrives, and the other seat's moves follow it there.
            (handle_commands, finish_creation, connect_when_due, receive)
                .chain()
                .in_set(CoreSet::Session),
        )
        .add_systems(
            Update,
            (follow_the_board, look_from_our_side)
                .chain()
                .after(CoreSet::Apply)
                .before(CoreSet::Animate),
        );
}

/// The seat's WebSocket, when one is open or opening, and when to try again when none is.
#[derive(Default)]
struct Socket {
    open: Option<(ewebsock::WsSender, ewebsock::WsReceiver)>,
    /// The app's elapsed seconds after which the next connection is tried.
    retry_at: f64,
    /// The session stamp of the last game this module asked the core to load: while it is
    /// greater than the stamp of the session on the board, the load is still on its way.
    loaded: Option<u64>,
}

impl Socket {
    fn send(&mut self, message: &ClientMessage) {
        if let Some((sender, _)) = &mut self.open {
            sender.send(ewebsock::WsMessage::Text(message.to_json()));
        }
    }

    fn close(&mut self) {
        if let Some((mut sender, _)) = self.open.take() {
            sender.close();
        }
    }

    /// Closes the socket and forgets the game loaded, for another online game or none.
    fn reset(&mut self) {
        self.close();
        *self = Socket::default();
    }

    /// Whether the game this module asked for is not on the board yet.
    fn load_pending(&self, session: &Session) -> bool {
        self.loaded.is_some_and(|stamp| stamp > session.stamp())
    }

    /// Whether another game replaced the one this module loaded.
    fn replaced(&self, session: &Session) -> bool {
        self.loaded.is_some_and(|stamp| stamp < session.stamp())
    }

    /// The stamp of the session moves are sent for: the one this module asked for while it is
    /// on its way, the board's otherwise.
    fn board_stamp(&self, session: &Session) -> u64 {
        session.stamp().max(self.loaded.unwrap_or(0))
    }
}

/// The answer of `POST /api/games` (or of a join of an open game) while the request is under
/// way: filled by ehttp's callback (another thread on the desktop), taken by
/// [`finish_creation`].
#[derive(Resource, Default)]
struct Creation(Option<Answer>);

/// Where ehttp's callback puts the answer to a request for a seat: the game, or why not.
type Answer = Arc<Mutex<Option<Result<GameCreated, NoSeat>>>>;

/// Why a request for a seat got none.
#[derive(Debug)]
enum NoSeat {
    /// The open game's seat was taken first (409 `taken`).
    Taken,
    /// Anything else: why, for the player, and the network's or the server's words, for the
    /// log.
    Failed(RequestFailure, String),
}

/// The overlay's and the command line's orders, in the order given.
fn handle_commands(
    mut commands_in: MessageReader<OnlineCommand>,
    mut commands: Commands,
    server: Res<OnlineServer>,
    mut online: Option<ResMut<OnlineGame>>,
    mut socket: NonSendMut<Socket>,
    mut creation: ResMut<Creation>,
    mut loads: Loads,
) {
    for command in commands_in.read().cloned() {
        match command {
            OnlineCommand::Resign | OnlineCommand::Rematch | OnlineCommand::Back => {
                if let Some(game) = online.as_deref_mut() {
                    in_the_game(command, game, &mut socket, &mut loads);
                }
            }
            other => {
                // Another game, or none: the next frame's systems see the new resource.
                socket.reset();
                creation.0 = None;
                match new_game(other, &server.0) {
                    Some(NewGame::Asked(request)) => {
                        creation.0 = Some(ask_for_seat(request));
                        commands.insert_resource(OnlineGame::creating(server.0.clone()));
                    }
                    Some(NewGame::Game(game)) => commands.insert_resource(game),
                    None => commands.remove_resource::<OnlineGame>(),
                }
                online = None;
            }
        }
    }
}

/// A command about the online game on now: resign, ask for a rematch, or put it back on the
/// board.
fn in_the_game(
    command: OnlineCommand,
    online: &mut OnlineGame,
    socket: &mut Socket,
    loads: &mut Loads,
) {
    let actions = match command {
        OnlineCommand::Resign => online.resign(),
        OnlineCommand::Rematch => online.ask_rematch(),
        OnlineCommand::Back => {
            if let Some(game) = online.confirmed().cloned() {
                load(loads, socket, online, game);
            }
            Vec::new()
        }
        _ => Vec::new(),
    };
    for action in actions {
        if let Action::Send(message) = action {
            socket.send(&message);
        }
    }
}

/// The game a command starts.
enum NewGame {
    /// A seat asked of the server: a new game's or an open game's.
    Asked(ehttp::Request),
    /// One to join or watch.
    Game(OnlineGame),
}

/// What `command` starts instead of the online game on now (`None`: nothing, it is left).
fn new_game(command: OnlineCommand, server: &str) -> Option<NewGame> {
    match command {
        OnlineCommand::Invite(variant) => Some(NewGame::Asked(create_game(server, variant, false))),
        OnlineCommand::WaitForOpponent(variant) => {
            Some(NewGame::Asked(create_game(server, variant, true)))
        }
        OnlineCommand::TakeOpen(game) => {
            let path = format!("/api/games/{game}/join");
            let request = ehttp::Request::post(api_address(server, &path), Vec::new());
            Some(NewGame::Asked(request))
        }
        OnlineCommand::Join(text) => Some(NewGame::Game(match parse_join(&text, server) {
            Ok(join) => OnlineGame::joining(join.server, join.token),
            Err(bad) => {
                warn!("{bad}");
                let mut game = OnlineGame::joining(server.to_owned(), "");
                game.connection = Connection::Failed(Failure::BadLink(bad.0));
                game
            }
        })),
        OnlineCommand::Watch(game) => Some(NewGame::Game(OnlineGame::watching(server, game))),
        OnlineCommand::Leave
        | OnlineCommand::Back
        | OnlineCommand::Resign
        | OnlineCommand::Rematch => None,
    }
}

/// `POST /api/games` for `variant`, our seat South; `open`: for anyone, not a friend.
fn create_game(server: &str, variant: Variant, open: bool) -> ehttp::Request {
    let body = CreateGame {
        variant: variant.id().to_owned(),
        seat: SeatChoice::South,
        open,
    };
    let body = serde_json::to_vec(&body).unwrap_or_default();
    ehttp::Request::post(api_address(server, "/api/games"), body)
        .with_header("Content-Type", "application/json")
}

/// Sends a request for a seat; the answer arrives in the cell.
fn ask_for_seat(request: ehttp::Request) -> Answer {
    let cell = Arc::new(Mutex::new(None));
    let answer = Arc::clone(&cell);
    ehttp::fetch(request, move |response| {
        let created = response
            .map_err(|network| NoSeat::Failed(RequestFailure::NoServer, network))
            .and_then(|r| created_from(&r));
        if let Ok(mut slot) = answer.lock() {
            *slot = Some(created);
        }
    });
    cell
}

/// The seat given, or why not: the server's error code, or the status of an answer that is not
/// a Bao server's.
fn created_from(response: &ehttp::Response) -> Result<GameCreated, NoSeat> {
    let text = response.text().unwrap_or_default();
    if response.ok {
        return serde_json::from_str(text)
            .map_err(|e| NoSeat::Failed(RequestFailure::NotBao, e.to_string()));
    }
    match serde_json::from_str::<ErrorBody>(text) {
        Ok(body) if body.error == HttpErrorCode::Taken => Err(NoSeat::Taken),
        Ok(body) => Err(NoSeat::Failed(failure_of(body.error), body.message)),
        Err(_) => {
            let status = format!("{} {}", response.status, response.status_text);
            Err(NoSeat::Failed(
                RequestFailure::of_status(response.status),
                status,
            ))
        }
    }
}

/// The player's reason for the server's error code.
fn failure_of(code: HttpErrorCode) -> RequestFailure {
    match code {
        HttpErrorCode::RateLimited => RequestFailure::Busy,
        HttpErrorCode::Internal => RequestFailure::ServerTrouble,
        // Asked in a way this server does not take: another version, or not a Bao server.
        _ => RequestFailure::NotBao,
    }
}

/// Takes the seat's token when the server has answered; the socket opens next. An open game
/// taken first by somebody else ends the online game, and the list of open games says so.
fn finish_creation(
    mut commands: Commands,
    mut creation: ResMut<Creation>,
    online: Option<ResMut<OnlineGame>>,
    mut lobby: ResMut<Lobby>,
) {
    let Some(cell) = &creation.0 else {
        return;
    };
    let Some(answer) = cell.lock().ok().and_then(|mut slot| slot.take()) else {
        return;
    };
    creation.0 = None;
    let Some(mut online) = online else {
        return;
    };
    match answer {
        Ok(created) => {
            online.token = created.token;
            // Neither a friend's invitation nor a pairing: the game waits in the open list.
            online.open = created.invite.is_none() && !created.paired;
            online.invite = created.invite;
            online.seat = Some(created.seat);
            online.game = Some(created.game);
            online.connection = Connection::Connecting;
        }
        Err(NoSeat::Taken) => {
            info!("online: the open game was taken first");
            commands.remove_resource::<OnlineGame>();
            lobby.taken = true;
            lobby.refresh();
        }
        Err(NoSeat::Failed(failure, reason)) => {
            warn!("the online game could not be created: {reason}");
            online.connection = Connection::Failed(Failure::Create(failure));
        }
    }
}

/// Opens the seat's socket when none is open and the pause after a lost one is over.
fn connect_when_due(
    online: Option<ResMut<OnlineGame>>,
    mut socket: NonSendMut<Socket>,
    time: Res<Time>,
) {
    let Some(mut online) = online else {
        socket.close();
        return;
    };
    if online.failed() || online.connection == Connection::Creating || socket.open.is_some() {
        return;
    }
    if time.elapsed_secs_f64() < socket.retry_at {
        return;
    }
    let Some(address) = address_of(&online) else {
        return;
    };
    match ewebsock::connect(address, ewebsock::Options::default()) {
        Ok(open) => socket.open = Some(open),
        Err(error) => {
            warn!("online: cannot open the socket: {error}");
            lost(&mut online, &mut socket, &time);
        }
    }
}

/// The socket's address: the seat's, or the watched game's (`None` while neither is known).
fn address_of(online: &OnlineGame) -> Option<String> {
    if online.watching {
        let game = online.game.as_deref()?;
        return Some(watch_address(&online.server, game));
    }
    (!online.token.is_empty()).then(|| socket_address(&online.server, &online.token))
}

/// The socket is gone: the next try after the machine's pause, or none.
fn lost(online: &mut OnlineGame, socket: &mut Socket, time: &Time) {
    socket.close();
    if let Some(pause) = online.lost() {
        socket.retry_at = time.elapsed_secs_f64() + pause.as_secs_f64();
    }
}

/// The socket's news this frame, through the state machine, and what it says to do.
fn receive(
    online: Option<ResMut<OnlineGame>>,
    screen: Res<State<Screen>>,
    mut socket: NonSendMut<Socket>,
    time: Res<Time>,
    (session, mut loads): (Res<Session>, Loads),
    mut moves: MessageWriter<SeatMove>,
) {
    let Some(mut online) = online else {
        return;
    };
    // A game loaded from an earlier message of this frame is the board the next one finds.
    let mut loading: Option<Game> = None;
    let mut events = Vec::new();
    if let Some((_, receiver)) = &socket.open {
        while let Some(event) = receiver.try_recv() {
            events.push(event);
        }
    }
    for event in events {
        let actions = match event {
            ewebsock::WsEvent::Opened => {
                online.opened();
                Vec::new()
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                let board = loading
                    .clone()
                    .or_else(|| shown_game(&online, &session, &screen).cloned());
                read_message(&text, &mut online, board.as_ref())
            }
            ewebsock::WsEvent::Message(_) => Vec::new(),
            ewebsock::WsEvent::Error(error) => {
                warn!("online: the connection failed: {error}");
                lost(&mut online, &mut socket, &time);
                break;
            }
            ewebsock::WsEvent::Closed => {
                lost(&mut online, &mut socket, &time);
                break;
            }
        };
        let mut board = Board {
            session: &session,
            loads: &mut loads,
            moves: &mut moves,
            loading: &mut loading,
        };
        perform(actions, &online, &mut socket, &mut board);
    }
    if online.failed() {
        socket.close();
    }
}

/// One text message of the server, through the state machine: what it says to do.
fn read_message(text: &str, online: &mut OnlineGame, board: Option<&Game>) -> Vec<Action> {
    match ServerMessage::from_json(text) {
        Ok(message) => online.receive(message, board),
        Err(bad) => {
            warn!("online: {bad}");
            Vec::new()
        }
    }
}

/// The online game on the board while the board is shown: on the title screen the other
/// seat's moves wait in the server's game, and "Back to the game" loads it.
fn shown_game<'a>(
    online: &OnlineGame,
    session: &'a Session,
    screen: &State<Screen>,
) -> Option<&'a Game> {
    board_game(online, session).filter(|_| *screen.get() == Screen::Playing)
}

/// What the server's news may do to the board: ask for a game on it, play the other seat's
/// moves there.
struct Board<'a, 'l, 'm> {
    session: &'a Session,
    loads: &'a mut Loads<'l>,
    moves: &'a mut MessageWriter<'m, SeatMove>,
    /// The game asked for this frame, not on the board yet.
    loading: &'a mut Option<Game>,
}

/// Does what the state machine said.
fn perform(actions: Vec<Action>, online: &OnlineGame, socket: &mut Socket, board: &mut Board) {
    for action in actions {
        match action {
            Action::Send(message) => socket.send(&message),
            Action::Load(game) => {
                if load(board.loads, socket, online, game.clone()) {
                    *board.loading = Some(game);
                }
            }
            Action::Reconnect => {
                // At once: the new game's socket opens next frame.
                socket.close();
                socket.retry_at = 0.0;
            }
            Action::PlayRemote { by, ply, mv } => {
                board.moves.write(SeatMove {
                    by,
                    ply,
                    mv,
                    source: MoveSource::Remote,
                    session: socket.board_stamp(board.session),
                });
            }
        }
    }
}

/// Asks for `game` on the board: our seat a person here, the other remote. False when the
/// online game has no seats to put it with.
fn load(loads: &mut Loads, socket: &mut Socket, online: &OnlineGame, game: Game) -> bool {
    let Some(seats) = online.seats() else {
        return false;
    };
    socket.loaded = Some(loads.load(Session::from_game(game, seats)));
    true
}

/// After the core applied this frame's moves: our moves from the board are sent, a remote move
/// the core refused asks for the server's game, and a board that left the server's game (an
/// undo) gets it back. A game of its own started here ends the online game.
fn follow_the_board(
    mut commands: Commands,
    online: Option<ResMut<OnlineGame>>,
    screen: Res<State<Screen>>,
    mut socket: NonSendMut<Socket>,
    mut played: MessageReader<MovePlayed>,
    mut refused: MessageReader<MoveRefused>,
    (session, mut loads): (Res<Session>, Loads),
) {
    // While the game asked for is on its way, the board's news is the game's it replaces.
    let Some(mut online) = online.filter(|_| !socket.load_pending(&session)) else {
        played.clear();
        refused.clear();
        return;
    };
    let ours = board_game(&online, &session).is_some();
    if socket.replaced(&session) && !ours && session.activity() == Activity::Play {
        info!("online: another game on the board; the online game is left");
        socket.reset();
        commands.remove_resource::<OnlineGame>();
        return;
    }
    let mut actions = Vec::new();
    // Our game on the board, shown, with seats the online game no longer has (it was resigned
    // before the board was shown): loaded again with both seats down.
    let stale_seats = socket.loaded == Some(session.stamp())
        && !ours
        && session.activity() == Activity::Play
        && *screen.get() == Screen::Playing;
    if stale_seats && let Some(game) = online.confirmed() {
        actions.push(Action::Load(game.clone()));
    }
    for news in played.read() {
        let from_board = news.source == MoveSource::Board;
        actions.extend(online.played(news.ply, news.mv, news.by, from_board));
    }
    if refused.read().any(|r| r.sent.source == MoveSource::Remote) {
        actions.extend(online.remote_move_refused());
    }
    if let Some(board) = shown_game(&online, &session, &screen)
        && let Some(load) = online.reconcile(board)
    {
        actions.push(load);
    }
    for action in actions {
        match action {
            Action::Send(message) => socket.send(&message),
            Action::Load(game) => {
                load(&mut loads, &mut socket, &online, game);
            }
            // The board's news never asks for these: they come from the server only.
            Action::PlayRemote { .. } | Action::Reconnect => {}
        }
    }
}

/// Seated North in the online game on the board, the board is seen from North's side, as a
/// player at a real board sees it; otherwise (a watcher, a game of one's own) from South's.
fn look_from_our_side(
    online: Option<Res<OnlineGame>>,
    session: Res<Session>,
    seen: Option<ResMut<SeenFrom>>,
) {
    let Some(mut seen) = seen else {
        return;
    };
    let north = online.as_deref().is_some_and(|online| {
        !online.watching
            && online.seat == Some(bao_protocol::Seat::North)
            && board_game(online, &session).is_some()
    });
    seen.set_if_neq(if north {
        SeenFrom::North
    } else {
        SeenFrom::South
    });
}

#[cfg(test)]
mod tests {
    use super::{NoSeat, RequestFailure, created_from};

    fn response(status: u16, body: &str) -> ehttp::Response {
        ehttp::Response {
            url: "http://127.0.0.1:8080/api/games".into(),
            ok: (200..300).contains(&status),
            status,
            status_text: "status".into(),
            headers: ehttp::Headers::default(),
            bytes: body.as_bytes().to_vec(),
        }
    }

    #[test]
    fn a_seat_is_given_taken_first_or_refused_with_the_servers_words() {
        let paired = r#"{"game":"G","seat":"north","token":"T","invite":null,"paired":true}"#;
        let Ok(created) = created_from(&response(200, paired)) else {
            panic!("a seat");
        };
        assert!(created.paired && created.invite.is_none());
        let taken = r#"{"error":"taken","message":"somebody took it"}"#;
        assert!(matches!(
            created_from(&response(409, taken)),
            Err(NoSeat::Taken)
        ));
        let busy = r#"{"error":"rate_limited","message":"too many games"}"#;
        assert!(matches!(
            created_from(&response(429, busy)),
            Err(NoSeat::Failed(RequestFailure::Busy, why)) if why == "too many games"
        ));
        assert!(matches!(
            created_from(&response(502, "<html>")),
            Err(NoSeat::Failed(RequestFailure::NoServer, why)) if why == "502 status"
        ));
        assert!(matches!(
            created_from(&response(404, "<html>")),
            Err(NoSeat::Failed(RequestFailure::NotBao, why)) if why == "404 status"
        ));
    }
}
