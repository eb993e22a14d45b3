//! The links of HoDoKu's simple chains (`ChainSolver.getAllLinks`): for each candidate,
//! the candidates it is linked to, strong or weak, in the order a depth-first chain
//! search tries them.
//!
//! - X-Chain: links of one digit between cells of a house, strong when the house holds
//!   the digit twice. Houses are taken row, column, box, each in cell order, and a cell
//!   is listed once: a box mate in the same row or column keeps the row's or column's
//!   strength, so a box's conjugate pair inside a line that holds the digit more often
//!   counts as weak (HoDoKu's quirk, kept).
//! - XY-Chain: bivalue cells only; the strong link inside the cell to its other digit,
//!   then weak links to the bivalue cells of its houses holding the same digit.

use super::literal::CANDIDATE_NODES;
use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};

/// Which simple chains the links are for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ChainKind {
    X,
    Xy,
}

/// A link to candidate `(cell, digit)`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Link {
    pub cell: Cell,
    pub digit: Digit,
    pub strong: bool,
}

/// Every candidate's links, stored node after node.
#[derive(Default)]
pub struct Links {
    /// `starts[node]..starts[node + 1]` are candidate `node`'s links in `links`.
    starts: Vec<u32>,
    links: Vec<Link>,
}

impl Links {
    /// The links of `grid` for `kind`, replacing what was there.
    pub fn build(&mut self, grid: &Candidates, kind: ChainKind) {
        self.starts.clear();
        self.links.clear();
        let bivalue = grid.cells_with_exactly(2);
        for cell in Cell::all() {
            for digit in Digit::all() {
                self.starts.push(self.links.len() as u32);
                let linked =
                    grid.has(cell, digit) && (kind == ChainKind::X || bivalue.contains(cell));
                if linked {
                    self.push_links(grid, kind, bivalue, cell, digit);
                }
            }
        }
        self.starts.push(self.links.len() as u32);
        debug_assert_eq!(self.starts.len(), CANDIDATE_NODES + 1);
    }

    fn push_links(
        &mut self,
        grid: &Candidates,
        kind: ChainKind,
        bivalue: CellSet,
        cell: Cell,
        digit: Digit,
    ) {
        if kind == ChainKind::Xy {
            let other = grid
                .candidates(cell)
                .iter()
                .find(|&o| o != digit)
                .expect("bivalue");
            self.links.push(Link {
                cell,
                digit: other,
                strong: true,
            });
        }
        let mut listed = CellSet::single(cell);
        for house in cell.houses() {
            let in_house = grid.cells_with(digit) & house.cell_set();
            let strong = kind == ChainKind::X && in_house.len() == 2;
            let mut mates = in_house - listed;
            listed |= mates;
            if kind == ChainKind::Xy {
                mates &= bivalue;
            }
            self.links.extend(mates.iter().map(|mate| Link {
                cell: mate,
                digit,
                strong,
            }));
        }
    }

    /// The links of `digit` in `cell`.
    #[inline]
    pub fn of(&self, cell: Cell, digit: Digit) -> &[Link] {
        let node = cell.index() * 9 + digit.index();
        &self.links[self.starts[node] as usize..self.starts[node + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    #[test]
    fn x_links_take_the_strength_of_the_first_house_that_lists_them() {
        // 7 in box 1 only at r1c1 and r1c3; row 1 holds it at c1, c3, c8.
        let mut grid = Candidates::empty();
        remove(&mut grid, d(7), &box_except(1, &[rc(1, 1), rc(1, 3)]));
        remove(&mut grid, d(7), &row_except(1, &[1, 3, 8]));
        remove(&mut grid, d(7), &col_except(1, &[1, 5]));
        let mut links = Links::default();
        links.build(&grid, ChainKind::X);
        let listed: Vec<_> = links
            .of(rc(1, 1), d(7))
            .iter()
            .map(|l| (l.cell.to_string(), l.strong))
            .collect();
        // Row 1 (three 7s, weak), column 1 (two, strong); the box pair is not listed again.
        assert_eq!(
            listed,
            [
                ("r1c3".into(), false),
                ("r1c8".into(), false),
                ("r5c1".into(), true)
            ]
        );
    }

    #[test]
    fn xy_links_join_bivalue_cells() {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[4, 7]);
        restrict(&mut grid, rc(1, 6), &[7, 2]);
        restrict(&mut grid, rc(2, 2), &[7, 9, 3]);
        let mut links = Links::default();
        links.build(&grid, ChainKind::Xy);
        let listed: Vec<_> = links
            .of(rc(1, 1), d(7))
            .iter()
            .map(|l| (l.cell.to_string(), l.digit.get(), l.strong))
            .collect();
        assert_eq!(
            listed,
            [("r1c1".into(), 4, true), ("r1c6".into(), 7, false)]
        );
        assert!(links.of(rc(2, 2), d(7)).is_empty());
    }
}
