//! X-Chain and XY-Chain, found as HoDoKu's `ChainSolver` finds them: every chain of its
//! links up to 20 links, one per elimination set (the shortest), ranked as HoDoKu ranks
//! them ([`super::choice`]). [`links`] lists the strong and weak links, [`search`] walks
//! them depth first, [`best`] finds the XY-Chain the solver applies without walking them
//! all, and [`turbot`] finds the three-link chains of Turbot Fish straight from the grid.
//!
//! - X-Chain: one digit, strong and weak links alternating from a strong one to a strong
//!   one; one end holds the digit, so the cells seeing both ends lose it.
//!   `X-Chain: 5 r2c4 =5= r2c9 -5- r7c9 =5= r7c4 => r7c5<>5`.
//! - XY-Chain: bivalue cells, each linked to the next by a digit they share; if the first
//!   cell is not its start digit the last cell is, so the cells seeing both ends lose it.
//!   `XY-Chain: 4 4- r2c1 -7- r2c6 -2- r5c6 -4 => r5c1<>4`.

pub mod best;
pub mod links;
pub mod search;
pub mod turbot;

use super::choice::Findings;
use super::engine::literal::{GroupNodes, Lit};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::{Candidates, Snapshot};
use crate::geometry::{Digit, House};
use crate::hodoku::catalogue::Technique;
use crate::step::{Link, Pattern, Step};
use crate::technique::sink::StepSink;
use crate::technique::templates;
use links::{ChainKind, Links};
use search::search;
use std::cell::RefCell;
use std::ops::ControlFlow;

pub fn x_chains(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    chains(grid, sink, ChainKind::X)
}

pub fn xy_chains(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    chains(grid, sink, ChainKind::Xy)
}

pub fn turbot_fish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    chains(grid, sink, ChainKind::Turbot)
}

pub fn remote_pairs(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    chains(grid, sink, ChainKind::RemotePair)
}

/// A search's buffers, kept per thread so that searching allocates nothing once warm.
#[derive(Default)]
struct Workspace {
    links: Links,
    turbot: turbot::Boards,
    best: best::Best,
    findings: Findings,
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

fn chains(grid: &Candidates, sink: &mut StepSink<'_>, kind: ChainKind) -> ControlFlow<()> {
    if kind != ChainKind::Xy {
        return find_chains(grid, sink, kind);
    }
    // An XY-Chain runs through bivalue cells alone and removes its digit from cells seeing
    // both ends.
    sink.search_bivalue_patterns(|sink| find_chains(grid, sink, kind))
}

/// [`chains`] without the XY-Chain's look at the memo.
fn find_chains(grid: &Candidates, sink: &mut StepSink<'_>, kind: ChainKind) -> ControlFlow<()> {
    let technique = match kind {
        ChainKind::X => Technique::XChain,
        ChainKind::Turbot => Technique::TurbotFish,
        ChainKind::Xy => Technique::XyChain,
        ChainKind::RemotePair => Technique::RemotePair,
    };
    // An X-Chain's (or Turbot Fish's) links and eliminations are those of one digit: a
    // digit whose candidates are as they were when the last search found nothing for it
    // is skipped.
    let single_digit = matches!(kind, ChainKind::X | ChainKind::Turbot);
    let snapshots: [Snapshot; 9] =
        std::array::from_fn(|i| grid.digit_snapshot(Digit::from_index(i)));
    // Such a chain also starts and ends with a strong link: its digit needs two houses
    // where it has two places; and what it removes, no template of the digit covers.
    let digits: DigitSet = if single_digit {
        Digit::all()
            .filter(|&digit| has_two_conjugate_pairs(grid, digit))
            .filter(|digit| !sink.searched_in_vain(digit.index(), &snapshots[digit.index()]))
            .filter(|&digit| !templates::unfit_candidates(grid, digit).is_empty())
            .collect()
    } else {
        DigitSet::ALL
    };
    // A Remote Pair needs four cells holding its pair, and keeps to them.
    let (pairs, cells) = if kind == ChainKind::RemotePair {
        let pairs = remote_pairs_to_search(grid, sink);
        let cells = pairs.cells();
        (pairs, cells)
    } else {
        (RemotePairs::default(), CellSet::ALL)
    };
    if digits.is_empty() || cells.is_empty() {
        return ControlFlow::Continue(());
    }
    WORKSPACE.with_borrow_mut(|work| {
        work.findings.clear();
        let mut best_only = false;
        if kind == ChainKind::Turbot {
            turbot::search(grid, digits, &mut work.turbot, &mut work.findings);
        } else {
            // Only the best is wanted: it is found without walking every chain (and builds
            // the links only if it walks one; X-Chains and XY-Chains search every cell).
            let best_wanted = matches!(kind, ChainKind::X | ChainKind::Xy) && sink.wanted() == 1;
            best_only = best_wanted
                && work
                    .best
                    .find(grid, &mut work.links, kind, digits, &mut work.findings);
            if !best_only {
                if !best_wanted {
                    work.links.build(grid, kind, digits, cells);
                }
                search(grid, &work.links, digits, &mut work.findings);
            }
        }
        if single_digit {
            // A digit a chain might reach an end of is not known to be fruitless unless
            // every chain was walked.
            let mut fruitful = if best_only {
                work.best.digits_with_ends()
            } else {
                DigitSet::EMPTY
            };
            for found in work.findings.iter() {
                fruitful |= found.eliminations.digits();
            }
            for digit in (digits - fruitful).iter() {
                sink.record_in_vain(digit.index(), snapshots[digit.index()]);
            }
        }
        if kind == ChainKind::RemotePair {
            // Each pair's chains keep to its cells: a pair with none found is barren.
            let mut fruitful = [false; PAIRS];
            for found in work.findings.iter() {
                let start = work.findings.chain(found)[0];
                let (cell, _) = start.as_candidate().expect("remote pairs hold no groups");
                fruitful[pair_part(grid.candidates(cell))] = true;
            }
            for &(part, _, snapshot) in &pairs.searched[..pairs.count] {
                if !fruitful[part] {
                    sink.record_in_vain(part, snapshot);
                }
            }
        }
        work.findings.rank();
        let nodes = GroupNodes::none();
        for found in work.findings.iter() {
            let lits = work.findings.chain(found);
            let pattern = if kind == ChainKind::RemotePair {
                remote_pair_pattern(grid, lits, sink)
            } else {
                let chain = sink.chains().push(lits.iter().map(|&lit| nodes.link(lit)));
                let digits: DigitSet = lits.first().map(|&l| nodes.digit(l)).into_iter().collect();
                Pattern {
                    digits,
                    chain,
                    ..Pattern::default()
                }
            };
            sink.push(Step::eliminating(technique, pattern, found.eliminations))?;
        }
        ControlFlow::Continue(())
    })
}

/// Whether `digit` has exactly two places in two houses or more.
fn has_two_conjugate_pairs(grid: &Candidates, digit: Digit) -> bool {
    House::all()
        .filter(|&house| grid.positions(house, digit).count_ones() == 2)
        .nth(1)
        .is_some()
}

/// How many pairs of digits there are.
const PAIRS: usize = 36;

/// The most pairs a Remote Pair searches at once: each holds four bivalue cells of 81.
const MOST_SEARCHED: usize = 81 / 4;

/// The pairs a Remote Pair search looks at: per pair, its memo part, the bivalue cells
/// holding it and its snapshot.
#[derive(Default)]
struct RemotePairs {
    searched: [(usize, CellSet, Snapshot); MOST_SEARCHED],
    count: usize,
}

impl RemotePairs {
    /// The cells of every pair searched.
    fn cells(&self) -> CellSet {
        self.searched[..self.count]
            .iter()
            .fold(CellSet::EMPTY, |cells, &(_, holding, _)| cells | holding)
    }
}

/// The memo part of a pair of digits: 0 to 35.
fn pair_part(pair: DigitSet) -> usize {
    let mut digits = pair.iter().map(Digit::index);
    let (i, j) = (
        digits.next().expect("a pair"),
        digits.next().expect("a pair"),
    );
    i * (17 - i) / 2 + (j - i - 1)
}

/// The pairs that at least four bivalue cells hold, less those the memo says were
/// searched in vain as they are now.
///
/// Whether a pair's Remote Pairs remove anything depends on the bivalue cells holding it
/// (its chains run through them alone) and on the cells that see two of them and hold
/// either digit (a chain walked from each of its start digits ends on both, so it removes
/// something when a cell seeing both ends holds one of them): its snapshot is those two
/// sets.
fn remote_pairs_to_search(grid: &Candidates, sink: &StepSink<'_>) -> RemotePairs {
    let bivalue = grid.cells_with_exactly(2);
    let mut pairs = RemotePairs::default();
    let mut seen = CellSet::EMPTY;
    for cell in bivalue.iter() {
        if seen.contains(cell) {
            continue;
        }
        let pair = grid.candidates(cell);
        let holding = pair
            .iter()
            .fold(bivalue, |acc, digit| acc & grid.cells_with(digit));
        seen |= holding;
        if !holding.has_at_least(4) {
            continue;
        }
        // A cell can lose a digit only if it sees two of the cells.
        let mut seeing_two = CellSet::EMPTY;
        let mut seeing_one = CellSet::EMPTY;
        for member in holding.iter() {
            seeing_two |= seeing_one & member.peers();
            seeing_one |= member.peers();
        }
        let either = pair
            .iter()
            .fold(CellSet::EMPTY, |acc, digit| acc | grid.cells_with(digit))
            & seeing_two;
        let (h, e) = (holding.bits(), either.bits());
        // 81 bits each: `holding` in bits 0-80, `either` from bit 81 on.
        let snapshot = [
            h as u64,
            (h >> 64) as u64 | (e as u64) << 17,
            (e >> 47) as u64,
        ];
        let part = pair_part(pair);
        if !sink.searched_in_vain(part, &snapshot) {
            pairs.searched[pairs.count] = (part, holding, snapshot);
            pairs.count += 1;
        }
    }
    pairs
}

/// A Remote Pair's pattern: its pair, its cells, and as its chain the cells in order,
/// each with the digit of the weak link into it (`3/8 r1c2 -8- r1c7 -3- r5c7`).
fn remote_pair_pattern(grid: &Candidates, lits: &[Lit], sink: &mut StepSink<'_>) -> Pattern {
    let cells_in_order = lits.iter().step_by(2).map(|&lit| {
        let (cell, digit) = lit.as_candidate().expect("remote pairs hold no groups");
        (cell, digit)
    });
    let cells: CellSet = cells_in_order.clone().map(|(cell, _)| cell).collect();
    let start = cells.first().map(|_| lits[0]);
    let pair = start.map_or(DigitSet::EMPTY, |lit| {
        grid.candidates(lit.as_candidate().expect("a candidate").0)
    });
    let chain = sink
        .chains()
        .push(cells_in_order.map(|(cell, digit)| Link::cell(cell, digit, false)));
    Pattern {
        digits: pair,
        cells,
        chain,
        ..Pattern::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
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

    #[test]
    fn the_memo_skips_a_digit_only_while_it_holds_what_gave_nothing() {
        let mut memo = Memo::default();
        let with_chain = x_chain_in_rows();
        let mut broken = with_chain.clone();
        remove(&mut broken, d(5), &[rc(5, 4)]);
        // Nothing for 5 in the broken grid; the chain's grid differs in 5, so it is searched.
        assert!(remembered_texts(Technique::XChain, &broken, &mut memo).is_empty());
        let expected = texts(Technique::XChain, &with_chain);
        assert_eq!(
            remembered_texts(Technique::XChain, &with_chain, &mut memo),
            expected
        );
        // A digit that gave a chain is never recorded as fruitless.
        assert_eq!(
            remembered_texts(Technique::XChain, &with_chain, &mut memo),
            expected
        );
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
    fn the_memo_skips_xy_chains_until_a_cell_becomes_bivalue() {
        // r2c6 holds a third digit, 8: no chain, and the grid is recorded as fruitless.
        let mut wide = Candidates::empty();
        restrict(&mut wide, rc(2, 1), &[4, 7]);
        restrict(&mut wide, rc(2, 6), &[7, 2, 8]);
        restrict(&mut wide, rc(5, 6), &[2, 9]);
        restrict(&mut wide, rc(5, 3), &[9, 4]);
        let mut memo = Memo::default();
        assert!(remembered_texts(Technique::XyChain, &wide, &mut memo).is_empty());
        assert_eq!(
            memo.changed_since_nothing(Technique::XyChain, &wide),
            Some(CellSet::EMPTY)
        );
        // Fewer candidates, but no new bivalue cell: nothing, recorded again.
        let mut thinner = wide.clone();
        remove(&mut thinner, d(1), &[rc(9, 9)]);
        assert!(remembered_texts(Technique::XyChain, &thinner, &mut memo).is_empty());
        assert_eq!(
            memo.changed_since_nothing(Technique::XyChain, &thinner),
            Some(CellSet::EMPTY)
        );
        // r2c6 loses its 8 and becomes bivalue: searched, and the chain is found.
        let mut closed = thinner.clone();
        remove(&mut closed, d(8), &[rc(2, 6)]);
        let expected = texts(Technique::XyChain, &closed);
        assert_eq!(expected.len(), 1);
        assert_eq!(
            remembered_texts(Technique::XyChain, &closed, &mut memo),
            expected
        );
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

    /// How many pairs a Remote Pair search with `memo` would look at in `grid`.
    fn pairs_to_search(grid: &Candidates, memo: &mut Memo) -> usize {
        let mut found = StepList::new();
        let sink = StepSink::new(grid, None, &mut found, usize::MAX)
            .remembering(Technique::RemotePair, memo);
        remote_pairs_to_search(grid, &sink).count
    }

    #[test]
    fn the_memo_skips_a_pair_only_while_its_cells_and_targets_are_as_they_gave_nothing() {
        let with_targets = pairs(&ROW_CHAIN);
        // The cells seeing both ends (r1c2, r5c3) hold neither 3 nor 8: nothing to remove.
        let mut barren = with_targets.clone();
        let seeing_ends = ROW_CHAIN[0].peers() & ROW_CHAIN[3].peers();
        for cell in seeing_ends.iter() {
            barren.eliminate(cell, d(3));
            barren.eliminate(cell, d(8));
        }
        let mut memo = Memo::default();
        assert_eq!(pairs_to_search(&barren, &mut memo), 1);
        assert!(remembered_texts(Technique::RemotePair, &barren, &mut memo).is_empty());
        // Searched in vain as it is: skipped.
        assert_eq!(pairs_to_search(&barren, &mut memo), 0);
        // A cell seeing two of the pair's cells holds a digit of the pair again: searched.
        let expected = texts(Technique::RemotePair, &with_targets);
        assert!(!expected.is_empty());
        assert_eq!(pairs_to_search(&with_targets, &mut memo), 1);
        assert_eq!(
            remembered_texts(Technique::RemotePair, &with_targets, &mut memo),
            expected
        );
        // A pair that gave a chain is not recorded.
        assert_eq!(pairs_to_search(&with_targets, &mut memo), 1);
        // The pair gone from a cell that sees fewer than two of its cells does not count.
        let mut elsewhere = barren.clone();
        let far = Cell::at(8, 8);
        assert!(ROW_CHAIN.iter().all(|c| !c.sees(far)));
        elsewhere.eliminate(far, d(3));
        elsewhere.eliminate(far, d(8));
        assert_eq!(pairs_to_search(&elsewhere, &mut memo), 0);
        // A fifth cell holding the pair changes the pair's cells: searched.
        let mut wider = barren.clone();
        for digit in Digit::all().filter(|x| ![3, 8].contains(&x.get())) {
            wider.eliminate(far, digit);
        }
        assert_eq!(pairs_to_search(&wider, &mut memo), 1);
    }

    #[test]
    fn a_fifth_cell_gives_a_second_chain_of_four_and_a_sixth_one_chain_of_six() {
        // A fifth cell, r9c3, continues the chain from r5c3 down column 3: an odd number
        // of cells ends on the wrong digit, so there are two chains of four
        // (r1c2..r5c3 and r1c7..r9c3), more eliminations first.
        let mut cells = ROW_CHAIN.to_vec();
        cells.push(rc(9, 3));
        let steps = Technique::RemotePair.find_all(&pairs(&cells), None);
        assert_eq!(steps.len(), 2);
        assert!(steps.iter().all(|s| s.pattern.chain.len() == 4));
        // r1c7 and r9c3 are three cells apart: r9c7 sees both.
        assert!(
            steps
                .iter()
                .any(|s| s.eliminations.contains(rc(9, 7), d(8)))
        );
        // A sixth, r9c8, closes a chain of six, which removes what cells three and five
        // apart see: more than either chain of four.
        cells.push(rc(9, 8));
        let steps = Technique::RemotePair.find_all(&pairs(&cells), None);
        let longest = steps.iter().max_by_key(|s| s.pattern.chain.len()).unwrap();
        assert_eq!(longest.pattern.chain.len(), 6);
        assert_eq!(
            steps[0].pattern.chain.len(),
            6,
            "the most eliminations come first"
        );
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
