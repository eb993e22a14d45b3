//! The links of HoDoKu's simple chains (`ChainSolver.getAllLinks`): for each candidate,
//! the candidates it is linked to, strong or weak, in the order a depth-first chain
//! search tries them.
//!
//! - X-Chain: links of one digit between cells of a house, strong when the house holds
//!   the digit twice. Houses are taken row, column, box, each in cell order, and a cell
//!   is listed once: a box mate in the same row or column keeps the row's or column's
//!   strength, so a box's conjugate pair inside a line that holds the digit more often
//!   counts as weak (HoDoKu's quirk, kept).
//!   Turbot Fish uses the same links.
//! - XY-Chain: bivalue cells only; the strong link inside the cell to its other digit,
//!   then weak links to the bivalue cells of its houses holding the same digit.
//! - Remote Pair: as XY-Chain, between bivalue cells holding the same two digits.
//!
//! A search needs, where a strong link is due, a candidate's strong links, and where a
//! weak one is due, the links that may serve as weak: both lists are kept, each in
//! HoDoKu's order. For XY-Chains the in-cell link is left out of the weak list: taken as
//! a weak link it would have to be followed by the strong link back into the same cell,
//! which HoDoKu's search refuses (the cell has been left), so it never leads anywhere.
//!
//! Both lists are symmetric: a candidate lists another as strong (or as weak) just when
//! that one lists it the same way (two cells of a house share it whichever looks, and the
//! houses are taken in the same order from both), which lets [`super::best`] walk the
//! links backwards through the lists themselves.

use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::technique::chains::engine::literal::CANDIDATE_NODES;

/// Which simple chains the links are for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ChainKind {
    X,
    /// X-Chains of exactly three links.
    Turbot,
    Xy,
    RemotePair,
}

/// A link to candidate `node` (`cell * 9 + digit index`), whose cell is kept beside it
/// for the search's hot loop.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Link {
    pub node: u16,
    cell: u8,
    pub strong: bool,
}

impl Link {
    fn to(cell: Cell, digit: Digit, strong: bool) -> Link {
        Link {
            node: (cell.index() * 9 + digit.index()) as u16,
            cell: cell.index() as u8,
            strong,
        }
    }

    #[inline]
    pub fn cell(self) -> Cell {
        Cell::from_index(usize::from(self.cell))
    }

    #[inline]
    pub fn digit(self) -> Digit {
        Digit::from_index(usize::from(self.node) % 9)
    }
}

/// Two lists of links per candidate, stored node after node.
#[derive(Default)]
struct List {
    /// `starts[node]..starts[node + 1]` are candidate `node`'s links in `links`.
    starts: Vec<u32>,
    links: Vec<Link>,
}

impl List {
    fn clear(&mut self) {
        self.starts.clear();
        self.links.clear();
    }

    fn range(&self, node: usize) -> (usize, usize) {
        (self.starts[node] as usize, self.starts[node + 1] as usize)
    }
}

/// Every candidate's links for one kind of chain: those that may serve where a weak link
/// is due, and the strong ones.
#[derive(Default)]
pub struct Links {
    weak: List,
    strong: List,
    kind: Option<ChainKind>,
}

impl Links {
    /// The links of `grid` for `kind`, replacing what was there, from the candidates of
    /// `digits` in `cells` only (a search that starts nowhere else needs no others: an
    /// X-Chain keeps to its digit, and a Remote Pair to cells holding its pair).
    pub fn build(&mut self, grid: &Candidates, kind: ChainKind, digits: DigitSet, cells: CellSet) {
        self.weak.clear();
        self.strong.clear();
        self.kind = Some(kind);
        let single_digit = matches!(kind, ChainKind::X | ChainKind::Turbot);
        let bivalue = grid.cells_with_exactly(2);
        let cells = if single_digit { cells } else { cells & bivalue };
        for cell in Cell::all() {
            let all = grid.candidates(cell);
            let digits = if single_digit { all & digits } else { all };
            if digits.is_empty() || !cells.contains(cell) {
                // No links: nine empty lists at once.
                for list in [&mut self.weak, &mut self.strong] {
                    let end = list.links.len() as u32;
                    list.starts.extend([end; 9]);
                }
                continue;
            }
            for digit in Digit::all() {
                self.weak.starts.push(self.weak.links.len() as u32);
                self.strong.starts.push(self.strong.links.len() as u32);
                if !digits.contains(digit) {
                    continue;
                }
                if single_digit {
                    self.push_house_links(grid, cell, digit, None);
                    continue;
                }
                let other = all.iter().find(|&o| o != digit);
                let other = other.expect("a bivalue cell");
                self.strong.links.push(Link::to(cell, other, true));
                let partners = match kind {
                    ChainKind::RemotePair => {
                        bivalue & grid.cells_with(digit) & grid.cells_with(other)
                    }
                    _ => bivalue,
                };
                self.push_house_links(grid, cell, digit, Some(partners));
            }
        }
        self.weak.starts.push(self.weak.links.len() as u32);
        self.strong.starts.push(self.strong.links.len() as u32);
        debug_assert_eq!(self.weak.starts.len(), CANDIDATE_NODES + 1);
    }

    /// The links of `digit` in `cell` to the other cells of its houses (only to cells of
    /// `only_to`, weak, when given; else strong where the house holds the digit twice).
    fn push_house_links(
        &mut self,
        grid: &Candidates,
        cell: Cell,
        digit: Digit,
        only_to: Option<CellSet>,
    ) {
        let mut listed = CellSet::single(cell);
        for house in cell.houses() {
            let in_house = grid.cells_with(digit) & house.cell_set();
            let strong = only_to.is_none() && in_house.len() == 2;
            let mates = (in_house - listed) & only_to.unwrap_or(CellSet::ALL);
            listed |= in_house;
            for mate in mates.iter() {
                let link = Link::to(mate, digit, strong);
                self.weak.links.push(link);
                if strong {
                    self.strong.links.push(link);
                }
            }
        }
    }

    /// The kind of chain the links were last built for.
    pub fn kind(&self) -> Option<ChainKind> {
        self.kind
    }

    /// Where candidate `node`'s links that may serve as weak lie in [`Links::weak`].
    #[inline]
    pub fn weak_range(&self, node: usize) -> (usize, usize) {
        self.weak.range(node)
    }

    /// Where candidate `node`'s strong links lie in [`Links::strong`].
    #[inline]
    pub fn strong_range(&self, node: usize) -> (usize, usize) {
        self.strong.range(node)
    }

    #[inline]
    pub fn weak(&self, index: usize) -> Link {
        self.weak.links[index]
    }

    #[inline]
    pub fn strong(&self, index: usize) -> Link {
        self.strong.links[index]
    }

    /// Candidate `node`'s strong links, or those that may serve as weak.
    #[inline]
    pub fn of(&self, node: usize, strong: bool) -> impl Iterator<Item = Link> + '_ {
        let (list, (first, end)) = if strong {
            (&self.strong, self.strong_range(node))
        } else {
            (&self.weak, self.weak_range(node))
        };
        list.links[first..end].iter().copied()
    }

    /// The strong links of `digit` in `cell`.
    #[inline]
    pub fn strong_of(&self, cell: Cell, digit: Digit) -> &[Link] {
        let (from, to) = self.strong_range(cell.index() * 9 + digit.index());
        &self.strong.links[from..to]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    fn weak_of(links: &Links, cell: Cell, digit: Digit) -> Vec<Link> {
        let (from, to) = links.weak_range(cell.index() * 9 + digit.index());
        (from..to).map(|i| links.weak(i)).collect()
    }

    fn listed(links: &[Link]) -> Vec<(String, u8, bool)> {
        links
            .iter()
            .map(|l| (l.cell().to_string(), l.digit().get(), l.strong))
            .collect()
    }

    #[test]
    fn x_links_take_the_strength_of_the_first_house_that_lists_them() {
        // 7 in box 1 only at r1c1 and r1c3; row 1 holds it at c1, c3, c8.
        let mut grid = Candidates::empty();
        remove(&mut grid, d(7), &box_except(1, &[rc(1, 1), rc(1, 3)]));
        remove(&mut grid, d(7), &row_except(1, &[1, 3, 8]));
        remove(&mut grid, d(7), &col_except(1, &[1, 5]));
        let mut links = Links::default();
        links.build(&grid, ChainKind::X, DigitSet::ALL, CellSet::ALL);
        // Row 1 (three 7s, weak), column 1 (two, strong); the box pair is not listed again.
        assert_eq!(
            listed(&weak_of(&links, rc(1, 1), d(7))),
            [
                ("r1c3".into(), 7, false),
                ("r1c8".into(), 7, false),
                ("r5c1".into(), 7, true)
            ]
        );
        assert_eq!(
            listed(links.strong_of(rc(1, 1), d(7))),
            [("r5c1".into(), 7, true)]
        );
    }

    #[test]
    fn x_and_xy_links_are_symmetric() {
        let mut links = Links::default();
        for (_, grid) in sample_grids_after_singles(60) {
            for kind in [ChainKind::X, ChainKind::Xy] {
                links.build(&grid, kind, DigitSet::ALL, CellSet::ALL);
                for node in 0..CANDIDATE_NODES {
                    for strong in [false, true] {
                        for link in links.of(node, strong) {
                            let back = links.of(usize::from(link.node), strong);
                            let back: Vec<usize> = back.map(|l| usize::from(l.node)).collect();
                            assert!(back.contains(&node), "{kind:?}: {node} {link:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn xy_links_join_bivalue_cells() {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[4, 7]);
        restrict(&mut grid, rc(1, 6), &[7, 2]);
        restrict(&mut grid, rc(2, 2), &[7, 9, 3]);
        let mut links = Links::default();
        links.build(&grid, ChainKind::Xy, DigitSet::ALL, CellSet::ALL);
        assert_eq!(
            listed(links.strong_of(rc(1, 1), d(7))),
            [("r1c1".into(), 4, true)]
        );
        assert_eq!(
            listed(&weak_of(&links, rc(1, 1), d(7))),
            [("r1c6".into(), 7, false)]
        );
        assert!(weak_of(&links, rc(2, 2), d(7)).is_empty());
        assert!(links.strong_of(rc(2, 2), d(7)).is_empty());
    }
}
