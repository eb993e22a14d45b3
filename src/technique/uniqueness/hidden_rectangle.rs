//! Hidden Rectangle.
//!
//! **It assumes the puzzle has exactly one solution** (see [`super`]).
//!
//! A unique rectangle for x,y (see [`super::rectangles`]) where one corner holds only x,y
//! (when two do, they are across a diagonal). If x has no place in the row and the column of the opposite corner
//! but the rectangle's corners, the opposite corner cannot be y: x would then take the
//! two corners beside it, the first corner, seeing both, would be y, and the rectangle
//! would be deadly. `Hidden Rectangle: 3/4 in r3c4,r3c5,r9c4,r9c5 => r3c5<>4`.
//!
//! HoDoKu 2.2's order: rectangles as in [`super::rectangles`]; in each, the corners holding
//! only x,y in cell order, and for each x (the lower digit) then y as the confined digit.
//! Each removal is a step.

use super::rectangles::rectangles;
use crate::candidates::Candidates;
use crate::geometry::House;
use crate::hodoku::catalogue::Technique;
use crate::step::Eliminations;
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub fn hidden_rectangles(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let mut steps = Vec::new();
        if !rect.extra_across() {
            return steps;
        }
        let [x, y] = rect.pair();
        for corner in (rect.corners - rect.extra).iter() {
            let opposite = rect.opposite(corner);
            let lines =
                House::row(opposite.row()).cell_set() | House::column(opposite.col()).cell_set();
            let outside = lines - rect.corners;
            for (confined, removed) in [(x, y), (y, x)] {
                if !outside.intersects(grid.cells_with(confined)) && grid.has(opposite, removed) {
                    let mut eliminations = Eliminations::NONE;
                    eliminations.insert(opposite, removed);
                    steps.extend(rect.step(Technique::HiddenRectangle, eliminations));
                }
            }
        }
        steps
    })
    .run(sink)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::technique::test_grids::*;

    /// An empty grid with `plain` holding only `pair`, and each `(digit, cell)` of
    /// `confined` removed from that cell's row and column except at `corners`.
    fn grid(
        pair: [u8; 2],
        plain: &[Cell],
        confined: &[(u8, Cell)],
        corners: [Cell; 4],
    ) -> Candidates {
        let mut grid = Candidates::empty();
        for &cell in plain {
            restrict(&mut grid, cell, &pair);
        }
        for &(digit, cell) in confined {
            let lines = House::row(cell.row()).cell_set() | House::column(cell.col()).cell_set();
            for other in lines.iter().filter(|c| !corners.contains(c)) {
                grid.eliminate(other, d(digit));
            }
        }
        grid
    }

    #[test]
    fn hidden_rectangle_in_a_stack_and_in_a_band() {
        // Boxes 2 and 8: r9c4 holds 3,4; 3 has no place in row 3 and column 5 but the
        // corners, so r3c5 cannot be 4.
        let corners = [rc(3, 4), rc(3, 5), rc(9, 4), rc(9, 5)];
        let stack = grid([3, 4], &[rc(9, 4)], &[(3, rc(3, 5))], corners);
        assert_eq!(
            texts(Technique::HiddenRectangle, &stack),
            ["Hidden Rectangle: 3/4 in r3c4,r3c5,r9c4,r9c5 => r3c5<>4"]
        );
        // Boxes 1 and 3: r2c1 holds 6,8; 8 is confined in row 3 and column 8.
        let corners = [rc(2, 1), rc(2, 8), rc(3, 1), rc(3, 8)];
        let band = grid([6, 8], &[rc(2, 1)], &[(8, rc(3, 8))], corners);
        assert_eq!(
            texts(Technique::HiddenRectangle, &band),
            ["Hidden Rectangle: 6/8 in r2c1,r2c8,r3c1,r3c8 => r3c8<>6"]
        );
        // Nothing to remove once r3c8 has lost 6; a 3 at r6c5 breaks the first.
        let mut cleared = band;
        cleared.eliminate(rc(3, 8), d(6));
        assert!(texts(Technique::HiddenRectangle, &cleared).is_empty());
        let corners = [rc(3, 4), rc(3, 5), rc(9, 4), rc(9, 5)];
        let mut broken = grid([3, 4], &[rc(9, 4)], &[], corners);
        remove(&mut broken, d(3), &row_except(3, &[4, 5]));
        remove(&mut broken, d(3), &col_except(5, &[3, 6, 9]));
        assert!(texts(Technique::HiddenRectangle, &broken).is_empty());
    }

    #[test]
    fn hidden_rectangle_takes_the_plain_corners_in_cell_order() {
        // r3c4 and r9c5 both hold only 3,4. From r3c4, 4 is confined around r9c5, which
        // loses 3; from r9c5, 3 is confined around r3c4, which loses 4. HoDoKu takes the
        // first corner's step.
        let corners = [rc(3, 4), rc(3, 5), rc(9, 4), rc(9, 5)];
        let plain = [rc(3, 4), rc(9, 5)];
        let grid = grid([3, 4], &plain, &[(4, rc(9, 5)), (3, rc(3, 4))], corners);
        assert_eq!(
            texts(Technique::HiddenRectangle, &grid),
            [
                "Hidden Rectangle: 3/4 in r3c4,r3c5,r9c4,r9c5 => r9c5<>3",
                "Hidden Rectangle: 3/4 in r3c4,r3c5,r9c4,r9c5 => r3c4<>4",
            ]
        );
    }
}
