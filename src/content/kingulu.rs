//! Bao Kingulu: texts from seed 001, rules KN-1..KN-9.

use super::{ExampleText, Rules, Term, VariantText};
use bao_engine::Variant;

/// Before South's a6: North's a2, at (0,4), holds exactly three seeds.
const MTOTO: &str = r#"{"variant":"kingulu","to_move":"south",
    "rows":[[0,4,4,4,3,5],[4,4,4,4,4,2]],"captured":{"south":3,"north":3}}"#;

pub(super) static TEXT: VariantText = VariantText {
    variant: Variant::Kingulu,
    also_called: None,
    board: "2 rows of 6 pits · 48 seeds",
    region: "Morogoro and Tanga regions, east-central Tanzania",
    people: "the Ngulu people",
    summary: [
        "A two-row game of the Ngulu people, first recorded in 1911.",
        "One shared circle; land on a pit of three and claim it: kuweka mtoto.",
    ],
    history: &[
        "Bao Kingulu is kept by the Ngulu (Kingulu), a people of east-central Tanzania who live \
mostly in the hill country of the Morogoro and Tanga regions. Historically some 132,000 strong \
and known as skilled farmers and traders, the Ngulu preserved this game as a tradition of their \
own alongside the influences of the Swahili coast.",
        "Its rules were first written down in 1911 by the German missionary Martin Klamroth, in \
his pioneering study Afrikanische Brettspiele (African Board Games), published in the Archiv \
für Anthropologie.",
        "Unlike the famous four-row Swahili Bao, Kingulu is played on a compact circle of twelve \
pits. Yet it has remarkable depth: relays over many laps, a ban on certain first laps, and the \
dramatic kuweka mtoto, \"setting a child\", in which a pit of the opponent is conquered and \
turned into a toll house for good. The phrase paints a vivid picture of laying claim to land \
and of a family's protection.",
    ],
    rules: Rules {
        board: &[
            "Two rows of six pits. Each player owns the row on their side of the board.",
            "Every pit starts with four seeds, 48 in all.",
            "There are no stores: captured seeds are taken off the board and kept by the \
capturer.",
        ],
        play: &[
            "Players take turns. Lift all the seeds from one of your pits (a single seed will \
do) and sow them counterclockwise, one into each pit that follows. All twelve pits form one \
circle, so your seeds travel through the opponent's row and back into your own.",
            "Relay: if the last seed falls into an occupied pit, lift everything there and sow \
on.",
            "First-lap rule: a move is not allowed if its first lap would end in an occupied \
pit of your own row.",
            "A move ends when its last seed falls into an empty pit, into an opponent's pit \
that held exactly three seeds, or into a reserved hole.",
        ],
        capture: &[
            "When the last seed falls into an empty pit of your own row, you capture all the \
seeds in the opponent's pit directly opposite, together with the capturing seed. If the pit \
opposite is empty, nothing is taken.",
            "Kuweka mtoto: when the last seed of any lap falls into an opponent's pit that held \
exactly three seeds, making four, the move ends and that hole is yours for the rest of the \
game. The seed you dropped just before it is moved into the hole as well, unless the move began \
from a single seed.",
            "Toll: any seed that later falls into a reserved hole is taken at once by the \
hole's owner. Nobody ever plays from a reserved hole.",
        ],
        end: &[
            "The game ends when the player to move has no legal move.",
            "Each player then counts the seeds in their own pits, in the holes they reserved, \
and the seeds they captured. The higher count wins; 24 each is a draw.",
        ],
    },
    terms: &[
        Term {
            word: "kuweka mtoto",
            meaning: "\"to set a child\": claiming an opponent's pit that held three seeds as \
your own reserved hole for the rest of the game",
        },
        Term {
            word: "reserved hole",
            meaning: "a pit won by kuweka mtoto; it keeps its seeds and takes a toll of every \
seed that falls into it",
        },
    ],
    house_rules: &[
        "South moves first; the source does not say who begins.",
        "Repetition: the source has no rule for a game that goes round in circles. Here the \
third time the same position appears, the game ends and the seeds are counted.",
        "Endless moves: a relay can go on for a very long time, even for ever. A move that \
would need more than 1,000 laps counts as endless and may not be played.",
        "The seed dropped just before a kuweka mtoto stays put if it fell into a reserved hole.",
        "A last seed that falls into a reserved hole goes to the hole's owner, and the move \
ends.",
    ],
    examples: &[
        ExampleText {
            title: "A capture",
            position: r#"{"variant":"kingulu","to_move":"south",
                "rows":[[4,4,5,4,4,4],[2,1,0,4,4,4]],"captured":{"south":4,"north":4}}"#,
            moves: &["a1"],
            caption: "South's last seed falls into the empty a3: the five seeds opposite are \
captured, together with the capturing seed.",
        },
        ExampleText {
            title: "Kuweka mtoto",
            position: MTOTO,
            moves: &["a6"],
            caption: "South's last seed lands in a North pit that held three: kuweka mtoto! \
The hole belongs to South for the rest of the game.",
        },
        ExampleText {
            title: "The toll",
            position: MTOTO,
            moves: &["a6", "a1"],
            caption: "After South claims the hole, North sows past it: the seed that falls in \
goes to South as a toll, and North's lap ends in an empty pit and captures.",
        },
    ],
};
