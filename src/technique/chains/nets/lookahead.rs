//! The scratch grid a Forcing Net's table is filled on: HoDoKu's own bookkeeping
//! (`sudoku/Sudoku2.java`: candidate masks, per house and digit a count of places, and the
//! queues of singles), kept exactly, quirks included, because which singles the look-ahead
//! finds, and in which order, decides what a table holds and how its entries are linked.
//!
//! The quirks that matter once a premise has made the grid contradictory:
//! - removing a cell's last candidate stops there: the house counts keep it;
//! - setting a cell does not check that the cell holds the digit, nor that it is empty;
//! - a hidden single is read from its queue entry and a house count of one, without
//!   checking that the cell still holds the digit.
//!
//! Queues are never consumed here: each look-ahead round reads all their entries, as
//! HoDoKu's `SimpleSolver.findAllNakedSingles` and `findAllHiddenSingles` do. A solver only
//! asks for nets when no single is left, so both queues start empty.

use crate::bitset::DigitSet;
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};

/// HoDoKu's grid bookkeeping for one look-ahead.
#[derive(Clone)]
pub struct LookaheadGrid {
    /// Per cell, its candidates (bit `i` for digit `i + 1`); empty once set.
    cells: [u16; 81],
    /// Per cell, its digit, 0 when empty.
    values: [u8; 81],
    /// Per house (rows, columns, boxes) and digit index, HoDoKu's count of places.
    free: [[u8; 9]; 27],
    naked: Vec<(Cell, Digit)>,
    hidden: Vec<(Cell, Digit)>,
}

impl Default for LookaheadGrid {
    fn default() -> Self {
        LookaheadGrid {
            cells: [0; 81],
            values: [0; 81],
            free: [[0; 9]; 27],
            naked: Vec::new(),
            hidden: Vec::new(),
        }
    }
}

impl LookaheadGrid {
    /// The bookkeeping of `grid`, with empty queues.
    pub fn load(&mut self, grid: &Candidates) {
        self.free = [[0; 9]; 27];
        for cell in Cell::all() {
            let digits = grid.candidates(cell);
            self.cells[cell.index()] = digits.bits();
            self.values[cell.index()] = grid.value(cell).map_or(0, Digit::get);
            for digit in digits.iter() {
                for house in cell.houses() {
                    self.free[house.index()][digit.index()] += 1;
                }
            }
        }
        self.naked.clear();
        self.hidden.clear();
    }

    /// Becomes a copy of `other` (keeping its own buffers).
    pub fn copy_from(&mut self, other: &LookaheadGrid) {
        self.cells = other.cells;
        self.values = other.values;
        self.free = other.free;
        self.naked.clone_from(&other.naked);
        self.hidden.clone_from(&other.hidden);
    }

    /// The candidates of `cell`.
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        DigitSet::from_bits(self.cells[cell.index()])
    }

    /// HoDoKu's count of the places of `digit` in `house`.
    pub fn free(&self, house: House, digit: Digit) -> u8 {
        self.free[house.index()][digit.index()]
    }

    /// Removes `digit` from `cell` (`Sudoku2.setCandidate(.., false)`).
    pub fn remove(&mut self, cell: Cell, digit: Digit) {
        let mask = 1u16 << digit.index();
        let held = &mut self.cells[cell.index()];
        if *held & mask == 0 {
            return;
        }
        *held &= !mask;
        if *held == 0 {
            return;
        }
        if let Some(only) = DigitSet::from_bits(*held).single_member() {
            self.naked.push((cell, only));
        }
        for house in cell.houses() {
            let free = &mut self.free[house.index()][digit.index()];
            *free -= 1;
            match *free {
                1 => self.queue_hidden(house, digit),
                0 => self.drop_hidden(house, digit),
                _ => {}
            }
        }
    }

    /// Sets `cell` to `digit` (`Sudoku2.setCell`): the digit leaves the peers, in cell
    /// order, then the cell's houses stop counting it for its former candidates.
    pub fn set(&mut self, cell: Cell, digit: Digit) {
        if self.values[cell.index()] == digit.get() {
            return;
        }
        self.values[cell.index()] = digit.get();
        let former = DigitSet::from_bits(self.cells[cell.index()]);
        self.cells[cell.index()] = 0;
        let mask = 1u16 << digit.index();
        for peer in cell.peers().iter() {
            // Only the peers holding the digit lose it (the test `remove` starts with).
            if self.cells[peer.index()] & mask != 0 {
                self.remove(peer, digit);
            }
        }
        for other in former.iter() {
            for house in cell.houses() {
                let free = &mut self.free[house.index()][other.index()];
                *free -= 1;
                if *free == 1 && other != digit {
                    self.queue_hidden(house, other);
                }
            }
        }
    }

    /// Queues the first cell of `house` holding `digit` as a hidden single.
    fn queue_hidden(&mut self, house: House, digit: Digit) {
        let mask = 1u16 << digit.index();
        if let Some(&cell) = house
            .cells()
            .iter()
            .find(|c| self.cells[c.index()] & mask != 0)
        {
            self.hidden.push((cell, digit));
        }
    }

    /// Drops the first queued hidden single of `digit` in `house`.
    fn drop_hidden(&mut self, house: House, digit: Digit) {
        if let Some(i) = self
            .hidden
            .iter()
            .position(|&(c, d)| d == digit && c.houses().contains(&house))
        {
            self.hidden.remove(i);
        }
    }

    /// The singles one look-ahead round sets, in HoDoKu's order: the queued naked singles
    /// whose cell is empty, then the queued hidden singles whose cell is empty (one per
    /// cell) and has a house counting one place for the digit. Each with whether it is
    /// naked.
    pub fn singles(&self, out: &mut Vec<(Cell, Digit, bool)>) {
        out.clear();
        for &(cell, digit) in &self.naked {
            if self.values[cell.index()] == 0 {
                out.push((cell, digit, true));
            }
        }
        let mut found = 0u128;
        for &(cell, digit) in &self.hidden {
            let bit = 1u128 << cell.index();
            if self.values[cell.index()] == 0
                && found & bit == 0
                && cell.houses().iter().any(|h| self.free(*h, digit) == 1)
            {
                out.push((cell, digit, false));
                found |= bit;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    #[test]
    fn a_removal_queues_the_singles_it_makes() {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[1, 2]);
        // 3 only in r1c9 and r1c8 of row 1.
        remove(&mut grid, d(3), &row_except(1, &[8, 9]));
        let mut look = LookaheadGrid::default();
        look.load(&grid);
        let mut singles = Vec::new();
        look.singles(&mut singles);
        assert!(singles.is_empty());
        look.remove(rc(1, 1), d(2));
        look.remove(rc(1, 8), d(3));
        look.singles(&mut singles);
        assert_eq!(singles, [(rc(1, 1), d(1), true), (rc(1, 9), d(3), false)]);
        // Setting the naked single clears it from the round after.
        look.set(rc(1, 1), d(1));
        look.singles(&mut singles);
        assert!(!singles.contains(&(rc(1, 1), d(1), true)));
        assert_eq!(look.free(House::row(0), d(1)), 0);
    }

    #[test]
    fn a_cell_losing_its_last_candidate_keeps_its_counts() {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(5, 5), &[4]);
        let mut look = LookaheadGrid::default();
        look.load(&grid);
        let before = look.free(House::row(4), d(4));
        look.remove(rc(5, 5), d(4));
        assert!(look.candidates(rc(5, 5)).is_empty());
        assert_eq!(look.free(House::row(4), d(4)), before);
    }
}
