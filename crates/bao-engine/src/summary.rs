//! A move's summary, read from its trace: where it started, how many seeds it lifted, how often
//! it relayed, what it captured and where the captured seeds went, a reserved hole and its
//! tolls. The rules knowledge the game's captions and explanations put into words.

use crate::notation::{Kichwa, Move};
use crate::pit::PitName;
use crate::position::Position;
use crate::trace::{CaptureTo, ReEntry, Step};
use crate::variant::Player;

/// What a move did, read from its trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveSummary {
    /// Who moved.
    pub mover: Player,
    /// The pit the move started from, named from the mover's seat.
    pub start: PitName,
    /// Seeds lifted from it.
    pub lifted: u32,
    /// Times a lap ended in an occupied pit and its seeds were lifted to sow on.
    pub relays: u32,
    /// Seeds the mover captured.
    pub captured: u32,
    /// Separate captures.
    pub captures: u32,
    /// Kujifunza: the kichwa the captured seeds were last sown from (KU-7).
    pub kichwa: Option<Kichwa>,
    /// Kujifunza: why that kichwa (KU-8, KU-8c).
    pub reentry: Option<ReEntry>,
    /// Kingulu: the hole the mover reserved, named from the mover's seat (KN-5).
    pub reserved: Option<PitName>,
    /// Kingulu: seeds taken as toll by South and North (KN-6), by [`Player::index`].
    pub tolls: [u32; 2],
}

impl MoveSummary {
    /// The summary of `mv` played from `before`, whose trace is `steps`; `None` if the trace
    /// does not start by lifting seeds from a pit of the board.
    pub fn of(before: &Position, mv: Move, steps: &[Step]) -> Option<MoveSummary> {
        let mover = before.to_move();
        let mut summary = MoveSummary {
            mover,
            start: mv.pit(),
            lifted: 0,
            relays: 0,
            captured: 0,
            captures: 0,
            kichwa: None,
            reentry: None,
            reserved: None,
            tolls: [0; 2],
        };
        let Some(Step::Lift { count, .. }) = steps.first() else {
            return None;
        };
        summary.lifted = u32::from(*count);
        for step in steps {
            match *step {
                Step::Relay { .. } => summary.relays += 1,
                Step::Capture { count, by, .. } if by == mover => {
                    summary.captured += u32::from(count);
                    summary.captures += 1;
                }
                Step::ReEnter { kichwa, why, .. } => {
                    summary.kichwa = Some(kichwa);
                    summary.reentry = Some(why);
                }
                Step::Reserve { pit, owner } if owner == mover => {
                    summary.reserved = before.name_of(pit).map(|(_, name)| name);
                }
                Step::Toll { owner, .. } => summary.tolls[owner.index()] += 1,
                _ => {}
            }
        }
        // KU-7: captured seeds go into the hand and are sown again from a kichwa; in the other
        // games they leave the board.
        if !steps.iter().any(|s| {
            matches!(
                s,
                Step::Capture {
                    to: CaptureTo::Hand,
                    ..
                }
            )
        }) {
            summary.kichwa = None;
            summary.reentry = None;
        }
        Some(summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    #[test]
    fn ku_8_a_chain_is_summed_up_with_its_last_re_entry_and_why() {
        // The position of the rules test `ku_8_after_a_kimbi_capture_turns_the_move_…`: a4+
        // lifts 2, captures 2 from the kimbi a2 (re-entry at a1, the move turns `-`), relays
        // 3 from a2, captures 3 from the middle pit a5 (re-entry at a1, the direction kept),
        // relays 3 from a3 and ends.
        let before = Position::from_json(
            r#"{"variant":"kujifunza","to_move":"south","rows":[[7,7,7,7,7,7,6,6],
            [0,2,0,0,3,0,0,1],[0,1,0,2,1,0,0,0],[0,0,0,0,0,0,0,0]]}"#,
        )
        .expect("valid");
        let mv: Move = "a4+".parse().expect("notation");
        let (_, steps) = before.play_traced(mv).expect("legal");
        let s = MoveSummary::of(&before, mv, &steps).expect("a move");
        assert_eq!(s.mover, Player::South);
        assert_eq!(s.start, mv.pit());
        assert_eq!((s.lifted, s.relays), (2, 2));
        assert_eq!((s.captured, s.captures), (5, 2));
        assert_eq!(s.kichwa, Some(Kichwa::Left));
        assert_eq!(s.reentry, Some(ReEntry::KeepsDirection));
        assert_eq!((s.reserved, s.tolls), (None, [0, 0]));
    }

    #[test]
    fn kg_4_an_off_board_capture_has_no_kichwa() {
        let mut game = crate::Game::new(Variant::Kigogo);
        let found = (0..200).find_map(|_| {
            let before = *game.position();
            let mv = *game.legal_moves().first()?;
            let steps = game.play_traced(mv).ok()?;
            let s = MoveSummary::of(&before, mv, &steps)?;
            (s.captured > 0).then_some(s)
        });
        let s = found.expect("a capture in the first 200 plies");
        assert_eq!(s.kichwa, None);
        assert_eq!(s.reentry, None);
        assert!(s.captures >= 1);
    }

    #[test]
    fn a_trace_that_does_not_start_with_a_lift_has_no_summary() {
        let before = Position::new(Variant::Kujifunza);
        let mv: Move = "a2-".parse().expect("notation");
        assert_eq!(MoveSummary::of(&before, mv, &[]), None);
    }
}
