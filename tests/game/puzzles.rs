//! Puzzles on the board: the person's move is judged once the board has shown it (never while
//! its seeds are still in the air), a miss can be undone or retried, the hint is the solver's
//! move, and in a win puzzle the other side answers with the exact best defence.

use crate::harness::*;
use bao::core::{Activity, GameCommand, Seat};
use bao::puzzles::{Miss, PuzzleCommand, PuzzleRun, SolvedPuzzles, Verdict};
use bao_ai::puzzle::{Goal, Puzzle, best_defence, parse_puzzles, seeds_captured, winning_move};
use bao_engine::Variant;
use bevy::app::App;

const KINGULU: &str = include_str!("../../assets/puzzles/kingulu.json");

fn kingulu_puzzles() -> Vec<Puzzle> {
    parse_puzzles(KINGULU).expect("the file parses")
}

fn open(app: &mut App, index: usize) {
    app.world_mut().write_message(PuzzleCommand::Open {
        variant: Variant::Kingulu,
        index,
    });
    for _ in 0..4 {
        app.update();
    }
}

fn verdict(app: &App) -> Verdict {
    app.world()
        .resource::<PuzzleRun>()
        .0
        .as_ref()
        .expect("a puzzle is on the board")
        .verdict
}

fn ask(app: &mut App, command: PuzzleCommand) {
    app.world_mut().write_message(command);
    app.update();
}

/// Frames until the defender has answered (after its pause) the move shown at `ply`.
fn await_defence(app: &mut App, ply: usize) {
    for _ in 0..200 {
        app.update();
        if session(app).game().moves().len() > ply {
            return;
        }
    }
    panic!("the defender did not answer");
}

#[test]
fn a_capture_puzzle_is_judged_when_the_seeds_have_landed() {
    let set = kingulu_puzzles();
    let (index, puzzle) = set
        .iter()
        .enumerate()
        .find(|(_, p)| matches!(p.goal, Goal::Capture { seeds } if seeds >= 2))
        .expect("a capture puzzle");
    let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Human], 0.5);
    open(&mut app, index);
    let start = puzzle.start().expect("valid");
    assert_eq!(position(&app), start);
    assert_eq!(session(&app).activity(), Activity::Puzzle);
    assert_eq!(verdict(&app), Verdict::Solving);

    // The hint is the file's solution.
    let solution = puzzle.solution_moves().expect("notation");
    command(&mut app, GameCommand::Hint);
    assert_eq!(session(&app).hint(), Some(solution[0]));

    play_by_clicks(&mut app, solution[0]);
    assert!(busy(&app), "the move is being shown");
    assert_eq!(
        verdict(&app),
        Verdict::Solving,
        "no verdict before the seeds land"
    );
    finish_animation(&mut app);
    assert_eq!(verdict(&app), Verdict::Solved);
    assert!(
        app.world()
            .resource::<SolvedPuzzles>()
            .done
            .contains(&puzzle.id)
    );
    let run = app.world().resource::<PuzzleRun>().0.clone().expect("on");
    assert_eq!(run.hints, 1);

    // Again, with a move that captures too few: missed, then undone.
    ask(&mut app, PuzzleCommand::Retry);
    app.update();
    assert_eq!(position(&app), start);
    assert_eq!(verdict(&app), Verdict::Solving);
    let Goal::Capture { seeds } = puzzle.goal else {
        unreachable!()
    };
    let weak = start
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| seeds_captured(&start, mv).unwrap_or(0) < seeds)
        .expect("a move that misses");
    play_by_clicks(&mut app, weak);
    finish_animation(&mut app);
    let got = seeds_captured(&start, weak).unwrap_or(0);
    assert_eq!(verdict(&app), Verdict::Missed(Miss::TooFew { got }));
    command(&mut app, GameCommand::Undo);
    finish_animation(&mut app);
    assert_eq!(position(&app), start);
    assert_eq!(verdict(&app), Verdict::Solving, "undone: solving again");
    assert_board_matches(&mut app, "a puzzle's move undone");
}

#[test]
fn a_win_puzzle_is_defended_by_the_best_defence_until_it_is_won() {
    let set = kingulu_puzzles();
    let (index, puzzle) = set
        .iter()
        .enumerate()
        .find(|(_, p)| matches!(p.goal, Goal::Win { plies } if plies >= 3))
        .expect("a win puzzle of several moves");
    let Goal::Win { plies } = puzzle.goal else {
        unreachable!()
    };
    let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Human], 4.0);
    open(&mut app, index);
    let solver = position(&app).to_move();
    let mut ply = 0;
    while verdict(&app) == Verdict::Solving {
        assert!(
            ply < plies as usize,
            "{}: not won within {plies} plies",
            puzzle.id
        );
        let before = position(&app);
        if before.to_move() == solver {
            let (mv, _) = winning_move(&before, plies - ply as u32).expect("a forced win");
            play_by_clicks(&mut app, mv);
        } else {
            let defence = best_defence(&before, plies - ply as u32).expect("a reply");
            await_defence(&mut app, ply);
            assert_eq!(
                session(&app).game().moves().get(ply),
                Some(&defence.mv),
                "the defender plays the best defence"
            );
        }
        finish_animation(&mut app);
        ply += 1;
    }
    assert_eq!(verdict(&app), Verdict::Solved, "{}", puzzle.id);
    assert_eq!(session(&app).game().outcome().winner(), Some(solver));
    assert_board_matches(&mut app, "a won puzzle");
}

#[test]
fn show_the_solution_plays_it_from_the_start_and_leaving_ends_the_puzzle() {
    let set = kingulu_puzzles();
    let mut app = app(Variant::Kingulu, [Seat::Human, Seat::Human], 4.0);
    open(&mut app, 0);
    ask(&mut app, PuzzleCommand::ShowSolution);
    app.update();
    assert_eq!(verdict(&app), Verdict::Solution);
    finish_animation(&mut app);
    let solution = set[0].solution_moves().expect("notation");
    assert_eq!(session(&app).game().moves(), solution.as_slice());
    // The next puzzle, then a new game: the puzzle is gone.
    ask(&mut app, PuzzleCommand::Next);
    app.update();
    let run = app.world().resource::<PuzzleRun>().0.clone().expect("on");
    assert_eq!(run.index, 1);
    assert_eq!(position(&app), set[1].start().expect("valid"));
    app.world_mut().write_message(bao::core::StartGame {
        variant: Variant::Kingulu,
        seats: [Seat::Human, Seat::Human],
    });
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<PuzzleRun>().0.is_none());
    assert_eq!(session(&app).activity(), Activity::Play);
}
