//! Repetition: a won game is not drawn by repeating a position, a lost one is saved by it.

use crate::position;
use bao_ai::{Level, Searcher};
use bao_engine::Position;

/// The move `level` chooses in `current` when the game so far is `history` then `current`.
fn chosen(history: &[Position], current: Position, level: Level) -> bao_engine::Move {
    let mut all = history.to_vec();
    all.push(current);
    let mut s = Searcher::from_history(&all, level, 0);
    s.think_to_end();
    s.best_move().expect("a move")
}

/// For every legal move `m` in turn, pretend the position after `m` already occurred in the
/// game, so `m` repeats it: a draw at once (KG-5).
fn repeat_each_move(pos: Position, expect_repeat: bool) {
    let legal = pos.legal_moves();
    assert!(legal.len() >= 2);
    for m in legal {
        let after = pos.play(m).expect("legal");
        for level in [Level::Medium, Level::Hard] {
            let c = chosen(&[after], pos, level);
            if expect_repeat {
                assert_eq!(c, m, "{level}: behind, it should take the draw by {m}");
            } else {
                assert_ne!(c, m, "{level}: ahead, it must not draw by playing {m}");
            }
        }
    }
}

#[test]
fn kg_5_ahead_the_ai_never_repeats_a_position() {
    let ahead = position(
        r#"{"variant":"kigogo","to_move":"south",
        "rows":[[0,0,0,0,0,0,0,0,0,0,0,2],[0,0,0,0,0,0,0,0,0,0,0,0],
                [0,0,0,0,0,0,0,0,0,0,0,0],[2,2,2,2,2,2,0,0,0,0,0,0]],
        "captured":{"south":40,"north":38},"reserved":[]}"#,
    );
    repeat_each_move(ahead, false);
}

#[test]
fn kg_5_behind_the_ai_takes_the_draw_by_repetition() {
    let behind = position(
        r#"{"variant":"kigogo","to_move":"south",
        "rows":[[2,2,2,2,2,2,2,2,2,2,0,0],[0,0,0,0,0,0,0,0,0,0,0,0],
                [0,0,0,0,0,0,0,0,0,0,0,0],[2,0,0,0,0,2,0,0,0,0,0,0]],
        "captured":{"south":34,"north":34},"reserved":[]}"#,
    );
    repeat_each_move(behind, true);
}
