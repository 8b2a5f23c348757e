//! Legal moves and playing them: `legal_moves`, `is_legal`, `play`, `play_traced` and the
//! unchecked fast path for search.

use crate::notation::{Kichwa, MAX_CHOICES, Move};
use crate::pit::Direction;
use crate::position::Position;
use crate::rules::{self, RunEnd};
use crate::trace::{Step, Tracer};
use crate::variant::Variant;
use arrayvec::ArrayVec;
use std::fmt;

/// The most legal moves a position can have: Kujifunza's 16 pits × 2 directions × 2⁴ kichwa
/// choice combinations (`kujifunza-choice`, KU-8c).
pub const MAX_MOVES: usize = 512;

/// A list of moves that lives on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A move that cannot be played in this position. The position is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The move that was refused.
    pub mv: Move,
    /// Why.
    pub kind: PlayErrorKind,
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayErrorKind {
    /// The game is already over in this position.
    GameOver,
    /// The move is not among the legal moves of the position.
    Illegal,
    /// The move carries kichwa letters (`/L`, `/R`) in a rule set where the mover never chooses
    /// the kichwa: in `kujifunza` it follows the move's direction (KU-8); the letters belong to
    /// `kujifunza-choice` (KU-8c).
    KichwaNotChosen,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PlayErrorKind::GameOver => write!(f, "cannot play {}: the game is over", self.mv),
            PlayErrorKind::Illegal => write!(f, "{} is not a legal move in this position", self.mv),
            PlayErrorKind::KichwaNotChosen => write!(
                f,
                "{} is not a move of these rules: after a capture from a middle pit the kichwa \
                 keeps the move's direction (KU-8), so moves carry no /L or /R \
                 (those belong to kujifunza-choice)",
                self.mv
            ),
        }
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// Calls `f` with every legal move and the position it leads to, once per distinct full
    /// move. Produces nothing when the game is over (see [`Position::outcome`]). This is the
    /// cheapest way to visit successors: each move is simulated exactly once.
    pub fn for_each_move(&self, mut f: impl FnMut(Move, &Position)) {
        if self.static_outcome().is_some() {
            return;
        }
        self.generate(&mut f);
    }

    /// All legal moves, in a fixed order. Empty when the game is over.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_move(|m, _| list.push(m));
        list
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// Plays `mv` and returns the new position.
    ///
    /// # Errors
    /// A [`PlayError`] handing back the move if it is not legal or the game is over; `self` is
    /// unchanged.
    pub fn play(&self, mv: Move) -> Result<Position, PlayError> {
        self.successor(mv)
    }

    /// Plays `mv` and returns the new position with the physical steps of the move, in order
    /// (see [`Step`]).
    ///
    /// # Errors
    /// As [`Position::play`].
    pub fn play_traced(&self, mv: Move) -> Result<(Position, Vec<Step>), PlayError> {
        let next = self.successor(mv)?;
        let mut steps = Vec::new();
        let mut traced = *self;
        traced.apply_legal(mv, &mut steps);
        debug_assert_eq!(traced, next, "the traced and untraced paths agree");
        Ok((next, steps))
    }

    /// The position `mv` leads to, found in one pass over the legal moves (each simulated
    /// once), or why it cannot be played.
    fn successor(&self, mv: Move) -> Result<Position, PlayError> {
        let game_over = PlayError {
            mv,
            kind: PlayErrorKind::GameOver,
        };
        if self.static_outcome().is_some() {
            return Err(game_over);
        }
        let mut any = false;
        let mut found = None;
        self.generate(&mut |m, next| {
            any = true;
            if m == mv {
                found = Some(*next);
            }
        });
        let kind = if self.variant == Variant::Kujifunza && mv.choice_count() > 0 {
            PlayErrorKind::KichwaNotChosen
        } else {
            PlayErrorKind::Illegal
        };
        match found {
            Some(next) => Ok(next),
            None if any => Err(PlayError { mv, kind }),
            None => Err(game_over),
        }
    }

    /// Plays a move from [`Position::legal_moves`] without checking it: the fast path for
    /// search.
    ///
    /// The result of playing a move that is not legal is unspecified (but memory-safe, and the
    /// seed total is kept).
    pub fn play_unchecked(&mut self, mv: Move) {
        self.apply_legal(mv, &mut ());
    }

    /// Applies a move known to be legal, switching the side to move.
    fn apply_legal(&mut self, mv: Move, t: &mut impl Tracer) {
        let g = self.geometry();
        let Some(start) = g.cell_of_name(self.to_move, mv.pit()) else {
            return;
        };
        match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => {
                let dir = mv.direction().unwrap_or(Direction::CounterClockwise);
                let capturing = rules::ku_is_capturing_start(self, start, dir);
                rules::ku_run(self, start, dir, capturing, &mv, t);
            }
            Variant::Kingulu => {
                rules::kn_run(self, start, t);
            }
            Variant::Kigogo if self.cells[start] >= 2 => {
                rules::kg_run(self, start, t);
            }
            Variant::Kigogo | Variant::Kimasai => rules::single_step(self, start, t),
        }
        self.to_move = self.to_move.opponent();
        self.debug_check();
    }

    /// Generates every legal move with its result, ignoring whether the game is over.
    pub(crate) fn generate(&self, f: &mut impl FnMut(Move, &Position)) {
        match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => self.generate_kujifunza(f),
            Variant::Kingulu => self.generate_kingulu(f),
            Variant::Kigogo => self.generate_kigogo(f),
            Variant::Kimasai => self.generate_singles(f),
        }
    }

    /// Own cells in circuit order (`b1 … bn an … a1`, or Kingulu `a1 … a6`).
    fn own_cells(&self) -> std::ops::Range<usize> {
        let g = self.geometry();
        if self.variant.is_four_row() {
            let start = g.ring_start(self.to_move);
            start..start + g.ring
        } else {
            let start = self.to_move.index() * g.n;
            start..start + g.n
        }
    }

    fn move_at(&self, cell: usize) -> Move {
        Move::new(self.geometry().name_of_cell(cell))
    }

    /// KU-3..KU-5: capturing moves if any exist, else takata moves; in `kujifunza-choice` with
    /// every kichwa choice combination (KU-8c).
    ///
    /// Decision (the sources leave it open; docs/rules.md, KU-4): "a capturing move exists" is
    /// judged by KU-3's definition, i.e. by the first lap. If every capturing move turns out to be
    /// endless, the player has no legal move; takata moves do not become legal.
    fn generate_kujifunza(&self, f: &mut impl FnMut(Move, &Position)) {
        let dirs = [Direction::CounterClockwise, Direction::Clockwise];
        let g = self.geometry();
        let cells = self.own_cells();
        let capturing_exists = cells.clone().any(|c| {
            dirs.iter()
                .any(|&d| rules::ku_is_capturing_start(self, c, d))
        });
        let takata_from_back = !cells.clone().any(|c| g.is_front(c) && self.cells[c] >= 2);
        for cell in cells {
            if self.cells[cell] < 2 {
                continue;
            }
            for dir in dirs {
                let capturing = rules::ku_is_capturing_start(self, cell, dir);
                if capturing != capturing_exists {
                    continue;
                }
                if !capturing && g.is_front(cell) == takata_from_back {
                    continue;
                }
                let base = Move::with_direction(self.move_at(cell).pit(), dir);
                self.expand_kujifunza(cell, dir, capturing, base, f);
            }
        }
    }

    /// Plays a Kujifunza move, branching at each kichwa choice of `kujifunza-choice` (KU-8c;
    /// depth-first, `L` before `R`). In `kujifunza` no choice arises (KU-8).
    fn expand_kujifunza(
        &self,
        cell: usize,
        dir: Direction,
        capturing: bool,
        mv: Move,
        f: &mut impl FnMut(Move, &Position),
    ) {
        let mut next = *self;
        match rules::ku_run(&mut next, cell, dir, capturing, &mv, &mut ()) {
            RunEnd::Done => {
                next.to_move = next.to_move.opponent();
                next.debug_check();
                f(mv, &next);
            }
            RunEnd::NeedsChoice if mv.choice_count() < MAX_CHOICES => {
                for k in [Kichwa::Left, Kichwa::Right] {
                    if let Some(m) = mv.with_choice(k) {
                        self.expand_kujifunza(cell, dir, capturing, m, f);
                    }
                }
            }
            _ => {}
        }
    }

    /// KN-2, KN-3: any unreserved, non-empty own pit whose move is not forbidden or endless.
    fn generate_kingulu(&self, f: &mut impl FnMut(Move, &Position)) {
        for cell in self.own_cells() {
            if self.cells[cell] == 0 || self.reserved_owner(cell).is_some() {
                continue;
            }
            let mut next = *self;
            if rules::kn_run(&mut next, cell, &mut ()) == RunEnd::Done {
                next.to_move = next.to_move.opponent();
                next.debug_check();
                f(self.move_at(cell), &next);
            }
        }
    }

    /// KG-2, KG-3: pits of 2 or more seeds; singletons only if there are none.
    fn generate_kigogo(&self, f: &mut impl FnMut(Move, &Position)) {
        if !self.own_cells().any(|c| self.cells[c] >= 2) {
            return self.generate_singles(f);
        }
        for cell in self.own_cells() {
            if self.cells[cell] < 2 {
                continue;
            }
            let mut next = *self;
            if rules::kg_run(&mut next, cell, &mut ()) == RunEnd::Done {
                next.to_move = next.to_move.opponent();
                next.debug_check();
                f(self.move_at(cell), &next);
            }
        }
    }

    /// KG-3, KM-2: a single seed steps to the next pit if it is empty.
    fn generate_singles(&self, f: &mut impl FnMut(Move, &Position)) {
        for cell in self.own_cells() {
            if self.cells[cell] != 1 || self.cells[rules::next_cell(self, cell)] != 0 {
                continue;
            }
            let mut next = *self;
            rules::single_step(&mut next, cell, &mut ());
            next.to_move = next.to_move.opponent();
            next.debug_check();
            f(self.move_at(cell), &next);
        }
    }
}
