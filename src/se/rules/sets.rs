//! SE's naked and hidden sets of 2 to 4 (`NakedSet`, `HiddenSet`), and the direct hidden
//! pair and triplet that only count when they leave a hidden single.
//!
//! SE's order: houses as blocks, columns, rows; cell positions (naked) or digits (hidden)
//! as combinations in increasing mask order. Quirks matched:
//! - every member must have two places or more (`CommonTuples.searchCommonTuple`): a
//!   naked set never includes a cell with one candidate, a hidden set never a digit with
//!   one place;
//! - a house is searched for a naked set of `n` when it has at least `2n` empty cells, for
//!   a hidden set when it has more than `2n` (more than `n` for the direct ones);
//! - a direct hidden set takes the first digit (1 to 9, outside the set, with two places
//!   or more) left with one place outside the set's cells, and applies only that
//!   placement: SE gives `DirectHiddenSetHint` no removals to apply.

use crate::bitset::bit_positions;
use crate::candidates::Candidates;
use crate::geometry::{Digit, House};
use crate::se::hint::{Hint, Removals, Rule};
use crate::se::order::{blocks_columns_rows, subsets_of};

/// SE's first naked set of `degree` cells that removes something.
pub fn naked_set(grid: &Candidates, degree: u32) -> Option<Hint> {
    let rule = match degree {
        2 => Rule::NakedPair,
        3 => Rule::NakedTriplet,
        _ => Rule::NakedQuad,
    };
    for house in blocks_columns_rows() {
        if grid.empty_cells_in(house) < 2 * degree {
            continue;
        }
        let masks = house.cells().map(|cell| grid.candidates(cell).bits());
        // Members have two candidates or more (SE's rule) and at most `degree` (else
        // the union is too large): the other combinations would fail anyway.
        let members: u64 = (0..9)
            .filter(|&p| (2..=degree).contains(&masks[p].count_ones()))
            .fold(0, |m, p| m | 1 << p);
        for combo in subsets_of(members, degree) {
            let digits = bit_positions(combo).fold(0u16, |u, p| u | masks[p]);
            if digits.count_ones() != degree {
                continue;
            }
            let mut removals = Removals::NONE;
            for (p, cell) in house.cells().iter().enumerate() {
                if combo >> p & 1 == 0 {
                    for digit in bit_positions(u64::from(masks[p] & digits)) {
                        removals.add(*cell, Digit::from_index(digit));
                    }
                }
            }
            if !removals.is_empty() {
                return Some(Hint::removing(rule, removals));
            }
        }
    }
    None
}

/// SE's first hidden set of `degree` digits: one that removes something, or (`direct`)
/// one that leaves a hidden single, as that single's placement.
pub fn hidden_set(grid: &Candidates, degree: u32, direct: bool) -> Option<Hint> {
    for house in blocks_columns_rows() {
        let empty = grid.empty_cells_in(house);
        if !(empty > 2 * degree || (direct && empty > degree)) {
            continue;
        }
        let places: [u16; 9] = std::array::from_fn(|d| grid.positions(house, Digit::from_index(d)));
        let members: u64 = (0..9)
            .filter(|&d| (2..=degree).contains(&places[d].count_ones()))
            .fold(0, |m, d| m | 1 << d);
        for combo in subsets_of(members, degree) {
            let cells = bit_positions(combo).fold(0u16, |u, d| u | places[d]);
            if cells.count_ones() != degree {
                continue;
            }
            let found = if direct {
                following_single(house, &places, combo, cells, degree)
            } else {
                removing(grid, house, combo as u16, cells, degree)
            };
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// A hidden set's removals: the other digits of its cells.
fn removing(grid: &Candidates, house: House, digits: u16, cells: u16, degree: u32) -> Option<Hint> {
    let rule = match degree {
        2 => Rule::HiddenPair,
        3 => Rule::HiddenTriplet,
        _ => Rule::HiddenQuad,
    };
    let mut removals = Removals::NONE;
    for p in bit_positions(u64::from(cells)) {
        let cell = house.cells()[p];
        for digit in bit_positions(u64::from(grid.candidates(cell).bits() & !digits)) {
            removals.add(cell, Digit::from_index(digit));
        }
    }
    (!removals.is_empty()).then(|| Hint::removing(rule, removals))
}

/// The hidden single a direct hidden set leaves: SE's first digit outside the set with
/// two places or more and one outside the set's cells.
fn following_single(
    house: House,
    places: &[u16; 9],
    digits: u64,
    cells: u16,
    degree: u32,
) -> Option<Hint> {
    let rule = if degree == 2 {
        Rule::DirectHiddenPair
    } else {
        Rule::DirectHiddenTriplet
    };
    (0..9)
        .filter(|&d| digits >> d & 1 == 0 && places[d].count_ones() > 1)
        .find_map(|d| {
            let rest = places[d] & !cells;
            (rest.count_ones() == 1).then(|| {
                let cell = house.cells()[rest.trailing_zeros() as usize];
                Hint::placing(rule, cell, Digit::from_index(d))
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::se::rules::test_grids::{grid, keep_only};

    #[test]
    fn a_naked_pair_in_a_row_removes_its_digits_from_the_row() {
        let g = keep_only(&grid(&".".repeat(81)), &[("r5c2", "18"), ("r5c7", "18")]);
        let hint = naked_set(&g, 2).unwrap();
        assert_eq!(hint.rule, Rule::NakedPair);
        assert_eq!(hint.difficulty.0, 3.0);
        assert_eq!(hint.removals.cells(Digit::new(1)).len(), 7);
        assert!(
            hint.removals
                .cells(Digit::new(1))
                .iter()
                .all(|c| c.row() == 4)
        );
        assert_eq!(naked_set(&g, 3), None);
    }

    #[test]
    fn blocks_are_searched_before_columns() {
        // A naked triplet in box 1 that is also in column 1: found as the block's.
        let g = keep_only(
            &grid(&".".repeat(81)),
            &[("r1c1", "12"), ("r2c1", "23"), ("r3c1", "13")],
        );
        let hint = naked_set(&g, 3).unwrap();
        assert_eq!(hint.rule, Rule::NakedTriplet);
        assert!(
            hint.removals
                .cells(Digit::new(1))
                .iter()
                .all(|c| c.box_index() == 0)
        );
    }

    #[test]
    fn a_hidden_pair_removes_the_other_digits_of_its_cells() {
        // 6 and 7 only in r1c1 and r9c1 of column 1.
        let mut g = grid(&".".repeat(81));
        for row in 1..8 {
            g.eliminate(Cell::at(row, 0), Digit::new(6));
            g.eliminate(Cell::at(row, 0), Digit::new(7));
        }
        let hint = hidden_set(&g, 2, false).unwrap();
        assert_eq!(hint.rule, Rule::HiddenPair);
        assert_eq!(hint.difficulty.0, 3.4);
        assert_eq!(hint.removals.iter().count(), 14);
        assert!(
            hint.removals
                .iter()
                .all(|(c, _)| c == Cell::at(0, 0) || c == Cell::at(8, 0))
        );
        assert_eq!(hidden_set(&g, 2, true), None);
    }

    #[test]
    fn a_direct_hidden_pair_is_the_single_it_leaves() {
        // In row 1, 6 and 7 only in r1c1 and r1c2; 9 only in r1c2 and r1c3.
        let mut g = grid(&".".repeat(81));
        for col in 2..9 {
            g.eliminate(Cell::at(0, col), Digit::new(6));
            g.eliminate(Cell::at(0, col), Digit::new(7));
        }
        for col in [0, 3, 4, 5, 6, 7, 8] {
            g.eliminate(Cell::at(0, col), Digit::new(9));
        }
        let hint = hidden_set(&g, 2, true).unwrap();
        assert_eq!(hint.rule, Rule::DirectHiddenPair);
        assert_eq!(hint.difficulty.0, 2.0);
        assert_eq!(hint.placement, Some((Cell::at(0, 2), Digit::new(9))));
        assert!(hint.removals.is_empty());
        assert_eq!(hidden_set(&g, 3, true), None);
    }

    #[test]
    fn a_direct_hidden_triplet_is_the_single_it_leaves() {
        // In row 1, 5, 6 and 7 only in r1c1-3; 9 only in r1c3 and r1c4.
        let mut g = grid(&".".repeat(81));
        for col in 3..9 {
            for digit in [5, 6, 7] {
                g.eliminate(Cell::at(0, col), Digit::new(digit));
            }
        }
        for col in [0, 1, 4, 5, 6, 7, 8] {
            g.eliminate(Cell::at(0, col), Digit::new(9));
        }
        let hint = hidden_set(&g, 3, true).unwrap();
        assert_eq!(hint.rule, Rule::DirectHiddenTriplet);
        assert_eq!(hint.difficulty.0, 2.5);
        assert_eq!(hint.placement, Some((Cell::at(0, 3), Digit::new(9))));
        assert_eq!(
            hidden_set(&g, 3, false).map(|h| h.rule),
            Some(Rule::HiddenTriplet)
        );
    }
}
