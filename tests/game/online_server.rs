//! Online play end to end: a real `bao-server` started in process (SQLite in a temporary file)
//! and two headless games, one per seat, that invite and join through the server's HTTP API
//! and play moves by clicks through its WebSocket; one leaves to the title screen and comes back;
//! the server is then stopped and started again on the same database and address, and both
//! games come back and go on. Another game is found in the list of games being played and
//! watched by a third app, resigned, and played again as a rematch with the seats swapped; two
//! more players pair through "Wait for an opponent" and a late third finds the seat taken.

use crate::harness::{self, assert_board_matches, finish_animation, play_by_clicks};
use bao::camera::SeenFrom;
use bao::core::{GameCommand, Screen, Seat, Settings, StartGame};
use bao::online::{
    Connection, Failure, Fetched, KEPT_KEY, KeptSeat, Listing, Lobby, OnlineCommand, OnlineGame,
    OnlineServer, RequestFailure, UnfinishedOnline, board_game,
};
use bao::storage::Storage;
use bao_engine::Variant;
use bao_server::{Config, DatabaseUrl, Limits, Server, Timing};
use bevy::prelude::*;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// The most rounds of frames any step may take (each round sleeps a little so that the sockets'
/// threads and the server run).
const MAX_ROUNDS: usize = 4000;

/// A server on a runtime of its own, and its database file.
struct Running {
    runtime: tokio::runtime::Runtime,
    server: Option<Server>,
    database: PathBuf,
}

impl Running {
    fn start(listen: SocketAddr, database: PathBuf) -> Running {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let server = runtime
            .block_on(Server::start(Config {
                listen,
                database: DatabaseUrl::Sqlite(database.clone()),
                web: None,
                timing: Timing::default(),
                limits: Limits::default(),
            }))
            .expect("the server starts");
        Running {
            runtime,
            server: Some(server),
            database,
        }
    }

    /// A server on a free port of 127.0.0.1 with a new database file.
    fn fresh() -> Running {
        Running::start("127.0.0.1:0".parse().expect("an address"), database_file())
    }

    /// Its address as the game takes it, `http://127.0.0.1:PORT`.
    fn url(&self) -> String {
        format!("http://{}", self.address())
    }

    /// Stops it and removes its database file.
    fn finish(self) {
        let _ = std::fs::remove_file(self.stop());
    }

    fn address(&self) -> SocketAddr {
        self.server.as_ref().expect("running").address()
    }

    /// Stops the server: every socket is closed (code 1001).
    fn stop(mut self) -> PathBuf {
        if let Some(server) = self.server.take() {
            self.runtime.block_on(server.shutdown());
        }
        self.database.clone()
    }
}

/// A headless game with online play on the title screen, talking to `server`.
fn player(server: &str) -> App {
    player_keeping(server, None)
}

/// A headless game with online play, keeping its records (the unfinished online game) in
/// `storage` when there is one.
fn player_keeping(server: &str, storage: Option<Storage>) -> App {
    let mut app = harness::title_app();
    if let Some(storage) = storage {
        app.insert_resource(storage);
    }
    app.add_plugins(bao::online::plugin)
        .insert_resource(OnlineServer(server.to_owned()))
        .init_resource::<SeenFrom>();
    app.world_mut().resource_mut::<Settings>().anim_speed = 4.0;
    app.update();
    app
}

pub(super) fn online(app: &App) -> &OnlineGame {
    app.world().resource::<OnlineGame>()
}

/// Whether the app shows its online game, connected.
pub(super) fn playing_online(app: &App) -> bool {
    let world = app.world();
    let Some(game) = world.get_resource::<OnlineGame>() else {
        return false;
    };
    game.connection == Connection::Connected
        && *world.resource::<State<Screen>>().get() == Screen::Playing
        && board_game(game, harness::session(app)).is_some()
}

/// South invites a friend to a game of `variant` and North joins with the link: both play it.
fn invite_and_join(south: &mut App, north: &mut App, variant: Variant) {
    south
        .world_mut()
        .write_message(OnlineCommand::Invite(variant));
    until(south, north, "South's game is on", |s, _| playing_online(s));
    let link = online(south).invite_link().expect("an invitation");
    north.world_mut().write_message(OnlineCommand::Join(link));
    until(south, north, "both are here", |s, n| {
        playing_online(n) && online(s).other_present()
    });
}

/// Runs frames of both apps until `done` holds.
pub(super) fn until(
    south: &mut App,
    north: &mut App,
    what: &str,
    done: impl Fn(&App, &App) -> bool,
) {
    for _ in 0..MAX_ROUNDS {
        south.update();
        north.update();
        if done(south, north) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("timed out waiting until {what}");
}

/// `mover` plays its first legal move by clicks; both boards then show it, shown to the end.
pub(super) fn play_one(mover: &mut App, other: &mut App, ply: usize) {
    finish_animation(mover);
    let mv = harness::position(mover).legal_moves()[0];
    play_by_clicks(mover, mv);
    until(
        mover,
        other,
        &format!("move {ply} ({mv}) reached the other board"),
        |a, b| {
            online(a).pending.is_none()
                && harness::session(b).game().moves().len() == ply + 1
                && online(b)
                    .confirmed()
                    .is_some_and(|g| g.moves().len() == ply + 1)
        },
    );
    assert_eq!(harness::session(other).game().moves()[ply], mv);
    finish_animation(other);
    assert_board_matches(other, &format!("the other board after {mv}"));
}

/// Runs frames of every app until `done` holds.
fn until_all(apps: &mut [&mut App], what: &str, done: impl Fn(&[&mut App]) -> bool) {
    for _ in 0..MAX_ROUNDS {
        for app in apps.iter_mut() {
            app.update();
        }
        if done(apps) {
            return;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("timed out waiting until {what}");
}

/// A fresh database file for a test's server.
fn database_file() -> PathBuf {
    temporary("bao-online-test", "sqlite")
}

/// A fresh path in the temporary folder: `NAME-PID-NANOS.EXTENSION`.
pub(super) fn temporary(name: &str, extension: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "{name}-{}-{}.{extension}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ))
}

#[test]
fn two_games_invite_join_and_play_through_a_real_server_and_come_back_after_it_restarts() {
    let running = Running::fresh();
    let address = running.address();
    let server = running.url();
    let (mut south, mut north) = (player(&server), player(&server));

    // South invites: the game is created and South's board shows it, North not there yet.
    south
        .world_mut()
        .write_message(OnlineCommand::Invite(Variant::Kigogo));
    until(
        &mut south,
        &mut north,
        "South's game is on its board",
        |s, _| playing_online(s),
    );
    let link = online(&south).invite_link().expect("an invitation");
    assert!(link.starts_with(&format!("{server}/?join=")), "{link}");
    assert_eq!(online(&south).seat, Some(bao_protocol::Seat::South));
    assert!(!online(&south).other_present());
    assert_eq!(
        harness::session(&south).seats(),
        [Seat::Human, Seat::Remote]
    );
    assert_eq!(harness::session(&south).variant(), Variant::Kigogo);

    // North joins with the link: both boards show the same game, and each sees the other.
    north
        .world_mut()
        .write_message(OnlineCommand::Join(link.clone()));
    until(&mut south, &mut north, "both are here", |s, n| {
        playing_online(n) && online(s).other_present() && online(n).other_present()
    });
    assert_eq!(
        harness::session(&north).seats(),
        [Seat::Remote, Seat::Human]
    );
    assert_eq!(
        harness::session(&north).game().start(),
        harness::session(&south).game().start()
    );

    // Four moves by clicks, each shown on the other board seed by seed.
    for ply in 0..4 {
        if ply % 2 == 0 {
            play_one(&mut south, &mut north, ply);
        } else {
            play_one(&mut north, &mut south, ply);
        }
    }

    // An undo on South's board is put back to the server's game at once.
    finish_animation(&mut south);
    south.world_mut().write_message(GameCommand::Undo);
    until(&mut south, &mut north, "the undo is put back", |s, _| {
        harness::session(s).game().moves().len() == 4
    });

    // North leaves and joins again: the snapshot brings the four moves back.
    north.world_mut().write_message(OnlineCommand::Leave);
    until(&mut south, &mut north, "South sees North gone", |s, _| {
        !online(s).other_present()
    });
    north.world_mut().write_message(OnlineCommand::Join(link));
    until(&mut south, &mut north, "North is back", |s, n| {
        playing_online(n) && online(s).other_present()
    });
    assert_eq!(
        harness::session(&north).game().moves(),
        harness::session(&south).game().moves()
    );

    // North goes to the title screen; South's move waits there in the server's game, and
    // "Back to the game" brings the board with it.
    finish_animation(&mut north);
    north.world_mut().write_message(GameCommand::NewGame);
    until(&mut south, &mut north, "North is on the title", |_, n| {
        *n.world().resource::<State<Screen>>().get() == Screen::Title
    });
    finish_animation(&mut south);
    let mv = harness::position(&south).legal_moves()[0];
    play_by_clicks(&mut south, mv);
    until(
        &mut south,
        &mut north,
        "South's move reached North",
        |s, n| {
            online(s).pending.is_none()
                && online(n).confirmed().is_some_and(|g| g.moves().len() == 5)
        },
    );
    for _ in 0..10 {
        north.update();
    }
    assert_eq!(
        *north.world().resource::<State<Screen>>().get(),
        Screen::Title,
        "a move from afar does not pull North from the title"
    );
    assert_eq!(harness::session(&north).game().moves().len(), 4);
    north.world_mut().write_message(OnlineCommand::Back);
    until(
        &mut south,
        &mut north,
        "North is back on the board",
        |_, n| playing_online(n) && harness::session(n).game().moves().len() == 5,
    );

    // The server stops: both try again with growing pauses until it is back on the same
    // database and address; then the game goes on.
    let database = running.stop();
    until(&mut south, &mut north, "both lost the server", |s, n| {
        matches!(online(s).connection, Connection::Reconnecting { .. })
            && matches!(online(n).connection, Connection::Reconnecting { .. })
    });
    let running = Running::start(address, database);
    until(&mut south, &mut north, "both are back", |s, n| {
        playing_online(s) && playing_online(n)
    });
    assert_eq!(harness::session(&south).game().moves().len(), 5);
    play_one(&mut north, &mut south, 5);
    play_one(&mut south, &mut north, 6);
    assert_eq!(
        harness::session(&north).game().moves(),
        harness::session(&south).game().moves()
    );

    // South leaves, plays a game of its own, then comes back with its code alone (played on
    // its server): the seven moves are back, and the game of its own did not end the new join.
    let code = online(&south).token.clone();
    south.world_mut().write_message(OnlineCommand::Leave);
    south.world_mut().write_message(StartGame {
        variant: Variant::Kingulu,
        seats: [Seat::Human; 2],
    });
    until(
        &mut south,
        &mut north,
        "South plays Kingulu at home",
        |s, _| {
            s.world().get_resource::<OnlineGame>().is_none()
                && harness::session(s).variant() == Variant::Kingulu
        },
    );
    south.world_mut().write_message(OnlineCommand::Join(code));
    until(&mut south, &mut north, "South is back online", |s, _| {
        playing_online(s) && harness::session(s).game().moves().len() == 7
    });
    running.finish();
}

#[test]
fn a_watcher_sees_the_moves_a_resignation_ends_the_game_and_a_rematch_swaps_the_seats() {
    let running = Running::fresh();
    let server = running.url();
    let (mut south, mut north, mut watcher) = (player(&server), player(&server), player(&server));
    invite_and_join(&mut south, &mut north, Variant::Kigogo);

    // A move, and the game is in the list of games being played; a third app watches it from
    // there: both seats remote, the game on its board.
    play_one(&mut south, &mut north, 0);
    let id = online(&south).game.clone().expect("the game's id");
    watcher.world_mut().resource_mut::<Lobby>().wanted = Some((Listing::Live, Variant::Kigogo));
    until_all(
        &mut [&mut south, &mut north, &mut watcher],
        "the game is listed",
        |apps| {
            matches!(&apps[2].world().resource::<Lobby>().live,
            Fetched::Games(games) if games.iter().any(|g| g.game == id && g.ply == 1))
        },
    );
    watcher.world_mut().write_message(OnlineCommand::Watch(id));
    until_all(
        &mut [&mut south, &mut north, &mut watcher],
        "the watcher sees the game",
        |apps| playing_online(apps[2]) && harness::session(apps[2]).game().moves().len() == 1,
    );
    assert!(online(&watcher).watching);
    assert_eq!(harness::session(&watcher).seats(), [Seat::Remote; 2]);
    assert_eq!(*north.world().resource::<SeenFrom>(), SeenFrom::North);
    assert_eq!(*watcher.world().resource::<SeenFrom>(), SeenFrom::South);

    // The next moves by clicks: the watcher's board sows them too.
    play_one(&mut north, &mut south, 1);
    until_all(
        &mut [&mut south, &mut north, &mut watcher],
        "the watcher has both moves",
        |apps| harness::session(apps[2]).game().moves().len() == 2,
    );
    assert_eq!(
        harness::session(&watcher).game().moves(),
        harness::session(&south).game().moves()
    );
    finish_animation(&mut watcher);
    assert_board_matches(&mut watcher, "the watcher's board after two moves");

    // North resigns: everybody sees South win by resignation, and nobody moves any more.
    north.world_mut().write_message(OnlineCommand::Resign);
    until_all(
        &mut [&mut south, &mut north, &mut watcher],
        "all know North resigned",
        |apps| {
            apps.iter().all(|app| {
                online(app).resigned() == Some(bao_protocol::Seat::North) && playing_online(app)
            })
        },
    );
    for app in [&south, &north] {
        assert_eq!(harness::session(app).seats(), [Seat::Remote; 2]);
        assert_eq!(harness::session(app).game().moves().len(), 2);
    }

    // Both ask for a rematch: a new game, South now North and North now South.
    let first_game = online(&south).game.clone();
    south.world_mut().write_message(OnlineCommand::Rematch);
    until(&mut south, &mut north, "South asked", |s, _| {
        online(s).rematch_asked
    });
    north.world_mut().write_message(OnlineCommand::Rematch);
    until(&mut south, &mut north, "both play the rematch", |s, n| {
        online(s).game != first_game
            && online(n).game == online(s).game
            && playing_online(s)
            && playing_online(n)
            && online(s).other_present()
    });
    assert_eq!(online(&south).seat, Some(bao_protocol::Seat::North));
    assert_eq!(online(&north).seat, Some(bao_protocol::Seat::South));
    assert_eq!(
        harness::session(&south).seats(),
        [Seat::Remote, Seat::Human]
    );
    assert_eq!(
        harness::session(&north).seats(),
        [Seat::Human, Seat::Remote]
    );
    assert!(harness::session(&south).game().moves().is_empty());
    // Each sees the board from its own side now.
    assert_eq!(*south.world().resource::<SeenFrom>(), SeenFrom::North);
    assert_eq!(*north.world().resource::<SeenFrom>(), SeenFrom::South);
    // The player who was North opens the rematch.
    play_one(&mut north, &mut south, 0);
    running.finish();
}

#[test]
fn two_players_pair_through_wait_for_an_opponent_and_a_third_finds_the_seat_taken() {
    let running = Running::fresh();
    let server = running.url();
    let (mut first, mut second, mut late) = (player(&server), player(&server), player(&server));

    // The first waits: its game opens, listed for anyone, and its board shows it.
    first
        .world_mut()
        .write_message(OnlineCommand::WaitForOpponent(Variant::Kigogo));
    until(
        &mut first,
        &mut second,
        "the first one's game is on",
        |f, _| playing_online(f),
    );
    assert!(online(&first).open && online(&first).invite.is_none());
    let id = online(&first).game.clone().expect("the game's id");

    // The others' lists of open games of that variant show it.
    for app in [&mut second, &mut late] {
        app.world_mut().resource_mut::<Lobby>().wanted = Some((Listing::Open, Variant::Kigogo));
    }
    until_all(
        &mut [&mut first, &mut second, &mut late],
        "the game is listed",
        |apps| {
            apps[1..].iter().all(|app| {
                matches!(&app.world().resource::<Lobby>().open,
                Fetched::Games(games) if games.iter().any(|g| g.game == id))
            })
        },
    );

    // The second also waits for an opponent: it is paired with the first at once.
    second
        .world_mut()
        .write_message(OnlineCommand::WaitForOpponent(Variant::Kigogo));
    until(&mut first, &mut second, "the two are paired", |f, s| {
        playing_online(s) && online(f).other_present() && online(s).other_present()
    });
    assert_eq!(online(&second).game.as_deref(), Some(id.as_str()));
    assert!(!online(&second).open, "paired: nobody else to wait for");
    assert_eq!(online(&second).seat, Some(bao_protocol::Seat::North));
    play_one(&mut first, &mut second, 0);

    // The late one takes the game from its (old) list: taken, it says so and the list is
    // fetched again without it.
    late.world_mut()
        .write_message(OnlineCommand::TakeOpen(id.clone()));
    until_all(
        &mut [&mut first, &mut second, &mut late],
        "the late one is told",
        |apps| {
            let lobby = apps[2].world().resource::<Lobby>();
            lobby.taken
                && apps[2].world().get_resource::<OnlineGame>().is_none()
                && matches!(&lobby.open, Fetched::Games(games) if games.iter().all(|g| g.game != id))
        },
    );
    running.finish();
}

#[test]
fn an_unfinished_online_game_is_offered_after_a_restart_and_forgotten_once_left() {
    let running = Running::fresh();
    let server = running.url();
    let folder = database_file().with_extension("store");
    let storage = Storage::at(&folder);
    let mut south = player_keeping(&server, Some(storage.clone()));
    let mut north = player(&server);
    invite_and_join(&mut south, &mut north, Variant::Kingulu);
    play_one(&mut south, &mut north, 0);
    play_one(&mut north, &mut south, 1);
    let token = online(&south).token.clone();
    let kept: KeptSeat = serde_json::from_str(
        &storage
            .read(KEPT_KEY)
            .expect("readable")
            .expect("the seat is kept"),
    )
    .expect("a kept seat");
    assert_eq!(
        (kept.token.as_str(), kept.seat, kept.variant.as_str()),
        (token.as_str(), bao_protocol::Seat::South, "kingulu")
    );

    // South's program closes (no leave) and starts again on the same store: the game is
    // offered, and going back finds it at its second move.
    drop(south);
    let mut south = player_keeping(&server, Some(storage.clone()));
    let offer = south.world().resource::<UnfinishedOnline>().0.clone();
    assert_eq!(offer.as_ref(), Some(&kept));
    south
        .world_mut()
        .write_message(offer.expect("an offer").resume());
    until(
        &mut south,
        &mut north,
        "South is back in its game",
        |s, n| playing_online(s) && online(n).other_present(),
    );
    assert_eq!(harness::session(&south).game().moves().len(), 2);
    assert!(south.world().resource::<UnfinishedOnline>().0.is_none());
    play_one(&mut south, &mut north, 2);

    // Leaving the game forgets it: the next start offers nothing.
    south.world_mut().write_message(OnlineCommand::Leave);
    south.update();
    south.update();
    assert_eq!(storage.read(KEPT_KEY), Ok(None));
    let again = player_keeping(&server, Some(storage));
    assert!(again.world().resource::<UnfinishedOnline>().0.is_none());
    let _ = std::fs::remove_dir_all(folder);
    running.finish();
}

/// A server address where nothing listens (a port of this machine just given up): inviting a
/// friend there fails with a reason the overlay words for the player (no server answers), not
/// the network's raw words, and leaving forgets it, so the window opens on its form again.
#[test]
fn an_invitation_where_no_server_listens_says_so_and_leaving_forgets_it() {
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let address = free.local_addr().expect("its address");
    drop(free);
    let mut app = player(&format!("http://{address}"));
    app.world_mut()
        .write_message(OnlineCommand::Invite(Variant::Kingulu));
    for _ in 0..600 {
        app.update();
        if online(&app).failed() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(
        online(&app).connection,
        Connection::Failed(Failure::Create(RequestFailure::NoServer))
    );
    app.world_mut().write_message(OnlineCommand::Leave);
    app.update();
    assert!(app.world().get_resource::<OnlineGame>().is_none());
}
