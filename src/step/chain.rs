//! Chains as steps record them. A chain is a list of [`Link`]s: each says that a node (a
//! cell, or a group of cells of one box and one line) holds a digit (`on`) or does not
//! (`off`), and the link into it is strong when it is `on` (the previous link's premise
//! being false forces it) and weak when it is `off`. The first link is the premise.
//! `5 r2c4 =5= r2c9 -5- r7c9` is the links r2c4 off, r2c9 on, r7c9 off, all of digit 5.
//!
//! A forcing chain or net is several chains, its branches, stored one after the other
//! under one [`ChainRef`]: the arena remembers where each branch after the first begins.
//!
//! Steps stay small `Copy` values: a step holds a [`ChainRef`], a range of a [`Chains`]
//! arena that whoever collects the steps owns and reuses (the solver's per-thread
//! scratch, a step log), so that finding and applying a chain allocates nothing once the
//! arena has grown to its working size.

use crate::bitset::{CellSet, DigitSet};
use crate::geometry::{Cell, Digit};

/// What a link is about.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Node {
    /// One cell.
    Cell(Cell),
    /// The two or three cells of a digit in one box/line intersection, taken together:
    /// "on" means one of them holds the digit.
    Group(CellSet),
    /// An almost locked set: its cells and their digits (the links of an ALS Chain).
    Als(CellSet, DigitSet),
}

impl Node {
    /// The node's first cell: the cell HoDoKu names it by in its loop checks.
    pub fn first_cell(self) -> Cell {
        match self {
            Node::Cell(cell) => cell,
            Node::Group(cells) | Node::Als(cells, _) => cells.first().expect("a group has cells"),
        }
    }

    /// The node's cells.
    pub fn cells(self) -> CellSet {
        match self {
            Node::Cell(cell) => CellSet::single(cell),
            Node::Group(cells) | Node::Als(cells, _) => cells,
        }
    }
}

/// One link of a chain: `node` holds `digit` (`on`) or not.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Link {
    /// The node: a cell, a group of cells, an ALS.
    pub node: Node,
    /// The digit.
    pub digit: Digit,
    /// Whether the node holds it (an on link) or not.
    pub on: bool,
}

impl Link {
    /// `cell` holds (`on`) or does not hold `digit`.
    pub fn cell(cell: Cell, digit: Digit, on: bool) -> Link {
        Link {
            node: Node::Cell(cell),
            digit,
            on,
        }
    }
}

/// Where a step's chain lies in its [`Chains`] arena; empty for steps without a chain.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash, Debug)]
pub struct ChainRef {
    start: u32,
    len: u32,
}

impl ChainRef {
    /// How many links.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the step has no chain.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// The links of the chains of a set of steps, one after the other.
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub struct Chains {
    links: Vec<Link>,
    /// Where a branch after a chain's first begins (indices into `links`, ascending).
    branch_starts: Vec<u32>,
}

impl Chains {
    /// An empty arena.
    pub fn new() -> Chains {
        Chains::default()
    }

    /// Forgets every chain (keeping the room they took).
    pub fn clear(&mut self) {
        self.links.clear();
        self.branch_starts.clear();
    }

    /// Stores a chain.
    pub fn push(&mut self, links: impl IntoIterator<Item = Link>) -> ChainRef {
        let start = self.links.len();
        self.links.extend(links);
        ChainRef {
            start: start as u32,
            len: (self.links.len() - start) as u32,
        }
    }

    /// Stores the branches of a forcing chain or net, one after the other, as one chain.
    pub fn push_branches<B: IntoIterator<Item = Link>>(
        &mut self,
        branches: impl IntoIterator<Item = B>,
    ) -> ChainRef {
        let start = self.links.len();
        for branch in branches {
            if self.links.len() > start {
                self.branch_starts.push(self.links.len() as u32);
            }
            self.links.extend(branch);
        }
        ChainRef {
            start: start as u32,
            len: (self.links.len() - start) as u32,
        }
    }

    /// Stores a copy of chain `chain` of `other`, branches and all.
    pub fn copy_from(&mut self, other: &Chains, chain: ChainRef) -> ChainRef {
        self.push_branches(other.branches(chain).map(|b| b.iter().copied()))
    }

    /// The branches of `chain`: one for an ordinary chain, one per branch for a forcing
    /// chain or net (none for an empty chain).
    pub fn branches(&self, chain: ChainRef) -> impl Iterator<Item = &[Link]> + '_ {
        let (start, end) = (chain.start as usize, chain.len() + chain.start as usize);
        let first = self.branch_starts.partition_point(|&s| s as usize <= start);
        let mut starts = self.branch_starts[first..]
            .iter()
            .map(|&s| s as usize)
            .take_while(move |&s| s < end);
        let mut at = start;
        std::iter::from_fn(move || {
            if at >= end {
                return None;
            }
            let next = starts.next().unwrap_or(end);
            let branch = &self.links[at..next];
            at = next;
            Some(branch)
        })
    }

    /// The links of `chain`.
    pub fn get(&self, chain: ChainRef) -> &[Link] {
        let start = chain.start as usize;
        &self.links[start..start + chain.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_keep_their_links_apart_and_copy_between_arenas() {
        let d = Digit::new(5);
        let mut chains = Chains::new();
        let first = chains.push([
            Link::cell(Cell::at(0, 0), d, false),
            Link::cell(Cell::at(0, 5), d, true),
        ]);
        let second = chains.push([Link::cell(Cell::at(4, 4), d, true)]);
        assert_eq!(chains.get(first).len(), 2);
        assert_eq!(chains.get(second), [Link::cell(Cell::at(4, 4), d, true)]);
        assert!(chains.get(ChainRef::default()).is_empty());
        let mut log = Chains::new();
        log.push([Link::cell(Cell::at(8, 8), d, false)]);
        let copied = log.copy_from(&chains, first);
        assert_eq!(log.get(copied), chains.get(first));
        chains.clear();
        assert_eq!(log.get(copied).len(), 2);
    }

    #[test]
    fn branches_are_kept_apart_and_copied_with_their_chain() {
        let d = Digit::new(3);
        let mut chains = Chains::new();
        let plain = chains.push([Link::cell(Cell::at(0, 0), d, true)]);
        let forcing = chains.push_branches([
            vec![
                Link::cell(Cell::at(1, 1), d, true),
                Link::cell(Cell::at(1, 2), d, false),
            ],
            vec![Link::cell(Cell::at(2, 2), d, true)],
        ]);
        assert_eq!(chains.branches(plain).count(), 1);
        let branches: Vec<usize> = chains.branches(forcing).map(<[Link]>::len).collect();
        assert_eq!(branches, [2, 1]);
        assert_eq!(chains.get(forcing).len(), 3);
        assert_eq!(chains.branches(ChainRef::default()).count(), 0);
        let mut log = Chains::new();
        log.push([Link::cell(Cell::at(8, 8), d, false)]);
        let copied = log.copy_from(&chains, forcing);
        let branches: Vec<usize> = log.branches(copied).map(<[Link]>::len).collect();
        assert_eq!(branches, [2, 1]);
    }

    #[test]
    fn nodes_know_their_cells() {
        let group: CellSet = [Cell::at(0, 1), Cell::at(0, 2)].into_iter().collect();
        assert_eq!(Node::Group(group).first_cell(), Cell::at(0, 1));
        assert_eq!(Node::Group(group).cells(), group);
        assert_eq!(
            Node::Cell(Cell::at(3, 3)).cells(),
            CellSet::single(Cell::at(3, 3))
        );
    }
}
