//! ALS-XZ: two ALS A and B with a restricted common X. X is true in at most one of them,
//! so the other is locked: a digit Z both hold is true in A or in B, and leaves every cell
//! seeing all its places in both. Doubly linked (two RCs): each ALS less the two RCs is a
//! locked set, so its other digits leave every cell outside the other ALS that sees all
//! their places, and both RC digits leave the cells seeing all their places in both.
//!
//! As HoDoKu 2.2 does it (`AlsSolver.getAlsXZInt`, `checkCandidatesToDelete`,
//! `checkDoublyLinkedAls`): restricted commons in list order ([`super::sets`]), the first
//! that removes something is taken. Its eliminations are listed pass by pass, each by digit
//! then cell: the common digits but the first RC, then (doubly linked) those but the second
//! RC, then A's other digits, then B's ([`crate::step`]'s deletion order recomputes them).
//! Pairs whose ALS meet no cell changed since the rung last found nothing are passed over.

use super::sets::{Als, Rc};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::Digit;
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub fn als_xz(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    super::with_alses(grid, |lists| {
        sink.search_changes(|sink, changed| {
            for rc in lists.rcs {
                let (a, b) = (&lists.alses[rc.first], &lists.alses[rc.second]);
                // A pair as it was where the rung found nothing removes nothing now.
                if changed.is_some_and(|cells| !(a.cells | b.cells).intersects(cells)) {
                    continue;
                }
                // Most pairs remove nothing: they are told so inline, the rest not.
                if removes_anything(a, b, rc)
                    && let Some(step) = step(a, b, rc)
                {
                    sink.push(step)?;
                }
            }
            ControlFlow::Continue(())
        })
    })
}

/// The ALS-XZ of `a` and `b` linked by `rc`, which [`removes_anything`].
#[inline(never)]
fn step(a: &Als, b: &Als, rc: &Rc) -> Option<Step> {
    let mut eliminations = Eliminations::NONE;
    let mut z = DigitSet::EMPTY;
    for x in rc.digits().iter() {
        z |= common_eliminations(a, b, DigitSet::single(x), &mut eliminations);
    }
    if rc.other_digit.is_some() {
        let locked_a = locked_eliminations(a, b, rc.digits(), &mut eliminations);
        let locked_b = locked_eliminations(b, a, rc.digits(), &mut eliminations);
        if locked_a || locked_b {
            // HoDoKu names no Z for a doubly linked pair that removes this way.
            z = DigitSet::EMPTY;
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let pattern = Pattern {
        digits: z,
        subset: rc.digits(),
        groups: [a.cells, b.cells, Default::default(), Default::default()],
        group_digits: [a.digits, b.digits, DigitSet::EMPTY, DigitSet::EMPTY],
        ..Pattern::default()
    };
    Some(Step::eliminating(Technique::AlsXz, pattern, eliminations))
}

/// Whether the ALS-XZ of `a` and `b` linked by `rc` removes anything, found without
/// listing what (most pairs remove nothing): a digit both hold, other than a single RC
/// digit, with targets in both; or, doubly linked, a locked digit of either with targets.
#[inline(always)]
fn removes_anything(a: &Als, b: &Als, rc: &Rc) -> bool {
    let links = match rc.other_digit {
        None => rc.digits(),
        Some(_) => DigitSet::EMPTY,
    };
    removes_common(a, b, links)
        || rc.other_digit.is_some()
            && (locked_targets(a, b, rc.digits()).next().is_some()
                || locked_targets(b, a, rc.digits()).next().is_some())
}

/// Whether some digit both ALS hold but those of `links` has targets: whether
/// [`common_eliminations`] removes anything, found without listing what (most pairs of
/// ALS remove nothing).
pub(super) fn removes_common(a: &Als, b: &Als, links: DigitSet) -> bool {
    common_targets(a, b, links).next().is_some()
}

/// Each digit both ALS hold but those of `links` that some cell seeing all its places in
/// both holds, with those cells.
fn common_targets<'a>(
    a: &'a Als,
    b: &'a Als,
    links: DigitSet,
) -> impl Iterator<Item = (Digit, CellSet)> + 'a {
    let digits = if a.all_seers.intersects(b.all_seers) {
        (a.digits & b.digits) - links
    } else {
        DigitSet::EMPTY
    };
    digits
        .iter()
        .map(|z| (z, a.seers(z) & b.seers(z)))
        .filter(|(_, targets)| !targets.is_empty())
}

/// Each digit both ALS hold but those of `links`, from the cells seeing all its places in
/// both; returns the digits that remove something.
pub fn common_eliminations(a: &Als, b: &Als, links: DigitSet, out: &mut Eliminations) -> DigitSet {
    let mut removing = DigitSet::EMPTY;
    for (z, targets) in common_targets(a, b, links) {
        out.insert_cells(targets, z);
        removing.insert(z);
    }
    removing
}

/// A doubly linked pair: `locked` less the RC digits is a locked set; its digits leave
/// the cells outside `other` seeing all their places: each such digit some cell holds,
/// with those cells.
fn locked_targets<'a>(
    locked: &'a Als,
    other: &'a Als,
    rcs: DigitSet,
) -> impl Iterator<Item = (Digit, CellSet)> + 'a {
    (locked.digits - rcs)
        .iter()
        .map(|digit| (digit, locked.seers(digit) - other.cells))
        .filter(|(_, targets)| !targets.is_empty())
}

/// [`locked_targets`] into `out`; whether there were any.
fn locked_eliminations(locked: &Als, other: &Als, rcs: DigitSet, out: &mut Eliminations) -> bool {
    let mut any = false;
    for (digit, targets) in locked_targets(locked, other, rcs) {
        out.insert_cells(targets, digit);
        any = true;
    }
    any
}

#[cfg(test)]
mod tests {
    use crate::bitset::CellSet;
    use crate::candidates::Candidates;
    use crate::geometry::Cell;
    use crate::hodoku::catalogue::Technique;
    use crate::step::{Chains, Step};
    use crate::technique::test_grids::*;

    fn cells(list: &[Cell]) -> CellSet {
        list.iter().copied().collect()
    }

    /// The step whose ALS are `a` and `b`, in either order.
    fn step_of(technique: Technique, grid: &Candidates, a: CellSet, b: CellSet) -> Option<Step> {
        technique.find_all(grid, None).iter().copied().find(|s| {
            let [x, y, ..] = s.pattern.groups;
            (x, y) == (a, b) || (x, y) == (b, a)
        })
    }

    #[test]
    fn a_digit_both_sets_hold_leaves_the_cells_seeing_all_its_places_in_either_orientation() {
        for transposed in [false, true] {
            let at = |row, col| rc_transposed_if(transposed, row, col);
            // A = r1c1 {1,2}; B = r5c1 {1,3} + r5c2 {2,3}; X = 1 (column 1), Z = 2.
            let mut grid = Candidates::empty();
            restrict(&mut grid, at(1, 1), &[1, 2]);
            restrict(&mut grid, at(5, 1), &[1, 3]);
            restrict(&mut grid, at(5, 2), &[2, 3]);
            let (a, b) = (cells(&[at(1, 1)]), cells(&[at(5, 1), at(5, 2)]));
            let step = step_of(Technique::AlsXz, &grid, a, b).expect("the ALS-XZ");
            let seeing_both = cells(&[at(1, 2), at(2, 2), at(3, 2), at(4, 1), at(6, 1)]);
            assert_eq!(step.eliminations.cells(d(2)), seeing_both);
            assert_eq!(step.eliminations.len(), 5);
            if !transposed {
                let text = step.display(&Chains::default()).to_string();
                assert!(
                    text.starts_with(
                        "Almost Locked Set XZ-Rule: A=r1c1 {1,2}, B=r5c1,r5c2 {1,2,3}, X=1, Z=2 => "
                    ),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn nothing_when_the_common_digit_is_not_restricted() {
        // B's 1 also in r5c9, which does not see r1c1: 1 could be true in both.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[1, 2]);
        restrict(&mut grid, rc(5, 1), &[1, 3]);
        restrict(&mut grid, rc(5, 2), &[2, 3]);
        restrict(&mut grid, rc(5, 9), &[1, 3]);
        let b = cells(&[rc(5, 1), rc(5, 2), rc(5, 9)]);
        assert!(step_of(Technique::AlsXz, &grid, cells(&[rc(1, 1)]), b).is_none());
    }

    /// A = r1c1 {1,3} + r1c2 {2,3}, B = r1c7 {1,4} + r1c8 {2,4}: 1 and 2 both restricted.
    fn doubly_linked() -> (Candidates, CellSet, CellSet) {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[1, 3]);
        restrict(&mut grid, rc(1, 2), &[2, 3]);
        restrict(&mut grid, rc(1, 7), &[1, 4]);
        restrict(&mut grid, rc(1, 8), &[2, 4]);
        (
            grid,
            cells(&[rc(1, 1), rc(1, 2)]),
            cells(&[rc(1, 7), rc(1, 8)]),
        )
    }

    #[test]
    fn a_doubly_linked_pair_locks_the_rest_of_each_set() {
        let (grid, a, b) = doubly_linked();
        let step = step_of(Technique::AlsXz, &grid, a, b).expect("the ALS-XZ");
        let row_rest = cells(&[rc(1, 3), rc(1, 4), rc(1, 5), rc(1, 6), rc(1, 9)]);
        assert_eq!(step.eliminations.cells(d(1)), row_rest);
        assert_eq!(step.eliminations.cells(d(2)), row_rest);
        // A less {1,2} is 3 in r1c12: the rest of row 1 and box 1 lose it.
        let box_1 = cells(&box_except(1, &[rc(1, 1), rc(1, 2)]));
        assert_eq!(step.eliminations.cells(d(3)), (row_rest | box_1) - b);
        let box_3 = cells(&box_except(3, &[rc(1, 7), rc(1, 8)]));
        assert_eq!(step.eliminations.cells(d(4)), (row_rest | box_3) - a);
        assert!(step.pattern.digits.is_empty(), "no Z is named");
    }

    #[test]
    fn a_doubly_linked_pair_is_deleted_pass_by_pass() {
        let (grid, a, b) = doubly_linked();
        let step = step_of(Technique::AlsXz, &grid, a, b).expect("the ALS-XZ");
        assert!(step.deletion_needs_grid());
        let mut digits = Vec::new();
        step.for_each_deletion(Some(&grid), |_, digit| {
            if digits.last() != Some(&digit.get()) {
                digits.push(digit.get());
            }
        });
        // The shared digits but the first RC (2), then the first RC (1), then A's (3),
        // then B's (4).
        assert_eq!(digits, [2, 1, 3, 4]);
    }
}
