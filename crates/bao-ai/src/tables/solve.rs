//! An independent solver for checking tables: the whole game graph from some roots, searched
//! with the engine's positions as they are (no keys, no symmetry, no layers), one threshold at a
//! time with the classic counter-based attractor.

use super::index::fixed_score;
use bao_engine::{Player, Position};
use std::collections::HashMap;
use std::collections::VecDeque;

/// South's final score bounds `(low, high)` for each root, from scratch: `low` is the largest `t`
/// such that South can force a final KN-8 score of at least `t`, `high` the smallest `t` such that
/// North can hold South to at most `t` (least-fixpoint attractors; KN-8 terminals). `None` when
/// the game graph reachable from the roots has more than `node_limit` positions.
pub fn exhaustive_bounds(roots: &[Position], node_limit: usize) -> Option<Vec<(u32, u32)>> {
    let mut ids: HashMap<Position, u32> = HashMap::new();
    let mut nodes: Vec<Position> = Vec::new();
    let mut succ: Vec<Vec<u32>> = Vec::new();
    for root in roots {
        if !ids.contains_key(root) {
            ids.insert(*root, nodes.len() as u32);
            nodes.push(*root);
        }
    }
    let mut at = 0;
    while at < nodes.len() {
        let p = nodes[at];
        let mut list = Vec::new();
        p.for_each_move(|_, next| {
            let id = *ids.entry(*next).or_insert_with(|| {
                nodes.push(*next);
                (nodes.len() - 1) as u32
            });
            list.push(id);
        });
        succ.push(list);
        if nodes.len() > node_limit {
            return None;
        }
        at += 1;
    }
    let n = nodes.len();
    let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (p, list) in succ.iter().enumerate() {
        for &q in list {
            pred[q as usize].push(p as u32);
        }
    }
    let south_to_move: Vec<bool> = nodes.iter().map(|p| p.to_move() == Player::South).collect();
    let terminal_score: Vec<Option<u32>> = nodes
        .iter()
        .zip(&succ)
        .map(|(p, s)| s.is_empty().then(|| p.kingulu_score(Player::South)))
        .collect();

    // The attractor of `side` to the terminals that `target` accepts.
    let attractor = |side: Player, target: &dyn Fn(u32) -> bool| -> Vec<bool> {
        let mut inside = vec![false; n];
        let mut missing: Vec<u32> = succ.iter().map(|s| s.len() as u32).collect();
        let mut queue = VecDeque::new();
        for v in 0..n {
            if terminal_score[v].is_some_and(target) {
                inside[v] = true;
                queue.push_back(v);
            }
        }
        while let Some(q) = queue.pop_front() {
            for &p in &pred[q] {
                let p = p as usize;
                if inside[p] {
                    continue;
                }
                let mover_is_side = south_to_move[p] == (side == Player::South);
                missing[p] -= 1;
                if mover_is_side || missing[p] == 0 {
                    inside[p] = true;
                    queue.push_back(p);
                }
            }
        }
        inside
    };

    // Nobody loses what they hold for good: those bounds need no attractor. Thresholds outside
    // the terminals' scores give the same attractors as the nearest inside.
    let mut low: Vec<u32> = roots
        .iter()
        .map(|r| fixed_score(r, Player::South))
        .collect();
    let mut high: Vec<u32> = roots
        .iter()
        .map(|r| 48 - fixed_score(r, Player::North))
        .collect();
    let scores = terminal_score.iter().flatten();
    let (Some(&t_min), Some(&t_max)) = (scores.clone().min(), scores.max()) else {
        return Some(low.into_iter().zip(high).collect());
    };
    for t in t_min.max(1)..=t_max + 1 {
        let south = attractor(Player::South, &|s| s >= t);
        let north = attractor(Player::North, &|s| s < t);
        for (i, root) in roots.iter().enumerate() {
            let id = ids[root] as usize;
            if south[id] {
                low[i] = low[i].max(t);
            }
            if north[id] {
                high[i] = high[i].min(t - 1);
            }
        }
    }
    Some(low.into_iter().zip(high).collect())
}
