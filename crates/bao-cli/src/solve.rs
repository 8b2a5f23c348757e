//! `solve`: proves who wins a position by force with the df-pn solver of `bao_ai::proof`,
//! writes the proof file, or checks one.
//!
//! The value is found as two proofs: first "the side to move wins", then, if that is refuted,
//! "the other side wins"; both refuted is a draw (KU-11: neither side can force a win, so best
//! play never ends or ends in a repetition).

use crate::io::{CliError, read_position};
use bao_ai::proof::{self, Progress, SolveLimits, Solver, Verdict};
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
    /// Positions to evaluate at most, per side proven.
    #[arg(long, default_value_t = 50_000_000)]
    nodes: u64,
    /// Memory for the transposition table, in MiB.
    #[arg(long, default_value_t = 256)]
    tt_mb: usize,
    /// Write the proof file here when a win is proven.
    #[arg(long)]
    write: Option<PathBuf>,
    /// Check this proof file instead of solving.
    #[arg(long)]
    check: Option<PathBuf>,
}

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
    let limits = SolveLimits {
        nodes: args.nodes,
        table_bytes: args.tt_mb.saturating_mul(1 << 20),
    };
    let write = args.write.clone();
    let worker = std::thread::Builder::new()
        .stack_size(SOLVER_STACK)
        .spawn(move || solve(root, limits, write.as_deref()))
        .map_err(CliError::Write)?;
    let out = worker
        .join()
        .map_err(|_| CliError::Usage("the solver thread failed".into()))??;
    println!("{out}");
    Ok(())
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
