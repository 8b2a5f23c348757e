//! An independent, deliberately plain model of docs/rules.md, written from the rules text and not
//! from the engine's code: boards as absolute rows, circuits as lists of `(row, col)`, one function
//! per variant. The differential tests compare the engine with it move by move, and the perft data
//! file is checked against it. It is slow and simple on purpose.

use bao_engine::{EndReason, Outcome, Player, Position, Variant};
use std::collections::BTreeSet;

/// A square of the board, absolute `(row, col)` as in docs/rules.md, 'Rows and columns'.
pub type Sq = (usize, usize);

/// docs/rules.md, 'Endless moves': a move that would need a 1,001st lap is not legal.
pub const LAP_LIMIT: u32 = 1000;

/// A position of the model: the same data as the text format.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct M {
    pub variant: Variant,
    pub to_move: Player,
    pub rows: Vec<Vec<u32>>,
    pub captured: [u32; 2],
    /// Reserved holes with their owners (Kingulu, KN-5), kept sorted.
    pub reserved: BTreeSet<(Sq, Player)>,
}

/// How simulating one move ended.
enum Sim {
    Done(M),
    /// The move would need a 1,001st lap.
    Endless,
    /// Kingulu KN-3: the first lap ends in an occupied, unreserved pit of the mover's own row.
    Forbidden,
    /// `kujifunza-choice`: a middle-pit capture needs one more kichwa letter (KU-8c).
    NeedChoice,
}

fn other(p: Player) -> Player {
    match p {
        Player::South => Player::North,
        Player::North => Player::South,
    }
}

impl M {
    /// The model of an engine position.
    pub fn of(p: &Position) -> M {
        M {
            variant: p.variant(),
            to_move: p.to_move(),
            rows: p
                .rows()
                .into_iter()
                .map(|r| r.into_iter().map(u32::from).collect())
                .collect(),
            captured: [
                u32::from(p.captured(Player::South)),
                u32::from(p.captured(Player::North)),
            ],
            reserved: p
                .reserved_holes()
                .into_iter()
                .map(|(pit, owner)| ((pit.row as usize, pit.col as usize), owner))
                .collect(),
        }
    }

    fn n(&self) -> usize {
        self.variant.cols()
    }

    fn four_row(&self) -> bool {
        self.variant != Variant::Kingulu
    }

    fn get(&self, s: Sq) -> u32 {
        self.rows[s.0][s.1]
    }

    fn add(&mut self, s: Sq, k: u32) {
        self.rows[s.0][s.1] += k;
    }

    fn take(&mut self, s: Sq) -> u32 {
        std::mem::replace(&mut self.rows[s.0][s.1], 0)
    }

    /// The circuit a player sows around, in `+` (counterclockwise) order (docs/rules.md,
    /// 'Directions and circuits').
    pub fn ring(&self, p: Player) -> Vec<Sq> {
        let n = self.n();
        if !self.four_row() {
            // Kingulu: South a1..a6, then North a1..a6.
            return (0..n)
                .map(|c| (1, c))
                .chain((0..n).rev().map(|c| (0, c)))
                .collect();
        }
        match p {
            // b1 … bn, then an … a1.
            Player::South => (0..n)
                .map(|c| (3, c))
                .chain((0..n).rev().map(|c| (2, c)))
                .collect(),
            // North bK = (0, n-K), aK = (1, n-K).
            Player::North => (0..n)
                .rev()
                .map(|c| (0, c))
                .chain((0..n).map(|c| (1, c)))
                .collect(),
        }
    }

    /// The pits of a player's own side (Kingulu: their row).
    fn side(&self, p: Player) -> Vec<Sq> {
        let rows: &[usize] = match (self.four_row(), p) {
            (true, Player::South) => &[2, 3],
            (true, Player::North) => &[0, 1],
            (false, Player::South) => &[1],
            (false, Player::North) => &[0],
        };
        let n = self.n();
        rows.iter()
            .flat_map(|&r| (0..n).map(move |c| (r, c)))
            .collect()
    }

    fn owner(&self, s: Sq) -> Player {
        let south = if self.four_row() { s.0 >= 2 } else { s.0 == 1 };
        if south { Player::South } else { Player::North }
    }

    /// Front row of `p` (Kingulu: the only row).
    fn front_row(&self, p: Player) -> usize {
        match (self.four_row(), p) {
            (true, Player::South) => 2,
            (true, Player::North) => 1,
            (false, Player::South) => 1,
            (false, Player::North) => 0,
        }
    }

    fn is_front(&self, p: Player, s: Sq) -> bool {
        s.0 == self.front_row(p)
    }

    /// The opponent's front pit facing `s`, and (four-row games) their back pit in that column.
    fn facing(&self, s: Sq) -> (Sq, Sq) {
        if self.four_row() {
            match s.0 {
                2 => ((1, s.1), (0, s.1)),
                _ => ((2, s.1), (3, s.1)),
            }
        } else {
            ((1 - s.0, s.1), (1 - s.0, s.1))
        }
    }

    /// The notation name of `s` from its owner's seat.
    pub fn name(&self, s: Sq) -> String {
        let n = self.n();
        let owner = self.owner(s);
        let number = match owner {
            Player::South => s.1 + 1,
            Player::North => n - s.1,
        };
        let letter = if self.is_front(owner, s) { 'a' } else { 'b' };
        format!("{letter}{number}")
    }

    fn front_empty(&self, p: Player) -> bool {
        let r = self.front_row(p);
        self.rows[r].iter().all(|&s| s == 0)
    }

    fn seeds_of(&self, p: Player) -> u32 {
        self.side(p).into_iter().map(|s| self.get(s)).sum()
    }

    fn reserved_by(&self, s: Sq) -> Option<Player> {
        self.reserved
            .iter()
            .find(|(sq, _)| *sq == s)
            .map(|&(_, owner)| owner)
    }

    /// Game end judged from the position alone (no repetition).
    pub fn outcome(&self) -> Outcome {
        let me = self.to_move;
        let win = |winner, reason| Outcome::Win { winner, reason };
        match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => {
                // KU-10: the player to move loses with an empty front row; an empty opponent
                // front row (emptied by the opponent's own move) wins for the player to move.
                if self.front_empty(me) {
                    return win(other(me), EndReason::BaoHamna);
                }
                if self.front_empty(other(me)) {
                    return win(me, EndReason::BaoHamna);
                }
            }
            Variant::Kigogo | Variant::Kimasai => {
                if self.seeds_of(me) == 0 {
                    return win(other(me), EndReason::NoSeeds);
                }
            }
            Variant::Kingulu => {}
        }
        if !self.moves().is_empty() {
            return Outcome::Ongoing;
        }
        if self.variant == Variant::Kingulu {
            self.score_result(EndReason::FinalScore)
        } else {
            win(other(me), EndReason::Blockade)
        }
    }

    /// KN-8: own unreserved pits + holes reserved + captured.
    pub fn score(&self, p: Player) -> u32 {
        let mut total = self.captured[p as usize];
        for r in 0..2 {
            for c in 0..self.n() {
                let s = (r, c);
                let counts = match self.reserved_by(s) {
                    Some(owner) => owner == p,
                    None => self.owner(s) == p,
                };
                if counts {
                    total += self.get(s);
                }
            }
        }
        total
    }

    /// KN-8: the higher score wins, 24–24 draws.
    pub fn score_result(&self, reason: EndReason) -> Outcome {
        let (s, n) = (self.score(Player::South), self.score(Player::North));
        if s > n {
            Outcome::Win {
                winner: Player::South,
                reason,
            }
        } else if n > s {
            Outcome::Win {
                winner: Player::North,
                reason,
            }
        } else {
            Outcome::Draw { reason }
        }
    }

    /// Every legal move with its result, sorted by notation. Empty when the game is over.
    pub fn moves(&self) -> Vec<(String, M)> {
        let over = match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => {
                self.front_empty(self.to_move) || self.front_empty(other(self.to_move))
            }
            Variant::Kigogo | Variant::Kimasai => self.seeds_of(self.to_move) == 0,
            Variant::Kingulu => false,
        };
        if over {
            return Vec::new();
        }
        let mut out = match self.variant {
            Variant::Kujifunza | Variant::KujifunzaChoice => self.ku_moves(),
            Variant::Kingulu => self.kn_moves(),
            Variant::Kigogo => self.kg_moves(),
            Variant::Kimasai => self.singles(),
        };
        for (_, m) in &mut out {
            m.to_move = other(self.to_move);
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    // ---------------------------------------------------------------- Kujifunza (KU-1 … KU-11)

    /// KU-3: the first lap of `k < 16` seeds from ring index `i` in `dir` ends in an own
    /// front pit that was occupied and faces an occupied opponent pit.
    fn ku_first_lap_captures(&self, ring: &[Sq], i: usize, dir: isize) -> bool {
        let k = self.get(ring[i]) as isize;
        if !(2..16).contains(&k) {
            return false;
        }
        let end = ring[(i as isize + dir * k).rem_euclid(16) as usize];
        self.is_front(self.to_move, end) && self.get(end) > 0 && self.get(self.facing(end).0) > 0
    }

    fn ku_moves(&self) -> Vec<(String, M)> {
        let me = self.to_move;
        let ring = self.ring(me);
        let dirs = [1isize, -1];
        let mut starts = Vec::new();
        for i in 0..16 {
            for d in dirs {
                if self.ku_first_lap_captures(&ring, i, d) {
                    starts.push((i, d));
                }
            }
        }
        // KU-4: captures are compulsory.
        let capturing = !starts.is_empty();
        if !capturing {
            // KU-5: takata from the front row; from the back only if no front pit has 2+.
            let front2 = ring
                .iter()
                .any(|&s| self.is_front(me, s) && self.get(s) >= 2);
            for (i, &s) in ring.iter().enumerate() {
                if self.get(s) >= 2 && self.is_front(me, s) == front2 {
                    for d in dirs {
                        starts.push((i, d));
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (i, d) in starts {
            let mut stack = vec![String::new()];
            while let Some(choices) = stack.pop() {
                match self.ku_sim(&ring, i, d, capturing, choices.as_bytes()) {
                    Sim::Done(m) => {
                        let mut text =
                            format!("{}{}", self.name(ring[i]), if d > 0 { '+' } else { '-' });
                        for c in choices.chars() {
                            text.push('/');
                            text.push(c);
                        }
                        out.push((text, m));
                    }
                    Sim::NeedChoice => {
                        stack.push(format!("{choices}L"));
                        stack.push(format!("{choices}R"));
                    }
                    Sim::Endless | Sim::Forbidden => {}
                }
            }
        }
        out
    }

    /// Plays a Kujifunza move from ring index `start` in `dir` with the given kichwa letters.
    fn ku_sim(
        &self,
        ring: &[Sq],
        start: usize,
        dir: isize,
        capturing: bool,
        choices: &[u8],
    ) -> Sim {
        let me = self.to_move;
        let mut m = self.clone();
        let mut dir = dir;
        let mut at = start;
        let mut hand = m.take(ring[at]);
        let mut laps = 1;
        let mut used = 0;
        let mut last_lap = false;
        loop {
            for _ in 0..hand {
                at = (at as isize + dir).rem_euclid(16) as usize;
                m.add(ring[at], 1);
            }
            let sq = ring[at];
            // A lap ending in an empty pit ends the move; so does the re-entry after a capture
            // that emptied the opponent's front row (KU-9a).
            if last_lap || m.get(sq) == 1 {
                break;
            }
            laps += 1;
            if laps > LAP_LIMIT {
                return Sim::Endless;
            }
            let facing = m.facing(sq).0;
            if capturing && m.is_front(me, sq) && m.get(facing) > 0 {
                // KU-6: capture the facing front pit; KU-7/KU-8: re-enter at a kichwa.
                let seeds = m.take(facing);
                let number = if me == Player::South {
                    sq.1 + 1
                } else {
                    8 - sq.1
                };
                let kichwa = match number {
                    1 | 2 => b'L',
                    7 | 8 => b'R',
                    // KU-8: a middle capture keeps the direction: `+` re-enters at a8 (R), `-`
                    // at a1 (L).
                    _ if self.variant == Variant::Kujifunza => {
                        if dir > 0 {
                            b'R'
                        } else {
                            b'L'
                        }
                    }
                    // KU-8c: the mover's letter.
                    _ => {
                        let Some(&c) = choices.get(used) else {
                            return Sim::NeedChoice;
                        };
                        used += 1;
                        c
                    }
                };
                // a1 is ring index 15 and re-entry there goes `-` (toward a2); a8 is ring
                // index 8 and re-entry goes `+` (toward a7). The first seed falls into the kichwa.
                let (kichwa_at, new_dir) = if kichwa == b'L' { (15, -1) } else { (8, 1) };
                dir = new_dir;
                at = (kichwa_at as isize - dir).rem_euclid(16) as usize;
                hand = seeds;
                last_lap = m.front_empty(other(me));
                continue;
            }
            // Relay.
            hand = m.take(sq);
        }
        assert_eq!(
            used,
            choices.len(),
            "model asked for exactly the letters it used"
        );
        Sim::Done(m)
    }

    // ---------------------------------------------------------------- Kingulu (KN-1 … KN-9)

    fn kn_moves(&self) -> Vec<(String, M)> {
        let me = self.to_move;
        let mut out = Vec::new();
        for s in self.side(me) {
            if self.get(s) == 0 || self.reserved_by(s).is_some() {
                continue;
            }
            if let Sim::Done(m) = self.kn_sim(s) {
                out.push((self.name(s), m));
            }
        }
        out
    }

    fn kn_sim(&self, start: Sq) -> Sim {
        let me = self.to_move;
        let ring = self.ring(me);
        let mut m = self.clone();
        let mut at = ring.iter().position(|&s| s == start).unwrap_or(0);
        let mut hand = m.take(start);
        let from_single = hand == 1;
        let mut laps = 1;
        loop {
            let mut previous = None;
            for _ in 0..hand {
                previous = Some(ring[at]);
                at = (at + 1) % 12;
                let sq = ring[at];
                m.add(sq, 1);
                if let Some(owner) = m.reserved_by(sq) {
                    // KN-6: a toll for the hole's owner.
                    m.rows[sq.0][sq.1] -= 1;
                    m.captured[owner as usize] += 1;
                }
            }
            // `previous` is the pit the lap's second-to-last seed fell into (None for a
            // one-seed lap).
            let second_to_last = if hand >= 2 { previous } else { None };
            let sq = ring[at];
            if m.reserved_by(sq).is_some() {
                // KN-6: the last seed went to the hole's owner; the move ends.
                return Sim::Done(m);
            }
            let before = m.get(sq) - 1;
            let own = m.owner(sq) == me;
            if before == 0 {
                // KN-4.
                let facing = m.facing(sq).0;
                if own && m.get(facing) > 0 && m.reserved_by(facing).is_none() {
                    let seeds = m.take(facing) + m.take(sq);
                    m.captured[me as usize] += seeds;
                }
                return Sim::Done(m);
            }
            if !own && before == 3 {
                // KN-5: kuweka mtoto.
                m.reserved.insert((sq, me));
                if let Some(p) = second_to_last
                    && !from_single
                    && m.reserved_by(p).is_none()
                {
                    m.rows[p.0][p.1] -= 1;
                    m.add(sq, 1);
                }
                return Sim::Done(m);
            }
            if laps == 1 && own {
                // KN-3.
                return Sim::Forbidden;
            }
            laps += 1;
            if laps > LAP_LIMIT {
                return Sim::Endless;
            }
            // KN-7: relay.
            hand = m.take(sq);
        }
    }

    // ---------------------------------------------------------------- Kigogo, Kimasai (KG, KM)

    /// KG-4, KM-3: a move ending in an empty own front pit captures the facing front pit (if
    /// occupied) and then the back pit of that column.
    fn column_capture(&mut self, sq: Sq) {
        let me = self.to_move;
        if !self.is_front(me, sq) {
            return;
        }
        let (front, back) = self.facing(sq);
        if self.get(front) == 0 {
            return;
        }
        let seeds = self.take(front) + self.take(back);
        self.captured[me as usize] += seeds;
    }

    fn kg_moves(&self) -> Vec<(String, M)> {
        let me = self.to_move;
        let ring = self.ring(me);
        if !ring.iter().any(|&s| self.get(s) >= 2) {
            // KG-3.
            return self.singles();
        }
        let mut out = Vec::new();
        for (i, &s) in ring.iter().enumerate() {
            if self.get(s) < 2 {
                continue;
            }
            let mut m = self.clone();
            let mut at = i;
            let mut hand = m.take(s);
            let mut laps = 1;
            let done = loop {
                for _ in 0..hand {
                    at = (at + 1) % ring.len();
                    m.add(ring[at], 1);
                }
                if m.get(ring[at]) == 1 {
                    m.column_capture(ring[at]);
                    break true;
                }
                laps += 1;
                if laps > LAP_LIMIT {
                    break false;
                }
                hand = m.take(ring[at]);
            };
            if done {
                out.push((self.name(s), m));
            }
        }
        out
    }

    /// KG-3, KM-2: a single seed steps to the next pit of the circuit if that pit is empty.
    fn singles(&self) -> Vec<(String, M)> {
        let ring = self.ring(self.to_move);
        let mut out = Vec::new();
        for (i, &s) in ring.iter().enumerate() {
            let next = ring[(i + 1) % ring.len()];
            if self.get(s) != 1 || self.get(next) != 0 {
                continue;
            }
            let mut m = self.clone();
            m.take(s);
            m.add(next, 1);
            m.column_capture(next);
            out.push((self.name(s), m));
        }
        out
    }
}

/// How many occurrences of one position end the game (KU-11, KN-9: three; KG-5, KM-4: two).
pub fn repetition_limit(v: Variant) -> usize {
    match v {
        Variant::Kujifunza | Variant::KujifunzaChoice | Variant::Kingulu => 3,
        Variant::Kigogo | Variant::Kimasai => 2,
    }
}

/// Perft on the model: move sequences of length `depth`, a finished game (repetition included)
/// being a leaf. `history` holds the positions of the game so far, `m` included.
pub fn perft(m: &M, depth: u32, history: &mut Vec<M>) -> u64 {
    let seen = history.iter().filter(|h| *h == m).count();
    if depth == 0 || seen >= repetition_limit(m.variant) {
        return 1;
    }
    let moves = m.moves();
    if moves.is_empty() {
        // Game over (bao hamna, no seeds, blockade, final score): a leaf.
        return 1;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for (_, next) in moves {
        history.push(next.clone());
        total += perft(&next, depth - 1, history);
        history.pop();
    }
    total
}
