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
pub fn sowing_caption(i18n: &I18n, s: &MoveSummary) -> String {
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
pub fn move_caption(i18n: &I18n, s: &MoveSummary) -> String {
    let who = player(i18n, s.mover);
    let pit = s.start.to_string();
    let lead = if s.captured > 0 {
        match s.kichwa {
            Some(kichwa) => i18n.tr_args(
                "kiosk-caption-capture-kichwa",
                &[
                    ("player", who.clone().into()),
                    ("captured", s.captured.into()),
                    ("captures", s.captures.into()),
                    (
                        "side",
                        match kichwa {
                            Kichwa::Left => "left",
                            Kichwa::Right => "right",
                        }
                        .into(),
                    ),
                    (
                        "why",
                        match s.reentry {
                            Some(ReEntry::KeepsDirection) => "kept",
                            Some(ReEntry::Kimbi) => "kimbi",
                            Some(ReEntry::Chosen) | None => "chosen",
                        }
                        .into(),
                    ),
                ],
            ),
            None => i18n.tr_args(
                "kiosk-caption-capture",
                &[
                    ("player", who.clone().into()),
                    ("pit", pit.clone().into()),
                    ("captured", s.captured.into()),
                    ("captures", s.captures.into()),
                ],
            ),
        }
    } else if s.relays > 0 {
        i18n.tr_args(
            "kiosk-caption-relay",
            &[
                ("player", who.clone().into()),
                ("count", s.lifted.into()),
                ("pit", pit.clone().into()),
                ("relays", s.relays.into()),
            ],
        )
    } else {
        i18n.tr_args(
            "kiosk-caption-sow",
            &[
                ("player", who.clone().into()),
                ("count", s.lifted.into()),
                ("pit", pit.into()),
            ],
        )
    };
    let mut sentences = vec![lead];
    if let Some(hole) = s.reserved {
        sentences.push(i18n.tr_args(
            "kiosk-caption-reserve",
            &[("player", who.into()), ("pit", hole.to_string().into())],
        ));
    }
    for taker in Player::BOTH {
        let count = s.tolls[taker.index()];
        if count > 0 {
            sentences.push(i18n.tr_args(
                "kiosk-caption-toll",
                &[
                    ("player", player(i18n, taker).into()),
                    ("count", count.into()),
                ],
            ));
        }
    }
    sentences.join(" ")
}

pub fn end_caption(i18n: &I18n, variant: Variant, outcome: Outcome) -> Option<String> {
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
