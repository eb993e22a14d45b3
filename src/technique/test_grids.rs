//! Helpers for the technique unit tests: crafted candidate grids written as short lists of
//! cells, so that a test reads like the pattern it checks.

use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::geometry::{Cell, Digit};

/// The digit `value`.
pub fn d(value: u8) -> Digit {
    Digit::new(value)
}

/// `r`, `c` 1-based, as in the forum notation: `rc(3, 1)` is r3c1.
pub fn rc(row: usize, col: usize) -> Cell {
    Cell::at(row - 1, col - 1)
}

/// An empty grid in which `digit` is a candidate everywhere except in `removed`.
pub fn without(digit: Digit, removed: &[Cell]) -> Candidates {
    let mut grid = Candidates::empty();
    remove(&mut grid, digit, removed);
    grid
}

/// Removes `digit` from every cell of `cells`.
pub fn remove(grid: &mut Candidates, digit: Digit, cells: &[Cell]) {
    for &cell in cells {
        grid.eliminate(cell, digit);
    }
}

/// Every cell of row `row` (1-based) except the columns in `keep` (1-based).
pub fn row_except(row: usize, keep: &[usize]) -> Vec<Cell> {
    (1..=9)
        .filter(|c| !keep.contains(c))
        .map(|c| rc(row, c))
        .collect()
}

/// Every cell of column `col` (1-based) except the rows in `keep` (1-based).
pub fn col_except(col: usize, keep: &[usize]) -> Vec<Cell> {
    (1..=9)
        .filter(|r| !keep.contains(r))
        .map(|r| rc(r, col))
        .collect()
}

/// Every cell of box `number` (1-based) except `keep`.
pub fn box_except(number: usize, keep: &[Cell]) -> Vec<Cell> {
    let (band, stack) = ((number - 1) / 3 * 3, (number - 1) % 3 * 3);
    (0..9)
        .map(|i| Cell::at(band + i / 3, stack + i % 3))
        .filter(|c| !keep.contains(c))
        .collect()
}

/// Leaves `cell` with exactly the candidates `digits`.
pub fn restrict(grid: &mut Candidates, cell: Cell, digits: &[u8]) {
    for v in 1..=9 {
        if !digits.contains(&v) {
            grid.eliminate(cell, d(v));
        }
    }
}

/// Every step `technique` finds in `grid`, rendered in the forum notation.
pub fn texts(technique: Technique, grid: &Candidates) -> Vec<String> {
    technique.find_all(grid, None).texts()
}
