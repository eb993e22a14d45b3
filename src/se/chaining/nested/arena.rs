//! The implications of one assumption in a nested search, as SE's potentials carry them:
//! each with its parents, its cause (why it holds, which SE's nested rules read back as
//! "rule parents") and, for a deduction of a nested chain, that chain.

use super::super::links::{Because, WorkGrid, hidden_parents};
use super::super::potential::{Cand, CandSet, Found, Potential};
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
#[derive(Default)]
pub(super) struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    found: Found,
    pub nested: Vec<Nested>,
    /// The (on, off) nodes of the first potential found both on and off.
    pub contradiction: Option<(u32, u32)>,
}

/// What the search found, read through the arena.
impl std::ops::Deref for Arena {
    type Target = Found;
    fn deref(&self) -> &Found {
        &self.found
    }
}

impl Arena {
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.found.clear();
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
        // One parent is the common case: a push, not a copy of a slice.
        match *parents {
            [one] => self.parents.push(one),
            _ => self.parents.extend_from_slice(parents),
        }
        id
    }

    /// A node put in its set, last in order.
    pub fn add(&mut self, potential: Potential, parents: &[u32], cause: Cause) -> u32 {
        let id = self.new_node(potential, parents, cause);
        self.found.insert(potential, id);
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
/// (`source`) and the grid it has made (`current`): SE's `collectRuleParents`, which are
/// the dynamic chains' hidden parents ([`hidden_parents`]).
pub(super) fn rule_parents(
    source: &WorkGrid,
    current: &WorkGrid,
    p: Potential,
    cause: Cause,
    each: impl FnMut(Cand),
) {
    let because = match cause {
        Cause::Cell => Because::Cell,
        Cause::House(house) => Because::House(house),
        Cause::Assumption | Cause::Advanced => return,
    };
    hidden_parents(current, source, p, because, each);
}
