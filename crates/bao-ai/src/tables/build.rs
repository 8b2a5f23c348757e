//! The builder: layers from few active seeds to many. Every move that leaves a layer captures,
//! pays a toll or reserves a hole, so it lands in a layer already built; inside a layer the
//! values are the least fixpoint of the attractor computation described in [`super`].

use super::index::{Builder, Key, Layout, MASKS, fixed_score, rotate_mask};
use bao_engine::Player;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// What the builder reports while it works.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildEvent {
    /// Positions done so far in the layer of `seeds` active seeds.
    Progress {
        /// Active seeds of the layer being built.
        seeds: u32,
        /// Positions of this layer done.
        done: u64,
        /// Positions of this layer.
        layer: u64,
        /// Positions of the whole table done (earlier layers included).
        table_done: u64,
        /// Positions of the whole table.
        table: u64,
    },
    /// A layer is complete.
    LayerDone(LayerSummary),
}

/// The figures of one finished layer (all reserved masks with `seeds` active seeds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerSummary {
    /// Active seeds.
    pub seeds: u32,
    /// Positions stored (one side to move).
    pub positions: u64,
    /// Positions whose value the attractors leave open: decided by repetition (KN-9).
    pub by_repetition: u64,
    /// The largest attractor rank of the layer.
    pub max_rank: u32,
    /// Positions whose rank did not fit the stored byte (saturated at 255).
    pub saturated: u64,
    /// Positions from which quiet moves (moves that stay in the layer) can reach a cycle: the
    /// only positions where a game could ever repeat (KN-9).
    pub cyclic: u64,
}

/// The largest rank a file stores; larger ranks are stored as this.
pub(crate) const RANK_MAX: u32 = u8::MAX as u32;

/// Not a terminal position.
const NOT_TERMINAL: u8 = u8::MAX;

/// Builds the value and rank planes of `layout`, with `threads` workers.
pub(crate) fn build(
    layout: &Layout,
    threads: usize,
    progress: &mut dyn FnMut(&BuildEvent),
) -> (Vec<u8>, Vec<u8>) {
    let total = layout.total() as usize;
    let mut values = vec![0u8; total];
    let mut ranks = vec![0u8; total];
    let mut table_done = 0u64;
    for k in 0..=layout.max_seeds() {
        let start = layout.seeds_start(k) as usize;
        let end = layout.seeds_start(k + 1) as usize;
        let (lower, upper) = values.split_at_mut(start);
        let current = Mutex::new((&mut upper[..end - start], &mut ranks[start..end]));
        let mut units: Vec<u16> = (0..MASKS as u16).filter(|&m| m <= rotate_mask(m)).collect();
        units.sort_by_key(|&m| std::cmp::Reverse(Layout::count(k, m)));
        let next = AtomicUsize::new(0);
        let stats = Mutex::new(LayerSummary {
            seeds: k,
            positions: (end - start) as u64,
            by_repetition: 0,
            max_rank: 0,
            saturated: 0,
            cyclic: 0,
        });
        let layer = (end - start) as u64;
        let work = |report: &mut dyn FnMut(u64)| {
            while let Some(&mask) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
                let unit = solve_unit(layout, lower, k, mask);
                let mut guard = current.lock().unwrap_or_else(|e| e.into_inner());
                let (vals, rks) = &mut *guard;
                let mut at = 0;
                for (m, count) in unit.parts() {
                    let s = (layout.start(k, m) as usize) - start;
                    vals[s..s + count].copy_from_slice(&unit.values[at..at + count]);
                    rks[s..s + count].copy_from_slice(&unit.ranks[at..at + count]);
                    at += count;
                }
                drop(guard);
                let mut st = stats.lock().unwrap_or_else(|e| e.into_inner());
                st.by_repetition += unit.by_repetition;
                st.max_rank = st.max_rank.max(unit.max_rank);
                st.saturated += unit.saturated;
                st.cyclic += unit.cyclic;
                drop(st);
                report(unit.values.len() as u64);
            }
        };
        let mut done = 0u64;
        let mut tick = |n: u64| {
            done += n;
            progress(&BuildEvent::Progress {
                seeds: k,
                done,
                layer,
                table_done: table_done + done,
                table: total as u64,
            });
        };
        if threads <= 1 {
            work(&mut tick);
        } else {
            let (tx, rx) = mpsc::channel::<u64>();
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    let tx = tx.clone();
                    let work = &work;
                    scope.spawn(move || {
                        work(&mut |n| {
                            // The receiver lives until every worker is done.
                            let _ = tx.send(n);
                        });
                    });
                }
                drop(tx);
                while let Ok(n) = rx.recv() {
                    tick(n);
                }
            });
        }
        let summary = stats.into_inner().unwrap_or_else(|e| e.into_inner());
        table_done += layer;
        progress(&BuildEvent::LayerDone(summary));
    }
    (values, ranks)
}

/// The values of one unit: a mask and its half-turn image, whose positions move into each other.
struct Unit {
    masks: [u16; 2],
    counts: [usize; 2],
    values: Vec<u8>,
    ranks: Vec<u8>,
    by_repetition: u64,
    max_rank: u32,
    saturated: u64,
    cyclic: u64,
}

impl Unit {
    fn parts(&self) -> impl Iterator<Item = (u16, usize)> + '_ {
        self.masks
            .iter()
            .copied()
            .zip(self.counts.iter().copied())
            .filter(|&(_, c)| c > 0)
    }
}

/// Solves the positions with `k` active seeds and mask `mask` or its image, South to move.
fn solve_unit(layout: &Layout, lower: &[u8], k: u32, mask: u16) -> Unit {
    let rot = rotate_mask(mask);
    let masks = [mask, rot];
    let count_a = Layout::count(k, mask) as usize;
    let count_b = if rot == mask {
        0
    } else {
        Layout::count(k, rot) as usize
    };
    let counts = [count_a, count_b];
    let n = count_a + count_b;
    let local = |key: &Key| -> u32 {
        let base = if key.mask == mask { 0 } else { count_a };
        (base as u64 + key.rank()) as u32
    };
    let k8 = k as u8;

    // The graph: exits folded into two numbers, moves inside the unit as edges.
    let mut terminal = vec![NOT_TERMINAL; n];
    let mut exit_lo = vec![0u8; n];
    let mut exit_hi = vec![0u8; n];
    let mut succ_start: Vec<u32> = Vec::with_capacity(n + 1);
    let mut succ: Vec<u32> = Vec::with_capacity(n * 3);
    let mut builder = Builder::new();
    let mut i = 0;
    for (m, count) in masks.iter().copied().zip(counts) {
        for r in 0..count as u64 {
            let key = Key::unrank(k, m, r);
            let position = builder.position(&key);
            succ_start.push(succ.len() as u32);
            let mut any = false;
            position.for_each_move(|_, next| {
                any = true;
                let Some(next_key) = Key::of(next) else {
                    unreachable!("Kingulu moves stay Kingulu")
                };
                if next_key.active == k {
                    succ.push(local(&next_key));
                } else {
                    let Some(index) = layout.index(&next_key) else {
                        unreachable!("active seeds never increase")
                    };
                    let v = lower[index as usize];
                    let (lo, hi) = (v & 15, v >> 4);
                    // North's gain of this move (captures, tolls, a reserved hole): South had
                    // everything off the board before it.
                    let gain = fixed_score(next, Player::North) as u8;
                    exit_lo[i] = exit_lo[i].max(k8 - gain - hi);
                    exit_hi[i] = exit_hi[i].max(k8 - gain - lo);
                }
            });
            if !any {
                // KN-8: no legal move, the seeds are counted.
                terminal[i] = key.mover_seeds() as u8;
            }
            i += 1;
        }
    }
    succ_start.push(succ.len() as u32);

    // Predecessors, for the rounds that only revisit what may have changed.
    let mut pred_start = vec![0u32; n + 1];
    for &q in &succ {
        pred_start[q as usize + 1] += 1;
    }
    for j in 0..n {
        pred_start[j + 1] += pred_start[j];
    }
    let mut fill = pred_start.clone();
    let mut pred = vec![0u32; succ.len()];
    for p in 0..n {
        for &q in &succ[succ_start[p] as usize..succ_start[p + 1] as usize] {
            pred[fill[q as usize] as usize] = p as u32;
            fill[q as usize] += 1;
        }
    }

    // Positions that can reach a cycle: what is left after peeling off, again and again, the
    // positions all of whose quiet moves lead to positions already peeled.
    let mut out: Vec<u32> = (0..n).map(|p| succ_start[p + 1] - succ_start[p]).collect();
    let mut peel: Vec<u32> = (0..n as u32).filter(|&p| out[p as usize] == 0).collect();
    let mut peeled = 0u64;
    while let Some(q) = peel.pop() {
        peeled += 1;
        for &p in &pred[pred_start[q as usize] as usize..pred_start[q as usize + 1] as usize] {
            out[p as usize] -= 1;
            if out[p as usize] == 0 {
                peel.push(p);
            }
        }
    }
    drop(out);

    // Synchronous rounds of lo (the mover's proven share) and hi (the share the opponent cannot
    // keep the mover under), from lo = 0, hi = k.
    let mut lo = vec![0u8; n];
    let mut hi = vec![k8; n];
    let mut rank = vec![0u32; n];
    let mut stamp = vec![u32::MAX; n];
    let mut candidates: Vec<u32> = (0..n as u32).collect();
    let mut updates: Vec<(u32, u8, u8)> = Vec::new();
    let mut round = 0u32;
    loop {
        updates.clear();
        for &p in &candidates {
            let p = p as usize;
            let (l, h) = if terminal[p] != NOT_TERMINAL {
                (terminal[p], terminal[p])
            } else {
                let (mut l, mut h) = (exit_lo[p], exit_hi[p]);
                for &q in &succ[succ_start[p] as usize..succ_start[p + 1] as usize] {
                    l = l.max(k8 - hi[q as usize]);
                    h = h.max(k8 - lo[q as usize]);
                }
                (l, h)
            };
            if (l, h) != (lo[p], hi[p]) {
                updates.push((p as u32, l, h));
            }
        }
        if updates.is_empty() {
            break;
        }
        candidates.clear();
        for &(p, l, h) in &updates {
            let p = p as usize;
            debug_assert!(l >= lo[p] && h <= hi[p], "the rounds are monotone");
            if h != hi[p] {
                rank[p] = round;
            }
            lo[p] = l;
            hi[p] = h;
            for &q in &pred[pred_start[p] as usize..pred_start[p + 1] as usize] {
                if stamp[q as usize] != round {
                    stamp[q as usize] = round;
                    candidates.push(q);
                }
            }
        }
        round += 1;
    }

    let mut unit = Unit {
        masks,
        counts,
        values: Vec::with_capacity(n),
        ranks: Vec::with_capacity(n),
        by_repetition: 0,
        max_rank: 0,
        saturated: 0,
        cyclic: n as u64 - peeled,
    };
    for p in 0..n {
        debug_assert!(lo[p] <= hi[p] && u32::from(hi[p]) <= k, "bounds in order");
        unit.values.push(lo[p] | (hi[p] << 4));
        unit.by_repetition += u64::from(lo[p] != hi[p]);
        unit.max_rank = unit.max_rank.max(rank[p]);
        unit.saturated += u64::from(rank[p] > RANK_MAX);
        unit.ranks.push(rank[p].min(RANK_MAX) as u8);
    }
    unit
}
