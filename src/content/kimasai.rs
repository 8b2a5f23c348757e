//! Bao la Kimasai (four rows): texts from seed 004, rules KM-1..KM-4.

use super::{ExampleText, Rules, Term, VariantText};
use bao_engine::Variant;

pub(super) static TEXT: VariantText = VariantText {
    variant: Variant::Kimasai,
    also_called: None,
    board: "4 rows of 12 pits · 46 seeds",
    region: "Dodoma region, central Tanzania",
    people: "Maasai herders",
    summary: [
        "A four-row game recorded among Maasai herders in 1911.",
        "One seed per pit: slide into an empty pit and strike a whole column.",
    ],
    history: &[
        "Bao la Kimasai, in its four-row form, is an intriguing mancala game recorded among the \
Maasai herders of the Dodoma region in central Tanzania. It was first described in 1911 by the \
German Lutheran minister Martin Klamroth, who watched games near Mpapua (today Mpwapwa) and \
published a detailed account in the Archiv für Anthropologie.",
        "Among the four-row African games it stands apart: there are no heaps of seeds and no \
relay sowing over many laps. A pit never holds more than one seed, so the game becomes a tense, \
tactical contest of sliding pieces, in which single seeds edge toward empty pits and suddenly \
open attacks on a column across the board.",
        "Board-game historians have pointed to a possible kinship with the passing rules of \
Chisolo II and with other sliding mancala games of southern Africa.",
    ],
    rules: Rules {
        board: &[
            "Four rows of twelve pits. Each player owns the two rows on their side of the board: \
the front row, facing the opponent, and the back row.",
            "Every pit starts with one seed, except the leftmost pit of each front row, which \
starts empty: 46 seeds in all.",
            "A pit never holds more than one seed. There are no stores: captured seeds leave the \
game for good.",
        ],
        play: &[
            "Players take turns. Move one of your seeds to the next pit counterclockwise around \
your own two rows.",
            "The move is allowed only if that pit is empty.",
        ],
        capture: &[
            "When your seed arrives in your front row and the opponent's front pit directly \
opposite holds a seed, that seed is captured, and with it the seed in the opponent's back pit \
of the same column, if there is one.",
            "With no seed in the front pit opposite, nothing is captured: the back row is safe \
on its own.",
        ],
        end: &[
            "You win when your opponent has no seeds left, or cannot move.",
            "The game is a draw as soon as a position repeats.",
        ],
    },
    terms: &[Term {
        word: "column capture",
        meaning: "taking the opponent's front seed together with the back seed behind it",
    }],
    house_rules: &[
        "South moves first; the source does not say who begins.",
        "A repeated position means the same seeds in the same pits, the same captures and the \
same player to move.",
    ],
    examples: &[
        ExampleText {
            title: "The opening",
            position: r#"{"variant":"kimasai","to_move":"south",
                "rows":[[1,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,0],
                        [0,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,1]]}"#,
            moves: &["a2", "a2"],
            caption: "South's only opening move slides a seed into the empty a1 and captures \
North's whole column; North answers the same way.",
        },
        ExampleText {
            title: "The back row is safe",
            position: r#"{"variant":"kimasai","to_move":"south",
                "rows":[[1,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,0,1,1,1,1,1,1,0],
                        [0,1,1,1,0,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,1]],
                "captured":{"south":1,"north":1}}"#,
            moves: &["a6"],
            caption: "South's seed arrives opposite an empty front pit: nothing is captured, \
and North's back-row seed behind it is safe.",
        },
    ],
};
