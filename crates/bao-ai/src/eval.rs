//! Static evaluation: how good a position is for the player to move, in centiseeds.
//!
//! The value is the material balance: seeds on the player's side minus the opponent's
//! (Kujifunza, Kigogo, Kimasai: captured seeds leave the board or change sides), or the
//! difference of the KN-8 scores in Kingulu. Positional terms were tried (back-row seeds,
//! front-row occupation, threatened seeds, mobility, and for Kimasai a logistic regression
//! fitted to self-play results) and none won measurably more games than material plus a
//! capture search, so the evaluation stays this simple; see `RESULTS.md`.

use crate::key::mix;
use bao_engine::{Pit, PitName, Player, Position, Row, Variant};

/// The score of a won game, less the plies it takes, so that quicker wins score higher.
pub(crate) const MATE: i32 = 1_000_000;
/// Scores beyond this are won or lost games.
pub(crate) const WIN_BOUND: i32 = MATE - 10_000;
/// One seed, in evaluation units.
pub(crate) const SEED: i32 = 100;

/// Evaluates positions of one variant. Built once per search; evaluating allocates nothing.
#[derive(Clone, Debug)]
pub(crate) struct Evaluator {
    variant: Variant,
    /// Pits per row.
    n: usize,
    /// `front[p][k - 1]` is player `p`'s pit `a{k}`.
    front: [[Pit; 12]; 2],
    noise: i32,
    seed: u64,
}

impl Evaluator {
    pub(crate) fn new(variant: Variant, noise: i32, seed: u64) -> Evaluator {
        let start = Position::new(variant);
        let n = variant.cols();
        let mut front = [[Pit::new(0, 0); 12]; 2];
        for player in [Player::South, Player::North] {
            for k in 1..=n {
                let name = PitName {
                    row: Row::Front,
                    number: k as u8,
                };
                if let Some(pit) = start.pit_named(player, name) {
                    front[player.index()][k - 1] = pit;
                }
            }
        }
        Evaluator {
            variant,
            n,
            front,
            noise,
            seed,
        }
    }

    #[inline]
    fn front_row_empty(&self, pos: &Position, player: Player) -> bool {
        self.front[player.index()][..self.n]
            .iter()
            .all(|&pit| pos.seeds(pit).unwrap_or(0) == 0)
    }

    /// Kingulu: the holes `player` has reserved on the opponent's row (KN-5).
    #[inline]
    fn holes_reserved_by(&self, pos: &Position, player: Player) -> usize {
        self.front[player.opponent().index()][..self.n]
            .iter()
            .filter(|&&pit| pos.reserved_by(pit) == Some(player))
            .count()
    }

    /// The end of the game that needs no move generation (KU-10 bao hamna, KG-5 and KM-4 no
    /// seeds), as `+MATE` (the player to move has won) or `-MATE` (lost). A blockade (no legal
    /// move) is found by the search when a position has no successors.
    #[inline]
    pub(crate) fn terminal(&self, pos: &Position) -> Option<i32> {
        let me = pos.to_move();
        match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => {
                // KU-10: the mover's own empty front row is checked first, as the engine does.
                if self.front_row_empty(pos, me) {
                    Some(-MATE)
                } else if self.front_row_empty(pos, me.opponent()) {
                    Some(MATE)
                } else {
                    None
                }
            }
            Variant::Kigogo | Variant::Kimasai if pos.seeds_on_side(me) == 0 => Some(-MATE),
            _ => None,
        }
    }

    /// Whether the move from `before` to `after` captured: took seeds from the opponent
    /// (KU-6, KN-4, KG-4, KM-3) or reserved a hole (KN-5).
    #[inline]
    pub(crate) fn is_capture(&self, before: &Position, after: &Position) -> bool {
        let me = before.to_move();
        match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => {
                after.seeds_on_side(me) > before.seeds_on_side(me)
            }
            Variant::Kingulu => {
                after.captured(me) > before.captured(me)
                    || self.holes_reserved_by(after, me) > self.holes_reserved_by(before, me)
            }
            Variant::Kigogo | Variant::Kimasai => after.captured(me) > before.captured(me),
        }
    }

    /// The value of `pos` for the player to move, in centiseeds. `key` is the position's key:
    /// the seeded noise of the weaker levels depends on it, so that a position always gets the
    /// same value within a search.
    #[inline]
    pub(crate) fn evaluate(&self, pos: &Position, key: u64) -> i32 {
        let me = pos.to_move();
        let opp = me.opponent();
        let (mine, theirs) = match self.variant {
            Variant::Kingulu => (pos.kingulu_score(me), pos.kingulu_score(opp)),
            _ => (pos.seeds_on_side(me), pos.seeds_on_side(opp)),
        };
        let mut score = (mine as i32 - theirs as i32) * SEED;
        if self.noise > 0 {
            let span = 2 * self.noise as u64 + 1;
            score += (mix(key, self.seed) % span) as i32 - self.noise;
        }
        score
    }
}
