//! The implications of one assumption in a nested search, as SE's potentials carry them:
//! each with its parents, its cause (why it holds, which SE's nested rules read back as
//! "rule parents") and, for a deduction of a nested chain, that chain.

use super::super::potential::{Cand, CandSet, Potential};
use crate::geometry::House;

/// SE's `Potential.Cause`: why an implication holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Cause {
    /// The assumption (SE's `null` cause).
    Assumption,
    /// The cell's other candidates (SE's `NakedSingle`).
    Cell,
    /// The digit's other places in a house (SE's `HiddenBlock`, `HiddenRow`, `HiddenColumn`).
    House(House),
    /// A deduction of a rule applied inside the chain (SE's `Advanced`).
    Advanced,
}

/// A nested chain a deduction came from: what SE's `getNestedComplexity` adds for it, and
/// what tells it from another (SE's `FullChain` equality, as a hash of its targets and
/// their chains).
#[derive(Copy, Clone, Debug)]
pub(super) struct Nested {
    pub complexity: u32,
    pub fingerprint: u64,
}

/// No node, no nested chain.
pub(super) const NONE: u32 = u32::MAX;

#[derive(Copy, Clone, Debug)]
struct Node {
    potential: Potential,
    cause: Cause,
    first_parent: u32,
    parent_count: u32,
    nested: u32,
}

/// Nodes with parents; the potentials found on and off, each once, in the order found.
pub(super) struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    on_node: Box<[u32; 729]>,
    off_node: Box<[u32; 729]>,
    on_set: CandSet,
    off_set: CandSet,
    on_order: Vec<u32>,
    off_order: Vec<u32>,
    pub nested: Vec<Nested>,
    /// The (on, off) nodes of the first potential found both on and off.
    pub contradiction: Option<(u32, u32)>,
}

impl Default for Arena {
    fn default() -> Self {
        Arena {
            nodes: Vec::new(),
            parents: Vec::new(),
            on_node: Box::new([NONE; 729]),
            off_node: Box::new([NONE; 729]),
            on_set: CandSet::EMPTY,
            off_set: CandSet::EMPTY,
            on_order: Vec::new(),
            off_order: Vec::new(),
            nested: Vec::new(),
            contradiction: None,
        }
    }
}

impl Arena {
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.on_set = CandSet::EMPTY;
        self.off_set = CandSet::EMPTY;
        self.on_order.clear();
        self.off_order.clear();
        self.nested.clear();
        self.contradiction = None;
    }

    /// A node outside the sets.
    pub fn new_node(&mut self, potential: Potential, parents: &[u32], cause: Cause) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            potential,
            cause,
            first_parent: self.parents.len() as u32,
            parent_count: parents.len() as u32,
            nested: NONE,
        });
        self.parents.extend_from_slice(parents);
        id
    }

    /// A node put in its set, last in order.
    pub fn add(&mut self, potential: Potential, parents: &[u32], cause: Cause) -> u32 {
        let id = self.new_node(potential, parents, cause);
        if potential.on {
            self.on_set.insert(potential.cand);
            self.on_node[usize::from(potential.cand)] = id;
            self.on_order.push(id);
        } else {
            self.off_set.insert(potential.cand);
            self.off_node[usize::from(potential.cand)] = id;
            self.off_order.push(id);
        }
        id
    }

    /// Marks `id` as a deduction of the nested chain `nested`.
    pub fn set_nested(&mut self, id: u32, nested: Nested) {
        self.nodes[id as usize].nested = self.nested.len() as u32;
        self.nested.push(nested);
    }

    pub fn potential(&self, id: u32) -> Potential {
        self.nodes[id as usize].potential
    }

    pub fn cause(&self, id: u32) -> Cause {
        self.nodes[id as usize].cause
    }

    pub fn nested_of(&self, id: u32) -> Option<Nested> {
        let n = self.nodes[id as usize].nested;
        (n != NONE).then(|| self.nested[n as usize])
    }

    pub fn parents(&self, id: u32) -> &[u32] {
        let node = &self.nodes[id as usize];
        let start = node.first_parent as usize;
        &self.parents[start..start + node.parent_count as usize]
    }

    pub fn contains(&self, p: Potential) -> bool {
        if p.on {
            self.on_set.contains(p.cand)
        } else {
            self.off_set.contains(p.cand)
        }
    }

    pub fn get(&self, p: Potential) -> Option<u32> {
        if !self.contains(p) {
            return None;
        }
        Some(if p.on {
            self.on_node[usize::from(p.cand)]
        } else {
            self.off_node[usize::from(p.cand)]
        })
    }

    pub fn on_set(&self) -> &CandSet {
        &self.on_set
    }

    pub fn off_set(&self) -> &CandSet {
        &self.off_set
    }

    pub fn len(&self, on: bool) -> usize {
        if on {
            self.on_order.len()
        } else {
            self.off_order.len()
        }
    }

    pub fn at(&self, on: bool, i: usize) -> u32 {
        if on {
            self.on_order[i]
        } else {
            self.off_order[i]
        }
    }

    /// SE's `getChain`: `target` and its ancestors, breadth first, each potential once.
    pub fn chain(&self, target: u32, out: &mut Vec<u32>) {
        out.clear();
        let (mut on, mut off) = (CandSet::EMPTY, CandSet::EMPTY);
        let mut seen = |p: Potential| {
            let set = if p.on { &mut on } else { &mut off };
            if set.contains(p.cand) {
                false
            } else {
                set.insert(p.cand);
                true
            }
        };
        seen(self.potential(target));
        out.push(target);
        let mut k = 0;
        while k < out.len() {
            let n = out[k];
            for &parent in self.parents(n) {
                if seen(self.potential(parent)) {
                    out.push(parent);
                }
            }
            k += 1;
        }
    }
}

/// A candidate's potential and polarity as one hashable word.
pub(super) fn word(p: Potential) -> u64 {
    (u64::from(p.cand) << 1) | u64::from(p.on)
}

/// Mixes `value` into a running hash (FNV-1a over the word).
pub(super) fn mix(hash: u64, value: u64) -> u64 {
    (hash ^ value).wrapping_mul(0x0000_0100_0000_01b3)
}

/// The start of a hash.
pub(super) const HASH_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The off candidates a set of causes rests on, given the grid the outer chain began from
/// (`source`) and the grid it has made (`current`): SE's `collectRuleParents`.
pub(super) fn rule_parents(
    source: &super::super::links::WorkGrid,
    current: &super::super::links::WorkGrid,
    p: Potential,
    cause: Cause,
    mut each: impl FnMut(Cand),
) {
    use super::super::potential::cand;
    let (cell, digit) = (p.cell(), p.digit());
    match cause {
        Cause::Cell => {
            for gone in (source.candidates(cell) - current.candidates(cell)).iter() {
                each(cand(cell, gone));
            }
        }
        Cause::House(house) => {
            for place in (source.places(house, digit) - current.places(house, digit)).iter() {
                each(cand(place, digit));
            }
        }
        Cause::Assumption | Cause::Advanced => {}
    }
}
