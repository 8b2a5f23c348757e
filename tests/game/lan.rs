//! Two games on one network with nothing else: one hosts ("Host on this computer": the server's
//! library in process, its SQLite file in the host's data folder, the port kept), the other
//! finds the game by DNS-SD (multicast DNS between the two daemons of this process) and takes
//! its seat; they play a whole game by clicks, then a rematch, in which the host quits: the
//! guest is left reconnecting to a server of its network, and once the host comes back (a new
//! app on the same data folder) the server opens again on the same port and file, both seats
//! come back with their tokens, and the game goes on.

use crate::harness;
use crate::online_server::{self, online, playing_online, temporary, until};
use bao::camera::SeenFrom;
use bao::core::Settings;
use bao::online::{
    Connection, DATABASE_FILE, HOST_KEY, HostGame, Hosting, LanGames, OnlineCommand, OnlineServer,
    SERVER_KEY, UnfinishedOnline, on_local_network, server_ip_port,
};
use bao::storage::Storage;
use bao_engine::{Outcome, Player, Variant};
use bevy::prelude::*;
use std::path::Path;
use std::time::{Duration, Instant};

/// The longest the guest may take to see that the host left (its socket's close, or the
/// protocol's silence limit where the close is lost).
const STEP_LIMIT: Duration = Duration::from_secs(60);

/// What the hosted server answers at `path` (one HTTP/1.1 request on loopback).
fn page_at(port: u16, path: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("a timeout");
    let request = format!("GET {path} HTTP/1.1\r\nHost: bao\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).expect("writes");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("reads");
    answer
}

/// A headless game with online play on the title screen, its data in `data`.
fn player(data: &Path) -> App {
    let mut app = harness::title_app();
    app.insert_resource(Storage::at(data))
        .add_plugins(bao::online::plugin)
        .init_resource::<SeenFrom>();
    app.world_mut().resource_mut::<Settings>().anim_speed = 4.0;
    app.update();
    app
}

/// The one of the two apps whose seat is to move.
fn to_move<'a>(host: &'a mut App, guest: &'a mut App) -> (&'a mut App, &'a mut App) {
    let player = harness::position(host).to_move();
    if online(host).seat.map(Player::from) == Some(player) {
        (host, guest)
    } else {
        (guest, host)
    }
}

/// The side to move plays its first legal move by clicks; both boards then show it.
fn play_one(host: &mut App, guest: &mut App) {
    let ply = harness::session(host).game().moves().len();
    let (mover, other) = to_move(host, guest);
    online_server::play_one(mover, other, ply);
}

/// The host hosts a game of Kujifunza; the guest finds it on the network and takes its seat.
fn host_and_find(host: &mut App, guest: &mut App) {
    guest.world_mut().resource_mut::<LanGames>().wanted = true;
    host.world_mut().write_message(HostGame(Variant::Kujifunza));
    until(host, guest, "the host's game is on", |h, _| {
        playing_online(h)
    });
    let hosted = host
        .world()
        .resource::<Hosting>()
        .server()
        .map(str::to_owned);
    let hosted = hosted.expect("the host serves");
    assert_eq!(
        online(host).server,
        hosted,
        "the host plays on its own server"
    );
    assert_eq!(host.world().resource::<OnlineServer>().0, hosted);
    // Multicast DNS needs an interface that takes multicast: loopback here has none, so the
    // daemons meet on the machine's network interface (`ip link` shows MULTICAST).
    let finds = "the guest finds the game (no interface with MULTICAST?)";
    until(host, guest, finds, |_, g| {
        let lan = g.world().resource::<LanGames>();
        lan.games
            .iter()
            .any(|game| game.server == hosted && game.joinable())
    });
    let found = guest.world().resource::<LanGames>().games.clone();
    let game = found.iter().find(|g| g.server == hosted).expect("found");
    assert_eq!(game.variant, Some(Variant::Kujifunza));
    let join = game.join().expect("its seat is open");
    guest.world_mut().write_message(join);
    until(host, guest, "both are here", |h, g| {
        playing_online(g) && online(h).other_present() && online(g).other_present()
    });
    until(host, guest, "the taken seat is announced", |_, g| {
        let lan = g.world().resource::<LanGames>();
        lan.games
            .iter()
            .any(|game| game.server == hosted && !game.joinable())
    });
}

#[test]
fn a_game_hosted_here_is_found_on_the_network_played_through_and_waits_for_its_host() {
    let host_data = temporary("bao-lan-test", "host");
    let guest_data = temporary("bao-lan-test", "guest");
    let (mut host, mut guest) = (player(&host_data), player(&guest_data));
    host_and_find(&mut host, &mut guest);
    let hosted = online(&host).server.clone();
    assert!(
        host_data.join(DATABASE_FILE).is_file(),
        "the games are kept"
    );
    let (_, port) = server_ip_port(&hosted).expect("an address with a port");
    let kept = Storage::at(&host_data).read(HOST_KEY).expect("readable");
    assert!(
        kept.is_some_and(|k| k.contains(&port.to_string())),
        "the port is kept"
    );
    // A phone that scanned the invitation's QR code gets a page that says what to do with it.
    let page = page_at(port, "/?join=0123");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    for words in [
        "Play online",
        "Online spielen",
        "Online spelen",
        "Cheza mtandaoni",
    ] {
        assert!(
            page.contains(words),
            "{words:?} missing from the invitation page"
        );
    }

    // A whole game, by clicks on both sides.
    while harness::session(&host).game().outcome() == Outcome::Ongoing {
        play_one(&mut host, &mut guest);
    }
    until(
        &mut host,
        &mut guest,
        "both know the game is over",
        |h, g| online(h).over() && online(g).over(),
    );
    assert_eq!(
        harness::session(&guest).game().outcome(),
        harness::session(&host).game().outcome()
    );

    // A rematch, seats swapped; one move, then the host quits.
    for app in [&mut host, &mut guest] {
        app.world_mut().write_message(OnlineCommand::Rematch);
    }
    let first_seat = online(&host).seat;
    until(&mut host, &mut guest, "the rematch is on", |h, g| {
        let fresh = |app: &App| harness::session(app).game().moves().is_empty();
        online(h).seat != first_seat
            && playing_online(h)
            && playing_online(g)
            && fresh(h)
            && fresh(g)
    });
    play_one(&mut host, &mut guest);
    host.world_mut().write_message(AppExit::Success);
    host.update();
    drop(host);
    let start = Instant::now();
    while !matches!(online(&guest).connection, Connection::Reconnecting { .. }) {
        assert!(
            start.elapsed() < STEP_LIMIT,
            "the guest hears the host left"
        );
        guest.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(
        on_local_network(&online(&guest).server),
        "a host on the network"
    );

    // The host comes back: the same port and file, the field remembers the server.
    let mut host = player(&host_data);
    assert_eq!(host.world().resource::<OnlineServer>().0, hosted);
    assert_eq!(
        Storage::at(&host_data).read(SERVER_KEY).ok().flatten(),
        Some(hosted.clone())
    );
    until(&mut host, &mut guest, "the host serves again", |h, g| {
        h.world().resource::<Hosting>().server() == Some(hosted.as_str())
            && online(g).connection == Connection::Connected
    });
    let offer = host.world().resource::<UnfinishedOnline>().0.clone();
    let kept = offer.expect("the unfinished rematch is offered");
    host.world_mut().write_message(kept.resume());
    until(&mut host, &mut guest, "both are back", |h, g| {
        playing_online(h) && playing_online(g) && online(g).other_present()
    });
    play_one(&mut host, &mut guest);
    assert_eq!(
        harness::session(&host).game().moves(),
        harness::session(&guest).game().moves()
    );
    for folder in [host_data, guest_data] {
        let _ = std::fs::remove_dir_all(folder);
    }
}

#[test]
fn a_kept_port_that_is_taken_gives_way_to_a_free_one_which_is_kept_instead() {
    let data = temporary("bao-lan-test", "port");
    let storage = Storage::at(&data);
    let holder = std::net::TcpListener::bind("0.0.0.0:0").expect("a port to hold");
    let taken = holder.local_addr().expect("its address").port();
    let kept = format!("{{\"port\":{taken}}}");
    storage.write(HOST_KEY, &kept).expect("writable");
    let mut host = player(&data);
    host.world_mut().write_message(HostGame(Variant::Kingulu));
    let start = Instant::now();
    while !playing_online(&host) {
        assert!(start.elapsed() < STEP_LIMIT, "the hosted game is on");
        host.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let hosted = host
        .world()
        .resource::<Hosting>()
        .server()
        .map(str::to_owned);
    let (_, port) = server_ip_port(&hosted.expect("serving")).expect("a port");
    assert_ne!(port, taken);
    let kept = storage.read(HOST_KEY).expect("readable").expect("kept");
    assert!(kept.contains(&port.to_string()), "{kept}");
    drop(host);
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn without_a_data_folder_hosting_says_why_and_nothing_starts() {
    let mut host = harness::title_app();
    host.insert_resource(Storage::nowhere("no home"))
        .add_plugins(bao::online::plugin)
        .init_resource::<SeenFrom>();
    host.world_mut().write_message(HostGame(Variant::Kigogo));
    host.update();
    let hosting = host.world().resource::<Hosting>().clone();
    assert!(
        matches!(&hosting, Hosting::Failed(why) if why.contains("no home")),
        "{hosting:?}"
    );
    assert!(
        host.world()
            .get_resource::<bao::online::OnlineGame>()
            .is_none()
    );
}

#[test]
fn a_host_back_before_the_guest_came_invites_and_announces_the_game_again() {
    let host_data = temporary("bao-lan-test", "early-host");
    let guest_data = temporary("bao-lan-test", "early-guest");
    let (mut host, mut guest) = (player(&host_data), player(&guest_data));
    host.world_mut().write_message(HostGame(Variant::Kigogo));
    until(&mut host, &mut guest, "the host's game is on", |h, _| {
        playing_online(h) && online(h).invite.is_some()
    });
    let invite = online(&host).invite.clone();
    // The kept seat is written once the game is known.
    for _ in 0..4 {
        host.update();
    }
    host.world_mut().write_message(AppExit::Success);
    host.update();
    drop(host);

    let mut host = player(&host_data);
    let offer = host.world().resource::<UnfinishedOnline>().0.clone();
    let kept = offer.expect("the game is offered");
    assert_eq!(kept.invite, invite, "the invitation is kept");
    host.world_mut().write_message(kept.resume());
    guest.world_mut().resource_mut::<LanGames>().wanted = true;
    until(&mut host, &mut guest, "the game is found again", |h, g| {
        let found = g.world().resource::<LanGames>().games.iter().any(|game| {
            Some(game.server.as_str()) == h.world().resource::<Hosting>().server()
                && game.joinable()
        });
        playing_online(h) && online(h).invite == invite && found
    });
    let hosted = host
        .world()
        .resource::<Hosting>()
        .server()
        .map(str::to_owned);
    let games = guest.world().resource::<LanGames>().games.clone();
    let ours = games
        .iter()
        .filter(|game| Some(&game.server) == hosted.as_ref());
    let join = ours
        .filter_map(|game| game.join())
        .next()
        .expect("its seat");
    guest.world_mut().write_message(join);
    until(&mut host, &mut guest, "both are here", |h, g| {
        playing_online(g) && online(h).other_present() && online(h).met
    });
    for folder in [host_data, guest_data] {
        let _ = std::fs::remove_dir_all(folder);
    }
}
