//! Online play's state machine (`bao::online::OnlineGame`), fed the server's messages as the
//! protocol writes them (JSON text frames): what it sends, what it puts on the board, and how
//! it comes back after a lost connection or a refused move.

use bao::core::Seat as LocalSeat;
use bao::online::{Action, Connection, Failure, OnlineGame, retry_after};
use bao_engine::{Game, Player, Position, Variant};
use bao_protocol::{Seat, ServerMessage};
use std::time::Duration;

const VARIANT: Variant = Variant::Kigogo;

/// A server message from its JSON text, as it comes off the socket.
fn server(json: &str) -> ServerMessage {
    ServerMessage::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// A position in the protocol's JSON.
fn position_json(position: &Position) -> String {
    serde_json::to_string(&position.to_setup()).expect("a position serialises")
}

/// A game of `VARIANT` after `n` moves (each the first legal one).
fn game_after(n: usize) -> Game {
    let mut game = Game::new(VARIANT);
    for _ in 0..n {
        let mv = game.legal_moves()[0];
        game.play(mv).expect("a legal move");
    }
    game
}

/// The `snapshot` of `game` for `seat`, with who is present.
fn snapshot(game: &Game, seat: Seat, present: (bool, bool)) -> ServerMessage {
    let moves: Vec<String> = game.moves().iter().map(|m| format!("\"{m}\"")).collect();
    server(&format!(
        r#"{{"t":"snapshot","protocol":1,"game":"G1","variant":"kigogo","seat":"{seat}","start":{},"moves":[{}],"position":{},"status":"playing","result":null,"present":{{"south":{},"north":{}}}}}"#,
        position_json(game.start()),
        moves.join(","),
        position_json(game.position()),
        present.0,
        present.1,
    ))
}

/// The `moved` of `game`'s move at `ply`.
fn moved(game: &Game, ply: usize) -> ServerMessage {
    let by = Seat::from(game.positions()[ply].to_move());
    server(&format!(
        r#"{{"t":"moved","ply":{ply},"move":"{}","by":"{by}","position":{}}}"#,
        game.moves()[ply],
        position_json(&game.positions()[ply + 1]),
    ))
}

/// An `error` of `code` after `ply` moves.
fn error(code: &str, ply: usize) -> ServerMessage {
    server(&format!(
        r#"{{"t":"error","code":"{code}","message":"human text","ply":{ply}}}"#
    ))
}

/// South's machine, connected: the server's game `game` loaded on the board.
fn connected(game: &Game) -> OnlineGame {
    let mut online = OnlineGame::joining("http://127.0.0.1:8080", "TOKEN");
    online.opened();
    let actions = online.receive(snapshot(game, Seat::South, (true, true)), None);
    assert!(
        matches!(actions.as_slice(), [Action::Load(_)]),
        "{actions:?}"
    );
    online
}

fn sent(actions: &[Action]) -> Vec<String> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Send(message) => Some(message.to_json()),
            _ => None,
        })
        .collect()
}

fn same(a: &Game, b: &Game) -> bool {
    a.start() == b.start() && a.moves() == b.moves()
}

#[test]
fn the_first_snapshot_loads_the_servers_game_with_our_seat_here_and_theirs_remote() {
    let game = game_after(2);
    let mut online = OnlineGame::joining("http://127.0.0.1:8080", "TOKEN");
    assert_eq!(online.connection, Connection::Connecting);
    online.opened();
    let actions = online.receive(snapshot(&game, Seat::North, (false, true)), None);
    let [Action::Load(loaded)] = actions.as_slice() else {
        panic!("{actions:?}");
    };
    assert!(same(loaded, &game));
    assert_eq!(online.connection, Connection::Connected);
    assert_eq!(online.seat, Some(Seat::North));
    assert_eq!(online.game.as_deref(), Some("G1"));
    assert_eq!(online.seats(), Some([LocalSeat::Remote, LocalSeat::Human]));
    assert!(!online.other_present(), "South is not connected");
    // The same snapshot again (a `sync`) with the board already showing it: nothing to do.
    let again = online.receive(snapshot(&game, Seat::North, (true, true)), Some(&game));
    assert!(again.is_empty(), "{again:?}");
    assert!(online.other_present());
}

#[test]
fn our_move_from_the_board_is_sent_and_its_moved_is_the_acknowledgement() {
    let start = game_after(0);
    let mut online = connected(&start);
    let after = game_after(1);
    let mv = after.moves()[0];
    // The computer's or a script's move is not ours to send; nor is a move for North.
    assert!(online.played(0, mv, Player::South, false).is_empty());
    assert!(online.played(0, mv, Player::North, true).is_empty());
    let actions = online.played(0, mv, Player::South, true);
    assert_eq!(
        sent(&actions),
        [format!(r#"{{"t":"move","ply":0,"move":"{mv}"}}"#)]
    );
    assert!(online.pending.is_some());
    // The board shows the move: no reload while it waits for its acknowledgement.
    assert!(online.reconcile(&after).is_none());
    let actions = online.receive(moved(&after, 0), Some(&after));
    assert!(actions.is_empty(), "{actions:?}");
    assert_eq!(online.pending, None);
    assert!(same(online.confirmed().expect("a game"), &after));
    // The acknowledgement again (our move sent twice after a reconnect): harmless.
    assert!(online.receive(moved(&after, 0), Some(&after)).is_empty());
}

#[test]
fn the_other_seats_move_is_played_on_the_board_as_a_remote_move() {
    let one = game_after(1);
    let two = game_after(2);
    let mut online = connected(&one);
    let actions = online.receive(moved(&two, 1), Some(&one));
    let [Action::PlayRemote { ply: 1, mv, .. }] = actions.as_slice() else {
        panic!("{actions:?}");
    };
    assert_eq!(*mv, two.moves()[1]);
    assert!(same(online.confirmed().expect("a game"), &two));
    // Not on the board (a lesson is shown): the board is brought back later, nothing now.
    let three = game_after(3);
    assert!(online.receive(moved(&three, 2), None).is_empty());
    let Some(Action::Load(back)) = online.reconcile(&two) else {
        panic!("the board is behind");
    };
    assert!(same(&back, &three));
}

#[test]
fn a_refused_move_asks_for_the_servers_game_and_the_snapshot_puts_it_back() {
    let start = game_after(0);
    let mut online = connected(&start);
    let after = game_after(1);
    online.played(0, after.moves()[0], Player::South, true);
    for code in ["stale_ply", "illegal_move", "not_your_turn"] {
        let actions = online.receive(error(code, 0), Some(&after));
        assert_eq!(sent(&actions), [r#"{"t":"sync"}"#], "{code}");
        assert_eq!(online.pending, None, "{code}");
        assert_eq!(online.connection, Connection::Connected);
    }
    // The server's game differs from the board's (it never had the move): reloaded.
    let actions = online.receive(snapshot(&start, Seat::South, (true, true)), Some(&after));
    let [Action::Load(loaded)] = actions.as_slice() else {
        panic!("{actions:?}");
    };
    assert!(same(loaded, &start));
}

#[test]
fn a_moved_that_does_not_follow_asks_for_the_servers_game() {
    let start = game_after(0);
    let mut online = connected(&start);
    let two = game_after(2);
    // Ply 1 before ply 0: a message was missed.
    let actions = online.receive(moved(&two, 1), Some(&start));
    assert_eq!(sent(&actions), [r#"{"t":"sync"}"#]);
    // A move the engine does not take.
    let bad = server(&format!(
        r#"{{"t":"moved","ply":0,"move":"z9+","by":"south","position":{}}}"#,
        position_json(start.position())
    ));
    assert_eq!(
        sent(&online.receive(bad, Some(&start))),
        [r#"{"t":"sync"}"#]
    );
    // The core refused a remote move: the same.
    assert_eq!(sent(&online.remote_move_refused()), [r#"{"t":"sync"}"#]);
}

#[test]
fn after_a_lost_connection_the_pending_move_is_sent_again_once_the_snapshot_came() {
    let start = game_after(0);
    let mut online = connected(&start);
    let after = game_after(1);
    let mv = after.moves()[0];
    online.played(0, mv, Player::South, true);
    // Lost before the acknowledgement; tries at growing pauses, at most ten seconds apart.
    let pauses: Vec<Duration> = (0..7).map(|_| online.lost().expect("tries")).collect();
    let ms: Vec<u128> = pauses.iter().map(Duration::as_millis).collect();
    assert_eq!(ms, [500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    assert_eq!(online.connection, Connection::Reconnecting { attempt: 7 });
    // A move made while away is kept, not sent.
    online.opened();
    assert_eq!(online.connection, Connection::Connecting);
    // The server never got it: the board keeps it and it is sent again.
    let actions = online.receive(snapshot(&start, Seat::South, (true, true)), Some(&after));
    assert_eq!(
        sent(&actions),
        [format!(r#"{{"t":"move","ply":0,"move":"{mv}"}}"#)]
    );
    assert_eq!(actions.len(), 1, "no reload: {actions:?}");
    assert_eq!(online.connection, Connection::Connected);
    assert_eq!(
        retry_after(1),
        Duration::from_millis(500),
        "counting starts over"
    );
    assert_eq!(online.lost(), Some(Duration::from_millis(500)));
    // This time the server had it (acknowledged while away): nothing to send or load.
    online.opened();
    let actions = online.receive(snapshot(&after, Seat::South, (true, true)), Some(&after));
    assert!(actions.is_empty(), "{actions:?}");
    assert_eq!(online.pending, None);
}

#[test]
fn the_other_seats_moves_missed_while_away_are_animated_one_by_one() {
    let one = game_after(1);
    let mut online = connected(&one);
    online.lost();
    online.opened();
    let two = game_after(2);
    let actions = online.receive(snapshot(&two, Seat::South, (true, true)), Some(&one));
    let [Action::PlayRemote { ply: 1, mv, .. }] = actions.as_slice() else {
        panic!("{actions:?}");
    };
    assert_eq!(*mv, two.moves()[1]);
    // Our own move among the missed ones (played in another window): loaded instead.
    let three = game_after(3);
    let actions = online.receive(snapshot(&three, Seat::South, (true, true)), Some(&one));
    assert!(
        matches!(actions.as_slice(), [Action::Load(_)]),
        "{actions:?}"
    );
}

#[test]
fn an_undo_on_the_board_is_put_back_to_the_servers_game() {
    let two = game_after(2);
    let online = connected(&two);
    assert!(online.reconcile(&two).is_none());
    let Some(Action::Load(back)) = online.reconcile(&game_after(0)) else {
        panic!("the undo is not put back");
    };
    assert!(same(&back, &two));
}

#[test]
fn an_unknown_token_ends_the_game_without_more_tries() {
    let mut online = OnlineGame::joining("http://127.0.0.1:8080", "NOPE");
    online.opened();
    let actions = online.receive(error("unknown_token", 0), None);
    assert!(actions.is_empty());
    assert_eq!(online.connection, Connection::Failed(Failure::UnknownToken));
    assert_eq!(online.lost(), None, "no reconnection");
    let mut watcher = OnlineGame::joining("http://127.0.0.1:8080", "T");
    let mut watched = snapshot(&game_after(0), Seat::South, (true, true)).to_json();
    watched = watched.replace(r#""seat":"south""#, r#""seat":null"#);
    watcher.receive(server(&watched), None);
    assert_eq!(watcher.connection, Connection::Failed(Failure::Watching));
}

#[test]
fn presence_and_the_result_are_kept() {
    let mut online = connected(&game_after(0));
    assert!(online.other_present());
    online.receive(
        server(r#"{"t":"presence","present":{"south":true,"north":false}}"#),
        None,
    );
    assert!(!online.other_present());
    assert_eq!(online.result, None);
    online.receive(
        server(r#"{"t":"over","result":{"winner":"south","reason":"resigned"}}"#),
        None,
    );
    let result = online.result.expect("a result");
    assert_eq!(result.winner, Some(Seat::South));
}

/// The game core with online play, on the title screen.
fn online_app() -> bevy::prelude::App {
    let mut app = crate::harness::title_app();
    app.add_plugins(bao::online::plugin);
    app.update();
    app
}

fn connection(app: &bevy::prelude::App) -> Option<Connection> {
    app.world()
        .get_resource::<OnlineGame>()
        .map(|online| online.connection.clone())
}

#[test]
fn a_server_that_does_not_answer_is_tried_again_and_leaving_ends_the_game() {
    use bao::online::OnlineCommand;
    // A port nobody listens on: bound, then let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut app = online_app();
    let link = format!("http://127.0.0.1:{port}/?join=Zm9vYmFyYmF6cXV4MTIzNDU2");
    app.world_mut().write_message(OnlineCommand::Join(link));
    let mut attempts = 0;
    for _ in 0..2000 {
        app.update();
        if let Some(Connection::Reconnecting { attempt }) = connection(&app) {
            attempts = attempt;
            if attempt >= 2 {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(attempts >= 2, "tried again: {:?}", connection(&app));
    let online = app.world().resource::<OnlineGame>();
    assert_eq!(online.server, format!("http://127.0.0.1:{port}"));
    assert!(online.confirmed().is_none());
    app.world_mut().write_message(OnlineCommand::Leave);
    app.update();
    assert_eq!(connection(&app), None);
    // A text that is no link: the game fails at once, naming nothing to connect to.
    app.world_mut()
        .write_message(OnlineCommand::Join("hello".into()));
    app.update();
    assert_eq!(
        connection(&app),
        Some(Connection::Failed(Failure::BadLink("hello".into())))
    );
}

/// `snapshot` of `game` for a watcher (`"seat": null`), both players present.
fn watcher_snapshot(game: &Game) -> ServerMessage {
    let json = snapshot(game, Seat::South, (true, true)).to_json();
    server(&json.replace(r#""seat":"south""#, r#""seat":null"#))
}

#[test]
fn resigning_sends_resign_and_the_over_puts_both_seats_down_on_the_board() {
    let two = game_after(2);
    let mut online = connected(&two);
    assert!(online.can_resign() && !online.can_ask_rematch());
    assert_eq!(sent(&online.resign()), [r#"{"t":"resign"}"#]);
    // The server's `over`: the board's game goes on by its rules, so it is loaded again with
    // nobody here to move in it.
    let over = server(r#"{"t":"over","result":{"winner":"north","reason":"resigned"}}"#);
    let actions = online.receive(over, Some(&two));
    let [Action::Load(loaded)] = actions.as_slice() else {
        panic!("{actions:?}");
    };
    assert!(same(loaded, &two));
    assert_eq!(online.resigned(), Some(Seat::South));
    assert_eq!(online.seats(), Some([LocalSeat::Remote, LocalSeat::Remote]));
    assert!(!online.can_resign() && online.resign().is_empty());
    // A click on the board after it is not sent: `reconcile` puts the board back.
    let three = game_after(3);
    assert!(
        online
            .played(2, three.moves()[2], Player::South, true)
            .is_empty()
    );
    assert!(matches!(online.reconcile(&three), Some(Action::Load(_))));
}

#[test]
fn a_game_over_by_its_rules_keeps_the_board_and_its_seats() {
    let two = game_after(2);
    let mut online = connected(&two);
    let over = server(r#"{"t":"over","result":{"winner":"south","reason":"blockade"}}"#);
    assert!(online.receive(over, Some(&two)).is_empty());
    assert_eq!(online.resigned(), None);
    assert_eq!(online.seats(), Some([LocalSeat::Human, LocalSeat::Remote]));
    assert!(online.can_ask_rematch());
}

#[test]
fn a_rematch_asked_once_moves_to_the_new_game_with_the_seats_swapped() {
    let mut online = connected(&game_after(2));
    assert!(
        online.ask_rematch().is_empty(),
        "not while the game goes on"
    );
    online.receive(
        server(r#"{"t":"over","result":{"winner":"south","reason":"resigned"}}"#),
        None,
    );
    assert_eq!(sent(&online.ask_rematch()), [r#"{"t":"rematch"}"#]);
    assert!(online.rematch_asked);
    assert!(online.ask_rematch().is_empty(), "asked once");
    // After a lost connection the request is made again (a restarted server forgot it).
    online.lost();
    online.opened();
    let finished = snapshot(&game_after(2), Seat::South, (true, true))
        .to_json()
        .replace(
            r#""status":"playing","result":null"#,
            r#""status":"over","result":{"winner":"south","reason":"resigned"}"#,
        );
    let actions = online.receive(server(&finished), None);
    assert_eq!(sent(&actions), [r#"{"t":"rematch"}"#]);
    let rematch = server(r#"{"t":"rematch","game":"G2","token":"NEWTOKEN"}"#);
    let actions = online.receive(rematch.clone(), None);
    assert!(
        matches!(actions.as_slice(), [Action::Reconnect]),
        "{actions:?}"
    );
    assert_eq!(online.game.as_deref(), Some("G2"));
    assert_eq!(online.token, "NEWTOKEN");
    assert_eq!(online.seat, Some(Seat::North), "the seats are swapped");
    assert_eq!(online.result, None);
    assert!(!online.rematch_asked);
    assert_eq!(online.connection, Connection::Connecting);
    assert!(online.confirmed().is_none());
    // The same rematch again (asked twice, or on two sockets): nothing more.
    assert!(online.receive(rematch, None).is_empty());
    // The new game's snapshot loads it, our seat now North.
    online.opened();
    let actions = online.receive(snapshot(&game_after(0), Seat::North, (true, true)), None);
    assert!(
        matches!(actions.as_slice(), [Action::Load(_)]),
        "{actions:?}"
    );
    assert_eq!(online.seats(), Some([LocalSeat::Remote, LocalSeat::Human]));
}

#[test]
fn a_watcher_has_both_seats_remote_and_sees_every_move_sown() {
    let one = game_after(1);
    let mut online = OnlineGame::watching("http://127.0.0.1:8080", "G1");
    assert!(online.watching);
    assert_eq!(online.game.as_deref(), Some("G1"));
    online.opened();
    let actions = online.receive(watcher_snapshot(&one), None);
    assert!(
        matches!(actions.as_slice(), [Action::Load(_)]),
        "{actions:?}"
    );
    assert_eq!(online.connection, Connection::Connected);
    assert_eq!(online.seat, None);
    assert_eq!(online.seats(), Some([LocalSeat::Remote, LocalSeat::Remote]));
    assert!(!online.can_resign() && !online.can_ask_rematch());
    // Either seat's move is played on the board as a remote move, with its player.
    let three = game_after(3);
    for ply in 1..3 {
        let board = game_after(ply);
        let actions = online.receive(moved(&three, ply), Some(&board));
        let [Action::PlayRemote { by, ply: p, mv }] = actions.as_slice() else {
            panic!("{actions:?}");
        };
        assert_eq!((*p, *mv), (ply, three.moves()[ply]));
        assert_eq!(*by, three.positions()[ply].to_move());
    }
    // Nothing from the board is sent; missed moves of both seats come back animated.
    assert!(
        online
            .played(3, game_after(4).moves()[3], Player::North, true)
            .is_empty()
    );
    online.lost();
    online.opened();
    let five = game_after(5);
    let actions = online.receive(watcher_snapshot(&five), Some(&three));
    assert_eq!(actions.len(), 2, "{actions:?}");
    assert!(
        actions
            .iter()
            .all(|a| matches!(a, Action::PlayRemote { .. }))
    );
}

#[test]
fn a_watched_game_that_is_unknown_ends_without_more_tries() {
    let mut online = OnlineGame::watching("http://127.0.0.1:8080", "NOPE");
    online.opened();
    assert!(online.receive(error("unknown_game", 0), None).is_empty());
    assert_eq!(online.connection, Connection::Failed(Failure::UnknownGame));
}
