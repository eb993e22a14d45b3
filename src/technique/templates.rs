//! Template Set and Template Delete, last resorts (HoDoKu's `ts` and `td`, off in its default
//! configuration): a digit's *template* is one of the 46,656 ways to put it once in every
//! row, column and box. The digit's templates that fit the grid (they hold every cell set to
//! the digit and otherwise only cells where it is a candidate) are refined as HoDoKu refines
//! them: a template that meets a cell some other digit holds in all of its own templates is
//! dropped, until nothing more drops. A cell every remaining template of a digit holds gets
//! the digit (Template Set); a candidate that no remaining template of its digit covers goes
//! (Template Delete).
//!
//! `Template Set: r1c2,r5c8=7`, `Template Delete: 7 => r1c2,r5c8<>7`.
//!
//! As HoDoKu 2.2 does it (`SudokuStepFinder.initCandTemplates` with its refinement,
//! `TemplateSolver.getTemplateSet`, `getTemplateDel`): the first digit, ascending, with
//! something to set (or delete), all of its cells in one step, by cell. The refinement
//! reaches the same greatest fixed point in whatever order the digits are refined (dropping
//! a template only ever adds to the cells its digit is sure of), so it is written here as a
//! plain loop. A digit left with no template (a grid that contradicts itself) sets nothing:
//! HoDoKu would set it in every open cell (the intersection of no template is the whole
//! grid).

use crate::bitset::{CellSet, DigitSet, bit_positions};
use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::geometry::{Cell, Digit};
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::OnceLock;

/// Every template: the cells of one placement of a digit in all nine rows, columns and
/// boxes, rows top to bottom choosing columns left to right.
fn templates() -> &'static [CellSet] {
    static TEMPLATES: OnceLock<Vec<CellSet>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut out = Vec::with_capacity(46_656);
        place_from(0, 0, 0, CellSet::EMPTY, &mut out);
        out
    })
}

/// Extends a template filled down to `row`, its columns `columns` and boxes `boxes` used.
fn place_from(row: usize, columns: u16, boxes: u16, cells: CellSet, out: &mut Vec<CellSet>) {
    if row == 9 {
        out.push(cells);
        return;
    }
    for col in 0..9 {
        let box_ = row / 3 * 3 + col / 3;
        if columns >> col & 1 == 0 && boxes >> box_ & 1 == 0 {
            let cell = CellSet::single(Cell::at(row, col));
            place_from(
                row + 1,
                columns | 1 << col,
                boxes | 1 << box_,
                cells | cell,
                out,
            );
        }
    }
}

thread_local! {
    /// Per digit, the indices of its templates still in play: reused from search to search.
    static LISTS: RefCell<[Vec<u32>; 9]> = RefCell::new(Default::default());
}

pub fn template_sets(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let all = templates();
    LISTS.with_borrow_mut(|lists| {
        refine(grid, lists);
        for digit in Digit::all() {
            let list = &lists[digit.index()];
            if list.is_empty() {
                continue;
            }
            let sure = list
                .iter()
                .fold(CellSet::ALL, |acc, &i| acc & all[i as usize]);
            let targets = sure & grid.unsolved();
            if targets.is_empty() {
                continue;
            }
            let pattern = Pattern {
                digits: DigitSet::single(digit),
                ..Pattern::default()
            };
            sink.push(Step::placing_all(
                Technique::TemplateSet,
                targets,
                digit,
                pattern,
            ))?;
        }
        ControlFlow::Continue(())
    })
}

pub fn template_deletes(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let all = templates();
    LISTS.with_borrow_mut(|lists| {
        refine(grid, lists);
        for digit in Digit::all() {
            let covered = lists[digit.index()]
                .iter()
                .fold(CellSet::EMPTY, |acc, &i| acc | all[i as usize]);
            let targets = grid.cells_with(digit) - covered;
            if targets.is_empty() {
                continue;
            }
            let mut eliminations = Eliminations::NONE;
            eliminations.insert_cells(targets, digit);
            let pattern = Pattern {
                digits: DigitSet::single(digit),
                ..Pattern::default()
            };
            sink.push(Step::eliminating(
                Technique::TemplateDelete,
                pattern,
                eliminations,
            ))?;
        }
        ControlFlow::Continue(())
    })
}

/// Fills `lists` with each digit's templates that fit `grid`, refined (see the module doc).
fn refine(grid: &Candidates, lists: &mut [Vec<u32>; 9]) {
    let all = templates();
    for digit in Digit::all() {
        let list = &mut lists[digit.index()];
        list.clear();
        let set = grid.cells_set_to(digit);
        let allowed = set | grid.cells_with(digit);
        list.extend(
            all.iter()
                .enumerate()
                .filter(|(_, t)| set.is_subset_of(**t) && t.is_subset_of(allowed))
                .map(|(i, _)| i as u32),
        );
    }
    // Refine: a digit's sure cells (those in all its templates) are closed to the others.
    loop {
        let sure: [CellSet; 9] = std::array::from_fn(|d| {
            lists[d]
                .iter()
                .fold(CellSet::ALL, |acc, &i| acc & all[i as usize])
        });
        let mut dropped = false;
        for (d, list) in lists.iter_mut().enumerate() {
            let closed = (0..9)
                .filter(|&k| k != d)
                .fold(CellSet::EMPTY, |acc, k| acc | sure[k]);
            let before = list.len();
            list.retain(|&i| !all[i as usize].intersects(closed));
            dropped |= list.len() != before;
        }
        if !dropped {
            break;
        }
    }
}

/// The candidates of `digit` that no template fitting the grid covers (before HoDoKu's
/// refinement): every candidate a single-digit pattern (a fish of any kind, finned or not)
/// can remove is among them, so a fish search can skip a digit, or a part of its search,
/// that could remove none of them (HoDoKu's `getDelCandTemplates(false)`, which its fish
/// search consults the same way). They are worked out band by band ([`unfit_by_bands`]),
/// at a cost bounded whatever the grid.
///
/// The answer depends on the digit's candidates and placed cells alone, and every
/// single-digit rung asks it of the same grid (the fish, the single-digit patterns,
/// colouring, X-Chain; the Franken rungs up to eight times a pass): the last answer per
/// digit is kept per thread.
pub fn unfit_candidates(grid: &Candidates, digit: Digit) -> CellSet {
    thread_local! {
        /// Per digit, its candidates and placed cells when last asked, and the answer.
        static LAST: RefCell<[Option<(CellSet, CellSet, CellSet)>; 9]> = const { RefCell::new([None; 9]) };
    }
    let key = (grid.cells_with(digit), grid.cells_set_to(digit));
    LAST.with_borrow_mut(|last| match last[digit.index()] {
        Some((held, set, unfit)) if (held, set) == key => unfit,
        _ => {
            let unfit = unfit_by_bands(key.0, key.1);
            last[digit.index()] = Some((key.0, key.1, unfit));
            unfit
        }
    })
}

/// [`StepSink::search_digits`] for a single-digit finder, whose steps remove only
/// candidates no fitting template of their digit covers: a digit without such candidates
/// ([`unfit_candidates`]) has no step and is not searched.
pub fn search_single_digit(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    mut search: impl FnMut(&mut StepSink<'_>, Digit) -> ControlFlow<()>,
) -> ControlFlow<()> {
    sink.search_digits(|sink, digit| {
        if unfit_candidates(grid, digit).is_empty() {
            return ControlFlow::Continue(());
        }
        search(sink, digit)
    })
}

/// The candidates `held` of a digit placed in `set` that no template fitting them covers,
/// worked out band by band. In a band the three rows take one column in each stack, so a
/// band's part of a template comes with a *code*: for each stack, which of its three
/// columns the band takes (27 codes). Three parts make a template when, stack by stack,
/// their codes take the stack's three columns once each. So a part lies on a fitting
/// template when its code completes with codes the other two bands can take, and the cells
/// of those parts are what the fitting templates cover: at most 162 parts a band and 729
/// pairs of codes, whatever the grid, where a walk of the templates can meet thousands.
fn unfit_by_bands(held: CellSet, set: CellSet) -> CellSet {
    let allowed = (set | held).bits();
    // Per band, per code: the cells its parts take (bit 9i + c: row i of the band, column
    // c), and which codes its parts have.
    let mut cover = [[0u32; 27]; 3];
    let mut present = [0u32; 3];
    for band in 0..3 {
        let row = |i: usize| (allowed >> (27 * band + 9 * i)) as u16 & 0x1ff;
        for c0 in columns(row(0)) {
            for c1 in columns(row(1) & !STACK_COLUMNS[c0 / 3]) {
                for c2 in columns(row(2) & !STACK_COLUMNS[c0 / 3] & !STACK_COLUMNS[c1 / 3]) {
                    let code = [c0, c1, c2]
                        .iter()
                        .map(|&c| c % 3 * POWERS[c / 3])
                        .sum::<usize>();
                    cover[band][code] |= 1 << c0 | 1 << (9 + c1) | 1 << (18 + c2);
                    present[band] |= 1 << code;
                }
            }
        }
    }
    // The codes of each band that complete to a template: per stack the bands' columns
    // differ, and the third band's code is what the first two leave (its column in each
    // stack is 3 - a - b, and the powers sum to 13).
    let mut completing = [0u32; 3];
    for first in bit_positions(u64::from(present[0])) {
        for second in bit_positions(u64::from(present[1] & DIFFERING[first])) {
            let third = 39 - first - second;
            if present[2] >> third & 1 != 0 {
                completing[0] |= 1 << first;
                completing[1] |= 1 << second;
                completing[2] |= 1 << third;
            }
        }
    }
    let covered = (0..3).fold(0u128, |bits, band| {
        let cells =
            bit_positions(u64::from(completing[band])).fold(0, |acc, code| acc | cover[band][code]);
        bits | u128::from(cells) << (27 * band)
    });
    held - CellSet::from_bits(covered)
}

/// The columns of each stack, as a column mask.
const STACK_COLUMNS: [u16; 3] = [0b111, 0b111_000, 0b111_000_000];
/// A code's digit for stack `s` (base 3) weighs `POWERS[s]`.
const POWERS: [usize; 3] = [1, 3, 9];

/// Per code, the codes that take another column than it in every stack.
const DIFFERING: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut a = 0;
    while a < 27 {
        let mut b = 0;
        while b < 27 {
            if a % 3 != b % 3 && a / 3 % 3 != b / 3 % 3 && a / 9 != b / 9 {
                table[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// The columns of a column mask, ascending.
fn columns(mask: u16) -> impl Iterator<Item = usize> {
    bit_positions(u64::from(mask))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    #[test]
    fn there_are_46656_templates_each_one_cell_in_every_house() {
        let all = templates();
        assert_eq!(all.len(), 46_656);
        for template in all.iter().step_by(97) {
            for house in crate::geometry::House::all() {
                assert_eq!((*template & house.cell_set()).len(), 1, "{template:?}");
            }
        }
        let distinct: std::collections::BTreeSet<_> = all.iter().map(|t| t.bits()).collect();
        assert_eq!(distinct.len(), all.len());
    }

    #[test]
    fn a_candidate_no_template_covers_goes() {
        // Digit 5 in rows 1 and 4 only in c1, c5 (an X-Wing): no template of 5 puts it
        // elsewhere in columns 1 and 5.
        let mut grid = Candidates::empty();
        remove(&mut grid, d(5), &row_except(1, &[1, 5]));
        remove(&mut grid, d(5), &row_except(4, &[1, 5]));
        let found = Technique::TemplateDelete.find_all(&grid, None);
        assert_eq!(found.len(), 1, "{:?}", found.texts());
        assert!(
            found.texts()[0].starts_with("Template Delete: 5 => "),
            "{:?}",
            found.texts()
        );
        let x_wing = Technique::XWing.find_all(&grid, None)[0].eliminations;
        assert!(!x_wing.is_empty());
        for (cell, digit) in x_wing.iter() {
            assert!(
                found[0].eliminations.contains(cell, digit),
                "{cell}<>{digit}"
            );
        }
        // An empty grid: every candidate is in some template.
        assert!(texts(Technique::TemplateDelete, &Candidates::empty()).is_empty());
    }

    #[test]
    fn the_cells_every_template_holds_are_set_in_one_step() {
        // Digit 5: row 1 only at c1, row 4 only at c5, so every template holds both; in
        // row 7, two places (c7, c8), so none sure there.
        let mut grid = Candidates::empty();
        remove(&mut grid, d(5), &row_except(1, &[1]));
        remove(&mut grid, d(5), &row_except(4, &[5]));
        remove(&mut grid, d(5), &row_except(7, &[7, 8]));
        let found = Technique::TemplateSet.find_all(&grid, None);
        assert_eq!(found.texts(), vec!["Template Set: r1c1,r4c5=5"]);
        let mut after = grid.clone();
        let effect = found[0].apply_to(&mut after);
        assert_eq!(effect.placements, 2);
        assert_eq!(after.value(rc(1, 1)), Some(d(5)));
        assert_eq!(after.value(rc(4, 5)), Some(d(5)));
        // Once set, nothing is left to set.
        assert!(Technique::TemplateSet.find_all(&after, None).is_empty());
        assert!(
            Technique::TemplateSet
                .find_all(&Candidates::empty(), None)
                .is_empty()
        );
    }

    /// Templates hold all a digit alone can say: what any single-digit technique removes,
    /// Template Delete removes too, and nothing it removes is wrong; every hidden single
    /// of a digit is among the cells Template Set sets, and nothing it sets is wrong.
    #[test]
    fn on_real_grids_they_do_what_single_digit_techniques_and_hidden_singles_do_and_are_sound() {
        use crate::ladder::Ladder;
        use crate::solver::{Policy, Solver, is_sound};
        use crate::technique::test_grids::{SampleSolve, sample_solves};
        let single_digit = [
            Technique::XWing,
            Technique::Swordfish,
            Technique::Jellyfish,
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::TurbotFish,
            Technique::EmptyRectangle,
            Technique::FinnedXWing,
            Technique::SashimiSwordfish,
            Technique::SimpleColors,
            Technique::XChain,
        ];
        let solver = Solver::new(Ladder::default(), Policy::Single);
        let stride = if cfg!(debug_assertions) { 400 } else { 25 };
        let (mut grids, mut subsumed, mut removed) = (0, 0, 0);
        let (mut set, mut singles) = (0, 0);
        for SampleSolve {
            line,
            puzzle,
            solution,
            report,
        } in sample_solves(&solver, stride)
        {
            let mut grid = Candidates::from_puzzle(&puzzle);
            let mut after_hard = false;
            for step in report.steps.iter() {
                if !step.technique.is_single() {
                    let deletes = Technique::TemplateDelete.find_all(&grid, None);
                    for found in deletes.iter() {
                        assert!(is_sound(found, &solution), "{line}\n{grid}");
                        removed += found.eliminations.len();
                    }
                    let covers =
                        |cell, digit| deletes.iter().any(|s| s.eliminations.contains(cell, digit));
                    for technique in single_digit {
                        for other in technique.find_all(&grid, None).iter() {
                            for (cell, digit) in other.eliminations.iter() {
                                assert!(
                                    covers(cell, digit),
                                    "{technique}: {cell}<>{digit} in\n{grid}"
                                );
                                subsumed += 1;
                            }
                        }
                    }
                    grids += 1;
                }
                // Where a step past the singles has just been taken, singles often appear.
                if after_hard {
                    let sets = Technique::TemplateSet.find_all(&grid, None);
                    for found in sets.iter() {
                        assert!(is_sound(found, &solution), "{line}\n{grid}");
                        set += found.placement.map_or(0, |p| p.cells.len());
                    }
                    for single in Technique::HiddenSingle.find_all(&grid, None).iter() {
                        let (cell, digit) = single.placement.unwrap().iter().next().unwrap();
                        assert!(
                            sets.iter().any(|s| s
                                .placement
                                .is_some_and(|p| p.digit == digit && p.cells.contains(cell))),
                            "hidden single {cell}={digit} in\n{grid}"
                        );
                        singles += 1;
                    }
                }
                after_hard = !step.technique.is_single();
                step.apply_to(&mut grid);
            }
        }
        eprintln!(
            "{grids} grids: {subsumed} single-digit removals subsumed, {removed} removed, {set} cells set, {singles} hidden singles among them"
        );
        // (`subsumed` counts an elimination once for each technique that makes it.)
        assert!(
            grids > 50 && subsumed > 100 && removed > 100 && set > 100 && singles > 10,
            "{grids} {subsumed} {removed} {set} {singles}"
        );
    }

    proptest::proptest! {
        /// On a digit missing from any cells, the bands leave what a scan of the 46,656
        /// templates leaves uncovered.
        #[test]
        fn the_bands_leave_what_the_templates_leave(
            removed in proptest::collection::btree_set(0..81usize, 0..=40),
        ) {
            let held = removed
                .iter()
                .fold(CellSet::ALL, |cells, &i| cells - CellSet::single(Cell::from_index(i)));
            let covered = templates()
                .iter()
                .filter(|t| t.is_subset_of(held))
                .fold(CellSet::EMPTY, |acc, t| acc | *t);
            proptest::prop_assert_eq!(unfit_by_bands(held, CellSet::EMPTY), held - covered);
        }
    }

    /// The bands cover what the fitting templates cover: checked against a scan of all
    /// 46,656 on real grids.
    #[test]
    fn unfit_candidates_are_those_no_fitting_template_covers() {
        use crate::puzzle::Puzzle;
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/sudoku_exchange_4k.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let mut unfit = 0;
        for line in text.lines().step_by(200) {
            let puzzle = Puzzle::parse_line(line).unwrap();
            let mut grid = Candidates::from_puzzle(&puzzle);
            for step in Technique::TemplateDelete
                .find_all(&grid, None)
                .iter()
                .take(1)
            {
                step.apply_to(&mut grid);
            }
            for digit in Digit::all() {
                let set = grid.cells_set_to(digit);
                let allowed = set | grid.cells_with(digit);
                let covered = templates()
                    .iter()
                    .filter(|t| set.is_subset_of(**t) && t.is_subset_of(allowed))
                    .fold(CellSet::EMPTY, |acc, t| acc | *t);
                let expected = grid.cells_with(digit) - covered;
                assert_eq!(
                    unfit_candidates(&grid, digit),
                    expected,
                    "{digit} in\n{grid}"
                );
                unfit += expected.len();
            }
        }
        assert!(unfit > 0);
        assert!(unfit_candidates(&Candidates::empty(), Digit::new(1)).is_empty());
    }

    /// The kept answer is keyed by the digit's placed cells as well as its candidates.
    #[test]
    fn grids_alike_but_for_a_placed_digit_get_their_own_unfit_candidates() {
        use crate::technique::test_grids::{d, rc, remove};
        // The same candidates of 1: r1c1 holds 1 in one grid, 2 in the other, and 1 is
        // gone from its houses in both. Without the 1 at r1c1 no template of 1 fits row 1.
        let grid_with = |set: u8| {
            let mut grid = Candidates::empty();
            grid.place(rc(1, 1), d(set));
            let peers: Vec<Cell> = rc(1, 1).peers().iter().collect();
            remove(&mut grid, d(1), &peers);
            grid
        };
        let (placed, elsewhere) = (grid_with(1), grid_with(2));
        assert_eq!(placed.cells_with(d(1)), elsewhere.cells_with(d(1)));
        for _ in 0..2 {
            assert!(unfit_candidates(&placed, d(1)).is_empty());
            assert_eq!(
                unfit_candidates(&elsewhere, d(1)),
                elsewhere.cells_with(d(1))
            );
        }
    }
}
