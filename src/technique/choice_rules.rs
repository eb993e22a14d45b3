//! Which instance the `single` policy takes when a technique finds several: HoDoKu 2.2's
//! choice rule of each family (`../shared/reference/hodoku-selection.md`), pinned on
//! crafted grids that hold two instances the rule tells apart. Each grid has a twin with
//! the instances swapped between the places the rule orders, so that a search in another
//! order takes the other instance in one of the two. The singles' rules are pinned by the
//! queue tests in `singles::queues`, the chains' comparator in `chains::choice` (and here
//! on a grid, for Turbot Fish).

use super::test_grids::*;
use crate::candidates::Candidates;
use crate::geometry::Cell;
use crate::hodoku::catalogue::Technique;
use crate::ladder::Ladder;
use crate::solver::{Policy, Solver};

/// The step the `single` policy takes with `technique` as its only rung, after checking
/// that the grid holds at least two instances, among them `first` and `other` (parts of
/// their forum notation).
fn taken(technique: Technique, grid: &Candidates, first: &str, other: &str) -> String {
    let all = texts(technique, grid);
    assert!(all.len() >= 2, "{all:?}");
    for part in [first, other] {
        assert!(
            all.iter().any(|text| text.contains(part)),
            "{part} in {all:?}"
        );
    }
    let solver = Solver::new(
        Ladder::parse(technique.info().name).unwrap(),
        Policy::Single,
    );
    let step = solver.next_step(grid, None).texts().remove(0);
    assert!(
        step.contains(first),
        "took {step}, not the one with {first}, of {all:?}"
    );
    step
}

/// `(row, col)` (1-based), turned half round about the centre when `turned`.
fn half_turn(turned: bool, (row, col): (usize, usize)) -> Cell {
    if turned {
        rc(10 - row, 10 - col)
    } else {
        rc(row, col)
    }
}

/// `a` and `b`, `a` first when `a_first`.
fn in_order<T>(a_first: bool, a: T, b: T) -> (T, T) {
    if a_first { (a, b) } else { (b, a) }
}

/// Confines `digit` in box `number` (1-based) to the cells of `keep`.
fn confine_in_box(grid: &mut Candidates, number: usize, digit: u8, keep: &[Cell]) {
    remove(grid, d(digit), &box_except(number, keep));
}

// Locked Candidates: boxes, then digits (pointing); rows, then columns, then digits
// (claiming).

#[test]
fn pointing_takes_the_first_box_before_the_lowest_digit() {
    // 7 in box 1 on row 1, and 3 in box 5 on row 5; then the digits swapped.
    for (in_first_box, in_middle_box) in [(7, 3), (3, 7)] {
        let mut grid = Candidates::empty();
        confine_in_box(&mut grid, 1, in_first_box, &[rc(1, 1), rc(1, 2), rc(1, 3)]);
        confine_in_box(&mut grid, 5, in_middle_box, &[rc(5, 4), rc(5, 5), rc(5, 6)]);
        let first = format!("{in_first_box} in b1");
        let other = format!("{in_middle_box} in b5");
        taken(Technique::LockedCandidatesPointing, &grid, &first, &other);
    }
}

#[test]
fn claiming_takes_rows_before_columns() {
    // 9 confined to box 9 in row 9, and 2 confined to box 1 in column 1: the row's
    // instance, though column 1 and digit 2 come first.
    let mut grid = Candidates::empty();
    remove(&mut grid, d(9), &row_except(9, &[7, 8, 9]));
    remove(&mut grid, d(2), &col_except(1, &[1, 2, 3]));
    taken(
        Technique::LockedCandidatesClaiming,
        &grid,
        "9 in r9",
        "2 in c1",
    );
    // Transposed: the row is row 1 now, and the digit 2 is in it.
    let mut grid = Candidates::empty();
    remove(&mut grid, d(2), &row_except(1, &[1, 2, 3]));
    remove(&mut grid, d(9), &col_except(9, &[7, 8, 9]));
    taken(
        Technique::LockedCandidatesClaiming,
        &grid,
        "2 in r1",
        "9 in c9",
    );
}

// Subsets: boxes, then rows, then columns.

#[test]
fn naked_pairs_are_looked_for_in_boxes_first() {
    // A pair in row 1 (not in one box) and one in box 9 (not in one line).
    let mut grid = Candidates::empty();
    restrict(&mut grid, rc(1, 1), &[1, 2]);
    restrict(&mut grid, rc(1, 9), &[1, 2]);
    restrict(&mut grid, rc(7, 7), &[3, 4]);
    restrict(&mut grid, rc(8, 8), &[3, 4]);
    taken(Technique::NakedPair, &grid, "r7c7", "r1c1");
    // Mirrored: the box pair in box 1, the line pair in row 9.
    let mut grid = Candidates::empty();
    restrict(&mut grid, rc(9, 1), &[1, 2]);
    restrict(&mut grid, rc(9, 9), &[1, 2]);
    restrict(&mut grid, rc(1, 1), &[3, 4]);
    restrict(&mut grid, rc(2, 2), &[3, 4]);
    taken(Technique::NakedPair, &grid, "r1c1", "r9c1");
}

#[test]
fn hidden_pairs_are_looked_for_in_boxes_first() {
    // 5 and 6 only at r1c1 and r1c9 in row 1; 7 and 8 only at r7c7 and r9c9 in box 9.
    let mut grid = Candidates::empty();
    for digit in [5, 6] {
        remove(&mut grid, d(digit), &row_except(1, &[1, 9]));
    }
    for digit in [7, 8] {
        confine_in_box(&mut grid, 9, digit, &[rc(7, 7), rc(9, 9)]);
    }
    taken(Technique::HiddenPair, &grid, "r7c7", "r1c1");
    // Mirrored: the box pair in box 1, the line pair in row 9.
    let mut grid = Candidates::empty();
    for digit in [5, 6] {
        remove(&mut grid, d(digit), &row_except(9, &[1, 9]));
    }
    for digit in [7, 8] {
        confine_in_box(&mut grid, 1, digit, &[rc(1, 1), rc(3, 3)]);
    }
    taken(Technique::HiddenPair, &grid, "r1c1", "r9c1");
}

// Basic fish: digits, then rows as base before columns as base.

#[test]
fn x_wings_are_looked_for_digit_by_digit() {
    // One X-Wing with columns as base, one with rows as base; the lower digit's is taken
    // whichever base it has.
    for (column_digit, row_digit) in [(2, 5), (5, 2)] {
        let mut grid = Candidates::empty();
        for col in [1, 5] {
            remove(&mut grid, d(column_digit), &col_except(col, &[2, 6]));
        }
        for row in [3, 8] {
            remove(&mut grid, d(row_digit), &row_except(row, &[3, 7]));
        }
        let lower = column_digit.min(row_digit);
        let (first, other) = in_order(lower == column_digit, "c1,c5", "r3,r8");
        let step = taken(Technique::XWing, &grid, first, other);
        assert!(step.starts_with(&format!("X-Wing: {lower} ")), "{step}");
    }
}

// Single-digit patterns: Skyscrapers in rows for every digit, then in columns.

#[test]
fn skyscrapers_in_rows_come_before_those_in_columns() {
    // A skyscraper of 9 in rows 3 and 7, and one of 1 in columns 3 and 7: the rows' one,
    // though 1 is the lower digit.
    for (row_digit, column_digit) in [(9, 1), (1, 9)] {
        let mut grid = Candidates::empty();
        remove(&mut grid, d(row_digit), &row_except(3, &[1, 6]));
        remove(&mut grid, d(row_digit), &row_except(7, &[2, 6]));
        remove(&mut grid, d(column_digit), &col_except(3, &[1, 6]));
        remove(&mut grid, d(column_digit), &col_except(7, &[2, 6]));
        let first = format!("{row_digit} in r3c1,r7c2");
        let other = format!("{column_digit} in r1c3,r2c7");
        taken(Technique::Skyscraper, &grid, &first, &other);
    }
}

// Wings: XY-Wings by their three cells in ascending order.

#[test]
fn xy_wings_are_taken_by_their_lowest_cells() {
    // Wing A pivots on r1c1 and removes 3 from r5c5; wing B pivots on r9c9 and removes 6
    // from r6c6. Then both turned half round: A on r9c9, B on r1c1.
    let wing_a = [((1, 1), [1, 2]), ((1, 5), [1, 3]), ((5, 1), [2, 3])];
    let wing_b = [((9, 9), [4, 5]), ((9, 6), [4, 6]), ((6, 9), [5, 6])];
    for turned in [false, true] {
        let at = |cell| half_turn(turned, cell);
        let mut grid = Candidates::empty();
        for (cell, digits) in wing_a.iter().chain(&wing_b) {
            restrict(&mut grid, at(*cell), digits);
        }
        let a = format!("{}<>3", at((5, 5)));
        let b = format!("{}<>6", at((6, 6)));
        let (first, other) = in_order(turned, b, a);
        taken(Technique::XyWing, &grid, &first, &other);
    }
}

// Single-digit patterns: 2-String Kites digit by digit.

#[test]
fn two_string_kites_are_taken_digit_by_digit() {
    // The same kite shape for two digits, in two places: the lower digit's, wherever it is.
    for (top, bottom) in [(8, 3), (3, 8)] {
        let mut grid = Candidates::empty();
        // Row 2 keeps c1,c6 and column 5 keeps r3,r8 (r2c6 and r3c5 share box 2).
        remove(&mut grid, d(top), &row_except(2, &[1, 6]));
        remove(&mut grid, d(top), &col_except(5, &[3, 8]));
        // Row 8 keeps c2,c9 and column 7 keeps r2,r7 (r8c9 and r7c7 share box 9).
        remove(&mut grid, d(bottom), &row_except(8, &[2, 9]));
        remove(&mut grid, d(bottom), &col_except(7, &[2, 7]));
        let lower = top.min(bottom);
        let (first, other) = in_order(
            lower == top,
            format!("{top} in r2c1,r8c5"),
            format!("{bottom} in r2c7,r8c2"),
        );
        taken(Technique::TwoStringKite, &grid, &first, &other);
    }
}

// Finned fish: digit by digit, rows as base before columns.

#[test]
fn finned_x_wings_are_looked_for_digit_by_digit() {
    // A finned X-Wing with rows as base (rows 2 and 7 keep c3, c8, and r7c9 as a fin) and
    // one with columns as base (the transpose); the lower digit's is taken.
    for (row_digit, column_digit) in [(4, 6), (6, 4)] {
        let mut grid = Candidates::empty();
        remove(&mut grid, d(row_digit), &row_except(2, &[3, 8]));
        remove(&mut grid, d(row_digit), &row_except(7, &[3, 8, 9]));
        remove(&mut grid, d(column_digit), &col_except(2, &[3, 8]));
        remove(&mut grid, d(column_digit), &col_except(7, &[3, 8, 9]));
        let rows = format!("{row_digit} r2,r7 c3,c8 fins r7c9");
        let columns = format!("{column_digit} c2,c7 r3,r8 fins r9c7");
        let (first, other) = in_order(row_digit < column_digit, rows, columns);
        taken(Technique::FinnedXWing, &grid, &first, &other);
    }
}

// Locked subsets: boxes in order.

#[test]
fn locked_pairs_are_taken_box_by_box() {
    // A locked pair in box 9 (r7c7,r7c8) and one in box 1 (r1c1,r1c2): box 1's, whichever
    // digits each holds.
    for (first_digits, last_digits) in [([1, 2], [3, 4]), ([3, 4], [1, 2])] {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &first_digits);
        restrict(&mut grid, rc(1, 2), &first_digits);
        restrict(&mut grid, rc(7, 7), &last_digits);
        restrict(&mut grid, rc(7, 8), &last_digits);
        taken(Technique::LockedPair, &grid, "in r1c1,r1c2", "in r7c7,r7c8");
    }
}

// Wings: W-Wings by their first cell, the lower digit removed first; XYZ-Wings by pivot.

#[test]
fn w_wings_remove_the_lower_digit_first() {
    // r2c1 and r6c6 hold 5,9; a row holds 9 only below them (remove 5), another holds 5
    // only below them (remove 9). Removing 5 is taken, whichever row links first.
    for (nine_row, five_row) in [(4, 8), (8, 4)] {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(2, 1), &[5, 9]);
        restrict(&mut grid, rc(6, 6), &[5, 9]);
        remove(&mut grid, d(9), &row_except(nine_row, &[1, 6]));
        remove(&mut grid, d(5), &row_except(five_row, &[1, 6]));
        let first = format!("connected by 9 in r{nine_row}c1,r{nine_row}c6");
        let other = format!("connected by 5 in r{five_row}c1,r{five_row}c6");
        taken(Technique::WWing, &grid, &first, &other);
    }
}

#[test]
fn xyz_wings_are_taken_by_their_pivot() {
    // Wing A pivots on r5c5 ({1,2,3}, pincers r5c2 and r4c6), wing B on r8c8 ({5,7,8},
    // pincers r2c8 and r9c9): A's pivot comes first. Turned half round, A keeps r5c5 and
    // B's pivot moves to r2c2, first.
    let wing_a = [
        ((5, 5), &[1, 2, 3][..]),
        ((5, 2), &[1, 3]),
        ((4, 6), &[2, 3]),
    ];
    let wing_b = [
        ((8, 8), &[5, 7, 8][..]),
        ((2, 8), &[5, 8]),
        ((9, 9), &[7, 8]),
    ];
    for turned in [false, true] {
        let at = |cell| half_turn(turned, cell);
        let mut grid = Candidates::empty();
        for (cell, digits) in wing_a.iter().chain(&wing_b) {
            restrict(&mut grid, at(*cell), digits);
        }
        let a = format!("1,2,3 in {}", at((5, 5)));
        let b = format!("5,7,8 in {}", at((8, 8)));
        let (first, other) = in_order(turned, b, a);
        taken(Technique::XyzWing, &grid, &first, &other);
    }
}

// Chains: all found, ranked, the first taken (more eliminations first).

/// A skyscraper in `skyscraper` (rows 3 and 7 keep c1,c6 and c2,c6: four cells lose it)
/// and a kite in `kite` (row 2 keeps c1,c6 and column 5 keeps r3,r8: one cell).
fn skyscraper_and_kite(skyscraper: u8, kite: u8) -> Candidates {
    let mut grid = Candidates::empty();
    remove(&mut grid, d(skyscraper), &row_except(3, &[1, 6]));
    remove(&mut grid, d(skyscraper), &row_except(7, &[2, 6]));
    remove(&mut grid, d(kite), &row_except(2, &[1, 6]));
    remove(&mut grid, d(kite), &col_except(5, &[3, 8]));
    grid
}

#[test]
fn x_chains_with_the_most_eliminations_are_taken() {
    for (skyscraper, kite) in [(7, 2), (2, 7)] {
        let grid = skyscraper_and_kite(skyscraper, kite);
        let first = format!("=> r1c2,r2c2,r8c1,r9c1<>{skyscraper}");
        let other = format!("=> r8c1<>{kite}");
        taken(Technique::XChain, &grid, &first, &other);
    }
}

#[test]
fn turbot_fish_with_the_most_eliminations_is_taken() {
    // The skyscraper's chain removes four candidates, the kite's one: the skyscraper's,
    // whichever digit is lower.
    for (skyscraper, kite) in [(7, 2), (2, 7)] {
        let grid = skyscraper_and_kite(skyscraper, kite);
        let first = format!("=> r1c2,r2c2,r8c1,r9c1<>{skyscraper}");
        let other = format!("=> r8c1<>{kite}");
        taken(Technique::TurbotFish, &grid, &first, &other);
    }
}

// Empty Rectangles and colouring: digit by digit.

#[test]
fn empty_rectangles_are_taken_digit_by_digit() {
    // Box 5 keeps one digit in r5c4, r5c6, r4c5 with column 1 keeping r5, r8; and another
    // in r4c5, r6c5, r5c4 with row 1 keeping c5, c8: the lower digit's.
    for (column_digit, row_digit) in [(7, 3), (3, 7)] {
        let mut grid = Candidates::empty();
        confine_in_box(&mut grid, 5, column_digit, &[rc(5, 4), rc(5, 6), rc(4, 5)]);
        remove(&mut grid, d(column_digit), &col_except(1, &[5, 8]));
        confine_in_box(&mut grid, 5, row_digit, &[rc(4, 5), rc(6, 5), rc(5, 4)]);
        remove(&mut grid, d(row_digit), &row_except(1, &[5, 8]));
        let by_column = format!("{column_digit} in b5 (r5c1,r8c1)");
        let by_row = format!("{row_digit} in b5 (r1c5,r1c8)");
        let (first, other) = in_order(column_digit < row_digit, by_column, by_row);
        taken(Technique::EmptyRectangle, &grid, &first, &other);
    }
}

#[test]
fn simple_colors_take_a_wrap_before_a_trap() {
    // r2c1 = r2c5 = r8c5 = r8c2 = r3c2: one colour holds r2c1 and r3c2, which share a box
    // (a wrap), and cells see both colours (a trap).
    let mut cells = row_except(2, &[1, 5]);
    cells.extend(col_except(5, &[2, 8]));
    cells.extend(row_except(8, &[2, 5]));
    cells.extend(col_except(2, &[3, 8]));
    let grid = without(d(6), &cells);
    taken(Technique::SimpleColors, &grid, "Wrap", "Trap");
}

#[test]
fn simple_colors_are_looked_for_digit_by_digit() {
    // A trap in rows (box 1 keeps r1c1, r3c3; column 3 keeps r3, r7; row 7 keeps c3, c8)
    // and its transpose in columns, in two digits: the lower digit's.
    for (row_digit, column_digit) in [(6, 2), (2, 6)] {
        let mut grid = Candidates::empty();
        confine_in_box(&mut grid, 1, row_digit, &[rc(1, 1), rc(3, 3)]);
        remove(&mut grid, d(row_digit), &col_except(3, &[3, 7]));
        remove(&mut grid, d(row_digit), &row_except(7, &[3, 8]));
        confine_in_box(&mut grid, 1, column_digit, &[rc(1, 1), rc(3, 3)]);
        remove(&mut grid, d(column_digit), &row_except(3, &[3, 7]));
        remove(&mut grid, d(column_digit), &col_except(7, &[3, 8]));
        let in_rows = format!("{row_digit} (r1c1,r7c3) / (r3c3,r7c8)");
        let in_columns = format!("{column_digit} (r1c1,r3c7) / (r3c3,r8c7)");
        let (first, other) = in_order(row_digit < column_digit, in_rows, in_columns);
        taken(Technique::SimpleColors, &grid, &first, &other);
    }
}

// Uniqueness: rectangles from their first bivalue corner, cells ascending.

#[test]
fn unique_rectangles_are_taken_by_their_first_bivalue_corner() {
    // Rectangle A: r1c5, r1c7, r2c7 hold 1,3 (r2c5 loses them); rectangle B: r4c1, r4c2,
    // r8c2 hold 4,9 (r8c1 loses them). A's first corner comes first; transposed, B's.
    let rect_a = [(1, 5), (1, 7), (2, 7)];
    let rect_b = [(4, 1), (4, 2), (8, 2)];
    for transposed in [false, true] {
        let at = |(row, col): (usize, usize)| rc_transposed_if(transposed, row, col);
        let mut grid = Candidates::empty();
        for cell in rect_a {
            restrict(&mut grid, at(cell), &[1, 3]);
        }
        for cell in rect_b {
            restrict(&mut grid, at(cell), &[4, 9]);
        }
        let a = format!("=> {}<>1", at((2, 5)));
        let b = format!("=> {}<>4", at((8, 1)));
        let (first, other) = in_order(transposed, b, a);
        taken(Technique::UniquenessTest1, &grid, &first, &other);
    }
}

#[test]
fn multi_colors_take_type_2_before_type_1() {
    // Two clusters of 6 (column 2 with box 4, and column 9): type 2 removes two
    // candidates, type 1 four; HoDoKu looks for type 2 first and takes the first found.
    let mut cells = col_except(2, &[2, 5]);
    cells.extend(box_except(4, &[rc(5, 2), rc(6, 3)]));
    cells.extend(col_except(9, &[2, 6]));
    let grid = without(d(6), &cells);
    taken(
        Technique::MultiColors,
        &grid,
        "Multi Colors 2",
        "Multi Colors 1",
    );
}

#[test]
fn xy_chains_with_the_most_eliminations_are_taken() {
    // Two three-cell chains: A (r1c1 {1,2}, r1c5 {1,3}, r5c1 {2,3}) removes 3 from r5c5
    // only; B (r7c9 {4,5}, r7c1 {4,6}, r9c8 {5,6}) removes 6 from five cells. B, found
    // after A, is taken; and still when both are turned half round.
    let chain_a = [((1, 1), [1, 2]), ((1, 5), [1, 3]), ((5, 1), [2, 3])];
    let chain_b = [((7, 9), [4, 5]), ((7, 1), [4, 6]), ((9, 8), [5, 6])];
    for turned in [false, true] {
        let at = |cell| half_turn(turned, cell);
        let mut grid = Candidates::empty();
        for (cell, digits) in chain_a.iter().chain(&chain_b) {
            restrict(&mut grid, at(*cell), digits);
        }
        let a = format!("=> {}<>3", at((5, 5)));
        taken(Technique::XyChain, &grid, "<>6", &a);
    }
}

#[test]
fn uniqueness_test_2_takes_the_rectangle_of_the_first_bivalue_corner() {
    // Rectangle A: floor r1c1, r1c2 {2,5}, roof r7c1, r7c2 {2,5,8}; rectangle B: floor
    // r5c7, r5c8 {3,6}, roof r3c7, r3c8 {3,6,9}. A's floor comes first; turned half round,
    // B's.
    let rect_a = [
        ((1, 1), &[2, 5][..]),
        ((1, 2), &[2, 5]),
        ((7, 1), &[2, 5, 8]),
        ((7, 2), &[2, 5, 8]),
    ];
    let rect_b = [
        ((5, 7), &[3, 6][..]),
        ((5, 8), &[3, 6]),
        ((3, 7), &[3, 6, 9]),
        ((3, 8), &[3, 6, 9]),
    ];
    for turned in [false, true] {
        let at = |cell| half_turn(turned, cell);
        let mut grid = Candidates::empty();
        for (cell, digits) in rect_a.iter().chain(&rect_b) {
            restrict(&mut grid, at(*cell), digits);
        }
        let (first, other) = in_order(turned, "3/6 in", "2/5 in");
        taken(Technique::UniquenessTest2, &grid, first, other);
    }
}

#[test]
fn remote_pairs_with_the_most_eliminations_are_taken() {
    // 1,2 in r1c1, r1c5, r5c5, r5c9: r1c9 and r5c1 lose both digits (four candidates).
    // 3,4 in r7c1, r7c5, r9c5, r9c2: the ends share box 7, whose other cells lose both
    // (more). The second, found after the first, is taken.
    let mut grid = Candidates::empty();
    for (row, col) in [(1, 1), (1, 5), (5, 5), (5, 9)] {
        restrict(&mut grid, rc(row, col), &[1, 2]);
    }
    for (row, col) in [(7, 1), (7, 5), (9, 5), (9, 2)] {
        restrict(&mut grid, rc(row, col), &[3, 4]);
    }
    taken(Technique::RemotePair, &grid, "3/4", "1/2");
}

#[test]
fn nice_loops_with_the_most_eliminations_are_taken() {
    for (skyscraper, kite) in [(7, 2), (2, 7)] {
        let grid = skyscraper_and_kite(skyscraper, kite);
        let first = format!("=> r1c2,r2c2,r8c1,r9c1<>{skyscraper}");
        let other = format!("=> r8c1<>{kite}");
        taken(Technique::NiceLoop, &grid, &first, &other);
    }
}

#[test]
fn naked_triples_are_looked_for_in_boxes_first() {
    // A triple in row 1 (three boxes) and one in box 9 (not in one line): box 9's.
    let mut grid = Candidates::empty();
    for col in [1, 5, 9] {
        restrict(&mut grid, rc(1, col), &[1, 2, 3]);
    }
    for (row, col) in [(7, 7), (8, 8), (9, 9)] {
        restrict(&mut grid, rc(row, col), &[4, 5, 6]);
    }
    taken(Technique::NakedTriple, &grid, "r7c7", "r1c1");
}

#[test]
fn swordfish_are_looked_for_digit_by_digit() {
    // A Swordfish with columns as base (columns 1, 4, 7 keep rows 2, 5, 8) and one with
    // rows as base (rows 3, 6, 9 keep columns 2, 5, 8): the lower digit's.
    for (column_digit, row_digit) in [(2, 5), (5, 2)] {
        let mut grid = Candidates::empty();
        for col in [1, 4, 7] {
            remove(&mut grid, d(column_digit), &col_except(col, &[2, 5, 8]));
        }
        for row in [3, 6, 9] {
            remove(&mut grid, d(row_digit), &row_except(row, &[2, 5, 8]));
        }
        let columns = format!("Swordfish: {column_digit} c1,c4,c7");
        let rows = format!("Swordfish: {row_digit} r3,r6,r9");
        let (first, other) = in_order(column_digit < row_digit, columns, rows);
        taken(Technique::Swordfish, &grid, &first, &other);
    }
}

#[test]
fn hidden_triples_and_quads_are_looked_for_in_boxes_first() {
    // Digits confined to three (four) cells of row 1 and other digits to three (four)
    // cells of box 9: box 9's.
    let cases = [
        (
            Technique::HiddenTriple,
            &[1, 2, 3][..],
            &[1, 5, 9][..],
            &[4, 5, 6][..],
            &[(7, 7), (8, 8), (9, 9)][..],
        ),
        (
            Technique::HiddenQuad,
            &[1, 2, 3, 4],
            &[1, 4, 6, 9],
            &[5, 6, 7, 8],
            &[(7, 7), (7, 9), (9, 7), (9, 9)],
        ),
    ];
    for (technique, row_digits, row_cols, box_digits, box_cells) in cases {
        let mut grid = Candidates::empty();
        for &digit in row_digits {
            remove(&mut grid, d(digit), &row_except(1, row_cols));
        }
        let keep: Vec<Cell> = box_cells.iter().map(|&(r, c)| rc(r, c)).collect();
        for &digit in box_digits {
            confine_in_box(&mut grid, 9, digit, &keep);
        }
        taken(technique, &grid, "r7c7", "r1c1");
    }
}

#[test]
fn naked_quads_are_looked_for_in_boxes_first() {
    let mut grid = Candidates::empty();
    for col in [1, 4, 6, 9] {
        restrict(&mut grid, rc(1, col), &[1, 2, 3, 4]);
    }
    for (row, col) in [(7, 7), (7, 9), (9, 7), (9, 9)] {
        restrict(&mut grid, rc(row, col), &[5, 6, 7, 8]);
    }
    taken(Technique::NakedQuad, &grid, "r7c7", "r1c1");
}

#[test]
fn locked_triples_are_taken_box_by_box() {
    for (first_digits, last_digits) in [([1, 2, 3], [4, 5, 6]), ([4, 5, 6], [1, 2, 3])] {
        let mut grid = Candidates::empty();
        for col in 1..=3 {
            restrict(&mut grid, rc(1, col), &first_digits);
        }
        for col in 7..=9 {
            restrict(&mut grid, rc(8, col), &last_digits);
        }
        taken(
            Technique::LockedTriple,
            &grid,
            "in r1c1,r1c2,r1c3",
            "in r8c7,r8c8,r8c9",
        );
    }
}

#[test]
fn jellyfish_are_looked_for_digit_by_digit() {
    for (column_digit, row_digit) in [(3, 8), (8, 3)] {
        let mut grid = Candidates::empty();
        for col in [1, 3, 5, 7] {
            remove(&mut grid, d(column_digit), &col_except(col, &[2, 4, 6, 8]));
        }
        for row in [1, 3, 5, 7] {
            remove(&mut grid, d(row_digit), &row_except(row, &[2, 4, 6, 8]));
        }
        let columns = format!("Jellyfish: {column_digit} c1,c3,c5,c7");
        let rows = format!("Jellyfish: {row_digit} r1,r3,r5,r7");
        let (first, other) = in_order(column_digit < row_digit, columns, rows);
        taken(Technique::Jellyfish, &grid, &first, &other);
    }
}

#[test]
fn sashimi_x_wings_take_cover_lines_in_lexicographic_order() {
    // Rows 2 and 7 hold 4 in c3, c8 and c3, c9: covered by c3,c8 (fin r7c9) or by c3,c9
    // (fin r2c8); c3,c8 comes first.
    let mut grid = Candidates::empty();
    remove(&mut grid, d(4), &row_except(2, &[3, 8]));
    remove(&mut grid, d(4), &row_except(7, &[3, 9]));
    taken(
        Technique::SashimiXWing,
        &grid,
        "c3,c8 fins r7c9",
        "c3,c9 fins r2c8",
    );
}

#[test]
fn grouped_nice_loops_with_the_most_eliminations_are_taken() {
    for (skyscraper, kite) in [(7, 2), (2, 7)] {
        let grid = skyscraper_and_kite(skyscraper, kite);
        let first = format!("=> r1c2,r2c2,r8c1,r9c1<>{skyscraper}");
        let other = format!("<>{kite}");
        taken(Technique::GroupedNiceLoop, &grid, &first, &other);
    }
}

#[test]
fn sue_de_coqs_are_looked_for_in_rows_before_columns() {
    // One in row 7 (r7c12 with r7c5 and r8c1), one in column 9 (r12c9 with r5c9 and
    // r1c7); mirrored about the diagonal, the column one becomes the row one.
    for transposed in [false, true] {
        let at = |row, col| rc_transposed_if(transposed, row, col);
        let mut grid = Candidates::empty();
        for (cell, digits) in [
            (at(7, 1), &[1, 2, 3][..]),
            (at(7, 2), &[1, 2, 4]),
            (at(7, 5), &[1, 2]),
            (at(8, 1), &[3, 4]),
            (at(1, 9), &[5, 6, 7]),
            (at(2, 9), &[5, 6, 8]),
            (at(5, 9), &[5, 6]),
            (at(1, 7), &[7, 8]),
        ] {
            restrict(&mut grid, cell, digits);
        }
        let (row_one, column_one) = (
            format!("{},{} - {{1,2,3,4}}", at(7, 1), at(7, 2)),
            format!("{},{} - {{5,6,7,8}}", at(1, 9), at(2, 9)),
        );
        let (first, other) = in_order(!transposed, row_one, column_one);
        taken(Technique::SueDeCoq, &grid, &first, &other);
    }
}

// ALS-XZ and ALS-XY-Wing: the first restricted common in HoDoKu's ALS list order (rows,
// then columns, then boxes; within a house, depth first by cell).

/// Two ALS-XZ, one with its first ALS in row 1 (r1c1 with r5c12, Z = 2), one with its
/// first in row 3 (r3c9 with r7c89, Z = 5); turned half round, the second comes first.
#[test]
fn als_xz_take_the_first_restricted_common_in_list_order() {
    for turned in [false, true] {
        let at = |cell| half_turn(turned, cell);
        let mut grid = Candidates::empty();
        for (cell, digits) in [
            (at((1, 1)), &[1, 2][..]),
            (at((5, 1)), &[1, 3]),
            (at((5, 2)), &[2, 3]),
            (at((3, 9)), &[4, 5]),
            (at((7, 9)), &[4, 6]),
            (at((7, 8)), &[5, 6]),
        ] {
            restrict(&mut grid, cell, digits);
        }
        let (first, other) = in_order(!turned, "X=1, Z=2", "X=4, Z=5");
        taken(Technique::AlsXz, &grid, first, other);
    }
}

/// Two wings of three bivalue cells: C = r2c5 {1,3} with r2c1 {1,2} and r6c5 {2,3}, and
/// C = r4c9 {4,6} with r4c6 {4,5} and r8c9 {5,6}; the first's RCs come first in list
/// order, and turned half round the second's do.
#[test]
fn als_xy_wings_take_the_first_pair_of_restricted_commons_in_list_order() {
    for turned in [false, true] {
        let at = |cell| half_turn(turned, cell);
        let mut grid = Candidates::empty();
        for (cell, digits) in [
            (at((2, 5)), &[1, 3][..]),
            (at((2, 1)), &[1, 2]),
            (at((6, 5)), &[2, 3]),
            (at((4, 9)), &[4, 6]),
            (at((4, 6)), &[4, 5]),
            (at((8, 9)), &[5, 6]),
        ] {
            restrict(&mut grid, cell, digits);
        }
        let (first, other) = in_order(!turned, "Z=2", "Z=5");
        taken(Technique::AlsXyWing, &grid, first, other);
    }
}

// Death Blossom: the first stem in cell order, then its petals depth first.

#[test]
fn death_blossoms_are_taken_by_their_first_stem() {
    for turned in [false, true] {
        let at = |cell| half_turn(turned, cell);
        let mut grid = Candidates::empty();
        // Stem r5c5 {1,2}, petals r5c1 {1,3} and r1c5 {2,3}: r1c1 loses 3.
        restrict(&mut grid, at((5, 5)), &[1, 2]);
        restrict(&mut grid, at((5, 1)), &[1, 3]);
        restrict(&mut grid, at((1, 5)), &[2, 3]);
        // Stem r2c8 {4,5}, petals r2c2 {4,6} and r8c8 {5,6}: r8c2 loses 6.
        restrict(&mut grid, at((2, 8)), &[4, 5]);
        restrict(&mut grid, at((2, 2)), &[4, 6]);
        restrict(&mut grid, at((8, 8)), &[5, 6]);
        let centre = format!("Death Blossom: {},", at((5, 5)));
        let corner = format!("Death Blossom: {},", at((2, 8)));
        // Turned, the corner stem comes after the centre.
        let (first, other) = in_order(!turned, corner, centre);
        taken(Technique::DeathBlossom, &grid, &first, &other);
    }
}

// Template Delete: the lowest digit with something to delete, all of its deletions.

#[test]
fn template_deletes_take_the_lowest_digit() {
    for low_first in [true, false] {
        let mut grid = Candidates::empty();
        // Digit 5 confined to an X-Wing in rows 1 and 4, digit 3 to one in rows 2 and 6.
        let (a, b) = in_order(low_first, 3, 5);
        remove(&mut grid, d(a), &row_except(1, &[1, 5]));
        remove(&mut grid, d(a), &row_except(4, &[1, 5]));
        remove(&mut grid, d(b), &row_except(2, &[3, 8]));
        remove(&mut grid, d(b), &row_except(6, &[3, 8]));
        taken(
            Technique::TemplateDelete,
            &grid,
            "Template Delete: 3 =>",
            "Template Delete: 5 =>",
        );
    }
}

// Template Set: the lowest digit with something to set, all of its cells.

#[test]
fn template_sets_take_the_lowest_digit_and_all_its_cells() {
    for low_first in [true, false] {
        let mut grid = Candidates::empty();
        // One digit sure of r1c1 and r4c5 (each its row's only place), the other of r2c3.
        let (a, b) = in_order(low_first, 3, 5);
        remove(&mut grid, d(a), &row_except(1, &[1]));
        remove(&mut grid, d(a), &row_except(4, &[5]));
        remove(&mut grid, d(b), &row_except(2, &[3]));
        let (first, other) = if low_first {
            ("Template Set: r1c1,r4c5=3", "Template Set: r2c3=5")
        } else {
            ("Template Set: r2c3=3", "Template Set: r1c1,r4c5=5")
        };
        taken(Technique::TemplateSet, &grid, first, other);
    }
}
