//! ALS-XY-Wing: ALS A and B each share a restricted common with a third ALS C (X between
//! A and C, Y between B and C, not the same single digit). C holds at most one of X and Y,
//! so A or B is locked: a digit Z that A and B hold, other than the RC digits, leaves every
//! cell seeing all its places in both.
//!
//! As HoDoKu 2.2 does it (`AlsSolver.getAlsXYWingInt`): pairs of restricted commons i < j in
//! list order ([`super::sets`]) that join three different ALS; the ALS they share is C; A
//! and B must not overlap nor contain one another. The first that removes something is
//! taken; its eliminations by digit, then cell.

use super::sets::{Als, Rc};
use super::xz::common_eliminations;
use crate::bitset::DigitSet;
use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

pub fn als_xy_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    super::with_alses(grid, |lists| {
        for (i, rc1) in lists.rcs.iter().enumerate() {
            // The later restricted commons sharing an ALS with this one, in list order (two
            // ALS share at most one, so none comes twice): each ALS's in order, merged.
            let of_first = lists.later_rcs_of(rc1.first, i);
            for j in itertools::merge(of_first, lists.later_rcs_of(rc1.second, i)) {
                if let Some(step) = wing(lists.alses, rc1, &lists.rcs[j]) {
                    sink.push(step)?;
                }
            }
        }
        ControlFlow::Continue(())
    })
}

/// The ALS-XY-Wing that `rc1` and `rc2` make, if they make one that removes anything.
#[inline]
fn wing(alses: &[Als], rc1: &Rc, rc2: &Rc) -> Option<Step> {
    if rc1.other_digit.is_none() && rc2.other_digit.is_none() && rc1.digit == rc2.digit {
        return None;
    }
    let (c, a, b) = if rc1.first == rc2.first && rc1.second != rc2.second {
        (rc1.first, rc1.second, rc2.second)
    } else if rc1.second == rc2.first && rc1.first != rc2.second {
        (rc1.second, rc1.first, rc2.second)
    } else if rc1.first == rc2.second && rc1.second != rc2.first {
        (rc1.first, rc1.second, rc2.first)
    } else if rc1.second == rc2.second && rc1.first != rc2.first {
        (rc1.second, rc1.first, rc2.first)
    } else {
        return None;
    };
    let (a, b, c) = (&alses[a], &alses[b], &alses[c]);
    // Z goes only from cells seeing places in both.
    if a.cells.intersects(b.cells) || !a.all_seers.intersects(b.all_seers) {
        return None;
    }
    let rc_digits = rc1.digits() | rc2.digits();
    let mut eliminations = Eliminations::NONE;
    let z = common_eliminations(a, b, rc_digits, &mut eliminations);
    if eliminations.is_empty() {
        return None;
    }
    let pattern = Pattern {
        digits: z,
        subset: rc_digits,
        groups: [a.cells, b.cells, c.cells, Default::default()],
        group_digits: [a.digits, b.digits, c.digits, DigitSet::EMPTY],
        ..Pattern::default()
    };
    Some(Step::eliminating(
        Technique::AlsXyWing,
        pattern,
        eliminations,
    ))
}

#[cfg(test)]
mod tests {
    use crate::bitset::CellSet;
    use crate::candidates::Candidates;
    use crate::catalogue::Technique;
    use crate::technique::test_grids::*;

    #[test]
    fn three_bivalue_cells_make_the_smallest_wing_in_either_orientation() {
        for transposed in [false, true] {
            let at = |row, col| {
                if transposed {
                    rc(col, row)
                } else {
                    rc(row, col)
                }
            };
            // C = r1c5 {1,3}; A = r1c1 {1,2} (X = 1); B = r5c5 {2,3} (Y = 3); Z = 2.
            let mut grid = Candidates::empty();
            restrict(&mut grid, at(1, 5), &[1, 3]);
            restrict(&mut grid, at(1, 1), &[1, 2]);
            restrict(&mut grid, at(5, 5), &[2, 3]);
            let wings = Technique::AlsXyWing.find_all(&grid, None);
            let c = CellSet::single(at(1, 5));
            let step = wings
                .iter()
                .find(|s| s.pattern.groups[2] == c && s.pattern.groups[0].len() == 1)
                .expect("the wing");
            assert_eq!(step.eliminations.cells(d(2)), CellSet::single(at(5, 1)));
            assert_eq!(step.eliminations.len(), 1);
        }
    }

    #[test]
    fn nothing_when_both_links_are_the_same_digit() {
        // C = r1c5 {1,3}; A = r1c1 {1,2}; B = r5c5 {1,2}: both linked by 1 only.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 5), &[1, 3]);
        restrict(&mut grid, rc(1, 1), &[1, 2]);
        restrict(&mut grid, rc(5, 5), &[1, 2]);
        let c = CellSet::single(rc(1, 5));
        let wings = Technique::AlsXyWing.find_all(&grid, None);
        assert!(
            !wings
                .iter()
                .any(|s| s.pattern.groups[2] == c && s.pattern.groups[0].len() == 1),
            "{:?}",
            wings.texts()
        );
    }
}
