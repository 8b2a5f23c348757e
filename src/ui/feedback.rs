//! The words for a click that is not a move: each [`Feedback`], and each of the engine's
//! [`StartRefusal`] reasons, mapped to a translation key (the engine and the core hold no text).

use crate::content::player_name;
use crate::core::Feedback;
use crate::i18n::I18n;
use bao_engine::{Direction, Kichwa, PlayErrorKind, ReEntry, StartRefusal};

/// The one line shown after a click that made no move, in the player's language.
pub(crate) fn feedback(feedback: Feedback, i18n: &I18n) -> String {
    match feedback {
        Feedback::GameOver => i18n.tr("feedback-game-over"),
        Feedback::WaitForComputer => i18n.tr("feedback-wait-for-computer"),
        Feedback::WaitForOpponent => i18n.tr("feedback-wait-for-opponent"),
        Feedback::ChooseKichwa => i18n.tr("feedback-choose-kichwa"),
        Feedback::KichwaAsked => i18n.tr("feedback-kichwa-asked"),
        Feedback::ReEntered {
            kichwa,
            direction,
            why,
        } => reentry(kichwa, direction, why, i18n),
        Feedback::CannotStart(None) => i18n.tr("feedback-cannot-start"),
        Feedback::CannotStart(Some(StartRefusal::NotYourPit { owner })) => i18n.tr_args(
            "refusal-not-your-pit",
            &[("player", i18n.tr(player_name(owner)).into())],
        ),
        Feedback::CannotStart(Some(refusal)) => i18n.tr(refusal_key(refusal)),
        Feedback::NotThisLesson => i18n.tr("feedback-not-this-lesson"),
        Feedback::Refused(mv, kind) => {
            let key = match kind {
                PlayErrorKind::GameOver => "feedback-refused-game-over",
                PlayErrorKind::Illegal => "feedback-refused-illegal",
                PlayErrorKind::KichwaNotChosen => "feedback-refused-kichwa-not-chosen",
            };
            i18n.tr_args(key, &[("move", mv.to_string().into())])
        }
    }
}

/// Why captured seeds re-enter where they do (KU-8): from a kimbi, at the kichwa on its side;
/// from a middle pit, at the kichwa that keeps the move's direction.
fn reentry(kichwa: Kichwa, direction: Direction, why: ReEntry, i18n: &I18n) -> String {
    let side = match kichwa {
        Kichwa::Left => "left",
        Kichwa::Right => "right",
    };
    let direction = match direction {
        Direction::CounterClockwise => "counterclockwise",
        Direction::Clockwise => "clockwise",
    };
    let key = match why {
        ReEntry::Kimbi => "feedback-reentry-kimbi",
        // A chosen kichwa (KU-8c) is not explained (the player chose it); the input sends only
        // the re-entries the rules give, so `Chosen` reads as the direction it sets.
        ReEntry::KeepsDirection | ReEntry::Chosen => "feedback-reentry-kept",
    };
    i18n.tr_args(
        key,
        &[("side", side.into()), ("direction", direction.into())],
    )
}

/// The key of the engine's reason why a pit cannot start a move.
pub(super) const fn refusal_key(refusal: StartRefusal) -> &'static str {
    match refusal {
        StartRefusal::GameOver => "feedback-game-over",
        StartRefusal::NotAPit => "refusal-not-a-pit",
        StartRefusal::NotYourPit { .. } => "refusal-not-your-pit",
        StartRefusal::Empty => "refusal-empty",
        StartRefusal::Reserved => "refusal-reserved",
        StartRefusal::Singleton => "refusal-singleton",
        StartRefusal::CaptureCompulsory => "refusal-capture-compulsory",
        StartRefusal::LongFirstLap => "refusal-long-first-lap",
        StartRefusal::FrontRowFirst => "refusal-front-row-first",
        StartRefusal::FirstLapOwnRow => "refusal-first-lap-own-row",
        StartRefusal::NextPitOccupied => "refusal-next-pit-occupied",
        StartRefusal::Endless => "refusal-endless",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use bao_engine::{Player, ReEntry};
    use std::collections::BTreeSet;

    /// Every reason a pit cannot start a move.
    fn refusals() -> [StartRefusal; 12] {
        [
            StartRefusal::GameOver,
            StartRefusal::NotAPit,
            StartRefusal::NotYourPit {
                owner: Player::North,
            },
            StartRefusal::Empty,
            StartRefusal::Reserved,
            StartRefusal::Singleton,
            StartRefusal::CaptureCompulsory,
            StartRefusal::LongFirstLap,
            StartRefusal::FrontRowFirst,
            StartRefusal::FirstLapOwnRow,
            StartRefusal::NextPitOccupied,
            StartRefusal::Endless,
        ]
    }

    /// Every feedback line: each refusal, and each other reason (`mv` refused, for those that
    /// name a move).
    fn every_feedback(mv: bao_engine::Move) -> Vec<Feedback> {
        let mut all: Vec<Feedback> = refusals()
            .into_iter()
            .map(|r| Feedback::CannotStart(Some(r)))
            .collect();
        all.extend([
            Feedback::GameOver,
            Feedback::WaitForComputer,
            Feedback::WaitForOpponent,
            Feedback::ChooseKichwa,
            Feedback::CannotStart(None),
            Feedback::NotThisLesson,
            Feedback::Refused(mv, PlayErrorKind::Illegal),
            Feedback::Refused(mv, PlayErrorKind::GameOver),
            Feedback::Refused(mv, PlayErrorKind::KichwaNotChosen),
            Feedback::ReEntered {
                kichwa: Kichwa::Left,
                direction: bao_engine::Direction::Clockwise,
                why: ReEntry::Kimbi,
            },
            Feedback::ReEntered {
                kichwa: Kichwa::Right,
                direction: bao_engine::Direction::CounterClockwise,
                why: ReEntry::KeepsDirection,
            },
        ]);
        all
    }

    #[test]
    fn every_refusal_and_feedback_is_worded_in_every_language() {
        let mv: bao_engine::Move = "a3".parse().expect("a move");
        let all = every_feedback(mv);
        for language in Language::ALL {
            let i18n = I18n::new(language);
            for refusal in refusals() {
                assert!(i18n.has(refusal_key(refusal)), "{refusal:?}");
            }
            let mut seen = BTreeSet::new();
            for f in &all {
                let line = feedback(*f, &i18n);
                assert!(!line.contains('{') && !line.contains("refusal-"), "{line}");
                seen.insert(line);
            }
            // Only the engine's GameOver and the click's GameOver read alike.
            assert_eq!(
                seen.len(),
                all.len() - 1,
                "{language:?}: two reasons read alike"
            );
        }
        let i18n = I18n::new(Language::English);
        let north = Feedback::CannotStart(Some(StartRefusal::NotYourPit {
            owner: Player::North,
        }));
        assert_eq!(feedback(north, &i18n), "That pit is North's.");
        assert_eq!(
            feedback(Feedback::Refused(mv, PlayErrorKind::Illegal), &i18n),
            "a3 is not a legal move in this position."
        );
    }
}
