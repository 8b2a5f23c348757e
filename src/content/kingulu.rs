//! Bao Kingulu, rules KN-1..KN-9 of docs/rules.md: text keys and examples.

use super::{ExampleText, Rules, Term, VariantText};
use bao_engine::Variant;

/// Before South's a6: North's a2, at (0,4), holds exactly three seeds.
const MTOTO: &str = r#"{"variant":"kingulu","to_move":"south",
    "rows":[[0,4,4,4,3,5],[4,4,4,4,4,2]],"captured":{"south":3,"north":3}}"#;

pub(super) static TEXT: VariantText = VariantText {
    variant: Variant::Kingulu,
    also_called: None,
    board: "kingulu-board",
    region: "kingulu-region",
    people: "kingulu-people",
    summary: ["kingulu-summary-1", "kingulu-summary-2"],
    history: &[
        "kingulu-history-1",
        "kingulu-history-2",
        "kingulu-history-3",
    ],
    rules: Rules {
        board: &[
            "kingulu-rules-board-1",
            "kingulu-rules-board-2",
            "kingulu-rules-board-3",
        ],
        play: &[
            "kingulu-rules-play-1",
            "kingulu-rules-play-2",
            "kingulu-rules-play-3",
            "kingulu-rules-play-4",
        ],
        capture: &[
            "kingulu-rules-capture-1",
            "kingulu-rules-capture-2",
            "kingulu-rules-capture-3",
        ],
        end: &["kingulu-rules-end-1", "kingulu-rules-end-2"],
    },
    terms: &[
        Term {
            word: "kingulu-term-kuweka-mtoto",
            meaning: "kingulu-term-kuweka-mtoto-meaning",
        },
        Term {
            word: "kingulu-term-reserved-hole",
            meaning: "kingulu-term-reserved-hole-meaning",
        },
    ],
    house_rules: &[
        "kingulu-house-1",
        "kingulu-house-2",
        "kingulu-house-3",
        "kingulu-house-4",
        "kingulu-house-5",
    ],
    examples: &[
        ExampleText {
            title: "kingulu-example-capture",
            position: r#"{"variant":"kingulu","to_move":"south",
                "rows":[[4,4,5,4,4,4],[2,1,0,4,4,4]],"captured":{"south":4,"north":4}}"#,
            moves: &["a1"],
            caption: "kingulu-example-capture-caption",
        },
        ExampleText {
            title: "kingulu-example-kuweka-mtoto",
            position: MTOTO,
            moves: &["a6"],
            caption: "kingulu-example-kuweka-mtoto-caption",
        },
        ExampleText {
            title: "kingulu-example-toll",
            position: MTOTO,
            moves: &["a6", "a1"],
            caption: "kingulu-example-toll-caption",
        },
    ],
};
