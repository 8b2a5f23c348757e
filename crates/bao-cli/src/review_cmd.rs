//! `review`: every move of a saved game judged against the best one (`bao_ai::review_game`).

use crate::io::{CliError, read_text};
use bao_ai::tables::EndgameTable;
use bao_ai::{Basis, MoveReview, PlayerSummary, Review, ReviewOptions, Reviewer};
use bao_engine::{GameRecord, Player};
use clap::Args;
use serde_json::{Value, json};
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `bao-cli review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// Game record file (JSON, as `verify` reads it); '-' reads standard input.
    record: PathBuf,
    /// Print one JSON document instead of text: `{"variant", "start_balance", "nodes" (spent in
    /// all), "moves": [{"ply",
    /// "side", "move", "verdict", "seeds_lost", "best", "basis", "depth", "balance"}, …],
    /// "summary": {"south": {"moves", "best", "mistakes": [ply, …]}, "north": …}}`. `verdict` is
    /// best, good, dubious, loses_seeds, misses_win or loses_game; `basis` is search, table,
    /// proof or forced (the only legal move); `depth` is the search's depth, null otherwise;
    /// `balance` is South's seeds minus North's after the move; `mistakes` are plies, worst
    /// first.
    #[arg(long)]
    json: bool,
    /// Search nodes per position (default: a sixth of Expert's budget for the variant).
    #[arg(long)]
    nodes: Option<u64>,
    /// A Kingulu endgame table (`bao-cli tables build`): positions it holds are judged exactly.
    #[arg(long)]
    table: Option<PathBuf>,
}

/// `review`: reads and replays the record, reviews it, prints the review.
pub fn run(args: &ReviewArgs) -> Result<(), CliError> {
    let text = read_text(&args.record)?;
    let record_error = |e| CliError::Record(args.record.clone(), e);
    let game = GameRecord::from_json(&text)
        .and_then(|r| r.replay())
        .map_err(record_error)?;
    let mut options = ReviewOptions::for_variant(game.start().variant());
    if let Some(nodes) = args.nodes {
        if nodes == 0 {
            return Err(CliError::Usage("--nodes must be at least 1".into()));
        }
        options.nodes = nodes;
    }
    if let Some(path) = &args.table {
        let table = EndgameTable::open(path)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
        options.table = Some(Arc::new(table));
    }
    let nodes = options.nodes;
    let mut reviewer = Reviewer::new(*game.start(), game.moves(), options)
        .map_err(|e| CliError::Usage(format!("the record's moves cannot be replayed: {e}")))?;
    // The review does not depend on the slicing: slices only for the progress line.
    let progress = std::io::stderr().is_terminal();
    while !reviewer.work(if progress { nodes } else { u64::MAX }) {
        let (done, total) = reviewer.progress();
        eprint!("\rreviewing move {} of {total}", done + 1);
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    let review = reviewer
        .review()
        .ok_or_else(|| CliError::Usage("the review did not finish".into()))?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.json {
        writeln!(out, "{}", review_json(&review))?;
    } else {
        write_text(&mut out, &review)?;
    }
    out.flush()?;
    Ok(())
}

/// The review as the JSON document of `--json`.
pub fn review_json(review: &Review) -> Value {
    let moves: Vec<Value> = review.entries.iter().map(move_json).collect();
    let summary = |s: &PlayerSummary| {
        json!({
            "moves": s.moves,
            "best": s.best,
            "mistakes": s.mistakes.iter().map(|&i| review.entries[i].ply).collect::<Vec<_>>(),
        })
    };
    json!({
        "variant": review.variant.id(),
        "start_balance": review.start_balance,
        "nodes": review.nodes,
        "moves": moves,
        "summary": {
            "south": summary(&review.summary[Player::South.index()]),
            "north": summary(&review.summary[Player::North.index()]),
        },
    })
}

fn move_json(e: &MoveReview) -> Value {
    let depth = match e.basis {
        Basis::Search { depth } => Some(depth),
        _ => None,
    };
    json!({
        "ply": e.ply,
        "side": e.side.id(),
        "move": e.played.to_string(),
        "verdict": e.verdict.id(),
        "seeds_lost": e.seeds_lost,
        "best": e.best.to_string(),
        "basis": e.basis.id(),
        "depth": depth,
        "balance": e.balance,
    })
}

/// One line per move, then each player's moves, best moves and worst three.
fn write_text(out: &mut impl Write, review: &Review) -> std::io::Result<()> {
    for e in &review.entries {
        writeln!(out, "{}", move_line(e))?;
    }
    for side in [Player::South, Player::North] {
        let s = &review.summary[side.index()];
        writeln!(out)?;
        writeln!(
            out,
            "{}: {} moves, {} best",
            side_name(side),
            s.moves,
            s.best
        )?;
        if s.mistakes.is_empty() {
            writeln!(out, "  no mistakes")?;
        }
        for &i in &s.mistakes {
            writeln!(out, "  {}", move_line(&review.entries[i]))?;
        }
    }
    Ok(())
}

/// `12. North b5-      dubious         -1.0 seeds  best a3+ (search, depth 9)`.
fn move_line(e: &MoveReview) -> String {
    let head = format!(
        "{:>3}. {:<5} {:<9} {:<14}",
        e.ply + 1,
        side_name(e.side),
        e.played.to_string(),
        e.verdict.label()
    );
    let basis = match e.basis {
        Basis::Search { depth } => format!("search, depth {depth}"),
        Basis::Table => "table".into(),
        Basis::Proof => "proof".into(),
        Basis::Forced => "only move".into(),
    };
    let seeds = if e.seeds_lost > 0.0 {
        format!("-{:.1} seeds  ", e.seeds_lost)
    } else {
        String::new()
    };
    if e.played == e.best {
        format!("{head} ({basis})")
    } else {
        format!("{head} {seeds}best {} ({basis})", e.best)
    }
}

fn side_name(side: Player) -> &'static str {
    match side {
        Player::South => "South",
        Player::North => "North",
    }
}
