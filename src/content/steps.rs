//! One caption for each step of a move, as the board shows it: the engine's trace read step by
//! step ("the last seed lands in an occupied pit: lift them all and sow on"). The engine says
//! what happened; this names the rule that made it happen and puts it in words. It serves the
//! "Explain moves" captions of every move, the computer's too (`ui::explain`).
//!
//! Which rule a step follows is read from the trace and the board it is applied to, never
//! worked out again: a relay is a [`Step::Relay`], a capture a [`Step::Capture`]; the board
//! before the step only tells whether the capture was from the opponent's front pit or the pit
//! behind it (KG-4, KM-3), or of the capturing seed itself (KN-4).

use crate::content::player_name;
use crate::i18n::I18n;
use bao_engine::{
    CaptureTo, Kichwa, PitName, Player, Position, ReEntry, Row, Step, TraceReplay, Variant,
};
use fluent_bundle::FluentValue;

/// What one step of a move means. Pits are named from their owner's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepNote {
    /// The move starts: `count` seeds lifted from the mover's `pit`, sown one to a pit.
    Lift {
        /// Who moves.
        player: Player,
        /// The start pit.
        pit: PitName,
        /// Seeds lifted.
        count: u8,
    },
    /// The lap's last seed fell into an occupied pit: all `count` seeds are lifted to sow on
    /// (relay, docs/rules.md, 'Laps and relays').
    Relay {
        /// The pit, and whose it is.
        pit: PitName,
        /// Its owner.
        owner: Player,
        /// Seeds lifted.
        count: u8,
    },
    /// Seeds of the opponent's front pit are captured (KU-6, KN-4, KG-4, KM-3).
    Capture {
        /// The capturer.
        player: Player,
        /// The opponent's pit emptied.
        pit: PitName,
        /// Seeds taken.
        count: u8,
        /// Kujifunza: into the hand, to be sown again (KU-7); elsewhere off the board.
        to: CaptureTo,
    },
    /// The seeds of the back pit behind the captured front pit go with them (KG-4, KM-3).
    CaptureBehind {
        /// The opponent's back pit.
        pit: PitName,
        /// Seeds taken.
        count: u8,
    },
    /// Kingulu: the capturing seed leaves the board with the seeds it took (KN-4).
    CapturingSeed,
    /// `kujifunza-choice`: the mover chooses the kichwa (KU-8c).
    Choice {
        /// The kichwa chosen.
        kichwa: Kichwa,
    },
    /// Kujifunza: the captured seeds are sown again from a kichwa, the first into the kichwa
    /// itself (KU-7), and why that one (KU-8, KU-8c).
    ReEnter {
        /// Left or right.
        kichwa: Kichwa,
        /// The kichwa's name.
        pit: PitName,
        /// Why this kichwa.
        why: ReEntry,
    },
    /// Kingulu: the lap ended in an opponent pit that held three seeds: the mover reserves it
    /// (kuweka mtoto, KN-5).
    Reserve {
        /// Who reserves it.
        player: Player,
        /// The hole.
        pit: PitName,
    },
    /// Kingulu: the seed sown just before goes into the new reserved hole too (KN-5).
    MoveToReserved,
    /// Kingulu: a seed fell into a reserved hole: its owner takes it (KN-6).
    Toll {
        /// The hole's owner.
        owner: Player,
        /// The hole.
        pit: PitName,
    },
    /// The last seed fell into a pit that was empty: the move ends.
    EndsEmpty {
        /// Where it fell.
        pit: PitName,
        /// Whose pit that is.
        owner: Player,
    },
    /// The move ends on the step before (a capture that ends it, or the last seed sown after
    /// one).
    Ends,
}

/// A note and the step of the trace it belongs to (the caption shows once that step has been
/// shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NotedStep {
    /// Index of the step in the trace.
    pub step: usize,
    /// What it means.
    pub note: StepNote,
}

/// The notes of a move's trace `steps` played from `before`, in order; steps that need no
/// words (the seeds sown one by one) have none, and the last step always has one. A trace
/// that does not belong to `before` gives the notes up to the step that fails.
pub(crate) fn step_notes(before: &Position, steps: &[Step]) -> Vec<NotedStep> {
    let mover = before.to_move();
    let mut replay = TraceReplay::new(before);
    let mut notes = Vec::new();
    let name = |pit| before.name_of(pit);
    for (index, step) in steps.iter().enumerate() {
        let board = *replay.board();
        let note = match *step {
            Step::Lift { pit, count } => name(pit).map(|(_, pit)| StepNote::Lift {
                player: mover,
                pit,
                count,
            }),
            Step::Relay { pit, count } => {
                name(pit).map(|(owner, pit)| StepNote::Relay { pit, owner, count })
            }
            Step::Capture { pit, count, by, to } => {
                name(pit).map(|(owner, named)| capture_note(by, owner, named, count, to, &notes))
            }
            Step::Choice { kichwa } => Some(StepNote::Choice { kichwa }),
            Step::ReEnter {
                pit, kichwa, why, ..
            } => name(pit).map(|(_, pit)| StepNote::ReEnter { kichwa, pit, why }),
            Step::Reserve { pit, owner } => {
                name(pit).map(|(_, pit)| StepNote::Reserve { player: owner, pit })
            }
            Step::MoveToReserved { .. } => Some(StepNote::MoveToReserved),
            Step::Toll { pit, owner } => name(pit).map(|(_, pit)| StepNote::Toll { owner, pit }),
            Step::Sow { pit } if index + 1 == steps.len() => {
                // The move's last seed: it ends the move where it falls.
                match (board.seeds(pit), name(pit)) {
                    (Some(0), Some((owner, pit))) => Some(StepNote::EndsEmpty { pit, owner }),
                    _ => Some(StepNote::Ends),
                }
            }
            Step::Sow { .. } => None,
        };
        if replay.apply(step).is_err() {
            break;
        }
        if let Some(note) = note {
            notes.push(NotedStep { step: index, note });
        }
    }
    notes
}

/// A capture step's note: the opponent's front pit, the back pit behind it, or (Kingulu) the
/// capturing seed from the mover's own pit.
fn capture_note(
    by: Player,
    owner: Player,
    pit: PitName,
    count: u8,
    to: CaptureTo,
    earlier: &[NotedStep],
) -> StepNote {
    let after_capture = matches!(
        earlier.last().map(|n| n.note),
        Some(StepNote::Capture { .. })
    );
    if owner == by {
        StepNote::CapturingSeed
    } else if pit.row == Row::Back && after_capture {
        StepNote::CaptureBehind { pit, count }
    } else {
        StepNote::Capture {
            player: by,
            pit,
            count,
            to,
        }
    }
}

impl StepNote {
    /// The caption in the current language; `variant` decides how a capture is worded.
    pub(crate) fn text(&self, variant: Variant, i18n: &I18n) -> String {
        let key = self.key(variant);
        let args = self.args(i18n);
        if args.is_empty() {
            i18n.tr(key)
        } else {
            i18n.tr_args(key, &args)
        }
    }

    /// The Fluent key of the caption: `variant` decides how a lift and a capture are worded.
    fn key(&self, variant: Variant) -> &'static str {
        match *self {
            // KM-2: a Kimasai move is one seed into the empty pit next to it.
            StepNote::Lift { .. } if variant == Variant::Kimasai => "explain-slide",
            StepNote::Lift { .. } => "explain-lift",
            StepNote::Relay { .. } => "explain-relay",
            StepNote::Capture { to, .. } => match (to, variant) {
                (CaptureTo::Hand, _) => "explain-capture-kujifunza",
                (_, Variant::Kingulu) => "explain-capture-kingulu",
                (_, Variant::Kimasai) => "explain-capture-kimasai",
                _ => "explain-capture",
            },
            StepNote::CaptureBehind { .. } => "explain-capture-behind",
            StepNote::CapturingSeed => "explain-capturing-seed",
            StepNote::Choice { .. } => "explain-choice",
            StepNote::ReEnter { .. } => "explain-reenter",
            StepNote::Reserve { .. } => "explain-reserve",
            StepNote::MoveToReserved => "explain-move-to-reserved",
            StepNote::Toll { .. } => "explain-toll",
            StepNote::EndsEmpty { .. } => "explain-ends-empty",
            StepNote::Ends => "explain-ends",
        }
    }

    /// The values the caption's words take (none for the notes said in fixed words).
    fn args(&self, i18n: &I18n) -> Vec<(&'static str, FluentValue<'static>)> {
        let who = |p: Player| FluentValue::from(i18n.tr(player_name(p)));
        let at = |pit: PitName| FluentValue::from(pit.to_string());
        match *self {
            StepNote::Lift { player, pit, count }
            | StepNote::Capture {
                player, pit, count, ..
            } => {
                vec![
                    ("player", who(player)),
                    ("pit", at(pit)),
                    ("count", count.into()),
                ]
            }
            StepNote::Relay { pit, owner, count } => {
                vec![
                    ("owner", who(owner)),
                    ("pit", at(pit)),
                    ("count", count.into()),
                ]
            }
            StepNote::CaptureBehind { pit, count } => {
                vec![("pit", at(pit)), ("count", count.into())]
            }
            StepNote::Choice { kichwa } => vec![("side", side(kichwa).into())],
            StepNote::ReEnter { kichwa, pit, why } => vec![
                ("side", side(kichwa).into()),
                ("pit", at(pit)),
                ("why", reentry_word(why).into()),
            ],
            StepNote::Reserve { player, pit } => vec![("player", who(player)), ("pit", at(pit))],
            StepNote::Toll { owner, pit } | StepNote::EndsEmpty { pit, owner } => {
                vec![("owner", who(owner)), ("pit", at(pit))]
            }
            StepNote::CapturingSeed | StepNote::MoveToReserved | StepNote::Ends => Vec::new(),
        }
    }
}

/// The word of a kichwa's side in the captions' Fluent texts.
fn side(kichwa: Kichwa) -> &'static str {
    match kichwa {
        Kichwa::Left => "left",
        Kichwa::Right => "right",
    }
}

/// Why captured seeds re-entered where they did, as the captions' Fluent texts select it.
fn reentry_word(why: ReEntry) -> &'static str {
    match why {
        ReEntry::KeepsDirection => "kept",
        ReEntry::Kimbi => "kimbi",
        ReEntry::Chosen => "chosen",
    }
}

/// The note to show once `shown` steps of the move have been shown: the latest note of a step
/// already shown.
pub(crate) fn note_after(notes: &[NotedStep], shown: usize) -> Option<&NotedStep> {
    notes.iter().rev().find(|n| n.step < shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use bao_engine::{Game, Move};

    /// Plays seeded random games of `variant` and returns the first move whose notes satisfy
    /// `wanted`, with the position before it.
    fn find(variant: Variant, wanted: impl Fn(&[NotedStep]) -> bool) -> (Position, Vec<NotedStep>) {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(15);
        for _ in 0..400 {
            let mut game = Game::new(variant);
            for _ in 0..200 {
                let moves = game.legal_moves();
                if moves.is_empty() || game.outcome().is_over() {
                    break;
                }
                let mv: Move = moves[rng.random_range(0..moves.len())];
                let before = *game.position();
                let (_, steps) = before.play_traced(mv).expect("a legal move plays");
                let notes = step_notes(&before, &steps);
                if wanted(&notes) {
                    return (before, notes);
                }
                game.play(mv).expect("legal");
            }
        }
        panic!("no such move in 400 random games of {variant:?}");
    }

    fn has(notes: &[NotedStep], f: impl Fn(&StepNote) -> bool) -> bool {
        notes.iter().any(|n| f(&n.note))
    }

    #[test]
    fn every_move_starts_with_its_lift_and_ends_with_a_note_on_its_last_step() {
        for variant in Variant::ALL {
            let game = Game::new(variant);
            let before = *game.position();
            for mv in game.legal_moves().iter().copied() {
                let (_, steps) = before.play_traced(mv).expect("legal");
                let notes = step_notes(&before, &steps);
                assert!(
                    matches!(notes.first().map(|n| n.note), Some(StepNote::Lift { .. })),
                    "{variant:?} {mv}"
                );
                assert_eq!(notes.last().map(|n| n.step), Some(steps.len() - 1));
            }
        }
    }

    #[test]
    fn ku_6_ku_7_a_kujifunza_capture_names_the_pit_and_the_kichwa() {
        let (before, notes) = find(Variant::Kujifunza, |n| {
            has(n, |s| matches!(s, StepNote::Capture { .. }))
        });
        let capture = notes
            .iter()
            .position(|n| matches!(n.note, StepNote::Capture { .. }))
            .expect("found");
        // The captured seeds are sown again from a kichwa right after (KU-7).
        assert!(matches!(
            notes[capture].note,
            StepNote::Capture {
                to: CaptureTo::Hand,
                ..
            }
        ));
        assert!(matches!(
            notes.get(capture + 1).map(|n| n.note),
            Some(StepNote::ReEnter { .. })
        ));
        let StepNote::Capture { pit, .. } = notes[capture].note else {
            unreachable!()
        };
        assert_eq!(pit.row, Row::Front, "KU-6: only the front row is captured");
        let text = notes[capture]
            .note
            .text(before.variant(), &I18n::new(Language::English));
        assert!(text.contains(&pit.to_string()), "{text}");
    }

    #[test]
    fn kg_4_a_column_capture_takes_the_pit_behind_too() {
        let (_, notes) = find(Variant::Kigogo, |n| {
            has(n, |s| matches!(s, StepNote::CaptureBehind { .. }))
        });
        let behind = notes
            .iter()
            .position(|n| matches!(n.note, StepNote::CaptureBehind { .. }))
            .expect("found");
        assert!(matches!(notes[behind - 1].note, StepNote::Capture { .. }));
    }

    #[test]
    fn kn_4_kn_5_kingulu_notes_the_capturing_seed_and_kuweka_mtoto() {
        find(Variant::Kingulu, |n| {
            has(n, |s| matches!(s, StepNote::CapturingSeed))
        });
        find(Variant::Kingulu, |n| {
            has(n, |s| matches!(s, StepNote::Reserve { .. }))
        });
    }

    #[test]
    fn a_relay_names_the_occupied_pit_and_its_seeds() {
        let (_, notes) = find(Variant::Kigogo, |n| {
            has(n, |s| matches!(s, StepNote::Relay { .. }))
        });
        assert!(has(
            &notes,
            |s| matches!(s, StepNote::Relay { count, .. } if *count >= 2)
        ));
    }

    #[test]
    fn every_note_has_words_in_every_language() {
        let notes = [
            StepNote::Lift {
                player: Player::South,
                pit: PitName {
                    row: Row::Front,
                    number: 3,
                },
                count: 2,
            },
            StepNote::CapturingSeed,
            StepNote::MoveToReserved,
            StepNote::Ends,
            StepNote::Choice {
                kichwa: Kichwa::Left,
            },
        ];
        for language in Language::ALL {
            let i18n = I18n::new(language);
            for note in notes {
                for variant in Variant::ALL {
                    let text = note.text(variant, &i18n);
                    assert!(!text.is_empty() && !text.contains("explain-"), "{text}");
                }
            }
        }
    }

    #[test]
    fn the_caption_follows_the_steps_shown() {
        let notes = [
            NotedStep {
                step: 0,
                note: StepNote::CapturingSeed,
            },
            NotedStep {
                step: 5,
                note: StepNote::Ends,
            },
        ];
        assert_eq!(note_after(&notes, 0), None);
        assert_eq!(note_after(&notes, 1).map(|n| n.step), Some(0));
        assert_eq!(note_after(&notes, 5).map(|n| n.step), Some(0));
        assert_eq!(note_after(&notes, 6).map(|n| n.step), Some(5));
    }
}
