//! Every explanation of a move that a lesson or a puzzle shows, checked against the move's trace
//! in all four languages: each lesson's move and every move of its exercise, every first move
//! of every puzzle and the solver's moves of its solution. The facts (which pit, how many
//! seeds, whose row, how many relays, captures, reservations and tolls) are counted from the
//! trace's steps here, not from the notes, and every sentence must carry its own facts in
//! every language.

use super::*;
use crate::content::lessons::{Gate, lessons};
use crate::content::{player_name, puzzles::puzzles};
use crate::i18n::Language;
use bao_engine::{PitName, Step, TraceReplay};

/// Every move a lesson's card or a puzzle's card may tell, with the position it is made from
/// and where it comes from.
fn told_moves() -> Vec<(String, Position, Move)> {
    let mut all = Vec::new();
    for variant in Variant::GAMES {
        for lesson in lessons(variant) {
            let start = lesson.start().expect("the lesson loads");
            let gate = match lesson.gate {
                Gate::Moves(_) => lesson.gate_moves().expect("the gate's moves are legal"),
                Gate::AnyLegal => start.legal_moves().to_vec(),
            };
            all.extend(gate.into_iter().map(|mv| (lesson.id.to_owned(), start, mv)));
            // An exercise's card tells whatever move the learner makes there.
            let exercise = lesson.exercise_start().expect("the exercise loads");
            let id = format!("{} exercise", lesson.id);
            all.extend(
                exercise
                    .legal_moves()
                    .iter()
                    .map(|&mv| (id.clone(), exercise, mv)),
            );
        }
        for puzzle in puzzles(variant).expect("the puzzles parse") {
            let start = puzzle.start().expect("the puzzle loads");
            all.extend(
                start
                    .legal_moves()
                    .iter()
                    .map(|&mv| (puzzle.id.clone(), start, mv)),
            );
            let mut game = Game::from_position(start);
            for mv in puzzle.solution_moves().expect("the solution parses") {
                all.push((format!("{} solution", puzzle.id), *game.position(), mv));
                game.play(mv).expect("the solution is legal");
            }
        }
    }
    all
}

/// What the trace of `mv` from `before` counts, read from its steps.
#[derive(Debug, Default, PartialEq, Eq)]
struct Facts {
    relays: usize,
    captures: usize,
    seeds_captured: u32,
    reserved: Option<PitName>,
    tolls: usize,
    /// Where the last seed fell and whose pit that is, if the pit was empty before it.
    last_into_empty: Option<(Player, PitName)>,
}

fn facts_of_trace(before: &Position, steps: &[Step]) -> Facts {
    let mut facts = Facts::default();
    let mut replay = TraceReplay::new(before);
    for (index, step) in steps.iter().enumerate() {
        match *step {
            Step::Relay { .. } => facts.relays += 1,
            Step::Capture { count, .. } => {
                facts.captures += 1;
                facts.seeds_captured += u32::from(count);
            }
            Step::Reserve { pit, .. } => facts.reserved = before.name_of(pit).map(|(_, p)| p),
            Step::Toll { .. } => facts.tolls += 1,
            Step::Sow { pit }
                if index + 1 == steps.len() && replay.board().seeds(pit) == Some(0) =>
            {
                facts.last_into_empty = before.name_of(pit);
            }
            _ => {}
        }
        replay.apply(step).expect("the trace replays");
    }
    facts
}

/// The same facts as the story's notes tell them.
fn facts_told(told: &[Told]) -> Facts {
    let mut facts = Facts::default();
    for t in told {
        match *t {
            Told::MoreRelays(n) => facts.relays += n,
            Told::Note(note) => match note {
                StepNote::Relay { .. } => facts.relays += 1,
                StepNote::Capture { count, .. } | StepNote::CaptureBehind { count, .. } => {
                    facts.captures += 1;
                    facts.seeds_captured += u32::from(count);
                }
                // The capturing seed itself (KN-4): one seed, its own capture step.
                StepNote::CapturingSeed => {
                    facts.captures += 1;
                    facts.seeds_captured += 1;
                }
                StepNote::Reserve { pit, .. } => facts.reserved = Some(pit),
                StepNote::Toll { .. } => facts.tolls += 1,
                StepNote::EndsEmpty { pit, owner } => facts.last_into_empty = Some((owner, pit)),
                _ => {}
            },
        }
    }
    facts
}

/// The facts each note's sentence must carry in words: pit names, numbers above one (a single
/// seed may be "the seed"), and players' names in the sentence's language.
fn words_of(note: &StepNote, i18n: &I18n) -> Vec<String> {
    let who = |p: Player| i18n.tr(player_name(p));
    let many = |n: u8| (n > 1).then(|| n.to_string());
    let mut words: Vec<Option<String>> = Vec::new();
    match *note {
        StepNote::Lift { player, pit, count } => {
            words.extend([Some(who(player)), Some(pit.to_string()), many(count)]);
        }
        StepNote::Relay { pit, owner, count } => {
            words.extend([Some(who(owner)), Some(pit.to_string()), many(count)]);
        }
        StepNote::Capture { pit, count, .. } | StepNote::CaptureBehind { pit, count } => {
            words.extend([Some(pit.to_string()), many(count)]);
        }
        StepNote::ReEnter { pit, .. } => words.push(Some(pit.to_string())),
        StepNote::Reserve { player, pit } => {
            words.extend([Some(who(player)), Some(pit.to_string())]);
        }
        StepNote::Toll { owner, pit } | StepNote::EndsEmpty { pit, owner } => {
            words.extend([Some(who(owner)), Some(pit.to_string())]);
        }
        StepNote::CapturingSeed | StepNote::MoveToReserved | StepNote::Ends => {}
        StepNote::Choice { .. } => {}
    }
    words.into_iter().flatten().collect()
}

fn assert_is_words(text: &str, what: &str) {
    assert!(
        !text.trim().is_empty() && !text.contains('{') && !text.contains("explain-"),
        "{what}: {text:?}"
    );
}

/// KU-3..KU-9, KN-3..KN-7, KG-2..KG-4, KM-2..KM-3: what a lesson's or a puzzle's card says a
/// move did is what its trace did, in every language.
#[test]
fn every_lesson_and_puzzle_move_is_told_as_its_trace_did_it_in_every_language() {
    let languages = Language::ALL.map(I18n::new);
    let moves = told_moves();
    assert!(moves.len() > 500, "only {} moves", moves.len());
    for (id, before, mv) in moves {
        let (_, steps) = before.play_traced(mv).expect("legal");
        let told = told_notes(&before, mv);
        assert_eq!(
            facts_told(&told),
            facts_of_trace(&before, &steps),
            "{id}: {mv} is told otherwise than its trace"
        );
        let Some(Told::Note(StepNote::Lift { player, pit, count })) = told.first().copied() else {
            panic!("{id}: {mv} does not begin with its lift");
        };
        assert_eq!((player, pit), (before.to_move(), mv.pit()), "{id}: {mv}");
        assert_eq!(Some(count), before.seeds_named(player, pit), "{id}: {mv}");
        for i18n in &languages {
            for t in &told {
                let text = t.text(before.variant(), i18n);
                assert_is_words(&text, &id);
                if let Told::Note(note) = t {
                    for word in words_of(note, i18n) {
                        assert!(text.contains(&word), "{id} {mv}: {word:?} not in {text:?}");
                    }
                }
            }
        }
    }
}

/// The one line a puzzle's card gives the solver's move carries the trace's facts too: the
/// mover, the start pit or the kichwa, the seeds taken, the hole reserved.
#[test]
fn every_puzzle_moves_line_names_what_the_trace_did_in_every_language() {
    let languages = Language::ALL.map(I18n::new);
    for (id, before, mv) in told_moves() {
        let (_, steps) = before.play_traced(mv).expect("legal");
        let s = MoveSummary::of(&before, mv, &steps).expect("a summary");
        for i18n in &languages {
            let line = move_line(&before, mv, i18n).expect("a legal move has a line");
            assert_is_words(&line, &id);
            let mover = i18n.tr(match s.mover {
                Player::South => "kiosk-south",
                Player::North => "kiosk-north",
            });
            let mut words = vec![mover];
            if s.kichwa.is_none() {
                words.push(s.start.to_string());
            }
            if s.captures == 1 && s.captured > 1 {
                words.push(s.captured.to_string());
            }
            if s.captures > 1 {
                words.extend([s.captures.to_string(), s.captured.to_string()]);
            }
            if s.captured == 0 && s.lifted > 1 {
                words.push(s.lifted.to_string());
            }
            words.extend(s.reserved.map(|hole| hole.to_string()));
            for word in words {
                assert!(line.contains(&word), "{id} {mv}: {word:?} not in {line:?}");
            }
        }
    }
}

/// A lesson's rule, shown under the story of its move, states the rule and nothing of one
/// move: no pit names, which only the trace's sentences give.
#[test]
fn no_lessons_rule_text_names_a_pit_in_any_language() {
    for language in Language::ALL {
        let i18n = I18n::new(language);
        for variant in Variant::GAMES {
            for lesson in lessons(variant) {
                let text = i18n.tr(&lesson.key("after"));
                let names_a_pit = text.split(|c: char| !c.is_alphanumeric()).any(|word| {
                    let mut chars = word.chars();
                    matches!(chars.next(), Some('a'..='d'))
                        && word.len() > 1
                        && chars.all(|c| c.is_ascii_digit())
                });
                assert!(!names_a_pit, "{}: {text}", lesson.id);
            }
        }
    }
}

/// A long run of relays is one sentence with their number; a single relay is its own sentence.
#[test]
fn a_run_of_relays_is_told_once_with_its_number() {
    let long = told_moves().into_iter().find_map(|(_, before, mv)| {
        let (_, steps) = before.play_traced(mv).ok()?;
        let relays = steps
            .iter()
            .filter(|s| matches!(s, Step::Relay { .. }))
            .count();
        (relays >= 3).then_some((before, mv, relays))
    });
    let (before, mv, relays) = long.expect("some move relays three times");
    let told = told_notes(&before, mv);
    let shown = told
        .iter()
        .filter(|t| matches!(t, Told::Note(StepNote::Relay { .. })))
        .count();
    let more: usize = told
        .iter()
        .map(|t| if let Told::MoreRelays(n) = t { *n } else { 0 })
        .sum();
    assert!(
        shown < relays,
        "{mv}: {shown} relay sentences for {relays} relays"
    );
    assert_eq!(shown + more, relays);
}
