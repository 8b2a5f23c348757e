//! The captions of moves, all from the engine's trace: the kiosk's one line for a whole move
//! ([`move_caption`], from its [`MoveSummary`]) and for the end of a game ([`end_caption`]); the
//! "Explain moves" caption of each step is [`super::steps`]. One place puts moves into words.

use crate::i18n::I18n;
use bao_engine::{Kichwa, MoveSummary, Outcome, Player, ReEntry, Variant};

fn player(i18n: &I18n, player: Player) -> String {
    i18n.tr(match player {
        Player::South => "kiosk-south",
        Player::North => "kiosk-north",
    })
}

/// The kiosk's line while a move is sown: who sows how many seeds from which pit, which the
/// board shows as the seeds are lifted; nothing of what the move will capture.
pub(crate) fn sowing_caption(i18n: &I18n, s: &MoveSummary) -> String {
    i18n.tr_args(
        "kiosk-caption-sow",
        &[
            ("player", player(i18n, s.mover).into()),
            ("count", s.lifted.into()),
            ("pit", s.start.to_string().into()),
        ],
    )
}

/// The kiosk's one line for a whole move: one sentence for what it did, then one for a reservation and one for each toll.
pub(crate) fn move_caption(i18n: &I18n, s: &MoveSummary) -> String {
    let who = player(i18n, s.mover);
    let lead = if s.captured > 0 {
        capture_sentence(i18n, s, &who)
    } else if s.relays > 0 {
        i18n.tr_args(
            "kiosk-caption-relay",
            &[
                ("player", who.clone().into()),
                ("count", s.lifted.into()),
                ("pit", s.start.to_string().into()),
                ("relays", s.relays.into()),
            ],
        )
    } else {
        sowing_caption(i18n, s)
    };
    let mut sentences = vec![lead];
    if let Some(hole) = s.reserved {
        sentences.push(i18n.tr_args(
            "kiosk-caption-reserve",
            &[("player", who.into()), ("pit", hole.to_string().into())],
        ));
    }
    sentences.extend(toll_sentences(i18n, s));
    sentences.join(" ")
}

/// What a capture took: from which pit, or (Kujifunza) at which kichwa the seeds came back in
/// and why there.
fn capture_sentence(i18n: &I18n, s: &MoveSummary, who: &str) -> String {
    let Some(kichwa) = s.kichwa else {
        return i18n.tr_args(
            "kiosk-caption-capture",
            &[
                ("player", who.to_owned().into()),
                ("pit", s.start.to_string().into()),
                ("captured", s.captured.into()),
                ("captures", s.captures.into()),
            ],
        );
    };
    let side = match kichwa {
        Kichwa::Left => "left",
        Kichwa::Right => "right",
    };
    let why = match s.reentry {
        Some(ReEntry::KeepsDirection) => "kept",
        Some(ReEntry::Kimbi) => "kimbi",
        Some(ReEntry::Chosen) | None => "chosen",
    };
    i18n.tr_args(
        "kiosk-caption-capture-kichwa",
        &[
            ("player", who.to_owned().into()),
            ("captured", s.captured.into()),
            ("captures", s.captures.into()),
            ("side", side.into()),
            ("why", why.into()),
        ],
    )
}

/// One sentence for each player paid a toll into their reserved hole (Kingulu, KN-6).
fn toll_sentences(i18n: &I18n, s: &MoveSummary) -> Vec<String> {
    Player::BOTH
        .into_iter()
        .filter(|taker| s.tolls[taker.index()] > 0)
        .map(|taker| {
            i18n.tr_args(
                "kiosk-caption-toll",
                &[
                    ("player", player(i18n, taker).into()),
                    ("count", s.tolls[taker.index()].into()),
                ],
            )
        })
        .collect()
}

pub(crate) fn end_caption(i18n: &I18n, variant: Variant, outcome: Outcome) -> Option<String> {
    let reason = outcome.reason()?.id();
    Some(match outcome.winner() {
        Some(winner) => i18n.tr_args(
            "kiosk-caption-win",
            &[
                ("winner", player(i18n, winner).into()),
                ("loser", player(i18n, winner.opponent()).into()),
                ("variant", variant.name().into()),
                ("reason", reason.into()),
            ],
        ),
        None => i18n.tr_args(
            "kiosk-caption-draw",
            &[
                ("variant", variant.name().into()),
                ("reason", reason.into()),
            ],
        ),
    })
}
