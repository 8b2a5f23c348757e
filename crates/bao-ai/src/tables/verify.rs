//! Checking a table against the rules: random positions, each checked three ways.

use super::index::{Builder, Key, TOTAL_SEEDS};
use super::{EndgameTable, exhaustive_bounds};
use bao_engine::{EndReason, Game, Player, Position};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// What [`verify_sample`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VerifyReport {
    /// Positions checked.
    pub checked: u64,
    /// Positions where some check failed.
    pub mismatches: u64,
    /// Positions also solved from scratch by [`exhaustive_bounds`].
    pub exhaustive: u64,
    /// Exact positions played out by [`EndgameTable::table_move`] for both sides.
    pub played: u64,
    /// The first few failures, one line each.
    pub failures: Vec<String>,
}

/// The most graph positions an exhaustive check may explore.
const NODE_LIMIT: usize = 2_000_000;

/// Checks `samples` random positions of `table` (the same `seed` gives the same positions),
/// both sides to move, every layer size equally likely:
///
/// * the stored bounds agree with the position's moves (each bound is the best over the moves,
///   and a position without a move is counted by KN-8);
/// * with at most `exhaustive_seeds` active seeds, the bounds equal those of
///   [`exhaustive_bounds`], which searches the game graph from scratch without the table;
/// * an exact value is what both sides playing [`EndgameTable::table_move`] reach, without a
///   repetition.
pub fn verify_sample(
    table: &EndgameTable,
    samples: u64,
    seed: u64,
    exhaustive_seeds: u32,
) -> VerifyReport {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut builder = Builder::new();
    let mut report = VerifyReport::default();
    let layout = &table.layout;
    for _ in 0..samples {
        let k = rng.random_range(0..=layout.max_seeds());
        let (s, e) = (layout.seeds_start(k), layout.seeds_start(k + 1));
        let (k, mask, rank) = layout.locate(rng.random_range(s..e));
        let key = Key::unrank(k, mask, rank);
        let mover = if rng.random_range(0..2) == 0 {
            Player::South
        } else {
            Player::North
        };
        let position = builder.position_for(&key, mover);
        report.checked += 1;
        let mut problems = Vec::new();
        check_local(table, &position, &mut problems);
        if k <= exhaustive_seeds
            && let Some(found) = exhaustive_bounds(&[position], NODE_LIMIT)
        {
            report.exhaustive += 1;
            let b = table.bounds(&position);
            let stored = b.map(|b| (b.south_low, b.south_high));
            if stored != Some(found[0]) {
                problems.push(format!(
                    "bounds {stored:?}, an exhaustive search finds {:?}",
                    found[0]
                ));
            }
        }
        if table.probe(&position).is_some_and(|v| v.exact) {
            report.played += 1;
            check_play(table, &position, &mut problems);
        }
        if !problems.is_empty() {
            report.mismatches += 1;
            if report.failures.len() < 10 {
                report
                    .failures
                    .push(format!("{}: {}", position.to_json(), problems.join("; ")));
            }
        }
    }
    report
}

/// The stored bounds are the best over the moves (Bellman's equations of the attractors).
fn check_local(table: &EndgameTable, position: &Position, problems: &mut Vec<String>) {
    let Some((low, high, _)) = table.mover_scores(position) else {
        problems.push("not in the table".to_owned());
        return;
    };
    let Some(moves) = table.evaluate(position, None) else {
        problems.push("a successor is not in the table".to_owned());
        return;
    };
    let expected = if moves.is_empty() {
        let s = position.kingulu_score(position.to_move());
        (s, s)
    } else {
        (
            moves.iter().map(|m| m.low).max().unwrap_or(0),
            moves.iter().map(|m| m.high).max().unwrap_or(0),
        )
    };
    if (low, high) != expected {
        problems.push(format!(
            "mover's bounds ({low}, {high}), the moves give {expected:?}"
        ));
    }
}

/// Both sides play `table_move` to the end: the final score is the exact value, and no
/// position repeats.
fn check_play(table: &EndgameTable, position: &Position, problems: &mut Vec<String>) {
    let Some(value) = table.probe(position) else {
        return;
    };
    let mut game = Game::from_position(*position);
    let mut plies = 0;
    while let Some(mv) = table.table_move(&game) {
        if game.play(mv).is_err() {
            problems.push(format!("table_move {mv} is illegal"));
            return;
        }
        plies += 1;
        if plies > 10_000 {
            problems.push("table_move play does not end".to_owned());
            return;
        }
    }
    let end = game.position();
    let south = end.kingulu_score(Player::South);
    if game.outcome().reason() == Some(EndReason::Repetition) {
        problems.push(format!(
            "table_move play ended by repetition after {plies} plies"
        ));
    }
    if south != value.south || TOTAL_SEEDS - south != value.north {
        problems.push(format!(
            "exact value {}–{}, table_move play ends {}–{}",
            value.south,
            value.north,
            south,
            TOTAL_SEEDS - south
        ));
    }
}
