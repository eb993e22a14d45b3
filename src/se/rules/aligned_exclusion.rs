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
    let mut position = [0u8; 81];
    for (k, cell) in base.cells[..base.count].iter().enumerate() {
        position[cell.index()] = k as u8;
    }
    for j in 1..base.count {
        for i in 0..j {
            let pair_common = base.excluders[i] & base.excluders[j];
            // A third cell only narrows the common excluders, and two are needed.
            if !pair_common.has_at_least(2) {
                continue;
            }
            let (c0, c1) = (base.cells[i], base.cells[j]);
            // The third cells worth trying: listed excluders of either with at least two
            // common excluders left.
            let area = ((base.excluders[i] | base.excluders[j]) & listed)
                - CellSet::single(c0)
                - CellSet::single(c1);
            let mut hopeful = CellSet::EMPTY;
            for tail in area.iter() {
                let k = usize::from(position[tail.index()]);
                if (pair_common & base.excluders[k]).has_at_least(2) {
                    hopeful.insert(tail);
                }
            }
            if hopeful.is_empty() {
                continue;
            }
            // The "twin area" in SE's order: the excluders of c0 in house-cell order,
            // then those of c1 not met yet.
            let first = base.excluders[i];
            for (cell, excluders) in [(c0, first), (c1, base.excluders[j] - first)] {
                let wanted = excluders & hopeful;
                if wanted.is_empty() {
                    continue;
                }
                for &tail in house_cells(cell) {
                    if !wanted.contains(tail) {
                        continue;
                    }
                    let k = usize::from(position[tail.index()]);
                    let common = pair_common & base.excluders[k];
                    if let Some(removals) = excluded(grid, &[c0, c1, tail], common) {
                        return Some(Hint::removing(Rule::AlignedTripletExclusion, removals));
                    }
                }
            }
        }
    }
    None
}

/// The digits of the base cells (two or three) that no allowed combination gives them,
/// if any.
fn excluded(grid: &Candidates, cells: &[Cell], excluders: CellSet) -> Option<Removals> {
    let mut excluder_digits = [0u16; 20];
    let mut n = 0;
    for cell in excluders.iter() {
        excluder_digits[n] = grid.candidates(cell).bits();
        n += 1;
    }
    let mut candidates = [0u16; 3];
    for (slot, &cell) in candidates.iter_mut().zip(cells) {
        *slot = grid.candidates(cell).bits();
    }
    let allowed = allowed_digits(cells, candidates, &excluder_digits[..n]);
    if allowed == candidates {
        return None;
    }
    let mut removals = Removals::NONE;
    for (k, &cell) in cells.iter().enumerate() {
        for digit in (grid.candidates(cell) - DigitSet::from_bits(allowed[k])).iter() {
            removals.add(cell, digit);
        }
    }
    (!removals.is_empty()).then_some(removals)
}

/// Per base cell, the digits (as masks) some allowed combination gives it: a combination
/// takes one candidate per cell, never the same digit in two cells that see each other,
/// and never every candidate of an excluder. The last cell's digits are found for all
/// combinations of the others at once ([`completing`]), and the search stops as soon as
/// every candidate is allowed (nothing to remove).
fn allowed_digits(cells: &[Cell], candidates: [u16; 3], excluders: &[u16]) -> [u16; 3] {
    let mut allowed = [0u16; 3];
    let mut full = candidates;
    full[cells.len()..].fill(0);
    // All ones where two cells see each other (a digit taken by one is barred from the
    // other), none where they do not.
    let clash = |a: usize, b: usize| {
        if cells.get(b).is_some_and(|&cell| cells[a].sees(cell)) {
            u16::MAX
        } else {
            0
        }
    };
    let (clash_01, clash_02, clash_12) = (clash(0, 1), clash(0, 2), clash(1, 2));
    for first in bit_masks(candidates[0]) {
        if cells.len() == 2 {
            let good = completing(candidates[1] & !(clash_01 & first), first, excluders);
            if good != 0 {
                allowed[0] |= first;
                allowed[1] |= good;
            }
        } else {
            for second in bit_masks(candidates[1] & !(clash_01 & first)) {
                let third = candidates[2] & !(clash_02 & first) & !(clash_12 & second);
                let good = completing(third, first | second, excluders);
                if good != 0 {
                    allowed[0] |= first;
                    allowed[1] |= second;
                    allowed[2] |= good;
                }
            }
        }
        if allowed == full {
            break;
        }
    }
    allowed
}

/// The digits of `choices` that, added to the digits `taken`, leave every excluder a
/// candidate not taken.
#[inline]
fn completing(choices: u16, taken: u16, excluders: &[u16]) -> u16 {
    let mut good = choices;
    for &excluder in excluders {
        let rest = excluder & !taken;
        if rest == 0 {
            return 0;
        }
        if rest & (rest - 1) == 0 {
            good &= !rest;
        }
    }
    good
}

/// The single-bit masks of `mask`, lowest first.
#[inline]
fn bit_masks(mut mask: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask &= mask - 1;
            bit
        })
    })
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
    /// By definition: every combination, each checked whole.
    fn allowed_by_definition(cells: &[Cell], candidates: [u16; 3], excluders: &[u16]) -> [u16; 3] {
        let mut allowed = [0u16; 3];
        let digits = |k: usize| {
            (0..9)
                .map(|b| 1u16 << b)
                .filter(move |m| candidates[k] & m != 0)
        };
        let third: Vec<u16> = if cells.len() == 3 {
            digits(2).collect()
        } else {
            vec![0]
        };
        for a in digits(0) {
            for b in digits(1) {
                for &c in &third {
                    let chosen = [a, b, c];
                    let clash = (0..cells.len())
                        .any(|x| (0..x).any(|y| chosen[x] == chosen[y] && cells[x].sees(cells[y])));
                    let taken = a | b | c;
                    if clash || excluders.iter().any(|&e| e & !taken == 0) {
                        continue;
                    }
                    for k in 0..cells.len() {
                        allowed[k] |= chosen[k];
                    }
                }
            }
        }
        allowed
    }

    #[test]
    fn allowed_digits_agree_with_every_combination_checked_whole() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for _ in 0..20_000 {
            let count = 2 + next(2) as usize;
            let cells: Vec<Cell> = (0..count)
                .map(|_| Cell::from_index(next(27) as usize))
                .collect();
            let mut candidates = [0u16; 3];
            for slot in &mut candidates[..count] {
                // Two to five candidates among the first six digits, so that clashes
                // and excluders are common.
                while slot.count_ones() < 2 + next(4) as u32 {
                    *slot |= 1 << next(6);
                }
            }
            let excluders: Vec<u16> = (0..1 + next(4))
                .map(|_| {
                    let mut e = 0u16;
                    while e.count_ones() < 2 + next(2) as u32 {
                        e |= 1 << next(6);
                    }
                    e
                })
                .collect();
            assert_eq!(
                allowed_digits(&cells, candidates, &excluders),
                allowed_by_definition(&cells, candidates, &excluders),
                "{cells:?} {candidates:?} {excluders:?}"
            );
        }
    }
}
