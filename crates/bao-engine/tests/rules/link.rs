//! Game links (docs/game-links.md): every rule set's games and custom starts round-trip, a link
//! written by hand from the spec decodes, every kind of bad link is refused with its error, no
//! input panics, and the links of 10,000 random games fit the kiosk's QR code.

use crate::common::{kg, ku, position};
use bao_engine::link::{self, Damage, GameProblem, LINK_FORMAT, LinkError, SEAT_KINDS};
use bao_engine::{Game, GameRecord, Position, RECORD_FORMAT, RecordError, Variant};
use proptest::prelude::*;
use qrcode::{EcLevel, QrCode, Version};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The base URL of the size test.
const MUSEUM: &str = "https://museum.example.org/bao/";

/// The QR code the kiosk shows (docs/game-links.md, 'The QR code').
const QR_VERSION: i16 = 8;
const QR_EC: EcLevel = EcLevel::M;

/// A game of random legal moves from `start`, at most `max_plies` long (to the end if that is
/// reached first).
fn random_game(start: Position, rng: &mut Xoshiro256PlusPlus, max_plies: usize) -> Game {
    let mut game = Game::from_position(start);
    for _ in 0..max_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv).expect("a listed move is legal");
    }
    game
}

fn record(game: &Game, rng: &mut Xoshiro256PlusPlus) -> GameRecord {
    let south = SEAT_KINDS[rng.random_range(0..SEAT_KINDS.len())];
    let north = SEAT_KINDS[rng.random_range(0..SEAT_KINDS.len())];
    GameRecord::of_game(game, south, north, "2026-12-01T15:00:00Z")
}

/// Decodes `link` and checks it is `record` but for the date.
fn assert_round_trip(record: &GameRecord, link: &str) {
    let back = link::decode(link).unwrap_or_else(|e| panic!("{link}: {e}"));
    assert_eq!(back.format, RECORD_FORMAT);
    assert_eq!(back.variant, record.variant);
    assert_eq!(back.start, record.start);
    assert_eq!(back.players, record.players);
    assert_eq!(back.moves, record.moves);
    assert_eq!(back.result, record.result);
    assert_eq!(back.date, "");
    back.replay().expect("a decoded record replays");
}

#[test]
fn games_of_every_rule_set_round_trip() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x11);
    for variant in Variant::ALL {
        for i in 0..40 {
            // Whole games, and games stopped on the way.
            let plies = if i % 2 == 0 { usize::MAX } else { i * 3 };
            let game = random_game(Position::new(variant), &mut rng, plies);
            let record = record(&game, &mut rng);
            let payload = link::encode(&record).expect("encodes");
            assert!(payload.bytes().all(|b| b.is_ascii_digit()), "{payload}");
            assert!(payload.starts_with('1'));
            assert_round_trip(&record, &payload);
            assert_round_trip(&record, &link::to_url(MUSEUM, &record).expect("encodes"));
        }
    }
}

#[test]
fn custom_starts_round_trip() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x22);
    let mut kingulu_reserved = 0;
    for variant in Variant::ALL {
        for _ in 0..60 {
            // A start somewhere in a game, as examples and puzzles have, with either side to move.
            let plies = rng.random_range(1..60);
            let start = *random_game(Position::new(variant), &mut rng, plies).position();
            if start.outcome().is_over() {
                continue;
            }
            kingulu_reserved += usize::from(!start.reserved_holes().is_empty());
            let game = random_game(start, &mut rng, usize::MAX);
            let record = record(&game, &mut rng);
            assert_ne!(start, Position::new(variant));
            assert_round_trip(&record, &link::encode(&record).expect("encodes"));
        }
    }
    assert!(
        kingulu_reserved > 0,
        "some Kingulu starts had reserved holes"
    );
    // Hand-built starts: North to move in Kujifunza, seeds captured in Kigogo and Kimasai, a
    // finished game (no moves at all).
    let mut kuj = [[2u8; 8]; 4];
    kuj[0][0] = 0;
    kuj[3][7] = 4;
    let mut kigogo = [[0u8; 12]; 4];
    kigogo[1][3] = 5;
    kigogo[2][4] = 7;
    let mut kimasai = [[0u8; 12]; 4];
    kimasai[1][0] = 1;
    kimasai[2][11] = 1;
    let starts = [
        ku("north", kuj),
        kg("south", kigogo, [40, 40]),
        position("kimasai", "north", &kimasai, [44, 0], &[]),
        position("kimasai", "south", &[[0u8; 12]; 4], [23, 23], &[]),
        position(
            "kingulu",
            "north",
            &[[4, 4, 0, 4, 4, 4], [4, 4, 4, 4, 8, 4]],
            [0, 0],
            &[(0, 2, "south"), (1, 4, "north")],
        ),
    ];
    for start in starts {
        let game = random_game(start, &mut rng, usize::MAX);
        let record = GameRecord::of_game(&game, "human", "hard", "");
        assert_round_trip(&record, &link::encode(&record).expect("encodes"));
    }
}

#[test]
fn a_link_names_nobody() {
    let mut game = Game::new(Variant::Kigogo);
    let first = game.legal_moves()[0];
    game.play(first).expect("legal");
    let record = GameRecord::of_game(&game, "Amani Mwinyi", "remote", "2026-12-01");
    let back = link::decode(&link::encode(&record).expect("encodes")).expect("decodes");
    assert_eq!(
        (back.players.south.as_str(), back.players.north.as_str()),
        ("human", "remote")
    );
    assert_eq!(back.date, "");
}

#[test]
fn a_url_keeps_its_base_and_loses_its_fragment() {
    let record = GameRecord::of_game(&Game::new(Variant::Kingulu), "human", "human", "");
    let payload = link::encode(&record).expect("encodes");
    assert_eq!(
        link::to_url("https://a.example/bao/#old", &record),
        Ok(format!("https://a.example/bao/#g={payload}"))
    );
    // Decoding finds the payload in a fragment or a query, with other parameters around it,
    // and ignores whitespace around the text.
    for text in [
        format!("https://a.example/#g={payload}"),
        format!("  https://a.example/?lang=sw&g={payload}&x=1\n"),
        format!("https://a.example/?g={payload}#top"),
        format!("https://a.example/#lang=sw&g={payload}"),
        format!("{payload}\n"),
    ] {
        assert_eq!(link::decode(&text).map(|r| r.moves), Ok(vec![]), "{text}");
    }
}

#[test]
fn an_unreplayable_record_is_not_encoded() {
    let mut record = GameRecord::of_game(&Game::new(Variant::Kingulu), "human", "human", "");
    record.moves.push("a9".into());
    assert!(matches!(
        link::encode(&record),
        Err(LinkError::BadRecord(RecordError::BadMove { number: 1, .. }))
    ));
    record.variant = "oware".into();
    let error = link::encode(&record).unwrap_err();
    assert_eq!(
        error,
        LinkError::BadRecord(RecordError::UnknownVariant("oware".into()))
    );
    assert_eq!(
        error.to_string(),
        "the game cannot be put in a link: the record is of an unknown variant 'oware'"
    );
}

/// A link written from docs/game-links.md alone, independently of the engine's encoder.
struct HandLink {
    bits: Vec<bool>,
}

impl HandLink {
    fn new() -> HandLink {
        HandLink { bits: Vec::new() }
    }

    fn push(mut self, value: u64, width: u32) -> HandLink {
        self.bits
            .extend((0..width).rev().map(|i| value >> i & 1 == 1));
        self
    }

    /// Elias gamma of the move count plus one.
    fn count(self, moves: u64) -> HandLink {
        let n = moves + 1;
        let width = 64 - n.leading_zeros();
        self.push(0, width - 1).push(n, width)
    }

    fn payload(&self) -> String {
        let mut bytes: Vec<u8> = self
            .bits
            .chunks(8)
            .map(|c| (0..8).fold(0, |b, i| b << 1 | u8::from(c.get(i) == Some(&true))))
            .collect();
        // CRC-16/IBM-3740 over the format number as a byte and the bytes.
        let mut crc: u16 = 0xFFFF;
        for byte in std::iter::once(1u8).chain(bytes.iter().copied()) {
            crc ^= u16::from(byte) << 8;
            for _ in 0..8 {
                crc = (crc << 1) ^ if crc & 0x8000 != 0 { 0x1021 } else { 0 };
            }
        }
        bytes.extend(crc.to_be_bytes());
        let digits = [0, 3, 5, 8, 10, 13, 15, 17];
        let mut text = String::from("1");
        for chunk in bytes.chunks(7) {
            let value = chunk.iter().fold(0u64, |v, &b| v << 8 | u64::from(b));
            text.push_str(&format!("{value:0w$}", w = digits[chunk.len()]));
        }
        text
    }
}

/// Kingulu (code 2), an easy computer against an expert, the standard start.
fn kingulu_header() -> HandLink {
    HandLink::new().push(2, 3).push(2, 3).push(5, 3).push(0, 1)
}

/// Kigogo (code 3), two people, the standard start.
fn kigogo_header() -> HandLink {
    HandLink::new().push(3, 3).push(0, 6).push(0, 1)
}

#[test]
fn a_link_written_from_the_spec_decodes() {
    let game = Game::new(Variant::Kingulu);
    let legal = game.legal_moves();
    let width = 64 - (legal.len() as u64 - 1).leading_zeros();
    let last = legal.len() as u64 - 1;
    let payload = kingulu_header().count(1).push(last, width).payload();
    let record = link::decode(&format!("https://x.example/#g={payload}")).expect("decodes");
    assert_eq!(record.variant, "kingulu");
    assert_eq!(
        (record.players.south.as_str(), record.players.north.as_str()),
        ("easy", "expert")
    );
    assert_eq!(record.moves, [legal[legal.len() - 1].to_string()]);
    assert_eq!(record.start, Position::new(Variant::Kingulu).to_setup());
}

fn decode_err(text: &str) -> LinkError {
    let error = link::decode(text).expect_err(text);
    assert!(!error.to_string().is_empty());
    error
}

#[test]
fn not_a_link() {
    for text in [
        "",
        "   ",
        "hello",
        "https://museum.example.org/bao/",
        "https://x/#game=1",
    ] {
        assert_eq!(decode_err(text), LinkError::NotALink, "{text:?}");
    }
    assert_eq!(
        LinkError::NotALink.to_string(),
        "this is not a game link: expected a link with '#g=' and digits, or the digits alone"
    );
}

#[test]
fn a_damaged_link_says_so() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x33);
    let game = random_game(Position::new(Variant::Kigogo), &mut rng, 40);
    let record = record(&game, &mut rng);
    let payload = link::encode(&record).expect("encodes");
    // A character that is not a digit.
    let mut bad = payload.clone();
    bad.replace_range(5..6, "x");
    let error = decode_err(&bad);
    assert_eq!(error, LinkError::Damaged(Damage::NotADigit('x')));
    assert_eq!(
        error.to_string(),
        "the game link is damaged: 'x' is not a digit"
    );
    // Cut short: one digit less is no possible length; with a whole chunk less the digits no
    // longer make bytes, or the checksum fails.
    let error = decode_err(&payload[..payload.len() - 1]);
    assert_eq!(
        error,
        LinkError::Damaged(Damage::Length {
            digits: payload.len() - 2
        })
    );
    assert!(error.to_string().contains("cut short"), "{error}");
    assert!(matches!(
        decode_err(&payload[..payload.len() - 17]),
        LinkError::Damaged(Damage::Checksum | Damage::Malformed)
    ));
    assert_eq!(
        decode_err("1"),
        LinkError::Damaged(Damage::Length { digits: 0 })
    );
    assert_eq!(
        decode_err("#g="),
        LinkError::Damaged(Damage::Length { digits: 0 })
    );
    // The last digit changed: a bit of the checksum is flipped.
    let mut flipped = payload.clone();
    let last = flipped.pop().expect("digits");
    flipped.push(if last == '0' { '1' } else { '0' });
    let error = decode_err(&flipped);
    assert_eq!(error, LinkError::Damaged(Damage::Checksum));
    assert_eq!(
        error.to_string(),
        "the game link is damaged: its checksum does not match (a digit is wrong or missing)"
    );
    // Intact checksum, bad contents: a byte more than the moves need.
    let legal = Game::new(Variant::Kingulu).legal_moves().len() as u64;
    let width = 64 - (legal - 1).leading_zeros();
    let extra = kingulu_header()
        .count(1)
        .push(0, width)
        .push(0xFF, 8)
        .payload();
    let error = decode_err(&extra);
    assert_eq!(error, LinkError::Damaged(Damage::Malformed));
    assert_eq!(
        error.to_string(),
        "the game link is damaged: its digits do not follow the link format"
    );
    // A seat code no format-1 link has.
    let seat = HandLink::new()
        .push(2, 3)
        .push(7, 3)
        .push(0, 3)
        .push(0, 1)
        .count(0)
        .payload();
    assert_eq!(decode_err(&seat), LinkError::Damaged(Damage::Malformed));
}

#[test]
fn a_newer_link_asks_for_an_update() {
    let record = GameRecord::of_game(&Game::new(Variant::Kimasai), "human", "human", "");
    let payload = link::encode(&record).expect("encodes");
    let newer = format!("2{}", &payload[1..]);
    let error = decode_err(&newer);
    assert_eq!(
        error,
        LinkError::NewerFormat {
            found: 2,
            supported: LINK_FORMAT
        }
    );
    assert_eq!(
        error.to_string(),
        "the game link has format 2, newer than this version of the game reads (1); update the \
         game to open it"
    );
    // Formats from 10 on are written `0NN`; what follows need not be digits at all.
    assert_eq!(
        decode_err("https://x/#g=012-ABC"),
        LinkError::NewerFormat {
            found: 12,
            supported: LINK_FORMAT
        }
    );
}

#[test]
fn a_link_to_an_illegal_game_says_what_is_illegal() {
    let legal = Game::new(Variant::Kigogo).legal_moves().len() as u64;
    let width = 64 - (legal - 1).leading_zeros();
    assert!(
        legal < 1 << width,
        "Kigogo's first move list leaves indices unused"
    );
    let out_of_range = kigogo_header().count(1).push(legal, width).payload();
    let error = decode_err(&out_of_range);
    assert_eq!(
        error,
        LinkError::IllegalGame(GameProblem::MoveIndex {
            number: 1,
            index: legal,
            legal: legal as usize,
        })
    );
    assert_eq!(
        error.to_string(),
        format!(
            "the game link holds no legal game: move 1 is number {legal} of the legal moves, \
             but there are only {legal}"
        )
    );
    // A move after the end: a finished start with one move.
    let finished = HandLink::new().push(4, 3).push(0, 6).push(1, 1).push(0, 1);
    // Kimasai, South to move, every seed captured by South (pits all 0, captured South 46).
    let finished = (0..48)
        .fold(finished, |h, _| h.push(0, 1))
        .push(46, 6)
        .count(1)
        .payload();
    let error = decode_err(&finished);
    assert_eq!(
        error,
        LinkError::IllegalGame(GameProblem::MoveIndex {
            number: 1,
            index: 0,
            legal: 0
        })
    );
    assert_eq!(
        error.to_string(),
        "the game link holds no legal game: move 1 comes after the end of the game"
    );
    // Rule set codes 5 to 7 are none of the five.
    let unknown = HandLink::new().push(6, 3).push(0, 7).count(0).payload();
    let error = decode_err(&unknown);
    assert_eq!(
        error,
        LinkError::IllegalGame(GameProblem::UnknownVariant(6))
    );
    assert_eq!(
        error.to_string(),
        "the game link holds no legal game: unknown rule set code 6"
    );
}

fn valid_links() -> impl Strategy<Value = String> {
    (0usize..Variant::ALL.len(), any::<u64>(), 0usize..200).prop_map(|(v, seed, plies)| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let game = random_game(Position::new(Variant::ALL[v]), &mut rng, plies);
        link::encode(&record(&game, &mut rng)).expect("encodes")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_no_text_makes_decode_panic(text in prop_oneof![
        any::<String>(),
        "[0-9]{0,120}",
        "1[0-9]{9,80}",
        "https?://[a-z./]{0,20}[#?&]g=[0-9a-z&#=]{0,60}",
    ]) {
        if let Ok(record) = link::decode(&text) {
            prop_assert!(record.replay().is_ok());
        }
    }

    #[test]
    fn prop_damaged_links_never_panic(
        link in valid_links(),
        at in any::<prop::sample::Index>(),
        digit in 0u8..10,
        cut in any::<prop::sample::Index>(),
    ) {
        let i = at.index(link.len());
        let mut changed = link.clone();
        changed.replace_range(i..=i, &digit.to_string());
        let mut inserted = link.clone();
        inserted.insert(i, char::from(b'0' + digit));
        let truncated = &link[..cut.index(link.len())];
        for text in [changed.as_str(), inserted.as_str(), truncated] {
            // Err, or a record that replays (a change the checksum misses is a legal game).
            if let Ok(record) = link::decode(text) {
                prop_assert!(record.replay().is_ok());
            }
        }
        if changed != link {
            // A changed digit never gives the same game back.
            prop_assert_ne!(link::decode(&changed).ok(), link::decode(&link).ok());
        }
    }
}

/// The length of `sorted`'s element at fraction `q` (0 the shortest, 1 the longest).
fn quantile(sorted: &[usize], q: f64) -> usize {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

#[test]
fn links_of_10000_random_games_fit_the_kiosks_qr_code() {
    let mut longest_url = String::new();
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        // The rng of `bao-cli link stats`, so that its figures are these.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(i as u64);
        let mut lengths = Vec::new();
        let mut longest = String::new();
        for _ in 0..2000 {
            let game = random_game(Position::new(variant), &mut rng, usize::MAX);
            assert!(game.outcome().is_over());
            let record = GameRecord::of_game(&game, "human", "expert", "");
            let url = link::to_url(MUSEUM, &record).expect("encodes");
            lengths.push(url.len());
            if url.len() > longest.len() {
                longest = url;
            }
        }
        lengths.sort_unstable();
        let version =
            |url: &str| qrcode::bits::encode_auto(url.as_bytes(), QR_EC).map(|b| b.version());
        eprintln!(
            "{variant}: URL length median {} p99 {} max {} (QR {:?})",
            quantile(&lengths, 0.5),
            quantile(&lengths, 0.99),
            quantile(&lengths, 1.0),
            version(&longest)
        );
        // A longer link never fits a smaller code (the same base, then digits only), so the
        // longest of each rule set stands for all.
        assert!(
            QrCode::with_version(longest.as_bytes(), Version::Normal(QR_VERSION), QR_EC).is_ok(),
            "{variant}'s longest link ({} characters) does not fit version {QR_VERSION}-M: {longest}",
            longest.len()
        );
        if longest.len() > longest_url.len() {
            longest_url = longest;
        }
    }
    assert!(
        longest_url.len() > MUSEUM.len() + 100,
        "the test measures long games"
    );
}

/// A link written by format 1 keeps reading as the same game: the moves are indices into
/// `Game::legal_moves()`, so a change of that order must raise `LINK_FORMAT` (docs/game-links.md)
/// — this link, of web/test/kujifunza-game.json, fails first.
#[test]
fn a_format_1_link_still_reads_as_the_game_it_was_made_of() {
    let record = link::decode("https://museum.example.org/bao/#g=100429506955338031")
        .expect("a format-1 link");
    assert_eq!(record.variant, "kujifunza");
    assert_eq!(
        record.moves,
        [
            "a8+", "a6+", "b1-", "b5+", "a3-", "a2-", "b7+", "a6+", "a5-", "b7+", "a7-", "a5-"
        ]
    );
    assert_eq!(
        (record.players.south.as_str(), record.players.north.as_str()),
        ("human", "medium")
    );
    assert_eq!(record.result.winner.as_deref(), Some("north"));
}
