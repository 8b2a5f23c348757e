//! The words for how a game ended: a headline and the reason, per [`EndReason`] and variant
//! (KU-10, KU-11, KN-8, KN-9, KG-5, KM-4), in the player's language.

use crate::i18n::I18n;
use bao_engine::{EndReason, Outcome, Player, Position, Variant};
use fluent_bundle::FluentValue;

/// How a finished game is announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ending {
    /// "South wins" or "A draw".
    pub headline: String,
    /// Why, e.g. "North's front row is empty — bao hamna".
    pub reason: String,
}

/// The key of a player's name: "South" or "North" in the player's language.
pub(crate) const fn player_name(player: Player) -> &'static str {
    match player {
        Player::South => "player-south",
        Player::North => "player-north",
    }
}

/// The announcement of `outcome`, reached in `last` (the game's final position); `None` while the
/// game goes on.
pub(crate) fn ending(outcome: Outcome, last: &Position, i18n: &I18n) -> Option<Ending> {
    let name = |player: Player| i18n.tr(player_name(player));
    let headline = match outcome {
        Outcome::Ongoing => return None,
        Outcome::Win { winner, .. } => {
            i18n.tr_args("ending-win", &[("player", name(winner).into())])
        }
        Outcome::Draw { .. } => i18n.tr("ending-draw"),
    };
    let reason = outcome.reason()?;
    // The side that ran out of something: the loser, or in a draw the player to move.
    let stuck = outcome
        .winner()
        .map_or(last.to_move(), |winner| winner.opponent());
    let stuck = name(stuck);
    let score = || {
        i18n.tr_args(
            "ending-score",
            &[
                ("south", last.kingulu_score(Player::South).into()),
                ("north", last.kingulu_score(Player::North).into()),
            ],
        )
    };
    let (key, score) = match (reason, last.variant()) {
        (EndReason::BaoHamna, _) => ("ending-bao-hamna", None),
        (EndReason::Blockade, _) => ("ending-blockade", None),
        (EndReason::NoSeeds, _) => ("ending-no-seeds", None),
        (EndReason::FinalScore, _) => ("ending-final-score", Some(score())),
        (EndReason::Repetition, Variant::Kujifunza | Variant::KujifunzaChoice) => {
            ("ending-repetition-kujifunza", None)
        }
        (EndReason::Repetition, Variant::Kingulu) => ("ending-repetition-kingulu", Some(score())),
        (EndReason::Repetition, Variant::Kigogo | Variant::Kimasai) => ("ending-repetition", None),
    };
    let mut args = vec![("player", FluentValue::from(stuck))];
    if let Some(score) = score {
        args.push(("score", score.into()));
    }
    let reason = i18n.tr_args(key, &args);
    Some(Ending { headline, reason })
}
