//! Finding puzzles in self-play: games between the weaker AI levels with random moves mixed in,
//! every position along the way tested for each goal kind.

use super::goal::{difficulty, reserves_hole, seeds_captured};
use super::solve::{Found, Solver};
use super::{Goal, Puzzle, verify};
use crate::{Level, choose_move};
use bao_engine::{Game, Move, Position, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;

/// The levels that play the self-play games: weak enough to leave tactics on the board, and
/// quick (a few milliseconds a move at most).
const PLAYERS: [Level; 3] = [Level::Beginner, Level::Easy, Level::Medium];
/// The longest win the generator looks for.
const WIN_PLIES: [u32; 3] = [1, 3, 5];
/// Plies after which a self-play game is abandoned.
const MAX_GAME_PLIES: usize = 400;
/// Expansions (positions whose moves are generated) one position's win search may use: the
/// proof of a win or of its absence within 3 plies, and within 5. Counted, never timed, so the
/// result depends only on the seed.
const WIN_BUDGET: [u64; 2] = [20_000, 200_000];
/// Candidates collected per slot, as a multiple of its share: the pool the puzzles are picked
/// from.
const POOL: usize = 4;
/// The smallest capture worth a puzzle (in Kimasai, where a capture takes one or two seeds,
/// any capture is).
const MIN_CAPTURE: u32 = 2;

/// A kind of puzzle the generator keeps a share of: wins by plies, captures and reservations
/// (Kingulu) by their 1–3 grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Slot {
    Win(u32),
    Capture(u32),
    Reserve(u32),
}

/// A puzzle found, before it gets its id.
#[derive(Clone, Debug)]
struct Candidate {
    position: Position,
    goal: Goal,
    solution: Vec<Move>,
    depth: u32,
    /// Legal moves that miss the goal: with more of them, a puzzle is preferred.
    decoys: usize,
}

/// `count` puzzles of `variant` found by self-play from `seed`; the same arguments always give
/// the same puzzles.
///
/// Each game is played by two of the weaker levels (Beginner, Easy, Medium, drawn from the
/// seed) with a seeded share of random moves, after a few random opening plies. Every position
/// after the opening is tested for each goal kind: the largest capture (at least 2 seeds, any
/// in Kimasai, KM-3), when some move captures less; a reservation (Kingulu, KN-5), when some
/// move reserves none; and the fastest forced win within 1, 3 or 5 plies, when some move
/// misses it (the exact search of [`super::forced_win_within`] under a budget of expansions,
/// so that positions too costly to prove are given up the same way on every run). Positions
/// are kept in slots — wins by plies, captures and reservations by their grade — a game giving
/// at most one puzzle per slot, until each slot has a pool of candidates or the self-play
/// budget (which grows with `count`) is spent. The puzzles are then taken from the slots in
/// turn (a slot that runs dry gives its turns to the others), each time the candidate with the
/// most moves that miss the goal (among captures, first the seed count used least so far), no
/// position twice, and each one must pass [`verify`]. The result is sorted from easy to hard —
/// by grade (a win of `N` plies counting as `(N + 1) / 2`), then captures, reservations, wins —
/// and numbered `<variant>-01`, `<variant>-02`, …; it has fewer than `count` puzzles only if
/// self-play found too few.
pub fn generate(variant: Variant, count: usize, seed: u64) -> Vec<Puzzle> {
    // Interleaved, so that when the count does not divide evenly, every kind gets its turn.
    let mut slots = Vec::new();
    for (grade, plies) in [1, 2, 3].into_iter().zip(WIN_PLIES) {
        slots.extend([Slot::Win(plies), Slot::Capture(grade)]);
        if variant == Variant::Kingulu {
            slots.push(Slot::Reserve(grade));
        }
    }
    let share = count.div_ceil(slots.len()) * POOL;
    let mut found: Vec<Vec<Candidate>> = vec![Vec::new(); slots.len()];
    let mut seen: HashSet<Position> = HashSet::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ (variant as u64).wrapping_mul(0x9e37));
    let mut solver = Solver::with_budget(0);
    let max_games = 40 + 8 * count;
    for _ in 0..max_games {
        if count == 0 || found.iter().all(|f| f.len() >= share) {
            break;
        }
        let players = [
            PLAYERS[rng.random_range(0..PLAYERS.len())],
            PLAYERS[rng.random_range(0..PLAYERS.len())],
        ];
        let random_share = [0.0, 0.1, 0.25][rng.random_range(0..3)];
        let opening = rng.random_range(0..8);
        let mut game = Game::new(variant);
        let mut from_game: HashSet<Slot> = HashSet::new();
        while !game.outcome().is_over() && game.moves().len() < MAX_GAME_PLIES {
            let pos = *game.position();
            if game.moves().len() >= opening && seen.insert(pos) {
                let wanted = |slot: Slot| {
                    !from_game.contains(&slot)
                        && slots
                            .iter()
                            .position(|&s| s == slot)
                            .is_some_and(|i| found[i].len() < share)
                };
                for (slot, candidate) in examine(&pos, &mut solver, &wanted) {
                    if let Some(i) = slots.iter().position(|&s| s == slot) {
                        from_game.insert(slot);
                        found[i].push(candidate);
                    }
                }
            }
            let legal = game.legal_moves();
            let mv = if game.moves().len() < opening || rng.random_bool(random_share) {
                legal[rng.random_range(0..legal.len())]
            } else {
                let level = players[game.position().to_move().index()];
                match choose_move(&game, level, rng.random::<u64>()) {
                    Some(mv) => mv,
                    None => break,
                }
            };
            if game.play(mv).is_err() {
                break;
            }
        }
    }
    let chosen = share_out(&slots, found, count);
    finish(variant, chosen)
}

/// The puzzles `pos` offers for the slots that `wanted` still takes.
fn examine(
    pos: &Position,
    solver: &mut Solver,
    wanted: &dyn Fn(Slot) -> bool,
) -> Vec<(Slot, Candidate)> {
    let mut out = Vec::new();
    let legal = pos.legal_moves();
    if legal.len() < 2 {
        return out;
    }
    // The largest capture, when some move captures less.
    let caps: Vec<u32> = legal
        .iter()
        .map(|&mv| seeds_captured(pos, mv).unwrap_or(0))
        .collect();
    let most = caps.iter().copied().max().unwrap_or(0);
    let reaching = caps.iter().filter(|&&c| c >= most).count();
    let smallest = if pos.variant() == Variant::Kimasai {
        1
    } else {
        MIN_CAPTURE
    };
    if most >= smallest && reaching < legal.len() {
        let grade = difficulty(reaching, legal.len());
        let first = caps.iter().position(|&c| c == most);
        if let Some(i) = first.filter(|_| wanted(Slot::Capture(grade))) {
            out.push((
                Slot::Capture(grade),
                Candidate {
                    position: *pos,
                    goal: Goal::Capture { seeds: most },
                    solution: vec![legal[i]],
                    depth: grade,
                    decoys: legal.len() - reaching,
                },
            ));
        }
    }
    // A reservation, when some move reserves none (KN-5).
    if pos.variant() == Variant::Kingulu {
        let reserving: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&mv| reserves_hole(pos, mv) == Some(true))
            .collect();
        let grade = difficulty(reserving.len(), legal.len());
        if let Some(&first) = reserving.first()
            && reserving.len() < legal.len()
            && wanted(Slot::Reserve(grade))
        {
            out.push((
                Slot::Reserve(grade),
                Candidate {
                    position: *pos,
                    goal: Goal::Reserve,
                    solution: vec![first],
                    depth: grade,
                    decoys: legal.len() - reaching,
                },
            ));
        }
    }
    // The fastest forced win, when some move misses it.
    let deepest = WIN_PLIES
        .iter()
        .copied()
        .filter(|&n| wanted(Slot::Win(n)))
        .max();
    if let Some(deepest) = deepest
        && let Ok(Some(candidate)) = win_candidate(pos, solver, deepest)
        && let Goal::Win { plies } = candidate.goal
        && wanted(Slot::Win(plies))
    {
        out.push((Slot::Win(plies), candidate));
    }
    out
}

/// A win puzzle from `pos` within `deepest` plies, if the budgeted search proves one.
fn win_candidate(pos: &Position, solver: &mut Solver, deepest: u32) -> Found<Option<Candidate>> {
    // A fresh table per position keeps the memory small.
    *solver = Solver::with_budget(WIN_BUDGET[0]);
    let mut fastest = None;
    for plies in (1..=deepest.min(3)).step_by(2) {
        if solver.attacker_wins(pos, plies)? {
            fastest = Some(plies);
            break;
        }
    }
    if fastest.is_none() && deepest >= 5 {
        solver.set_budget(WIN_BUDGET[1]);
        if solver.attacker_wins(pos, 5)? {
            fastest = Some(5);
        }
    }
    let Some(plies) = fastest else {
        return Ok(None);
    };
    solver.set_budget(WIN_BUDGET[1]);
    let mut decoys = 0;
    for mv in pos.legal_moves() {
        let Ok(after) = pos.play(mv) else { continue };
        if !solver.defender_loses(&after, plies - 1)? {
            decoys += 1;
        }
    }
    if decoys == 0 {
        return Ok(None);
    }
    let Some(solution) = solver.main_line(pos, plies)? else {
        return Ok(None);
    };
    Ok(Some(Candidate {
        position: *pos,
        goal: Goal::Win { plies },
        solution,
        depth: plies,
        decoys,
    }))
}

/// Up to `count` candidates, taken in turn from each slot; no position twice.
fn share_out(slots: &[Slot], mut found: Vec<Vec<Candidate>>, count: usize) -> Vec<Candidate> {
    let mut chosen: Vec<Candidate> = Vec::new();
    let mut used: HashSet<Position> = HashSet::new();
    let mut seeds_used: Vec<u32> = Vec::new();
    while chosen.len() < count {
        let mut took = false;
        for (slot, queue) in slots.iter().zip(found.iter_mut()) {
            if chosen.len() >= count {
                break;
            }
            queue.retain(|c| !used.contains(&c.position));
            if queue.is_empty() {
                continue;
            }
            // Among captures, the seed count used least so far first; then the puzzle with the
            // most moves that miss the goal; the earliest among equals.
            let pick = (0..queue.len())
                .min_by_key(|&i| {
                    let c = &queue[i];
                    let repeats = match (slot, c.goal) {
                        (Slot::Capture(_), Goal::Capture { seeds }) => {
                            seeds_used.iter().filter(|&&s| s == seeds).count()
                        }
                        _ => 0,
                    };
                    (repeats, std::cmp::Reverse(c.decoys), i)
                })
                .unwrap_or(0);
            let candidate = queue.remove(pick);
            if !passes(&candidate) {
                continue;
            }
            if let Goal::Capture { seeds } = candidate.goal {
                seeds_used.push(seeds);
            }
            used.insert(candidate.position);
            chosen.push(candidate);
            took = true;
        }
        if !took && found.iter().all(Vec::is_empty) {
            break;
        }
    }
    chosen
}

/// Whether a candidate verifies (it always should: this guards the generator itself).
fn passes(candidate: &Candidate) -> bool {
    verify(&to_puzzle(String::from("candidate"), candidate)).is_ok()
}

fn to_puzzle(id: String, c: &Candidate) -> Puzzle {
    Puzzle {
        id,
        position: c.position.to_setup(),
        goal: c.goal,
        solution: c.solution.iter().map(Move::to_string).collect(),
        depth: Some(c.depth),
    }
}

/// Sorted from easy to hard and numbered.
fn finish(variant: Variant, mut chosen: Vec<Candidate>) -> Vec<Puzzle> {
    let rank = |c: &Candidate| match c.goal {
        Goal::Capture { seeds } => (c.depth, 0, seeds),
        Goal::Reserve => (c.depth, 1, 0),
        Goal::Win { plies } => (plies.div_ceil(2), 2, plies),
    };
    // A stable sort: the order found breaks ties.
    chosen.sort_by_key(rank);
    let width = chosen.len().to_string().len().max(2);
    chosen
        .iter()
        .enumerate()
        .map(|(i, c)| to_puzzle(format!("{}-{:0width$}", variant.id(), i + 1), c))
        .collect()
}
