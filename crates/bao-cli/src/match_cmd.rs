//! `match`: two AI levels play a series of games; prints the score of the first with a 95%
//! confidence interval.

use crate::io::CliError;
use bao_ai::{Level, Searcher};
use bao_engine::{Game, Player, Variant};
use clap::Args;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Plies after which an unfinished game is stopped and counted as a draw (reported).
const MAX_PLIES: usize = 2000;

/// Arguments of `bao-cli match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// kujifunza, kujifunza-choice, kingulu, kigogo or kimasai.
    #[arg(long, value_parser = crate::parse_variant)]
    variant: Variant,
    /// The level whose score is reported: beginner, easy, medium, hard or expert.
    #[arg(long, value_parser = parse_level)]
    a: Level,
    /// Its opponent.
    #[arg(long, value_parser = parse_level)]
    b: Level,
    /// Number of games; `a` plays South (who moves first) in the even-numbered ones.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Random seed; the same seed (and budget scale) gives the same games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Multiplies both levels' node budgets (e.g. 0.1 for quicker matches at a tenth of the
    /// thinking).
    #[arg(long, default_value_t = 1.0)]
    budget_scale: f64,
    /// Random plies that open each pair of games: games 2k and 2k+1 start from the same
    /// opening, each level playing each side once. Openings that are over, or that the check
    /// search below does not score as balanced, are drawn again. 0: every game starts from the
    /// start position.
    #[arg(long, default_value_t = 0)]
    opening_plies: u32,
    /// Nodes of the Expert search that checks each opening: it must find no forced result
    /// (0: accept every opening that is not over).
    #[arg(long, default_value_t = 20_000)]
    opening_check_nodes: u64,
    /// The check search must also score the opening within this many seeds of even.
    #[arg(long, default_value_t = 1.5)]
    opening_max_seeds: f64,
    /// Positions a proof search (df-pn, as `bao-cli solve`) may spend on each side of an
    /// opening: an opening it proves won for either side is drawn again (0: no such check).
    /// Kujifunza needs it: a few random plies there usually decide the game by force, which a
    /// short search does not see.
    #[arg(long, default_value_t = 0)]
    opening_proof_nodes: u64,
    /// Games played at once (default: the number of cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Print the result as JSON on the last line.
    #[arg(long)]
    json: bool,
    /// Which level plays perfectly where that is proven (the Kujifunza proofs, and in Kingulu
    /// the endgame table of `--table`); only Expert does.
    #[arg(long, value_enum, default_value_t = Perfect::Both)]
    perfect: Perfect,
    /// A Kingulu endgame table (`bao-cli tables build`) for the match.
    #[arg(long)]
    table: Option<PathBuf>,
}

/// Which levels of a match may play from the proofs and the endgame table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Perfect {
    /// Both levels (as in the game).
    Both,
    /// Only `--a`.
    A,
    /// Only `--b`.
    B,
    /// Neither: both search every move.
    None,
}

impl Perfect {
    /// Whether the level on `side` (0: `a`, 1: `b`) may play perfectly.
    fn allows(self, side: usize) -> bool {
        match self {
            Perfect::Both => true,
            Perfect::A => side == 0,
            Perfect::B => side == 1,
            Perfect::None => false,
        }
    }
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse().map_err(|e: bao_ai::UnknownLevel| e.to_string())
}

/// How one game ended, from `a`'s point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result1 {
    AWins,
    BWins,
    Draw,
}

#[derive(Clone, Copy, Debug)]
struct GameRecord {
    index: u32,
    result: Result1,
    plies: usize,
    unfinished: bool,
    /// A hash of the moves, to count distinct games.
    moves_hash: u64,
    /// The side that won, if any.
    winner: Option<Player>,
    /// A hash of the opening's moves, to count distinct openings.
    opening_hash: u64,
    /// Moves, nodes and thinking time of `a` and `b`.
    moves: [u64; 2],
    nodes: [u64; 2],
    time: [Duration; 2],
    /// Moves of `a` and `b` played from a proof or the endgame table.
    perfect_moves: [u64; 2],
}

/// The 95% Wilson score interval for a score `p` over `n` games (draws count half).
pub fn wilson_interval(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A 64-bit mix of two values (splitmix64), for per-game and per-move seeds.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Openings drawn before giving up.
const OPENING_ATTEMPTS: u32 = 10_000;

/// The opening of the pair of games `pair`: `args.opening_plies` uniformly random plies from
/// the start, redrawn until the game is not over and a short Expert search scores it as
/// balanced (no forced result, within `opening_max_seeds` of even).
fn opening(args: &MatchArgs, pair: u32) -> Result<Game, CliError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(mix(args.seed ^ 0x6f70_656e, u64::from(pair)));
    for _ in 0..OPENING_ATTEMPTS {
        let mut game = Game::new(args.variant);
        for _ in 0..args.opening_plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(legal[rng.random_range(0..legal.len())])
                .map_err(|e| CliError::Usage(format!("the engine refused its own move: {e}")))?;
        }
        if game.outcome().is_over() {
            continue;
        }
        if args.opening_plies > 0 && args.opening_check_nodes > 0 {
            let mut check =
                Searcher::with_budget(&game, Level::Expert, 0, args.opening_check_nodes);
            check.think_to_end();
            let balanced = check.score().is_some_and(|s| {
                !s.is_decided() && f64::from(s.seeds()).abs() <= args.opening_max_seeds
            });
            if !balanced {
                continue;
            }
        }
        if args.opening_plies > 0 && args.opening_proof_nodes > 0 && proven_won(&game, args) {
            continue;
        }
        return Ok(game);
    }
    Err(CliError::Usage(format!(
        "no balanced opening of {} plies found in {OPENING_ATTEMPTS} tries",
        args.opening_plies
    )))
}

/// Whether a proof search of `args.opening_proof_nodes` positions proves `game` won by force
/// for either side.
fn proven_won(game: &Game, args: &MatchArgs) -> bool {
    let limits = bao_ai::proof::SolveLimits {
        nodes: args.opening_proof_nodes,
        table_bytes: 16 << 20,
    };
    [Player::South, Player::North].into_iter().any(|attacker| {
        let mut solver = bao_ai::proof::Solver::new(*game.position(), attacker, limits);
        solver.run(&mut |_| {}) == bao_ai::proof::Verdict::Proven
    })
}

/// A hash of the moves played so far.
fn moves_hash(game: &Game) -> u64 {
    game.moves().iter().fold(0, |h, m| {
        mix(
            h,
            m.to_string().bytes().fold(0, |x, b| x * 131 + u64::from(b)),
        )
    })
}

/// Plays game `index` of the match.
fn play_game(args: &MatchArgs, index: u32) -> Result<GameRecord, CliError> {
    let a_side = if index.is_multiple_of(2) {
        Player::South
    } else {
        Player::North
    };
    let game_seed = mix(args.seed, u64::from(index));
    let mut game = opening(args, index / 2)?;
    let mut record = GameRecord {
        index,
        result: Result1::Draw,
        plies: 0,
        unfinished: false,
        moves_hash: 0,
        winner: None,
        opening_hash: moves_hash(&game),
        moves: [0; 2],
        nodes: [0; 2],
        time: [Duration::ZERO; 2],
        perfect_moves: [0; 2],
    };
    while !game.outcome().is_over() {
        if game.moves().len() >= MAX_PLIES {
            record.unfinished = true;
            break;
        }
        let side = usize::from(game.position().to_move() != a_side);
        let level = [args.a, args.b][side];
        let budget = (level.node_budget(args.variant) as f64 * args.budget_scale).round() as u64;
        let seed = mix(game_seed, game.moves().len() as u64 * 2 + side as u64);
        let began = Instant::now();
        let mut searcher = Searcher::with_budget(&game, level, seed, budget.max(1));
        if !args.perfect.allows(side) {
            searcher = searcher.without_perfect_play();
        }
        searcher.think_to_end();
        record.time[side] += began.elapsed();
        record.nodes[side] += searcher.nodes();
        record.moves[side] += 1;
        record.perfect_moves[side] += u64::from(searcher.known().is_some());
        let mv = searcher
            .best_move()
            .ok_or_else(|| CliError::Usage(format!("{level} found no move in an ongoing game")))?;
        game.play(mv)
            .map_err(|e| CliError::Usage(format!("{level} played an illegal move: {e}")))?;
    }
    record.plies = game.moves().len();
    record.moves_hash = game.moves().iter().fold(0, |h, m| {
        mix(
            h,
            m.to_string().bytes().fold(0, |x, b| x * 131 + u64::from(b)),
        )
    });
    record.winner = game.outcome().winner();
    record.result = match game.outcome().winner() {
        Some(w) if w == a_side => Result1::AWins,
        Some(_) => Result1::BWins,
        None => Result1::Draw,
    };
    Ok(record)
}

/// `match`: plays the games (on several threads), then prints the score.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    if !args.budget_scale.is_finite() || args.budget_scale <= 0.0 {
        return Err(CliError::Usage(format!(
            "--budget-scale must be a positive number, not {}",
            args.budget_scale
        )));
    }
    if !args.opening_max_seeds.is_finite() || args.opening_max_seeds < 0.0 {
        return Err(CliError::Usage(format!(
            "--opening-max-seeds must be a number of seeds, not {}",
            args.opening_max_seeds
        )));
    }
    if args.threads == Some(0) {
        return Err(CliError::Usage("--threads must be at least 1".into()));
    }
    if let Some(path) = &args.table {
        let table = bao_ai::tables::EndgameTable::open(path)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
        bao_ai::tables::install(std::sync::Arc::new(table));
    }
    if cfg!(debug_assertions) {
        eprintln!("note: this is a debug build; run `cargo run --release -p bao-cli -- match ...`");
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(args.games as usize);
    let began = Instant::now();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut records: Vec<GameRecord> = Vec::with_capacity(args.games as usize);
    let progress = std::io::stderr().is_terminal();
    std::thread::scope(|scope| -> Result<(), CliError> {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games as usize {
                        break;
                    }
                    if tx.send(play_game(args, i as u32)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for result in rx {
            let record = match result {
                Ok(r) => r,
                Err(e) => {
                    // Stop the other threads from starting more games.
                    next.store(usize::MAX / 2, Ordering::Relaxed);
                    return Err(e);
                }
            };
            records.push(record);
            if progress {
                print_progress(args, &records, began.elapsed());
            }
        }
        Ok(())
    })?;
    if progress {
        eprintln!();
    }
    records.sort_by_key(|r| r.index);
    report(args, &records, began.elapsed())
}

fn tally(records: &[GameRecord]) -> (u32, u32, u32) {
    let count = |r| records.iter().filter(|g| g.result == r).count() as u32;
    (
        count(Result1::AWins),
        count(Result1::BWins),
        count(Result1::Draw),
    )
}

fn print_progress(args: &MatchArgs, records: &[GameRecord], elapsed: Duration) {
    const WIDTH: usize = 30;
    let done = records.len();
    let total = args.games as usize;
    let filled = done * WIDTH / total.max(1);
    let (a, b, d) = tally(records);
    eprint!(
        "\r[{}{}] {done}/{total} games  {} {a}  {} {b}  draws {d}  {:.0}s ",
        "#".repeat(filled),
        " ".repeat(WIDTH - filled),
        args.a,
        args.b,
        elapsed.as_secs_f64()
    );
}

fn report(args: &MatchArgs, records: &[GameRecord], elapsed: Duration) -> Result<(), CliError> {
    let games = records.len() as u32;
    let (a_wins, b_wins, draws) = tally(records);
    let score = (f64::from(a_wins) + 0.5 * f64::from(draws)) / f64::from(games.max(1));
    let (low, high) = wilson_interval(score, f64::from(games));
    let unfinished = records.iter().filter(|r| r.unfinished).count();
    let plies: usize = records.iter().map(|r| r.plies).sum();
    let side_stats = |side: usize| {
        let moves: u64 = records.iter().map(|r| r.moves[side]).sum();
        let nodes: u64 = records.iter().map(|r| r.nodes[side]).sum();
        let time: Duration = records.iter().map(|r| r.time[side]).sum();
        let per_move = |x: f64| x / moves.max(1) as f64;
        (
            per_move(nodes as f64),
            per_move(time.as_secs_f64() * 1000.0),
        )
    };
    let as_south = records
        .iter()
        .filter(|r| r.index.is_multiple_of(2))
        .collect::<Vec<_>>();
    let south_score = as_south
        .iter()
        .map(|r| match r.result {
            Result1::AWins => 1.0,
            Result1::Draw => 0.5,
            Result1::BWins => 0.0,
        })
        .sum::<f64>()
        / as_south.len().max(1) as f64;
    println!(
        "{}: {} vs {}, {games} games (budget scale {}, seed {}, opening plies {}{})",
        args.variant,
        args.a,
        args.b,
        args.budget_scale,
        args.seed,
        args.opening_plies,
        if args.opening_plies > 0 {
            format!(
                ", checked by {} nodes within {} seeds",
                args.opening_check_nodes, args.opening_max_seeds
            )
        } else {
            String::new()
        }
    );
    println!(
        "{} wins {a_wins}, {} wins {b_wins}, draws {draws}{}",
        args.a,
        args.b,
        if unfinished > 0 {
            format!(" ({unfinished} stopped at {MAX_PLIES} plies, counted as draws)")
        } else {
            String::new()
        }
    );
    println!(
        "score of {}: {:.1}% (95% interval {:.1}%-{:.1}%); as South {:.1}%",
        args.a,
        score * 100.0,
        low * 100.0,
        high * 100.0,
        south_score * 100.0
    );
    for (side, level) in [(0, args.a), (1, args.b)] {
        let (nodes, ms) = side_stats(side);
        let perfect: u64 = records.iter().map(|r| r.perfect_moves[side]).sum();
        println!(
            "{level} ({}): {nodes:.0} nodes and {ms:.1} ms per move, {perfect} moves played from a proof or the endgame table",
            ["a", "b"][side]
        );
    }
    let mut distinct: Vec<u64> = records.iter().map(|r| r.moves_hash).collect();
    distinct.sort_unstable();
    distinct.dedup();
    if args.opening_plies > 0 {
        // Games 2k and 2k+1 share an opening: if the same side wins both, the opening decided.
        let pairs: Vec<&[GameRecord]> = records.chunks_exact(2).collect();
        let same_side = pairs
            .iter()
            .filter(|p| p[0].winner.is_some() && p[0].winner == p[1].winner)
            .count();
        let mut openings: Vec<u64> = records.iter().map(|r| r.opening_hash).collect();
        openings.sort_unstable();
        openings.dedup();
        println!(
            "{} distinct openings; {same_side} of {} pairs were won by the same side in both games",
            openings.len(),
            pairs.len()
        );
    }
    println!(
        "{:.1} plies per game, {} distinct games, {:.1} s in all",
        plies as f64 / f64::from(games.max(1)),
        distinct.len(),
        elapsed.as_secs_f64()
    );
    if args.json {
        let line = json!({
            "variant": args.variant.id(),
            "a": args.a.id(),
            "b": args.b.id(),
            "games": games,
            "a_wins": a_wins,
            "b_wins": b_wins,
            "draws": draws,
            "score": score,
            "ci_low": low,
            "ci_high": high,
            "budget_scale": args.budget_scale,
            "opening_plies": args.opening_plies,
            "opening_check_nodes": args.opening_check_nodes,
            "opening_max_seeds": args.opening_max_seeds,
            "opening_proof_nodes": args.opening_proof_nodes,
            "seed": args.seed,
            "perfect": format!("{:?}", args.perfect).to_lowercase(),
            "a_perfect_moves": records.iter().map(|r| r.perfect_moves[0]).sum::<u64>(),
            "b_perfect_moves": records.iter().map(|r| r.perfect_moves[1]).sum::<u64>(),
        });
        println!("{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_score() {
        let (low, high) = wilson_interval(0.5, 100.0);
        assert!((low - 0.404).abs() < 0.002 && (high - 0.596).abs() < 0.002);
        let (low, high) = wilson_interval(1.0, 100.0);
        assert!((low - 0.963).abs() < 0.002 && high == 1.0);
    }
}
