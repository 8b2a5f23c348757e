//! Helpers shared by the rules tests: positions built from the JSON text format (docs/rules.md,
//! 'Position text format'), legal moves as notation strings, and playing moves by their notation.

use bao_engine::{Game, Move, Outcome, Position};

/// The JSON text of a position (docs/rules.md, 'Position text format').
pub fn json<const N: usize>(
    variant: &str,
    to_move: &str,
    rows: &[[u8; N]],
    captured: [u8; 2],
    reserved: &[(u8, u8, &str)],
) -> String {
    let rows: Vec<String> = rows
        .iter()
        .map(|r| {
            let cells: Vec<String> = r.iter().map(u8::to_string).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    let reserved: Vec<String> = reserved
        .iter()
        .map(|(row, col, owner)| format!(r#"{{"row":{row},"col":{col},"owner":"{owner}"}}"#))
        .collect();
    format!(
        r#"{{"variant":"{variant}","to_move":"{to_move}","rows":[{}],"captured":{{"south":{},"north":{}}},"reserved":[{}]}}"#,
        rows.join(","),
        captured[0],
        captured[1],
        reserved.join(",")
    )
}

/// A position from the text format; the fixture must be valid.
pub fn position<const N: usize>(
    variant: &str,
    to_move: &str,
    rows: &[[u8; N]],
    captured: [u8; 2],
    reserved: &[(u8, u8, &str)],
) -> Position {
    let text = json(variant, to_move, rows, captured, reserved);
    Position::from_json(&text).unwrap_or_else(|e| panic!("fixture rejected: {e}\n{text}"))
}

/// A Kujifunza position (4×8, nothing captured), rule set `kujifunza` (KU-8).
pub fn ku(to_move: &str, rows: [[u8; 8]; 4]) -> Position {
    position("kujifunza", to_move, &rows, [0, 0], &[])
}

/// The same board in the rule set `kujifunza-choice` (KU-8c).
pub fn kuc(to_move: &str, rows: [[u8; 8]; 4]) -> Position {
    position("kujifunza-choice", to_move, &rows, [0, 0], &[])
}

/// A Kigogo position (4×12).
pub fn kg(to_move: &str, rows: [[u8; 12]; 4], captured: [u8; 2]) -> Position {
    position("kigogo", to_move, &rows, captured, &[])
}

/// A Kimasai position (4×12).
pub fn km(to_move: &str, rows: [[u8; 12]; 4], captured: [u8; 2]) -> Position {
    position("kimasai", to_move, &rows, captured, &[])
}

/// A Kingulu position (2×6) with reserved holes `(row, col, owner)`.
pub fn kn(
    to_move: &str,
    rows: [[u8; 6]; 2],
    captured: [u8; 2],
    reserved: &[(u8, u8, &str)],
) -> Position {
    position("kingulu", to_move, &rows, captured, reserved)
}

/// Absolute rows as `Position::rows` returns them.
pub fn rows<const N: usize>(rows: &[[u8; N]]) -> Vec<Vec<u8>> {
    rows.iter().map(|r| r.to_vec()).collect()
}

/// The legal moves in notation, sorted.
pub fn legal(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

/// Sorted owned strings, for comparing with [`legal`].
pub fn strings(moves: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

/// Parses a move in notation; the text must be valid notation.
pub fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("bad notation in test: {e}"))
}

/// Plays `text` on `p`; the move must be legal.
pub fn play(p: &Position, text: &str) -> Position {
    p.play(mv(text))
        .unwrap_or_else(|e| panic!("{e}; legal: {:?}", legal(p)))
}

/// Plays `text` in `game`; the move must be legal.
pub fn play_game(game: &mut Game, text: &str) {
    if let Err(e) = game.play(mv(text)) {
        panic!(
            "{e} at ply {}; legal: {:?}",
            game.moves().len(),
            legal(game.position())
        );
    }
}

/// Shorthand for a win.
pub fn win(winner: bao_engine::Player, reason: bao_engine::EndReason) -> Outcome {
    Outcome::Win { winner, reason }
}

/// A position for failure messages, readable without the JSON noise.
pub fn describe(p: &Position) -> String {
    format!(
        "{} {} to move, rows {:?}, captured {}/{}",
        p.variant(),
        p.to_move(),
        p.rows(),
        p.captured(bao_engine::Player::South),
        p.captured(bao_engine::Player::North)
    )
}
