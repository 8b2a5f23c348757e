//! How one move plays out in each variant: sowing, relays, captures, re-entry and reservations.
//! Every function here mutates a position in place and reports through a [`Tracer`], so search
//! (no tracer) and animation (a `Vec<Step>`) run the same code.

use crate::notation::{Kichwa, Move};
use crate::pit::{Direction, Geometry};
use crate::position::Position;
use crate::trace::{CaptureTo, ReEntry, Step, Tracer};
use crate::variant::Player;

/// docs/rules.md, 'Endless moves': a move that would need a 1,001st lap is not legal.
pub const MAX_LAPS: u32 = 1000;

/// How a simulated move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunEnd {
    /// The move is complete; the position holds its result (side to move not yet switched).
    Done,
    /// The move would need a 1,001st lap (docs/rules.md, 'Endless moves').
    Endless,
    /// Kingulu KN-3: the first lap ends in an occupied, unreserved pit of the mover's own row.
    Forbidden,
    /// Kujifunza: a middle-pit capture needs a kichwa choice the move does not carry.
    NeedsChoice,
    /// Kujifunza: the move carries more kichwa choices than it has middle-pit captures.
    ExtraChoices,
}

/// Takes all seeds out of `cell` into the hand and sows them one by one along `dir`, starting
/// with the next pit; returns the cell of the last seed.
#[inline]
fn sow_lap(
    pos: &mut Position,
    g: &Geometry,
    mover: Player,
    mut cell: usize,
    mut hand: u8,
    dir: Direction,
    t: &mut impl Tracer,
) -> usize {
    while hand > 0 {
        cell = g.step(mover, cell, dir);
        pos.cells[cell] += 1;
        hand -= 1;
        t.step(|| Step::Sow { pit: g.pit(cell) });
    }
    cell
}

/// Lifts all seeds of `cell` (the move's start, or a relay pit) into the hand.
#[inline]
fn lift(pos: &mut Position, g: &Geometry, cell: usize, relay: bool, t: &mut impl Tracer) -> u8 {
    let count = pos.cells[cell];
    pos.cells[cell] = 0;
    t.step(|| {
        let pit = g.pit(cell);
        if relay {
            Step::Relay { pit, count }
        } else {
            Step::Lift { pit, count }
        }
    });
    count
}

/// Takes all seeds of `cell` off the board onto `by`'s pile.
#[inline]
fn capture_off_board(
    pos: &mut Position,
    g: &Geometry,
    cell: usize,
    by: Player,
    t: &mut impl Tracer,
) {
    let count = pos.cells[cell];
    if count == 0 {
        return;
    }
    pos.cells[cell] = 0;
    pos.captured[by.index()] += count;
    t.step(|| Step::Capture {
        pit: g.pit(cell),
        count,
        by,
        to: CaptureTo::OffBoard,
    });
}

// ---------------------------------------------------------------------------------------------
// Kujifunza (docs/rules.md, 'Bao la Kujifunza')

/// KU-3: whether sowing `start` in `dir` is a capturing move: at least 2 seeds, a first lap of
/// fewer than 16 seeds whose last seed lands in an own front-row pit that was occupied and faces
/// an occupied opponent pit.
pub(crate) fn ku_is_capturing_start(pos: &Position, start: usize, dir: Direction) -> bool {
    let g = pos.geometry();
    let seeds = pos.cells[start] as usize;
    if seeds < 2 || seeds >= g.ring {
        return false;
    }
    let mover = g.owner(start);
    let ring_start = g.ring_start(mover);
    let i = start - ring_start;
    let end_i = match dir {
        Direction::CounterClockwise => (i + seeds) % g.ring,
        Direction::Clockwise => (i + g.ring - seeds) % g.ring,
    };
    let end = ring_start + end_i;
    // With fewer than 16 seeds no pit receives two seeds of the first lap, and the end pit is not
    // the start pit, so "occupied before the last seed fell" is its current count.
    g.is_front(end) && pos.cells[end] > 0 && pos.cells[g.opposite(end).0] > 0
}

/// KU-8: the kichwa a capture from `cell` re-enters at when `cell` is a kimbi (`a1`, `a2`: the
/// left kichwa; `a7`, `a8`: the right one), or `None` for one of the middle four.
fn ku_kimbi_kichwa(g: &Geometry, cell: usize) -> Option<Kichwa> {
    let number = g.name_of_cell(cell).number as usize;
    if number <= 2 {
        Some(Kichwa::Left)
    } else if number + 1 >= g.n {
        Some(Kichwa::Right)
    } else {
        None
    }
}

/// KU-8: after a capture from a middle pit the move keeps its direction, so it re-enters at the
/// kichwa from which sowing goes on that way: `a8` (right) while it goes `+`, `a1` (left) while
/// it goes `-` (KU-7: from `a8` sowing runs toward `a7`, which is `+`).
const fn ku_kichwa_keeping(dir: Direction) -> Kichwa {
    match dir {
        Direction::CounterClockwise => Kichwa::Right,
        Direction::Clockwise => Kichwa::Left,
    }
}

/// KU-7: the direction sowing takes from `kichwa` (inward: `-` from `a1`, `+` from `a8`).
const fn ku_direction_from(kichwa: Kichwa) -> Direction {
    match kichwa {
        Kichwa::Left => Direction::Clockwise,
        Kichwa::Right => Direction::CounterClockwise,
    }
}

/// Plays a Kujifunza move from `start` in `dir`. `capturing` says whether it is a capturing
/// move (KU-3, KU-9) or a takata (KU-5, which never captures); in `kujifunza-choice` `choices`
/// supplies the kichwa for each middle-pit capture in order (KU-8c), in `kujifunza` the kichwa
/// follows the move's direction (KU-8) and `choices` must be empty.
pub(crate) fn ku_run(
    pos: &mut Position,
    start: usize,
    mut dir: Direction,
    capturing: bool,
    choices: &Move,
    t: &mut impl Tracer,
) -> RunEnd {
    let g = pos.geometry();
    let mover = g.owner(start);
    let opponent = mover.opponent();
    let mut used_choices = 0;
    let mut laps = 1;
    let mut hand = lift(pos, &g, start, false, t);
    let mut cell = start;
    let mut last_lap = false;
    loop {
        cell = sow_lap(pos, &g, mover, cell, hand, dir, t);
        if last_lap || pos.cells[cell] == 1 {
            // KU-9a: the re-entry after emptying the opponent's front row ends the move; KU-5,
            // KU-9: a lap ending in an empty pit ends it.
            break;
        }
        laps += 1;
        if laps > MAX_LAPS {
            return RunEnd::Endless;
        }
        let facing = if capturing && g.is_front(cell) {
            Some(g.opposite(cell).0).filter(|&f| pos.cells[f] > 0)
        } else {
            None
        };
        if let Some(facing) = facing {
            // KU-6: take the opposite front pit; the capturing pit keeps its seeds.
            let count = pos.cells[facing];
            pos.cells[facing] = 0;
            t.step(|| Step::Capture {
                pit: g.pit(facing),
                count,
                by: mover,
                to: CaptureTo::Hand,
            });
            // KU-8: kimbi captures re-enter on their own side; middle captures keep the
            // direction (KU-8) or are the mover's choice (KU-8c).
            let (kichwa, why) = match ku_kimbi_kichwa(&g, cell) {
                Some(k) => (k, ReEntry::Kimbi),
                None if !pos.variant.chooses_kichwa() => {
                    (ku_kichwa_keeping(dir), ReEntry::KeepsDirection)
                }
                None => {
                    let Some(k) = choices.choice(used_choices) else {
                        return RunEnd::NeedsChoice;
                    };
                    used_choices += 1;
                    t.step(|| Step::Choice { kichwa: k });
                    (k, ReEntry::Chosen)
                }
            };
            // KU-7: sow from the kichwa itself, inward; the move keeps that direction.
            dir = ku_direction_from(kichwa);
            let Some(kichwa_cell) = g.kichwa_cell(mover, kichwa) else {
                unreachable!("every four-row board has both kichwa");
            };
            t.step(|| Step::ReEnter {
                pit: g.pit(kichwa_cell),
                kichwa,
                direction: dir,
                why,
            });
            let back = match dir {
                Direction::Clockwise => Direction::CounterClockwise,
                Direction::CounterClockwise => Direction::Clockwise,
            };
            cell = g.step(mover, kichwa_cell, back);
            hand = count;
            // KU-9a: emptying the opponent's front row wins; the re-entry is the last lap.
            last_lap = pos.front_row_empty(opponent);
            continue;
        }
        // Relay (docs/rules.md, 'Laps and relays'; KU-5, KU-9).
        hand = lift(pos, &g, cell, true, t);
    }
    if used_choices < choices.choice_count() {
        return RunEnd::ExtraChoices;
    }
    RunEnd::Done
}

// ---------------------------------------------------------------------------------------------
// Kigogo and Kimasai (docs/rules.md, 'Bao Kigogo', 'Bao la Kimasai')

/// KG-4, KM-3: a move that ended in the empty front-row pit `cell` captures the opposite front
/// pit if it is occupied, and then the back pit of that column too.
fn capture_column(
    pos: &mut Position,
    g: &Geometry,
    cell: usize,
    mover: Player,
    t: &mut impl Tracer,
) {
    if !g.is_front(cell) {
        return;
    }
    let (front, back) = g.opposite(cell);
    if pos.cells[front] == 0 {
        return;
    }
    capture_off_board(pos, g, front, mover, t);
    capture_off_board(pos, g, back, mover, t);
}

/// KG-2, KG-4: a Kigogo move from a pit of 2 or more seeds relays counterclockwise until a lap
/// ends in an empty pit, then captures from there.
pub(crate) fn kg_run(pos: &mut Position, start: usize, t: &mut impl Tracer) -> RunEnd {
    let g = pos.geometry();
    let mover = g.owner(start);
    let dir = Direction::CounterClockwise;
    let mut laps = 1;
    let mut hand = lift(pos, &g, start, false, t);
    let mut cell = start;
    loop {
        cell = sow_lap(pos, &g, mover, cell, hand, dir, t);
        if pos.cells[cell] == 1 {
            capture_column(pos, &g, cell, mover, t);
            return RunEnd::Done;
        }
        laps += 1;
        if laps > MAX_LAPS {
            return RunEnd::Endless;
        }
        hand = lift(pos, &g, cell, true, t);
    }
}

/// KG-3, KM-2: a single seed steps to the next pit of the counterclockwise circuit (which the
/// caller has checked is empty) and captures from there (KG-4, KM-3).
pub(crate) fn single_step(pos: &mut Position, start: usize, t: &mut impl Tracer) {
    let g = pos.geometry();
    let mover = g.owner(start);
    let hand = lift(pos, &g, start, false, t);
    let cell = sow_lap(pos, &g, mover, start, hand, Direction::CounterClockwise, t);
    capture_column(pos, &g, cell, mover, t);
}

/// The pit a single seed at `cell` would step to (KG-3, KM-2).
pub(crate) fn next_cell(pos: &Position, cell: usize) -> usize {
    let g = pos.geometry();
    g.step(g.owner(cell), cell, Direction::CounterClockwise)
}

// ---------------------------------------------------------------------------------------------
// Kingulu (docs/rules.md, 'Bao Kingulu')

/// Plays a Kingulu move from `start` (KN-2..KN-7).
pub(crate) fn kn_run(pos: &mut Position, start: usize, t: &mut impl Tracer) -> RunEnd {
    let g = pos.geometry();
    let mover = g.owner(start);
    let dir = Direction::CounterClockwise;
    let mut laps = 1;
    let mut hand = lift(pos, &g, start, false, t);
    let from_single = hand == 1;
    let mut cell = start;
    loop {
        while hand > 0 {
            cell = g.step(mover, cell, dir);
            pos.cells[cell] += 1;
            hand -= 1;
            t.step(|| Step::Sow { pit: g.pit(cell) });
            if let Some(owner) = pos.reserved_owner(cell) {
                // KN-6: a seed falling into a reserved hole is taken by the hole's owner.
                pos.cells[cell] -= 1;
                pos.captured[owner.index()] += 1;
                t.step(|| Step::Toll {
                    pit: g.pit(cell),
                    owner,
                });
            }
        }
        if pos.reserved_owner(cell).is_some() {
            // KN-6: the last seed fell into a reserved hole and was taken: the move ends.
            return RunEnd::Done;
        }
        let before = pos.cells[cell] - 1;
        let own_row = g.owner(cell) == mover;
        if before == 0 {
            // KN-4: an empty pit ends the move; in the mover's own row it captures the opposite
            // pit with the capturing seed, unless that pit is empty or reserved.
            let facing = g.opposite(cell).0;
            if own_row && pos.cells[facing] > 0 && pos.reserved_owner(facing).is_none() {
                capture_off_board(pos, &g, facing, mover, t);
                capture_off_board(pos, &g, cell, mover, t);
            }
            return RunEnd::Done;
        }
        if !own_row && before == 3 {
            kn_reserve(pos, &g, cell, mover, from_single, t);
            return RunEnd::Done;
        }
        if laps == 1 && own_row {
            // KN-3: the first lap may not end in an occupied, unreserved pit of the own row.
            return RunEnd::Forbidden;
        }
        // KN-7: otherwise relay.
        laps += 1;
        if laps > MAX_LAPS {
            return RunEnd::Endless;
        }
        hand = lift(pos, &g, cell, true, t);
    }
}

/// KN-5, kuweka mtoto: `cell` (an opponent pit that held 3 seeds) becomes the mover's reserved
/// hole, and the lap's second-to-last seed moves into it, unless the move started from a single
/// seed or that seed fell into a reserved hole.
fn kn_reserve(
    pos: &mut Position,
    g: &Geometry,
    cell: usize,
    mover: Player,
    from_single: bool,
    t: &mut impl Tracer,
) {
    pos.reserved[mover.index()] |= 1 << cell;
    t.step(|| Step::Reserve {
        pit: g.pit(cell),
        owner: mover,
    });
    let previous = g.step(mover, cell, Direction::Clockwise);
    if from_single || pos.reserved_owner(previous).is_some() {
        return;
    }
    pos.cells[previous] -= 1;
    pos.cells[cell] += 1;
    t.step(|| Step::MoveToReserved {
        from: g.pit(previous),
        to: g.pit(cell),
    });
}
