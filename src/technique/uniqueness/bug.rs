//! Bivalue Universal Grave + 1 (HoDoKu's only BUG type).
//!
//! **It assumes the puzzle has exactly one solution** (see [`super`]).
//!
//! Every unsolved cell has two candidates but one, which has three, and every
//! digit appears in every house twice but for one digit three times in that cell's
//! row, column and box. Without that digit there the grid would be a "bivalue universal
//! grave", which has no or several solutions: the cell takes it, so it loses the others.
//! `Bivalue Universal Grave + 1: 7 in r5c2 => r5c2<>1, r5c2<>8`.

use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Digit, House};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

/// Bivalue Universal Grave + 1, HoDoKu's way: one cell with three candidates, all others
/// with two, and one digit three times in each of that cell's houses and nowhere else.
pub fn bug_plus_one(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let mut plus_one = None;
    for cell in grid.unsolved().iter() {
        match grid.candidates(cell).len() {
            0..=2 => {}
            3 if plus_one.is_none() => plus_one = Some(cell),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(cell) = plus_one else {
        return ControlFlow::Continue(());
    };
    let mut extra: Option<Digit> = None;
    for house in House::all() {
        for digit in Digit::all() {
            match grid.positions(house, digit).count_ones() {
                0..=2 => {}
                3 if house.cell_set().contains(cell)
                    && grid.has(cell, digit)
                    && extra.is_none_or(|d| d == digit) =>
                {
                    extra = Some(digit);
                }
                _ => return ControlFlow::Continue(()),
            }
        }
    }
    let Some(digit) = extra else {
        return ControlFlow::Continue(());
    };
    // The digit must be three times in all three of the cell's houses.
    if cell
        .houses()
        .iter()
        .any(|&h| grid.positions(h, digit).count_ones() != 3)
    {
        return ControlFlow::Continue(());
    }
    let mut eliminations = Eliminations::NONE;
    for other in (grid.candidates(cell) - DigitSet::single(digit)).iter() {
        eliminations.insert(cell, other);
    }
    let pattern = Pattern {
        digits: DigitSet::single(digit),
        cells: CellSet::single(cell),
        ..Pattern::default()
    };
    sink.push(Step::eliminating(
        Technique::BugPlusOne,
        pattern,
        eliminations,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::technique::test_grids::*;

    /// Every cell holds its digit in a valid solution and the next digit (9 wraps to 1),
    /// so each digit is in each house exactly twice; plus the `extra` candidates.
    fn grave_plus(extra: &[(Cell, u8)]) -> Candidates {
        let mut grid = Candidates::empty();
        for cell in Cell::all() {
            let (r, c) = (cell.row(), cell.col());
            let value = ((r * 3 + r / 3 + c) % 9) as u8 + 1;
            let mut digits = vec![value, value % 9 + 1];
            digits.extend(extra.iter().filter(|(x, _)| *x == cell).map(|(_, d)| *d));
            restrict(&mut grid, cell, &digits);
        }
        grid
    }

    #[test]
    fn bug_plus_one() {
        // r5c5 holds 9 and 1; with a third candidate, 5, the 5s of row 5, column 5 and
        // box 5 come to three: without r5c5=5 the grid would be a grave.
        assert_eq!(
            texts(Technique::BugPlusOne, &grave_plus(&[(rc(5, 5), 5)])),
            ["Bivalue Universal Grave + 1: 5 in r5c5 => r5c5<>1, r5c5<>9"]
        );
        // The grave itself, or two cells with a third candidate: no BUG + 1.
        assert!(texts(Technique::BugPlusOne, &grave_plus(&[])).is_empty());
        let two = grave_plus(&[(rc(5, 5), 5), (rc(1, 1), 5)]);
        assert!(texts(Technique::BugPlusOne, &two).is_empty());
    }
}
