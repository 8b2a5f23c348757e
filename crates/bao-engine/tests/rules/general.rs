//! The common conventions (docs/rules.md, 'The board' to 'Game end'): sowing and laps of
//! 16 (12, 24) or more seeds that pass their start pit, relay, endless moves (the 1,001st lap),
//! and repetition.
//!
//! Endless moves are checked with a relay simulator of this file's own (a dozen lines, on one
//! circuit of counts): it proves a relay endless by finding its state (board, pit, seeds in hand)
//! twice, and it counts the laps of a finite one exactly. Every state a relay passes through is
//! itself the start of a move (the relay pit with its seeds), which gives starts needing exactly
//! 1,000 and exactly 1,001 laps.

use crate::common::{kg, kn, ku, legal, play, play_game, rows, strings};
use crate::model::M;
use bao_engine::{EndReason, Game, Outcome, Player, Position};
use std::collections::HashSet;

/// How a relay on one circuit goes.
#[derive(Debug, PartialEq, Eq)]
enum Relay {
    /// It ends after this many laps (docs/rules.md, 'Endless moves', counts the first lap as 1).
    Ends(usize),
    /// Its state recurs: it never ends.
    Endless,
}

/// Sows all seeds of `start` along `ring` in steps of `dir` (+1 or -1); a lap ending in a pit
/// that was occupied before its last seed fell relays, one ending in an empty pit ends the move.
/// Returns the outcome and the state after `stop_after` laps (the next relay pit holding its
/// seeds again, and that pit), if the relay got that far.
fn relay(
    ring: &[u32],
    start: usize,
    dir: isize,
    stop_after: usize,
) -> (Relay, Option<(Vec<u32>, usize)>) {
    let len = ring.len() as isize;
    let mut c = ring.to_vec();
    let mut at = start;
    let mut hand = std::mem::take(&mut c[at]);
    let mut seen = HashSet::new();
    let mut snapshot = None;
    for lap in 1.. {
        if lap == stop_after + 1 {
            let mut s = c.clone();
            s[at] = hand;
            snapshot = Some((s, at));
        }
        if !seen.insert((c.clone(), at, hand)) {
            return (Relay::Endless, snapshot);
        }
        for _ in 0..hand {
            at = (at as isize + dir).rem_euclid(len) as usize;
            c[at] += 1;
        }
        if c[at] == 1 {
            return (Relay::Ends(lap), snapshot);
        }
        hand = std::mem::take(&mut c[at]);
    }
    unreachable!()
}

/// South's name of ring index `i` on a circuit of `2n` (b1..bn, an..a1).
fn south_name(i: usize, n: usize) -> String {
    if i < n {
        format!("b{}", i + 1)
    } else {
        format!("a{}", 2 * n - i)
    }
}

/// Kigogo rows 2 and 3 (South's side) from South's ring counts.
fn kigogo_south(ring: &[u32]) -> ([u8; 12], [u8; 12]) {
    let (mut front, mut back) = ([0u8; 12], [0u8; 12]);
    for (i, &s) in ring.iter().enumerate() {
        let s = u8::try_from(s).expect("small");
        if i < 12 {
            back[i] = s;
        } else {
            front[23 - i] = s;
        }
    }
    (front, back)
}

/// A Kigogo position, South to move, South's side from `ring`, North with 2 seeds in (0,0), the
/// rest captured.
fn kigogo_from_ring(ring: &[u32]) -> Position {
    let (front, back) = kigogo_south(ring);
    let on_board: u32 = ring.iter().sum::<u32>() + 2;
    let rest = u8::try_from(92 - on_board).expect("fits");
    let mut north_back = [0u8; 12];
    north_back[0] = 2;
    kg(
        "south",
        [north_back, [0; 12], front, back],
        [rest / 2, rest - rest / 2],
    )
}

/// The legal Kigogo moves the simulator predicts: every pit of 2+ whose relay ends within 1,000
/// laps (KG-2; no singleton may move while a pit of 2+ exists, KG-3).
fn kigogo_expected(ring: &[u32]) -> Vec<String> {
    let mut v: Vec<String> = (0..24)
        .filter(|&i| ring[i] >= 2)
        .filter(|&i| matches!(relay(ring, i, 1, 0).0, Relay::Ends(n) if n <= 1000))
        .map(|i| south_name(i, 12))
        .collect();
    v.sort();
    v
}

/// A finite relay on South's Kigogo circuit that takes 4,112 laps from ring index 8.
const LONG_KIGOGO: [u32; 24] = [
    2, 1, 8, 3, 2, 1, 4, 1, 2, 2, 3, 1, 2, 3, 4, 1, 2, 3, 2, 3, 4, 3, 0, 3,
];

#[test]
fn endless_move_with_exactly_1000_laps_is_legal() {
    assert_eq!(relay(&LONG_KIGOGO, 8, 1, 0).0, Relay::Ends(4112));
    let (_, Some((ring, at))) = relay(&LONG_KIGOGO, 8, 1, 3112) else {
        panic!("the relay passes lap 3112");
    };
    assert_eq!(relay(&ring, at, 1, 0).0, Relay::Ends(1000));
    let p = kigogo_from_ring(&ring);
    let moves = legal(&p);
    assert!(moves.contains(&south_name(at, 12)), "{moves:?}");
    assert_eq!(moves, kigogo_expected(&ring));
    assert!(p.play(crate::common::mv(&south_name(at, 12))).is_ok());
}

#[test]
fn endless_move_needing_a_1001st_lap_is_not_legal() {
    let (_, Some((ring, at))) = relay(&LONG_KIGOGO, 8, 1, 3111) else {
        panic!("the relay passes lap 3111");
    };
    assert_eq!(relay(&ring, at, 1, 0).0, Relay::Ends(1001));
    let p = kigogo_from_ring(&ring);
    let moves = legal(&p);
    assert!(!moves.contains(&south_name(at, 12)), "{moves:?}");
    assert_eq!(moves, kigogo_expected(&ring));
    assert!(p.play(crate::common::mv(&south_name(at, 12))).is_err());
}

#[test]
fn endless_cycling_relay_is_not_legal() {
    // This relay from ring index 15 (a9) returns to its own state: it never ends.
    let ring = [
        2, 3, 0, 1, 0, 1, 2, 3, 0, 1, 0, 2, 3, 2, 1, 2, 0, 3, 0, 1, 0, 2, 1, 0,
    ];
    assert_eq!(relay(&ring, 15, 1, 0).0, Relay::Endless);
    let p = kigogo_from_ring(&ring);
    assert!(!legal(&p).contains(&"a9".to_owned()));
    assert_eq!(legal(&p), kigogo_expected(&ring));
    assert_eq!(
        p.why_not_start(bao_engine::Pit::new(2, 8)),
        Some(bao_engine::StartRefusal::Endless)
    );
}

#[test]
fn endless_every_move_endless_means_no_legal_move() {
    // South: b1 = 3 and singletons on every odd ring index. The only pit of 2+ relays forever, and
    // singletons may not move while it exists (KG-3): South has no legal move and loses (KG-5).
    let mut ring = [0u32; 24];
    ring[0] = 3;
    for i in (1..24).step_by(2) {
        ring[i] = 1;
    }
    assert_eq!(relay(&ring, 0, 1, 0).0, Relay::Endless);
    let p = kigogo_from_ring(&ring);
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Player::North,
            reason: EndReason::Blockade
        }
    );
}

/// A Kujifunza position, South to move, South's side from `ring` turned so that ring index
/// `start` lies in the front row next to an empty front pit; North has one front seed facing that
/// empty pit (so no South capture exists, KU-3) and the rest in its back row. Returns the position
/// and South's name of the start pit.
fn kujifunza_from_ring(ring: &[u32], start: usize) -> (Position, Vec<u32>, usize) {
    for shift in 0..16 {
        let turned: Vec<u32> = (0..16).map(|i| ring[(i + 16 - shift) % 16]).collect();
        let at = (start + shift) % 16;
        let Some(empty) = (8..16).find(|&i| turned[i] == 0) else {
            continue;
        };
        if at < 8 {
            continue;
        }
        let mut south_front = [0u8; 8];
        let mut south_back = [0u8; 8];
        for (i, &s) in turned.iter().enumerate() {
            let s = u8::try_from(s).expect("small");
            if i < 8 {
                south_back[i] = s;
            } else {
                south_front[15 - i] = s;
            }
        }
        let mut north_front = [0u8; 8];
        north_front[15 - empty] = 1;
        let mut north_back = [0u8; 8];
        let mut rest = 64 - 1 - turned.iter().sum::<u32>();
        let mut c = 0;
        while rest > 0 {
            north_back[c % 8] += 1;
            rest -= 1;
            c += 1;
        }
        let p = ku("south", [north_back, north_front, south_front, south_back]);
        return (p, turned, at);
    }
    panic!("no turn puts the start in the front row next to an empty front pit");
}

/// The takata moves the simulator predicts (KU-5): front pits of 2+ (the front has one), both
/// directions, whose relays end within 1,000 laps.
fn kujifunza_expected(ring: &[u32]) -> Vec<String> {
    let mut v = Vec::new();
    for i in 8..16 {
        if ring[i] < 2 {
            continue;
        }
        for (dir, sign) in [(1, '+'), (-1, '-')] {
            if matches!(relay(ring, i, dir, 0).0, Relay::Ends(n) if n <= 1000) {
                v.push(format!("{}{sign}", south_name(i, 8)));
            }
        }
    }
    v.sort();
    v
}

/// A finite relay on a Kujifunza circuit taking 1,932 laps from ring index 5, `+`.
const LONG_KUJIFUNZA: [u32; 16] = [3, 0, 1, 4, 2, 3, 3, 4, 3, 2, 5, 0, 1, 4, 3, 2];

#[test]
fn endless_kujifunza_takata_of_exactly_1000_laps_is_legal_1001_is_not() {
    assert_eq!(relay(&LONG_KUJIFUNZA, 5, 1, 0).0, Relay::Ends(1932));
    for (laps_done, laps_left, legal_expected) in [(932, 1000, true), (931, 1001, false)] {
        let (_, Some((ring, at))) = relay(&LONG_KUJIFUNZA, 5, 1, laps_done) else {
            panic!("the relay passes lap {laps_done}");
        };
        let (p, turned, start) = kujifunza_from_ring(&ring, at);
        assert_eq!(relay(&turned, start, 1, 0).0, Relay::Ends(laps_left));
        let name = format!("{}+", south_name(start, 8));
        let moves = legal(&p);
        assert_eq!(moves.contains(&name), legal_expected, "{name} in {moves:?}");
        assert_eq!(moves, kujifunza_expected(&turned));
    }
}

#[test]
fn endless_kujifunza_cycling_takata_is_not_legal() {
    let ring = [6, 2, 1, 0, 3, 2, 1, 0, 5, 2, 3, 0, 1, 3, 2, 1];
    assert_eq!(relay(&ring, 0, 1, 0).0, Relay::Endless);
    let (p, turned, start) = kujifunza_from_ring(&ring, 0);
    assert_eq!(relay(&turned, start, 1, 0).0, Relay::Endless);
    let moves = legal(&p);
    assert!(
        !moves.contains(&format!("{}+", south_name(start, 8))),
        "{moves:?}"
    );
    assert_eq!(moves, kujifunza_expected(&turned));
}

#[test]
fn lap_of_12_in_kingulu_drops_into_its_start_pit_and_ends_there() {
    // a1 (12) sows a2..a6, North a1..a6 and a1 itself: a1 was emptied, so the lap ends in an
    // empty own pit; it faces (0,0), which just got a seed: 1 + the capturing seed captured.
    let p = kn("south", [[0; 6], [12, 0, 0, 0, 0, 0]], [18, 18], &[]);
    let after = play(&p, "a1");
    assert_eq!(
        after.rows(),
        rows(&[[0, 1, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1]])
    );
    assert_eq!(after.captured(Player::South), 20);
}

#[test]
fn lap_of_13_in_kingulu_ends_in_a_pit_it_already_filled() {
    // a1 (13): the 13th seed falls into a2, which got the lap's first seed: occupied before the
    // last seed fell, in South's own row, on the first lap: forbidden (KN-3). a6 → North a1 is
    // fine.
    let p = kn("south", [[0; 6], [13, 0, 0, 0, 0, 1]], [17, 17], &[]);
    assert_eq!(legal(&p), strings(&["a6"]));
}

#[test]
fn lap_of_24_in_kigogo_drops_into_its_start_pit_and_ends_there() {
    // b1 (24): one seed into each of South's 24 pits, the last into b1 itself, which was emptied:
    // the move ends there (a back-row pit: no capture).
    let p = kg(
        "south",
        [
            [2; 12],
            [0; 12],
            [0; 12],
            [24, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ],
        [22, 22],
    );
    let after = play(&p, "b1");
    assert_eq!(after.rows()[2], vec![1; 12]);
    assert_eq!(after.rows()[3], vec![1; 12]);
    assert_eq!(after.captured(Player::South), 22);
}

#[test]
fn relay_takes_all_seeds_of_the_pit_and_continues_from_the_next_pit() {
    // Kigogo b1 (2) → b2 (1 → 2) and b3, where the last seed falls (3 → 4, occupied): relay all 4
    // from b3, starting with the next pit: b4 (2 → 3), b5, b6, b7 (empty): end.
    let p = kg(
        "south",
        [
            [2; 12],
            [0; 12],
            [0; 12],
            [2, 1, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0],
        ],
        [32, 28],
    );
    let after = play(&p, "b1");
    assert_eq!(after.rows()[3], vec![0, 2, 0, 3, 1, 1, 1, 0, 0, 0, 0, 0]);
}

/// A 20-ply Kigogo cycle. It was found by random play; every one of its moves is checked against
/// the independent model below, and the first four were also followed by hand, e.g. North b6
/// ((0,6) = 2) → (0,5), (0,4): the empty (0,4) ends it; South b12 (2) → a12, a11 (1 → 2): relay
/// → a10, a9 (1 → 2): relay → a8, a7 (empty, facing the empty (1,6)): no capture.
const KIGOGO_CYCLE: [&str; 20] = [
    "b6", "b12", "b7", "a8", "b8", "a7", "b9", "a4", "b10", "a3", "a12", "b1", "a9", "b2", "a8",
    "b3", "a5", "b4", "a4", "b7",
];

#[test]
fn kg_5_first_repetition_is_a_draw() {
    let start = kg(
        "north",
        [
            [0, 1, 0, 0, 0, 1, 2, 0, 1, 0, 1, 0],
            [0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1],
            [0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0],
            [0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 2],
        ],
        [36, 36],
    );
    let mut game = Game::from_position(start);
    let mut model = M::of(&start);
    for (ply, mv) in KIGOGO_CYCLE.iter().enumerate() {
        assert_eq!(game.outcome(), Outcome::Ongoing, "ply {ply}");
        let (_, next) = model
            .moves()
            .into_iter()
            .find(|(name, _)| name == mv)
            .unwrap_or_else(|| panic!("model: {mv} not legal at ply {ply}"));
        model = next;
        play_game(&mut game, mv);
        assert_eq!(M::of(game.position()), model, "ply {ply}");
        assert_eq!(
            game.position().captured(Player::South),
            36,
            "no capture in the cycle"
        );
    }
    assert_eq!(*game.position(), start);
    assert_eq!(
        game.outcome(),
        Outcome::Draw {
            reason: EndReason::Repetition
        }
    );
    assert!(game.legal_moves().is_empty());
}
