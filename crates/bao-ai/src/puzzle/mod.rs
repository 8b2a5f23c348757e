//! Puzzles as data (`assets/puzzles/`): positions with a goal and a solution, found from self-play,
//! checked exactly, and the helpers the game uses to judge a player's moves.
//!
//! The shipped sets, `assets/puzzles/<variant>.json`, were made with (release build):
//!
//! ```text
//! bao-cli puzzles generate --variant kujifunza --count 24 --seed 15 --out assets/puzzles/kujifunza.json
//! bao-cli puzzles generate --variant kingulu   --count 24 --seed 15 --out assets/puzzles/kingulu.json
//! bao-cli puzzles generate --variant kigogo    --count 24 --seed 15 --out assets/puzzles/kigogo.json
//! bao-cli puzzles generate --variant kimasai   --count 24 --seed 15 --out assets/puzzles/kimasai.json
//! ```
//!
//! A file is a JSON array of [`Puzzle`] objects:
//!
//! ```json
//! [{ "id": "kigogo-01",
//!    "position": { "variant": "kigogo", "to_move": "south", "rows": [[…], …],
//!                  "captured": { "south": 0, "north": 0 }, "reserved": [] },
//!    "goal": { "kind": "capture", "seeds": 4 },
//!    "solution": ["a3"],
//!    "depth": 2 }]
//! ```
//!
//! The goals ([`Goal`]):
//! * `{"kind": "win", "plies": N}`: the side to move forces a win (the engine's outcome
//!   `Win(mover)`) at or before ply `N` against every defence; `N` is odd, at most
//!   [`MAX_WIN_PLIES`], and the fastest such `N` (the puzzle is graded by it). `solution` is the
//!   main line: the mover's fastest winning moves and the opponent's longest defences, ending in
//!   the win. Where every defence at the last reply loses at once (a Kujifunza player who can
//!   only empty their own front row, KU-10; a Kingulu reply after which the mover cannot move
//!   and leads the count, KN-8), the win comes at an even ply: the solution then ends with that
//!   reply and `N` is the odd ply after it. The proof is exact ([`forced_win_within`]), and the
//!   solution is also replayed as a game with repetition counted.
//! * `{"kind": "capture", "seeds": N}`: the first move of `solution` takes at least `N` of the
//!   opponent's seeds off the opponent's side ([`seeds_captured`]).
//! * `{"kind": "reserve"}` (Kingulu only): the first move of `solution` reserves a hole
//!   (kuweka mtoto, KN-5; [`reserves_hole`]).
//!
//! In every puzzle at least one legal move misses the goal. `depth` is the grade
//! ([`grade`]): for a win the plies `N`; for a capture or a reservation a difficulty from 1
//! to 3 read from how many legal moves reach the goal. Explanations are not stored: the game
//! builds them from the engine's move trace.
//!
//! **Repetition inside the forced-win search is ignored** (KU-11, KN-9, KG-5, KM-4): the lines
//! are at most [`MAX_WIN_PLIES`] plies long and start from the puzzle's position with no
//! history, and a repetition needs a position to come back (KG-5/KM-4: both sides restoring
//! their seeds; KU-11/KN-9: a third occurrence, at least four plies of exact back-and-forth).
//! Counting the line's history would make every result depend on the path and rule out the
//! search's transposition table. A game that loads a puzzle starts a fresh history
//! ([`bao_engine::Game::from_position`]), as the verifier's replay of the solution does.
//!
//! ```
//! use bao_ai::puzzle::{Goal, goal_reached_by, parse_puzzles, verify};
//!
//! let text = r#"[{"id": "kimasai-demo",
//!   "position": {"variant": "kimasai", "to_move": "south",
//!     "rows": [[0,0,0,0,0,0,0,0,0,0,0,0], [0,0,0,0,0,0,0,1,0,0,0,0],
//!              [0,0,0,0,0,0,0,0,1,0,0,0], [0,0,0,0,0,0,0,0,0,0,0,1]],
//!     "captured": {"south": 22, "north": 21}},
//!   "goal": {"kind": "win", "plies": 1}, "solution": ["a9"], "depth": 1}]"#;
//! let puzzles = parse_puzzles(text).expect("well-formed");
//! verify(&puzzles[0]).expect("a correct puzzle");
//! let start = puzzles[0].start().expect("a valid position");
//! // South's a9 steps to a8 and captures North's last seed (KM-3, KM-4): won.
//! assert!(goal_reached_by(&start, "a9".parse().unwrap(), &puzzles[0].goal));
//! // South's b12 steps to a12 and captures nothing.
//! assert!(!goal_reached_by(&start, "b12".parse().unwrap(), &Goal::Win { plies: 1 }));
//! ```

mod generate;
mod goal;
mod solve;
mod verify;

pub use generate::generate;
pub use goal::{goal_reached_by, grade, reserves_hole, seeds_captured};
pub use solve::{
    Defence, MAX_WIN_PLIES, best_defence, forced_win_within, keeps_forced_win, main_line,
    win_distance, winning_move,
};
pub use verify::{FaultAt, PuzzleFault, verify, verify_set};

use bao_engine::{Move, ParseMoveError, Position, PositionError, PositionSetup};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// One puzzle as the file holds it: not necessarily correct ([`verify`] checks it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// Unique within its file, e.g. `kigogo-01`.
    pub id: String,
    /// The position in the text format of docs/rules.md, 'Position text format'.
    pub position: PositionSetup,
    /// What the player has to achieve.
    pub goal: Goal,
    /// Moves in notation: for a win the main line, else the first move reaches the goal.
    pub solution: Vec<String>,
    /// The grade ([`grade`]); optional in a file, always written by [`generate`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
}

/// What a puzzle asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Goal {
    /// Force a win at or before ply `plies` (odd: the mover's move, the reply, the move, …).
    Win {
        /// The ply limit, counting the mover's first move as ply 1.
        plies: u32,
    },
    /// The first move takes at least `seeds` of the opponent's seeds off the opponent's side.
    Capture {
        /// Seeds to capture.
        seeds: u32,
    },
    /// Kingulu: the first move reserves a hole (kuweka mtoto, KN-5).
    Reserve,
}

impl Goal {
    /// The ids of the goal kinds, as the file writes them.
    pub const KINDS: [&'static str; 3] = ["win", "capture", "reserve"];

    /// `win`, `capture` or `reserve`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Goal::Win { .. } => "win",
            Goal::Capture { .. } => "capture",
            Goal::Reserve => "reserve",
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win { plies } => write!(f, "win within {plies} plies"),
            Goal::Capture { seeds } => write!(f, "capture at least {seeds} seeds"),
            Goal::Reserve => write!(f, "reserve a hole"),
        }
    }
}

impl Puzzle {
    /// The checked start position.
    ///
    /// # Errors
    /// The [`PositionError`] of an invalid position.
    pub fn start(&self) -> Result<Position, PositionError> {
        Position::from_setup(&self.position)
    }

    /// The solution's moves, parsed.
    ///
    /// # Errors
    /// The index and error of the first move that is not notation.
    pub fn solution_moves(&self) -> Result<Vec<Move>, (usize, ParseMoveError)> {
        self.solution
            .iter()
            .enumerate()
            .map(|(i, text)| text.parse().map_err(|e| (i, e)))
            .collect()
    }
}

/// Why a puzzle file could not be read as puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// The entry (from 0) at fault, if the file is an array.
    pub index: Option<usize>,
    /// That entry's `id`, if it has a string one.
    pub id: Option<String>,
    /// What is wrong.
    pub kind: PuzzleErrorKind,
}

/// What is wrong with a puzzle file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleErrorKind {
    /// The text is not JSON.
    Json(String),
    /// The JSON is not an array.
    NotAnArray,
    /// A goal's `kind` is not `win`, `capture` or `reserve`.
    UnknownGoalKind(String),
    /// An entry does not have the puzzle format (a missing or unknown field, a wrong type).
    Malformed(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.id, self.index) {
            (Some(id), _) => write!(f, "puzzle {id}: ")?,
            (None, Some(i)) => write!(f, "puzzle #{} (no id): ", i + 1)?,
            (None, None) => {}
        }
        match &self.kind {
            PuzzleErrorKind::Json(msg) => write!(f, "bad JSON: {msg}"),
            PuzzleErrorKind::NotAnArray => write!(f, "bad JSON: expected an array of puzzles"),
            PuzzleErrorKind::UnknownGoalKind(kind) => write!(
                f,
                "unknown goal kind '{kind}' (expected {})",
                Goal::KINDS.join(", ")
            ),
            PuzzleErrorKind::Malformed(msg) => write!(f, "not a puzzle: {msg}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Parses a puzzle file: a JSON array of [`Puzzle`] objects. Nothing is verified beyond the
/// format (see [`verify_set`]).
///
/// # Errors
/// A [`PuzzleError`] for text that is not JSON, JSON that is not an array, or the first entry
/// that is not a puzzle (named by its index and id).
pub fn parse_puzzles(json: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let file_error = |kind| PuzzleError {
        index: None,
        id: None,
        kind,
    };
    let value: Value =
        serde_json::from_str(json).map_err(|e| file_error(PuzzleErrorKind::Json(e.to_string())))?;
    let Value::Array(entries) = value else {
        return Err(file_error(PuzzleErrorKind::NotAnArray));
    };
    entries
        .into_iter()
        .enumerate()
        .map(|(index, entry)| {
            let id = entry.get("id").and_then(Value::as_str).map(str::to_owned);
            let error = |kind| PuzzleError {
                index: Some(index),
                id: id.clone(),
                kind,
            };
            let kind = entry.get("goal").and_then(|g| g.get("kind"));
            if let Some(Value::String(kind)) = kind
                && !Goal::KINDS.contains(&kind.as_str())
            {
                return Err(error(PuzzleErrorKind::UnknownGoalKind(kind.clone())));
            }
            serde_json::from_value(entry)
                .map_err(|e| error(PuzzleErrorKind::Malformed(e.to_string())))
        })
        .collect()
}

/// The puzzles as the shipped files write them: a pretty-printed array, one object per puzzle,
/// each board row on one line.
pub fn to_json_pretty(puzzles: &[Puzzle]) -> String {
    let mut out = String::from("[\n");
    for (i, p) in puzzles.iter().enumerate() {
        let s = &p.position;
        out.push_str("  {\n");
        out.push_str(&format!("    \"id\": {},\n", compact(&p.id)));
        out.push_str("    \"position\": {\n");
        out.push_str(&format!("      \"variant\": {},\n", compact(&s.variant)));
        out.push_str(&format!("      \"to_move\": {},\n", compact(&s.to_move)));
        out.push_str("      \"rows\": [\n");
        for (r, row) in s.rows.iter().enumerate() {
            let comma = if r + 1 < s.rows.len() { "," } else { "" };
            out.push_str(&format!("        {}{comma}\n", compact(row)));
        }
        out.push_str("      ],\n");
        out.push_str(&format!(
            "      \"captured\": {{\"south\": {}, \"north\": {}}},\n",
            s.captured.south, s.captured.north
        ));
        out.push_str(&format!("      \"reserved\": {}\n", compact(&s.reserved)));
        out.push_str("    },\n");
        let goal = match p.goal {
            Goal::Win { plies } => format!("{{\"kind\": \"win\", \"plies\": {plies}}}"),
            Goal::Capture { seeds } => format!("{{\"kind\": \"capture\", \"seeds\": {seeds}}}"),
            Goal::Reserve => "{\"kind\": \"reserve\"}".to_owned(),
        };
        out.push_str(&format!("    \"goal\": {goal},\n"));
        let solution: Vec<String> = p.solution.iter().map(compact).collect();
        let depth = p.depth.map(|d| format!(",\n    \"depth\": {d}"));
        out.push_str(&format!(
            "    \"solution\": [{}]{}\n",
            solution.join(", "),
            depth.unwrap_or_default()
        ));
        out.push_str(if i + 1 < puzzles.len() {
            "  },\n"
        } else {
            "  }\n"
        });
    }
    out.push_str("]\n");
    out
}

/// Compact JSON of a leaf that [`to_json_pretty`] writes.
fn compact<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|e| unreachable!("strings, numbers and setups serialise: {e}"))
}
