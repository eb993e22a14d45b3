//! Intersections: what follows when a box and a row or column share a digit's last places.
//!
//! - Locked Candidates Type 1 (Pointing): a digit's candidates in a box all lie in one row
//!   or column; the digit leaves the rest of that line.
//! - Locked Candidates Type 2 (Claiming): a digit's candidates in a row or column all lie in
//!   one box; the digit leaves the rest of that box.
//! - Locked Pair / Locked Triple: a naked pair or triple whose cells all lie in one box/line
//!   intersection; its digits leave the rest of both the box and the line.
//!
//! Definitions follow HoDoKu 2.2: locked candidates need two or three places (one place is a
//! hidden single); a locked pair or triple is reported only when it removes something from the
//! box and something from the line outside the box, otherwise it is an ordinary naked subset.
//! Search order, as HoDoKu's: boxes (then rows, then columns for claiming) in order, digits
//! ascending; subsets by box, then by cell position within the box.

use crate::bitset::{CellSet, DigitSet, HouseSet};
use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::geometry::{Digit, House, HouseKind};
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
    for box_ in House::all_of(HouseKind::Box) {
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
    for line in (0..18).map(House::from_index) {
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

/// Two cells of a box/line intersection holding only the same two digits, removing them from
/// both the box and the line.
pub fn locked_pairs(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    locked_subsets(grid, sink, 2)
}

/// Three cells of a box/line intersection holding only three digits between them, removing
/// them from both the box and the line.
pub fn locked_triples(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    locked_subsets(grid, sink, 3)
}

/// Locked subsets of `size` cells (2 or 3), box by box, cell combinations in position order.
fn locked_subsets(grid: &Candidates, sink: &mut StepSink<'_>, size: u32) -> ControlFlow<()> {
    let combinations: &[u16] = if size == 2 { &PAIRS } else { &TRIPLES };
    // Empty cells with at most `size` candidates: the only ones a naked subset can use.
    let at_least = grid.cells_with_at_least();
    let few = at_least[0] - at_least[size as usize];
    for box_ in House::all_of(HouseKind::Box) {
        if !(few & box_.cell_set()).has_at_least(size) {
            continue;
        }
        let cells = box_.cells();
        // The box's three rows are runs of three bits, nine apart, from its first cell.
        let start = cells[0].index();
        let small = (0..3).fold(0u16, |mask, r| {
            mask | (((few.bits() >> (start + 9 * r)) & 0b111) as u16) << (3 * r)
        });
        for &mask in combinations {
            if mask & small != mask {
                continue;
            }
            let (mut pattern_cells, mut digits) = (CellSet::EMPTY, DigitSet::EMPTY);
            let mut rest = mask;
            while rest != 0 {
                let cell = cells[rest.trailing_zeros() as usize];
                rest &= rest - 1;
                pattern_cells.insert(cell);
                digits |= grid.candidates(cell);
            }
            if digits.len() != size {
                continue;
            }
            let line = line_through(pattern_cells);
            push_locked_subset(grid, sink, digits, box_, line, pattern_cells)?;
        }
    }
    ControlFlow::Continue(())
}

/// The pairs of box positions that share a row or column of the box, in lexicographic order.
const PAIRS: [u16; 18] = {
    let mut table = [0u16; 18];
    let mut n = 0;
    let mut p = 0;
    while p < 9 {
        let mut q = p + 1;
        while q < 9 {
            if p / 3 == q / 3 || p % 3 == q % 3 {
                table[n] = 1 << p | 1 << q;
                n += 1;
            }
            q += 1;
        }
        p += 1;
    }
    table
};

/// The three-cell rows and columns of a box as position masks, in lexicographic order of
/// their positions: {0,1,2}, {0,3,6}, {1,4,7}, {2,5,8}, {3,4,5}, {6,7,8}.
const TRIPLES: [u16; 6] = [
    THIRD,
    BOX_COLUMN,
    BOX_COLUMN << 1,
    BOX_COLUMN << 2,
    THIRD << 3,
    THIRD << 6,
];

/// The row or column holding every cell of `cells`, cells of one box row or box column.
fn line_through(cells: CellSet) -> House {
    let first = cells.first().expect("a subset has cells");
    let row = House::row(first.row());
    if cells.is_subset_of(row.cell_set()) {
        row
    } else {
        House::column(first.col())
    }
}

/// Reports the naked subset of `digits` in `cells` when it removes something from `box_`
/// and from `line` outside the box.
fn push_locked_subset(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    digits: DigitSet,
    box_: House,
    line: House,
    cells: CellSet,
) -> ControlFlow<()> {
    let in_box = box_.cell_set() - cells;
    let in_line = line.cell_set() - box_.cell_set();
    let (mut box_hit, mut line_hit) = (false, false);
    let mut eliminations = Eliminations::NONE;
    for digit in digits.iter() {
        let with_digit = grid.cells_with(digit);
        box_hit |= in_box.intersects(with_digit);
        line_hit |= in_line.intersects(with_digit);
        eliminations.insert_cells((in_box | in_line) & with_digit, digit);
    }
    if !(box_hit && line_hit) {
        return ControlFlow::Continue(());
    }
    let technique = if digits.len() == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    let pattern = Pattern {
        digits,
        cells,
        base: HouseSet::single(box_) | HouseSet::single(line),
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

    const ALL_FOUR: [Technique; 4] = [
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::LockedPair,
        Technique::LockedTriple,
    ];

    #[test]
    fn nothing_on_an_empty_grid() {
        for t in ALL_FOUR {
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
        for t in ALL_FOUR {
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

    /// A grid where `cells` hold only `digits`, and where, in the box and the line through
    /// them, those digits remain elsewhere only as listed in `survivors`.
    fn subset_grid(cells: &[Cell], digits: &[u8], survivors: &[(Cell, u8)]) -> Candidates {
        let mut grid = Candidates::empty();
        for &cell in cells {
            restrict(&mut grid, cell, digits);
        }
        let set: CellSet = cells.iter().copied().collect();
        let houses = [House::box_(cells[0].box_index()), line_through(set)];
        for house in houses {
            for &v in digits {
                let mut keep = cells.to_vec();
                keep.extend(survivors.iter().filter(|s| s.1 == v).map(|s| s.0));
                confine(&mut grid, house, v, &keep);
            }
        }
        grid
    }

    #[test]
    fn locked_pair_in_a_row_intersection() {
        // r1c1,r1c2 hold only 1,2; r2c3 (box) still has 1, r1c8 (row) has 2.
        let pair = [Cell::at(0, 0), Cell::at(0, 1)];
        let grid = subset_grid(&pair, &[1, 2], &[(Cell::at(1, 2), 1), (Cell::at(0, 7), 2)]);
        let steps = Technique::LockedPair.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].pattern.base,
            HouseSet::single(House::row(0)) | HouseSet::single(House::box_(0))
        );
        assert_eq!(
            steps.display(0).to_string(),
            "Locked Pair: 1,2 in r1c1,r1c2 => r2c3<>1, r1c8<>2"
        );
        assert!(Technique::LockedTriple.find_all(&grid, None).is_empty());
    }

    #[test]
    fn locked_pair_in_a_column_intersection_clears_the_third_cell_too() {
        // r4c5,r6c5 hold only 3,8 (b5, column 5); r5c5 (both houses) and r9c5 still have 3,
        // r5c4 has 8.
        let pair = [Cell::at(3, 4), Cell::at(5, 4)];
        let survivors = [
            (Cell::at(4, 4), 3),
            (Cell::at(8, 4), 3),
            (Cell::at(4, 3), 8),
        ];
        let grid = subset_grid(&pair, &[3, 8], &survivors);
        assert_eq!(
            texts(Technique::LockedPair, &grid),
            ["Locked Pair: 3,8 in r4c5,r6c5 => r5c5,r9c5<>3, r5c4<>8"]
        );
    }

    #[test]
    fn a_pair_removing_from_one_house_only_is_a_naked_pair_not_a_locked_one() {
        let pair = [Cell::at(0, 0), Cell::at(0, 1)];
        // Box only; the line only; the third cell of the intersection only (HoDoKu 2.2.0
        // counts it for the box, not the line).
        for survivor in [
            (Cell::at(1, 2), 1),
            (Cell::at(0, 7), 2),
            (Cell::at(0, 2), 2),
        ] {
            let grid = subset_grid(&pair, &[1, 2], &[survivor]);
            assert!(
                Technique::LockedPair.find_all(&grid, None).is_empty(),
                "{survivor:?}"
            );
        }
        // No survivor at all: nothing to remove anywhere, no step of any kind.
        let grid = subset_grid(&pair, &[1, 2], &[]);
        for t in ALL_FOUR {
            assert!(t.find_all(&grid, None).is_empty(), "{t}");
        }
        // With a survivor outside the box as well, the third cell counts for the box.
        let grid = subset_grid(&pair, &[1, 2], &[(Cell::at(0, 2), 2), (Cell::at(0, 5), 1)]);
        assert_eq!(
            texts(Technique::LockedPair, &grid),
            ["Locked Pair: 1,2 in r1c1,r1c2 => r1c6<>1, r1c3<>2"]
        );
    }

    #[test]
    fn pairs_outside_an_intersection_are_not_locked() {
        // Same box, different rows and columns; then same row, different boxes.
        for pair in [
            [Cell::at(0, 0), Cell::at(1, 1)],
            [Cell::at(0, 0), Cell::at(0, 4)],
        ] {
            let mut grid = Candidates::empty();
            for cell in pair {
                restrict(&mut grid, cell, &[1, 2]);
            }
            assert!(Technique::LockedPair.find_all(&grid, None).is_empty());
        }
        // Two bivalue cells of an intersection with different digits.
        let mut grid = Candidates::empty();
        restrict(&mut grid, Cell::at(0, 0), &[1, 2]);
        restrict(&mut grid, Cell::at(0, 1), &[1, 3]);
        assert!(Technique::LockedPair.find_all(&grid, None).is_empty());
    }

    #[test]
    fn locked_triple_in_a_column_and_in_a_row() {
        // r7c7..r9c7 hold 4,5 / 5,6 / 4,6: no pair among them, a triple in all.
        let cells = [Cell::at(6, 6), Cell::at(7, 6), Cell::at(8, 6)];
        let mut grid = subset_grid(
            &cells,
            &[4, 5, 6],
            &[(Cell::at(1, 6), 4), (Cell::at(7, 8), 6)],
        );
        grid.eliminate(cells[0], d(6));
        grid.eliminate(cells[1], d(4));
        grid.eliminate(cells[2], d(5));
        assert_eq!(
            texts(Technique::LockedTriple, &grid),
            ["Locked Triple: 4,5,6 in r7c7,r8c7,r9c7 => r2c7<>4, r8c9<>6"]
        );
        assert!(Technique::LockedPair.find_all(&grid, None).is_empty());

        // r5c4..r5c6 hold 1,7,9 between them; removals in b5 only, then in both houses.
        let cells = [Cell::at(4, 3), Cell::at(4, 4), Cell::at(4, 5)];
        let grid = subset_grid(&cells, &[1, 7, 9], &[(Cell::at(3, 3), 9)]);
        assert!(Technique::LockedTriple.find_all(&grid, None).is_empty());
        let grid = subset_grid(
            &cells,
            &[1, 7, 9],
            &[(Cell::at(3, 3), 9), (Cell::at(4, 0), 1)],
        );
        let steps = Technique::LockedTriple.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].pattern.cells, cells.iter().copied().collect());
        assert_eq!(
            steps.display(0).to_string(),
            "Locked Triple: 1,7,9 in r5c4,r5c5,r5c6 => r5c1<>1, r4c4<>9"
        );
    }
}
