//! SE's intersections (`Locking`): a digit of one house whose places all lie in a
//! crossing house. Indirect mode removes it from the crossing house's other cells
//! (Pointing 2.6 when the first house is a block, Claiming 2.8); direct mode (Direct
//! Pointing 1.7, Direct Claiming 1.9) only counts when those removals leave a hidden
//! single in another house of the first house's kind crossing the second.
//!
//! SE's order: the pairs (block, column), (block, row), (column, block), (row, block),
//! each by first house then second house number, then digits 1 to 9, then (direct) the
//! other houses of the first kind by number.
//!
//! Quirk matched: a direct hint applies only its placement. SE builds the
//! `DirectLockingHint` with an empty map of removable candidates (it keeps the removals
//! for display only), so the pointing's other removals stay on the grid.

use crate::candidates::Candidates;
use crate::geometry::{Digit, House, HouseKind};
use crate::se::hint::{Hint, Removals, Rule};
use std::sync::LazyLock;

/// A box and a line that cross, as SE pairs them: `first`'s places of a digit all in
/// `second`.
#[derive(Clone, Copy)]
struct Crossing {
    first: House,
    second: House,
    /// The positions of `first` inside `second`.
    inside: u16,
    /// The other houses of `first`'s kind crossing `second`, with their positions
    /// inside `second` (the direct mode's third houses), in number order.
    thirds: [(House, u16); 2],
}

fn positions_inside(house: House, other: House) -> u16 {
    (0..9)
        .filter(|&p| other.cell_set().contains(house.cells()[p]))
        .fold(0, |m, p| m | 1 << p)
}

/// The crossings in SE's order: (block, column), (block, row), (column, block), (row,
/// block), each by first then second house number.
static CROSSINGS: LazyLock<Vec<Crossing>> = LazyLock::new(|| {
    use HouseKind::{Box, Column, Row};
    let mut crossings = Vec::new();
    for (first_kind, second_kind) in [(Box, Column), (Box, Row), (Column, Box), (Row, Box)] {
        for first in House::all_of(first_kind) {
            for second in House::all_of(second_kind) {
                if !first.cell_set().intersects(second.cell_set()) {
                    continue;
                }
                let mut thirds = [(first, 0); 2];
                let others = House::all_of(first_kind)
                    .filter(|&t| t != first && t.cell_set().intersects(second.cell_set()));
                for (slot, third) in thirds.iter_mut().zip(others) {
                    *slot = (third, positions_inside(third, second));
                }
                crossings.push(Crossing {
                    first,
                    second,
                    inside: positions_inside(first, second),
                    thirds,
                });
            }
        }
    }
    crossings
});

/// Whether `digit`'s places in `crossing.first` (two or more) all lie in its second
/// house.
#[inline]
fn locked(grid: &Candidates, crossing: &Crossing, digit: Digit) -> bool {
    let places = grid.positions(crossing.first, digit);
    places & !crossing.inside == 0 && places & places.wrapping_sub(1) != 0
}

fn rule_of(crossing: &Crossing, direct: bool) -> Rule {
    match (crossing.first.kind() == HouseKind::Box, direct) {
        (true, false) => Rule::Pointing,
        (false, false) => Rule::Claiming,
        (true, true) => Rule::DirectPointing,
        (false, true) => Rule::DirectClaiming,
    }
}

/// SE's first Pointing or Claiming that removes something.
pub fn locking(grid: &Candidates) -> Option<Hint> {
    for crossing in CROSSINGS.iter() {
        for digit in Digit::all() {
            if !locked(grid, crossing, digit) {
                continue;
            }
            let removed =
                grid.cells_with(digit) & (crossing.second.cell_set() - crossing.first.cell_set());
            if !removed.is_empty() {
                let mut removals = Removals::NONE;
                removals.add_cells(digit, removed);
                return Some(Hint::removing(rule_of(crossing, false), removals));
            }
        }
    }
    None
}

/// SE's first Direct Pointing or Direct Claiming: the placement it leads to.
pub fn direct_locking(grid: &Candidates) -> Option<Hint> {
    for crossing in CROSSINGS.iter() {
        for digit in Digit::all() {
            if !locked(grid, crossing, digit) {
                continue;
            }
            for &(third, inside) in &crossing.thirds {
                let places = grid.positions(third, digit);
                let outside = places & !inside;
                // Two places or more, one of them outside the second house.
                if places & places.wrapping_sub(1) != 0
                    && outside != 0
                    && outside & (outside - 1) == 0
                {
                    let cell = third.cells()[outside.trailing_zeros() as usize];
                    return Some(Hint::placing(rule_of(crossing, true), cell, digit));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitset::CellSet;
    use crate::geometry::Cell;
    use crate::se::rules::test_grids::{grid, without};

    #[test]
    fn pointing_removes_along_the_line_and_claiming_inside_the_box() {
        // Box 1's 5s only in row 1 (r1c1, r1c2): row 1 loses 5 outside box 1.
        let g = without(
            &grid(&".".repeat(81)),
            5,
            &["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3", "r1c3"],
        );
        let hint = locking(&g).unwrap();
        assert_eq!(hint.rule, Rule::Pointing);
        assert_eq!(hint.difficulty.0, 2.6);
        let expected: CellSet = (3..9).map(|c| Cell::at(0, c)).collect();
        assert_eq!(hint.removals.cells(Digit::new(5)), expected);
        // Column 9's 7s only in box 9: box 9 loses 7 outside column 9.
        let g = without(
            &grid(&".".repeat(81)),
            7,
            &["r1c9", "r2c9", "r3c9", "r4c9", "r5c9", "r6c9"],
        );
        let hint = locking(&g).unwrap();
        assert_eq!(hint.rule, Rule::Claiming);
        assert_eq!(hint.difficulty.0, 2.8);
        assert_eq!(hint.removals.cells(Digit::new(7)).len(), 6);
    }

    #[test]
    fn pointing_by_column_comes_before_pointing_by_row() {
        // Box 5's 3s in r5c5 and r6c5 only: a column pointing, found first.
        let mut g = grid(&".".repeat(81));
        for cell in House::box_(4).cells() {
            if cell.col() != 4 || cell.row() == 3 {
                g.eliminate(*cell, Digit::new(3));
            }
        }
        let hint = locking(&g).unwrap();
        let expected =
            (House::column(4).cell_set() - House::box_(4).cell_set()) & g.cells_with(Digit::new(3));
        assert_eq!(hint.removals.cells(Digit::new(3)), expected);
        assert_eq!(locking(&grid(&".".repeat(81))), None);
    }

    #[test]
    fn direct_pointing_counts_only_with_a_hidden_single_and_removes_nothing() {
        // Box 1's 4s in row 1 only; box 2's 4s in row 1 and r2c4: the pointing leaves
        // box 2 one place, r2c4.
        let g = without(
            &grid(&".".repeat(81)),
            4,
            &[
                "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3", "r2c5", "r2c6", "r3c4", "r3c5",
                "r3c6",
            ],
        );
        let hint = direct_locking(&g).unwrap();
        assert_eq!(hint.rule, Rule::DirectPointing);
        assert_eq!(hint.difficulty.0, 1.7);
        assert_eq!(hint.placement, Some((Cell::at(1, 3), Digit::new(4))));
        assert!(hint.removals.is_empty());
        // Without the single, no direct hint (the indirect one is still there).
        let g = without(
            &grid(&".".repeat(81)),
            4,
            &["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"],
        );
        assert_eq!(direct_locking(&g), None);
        assert!(locking(&g).is_some());
    }

    #[test]
    fn direct_claiming_names_a_line_first() {
        // A 2 in r7c9. Row 9's 2s only in box 7 (r9c1-3); row 8 keeps r8c1-4: the
        // claiming leaves row 8 one place, r8c4. Box 8's pointing (r8c4 alone) and the
        // rest give no direct hint before it.
        let mut puzzle = ".".repeat(81);
        puzzle.replace_range(62..63, "2");
        let g = without(&grid(&puzzle), 2, &["r9c4", "r9c5", "r9c6", "r8c5", "r8c6"]);
        let hint = direct_locking(&g).unwrap();
        assert_eq!(hint.rule, Rule::DirectClaiming);
        assert_eq!(hint.difficulty.0, 1.9);
        assert_eq!(hint.placement, Some((Cell::at(7, 3), Digit::new(2))));
    }
}
