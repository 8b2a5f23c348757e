//! The table's every event and refusal, effect by effect.

use super::*;
use bao_engine::Position;

/// Where a message went.
#[derive(Debug, PartialEq, Eq)]
enum To {
    One(u64),
    AllBut(Option<u64>),
}

/// A table of a new game of Kigogo, fed events at one instant, as an actor would feed it.
struct Fixture {
    table: Table,
    now: Instant,
    out: Effects,
}

fn stored(resigned: Option<Seat>) -> StoredGame {
    let start = Position::new(Variant::Kigogo);
    StoredGame {
        variant: Variant::Kigogo,
        start,
        moves: Vec::new(),
        resigned,
        rematch: None,
        open_seat: None,
    }
}

impl Fixture {
    fn new(resigned: Option<Seat>, shared: bool) -> Fixture {
        let table = Table::load("0123456789abcdef".into(), stored(resigned), None, shared)
            .expect("a new game loads");
        Fixture {
            table,
            now: Instant::now(),
            out: Effects::new(),
        }
    }

    fn playing() -> Fixture {
        Fixture::new(None, false)
    }

    /// Feeds `event`; the effects, with each `TellPresence` answered as the actor answers it.
    fn feed(&mut self, event: Event) -> Vec<Effect> {
        self.table.handle(event, self.now, &mut self.out);
        let mut effects = Vec::new();
        while let Some(effect) = self.out.pop_front() {
            match effect {
                Effect::TellPresence { before, except } => {
                    effects.extend(self.table.presence_since(before, except));
                }
                effect => effects.push(effect),
            }
        }
        effects
    }

    /// A socket joins for `seat`: its connection number and the effects of its joining.
    fn join(&mut self, seat: Option<Seat>) -> (u64, Vec<Effect>) {
        let effects = self.feed(Event::Join { seat });
        let [Effect::Admit { conn }] = effects[..] else {
            panic!("expected an admission, got {effects:?}");
        };
        (conn, self.feed(Event::Admitted(true)))
    }

    /// South, North and a watcher join: their connection numbers.
    fn seated() -> (Fixture, [u64; 3]) {
        let mut fixture = Fixture::playing();
        let south = fixture.join(Some(Seat::South)).0;
        let north = fixture.join(Some(Seat::North)).0;
        let watcher = fixture.join(None).0;
        (fixture, [south, north, watcher])
    }

    fn send(&mut self, conn: u64, message: ClientMessage) -> Vec<Effect> {
        self.feed(Event::Message { conn, message })
    }

    fn play(&mut self, conn: u64, ply: u32, mv: Move) -> Vec<Effect> {
        let mv = mv.to_string();
        self.send(conn, ClientMessage::Move { ply, mv })
    }

    /// Plays `mv` for `conn` and stores it: the effects once it is stored.
    fn play_stored(&mut self, conn: u64, ply: u32, mv: Move) -> Vec<Effect> {
        let asked = self.play(conn, ply, mv);
        assert!(
            matches!(asked[..], [Effect::StoreMove { .. }]),
            "expected the move stored, got {asked:?}"
        );
        self.feed(Event::MoveStored(Ok(())))
    }
}

/// The first legal move at the start of Kigogo, and the first one after it.
fn first_moves() -> [Move; 2] {
    let mut game = Game::new(Variant::Kigogo);
    let first = game.legal_moves()[0];
    game.play(first).expect("a legal move");
    [first, game.legal_moves()[0]]
}

/// A move in notation that is not legal at the start of Kigogo.
fn illegal_move() -> Move {
    let start = Position::new(Variant::Kigogo);
    ["A", "B", "a", "b"]
        .iter()
        .flat_map(|row| (1..=16).map(move |n| format!("{row}{n}")))
        .flat_map(|pit| ["", "<", ">"].map(|way| format!("{pit}{way}")))
        .filter_map(|text| text.parse::<Move>().ok())
        .find(|mv| !start.is_legal(mv))
        .expect("an illegal move")
}

/// What another server stored: South's `moves` from ply 0 (one, in these tests) and a
/// resignation.
fn stored_changes(moves: &[Move], resigned: Option<Seat>) -> Changes {
    Changes {
        moves: moves
            .iter()
            .map(|mv| (mv.to_string(), Seat::South))
            .collect(),
        resigned,
        rematch: None,
    }
}

/// The messages among `effects`, and where each went.
fn messages(effects: &[Effect]) -> Vec<(To, ServerMessage)> {
    effects
        .iter()
        .filter_map(|effect| {
            let (to, text) = match effect {
                Effect::Send { to, text }
                | Effect::Offer { to, text }
                | Effect::Refuse { to, text, .. } => (To::One(*to), text),
                Effect::Broadcast { text, except } => (To::AllBut(*except), text),
                _ => return None,
            };
            Some((
                to,
                ServerMessage::from_json(text).expect("a server message"),
            ))
        })
        .collect()
}

/// The one refusal in `effects`: to whom and why; the code counted is the one sent.
fn refusal(effects: &[Effect]) -> (u64, ErrorCode) {
    let [Effect::Refuse { to, code, text }] = effects else {
        panic!("expected one refusal, got {effects:?}");
    };
    match ServerMessage::from_json(text) {
        Ok(ServerMessage::Error(error)) => assert_eq!(error.code, *code),
        other => panic!("expected an error, got {other:?}"),
    }
    (*to, *code)
}

fn presence(south: bool, north: bool) -> ServerMessage {
    ServerMessage::Presence {
        present: Present { south, north },
    }
}

#[test]
fn a_legal_move_is_stored_then_sent_to_every_socket() {
    let (mut fixture, [south, north, _]) = Fixture::seated();
    let [mv, reply] = first_moves();
    let asked = fixture.play(south, 0, mv);
    assert_eq!(
        asked,
        [Effect::StoreMove {
            ply: 0,
            mv,
            seat: Seat::South,
            row: RowUpdate::Touched
        }],
        "nothing is sent before the move is stored"
    );
    let stored = fixture.feed(Event::MoveStored(Ok(())));
    match &messages(&stored)[..] {
        [(To::AllBut(None), ServerMessage::Moved(moved))] => {
            assert_eq!((moved.ply, moved.by), (0, Seat::South));
            assert_eq!(moved.mv, mv.to_string());
        }
        other => panic!("expected one moved for all, got {other:?}"),
    }
    // The row was touched a moment ago: the next move leaves it.
    assert!(matches!(
        fixture.play(north, 1, reply)[..],
        [Effect::StoreMove {
            row: RowUpdate::Kept,
            ..
        }]
    ));
}

#[test]
fn a_move_the_engine_refuses_is_an_illegal_move() {
    let (mut fixture, [south, ..]) = Fixture::seated();
    let effects = fixture.send(
        south,
        ClientMessage::Move {
            ply: 0,
            mv: "zz".into(),
        },
    );
    assert_eq!(refusal(&effects), (south, ErrorCode::IllegalMove));
    let effects = fixture.play(south, 0, illegal_move());
    assert_eq!(refusal(&effects), (south, ErrorCode::IllegalMove));
}

#[test]
fn a_ply_ahead_or_taken_by_another_move_is_stale() {
    let (mut fixture, [south, north, _]) = Fixture::seated();
    let [mv, reply] = first_moves();
    assert_eq!(
        refusal(&fixture.play(south, 1, mv)),
        (south, ErrorCode::StalePly)
    );
    fixture.play_stored(south, 0, mv);
    // North sends a move for ply 0, which South's move holds.
    assert_eq!(
        refusal(&fixture.play(north, 0, reply)),
        (north, ErrorCode::StalePly)
    );
}

#[test]
fn the_seat_not_to_move_is_refused() {
    let (mut fixture, [_, north, _]) = Fixture::seated();
    let [mv, _] = first_moves();
    assert_eq!(
        refusal(&fixture.play(north, 0, mv)),
        (north, ErrorCode::NotYourTurn)
    );
}

#[test]
fn a_move_in_a_finished_game_is_game_over() {
    let mut fixture = Fixture::new(Some(Seat::North), false);
    let south = fixture.join(Some(Seat::South)).0;
    let [mv, _] = first_moves();
    assert_eq!(
        refusal(&fixture.play(south, 0, mv)),
        (south, ErrorCode::GameOver)
    );
}

#[test]
fn a_watcher_may_sync_but_not_play() {
    let (mut fixture, [_, _, watcher]) = Fixture::seated();
    let [mv, _] = first_moves();
    for message in [
        ClientMessage::Move {
            ply: 0,
            mv: mv.to_string(),
        },
        ClientMessage::Resign,
        ClientMessage::Rematch,
    ] {
        let effects = fixture.send(watcher, message);
        assert_eq!(refusal(&effects), (watcher, ErrorCode::Watching));
    }
    match &messages(&fixture.send(watcher, ClientMessage::Sync))[..] {
        [(To::One(to), ServerMessage::Snapshot(snapshot))] => {
            assert_eq!((*to, snapshot.seat), (watcher, None));
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }
}

#[test]
fn a_repeated_move_gets_its_moved_again_alone() {
    let (mut fixture, [south, north, _]) = Fixture::seated();
    let [mv, _] = first_moves();
    fixture.play_stored(south, 0, mv);
    let again = fixture.play(south, 0, mv);
    match &messages(&again)[..] {
        [(To::One(to), ServerMessage::Moved(moved))] => {
            assert_eq!((*to, moved.ply), (south, 0));
        }
        other => panic!("expected moved to the sender alone, got {other:?}"),
    }
    // The same move from the other seat was not played by it: stale.
    assert_eq!(
        refusal(&fixture.play(north, 0, mv)),
        (north, ErrorCode::StalePly)
    );
}

#[test]
fn a_seat_resigns_on_either_turn_and_not_once_the_game_is_over() {
    let (mut fixture, [south, north, _]) = Fixture::seated();
    // South is to move; North resigns.
    let asked = fixture.send(north, ClientMessage::Resign);
    assert_eq!(
        asked,
        [Effect::StoreResignation {
            seat: Seat::North,
            ply: 0
        }]
    );
    let over = fixture.feed(Event::Resigned(Ok(true)));
    assert_eq!(
        messages(&over),
        [(
            To::AllBut(None),
            ServerMessage::Over {
                result: GameResult::resigned(Seat::North)
            }
        )]
    );
    let again = fixture.send(south, ClientMessage::Resign);
    assert_eq!(refusal(&again), (south, ErrorCode::GameOver));
}

#[test]
fn a_resignation_after_another_servers_move_reads_it_and_resigns_again() {
    let (mut fixture, [_, north, _]) = Fixture::seated();
    let [mv, _] = first_moves();
    fixture.send(north, ClientMessage::Resign);
    let read = fixture.feed(Event::Resigned(Ok(false)));
    assert_eq!(read, [Effect::ReadChanges { from: 0 }]);
    let effects = fixture.feed(Event::ChangesRead(Some(stored_changes(&[mv], None))));
    assert!(matches!(
        messages(&effects)[..],
        [(To::AllBut(None), ServerMessage::Moved(_))]
    ));
    assert_eq!(
        effects.last(),
        Some(&Effect::StoreResignation {
            seat: Seat::North,
            ply: 1
        })
    );
}

/// A finished game (South resigned) with both players and a watcher at the table.
fn finished() -> (Fixture, [u64; 3]) {
    let mut fixture = Fixture::new(Some(Seat::South), false);
    let south = fixture.join(Some(Seat::South)).0;
    let north = fixture.join(Some(Seat::North)).0;
    let watcher = fixture.join(None).0;
    (fixture, [south, north, watcher])
}

#[test]
fn a_rematch_during_the_game_is_a_bad_message() {
    let (mut fixture, [south, ..]) = Fixture::seated();
    let effects = fixture.send(south, ClientMessage::Rematch);
    assert_eq!(refusal(&effects), (south, ErrorCode::BadMessage));
}

#[test]
fn a_rematch_is_created_once_both_ask_and_answered_again_to_who_asks_again() {
    let (mut fixture, [south, north, _]) = finished();
    assert_eq!(
        fixture.send(south, ClientMessage::Rematch),
        [Effect::Announce(Change::RematchAsked(Seat::South))],
        "one request: announced, nothing created"
    );
    assert_eq!(
        fixture.send(north, ClientMessage::Rematch),
        [Effect::CreateRematch {
            variant: Variant::Kigogo
        }]
    );
    let tokens = ["new south".to_owned(), "new north".to_owned()];
    let rematch = RematchGame::new("fedcba9876543210".into(), tokens);
    let told = fixture.feed(Event::RematchCreated(Ok(Some(rematch))));
    let mut told: Vec<(To, String)> = messages(&told)
        .into_iter()
        .map(|(to, message)| match message {
            ServerMessage::Rematch(rematch) => (to, rematch.token),
            other => panic!("expected a rematch, got {other:?}"),
        })
        .collect();
    told.sort_by_key(|(to, _)| format!("{to:?}"));
    // The seats are swapped: this game's South plays North in the new one.
    assert_eq!(
        told,
        [
            (To::One(south), "new north".to_owned()),
            (To::One(north), "new south".to_owned())
        ]
    );
    match &messages(&fixture.send(north, ClientMessage::Rematch))[..] {
        [(To::One(to), ServerMessage::Rematch(rematch))] => {
            assert_eq!((*to, rematch.token.as_str()), (north, "new south"));
        }
        other => panic!("expected the same rematch again, got {other:?}"),
    }
}

#[test]
fn a_rematch_the_database_fails_closes_the_asker_who_may_ask_again() {
    let (mut fixture, [south, north, _]) = finished();
    fixture.send(south, ClientMessage::Rematch);
    fixture.send(north, ClientMessage::Rematch);
    assert_eq!(
        fixture.feed(Event::RematchCreated(Err(RematchNotStored))),
        [close_internal(north)]
    );
    assert_eq!(
        fixture.send(north, ClientMessage::Rematch),
        [Effect::CreateRematch {
            variant: Variant::Kigogo
        }]
    );
}

#[test]
fn sync_sends_the_seat_its_snapshot() {
    let (mut fixture, [south, ..]) = Fixture::seated();
    match &messages(&fixture.send(south, ClientMessage::Sync))[..] {
        [(To::One(to), ServerMessage::Snapshot(snapshot))] => {
            assert_eq!((*to, snapshot.seat), (south, Some(Seat::South)));
            assert_eq!(
                snapshot.present,
                Present {
                    south: true,
                    north: true
                }
            );
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }
}

#[test]
fn what_is_not_a_message_is_a_bad_message() {
    let (mut fixture, [south, ..]) = Fixture::seated();
    let effects = fixture.feed(Event::BadMessage {
        conn: south,
        why: "not JSON".into(),
    });
    assert_eq!(refusal(&effects), (south, ErrorCode::BadMessage));
}

#[test]
fn a_seat_coming_and_going_is_news_for_the_other_sockets() {
    let mut fixture = Fixture::playing();
    let (south, joined) = fixture.join(Some(Seat::South));
    match &messages(&joined)[..] {
        [
            (To::One(to), ServerMessage::Snapshot(snapshot)),
            (To::AllBut(except), news),
        ] => {
            assert_eq!(*to, south);
            assert_eq!(
                snapshot.present,
                Present {
                    south: true,
                    north: false
                }
            );
            assert_eq!((*except, news), (Some(south), &presence(true, false)));
        }
        other => panic!("expected a snapshot and the news, got {other:?}"),
    }
    // A watcher is not counted: no news.
    let (_, watched) = fixture.join(None);
    assert_eq!(messages(&watched).len(), 1, "{watched:?}");
    // A second socket of South's changes nothing; its leaving neither.
    let (again, joined) = fixture.join(Some(Seat::South));
    assert_eq!(messages(&joined).len(), 1, "{joined:?}");
    assert_eq!(fixture.feed(Event::Leave { conn: again }), []);
    assert_eq!(
        messages(&fixture.feed(Event::Leave { conn: south })),
        [(To::AllBut(None), presence(false, false))]
    );
    assert!(!fixture.table.is_empty(), "the watcher is still here");
}

#[test]
fn a_socket_that_cannot_take_a_message_is_dropped_and_its_seat_is_news() {
    let (mut fixture, [south, north, _]) = Fixture::seated();
    let news = fixture.table.drop_connections(&[north], Some(south));
    assert_eq!(
        news.as_ref()
            .map(|news| messages(std::slice::from_ref(news))),
        Some(vec![(To::AllBut(Some(south)), presence(true, false))])
    );
}

#[test]
fn a_failed_write_closes_the_socket_with_1011_and_leaves_the_game_as_it_was() {
    let (mut fixture, [south, ..]) = Fixture::seated();
    let [mv, _] = first_moves();
    fixture.play(south, 0, mv);
    let failed = fixture.feed(Event::MoveStored(Err(StoreError::TimedOut("5 s".into()))));
    assert_eq!(
        failed,
        [Effect::Close {
            to: south,
            code: 1011,
            reason: "the database failed"
        }]
    );
    // The client sends the move again: it is still ply 0's.
    assert!(matches!(
        fixture.play(south, 0, mv)[..],
        [Effect::StoreMove { ply: 0, .. }]
    ));
}

#[test]
fn a_ply_another_server_took_is_read_then_refused_as_stale() {
    let (mut fixture, [south, ..]) = Fixture::seated();
    let [mv, _] = first_moves();
    fixture.play(south, 0, mv);
    let read = fixture.feed(Event::MoveStored(Err(StoreError::PlyTaken)));
    assert_eq!(read, [Effect::ReadChanges { from: 0 }]);
    let effects = fixture.feed(Event::ChangesRead(Some(stored_changes(&[mv], None))));
    match &messages(&effects)[..] {
        [
            (To::AllBut(None), ServerMessage::Moved(_)),
            (To::One(to), ServerMessage::Error(error)),
        ] => assert_eq!(
            (*to, error.code, error.ply),
            (south, ErrorCode::StalePly, 1)
        ),
        other => panic!("expected the other move, then stale_ply, got {other:?}"),
    }
}

#[test]
fn on_a_shared_database_a_socket_is_answered_after_catching_up() {
    let mut fixture = Fixture::new(None, true);
    assert_eq!(
        fixture.feed(Event::Join {
            seat: Some(Seat::South)
        }),
        [Effect::ReadChanges { from: 0 }]
    );
    assert_eq!(
        fixture.feed(Event::ChangesRead(None)),
        [Effect::Admit { conn: 0 }]
    );
}

#[test]
fn another_servers_presence_is_shown_and_answered_with_ours() {
    let mut fixture = Fixture::new(None, true);
    fixture.feed(Event::Join {
        seat: Some(Seat::South),
    });
    fixture.feed(Event::ChangesRead(None));
    fixture.feed(Event::Admitted(true));
    let north_there = Change::Presence {
        from: 7,
        present: Present {
            south: false,
            north: true,
        },
    };
    let effects = fixture.feed(Event::Changed(Some(north_there)));
    assert_eq!(
        messages(&effects),
        [(To::AllBut(None), presence(true, true))]
    );
    assert_eq!(
        effects.last(),
        Some(&Effect::Announce(Change::Presence {
            from: 0,
            present: Present {
                south: true,
                north: false
            }
        }))
    );
}

#[test]
fn a_move_after_another_servers_resignation_reads_the_end_then_is_game_over() {
    let (mut fixture, [south, ..]) = Fixture::seated();
    let [mv, _] = first_moves();
    fixture.play(south, 0, mv);
    let read = fixture.feed(Event::MoveStored(Err(StoreError::GameOver)));
    assert_eq!(
        read,
        [Effect::ReadChanges { from: 0 }],
        "the move is taken back"
    );
    let resigned = stored_changes(&[], Some(Seat::North));
    let effects = fixture.feed(Event::ChangesRead(Some(resigned)));
    match &messages(&effects)[..] {
        [
            (To::AllBut(None), ServerMessage::Over { result }),
            (To::One(to), ServerMessage::Error(error)),
        ] => {
            assert_eq!(*result, GameResult::resigned(Seat::North));
            assert_eq!(
                (*to, error.code, error.ply),
                (south, ErrorCode::GameOver, 0)
            );
        }
        other => panic!("expected the end, then game_over, got {other:?}"),
    }
}

#[test]
fn a_resignation_overtaken_three_times_asks_to_resign_again() {
    let (mut fixture, [_, north, _]) = Fixture::seated();
    let mut asked = fixture.send(north, ClientMessage::Resign);
    for _ in 0..RESIGN_ATTEMPTS {
        assert!(
            matches!(asked[..], [Effect::StoreResignation { .. }]),
            "{asked:?}"
        );
        fixture.feed(Event::Resigned(Ok(false)));
        let nothing_new = stored_changes(&[], None);
        asked = fixture.feed(Event::ChangesRead(Some(nothing_new)));
    }
    assert_eq!(refusal(&asked), (north, ErrorCode::StalePly));
}

#[test]
fn an_open_game_is_kept_listed_while_its_creator_is_here() {
    let mut stored = stored(None);
    stored.open_seat = Some(Seat::North);
    let table = Table::load("0123456789abcdef".into(), stored, None, false).unwrap();
    let mut fixture = Fixture {
        table,
        now: Instant::now(),
        out: Effects::new(),
    };
    let (creator, joined) = fixture.join(Some(Seat::South));
    assert_eq!(
        joined.last(),
        Some(&Effect::KeepListed {
            lease: LISTING_LEASE
        })
    );
    assert_eq!(fixture.feed(Event::Listed(Ok(true))), []);
    let renewal = fixture.now + LISTING_LEASE / 3;
    assert_eq!(fixture.table.next_wake(), Some(renewal));
    fixture.now = renewal;
    assert_eq!(
        fixture.feed(Event::Timers),
        [Effect::KeepListed {
            lease: LISTING_LEASE
        }]
    );
    fixture.feed(Event::Listed(Ok(true)));
    // The creator leaves: listed a little longer, then no more renewals.
    let left = fixture.feed(Event::Leave { conn: creator });
    assert_eq!(
        left.last(),
        Some(&Effect::KeepListed {
            lease: LISTING_GRACE
        })
    );
    fixture.feed(Event::Listed(Ok(true)));
    assert_eq!(fixture.table.next_wake(), None);
}
