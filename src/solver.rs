//! The ladder solver: tries the ladder's techniques simplest first, applies what the first
//! productive one found, and starts again from the top, as a person would. It counts
//! every applied step per technique, tracks the hardest technique used (the latest in
//! ladder order), and, when verifying, checks every step against the known solution.
//!
//! A step that changes nothing is never applied or counted; every step that changes
//! something is (see [`StepSink`]). The solver owns no mutable state, so one instance
//! serves every thread; per-thread buffers live in [`Scratch`].

use crate::candidates::Candidates;
use crate::grade::TechniqueCounts;
use crate::ladder::Ladder;
use crate::puzzle::{Puzzle, Solution};
use crate::step::Step;
use crate::technique::{StepSink, Technique};
use std::fmt;
use std::str::FromStr;

/// How much one technique does before the ladder restarts.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Policy {
    /// One pattern instance per step (HoDoKu's and Sudoku Explainer's way).
    #[default]
    Single,
    /// Every instance the technique finds in one pass over the grid (the blog solver's way).
    Sweep,
}

impl Policy {
    pub fn name(self) -> &'static str {
        match self {
            Policy::Single => "single",
            Policy::Sweep => "sweep",
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "single" => Ok(Policy::Single),
            "sweep" => Ok(Policy::Sweep),
            other => Err(format!("unknown policy {other:?}; valid: single, sweep")),
        }
    }
}

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
    pub step: Step,
    /// The grid the step was found in.
    pub grid: Candidates,
    /// 1-based number of the step within the solve.
    pub step_number: u32,
}

impl fmt::Display for UnsoundStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "unsound step {}: {}", self.step_number, self.step)?;
        write!(f, "{}", self.grid)
    }
}

/// What a solve did, without the step log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Summary {
    pub outcome: Outcome,
    pub counts: TechniqueCounts,
    /// Steps applied (each one pattern instance).
    pub steps: u32,
    pub placements: u32,
    pub eliminations: u32,
    /// The latest technique in ladder order that was used.
    pub hardest: Option<Technique>,
}

/// A solve with its step log and final grid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Report {
    pub summary: Summary,
    pub steps: Vec<Step>,
    pub grid: Candidates,
}

/// Buffers a thread reuses across solves so that the hot loop does not allocate.
#[derive(Default)]
pub struct Scratch {
    found: Vec<Step>,
}

/// A ladder with a step policy.
#[derive(Clone, Debug)]
pub struct Solver {
    ladder: Ladder,
    policy: Policy,
    verify: bool,
}

impl Solver {
    pub fn new(ladder: Ladder, policy: Policy) -> Solver {
        Solver {
            ladder,
            policy,
            verify: false,
        }
    }

    /// Checks every step against the solution passed to the solve calls.
    pub fn verifying(mut self, verify: bool) -> Solver {
        self.verify = verify;
        self
    }

    pub fn ladder(&self) -> &Ladder {
        &self.ladder
    }
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Solves `puzzle` and keeps the step log. `solution` is needed by the brute-force
    /// rung and by verification.
    pub fn solve(&self, puzzle: &Puzzle, solution: Option<&Solution>) -> Report {
        let mut grid = Candidates::from_puzzle(puzzle);
        let mut steps = Vec::new();
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

    /// The next step the ladder would take from `grid` (a hint), without applying it.
    pub fn next_step(&self, grid: &Candidates, solution: Option<&Solution>) -> Option<Step> {
        let mut found = Vec::with_capacity(1);
        self.ladder.rungs().iter().find_map(|&t| {
            let mut sink = StepSink::new(grid, solution, &mut found, 1);
            let _ = t.find(grid, &mut sink);
            found.pop()
        })
    }

    fn run(
        &self,
        grid: &mut Candidates,
        solution: Option<&Solution>,
        scratch: &mut Scratch,
        mut log: Option<&mut Vec<Step>>,
    ) -> Summary {
        let limit = match self.policy {
            Policy::Single => 1,
            Policy::Sweep => usize::MAX,
        };
        let mut summary = Summary {
            outcome: Outcome::Stuck,
            counts: TechniqueCounts::default(),
            steps: 0,
            placements: 0,
            eliminations: 0,
            hardest: None,
        };
        let mut hardest_rung = None;
        'ladder: while !grid.is_solved() {
            for (rung, &technique) in self.ladder.rungs().iter().enumerate() {
                scratch.found.clear();
                let mut sink = StepSink::new(grid, solution, &mut scratch.found, limit);
                let _ = technique.find(grid, &mut sink);
                let mut applied = false;
                // Steps are large: work on them where they lie rather than moving them out.
                for (index, step) in scratch.found.iter_mut().enumerate() {
                    // In a sweep, earlier instances may already have done this one's work
                    // (the sink trimmed the first against the grid it was found in).
                    if index > 0 && !grid.trim(step) {
                        continue;
                    }
                    if self.verify
                        && let Some(solution) = solution
                        && !is_sound(step, solution)
                    {
                        summary.outcome = Outcome::Unsound(Box::new(UnsoundStep {
                            step: *step,
                            grid: grid.clone(),
                            step_number: summary.steps + 1,
                        }));
                        return summary;
                    }
                    let effect = grid.apply(step);
                    summary.steps += 1;
                    summary.placements += effect.placements;
                    summary.eliminations += effect.eliminations;
                    summary.counts[technique] += 1;
                    if let Some(log) = log.as_deref_mut() {
                        log.push(*step);
                    }
                    applied = true;
                }
                if applied {
                    if hardest_rung < Some(rung) {
                        hardest_rung = Some(rung);
                        summary.hardest = Some(technique);
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
        summary
    }
}

/// Whether `step` agrees with `solution`: it sets no wrong digit and removes no solution digit.
pub fn is_sound(step: &Step, solution: &Solution) -> bool {
    let placement_ok = step
        .placement
        .is_none_or(|(cell, digit)| solution.get(cell) == digit);
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
        let step = solver
            .next_step(&grid, None)
            .expect("a single is available");
        assert!(step.placement.is_some());
        assert_eq!(
            Some(step),
            solver.solve(&puzzle, None).steps.first().copied()
        );
        assert_eq!(grid, Candidates::from_puzzle(&puzzle));
    }
}
