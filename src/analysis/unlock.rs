//! `unlock` and `--ablate`: what a single technique is worth to a ladder.
//!
//! Unlock: for every puzzle a base ladder leaves stuck, which techniques of a try list
//! each solve it when added alone, and the first rung of the try list (in its order) from
//! which the base plus that prefix solves it: the hardest technique a simplest-first
//! solver needs. Ablate: for every technique of a ladder, which puzzles become stuck when
//! only it is removed.
//!
//! Both rest only on the solver being deterministic and simplest first, not on
//! solvability growing with the technique set. That monotony does not hold for the
//! ladder's catalogue: finned fish without their sashimi variants, for one, can solve a
//! puzzle alone and fail once earlier rungs have taken other candidates (line 769 of
//! `data/sudoku_exchange_4k.txt`: singles plus finned swordfish solve it, singles plus
//! every rung up to finned swordfish do not). So nothing here searches by bisection:
//! - A ladder that starts with the base takes the base's steps until the base is stuck,
//!   so every trial resumes from the grid where the base stopped.
//! - Likewise the base plus the first `n + 1` tries takes the steps of the base plus the
//!   first `n` until those are stuck, so "needs at least" is a linear scan over prefixes
//!   that resumes each prefix where the previous one stopped: exact, and about as cheap
//!   as one solve with the whole list.
//! - A rung the full solve never used was never the first productive one, so the ladder
//!   without it takes the same steps: only the rungs a solve used are ablated.
//!
//! Both work one puzzle line at a time ([`LineJob`]), so `unlock` streams a corpus through
//! the runner's pipeline as `run` does.

use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::ladder::Ladder;
use crate::oracle::{self, Uniqueness};
use crate::puzzle::{Puzzle, Solution};
use crate::record::Status;
use crate::runner::evaluate::LineRef;
use crate::runner::pipeline::LineJob;
use crate::solver::{Outcome, Policy, Scratch, Solver, Summary};
use thiserror::Error;

/// Why an unlock or ablation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UnlockError {
    #[error("{0} is already in the base ladder; try only techniques it lacks")]
    AlreadyInBase(Technique),
    #[error("nothing to try: every technique is already in the base ladder")]
    NothingToTry,
}

/// The techniques `--try all` means for `base`: those of [`Ladder::all`] (every technique
/// but brute force, which unlocks everything and says nothing) that it lacks, in order.
pub fn all_except(base: &Ladder) -> Vec<Technique> {
    Ladder::all()
        .rungs()
        .iter()
        .copied()
        .filter(|&t| !base.contains(t))
        .collect()
}

/// One puzzle line under a ladder, before any unlocking or ablating.
struct Baseline {
    /// The normalised puzzle, or the raw line when it is not one.
    puzzle: String,
    status: Status,
    error: String,
    /// The grid where the ladder stopped, and the solution (puzzles with one solution).
    solved: Option<(Candidates, Solution, Summary)>,
}

fn baseline(line: LineRef<'_>, solver: &Solver, scratch: &mut Scratch) -> Baseline {
    let fail = |puzzle: String, status, error: String| Baseline {
        puzzle,
        status,
        error,
        solved: None,
    };
    let text = String::from_utf8_lossy(line.text);
    let puzzle = match Puzzle::parse_line(&text) {
        Ok(p) => p,
        Err(e) => {
            let shown = crate::visible::line(text.trim()).into_owned();
            return fail(shown, Status::Invalid, e.to_string());
        }
    };
    let solution = match oracle::analyse(&puzzle) {
        Uniqueness::Unique(s) => s,
        Uniqueness::NoSolution => {
            return fail(puzzle.to_string(), Status::NoSolution, String::new());
        }
        Uniqueness::Multiple(_) => {
            return fail(puzzle.to_string(), Status::MultipleSolutions, String::new());
        }
    };
    let mut grid = Candidates::from_puzzle(&puzzle);
    let summary = solver.solve_counts(&mut grid, Some(&solution), scratch);
    let (status, error) = match &summary.outcome {
        Outcome::Solved => (Status::Solved, String::new()),
        Outcome::Stuck => (Status::Stuck, String::new()),
        Outcome::Unsound(step) => (Status::Unsound, step.step_text().to_string()),
        Outcome::Contradiction => (Status::Unsound, "contradiction".to_string()),
    };
    Baseline {
        puzzle: puzzle.to_string(),
        status,
        error,
        solved: Some((grid, solution, summary)),
    }
}

/// Whether `ladder` finishes `grid` (a copy is solved).
fn finishes(ladder: Ladder, grid: &Candidates, solution: &Solution, scratch: &mut Scratch) -> bool {
    let mut grid = grid.clone();
    let solver = Solver::new(ladder, Policy::Single).verifying(true);
    solver
        .solve_counts(&mut grid, Some(solution), scratch)
        .outcome
        == Outcome::Solved
}

/// One puzzle's unlock result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unlock {
    pub source: String,
    pub line: u64,
    pub puzzle: String,
    /// Status under the base ladder.
    pub status: Status,
    pub error: String,
    /// For a stuck puzzle, whether each tried technique alone unlocks it (try order).
    pub alone: Option<Vec<bool>>,
    /// For a stuck puzzle, the first tried technique from which base plus the tries up to
    /// it solve it; `None` when even all of them together do not.
    pub needs: Option<Technique>,
}

/// Unlocking stuck puzzles with techniques added to a base ladder.
#[derive(Clone, Debug)]
pub struct Unlocker {
    base: Ladder,
    tries: Vec<Technique>,
    /// The base ladder, checking every step.
    solver: Solver,
}

impl Unlocker {
    /// `tries` must be techniques the base lacks, in the order "needs at least" follows.
    pub fn new(base: Ladder, tries: Vec<Technique>) -> Result<Unlocker, UnlockError> {
        if let Some(&t) = tries.iter().find(|&&t| base.contains(t)) {
            return Err(UnlockError::AlreadyInBase(t));
        }
        if tries.is_empty() {
            return Err(UnlockError::NothingToTry);
        }
        let solver = Solver::new(base.clone(), Policy::Single).verifying(true);
        Ok(Unlocker {
            base,
            tries,
            solver,
        })
    }

    pub fn base(&self) -> &Ladder {
        &self.base
    }
    pub fn tries(&self) -> &[Technique] {
        &self.tries
    }

    /// The base ladder plus the first `n` tries.
    fn with_prefix(&self, n: usize) -> Ladder {
        self.tries[..n]
            .iter()
            .fold(self.base.clone(), |l, &t| l.with(t))
    }

    /// The first try `t` such that the base plus the tries up to `t` solve `grid` (the
    /// grid where the base got stuck); `None` when not even all of them do. Each prefix
    /// resumes where the one before it stopped, which is where it would be had it started
    /// from the puzzle.
    fn first_solving_prefix(
        &self,
        mut grid: Candidates,
        solution: &Solution,
        scratch: &mut Scratch,
    ) -> Option<Technique> {
        for n in 1..=self.tries.len() {
            let solver = Solver::new(self.with_prefix(n), Policy::Single).verifying(true);
            match solver
                .solve_counts(&mut grid, Some(solution), scratch)
                .outcome
            {
                Outcome::Solved => return Some(self.tries[n - 1]),
                Outcome::Stuck => {}
                // A wrong step is a solver bug; the status of the base run says nothing
                // of it, so give no answer rather than a wrong one.
                Outcome::Unsound(_) | Outcome::Contradiction => return None,
            }
        }
        None
    }
}

impl LineJob for Unlocker {
    type Output = Unlock;

    /// One line's result: its status under the base and, when stuck, what unlocks it.
    fn evaluate(&self, line: LineRef<'_>, scratch: &mut Scratch) -> Unlock {
        let base = baseline(line, &self.solver, scratch);
        let mut result = Unlock {
            source: line.source.to_string(),
            line: line.number,
            puzzle: base.puzzle,
            status: base.status,
            error: base.error,
            alone: None,
            needs: None,
        };
        let Some((grid, solution, _)) = base.solved.filter(|_| result.status == Status::Stuck)
        else {
            return result;
        };
        let alone: Vec<bool> = self
            .tries
            .iter()
            .map(|&t| finishes(self.base.with(t), &grid, &solution, scratch))
            .collect();
        result.needs = self.first_solving_prefix(grid, &solution, scratch);
        result.alone = Some(alone);
        result
    }
}

/// One puzzle's ablation result.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ablation {
    pub source: String,
    pub line: u64,
    pub puzzle: String,
    /// Status under the full ladder.
    pub status: Status,
    pub error: String,
    /// For a puzzle the full ladder solves, whether removing each rung (ladder order)
    /// leaves it stuck.
    pub essential: Option<Vec<bool>>,
}

/// Taking a ladder apart: which of its rungs a puzzle cannot be solved without.
#[derive(Clone, Debug)]
pub struct Ablator {
    ladder: Ladder,
    /// The whole ladder, checking every step.
    solver: Solver,
}

impl Ablator {
    pub fn new(ladder: Ladder) -> Ablator {
        let solver = Solver::new(ladder.clone(), Policy::Single).verifying(true);
        Ablator { ladder, solver }
    }

    pub fn ladder(&self) -> &Ladder {
        &self.ladder
    }
}

impl LineJob for Ablator {
    type Output = Ablation;

    /// One line's result: its status under the ladder and, when solved, which rungs it
    /// needs.
    fn evaluate(&self, line: LineRef<'_>, scratch: &mut Scratch) -> Ablation {
        let base = baseline(line, &self.solver, scratch);
        let essential =
            base.solved
                .filter(|_| base.status == Status::Solved)
                .map(|(_, solution, summary)| {
                    let puzzle =
                        Puzzle::parse_line(&base.puzzle).expect("a solved line is a puzzle");
                    let start = Candidates::from_puzzle(&puzzle);
                    self.ladder
                        .rungs()
                        .iter()
                        .map(|&t| {
                            let reduced = self.ladder.without(t);
                            summary.counts[t] > 0
                                && (reduced.rungs().is_empty()
                                    || !finishes(reduced, &start, &solution, scratch))
                        })
                        .collect()
                });
        Ablation {
            source: line.source.to_string(),
            line: line.number,
            puzzle: base.puzzle,
            status: base.status,
            error: base.error,
            essential,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str, n: u64) -> LineRef<'_> {
        LineRef {
            source: "test",
            number: n,
            text: text.as_bytes(),
            length: text.len(),
        }
    }

    /// Every line's result, in order.
    fn each<J: LineJob>(job: &J, lines: &[LineRef<'_>]) -> Vec<J::Output> {
        let mut scratch = Scratch::default();
        lines
            .iter()
            .map(|&l| job.evaluate(l, &mut scratch))
            .collect()
    }

    const VERY_EASY: &str =
        ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";

    #[test]
    fn refuses_tries_already_in_the_base() {
        let base = Ladder::parse("singles").unwrap();
        assert_eq!(
            Unlocker::new(base.clone(), vec![Technique::NakedSingle]).unwrap_err(),
            UnlockError::AlreadyInBase(Technique::NakedSingle)
        );
        let all = all_except(&base);
        assert!(!all.contains(&Technique::HiddenSingle));
        assert!(!all.contains(&Technique::BruteForce));
        assert!(all.windows(2).all(|w| w[0] < w[1]), "catalogue order");
    }

    #[test]
    fn brute_force_unlocks_a_stuck_puzzle_and_is_what_it_needs() {
        let expert =
            ".9825......3.9....26..7.84..3......8......2.6.7....53..8.3..6..........4624..8...";
        let mut short = VERY_EASY.to_string();
        short.pop();
        let unlocker = Unlocker::new(
            Ladder::parse("singles").unwrap(),
            vec![Technique::NakedPair, Technique::BruteForce],
        )
        .unwrap();
        let results = each(
            &unlocker,
            &[line(VERY_EASY, 1), line(expert, 2), line(&short, 3)],
        );
        assert_eq!(results[0].status, Status::Solved);
        assert_eq!(results[0].alone, None);
        assert_eq!(results[1].status, Status::Stuck);
        let alone = results[1].alone.as_ref().unwrap();
        // Whether singles plus naked pairs solve it, found from the givens.
        let puzzle = crate::puzzle::Puzzle::parse_line(expert).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("the blog's expert puzzle has one solution");
        };
        let pairs_solve = Solver::new(unlocker.with_prefix(1), Policy::Single)
            .solve(&puzzle, Some(&solution))
            .summary
            .outcome
            == Outcome::Solved;
        assert_eq!(alone[0], pairs_solve);
        assert!(alone[1], "brute force always finishes");
        // Naked pairs solve it, and then they are what it needs, or brute force is.
        let expected = if pairs_solve {
            Technique::NakedPair
        } else {
            Technique::BruteForce
        };
        assert_eq!(results[1].needs, Some(expected));
        assert_eq!(results[2].status, Status::Invalid);
        assert!(
            results[2].error.contains("too short"),
            "{}",
            results[2].error
        );
    }

    #[test]
    fn ablating_a_ladder_of_singles() {
        // Without naked and hidden singles only full houses remain: the very easy puzzle
        // needs both; full house alone is never essential with naked singles there.
        let ladder = Ladder::parse("singles").unwrap();
        let results = each(&Ablator::new(ladder.clone()), &[line(VERY_EASY, 1)]);
        let essential = results[0].essential.as_ref().unwrap();
        let reduced_solves = |t| {
            let puzzle = crate::puzzle::Puzzle::parse_line(VERY_EASY).unwrap();
            Solver::new(ladder.without(t), Policy::Single)
                .solve(&puzzle, None)
                .summary
                .outcome
                == Outcome::Solved
        };
        for (i, &t) in ladder.rungs().iter().enumerate() {
            assert_eq!(essential[i], !reduced_solves(t), "{t}");
        }
        assert!(!essential[0], "naked singles cover full houses");
    }
}
