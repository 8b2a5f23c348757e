//! The lessons of each game: short steps on the real board, each from a prepared position. A
//! lesson says one thing ("the last seed lands in an occupied pit: take them all and sow on"),
//! lets the person make the move it is about with their own click — only that move, or any
//! legal one where the lesson is about which pits may not start — and then asks for a move of
//! the same kind in a fresh position (an exercise), which the engine checks.
//!
//! What each lesson's move shows ([`Shows`]) and what each exercise asks ([`Task`]) are read
//! from the engine's trace of the move ([`MoveSummary`]), never worked out again here; the tests
//! check every lesson against them, so a text cannot promise what its move does not do.
//!
//! Positions were taken from the computer's games against itself (the first positions of
//! seeded random games that show the rule with the shortest move), in the position text format
//! of docs/rules.md. The texts are the Fluent keys `lesson-<id>-title`, `-intro` and `-after`.
//! Kujifunza's 16-seed limit (KU-3) is shown where a self-play game reached it: a pit of 17
//! seeds whose lap would end in front of 10 of North's seeds, in the game's 24th ply.

use bao_engine::{Move, MoveSummary, Pit, Position, PositionError, ReEntry, StartRefusal, Variant};

/// A lesson: what it is about, its position, the moves it takes and what they show, and its
/// exercise.
#[derive(Clone, Copy, Debug)]
pub struct Lesson {
    /// Unique, stable (progress is saved by it): `<game>-<topic>`.
    pub id: &'static str,
    /// The rules it teaches (rule ids of docs/rules.md), for the card and the tests.
    pub rules: &'static str,
    /// The position, in the text format of docs/rules.md.
    pub position: &'static str,
    /// The moves the board takes: these, or every legal move.
    pub gate: Gate,
    /// What the lesson's move shows, checked against its trace.
    pub shows: Shows,
    /// The lesson's pits to look at, besides those to click: pits with seeds that cannot start
    /// a move (the first-lap rule, compulsory captures, the 16-seed lap).
    pub blocked: Blocked,
    /// The exercise that follows.
    pub exercise: Exercise,
}

/// Which of the mover's pits with seeds, refused as a start, a lesson rings ("holds seeds, may
/// not start now"); single seeds that never start (KU-5) are never among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// None: the lesson is about the pits to click.
    None,
    /// Every such pit, whatever the engine's reason.
    Every,
    /// Only the pits refused for this reason (the 16-seed lap: the one pit too full to capture,
    /// not every pit that captures are compulsory blocks).
    Because(StartRefusal),
}

/// The moves a lesson's board takes.
#[derive(Clone, Copy, Debug)]
pub enum Gate {
    /// Only these (move notation), each of which shows the lesson's point.
    Moves(&'static [&'static str]),
    /// Any legal move: the lesson is about the pits that may not start one.
    AnyLegal,
}

/// What a lesson's move shows, read from its trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shows {
    /// One lap that ends in an empty pit: no relay, no capture, no reservation.
    OneLap,
    /// At least one relay, no capture.
    Relay,
    /// A capture.
    Capture,
    /// Kujifunza: a capture from a kimbi, re-entering at that side's kichwa (KU-8).
    KimbiReEntry,
    /// Kujifunza: a capture from a middle pit, re-entering so that the direction is kept
    /// (KU-8).
    KeptDirection,
    /// Kingulu: a reserved hole (kuweka mtoto, KN-5).
    Reserve,
    /// Kingulu: a toll to the mover's reserved hole (KN-6).
    Toll,
    /// Kigogo, Kimasai: the front pit and the pit behind it captured together (KG-4, KM-3).
    Column,
    /// Kigogo: a single seed moved (KG-3).
    Singleton,
    /// The mover wins by this move.
    Win,
    /// Any legal move (the lesson is about which pits may not start one).
    AnyLegal,
}

/// What an exercise asks for, checked by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// A move of one lap that takes nothing.
    OneLap,
    /// A move that relays at least this often.
    Relays(u32),
    /// A move that captures (any number of seeds).
    Capture,
    /// The move that captures the most seeds.
    CaptureMost,
    /// Kujifunza: a capture from a kimbi (KU-8).
    KimbiReEntry,
    /// Kujifunza: a capture from a middle pit (KU-8).
    KeptDirection,
    /// Kingulu: reserve a hole (KN-5).
    Reserve,
    /// Kingulu: a move that pays a toll into the mover's hole (KN-6).
    Toll,
    /// Kigogo, Kimasai: capture a whole column (KG-4, KM-3).
    Column,
    /// Win now.
    Win,
}

/// An exercise: a fresh position and what to do in it.
#[derive(Clone, Copy, Debug)]
pub struct Exercise {
    /// The position, in the text format of docs/rules.md; the person plays the side to move.
    pub position: &'static str,
    /// What to do.
    pub task: Task,
}

/// How a move answered an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The task is done.
    pub met: bool,
    /// What the move did (for the words of a wrong try).
    pub summary: MoveSummary,
    /// The most seeds one legal move captures here (for [`Task::CaptureMost`]; 0 for the other
    /// tasks).
    pub most: u32,
}

/// The trace's summary of `mv` from `before`, and whether the mover won by it.
fn summarise(before: &Position, mv: Move) -> Option<(MoveSummary, bool)> {
    let (after, steps) = before.play_traced(mv).ok()?;
    let summary = MoveSummary::of(before, mv, &steps)?;
    Some((summary, after.outcome().winner() == Some(before.to_move())))
}

/// One lap, nothing taken, nothing reserved.
fn one_lap(s: &MoveSummary) -> bool {
    s.relays == 0 && s.captures == 0 && s.reserved.is_none()
}

impl Shows {
    /// Whether `mv` from `before` shows this.
    pub fn holds(self, before: &Position, mv: Move) -> bool {
        let Some((s, won)) = summarise(before, mv) else {
            return false;
        };
        match self {
            Shows::OneLap => one_lap(&s),
            Shows::Relay => s.relays >= 1 && s.captures == 0,
            Shows::Capture => s.captures >= 1,
            Shows::KimbiReEntry => s.reentry == Some(ReEntry::Kimbi),
            Shows::KeptDirection => s.reentry == Some(ReEntry::KeepsDirection),
            Shows::Reserve => s.reserved.is_some(),
            Shows::Toll => s.tolls[s.mover.index()] >= 1,
            Shows::Column => s.captures >= 2,
            Shows::Singleton => s.lifted == 1,
            Shows::Win => won,
            Shows::AnyLegal => true,
        }
    }
}

impl Task {
    /// The key of the task's words (`lesson-task-…`) and of a wrong try's (`lesson-miss-…`).
    pub fn key(self) -> &'static str {
        match self {
            Task::OneLap => "one-lap",
            Task::Relays(_) => "relays",
            Task::Capture => "capture",
            Task::CaptureMost => "capture-most",
            Task::KimbiReEntry => "kimbi",
            Task::KeptDirection => "kept-direction",
            Task::Reserve => "reserve",
            Task::Toll => "toll",
            Task::Column => "column",
            Task::Win => "win",
        }
    }

    /// How `mv` from `before` answers the task; `None` if it is not a legal move there.
    pub fn judge(self, before: &Position, mv: Move) -> Option<Answer> {
        self.judge_against(before, mv, self.most_captured(before))
    }

    /// The most seeds one legal move of `before` captures, for [`Task::CaptureMost`] (every
    /// legal move played); 0 for the other tasks, which do not need it.
    fn most_captured(self, before: &Position) -> u32 {
        if self != Task::CaptureMost {
            return 0;
        }
        before
            .legal_moves()
            .into_iter()
            .filter_map(|m| summarise(before, m))
            .map(|(s, _)| s.captured)
            .max()
            .unwrap_or(0)
    }

    /// How `mv` answers the task, `most` being [`Task::most_captured`] of `before`.
    fn judge_against(self, before: &Position, mv: Move, most: u32) -> Option<Answer> {
        let (s, won) = summarise(before, mv)?;
        let met = match self {
            Task::OneLap => one_lap(&s),
            Task::Relays(n) => s.relays >= n,
            Task::Capture => s.captures >= 1,
            Task::CaptureMost => s.captures >= 1 && s.captured == most,
            Task::KimbiReEntry => s.reentry == Some(ReEntry::Kimbi),
            Task::KeptDirection => s.reentry == Some(ReEntry::KeepsDirection),
            Task::Reserve => s.reserved.is_some(),
            Task::Toll => s.tolls[s.mover.index()] >= 1,
            Task::Column => s.captures >= 2,
            Task::Win => won,
        };
        Some(Answer {
            met,
            summary: s,
            most,
        })
    }

    /// The legal moves of `before` that do the task (the exercise's hint shows the first).
    pub fn answers(self, before: &Position) -> Vec<Move> {
        let most = self.most_captured(before);
        before
            .legal_moves()
            .into_iter()
            .filter(|&m| self.judge_against(before, m, most).is_some_and(|a| a.met))
            .collect()
    }
}

/// Why a lesson's data is wrong (the tests make sure none is; a build changed by hand says
/// so on its card instead of panicking).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonError {
    /// A position does not load.
    Position(PositionError),
    /// A gate's move is not notation, or not legal in the position.
    Move(&'static str),
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LessonError::Position(e) => write!(f, "the position does not load: {e}"),
            LessonError::Move(m) => write!(f, "'{m}' is not a legal move of the position"),
        }
    }
}

impl std::error::Error for LessonError {}

fn load(json: &str) -> Result<Position, LessonError> {
    Position::from_json(json).map_err(LessonError::Position)
}

impl Lesson {
    /// The lesson's position.
    ///
    /// # Errors
    /// The position's error, if it does not load.
    pub fn start(&self) -> Result<Position, LessonError> {
        load(self.position)
    }

    /// The moves the board takes in the lesson's position.
    ///
    /// # Errors
    /// The first gate move that is not a legal move of the position.
    pub fn gate_moves(&self) -> Result<Vec<Move>, LessonError> {
        let start = self.start()?;
        match self.gate {
            Gate::AnyLegal => Ok(start.legal_moves().into_iter().collect()),
            Gate::Moves(moves) => moves
                .iter()
                .map(|&text| {
                    text.parse::<Move>()
                        .ok()
                        .filter(|m| start.is_legal(m))
                        .ok_or(LessonError::Move(text))
                })
                .collect(),
        }
    }

    /// The pits of the mover that hold seeds but cannot start a move, as [`Lesson::blocked`]
    /// picks them.
    pub fn blocked_pits(&self) -> Vec<Pit> {
        if self.blocked == Blocked::None {
            return Vec::new();
        }
        let Ok(start) = self.start() else {
            return Vec::new();
        };
        let mover = start.to_move();
        [bao_engine::Row::Front, bao_engine::Row::Back]
            .into_iter()
            .flat_map(|row| {
                (1..=start.variant().cols() as u8)
                    .map(move |number| bao_engine::PitName { row, number })
            })
            .filter_map(|name| start.pit_named(mover, name))
            // Single seeds that never start (KU-5) are not what such a lesson is about.
            .filter(|&pit| start.seeds(pit).unwrap_or(0) > 0)
            .filter(|&pit| match (self.blocked, start.why_not_start(pit)) {
                (_, None | Some(StartRefusal::Singleton)) => false,
                (Blocked::Because(reason), Some(refusal)) => reason == refusal,
                (_, Some(_)) => true,
            })
            .collect()
    }

    /// The exercise's position.
    ///
    /// # Errors
    /// The position's error, if it does not load.
    pub fn exercise_start(&self) -> Result<Position, LessonError> {
        load(self.exercise.position)
    }

    /// Fluent key of one of the lesson's texts: `title`, `intro` or `after`.
    pub fn key(&self, part: &str) -> String {
        format!("lesson-{}-{part}", self.id)
    }
}

/// The lessons of `variant`'s game, in order (both readings of Kujifunza share them: they
/// differ only in a middle capture's kichwa, and lesson 5 shows the written rule, KU-8).
pub fn lessons(variant: Variant) -> &'static [Lesson] {
    match variant.game() {
        Variant::Kingulu => KINGULU,
        Variant::Kigogo => KIGOGO,
        Variant::Kimasai => KIMASAI,
        _ => KUJIFUNZA,
    }
}

const KUJIFUNZA: &[Lesson] = &[
    Lesson {
        id: "kujifunza-sowing",
        rules: "KU-2, KU-5",
        position: r#"{"variant":"kujifunza","to_move":"south","rows":[[2,2,2,2,2,2,2,2],[5,1,6,5,2,0,5,5],[0,0,0,0,3,0,0,0],[2,2,2,2,2,2,2,2]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["a5+", "a5-"]),
        shows: Shows::OneLap,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kujifunza","to_move":"south","rows":[[3,0,2,2,2,2,2,2],[0,3,3,4,6,1,2,6],[0,0,5,0,4,0,0,0],[0,3,3,0,3,3,0,3]],"captured":{"south":0,"north":0},"reserved":[]}"#,
            task: Task::OneLap,
        },
    },
    Lesson {
        id: "kujifunza-relay",
        rules: "KU-5",
        position: r#"{"variant":"kujifunza","to_move":"south","rows":[[0,2,5,1,2,0,3,0],[4,2,4,9,0,5,1,12],[0,0,1,0,0,0,0,0],[1,0,2,2,2,2,2,2]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["b3-"]),
        shows: Shows::Relay,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kujifunza","to_move":"south","rows":[[5,2,1,5,0,5,1,2],[1,8,6,2,0,4,5,3],[0,0,1,0,0,0,0,0],[0,2,2,2,2,2,0,3]],"captured":{"south":0,"north":0},"reserved":[]}"#,
            task: Task::Relays(2),
        },
    },
    Lesson {
        id: "kujifunza-capture",
        rules: "KU-3, KU-4, KU-6",
        position: r#"{"variant":"kujifunza","to_move":"south","rows":[[2,2,2,2,2,2,2,2],[6,4,0,4,4,1,2,2],[0,1,0,3,0,3,2,2],[0,2,2,2,2,2,2,2]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::AnyLegal,
        shows: Shows::Capture,
        blocked: Blocked::Every,
        exercise: Exercise {
            position: r#"{"variant":"kujifunza","to_move":"south","rows":[[3,3,0,3,3,0,1,4],[1,1,5,1,6,3,4,1],[0,3,1,0,0,4,1,0],[3,1,3,3,0,3,3,0]],"captured":{"south":0,"north":0},"reserved":[]}"#,
            task: Task::CaptureMost,
        },
    },
    // KU-3: from the 24th ply of a self-play game (Easy, South's seat here, against Beginner); the exercise from
    // the 17th ply of another, with a pit of 17 beside the three captures to weigh.
    Lesson {
        id: "kujifunza-long-lap",
        rules: "KU-3, KU-4",
        position: r#"{"variant":"kujifunza","to_move":"south","rows":[[0,1,2,1,1,0,1,0],[1,1,3,10,4,2,1,3],[1,1,0,0,17,0,0,1],[1,2,1,2,1,0,6,0]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::AnyLegal,
        shows: Shows::Capture,
        blocked: Blocked::Because(StartRefusal::LongFirstLap),
        exercise: Exercise {
            position: r#"{"variant":"kujifunza","to_move":"south","rows":[[0,1,0,0,1,0,1,0],[1,1,2,5,3,1,1,0],[4,3,0,17,0,0,2,2],[1,3,3,6,1,2,0,3]],"captured":{"south":0,"north":0},"reserved":[]}"#,
            task: Task::CaptureMost,
        },
    },
    Lesson {
        id: "kujifunza-kimbi",
        rules: "KU-7, KU-8",
        position: r#"{"variant":"kujifunza","to_move":"south","rows":[[2,2,2,2,2,2,2,0],[1,1,3,4,2,1,6,0],[0,1,4,2,5,5,0,0],[3,0,2,2,2,2,2,2]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["a4+"]),
        shows: Shows::KimbiReEntry,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kujifunza","to_move":"south","rows":[[4,1,1,5,0,5,0,3],[1,6,1,1,0,3,3,3],[1,0,6,3,0,0,0,5],[0,2,2,2,2,2,2,0]],"captured":{"south":0,"north":0},"reserved":[]}"#,
            task: Task::KimbiReEntry,
        },
    },
    Lesson {
        id: "kujifunza-middle",
        rules: "KU-8, KU-9",
        position: r#"{"variant":"kujifunza","to_move":"south","rows":[[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["a7+"]),
        shows: Shows::KeptDirection,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kujifunza","to_move":"south","rows":[[0,1,3,0,3,3,0,3],[3,5,5,1,7,2,3,3],[0,2,1,0,0,0,1,0],[3,3,0,3,3,0,3,3]],"captured":{"south":0,"north":0},"reserved":[]}"#,
            task: Task::KeptDirection,
        },
    },
    Lesson {
        id: "kujifunza-end",
        rules: "KU-10",
        position: r#"{"variant":"kujifunza","to_move":"south","rows":[[2,2,2,2,0,3,1,3],[0,0,1,0,0,0,0,0],[0,1,2,0,11,8,1,3],[3,1,3,3,3,3,3,3]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["b1-"]),
        shows: Shows::Win,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kujifunza","to_move":"south","rows":[[2,2,2,0,3,0,3,1],[0,0,0,1,0,0,0,1],[1,4,0,2,6,7,0,4],[4,4,1,4,4,2,5,1]],"captured":{"south":0,"north":0},"reserved":[]}"#,
            task: Task::Win,
        },
    },
];

const KINGULU: &[Lesson] = &[
    Lesson {
        id: "kingulu-sowing",
        rules: "KN-1, KN-2, KN-4",
        position: r#"{"variant":"kingulu","to_move":"south","rows":[[3,0,1,2,0,3],[4,9,2,5,0,1]],"captured":{"south":7,"north":11},"reserved":[]}"#,
        gate: Gate::Moves(&["a3"]),
        shows: Shows::OneLap,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kingulu","to_move":"south","rows":[[1,2,1,0,2,1],[1,13,1,0,2,1]],"captured":{"south":15,"north":8},"reserved":[]}"#,
            task: Task::OneLap,
        },
    },
    Lesson {
        id: "kingulu-relay",
        rules: "KN-7",
        position: r#"{"variant":"kingulu","to_move":"south","rows":[[10,2,2,0,3,1],[4,0,10,3,1,1]],"captured":{"south":0,"north":11},"reserved":[]}"#,
        gate: Gate::Moves(&["a6"]),
        shows: Shows::Relay,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kingulu","to_move":"south","rows":[[0,0,1,3,1,4],[5,1,1,0,2,2]],"captured":{"south":7,"north":21},"reserved":[]}"#,
            task: Task::Relays(2),
        },
    },
    Lesson {
        id: "kingulu-capture",
        rules: "KN-4",
        position: r#"{"variant":"kingulu","to_move":"south","rows":[[10,1,9,4,2,4],[1,4,1,0,2,10]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["a3"]),
        shows: Shows::Capture,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kingulu","to_move":"south","rows":[[0,12,1,5,1,3],[14,5,1,0,5,1]],"captured":{"south":0,"north":0},"reserved":[]}"#,
            task: Task::CaptureMost,
        },
    },
    Lesson {
        id: "kingulu-first-lap",
        rules: "KN-3",
        position: r#"{"variant":"kingulu","to_move":"south","rows":[[2,2,6,4,2,0],[10,4,3,10,1,1]],"captured":{"south":0,"north":3},"reserved":[]}"#,
        gate: Gate::AnyLegal,
        shows: Shows::AnyLegal,
        blocked: Blocked::Every,
        exercise: Exercise {
            position: r#"{"variant":"kingulu","to_move":"south","rows":[[2,4,0,0,3,0],[4,2,0,1,0,1]],"captured":{"south":9,"north":22},"reserved":[]}"#,
            task: Task::OneLap,
        },
    },
    Lesson {
        id: "kingulu-mtoto",
        rules: "KN-5",
        position: r#"{"variant":"kingulu","to_move":"south","rows":[[3,0,1,2,0,3],[4,9,2,5,0,1]],"captured":{"south":7,"north":11},"reserved":[]}"#,
        gate: Gate::Moves(&["a6"]),
        shows: Shows::Reserve,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kingulu","to_move":"south","rows":[[1,2,0,7,1,3],[1,8,4,9,1,0]],"captured":{"south":9,"north":2},"reserved":[]}"#,
            task: Task::Reserve,
        },
    },
    Lesson {
        id: "kingulu-toll",
        rules: "KN-6",
        position: r#"{"variant":"kingulu","to_move":"south","rows":[[0,0,1,2,0,4],[5,10,0,6,1,1]],"captured":{"south":7,"north":11},"reserved":[{"row":0,"col":5,"owner":"south"}]}"#,
        gate: Gate::Moves(&["a6"]),
        shows: Shows::Toll,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kingulu","to_move":"south","rows":[[4,2,1,4,0,5],[5,3,11,3,5,0]],"captured":{"south":1,"north":4},"reserved":[{"row":1,"col":4,"owner":"north"},{"row":0,"col":5,"owner":"south"}]}"#,
            task: Task::Toll,
        },
    },
    Lesson {
        id: "kingulu-end",
        rules: "KN-8",
        position: r#"{"variant":"kingulu","to_move":"south","rows":[[11,1,0,0,1,1],[11,0,1,10,10,2]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["a6"]),
        shows: Shows::Win,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kingulu","to_move":"south","rows":[[10,0,0,1,5,3],[1,5,1,0,1,3]],"captured":{"south":16,"north":2},"reserved":[{"row":0,"col":4,"owner":"south"}]}"#,
            task: Task::Win,
        },
    },
];

const KIGOGO: &[Lesson] = &[
    Lesson {
        id: "kigogo-sowing",
        rules: "KG-1, KG-2",
        position: r#"{"variant":"kigogo","to_move":"south","rows":[[1,0,3,3,0,3,3,0,3,3,0,3],[1,0,3,3,0,1,4,1,3,3,0,1],[1,3,3,0,3,0,2,0,2,2,2,2],[2,2,2,2,2,2,2,0,2,2,2,2]],"captured":{"south":4,"north":4},"reserved":[]}"#,
        gate: Gate::Moves(&["b3"]),
        shows: Shows::Relay,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kigogo","to_move":"south","rows":[[2,2,2,2,0,2,2,2,2,2,2,2],[0,3,0,3,1,0,3,3,0,3,3,1],[1,0,3,3,1,4,1,0,3,3,0,0],[3,0,3,3,0,3,3,0,3,3,0,0]],"captured":{"south":4,"north":6},"reserved":[]}"#,
            task: Task::Relays(3),
        },
    },
    Lesson {
        id: "kigogo-capture",
        rules: "KG-4",
        position: r#"{"variant":"kigogo","to_move":"south","rows":[[1,0,3,3,0,3,3,0,3,3,0,3],[1,0,3,3,0,1,4,1,3,3,0,1],[1,3,3,0,3,0,2,0,2,2,2,2],[2,2,2,2,2,2,2,0,2,2,2,2]],"captured":{"south":4,"north":4},"reserved":[]}"#,
        gate: Gate::Moves(&["a10"]),
        shows: Shows::Capture,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kigogo","to_move":"south","rows":[[0,3,0,2,2,2,2,1,3,3,0,3],[3,3,0,3,3,0,3,1,1,3,0,1],[1,0,3,3,0,3,3,1,0,1,1,4],[3,0,3,3,0,3,0,1,0,0,1,4]],"captured":{"south":4,"north":8},"reserved":[]}"#,
            task: Task::Capture,
        },
    },
    Lesson {
        id: "kigogo-column",
        rules: "KG-4",
        position: r#"{"variant":"kigogo","to_move":"south","rows":[[2,2,2,2,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,2,2,2,0],[0,2,2,2,2,2,2,2,2,2,2,2],[2,2,2,2,2,2,2,2,2,2,2,2]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["a3"]),
        shows: Shows::Column,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kigogo","to_move":"south","rows":[[2,1,0,4,1,4,0,1,4,0,0,3],[2,1,3,3,0,3,3,0,1,4,1,1],[0,0,4,1,0,4,1,0,3,0,0,3],[1,0,1,4,4,1,3,3,0,3,0,0]],"captured":{"south":4,"north":10},"reserved":[]}"#,
            task: Task::Column,
        },
    },
    Lesson {
        id: "kigogo-singletons",
        rules: "KG-3",
        position: r#"{"variant":"kigogo","to_move":"south","rows":[[3,0,1,0,3,0,1,1,4,0,3,0],[0,1,0,2,1,0,1,3,4,1,4,1],[0,0,0,1,1,1,0,1,0,1,0,1],[0,0,0,1,1,0,0,0,1,0,1,0]],"captured":{"south":12,"north":36},"reserved":[]}"#,
        gate: Gate::Moves(&["b5"]),
        shows: Shows::Singleton,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kigogo","to_move":"south","rows":[[3,1,2,1,0,0,1,1,4,0,0,0],[0,1,0,2,1,0,1,3,4,1,0,1],[0,0,0,1,1,1,0,1,0,1,1,0],[0,0,0,1,1,0,0,0,1,0,1,0]],"captured":{"south":19,"north":36},"reserved":[]}"#,
            task: Task::Capture,
        },
    },
    Lesson {
        id: "kigogo-end",
        rules: "KG-5",
        position: r#"{"variant":"kigogo","to_move":"south","rows":[[0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,1,0,0,0,0,0,0],[1,1,1,0,0,0,1,2,0,0,0,0],[1,0,0,0,0,0,0,0,0,0,0,0]],"captured":{"south":45,"north":39},"reserved":[]}"#,
        gate: Gate::Moves(&["a8"]),
        shows: Shows::Win,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kigogo","to_move":"south","rows":[[0,0,0,0,1,0,0,0,0,0,0,0],[0,0,0,0,1,0,0,0,0,0,0,0],[0,0,0,0,0,1,1,0,1,0,0,1],[0,0,0,0,1,1,0,0,1,0,0,0]],"captured":{"south":44,"north":39},"reserved":[]}"#,
            task: Task::Win,
        },
    },
];

const KIMASAI: &[Lesson] = &[
    Lesson {
        id: "kimasai-slide",
        rules: "KM-1, KM-2",
        position: r#"{"variant":"kimasai","to_move":"south","rows":[[0,1,1,1,1,1,1,1,1,1,1,1],[0,1,1,1,1,1,1,1,1,1,0,1],[1,0,1,1,1,1,1,1,1,1,1,0],[1,1,1,1,1,1,1,1,1,1,1,0]],"captured":{"south":2,"north":2},"reserved":[]}"#,
        gate: Gate::Moves(&["b11"]),
        shows: Shows::OneLap,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kimasai","to_move":"south","rows":[[0,1,1,1,1,1,1,1,1,1,1,1],[0,1,1,1,1,1,1,1,1,0,1,1],[1,0,1,1,1,1,1,1,1,1,0,0],[1,1,1,1,1,1,1,1,1,1,0,1]],"captured":{"south":2,"north":3},"reserved":[]}"#,
            task: Task::OneLap,
        },
    },
    Lesson {
        id: "kimasai-blocked",
        rules: "KM-2",
        position: r#"{"variant":"kimasai","to_move":"south","rows":[[0,0,0,1,1,1,1,1,1,1,1,1],[1,0,0,1,1,1,1,1,1,1,0,1],[0,1,1,0,1,1,1,1,1,1,1,0],[0,1,1,1,1,1,1,1,1,1,1,0]],"captured":{"south":5,"north":4},"reserved":[]}"#,
        gate: Gate::AnyLegal,
        shows: Shows::AnyLegal,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kimasai","to_move":"south","rows":[[1,0,1,1,1,1,1,1,1,1,1,1],[0,1,1,1,1,1,1,1,1,1,0,1],[1,0,1,1,1,1,1,1,1,1,1,0],[1,1,1,1,1,1,1,1,1,1,0,1]],"captured":{"south":2,"north":2},"reserved":[]}"#,
            task: Task::OneLap,
        },
    },
    Lesson {
        id: "kimasai-capture",
        rules: "KM-3",
        position: r#"{"variant":"kimasai","to_move":"south","rows":[[1,0,1,1,1,1,1,1,1,1,1,1],[0,1,1,1,1,1,1,1,1,1,1,0],[1,0,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,1]],"captured":{"south":2,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["a3"]),
        shows: Shows::Capture,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kimasai","to_move":"south","rows":[[0,1,0,1,1,1,1,1,1,1,1,1],[0,0,1,1,1,1,1,1,1,0,1,1],[1,1,0,1,1,1,1,1,1,1,0,0],[1,1,1,1,1,1,1,1,1,0,1,0]],"captured":{"south":4,"north":4},"reserved":[]}"#,
            task: Task::Capture,
        },
    },
    Lesson {
        id: "kimasai-column",
        rules: "KM-3",
        position: r#"{"variant":"kimasai","to_move":"south","rows":[[1,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,0],[0,1,1,1,1,1,1,1,1,1,1,1],[1,1,1,1,1,1,1,1,1,1,1,1]],"captured":{"south":0,"north":0},"reserved":[]}"#,
        gate: Gate::Moves(&["a2"]),
        shows: Shows::Column,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kimasai","to_move":"south","rows":[[1,0,1,1,1,1,1,1,1,1,1,1],[0,1,1,1,1,1,1,1,1,1,0,1],[1,0,1,1,1,1,1,1,1,1,1,0],[1,1,1,1,1,1,1,1,1,1,0,1]],"captured":{"south":2,"north":2},"reserved":[]}"#,
            task: Task::Column,
        },
    },
    Lesson {
        id: "kimasai-end",
        rules: "KM-4",
        position: r#"{"variant":"kimasai","to_move":"south","rows":[[0,0,0,0,0,0,0,0,0,0,0,0],[0,1,0,0,0,0,0,0,0,0,0,0],[0,0,1,0,0,1,1,1,1,1,0,0],[1,1,1,1,1,1,1,0,1,0,1,0]],"captured":{"south":22,"north":8},"reserved":[]}"#,
        gate: Gate::Moves(&["a3"]),
        shows: Shows::Win,
        blocked: Blocked::None,
        exercise: Exercise {
            position: r#"{"variant":"kimasai","to_move":"south","rows":[[0,1,0,0,0,0,0,0,0,0,0,0],[0,1,0,0,0,0,0,0,0,0,0,0],[0,0,1,0,0,1,1,1,1,1,0,0],[0,0,1,1,1,1,0,1,0,1,0,1]],"captured":{"south":21,"north":10},"reserved":[]}"#,
            task: Task::Win,
        },
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{I18n, Language};
    use bao_engine::Direction;

    /// Whose seat the lessons are played from: always South, near the camera.
    const LEARNER: bao_engine::Player = bao_engine::Player::South;

    const GAMES: [Variant; 4] = [
        Variant::Kujifunza,
        Variant::Kingulu,
        Variant::Kigogo,
        Variant::Kimasai,
    ];

    #[test]
    fn every_game_has_five_to_eight_lessons_with_unique_ids() {
        let mut ids = std::collections::HashSet::new();
        for v in GAMES {
            let n = lessons(v).len();
            assert!((5..=8).contains(&n), "{v}: {n} lessons");
            for l in lessons(v) {
                assert!(ids.insert(l.id), "{} twice", l.id);
                assert!(l.id.starts_with(v.id()), "{} is not of {v}", l.id);
            }
        }
    }

    #[test]
    fn every_lesson_and_exercise_position_is_valid_with_the_learner_to_move() {
        for v in GAMES {
            for l in lessons(v) {
                for start in [l.start(), l.exercise_start()] {
                    let start = start.unwrap_or_else(|e| panic!("{}: {e}", l.id));
                    assert_eq!(start.variant(), v, "{}", l.id);
                    assert_eq!(start.to_move(), LEARNER, "{}", l.id);
                    assert!(!start.outcome().is_over(), "{}", l.id);
                }
            }
        }
    }

    /// KU-3..KU-10, KN-2..KN-8, KG-2..KG-5, KM-2..KM-4: each lesson's moves are legal and do
    /// what its text says, read from the engine's trace.
    #[test]
    fn every_lessons_moves_are_legal_and_show_what_the_lesson_teaches() {
        for v in GAMES {
            for l in lessons(v) {
                let start = l.start().expect("valid");
                let moves = l.gate_moves().unwrap_or_else(|e| panic!("{}: {e}", l.id));
                assert!(!moves.is_empty(), "{}: no move to make", l.id);
                for mv in moves {
                    assert!(
                        l.shows.holds(&start, mv),
                        "{}: {mv} does not show {:?}",
                        l.id,
                        l.shows
                    );
                }
            }
        }
    }

    /// KU-3, KU-4, KN-3: where a lesson is about the pits that may not start, there are such
    /// pits, each with the engine's reason.
    #[test]
    fn ku_3_ku_4_kn_3_lessons_about_blocked_pits_have_pits_the_rule_blocks() {
        for l in GAMES
            .iter()
            .flat_map(|&v| lessons(v))
            .filter(|l| l.blocked != Blocked::None)
        {
            assert!(!l.blocked_pits().is_empty(), "{}: nothing is blocked", l.id);
        }
        let capture = &lessons(Variant::Kujifunza)[2];
        let start = capture.start().expect("valid");
        assert!(
            capture
                .blocked_pits()
                .iter()
                .any(|&p| start.why_not_start(p) == Some(StartRefusal::CaptureCompulsory)),
            "KU-4: a pit is blocked because captures are compulsory"
        );
        // KU-3: the long-lap lesson rings one pit, the one of 17 seeds its text names.
        let long = &lessons(Variant::Kujifunza)[3];
        let start = long.start().expect("valid");
        let ringed = long.blocked_pits();
        assert_eq!(ringed.len(), 1, "{}: {ringed:?}", long.id);
        assert_eq!(start.seeds(ringed[0]), Some(17));
        assert_eq!(
            start.why_not_start(ringed[0]),
            Some(StartRefusal::LongFirstLap)
        );
        // Its text: either way the lap would end in the front row facing North's seeds, 10 of
        // them one way.
        let facing: Vec<u8> = [Direction::CounterClockwise, Direction::Clockwise]
            .into_iter()
            .map(|direction| {
                let end = (0..17).fold(ringed[0], |at, _| {
                    start
                        .next_pit(LEARNER, at, direction)
                        .expect("on the circuit")
                });
                assert_eq!(end.row, 2, "the lap ends in the front row");
                start.seeds(Pit::new(1, end.col)).expect("a pit")
            })
            .collect();
        assert!(
            facing.iter().all(|&n| n > 0) && facing.contains(&10),
            "{facing:?}"
        );
        let first_lap = &lessons(Variant::Kingulu)[3];
        let start = first_lap.start().expect("valid");
        assert!(
            first_lap
                .blocked_pits()
                .iter()
                .any(|&p| start.why_not_start(p) == Some(StartRefusal::FirstLapOwnRow)),
            "KN-3: a pit is blocked by the first-lap rule"
        );
    }

    #[test]
    fn every_exercise_can_be_done_and_can_be_missed() {
        for v in GAMES {
            for l in lessons(v) {
                let start = l.exercise_start().expect("valid");
                let answers = l.exercise.task.answers(&start);
                assert!(!answers.is_empty(), "{}: the exercise cannot be done", l.id);
                let missed = start
                    .legal_moves()
                    .into_iter()
                    .any(|m| l.exercise.task.judge(&start, m).is_some_and(|a| !a.met));
                assert!(missed, "{}: every move does the exercise", l.id);
            }
        }
    }

    #[test]
    fn every_lesson_text_and_task_is_in_every_language() {
        for language in Language::ALL {
            let i18n = I18n::new(language);
            for l in GAMES.iter().flat_map(|&v| lessons(v)) {
                for part in ["title", "intro", "after"] {
                    assert!(
                        i18n.has(&l.key(part)),
                        "{}: {}",
                        language.code(),
                        l.key(part)
                    );
                }
                let task = l.exercise.task.key();
                for key in [format!("lesson-task-{task}"), format!("lesson-miss-{task}")] {
                    assert!(i18n.has(&key), "{}: {key}", language.code());
                }
            }
        }
    }
}
