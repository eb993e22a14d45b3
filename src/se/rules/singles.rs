//! SE's singles: `HiddenSingle` (the last empty cell of a house first, 1.0, then a digit
//! with one place in a block, 1.2, or a line, 1.5) and `NakedSingle` (2.3).
//!
//! SE's order: houses as blocks, columns, rows (each in number order), digits 1 to 9;
//! the "alone" pass over every house before the hidden pass. A naked single is the first
//! cell in reading order with one candidate.

use crate::bitset::bit_positions;
use crate::candidates::Candidates;
use crate::geometry::{Digit, House, HouseKind};
use crate::se::hint::{Hint, Rule};

/// SE's first hidden single, "alone" ones (a house's last empty cell) first.
pub fn hidden_single(grid: &Candidates) -> Option<Hint> {
    // A house's last empty cell has its missing digit as only candidate (or none).
    let alone = grid.houses_with_one_empty_cell();
    if !alone.is_empty() {
        for house in in_se_order(alone.bits()) {
            let cell = (grid.unsolved() & house.cell_set()).first()?;
            if let Some(digit) = grid.candidates(cell).first() {
                return Some(Hint::placing(Rule::HiddenSingleAlone, cell, digit));
            }
        }
    }
    let by_digit: [u32; 9] =
        std::array::from_fn(|d| grid.houses_with_one_place(Digit::from_index(d)));
    let any = by_digit.iter().fold(0, |a, &m| a | m) & !alone.bits();
    let house = in_se_order(any).next()?;
    let digit = (0..9).find(|&d| by_digit[d] >> house.index() & 1 != 0)?;
    let digit = Digit::from_index(digit);
    let position = grid.positions(house, digit).trailing_zeros() as usize;
    let rule = if house.kind() == HouseKind::Box {
        Rule::HiddenSingleBox
    } else {
        Rule::HiddenSingleLine
    };
    Some(Hint::placing(rule, house.cells()[position], digit))
}

/// The houses of a mask (bit = house index) in SE's order: blocks, columns, rows.
fn in_se_order(mask: u32) -> impl Iterator<Item = House> {
    let reordered =
        u64::from(mask >> 18) | u64::from(mask >> 9 & 0x1ff) << 9 | u64::from(mask & 0x1ff) << 18;
    bit_positions(reordered).map(|i| match i / 9 {
        0 => House::box_(i % 9),
        1 => House::column(i % 9),
        _ => House::row(i % 9),
    })
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
