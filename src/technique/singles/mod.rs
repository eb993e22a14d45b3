//! Singles: Full House (the last empty cell of a house), Naked Single (a cell with one
//! candidate) and Hidden Single (a digit with one place left in a house).
//! Each step places one digit; its pattern names the cell and, for full houses and hidden
//! singles, the house.
//!
//! The finders here scan the grid and report every single, in house or cell order: what
//! the `sweep` policy applies, and what `find_all` lists. Under the `single` policy the
//! solver takes one single at a time from HoDoKu's queues instead ([`queues`]).

use crate::bitset::{CellSet, HouseSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};
use crate::hodoku::catalogue::Technique;
use crate::step::{Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub mod queues;

/// The step of a single of `technique` setting `cell` to `digit`, in `house` for full
/// houses and hidden singles.
pub fn single_step(technique: Technique, house: Option<House>, cell: Cell, digit: Digit) -> Step {
    let pattern = Pattern {
        cells: CellSet::single(cell),
        base: house.map_or(HouseSet::EMPTY, HouseSet::single),
        ..Pattern::default()
    };
    Step::placing(technique, cell, digit, pattern)
}

/// The last empty cell of a house.
pub fn full_houses(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for (house, cell, digit) in full_house_placements(grid) {
        if !sink.houses().contains(house) {
            continue;
        }
        sink.push(single_step(Technique::FullHouse, Some(house), cell, digit))?;
    }
    ControlFlow::Continue(())
}

/// A cell with a single candidate.
pub fn naked_singles(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for (cell, digit) in naked_single_placements(grid) {
        sink.push(single_step(Technique::NakedSingle, None, cell, digit))?;
    }
    ControlFlow::Continue(())
}

/// A digit with a single place left in a house.
pub fn hidden_singles(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for (house, cell, digit) in hidden_single_placements(grid) {
        if !sink.houses().contains(house) {
            continue;
        }
        sink.push(single_step(
            Technique::HiddenSingle,
            Some(house),
            cell,
            digit,
        ))?;
    }
    ControlFlow::Continue(())
}

/// Full houses as (house, cell, digit), in house order: what [`full_houses`] reports.
#[inline]
pub fn full_house_placements(grid: &Candidates) -> impl Iterator<Item = (House, Cell, Digit)> + '_ {
    grid.houses_with_one_empty_cell()
        .iter()
        .filter_map(|house| {
            let cell = (grid.unsolved() & house.cell_set()).first()?;
            let digit = grid.candidates(cell).single_member()?;
            Some((house, cell, digit))
        })
}

/// Naked singles as (cell, digit), in cell order: what [`naked_singles`] reports.
#[inline]
pub fn naked_single_placements(grid: &Candidates) -> impl Iterator<Item = (Cell, Digit)> + '_ {
    grid.cells_with_exactly(1)
        .iter()
        .filter_map(|cell| Some((cell, grid.candidates(cell).first()?)))
}

/// Hidden singles as (house, cell, digit), in house-then-digit order: what
/// [`hidden_singles`] reports.
#[inline]
pub fn hidden_single_placements(
    grid: &Candidates,
) -> impl Iterator<Item = (House, Cell, Digit)> + '_ {
    grid.hidden_singles().map(|(house, digit, positions)| {
        (
            house,
            house.cells()[positions.trailing_zeros() as usize],
            digit,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, House};
    use crate::step::Placement;
    use crate::technique::test_grids::*;

    /// Places digits 1..=8 in the first eight cells of `house`, leaving the last empty.
    fn fill_all_but_last(house: House) -> Candidates {
        let mut grid = Candidates::empty();
        for (i, &cell) in house.cells()[..8].iter().enumerate() {
            grid.place(cell, d(i as u8 + 1));
        }
        grid
    }

    #[test]
    fn full_house_in_a_row_a_column_and_a_box() {
        for house in [House::row(3), House::column(6), House::box_(8)] {
            let grid = fill_all_but_last(house);
            let steps = Technique::FullHouse.find_all(&grid, None);
            let last = house.cells()[8];
            assert!(
                steps
                    .iter()
                    .any(|s| s.placement == Some(Placement::single(last, d(9)))
                        && s.pattern.base.contains(house)),
                "{house}: {steps:?}"
            );
            assert_eq!(
                steps.display(0).to_string(),
                format!("Full House: {last}=9")
            );
        }
        assert!(
            Technique::FullHouse
                .find_all(&Candidates::empty(), None)
                .is_empty()
        );
    }

    #[test]
    fn naked_single_found_and_not_found() {
        let mut grid = Candidates::empty();
        assert!(Technique::NakedSingle.find_all(&grid, None).is_empty());
        let cell = Cell::at(4, 4);
        for v in 1..=8 {
            grid.eliminate(cell, d(v));
        }
        let steps = Technique::NakedSingle.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].placement, Some(Placement::single(cell, d(9))));
        assert_eq!(steps.display(0).to_string(), "Naked Single: r5c5=9");
    }

    #[test]
    fn hidden_single_in_a_row_a_column_and_a_box() {
        for house in [House::row(2), House::column(7), House::box_(4)] {
            let mut grid = Candidates::empty();
            let target = house.cells()[5];
            for &cell in house.cells() {
                if cell != target {
                    grid.eliminate(cell, d(3));
                }
            }
            let steps = Technique::HiddenSingle.find_all(&grid, None);
            assert_eq!(steps.len(), 1, "{house}");
            assert_eq!(steps[0].placement, Some(Placement::single(target, d(3))));
            assert_eq!(steps[0].pattern.base, HouseSet::single(house));
        }
        assert!(
            Technique::HiddenSingle
                .find_all(&Candidates::empty(), None)
                .is_empty()
        );
    }

    #[test]
    fn hidden_single_renders_in_the_forum_notation() {
        // 1 in row 8 only at r8c6; column 6 and box 8 still have it elsewhere.
        let grid = without(d(1), &row_except(8, &[6]));
        assert_eq!(
            texts(Technique::HiddenSingle, &grid),
            ["Hidden Single: r8c6=1"]
        );
        // Not a naked single: r8c6 still holds every digit.
        assert!(Technique::NakedSingle.find_all(&grid, None).is_empty());
    }

    #[test]
    fn set_cells_and_placed_digits_give_no_singles() {
        // A row set completely: no full house, and none of its digits is a hidden single.
        let mut grid = Candidates::empty();
        for (i, &cell) in House::row(0).cells().iter().enumerate() {
            grid.place(cell, d(i as u8 + 1));
        }
        for t in [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingle,
        ] {
            assert!(t.find_all(&grid, None).is_empty(), "{t}");
        }
        // A digit set in a house has no place left there, which is not a hidden single.
        let mut grid = Candidates::empty();
        grid.place(Cell::at(4, 4), d(6));
        assert!(Technique::HiddenSingle.find_all(&grid, None).is_empty());
    }
}
