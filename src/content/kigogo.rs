//! Bao Kigogo: texts from seed 002, rules KG-1..KG-5.

use super::{ExampleText, Rules, Term, VariantText};
use bao_engine::Variant;

pub(super) static TEXT: VariantText = VariantText {
    variant: Variant::Kigogo,
    also_called: None,
    board: "4 rows of 12 pits · 92 seeds",
    region: "Dodoma region, central Tanzania",
    people: "the Gogo (Wagogo) people",
    summary: [
        "A large four-row game of the Gogo people, first recorded in 1911.",
        "Relay around your rows; end in an empty front pit to take a column.",
    ],
    history: &[
        "Bao Kigogo is a large four-row mancala game played by the Gogo (Wagogo) people on the \
central plateau of Tanzania's Dodoma region. It was first recorded in 1911 by the German \
Lutheran missionary Martin Klamroth, who watched games at the settlement of Mpapua (today \
Mpwapwa) and described the rules in the Archiv für Anthropologie.",
        "It is closely related to Bao Kiarabu, the Swahili coast's name for Hawalis, to \
Njombwa of Mozambique, and to other four-row relay games of southern and eastern Africa.",
        "On a generous board of four rows of twelve it joins unbroken counterclockwise relay \
sowing with an uneven opening: the two facing corner pits of the front rows start empty, so the \
game does not open as a mirror image, and the fight for the middle rows begins at once. Players \
plan long chains of laps that end in empty front pits and strip whole columns from the \
opponent.",
    ],
    rules: Rules {
        board: &[
            "Four rows of twelve pits. Each player owns the two rows on their side of the board: \
the front row, facing the opponent, and the back row.",
            "Every pit starts with two seeds, except the leftmost pit of each front row, which \
starts empty: 92 seeds in all.",
            "There are no stores: captured seeds leave the game for good.",
        ],
        play: &[
            "Players take turns. Lift all the seeds from one of your pits holding two or more \
and sow them counterclockwise, one into each pit of your own two rows.",
            "Relay: if the last seed falls into an occupied pit, lift everything there, the new \
seed included, and sow on from the next pit.",
            "The move ends when the last seed falls into an empty pit.",
            "Single seeds: only when none of your pits holds two or more seeds may you move a \
single seed, one step on, and only into an empty pit.",
        ],
        capture: &[
            "If the last seed of a move falls into an empty pit of your front row and the \
opponent's front pit directly opposite holds seeds, they are captured and removed from the \
game.",
            "If the opponent's back pit in the same column holds seeds too, they are taken as \
well: the whole column is cleared.",
            "The back row is safe on its own: it is only ever taken together with the front pit \
before it. A single-seed move captures in the same way.",
        ],
        end: &[
            "You win when your opponent has no seeds left, or cannot move.",
            "The game is a draw as soon as a position repeats.",
        ],
    },
    terms: &[
        Term {
            word: "relay",
            meaning: "lifting the seeds of the pit where a lap ended and sowing them on, lap \
after lap",
        },
        Term {
            word: "column capture",
            meaning: "taking the opponent's front pit together with the back pit behind it",
        },
    ],
    house_rules: &[
        "South moves first; the source does not say who begins.",
        "Endless moves: a relay can go on for a very long time, even for ever. A move that \
would need more than 1,000 laps counts as endless and may not be played.",
        "A repeated position means the same seeds in the same pits, the same captures and the \
same player to move.",
    ],
    examples: &[
        ExampleText {
            title: "Relay and capture",
            position: r#"{"variant":"kigogo","to_move":"south",
                "rows":[[2,2,2,2,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,2,2,2,0],
                        [0,2,2,2,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,2,2,2,2]]}"#,
            moves: &["a6"],
            caption: "South sows a6; the lap ends in an occupied pit and relays on, until the \
last seed falls into the empty a1 and takes North's whole column.",
        },
        ExampleText {
            title: "A single seed",
            position: r#"{"variant":"kigogo","to_move":"south",
                "rows":[[2,2,2,2,2,2,2,2,2,2,2,2],[0,2,1,0,0,0,0,0,1,1,0,0],
                        [0,0,1,0,0,0,0,0,0,0,0,1],[1,0,0,0,0,0,0,0,0,0,0,0]],
                "captured":{"south":40,"north":20}}"#,
            moves: &["a3"],
            caption: "With no pit of two seeds left, South slides a single seed into the empty \
pit beside it, and still captures a whole column.",
        },
    ],
};
