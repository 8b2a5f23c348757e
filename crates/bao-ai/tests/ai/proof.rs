//! Proofs of forced wins: the shipped proof files pass the checker, corrupted copies are refused
//! with the right error, the solver writes them again byte for byte, and the bundled books' moves
//! win against every defence in a real game (KU-10, KU-11).

use bao_ai::proof::{
    self, MAGIC, ProofBook, ProofErrorKind, SolveLimits, Solver, Verdict, book_for, bundled,
};
use bao_engine::{Game, Player, Position, Variant};
use std::collections::HashSet;
use std::path::PathBuf;

const PROVEN: [Variant; 2] = [Variant::Kujifunza, Variant::KujifunzaChoice];

const LIMITS: SolveLimits = SolveLimits {
    nodes: 1_000_000,
    table_bytes: 1 << 20,
};

fn shipped(variant: Variant) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/proofs")
        .join(format!("{}.proof", variant.id()));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The header's fields, found by reading the layout of `bao_ai::proof`'s checker docs.
struct Layout {
    winner: usize,
    counts: usize,
    body: usize,
}

fn layout(bytes: &[u8]) -> Layout {
    let id_len = usize::from(bytes[9]);
    let winner = 10 + id_len;
    let json_len = usize::from(u16::from_le_bytes([bytes[winner + 1], bytes[winner + 2]]));
    let counts = winner + 3 + json_len;
    Layout {
        winner,
        counts,
        body: counts + 16,
    }
}

/// Rewrites the body length and checksum after a change of the body, so that the walk itself
/// has to find what is wrong. FNV-1a 64, written out here independently.
fn reseal(bytes: &mut [u8]) {
    let l = layout(bytes);
    let body_len = (bytes.len() - l.body) as u32;
    let sum = bytes[l.body..]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    bytes[l.counts + 4..l.counts + 8].copy_from_slice(&body_len.to_le_bytes());
    bytes[l.counts + 8..l.counts + 16].copy_from_slice(&sum.to_le_bytes());
}

fn refusal(bytes: &[u8]) -> ProofErrorKind {
    match proof::check_proof(bytes) {
        Ok(s) => panic!("a corrupt proof was accepted: {s:?}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e.kind
        }
    }
}

#[test]
fn ku_10_every_shipped_proof_passes_the_checker() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/proofs");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("assets/proofs exists") {
        let path = entry.expect("a directory entry").path();
        let bytes = std::fs::read(&path).expect("readable");
        let summary =
            proof::check_proof(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let stem = path.file_stem().and_then(|s| s.to_str());
        assert_eq!(stem, Some(summary.variant.id()), "{}", path.display());
        assert_eq!(summary.root, Position::new(summary.variant));
        assert_eq!(summary.winner, Player::South, "the first player wins");
        checked += 1;
    }
    assert_eq!(checked, PROVEN.len());
}

#[test]
fn ku_8c_kujifunza_choice_proof_is_the_three_ply_win() {
    let summary = proof::check_proof(&shipped(Variant::KujifunzaChoice)).expect("valid");
    assert_eq!((summary.positions, summary.plies), (4, 3));
    let book = bundled(Variant::KujifunzaChoice).expect("shipped");
    let start = Position::new(Variant::KujifunzaChoice);
    let first = book.winning_move(&start).map(|m| m.to_string());
    assert_eq!(first.as_deref(), Some("a8+/L/R/R"));
}

#[test]
fn ku_10_the_solver_writes_the_shipped_proofs_again() {
    for variant in PROVEN {
        let mut solver = Solver::new(Position::new(variant), Player::South, LIMITS);
        assert_eq!(solver.run(&mut |_| {}), Verdict::Proven, "{variant}");
        let (file, positions) = solver.write_proof().expect("proven");
        assert_eq!(
            file,
            shipped(variant),
            "{variant}: the search is deterministic"
        );
        assert_eq!(
            proof::check_proof(&file).map(|s| s.positions),
            Ok(positions)
        );
    }
}

#[test]
fn ku_10_north_cannot_force_a_win_from_the_start() {
    for variant in PROVEN {
        let mut solver = Solver::new(Position::new(variant), Player::North, LIMITS);
        let verdict = solver.run(&mut |_| {});
        assert_eq!(
            verdict,
            Verdict::Disproven {
                path_dependent: false
            },
            "{variant}"
        );
        assert!(solver.write_proof().is_err());
        assert_eq!(solver.winning_move(), None);
    }
}

#[test]
fn a_spent_budget_leaves_the_root_open_and_reports_progress() {
    let limits = SolveLimits {
        nodes: 20,
        table_bytes: 1 << 16,
    };
    let mut solver = Solver::new(Position::new(Variant::Kujifunza), Player::South, limits);
    let verdict = solver.run(&mut |_| {});
    assert!(matches!(verdict, Verdict::Unknown { pn, dn } if pn > 0 && dn > 0));
    assert!(solver.budget_exhausted());
    // More budget: the search goes on from its table to the proof, reporting as it goes.
    solver.add_budget(Solver::REPORT_EVERY + 1);
    let mut reports = 0;
    let before = solver.nodes();
    assert_eq!(solver.run(&mut |_| reports += 1), Verdict::Proven);
    assert!(solver.nodes() > before);
    assert_eq!(
        reports, 0,
        "the proof takes fewer positions than a report interval"
    );
}

#[test]
fn a_flipped_move_byte_is_refused() {
    let good = shipped(Variant::Kujifunza);
    let body = layout(&good).body;
    // Unsealed: the checksum finds it.
    let mut bytes = good.clone();
    bytes[body] ^= 0x01;
    assert!(matches!(
        refusal(&bytes),
        ProofErrorKind::ChecksumMismatch { .. }
    ));
    // Sealed again, an index past the 16 opening moves (KU-3).
    let mut bytes = good.clone();
    bytes[body] = 16;
    reseal(&mut bytes);
    assert_eq!(
        refusal(&bytes),
        ProofErrorKind::MoveIndexOutOfRange {
            index: 16,
            moves: 16
        }
    );
    // Sealed again, another opening: whatever the walk meets first, it is a walk error.
    for index in 0..16 {
        let mut bytes = good.clone();
        if bytes[body] == index {
            continue;
        }
        bytes[body] = index;
        reseal(&mut bytes);
        let kind = refusal(&bytes);
        assert!(
            !matches!(kind, ProofErrorKind::ChecksumMismatch { .. }),
            "{index}: {kind:?}"
        );
    }
}

#[test]
fn truncated_or_padded_files_are_refused() {
    let good = shipped(Variant::Kujifunza);
    for cut in [0, 5, 12, layout(&good).body, good.len() - 1] {
        let kind = refusal(&good[..cut]);
        assert!(
            matches!(kind, ProofErrorKind::Truncated | ProofErrorKind::BadMagic),
            "cut at {cut}: {kind:?}"
        );
    }
    // A body cut short with its header fixed: the walk runs out of move bytes.
    let mut short = good[..good.len() - 1].to_vec();
    reseal(&mut short);
    assert_eq!(refusal(&short), ProofErrorKind::Truncated);
    let mut long = good.clone();
    long.push(0);
    assert_eq!(refusal(&long), ProofErrorKind::TrailingBytes(1));
    reseal(&mut long);
    assert_eq!(refusal(&long), ProofErrorKind::TrailingBytes(1));
}

#[test]
fn a_wrong_header_is_refused() {
    let good = shipped(Variant::KujifunzaChoice);
    let l = layout(&good);
    let mut bytes = good.clone();
    bytes[0] = b'X';
    assert_eq!(refusal(&bytes), ProofErrorKind::BadMagic);
    let mut bytes = good.clone();
    bytes[MAGIC.len()] = 9;
    assert_eq!(refusal(&bytes), ProofErrorKind::UnsupportedVersion(9));
    let mut bytes = good.clone();
    bytes[l.winner] = 7;
    assert_eq!(refusal(&bytes), ProofErrorKind::BadWinner(7));
    // The position count is part of the claim.
    let mut bytes = good.clone();
    bytes[l.counts] += 1;
    assert_eq!(
        refusal(&bytes),
        ProofErrorKind::PositionCount {
            stored: 5,
            walked: 4
        }
    );
}

#[test]
fn ku_10_a_proof_claiming_the_wrong_winner_is_refused() {
    for variant in PROVEN {
        let mut bytes = shipped(variant);
        let l = layout(&bytes);
        bytes[l.winner] = 1;
        let kind = refusal(&bytes);
        assert!(
            matches!(
                kind,
                ProofErrorKind::LeafNotWon { .. }
                    | ProofErrorKind::MoveDoesNotWin { .. }
                    | ProofErrorKind::MoveIndexOutOfRange { .. }
                    | ProofErrorKind::Truncated
            ),
            "{variant}: {kind:?}"
        );
    }
}

#[test]
fn ku_8_a_proof_of_the_other_rule_set_is_refused() {
    // The variant id changed alone: the root position no longer belongs to it.
    let choice = shipped(Variant::KujifunzaChoice);
    let mut bytes = MAGIC.to_vec();
    bytes.push(1);
    bytes.push(9);
    bytes.extend_from_slice(b"kujifunza");
    bytes.extend_from_slice(&choice[10 + 16..]);
    assert!(matches!(refusal(&bytes), ProofErrorKind::BadRoot(_)));
    // Asked for the wrong variant.
    let err = book_for(Variant::Kujifunza, &choice).expect_err("a kujifunza-choice proof");
    assert_eq!(
        err.kind,
        ProofErrorKind::WrongVariant {
            expected: Variant::Kujifunza,
            found: Variant::KujifunzaChoice
        }
    );
    // The choice proof's moves replayed under KU-8 (no kichwa choice): not a proof.
    let json = Position::new(Variant::Kujifunza).to_json();
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&[1, 9]);
    bytes.extend_from_slice(b"kujifunza");
    bytes.push(0);
    bytes.extend_from_slice(&(json.len() as u16).to_le_bytes());
    bytes.extend_from_slice(json.as_bytes());
    let body = &choice[layout(&choice).counts..];
    bytes.extend_from_slice(body);
    reseal(&mut bytes);
    let kind = refusal(&bytes);
    assert!(
        !matches!(kind, ProofErrorKind::ChecksumMismatch { .. }),
        "{kind:?}"
    );
}

#[test]
fn garbage_never_panics() {
    let good = shipped(Variant::Kujifunza);
    let body = layout(&good).body;
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for round in 0..2_000 {
        let mut bytes = good.clone();
        // Even rounds: body bytes, sealed again, so the walk meets them; odd: anywhere.
        let from = if round % 2 == 0 { body } else { 0 };
        for _ in 0..1 + round % 4 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let at = from + (state as usize) % (bytes.len() - from);
            bytes[at] = (state >> 32) as u8;
        }
        if round % 2 == 0 {
            reseal(&mut bytes);
        }
        let _ = proof::check_proof(&bytes);
    }
}

/// Plays the book's move wherever South is to move, and every legal reply for North, in a real
/// game (repetition counted, KU-11), until each line ends: South must have won every game.
fn play_out(book: &ProofBook, game: &mut Game, done: &mut HashSet<Position>) {
    let pos = *game.position();
    if game.outcome().is_over() {
        assert_eq!(
            game.outcome().winner(),
            Some(Player::South),
            "{}",
            pos.to_json()
        );
        return;
    }
    if !done.insert(pos) {
        return;
    }
    let moves = if pos.to_move() == book.winner() {
        let mv = book.winning_move(&pos);
        vec![mv.unwrap_or_else(|| panic!("no book move in {}", pos.to_json()))]
    } else {
        assert_eq!(book.winning_move(&pos), None, "only the winner's positions");
        game.legal_moves().to_vec()
    };
    for mv in moves {
        game.play(mv).expect("book moves and replies are legal");
        play_out(book, game, done);
        game.undo();
    }
}

#[test]
fn ku_11_bundled_moves_win_against_every_defence() {
    for variant in PROVEN {
        let book = bundled(variant).expect("a proof is shipped");
        assert_eq!((book.variant(), book.winner()), (variant, Player::South));
        let mut game = Game::new(variant);
        let mut done = HashSet::new();
        play_out(book, &mut game, &mut done);
        assert!(done.len() as u64 <= book.positions());
        assert!(
            std::ptr::eq(book, bundled(variant).expect("shipped")),
            "parsed once"
        );
    }
    for variant in [Variant::Kingulu, Variant::Kigogo, Variant::Kimasai] {
        assert!(bundled(variant).is_none());
    }
}

/// The solver against the puzzles' exact fixed-depth search, on positions from random games:
/// a win within five plies must be proven, a disproof must leave no win within seven, and every
/// proof written must pass the checker (KU-10, KU-11).
#[test]
fn ku_10_solver_agrees_with_the_exact_fixed_depth_search() {
    use bao_ai::puzzle::forced_win_within;
    let limits = SolveLimits {
        nodes: 200_000,
        table_bytes: 1 << 22,
    };
    let mut proven = 0;
    for variant in PROVEN {
        for game in crate::sample_games(variant, 40) {
            let pos = *game.position();
            let mut solver = Solver::new(pos, pos.to_move(), limits);
            match solver.run(&mut |_| {}) {
                Verdict::Proven => {
                    let (file, _) = solver.write_proof().expect("a proven root");
                    let summary = proof::check_proof(&file).expect("a valid proof");
                    assert_eq!(summary.winner, pos.to_move());
                    assert!(solver.winning_move().is_some_and(|m| pos.is_legal(&m)));
                    proven += 1;
                }
                Verdict::Disproven { path_dependent } => {
                    assert!(!path_dependent, "{}", pos.to_json());
                    assert!(!forced_win_within(&pos, 7), "{}", pos.to_json());
                }
                Verdict::Unknown { .. } => assert!(!forced_win_within(&pos, 5)),
            }
        }
    }
    assert!(proven > 10, "{proven} positions proven");
}
