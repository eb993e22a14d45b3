//! SE's Bivalue Universal Grave (`BivalueUniversalGrave`), types 1 to 4: type 1 (5.6),
//! types 2 and 4 (5.7), type 3 (5.7 plus 0.1 per naked digit beyond the first).
//!
//! SE finds the BUG cells house by house (blocks, rows, columns; digits 1 to 9): a house
//! where a digit has neither zero nor two places must have exactly one cell with three
//! candidates or more among them, its BUG cell for that digit (with two or more SE just
//! goes on; with none it is no BUG). Without those digits in those cells, every empty
//! cell must keep two candidates and every digit two places or none in every house.
//! Quirks matched:
//! - SE gives up as soon as it has two BUG cells, two BUG digits and no cell seeing all
//!   the BUG cells;
//! - one BUG cell gives type 1; one BUG digit gives type 2, then (two cells) type 4;
//!   otherwise, when some cell sees every BUG cell, type 4 (two cells) then type 3;
//! - type 3 walks the cells seeing every BUG cell in the house-cell order of the first
//!   BUG cell found ([`house_cells`]: block, row, column), not in reading order, and
//!   takes naked sets of 2 to 6 digits in the first house kind (block, row, column) the
//!   BUG cells share;
//! - type 4 needs exactly one digit common to the two cells besides the BUG digits, and
//!   removes from each cell its candidates other than its BUG digits and that digit.

use crate::bitset::{CellSet, DigitSet, bit_positions};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House, HouseKind};
use crate::se::difficulty::Difficulty;
use crate::se::hint::{Hint, Removals, Rule};
use crate::se::order::{Combinations, block_row_column, house, house_cells};

/// What SE gathers about a BUG: its cells (in the order found), their BUG digits, and
/// the cells that see all of them.
struct Grave {
    cells: [Cell; 81],
    count: usize,
    digits_of: [DigitSet; 81],
    digits: DigitSet,
    seen_by_all: Option<CellSet>,
}

impl Grave {
    fn cells(&self) -> &[Cell] {
        &self.cells[..self.count]
    }
    fn cell_set(&self) -> CellSet {
        self.cells().iter().copied().collect()
    }
}

/// SE's first BUG hint.
pub fn bug(grid: &Candidates) -> Option<Hint> {
    let grave = find_grave(grid)?;
    let common = grave.seen_by_all.unwrap_or(CellSet::EMPTY);
    if grave.count == 1 {
        let cell = grave.cells[0];
        let mut removals = Removals::NONE;
        for digit in (grid.candidates(cell) - grave.digits).iter() {
            removals.add(cell, digit);
        }
        return Some(Hint::removing(Rule::Bug1, removals));
    }
    if grave.digits.len() == 1 {
        if let Some(hint) = type_2(grid, &grave, common) {
            return Some(hint);
        }
        return if grave.count == 2 {
            type_4(grid, &grave)
        } else {
            None
        };
    }
    if common.is_empty() {
        return None;
    }
    let type_4 = if grave.count == 2 {
        type_4(grid, &grave)
    } else {
        None
    };
    type_4.or_else(|| type_3(grid, &grave, common))
}

/// SE's search for the BUG cells and its checks that they are a BUG.
fn find_grave(grid: &Candidates) -> Option<Grave> {
    let mut grave = Grave {
        cells: [Cell::from_index(0); 81],
        count: 0,
        digits_of: [DigitSet::EMPTY; 81],
        digits: DigitSet::EMPTY,
        seen_by_all: None,
    };
    // The cells with three candidates or more.
    let big = grid.cells_with_at_least()[2];
    for kind in [HouseKind::Box, HouseKind::Row, HouseKind::Column] {
        for i in 0..9 {
            let house = house(kind, i);
            for digit in Digit::all() {
                let places = grid.cells_with(digit) & house.cell_set();
                let count = places.len();
                if count == 0 || count == 2 {
                    continue;
                }
                let bug_cells = places & big;
                if bug_cells.is_empty() {
                    return None;
                }
                let Some(cell) = bug_cells.single_member() else {
                    continue;
                };
                if !grave.cells().contains(&cell) {
                    grave.cells[grave.count] = cell;
                    grave.count += 1;
                }
                grave.digits_of[cell.index()].insert(digit);
                grave.digits.insert(digit);
                let seen =
                    grave.seen_by_all.unwrap_or(CellSet::ALL) & (cell.peers() - grave.cell_set());
                grave.seen_by_all = Some(seen);
                if grave.count > 1 && grave.digits.len() > 1 && seen.is_empty() {
                    return None;
                }
            }
        }
    }
    // Without the BUG digits: two candidates in every empty cell...
    for cell in grid.unsolved().iter() {
        if (grid.candidates(cell) - grave.digits_of[cell.index()]).len() != 2 {
            return None;
        }
    }
    // ... and two places or none for every digit in every house.
    for digit in Digit::all() {
        let mut cells = grid.cells_with(digit);
        for &cell in grave.cells() {
            if grave.digits_of[cell.index()].contains(digit) {
                cells.remove(cell);
            }
        }
        if House::all().any(|h| {
            let n = (cells & h.cell_set()).len();
            n != 0 && n != 2
        }) {
            return None;
        }
    }
    Some(grave)
}

fn type_2(grid: &Candidates, grave: &Grave, common: CellSet) -> Option<Hint> {
    let digit = grave.digits.first()?;
    let removed = common & grid.cells_with(digit);
    if removed.is_empty() {
        return None;
    }
    let mut removals = Removals::NONE;
    removals.add_cells(digit, removed);
    Some(Hint::removing(Rule::Bug2, removals))
}

fn type_4(grid: &Candidates, grave: &Grave) -> Option<Hint> {
    let [c1, c2] = [grave.cells[0], grave.cells[1]];
    let common = (grid.candidates(c1) & grid.candidates(c2)) - grave.digits;
    let locked = common.single_member()?;
    block_row_column(c1)
        .into_iter()
        .find(|h| h.cell_set().contains(c2))?;
    let mut removals = Removals::NONE;
    for cell in [c1, c2] {
        let removed =
            grid.candidates(cell) - grave.digits_of[cell.index()] - DigitSet::single(locked);
        for digit in removed.iter() {
            removals.add(cell, digit);
        }
    }
    Some(Hint::removing(Rule::Bug4, removals))
}

fn type_3(grid: &Candidates, grave: &Grave, common: CellSet) -> Option<Hint> {
    let first = grave.cells[0];
    for kind in 0..3 {
        let house = block_row_column(first)[kind];
        if !grave
            .cells()
            .iter()
            .all(|c| block_row_column(*c)[kind] == house)
        {
            continue;
        }
        let mut region = [first; 20];
        let mut n = 0;
        for &cell in house_cells(first) {
            if common.contains(cell) && house.cell_set().contains(cell) {
                region[n] = cell;
                n += 1;
            }
        }
        let region = &region[..n];
        for degree in 2..=6u32 {
            if (n as u32) < degree {
                continue;
            }
            for combo in Combinations::new(degree - 1, n as u32) {
                let naked_cells: CellSet = bit_positions(combo).map(|i| region[i]).collect();
                let digits = naked_cells
                    .iter()
                    .fold(DigitSet::EMPTY, |u, c| u | grid.candidates(c));
                if digits.len() != degree {
                    continue;
                }
                let every_member_twice = naked_cells.iter().all(|c| grid.candidates(c).len() >= 2)
                    && grave.digits.len() >= 2;
                let naked_set = digits | grave.digits;
                if !every_member_twice || naked_set.len() != degree {
                    continue;
                }
                let mut removals = Removals::NONE;
                for &cell in region {
                    if !naked_cells.contains(cell) {
                        for digit in (grid.candidates(cell) & naked_set).iter() {
                            removals.add(cell, digit);
                        }
                    }
                }
                if !removals.is_empty() {
                    let tenths = (naked_set.len() - 1) as f64;
                    return Some(Hint {
                        difficulty: Difficulty(5.7 + tenths * 0.1),
                        ..Hint::removing(Rule::Bug3, removals)
                    });
                }
            }
        }
    }
    None
}
