//! Bao Kigogo, rules KG-1..KG-5 of docs/rules.md: text keys and examples.

use super::{ExampleText, Rules, Term, VariantText};
use bao_engine::Variant;

pub(super) static TEXT: VariantText = VariantText {
    variant: Variant::Kigogo,
    also_called: None,
    board: "kigogo-board",
    region: "kigogo-region",
    people: "kigogo-people",
    summary: ["kigogo-summary-1", "kigogo-summary-2"],
    history: &["kigogo-history-1", "kigogo-history-2", "kigogo-history-3"],
    rules: Rules {
        board: &[
            "kigogo-rules-board-1",
            "kigogo-rules-board-2",
            "kigogo-rules-board-3",
        ],
        play: &[
            "kigogo-rules-play-1",
            "kigogo-rules-play-2",
            "kigogo-rules-play-3",
            "kigogo-rules-play-4",
        ],
        capture: &[
            "kigogo-rules-capture-1",
            "kigogo-rules-capture-2",
            "kigogo-rules-capture-3",
        ],
        end: &["kigogo-rules-end-1", "kigogo-rules-end-2"],
    },
    terms: &[
        Term {
            word: "kigogo-term-relay",
            meaning: "kigogo-term-relay-meaning",
        },
        Term {
            word: "kigogo-term-column-capture",
            meaning: "kigogo-term-column-capture-meaning",
        },
    ],
    house_rules: &["kigogo-house-1", "kigogo-house-2", "kigogo-house-3"],
    examples: &[
        ExampleText {
            title: "kigogo-example-relay",
            position: r#"{"variant":"kigogo","to_move":"south",
                "rows":[[2,2,2,2,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,2,2,2,0],
                        [0,2,2,2,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,2,2,2,2]]}"#,
            moves: &["a6"],
            caption: "kigogo-example-relay-caption",
        },
        ExampleText {
            title: "kigogo-example-single",
            position: r#"{"variant":"kigogo","to_move":"south",
                "rows":[[2,2,2,2,2,2,2,2,2,2,2,2],[0,2,1,0,0,0,0,0,1,1,0,0],
                        [0,0,1,0,0,0,0,0,0,0,0,1],[1,0,0,0,0,0,0,0,0,0,0,0]],
                "captured":{"south":40,"north":20}}"#,
            moves: &["a3"],
            caption: "kigogo-example-single-caption",
        },
    ],
};
