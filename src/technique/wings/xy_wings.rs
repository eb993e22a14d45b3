//! Wings: XY-Wing and XYZ-Wing, three cells holding three digits between them.
//!
//! - XY-Wing: a pivot with candidates {x,y} sees two pincers {x,z} and {y,z}. Whichever digit
//!   the pivot takes, one pincer is z, so z leaves every cell that sees both pincers.
//! - XYZ-Wing: a pivot {x,y,z} sees two pincers {x,z} and {y,z}. One of the three is z, so z
//!   leaves every cell that sees all three.
//!
//! Orders as HoDoKu's (`WingSolver.getWing`): XY-Wings by triples of bivalue cells (see
//! [`xy_wings`]); XYZ-Wings by pivot, then pincer pairs by cell. As in HoDoKu, the three
//! cells are distinct and so are their candidate sets, and a wing is reported only when it
//! removes something. No heap: the candidates are a few set intersections.

use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

/// Pivot {x,y}, pincers {x,z} and {y,z} seeing it: z leaves the cells seeing both pincers.
///
/// HoDoKu's order (`WingSolver.getWing`): triples of bivalue cells i < j < k by cell, the
/// first two sharing one digit and the three holding three digits in three different
/// pairs; in each triple the pivot is tried as i (pincers j, k), as j (pincers i, k), then
/// as k (pincers j, i).
pub fn xy_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    // Its three cells are bivalue, and what it removes the pincers' peers hold.
    sink.search_bivalue_patterns(|sink| find_xy_wings(grid, sink))
}

/// [`xy_wings`] without the look at the memo.
fn find_xy_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let [bivalue, _] = bivalue_and_trivalue(grid);
    let mut cells = [Cell::from_index(0); 81];
    let mut n = 0;
    for cell in bivalue.iter() {
        cells[n] = cell;
        n += 1;
    }
    let cells = &cells[..n];
    for (at, &i) in cells.iter().enumerate() {
        let pair_i = grid.candidates(i);
        for &j in &cells[at + 1..] {
            let pair_j = grid.candidates(j);
            let digits = pair_i | pair_j;
            if digits.len() != 3 {
                continue;
            }
            // Three different pairs of three digits: the third is the one i and j do not
            // share, and only cells after j holding exactly it can be k.
            let third = digits - (pair_i & pair_j);
            let mut ks = bivalue & CellSet::after(j);
            for digit in third.iter() {
                ks &= grid.cells_with(digit);
            }
            for k in ks.iter() {
                for [pivot, a, b] in [[i, j, k], [j, i, k], [k, j, i]] {
                    if !(pivot.peers().contains(a) && pivot.peers().contains(b)) {
                        continue;
                    }
                    let z = (grid.candidates(a) & grid.candidates(b))
                        .single_member()
                        .expect("two of three different pairs of three digits share one");
                    let targets = a.peers() & b.peers() & grid.cells_with(z);
                    push_wing(
                        sink,
                        Technique::XyWing,
                        [pivot, a, b],
                        grid.candidates(pivot),
                        z,
                        targets,
                    )?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Pivot {x,y,z}, pincers {x,z} and {y,z} seeing it: z leaves the cells seeing all three.
pub fn xyz_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let [bivalue, trivalue] = bivalue_and_trivalue(grid);
    for pivot in trivalue.iter() {
        let digits = grid.candidates(pivot);
        // Bivalue peers whose two candidates are both the pivot's.
        let mut pincers = pivot.peers() & bivalue;
        for digit in (!digits).iter() {
            pincers = pincers - grid.cells_with(digit);
        }
        for a in pincers.iter() {
            let pair = grid.candidates(a);
            // A second pincer shares exactly one digit with the first: a different pair.
            for b in pincers
                .iter()
                .filter(|&b| b > a && grid.candidates(b) != pair)
            {
                let z = (pair & grid.candidates(b))
                    .single_member()
                    .expect("two distinct pairs of three digits share one");
                let targets = pivot.peers() & a.peers() & b.peers() & grid.cells_with(z);
                push_wing(sink, Technique::XyzWing, [pivot, a, b], digits, z, targets)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The empty cells with exactly two and exactly three candidates.
fn bivalue_and_trivalue(grid: &Candidates) -> [CellSet; 2] {
    let [_, two, three, four, _] = grid.cells_with_at_least();
    [two - three, three - four]
}

/// Reports the wing of `cells` (pivot first) removing `z` from `targets`, if there are any.
fn push_wing(
    sink: &mut StepSink<'_>,
    technique: Technique,
    [pivot, a, b]: [Cell; 3],
    pivot_digits: DigitSet,
    z: Digit,
    targets: CellSet,
) -> ControlFlow<()> {
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut eliminations = Eliminations::NONE;
    eliminations.insert_cells(targets, z);
    let pattern = Pattern {
        digits: pivot_digits | DigitSet::single(z),
        cells: CellSet::single(pivot) | CellSet::single(a) | CellSet::single(b),
        pivot: Some(pivot),
        ..Pattern::default()
    };
    sink.push(Step::eliminating(technique, pattern, eliminations))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::memo::Memo;
    use crate::technique::test_grids::*;

    fn grid_with(cells: &[(Cell, &[u8])]) -> Candidates {
        let mut grid = Candidates::empty();
        for &(cell, digits) in cells {
            restrict(&mut grid, cell, digits);
        }
        grid
    }

    #[test]
    fn counts_bivalue_and_trivalue_cells() {
        let grid = grid_with(&[
            (Cell::at(0, 0), &[1, 2]),
            (Cell::at(8, 8), &[3, 9]),
            (Cell::at(4, 4), &[1, 5, 9]),
            (Cell::at(2, 2), &[7]),
            (Cell::at(3, 3), &[1, 2, 3, 4]),
        ]);
        let [two, three] = bivalue_and_trivalue(&grid);
        assert_eq!(two.to_string(), "r1c1,r9c9");
        assert_eq!(three.to_string(), "r5c5");
        let mut solved = grid.clone();
        solved.place(Cell::at(0, 0), d(1));
        let [two, _] = bivalue_and_trivalue(&solved);
        assert_eq!(two.to_string(), "r9c9");
    }

    #[test]
    fn xy_wing_with_pincers_in_the_pivots_row_and_column() {
        // Pivot r5c5 {1,2}; r5c1 {1,3} in its row, r1c5 {2,3} in its column. Only r1c1 (and
        // the pivot) sees both pincers. The pivot is written first, the pincers in cell order.
        let grid = grid_with(&[
            (Cell::at(4, 4), &[1, 2]),
            (Cell::at(4, 0), &[1, 3]),
            (Cell::at(0, 4), &[2, 3]),
        ]);
        let steps = Technique::XyWing.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].pattern.pivot, Some(Cell::at(4, 4)));
        assert_eq!(
            steps.display(0).to_string(),
            "XY-Wing: 1,2,3 in r5c5,r1c5,r5c1 => r1c1<>3"
        );
        assert!(Technique::XyzWing.find_all(&grid, None).is_empty());
    }

    #[test]
    fn xy_wing_with_a_pincer_in_the_pivots_box() {
        // Pivot r2c2 {4,6}; r1c3 {4,9} in its box, r7c2 {6,9} in its column. Cells seeing both
        // pincers: r1c2, r3c2 (box 1 and column 2), r7c3, r8c3, r9c3 (column 3 and box 7).
        let grid = grid_with(&[
            (Cell::at(1, 1), &[4, 6]),
            (Cell::at(0, 2), &[4, 9]),
            (Cell::at(6, 1), &[6, 9]),
        ]);
        assert_eq!(
            texts(Technique::XyWing, &grid),
            ["XY-Wing: 4,6,9 in r2c2,r1c3,r7c2 => r1c2,r3c2,r7c3,r8c3,r9c3<>9"]
        );
    }

    #[test]
    fn xy_wing_needs_the_shape_and_something_to_remove() {
        let pivot = (Cell::at(4, 4), &[1, 2][..]);
        let row_pincer = (Cell::at(4, 0), &[1, 3][..]);
        // The pivot does not see the second pincer.
        let far = grid_with(&[pivot, row_pincer, (Cell::at(0, 3), &[2, 3])]);
        // Pincers that share nothing the pivot lacks: {1,3} and {2,4}.
        let unmatched = grid_with(&[pivot, row_pincer, (Cell::at(0, 4), &[2, 4])]);
        // Both pincers hold 1: {1,3} twice.
        let same = grid_with(&[pivot, row_pincer, (Cell::at(0, 4), &[1, 3])]);
        // The wing of the first test, with 3 already gone from r1c1.
        let mut done = grid_with(&[pivot, row_pincer, (Cell::at(0, 4), &[2, 3])]);
        done.eliminate(Cell::at(0, 0), d(3));
        for grid in [far, unmatched, same, done] {
            assert!(Technique::XyWing.find_all(&grid, None).is_empty(), "{grid}");
        }
    }

    #[test]
    fn the_memo_skips_xy_wings_until_a_cell_becomes_bivalue() {
        // The wing of the first test with a third digit in a pincer: nothing, recorded.
        let pivot = (Cell::at(4, 4), &[1, 2][..]);
        let row_pincer = (Cell::at(4, 0), &[1, 3][..]);
        let wide = grid_with(&[pivot, row_pincer, (Cell::at(0, 4), &[2, 3, 7])]);
        let mut memo = Memo::default();
        assert!(remembered_texts(Technique::XyWing, &wide, &mut memo).is_empty());
        assert_eq!(
            memo.changed_since_nothing(Technique::XyWing, &wide),
            Some(CellSet::EMPTY)
        );
        // The pincer loses its 7 and becomes bivalue: searched, and the wing is found.
        let mut closed = wide.clone();
        closed.eliminate(Cell::at(0, 4), d(7));
        let expected = texts(Technique::XyWing, &closed);
        assert_eq!(expected.len(), 1);
        assert_eq!(
            remembered_texts(Technique::XyWing, &closed, &mut memo),
            expected
        );
    }

    #[test]
    fn xyz_wing_with_pincers_in_the_pivots_row_and_box() {
        // Pivot r5c5 {1,2,3}; r5c2 {1,3} in its row, r4c6 {2,3} in its box. Cells seeing all
        // three: r5c4 and r5c6.
        let grid = grid_with(&[
            (Cell::at(4, 4), &[1, 2, 3]),
            (Cell::at(4, 1), &[1, 3]),
            (Cell::at(3, 5), &[2, 3]),
        ]);
        let steps = Technique::XyzWing.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].pattern.pivot, Some(Cell::at(4, 4)));
        assert_eq!(
            steps.display(0).to_string(),
            "XYZ-Wing: 1,2,3 in r5c5,r4c6,r5c2 => r5c4,r5c6<>3"
        );
        assert!(Technique::XyWing.find_all(&grid, None).is_empty());
    }

    #[test]
    fn xyz_wing_with_pincers_in_the_pivots_column_and_box() {
        // Pivot r8c8 {5,7,8}; r2c8 {5,8} in its column, r9c9 {7,8} in its box. Cells seeing
        // all three: r7c8 and r9c8.
        let grid = grid_with(&[
            (Cell::at(7, 7), &[5, 7, 8]),
            (Cell::at(1, 7), &[5, 8]),
            (Cell::at(8, 8), &[7, 8]),
        ]);
        assert_eq!(
            texts(Technique::XyzWing, &grid),
            ["XYZ-Wing: 5,7,8 in r8c8,r2c8,r9c9 => r7c8,r9c8<>8"]
        );
    }

    #[test]
    fn xyz_wing_removes_nothing_from_cells_that_miss_the_pivot() {
        // The wing of the row-and-box test with r5c4 and r5c6 already free of 3. r4c2 sees
        // both pincers but not the pivot, which may be the 3 itself: nothing to remove.
        let mut grid = grid_with(&[
            (Cell::at(4, 4), &[1, 2, 3]),
            (Cell::at(4, 1), &[1, 3]),
            (Cell::at(3, 5), &[2, 3]),
        ]);
        grid.eliminate(Cell::at(4, 3), d(3));
        grid.eliminate(Cell::at(4, 5), d(3));
        assert!(grid.has(Cell::at(3, 1), d(3)));
        assert!(Technique::XyzWing.find_all(&grid, None).is_empty());
        // Pincers with the same two digits are no wing.
        let same = grid_with(&[
            (Cell::at(4, 4), &[1, 2, 3]),
            (Cell::at(4, 1), &[1, 3]),
            (Cell::at(3, 5), &[1, 3]),
        ]);
        assert!(Technique::XyzWing.find_all(&same, None).is_empty());
    }
}
