//! Almost Locked Sets: n cells of a house holding n + 1 digits. Remove any one digit and
//! the rest is locked, so when two ALS share a restricted common (a digit that cannot be
//! true in both), the one without it is locked. The finders: [`xz`] (ALS-XZ, singly and
//! doubly linked), [`xy_wing`] (ALS-XY-Wing), [`chain`] (ALS Chain) and [`death_blossom`]
//! (a cell whose every candidate has an ALS), on the ALS and restricted commons that
//! [`sets`] lists in HoDoKu's order. The lists live in a per-thread workspace, so a search
//! allocates nothing once warm.
//!
//! What the finders remove is monotone: ALS holding the candidates they held where a rung
//! found nothing remove nothing now (their targets can only have gone). So XZ, XY-Wing and
//! Chain ask the memo ([`crate::technique::memo::Memo::changed_since_nothing`]) which cells
//! changed since, and pass over every pattern whose ALS meet none of them.

pub mod chain;
pub mod death_blossom;
pub mod sets;
pub mod xy_wing;
pub mod xz;

use crate::bitset::CellSet;
use crate::candidates::Candidates;
use sets::{Als, Rc};
use std::cell::RefCell;
use std::ops::Range;

/// The ALS and restricted-common lists of one grid, and that grid's candidates: the ALS
/// rungs run one after the other on the same grid, and list once; the next grid of a solve
/// carries over the restricted commons its changes leave as they were.
#[derive(Default)]
struct Workspace {
    listed_for: Option<([CellSet; 9], CellSet)>,
    alses: Vec<Als>,
    /// Where each house's ALS end in `alses`, and in `earlier_alses`.
    ends: sets::HouseEnds,
    earlier_ends: sets::HouseEnds,
    by_cell: sets::AlsesByCell,
    rcs: Vec<Rc>,
    /// The lists of the grid listed before, while the next is listed.
    earlier_alses: Vec<Als>,
    earlier_rcs: Vec<Rc>,
    carry: sets::CarryOver,
    /// Per ALS, the restricted commons it is the second ALS of, ascending.
    as_second: Vec<Vec<usize>>,
    /// Per ALS, where its restricted commons as first ALS start in `rcs`.
    as_first: Vec<usize>,
}

/// The lists the ALS finders read.
pub struct Lists<'a> {
    pub alses: &'a [Als],
    pub rcs: &'a [Rc],
    as_second: &'a [Vec<usize>],
    as_first: &'a [usize],
}

impl Lists<'_> {
    /// The restricted commons after the `after`-th that involve ALS `als`, in list order
    /// in two parts: those where it is the second ALS (whose first ALS comes before it),
    /// then those where it is the first. A hot loop runs over each part apart, without a
    /// chained iterator's check at every item of which part it is in.
    pub fn later_rcs_of(&self, als: usize, after: usize) -> (&[usize], Range<usize>) {
        let seconds = &self.as_second[als];
        let later_seconds = &seconds[seconds.partition_point(|&j| j <= after)..];
        let later_firsts = self.as_first[als].max(after + 1)..self.as_first[als + 1];
        (later_seconds, later_firsts)
    }
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::default());
}

/// Runs `search` on `grid`'s ALS and restricted commons.
fn with_alses<T>(grid: &Candidates, search: impl FnOnce(&Lists<'_>) -> T) -> T {
    WORKSPACE.with_borrow_mut(|work| {
        let key = (grid.digit_cells(), grid.unsolved());
        if work.listed_for != Some(key) {
            // A cell set since with no candidate left unset had none then: count it too.
            let changed = work.listed_for.and_then(|(then, unsolved)| {
                Some(grid.changes_since(&then)? | (unsolved ^ grid.unsolved()))
            });
            std::mem::swap(&mut work.alses, &mut work.earlier_alses);
            std::mem::swap(&mut work.rcs, &mut work.earlier_rcs);
            std::mem::swap(&mut work.ends, &mut work.earlier_ends);
            let earlier = changed.map(|changed| sets::EarlierAlses {
                alses: &work.earlier_alses,
                ends: &work.earlier_ends,
                changed,
            });
            sets::list_alses_since(grid, earlier.as_ref(), &mut work.alses, &mut work.ends);
            match changed {
                Some(changed) => {
                    let earlier = sets::Earlier {
                        alses: &work.earlier_alses,
                        rcs: &work.earlier_rcs,
                        changed,
                    };
                    sets::list_rcs_since(
                        grid,
                        &work.alses,
                        &earlier,
                        &mut work.carry,
                        &mut work.by_cell,
                        &mut work.rcs,
                    );
                }
                None => sets::list_rcs(grid, &work.alses, &mut work.by_cell, &mut work.rcs),
            }
            index_rcs(work);
            work.listed_for = Some(key);
        }
        search(&Lists {
            alses: &work.alses,
            rcs: &work.rcs,
            as_second: &work.as_second,
            as_first: &work.as_first,
        })
    })
}

/// Indexes the restricted commons by ALS.
fn index_rcs(work: &mut Workspace) {
    let n = work.alses.len();
    work.as_second.resize_with(n, Vec::new);
    work.as_second.iter_mut().for_each(Vec::clear);
    work.as_first.clear();
    work.as_first.resize(n + 1, work.rcs.len());
    for (j, rc) in work.rcs.iter().enumerate().rev() {
        work.as_first[rc.first] = j;
        work.as_second[rc.second].push(j);
    }
    for i in (0..n).rev() {
        work.as_first[i] = work.as_first[i].min(work.as_first[i + 1]);
    }
    work.as_second.iter_mut().for_each(|list| list.reverse());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::sample_grids_after_singles;

    /// Told by the memo which cells changed since they last found nothing, as the solver
    /// runs them, the ALS rungs find exactly what a whole search finds (every instance, in
    /// order, and the first alone), at every grid of real solve paths; and the memo is
    /// used, on grids where they find something too.
    #[test]
    fn with_the_memo_each_als_rung_finds_what_a_whole_search_finds() {
        use crate::hodoku::catalogue::Technique;
        let rungs = [Technique::AlsXz, Technique::AlsXyWing, Technique::AlsChain];
        let stride = crate::technique::test_grids::sample_stride(120);
        let least = crate::technique::test_grids::sample_least;
        let (told, told_and_found) =
            crate::technique::test_grids::compare_grid_memo_searches(&rungs, stride);
        assert!(
            told > least(1_000) && told_and_found > least(100),
            "{told} {told_and_found}"
        );
    }

    #[test]
    fn an_alses_later_restricted_commons_come_in_list_order() {
        let mut checked = 0;
        for (line, grid) in sample_grids_after_singles(20) {
            with_alses(&grid, |lists| {
                for als in (0..lists.alses.len()).step_by(7) {
                    for after in [0, lists.rcs.len() / 3, lists.rcs.len() / 2] {
                        let (seconds, firsts) = lists.later_rcs_of(als, after);
                        let out: Vec<usize> = seconds.iter().copied().chain(firsts).collect();
                        let expected: Vec<usize> = (after + 1..lists.rcs.len())
                            .filter(|&j| lists.rcs[j].first == als || lists.rcs[j].second == als)
                            .collect();
                        assert_eq!(out, expected, "{line}: ALS {als} after {after}");
                        checked += out.len();
                    }
                }
            });
        }
        assert!(checked > 1_000, "{checked}");
    }
}
