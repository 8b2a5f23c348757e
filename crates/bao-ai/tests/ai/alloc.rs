//! The search allocates nothing per node: after the first slice has grown its buffers, a long
//! slice allocates (almost) nothing.

use crate::sample_games;
use bao_ai::{Level, Searcher};
use bao_engine::Variant;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Counts allocations made by the current thread (tests run on several threads).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: defers to the system allocator; the counter is a const-initialised thread-local that
// never allocates itself.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn a_long_slice_allocates_almost_nothing() {
    for variant in Variant::ALL {
        for game in sample_games(variant, 3) {
            let mut s = Searcher::with_budget(&game, Level::Expert, 1, 200_000);
            s.think(5_000);
            let before = allocations();
            let nodes_before = s.nodes();
            s.think(100_000);
            let searched = s.nodes() - nodes_before;
            let made = allocations() - before;
            // Growing the child buffer by doubling is the only allocation left.
            assert!(
                made <= 4,
                "{variant}: {made} allocations in {searched} nodes"
            );
        }
    }
}
