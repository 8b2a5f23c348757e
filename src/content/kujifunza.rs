//! Bao la Kujifunza (Mbili-mbili): texts from seed 000, rules KU-1..KU-11.

use super::{ExampleText, Rules, Term, VariantText};
use bao_engine::Variant;

pub(super) static TEXT: VariantText = VariantText {
    variant: Variant::Kujifunza,
    also_called: Some("Mbili-mbili"),
    board: "4 rows of 8 pits · 64 seeds",
    region: "Kenya and Tanzania",
    people: "Swahili-speaking communities",
    summary: [
        "\"Bao for learning\": the doorway to the master game, Bao la Kiswahili.",
        "Relay seeds around your own rows; front-row captures are compulsory.",
    ],
    history: &[
        "In everyday Swahili this game is called Mbili-mbili, \"two by two\" or \"in pairs\", \
after the two seeds that begin in every pit. Its full name, Bao la Kujifunza, comes from the \
Swahili verb kujifunza, \"to learn\": in the Swahili-speaking communities of Kenya and Tanzania it \
is the open door to the master game, Bao la Kiswahili.",
        "It leaves out the master game's opening phase, in which seeds are brought onto the board \
(namu), and the special rights of the house (nyumba). What remains is the heart of Bao: relay \
sowing over many laps, compulsory captures in the front row, and captured seeds coming back into \
play at the kichwa. Beginners and young players learn here to calculate and to see several laps \
ahead, in schools, clubs and homes across East Africa, before they move on to full Bao.",
        "The game was set down in 1971 in a teaching booklet, How to Play Bao, published by the \
National Museum of Tanzania in Dar es Salaam. It has also been documented by the Italian Bao \
researcher Nino Vessella and by the games researcher Larry Russ in The Complete Mancala Games \
Book (1999).",
    ],
    rules: Rules {
        board: &[
            "Four rows of eight pits. Each player owns the two rows nearer to them: the front \
row, facing the opponent, and the back row.",
            "Every pit starts with two seeds, 64 in all. Nobody holds seeds in hand and there \
are no stores: captured seeds go straight back into play.",
            "The two end pits of your front row are your kichwa, left and right. The two pits at \
each end of the front row are the kimbi; the four between them are the middle pits.",
        ],
        play: &[
            "The game follows the rules of mtaji, the open second phase of Bao la Kiswahili, \
without seeds in hand, without the house (nyumba) and without the takasia rule.",
            "Players take turns. You sow only around your own two rows, a circle of sixteen \
pits, in either direction: lift all the seeds from one of your pits and drop them one by one \
into the pits that follow.",
            "Relay: if the last seed lands in an occupied pit, lift everything there, the new \
seed included, and sow on in the same direction. The move ends when a last seed falls into an \
empty pit.",
            "A pit with a single seed never starts a move.",
            "Captures are compulsory: whenever a capture is possible, you must make one.",
            "Takata: when no capture is possible, you make a move without capture (takata) from \
a front-row pit holding two or more seeds. Only if your front row holds nothing but single \
seeds may you start from the back row. A takata never captures, however far it relays.",
        ],
        capture: &[
            "A move captures when the last seed of its first lap lands in an occupied pit of \
your front row and the opponent's front pit directly opposite holds seeds.",
            "The 16-seed rule: a first lap of sixteen seeds or more can never capture.",
            "You take all the seeds from the opponent's pit opposite; the opponent's back row is \
always safe. Your own seeds stay where they are.",
            "The captured seeds are sown again at once, starting in one of your kichwa, the \
first seed into the kichwa itself, and moving inward toward the middle. The move carries on in \
that direction.",
            "A capture made from a kimbi re-enters at the kichwa on the same side. After a \
capture from one of the four middle pits you choose the kichwa yourself.",
            "Chained captures: if a later lap ends in an occupied front-row pit facing the \
opponent's seeds, you capture again and sow the new seeds from a kichwa. A lap that ends in an \
empty pit ends the move.",
        ],
        end: &[
            "Bao hamna: you win when your opponent's front row is completely empty.",
            "Blockade: you win when your opponent cannot move, because only single seeds, or \
none at all, are left on their side.",
        ],
    },
    terms: &[
        Term {
            word: "mtaji",
            meaning: "the open second phase of Bao la Kiswahili; this game is played by its rules",
        },
        Term {
            word: "takata",
            meaning: "a move without capture, allowed only when no capture is possible",
        },
        Term {
            word: "kichwa",
            meaning: "an end pit of your front row, left or right; captured seeds are sown again \
from here",
        },
        Term {
            word: "kimbi",
            meaning: "the two pits at either end of your front row; a capture from a kimbi \
re-enters at the kichwa on its own side",
        },
        Term {
            word: "bao hamna",
            meaning: "an empty front row: the player whose front row is bare has lost",
        },
        Term {
            word: "Mbili-mbili",
            meaning: "\"two by two\", the everyday name of the game",
        },
    ],
    house_rules: &[
        "South moves first; the source does not say who begins.",
        "Repetition: the source has no rule for a game that goes round in circles. Here the \
third time the same position appears, the game is a draw.",
        "Endless moves: a relay can go on for a very long time, even for ever. A move that \
would need more than 1,000 laps counts as endless and may not be played.",
        "A capture that empties the opponent's front row still sows its seeds from the kichwa; \
then the move stops, and you have won.",
        "A move that empties your own front row, while your opponent's still holds seeds, loses.",
    ],
    examples: &[
        ExampleText {
            title: "A capture",
            position: r#"{"variant":"kujifunza","to_move":"south",
                "rows":[[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2]]}"#,
            moves: &["a2-/L"],
            caption: "South sows a2 clockwise. The last seed lands in a4, facing two of North's \
seeds: they are captured and sown again from South's left kichwa.",
        },
        ExampleText {
            title: "Takata",
            position: r#"{"variant":"kujifunza","to_move":"south",
                "rows":[[3,3,3,3,3,3,3,3],[0,0,0,0,2,2,2,2],[2,3,2,2,0,0,0,0],[3,3,3,3,3,3,3,2]]}"#,
            moves: &["a1-"],
            caption: "No capture is possible, so South plays takata: the first lap ends in an \
occupied pit, its seeds relay on, and the move stops in an empty pit.",
        },
        ExampleText {
            title: "Bao hamna",
            position: r#"{"variant":"kujifunza","to_move":"south",
                "rows":[[4,4,4,4,4,4,3,3],[0,0,0,2,0,0,0,0],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2]]}"#,
            moves: &["a2-/L"],
            caption: "North has seeds in only one front pit. South captures them, North's front \
row is empty, and South wins: bao hamna.",
        },
    ],
};
