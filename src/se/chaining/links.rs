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
use crate::bitset::{CellSet, DigitSet, has_two_bits};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};

/// Candidates as SE's chaining sees them: per cell, per digit, and per house and digit
/// (the positions of the digit in the house, bit `p` for `house.cells()[p]`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct WorkGrid {
    cells: [DigitSet; 81],
    digits: [CellSet; 9],
    positions: [[u16; 9]; 27],
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
        let positions = std::array::from_fn(|h| {
            std::array::from_fn(|d| grid.positions(House::from_index(h), Digit::from_index(d)))
        });
        let placed = std::array::from_fn(|d| grid.cells_set_to(Digit::from_index(d)).len() as u8);
        WorkGrid {
            cells,
            digits: grid.digit_cells(),
            positions,
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

    /// The positions of `digit` in `house`.
    #[inline]
    pub fn positions(&self, house: House, digit: Digit) -> u16 {
        self.positions[house.index()][digit.index()]
    }

    #[inline]
    pub fn remove(&mut self, cell: Cell, digit: Digit) {
        self.cells[cell.index()].remove(digit);
        self.digits[digit.index()].remove(cell);
        let places = cell.positions_in_houses();
        for (house, place) in cell.houses().into_iter().zip(places) {
            self.positions[house.index()][digit.index()] &= !(1 << place);
        }
    }

    /// Makes this grid equal to `other` again after removals.
    #[inline]
    pub fn restore(&mut self, other: &WorkGrid) {
        self.cells = other.cells;
        self.digits = other.digits;
        self.positions = other.positions;
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
/// order, into `out`.
#[inline(always)]
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

/// The other member of a two-member mask, given one.
#[inline]
fn other_of_two(mask: u16, one: usize) -> usize {
    let first = mask.trailing_zeros() as usize;
    if first == one {
        (mask & (mask - 1)).trailing_zeros() as usize
    } else {
        first
    }
}

/// SE's `getOffToOn`: the candidates turned on when `digit` is taken from `cell`, with
/// why, in SE's order (the cell link, then box, row and column), each candidate once.
/// At most four.
#[inline(always)]
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
        let digits = grid.candidates(cell).bits();
        if has_two_bits(digits) {
            let other = Digit::from_index(other_of_two(digits, digit.index()));
            out.push((Potential::new(cell, other, true), Because::Cell));
        }
    }
    if house_links {
        for house in se_houses(cell) {
            let places = grid.positions(house, digit);
            if has_two_bits(places) {
                let at = house.position_of(cell).expect("a cell is in its houses");
                let other = house.cells()[other_of_two(places, at)];
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
#[inline]
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
            let gone = source.positions(house, digit) & !grid.positions(house, digit);
            let mut rest = gone;
            while rest != 0 {
                let place = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                each(cand(house.cells()[place], digit));
            }
        }
    }
}

/// No candidate.
pub(super) const NO_CAND: Cand = Cand::MAX;

/// Both rules tabulated for every candidate of a grid that does not change (the static
/// chainers), in SE's order.
#[derive(Default)]
pub(super) struct StaticLinks {
    /// Per candidate, where its "on to off" implications are in `weak`: the cell's other
    /// digits from `start`, the peers from `cell_end`, to `end`.
    weak_index: Vec<(u32, u32, u32)>,
    weak: Vec<Cand>,
    /// Per candidate, the "off to on" implications: the cell link, then the house links
    /// (each candidate once), `NO_CAND` where there is none.
    strong: Vec<[Cand; 4]>,
}

impl StaticLinks {
    /// Tabulates the rules on `grid`.
    pub fn build(&mut self, grid: &WorkGrid) {
        self.weak_index.clear();
        self.weak_index.resize(729, (0, 0, 0));
        self.weak.clear();
        self.strong.clear();
        self.strong.resize(729, [NO_CAND; 4]);
        let mut ons = Vec::with_capacity(4);
        for cell in grid.empty.iter() {
            for digit in grid.candidates(cell).iter() {
                let c = usize::from(cand(cell, digit));
                let start = self.weak.len() as u32;
                for other in grid.candidates(cell).iter() {
                    if other != digit {
                        self.weak.push(cand(cell, other));
                    }
                }
                let cell_end = self.weak.len() as u32;
                for part in se_peers_with(grid, cell, digit) {
                    self.weak.extend(part.iter().map(|peer| cand(peer, digit)));
                }
                self.weak_index[c] = (start, cell_end, self.weak.len() as u32);
                off_to_on(grid, cell, digit, true, false, &mut ons);
                if let Some(&(on, _)) = ons.first() {
                    self.strong[c][0] = on.cand;
                }
                off_to_on(grid, cell, digit, false, true, &mut ons);
                for (k, &(on, _)) in ons.iter().enumerate() {
                    self.strong[c][1 + k] = on.cand;
                }
            }
        }
    }

    /// SE's `getOnToOff` for candidate `c`.
    #[inline]
    pub fn on_to_off(&self, c: Cand, cell_links: bool) -> &[Cand] {
        let (start, cell_end, end) = self.weak_index[usize::from(c)];
        let from = if cell_links { start } else { cell_end };
        &self.weak[from as usize..end as usize]
    }

    /// Where [`StaticLinks::on_to_off`] of `c` is, for [`StaticLinks::weak_at`].
    #[inline]
    pub fn on_to_off_range(&self, c: Cand, cell_links: bool) -> (usize, usize) {
        let (start, cell_end, end) = self.weak_index[usize::from(c)];
        let from = if cell_links { start } else { cell_end };
        (from as usize, end as usize)
    }

    /// The `k`-th tabulated "on to off" implication.
    #[inline]
    pub fn weak_at(&self, k: usize) -> Cand {
        self.weak[k]
    }

    /// SE's `getOffToOn` for candidate `c`: the cell link (or `NO_CAND`), then the house
    /// links.
    #[inline]
    pub fn off_to_on(&self, c: Cand) -> &[Cand; 4] {
        &self.strong[usize::from(c)]
    }
}
