//! The exact Kingulu solver (`bao_ai::tables::solve_exact`): a search with a small table's
//! positions as leaves agrees with a bigger table, its move keeps the value, it counts the
//! repetitions it meets (a unit test in `tables/start.rs` makes it meet one), and it solves the
//! start.

use crate::tables::{CYCLING, find_cycle};
use bao_ai::tables::{EndgameTable, ExactLimits, ExactResult, TableValue, solve_exact};
use bao_engine::{Player, Position, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::sync::OnceLock;

/// The leaves of the search.
fn small() -> &'static EndgameTable {
    static TABLE: OnceLock<EndgameTable> = OnceLock::new();
    TABLE.get_or_init(|| EndgameTable::build(4, |_| {}).expect("N is small enough"))
}

/// The reference the search is checked against.
fn reference() -> &'static EndgameTable {
    static TABLE: OnceLock<EndgameTable> = OnceLock::new();
    TABLE.get_or_init(|| EndgameTable::build(6, |_| {}).expect("N is small enough"))
}

fn solve(position: &Position, table: &EndgameTable) -> ExactResult {
    let limits = ExactLimits {
        nodes: 50_000_000,
        tt_bytes: 16 << 20,
    };
    solve_exact(position, table, limits, &mut |_| {}).expect("a Kingulu position")
}

fn mover(v: TableValue, side: Player) -> u32 {
    if side == Player::South {
        v.south
    } else {
        v.north
    }
}

/// A Kingulu position with `active` seeds in the unreserved pits, some reserved holes holding
/// seeds, and the rest captured, all at random.
fn random_position(rng: &mut Xoshiro256PlusPlus, active: u32) -> Position {
    loop {
        let mut rows = [[0u32; 6]; 2];
        let mut reserved = Vec::new();
        let mut free = Vec::new();
        let mut off_board = 48 - active;
        for (row, pits) in rows.iter_mut().enumerate() {
            for (col, pit) in pits.iter_mut().enumerate() {
                if rng.random_range(0..6) == 0 {
                    // A hole in row 0 (North's) is reserved by South, and the other way round.
                    let owner = if row == 0 { "south" } else { "north" };
                    reserved.push(format!(r#"{{"row":{row},"col":{col},"owner":"{owner}"}}"#));
                    let inside = rng.random_range(0..=off_board.min(5));
                    *pit = inside;
                    off_board -= inside;
                } else {
                    free.push((row, col));
                }
            }
        }
        if free.is_empty() {
            continue;
        }
        for _ in 0..active {
            let (r, c) = free[rng.random_range(0..free.len())];
            rows[r][c] += 1;
        }
        let south = rng.random_range(0..=off_board);
        let to_move = ["south", "north"][rng.random_range(0..2)];
        let json = format!(
            r#"{{"variant":"kingulu","to_move":"{to_move}","rows":{rows:?},"captured":{{"south":{south},"north":{}}},"reserved":[{}]}}"#,
            off_board - south,
            reserved.join(",")
        );
        let position = crate::position(&json);
        if !position.outcome().is_over() {
            return position;
        }
    }
}

#[test]
fn kn_8_exact_solver_with_four_seed_leaves_matches_the_six_seed_table() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
    for i in 0..240 {
        let active = 3 + (i % 4);
        let position = random_position(&mut rng, active);
        let r = solve(&position, small());
        let want = reference().probe(&position).expect("in the table");
        let json = position.to_json();
        assert!(r.complete, "{json}");
        assert_eq!((r.south, r.north), (want.south, want.north), "{json}");
        assert_eq!((r.south_low, r.south_high), (r.south, r.south), "{json}");
        // No cycle exists up to 6 active seeds, so no repetition can be met.
        assert_eq!(r.repetitions_met, 0, "{json}");
        assert_eq!(r.inexact_leaves, 0, "{json}");
        // The move keeps the value: the opponent gets no more than the rest.
        let mv = r.best_move.expect("the game goes on");
        let next = position.play(mv).expect("the solver's move is legal");
        let after = reference().probe(&next).expect("in the table");
        let me = position.to_move();
        assert_eq!(mover(after, me), mover(want, me), "{json}: {mv}");
    }
}

#[test]
fn kn_8_exact_solver_agrees_with_itself_over_different_leaves() {
    // Positions above both tables: a deeper search down to 4 seeds and a shallower one down to
    // 6 find the same value.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4646);
    let mut searched = 0;
    for i in 0..60 {
        let position = random_position(&mut rng, 7 + (i % 4));
        let deep = solve(&position, small());
        let shallow = solve(&position, reference());
        let json = position.to_json();
        assert!(deep.complete && shallow.complete, "{json}");
        assert_eq!(
            (deep.south, deep.north),
            (shallow.south, shallow.north),
            "{json}"
        );
        searched += u32::from(deep.table_leaves > 0 && shallow.table_leaves > 0);
    }
    assert!(
        searched >= 30,
        "most lines reach the tables: {searched} of 60"
    );
}

#[test]
fn kn_8_exact_solver_answers_a_position_in_the_table_with_the_table() {
    let position = crate::position(
        r#"{"variant":"kingulu","to_move":"north","rows":[[0,1,0,1,0,0],[1,0,0,0,1,0]],"captured":{"south":20,"north":24}}"#,
    );
    let r = solve(&position, small());
    let want = small().probe(&position).expect("in the table");
    assert_eq!((r.south, r.north, r.nodes), (want.south, want.north, 1));
    assert!(r.complete);
    assert_eq!(
        r.best_move,
        small()
            .best_moves(&position)
            .and_then(|m| m.first().copied())
    );
}

#[test]
fn kn_8_a_finished_game_is_counted_and_has_no_move() {
    // South to move with an empty row: no legal move, so the seeds are counted (KN-8).
    let position = crate::position(
        r#"{"variant":"kingulu","to_move":"south","rows":[[3,4,0,0,0,2],[0,0,0,0,0,0]],"captured":{"south":20,"north":19}}"#,
    );
    assert!(position.outcome().is_over());
    let tiny = EndgameTable::build(1, |_| {}).expect("builds");
    let r = solve(&position, &tiny);
    assert_eq!((r.south, r.north, r.best_move), (20, 28, None));
    assert!(r.complete);
}

#[test]
fn kn_9_positions_on_a_cycle_get_the_table_s_exact_value() {
    // Quiet moves can go round in circles here (7 active seeds); the search stops a line that
    // comes back to a position of its path, and still finds each side's exact value.
    let table7 = EndgameTable::build(7, |_| {}).expect("builds");
    let tiny = EndgameTable::build(1, |_| {}).expect("builds");
    for position in find_cycle(crate::position(CYCLING)) {
        let want = table7.probe(&position).expect("in the table");
        assert!(want.exact);
        let r = solve(&position, &tiny);
        assert!(r.complete);
        assert_eq!(
            (r.south, r.north),
            (want.south, want.north),
            "{}",
            position.to_json()
        );
    }
}

#[test]
fn kn_8_the_start_is_solved_exactly_down_to_a_four_seed_table() {
    let start = Position::new(Variant::Kingulu);
    let r = solve(&start, small());
    assert!(r.complete, "{r:?}");
    assert_eq!(r.south + r.north, 48);
    assert_eq!((r.south, r.north), (26, 22), "{r:?}");
    assert_eq!(r.repetitions_met, 0);
    let mv = r.best_move.expect("South moves first");
    assert!(start.is_legal(&mv));
    // The same value down to the six-seed table.
    let again = solve(&start, reference());
    assert_eq!((again.south, again.north), (r.south, r.north));
}

/// The cross-check with big tables: `BAO_KN_TABLE_10=… BAO_KN_TABLE_8=… cargo test -p bao-ai
/// --test ai big_tables -- --ignored` (`bao-cli tables build --max-seeds 10 --out …`).
#[test]
#[ignore = "needs the 10- and 8-seed tables on disk"]
fn kn_8_exact_solver_agrees_over_the_big_tables() {
    let open = |var: &str| {
        let path = std::env::var(var).unwrap_or_else(|_| panic!("set {var}"));
        EndgameTable::open(std::path::Path::new(&path)).expect("a sound table")
    };
    let (t10, t8) = (open("BAO_KN_TABLE_10"), open("BAO_KN_TABLE_8"));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1046);
    let (mut nodes10, mut nodes8, mut repetitions) = (0, 0, 0);
    for i in 0..400 {
        // 11 to 14 active seeds: both solvers search; 9 and 10: the big table knows.
        let active = [9, 10, 11, 12, 13, 14][i % 6];
        let position = random_position(&mut rng, active);
        let json = position.to_json();
        let a = solve(&position, &t10);
        let b = solve(&position, &t8);
        assert!(a.complete && b.complete, "{json}");
        assert_eq!((a.south, a.north), (b.south, b.north), "{json}");
        if active <= 10 {
            let want = t10.probe(&position).expect("in the table");
            assert_eq!((b.south, b.north), (want.south, want.north), "{json}");
            let c = solve(&position, small());
            assert_eq!((c.south, c.north), (want.south, want.north), "{json}");
            repetitions += c.repetitions_met;
        } else {
            nodes10 += a.nodes;
            nodes8 += b.nodes;
        }
        repetitions += a.repetitions_met + b.repetitions_met;
    }
    // Positions from random games, as play reaches 11 to 14 active seeds, also down to the
    // 4-seed table.
    let mut games = 0;
    for game in crate::sample_games(Variant::Kingulu, 4000) {
        let mut position = *game.position();
        while EndgameTable::active_seeds(&position).is_some_and(|a| a > 14) {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            position = position.play(mv).expect("legal");
        }
        let active = EndgameTable::active_seeds(&position).expect("Kingulu");
        if active < 11 || position.outcome().is_over() {
            continue;
        }
        let json = position.to_json();
        let a = solve(&position, &t10);
        let b = solve(&position, &t8);
        let c = solve(&position, small());
        assert!(a.complete && b.complete && c.complete, "{json}");
        assert_eq!((a.south, a.north), (b.south, b.north), "{json}");
        assert_eq!((a.south, a.north), (c.south, c.north), "{json}");
        nodes10 += a.nodes;
        nodes8 += b.nodes;
        repetitions += a.repetitions_met + b.repetitions_met + c.repetitions_met;
        games += 1;
    }
    assert!(games > 100, "{games}");
    eprintln!(
        "{games} game positions and 400 random ones agree; over 11-14 seeds {nodes10} nodes with N = 10, {nodes8} with N = 8; {repetitions} repetitions met"
    );
}

#[test]
#[ignore = "needs the 10-seed table on disk"]
fn kn_8_both_sides_playing_the_solver_s_moves_end_the_start_at_its_value() {
    let path = std::env::var("BAO_KN_TABLE_10").expect("set BAO_KN_TABLE_10");
    let table = EndgameTable::open(std::path::Path::new(&path)).expect("a sound table");
    let mut game = bao_engine::Game::new(Variant::Kingulu);
    let value = solve(game.position(), &table);
    while !game.outcome().is_over() {
        let position = *game.position();
        let r = solve(&position, &table);
        assert_eq!(
            (r.south, r.north),
            (value.south, value.north),
            "{}",
            position.to_json()
        );
        let mv = match table.table_move(&game) {
            Some(mv) => mv,
            None => r.best_move.expect("the game goes on"),
        };
        game.play(mv).expect("the solver's moves are legal");
    }
    let end = game.position();
    assert_eq!(
        (
            end.kingulu_score(Player::South),
            end.kingulu_score(Player::North)
        ),
        (value.south, value.north)
    );
    eprintln!(
        "{} plies: {}",
        game.moves().len(),
        game.moves()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
}
