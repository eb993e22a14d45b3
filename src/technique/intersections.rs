//! Intersections: what follows when a box and a row or column share a digit's last places.
//!
//! - Locked Candidates Type 1 (Pointing): a digit's candidates in a box all lie in one row
//!   or column; the digit leaves the rest of that line.
//! - Locked Candidates Type 2 (Claiming): a digit's candidates in a row or column all lie in
//!   one box; the digit leaves the rest of that box.
//!
//! Locked Pair and Locked Triple, naked subsets in a box/line intersection, are searched
//! with the other naked subsets ([`super::sets::naked_subsets`]), as HoDoKu does.
//!
//! Definitions follow HoDoKu 2.2: locked candidates need two or three places (one place is a
//! hidden single). Search order, as HoDoKu's: boxes (then rows, then columns for claiming)
//! in order, digits ascending.

use crate::bitset::{DigitSet, HouseSet};
use crate::candidates::Candidates;
use crate::geometry::{Digit, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

/// Positions 0, 1, 2 of a box or line: the first third (a box's top row, a line's first box).
const THIRD: u16 = 0b111;
/// Positions 0, 3, 6 of a box: its left column.
const BOX_COLUMN: u16 = 0b001_001_001;
/// No line: the mask's places are not two or three in one row or column of a box.
const SPREAD: u8 = u8::MAX;

/// For each mask of two or three places in a box: the box row (0-2) or box column (3-5)
/// holding them all, else [`SPREAD`]. Read on a row or column's mask, a row index of the
/// box is the third of the line (which box) holding them.
static CONFINED: [u8; 512] = {
    let mut table = [SPREAD; 512];
    let mut mask = 0;
    while mask < 512 {
        let places = mask as u16;
        if matches!(places.count_ones(), 2 | 3) {
            let mut k = 0;
            while k < 3 {
                if places & !(THIRD << (3 * k)) == 0 {
                    table[mask] = k as u8;
                } else if places & !(BOX_COLUMN << k) == 0 {
                    table[mask] = 3 + k as u8;
                }
                k += 1;
            }
        }
        mask += 1;
    }
    table
};

/// A digit's candidates in a box all in one row or column: remove it from the rest of the line.
pub fn pointing(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let searched = sink.houses();
    for box_ in House::all_of(HouseKind::Box).filter(|&b| searched.contains(b)) {
        let (top, left) = (box_.number() / 3 * 3, box_.number() % 3 * 3);
        for digit in Digit::all() {
            // The line, and its positions outside the box: there must be something there.
            let (line, outside) = match CONFINED[grid.positions(box_, digit) as usize] {
                SPREAD => continue,
                r @ 0..3 => (House::row(top + r as usize), !(THIRD << left)),
                c => (House::column(left + c as usize - 3), !(THIRD << top)),
            };
            if grid.positions(line, digit) & outside == 0 {
                continue;
            }
            push_locked_candidates(
                grid,
                sink,
                Technique::LockedCandidatesPointing,
                digit,
                box_,
                line,
            )?;
        }
    }
    ControlFlow::Continue(())
}

/// A digit's candidates in a row or column all in one box: remove it from the rest of the box.
pub fn claiming(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let searched = sink.houses();
    for line in (0..18)
        .map(House::from_index)
        .filter(|&l| searched.contains(l))
    {
        for digit in Digit::all() {
            // A row index of a box, read on a line's mask, is the third holding the places.
            let third = match CONFINED[grid.positions(line, digit) as usize] {
                t @ 0..3 => t as usize,
                _ => continue,
            };
            let n = line.number();
            // The box, and the line's positions in it: there must be something besides.
            let (box_, inside) = if line.index() < 9 {
                (House::box_(n / 3 * 3 + third), THIRD << (3 * (n % 3)))
            } else {
                (House::box_(third * 3 + n / 3), BOX_COLUMN << (n % 3))
            };
            if grid.positions(box_, digit) & !inside == 0 {
                continue;
            }
            push_locked_candidates(
                grid,
                sink,
                Technique::LockedCandidatesClaiming,
                digit,
                line,
                box_,
            )?;
        }
    }
    ControlFlow::Continue(())
}

/// Reports that `digit`, confined in `base` to its intersection with `other`, leaves the rest
/// of `other` (the callers have seen that it is somewhere there).
fn push_locked_candidates(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    technique: Technique,
    digit: Digit,
    base: House,
    other: House,
) -> ControlFlow<()> {
    let with_digit = grid.cells_with(digit);
    let targets = (other.cell_set() - base.cell_set()) & with_digit;
    let mut eliminations = Eliminations::NONE;
    eliminations.insert_cells(targets, digit);
    let pattern = Pattern {
        digits: DigitSet::single(digit),
        cells: base.cell_set() & other.cell_set() & with_digit,
        base: HouseSet::single(base),
        ..Pattern::default()
    };
    sink.push(Step::eliminating(technique, pattern, eliminations))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::step::StepList;
    use crate::technique::test_grids::*;

    /// Removes `digit` from every cell of `house` except `keep`.
    fn confine(grid: &mut Candidates, house: House, digit: u8, keep: &[Cell]) {
        for &cell in house.cells() {
            if !keep.contains(&cell) {
                grid.eliminate(cell, d(digit));
            }
        }
    }

    const BOTH: [Technique; 2] = [
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
    ];

    #[test]
    fn nothing_on_an_empty_grid() {
        for t in BOTH {
            assert!(t.find_all(&Candidates::empty(), None).is_empty(), "{t}");
        }
    }

    #[test]
    fn pointing_along_a_row() {
        // 4 in b1 only at r1c1 and r1c2: the rest of row 1 loses 4.
        let mut grid = Candidates::empty();
        confine(
            &mut grid,
            House::box_(0),
            4,
            &[Cell::at(0, 0), Cell::at(0, 1)],
        );
        let steps = Technique::LockedCandidatesPointing.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        let step = &steps[0];
        let rest_of_row = House::row(0).cell_set() - House::box_(0).cell_set();
        assert_eq!(step.eliminations.cells(d(4)), rest_of_row);
        assert_eq!(step.pattern.cells.to_string(), "r1c1,r1c2");
        assert_eq!(
            steps.display(0).to_string(),
            "Locked Candidates Type 1 (Pointing): 4 in b1 => r1c4,r1c5,r1c6,r1c7,r1c8,r1c9<>4"
        );
        // Row 1 still has 4 outside b1, so this is not a claim.
        assert!(
            Technique::LockedCandidatesClaiming
                .find_all(&grid, None)
                .is_empty()
        );
    }

    #[test]
    fn pointing_along_a_column() {
        // 7 in b5 only in its middle column, three places.
        let mut grid = Candidates::empty();
        let keep = [Cell::at(3, 4), Cell::at(4, 4), Cell::at(5, 4)];
        confine(&mut grid, House::box_(4), 7, &keep);
        assert_eq!(
            texts(Technique::LockedCandidatesPointing, &grid),
            ["Locked Candidates Type 1 (Pointing): 7 in b5 => r1c5,r2c5,r3c5,r7c5,r8c5,r9c5<>7"]
        );
    }

    #[test]
    fn claiming_in_a_row_and_in_a_column() {
        // 3 in row 5 only at r5c7 and r5c9: the rest of b6 loses 3.
        let mut grid = Candidates::empty();
        confine(
            &mut grid,
            House::row(4),
            3,
            &[Cell::at(4, 6), Cell::at(4, 8)],
        );
        assert_eq!(
            texts(Technique::LockedCandidatesClaiming, &grid),
            ["Locked Candidates Type 2 (Claiming): 3 in r5 => r4c7,r4c8,r4c9,r6c7,r6c8,r6c9<>3"]
        );
        assert!(
            Technique::LockedCandidatesPointing
                .find_all(&grid, None)
                .is_empty()
        );

        // 9 in column 2 only at r7c2 and r8c2: the rest of b7 loses 9.
        let mut grid = Candidates::empty();
        confine(
            &mut grid,
            House::column(1),
            9,
            &[Cell::at(6, 1), Cell::at(7, 1)],
        );
        let steps = Technique::LockedCandidatesClaiming.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].pattern.base, HouseSet::single(House::column(1)));
        assert_eq!(
            steps.display(0).to_string(),
            "Locked Candidates Type 2 (Claiming): 9 in c2 => r7c1,r7c3,r8c1,r8c3,r9c1,r9c3<>9"
        );
    }

    #[test]
    fn locked_candidates_need_something_to_remove_and_more_than_one_place() {
        // 4 confined to r1c1,r1c2 in both b1 and row 1: each type holds, neither removes anything.
        let mut grid = Candidates::empty();
        let keep = [Cell::at(0, 0), Cell::at(0, 1)];
        confine(&mut grid, House::box_(0), 4, &keep);
        confine(&mut grid, House::row(0), 4, &keep);
        for t in BOTH {
            assert!(t.find_all(&grid, None).is_empty(), "{t}");
        }
        // One place left in a box is a hidden single, not a pointing pair.
        let mut grid = Candidates::empty();
        confine(&mut grid, House::box_(0), 4, &[Cell::at(0, 0)]);
        assert!(
            Technique::LockedCandidatesPointing
                .find_all(&grid, None)
                .is_empty()
        );
    }

    #[test]
    fn steps_come_in_box_then_digit_order_and_the_sink_limit_stops_the_search() {
        let mut grid = Candidates::empty();
        confine(
            &mut grid,
            House::box_(8),
            2,
            &[Cell::at(8, 6), Cell::at(8, 7)],
        );
        confine(
            &mut grid,
            House::box_(2),
            6,
            &[Cell::at(0, 8), Cell::at(2, 8)],
        );
        confine(
            &mut grid,
            House::box_(2),
            5,
            &[Cell::at(1, 6), Cell::at(1, 8)],
        );
        let bases: Vec<String> = Technique::LockedCandidatesPointing
            .find_all(&grid, None)
            .iter()
            .map(|s| format!("{} {}", s.pattern.digits, s.pattern.base))
            .collect();
        assert_eq!(bases, ["5 b3", "6 b3", "2 b9"]);

        let mut found = StepList::new();
        let mut sink = StepSink::new(&grid, None, &mut found, 1);
        assert!(pointing(&grid, &mut sink).is_break());
        assert_eq!(found.len(), 1);
    }
}
