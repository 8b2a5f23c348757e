//! The examples of the protocol's description, parsed; every message round-trips; anything else
//! is an error.

use super::*;
use bao_engine::{Game, Position, Variant};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Kigogo's start position, as docs/rules.md writes it.
const KIGOGO_START: &str = r#"{ "variant": "kigogo", "to_move": "south",
  "rows": [[2,2,2,2,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,2,2,2,0],
           [0,2,2,2,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,2,2,2,2]],
  "captured": { "south": 0, "north": 0 },
  "reserved": [] }"#;

fn server(json: &str) -> ServerMessage {
    ServerMessage::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

fn client(json: &str) -> ClientMessage {
    ClientMessage::from_json(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Serialising `value` and reading it back gives `value`.
fn round_trips<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let json = serde_json::to_string(value).unwrap();
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(&back, value, "{json}");
}

fn snapshot_json(seat: &str, status: &str, result: &str) -> String {
    format!(
        r#"{{"t":"snapshot","protocol":1,"game":"g1","variant":"kigogo","seat":{seat},
        "start":{KIGOGO_START},"moves":[],"position":{KIGOGO_START},"status":"{status}",
        "result":{result},"present":{{"south":true,"north":false}}}}"#
    )
}

#[test]
fn the_snapshot_example_parses() {
    let ServerMessage::Snapshot(s) = server(&snapshot_json("\"south\"", "playing", "null")) else {
        panic!("not a snapshot");
    };
    assert_eq!(s.protocol, PROTOCOL_VERSION);
    assert_eq!(s.variant, Variant::Kigogo);
    assert_eq!(s.seat, Some(Seat::South));
    assert_eq!(s.status, Status::Playing);
    assert_eq!(s.result, None);
    assert!(s.present.south && !s.present.north);
    assert_eq!(
        Position::from_setup(&s.position),
        Ok(Position::new(Variant::Kigogo))
    );
    // A watcher's snapshot of a finished game.
    let ServerMessage::Snapshot(s) = server(&snapshot_json(
        "null",
        "over",
        r#"{"winner":"north","reason":"resigned"}"#,
    )) else {
        panic!("not a snapshot");
    };
    assert_eq!(s.seat, None);
    assert_eq!(s.result, Some(GameResult::resigned(Seat::South)));
}

#[test]
fn a_snapshot_without_seat_or_result_is_refused() {
    let full = snapshot_json("null", "playing", "null");
    for field in [r#""seat":null,"#, r#""result":null,"#] {
        let cut = full.replace(field, "");
        assert_ne!(cut, full);
        assert!(ServerMessage::from_json(&cut).is_err(), "{cut}");
    }
    let unknown_variant = full.replace(r#""variant":"kigogo""#, r#""variant":"bao""#);
    assert!(ServerMessage::from_json(&unknown_variant).is_err());
}

#[test]
fn the_server_examples_parse() {
    let moved = server(&format!(
        r#"{{"t":"moved","ply":0,"move":"a3+","by":"south","position":{KIGOGO_START}}}"#
    ));
    assert!(
        matches!(moved, ServerMessage::Moved(Moved { ply: 0, ref mv, by: Seat::South, .. }) if mv == "a3+")
    );

    let over = server(r#"{"t":"over","result":{"winner":null,"reason":"repetition"}}"#);
    assert_eq!(
        over,
        ServerMessage::Over {
            result: GameResult {
                winner: None,
                reason: ResultReason::Repetition
            }
        }
    );

    let presence = server(r#"{"t":"presence","present":{"south":false,"north":true}}"#);
    assert_eq!(
        presence,
        ServerMessage::Presence {
            present: Present {
                south: false,
                north: true
            }
        }
    );

    for code in [
        "bad_message",
        "illegal_move",
        "not_your_turn",
        "stale_ply",
        "game_over",
        "watching",
        "unknown_token",
        "unknown_game",
    ] {
        let error = server(&format!(
            r#"{{"t":"error","code":"{code}","message":"human text","ply":7}}"#
        ));
        let ServerMessage::Error(e) = error else {
            panic!("not an error")
        };
        assert_eq!(e.code.id(), code);
        assert_eq!(e.ply, 7);
    }

    let rematch = server(r#"{"t":"rematch","game":"NEW_ID","token":"T"}"#);
    assert_eq!(
        rematch,
        ServerMessage::Rematch(Rematch {
            game: "NEW_ID".into(),
            token: "T".into()
        })
    );
}

#[test]
fn the_client_examples_parse() {
    assert_eq!(
        client(r#"{"t":"move","ply":3,"move":"b5-/L"}"#),
        ClientMessage::Move {
            ply: 3,
            mv: "b5-/L".into()
        }
    );
    assert_eq!(client(r#"{"t":"sync"}"#), ClientMessage::Sync);
    assert_eq!(client(r#"{"t":"resign"}"#), ClientMessage::Resign);
    assert_eq!(client(r#"{"t":"rematch"}"#), ClientMessage::Rematch);
    // Fields a later version may add are ignored.
    assert_eq!(client(r#"{"t":"sync","since":4}"#), ClientMessage::Sync);
}

#[test]
fn anything_else_is_a_bad_message_not_a_panic() {
    for text in [
        "",
        "not json",
        "[]",
        "{}",
        r#"{"t":"chat","text":"hi"}"#,
        r#"{"t":"move","move":"a3+"}"#,
        r#"{"t":"move","ply":0}"#,
        r#"{"t":"move","ply":-1,"move":"a3+"}"#,
        r#"{"t":"move","ply":"0","move":"a3+"}"#,
        r#"{"t":7}"#,
        r#"{"type":"sync"}"#,
    ] {
        assert!(ClientMessage::from_json(text).is_err(), "{text}");
        assert!(ServerMessage::from_json(text).is_err(), "{text}");
    }
    let e = ClientMessage::from_json(r#"{"t":"chat"}"#).unwrap_err();
    assert!(e.to_string().contains("chat"), "{e}");
}

#[test]
fn the_http_examples_parse() {
    let health: Health = serde_json::from_str(r#"{"ok": true, "protocol": 1}"#).unwrap();
    assert_eq!(
        health,
        Health {
            ok: true,
            protocol: PROTOCOL_VERSION
        }
    );

    let create: CreateGame = serde_json::from_str(r#"{"variant":"kingulu"}"#).unwrap();
    assert_eq!(create.seat, SeatChoice::South);
    assert_eq!(create.variant(), Ok(Variant::Kingulu));
    for (text, seat) in [
        ("south", SeatChoice::South),
        ("north", SeatChoice::North),
        ("random", SeatChoice::Random),
    ] {
        let body = format!(r#"{{"variant":"kigogo","seat":"{text}"}}"#);
        let create: CreateGame = serde_json::from_str(&body).unwrap();
        assert_eq!(create.seat, seat);
    }
    let unknown: CreateGame = serde_json::from_str(r#"{"variant":"chess"}"#).unwrap();
    assert!(unknown.variant().is_err());
    assert!(serde_json::from_str::<CreateGame>(r#"{"seat":"south"}"#).is_err());
    assert!(serde_json::from_str::<CreateGame>(r#"{"variant":"kigogo","seat":"east"}"#).is_err());

    let created: GameCreated =
        serde_json::from_str(r#"{"game":"ID","seat":"north","token":"T","invite":"U"}"#).unwrap();
    assert_eq!(created.seat, Seat::North);
    assert_eq!(
        (created.token.as_str(), created.invite.as_deref()),
        ("T", Some("U"))
    );

    let error: ErrorBody =
        serde_json::from_str(r#"{"error":"rate_limited","message":"human text"}"#).unwrap();
    assert_eq!(error.error, HttpErrorCode::RateLimited);
}

#[test]
fn every_message_round_trips() {
    let mut game = Game::new(Variant::Kingulu);
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    let position = game.position().to_setup();
    let snapshot = Snapshot {
        protocol: PROTOCOL_VERSION,
        game: "abc".into(),
        variant: Variant::KujifunzaChoice,
        seat: None,
        start: game.start().to_setup(),
        moves: vec![first.to_string()],
        position: position.clone(),
        status: Status::Over,
        result: Some(GameResult::resigned(Seat::North)),
        present: Present {
            south: true,
            north: true,
        },
    };
    let result = GameResult {
        winner: None,
        reason: ResultReason::FinalScore,
    };
    let mut messages = vec![
        ServerMessage::Snapshot(snapshot.clone()),
        ServerMessage::Snapshot(Snapshot {
            seat: Some(Seat::South),
            result: None,
            status: Status::Playing,
            ..snapshot
        }),
        ServerMessage::Moved(Moved {
            ply: 0,
            mv: first.to_string(),
            by: Seat::South,
            position,
        }),
        ServerMessage::Over { result },
        ServerMessage::Presence {
            present: Present::default(),
        },
        ServerMessage::Rematch(Rematch {
            game: "g".into(),
            token: "t".into(),
        }),
    ];
    for code in [
        ErrorCode::BadMessage,
        ErrorCode::IllegalMove,
        ErrorCode::NotYourTurn,
        ErrorCode::StalePly,
        ErrorCode::GameOver,
        ErrorCode::Watching,
        ErrorCode::UnknownToken,
        ErrorCode::UnknownGame,
    ] {
        messages.push(ServerMessage::Error(ErrorMessage {
            code,
            message: code.to_string(),
            ply: 2,
        }));
    }
    for m in &messages {
        round_trips(m);
        assert_eq!(ServerMessage::from_json(&m.to_json()).as_ref(), Ok(m));
    }
    for m in [
        ClientMessage::Move {
            ply: 12,
            mv: "a6+/R/L".into(),
        },
        ClientMessage::Sync,
        ClientMessage::Resign,
        ClientMessage::Rematch,
    ] {
        round_trips(&m);
        assert_eq!(ClientMessage::from_json(&m.to_json()), Ok(m));
    }
    round_trips(&Health {
        ok: true,
        protocol: 1,
    });
    round_trips(&CreateGame {
        variant: "kimasai".into(),
        seat: SeatChoice::Random,
        open: true,
    });
    round_trips(&GameCreated {
        game: "g".into(),
        seat: Seat::South,
        token: "t".into(),
        invite: Some("u".into()),
        paired: false,
    });
    round_trips(&OpenGames {
        games: vec![OpenGame {
            game: "g".into(),
            variant: "kigogo".into(),
            seat: Seat::North,
            since: 1_800_000_000,
        }],
    });
    round_trips(&LiveGames {
        games: vec![LiveGame {
            game: "g".into(),
            variant: "kingulu".into(),
            ply: 12,
            last_move: 1_800_000_000,
        }],
    });
    round_trips(&ErrorBody {
        error: HttpErrorCode::UnknownVariant,
        message: "m".into(),
    });
}

#[test]
fn messages_are_tagged_by_t_as_the_protocol_writes_them() {
    assert_eq!(ClientMessage::Sync.to_json(), r#"{"t":"sync"}"#);
    let error = ServerMessage::Error(ErrorMessage {
        code: ErrorCode::StalePly,
        message: "m".into(),
        ply: 3,
    });
    assert_eq!(
        error.to_json(),
        r#"{"t":"error","code":"stale_ply","message":"m","ply":3}"#
    );
    assert_eq!(
        ServerMessage::Presence {
            present: Present::default()
        }
        .to_json(),
        r#"{"t":"presence","present":{"south":false,"north":false}}"#
    );
}

#[test]
fn the_limits_are_the_protocols() {
    assert_eq!(MAX_FRAME_BYTES, 4096);
    assert_eq!(MAX_MESSAGES_PER_SECOND, 20);
    assert_eq!(PING_INTERVAL.as_secs(), 15);
    assert_eq!(SILENCE_LIMIT.as_secs(), 45);
    assert_eq!(GAMES_PER_MINUTE_PER_ADDRESS, 30);
    assert_eq!(
        (CLOSE_GOING_AWAY, CLOSE_POLICY_VIOLATION, CLOSE_TOO_BIG),
        (1001, 1008, 1009)
    );
}
