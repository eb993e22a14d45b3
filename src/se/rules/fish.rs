//! SE's basic fish (`Fisherman`): X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2).
//!
//! SE's order: columns as base lines first (rows as covers), then rows; base line sets as
//! combinations in increasing mask order, and for each set the digits 1 to 9. Quirks
//! matched: a digit is only tried when at least `2n` of its nine placements are missing
//! (`occurrences + 2n <= 9`), and every base line must hold it in two places or more.

use crate::bitset::{CellSet, DigitSet, bit_positions};
use crate::candidates::Candidates;
use crate::geometry::{Digit, HouseKind};
use crate::se::hint::{Hint, Removals, Rule};
use crate::se::order::{house, subsets_of};

/// SE's first fish of `degree` base lines that removes something.
pub fn fish(grid: &Candidates, degree: u32) -> Option<Hint> {
    let rule = match degree {
        2 => Rule::XWing,
        3 => Rule::Swordfish,
        _ => Rule::Jellyfish,
    };
    let tried: DigitSet = Digit::all()
        .filter(|&d| grid.rows_missing(d) >= 2 * degree)
        .collect();
    if tried.is_empty() {
        return None;
    }
    for (base_kind, cover_kind) in [
        (HouseKind::Column, HouseKind::Row),
        (HouseKind::Row, HouseKind::Column),
    ] {
        let base = |i: usize| house(base_kind, i);
        let cover = |i: usize| house(cover_kind, i);
        // SE tries every digit on a set of base lines before the next set, and the sets
        // come in increasing mask order: its first fish is the one of least mask, then
        // of least digit. Each digit's first is searched apart.
        let mut first: Option<(u64, Hint)> = None;
        for digit in tried.iter() {
            // Base lines hold the digit in two to `degree` places (SE's rule, and the
            // union could not be `degree` otherwise).
            let members: u64 = (0..9)
                .filter(|&i| (2..=degree).contains(&grid.positions(base(i), digit).count_ones()))
                .fold(0, |m, i| m | 1 << i);
            let found = subsets_of(members, degree)
                .take_while(|&combo| first.as_ref().is_none_or(|(m, _)| combo < *m))
                .find_map(|combo| {
                    let covers = bit_positions(combo)
                        .fold(0u16, |c, line| c | grid.positions(base(line), digit));
                    if covers.count_ones() != degree {
                        return None;
                    }
                    let base_cells =
                        bit_positions(combo).fold(CellSet::EMPTY, |s, l| s | base(l).cell_set());
                    let cover_cells = bit_positions(u64::from(covers))
                        .fold(CellSet::EMPTY, |s, l| s | cover(l).cell_set());
                    let removed = grid.cells_with(digit) & (cover_cells - base_cells);
                    (!removed.is_empty()).then(|| {
                        let mut removals = Removals::NONE;
                        removals.add_cells(digit, removed);
                        (combo, Hint::removing(rule, removals))
                    })
                });
            if found.is_some() {
                first = found;
            }
        }
        if let Some((_, hint)) = first {
            return Some(hint);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::se::rules::test_grids::grid;

    /// An open grid where `digit` stays in `lines` (columns when `columns`, else rows)
    /// only at the positions `at`.
    fn fish_grid(digit: u8, columns: bool, lines: &[usize], at: &[usize]) -> Candidates {
        let mut g = grid(&".".repeat(81));
        for &line in lines {
            for p in (0..9).filter(|p| !at.contains(p)) {
                let cell = if columns {
                    Cell::at(p, line)
                } else {
                    Cell::at(line, p)
                };
                g.eliminate(cell, Digit::new(digit));
            }
        }
        g
    }

    #[test]
    fn an_x_wing_on_columns_removes_along_its_rows() {
        let g = fish_grid(4, true, &[2, 7], &[1, 5]);
        let hint = fish(&g, 2).unwrap();
        assert_eq!(hint.rule, Rule::XWing);
        assert_eq!(hint.difficulty.0, 3.2);
        let removed = hint.removals.cells(Digit::new(4));
        assert_eq!(removed.len(), 14);
        assert!(removed.iter().all(|c| c.row() == 1 || c.row() == 5));
    }

    #[test]
    fn an_x_wing_on_rows_removes_along_its_columns() {
        let g = fish_grid(4, false, &[0, 4], &[1, 6]);
        let hint = fish(&g, 2).unwrap();
        let removed = hint.removals.cells(Digit::new(4));
        assert_eq!(removed.len(), 14);
        assert!(removed.iter().all(|c| c.col() == 1 || c.col() == 6));
        assert_eq!(fish(&grid(&".".repeat(81)), 2), None);
    }

    #[test]
    fn swordfish_and_jellyfish() {
        let g = fish_grid(8, true, &[0, 3, 6], &[2, 4, 8]);
        assert_eq!(fish(&g, 2), None);
        let hint = fish(&g, 3).unwrap();
        assert_eq!((hint.rule, hint.difficulty.0), (Rule::Swordfish, 3.8));
        assert_eq!(hint.removals.cells(Digit::new(8)).len(), 18);
        let g = fish_grid(8, false, &[0, 3, 6, 7], &[2, 4, 5, 8]);
        let hint = fish(&g, 4).unwrap();
        assert_eq!((hint.rule, hint.difficulty.0), (Rule::Jellyfish, 5.2));
        assert_eq!(hint.removals.cells(Digit::new(8)).len(), 20);
    }
}
