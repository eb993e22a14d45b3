//! What the rules asked inside the solver's own chains gave on each grid those chains
//! made, kept for the next level. serate asks the levels in order on one grid, and a
//! level's chains are the last level's until the rules asked inside them differ: level 3
//! asks level 2's rules first, and level 5 level 4's (the basic rules come first at every
//! level). So level 3 takes level 2's answers where they had removals and asks only
//! multiple chains where they had none; level 5 likewise after level 4.

use super::super::links::WorkGrid;
use super::super::potential::Cand;
use super::arena::Nested;
use crate::geometry::Cell;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// One removal a rule asked inside a chain gives, with its parents (a range of a list of
/// candidates) and nested chain.
#[derive(Clone, Debug)]
pub(super) struct Deduction {
    pub removal: Cand,
    pub parents: std::ops::Range<usize>,
    pub nested: Option<Nested>,
}

/// What the rules gave on one grid.
pub(super) struct Answer {
    /// The level whose rules were asked.
    pub level: u8,
    /// Whether the removals are the basic rules' (then any level's).
    pub basic: bool,
    pub deductions: Vec<Deduction>,
    pub parents: Vec<Cand>,
}

/// Grids kept at most (each about a kilobyte with its answer): tens of MB at worst.
const GRIDS: usize = 8192;

/// The answers on the grids of one search for the solver (one grid the chains start from).
#[derive(Default)]
pub(super) struct Memo {
    index: HashMap<u64, Vec<usize>>,
    grids: Vec<(WorkGrid, Answer)>,
}

fn key(work: &WorkGrid) -> u64 {
    let mut hasher = DefaultHasher::new();
    for cell in Cell::all() {
        work.candidates(cell).hash(&mut hasher);
    }
    hasher.finish()
}

impl Memo {
    /// The answer kept for `work`.
    pub fn get(&self, work: &WorkGrid) -> Option<&Answer> {
        let at = self.index.get(&key(work))?;
        at.iter()
            .map(|&k| &self.grids[k])
            .find(|(grid, _)| grid == work)
            .map(|(_, answer)| answer)
    }

    /// Keeps `answer` for `work`, in place of the one kept before (while there is room).
    pub fn put(&mut self, work: &WorkGrid, answer: Answer) {
        let at = self.index.entry(key(work)).or_default();
        if let Some(&k) = at.iter().find(|&&k| self.grids[k].0 == *work) {
            self.grids[k].1 = answer;
        } else if self.grids.len() < GRIDS {
            at.push(self.grids.len());
            self.grids.push((work.clone(), answer));
        }
    }
}
