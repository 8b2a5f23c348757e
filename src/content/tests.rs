//! Every "show me" example is played by the engine and shows what its caption says; the texts
//! are complete in every language and every key of content.ftl is used; the end-of-game words
//! match the engine.

use super::*;
use crate::i18n::{I18n, Language};
use bao_engine::{CaptureTo, EndReason, Game, Kichwa, Outcome, Pit, Player, ReEntry, Step};
use std::collections::BTreeSet;

fn english() -> I18n {
    I18n::new(Language::English)
}

/// What an example's caption promises, checked against the engine's steps and outcome.
#[derive(Clone, Copy, Debug)]
enum Claim {
    /// Move `ply` captures `seeds` seeds from the board, in `pits` captures.
    Captures { ply: usize, pits: usize, seeds: u32 },
    /// Move `ply` captures nothing.
    NoCapture { ply: usize },
    /// Move `ply` relays at least once.
    Relays { ply: usize },
    /// Move `ply` re-enters captured seeds at this kichwa (KU-7), for this reason (KU-8, KU-8c).
    ReEntersAt {
        ply: usize,
        kichwa: Kichwa,
        why: ReEntry,
    },
    /// Move `ply` lifts a single seed (KG-3).
    Singleton { ply: usize },
    /// Move `ply` reserves a hole for `owner` (KN-5).
    Reserves { ply: usize, owner: Player },
    /// Move `ply` pays a toll to `owner` (KN-6).
    Toll { ply: usize, owner: Player },
    /// Move `ply` captures a whole column: the front pit and the back pit behind it (KG-4, KM-3).
    Column { ply: usize },
    /// The game is over with this outcome after the last move.
    Ends(Outcome),
    /// The game goes on after the last move.
    GoesOn,
}

/// The claims of each example, by variant and title key.
fn claims(variant: Variant, title: &str) -> Option<Vec<Claim>> {
    match variant {
        Variant::Kujifunza => kujifunza_claims(title),
        Variant::Kingulu => kingulu_claims(title),
        Variant::Kigogo => kigogo_claims(title),
        Variant::Kimasai => kimasai_claims(title),
        // A reading of Kujifunza, whose examples are all Kujifunza's.
        Variant::KujifunzaChoice => None,
    }
}

/// The claims of Kujifunza's examples, by title key.
fn kujifunza_claims(title: &str) -> Option<Vec<Claim>> {
    use Claim::*;
    Some(match title {
        // KU-3, KU-6, KU-7, KU-8: a capture from a middle pit while the move goes `-`,
        // re-entered at the left kichwa, the direction kept.
        "kujifunza-example-capture" => vec![
            Captures {
                ply: 0,
                pits: 1,
                seeds: 2,
            },
            ReEntersAt {
                ply: 0,
                kichwa: Kichwa::Left,
                why: ReEntry::KeepsDirection,
            },
            GoesOn,
        ],
        // KU-5: takata relays and never captures.
        "kujifunza-example-takata" => {
            vec![NoCapture { ply: 0 }, Relays { ply: 0 }, GoesOn]
        }
        // KU-8: the kimbi capture turns the move to `-`; the middle capture keeps it (left).
        "kujifunza-example-direction" => vec![
            Captures {
                ply: 0,
                pits: 2,
                seeds: 5,
            },
            ReEntersAt {
                ply: 0,
                kichwa: Kichwa::Left,
                why: ReEntry::Kimbi,
            },
            ReEntersAt {
                ply: 0,
                kichwa: Kichwa::Left,
                why: ReEntry::KeepsDirection,
            },
            GoesOn,
        ],
        "kujifunza-example-choice-win" => choice_win_claims(),
        _ => return None,
    })
}

/// KU-8c, KU-9a, KU-10: South's forced win in three plies, every kichwa chosen.
fn choice_win_claims() -> Vec<Claim> {
    use Claim::*;
    let south_wins = Outcome::Win {
        winner: Player::South,
        reason: EndReason::BaoHamna,
    };
    vec![
        ReEntersAt {
            ply: 0,
            kichwa: Kichwa::Left,
            why: ReEntry::Chosen,
        },
        // North's front row before it: 2, 1, 1, 1, 4 seeds, all taken.
        Captures {
            ply: 2,
            pits: 5,
            seeds: 9,
        },
        Ends(south_wins),
    ]
}

/// The claims of Kingulu's examples, by title key.
fn kingulu_claims(title: &str) -> Option<Vec<Claim>> {
    use Claim::*;
    Some(match title {
        // KN-4: five seeds opposite plus the capturing seed.
        "kingulu-example-capture" => vec![
            Captures {
                ply: 0,
                pits: 2,
                seeds: 6,
            },
            GoesOn,
        ],
        // KN-5.
        "kingulu-example-kuweka-mtoto" => vec![
            Reserves {
                ply: 0,
                owner: Player::South,
            },
            NoCapture { ply: 0 },
            GoesOn,
        ],
        // KN-6 then KN-4.
        "kingulu-example-toll" => vec![
            Reserves {
                ply: 0,
                owner: Player::South,
            },
            Toll {
                ply: 1,
                owner: Player::South,
            },
            Captures {
                ply: 1,
                pits: 2,
                seeds: 5,
            },
            GoesOn,
        ],
        _ => return None,
    })
}

/// The claims of Kigogo's examples, by title key.
fn kigogo_claims(title: &str) -> Option<Vec<Claim>> {
    use Claim::*;
    Some(match title {
        // KG-2, KG-4.
        "kigogo-example-relay" => {
            vec![Relays { ply: 0 }, Column { ply: 0 }, GoesOn]
        }
        // KG-3, KG-4.
        "kigogo-example-single" => {
            vec![Singleton { ply: 0 }, Column { ply: 0 }, GoesOn]
        }
        _ => return None,
    })
}

/// The claims of Kimasai's examples, by title key.
fn kimasai_claims(title: &str) -> Option<Vec<Claim>> {
    use Claim::*;
    Some(match title {
        // KM-2, KM-3.
        "kimasai-example-opening" => {
            vec![Column { ply: 0 }, Column { ply: 1 }, GoesOn]
        }
        // KM-3: the back row is safe on its own.
        "kimasai-example-back-row" => vec![NoCapture { ply: 0 }, GoesOn],
        _ => return None,
    })
}

/// Plays an example and returns the game and each move's steps.
fn play(example: &ExampleText) -> (Game, Vec<Vec<Step>>) {
    let loaded = example
        .load()
        .unwrap_or_else(|e| panic!("{}: {e}", example.title));
    let mut game = Game::from_position(loaded.position);
    let mut traces = Vec::new();
    for mv in loaded.moves {
        let steps = game
            .play_traced(mv)
            .unwrap_or_else(|e| panic!("{}: {mv} is refused: {e:?}", example.title));
        traces.push(steps);
    }
    (game, traces)
}

fn captures(steps: &[Step]) -> Vec<(Pit, u8)> {
    steps
        .iter()
        .filter_map(|s| match s {
            Step::Capture { pit, count, .. } => Some((*pit, *count)),
            _ => None,
        })
        .collect()
}

fn check(claim: Claim, game: &Game, traces: &[Vec<Step>], title: &str) {
    let at = |ply: usize| -> &[Step] {
        traces
            .get(ply)
            .unwrap_or_else(|| panic!("{title}: no move {ply}"))
    };
    match claim {
        Claim::Captures { ply, pits, seeds } => {
            let caps = captures(at(ply));
            assert_eq!(caps.len(), pits, "{title}: captures {caps:?}");
            let total: u32 = caps.iter().map(|&(_, c)| u32::from(c)).sum();
            assert_eq!(total, seeds, "{title}: seeds captured");
        }
        Claim::NoCapture { ply } => assert!(captures(at(ply)).is_empty(), "{title}"),
        Claim::Relays { ply } => assert!(
            at(ply).iter().any(|s| matches!(s, Step::Relay { .. })),
            "{title}: no relay"
        ),
        Claim::ReEntersAt { ply, kichwa, why } => assert!(
            at(ply).iter().any(
                |s| matches!(s, Step::ReEnter { kichwa: k, why: w, .. } if *k == kichwa && *w == why)
            ),
            "{title}: no re-entry at {kichwa:?} ({why:?})"
        ),
        Claim::Singleton { ply } => assert!(
            matches!(at(ply).first(), Some(Step::Lift { count: 1, .. })),
            "{title}: not a single seed"
        ),
        Claim::Reserves { ply, owner } => assert!(
            at(ply)
                .iter()
                .any(|s| matches!(s, Step::Reserve { owner: o, .. } if *o == owner)),
            "{title}: no hole reserved"
        ),
        Claim::Toll { ply, owner } => assert!(
            at(ply)
                .iter()
                .any(|s| matches!(s, Step::Toll { owner: o, .. } if *o == owner)),
            "{title}: no toll"
        ),
        Claim::Column { ply } => {
            let caps = captures(at(ply));
            assert_eq!(caps.len(), 2, "{title}: captures {caps:?}");
            assert_eq!(caps[0].0.col, caps[1].0.col, "{title}: not one column");
            assert!(
                at(ply).iter().all(|s| !matches!(
                    s,
                    Step::Capture {
                        to: CaptureTo::Hand,
                        ..
                    }
                )),
                "{title}: column captures leave the board"
            );
        }
        Claim::Ends(outcome) => assert_eq!(game.outcome(), outcome, "{title}"),
        Claim::GoesOn => assert_eq!(game.outcome(), Outcome::Ongoing, "{title}"),
    }
}

#[test]
fn ku_kn_kg_km_every_example_plays_and_shows_its_caption() {
    for variant in Variant::GAMES {
        let examples = text(variant).examples;
        assert!((1..=4).contains(&examples.len()), "{variant}: 1-4 examples");
        for example in examples {
            let loaded = example.load().expect("examples parse");
            // Kujifunza's examples may use either reading (KU-8, KU-8c).
            assert_eq!(
                loaded.position.variant().game(),
                variant,
                "{}",
                example.title
            );
            assert!(english().has(example.caption), "{}", example.caption);
            let claims = claims(variant, example.title)
                .unwrap_or_else(|| panic!("{variant}: no claims for '{}'", example.title));
            let (game, traces) = play(example);
            assert_eq!(traces.len(), example.moves.len());
            for claim in claims {
                check(claim, &game, &traces, example.title);
            }
        }
    }
}

#[test]
fn example_load_reports_bad_text() {
    let bad_position = ExampleText {
        title: "bad",
        position: r#"{"variant":"kigogo","to_move":"south","rows":[[1]]}"#,
        moves: &[],
        caption: "",
    };
    assert!(matches!(
        bad_position.load(),
        Err(ExampleError::Position(_))
    ));
    let bad_move = ExampleText {
        position: text(Variant::Kimasai).examples[0].position,
        moves: &["z9"],
        ..bad_position
    };
    let err = bad_move.load().expect_err("z9 is not a move");
    assert!(err.to_string().contains("example move"), "{err}");
}

/// Every message id of the English content file.
fn english_content_keys() -> BTreeSet<String> {
    let source = include_str!("../../assets/i18n/en/content.ftl");
    let resource = fluent_syntax::parser::parse(source).expect("content.ftl parses");
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_content_key_exists_and_every_key_of_the_file_is_used() {
    let file = english_content_keys();
    let mut used = BTreeSet::new();
    for variant in Variant::GAMES {
        for key in text(variant).keys() {
            assert!(file.contains(key), "{variant}: no English text for {key}");
            used.insert(key.to_owned());
        }
    }
    used.insert(NOTATION.to_owned());
    // The endings' keys (ending.rs) are checked by the ending tests below.
    let unused: Vec<_> = file
        .iter()
        .filter(|k| !used.contains(*k) && !k.starts_with("ending-"))
        .collect();
    assert!(
        unused.is_empty(),
        "keys of content.ftl nothing shows: {unused:?}"
    );
}

#[test]
fn texts_are_complete_and_name_the_local_terms() {
    for language in Language::ALL {
        let i18n = I18n::new(language);
        for variant in Variant::GAMES {
            let t = text(variant);
            assert_eq!(t.variant, variant);
            for key in t.keys() {
                assert!(!i18n.tr(key).trim().is_empty(), "{language:?} {key}");
            }
            // The title screen shows the summary as two short lines.
            for key in t.summary {
                let line = i18n.tr(key);
                assert!(line.chars().count() <= 80, "{language:?}: '{line}' is long");
            }
            for (heading, points) in t.rules.sections() {
                assert!(!points.is_empty(), "{variant}: {heading} is empty");
            }
            assert!(
                t.history
                    .iter()
                    .any(|p| i18n.tr(p).contains("1911") || i18n.tr(p).contains("1971")),
                "{language:?} {variant}: the history names its source"
            );
        }
        // The games' own words keep their Swahili names in every language.
        let words =
            |v: Variant| -> Vec<String> { text(v).terms.iter().map(|t| i18n.tr(t.word)).collect() };
        for word in ["mtaji", "takata", "kichwa", "kimbi", "bao hamna"] {
            assert!(
                words(Variant::Kujifunza).iter().any(|w| w == word),
                "{language:?}: {word}"
            );
        }
        assert!(
            words(Variant::Kingulu).iter().any(|w| w == "kuweka mtoto"),
            "{language:?}"
        );
    }
}

#[test]
fn ku_11_kn_9_repetition_is_called_a_house_rule_where_it_is_one() {
    for variant in [Variant::Kujifunza, Variant::Kingulu] {
        assert!(
            text(variant)
                .house_rules
                .iter()
                .any(|r| english().tr(r).starts_with("Repetition")),
            "{variant}"
        );
        let draw = Outcome::Draw {
            reason: EndReason::Repetition,
        };
        for (language, house_rule) in [
            (Language::English, "house rule"),
            (Language::German, "Hausregel"),
            (Language::Dutch, "huisregel"),
            (Language::Swahili, "kanuni ya ziada"),
        ] {
            let reason = ending(draw, &Position::new(variant), &I18n::new(language));
            assert!(
                reason.is_some_and(|e| e.reason.contains(house_rule)),
                "{variant} {language:?}"
            );
        }
    }
    for variant in [Variant::Kigogo, Variant::Kimasai] {
        let draw = Outcome::Draw {
            reason: EndReason::Repetition,
        };
        let reason = ending(draw, &Position::new(variant), &english()).map(|e| e.reason);
        assert!(
            reason.is_some_and(|r| !r.contains("house rule")),
            "{variant}"
        );
    }
}

#[test]
fn ku_10_bao_hamna_ending_names_the_empty_row() {
    // The forced win of `kujifunza-choice` ends with North's front row empty.
    let example = &text(Variant::Kujifunza).examples[3];
    let (game, _) = play(example);
    let end = ending(game.outcome(), game.position(), &english()).expect("the game is over");
    assert_eq!(end.headline, "South wins");
    assert_eq!(end.reason, "North's front row is empty — bao hamna");
    assert_eq!(ending(Outcome::Ongoing, game.position(), &english()), None);
    let german = ending(
        game.outcome(),
        game.position(),
        &I18n::new(Language::German),
    );
    let german = german.expect("the game is over");
    assert_eq!(german.headline, "Süd gewinnt");
    assert!(german.reason.contains("Nord") && german.reason.contains("bao hamna"));
}

#[test]
fn kn_8_final_count_ending_gives_both_scores() {
    // North to move with an empty row: no legal move, so the seeds are counted (KN-8).
    let position = Position::from_json(
        r#"{"variant":"kingulu","to_move":"north","rows":[[0,0,0,0,0,0],[4,4,4,4,4,2]],
            "captured":{"south":10,"north":16}}"#,
    )
    .expect("a valid position");
    let outcome = position.outcome();
    assert_eq!(outcome.reason(), Some(EndReason::FinalScore));
    let end = ending(outcome, &position, &english()).expect("the game is over");
    assert_eq!(end.headline, "South wins");
    assert_eq!(
        end.reason,
        "North cannot move — final count South 32, North 16"
    );
}

#[test]
fn kg_5_km_4_blockade_and_no_seeds_endings() {
    let blockade = Outcome::Win {
        winner: Player::North,
        reason: EndReason::Blockade,
    };
    let start = Position::new(Variant::Kigogo);
    assert_eq!(
        ending(blockade, &start, &english()).map(|e| e.reason),
        Some("South cannot move".to_owned())
    );
    let no_seeds = Outcome::Win {
        winner: Player::South,
        reason: EndReason::NoSeeds,
    };
    assert_eq!(
        ending(no_seeds, &start, &english()).map(|e| e.reason),
        Some("North has no seeds left".to_owned())
    );
}
