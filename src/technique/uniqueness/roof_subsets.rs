//! Uniqueness Test 3: the roof of a unique rectangle completes a naked subset.
//!
//! **It assumes the puzzle has exactly one solution** (see [`super`]).
//!
//! Two corners of a unique rectangle (the floor) hold only x,y; the other two (the roof)
//! share a house and hold x,y and other digits. One roof cell takes one of those other
//! digits, or the rectangle would be deadly, so in their shared houses the roof counts as
//! one cell holding the roof's extra digits. When k more cells of such a house, none
//! holding x or y, hold with the roof's extras k + 1 digits between them, they and the roof
//! are a naked subset: those digits leave the house's other cells.
//! `Uniqueness Test 3: 1/5 in r2c7,r2c8,r9c7,r9c8 with 3,4,6 in r9c1,r9c2 => r9c3<>3`.
//!
//! HoDoKu 2.2's order: rectangles as in [`super::rectangles`]; for each, the houses the roof
//! shares in the order row, column, box; in a house, the cells that may join the roof
//! (unsolved, holding neither x nor y, not a corner) in house order, and their subsets of
//! every size depth first: {a}, {a,b}, {a,b,c}, ..., {a,c}, ... Each subset that removes
//! something is a step. HoDoKu's quirks kept because they change what is found:
//! - a subset of a line that also lies in one box removes its digits from that box too,
//!   but only counts when it removes something from the line;
//! - in the box, subsets lying in the roof's line are skipped (the line has had them), so
//!   a subset of a line and a box that removes something from the box alone is never found.

use super::rectangles::{Rectangle, rectangles};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub fn uniqueness_test_3(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let mut steps = Vec::new();
        if let Some([a, b]) = rect.extra_cells::<2>() {
            let shared = a.houses().into_iter().zip(b.houses());
            for house in shared.filter(|(h, g)| h == g).map(|(h, _)| h) {
                RoofSubsets::new(rect, [a, b], house).search(CellSet::EMPTY, None, &mut steps);
            }
        }
        steps
    })
    .run(sink)
}

/// The search for naked subsets completed by a rectangle's roof in one house.
struct RoofSubsets<'r, 'g> {
    rect: &'r Rectangle<'g>,
    house: House,
    roof: CellSet,
    /// The roof's digits besides the pair.
    extras: DigitSet,
    /// The cells that may join the roof, in house order (which is cell order).
    pool: CellSet,
}

impl<'r, 'g> RoofSubsets<'r, 'g> {
    fn new(rect: &'r Rectangle<'g>, [a, b]: [Cell; 2], house: House) -> Self {
        let grid = rect.grid;
        let pool = house
            .cell_set()
            .iter()
            .filter(|&c| {
                let digits = grid.candidates(c);
                !digits.is_empty() && !digits.intersects(rect.digits)
            })
            .collect::<CellSet>()
            - rect.corners;
        RoofSubsets {
            rect,
            house,
            roof: CellSet::single(a) | CellSet::single(b),
            extras: (grid.candidates(a) | grid.candidates(b)) - rect.digits,
            pool,
        }
    }

    /// Extends `chosen` by each pool cell after `last`, in turn: tests the subset, then
    /// its extensions, depth first.
    fn search(&self, chosen: CellSet, last: Option<Cell>, steps: &mut Vec<Step>) {
        let after = last.map_or(self.pool, |cell| {
            CellSet::from_bits(self.pool.bits() & (u128::MAX << (cell.index() + 1)))
        });
        for cell in after.iter() {
            let subset = chosen | CellSet::single(cell);
            steps.extend(self.step(subset));
            self.search(subset, Some(cell), steps);
        }
    }

    /// The step of `subset` and the roof, when they are a naked subset that removes
    /// something (HoDoKu's way, see the module).
    fn step(&self, subset: CellSet) -> Option<Step> {
        let grid = self.rect.grid;
        let digits = subset
            .iter()
            .fold(self.extras, |digits, c| digits | grid.candidates(c));
        if digits.len() != subset.len() + 1 {
            return None;
        }
        let members = subset | self.roof;
        let in_box = self.house.kind() == HouseKind::Box;
        if in_box && (same(members, |c| c.row()) || same(members, |c| c.col())) {
            return None;
        }
        let mut eliminations = Eliminations::NONE;
        remove_from(grid, &mut eliminations, self.house, members, digits);
        if eliminations.is_empty() {
            return None;
        }
        if !in_box && same(members, |c| c.box_index()) {
            let first = members.first().expect("a subset");
            remove_from(
                grid,
                &mut eliminations,
                House::box_(first.box_index()),
                members,
                digits,
            );
        }
        let pattern = Pattern {
            subset: digits,
            links: subset,
            ..Pattern::default()
        };
        self.rect
            .step_with(Technique::UniquenessTest3, pattern, eliminations)
    }
}

/// Whether every cell of `cells` has the same `key`.
fn same(cells: CellSet, key: impl Fn(Cell) -> usize) -> bool {
    let mut keys = cells.iter().map(key);
    let first = keys.next();
    keys.all(|k| Some(k) == first)
}

/// Adds to `eliminations` the `digits` of `house`'s cells outside `members`.
fn remove_from(
    grid: &Candidates,
    eliminations: &mut Eliminations,
    house: House,
    members: CellSet,
    digits: DigitSet,
) {
    let others = house.cell_set() - members;
    for digit in digits.iter() {
        eliminations.insert_cells(grid.cells_with(digit) & others, digit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// Floor r2c7, r2c8 with 1,5; roof r9c7 (1,3,5) and r9c8 (1,4,5); r9c1 and r9c2 hold
    /// `r9c2` and 3,6; 3, 4 and 6 gone from row 9 but at r9c5.
    fn row_grid(r9c2: &[u8]) -> Candidates {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(2, 7), &[1, 5]);
        restrict(&mut grid, rc(2, 8), &[1, 5]);
        restrict(&mut grid, rc(9, 7), &[1, 3, 5]);
        restrict(&mut grid, rc(9, 8), &[1, 4, 5]);
        restrict(&mut grid, rc(9, 1), &[3, 6]);
        restrict(&mut grid, rc(9, 2), r9c2);
        for digit in [3, 4, 6] {
            remove(
                &mut grid,
                d(digit),
                &[rc(9, 3), rc(9, 4), rc(9, 6), rc(9, 9)],
            );
        }
        grid
    }

    #[test]
    fn uniqueness_test_3_in_a_row() {
        // One of r9c7, r9c8 is 3 or 4: with r9c1 and r9c2 they hold 3, 4 and 6.
        let mut grid = row_grid(&[4, 6]);
        assert_eq!(
            texts(Technique::UniquenessTest3, &grid),
            [
                "Uniqueness Test 3: 1/5 in r2c7,r2c8,r9c7,r9c8 with 3,4,6 in r9c1,r9c2 => \
                 r9c5<>3, r9c5<>4, r9c5<>6"
            ]
        );
        // Nothing left to remove; or a fourth digit among the three cells.
        remove(&mut grid, d(3), &[rc(9, 5)]);
        remove(&mut grid, d(4), &[rc(9, 5)]);
        remove(&mut grid, d(6), &[rc(9, 5)]);
        assert!(texts(Technique::UniquenessTest3, &grid).is_empty());
        assert!(texts(Technique::UniquenessTest3, &row_grid(&[4, 6, 7])).is_empty());
    }

    /// Floor r7c6, r8c6 with 2,7; roof r7c3 (2,7,8) and r8c3 (2,7,9), in column 3 and box 7.
    fn column_grid() -> Candidates {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(7, 6), &[2, 7]);
        restrict(&mut grid, rc(8, 6), &[2, 7]);
        restrict(&mut grid, rc(7, 3), &[2, 7, 8]);
        restrict(&mut grid, rc(8, 3), &[2, 7, 9]);
        grid
    }

    #[test]
    fn uniqueness_test_3_in_a_column_locked_in_a_box() {
        // The roof and r9c3 hold 8 and 9: a pair in column 3 and in box 7. 8 and 9 are
        // left in column 3 at r4c3 (9) and in box 7 at r9c1 (8).
        let mut grid = column_grid();
        restrict(&mut grid, rc(9, 3), &[8, 9]);
        let subset = [rc(7, 3), rc(8, 3), rc(9, 3)];
        remove(&mut grid, d(8), &col_except(3, &[7, 8, 9]));
        remove(&mut grid, d(9), &col_except(3, &[4, 7, 8, 9]));
        remove(
            &mut grid,
            d(8),
            &box_except(7, &[subset[0], subset[1], subset[2], rc(9, 1)]),
        );
        remove(&mut grid, d(9), &box_except(7, &subset));
        assert_eq!(
            texts(Technique::UniquenessTest3, &grid),
            ["Uniqueness Test 3: 2/7 in r7c3,r7c6,r8c3,r8c6 with 8,9 in r9c3 => r9c1<>8, r4c3<>9"]
        );
        // HoDoKu's quirk: without the 9 of r4c3 the column has nothing to lose, so the
        // step is not taken for the box alone, and the box's search skips a subset that
        // lies in the roof's column.
        remove(&mut grid, d(9), &[rc(4, 3)]);
        assert!(texts(Technique::UniquenessTest3, &grid).is_empty());
    }

    #[test]
    fn uniqueness_test_3_in_a_box_off_the_roof_line() {
        // The roof and r9c1 hold 8 and 9: a pair in box 7 only; r9c2 loses them.
        let mut grid = column_grid();
        restrict(&mut grid, rc(9, 1), &[8, 9]);
        for digit in [8, 9] {
            let others = box_except(7, &[rc(7, 3), rc(8, 3), rc(9, 1), rc(9, 2)]);
            remove(&mut grid, d(digit), &others);
        }
        assert_eq!(
            texts(Technique::UniquenessTest3, &grid),
            ["Uniqueness Test 3: 2/7 in r7c3,r7c6,r8c3,r8c6 with 8,9 in r9c1 => r9c2<>8, r9c2<>9"]
        );
    }

    #[test]
    fn uniqueness_test_3_takes_subsets_depth_first_as_hodoku_does() {
        // Roof r7c1, r7c2 (1,2,3); in row 7, r7c4 and r7c5 hold 4,5 and r7c6 3,6. The
        // subsets in HoDoKu's order: {r7c4,r7c5} (a triple with the roof), then
        // {r7c4,r7c5,r7c6} (a quad), then {r7c6} (a pair): the triple is taken first.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[1, 2]);
        restrict(&mut grid, rc(1, 2), &[1, 2]);
        restrict(&mut grid, rc(7, 1), &[1, 2, 3]);
        restrict(&mut grid, rc(7, 2), &[1, 2, 3]);
        restrict(&mut grid, rc(7, 4), &[4, 5]);
        restrict(&mut grid, rc(7, 5), &[4, 5]);
        restrict(&mut grid, rc(7, 6), &[3, 6]);
        restrict(&mut grid, rc(7, 3), &[1, 2, 7, 8, 9]);
        restrict(&mut grid, rc(7, 7), &[1, 2, 7, 8, 9]);
        restrict(&mut grid, rc(7, 8), &[1, 2, 6, 7, 8, 9]);
        restrict(&mut grid, rc(7, 9), &[1, 2, 5, 7, 8, 9]);
        let rect = "Uniqueness Test 3: 1/2 in r1c1,r1c2,r7c1,r7c2";
        assert_eq!(
            texts(Technique::UniquenessTest3, &grid),
            [
                format!("{rect} with 3,4,5 in r7c4,r7c5 => r7c6<>3, r7c9<>5"),
                format!("{rect} with 3,4,5,6 in r7c4,r7c5,r7c6 => r7c9<>5, r7c8<>6"),
                format!("{rect} with 3,6 in r7c6 => r7c8<>6"),
            ]
        );
    }
}
