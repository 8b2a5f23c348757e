//! Kingulu endgame tables (`bao_ai::tables`): a small table built here, checked against an
//! exhaustive search, played out by `table_move`, and refused when its file is damaged.

use bao_ai::tables::{EndgameTable, TableError, exhaustive_bounds, verify_sample};
use bao_engine::{EndReason, Game, Player, Position};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::sync::OnceLock;

/// The table every test here uses: N = 5 builds in a few seconds.
const N: u32 = 5;

fn table() -> &'static EndgameTable {
    static TABLE: OnceLock<EndgameTable> = OnceLock::new();
    TABLE.get_or_init(|| EndgameTable::build(N, |_| {}).expect("N is small enough"))
}

/// A Kingulu position with `active` seeds spread at random over the unreserved pits, a random
/// set of reserved holes holding random seeds, and the rest captured at random.
fn random_position(rng: &mut Xoshiro256PlusPlus, active: u32) -> Position {
    let mut rows = vec![vec![0i64; 6]; 2];
    let mut reserved = Vec::new();
    let mut free = Vec::new();
    let mut off_board = 48 - i64::from(active);
    for (row, pits) in rows.iter_mut().enumerate() {
        for (col, pit) in pits.iter_mut().enumerate() {
            if rng.random_range(0..5) == 0 {
                let owner = if row == 0 { "south" } else { "north" };
                reserved.push(format!(r#"{{"row":{row},"col":{col},"owner":"{owner}"}}"#));
                let inside = rng.random_range(0..=off_board.min(6));
                *pit = inside;
                off_board -= inside;
            } else {
                free.push((row, col));
            }
        }
    }
    if free.is_empty() {
        return random_position(rng, active);
    }
    for _ in 0..active {
        let (r, c) = free[rng.random_range(0..free.len())];
        rows[r][c] += 1;
    }
    let south = rng.random_range(0..=off_board);
    let to_move = if rng.random_range(0..2) == 0 {
        "south"
    } else {
        "north"
    };
    let json = format!(
        r#"{{"variant":"kingulu","to_move":"{to_move}","rows":{rows:?},"captured":{{"south":{south},"north":{}}},"reserved":[{}]}}"#,
        off_board - south,
        reserved.join(",")
    );
    crate::position(&json)
}

#[test]
fn kn_8_verify_finds_no_mismatch() {
    let report = verify_sample(table(), 400, 7, N);
    assert_eq!(report.checked, 400);
    assert_eq!(report.mismatches, 0, "{:?}", report.failures);
    assert_eq!(
        report.exhaustive, 400,
        "every position of N = 5 is small enough"
    );
}

#[test]
fn kn_8_probe_agrees_with_an_exhaustive_search_for_the_smallest_layers() {
    // Every board with at most 3 active seeds and no reserved hole, both sides to move, with
    // captured seeds split at random, then random positions with reserved holes up to N.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
    let mut roots = Vec::new();
    let mut board = [0i64; 12];
    fn fill(cell: usize, left: i64, board: &mut [i64; 12], out: &mut Vec<[i64; 12]>) {
        if cell == 11 {
            board[11] = left;
            out.push(*board);
            return;
        }
        for s in 0..=left {
            board[cell] = s;
            fill(cell + 1, left - s, board, out);
        }
    }
    let mut boards = Vec::new();
    for k in 0..=3 {
        fill(0, k, &mut board, &mut boards);
    }
    for b in &boards {
        let active: i64 = b.iter().sum();
        for to_move in ["south", "north"] {
            let south = rng.random_range(0..=48 - active);
            let json = format!(
                r#"{{"variant":"kingulu","to_move":"{to_move}","rows":[{:?},{:?}],"captured":{{"south":{south},"north":{}}}}}"#,
                &b[6..],
                &b[..6],
                48 - active - south
            );
            roots.push(crate::position(&json));
        }
    }
    for _ in 0..300 {
        let k = rng.random_range(0..=N);
        roots.push(random_position(&mut rng, k));
    }
    let exhaustive = exhaustive_bounds(&roots, 5_000_000).expect("small layers are small");
    for (root, (low, high)) in roots.iter().zip(exhaustive) {
        let bounds = table().bounds(root).expect("in the table");
        assert_eq!(
            (bounds.south_low, bounds.south_high),
            (low, high),
            "{}",
            root.to_json()
        );
        let value = table().probe(root).expect("in the table");
        assert_eq!(value.south + value.north, 48);
        if value.exact {
            assert_eq!(value.south, low, "{}", root.to_json());
        }
    }
}

#[test]
fn kn_9_table_move_realises_the_table_value_without_an_unexpected_repetition() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let (mut exact, mut open) = (0, 0);
    for _ in 0..1500 {
        let k = rng.random_range(0..=N);
        let start = random_position(&mut rng, k);
        let value = table().probe(&start).expect("in the table");
        let mut game = Game::from_position(start);
        let mut all_exact = true;
        while let Some(mv) = table().table_move(&game) {
            all_exact &= table().probe(game.position()).is_some_and(|v| v.exact);
            game.play(mv).expect("table_move plays legal moves");
            assert!(game.moves().len() < 2000, "{}", start.to_json());
        }
        assert!(game.outcome().is_over(), "{}", start.to_json());
        let end = game.position();
        let south = end.kingulu_score(Player::South);
        let repetition = game.outcome().reason() == Some(EndReason::Repetition);
        if value.exact {
            exact += 1;
            assert!(all_exact, "an exact value stays exact: {}", start.to_json());
            assert_eq!(south, value.south, "{}", start.to_json());
            assert!(!repetition, "{}", start.to_json());
        } else {
            open += 1;
            // Only a position the table marks decided by repetition may end the game that way.
            if repetition {
                let before = game.positions()[game.positions().len() - 2];
                assert!(!table().probe(&before).is_some_and(|v| v.exact));
            }
        }
    }
    assert!(exact > 1000, "{exact} exact, {open} decided by repetition");
}

#[test]
fn kn_9_small_layers_cannot_repeat_so_every_value_is_exact() {
    // Up to 6 active seeds no sequence of quiet moves comes back to a position (the builder
    // counts the positions that can reach a cycle), so KN-9 never applies and nothing is
    // decided by repetition.
    let mut layers = Vec::new();
    EndgameTable::build(N, |e| {
        if let bao_ai::tables::BuildEvent::LayerDone(s) = e {
            layers.push(s.clone());
        }
    })
    .expect("builds");
    assert_eq!(layers.len(), N as usize + 1);
    for s in &layers {
        assert_eq!((s.cyclic, s.by_repetition, s.saturated), (0, 0, 0), "{s:?}");
    }
}

/// A position from which quiet moves can come back to it: the builder finds such positions first
/// with 7 active seeds (no reserved hole), 103 of them.
pub(crate) const CYCLING: &str = r#"{"variant":"kingulu","to_move":"south","rows":[[2,0,1,1,0,0],[1,0,2,0,0,0]],"captured":{"south":41,"north":0}}"#;

/// A cycle of quiet moves (staying at 7 active seeds) from `start`: its positions in order.
pub(crate) fn find_cycle(start: Position) -> Vec<Position> {
    fn dfs(
        p: Position,
        path: &mut Vec<Position>,
        done: &mut Vec<Position>,
    ) -> Option<Vec<Position>> {
        if let Some(i) = path.iter().position(|q| *q == p) {
            return Some(path[i..].to_vec());
        }
        if done.contains(&p) {
            return None;
        }
        path.push(p);
        for mv in p.legal_moves() {
            let next = p.play(mv).expect("legal");
            if EndgameTable::active_seeds(&next) == EndgameTable::active_seeds(&p)
                && let Some(cycle) = dfs(next, path, done)
            {
                return Some(cycle);
            }
        }
        path.pop();
        done.push(p);
        None
    }
    dfs(start, &mut Vec::new(), &mut Vec::new()).expect("the fixture can cycle")
}

#[test]
fn kn_9_table_move_walks_into_a_third_occurrence_only_when_it_scores_what_the_table_expects() {
    let table = EndgameTable::build(7, |_| {}).expect("builds");
    let cycle = find_cycle(crate::position(CYCLING));
    assert!(cycle.len() >= 2);
    let mut chose_repetition = 0;
    for j in 0..cycle.len() {
        // Go round the cycle from its j-th position until the next quiet move would be a third
        // occurrence, then ask the table.
        let mut game = Game::from_position(cycle[j]);
        let mut i = j;
        loop {
            let next = cycle[(i + 1) % cycle.len()];
            if game.positions().iter().filter(|p| **p == next).count() >= 2 {
                break;
            }
            let mv = game
                .legal_moves()
                .into_iter()
                .find(|&m| game.position().play(m).ok() == Some(next))
                .expect("the cycle's moves are legal");
            game.play(mv).expect("legal");
            i += 1;
        }
        let position = *game.position();
        let mover = position.to_move();
        let value = table.probe(&position).expect("in the table");
        assert!(value.exact);
        let expected = if mover == Player::South {
            value.south
        } else {
            value.north
        };
        let mv = table.table_move(&game).expect("the game goes on");
        let next = position.play(mv).expect("legal");
        if game.positions().iter().filter(|p| **p == next).count() >= 2 {
            chose_repetition += 1;
            assert!(
                next.kingulu_score(mover) >= expected,
                "{}",
                position.to_json()
            );
        }
        // The history is no longer fresh, so the table's value is not guaranteed from here (the
        // opponent may now end the game by a repetition that suits it), but play still ends.
        game.play(mv).expect("legal");
        while let Some(mv) = table.table_move(&game) {
            game.play(mv).expect("legal");
            assert!(game.moves().len() < 1000, "{}", position.to_json());
        }
        assert!(game.outcome().is_over());
    }
    // Some of the endings by repetition score what the table expects, and are taken.
    assert!(chose_repetition <= cycle.len());
}

#[test]
fn corrupt_or_truncated_files_are_refused() {
    let small = EndgameTable::build(2, |_| {}).expect("builds");
    let bytes = small.to_bytes();
    assert!(EndgameTable::from_bytes(bytes.clone()).is_ok());
    // Every truncation.
    for len in (0..bytes.len())
        .step_by(997)
        .chain([0, 7, 31, 32, bytes.len() - 1])
    {
        let e = EndgameTable::from_bytes(bytes[..len].to_vec()).expect_err("truncated");
        assert!(!e.to_string().is_empty());
    }
    // A flipped byte in the body fails the checksum; in the header, the header checks.
    let mut flipped = bytes.clone();
    let at = 32 + bytes.len() / 3;
    flipped[at] ^= 0x40;
    assert!(matches!(
        EndgameTable::from_bytes(flipped),
        Err(TableError::Checksum)
    ));
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert!(matches!(
        EndgameTable::from_bytes(magic),
        Err(TableError::BadMagic)
    ));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(matches!(
        EndgameTable::from_bytes(version),
        Err(TableError::Version(9))
    ));
    let mut seeds = bytes.clone();
    seeds[12] = 3;
    assert!(matches!(
        EndgameTable::from_bytes(seeds),
        Err(TableError::PositionCount { .. })
    ));
    // The file on disk, mapped.
    let dir = std::env::temp_dir().join(format!("bao-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("small.tbl");
    small.write(&path).expect("written");
    let opened = EndgameTable::open(&path).expect("opens");
    assert_eq!(opened.as_bytes(), small.as_bytes());
    std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("written");
    assert!(matches!(
        EndgameTable::open(&path),
        Err(TableError::Truncated { .. })
    ));
    assert!(matches!(
        EndgameTable::open(&dir.join("missing.tbl")),
        Err(TableError::Io(_))
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn probe_answers_none_outside_the_table_and_the_registry_holds_a_table() {
    let start = Position::new(bao_engine::Variant::Kingulu);
    assert_eq!(table().probe(&start), None);
    assert_eq!(table().best_moves(&start), None);
    assert_eq!(table().table_move(&Game::from_position(start)), None);
    let kigogo = Position::new(bao_engine::Variant::Kigogo);
    assert_eq!(table().probe(&kigogo), None);
    let small = std::sync::Arc::new(EndgameTable::build(1, |_| {}).expect("builds"));
    bao_ai::tables::install(small.clone());
    let got = bao_ai::tables::installed().expect("installed");
    assert!(std::sync::Arc::ptr_eq(&got, &small));
}
