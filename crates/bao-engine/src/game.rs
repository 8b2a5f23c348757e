//! A game: a start position, the moves played, and the history that repetition needs.

use crate::movegen::{MoveList, PlayError, PlayErrorKind};
use crate::notation::Move;
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::trace::Step;
use crate::variant::{Player, Variant};
use std::collections::HashMap;

/// A game in progress or finished, with every position it passed through.
///
/// Repetition (docs/rules.md, 'Repetition'): Kigogo and Kimasai end in a draw the first time a
/// position occurs a second time (KG-5, KM-4); Kujifunza draws on the third occurrence (KU-11) and
/// Kingulu ends on the third occurrence, scored as at the end of the game (KN-9).
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    outcomes: Vec<Outcome>,
    seen: HashMap<Position, u32>,
}

impl Game {
    /// A new game of `variant` from its start position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::new(variant))
    }

    /// A game starting from `start`.
    pub fn from_position(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start, 1);
        Game {
            outcomes: vec![start.outcome()],
            positions: vec![start],
            moves: Vec::new(),
            seen,
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has its start"))
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played and the position it was played in; `None` before the first move.
    pub fn last_move(&self) -> Option<(Move, &Position)> {
        let mv = *self.moves.last()?;
        let before = self.positions.iter().rev().nth(1)?;
        Some((mv, before))
    }

    /// How a move list numbers the moves: in South–North pairs from 1, so move `index` (from 0)
    /// is preceded by `n.` when it is South's and opens pair `n`, and by nothing when it is
    /// North's. A game that starts with North to move has no South move in pair 1: see
    /// [`Game::opens_with_north`].
    pub fn pair_number(&self, index: usize) -> Option<u32> {
        let ply = index + usize::from(self.opens_with_north());
        ply.is_multiple_of(2).then_some((ply / 2 + 1) as u32)
    }

    /// Whether the game started with North to move, so that a move list opens with `1. …`.
    pub fn opens_with_north(&self) -> bool {
        self.start().to_move() == Player::North
    }

    /// The outcome, repetition included.
    pub fn outcome(&self) -> Outcome {
        *self.outcomes.last().unwrap_or(&Outcome::Ongoing)
    }

    /// The legal moves now; empty once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_over() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Plays `mv`.
    ///
    /// # Errors
    /// A [`PlayError`] handing back the move if the game is over or the move is illegal; the game
    /// is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_traced(mv).map(|_| ())
    }

    /// Plays `mv` and returns its physical steps (see [`Step`]).
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn play_traced(&mut self, mv: Move) -> Result<Vec<Step>, PlayError> {
        if self.outcome().is_over() {
            return Err(PlayError {
                mv,
                kind: PlayErrorKind::GameOver,
            });
        }
        let (next, steps) = self.position().play_traced(mv)?;
        self.push(mv, next);
        Ok(steps)
    }

    fn push(&mut self, mv: Move, next: Position) {
        let count = self.seen.entry(next).or_insert(0);
        *count += 1;
        let count = *count;
        let outcome = match next.outcome() {
            Outcome::Ongoing if count >= repetition_limit(next.variant()) => {
                if next.variant() == Variant::Kingulu {
                    next.kingulu_result(EndReason::Repetition)
                } else {
                    Outcome::Draw {
                        reason: EndReason::Repetition,
                    }
                }
            }
            other => other,
        };
        self.positions.push(next);
        self.moves.push(mv);
        self.outcomes.push(outcome);
    }

    /// Takes back the last move and returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let pos = self.positions.pop()?;
        self.outcomes.pop();
        if let Some(count) = self.seen.get_mut(&pos) {
            *count -= 1;
            if *count == 0 {
                self.seen.remove(&pos);
            }
        }
        Some(mv)
    }
}

/// How many occurrences of one position end the game (KU-11, KN-9: three; KG-5, KM-4: two).
pub const fn repetition_limit(variant: Variant) -> u32 {
    match variant {
        Variant::Kujifunza | Variant::KujifunzaChoice | Variant::Kingulu => 3,
        Variant::Kigogo | Variant::Kimasai => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_in_south_north_pairs() {
        let mut game = Game::new(Variant::Kingulu);
        for _ in 0..3 {
            let mv = game.legal_moves()[0];
            game.play(mv).expect("legal");
        }
        assert!(!game.opens_with_north());
        let numbers: Vec<_> = (0..3).map(|i| game.pair_number(i)).collect();
        assert_eq!(numbers, [Some(1), None, Some(2)]);
        // From a position with North to move: "1. … b5- 2. a3+".
        let after_one = *game
            .positions()
            .get(1)
            .expect("a position after the first move");
        let north_first = Game::from_position(after_one);
        assert!(north_first.opens_with_north());
        assert_eq!(north_first.pair_number(0), None);
        assert_eq!(north_first.pair_number(1), Some(2));
    }

    #[test]
    fn the_last_move_comes_with_the_position_it_was_played_in() {
        let mut game = Game::new(Variant::Kigogo);
        assert!(game.last_move().is_none());
        let start = *game.position();
        let mv = game.legal_moves()[0];
        game.play(mv).expect("legal");
        assert_eq!(game.last_move(), Some((mv, &start)));
        game.undo();
        assert!(game.last_move().is_none());
    }
}
