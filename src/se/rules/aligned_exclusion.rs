//! SE's Aligned Pair Exclusion (6.2, `AlignedPairExclusion`) and Aligned Triplet
//! Exclusion (7.5, `AlignedExclusion(3)`, which SE asks after its cycles, among the
//! chaining producers).
//!
//! Base cells are taken from SE's candidate list: the cells in reading order with two
//! candidates or more, none of whose peers has exactly one, and with at least one
//! "excluder" among their peers (a cell of exactly two candidates for pairs, two or three
//! for triplets). A combination of digits for the base cells is excluded when two base
//! cells that see each other take the same digit, or when it takes every candidate of a
//! common excluder; a base cell loses the digits no remaining combination gives it.
//! Quirks matched:
//! - the base cells need not be aligned (share a house): two common excluders suffice,
//!   and fewer than two is no hint;
//! - pairs of base cells come in SE's combination order over its candidate list
//!   ((0,1), (0,2), (1,2), (0,3), ...); a triplet's third cell comes from the excluders of
//!   the first two (the first's in house-cell order, then the second's not yet listed)
//!   that are in the candidate list, so the same three cells can come up in several
//!   orders and cells earlier in the list as third.

use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::Cell;
use crate::se::hint::{Hint, Removals, Rule};
use crate::se::order::house_cells;

/// SE's candidate list for a degree: the base cells and each one's excluders (as a set).
struct BaseCells {
    cells: [Cell; 81],
    excluders: [CellSet; 81],
    count: usize,
}

fn base_cells(grid: &Candidates, degree: usize) -> BaseCells {
    let at_least = grid.cells_with_at_least();
    let singles = at_least[0] - at_least[1];
    let excluding = at_least[1] - at_least[degree];
    let mut base = BaseCells {
        cells: [Cell::from_index(0); 81],
        excluders: [CellSet::EMPTY; 81],
        count: 0,
    };
    for cell in at_least[1].iter() {
        let excluders = cell.peers() & excluding;
        if (cell.peers() & singles).is_empty() && !excluders.is_empty() {
            base.cells[base.count] = cell;
            base.excluders[base.count] = excluders;
            base.count += 1;
        }
    }
    base
}

/// SE's first Aligned Pair Exclusion that removes something.
pub fn aligned_pair_exclusion(grid: &Candidates) -> Option<Hint> {
    let base = base_cells(grid, 2);
    for j in 1..base.count {
        for i in 0..j {
            let common = base.excluders[i] & base.excluders[j];
            if common.has_at_least(2) {
                let cells = [base.cells[i], base.cells[j]];
                if let Some(removals) = excluded(grid, &cells, common) {
                    return Some(Hint::removing(Rule::AlignedPairExclusion, removals));
                }
            }
        }
    }
    None
}

/// SE's first Aligned Triplet Exclusion that removes something.
pub fn aligned_triplet_exclusion(grid: &Candidates) -> Option<Hint> {
    let base = base_cells(grid, 3);
    if base.count < 3 {
        return None;
    }
    let listed: CellSet = base.cells[..base.count].iter().copied().collect();
    let mut twins = [Cell::from_index(0); 40];
    for j in 1..base.count {
        for i in 0..j {
            let (c0, c1) = (base.cells[i], base.cells[j]);
            // The "twin area": the excluders of c0 in house-cell order, then those of c1.
            let mut n = 0;
            let mut taken = CellSet::EMPTY;
            for (cell, excluders) in [(c0, base.excluders[i]), (c1, base.excluders[j])] {
                for &other in house_cells(cell) {
                    if excluders.contains(other) && !taken.contains(other) {
                        taken.insert(other);
                        if listed.contains(other) && other != c0 && other != c1 {
                            twins[n] = other;
                            n += 1;
                        }
                    }
                }
            }
            let pair_common = base.excluders[i] & base.excluders[j];
            for &tail in &twins[..n] {
                let k = base.cells[..base.count]
                    .iter()
                    .position(|&c| c == tail)
                    .unwrap_or(0);
                let common = pair_common & base.excluders[k];
                if common.has_at_least(2)
                    && let Some(removals) = excluded(grid, &[c0, c1, tail], common)
                {
                    return Some(Hint::removing(Rule::AlignedTripletExclusion, removals));
                }
            }
        }
    }
    None
}

/// The digits of the base cells that no allowed combination gives them, if any.
fn excluded(grid: &Candidates, cells: &[Cell], excluders: CellSet) -> Option<Removals> {
    let mut excluder_digits = [DigitSet::EMPTY; 20];
    let mut n = 0;
    for cell in excluders.iter() {
        excluder_digits[n] = grid.candidates(cell);
        n += 1;
    }
    let excluder_digits = &excluder_digits[..n];
    let mut allowed = [DigitSet::EMPTY; 3];
    let mut chosen = [None; 3];
    combine(grid, cells, excluder_digits, 0, &mut chosen, &mut allowed);
    let mut removals = Removals::NONE;
    for (k, &cell) in cells.iter().enumerate() {
        for digit in (grid.candidates(cell) - allowed[k]).iter() {
            removals.add(cell, digit);
        }
    }
    (!removals.is_empty()).then_some(removals)
}

/// Tries every digit for base cell `k` onwards, marking the digits of allowed combinations.
fn combine(
    grid: &Candidates,
    cells: &[Cell],
    excluders: &[DigitSet],
    k: usize,
    chosen: &mut [Option<crate::geometry::Digit>; 3],
    allowed: &mut [DigitSet; 3],
) {
    if k == cells.len() {
        let taken = chosen[..k]
            .iter()
            .flatten()
            .fold(DigitSet::EMPTY, |s, &d| s | DigitSet::single(d));
        if excluders.iter().all(|&e| !e.is_subset_of(taken)) {
            for (slot, digit) in allowed.iter_mut().zip(chosen.iter()) {
                if let Some(digit) = digit {
                    slot.insert(*digit);
                }
            }
        }
        return;
    }
    for digit in grid.candidates(cells[k]).iter() {
        // Two base cells that see each other cannot take the same digit.
        if (0..k).any(|m| chosen[m] == Some(digit) && cells[m].sees(cells[k])) {
            continue;
        }
        chosen[k] = Some(digit);
        combine(grid, cells, excluders, k + 1, chosen, allowed);
    }
    chosen[k] = None;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Digit;
    use crate::se::rules::test_grids::{grid, keep_only};

    #[test]
    fn an_aligned_pair_loses_the_digit_every_combination_with_it_is_excluded_for() {
        // r1c1 and r1c2 {1,2,3}; r1c5 {1,2} and r1c6 {1,3} see both: 1 goes with 2 or 3
        // (an excluder's pair), and the two cannot both be 1.
        let g = keep_only(
            &grid(&".".repeat(81)),
            &[
                ("r1c1", "123"),
                ("r1c2", "123"),
                ("r1c5", "12"),
                ("r1c6", "13"),
            ],
        );
        let hint = aligned_pair_exclusion(&g).unwrap();
        assert_eq!(
            (hint.rule, hint.difficulty.0),
            (Rule::AlignedPairExclusion, 6.2)
        );
        let removed: Vec<(Cell, Digit)> = hint.removals.iter().collect();
        assert_eq!(
            removed,
            [
                (Cell::at(0, 0), Digit::new(1)),
                (Cell::at(0, 1), Digit::new(1))
            ]
        );
        // One common excluder is not enough.
        let g = keep_only(
            &grid(&".".repeat(81)),
            &[("r1c1", "123"), ("r1c2", "123"), ("r1c5", "12")],
        );
        assert_eq!(aligned_pair_exclusion(&g), None);
    }
}
