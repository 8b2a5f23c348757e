//! Bao la Kujifunza (Mbili-mbili), rules KU-1..KU-11 of docs/rules.md: text keys and examples. One
//! text serves both readings of the kichwa rule (KU-8 and KU-8c); the house rules say which sources
//! read it which way, and the examples show both.

use super::{ExampleText, Rules, Term, VariantText};
use bao_engine::Variant;

pub(super) static TEXT: VariantText = VariantText {
    variant: Variant::Kujifunza,
    also_called: Some("kujifunza-also-called"),
    board: "kujifunza-board",
    region: "kujifunza-region",
    people: "kujifunza-people",
    summary: ["kujifunza-summary-1", "kujifunza-summary-2"],
    history: &[
        "kujifunza-history-1",
        "kujifunza-history-2",
        "kujifunza-history-3",
    ],
    rules: Rules {
        board: &[
            "kujifunza-rules-board-1",
            "kujifunza-rules-board-2",
            "kujifunza-rules-board-3",
        ],
        play: &[
            "kujifunza-rules-play-1",
            "kujifunza-rules-play-2",
            "kujifunza-rules-play-3",
            "kujifunza-rules-play-4",
            "kujifunza-rules-play-5",
            "kujifunza-rules-play-6",
        ],
        capture: &[
            "kujifunza-rules-capture-1",
            "kujifunza-rules-capture-2",
            "kujifunza-rules-capture-3",
            "kujifunza-rules-capture-4",
            "kujifunza-rules-capture-5",
            "kujifunza-rules-capture-6",
        ],
        end: &["kujifunza-rules-end-1", "kujifunza-rules-end-2"],
    },
    terms: &[
        Term {
            word: "kujifunza-term-mtaji",
            meaning: "kujifunza-term-mtaji-meaning",
        },
        Term {
            word: "kujifunza-term-takata",
            meaning: "kujifunza-term-takata-meaning",
        },
        Term {
            word: "kujifunza-term-kichwa",
            meaning: "kujifunza-term-kichwa-meaning",
        },
        Term {
            word: "kujifunza-term-kimbi",
            meaning: "kujifunza-term-kimbi-meaning",
        },
        Term {
            word: "kujifunza-term-bao-hamna",
            meaning: "kujifunza-term-bao-hamna-meaning",
        },
        Term {
            word: "kujifunza-term-mbili-mbili",
            meaning: "kujifunza-term-mbili-mbili-meaning",
        },
    ],
    // The kichwa rule's two readings first: the point the sources differ on most.
    house_rules: &[
        "kujifunza-house-6",
        "kujifunza-house-7",
        "kujifunza-house-1",
        "kujifunza-house-2",
        "kujifunza-house-3",
        "kujifunza-house-4",
        "kujifunza-house-5",
    ],
    examples: &[
        ExampleText {
            title: "kujifunza-example-capture",
            position: r#"{"variant":"kujifunza","to_move":"south",
                "rows":[[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2]]}"#,
            moves: &["a2-"],
            caption: "kujifunza-example-capture-caption",
        },
        ExampleText {
            title: "kujifunza-example-takata",
            position: r#"{"variant":"kujifunza","to_move":"south",
                "rows":[[3,3,3,3,3,3,3,3],[0,0,0,0,2,2,2,2],[2,3,2,2,0,0,0,0],[3,3,3,3,3,3,3,2]]}"#,
            moves: &["a1-"],
            caption: "kujifunza-example-takata-caption",
        },
        // KU-8: a kimbi capture turns the move; the middle capture after it keeps the new
        // direction (the engine's test `ku_8_after_a_kimbi_capture_turns_the_move_…`).
        ExampleText {
            title: "kujifunza-example-direction",
            position: r#"{"variant":"kujifunza","to_move":"south",
                "rows":[[7,7,7,7,7,7,6,6],[0,2,0,0,3,0,0,1],[0,1,0,2,1,0,0,0],[0,0,0,0,0,0,0,0]]}"#,
            moves: &["a4+"],
            caption: "kujifunza-example-direction-caption",
        },
        // KU-8c: the literal reading's forced win from the start, in three plies.
        ExampleText {
            title: "kujifunza-example-choice-win",
            position: r#"{"variant":"kujifunza-choice","to_move":"south",
                "rows":[[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2]]}"#,
            moves: &["a8+/L/R/R", "b2-", "b8+/R/R/R"],
            caption: "kujifunza-example-choice-win-caption",
        },
    ],
};
