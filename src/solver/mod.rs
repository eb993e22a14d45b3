//! The ladder solver: tries the ladder's techniques simplest first, applies what the first
//! productive one found, and starts again from the top, as a person would. It counts
//! every applied step per technique, tracks the hardest technique used (the latest in
//! ladder order), and, when verifying, checks every step against the known solution.
//!
//! A step that changes nothing is never applied or counted; every step that changes
//! something is (see [`StepSink`]). The solver owns no mutable state, so one instance
//! serves every thread; per-thread buffers live in [`Scratch`].
//!
//! The `queue` policy schedules the rungs differently, as an operation queue driven by the
//! cells set (the `queue` module).
//!
//! Two ways through a solve take the same steps. With a step log or a check of every step,
//! each rung builds its steps with their patterns and searches the whole grid. When only
//! counts are kept (`sudolab run`), the singles place digits without building steps, and
//! finders skip the houses and digits the thread's [`Memo`] says they searched in vain.

use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::Technique;
use crate::hodoku::grade::{ScoreTable, TechniqueCounts};
use crate::ladder::Ladder;
pub use crate::policy::Policy;
use crate::puzzle::{Puzzle, Solution};
use crate::step::{Chains, Step, StepDisplay, StepList};
use crate::technique::memo::Memo;
use crate::technique::{SinglesQueues, StepSink, single_step};
use std::fmt;
use std::ops::ControlFlow;

mod queue;
mod suffixes;

use suffixes::Suffixes;

/// How a solve ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Every cell is set.
    Solved,
    /// No technique of the ladder finds anything more.
    Stuck,
    /// The grid contradicts itself (the puzzle has no solution, or a step was wrong and
    /// nothing was verifying).
    Contradiction,
    /// A step contradicted the known solution (only when verifying).
    Unsound(Box<UnsoundStep>),
}

/// A step that removed the solution's digit or set a wrong one: always a bug.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnsoundStep {
    /// The step.
    pub step: Step,
    /// The arena the step's chain lies in.
    pub chains: Chains,
    /// The grid the step was found in.
    pub grid: Candidates,
    /// 1-based number of the step within the solve.
    pub step_number: u32,
}

impl UnsoundStep {
    /// The report of `step`, the solve's `step_number`th, found in `grid`, with its own
    /// copy of its chain out of `chains` (an arena the solve goes on reusing): how the
    /// ladder's sweeps and the singles queue's both report a step the solution refutes.
    #[cold]
    fn copied_from(
        step: &Step,
        chains: &Chains,
        grid: &Candidates,
        step_number: u32,
    ) -> Box<UnsoundStep> {
        let mut own = Chains::new();
        let mut step = *step;
        step.pattern.chain = own.copy_from(chains, step.pattern.chain);
        Box::new(UnsoundStep {
            step,
            chains: own,
            grid: grid.clone(),
            step_number,
        })
    }

    /// The step in the forum notation.
    pub fn step_text(&self) -> StepDisplay<'_> {
        self.step.display(&self.chains)
    }
}

impl fmt::Display for UnsoundStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "unsound step {}: {}", self.step_number, self.step_text())?;
        write!(f, "{}", self.grid)
    }
}

/// What a solve did, without the step log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Summary {
    /// How the solve ended.
    pub outcome: Outcome,
    /// Steps taken, per technique.
    pub counts: TechniqueCounts,
    /// Steps applied (each one pattern instance).
    pub steps: u32,
    /// Cells set.
    pub placements: u32,
    /// Candidates removed.
    pub eliminations: u32,
    /// The latest technique in ladder order that was used.
    pub hardest: Option<Technique>,
}

impl Summary {
    /// A solve's summary before it takes a step: nothing counted, stuck until a step or
    /// the solved grid says otherwise. Where both the ladder's sweeps and the singles
    /// queue start counting.
    fn before_the_first_step() -> Summary {
        Summary {
            outcome: Outcome::Stuck,
            counts: TechniqueCounts::default(),
            steps: 0,
            placements: 0,
            eliminations: 0,
            hardest: None,
        }
    }
}

/// A solve with its step log and final grid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Report {
    /// The totals.
    pub summary: Summary,
    /// Every step, in order.
    pub steps: StepList,
    /// The grid where the solve ended.
    pub grid: Candidates,
}

/// Buffers a thread reuses across solves so that the hot loop does not allocate, and the
/// memo of fruitless searches, which stays true from one solve to the next.
#[derive(Default)]
pub struct Scratch {
    found: StepList,
    placements: Vec<(Cell, Digit)>,
    memo: Memo,
    queues: SinglesQueues,
    operations: queue::OperationQueue,
    /// What solves did from the grids they reached, kept for the solves of one solution
    /// grid once [`Scratch::remember_rests`] is called.
    suffixes: Suffixes,
}

impl Scratch {
    /// From now on, keeps what each solve made with this scratch does from every grid it
    /// reaches with no single left, for later solves that reach the same grid to take
    /// without searching: for the solves of puzzles that share one solution grid (a
    /// generator's walk), which mostly meet the grids of earlier ones. Forgets what was
    /// kept before; call it once per solution grid. See `solver/suffixes.rs`.
    pub fn remember_rests(&mut self) {
        self.suffixes.start();
    }

    /// Forgets what [`Scratch::remember_rests`] kept, and keeps nothing more.
    pub fn forget_rests(&mut self) {
        self.suffixes.stop();
    }
}

/// A ladder with a step policy.
#[derive(Clone, Debug)]
pub struct Solver {
    ladder: Ladder,
    policy: Policy,
    verify: bool,
    /// Scores and a limit: a solve gives up (stuck) once its score must pass the limit.
    score_limit: Option<Box<ScoreLimit>>,
}

/// A score a solve gives up past ([`Solver::giving_up_past`]).
#[derive(Clone, Debug)]
struct ScoreLimit {
    scores: ScoreTable,
    limit: u32,
    /// Per rung, the least score a step of it or of a later rung adds.
    floors: Vec<u32>,
    /// The least score any step adds, which every cell set costs at least, since steps
    /// set one cell at most (0 when a rung may set several at once).
    per_cell: u32,
}

impl Solver {
    /// A solver trying `ladder`'s techniques in order, taking turns by `policy`.
    pub fn new(ladder: Ladder, policy: Policy) -> Solver {
        Solver {
            ladder,
            policy,
            verify: false,
            score_limit: None,
        }
    }

    /// Gives up a solve, leaving it stuck, as soon as its score by `scores` must pass
    /// `limit` (under the `single` and `sweep` policies): for a caller that rejects such
    /// puzzles, and those its ladder cannot solve, whatever comes next, since a score only
    /// grows. It has passed once a step takes it past; it must pass when the least the
    /// next step can add (the rungs before it in the pass found nothing, so it comes from
    /// this rung or a later one), with the least the other empty cells' steps must add
    /// (each sets one cell at most), passes the room left: then no rung is searched.
    /// A solve given up is stuck; its counts are what it had counted by then (or, when it
    /// took the rest from memory, [`Scratch::remember_rests`], the whole solve's), for no
    /// caller to grade.
    pub fn giving_up_past(mut self, scores: ScoreTable, limit: u32) -> Solver {
        let mut floors: Vec<u32> = self
            .ladder
            .rungs()
            .iter()
            .map(|&t| scores.score(t))
            .collect();
        for rung in (0..floors.len().saturating_sub(1)).rev() {
            floors[rung] = floors[rung].min(floors[rung + 1]);
        }
        // A template set sets every cell its templates agree on in one step.
        let per_cell = if self.ladder.contains(Technique::TemplateSet) {
            0
        } else {
            floors.first().copied().unwrap_or(0)
        };
        self.score_limit = Some(Box::new(ScoreLimit {
            scores,
            limit,
            floors,
            per_cell,
        }));
        self
    }

    /// Checks every step against the solution passed to the solve calls. A solve given no
    /// solution has nothing to check against and checks nothing; pass the oracle's.
    pub fn verifying(mut self, verify: bool) -> Solver {
        self.verify = verify;
        self
    }

    /// The techniques it tries.
    pub fn ladder(&self) -> &Ladder {
        &self.ladder
    }
    /// How its techniques take turns.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Solves `puzzle` and keeps the step log. `solution` is needed by the brute-force
    /// rung and by verification.
    pub fn solve(&self, puzzle: &Puzzle, solution: Option<&Solution>) -> Report {
        self.solve_grid(Candidates::from_puzzle(puzzle), solution)
    }

    /// [`Solver::solve`] from a grid with candidates already removed (a position part way
    /// through a solve, or a crafted one).
    pub fn solve_grid(&self, mut grid: Candidates, solution: Option<&Solution>) -> Report {
        let mut steps = StepList::new();
        let summary = self.run(
            &mut grid,
            solution,
            &mut Scratch::default(),
            Some(&mut steps),
        );
        Report {
            summary,
            steps,
            grid,
        }
    }

    /// Solves `grid` in place, keeping only counts: the batch path.
    pub fn solve_counts(
        &self,
        grid: &mut Candidates,
        solution: Option<&Solution>,
        scratch: &mut Scratch,
    ) -> Summary {
        self.run(grid, solution, scratch, None)
    }

    /// The next step the ladder would take from `grid` (a hint), without applying it: a
    /// list of that one step, or an empty list when the ladder finds nothing.
    pub fn next_step(&self, grid: &Candidates, solution: Option<&Solution>) -> StepList {
        let mut found = StepList::new();
        if self.policy == Policy::Queue {
            // The queue's first step depends on its whole schedule: solve a copy, keep it.
            let steps = self.solve_grid(grid.clone(), solution).steps;
            if let Some(first) = steps.first() {
                found.push_from(first, steps.chains());
            }
            return found;
        }
        let mut queues = SinglesQueues::default();
        if self.queues_singles() {
            queues.load(grid);
        }
        for &t in self.ladder.rungs() {
            if self.queues_singles() && t.is_single() {
                if let Some((house, cell, digit)) = queues.next(t, grid) {
                    found.push(single_step(t, house, cell, digit));
                    break;
                }
                continue;
            }
            let mut sink = StepSink::new(grid, solution, &mut found, 1);
            let _ = t.find(grid, &mut sink);
            if !found.is_empty() {
                break;
            }
        }
        found
    }

    fn run(
        &self,
        grid: &mut Candidates,
        solution: Option<&Solution>,
        scratch: &mut Scratch,
        mut log: Option<&mut StepList>,
    ) -> Summary {
        let mut summary = Summary::before_the_first_step();
        if self.policy == Policy::Queue {
            return queue::solve(self, grid, solution, scratch, log);
        }
        let mut hardest_rung = None;
        let mut score = 0u32;
        let counts_only = self.counts_only(&log);
        if self.queues_singles() {
            scratch.queues.load(grid);
        }
        // Where the solve meets the rests it may take or leave.
        let points = match counts_only {
            true => scratch.suffixes.points_for(&self.ladder, self.policy),
            false => None,
        };
        'ladder: while !grid.is_solved() {
            // What the steps setting the other empty cells add at least (the grid stays as
            // it is through the pass until a step is applied).
            let others_floor = self.score_limit.as_ref().map_or(0, |limit| {
                let others = grid.unsolved().len().saturating_sub(1);
                limit.per_cell.saturating_mul(others)
            });
            for (rung, &technique) in self.ladder.rungs().iter().enumerate() {
                if let Some(points) = points {
                    let table = points.table;
                    if rung == points.rung && scratch.suffixes.at_point(table, grid, &mut summary) {
                        // The rest adds the score of its counts, which may carry the
                        // solve past its limit.
                        if let Some(limit) = &self.score_limit {
                            score = limit.scores.grade(&summary.counts).score;
                        }
                        break 'ladder;
                    }
                    if Some(rung) == points.rectangles_rung {
                        scratch.suffixes.before_avoidable_rectangles(grid);
                    }
                }
                if let Some(limit) = &self.score_limit {
                    let least = limit.floors[rung].saturating_add(others_floor);
                    if score.saturating_add(least) > limit.limit {
                        return summary;
                    }
                }
                let count_before = summary.counts[technique];
                let taken = if self.queues_singles() && technique.is_single() {
                    self.take_queued_single(
                        technique,
                        grid,
                        solution,
                        scratch,
                        &mut summary,
                        log.as_deref_mut(),
                    )
                } else if counts_only
                    && let Some(applied) =
                        self.take_placements(technique, grid, scratch, &mut summary)
                {
                    Ok(applied)
                } else {
                    self.take_steps(
                        technique,
                        grid,
                        solution,
                        scratch,
                        &mut summary,
                        log.as_deref_mut(),
                    )
                };
                let applied = match taken {
                    Ok(applied) => applied,
                    Err(unsound) => {
                        summary.outcome = Outcome::Unsound(unsound);
                        return summary;
                    }
                };
                if applied {
                    if hardest_rung < Some(rung) {
                        hardest_rung = Some(rung);
                        summary.hardest = Some(technique);
                    }
                    if let Some(limit) = &self.score_limit {
                        // The rung counts its own technique alone: the grade's score is
                        // the sum of each technique's score times its count.
                        let added = summary.counts[technique] - count_before;
                        score = score
                            .saturating_add(limit.scores.score(technique).saturating_mul(added));
                        if score > limit.limit {
                            return summary;
                        }
                    }
                    continue 'ladder;
                }
            }
            break;
        }
        summary.outcome = if grid.has_contradiction() {
            Outcome::Contradiction
        } else if grid.is_solved() {
            Outcome::Solved
        } else {
            Outcome::Stuck
        };
        if let Some(points) = points
            && summary.outcome == Outcome::Solved
        {
            if let Some(limit) = &self.score_limit
                && score > limit.limit
            {
                summary.outcome = Outcome::Stuck;
                return summary;
            }
            scratch.suffixes.solved(points.table, grid, &summary);
        }
        summary
    }

    /// Whether a solve keeps only counts (no step log, no check of each step): then steps
    /// need not be built, and finders may skip what the memo says they searched in vain.
    fn counts_only(&self, log: &Option<&mut StepList>) -> bool {
        log.is_none() && !self.verify
    }

    /// Whether singles come from HoDoKu's queues, and every change to the grid goes through
    /// them: under the `single` policy, so that each turn takes HoDoKu's single.
    fn queues_singles(&self) -> bool {
        self.policy == Policy::Single
    }

    /// How many steps one rung may take before the ladder starts again.
    fn steps_per_rung(&self) -> usize {
        match self.policy {
            Policy::Single => 1,
            Policy::Sweep | Policy::Queue => usize::MAX,
        }
    }

    /// Finds the rung's steps for `technique`, applies those that still change something
    /// and counts them; whether any was applied. Stops at the first unsound step when
    /// verifying.
    fn take_steps(
        &self,
        technique: Technique,
        grid: &mut Candidates,
        solution: Option<&Solution>,
        scratch: &mut Scratch,
        summary: &mut Summary,
        mut log: Option<&mut StepList>,
    ) -> Result<bool, Box<UnsoundStep>> {
        let Scratch {
            found,
            memo,
            queues,
            ..
        } = scratch;
        found.clear();
        let limit = self.steps_per_rung();
        let mut sink = StepSink::new(grid, solution, found, limit);
        if self.counts_only(&log) {
            sink = sink.remembering(technique, memo);
        }
        let _ = technique.find(grid, &mut sink);
        let mut applied = false;
        let (found, chains) = found.steps_and_chains_mut();
        // Steps are large: work on them where they lie rather than moving them out.
        for (index, step) in found.iter_mut().enumerate() {
            // In a sweep, earlier instances may already have done this one's work
            // (the sink trimmed the first against the grid it was found in).
            if index > 0 && !step.trim_to(grid) {
                continue;
            }
            if self.verify
                && let Some(solution) = solution
                && !is_sound(step, solution)
            {
                let step_number = summary.steps + 1;
                return Err(UnsoundStep::copied_from(step, chains, grid, step_number));
            }
            let effect = if self.queues_singles() {
                queues.apply(step, grid)
            } else {
                step.apply_to(grid)
            };
            summary.steps += 1;
            summary.placements += effect.placements;
            summary.eliminations += effect.eliminations;
            summary.counts[technique] += 1;
            if let Some(log) = log.as_deref_mut() {
                log.push_from(step, chains);
            }
            applied = true;
        }
        Ok(applied)
    }

    /// The rung of a single under the `single` policy: takes HoDoKu's next single of
    /// `technique` from the queues, if there is one, and applies it through them. The step
    /// is built only to be logged or checked.
    fn take_queued_single(
        &self,
        technique: Technique,
        grid: &mut Candidates,
        solution: Option<&Solution>,
        scratch: &mut Scratch,
        summary: &mut Summary,
        log: Option<&mut StepList>,
    ) -> Result<bool, Box<UnsoundStep>> {
        let Some((house, cell, digit)) = scratch.queues.next(technique, grid) else {
            return Ok(false);
        };
        if log.is_some() || self.verify {
            let step = single_step(technique, house, cell, digit);
            if self.verify
                && let Some(solution) = solution
                && !is_sound(&step, solution)
            {
                return Err(Box::new(UnsoundStep {
                    step,
                    chains: Chains::new(),
                    grid: grid.clone(),
                    step_number: summary.steps + 1,
                }));
            }
            if let Some(log) = log {
                log.push(step);
            }
        }
        scratch.queues.place(grid, cell, digit);
        summary.steps += 1;
        summary.placements += 1;
        summary.counts[technique] += 1;
        Ok(true)
    }

    /// [`Solver::take_steps`] for a technique that only places digits, without building its
    /// steps: `None` when `technique` is not one. A placement into a cell an earlier one of
    /// the same sweep has set changes nothing and is skipped, as `take_steps` skips it.
    fn take_placements(
        &self,
        technique: Technique,
        grid: &mut Candidates,
        scratch: &mut Scratch,
        summary: &mut Summary,
    ) -> Option<bool> {
        scratch.placements.clear();
        let limit = self.steps_per_rung();
        let placements = &mut scratch.placements;
        let placer = technique.placements(grid, |cell, digit| {
            placements.push((cell, digit));
            if placements.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if !placer {
            return None;
        }
        let mut applied = false;
        for &(cell, digit) in &scratch.placements {
            if grid.value(cell).is_none() {
                grid.place(cell, digit);
                summary.steps += 1;
                summary.placements += 1;
                summary.counts[technique] += 1;
                applied = true;
            }
        }
        Some(applied)
    }
}

/// Whether `step` agrees with `solution`: it sets no wrong digit and removes no solution digit.
pub fn is_sound(step: &Step, solution: &Solution) -> bool {
    let placement_ok = step
        .placement
        .is_none_or(|p| p.iter().all(|(cell, digit)| solution.get(cell) == digit));
    placement_ok
        && step
            .eliminations
            .iter()
            .all(|(cell, digit)| solution.get(cell) != digit)
}

#[cfg(test)]
mod tests {
    use super::*;

    const VERY_EASY: &str =
        ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";

    #[test]
    fn singles_solve_a_very_easy_puzzle_under_both_policies() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        for policy in [Policy::Single, Policy::Sweep] {
            let solver = Solver::new(Ladder::parse("singles").unwrap(), policy);
            let report = solver.solve(&puzzle, None);
            assert_eq!(report.summary.outcome, Outcome::Solved, "{policy}");
            let solution = report.grid.solution().expect("a valid full grid");
            assert!(solution.fits(&puzzle));
            assert_eq!(
                report.summary.placements as usize,
                81 - puzzle.given_count()
            );
            assert_eq!(report.steps.len() as u32, report.summary.steps);
            assert_eq!(report.summary.counts.total(), report.summary.steps);
            assert!(report.summary.hardest.is_some());
        }
    }

    #[test]
    fn verification_flags_a_wrong_step() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let solution = Solver::new(Ladder::parse("singles").unwrap(), Policy::Single)
            .solve(&puzzle, None)
            .grid
            .solution()
            .unwrap();
        let good = Step::placing(
            Technique::NakedSingle,
            crate::geometry::Cell::at(0, 0),
            solution.get(crate::geometry::Cell::at(0, 0)),
            Default::default(),
        );
        assert!(is_sound(&good, &solution));
        let mut bad = good;
        bad.placement = None;
        bad.eliminations.insert(
            crate::geometry::Cell::at(0, 0),
            solution.get(crate::geometry::Cell::at(0, 0)),
        );
        assert!(!is_sound(&bad, &solution));
    }

    #[test]
    fn next_step_is_a_hint_that_changes_nothing() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let grid = Candidates::from_puzzle(&puzzle);
        let solver = Solver::new(Ladder::default(), Policy::Single);
        let hint = solver.next_step(&grid, None);
        assert_eq!(hint.len(), 1, "a single is available");
        assert!(hint[0].placement.is_some());
        assert_eq!(hint.first(), solver.solve(&puzzle, None).steps.first());
        assert_eq!(grid, Candidates::from_puzzle(&puzzle));
    }

    /// Every empty cell needs a step that sets it, adding a single's score at least: a
    /// solve whose limit leaves less room than that gives up before its first search.
    #[test]
    fn a_limited_solve_counts_a_single_for_every_empty_cell() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let singles = Ladder::parse("singles").unwrap();
        let scores = ScoreTable::default();
        let least = singles.rungs().iter().map(|&t| scores.score(t)).min();
        let least = least.expect("rungs");
        let empty = 81 - puzzle.given_count() as u32;
        let solve = |limit| {
            let solver =
                Solver::new(singles.clone(), Policy::Single).giving_up_past(scores.clone(), limit);
            let mut grid = Candidates::from_puzzle(&puzzle);
            solver.solve_counts(&mut grid, None, &mut Scratch::default())
        };
        let short = solve(empty * least - 1);
        assert_eq!((short.outcome, short.steps), (Outcome::Stuck, 0));
        // Room for a single per cell: the solve goes on.
        let room = solve(empty * least);
        assert!(room.steps > 0, "{room:?}");
    }

    use crate::bitset::DigitSet;
    use crate::geometry::{Cell, Digit, House};

    /// Leaves `cell` with exactly the candidates `digits`.
    fn restrict(grid: &mut Candidates, cell: Cell, digits: &[u8]) {
        for v in (1..=9).filter(|v| !digits.contains(v)) {
            grid.eliminate(cell, Digit::new(v));
        }
    }

    /// An empty grid where, in row 1, each digit of `places` is a candidate only at the
    /// listed columns (0-based).
    fn confined_in_row_1(places: &[(u8, &[usize])]) -> Candidates {
        let mut grid = Candidates::empty();
        for &(digit, columns) in places {
            for c in (0..9).filter(|c| !columns.contains(c)) {
                grid.eliminate(Cell::at(0, c), Digit::new(digit));
            }
        }
        grid
    }

    fn solve_grid(grid: &Candidates, ladder: &str, policy: Policy) -> (Summary, Candidates) {
        let mut grid = grid.clone();
        let solver = Solver::new(Ladder::parse(ladder).unwrap(), policy);
        let summary = solver.solve_counts(&mut grid, None, &mut Scratch::default());
        (summary, grid)
    }

    /// The blog's edge case: a hidden triple whose three cells all hold other candidates
    /// too. Its step removes those candidates, so it is progress and must be counted, under
    /// both policies, whether each cell holds all three digits or only two of them.
    #[test]
    fn a_hidden_triple_whose_cells_all_hold_extra_candidates_counts() {
        let all_three: &[(u8, &[usize])] = &[(1, &[0, 4, 8]), (2, &[0, 4, 8]), (3, &[0, 4, 8])];
        let two_each: &[(u8, &[usize])] = &[(1, &[0, 4]), (2, &[4, 8]), (3, &[0, 8])];
        for places in [all_three, two_each] {
            let grid = confined_in_row_1(places);
            let cells = [Cell::at(0, 0), Cell::at(0, 4), Cell::at(0, 8)];
            let triple: DigitSet = [1, 2, 3].map(Digit::new).into_iter().collect();
            for cell in cells {
                assert_eq!((grid.candidates(cell) - triple).len(), 6, "{cell}");
            }
            for policy in [Policy::Single, Policy::Sweep] {
                let (summary, after) = solve_grid(&grid, "h3", policy);
                assert_eq!(summary.steps, 1, "{policy}");
                assert_eq!(summary.counts[Technique::HiddenTriple], 1, "{policy}");
                assert_eq!(summary.eliminations, 18, "{policy}");
                assert_eq!(summary.hardest, Some(Technique::HiddenTriple));
                assert_eq!(summary.outcome, Outcome::Stuck);
                // Only the triple's digits are left in its cells.
                for cell in cells {
                    assert!(after.candidates(cell).is_subset_of(triple), "{cell}");
                    assert!(after.candidates(cell).len() >= 2, "{cell}");
                }
            }
        }
        // The same triple once its cells hold nothing else: nothing to do, nothing counted.
        let mut grid = confined_in_row_1(all_three);
        for c in [0, 4, 8] {
            restrict(&mut grid, Cell::at(0, c), &[1, 2, 3]);
        }
        for policy in [Policy::Single, Policy::Sweep] {
            let (summary, after) = solve_grid(&grid, "h3", policy);
            assert_eq!((summary.steps, summary.eliminations), (0, 0), "{policy}");
            assert_eq!(summary.hardest, None);
            assert_eq!(after, grid);
        }
    }

    /// A hidden pair in a box/row intersection is found twice, in the row and in the box,
    /// with the same eliminations. Whichever is applied first, the other changes nothing
    /// and must not be counted: the sweep meets it in the same pass, the single policy on
    /// the next search.
    #[test]
    fn a_step_whose_work_is_already_done_is_not_counted() {
        let grid = confined_in_row_1(&[(1, &[0, 1]), (2, &[0, 1])]);
        let mut grid = grid;
        for cell in House::box_(0).cells().iter().filter(|c| c.row() > 0) {
            grid.eliminate(*cell, Digit::new(1));
            grid.eliminate(*cell, Digit::new(2));
        }
        let found = Technique::HiddenPair.find_all(&grid, None);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].eliminations, found[1].eliminations);
        for policy in [Policy::Single, Policy::Sweep] {
            let (summary, after) = solve_grid(&grid, "h2", policy);
            assert_eq!(summary.steps, 1, "{policy}");
            assert_eq!(summary.eliminations, 14, "{policy}");
            assert_eq!(summary.counts.total(), 1, "{policy}");
            let pair: DigitSet = [1, 2].map(Digit::new).into_iter().collect();
            assert_eq!(after.candidates(Cell::at(0, 0)), pair);
            assert_eq!(after.candidates(Cell::at(0, 1)), pair);
        }
    }

    /// Under the sweep policy one pass applies every instance a technique finds; under the
    /// single policy each is a pass of its own. Both count every instance once.
    #[test]
    fn sweep_and_single_apply_every_independent_instance() {
        // Hidden singles: 5 only at r1c1 in row 1, 7 only at r9c9 in row 9.
        let mut grid = confined_in_row_1(&[(5, &[0])]);
        for c in 0..8 {
            grid.eliminate(Cell::at(8, c), Digit::new(7));
        }
        for policy in [Policy::Single, Policy::Sweep] {
            let (summary, after) = solve_grid(&grid, "h1", policy);
            assert_eq!(summary.steps, 2, "{policy}: {summary:?}");
            assert_eq!(summary.placements, summary.steps, "{policy}");
            assert_eq!(after.value(Cell::at(0, 0)), Some(Digit::new(5)));
            assert_eq!(after.value(Cell::at(8, 8)), Some(Digit::new(7)));
        }
    }

    /// Verification stops at the first step that disagrees with the solution and reports
    /// the step, its number and the grid it was found in. A solution with every digit
    /// relabelled is a valid grid that disagrees with every placement.
    #[test]
    fn verification_reports_the_unsound_step_its_number_and_grid() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let solver = Solver::new(Ladder::parse("singles").unwrap(), Policy::Single);
        let truth = solver.solve(&puzzle, None).grid.solution().unwrap();
        let shifted: Vec<u8> = truth.values().iter().map(|&v| v % 9 + 1).collect();
        let wrong = Solution::from_values(shifted.try_into().unwrap()).unwrap();
        let first_solve = solver.solve(&puzzle, Some(&truth));
        let first = first_solve.steps[0];

        let report = solver.clone().verifying(true).solve(&puzzle, Some(&wrong));
        let Outcome::Unsound(unsound) = &report.summary.outcome else {
            panic!("expected an unsound step, got {:?}", report.summary.outcome);
        };
        assert_eq!(unsound.step, first);
        assert_eq!(unsound.step_number, 1);
        assert_eq!(unsound.grid, Candidates::from_puzzle(&puzzle));
        assert_eq!((report.summary.steps, report.steps.len()), (0, 0));
        let text = unsound.to_string();
        assert!(
            text.starts_with(&format!(
                "unsound step 1: {}\n",
                first_solve.steps.display(0)
            )),
            "{text}"
        );
        assert!(text.ends_with(&unsound.grid.to_string()), "{text}");

        // The same wrong solution, not verifying: the solve goes on and ends solved.
        let report = solver.solve(&puzzle, Some(&wrong));
        assert_eq!(report.summary.outcome, Outcome::Solved);
        // A later unsound step is numbered by its place in the solve: swap the two digits
        // the singles place first latest; the first step placing either is the unsound one.
        let log = solver.solve(&puzzle, None).steps;
        let mut first_use = [usize::MAX; 10];
        for (i, step) in log.iter().enumerate().rev() {
            let digit = step.placement.expect("singles place").digit;
            first_use[digit.get() as usize] = i;
        }
        let mut digits: Vec<u8> = (1..=9).collect();
        digits.sort_by_key(|&v| first_use[v as usize]);
        let (a, b) = (digits[7], digits[8]);
        let expected = first_use[a as usize].min(first_use[b as usize]);
        assert!(expected > 0);
        let swapped: Vec<u8> = truth
            .values()
            .iter()
            .map(|&v| match v {
                v if v == a => b,
                v if v == b => a,
                v => v,
            })
            .collect();
        let swapped = Solution::from_values(swapped.try_into().unwrap()).unwrap();
        let report = solver.verifying(true).solve(&puzzle, Some(&swapped));
        let Outcome::Unsound(unsound) = &report.summary.outcome else {
            panic!("expected an unsound step, got {:?}", report.summary.outcome);
        };
        assert_eq!(unsound.step, log[expected]);
        assert_eq!(unsound.step_number as usize, expected + 1);
        assert_eq!(report.steps[..], log[..expected]);
        let mut replay = Candidates::from_puzzle(&puzzle);
        for step in &log[..expected] {
            step.apply_to(&mut replay);
        }
        assert_eq!(unsound.grid, replay);
    }
}
