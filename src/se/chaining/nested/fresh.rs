//! What a hint found inside a chain can rest on. A chain keeps only the hints of a nested
//! producer that have rule parents (candidates the chain took out), and a hint has some
//! only if one of its implications holds by a cell, or a house for its digit, that lost
//! candidates since the chain began: a "fresh" implication. A search that cannot meet
//! one gives nothing the chain keeps, and is skipped.

use super::super::links::WorkGrid;
use super::super::potential::{Cand, CandSet, cand};
use crate::bitset::CellSet;
use crate::geometry::{Digit, House};

/// The candidates of `current` whose cell, or one of whose houses for their digit, lost
/// candidates since `source`: the only ones an implication with rule parents can reach.
pub(super) fn touched(source: &WorkGrid, current: &WorkGrid) -> CandSet {
    let mut cells_lost = CellSet::EMPTY;
    for cell in current.empty().iter() {
        if source.candidates(cell) != current.candidates(cell) {
            cells_lost.insert(cell);
        }
    }
    let mut touched = CandSet::EMPTY;
    for digit in Digit::all() {
        let mut lost = cells_lost;
        for h in 0..27 {
            let house = House::from_index(h);
            if source.positions(house, digit) != current.positions(house, digit) {
                lost |= house.cell_set();
            }
        }
        for cell in (current.cells_with(digit) & lost).iter() {
            touched.insert(cand(cell, digit));
        }
    }
    touched
}

/// The fresh "off to on" links of a pass, as forcing chains need them: a forcing chain
/// from `s` with rule parents runs `s => off(q) -> on(p) => not s` through a fresh link
/// `q -> p`, and as the implications are symmetric (`a => b` when `not b => not a`),
/// `on(p) => not s` is `s => off(p)`. So `s` must reach both `off(q)` and `off(p)`.
#[derive(Default)]
pub(super) struct FreshLinks {
    /// The "off" potentials the test asks about, as `Reach::close_towards` takes them.
    pub targets: Vec<(Cand, bool)>,
    /// Per fresh link, the positions of its `off(q)` and `off(p)` in `targets`.
    pairs: Vec<(u16, u16)>,
}

impl FreshLinks {
    pub fn clear(&mut self) {
        self.targets.clear();
        self.pairs.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Records the fresh link `off(q) -> on(p)`.
    pub fn add(&mut self, q: Cand, p: Cand) {
        let pair = (self.target(q), self.target(p));
        self.pairs.push(pair);
    }

    fn target(&mut self, c: Cand) -> u16 {
        let at = self.targets.iter().position(|&(t, _)| t == c);
        let at = at.unwrap_or_else(|| {
            self.targets.push((c, false));
            self.targets.len() - 1
        });
        at as u16
    }

    /// Whether a forcing chain from a potential that reaches `reached` of the targets
    /// (as `Reach::targets_reached` gives them) can run through a fresh link.
    pub fn may_pass(&self, reached: &[u64]) -> bool {
        let has = |k: u16| {
            let word = reached.get(usize::from(k) / 64);
            word.is_some_and(|w| w >> (k % 64) & 1 != 0)
        };
        self.pairs.iter().any(|&(q, p)| has(q) && has(p))
    }
}
