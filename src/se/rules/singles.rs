//! SE's singles: `HiddenSingle` (the last empty cell of a house first, 1.0, then a digit
//! with one place in a block, 1.2, or a line, 1.5) and `NakedSingle` (2.3).
//!
//! SE's order: houses as blocks, columns, rows (each in number order), digits 1 to 9;
//! the "alone" pass over every house before the hidden pass. A naked single is the first
//! cell in reading order with one candidate.

use crate::candidates::Candidates;
use crate::geometry::{Digit, HouseKind};
use crate::se::hint::{Hint, Rule};
use crate::se::order::blocks_columns_rows;

/// SE's first hidden single, "alone" ones (a house's last empty cell) first.
pub fn hidden_single(grid: &Candidates) -> Option<Hint> {
    // Per house, the digits with one place there.
    let mut digits_by_house = [0u16; 27];
    let mut any = 0u32;
    for digit in Digit::all() {
        let mut houses = grid.houses_with_one_place(digit);
        any |= houses;
        while houses != 0 {
            digits_by_house[houses.trailing_zeros() as usize] |= 1 << digit.index();
            houses &= houses - 1;
        }
    }
    if any == 0 {
        return None;
    }
    let alone = grid.houses_with_one_empty_cell();
    for pass_alone in [true, false] {
        for house in blocks_columns_rows() {
            let digits = digits_by_house[house.index()];
            if digits == 0 || alone.contains(house) != pass_alone {
                continue;
            }
            let digit = Digit::from_index(digits.trailing_zeros() as usize);
            let position = grid.positions(house, digit).trailing_zeros() as usize;
            let rule = match (pass_alone, house.kind()) {
                (true, _) => Rule::HiddenSingleAlone,
                (false, HouseKind::Box) => Rule::HiddenSingleBox,
                (false, _) => Rule::HiddenSingleLine,
            };
            return Some(Hint::placing(rule, house.cells()[position], digit));
        }
    }
    None
}

/// SE's first naked single: the first cell in reading order with one candidate.
pub fn naked_single(grid: &Candidates) -> Option<Hint> {
    let cell = grid.cells_with_exactly(1).first()?;
    let digit = grid.candidates(cell).first()?;
    Some(Hint::placing(Rule::NakedSingle, cell, digit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::se::rules::test_grids::grid;

    #[test]
    fn a_last_empty_cell_comes_before_any_hidden_single() {
        // Row 1 lacks only its 9 (r1c9); column 1 lacks only its 9 too (r9c1).
        let g = grid(
            "12345678.\
             4........\
             7........\
             2........\
             3........\
             5........\
             6........\
             8........\
             .........",
        );
        let hint = hidden_single(&g).unwrap();
        assert_eq!(hint.rule, Rule::HiddenSingleAlone);
        assert_eq!(hint.difficulty.0, 1.0);
        // Columns come before rows: column 1's last cell r9c1 is found first.
        assert_eq!(hint.placement, Some((Cell::at(8, 0), Digit::new(9))));
    }

    #[test]
    fn blocks_come_before_lines_and_digits_in_order() {
        // The 1s of rows 2 and 3 and columns 2 and 3 leave box 1 one place for 1: r1c1.
        let g = grid(
            ".........\
             ...1.....\
             ......1..\
             .1.......\
             .........\
             .........\
             ..1......\
             .........\
             .........",
        );
        let hint = hidden_single(&g).unwrap();
        assert_eq!(hint.rule, Rule::HiddenSingleBox);
        assert_eq!(hint.difficulty.0, 1.2);
        assert_eq!(hint.placement, Some((Cell::at(0, 0), Digit::new(1))));
    }

    #[test]
    fn a_line_single_is_rated_1_5_and_none_is_found_on_an_open_grid() {
        // Row 1 keeps its 9 only in r1c1; box 1 and column 1 keep several places.
        let mut g = grid(&".".repeat(81));
        for col in 1..9 {
            g.eliminate(Cell::at(0, col), Digit::new(9));
        }
        let hint = hidden_single(&g).unwrap();
        assert_eq!(hint.rule, Rule::HiddenSingleLine);
        assert_eq!(hint.difficulty.0, 1.5);
        assert_eq!(hint.placement, Some((Cell::at(0, 0), Digit::new(9))));
        assert_eq!(hidden_single(&grid(&".".repeat(81))), None);
    }

    #[test]
    fn the_first_naked_single_in_reading_order() {
        let g = grid(
            ".........\
             .........\
             .........\
             .........\
             ....5....\
             .........\
             .........\
             .........\
             1234.678.",
        );
        let hint = naked_single(&g).unwrap();
        assert_eq!(hint.placement, Some((Cell::at(8, 4), Digit::new(9))));
        assert_eq!(hint.difficulty.0, 2.3);
        assert_eq!(naked_single(&grid(&".".repeat(81))), None);
    }
}
