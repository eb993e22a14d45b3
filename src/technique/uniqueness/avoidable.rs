//! Avoidable rectangles, types 1 and 2.
//!
//! **They assume the puzzle has exactly one solution** (see [`super`]).
//!
//! Four cells in two rows, two columns and two boxes, none of them a given. Were they x,y
//! crosswise, swapping x and y in them would give a second solution that keeps every
//! given. So when the solver has set two corners of one box to x and y, the other two
//! corners must not end up y (the one in x's line) and x (the one in y's line).
//! - Type 1: a third corner is set too; the fourth, holding the digit that would close
//!   the pattern and one other, loses that digit.
//!   `Avoidable Rectangle Type 1: 1/2 in r3c4,r3c5,r7c4,r7c5 => r7c5<>1`.
//! - Type 2: the other two corners hold y and z, and x and z: one of them is z, so z leaves
//!   the cells that see both.
//!   `Avoidable Rectangle Type 2: 1/2 in r1c1,r1c2,r5c1,r5c2 => r5c9<>7`.
//!
//! HoDoKu 2.2's order: the cells the solver set, in cell order, as the first corner (x its
//! digit); the second corner in its box, in its row or column, in box order, also set by
//! the solver (y its digit); then the other two corners as for unique rectangles
//! ([`super::rectangles::far_corners`]). Each rectangle once: from its second corner it
//! gives the same step again. Quirk kept because it changes what is found: an unsolved
//! corner must hold exactly two candidates, in type 1 too, where its second one plays no
//! part.

use super::rectangles::{far_corners, mates};
use crate::bitset::{CellSet, DigitSet, bit_positions};
use crate::candidates::Candidates;
use crate::geometry::Cell;
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub fn avoidable_rectangles_1(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    avoidable_rectangles(grid, sink, Technique::AvoidableRectangle1)
}

pub fn avoidable_rectangles_2(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    avoidable_rectangles(grid, sink, Technique::AvoidableRectangle2)
}

/// The avoidable rectangles of `technique`'s type, in HoDoKu's order (see the module).
fn avoidable_rectangles(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    technique: Technique,
) -> ControlFlow<()> {
    let set_by_solver = !grid.unsolved() - grid.givens();
    // Either type needs a far corner holding two candidates.
    let bivalue = grid.cells_with_exactly(2);
    for start in set_by_solver.iter() {
        // A mate before `start` has had the rectangle, with the same outcome.
        let later = mates(start).filter(|&mate| mate > start && set_by_solver.contains(mate));
        for mate in later {
            for [far_start, far_mate] in far_corners(start, mate) {
                if !bivalue.contains(far_start) && !bivalue.contains(far_mate) {
                    continue;
                }
                let corners = [start, mate, far_start, far_mate];
                let Some((found, eliminations)) = avoidance(grid, set_by_solver, corners) else {
                    continue;
                };
                if found == technique && !eliminations.is_empty() {
                    let pattern = Pattern {
                        digits: [start, mate]
                            .into_iter()
                            .filter_map(|cell| grid.value(cell))
                            .collect(),
                        cells: corners.into_iter().collect::<CellSet>(),
                        ..Pattern::default()
                    };
                    sink.push(Step::eliminating(technique, pattern, eliminations))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The rectangles either type could find in `grid` whatever its givens, each as its set
/// corners, pushed onto `corners`: those that are one, and remove something, when no set
/// cell is a given. Givens only take rectangles away: such a rectangle is found exactly
/// when none of its set corners is a given (a set corner must be the solver's, and an
/// unsolved one holds the same candidates either way), and no other is ever found. So
/// two grids with the same values and candidates whose givens miss the same of these
/// corner sets give the same steps in the same order.
///
/// The memory of a walk's solves asks this at every pass that reaches the rectangles, so
/// it works on lines as bit masks: per line, the positions of its set cells; per
/// crossing line, the lines where it has a cell with two candidates. A pair of set cells
/// in one line and one box is a rectangle's first two corners with each line of another
/// box row (column) where either far corner holds two candidates.
pub fn rectangles_givens_may_hide(grid: &Candidates, corners: &mut Vec<CellSet>) {
    let set = !grid.unsolved();
    // Per row, the columns of its set cells, and per column its rows; per column, the
    // rows where it has a cell with two candidates, and per row those columns.
    let (mut set_in_row, mut set_in_column) = ([0u64; 9], [0u64; 9]);
    for cell in set.iter() {
        set_in_row[cell.row()] |= 1 << cell.col();
        set_in_column[cell.col()] |= 1 << cell.row();
    }
    let (mut bivalue_in_row, mut bivalue_in_column) = ([0u64; 9], [0u64; 9]);
    for cell in grid.cells_with_exactly(2).iter() {
        bivalue_in_row[cell.row()] |= 1 << cell.col();
        bivalue_in_column[cell.col()] |= 1 << cell.row();
    }
    let in_row = |row, col| Cell::at(row, col);
    let in_column = |col, row| Cell::at(row, col);
    let rows = Lines {
        set: &set_in_row,
        bivalue_across: &bivalue_in_column,
        cell_at: in_row,
    };
    rows.rectangles(grid, set, corners);
    let columns = Lines {
        set: &set_in_column,
        bivalue_across: &bivalue_in_row,
        cell_at: in_column,
    };
    columns.rectangles(grid, set, corners);
}

/// The rows, or the columns, of a grid as bit masks, for the rectangles whose first two
/// corners share one of them.
struct Lines<'a, F> {
    /// Per line, the positions of its set cells.
    set: &'a [u64; 9],
    /// Per position, the lines where the line crossing there has a cell with two
    /// candidates.
    bivalue_across: &'a [u64; 9],
    /// The cell at a position of a line.
    cell_at: F,
}

impl<F: Fn(usize, usize) -> Cell> Lines<'_, F> {
    /// [`rectangles_givens_may_hide`] for these lines: a pair of set cells in one line and
    /// one box, with each line of another box where either far corner holds two
    /// candidates.
    fn rectangles(&self, grid: &Candidates, set: CellSet, corners: &mut Vec<CellSet>) {
        for (line, &positions) in self.set.iter().enumerate() {
            let other_lines = 0x1ff & !(0b111 << (line / 3 * 3));
            for start in bit_positions(positions) {
                // A later set cell of the line in the same box.
                let later_in_box = (0b111 << (start / 3 * 3)) & !((2 << start) - 1);
                for mate in bit_positions(positions & later_in_box) {
                    let far_lines =
                        (self.bivalue_across[start] | self.bivalue_across[mate]) & other_lines;
                    for far in bit_positions(far_lines) {
                        let rectangle = [
                            (self.cell_at)(line, start),
                            (self.cell_at)(line, mate),
                            (self.cell_at)(far, start),
                            (self.cell_at)(far, mate),
                        ];
                        let removes = avoidance(grid, set, rectangle)
                            .is_some_and(|(_, removed)| !removed.is_empty());
                        if removes {
                            corners.push(set & rectangle.into_iter().collect::<CellSet>());
                        }
                    }
                }
            }
        }
    }
}

/// The type of the avoidable rectangle `[start, mate, far_start, far_mate]`, `start` and
/// `mate` set by the solver, and what it removes; `None` when it is none.
fn avoidance(
    grid: &Candidates,
    set_by_solver: CellSet,
    [start, mate, far_start, far_mate]: [Cell; 4],
) -> Option<(Technique, Eliminations)> {
    let value = |cell| grid.value(cell).expect("a set cell");
    let (x, y) = (value(start), value(mate));
    let set_to = |cell, digit| set_by_solver.contains(cell) && grid.value(cell) == Some(digit);
    let pair_with = |cell, digit| grid.candidates(cell).len() == 2 && grid.has(cell, digit);
    // The pattern to avoid: y in `far_start` (in x's line), x in `far_mate`.
    let mut eliminations = Eliminations::NONE;
    if set_to(far_start, y) && pair_with(far_mate, x) {
        eliminations.insert(far_mate, x);
        Some((Technique::AvoidableRectangle1, eliminations))
    } else if set_to(far_mate, x) && pair_with(far_start, y) {
        eliminations.insert(far_start, y);
        Some((Technique::AvoidableRectangle1, eliminations))
    } else if pair_with(far_start, y) && pair_with(far_mate, x) {
        let z = (grid.candidates(far_start) - DigitSet::single(y))
            .first()
            .expect("two candidates");
        if grid.has(far_mate, z) {
            let targets = far_start.peers() & far_mate.peers() & grid.cells_with(z);
            eliminations.insert_cells(targets, z);
        }
        Some((Technique::AvoidableRectangle2, eliminations))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// An empty grid with `set` placed by the solver and `pairs` holding only two digits.
    fn grid(set: &[(Cell, u8)], pairs: &[(Cell, [u8; 2])]) -> Candidates {
        let mut grid = Candidates::empty();
        for &(cell, digit) in set {
            grid.place(cell, d(digit));
        }
        for (cell, digits) in pairs {
            restrict(&mut grid, *cell, digits);
        }
        grid
    }

    #[test]
    fn avoidable_rectangle_1_in_a_stack_and_in_a_band() {
        // r3c4=1, r3c5=2, r7c4=2: r7c5=1 would close the pattern.
        let stack = [(rc(3, 4), 1), (rc(3, 5), 2), (rc(7, 4), 2)];
        assert_eq!(
            texts(
                Technique::AvoidableRectangle1,
                &grid(&stack, &[(rc(7, 5), [1, 9])])
            ),
            ["Avoidable Rectangle Type 1: 1/2 in r3c4,r3c5,r7c4,r7c5 => r7c5<>1"]
        );
        // r1c1=5, r2c1=6, r2c7=5: r1c7=6 would close it.
        let band = [(rc(1, 1), 5), (rc(2, 1), 6), (rc(2, 7), 5)];
        assert_eq!(
            texts(
                Technique::AvoidableRectangle1,
                &grid(&band, &[(rc(1, 7), [6, 9])])
            ),
            ["Avoidable Rectangle Type 1: 5/6 in r1c1,r1c7,r2c1,r2c7 => r1c7<>6"]
        );
        assert!(
            texts(
                Technique::AvoidableRectangle2,
                &grid(&band, &[(rc(1, 7), [6, 9])])
            )
            .is_empty()
        );
    }

    /// r3c4=1, r3c5=2 (a given), r7c4=2, r7c5 holding 1 and 9: type 1 but for the given.
    fn type_1_with_a_given() -> Candidates {
        let mut grid = Candidates::empty();
        grid.place(rc(3, 4), d(1));
        grid.place_given(rc(3, 5), d(2));
        grid.place(rc(7, 4), d(2));
        restrict(&mut grid, rc(7, 5), &[1, 9]);
        grid
    }

    #[test]
    fn avoidable_rectangle_1_wants_no_given_and_hodoku_s_two_candidates() {
        // With r3c5 given, the pattern is no longer avoidable: swapping would change it.
        let with_given = type_1_with_a_given();
        assert!(texts(Technique::AvoidableRectangle1, &with_given).is_empty());
        // HoDoKu's quirk: r7c5 holding 1, 8 and 9 is not taken, though it cannot be 1.
        let stack = [(rc(3, 4), 1), (rc(3, 5), 2), (rc(7, 4), 2)];
        let mut three = grid(&stack, &[]);
        restrict(&mut three, rc(7, 5), &[1, 8, 9]);
        assert!(texts(Technique::AvoidableRectangle1, &three).is_empty());
    }

    /// Each rectangle found with no givens is listed by its set corners, whichever of
    /// them are givens; one that removes nothing is not.
    #[test]
    fn the_rectangles_givens_may_hide_are_those_found_without_givens() {
        let corners = |grid: &Candidates| {
            let mut corners = Vec::new();
            rectangles_givens_may_hide(grid, &mut corners);
            corners
        };
        let set_corners: CellSet = [rc(3, 4), rc(3, 5), rc(7, 4)].into_iter().collect();
        // Type 1 in a stack: found, and listed.
        let stack = [(rc(3, 4), 1), (rc(3, 5), 2), (rc(7, 4), 2)];
        let found = grid(&stack, &[(rc(7, 5), [1, 9])]);
        assert_eq!(texts(Technique::AvoidableRectangle1, &found).len(), 1);
        assert_eq!(corners(&found), [set_corners]);
        // The same with r3c5 given: hidden from the search, listed all the same.
        let with_given = type_1_with_a_given();
        assert!(texts(Technique::AvoidableRectangle1, &with_given).is_empty());
        assert_eq!(corners(&with_given), [set_corners]);
        // Type 2 in a band: its two set corners.
        let band = grid(
            &[(rc(1, 1), 1), (rc(1, 2), 2)],
            &[(rc(5, 1), [2, 7]), (rc(5, 2), [1, 7]), (rc(5, 9), [3, 7])],
        );
        assert_eq!(texts(Technique::AvoidableRectangle2, &band).len(), 1);
        let pair: CellSet = [rc(1, 1), rc(1, 2)].into_iter().collect();
        assert_eq!(corners(&band), [pair]);
        // Type 2 with nothing to remove: the far corners share no third digit.
        let idle = grid(
            &[(rc(1, 1), 1), (rc(1, 2), 2)],
            &[(rc(5, 1), [2, 7]), (rc(5, 2), [1, 8])],
        );
        assert!(corners(&idle).is_empty());
    }

    /// The rectangles givens may hide, by definition: every rectangle of two boxes, each
    /// of its two corner pairs that share a box and are set as the first two corners.
    fn rectangles_by_definition(grid: &Candidates) -> Vec<CellSet> {
        let set = !grid.unsolved();
        let mut corners = Vec::new();
        for (r1, r2, c1, c2) in (0..9).flat_map(|r1| {
            (r1 + 1..9).flat_map(move |r2| {
                (0..9).flat_map(move |c1| (c1 + 1..9).map(move |c2| (r1, r2, c1, c2)))
            })
        }) {
            let cells = [
                rc(r1 + 1, c1 + 1),
                rc(r1 + 1, c2 + 1),
                rc(r2 + 1, c1 + 1),
                rc(r2 + 1, c2 + 1),
            ];
            let boxes: CellSet = cells.into_iter().collect();
            if cells
                .iter()
                .map(|c| c.box_index())
                .collect::<std::collections::BTreeSet<_>>()
                .len()
                != 2
            {
                continue;
            }
            let [a, b, c, e] = cells;
            // The pairs in one box: a row pair (far corners below it in their columns) or
            // a column pair (far corners beside it in their rows).
            let pairs = match r1 / 3 == r2 / 3 {
                true => [[a, c, b, e], [b, e, a, c]],
                false => [[a, b, c, e], [c, e, a, b]],
            };
            for rectangle in pairs {
                if set.contains(rectangle[0]) && set.contains(rectangle[1]) {
                    let removes = avoidance(grid, set, rectangle)
                        .is_some_and(|(_, removed)| !removed.is_empty());
                    if removes {
                        corners.push(set & boxes);
                    }
                }
            }
        }
        corners.sort_unstable();
        corners.dedup();
        corners
    }

    /// On every grid of the standard ladder's solves of hard puzzles, the rectangles listed
    /// are those of the definition.
    #[test]
    fn the_rectangles_givens_may_hide_agree_with_the_definition_on_real_grids() {
        let solver = crate::solver::Solver::new(
            crate::ladder::Ladder::default(),
            crate::solver::Policy::Single,
        );
        let (mut grids, mut with_rectangles) = (0, 0);
        for puzzle in hard_rated_puzzles(sample_stride(4)) {
            let report = solver.solve(&puzzle, None);
            let mut grid = Candidates::from_puzzle(&puzzle);
            for step in report.steps.iter() {
                step.apply_to(&mut grid);
                let mut listed = Vec::new();
                rectangles_givens_may_hide(&grid, &mut listed);
                listed.sort_unstable();
                listed.dedup();
                assert_eq!(listed, rectangles_by_definition(&grid), "in\n{grid}");
                grids += 1;
                with_rectangles += usize::from(!listed.is_empty());
            }
        }
        assert!(
            with_rectangles > 100 && with_rectangles < grids,
            "{with_rectangles} of {grids}"
        );
    }

    #[test]
    fn avoidable_rectangle_1_starts_from_the_first_set_cell() {
        // r1c4,r1c5 starts at r1c4 and removes from r7c5; r2c1,r3c1 starts at r2c1 and
        // removes from r3c8, an earlier cell: HoDoKu takes the first.
        let set = [
            (rc(1, 4), 1),
            (rc(1, 5), 2),
            (rc(7, 4), 2),
            (rc(2, 1), 3),
            (rc(3, 1), 4),
            (rc(2, 8), 4),
        ];
        let pairs = [(rc(7, 5), [1, 9]), (rc(3, 8), [3, 9])];
        assert_eq!(
            texts(Technique::AvoidableRectangle1, &grid(&set, &pairs)),
            [
                "Avoidable Rectangle Type 1: 1/2 in r1c4,r1c5,r7c4,r7c5 => r7c5<>1",
                "Avoidable Rectangle Type 1: 3/4 in r2c1,r2c8,r3c1,r3c8 => r3c8<>3",
            ]
        );
    }

    #[test]
    fn avoidable_rectangle_2_in_a_stack_and_in_a_band() {
        // r3c4=1, r3c5=2; r7c4 holds 2,7 and r7c5 1,7: one of them is 7. 7 is left in
        // row 7 and box 8 only at r7c1 and r9c6.
        let set = [(rc(3, 4), 1), (rc(3, 5), 2)];
        let mut stack = grid(&set, &[(rc(7, 4), [2, 7]), (rc(7, 5), [1, 7])]);
        remove(&mut stack, d(7), &row_except(7, &[1, 4, 5]));
        remove(
            &mut stack,
            d(7),
            &box_except(8, &[rc(7, 4), rc(7, 5), rc(9, 6)]),
        );
        assert_eq!(
            texts(Technique::AvoidableRectangle2, &stack),
            ["Avoidable Rectangle Type 2: 1/2 in r3c4,r3c5,r7c4,r7c5 => r7c1,r9c6<>7"]
        );
        // r1c1=5, r2c1=6; r1c7 holds 6,8 and r2c7 5,8; 8 left at r5c7 only.
        let set = [(rc(1, 1), 5), (rc(2, 1), 6)];
        let mut band = grid(&set, &[(rc(1, 7), [6, 8]), (rc(2, 7), [5, 8])]);
        remove(&mut band, d(8), &col_except(7, &[1, 2, 5]));
        remove(&mut band, d(8), &box_except(3, &[rc(1, 7), rc(2, 7)]));
        assert_eq!(
            texts(Technique::AvoidableRectangle2, &band),
            ["Avoidable Rectangle Type 2: 5/6 in r1c1,r1c7,r2c1,r2c7 => r5c7<>8"]
        );
        // Nothing left to remove once r5c7 has lost 8.
        band.eliminate(rc(5, 7), d(8));
        assert!(texts(Technique::AvoidableRectangle2, &band).is_empty());
        // Different second digits: nothing.
        let other = grid(&set, &[(rc(1, 7), [6, 8]), (rc(2, 7), [5, 9])]);
        assert!(texts(Technique::AvoidableRectangle2, &other).is_empty());
        assert!(texts(Technique::AvoidableRectangle1, &other).is_empty());
    }

    #[test]
    fn avoidable_rectangle_2_takes_second_corners_in_box_order() {
        // From r1c1=1: its box-mate r1c2=2 (the row) comes before r2c1=3 (the column) in
        // box order, though the column's rectangle removes from an earlier cell (r3c5).
        let set = [(rc(1, 1), 1), (rc(1, 2), 2), (rc(2, 1), 3)];
        let pairs = [
            (rc(5, 1), [2, 7]),
            (rc(5, 2), [1, 7]),
            (rc(1, 5), [3, 8]),
            (rc(2, 5), [1, 8]),
        ];
        let mut grid = grid(&set, &pairs);
        remove(&mut grid, d(7), &row_except(5, &[1, 2, 9]));
        remove(&mut grid, d(7), &box_except(4, &[rc(5, 1), rc(5, 2)]));
        remove(&mut grid, d(8), &col_except(5, &[1, 2, 3]));
        remove(
            &mut grid,
            d(8),
            &box_except(2, &[rc(1, 5), rc(2, 5), rc(3, 5)]),
        );
        assert_eq!(
            texts(Technique::AvoidableRectangle2, &grid),
            [
                "Avoidable Rectangle Type 2: 1/2 in r1c1,r1c2,r5c1,r5c2 => r5c9<>7",
                "Avoidable Rectangle Type 2: 1/3 in r1c1,r1c5,r2c1,r2c5 => r3c5<>8",
            ]
        );
    }
}
