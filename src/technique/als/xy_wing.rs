//! ALS-XY-Wing: ALS A and B each share a restricted common with a third ALS C (X between
//! A and C, Y between B and C, not the same single digit). C holds at most one of X and Y,
//! so A or B is locked: a digit Z that A and B hold, other than the RC digits, leaves every
//! cell seeing all its places in both.
//!
//! As HoDoKu 2.2 does it (`AlsSolver.getAlsXYWingInt`): pairs of restricted commons i < j in
//! list order ([`super::sets`]) that join three different ALS; the ALS they share is C; A
//! and B must not overlap nor contain one another. The first that removes something is
//! taken; its eliminations by digit, then cell. Wings whose three ALS meet no cell changed
//! since the rung last found nothing are passed over.

use super::sets::{Als, Rc};
use super::xz::{common_eliminations, removes_common};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::cell::RefCell;
use std::ops::ControlFlow;

pub fn als_xy_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    super::with_alses(grid, |lists| {
        sink.search_changes(|sink, changed| {
            CHANGED_RCS.with_borrow_mut(|changed_rcs| {
                if let Some(cells) = changed {
                    changed_rcs.index(lists, cells);
                }
                for (i, rc1) in lists.rcs.iter().enumerate() {
                    let (first, second) = (rc1.first, rc1.second);
                    // The later restricted commons sharing an ALS with this one, in list
                    // order: those of its first ALS (which lead from it to ALS after its
                    // second), then those of its second (whose first ALS come after its
                    // first). A wing of three ALS as they were where the rung found nothing
                    // removes nothing now: when this link's ALS are, only links to a changed
                    // ALS can make one.
                    if changed.is_some() && !changed_rcs.touches(rc1) {
                        wings_with(lists, rc1, first, changed_rcs.later_of(first, i), sink)?;
                        wings_with(lists, rc1, second, changed_rcs.later_of(second, i), sink)?;
                    } else {
                        for c in [first, second] {
                            let (seconds, firsts) = lists.later_rcs_of(c, i);
                            wings_with(lists, rc1, c, seconds.iter().copied(), sink)?;
                            wings_with(lists, rc1, c, firsts, sink)?;
                        }
                    }
                }
                ControlFlow::Continue(())
            })
        })
    })
}

/// Which ALS meet the changed cells, and per ALS the restricted commons joining it to one
/// that does, ascending.
#[derive(Default)]
struct ChangedRcs {
    changed: Vec<bool>,
    starts: Vec<u32>,
    rcs: Vec<u32>,
    /// Where each ALS's next entry goes while indexing.
    next: Vec<u32>,
}

thread_local! {
    static CHANGED_RCS: RefCell<ChangedRcs> = RefCell::new(ChangedRcs::default());
}

/// The wings `rc1` makes with the `later` restricted commons of its ALS `c`, into `sink`.
/// Inlined into the loop over first links (both ways it is called), which keeps the loop
/// over second links tight.
#[inline(always)]
fn wings_with(
    lists: &super::Lists<'_>,
    rc1: &Rc,
    c: usize,
    later: impl Iterator<Item = usize>,
    sink: &mut StepSink<'_>,
) -> ControlFlow<()> {
    for j in later {
        if let Some(step) = wing(lists.alses, rc1, &lists.rcs[j], c) {
            sink.push(step)?;
        }
    }
    ControlFlow::Continue(())
}

impl ChangedRcs {
    fn index(&mut self, lists: &super::Lists<'_>, cells: CellSet) {
        let count = lists.alses.len();
        self.changed.clear();
        self.changed
            .extend(lists.alses.iter().map(|als| als.cells.intersects(cells)));
        self.starts.clear();
        self.starts.resize(count + 1, 0);
        for rc in lists.rcs {
            if self.touches(rc) {
                self.starts[rc.first + 1] += 1;
                self.starts[rc.second + 1] += 1;
            }
        }
        for als in 0..count {
            self.starts[als + 1] += self.starts[als];
        }
        self.rcs.clear();
        self.rcs.resize(self.starts[count] as usize, 0);
        self.next.clear();
        self.next.extend_from_slice(&self.starts[..count]);
        for (j, rc) in lists.rcs.iter().enumerate() {
            if self.touches(rc) {
                for als in [rc.first, rc.second] {
                    self.rcs[self.next[als] as usize] = j as u32;
                    self.next[als] += 1;
                }
            }
        }
    }

    /// Whether `rc` joins a changed ALS.
    fn touches(&self, rc: &Rc) -> bool {
        self.changed[rc.first] || self.changed[rc.second]
    }

    /// The restricted commons after the `after`-th joining `als` to a changed ALS.
    fn later_of(&self, als: usize, after: usize) -> impl Iterator<Item = usize> + '_ {
        let of = &self.rcs[self.starts[als] as usize..self.starts[als + 1] as usize];
        of[of.partition_point(|&j| j as usize <= after)..]
            .iter()
            .map(|&j| j as usize)
    }
}

/// The ALS-XY-Wing that `rc1` and `rc2`, two restricted commons of different pairs of ALS
/// sharing ALS `c`, make, if they make one that removes anything. Most pairs fail the
/// first tests: those are inlined, the rest is not.
#[inline(always)]
fn wing(alses: &[Als], rc1: &Rc, rc2: &Rc, c: usize) -> Option<Step> {
    if rc1.other_digit.is_none() && rc2.other_digit.is_none() && rc1.digit == rc2.digit {
        return None;
    }
    let other = |rc: &Rc| if rc.first == c { rc.second } else { rc.first };
    let (a, b) = (other(rc1), other(rc2));
    debug_assert!(a != b && [rc2.first, rc2.second].contains(&c));
    // Z goes only from cells seeing places in both.
    let (als_a, als_b) = (&alses[a], &alses[b]);
    if als_a.cells.intersects(als_b.cells) || !als_a.all_seers.intersects(als_b.all_seers) {
        return None;
    }
    // Most wings past those tests still remove nothing: told inline, they pay no call.
    let rc_digits = rc1.digits() | rc2.digits();
    if !removes_common(als_a, als_b, rc_digits) {
        return None;
    }
    Some(wing_step(alses, rc_digits, [a, b, c]))
}

/// The wing of ALS `a`, `b` and `c` linked by `rc_digits`, which [`wing`] has seen to
/// remove something.
#[inline(never)]
fn wing_step(alses: &[Als], rc_digits: DigitSet, [a, b, c]: [usize; 3]) -> Step {
    let (a, b, c) = (&alses[a], &alses[b], &alses[c]);
    let mut eliminations = Eliminations::NONE;
    let z = common_eliminations(a, b, rc_digits, &mut eliminations);
    let pattern = Pattern {
        digits: z,
        subset: rc_digits,
        groups: [a.cells, b.cells, c.cells, Default::default()],
        group_digits: [a.digits, b.digits, c.digits, DigitSet::EMPTY],
        ..Pattern::default()
    };
    Step::eliminating(Technique::AlsXyWing, pattern, eliminations)
}

#[cfg(test)]
mod tests {
    use crate::bitset::CellSet;
    use crate::candidates::Candidates;
    use crate::hodoku::catalogue::Technique;
    use crate::step::Step;
    use crate::technique::test_grids::*;

    #[test]
    fn three_bivalue_cells_make_the_smallest_wing_in_either_orientation() {
        for transposed in [false, true] {
            let at = |row, col| rc_transposed_if(transposed, row, col);
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

    /// Every pair of restricted commons i < j, in list order, that share exactly one ALS:
    /// HoDoKu's loop, pair by pair, against the finder's per-ALS lists, at the grids along
    /// solve paths of hard puzzles; some first links there make wings through both ALS.
    #[test]
    fn wings_come_in_the_list_order_of_their_two_links() {
        use crate::ladder::Ladder;
        use crate::solver::{Policy, Solver};
        use crate::technique::als::with_alses;
        let solver = Solver::new(Ladder::default(), Policy::Single);
        let stride = if cfg!(debug_assertions) { 400 } else { 60 };
        let (mut compared, mut through_both) = (0, 0);
        for puzzle in hard_rated_puzzles(stride) {
            let mut grid = Candidates::from_puzzle(&puzzle);
            for step in solver.solve(&puzzle, None).steps.iter() {
                step.apply_to(&mut grid);
                let expected: Vec<Step> = with_alses(&grid, |lists| {
                    let mut out = Vec::new();
                    for (i, rc1) in lists.rcs.iter().enumerate() {
                        let mut through = [false; 2];
                        for rc2 in &lists.rcs[i + 1..] {
                            let shared: Vec<usize> = [rc1.first, rc1.second]
                                .into_iter()
                                .filter(|&x| x == rc2.first || x == rc2.second)
                                .collect();
                            let [c] = shared[..] else { continue };
                            let Some(wing) = super::wing(lists.alses, rc1, rc2, c) else {
                                continue;
                            };
                            through[usize::from(c == rc1.second)] = true;
                            out.push(wing);
                        }
                        through_both += usize::from(through == [true; 2]);
                    }
                    out
                });
                let found = Technique::AlsXyWing.find_all(&grid, None);
                let found: Vec<Step> = found.iter().copied().collect();
                assert_eq!(found, expected, "{puzzle}");
                compared += found.len();
            }
        }
        assert!(
            compared > 1_000 && through_both > 100,
            "{compared} {through_both}"
        );
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
