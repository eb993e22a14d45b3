//! SE's two implication rules on a working copy of the candidates, in SE's order.
//!
//! "On to off" (`getOnToOff`): a digit set in a cell takes that digit from the other cells
//! of its box, row and column (and, with cell links, the cell's other digits). "Off to on"
//! (`getOffToOn`): a digit taken from a cell with two candidates sets the other one (cell
//! link); a digit taken from a house where it had two places sets it in the other one
//! (house link). SE lists the results in a fixed order (the cell's digits, then box, row
//! and column, each in position order, a cell met twice kept the first time), and which
//! implication comes first decides SE's chains, so that order is kept exactly.
//!
//! In "dynamic" chaining SE takes every potential it turns off out of the grid as it goes,
//! so later implications see the grid as it changes; an "on" found that way also depends on
//! the candidates that left its cell or house since the search began ("hidden parents").

use super::potential::{Cand, Potential, cand};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};

/// Candidates as SE's chaining sees them: per cell and per digit.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct WorkGrid {
    cells: [DigitSet; 81],
    digits: [CellSet; 9],
    /// The cells not set (SE's basic rules count them).
    empty: CellSet,
    /// How many cells hold each digit.
    placed: [u8; 9],
}

impl WorkGrid {
    pub fn new(grid: &Candidates) -> WorkGrid {
        let mut cells = [DigitSet::EMPTY; 81];
        for cell in Cell::all() {
            cells[cell.index()] = grid.candidates(cell);
        }
        let placed = std::array::from_fn(|d| grid.cells_set_to(Digit::from_index(d)).len() as u8);
        WorkGrid {
            cells,
            digits: grid.digit_cells(),
            empty: grid.unsolved(),
            placed,
        }
    }

    /// The cells not set.
    #[inline]
    pub fn empty(&self) -> CellSet {
        self.empty
    }

    /// How many cells hold `digit`.
    #[inline]
    pub fn placed(&self, digit: Digit) -> u32 {
        u32::from(self.placed[digit.index()])
    }

    #[inline]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cells[cell.index()]
    }

    #[inline]
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.digits[digit.index()]
    }

    #[inline]
    pub fn remove(&mut self, cell: Cell, digit: Digit) {
        self.cells[cell.index()].remove(digit);
        self.digits[digit.index()].remove(cell);
    }

    /// The cells of `house` where `digit` is a candidate.
    #[inline]
    pub fn places(&self, house: House, digit: Digit) -> CellSet {
        self.digits[digit.index()] & house.cell_set()
    }
}

/// The houses of a cell in SE's order: box, row, column.
#[inline]
pub(super) fn se_houses(cell: Cell) -> [House; 3] {
    let [row, column, box_] = cell.houses();
    [box_, row, column]
}

/// The cells other than `cell` that see it and hold `digit`, in SE's order: box, then the
/// rest of the row, then the rest of the column, each in position order (which is the
/// cells' reading order).
#[inline]
pub(super) fn se_peers_with(grid: &WorkGrid, cell: Cell, digit: Digit) -> [CellSet; 3] {
    let [box_, row, column] = se_houses(cell);
    let with = grid.cells_with(digit) - CellSet::single(cell);
    let in_box = with & box_.cell_set();
    [
        in_box,
        (with & row.cell_set()) - in_box,
        (with & column.cell_set()) - in_box,
    ]
}

/// SE's `getOnToOff`: the candidates turned off when `digit` is set in `cell`, in SE's
/// order, appended to `out`.
#[inline]
pub(super) fn on_to_off(
    grid: &WorkGrid,
    cell: Cell,
    digit: Digit,
    cell_links: bool,
    out: &mut Vec<Cand>,
) {
    out.clear();
    if cell_links {
        for other in grid.candidates(cell).iter() {
            if other != digit {
                out.push(cand(cell, other));
            }
        }
    }
    for part in se_peers_with(grid, cell, digit) {
        for peer in part.iter() {
            out.push(cand(peer, digit));
        }
    }
}

/// Why an "off to on" implication holds: the cell had two candidates, or the house two
/// places for the digit.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Because {
    Cell,
    House(House),
}

/// SE's `getOffToOn`: the candidates turned on when `digit` is taken from `cell`, with
/// why, in SE's order (the cell link, then box, row and column), each candidate once.
/// At most four.
#[inline]
pub(super) fn off_to_on(
    grid: &WorkGrid,
    cell: Cell,
    digit: Digit,
    cell_links: bool,
    house_links: bool,
    out: &mut Vec<(Potential, Because)>,
) {
    out.clear();
    if cell_links {
        let digits = grid.candidates(cell);
        if digits.len() == 2 {
            let mut two = digits.iter();
            let first = two.next().expect("two digits");
            let other = if first == digit {
                two.next().expect("two digits")
            } else {
                first
            };
            out.push((Potential::new(cell, other, true), Because::Cell));
        }
    }
    if house_links {
        for house in se_houses(cell) {
            let places = grid.places(house, digit);
            if places.len() == 2 {
                let mut two = places.iter();
                let first = two.next().expect("two places");
                let other = if first == cell {
                    two.next().expect("two places")
                } else {
                    first
                };
                let on = Potential::new(other, digit, true);
                if !out.iter().any(|&(p, _)| p == on) {
                    out.push((on, Because::House(house)));
                }
            }
        }
    }
}

/// The candidates an "on" implication also rests on in dynamic chaining (SE's hidden
/// parents): those of its cell, or of its digit in its house, that the search took out
/// of the grid since it began (`source`), in SE's order.
pub(super) fn hidden_parents(
    grid: &WorkGrid,
    source: &WorkGrid,
    on: Potential,
    because: Because,
    mut each: impl FnMut(Cand),
) {
    let (cell, digit) = (on.cell(), on.digit());
    match because {
        Because::Cell => {
            for gone in (source.candidates(cell) - grid.candidates(cell)).iter() {
                each(cand(cell, gone));
            }
        }
        Because::House(house) => {
            for gone in (source.places(house, digit) - grid.places(house, digit)).iter() {
                each(cand(gone, digit));
            }
        }
    }
}
