//! SE's potentials and the implications found from one assumption.
//!
//! A potential is a candidate (cell, digit) assumed true ("on") or false ("off"). SE
//! compares potentials by (cell, digit, on) only, and a chain is a potential with its
//! parents, the potentials it follows from. Here the implications of one search live in an
//! arena ([`Implications`]): nodes with parent indices, membership as 729-bit sets, and the
//! order nodes were found in, which SE's linked sets keep and its choices depend on.

use crate::geometry::{Cell, Digit};

/// A candidate as one index: `cell * 9 + digit index` (0-728).
pub(super) type Cand = u16;

/// The candidate index of `digit` in `cell`.
#[inline]
pub(super) fn cand(cell: Cell, digit: Digit) -> Cand {
    (cell.index() * 9 + digit.index()) as Cand
}

/// The cell of a candidate index.
#[inline]
pub(super) fn cand_cell(c: Cand) -> Cell {
    Cell::from_index(usize::from(c) / 9)
}

/// The digit of a candidate index.
#[inline]
pub(super) fn cand_digit(c: Cand) -> Digit {
    Digit::from_index(usize::from(c) % 9)
}

/// A candidate assumed true (`on`) or false.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) struct Potential {
    pub cand: Cand,
    pub on: bool,
}

impl Potential {
    #[inline]
    pub fn new(cell: Cell, digit: Digit, on: bool) -> Potential {
        Potential {
            cand: cand(cell, digit),
            on,
        }
    }
    #[inline]
    pub fn cell(self) -> Cell {
        cand_cell(self.cand)
    }
    #[inline]
    pub fn digit(self) -> Digit {
        cand_digit(self.cand)
    }
}

/// A set of the 729 candidates.
#[derive(Copy, Clone, PartialEq, Eq, Default, Debug)]
pub(super) struct CandSet([u64; 12]);

impl CandSet {
    pub const EMPTY: CandSet = CandSet([0; 12]);

    #[inline]
    pub fn contains(&self, c: Cand) -> bool {
        self.0[usize::from(c) >> 6] >> (c & 63) & 1 != 0
    }
    #[inline]
    pub fn insert(&mut self, c: Cand) {
        self.0[usize::from(c) >> 6] |= 1 << (c & 63);
    }
    #[inline]
    pub fn intersect_with(&mut self, other: &CandSet) {
        for (word, &o) in self.0.iter_mut().zip(&other.0) {
            *word &= o;
        }
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// The potentials one search found on and off (SE's `toOn` and `toOff` linked sets):
/// each once, with its node, in the order found, which SE's choices depend on.
pub(super) struct Found {
    on_set: CandSet,
    off_set: CandSet,
    on_node: Box<[u32; 729]>,
    off_node: Box<[u32; 729]>,
    on_order: Vec<u32>,
    off_order: Vec<u32>,
}

impl Default for Found {
    fn default() -> Self {
        Found {
            on_set: CandSet::EMPTY,
            off_set: CandSet::EMPTY,
            on_node: Box::new([NONE; 729]),
            off_node: Box::new([NONE; 729]),
            on_order: Vec::new(),
            off_order: Vec::new(),
        }
    }
}

impl Found {
    pub fn clear(&mut self) {
        self.on_set = CandSet::EMPTY;
        self.off_set = CandSet::EMPTY;
        self.on_order.clear();
        self.off_order.clear();
    }

    /// Puts `p`, found as node `id`, last in its order.
    #[inline(always)]
    pub fn insert(&mut self, p: Potential, id: u32) {
        if p.on {
            self.on_set.insert(p.cand);
            self.on_node[usize::from(p.cand)] = id;
            self.on_order.push(id);
        } else {
            self.off_set.insert(p.cand);
            self.off_node[usize::from(p.cand)] = id;
            self.off_order.push(id);
        }
    }

    #[inline]
    pub fn contains(&self, p: Potential) -> bool {
        if p.on {
            self.on_set.contains(p.cand)
        } else {
            self.off_set.contains(p.cand)
        }
    }

    /// The node of `p`, if the search found it.
    #[inline]
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

    /// The candidates found on.
    pub fn on_set(&self) -> &CandSet {
        &self.on_set
    }

    /// The candidates found off.
    pub fn off_set(&self) -> &CandSet {
        &self.off_set
    }

    /// How many potentials of one polarity were found.
    #[inline]
    pub fn len(&self, on: bool) -> usize {
        if on {
            self.on_order.len()
        } else {
            self.off_order.len()
        }
    }

    /// The node of the `i`-th potential of one polarity found.
    #[inline]
    pub fn at(&self, on: bool, i: usize) -> u32 {
        if on {
            self.on_order[i]
        } else {
            self.off_order[i]
        }
    }
}

/// Index of a node in an [`Implications`] arena.
pub(super) type NodeId = u32;

/// No node.
const NONE: NodeId = NodeId::MAX;

/// One implication: a potential and where its parents are in the parent list.
#[derive(Copy, Clone, Debug)]
pub(super) struct Node {
    pub potential: Potential,
    /// How many links lead back to the assumption through first parents.
    pub depth: u32,
    first_parent: u32,
    parent_count: u32,
}

/// The potentials found on and off from one assumption (SE's `toOn` and `toOff` linked
/// sets), each once, in the order found, with its parents; and the contradiction that
/// stopped the search, if one did.
#[derive(Default)]
pub(super) struct Implications {
    nodes: Vec<Node>,
    parents: Vec<NodeId>,
    found: Found,
    /// The (on, off) nodes of the first potential found both on and off.
    pub contradiction: Option<(NodeId, NodeId)>,
    /// Stamps of the ancestor walks ([`Implications::ancestor_count`]).
    visited: Vec<u32>,
    walk: u32,
    stack: Vec<NodeId>,
}

/// What the search found, read through the arena.
impl std::ops::Deref for Implications {
    type Target = Found;
    fn deref(&self) -> &Found {
        &self.found
    }
}

impl Implications {
    /// Empties the arena for a new search.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.found.clear();
        self.contradiction = None;
    }

    /// A node not (yet) in the sets: `potential` implied by `parents`.
    #[inline(always)]
    pub fn new_node(&mut self, potential: Potential, parents: &[NodeId]) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let depth = parents
            .first()
            .map_or(0, |&first| self.nodes[first as usize].depth + 1);
        self.nodes.push(Node {
            potential,
            depth,
            first_parent: self.parents.len() as u32,
            parent_count: parents.len() as u32,
        });
        // One parent is the common case: a push, not a copy of a slice.
        match *parents {
            [one] => self.parents.push(one),
            _ => self.parents.extend_from_slice(parents),
        }
        id
    }

    /// Puts a node made by [`Implications::new_node`] in its set, last in order.
    #[inline(always)]
    pub fn register(&mut self, id: NodeId) {
        let p = self.nodes[id as usize].potential;
        self.found.insert(p, id);
    }

    /// A new node for `potential`, in its set.
    #[inline(always)]
    pub fn add(&mut self, potential: Potential, parents: &[NodeId]) -> NodeId {
        let id = self.new_node(potential, parents);
        self.register(id);
        id
    }

    /// How many links lead from `id` back to the assumption through first parents (its
    /// ancestors are at least one more).
    #[inline]
    pub fn depth(&self, id: NodeId) -> u32 {
        self.nodes[id as usize].depth
    }

    #[inline]
    pub fn potential(&self, id: NodeId) -> Potential {
        self.nodes[id as usize].potential
    }

    #[inline]
    pub fn parents(&self, id: NodeId) -> &[NodeId] {
        let node = &self.nodes[id as usize];
        let start = node.first_parent as usize;
        &self.parents[start..start + node.parent_count as usize]
    }

    /// SE's `getAncestorCount`: how many distinct potentials `id` and its ancestors are,
    /// or `None` once more than `limit`. Each potential has one node here, so distinct
    /// nodes are distinct potentials.
    pub fn ancestor_count(&mut self, id: NodeId, limit: u32) -> Option<u32> {
        if self.visited.len() < self.nodes.len() {
            self.visited.resize(self.nodes.len(), 0);
        }
        self.walk = self.walk.wrapping_add(1);
        if self.walk == 0 {
            self.visited.iter_mut().for_each(|v| *v = 0);
            self.walk = 1;
        }
        let walk = self.walk;
        let mut count = 0;
        self.stack.clear();
        self.stack.push(id);
        self.visited[id as usize] = walk;
        while let Some(n) = self.stack.pop() {
            count += 1;
            if count > limit {
                return None;
            }
            let node = self.nodes[n as usize];
            let start = node.first_parent as usize;
            for k in start..start + node.parent_count as usize {
                let parent = self.parents[k];
                if self.visited[parent as usize] != walk {
                    self.visited[parent as usize] = walk;
                    self.stack.push(parent);
                }
            }
        }
        Some(count)
    }
}
