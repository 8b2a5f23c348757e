//! Bao la Kimasai (four rows), rules KM-1..KM-4 of docs/rules.md: text keys and examples.

use super::{ExampleText, Rules, Term, VariantText};
use bao_engine::Variant;

pub(super) static TEXT: VariantText = VariantText {
    variant: Variant::Kimasai,
    also_called: None,
    board: "kimasai-board",
    region: "kimasai-region",
    people: "kimasai-people",
    summary: ["kimasai-summary-1", "kimasai-summary-2"],
    history: &[
        "kimasai-history-1",
        "kimasai-history-2",
        "kimasai-history-3",
    ],
    rules: Rules {
        board: &[
            "kimasai-rules-board-1",
            "kimasai-rules-board-2",
            "kimasai-rules-board-3",
        ],
        play: &["kimasai-rules-play-1", "kimasai-rules-play-2"],
        capture: &["kimasai-rules-capture-1", "kimasai-rules-capture-2"],
        end: &["kimasai-rules-end-1", "kimasai-rules-end-2"],
    },
    terms: &[Term {
        word: "kimasai-term-column-capture",
        meaning: "kimasai-term-column-capture-meaning",
    }],
    house_rules: &["kimasai-house-1", "kimasai-house-2"],
    examples: &[
        ExampleText {
            title: "kimasai-example-opening",
            position: r#"{"variant":"kimasai","to_move":"south",
                "rows":[[1,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,0],
                        [0,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,1]]}"#,
            moves: &["a2", "a2"],
            caption: "kimasai-example-opening-caption",
        },
        ExampleText {
            title: "kimasai-example-back-row",
            position: r#"{"variant":"kimasai","to_move":"south",
                "rows":[[1,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,0,1,1,1,1,1,1,0],
                        [0,1,1,1,0,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,1]],
                "captured":{"south":1,"north":1}}"#,
            moves: &["a6"],
            caption: "kimasai-example-back-row-caption",
        },
    ],
};
