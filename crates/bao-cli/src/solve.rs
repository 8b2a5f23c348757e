//! `solve`: proves who wins a position by force with the df-pn solver of `bao_ai::proof`,
//! writes the proof file, or checks one.
//!
//! The value is found as two proofs: first "the side to move wins", then, if that is refuted,
//! "the other side wins"; both refuted is a draw (KU-11: neither side can force a win, so best
//! play never ends or ends in a repetition).
//!
//! Kingulu is scored, not won or lost (KN-8): there `solve` needs an endgame table (`--table`)
//! and finds each side's exact final score with `bao_ai::tables::solve_exact`, the table's
//! positions as the search's leaves.

use crate::io::{CliError, read_position};
use bao_ai::proof::{self, Progress, SolveLimits, Solver, Verdict};
use bao_ai::tables::{EndgameTable, ExactLimits, ExactProgress, solve_exact};
use bao_engine::{Player, Position, Variant};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `bao-cli solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// Solve the start position of this variant.
    #[arg(long, value_parser = crate::parse_variant, conflicts_with_all = ["position", "check"])]
    variant: Option<Variant>,
    /// Solve this position file (JSON format; '-' reads standard input).
    #[arg(long, conflicts_with = "check")]
    position: Option<PathBuf>,
    /// Positions to evaluate at most, per side proven [default: 50000000; no limit in Kingulu].
    #[arg(long)]
    nodes: Option<u64>,
    /// Memory for the transposition table, in MiB.
    #[arg(long, default_value_t = 256)]
    tt_mb: usize,
    /// Write the proof file here when a win is proven.
    #[arg(long)]
    write: Option<PathBuf>,
    /// Check this proof file instead of solving.
    #[arg(long)]
    check: Option<PathBuf>,
    /// Kingulu: the endgame table whose positions end the search (`bao-cli tables build`).
    #[arg(long, conflicts_with = "check")]
    table: Option<PathBuf>,
}

/// The df-pn's default budget, per side proven.
const DEFAULT_NODES: u64 = 50_000_000;

/// The search recurses once per ply of its path; it runs on a thread with room for that.
const SOLVER_STACK: usize = 1 << 30;

/// Runs `solve`.
pub fn run(args: &SolveArgs) -> Result<(), CliError> {
    if let Some(file) = &args.check {
        return check(file);
    }
    let root = match (&args.variant, &args.position) {
        (Some(v), None) => Position::new(*v),
        (None, Some(path)) => read_position(path)?,
        _ => {
            return Err(CliError::Usage(
                "solve needs --variant, --position or --check".into(),
            ));
        }
    };
    if root.variant() == Variant::Kingulu {
        return run_kingulu(args, root);
    }
    if args.table.is_some() {
        return Err(CliError::Usage(format!(
            "--table is an endgame table of kingulu; {} is solved without one",
            root.variant().id()
        )));
    }
    let limits = SolveLimits {
        nodes: args.nodes.unwrap_or(DEFAULT_NODES),
        table_bytes: args.tt_mb.saturating_mul(1 << 20),
    };
    let write = args.write.clone();
    print_from_solver_thread(move || solve(root, limits, write.as_deref()))
}

/// Runs `work` on a thread with the solvers' deep stack and prints the JSON it returns.
fn print_from_solver_thread(
    work: impl FnOnce() -> Result<Value, CliError> + Send + 'static,
) -> Result<(), CliError> {
    let worker = std::thread::Builder::new()
        .stack_size(SOLVER_STACK)
        .spawn(work)
        .map_err(CliError::Write)?;
    let out = worker
        .join()
        .map_err(|_| CliError::Usage("the solver thread failed".into()))??;
    println!("{out}");
    Ok(())
}

/// Kingulu: each side's exact final score (KN-8), searched down to the table's positions.
fn run_kingulu(args: &SolveArgs, root: Position) -> Result<(), CliError> {
    let Some(path) = &args.table else {
        return Err(CliError::Usage(
            "kingulu is scored (KN-8), so solve needs an endgame table for its leaves: \
             --table FILE (build one with `bao-cli tables build --max-seeds 10 --out FILE`)"
                .into(),
        ));
    };
    if args.write.is_some() {
        return Err(CliError::Usage(
            "--write saves a df-pn proof of a win; kingulu's exact value has no proof file".into(),
        ));
    }
    let table = EndgameTable::open(path)
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    let limits = ExactLimits {
        nodes: args.nodes.unwrap_or(u64::MAX),
        tt_bytes: args.tt_mb.saturating_mul(1 << 20),
    };
    print_from_solver_thread(move || exact(&root, &table, limits))
}

/// The exact search and its JSON line.
fn exact(root: &Position, table: &EndgameTable, limits: ExactLimits) -> Result<Value, CliError> {
    let began = Instant::now();
    eprintln!(
        "solve: kingulu exact value, table of {} active seeds, tt {} MiB",
        table.max_seeds(),
        limits.tt_bytes >> 20
    );
    let mut report = |p: &ExactProgress| {
        let seconds = began.elapsed().as_secs_f64();
        eprintln!(
            "solve: {} positions ({:.0}/s), south {}..={}, {} table leaves, {} repetitions, tt {:.1}% full, {seconds:.0} s",
            p.nodes,
            p.nodes as f64 / seconds.max(1e-9),
            p.south_low,
            p.south_high,
            p.table_leaves,
            p.repetitions_met,
            100.0 * p.tt_used as f64 / p.tt_capacity.max(1) as f64,
        );
    };
    let r = solve_exact(root, table, limits, &mut report)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let value = if !r.complete {
        "unknown"
    } else if r.south > r.north {
        "south"
    } else if r.north > r.south {
        "north"
    } else {
        "draw"
    };
    Ok(json!({
        "variant": root.variant().id(),
        "value": value,
        "south": r.complete.then_some(r.south),
        "north": r.complete.then_some(r.north),
        "south_low": r.south_low,
        "south_high": r.south_high,
        "move": r.best_move.map(|m| m.to_string()),
        "nodes": r.nodes,
        "seconds": began.elapsed().as_secs_f64(),
        "table_max_seeds": table.max_seeds(),
        "table_leaves": r.table_leaves,
        "inexact_leaves": r.inexact_leaves,
        "repetitions_met": r.repetitions_met,
        "max_depth": r.max_depth,
        "complete": r.complete,
    }))
}

/// `--check FILE`: the checker's verdict as JSON, or exit status 2 with the error.
fn check(file: &Path) -> Result<(), CliError> {
    let bytes = std::fs::read(file).map_err(|e| CliError::Read(file.to_owned(), e))?;
    let began = Instant::now();
    let summary = proof::check_proof(&bytes)
        .map_err(|e| CliError::Usage(format!("{}: invalid proof: {e}", file.display())))?;
    let out = json!({
        "ok": true,
        "variant": summary.variant.id(),
        "winner": summary.winner.id(),
        "positions": summary.positions,
        "plies": summary.plies,
        "seconds": began.elapsed().as_secs_f64(),
    });
    println!("{out}");
    Ok(())
}

/// What one attacker's search ended with.
struct Attempt {
    solver: Solver,
    verdict: Verdict,
}

fn attempt(root: Position, attacker: Player, limits: SolveLimits, began: Instant) -> Attempt {
    let mut solver = Solver::new(root, attacker, limits);
    eprintln!(
        "solve: can {attacker} force a win? table {} MiB, budget {} positions",
        solver.table_bytes() >> 20,
        limits.nodes
    );
    let verdict = solver.run(&mut |p| progress(attacker, p, began));
    eprintln!(
        "solve: {attacker} as attacker: {verdict:?} after {} positions",
        solver.nodes()
    );
    for (mv, values) in solver.root_moves() {
        let values = values.map_or("unknown".to_string(), |(pn, dn)| format!("pn {pn} dn {dn}"));
        eprintln!("solve:   {mv}: {values}");
    }
    Attempt { solver, verdict }
}

fn progress(attacker: Player, p: &Progress, began: Instant) {
    let seconds = began.elapsed().as_secs_f64();
    eprintln!(
        "solve: {attacker} {} positions ({:.0}/s), root pn {} dn {}, table {:.1}% full, depth {}, {seconds:.0} s",
        p.nodes,
        p.nodes as f64 / seconds.max(1e-9),
        p.root_pn,
        p.root_dn,
        100.0 * p.table_used as f64 / p.table_capacity.max(1) as f64,
        p.depth,
    );
}

/// Both proofs as needed, the proof file, and the JSON line.
fn solve(root: Position, limits: SolveLimits, write: Option<&Path>) -> Result<Value, CliError> {
    let began = Instant::now();
    let mover = root.to_move();
    let first = attempt(root, mover, limits, began);
    let mut nodes = first.solver.nodes();
    let mut exhausted = first.solver.budget_exhausted();
    let (winner, last) = match first.verdict {
        Verdict::Proven => (Some(mover), first),
        Verdict::Unknown { .. } => (None, first),
        Verdict::Disproven { .. } => {
            drop(first);
            let second = attempt(root, mover.opponent(), limits, began);
            nodes += second.solver.nodes();
            exhausted |= second.solver.budget_exhausted();
            let winner = (second.verdict == Verdict::Proven).then_some(mover.opponent());
            (winner, second)
        }
    };
    let mut last = last;
    let mut positions = None;
    let mut first_move = None;
    if winner.is_some() {
        first_move = last.solver.winning_move().map(|m| m.to_string());
        let (file, count) = last
            .solver
            .write_proof()
            .map_err(|e| CliError::Usage(format!("writing the proof failed: {e}")))?;
        positions = Some(count);
        if let Some(path) = write {
            std::fs::write(path, &file).map_err(CliError::Write)?;
            eprintln!("solve: wrote {} ({} bytes)", path.display(), file.len());
        }
    }
    if winner.is_none() && write.is_some() {
        eprintln!("solve: no win proven, so no proof file written");
    }
    let value = match (winner, last.verdict) {
        (Some(w), _) => w.id(),
        (
            None,
            Verdict::Disproven {
                path_dependent: false,
            },
        ) => "draw",
        _ => "unknown",
    };
    let (root_pn, root_dn) = match last.verdict {
        Verdict::Proven => (0, u64::from(u32::MAX)),
        Verdict::Disproven { .. } => (u64::from(u32::MAX), 0),
        Verdict::Unknown { pn, dn } => (u64::from(pn), u64::from(dn)),
    };
    let root_moves: Vec<Value> = last
        .solver
        .root_moves()
        .into_iter()
        .map(|(mv, v)| json!({"move": mv.to_string(), "pn": v.map(|v| v.0), "dn": v.map(|v| v.1)}))
        .collect();
    Ok(json!({
        "variant": root.variant().id(),
        "value": value,
        "move": first_move,
        "proven": winner.is_some() || value == "draw",
        "nodes": nodes,
        "positions": positions,
        "seconds": began.elapsed().as_secs_f64(),
        "budget_exhausted": exhausted,
        "attacker": last.solver.attacker().id(),
        "root_pn": root_pn,
        "root_dn": root_dn,
        "root_moves": root_moves,
    }))
}
