//! Puzzles as data: the shipped files verify and are what the recorded command makes,
//! every kind of wrong puzzle is caught, generation is deterministic, and the helpers the game
//! uses agree with the solutions.

use crate::position;
use bao_ai::puzzle::{
    Goal, Puzzle, PuzzleErrorKind, PuzzleFault, best_defence, forced_win_within, generate,
    goal_reached_by, grade, keeps_forced_win, main_line, parse_puzzles, reserves_hole,
    seeds_captured, to_json_pretty, verify, verify_set, win_distance, winning_move,
};
use bao_engine::{Move, Outcome, Player, Position, Variant};
use std::collections::{BTreeSet, HashSet};

/// The seed of the shipped files (see the `bao_ai::puzzle` module docs).
const SHIPPED_SEED: u64 = 15;

fn shipped_path(variant: Variant) -> String {
    format!(
        "{}/../../assets/puzzles/{}.json",
        env!("CARGO_MANIFEST_DIR"),
        variant.id()
    )
}

fn shipped_text(variant: Variant) -> String {
    let path = shipped_path(variant);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn shipped(variant: Variant) -> Vec<Puzzle> {
    parse_puzzles(&shipped_text(variant)).unwrap_or_else(|e| panic!("{variant}: {e}"))
}

fn all_shipped() -> Vec<Puzzle> {
    Variant::GAMES.into_iter().flat_map(shipped).collect()
}

fn mv(text: &str) -> Move {
    text.parse().expect("fixture move")
}

/// The first shipped puzzle with a goal `pick` accepts.
fn first_shipped(variant: Variant, pick: impl Fn(&Goal) -> bool) -> Puzzle {
    shipped(variant)
        .into_iter()
        .find(|p| pick(&p.goal))
        .unwrap_or_else(|| panic!("a shipped {variant} puzzle of that kind"))
}

fn fault_of(p: &Puzzle) -> PuzzleFault {
    verify(p).expect_err("the puzzle is wrong")
}

// ---------------------------------------------------------------------------------------------
// The shipped files

#[test]
fn issue_15_every_shipped_puzzle_file_verifies() {
    for variant in Variant::GAMES {
        let puzzles = shipped(variant);
        assert!(puzzles.len() >= 24, "{variant}: {}", puzzles.len());
        if let Err(faults) = verify_set(&puzzles) {
            let lines: Vec<String> = faults.iter().map(ToString::to_string).collect();
            panic!("{variant}:\n{}", lines.join("\n"));
        }
        let mut positions = HashSet::new();
        for (i, p) in puzzles.iter().enumerate() {
            assert_eq!(p.id, format!("{}-{:02}", variant.id(), i + 1));
            let start = p.start().expect("verified");
            assert_eq!(start.variant(), variant, "{}", p.id);
            assert!(positions.insert(start), "{}: a duplicate position", p.id);
            assert_eq!(p.depth, Some(grade(&start, &p.goal)), "{}", p.id);
        }
    }
}

#[test]
fn issue_15_shipped_files_have_a_mix_of_goals_and_depths() {
    for variant in Variant::GAMES {
        let puzzles = shipped(variant);
        let plies: BTreeSet<u32> = puzzles
            .iter()
            .filter_map(|p| match p.goal {
                Goal::Win { plies } => Some(plies),
                _ => None,
            })
            .collect();
        assert_eq!(plies, BTreeSet::from([1, 3, 5]), "{variant}");
        let seeds: BTreeSet<u32> = puzzles
            .iter()
            .filter_map(|p| match p.goal {
                Goal::Capture { seeds } => Some(seeds),
                _ => None,
            })
            .collect();
        assert!(seeds.len() >= 2, "{variant}: capture sizes {seeds:?}");
        let grades: BTreeSet<u32> = puzzles
            .iter()
            .filter(|p| matches!(p.goal, Goal::Capture { .. }))
            .filter_map(|p| p.depth)
            .collect();
        assert!(grades.len() >= 2, "{variant}: capture grades {grades:?}");
        let reserves = puzzles.iter().filter(|p| p.goal == Goal::Reserve).count();
        if variant == Variant::Kingulu {
            assert!(reserves >= 4, "{reserves}");
        } else {
            assert_eq!(reserves, 0, "{variant}");
        }
    }
}

#[test]
fn issue_15_shipped_files_are_what_the_recorded_command_generates() {
    // If the AI levels are retuned, the self-play games change: regenerate the files with the
    // commands in the `bao_ai::puzzle` docs.
    for variant in Variant::GAMES {
        let made = generate(variant, 24, SHIPPED_SEED);
        assert_eq!(made, shipped(variant), "{variant}");
        assert_eq!(to_json_pretty(&made), shipped_text(variant), "{variant}");
    }
}

// ---------------------------------------------------------------------------------------------
// Each fault is detected

#[test]
fn issue_15_a_bad_move_in_the_solution_is_detected() {
    let good = first_shipped(Variant::Kigogo, |g| matches!(g, Goal::Win { plies: 3 }));
    let start = good.start().expect("valid");
    // A pit of the opponent's, or an empty one: never legal for the mover.
    let illegal = [
        "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a12",
    ]
    .into_iter()
    .find(|m| !start.is_legal(&mv(m)))
    .expect("some front pit cannot start a move");
    let mut p = good.clone();
    p.solution[0] = illegal.to_owned();
    assert!(matches!(
        fault_of(&p),
        PuzzleFault::IllegalMove { index: 0, .. }
    ));
    let mut p = good.clone();
    p.solution[2] = "zz".to_owned();
    assert!(matches!(
        fault_of(&p),
        PuzzleFault::UnparsableMove { index: 2, .. }
    ));
    let mut p = good.clone();
    p.solution.push(good.solution[0].clone());
    assert!(
        matches!(fault_of(&p), PuzzleFault::IllegalMove { index: 3, .. }),
        "the game is over after the win"
    );
    let mut p = good;
    p.solution.clear();
    assert_eq!(fault_of(&p), PuzzleFault::EmptySolution);
}

#[test]
fn issue_15_a_capture_goal_not_reached_is_detected() {
    for variant in Variant::GAMES {
        let good = first_shipped(variant, |g| matches!(g, Goal::Capture { .. }));
        let start = good.start().expect("valid");
        let Goal::Capture { seeds } = good.goal else {
            unreachable!()
        };
        // A legal move that captures less.
        let decoy = start
            .legal_moves()
            .into_iter()
            .find(|&m| seeds_captured(&start, m).is_some_and(|s| s < seeds))
            .expect("some move misses the goal");
        let mut p = good.clone();
        p.solution = vec![decoy.to_string()];
        assert!(
            matches!(fault_of(&p), PuzzleFault::CaptureNotReached { .. }),
            "{variant}"
        );
        let mut p = good;
        p.goal = Goal::Capture { seeds: seeds + 1 };
        assert!(matches!(
            fault_of(&p),
            PuzzleFault::CaptureNotReached { .. }
        ));
    }
}

#[test]
fn kn_5_issue_15_a_reserve_goal_not_reached_is_detected() {
    let good = first_shipped(Variant::Kingulu, |g| *g == Goal::Reserve);
    let start = good.start().expect("valid");
    let decoy = start
        .legal_moves()
        .into_iter()
        .find(|&m| reserves_hole(&start, m) == Some(false))
        .expect("some move reserves nothing");
    let mut p = good;
    p.solution = vec![decoy.to_string()];
    assert!(matches!(
        fault_of(&p),
        PuzzleFault::ReserveNotReached { .. }
    ));
}

#[test]
fn issue_15_a_goal_reached_by_every_move_is_detected() {
    let good = first_shipped(Variant::Kujifunza, |g| matches!(g, Goal::Capture { .. }));
    let mut p = good;
    p.goal = Goal::Capture { seeds: 0 };
    p.depth = None;
    assert!(matches!(
        fault_of(&p),
        PuzzleFault::ReachedByEveryMove { .. }
    ));
    // A win in one where every move wins: South's only seed steps to a8 and takes North's last
    // (KM-3, KM-4).
    let every = Puzzle {
        id: "every".to_owned(),
        position: position(
            r#"{"variant":"kimasai","to_move":"south",
            "rows":[[0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,1,0,0,0,0],
                    [0,0,0,0,0,0,0,0,1,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0]],
            "captured":{"south":22,"north":22}}"#,
        )
        .to_setup(),
        goal: Goal::Win { plies: 1 },
        solution: vec!["a9".to_owned()],
        depth: Some(1),
    };
    let start = every.start().expect("valid");
    assert_eq!(start.legal_moves().len(), 1);
    assert!(matches!(
        fault_of(&every),
        PuzzleFault::ReachedByEveryMove { moves: 1, .. }
    ));
}

#[test]
fn issue_15_an_even_or_out_of_range_ply_count_is_detected() {
    let good = first_shipped(Variant::Kimasai, |g| matches!(g, Goal::Win { plies: 3 }));
    let mut p = good.clone();
    p.goal = Goal::Win { plies: 4 };
    assert_eq!(fault_of(&p), PuzzleFault::EvenPlies { plies: 4 });
    for plies in [0, 9, 101] {
        p.goal = Goal::Win { plies };
        assert_eq!(fault_of(&p), PuzzleFault::PliesOutOfRange { plies });
    }
}

#[test]
fn issue_15_a_win_not_forced_within_n_is_detected() {
    for variant in Variant::GAMES {
        let good = first_shipped(variant, |g| matches!(g, Goal::Win { plies: 5 }));
        let mut p = good.clone();
        p.goal = Goal::Win { plies: 3 };
        p.solution.truncate(3);
        p.depth = None;
        assert_eq!(
            fault_of(&p),
            PuzzleFault::WinNotForced { plies: 3 },
            "{variant}"
        );
        // And a win graded slower than it is.
        let fast = first_shipped(variant, |g| matches!(g, Goal::Win { plies: 3 }));
        let mut p = fast;
        p.goal = Goal::Win { plies: 5 };
        assert!(
            matches!(fault_of(&p), PuzzleFault::FasterWin { plies: 5, .. }),
            "{variant}"
        );
    }
}

#[test]
fn issue_15_a_solution_that_is_not_the_main_line_is_detected() {
    // Cut short: it does not reach the win.
    let good = first_shipped(Variant::Kujifunza, |g| matches!(g, Goal::Win { plies: 5 }));
    let mut p = good;
    p.solution.truncate(3);
    assert!(matches!(
        fault_of(&p),
        PuzzleFault::SolutionLength { moves: 3, .. }
    ));
    // A shorter defence with a slower attack after it, of the main line's length. North wins
    // within 5 (main line a4 a3 a2 a1 a1); South's a1 instead of a3 lets North win sooner, but
    // North dawdles with a6 (a win within 3) and the line still has five plies.
    let main = Puzzle {
        id: "kingulu-line".to_owned(),
        position: position(
            r#"{"variant":"kingulu","to_move":"north","rows":[[1,0,3,1,1,1],[0,5,1,0,0,0]],
            "captured":{"south":9,"north":26},"reserved":[{"row":1,"col":1,"owner":"north"}]}"#,
        )
        .to_setup(),
        goal: Goal::Win { plies: 5 },
        solution: ["a4", "a3", "a2", "a1", "a1"].map(String::from).to_vec(),
        depth: Some(5),
    };
    assert_eq!(verify(&main), Ok(()));
    let mut p = main.clone();
    p.solution = ["a4", "a1", "a6", "a1", "a3"].map(String::from).to_vec();
    assert_eq!(
        fault_of(&p),
        PuzzleFault::NotLongestDefence {
            index: 1,
            mv: mv("a1")
        }
    );
    // A first move that does not force the win, met by a blunder that lets it win anyway:
    // looked for among the shipped win-3 puzzles.
    let mut blunders = 0;
    for p in all_shipped() {
        if p.goal != (Goal::Win { plies: 3 }) {
            continue;
        }
        let start = p.start().expect("valid");
        for decoy in start.legal_moves() {
            if keeps_forced_win(&start, decoy, 3) {
                continue;
            }
            let after = start.play(decoy).expect("legal");
            for reply in after.legal_moves() {
                let next = after.play(reply).expect("legal");
                if let Some((win, 1)) = winning_move(&next, 1) {
                    let mut q = p.clone();
                    q.solution = vec![decoy.to_string(), reply.to_string(), win.to_string()];
                    assert_eq!(
                        fault_of(&q),
                        PuzzleFault::NotFastestWin {
                            index: 0,
                            mv: decoy
                        },
                        "{}",
                        p.id
                    );
                    blunders += 1;
                }
            }
        }
    }
    assert!(
        blunders > 0,
        "some shipped puzzle has a decoy met by a blunder"
    );
}

#[test]
fn kn_5_issue_15_a_reserve_goal_outside_kingulu_is_detected() {
    for variant in [Variant::Kujifunza, Variant::Kigogo, Variant::Kimasai] {
        let mut p = first_shipped(variant, |g| matches!(g, Goal::Capture { .. }));
        p.goal = Goal::Reserve;
        assert_eq!(
            fault_of(&p),
            PuzzleFault::ReserveOutsideKingulu { variant },
            "{variant}"
        );
    }
}

#[test]
fn issue_15_a_duplicate_id_or_puzzle_is_detected() {
    let mut set = shipped(Variant::Kimasai);
    let copy = set[3].clone();
    set.push(copy.clone());
    let faults = verify_set(&set).expect_err("a duplicate id");
    assert_eq!(faults.len(), 1);
    assert_eq!(faults[0].index, set.len() - 1);
    assert_eq!(faults[0].fault, PuzzleFault::DuplicateId { first: 3 });
    assert!(faults[0].to_string().contains(&copy.id), "{}", faults[0]);
    let last = set.len() - 1;
    set[last].id = "kimasai-copy".to_owned();
    let faults = verify_set(&set).expect_err("a duplicate puzzle");
    assert_eq!(
        faults[0].fault,
        PuzzleFault::DuplicatePuzzle { first: copy.id }
    );
}

#[test]
fn issue_15_bad_positions_depths_and_ids_are_detected() {
    let good = first_shipped(Variant::Kigogo, |g| matches!(g, Goal::Capture { .. }));
    let mut p = good.clone();
    p.position.rows[0][0] += 1;
    assert!(matches!(fault_of(&p), PuzzleFault::InvalidPosition(_)));
    let mut p = good.clone();
    p.depth = p.depth.map(|d| d % 3 + 1);
    assert!(matches!(fault_of(&p), PuzzleFault::DepthMismatch { .. }));
    let mut p = good;
    p.id = " ".to_owned();
    assert_eq!(fault_of(&p), PuzzleFault::EmptyId);
    // A finished game: North has no seeds left (KM-4).
    let over = Puzzle {
        id: "over".to_owned(),
        position: position(
            r#"{"variant":"kimasai","to_move":"north",
            "rows":[[0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0],
                    [0,0,0,0,0,0,0,0,0,1,0,0],[0,0,0,0,0,0,0,0,0,0,0,1]],
            "captured":{"south":22,"north":22}}"#,
        )
        .to_setup(),
        goal: Goal::Capture { seeds: 1 },
        solution: vec!["a1".to_owned()],
        depth: None,
    };
    assert!(matches!(
        fault_of(&over),
        PuzzleFault::GameOver(Outcome::Win {
            winner: Player::South,
            ..
        })
    ));
}

#[test]
fn issue_15_malformed_files_are_refused_with_the_entry_named() {
    for text in ["", "{", "not json", "[1,"] {
        let e = parse_puzzles(text).expect_err("not JSON");
        assert!(matches!(e.kind, PuzzleErrorKind::Json(_)), "{text:?}");
        assert!(e.to_string().contains("bad JSON"), "{e}");
    }
    let e = parse_puzzles(r#"{"id": "x"}"#).expect_err("not an array");
    assert_eq!(e.kind, PuzzleErrorKind::NotAnArray);
    let good = to_json_pretty(&shipped(Variant::Kingulu)[..2]);
    assert_eq!(parse_puzzles(&good).expect("well-formed").len(), 2);
    let cases = [
        (
            r#""kind": "capture""#,
            r#""kind": "mate""#,
            "unknown goal kind 'mate'",
        ),
        (r#""depth""#, r#""hint""#, "unknown field"),
        (r#""solution""#, r#""moves""#, "unknown field"),
        (r#""seeds": "#, r#""seeds": -"#, "not a puzzle"),
        (r#""id": "kingulu-02""#, r#""id": 2"#, "puzzle #2"),
    ];
    for (from, to, says) in cases {
        let bad = good.replacen(from, to, 1);
        assert_ne!(bad, good, "{from}");
        let e = parse_puzzles(&bad).expect_err(to);
        assert!(e.to_string().contains(says), "{to}: {e}");
        assert!(e.index.is_some(), "{to}");
    }
    let unknown = good.replacen(r#""kind": "capture""#, r#""kind": "mate""#, 1);
    let e = parse_puzzles(&unknown).expect_err("unknown kind");
    assert_eq!(e.kind, PuzzleErrorKind::UnknownGoalKind("mate".to_owned()));
    assert_eq!(e.id.as_deref(), Some("kingulu-01"));
    // An extra field in a goal.
    let extra = good.replacen(
        r#"{"kind": "capture", "seeds": "#,
        r#"{"kind": "capture", "plies": 3, "seeds": "#,
        1,
    );
    assert_ne!(extra, good);
    assert!(parse_puzzles(&extra).is_err());
}

// ---------------------------------------------------------------------------------------------
// Generation

#[test]
fn issue_15_generation_is_deterministic_by_seed() {
    for variant in [Variant::Kingulu, Variant::Kimasai] {
        let a = generate(variant, 8, 3);
        assert_eq!(a, generate(variant, 8, 3), "{variant}");
        assert_ne!(
            a,
            generate(variant, 8, 4),
            "{variant}: another seed, other games"
        );
    }
    assert!(generate(Variant::Kigogo, 0, 1).is_empty());
}

#[test]
fn issue_15_generated_puzzles_verify() {
    for variant in Variant::ALL {
        let puzzles = generate(variant, 9, 99);
        assert_eq!(puzzles.len(), 9, "{variant}");
        verify_set(&puzzles).unwrap_or_else(|f| panic!("{variant}: {}", f[0]));
        let kinds: HashSet<&str> = puzzles.iter().map(|p| p.goal.kind()).collect();
        assert!(
            kinds.contains("win") && kinds.contains("capture"),
            "{variant}"
        );
        // Written and read back unchanged.
        let text = to_json_pretty(&puzzles);
        assert_eq!(parse_puzzles(&text).expect("round trip"), puzzles);
    }
}

// ---------------------------------------------------------------------------------------------
// The helpers the game uses

#[test]
fn issue_15_win_helpers_agree_with_the_solutions() {
    for p in all_shipped() {
        let Goal::Win { plies } = p.goal else {
            continue;
        };
        let start = p.start().expect("valid");
        let moves: Vec<Move> = p.solution.iter().map(|m| mv(m)).collect();
        assert!(forced_win_within(&start, plies), "{}", p.id);
        assert!(
            !forced_win_within(&start, plies.saturating_sub(2)),
            "{}",
            p.id
        );
        assert_eq!(win_distance(&start, plies), Some(moves.len() as u32));
        assert_eq!(
            main_line(&start, plies).as_deref(),
            Some(&moves[..]),
            "{}",
            p.id
        );
        assert_eq!(
            winning_move(&start, plies),
            Some((moves[0], moves.len() as u32))
        );
        assert!(goal_reached_by(&start, moves[0], &p.goal), "{}", p.id);
        // Some move misses the win.
        assert!(
            start
                .legal_moves()
                .iter()
                .any(|&m| !goal_reached_by(&start, m, &p.goal)),
            "{}",
            p.id
        );
        // The opponent's best defence is the solution's reply, and the win goes on.
        if moves.len() >= 2 {
            let after = start.play(moves[0]).expect("legal");
            let defence = best_defence(&after, plies - 1).expect("a reply");
            assert_eq!(defence.mv, moves[1], "{}", p.id);
            assert_eq!(defence.attacker_wins_in, Some(moves.len() as u32 - 2));
            let next = after.play(moves[1]).expect("legal");
            if moves.len() >= 3 {
                assert!(keeps_forced_win(&next, moves[2], plies - 2), "{}", p.id);
            }
        }
    }
}

#[test]
fn issue_15_best_defence_escapes_after_a_mistake() {
    // After a move that misses the win, the defence the game plays escapes it.
    let mut checked = 0;
    for p in all_shipped() {
        let Goal::Win { plies } = p.goal else {
            continue;
        };
        if plies < 3 {
            continue;
        }
        let start = p.start().expect("valid");
        for m in start.legal_moves() {
            if keeps_forced_win(&start, m, plies) {
                continue;
            }
            let after = start.play(m).expect("legal");
            if after.outcome().is_over() {
                continue;
            }
            let defence = best_defence(&after, plies - 1).expect("a reply");
            assert_eq!(defence.attacker_wins_in, None, "{} after {m}", p.id);
            let next = after.play(defence.mv).expect("legal");
            assert!(!forced_win_within(&next, plies - 2), "{} after {m}", p.id);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn kn_4_a_kingulu_capture_counts_the_opposite_pit_not_the_capturing_seed() {
    // South a1 (1 seed) sows into the empty a2, facing North's a5 with 5 seeds: KN-4 takes the
    // five and the capturing seed off the board; five were North's.
    let pos = position(
        r#"{"variant":"kingulu","to_move":"south",
        "rows":[[4,5,4,4,4,4],[1,0,4,4,4,6]],"captured":{"south":0,"north":4}}"#,
    );
    let a1 = mv("a1");
    assert_eq!(seeds_captured(&pos, a1), Some(5));
    let after = pos.play(a1).expect("legal");
    assert_eq!(after.captured(Player::South), 6);
    assert_eq!(reserves_hole(&pos, a1), Some(false));
    assert!(goal_reached_by(&pos, a1, &Goal::Capture { seeds: 5 }));
    assert!(!goal_reached_by(&pos, a1, &Goal::Capture { seeds: 6 }));
    assert_eq!(
        seeds_captured(&pos, mv("a2")),
        None,
        "an empty pit is no move"
    );
}

#[test]
fn kg_4_ku_6_captures_count_every_seed_taken_from_the_opponent() {
    for p in all_shipped() {
        let Goal::Capture { seeds } = p.goal else {
            continue;
        };
        let start = p.start().expect("valid");
        let first = mv(&p.solution[0]);
        let taken = seeds_captured(&start, first).expect("legal");
        assert!(taken >= seeds, "{}", p.id);
        let opponent = start.to_move().opponent();
        let after = start.play(first).expect("legal");
        let lost = start.seeds_on_side(opponent) as i64 - after.seeds_on_side(opponent) as i64;
        if start.variant() != Variant::Kingulu {
            // Sowing never reaches the opponent's side in the four-row games (KU-1, KG-1).
            assert_eq!(lost, i64::from(taken), "{}", p.id);
        }
    }
}

#[test]
fn kn_5_reserve_puzzles_reserve_a_hole_with_their_first_move() {
    for p in shipped(Variant::Kingulu) {
        if p.goal != Goal::Reserve {
            continue;
        }
        let start = p.start().expect("valid");
        let first = mv(&p.solution[0]);
        assert_eq!(reserves_hole(&start, first), Some(true), "{}", p.id);
        let after: Position = start.play(first).expect("legal");
        assert_eq!(
            after.reserved_holes().len(),
            start.reserved_holes().len() + 1,
            "{}",
            p.id
        );
    }
}
