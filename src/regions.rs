//! The board's regions as cell sets, built at compile time: every house as a set, every
//! cell's 20 peers, and the 54 box/line intersections. They extend [`Cell`] and [`House`]
//! (`cell.peers()`, `house.cell_set()`) from here because they are [`CellSet`]s: the
//! index types in [`crate::geometry`] sit below the bitsets, these tables above them.

use crate::bitset::{CellSet, HouseSet};
use crate::geometry::{Cell, House};

impl Cell {
    /// The 20 cells sharing a house with this one.
    #[inline]
    pub const fn peers(self) -> CellSet {
        PEERS[self.index()]
    }
}

impl CellSet {
    /// The cells that see every cell of the set (none of them among them; every cell for
    /// the empty set).
    #[inline]
    pub fn common_peers(self) -> CellSet {
        self.iter()
            .fold(CellSet::ALL, |seen, cell| seen & cell.peers())
    }

    /// The set's three bands (rows 1-3, 4-6, 7-9), 27 bits each: bit `9 * i + c` of band
    /// `b` is the cell in row `3 * b + i`, column `c`.
    #[inline]
    pub fn bands(self) -> [u64; 3] {
        const BAND: u64 = (1 << 27) - 1;
        let (low, high) = (self.bits() as u64, (self.bits() >> 64) as u64);
        [
            low & BAND,
            low >> 27 & BAND,
            (low >> 54 | high << 10) & BAND,
        ]
    }

    /// The box positions (bit `p` for the box's `p`th cell) of the cells of a band (27
    /// bits, as [`CellSet::bands`] gives them) in the band's box of stack `stack` (0-2):
    /// the box's three rows of three, at bits 0, 9 and 18, packed together.
    #[inline]
    pub fn band_box_positions(band: u64, stack: usize) -> u16 {
        let rows = band >> (3 * stack) & 0x1c0e07;
        (rows & 7 | rows >> 6 & 0x38 | rows >> 12 & 0x1c0) as u16
    }

    /// The houses holding at least one cell of the set, read a band at a time: a few dozen
    /// word operations, against one intersection per house.
    pub fn houses_met(self) -> HouseSet {
        let (mut rows, mut columns, mut boxes) = (0u32, 0u64, 0u32);
        for (band, bits) in self.bands().into_iter().enumerate() {
            let in_rows = [bits & 0x1ff, bits >> 9 & 0x1ff, bits >> 18];
            let in_columns = in_rows[0] | in_rows[1] | in_rows[2];
            for (i, row) in in_rows.into_iter().enumerate() {
                rows |= u32::from(row != 0) << (3 * band + i);
            }
            for stack in 0..3 {
                boxes |= u32::from(in_columns >> (3 * stack) & 7 != 0) << (3 * band + stack);
            }
            columns |= in_columns;
        }
        HouseSet::from_bits(rows | (columns as u32) << 9 | boxes << 18)
    }
}

impl House {
    /// The house's nine cells as a set.
    #[inline]
    pub const fn cell_set(self) -> CellSet {
        HOUSE_CELL_SETS[self.index()]
    }
}

/// Where a box meets a row or a column: three cells.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Intersection {
    /// The box.
    pub box_: House,
    /// The row or column.
    pub line: House,
    /// The three cells they share.
    pub cells: CellSet,
}

/// The 54 box/line intersections: the 27 box/row ones in row order, then the 27 box/column
/// ones in column order.
pub static INTERSECTIONS: [Intersection; 54] = build_intersections();

static HOUSE_CELL_SETS: [CellSet; 27] = {
    let mut table = [CellSet::EMPTY; 27];
    let mut h = 0;
    while h < 27 {
        let cells = House::from_index(h).cells();
        let mut bits = 0u128;
        let mut p = 0;
        while p < 9 {
            bits |= 1 << cells[p].index();
            p += 1;
        }
        table[h] = CellSet::from_bits(bits);
        h += 1;
    }
    table
};

static PEERS: [CellSet; 81] = {
    let mut table = [CellSet::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let houses = Cell::from_index(i).houses();
        let bits = HOUSE_CELL_SETS[houses[0].index()].bits()
            | HOUSE_CELL_SETS[houses[1].index()].bits()
            | HOUSE_CELL_SETS[houses[2].index()].bits();
        table[i] = CellSet::from_bits(bits & !(1 << i));
        i += 1;
    }
    table
};

const fn build_intersections() -> [Intersection; 54] {
    let placeholder = Intersection {
        box_: House::box_(0),
        line: House::row(0),
        cells: CellSet::EMPTY,
    };
    let mut table = [placeholder; 54];
    let mut n = 0;
    let mut line = 0;
    while line < 18 {
        let mut k = 0;
        while k < 3 {
            // Row r meets boxes r/3*3 + k; column c meets boxes k*3 + c/3.
            let b = if line < 9 {
                line / 3 * 3 + k
            } else {
                k * 3 + (line - 9) / 3
            };
            let bits = HOUSE_CELL_SETS[line].bits() & HOUSE_CELL_SETS[18 + b].bits();
            table[n] = Intersection {
                box_: House::box_(b),
                line: House::from_index(line),
                cells: CellSet::from_bits(bits),
            };
            n += 1;
            k += 1;
        }
        line += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::HouseKind;

    #[test]
    fn every_cell_is_in_three_houses_and_has_20_peers() {
        for cell in Cell::all() {
            let houses: Vec<_> = House::all()
                .filter(|h| h.cell_set().contains(cell))
                .collect();
            assert_eq!(houses, cell.houses().to_vec());
            assert_eq!(cell.peers().len(), 20);
            assert!(!cell.peers().contains(cell));
            for other in Cell::all() {
                assert_eq!(cell.peers().contains(other), cell.sees(other));
            }
        }
    }

    #[test]
    fn the_houses_a_set_meets_are_those_it_intersects() {
        // Every single cell, every pair of cells, and scattered larger sets.
        let mut sets: Vec<CellSet> = vec![CellSet::EMPTY, CellSet::ALL];
        for a in Cell::all() {
            sets.push(CellSet::single(a));
            for b in Cell::all().skip(a.index() + 1).step_by(7) {
                sets.push(CellSet::single(a) | CellSet::single(b));
            }
        }
        let mut bits = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834u128;
        for _ in 0..2000 {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            sets.push(CellSet::from_bits(bits & (bits >> 3)));
        }
        for set in sets {
            let expected: HouseSet = House::all()
                .filter(|h| h.cell_set().intersects(set))
                .collect();
            assert_eq!(set.houses_met(), expected, "{set}");
        }
    }

    #[test]
    fn house_sets_hold_the_house_cells() {
        for h in House::all() {
            let set: CellSet = h.cells().iter().copied().collect();
            assert_eq!(set.len(), 9);
            assert_eq!(set, h.cell_set());
        }
    }

    #[test]
    fn intersections_are_three_cells_of_a_box_and_a_line() {
        for i in &INTERSECTIONS {
            assert_eq!(i.cells.len(), 3);
            assert!(i.cells.is_subset_of(i.box_.cell_set()));
            assert!(i.cells.is_subset_of(i.line.cell_set()));
            assert_eq!(i.box_.kind(), HouseKind::Box);
        }
        let distinct: std::collections::HashSet<_> =
            INTERSECTIONS.iter().map(|i| i.cells.bits()).collect();
        assert_eq!(distinct.len(), 54);
    }
}
