//! One position per variant where the winning or capturing move is obvious: Medium, Hard and
//! Expert all find it.

use crate::position;
use bao_ai::{Level, choose_move};
use bao_engine::{Game, Move, Outcome, Player, Position};

const STRONG: [Level; 3] = [Level::Medium, Level::Hard, Level::Expert];

fn mv(text: &str) -> Move {
    text.parse().expect("fixture move")
}

/// Every strong level plays a move accepted by `good` in `pos`.
fn strong_levels_find(pos: Position, good: impl Fn(Move, &Game) -> bool) {
    let game = Game::from_position(pos);
    for level in STRONG {
        for seed in 0..3 {
            let chosen = choose_move(&game, level, seed).expect("a move");
            let mut after = game.clone();
            after.play(chosen).expect("legal");
            assert!(good(chosen, &after), "{level} seed {seed} played {chosen}");
        }
    }
}

#[test]
fn ku_9a_kujifunza_capture_that_empties_the_front_row_wins() {
    // a6+ ends in the occupied a4 facing North's only occupied front pit (KU-3, KU-6): the
    // re-entry (at a8, the move going `+`, KU-8; at either kichwa in kujifunza-choice, KU-8c)
    // leaves North's front row empty and wins (KU-9a, KU-10). b8+ also captures (a7 facing
    // North's a2) but does not win.
    for (variant, winning) in [
        ("kujifunza", &["a6+"][..]),
        ("kujifunza-choice", &["a6+/L", "a6+/R"][..]),
    ] {
        let pos = position(&format!(
            r#"{{"variant":"{variant}","to_move":"south",
            "rows":[[7,7,7,7,7,7,7,6],[0,0,0,2,0,0,1,0],
                    [0,0,0,1,0,2,1,0],[0,0,0,0,0,0,0,2]],
            "captured":{{"south":0,"north":0}},"reserved":[]}}"#
        ));
        let legal = pos.legal_moves();
        assert!(winning.iter().all(|m| legal.contains(&mv(m))), "{variant}");
        assert!(legal.iter().any(|m| m.pit() == mv("b8").pit()));
        strong_levels_find(pos, |_, after| {
            after.outcome().winner() == Some(Player::South)
        });
    }
}

#[test]
fn kn_4_kingulu_capture_of_the_big_pit() {
    // South a2 (one seed) ends in the empty a3 and captures North's eleven-seed pit opposite
    // (KN-4); South a5 captures nothing.
    let pos = position(
        r#"{"variant":"kingulu","to_move":"south",
        "rows":[[2,0,11,0,0,0],[0,1,0,0,1,0]],
        "captured":{"south":16,"north":17},"reserved":[]}"#,
    );
    assert_eq!(pos.legal_moves().len(), 2);
    strong_levels_find(pos, |m, after| {
        m == mv("a2") && after.position().captured(Player::South) == 16 + 12
    });
}

#[test]
fn kg_4_kigogo_capture_of_the_last_seeds_wins() {
    // South a7 (two seeds) ends in the empty a5 facing North's only seeds, front and back
    // (KG-4): North has nothing left and loses (KG-5). b1 and b6 capture nothing.
    let pos = position(
        r#"{"variant":"kigogo","to_move":"south",
        "rows":[[0,0,0,0,3,0,0,0,0,0,0,0],[0,0,0,0,3,0,0,0,0,0,0,0],
                [0,0,0,0,0,0,2,0,0,0,0,0],[2,0,0,0,0,2,0,0,0,0,0,0]],
        "captured":{"south":40,"north":40},"reserved":[]}"#,
    );
    assert_eq!(pos.legal_moves().len(), 3);
    strong_levels_find(pos, |m, after| {
        m == mv("a7")
            && matches!(
                after.outcome(),
                Outcome::Win {
                    winner: Player::South,
                    ..
                }
            )
    });
}

#[test]
fn km_3_kimasai_capture_of_the_last_seeds_wins() {
    // South a6 steps into the empty a5 facing North's front seed, with its back seed behind
    // (KM-3): both are taken, North has no seeds and loses (KM-4).
    let pos = position(
        r#"{"variant":"kimasai","to_move":"south",
        "rows":[[0,0,0,0,1,0,0,0,0,0,0,0],[0,0,0,0,1,0,0,0,0,0,0,0],
                [0,0,0,0,0,1,0,0,0,0,0,0],[1,0,1,0,0,0,0,0,0,0,0,0]],
        "captured":{"south":21,"north":20},"reserved":[]}"#,
    );
    assert!(pos.legal_moves().len() >= 3);
    strong_levels_find(pos, |m, after| {
        m == mv("a6")
            && matches!(
                after.outcome(),
                Outcome::Win {
                    winner: Player::South,
                    ..
                }
            )
    });
}

#[test]
fn kg_4_kigogo_material_capture_mid_game() {
    // Not a win: a7 captures North's a8 column (3 + 3 seeds, KG-4) while every other move
    // captures nothing; North keeps seeds elsewhere.
    let pos = position(
        r#"{"variant":"kigogo","to_move":"south",
        "rows":[[0,0,0,0,3,0,0,0,0,0,0,2],[0,0,0,0,3,0,0,0,0,0,0,2],
                [0,0,0,0,0,0,2,0,0,0,0,0],[2,0,0,0,0,2,0,0,0,0,0,0]],
        "captured":{"south":38,"north":38},"reserved":[]}"#,
    );
    strong_levels_find(pos, |m, after| {
        m == mv("a7") && after.position().captured(Player::South) == 38 + 6
    });
}
