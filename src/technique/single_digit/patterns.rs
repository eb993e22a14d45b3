//! Single digit patterns (HoDoKu's "Single Digit Patterns"): short chains of one digit
//! built from conjugate pairs (a house where the digit has exactly two places, so one of
//! them holds it). Whatever sees both ends of such a chain loses the digit.
//!
//! - Skyscraper: two parallel lines, each a conjugate pair, with one end of each in the
//!   same cross line: `1 in r3c1,r7c2 (connected by r3c6,r7c6)`: r3c1 or r7c2 is 1.
//! - 2-String Kite: a row pair and a column pair with one end of each in the same box
//!   (distinct cells): `3 in r2c1,r8c5 (connected by r2c6,r3c5) => r8c1<>3`.
//! - Turbot Fish: any conjugate pair, a weak link, another conjugate pair, in any houses
//!   (HoDoKu's X-Chain of three links): `5 r1c2 =5= r3c1 -5- r3c7 =5= r8c7 => r8c2<>5`.
//!   It covers skyscrapers and kites too; HoDoKu's order tries those first. HoDoKu finds
//!   it with its chain search, so sudolab does ([`crate::technique::chains`]); its tests
//!   are here with the other patterns.
//! - Empty Rectangle: a box whose candidates all lie in one row and one column of it
//!   (both parts non-empty outside their crossing, one of them with two cells or more),
//!   with a conjugate pair from that row (or column) outside the box:
//!   `7 in b5 (r5c1,r8c1) => r8c5<>7`.
//!
//! Definitions, as in HoDoKu 2.2: skyscraper lines are rows or columns with exactly two
//! candidates, free ends not aligned (that would be an X-Wing); kite and turbot links are
//! conjugate pairs and their four cells are distinct; empty rectangles follow HoDoKu's
//! default (no two-candidate "degenerate" rectangles). Where HoDoKu's search skips a valid
//! instance (its skyscraper scan never pairs the left end of one line with the right end
//! of the other; its kite scan keeps only the first box alignment of two links) this
//! module reports it, since the pattern is the same.
//!
//! A digit none of whose candidates the templates leave removable
//! ([`templates::unfit_candidates`]) has none of these patterns and is not searched.

use crate::bitset::{CellSet, DigitSet, HouseSet, has_two_bits};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use crate::technique::templates;
use std::ops::ControlFlow;

/// The two cells of `digit` in `house` when there are exactly two, in house order.
fn conjugate_pair(grid: &Candidates, house: House, digit: Digit) -> Option<(Cell, Cell)> {
    let positions = grid.positions(house, digit);
    if !has_two_bits(positions) {
        return None;
    }
    let cells = house.cells();
    let first = positions.trailing_zeros() as usize;
    let second = (positions & (positions - 1)).trailing_zeros() as usize;
    Some((cells[first], cells[second]))
}

/// The cells with `digit` that see both `a` and `b`.
fn seeing_both(grid: &Candidates, digit: Digit, a: Cell, b: Cell) -> CellSet {
    grid.cells_with(digit) & a.peers() & b.peers()
}

fn cells_of(cells: &[Cell]) -> CellSet {
    cells.iter().copied().collect()
}

/// Skyscrapers: rows first, then columns, each digit in turn.
pub fn skyscrapers(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    for (k, kind) in [HouseKind::Row, HouseKind::Column].into_iter().enumerate() {
        for digit in Digit::all() {
            let part = k * 9 + digit.index();
            sink.search_part(part, grid.digit_snapshot(digit), |sink| {
                if templates::unfit_candidates(grid, digit).is_empty() {
                    return ControlFlow::Continue(());
                }
                skyscrapers_of(grid, sink, kind, digit)
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// [`skyscrapers`] of one digit, in rows or in columns.
fn skyscrapers_of(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    kind: HouseKind,
    digit: Digit,
) -> ControlFlow<()> {
    // The cross-line coordinate of a cell: its column for rows, its row for columns.
    let across = |cell: Cell| match kind {
        HouseKind::Row => cell.col(),
        _ => cell.row(),
    };
    let mut pairs = [(House::row(0), Cell::at(0, 0), Cell::at(0, 0)); 9];
    let mut count = 0;
    for line in House::all_of(kind) {
        if let Some((a, b)) = conjugate_pair(grid, line, digit) {
            pairs[count] = (line, a, b);
            count += 1;
        }
    }
    for (i, &(line1, a1, b1)) in pairs[..count].iter().enumerate() {
        for &(line2, a2, b2) in &pairs[i + 1..count] {
            // One end of each in the same cross line, the other ends not.
            let Some((base1, free1, base2, free2)) = [(a1, b1), (b1, a1)]
                .into_iter()
                .flat_map(|(x1, y1)| [(x1, y1, a2, b2), (x1, y1, b2, a2)])
                .find(|&(x1, y1, x2, y2)| across(x1) == across(x2) && across(y1) != across(y2))
            else {
                continue;
            };
            let targets = seeing_both(grid, digit, free1, free2);
            if targets.is_empty() {
                continue;
            }
            let mut eliminations = Eliminations::NONE;
            eliminations.insert_cells(targets, digit);
            let pattern = Pattern {
                digits: DigitSet::single(digit),
                cells: cells_of(&[free1, free2]),
                links: cells_of(&[base1, base2]),
                base: [line1, line2].into_iter().collect(),
                ..Pattern::default()
            };
            sink.push(Step::eliminating(
                Technique::Skyscraper,
                pattern,
                eliminations,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// 2-String Kites: each digit, each row pair against each column pair, every way the two
/// pairs meet in a box.
pub fn two_string_kites(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    templates::search_single_digit(grid, sink, |sink, digit| {
        two_string_kites_of(grid, sink, digit)
    })
}

/// [`two_string_kites`] of one digit.
fn two_string_kites_of(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    digit: Digit,
) -> ControlFlow<()> {
    for row in House::all_of(HouseKind::Row) {
        let Some((r1, r2)) = conjugate_pair(grid, row, digit) else {
            continue;
        };
        for column in House::all_of(HouseKind::Column) {
            let Some((c1, c2)) = conjugate_pair(grid, column, digit) else {
                continue;
            };
            if r1 == c1 || r1 == c2 || r2 == c1 || r2 == c2 {
                continue;
            }
            for (row_box, row_free) in [(r1, r2), (r2, r1)] {
                for (col_box, col_free) in [(c1, c2), (c2, c1)] {
                    if row_box.box_index() != col_box.box_index() {
                        continue;
                    }
                    let target = Cell::at(col_free.row(), row_free.col());
                    if !grid.has(target, digit) {
                        continue;
                    }
                    let mut eliminations = Eliminations::NONE;
                    eliminations.insert(target, digit);
                    let pattern = Pattern {
                        digits: DigitSet::single(digit),
                        cells: cells_of(&[row_free, col_free]),
                        links: cells_of(&[row_box, col_box]),
                        base: [row, column].into_iter().collect(),
                        ..Pattern::default()
                    };
                    sink.push(Step::eliminating(
                        Technique::TwoStringKite,
                        pattern,
                        eliminations,
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Empty Rectangles: each digit, each box, each row/column crossing of the box that
/// holds all its candidates; then conjugate pairs leaving the ER row (in columns) and
/// the ER column (in rows).
pub fn empty_rectangles(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    templates::search_single_digit(grid, sink, |sink, digit| {
        empty_rectangles_of(grid, sink, digit)
    })
}

/// [`empty_rectangles`] of one digit.
fn empty_rectangles_of(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    digit: Digit,
) -> ControlFlow<()> {
    let with_digit = grid.cells_with(digit);
    for b in 0..9 {
        let box_house = House::box_(b);
        let in_box = with_digit & box_house.cell_set();
        if !(2..=5).contains(&in_box.len()) {
            continue;
        }
        let (band, stack) = (b / 3 * 3, b % 3 * 3);
        for row in band..band + 3 {
            for col in stack..stack + 3 {
                let er_row = House::row(row);
                let er_col = House::column(col);
                let row_part = in_box & er_row.cell_set();
                let col_part = in_box & er_col.cell_set();
                let crossing = CellSet::single(Cell::at(row, col));
                let valid = in_box.is_subset_of(row_part | col_part)
                    && !(row_part - crossing).is_empty()
                    && !(col_part - crossing).is_empty()
                    && (row_part.len() >= 2 || col_part.len() >= 2);
                if !valid {
                    continue;
                }
                // A conjugate pair in a column from the ER row: its far end's row
                // meets the ER column outside the box.
                for leaving in ((with_digit & er_row.cell_set()) - box_house.cell_set()).iter() {
                    let Some((a, z)) = conjugate_pair(grid, House::column(leaving.col()), digit)
                    else {
                        continue;
                    };
                    let far = if a == leaving { z } else { a };
                    let target = Cell::at(far.row(), col);
                    push_er(grid, sink, digit, box_house, in_box, leaving, far, target)?;
                }
                // And the same from the ER column through a row.
                for leaving in ((with_digit & er_col.cell_set()) - box_house.cell_set()).iter() {
                    let Some((a, z)) = conjugate_pair(grid, House::row(leaving.row()), digit)
                    else {
                        continue;
                    };
                    let far = if a == leaving { z } else { a };
                    let target = Cell::at(row, far.col());
                    push_er(grid, sink, digit, box_house, in_box, leaving, far, target)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Reports an empty rectangle when its target holds the digit outside the box.
#[allow(clippy::too_many_arguments)]
fn push_er(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    digit: Digit,
    box_house: House,
    in_box: CellSet,
    leaving: Cell,
    far: Cell,
    target: Cell,
) -> ControlFlow<()> {
    if box_house.cell_set().contains(target) || !grid.has(target, digit) {
        return ControlFlow::Continue(());
    }
    let mut eliminations = Eliminations::NONE;
    eliminations.insert(target, digit);
    let pattern = Pattern {
        digits: DigitSet::single(digit),
        cells: in_box,
        links: cells_of(&[leaving, far]),
        base: HouseSet::single(box_house),
        ..Pattern::default()
    };
    sink.push(Step::eliminating(
        Technique::EmptyRectangle,
        pattern,
        eliminations,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// Digit 1 everywhere but rows 3 and 7, which keep only c1,c6 and c2,c6.
    fn skyscraper_in_rows() -> Candidates {
        let mut cells = row_except(3, &[1, 6]);
        cells.extend(row_except(7, &[2, 6]));
        without(d(1), &cells)
    }

    #[test]
    fn skyscraper_in_rows_and_in_columns() {
        // r3c1 or r7c2 is 1: if r3c1 is not, r3c6 is, so r7c6 is not and r7c2 is.
        assert_eq!(
            texts(Technique::Skyscraper, &skyscraper_in_rows()),
            ["Skyscraper: 1 in r3c1,r7c2 (connected by r3c6,r7c6) => r1c2,r2c2,r8c1,r9c1<>1"]
        );
        // The transpose: columns 3 and 7 keep r1,r6 and r2,r6.
        let mut cells = col_except(3, &[1, 6]);
        cells.extend(col_except(7, &[2, 6]));
        assert_eq!(
            texts(Technique::Skyscraper, &without(d(1), &cells)),
            ["Skyscraper: 1 in r1c3,r2c7 (connected by r6c3,r6c7) => r1c8,r1c9,r2c1,r2c2<>1"]
        );
    }

    #[test]
    fn skyscraper_aligned_on_crossed_ends() {
        // Row 2 keeps c8,c9 and row 6 keeps c7,c8: column 8 holds the left end of one
        // line and the right end of the other (HoDoKu's scan misses this alignment).
        // r2c9 or r6c7 is 4; r1c7,r3c7 (box 3, column 7) and r4c9,r5c9 see both.
        let mut cells = row_except(2, &[8, 9]);
        cells.extend(row_except(6, &[7, 8]));
        assert_eq!(
            texts(Technique::Skyscraper, &without(d(4), &cells)),
            ["Skyscraper: 4 in r2c9,r6c7 (connected by r2c8,r6c8) => r1c7,r3c7,r4c9,r5c9<>4"]
        );
    }

    #[test]
    fn no_skyscraper_for_an_x_wing_or_without_targets() {
        let mut cells = row_except(3, &[1, 6]);
        cells.extend(row_except(7, &[1, 6]));
        assert!(texts(Technique::Skyscraper, &without(d(1), &cells)).is_empty());
        // The skyscraper of the first test with its targets already gone.
        let mut grid = skyscraper_in_rows();
        remove(&mut grid, d(1), &[rc(1, 2), rc(2, 2), rc(8, 1), rc(9, 1)]);
        assert!(texts(Technique::Skyscraper, &grid).is_empty());
        assert!(texts(Technique::Skyscraper, &Candidates::empty()).is_empty());
    }

    /// Digit 3 everywhere but row 2 (only c1,c6) and column 5 (only r3,r8).
    fn kite() -> Candidates {
        let mut cells = row_except(2, &[1, 6]);
        cells.extend(col_except(5, &[3, 8]));
        without(d(3), &cells)
    }

    #[test]
    fn two_string_kite_both_ways_round() {
        // r2c6 and r3c5 share box 2, so r2c1 or r8c5 is 3, and r8c1 sees both.
        assert_eq!(
            texts(Technique::TwoStringKite, &kite()),
            ["2-String Kite: 3 in r2c1,r8c5 (connected by r2c6,r3c5) => r8c1<>3"]
        );
        // Mirrored: row 8 keeps c2,c9, column 7 keeps r2,r7; r8c9 and r7c7 share box 9,
        // so r8c2 or r2c7 is 9 and r2c2 sees both.
        let mut cells = row_except(8, &[2, 9]);
        cells.extend(col_except(7, &[2, 7]));
        assert_eq!(
            texts(Technique::TwoStringKite, &without(d(9), &cells)),
            ["2-String Kite: 9 in r2c7,r8c2 (connected by r7c7,r8c9) => r2c2<>9"]
        );
    }

    #[test]
    fn no_kite_without_a_shared_box_or_a_target() {
        // Row 2 keeps c1,c9, column 5 keeps r4,r8: no end of one meets an end of the
        // other in a box.
        let mut cells = row_except(2, &[1, 9]);
        cells.extend(col_except(5, &[4, 8]));
        assert!(texts(Technique::TwoStringKite, &without(d(3), &cells)).is_empty());
        let mut grid = kite();
        remove(&mut grid, d(3), &[rc(8, 1)]);
        assert!(texts(Technique::TwoStringKite, &grid).is_empty());
    }

    /// Digit 5 everywhere but box 1 (only r1c2, r3c1) and column 7 (only r3, r8).
    fn turbot() -> Candidates {
        let mut cells = box_except(1, &[rc(1, 2), rc(3, 1)]);
        cells.extend(col_except(7, &[3, 8]));
        without(d(5), &cells)
    }

    #[test]
    fn turbot_fish_through_a_box() {
        // r1c2 or r3c1 (box 1); if r3c1, then not r3c7 (row 3), so r8c7 (column 7).
        // Either r1c2 or r8c7 is 5: r8c2 sees both (r1c7 would too, but has no 5).
        assert_eq!(
            texts(Technique::TurbotFish, &turbot()),
            ["Turbot Fish: 5 r1c2 =5= r3c1 -5- r3c7 =5= r8c7 => r8c2<>5"]
        );
        // The transpose: box 1 keeps r2c1,r1c3, row 7 keeps c3,c8.
        let mut cells = box_except(1, &[rc(2, 1), rc(1, 3)]);
        cells.extend(row_except(7, &[3, 8]));
        assert_eq!(
            texts(Technique::TurbotFish, &without(d(5), &cells)),
            ["Turbot Fish: 5 r2c1 =5= r1c3 -5- r7c3 =5= r7c8 => r2c8<>5"]
        );
    }

    #[test]
    fn turbot_fish_also_covers_skyscrapers_and_kites() {
        let steps = Technique::TurbotFish.find_all(&skyscraper_in_rows(), None);
        let sky = Technique::Skyscraper.find_all(&skyscraper_in_rows(), None);
        assert!(steps.iter().any(|s| s.eliminations == sky[0].eliminations));
        let steps = Technique::TurbotFish.find_all(&kite(), None);
        assert!(
            steps
                .iter()
                .any(|s| s.eliminations.contains(rc(8, 1), d(3)))
        );
    }

    #[test]
    fn no_turbot_fish_without_a_weak_link_or_a_target() {
        // Box 1 keeps r1c2,r3c1 and column 7 keeps r4,r8: r3c1/r1c2 see neither.
        let mut cells = box_except(1, &[rc(1, 2), rc(3, 1)]);
        cells.extend(col_except(7, &[4, 8]));
        assert!(texts(Technique::TurbotFish, &without(d(5), &cells)).is_empty());
        let mut grid = turbot();
        remove(&mut grid, d(5), &[rc(8, 2)]);
        assert!(texts(Technique::TurbotFish, &grid).is_empty());
    }

    /// Digit 7 everywhere but box 5 (only r5c4, r5c6, r4c5) and column 1 (only r5, r8).
    fn empty_rectangle() -> Candidates {
        let mut cells = box_except(5, &[rc(5, 4), rc(5, 6), rc(4, 5)]);
        cells.extend(col_except(1, &[5, 8]));
        without(d(7), &cells)
    }

    #[test]
    fn empty_rectangle_through_a_column_and_through_a_row() {
        // Box 5's 7 is in row 5 or column 5. If r8c5 were 7, r8c1 would not be, so r5c1
        // would, leaving box 5 only r4c5, in column 5 with r8c5.
        assert_eq!(
            texts(Technique::EmptyRectangle, &empty_rectangle()),
            ["Empty Rectangle: 7 in b5 (r5c1,r8c1) => r8c5<>7"]
        );
        // The transpose: box 5 keeps r4c5, r6c5, r5c4; row 1 keeps c5, c8.
        let mut cells = box_except(5, &[rc(4, 5), rc(6, 5), rc(5, 4)]);
        cells.extend(row_except(1, &[5, 8]));
        assert_eq!(
            texts(Technique::EmptyRectangle, &without(d(7), &cells)),
            ["Empty Rectangle: 7 in b5 (r1c5,r1c8) => r5c8<>7"]
        );
    }

    #[test]
    fn no_empty_rectangle_for_a_square_two_candidates_or_no_target() {
        // Box 5's candidates fill a 2x2 square: no row and column hold them all.
        let mut cells = box_except(5, &[rc(4, 4), rc(4, 5), rc(5, 4), rc(5, 5)]);
        cells.extend(col_except(1, &[5, 8]));
        assert!(texts(Technique::EmptyRectangle, &without(d(7), &cells)).is_empty());
        // Only two candidates, one in the row and one in the column: HoDoKu does not
        // count it (it is a turbot fish).
        let mut cells = box_except(5, &[rc(5, 4), rc(4, 5)]);
        cells.extend(col_except(1, &[5, 8]));
        let grid = without(d(7), &cells);
        assert!(texts(Technique::EmptyRectangle, &grid).is_empty());
        assert!(!texts(Technique::TurbotFish, &grid).is_empty());
        let mut grid = empty_rectangle();
        remove(&mut grid, d(7), &[rc(8, 5)]);
        assert!(texts(Technique::EmptyRectangle, &grid).is_empty());
    }
}
