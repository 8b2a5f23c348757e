//! The puzzles of each game, as `bao-cli puzzles generate` made them and `bao-cli puzzles
//! verify` checks them (`assets/puzzles/<variant>.json`), compiled into the program so that
//! the web build and a kiosk without files have them too.

use bao_ai::puzzle::{Puzzle, PuzzleError, parse_puzzles};
use bao_engine::Variant;
use std::sync::OnceLock;

/// The four games' files.
const FILES: [(Variant, &str); 4] = [
    (
        Variant::Kujifunza,
        include_str!("../../assets/puzzles/kujifunza.json"),
    ),
    (
        Variant::Kingulu,
        include_str!("../../assets/puzzles/kingulu.json"),
    ),
    (
        Variant::Kigogo,
        include_str!("../../assets/puzzles/kigogo.json"),
    ),
    (
        Variant::Kimasai,
        include_str!("../../assets/puzzles/kimasai.json"),
    ),
];

/// One game's file, read.
type PuzzleFile = Result<Vec<Puzzle>, PuzzleError>;

/// The puzzles of `variant`'s game (both readings of Kujifunza share Kujifunza's: their
/// positions are of the `kujifunza` rules), in the file's order, easiest first.
///
/// # Errors
/// Why the game's file could not be read (CI verifies every file, so a build that ships one
/// has been changed by hand): the caller says so and offers no puzzles.
pub(crate) fn puzzles(variant: Variant) -> Result<&'static [Puzzle], &'static PuzzleError> {
    static BOOK: OnceLock<Vec<(Variant, PuzzleFile)>> = OnceLock::new();
    let book = BOOK.get_or_init(|| {
        FILES
            .iter()
            .map(|&(v, json)| (v, parse_puzzles(json)))
            .collect()
    });
    let game = variant.game();
    match book.iter().find(|(v, _)| *v == game) {
        Some((_, Ok(set))) => Ok(set),
        Some((_, Err(e))) => Err(e),
        None => Ok(&[]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_ai::puzzle::verify_set;

    #[test]
    fn every_game_has_at_least_twenty_puzzles_and_each_is_correct() {
        for v in Variant::ALL {
            let set = puzzles(v).expect("the file parses");
            assert!(set.len() >= 20, "{v}: {} puzzles", set.len());
            assert!(verify_set(set).is_ok(), "{v}: a puzzle is wrong");
            for p in set {
                assert_eq!(p.start().map(|s| s.variant()), Ok(v.game()), "{}", p.id);
            }
        }
    }
}
