//! The overlay tells what the board shows: while a move is being sown, the seeds on
//! each side, the captures, the turn and the move list are those of the seeds that have landed,
//! not the result the engine already knows. The overlay's cards, turn line and move list and the
//! kiosk's captions read them through `core::Shown`, checked here against the seed entities.

use crate::harness::*;
use bao::core::{Seat, Shown};
use bao::seeds::Flight;
use bao_engine::Variant;
use bevy::prelude::*;
use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};

const HUMANS: [Seat; 2] = [Seat::Human, Seat::Human];

fn shown(app: &App) -> Shown {
    app.world().resource::<Shown>().clone()
}

/// Whether no seed is in the air: every seed lies where its place says.
fn all_seeds_at_rest(app: &mut App) -> bool {
    let world = app.world_mut();
    world.query::<&Flight>().iter(world).next().is_none()
}

#[test]
fn mid_move_the_cards_turn_and_move_list_follow_the_landed_seeds() {
    for variant in Variant::ALL {
        let mut app = app(variant, HUMANS, 1.0);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(14);
        let mut at_rest_checked = 0;
        for _ in 0..6 {
            let legal = session(&app).game().legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            let plies = session(&app).game().moves().len();
            let mover = position(&app).to_move();
            play_by_clicks(&mut app, mv);
            let mut frames = 0;
            while busy(&app) {
                let now = shown(&app);
                let mid = now.mid_move.expect("a running move is shown mid-move");
                let context = format!("{variant}, {mv}, frame {frames}");
                assert_eq!(mid.board.to_move(), mover, "{context}: the turn waits");
                assert_eq!(
                    now.moves(session(&app)).len(),
                    plies,
                    "{context}: the move joins the list when it is over"
                );
                assert!(!now.outcome(session(&app)).is_over(), "{context}");
                if all_seeds_at_rest(&mut app) {
                    // Seeds on each side and in each store, as the cards count them.
                    let mut seeds = seed_counts(&mut app);
                    seeds.remove("hand");
                    assert_eq!(seeds, expected_counts(&mid.board), "{context}");
                    at_rest_checked += 1;
                }
                app.update();
                frames += 1;
                assert!(frames < 20_000, "{context}: the move never ended");
            }
            let now = shown(&app);
            assert_eq!(now.mid_move, None, "{variant}, {mv}: shown to the end");
            assert_eq!(now.moves(session(&app)).len(), plies + 1);
            assert_eq!(*now.position(session(&app)), position(&app));
            assert_board_matches(&mut app, &format!("{variant}, after {mv}"));
        }
        assert!(
            at_rest_checked >= 6,
            "{variant}: only {at_rest_checked} mid-move frames had every seed at rest"
        );
    }
}
