//! W-Wing: two bivalue cells with the same two digits x and y, and a conjugate pair of y
//! (a house where y has exactly two places, neither of them the wing cells) with one end
//! seeing each wing cell. One end of the pair is y, so the wing cell it sees is x; either
//! way one of the wing cells is x, and every cell seeing both loses x.
//!
//! `W-Wing: 5/9 in r2c1,r6c6 connected by 9 in r4c1,r4c6 => r2c6,r6c1<>5`: r2c1 and r6c6
//! hold 5,9; row 4 has 9 only in r4c1 (seeing r2c1) and r4c6 (seeing r6c6).
//!
//! As in HoDoKu 2.2, each pair of wing cells and eliminated digit is one step, with the
//! first strong link found (in house order); other links for the same wing would remove
//! the same candidates. Unlike HoDoKu's scan, an end seeing both wing cells is tried with
//! either of them.

use crate::bitset::{CellSet, DigitSet, has_two_bits};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub fn w_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let bivalue = grid.cells_with_exactly(2);
    for first in bivalue.iter() {
        let pair = grid.candidates(first);
        let later = bivalue & CellSet::after(first);
        for second in later.iter() {
            if grid.candidates(second) != pair {
                continue;
            }
            for eliminated in pair.iter() {
                let targets = grid.cells_with(eliminated) & first.peers() & second.peers();
                if targets.is_empty() {
                    continue;
                }
                let link_digit = (pair - DigitSet::single(eliminated))
                    .first()
                    .expect("a bivalue cell has two digits");
                let Some(link) = strong_link(grid, link_digit, first, second) else {
                    continue;
                };
                let mut eliminations = Eliminations::NONE;
                eliminations.insert_cells(targets, eliminated);
                let pattern = Pattern {
                    digits: pair,
                    cells: [first, second].into_iter().collect(),
                    links: link,
                    link_digit: Some(link_digit),
                    ..Pattern::default()
                };
                sink.push(Step::eliminating(Technique::WWing, pattern, eliminations))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The first conjugate pair of `digit`, away from `a` and `b`, with one end seeing `a`
/// and the other `b`.
fn strong_link(grid: &Candidates, digit: Digit, a: Cell, b: Cell) -> Option<CellSet> {
    House::all().find_map(|house| {
        if !has_two_bits(grid.positions(house, digit)) {
            return None;
        }
        let ends = grid.cells_with(digit) & house.cell_set();
        if ends.contains(a) || ends.contains(b) {
            return None;
        }
        let mut cells = ends.iter();
        let (p, q) = (cells.next()?, cells.next()?);
        let joins = (p.sees(a) && q.sees(b)) || (p.sees(b) && q.sees(a));
        joins.then_some(ends)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// Leaves only `digits` in `cell`.
    fn bivalue(grid: &mut Candidates, cell: Cell, digits: [u8; 2]) {
        for digit in Digit::all().filter(|x| !digits.contains(&x.get())) {
            grid.eliminate(cell, digit);
        }
    }

    /// r2c1 and r6c6 hold 5,9; row 4 has 9 only in r4c1 and r4c6.
    fn row_linked_wing() -> Candidates {
        let mut grid = Candidates::empty();
        bivalue(&mut grid, rc(2, 1), [5, 9]);
        bivalue(&mut grid, rc(6, 6), [5, 9]);
        remove(&mut grid, d(9), &row_except(4, &[1, 6]));
        grid
    }

    #[test]
    fn w_wing_through_a_row() {
        // r4c1 or r4c6 is 9: then r2c1 (column 1) or r6c6 (column 6) is not 9, so 5.
        // r2c6 and r6c1 see both. No house has exactly two 5s: nothing for 9.
        assert_eq!(
            texts(Technique::WWing, &row_linked_wing()),
            ["W-Wing: 5/9 in r2c1,r6c6 connected by 9 in r4c1,r4c6 => r2c6,r6c1<>5"]
        );
    }

    #[test]
    fn w_wing_through_a_box_and_through_a_column() {
        // r1c1 and r9c9 hold 2,7; box 3 has 7 only in r1c8 (row 1) and r3c9 (column 9).
        let mut grid = Candidates::empty();
        bivalue(&mut grid, rc(1, 1), [2, 7]);
        bivalue(&mut grid, rc(9, 9), [2, 7]);
        remove(&mut grid, d(7), &box_except(3, &[rc(1, 8), rc(3, 9)]));
        assert_eq!(
            texts(Technique::WWing, &grid),
            ["W-Wing: 2/7 in r1c1,r9c9 connected by 7 in r1c8,r3c9 => r1c9,r9c1<>2"]
        );
        // r3c2 and r8c7 hold 1,4; column 5 has 1 only in r3c5 and r8c5: eliminate 4.
        let mut grid = Candidates::empty();
        bivalue(&mut grid, rc(3, 2), [1, 4]);
        bivalue(&mut grid, rc(8, 7), [1, 4]);
        remove(&mut grid, d(1), &col_except(5, &[3, 8]));
        assert_eq!(
            texts(Technique::WWing, &grid),
            ["W-Wing: 4/1 in r3c2,r8c7 connected by 1 in r3c5,r8c5 => r3c7,r8c2<>4"]
        );
    }

    #[test]
    fn w_wing_whose_link_end_sees_both_wing_cells() {
        // r1c1 and r5c9 hold 3,6; box 4 has 6 only in r4c1 (sees r1c1) and r5c1 (sees
        // both). If r4c1 is 6, r1c1 is 3; if r5c1 is 6, r5c9 is 3. r1c9 and r5c1 see both.
        let mut grid = Candidates::empty();
        bivalue(&mut grid, rc(1, 1), [3, 6]);
        bivalue(&mut grid, rc(5, 9), [3, 6]);
        remove(&mut grid, d(6), &box_except(4, &[rc(4, 1), rc(5, 1)]));
        assert_eq!(
            texts(Technique::WWing, &grid),
            ["W-Wing: 3/6 in r1c1,r5c9 connected by 6 in r4c1,r5c1 => r1c9,r5c1<>3"]
        );
    }

    #[test]
    fn no_w_wing_without_a_link_a_matching_pair_or_targets() {
        // The link misses r6c6: row 4 keeps 9 in c1 and c8.
        let mut grid = Candidates::empty();
        bivalue(&mut grid, rc(2, 1), [5, 9]);
        bivalue(&mut grid, rc(6, 6), [5, 9]);
        remove(&mut grid, d(9), &row_except(4, &[1, 8]));
        assert!(texts(Technique::WWing, &grid).is_empty());
        // The wing cells hold different pairs.
        let mut grid = Candidates::empty();
        bivalue(&mut grid, rc(2, 1), [5, 9]);
        bivalue(&mut grid, rc(6, 6), [4, 9]);
        remove(&mut grid, d(9), &row_except(4, &[1, 6]));
        assert!(texts(Technique::WWing, &grid).is_empty());
        // The first wing with its targets already gone.
        let mut grid = row_linked_wing();
        remove(&mut grid, d(5), &[rc(2, 6), rc(6, 1)]);
        assert!(texts(Technique::WWing, &grid).is_empty());
    }
}
