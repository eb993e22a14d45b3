//! Where finders report steps: the [`StepSink`] drops what would change nothing in the
//! grid, stops a finder once the solver has as many steps as it wants, lets finders skip
//! the parts of the grid its [`Memo`] says they searched in vain, and tells the finders that
//! search house by house which houses to search (the `queue` policy's operations).

use super::memo::Memo;
use crate::bitset::{CellSet, HouseSet};
use crate::candidates::{Candidates, Snapshot};
use crate::geometry::Digit;
use crate::hodoku::catalogue::Technique;
use crate::puzzle::Solution;
use crate::step::{Chains, Step, StepList};
use std::ops::ControlFlow;

/// Where finders report steps. It drops what would change nothing in the grid (so a
/// pattern whose eliminations are already done never counts as progress) and tells the
/// finder to stop once the solver has as many steps as it wants. Given a [`Memo`], it also
/// lets finders skip the parts of the grid they searched in vain before
/// ([`StepSink::search_part`]).
pub struct StepSink<'a> {
    grid: &'a Candidates,
    solution: Option<&'a Solution>,
    found: &'a mut StepList,
    limit: usize,
    memo: Option<(Technique, &'a mut Memo)>,
    houses: HouseSet,
    /// Set by a monotone finder that passed over a pattern which may report something
    /// in a grid holding less: its search is then not recorded as fruitless.
    passed_over: bool,
}

impl<'a> StepSink<'a> {
    /// A sink that collects up to `limit` productive steps for `grid` into `found`.
    /// `solution`, when known, is what the brute-force rung copies cells from.
    pub fn new(
        grid: &'a Candidates,
        solution: Option<&'a Solution>,
        found: &'a mut StepList,
        limit: usize,
    ) -> Self {
        StepSink {
            grid,
            solution,
            found,
            limit,
            memo: None,
            houses: HouseSet::ALL,
            passed_over: false,
        }
    }

    /// The same sink, for a search of `houses` only: the finders of the techniques that
    /// search house by house ([`Technique::searched_houses`]) pass over the others; every
    /// other finder searches the whole grid, as always.
    pub fn within(mut self, houses: HouseSet) -> Self {
        self.houses = houses;
        self
    }

    /// The houses a finder that searches house by house should search.
    #[inline]
    pub fn houses(&self) -> HouseSet {
        self.houses
    }

    /// The same sink, reading and keeping `technique`'s records in `memo`.
    pub fn remembering(mut self, technique: Technique, memo: &'a mut Memo) -> Self {
        self.memo = Some((technique, memo));
        self
    }

    /// Reports a step; `Break` when no more are wanted.
    #[inline]
    pub fn push(&mut self, mut step: Step) -> ControlFlow<()> {
        if step.trim_to(self.grid) {
            self.found.push(step);
        }
        if self.found.len() >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Runs `search` over one part of the grid (`part`, a house or digit number, whose
    /// candidates are `snapshot`), unless the memo says this technique searched the same
    /// candidates before and found nothing; records it when `search` finds nothing now.
    /// Only for finders whose steps in a part depend on that part's candidates alone.
    #[inline]
    pub fn search_part(
        &mut self,
        part: usize,
        snapshot: Snapshot,
        search: impl FnOnce(&mut Self) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.searched_in_vain(part, &snapshot) {
            return ControlFlow::Continue(());
        }
        self.search_recording(part, snapshot, search)
    }

    /// Runs `search` over `part`, holding `snapshot`, and records it when `search` finds
    /// nothing.
    #[inline]
    fn search_recording(
        &mut self,
        part: usize,
        snapshot: Snapshot,
        search: impl FnOnce(&mut Self) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let before = self.found.len();
        search(self)?;
        if self.found.len() == before {
            self.record_in_vain(part, snapshot);
        }
        ControlFlow::Continue(())
    }

    /// Whether the memo says this sink's technique searched `part` holding `snapshot`
    /// before and found nothing: for finders that cannot wrap a part's search in
    /// [`StepSink::search_part`], because they search all parts at once.
    #[inline]
    pub fn searched_in_vain(&self, part: usize, snapshot: &Snapshot) -> bool {
        matches!(&self.memo, Some((technique, memo)) if memo.found_nothing_in(*technique, part, snapshot))
    }

    /// Records that this sink's technique found nothing in `part` holding `snapshot`.
    #[inline]
    pub fn record_in_vain(&mut self, part: usize, snapshot: Snapshot) {
        if let Some((technique, memo)) = &mut self.memo {
            memo.record_nothing_in(*technique, part, snapshot);
        }
    }

    /// [`StepSink::search_part`] for each digit in turn, the part being the digit: for
    /// finders whose steps for one digit depend on that digit's candidates alone.
    #[inline]
    pub fn search_digits(
        &mut self,
        mut search: impl FnMut(&mut Self, Digit) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for digit in Digit::all() {
            self.search_part(digit.index(), self.grid.digit_snapshot(digit), |sink| {
                search(sink, digit)
            })?;
        }
        ControlFlow::Continue(())
    }

    /// [`StepSink::search_part`] for a monotone finder (see [`Memo::changed_since_nothing`]):
    /// when the technique last found nothing in `part` holding every candidate `snapshot`
    /// holds, `search` is told what the part lost since (and not run when nothing), so that
    /// it may pass over the patterns that meet none of it; `None`: search everything.
    pub fn search_part_since(
        &mut self,
        part: usize,
        snapshot: Snapshot,
        search: impl FnOnce(&mut Self, Option<Snapshot>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let lost = match &self.memo {
            Some((technique, memo)) => memo.lost_since_nothing_in(*technique, part, &snapshot),
            None => None,
        };
        if lost == Some([0; 3]) {
            return ControlFlow::Continue(());
        }
        self.search_recording(part, snapshot, |sink| search(sink, lost))
    }

    /// Runs a monotone finder's `search` (see [`Memo::changed_since_nothing`]), telling it
    /// which cells changed since this technique last found nothing in a grid holding all of
    /// this one's candidates (`None`: search everything); records this grid when `search`
    /// finds nothing now and passed over nothing ([`StepSink::passed_over`]), unless it
    /// searched some houses only ([`StepSink::within`]). With the cells it is told, `search`
    /// may pass over every pattern that meets none of them.
    pub fn search_changes(
        &mut self,
        search: impl FnOnce(&mut Self, Option<CellSet>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let changed = match &self.memo {
            Some((technique, memo)) => memo.changed_since_nothing(*technique, self.grid),
            None => None,
        };
        let before = self.found.len();
        self.passed_over = false;
        search(self, changed)?;
        if self.found.len() == before
            && !self.passed_over
            && self.houses == HouseSet::ALL
            && let Some((technique, memo)) = &mut self.memo
        {
            memo.record_nothing_on(*technique, self.grid);
        }
        ControlFlow::Continue(())
    }

    /// [`StepSink::search_changes`] for a finder whose patterns lie in bivalue cells alone
    /// and remove what their cells' peers hold (XY-Wings, XY-Chains): in a grid holding no
    /// candidate that one where it found nothing did not, a pattern that removes something
    /// must meet a cell that has become bivalue (a cell still holding its old pair was
    /// bivalue then, with the same links), so without one `search` is not run.
    pub fn search_bivalue_patterns(
        &mut self,
        search: impl FnOnce(&mut Self) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let grid = self.grid;
        self.search_changes(|sink, changed| {
            if changed.is_some_and(|changed| (changed & grid.cells_with_exactly(2)).is_empty()) {
                return ControlFlow::Continue(());
            }
            search(sink)
        })
    }

    /// Tells [`StepSink::search_changes`] that the search passed over a pattern that
    /// removes something now and may be reported in a grid holding less (as a naked
    /// subset search passes over a locked one): what it found nothing in is not recorded.
    pub fn passed_over(&mut self) {
        self.passed_over = true;
    }

    /// Records, for a technique whose search a finder has just done the work of (a sibling
    /// differing only in what it reports), that it would find nothing in `part` holding
    /// `snapshot`.
    pub fn record_nothing_for(&mut self, technique: Technique, part: usize, snapshot: Snapshot) {
        if let Some((_, memo)) = &mut self.memo {
            memo.record_nothing_in(technique, part, snapshot);
        }
    }

    /// How many more steps the sink wants: a finder that ranks what it finds may leave out
    /// what cannot rank among the wanted ones.
    pub fn wanted(&self) -> usize {
        self.limit.saturating_sub(self.found.len())
    }

    /// The arena where a finder stores a step's chain before pushing the step.
    pub fn chains(&mut self) -> &mut Chains {
        self.found.chains_mut()
    }

    /// The puzzle's solution, when the caller knows it.
    pub fn solution(&self) -> Option<&'a Solution> {
        self.solution
    }
}
