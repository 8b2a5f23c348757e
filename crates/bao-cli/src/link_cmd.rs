//! `link encode`, `link decode` and `link stats`: a game record as a game link and back
//! (`bao_engine::link`, docs/game-links.md), and the lengths of the links of many games.

use crate::io::{CliError, read_text};
use bao_ai::Level;
use bao_engine::link;
use bao_engine::{Game, GameRecord, Variant};
use clap::Subcommand;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::path::{Path, PathBuf};

/// The base URL of `link stats`, as in the size test of docs/game-links.md.
const STATS_BASE: &str = "https://museum.example.org/bao/";

/// Plies after which a game of `link stats` is stopped unfinished (computer games can cycle
/// without a repetition only in theory; random games always end well before).
const MAX_PLIES: usize = 5000;

/// The subcommands of `bao-cli link`.
#[derive(Subcommand, Debug)]
pub enum LinkCommand {
    /// Print the link of a game record: the bare payload (digits), or with --base the URL.
    Encode {
        /// Game record file (JSON); '-' reads standard input.
        record: PathBuf,
        /// The page's URL, e.g. https://museum.example.org/bao/: prints BASE#g=PAYLOAD.
        #[arg(long)]
        base: Option<String>,
    },
    /// Print the game record (JSON) of a link: a URL with #g=, or the payload alone.
    Decode {
        /// The link; '-' reads standard input.
        link: String,
    },
    /// Measure link lengths over whole games of each rule set; print one JSON line per rule set
    /// (lengths: median, 99th percentile, longest; the QR version at error correction M each
    /// needs).
    Stats {
        /// Games per rule set.
        #[arg(long, default_value_t = 2000)]
        games: u32,
        /// Random seed; rule set i uses seed + i (seed 0: the games of the engine's size test).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Both sides play this computer level instead of random legal moves (games of a more
        /// realistic length; slower).
        #[arg(long, value_parser = parse_level)]
        level: Option<Level>,
        /// The base URL the lengths are measured with.
        #[arg(long, default_value = STATS_BASE)]
        base: String,
    },
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse().map_err(|e: bao_ai::UnknownLevel| e.to_string())
}

/// Runs a `link` subcommand.
pub fn run(command: &LinkCommand) -> Result<(), CliError> {
    match command {
        LinkCommand::Encode { record, base } => encode(record, base.as_deref()),
        LinkCommand::Decode { link } => decode(link),
        LinkCommand::Stats {
            games,
            seed,
            level,
            base,
        } => stats(*games, *seed, *level, base),
    }
}

fn encode(path: &Path, base: Option<&str>) -> Result<(), CliError> {
    let text = read_text(path)?;
    let record = GameRecord::from_json(&text).map_err(|e| CliError::Record(path.to_owned(), e))?;
    let link = match base {
        Some(base) => link::to_url(base, &record),
        None => link::encode(&record),
    };
    let link = link.map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    println!("{link}");
    Ok(())
}

fn decode(text: &str) -> Result<(), CliError> {
    let text = if text == "-" {
        read_text(Path::new("-"))?
    } else {
        text.to_owned()
    };
    let record = link::decode(&text).map_err(|e| CliError::Usage(e.to_string()))?;
    println!("{}", record.to_json());
    Ok(())
}

fn stats(games: u32, seed: u64, level: Option<Level>, base: &str) -> Result<(), CliError> {
    if games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_add(i as u64));
        let mut plies = Vec::new();
        let mut urls = Vec::new();
        for _ in 0..games {
            let game = play_game(variant, level, &mut rng);
            let record = GameRecord::of_game(&game, "human", "expert", "");
            let url = link::to_url(base, &record)
                .map_err(|e| CliError::Usage(format!("a {variant} game: {e}")))?;
            plies.push(game.moves().len());
            urls.push(url);
        }
        plies.sort_unstable();
        urls.sort_by_key(String::len);
        let payload = |url: &String| url.len() - base.len() - 3;
        let figures = |f: &dyn Fn(&String) -> serde_json::Value| {
            json!([
                f(quantile(&urls, 0.5)),
                f(quantile(&urls, 0.99)),
                f(quantile(&urls, 1.0))
            ])
        };
        let line = json!({
            "variant": variant.id(),
            "games": games,
            "players": level.map_or("random", |l| l.id()),
            "plies": [quantile(&plies, 0.5), quantile(&plies, 0.99), quantile(&plies, 1.0)],
            "payload_digits": figures(&|u| payload(u).into()),
            "url_chars": figures(&|u| u.len().into()),
            "qr_version_m": figures(&|u| qr_version(u).into()),
        });
        println!("{line}");
    }
    Ok(())
}

/// A whole game of `variant`: random legal moves, or `level` on both sides.
fn play_game(variant: Variant, level: Option<Level>, rng: &mut Xoshiro256PlusPlus) -> Game {
    let mut game = Game::new(variant);
    while game.moves().len() < MAX_PLIES {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = match level {
            None => moves[rng.random_range(0..moves.len())],
            Some(level) => bao_ai::choose_move(&game, level, rng.random()).unwrap_or(moves[0]),
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// The element at fraction `q` of `sorted` (0 the first, 1 the last); `sorted` is not empty.
fn quantile<T>(sorted: &[T], q: f64) -> &T {
    &sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// The smallest QR version that holds `url` at error correction M (0 if none does).
fn qr_version(url: &str) -> i16 {
    match qrcode::bits::encode_auto(url.as_bytes(), qrcode::EcLevel::M).map(|b| b.version()) {
        Ok(qrcode::Version::Normal(v)) => v,
        _ => 0,
    }
}
