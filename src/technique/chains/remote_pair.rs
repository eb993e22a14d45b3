//! Remote Pair: a chain of at least four bivalue cells holding the same two digits, each
//! seeing the next. Neighbours in the chain hold different digits, so cells an odd number
//! of links apart (three or more) hold one digit each of the pair, and a cell seeing two
//! such cells can hold neither.
//!
//! `Remote Pair: 3/8 r1c2 -8- r1c7 -3- r5c7 -8- r5c3 => r5c2<>3, r5c2<>8`: r1c2 and r5c3
//! are three links apart, r5c2 sees both.
//!
//! As in HoDoKu 2.2 (chain length 4 or more, eliminations from every pair of cells an odd
//! number of links apart, one step per distinct set of eliminations, the shortest chain
//! kept), but steps come shortest chain first rather than sorted by how much they remove.

use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::geometry::{Cell, Digit};
use crate::step::{Eliminations, Link, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

/// The most cells a remote pair can have: a house holds at most two cells with the same
/// two candidates, so a row-by-row count gives 18.
const MAX_CELLS: usize = 18;

/// How many distinct elimination sets are remembered to drop repeats.
const SEEN: usize = 64;

/// Each pair of digits in turn (lower digit first, then higher), chains of four cells and
/// longer, shortest first.
pub fn remote_pairs(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let bivalue = grid.cells_with_exactly(2);
    // The pairs the bivalue cells hold, as bit `9 * low + high` (digit indices): in bit
    // order, the pairs by lower digit, then higher.
    let mut pairs = 0u128;
    for cell in bivalue.iter() {
        let digits = grid.candidates(cell).bits();
        let (low, high) = (digits.trailing_zeros(), 15 - digits.leading_zeros());
        pairs |= 1 << (9 * low + high);
    }
    while pairs != 0 {
        let bit = pairs.trailing_zeros() as usize;
        pairs &= pairs - 1;
        let pair = DigitSet::single(Digit::from_index(bit / 9))
            | DigitSet::single(Digit::from_index(bit % 9));
        let cells: CellSet = bivalue
            .iter()
            .filter(|&c| grid.candidates(c) == pair)
            .collect();
        if !cells.has_at_least(4) || cells.len() as usize > MAX_CELLS {
            continue;
        }
        let mut search = Search {
            grid,
            pair,
            cells,
            path: [Cell::at(0, 0); MAX_CELLS],
            seen: [[CellSet::EMPTY; 2]; SEEN],
            seen_count: 0,
        };
        for length in 4..=cells.len() as usize {
            for start in cells.iter() {
                search.path[0] = start;
                search.extend(1, length, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

struct Search<'g> {
    grid: &'g Candidates,
    pair: DigitSet,
    /// The bivalue cells holding exactly `pair`.
    cells: CellSet,
    path: [Cell; MAX_CELLS],
    /// The eliminations reported so far, per digit of the pair.
    seen: [[CellSet; 2]; SEEN],
    seen_count: usize,
}

impl Search<'_> {
    /// Extends the path of `len` cells to `length` cells every possible way.
    fn extend(&mut self, len: usize, length: usize, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        if len == length {
            // Each chain once: from its lower end.
            if self.path[0] < self.path[len - 1] {
                return self.report(len, sink);
            }
            return ControlFlow::Continue(());
        }
        let used: CellSet = self.path[..len].iter().copied().collect();
        let next = (self.cells & self.path[len - 1].peers()) - used;
        for cell in next.iter() {
            self.path[len] = cell;
            self.extend(len + 1, length, sink)?;
        }
        ControlFlow::Continue(())
    }

    fn report(&mut self, len: usize, sink: &mut StepSink<'_>) -> ControlFlow<()> {
        let path = &self.path[..len];
        let on_path: CellSet = path.iter().copied().collect();
        let mut seeing = CellSet::EMPTY;
        for (i, &a) in path.iter().enumerate() {
            for &b in path.iter().skip(i + 3).step_by(2) {
                seeing |= a.peers() & b.peers();
            }
        }
        seeing = seeing - on_path;
        let mut removed = [CellSet::EMPTY; 2];
        let mut eliminations = Eliminations::NONE;
        for (slot, digit) in removed.iter_mut().zip(self.pair.iter()) {
            *slot = seeing & self.grid.cells_with(digit);
            eliminations.insert_cells(*slot, digit);
        }
        if eliminations.is_empty() || self.seen[..self.seen_count].contains(&removed) {
            return ControlFlow::Continue(());
        }
        if self.seen_count < SEEN {
            self.seen[self.seen_count] = removed;
            self.seen_count += 1;
        }
        // Weak links between the cells, their digits alternating from the higher one.
        let [low, high] = [self.pair.first(), self.pair.iter().last()].map(|d| d.expect("a pair"));
        let chain = sink.chains().push(
            path.iter()
                .enumerate()
                .map(|(i, &cell)| Link::cell(cell, if i % 2 == 1 { high } else { low }, false)),
        );
        let pattern = Pattern {
            digits: self.pair,
            cells: on_path,
            chain,
            ..Pattern::default()
        };
        sink.push(Step::eliminating(
            Technique::RemotePair,
            pattern,
            eliminations,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    /// An empty grid with `cells` reduced to the pair 3,8.
    fn pairs(cells: &[Cell]) -> Candidates {
        let mut grid = Candidates::empty();
        for &cell in cells {
            for digit in Digit::all().filter(|x| ![3, 8].contains(&x.get())) {
                grid.eliminate(cell, digit);
            }
        }
        grid
    }

    const ROW_CHAIN: [Cell; 4] = [
        Cell::at(0, 1),
        Cell::at(0, 6),
        Cell::at(4, 6),
        Cell::at(4, 2),
    ];

    #[test]
    fn remote_pair_of_four_cells_both_orientations() {
        // r1c2 and r5c3 are three links apart, so one is 3 and the other 8: r1c3 and
        // r5c2 (row and column), r2c3,r3c3 (box 1, column 3), r4c2,r6c2 (box 4, column
        // 2) see both.
        let targets = "r1c3,r2c3,r3c3,r4c2,r5c2,r6c2";
        assert_eq!(
            texts(Technique::RemotePair, &pairs(&ROW_CHAIN)),
            [format!(
                "Remote Pair: 3/8 r1c2 -8- r1c7 -3- r5c7 -8- r5c3 => {targets}<>3, {targets}<>8"
            )]
        );
        let transposed: Vec<Cell> = ROW_CHAIN
            .iter()
            .map(|c| Cell::at(c.col(), c.row()))
            .collect();
        let targets = "r2c4,r2c5,r2c6,r3c1,r3c2,r3c3";
        assert_eq!(
            texts(Technique::RemotePair, &pairs(&transposed)),
            [format!(
                "Remote Pair: 3/8 r2c1 -8- r7c1 -3- r7c5 -8- r3c5 => {targets}<>3, {targets}<>8"
            )]
        );
    }

    #[test]
    fn a_longer_chain_adds_its_own_step() {
        // A fifth cell, r9c3, continues the chain from r5c3 down column 3.
        let mut cells = ROW_CHAIN.to_vec();
        cells.push(rc(9, 3));
        let steps = Technique::RemotePair.find_all(&pairs(&cells), None);
        // Two chains of four (r1c2..r5c3 and r1c7..r9c3) and the chain of five, whose
        // eliminations are those of both.
        assert_eq!(steps.len(), 3);
        assert_eq!(steps[2].pattern.chain.len(), 5);
        let union = steps[0].eliminations.cells(d(3)) | steps[1].eliminations.cells(d(3));
        assert_eq!(steps[2].eliminations.cells(d(3)), union);
        // r1c7 and r9c3 are three links apart: r9c7 sees both.
        assert!(steps[1].eliminations.contains(rc(9, 7), d(8)));
    }

    #[test]
    fn no_remote_pair_for_three_cells_or_without_targets() {
        assert!(texts(Technique::RemotePair, &pairs(&ROW_CHAIN[..3])).is_empty());
        let mut grid = pairs(&ROW_CHAIN);
        let targets = [rc(1, 3), rc(2, 3), rc(3, 3), rc(4, 2), rc(5, 2), rc(6, 2)];
        remove(&mut grid, d(3), &targets);
        remove(&mut grid, d(8), &targets);
        assert!(texts(Technique::RemotePair, &grid).is_empty());
    }
}
