//! A game's moves as text to copy (`1. a3+ b5- 2. …`), and a pasted move list played through
//! the engine's notation into the replay viewer.

use super::{Notice, PasteError, RecordsCommand, Replay, SessionLoader, Viewer, back_to};
use crate::core::CoreSet;
use crate::core::{Screen, Seat, Session};
use bao_engine::{Game, Move, MoveProblem, Position};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, paste.in_set(CoreSet::Session));
}

/// The moves of `game` in notation, numbered by South–North pairs as the move list shows them:
/// `1. a3+ b5- 2. a4+`; a game that starts with North to move opens with `1. …`.
pub fn format_moves(game: &Game) -> String {
    let mut words = Vec::new();
    if game.opens_with_north() && !game.moves().is_empty() {
        words.push("1. …".to_owned());
    }
    for (i, mv) in game.moves().iter().enumerate() {
        if let Some(number) = game.pair_number(i) {
            words.push(format!("{number}."));
        }
        words.push(mv.to_string());
    }
    words.join(" ")
}

/// The first moves from `start` in the notation a paste reads (the engine's first legal move
/// each time), as the paste field's example: each game shows its own notation, with the
/// direction where the game has one.
pub fn example_moves(start: Position) -> String {
    let mut game = Game::from_position(start);
    for _ in 0..3 {
        let Some(&mv) = game.legal_moves().first() else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    format_moves(&game)
}

/// Plays a move list from `start`: moves in notation separated by spaces, commas or new lines;
/// move numbers (`12.`, `12.a3+`) and `…`/`...` are skipped.
///
/// # Errors
/// [`PasteError::Empty`] without a move, or [`PasteError::BadMove`] naming the first move that
/// cannot be read or played and its number.
pub fn parse_moves(start: Position, text: &str) -> Result<Game, PasteError> {
    let mut game = Game::from_position(start);
    let words = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map(strip_number)
        .filter(|w| !w.is_empty() && *w != "…" && *w != "...");
    for (i, word) in words.enumerate() {
        let bad = |problem: MoveProblem| PasteError::BadMove {
            number: i + 1,
            text: word.to_owned(),
            problem,
        };
        let mv: Move = word
            .parse()
            .map_err(|e: bao_engine::ParseMoveError| bad(e.into()))?;
        game.play(mv).map_err(|e| bad(e.into()))?;
    }
    if game.moves().is_empty() {
        return Err(PasteError::Empty);
    }
    Ok(game)
}

/// `12.a3+` → `a3+`, `12.` → ``, `a3+` → `a3+`.
fn strip_number(word: &str) -> &str {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    }
}

/// A pasted move list goes to the replay viewer, from the start of the game on the board.
fn paste(
    mut records: MessageReader<RecordsCommand>,
    mut notice: ResMut<Notice>,
    mut replay: ResMut<Replay>,
    screen: Res<State<Screen>>,
    mut loader: SessionLoader,
) {
    for command in records.read() {
        let RecordsCommand::Paste(text) = command else {
            continue;
        };
        let start = *loader.session().game().start();
        match parse_moves(start, text) {
            Ok(game) => {
                let pasted = Session::from_game(game, [Seat::Human, Seat::Human]);
                let back = back_to(&mut replay, &screen, loader.session());
                let viewer = Viewer::new(String::new(), &pasted, back);
                let session = viewer.session_at(0);
                replay.0 = Some(viewer);
                loader.load(session);
                *notice = Notice::None;
            }
            Err(error) => *notice = Notice::PasteFailed(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_engine::Variant;

    #[test]
    fn a_copied_move_list_pastes_back_to_the_same_game() {
        for variant in Variant::ALL {
            let mut game = Game::new(variant);
            for _ in 0..9 {
                let Some(&mv) = game.legal_moves().last() else {
                    break;
                };
                game.play(mv).unwrap();
            }
            let text = format_moves(&game);
            assert!(text.starts_with("1. "), "{text}");
            let back = parse_moves(*game.start(), &text).unwrap();
            assert_eq!(back.moves(), game.moves(), "{variant}: {text}");
            assert_eq!(back.position(), game.position());
        }
    }

    #[test]
    fn numbers_and_ellipses_are_skipped() {
        assert_eq!(strip_number("12.a3+"), "a3+");
        assert_eq!(strip_number("3."), "");
        assert_eq!(strip_number("b7"), "b7");
        assert_eq!(strip_number("1..."), "");
    }

    #[test]
    fn a_bad_move_is_named_with_its_number() {
        let mut game = Game::new(Variant::Kigogo);
        let first = game.legal_moves()[0];
        game.play(first).unwrap();
        let second = game.legal_moves()[0];
        let text = format!("1. {first} {second} 2. zz9");
        match parse_moves(Position::new(Variant::Kigogo), &text) {
            Err(PasteError::BadMove { number, text, .. }) => {
                assert_eq!((number, text.as_str()), (3, "zz9"));
            }
            other => panic!("expected a bad third move, got {other:?}"),
        }
        // A well-formed move that is not legal in the position (North's reply here).
        let mut game = Game::new(Variant::Kingulu);
        let first = game.legal_moves()[0];
        game.play(first).unwrap();
        let legal = game.legal_moves();
        let illegal = ["a", "b"]
            .iter()
            .flat_map(|row| (1..=Variant::Kingulu.cols()).map(move |n| format!("{row}{n}")))
            .find(|t| t.parse::<Move>().is_ok_and(|m| !legal.contains(&m)))
            .expect("some pit cannot start a move");
        assert!(matches!(
            parse_moves(
                Position::new(Variant::Kingulu),
                &format!("{first} {illegal}")
            ),
            Err(PasteError::BadMove { number: 2, .. })
        ));
        assert!(matches!(
            parse_moves(Position::new(Variant::Kigogo), " 1. … "),
            Err(PasteError::Empty)
        ));
    }

    #[test]
    fn the_paste_example_is_in_each_games_own_notation_and_pastes_back() {
        for variant in Variant::ALL {
            let start = Position::new(variant);
            let example = example_moves(start);
            let game = parse_moves(start, &example).expect("the example pastes");
            assert_eq!(game.moves().len(), 3, "{variant}: {example}");
            // Kujifunza's moves carry their direction; the other games' are a pit alone.
            let directed = example.contains('+') || example.contains('-');
            assert_eq!(
                directed,
                variant.game() == Variant::Kujifunza,
                "{variant}: {example}"
            );
        }
    }
}
