//! The engine against the independent model of [`crate::model`]: legal moves, the position after
//! every move, and the outcome, in random games and in random (often unreachable) positions.

use crate::common::{describe, position};
use crate::model::M;
use bao_engine::{Move, Position, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Compares engine and model in one position; returns the engine's legal moves.
fn compare(p: &Position) -> Vec<Move> {
    let model = M::of(p);
    let expected = model.moves();
    let mut got: Vec<(String, Move)> = p
        .legal_moves()
        .iter()
        .map(|m| (m.to_string(), *m))
        .collect();
    got.sort_by(|a, b| a.0.cmp(&b.0));
    let got_names: Vec<&str> = got.iter().map(|(s, _)| s.as_str()).collect();
    let expected_names: Vec<&str> = expected.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        got_names,
        expected_names,
        "legal moves differ in {}",
        describe(p)
    );
    for ((name, m), (_, after)) in got.iter().zip(&expected) {
        let next = p
            .play(*m)
            .unwrap_or_else(|e| panic!("{e} in {}", describe(p)));
        assert_eq!(M::of(&next), *after, "{name} from {}", describe(p));
    }
    assert_eq!(p.outcome(), model.outcome(), "outcome of {}", describe(p));
    got.into_iter().map(|(_, m)| m).collect()
}

#[test]
fn engine_agrees_with_model_in_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xBA0);
    for variant in Variant::ALL {
        for _ in 0..40 {
            let mut p = Position::new(variant);
            for _ in 0..300 {
                let moves = compare(&p);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                p = p.play(m).expect("listed move");
            }
        }
    }
}

/// A random valid position of `variant`: seeds spread over a random handful of pits (so that big
/// piles, long relays and empty pits all occur), the rest captured where the variant allows it,
/// random reserved holes in Kingulu, and either side to move.
pub fn random_position(variant: Variant, rng: &mut Xoshiro256PlusPlus) -> Position {
    let (rows, cols) = (variant.rows(), variant.cols());
    let total = variant.total_seeds();
    let on_board = if variant.is_kujifunza() {
        total
    } else {
        rng.random_range(2..=total.min(48))
    };
    let pits: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .collect();
    let spread = rng.random_range(1..=pits.len());
    let chosen: Vec<(usize, usize)> = (0..spread)
        .map(|_| pits[rng.random_range(0..pits.len())])
        .collect();
    let mut board = vec![[0u8; 12]; rows];
    let mut placed = 0;
    while placed < on_board {
        let (r, c) = if variant == Variant::Kimasai {
            // One seed per pit (KM-1): any empty pit.
            let empty: Vec<_> = pits.iter().filter(|&&(r, c)| board[r][c] == 0).collect();
            *empty[rng.random_range(0..empty.len())]
        } else {
            chosen[rng.random_range(0..chosen.len())]
        };
        board[r][c] += 1;
        placed += 1;
    }
    let rest = total - placed;
    let south = if variant.is_kujifunza() {
        0
    } else {
        rng.random_range(0..=rest)
    };
    let captured = [south as u8, (rest - south) as u8];
    let to_move = if rng.random_bool(0.5) {
        "south"
    } else {
        "north"
    };
    let mut reserved = Vec::new();
    if variant == Variant::Kingulu {
        for _ in 0..rng.random_range(0..4) {
            let (r, c) = (rng.random_range(0..2u8), rng.random_range(0..6u8));
            let owner = if r == 0 { "south" } else { "north" };
            if !reserved.iter().any(|&(r2, c2, _)| (r2, c2) == (r, c)) {
                reserved.push((r, c, owner));
            }
        }
    }
    match variant {
        Variant::Kingulu => {
            let b: Vec<[u8; 6]> = board
                .iter()
                .map(|r| r[..6].try_into().expect("6"))
                .collect();
            position(variant.id(), to_move, &b, captured, &reserved)
        }
        Variant::Kujifunza | Variant::KujifunzaChoice => {
            let b: Vec<[u8; 8]> = board
                .iter()
                .map(|r| r[..8].try_into().expect("8"))
                .collect();
            position(variant.id(), to_move, &b, captured, &[])
        }
        _ => position(variant.id(), to_move, &board, captured, &[]),
    }
}

#[test]
fn engine_agrees_with_model_in_random_positions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for variant in Variant::ALL {
        for _ in 0..1500 {
            let p = random_position(variant, &mut rng);
            compare(&p);
        }
    }
}
