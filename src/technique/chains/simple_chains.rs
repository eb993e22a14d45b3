//! X-Chain and XY-Chain, found as HoDoKu's `ChainSolver` finds them: every chain of its
//! links up to 20 links ([`super::search`]), one per elimination set (the shortest),
//! ranked as HoDoKu ranks them ([`super::choice`]).
//!
//! - X-Chain: one digit, strong and weak links alternating from a strong one to a strong
//!   one; one end holds the digit, so the cells seeing both ends lose it.
//!   `X-Chain: 5 r2c4 =5= r2c9 -5- r7c9 =5= r7c4 => r7c5<>5`.
//! - XY-Chain: bivalue cells, each linked to the next by a digit they share; if the first
//!   cell is not its start digit the last cell is, so the cells seeing both ends lose it.
//!   `XY-Chain: 4 4- r2c1 -7- r2c6 -2- r5c6 -4 => r5c1<>4`.

use super::choice::Findings;
use super::links::{ChainKind, Links};
use super::literal::GroupNodes;
use super::search::search;
use crate::bitset::DigitSet;
use crate::candidates::{Candidates, Snapshot};
use crate::catalogue::Technique;
use crate::geometry::Digit;
use crate::step::{Pattern, Step};
use crate::technique::sink::StepSink;
use std::cell::RefCell;
use std::ops::ControlFlow;

pub fn x_chains(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    chains(grid, sink, ChainKind::X)
}

pub fn xy_chains(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    chains(grid, sink, ChainKind::Xy)
}

/// A search's buffers, kept per thread so that searching allocates nothing once warm.
#[derive(Default)]
struct Workspace {
    links: Links,
    findings: Findings,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

fn chains(grid: &Candidates, sink: &mut StepSink<'_>, kind: ChainKind) -> ControlFlow<()> {
    let technique = match kind {
        ChainKind::X => Technique::XChain,
        ChainKind::Xy => Technique::XyChain,
    };
    // An X-Chain's links and eliminations are those of one digit: a digit whose
    // candidates are as they were when the last search found nothing for it is skipped.
    let snapshots: [Snapshot; 9] =
        std::array::from_fn(|i| grid.digit_snapshot(Digit::from_index(i)));
    let digits: DigitSet = match kind {
        ChainKind::X => Digit::all()
            .filter(|digit| !sink.searched_in_vain(digit.index(), &snapshots[digit.index()]))
            .collect(),
        ChainKind::Xy => DigitSet::ALL,
    };
    WORKSPACE.with_borrow_mut(|work| {
        work.links.build(grid, kind);
        work.findings.clear();
        search(grid, &work.links, digits, &mut work.findings);
        if kind == ChainKind::X {
            let mut fruitful = DigitSet::EMPTY;
            for found in work.findings.iter() {
                fruitful |= found.eliminations.digits();
            }
            for digit in (digits - fruitful).iter() {
                sink.record_in_vain(digit.index(), snapshots[digit.index()]);
            }
        }
        work.findings.rank();
        let nodes = GroupNodes::none();
        for found in work.findings.iter() {
            let lits = work.findings.chain(found);
            let chain = sink.chains().push(lits.iter().map(|&lit| nodes.link(lit)));
            let digits: DigitSet = lits.first().map(|&l| nodes.digit(l)).into_iter().collect();
            let pattern = Pattern {
                digits,
                chain,
                ..Pattern::default()
            };
            sink.push(Step::eliminating(technique, pattern, found.eliminations))?;
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::StepList;
    use crate::technique::memo::Memo;
    use crate::technique::test_grids::*;

    /// Digit 5 confined to two places in rows 1, 5 and 8 (strong links), joined through
    /// columns 4 and 8 (weak links): r1c1 or r8c2 is 5.
    fn x_chain_in_rows() -> Candidates {
        let mut cells = row_except(1, &[1, 4]);
        cells.extend(row_except(5, &[4, 8]));
        cells.extend(row_except(8, &[8, 2]));
        without(d(5), &cells)
    }

    #[test]
    fn x_chain_through_rows_and_through_columns() {
        assert_eq!(
            texts(Technique::XChain, &x_chain_in_rows()),
            [
                "X-Chain: 5 r1c1 =5= r1c4 -5- r5c4 =5= r5c8 -5- r8c8 =5= r8c2 => r2c2,r3c2,r7c1,r9c1<>5"
            ]
        );
        // The transpose: columns 1, 5 and 8 hold the strong links.
        let mut cells = col_except(1, &[1, 4]);
        cells.extend(col_except(5, &[4, 8]));
        cells.extend(col_except(8, &[8, 2]));
        assert_eq!(
            texts(Technique::XChain, &without(d(5), &cells)),
            [
                "X-Chain: 5 r1c1 =5= r4c1 -5- r4c5 =5= r8c5 -5- r8c8 =5= r2c8 => r1c7,r1c9,r2c2,r2c3<>5"
            ]
        );
    }

    #[test]
    fn no_x_chain_without_its_middle_link_or_a_target() {
        // Row 5 holds 5 three times: no strong link in the middle.
        let mut cells = row_except(1, &[1, 4]);
        cells.extend(row_except(5, &[4, 6, 8]));
        cells.extend(row_except(8, &[8, 2]));
        assert!(texts(Technique::XChain, &without(d(5), &cells)).is_empty());
        let mut grid = x_chain_in_rows();
        remove(&mut grid, d(5), &[rc(2, 2), rc(3, 2), rc(7, 1), rc(9, 1)]);
        assert!(texts(Technique::XChain, &grid).is_empty());
        assert!(texts(Technique::XChain, &Candidates::empty()).is_empty());
    }

    /// X-Chains with a memo of fruitless digits, as the solver runs them.
    fn remembered_texts(grid: &Candidates, memo: &mut Memo) -> Vec<String> {
        let mut found = StepList::new();
        let mut sink =
            StepSink::new(grid, None, &mut found, usize::MAX).remembering(Technique::XChain, memo);
        let _ = x_chains(grid, &mut sink);
        found.texts()
    }

    #[test]
    fn the_memo_skips_a_digit_only_while_it_holds_what_gave_nothing() {
        let mut memo = Memo::default();
        let with_chain = x_chain_in_rows();
        let mut broken = with_chain.clone();
        remove(&mut broken, d(5), &[rc(5, 4)]);
        // Nothing for 5 in the broken grid; the chain's grid differs in 5, so it is searched.
        assert!(remembered_texts(&broken, &mut memo).is_empty());
        let expected = texts(Technique::XChain, &with_chain);
        assert_eq!(remembered_texts(&with_chain, &mut memo), expected);
        // A digit that gave a chain is never recorded as fruitless.
        assert_eq!(remembered_texts(&with_chain, &mut memo), expected);
        assert!(memo.found_nothing_in(
            Technique::XChain,
            d(5).index(),
            &broken.digit_snapshot(d(5))
        ));
        assert!(!memo.found_nothing_in(
            Technique::XChain,
            d(5).index(),
            &with_chain.digit_snapshot(d(5))
        ));
    }

    /// Four bivalue cells, each sharing a digit with the next: r2c1 {4,7}, r2c6 {7,2},
    /// r5c6 {2,9}, r5c3 {9,4}: r2c1 or r5c3 is 4.
    fn xy_chain() -> Candidates {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(2, 1), &[4, 7]);
        restrict(&mut grid, rc(2, 6), &[7, 2]);
        restrict(&mut grid, rc(5, 6), &[2, 9]);
        restrict(&mut grid, rc(5, 3), &[9, 4]);
        grid
    }

    #[test]
    fn xy_chain_of_four_cells() {
        assert_eq!(
            texts(Technique::XyChain, &xy_chain()),
            ["XY-Chain: 4 4- r2c1 -7- r2c6 -2- r5c6 -9- r5c3 -4 => \
              r1c3,r2c3,r3c3,r4c1,r5c1,r6c1<>4"]
        );
    }

    #[test]
    fn no_xy_chain_when_a_cell_is_not_bivalue_or_nothing_sees_both_ends() {
        // r2c6 holds a third digit: the chain breaks there.
        let mut wide = Candidates::empty();
        restrict(&mut wide, rc(2, 1), &[4, 7]);
        restrict(&mut wide, rc(2, 6), &[7, 2, 8]);
        restrict(&mut wide, rc(5, 6), &[2, 9]);
        restrict(&mut wide, rc(5, 3), &[9, 4]);
        assert!(texts(Technique::XyChain, &wide).is_empty());
        let mut grid = xy_chain();
        let seeing_both = [rc(1, 3), rc(2, 3), rc(3, 3), rc(4, 1), rc(5, 1), rc(6, 1)];
        remove(&mut grid, d(4), &seeing_both);
        assert!(texts(Technique::XyChain, &grid).is_empty());
    }
}
