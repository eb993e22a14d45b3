//! One attempt at puzzles that meet the target, a pure function of the run's seed and the
//! attempt's number: a random solution grid, a puzzle dug from it and graded by `run`'s
//! own evaluator. A miss ends the attempt. A hit starts a walk through its neighbourhood
//! ([`Digging::neighbour`]: one orbit of givens added from the solution, then dug again
//! to as many givens) of up to `walk` steps, which keeps every neighbour that meets the
//! target and moves on from it: a rare pattern, once found, mostly survives a change of a
//! few givens, so its neighbours meet the target far more often than fresh puzzles do.
//! With `walk` 0 this is plain trial and rejection.

use super::dig::Digging;
use super::grid::random_solution;
use super::screen::{Screen, Screened};
use super::target::Target;
use super::unavoidable::UnavoidableSets;
use crate::record::Record;
use crate::runner::evaluate::Evaluator;
use crate::solver::Scratch;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// How puzzles are made and judged in every attempt of a run.
#[derive(Clone, Debug)]
pub struct Recipe {
    pub target: Target,
    pub evaluator: Evaluator,
    /// Turns away, before grading, candidates no grade would keep ([`Screen`]).
    pub screen: Option<Screen>,
    /// How puzzles are dug.
    pub digging: Digging,
    /// Neighbourhood steps after a hit (0: plain rejection).
    pub walk: u32,
}

/// What an attempt found (in the order found), and how many puzzles it judged: graded,
/// or turned away by the screen, or by a fresh dig that gave up (which the screen would
/// have turned away). A neighbour whose dig gave up is no puzzle, and not counted.
#[derive(Clone, Debug)]
pub struct AttemptResult {
    pub found: Vec<Record>,
    pub graded: u64,
}

/// The generator of attempt `number` of a run seeded with `seed`: ChaCha8 (the same
/// stream on every platform), one stream per attempt, so attempts are independent of one
/// another and of the threads that run them.
pub fn attempt_rng(seed: u64, number: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(number);
    rng
}

impl Recipe {
    /// Attempt `number` of the run seeded with `seed`.
    pub fn attempt(&self, seed: u64, number: u64, scratch: &mut Scratch) -> AttemptResult {
        let mut rng = attempt_rng(seed, number);
        let solution = random_solution(&mut rng);
        // A walk keeps the grid's unavoidable sets, which its digs learn more of, and the
        // rests of the grid's solves (and only this grid's), where its neighbours' solves
        // mostly end as an earlier one did.
        let mut unavoidable = UnavoidableSets::of(&solution);
        match self.walk {
            0 => scratch.forget_rests(),
            _ => {
                unavoidable = unavoidable.learning();
                scratch.remember_rests();
            }
        }
        let dug = self.digging.dig(&solution, &mut unavoidable, &mut rng);
        let mut result = AttemptResult {
            found: Vec::new(),
            graded: 1,
        };
        let Some(mut puzzle) = dug else {
            return result;
        };
        let Some(record) = self.judge(&puzzle, &solution, scratch) else {
            return result;
        };
        result.found.push(record);
        for _ in 0..self.walk {
            let Some(next) = self
                .digging
                .neighbour(&puzzle, &solution, &mut unavoidable, &mut rng)
            else {
                break;
            };
            // A step whose dig gave up has no neighbour to judge.
            let Some(next) = next else {
                continue;
            };
            result.graded += 1;
            if let Some(record) = self.judge(&next, &solution, scratch) {
                puzzle = next;
                result.found.push(record);
            }
        }
        result
    }

    /// The row `run` writes for `puzzle` (one solution, `solution`) when it meets the
    /// target. The screen turns away first what no grade would keep, and its solve stands
    /// for the ladder's when it is the same ([`Screened::Solved`]).
    fn judge(
        &self,
        puzzle: &[u8; 81],
        solution: &[u8; 81],
        scratch: &mut Scratch,
    ) -> Option<Record> {
        let solved = match &self.screen {
            None => None,
            Some(screen) => match screen.judge(puzzle, solution, scratch) {
                Screened::Out => return None,
                Screened::In => None,
                Screened::Solved(solve) => Some(*solve),
            },
        };
        let record = self
            .evaluator
            .evaluate_values_solved(puzzle, solved, scratch)
            .record;
        self.target
            .meets(&record, self.evaluator.columns())
            .then_some(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hodoku::grade::ScoreTable;
    use crate::ladder::Ladder;
    use crate::policy::{Fallback, Policy};

    /// A recipe whose target every minimal puzzle meets: singles with the brute-force
    /// fallback solve them all, and nothing else is asked.
    fn keep_everything(walk: u32) -> Recipe {
        let ladder = Ladder::parse("fh,n1,h1")
            .unwrap()
            .with_fallback(Fallback::BruteForce);
        Recipe {
            target: Target::default(),
            evaluator: Evaluator::new(ladder, Policy::Single, false, ScoreTable::default(), false),
            screen: None,
            digging: Digging::minimal(crate::generate::symmetry::Symmetry::None.orbits()),
            walk,
        }
    }

    #[test]
    fn an_attempt_counts_the_puzzles_it_judged_not_the_steps_of_its_walk() {
        let recipe = keep_everything(10);
        let mut scratch = Scratch::default();
        let (mut judged, mut kept, mut short_walks) = (0, 0, 0);
        for number in 0..20 {
            let result = recipe.attempt(1, number, &mut scratch);
            // Every puzzle judged is kept: the count is the puzzles found.
            assert_eq!(result.graded, result.found.len() as u64, "attempt {number}");
            judged += result.graded;
            kept += result.found.len() as u64;
            short_walks += u64::from(result.graded < 1 + u64::from(recipe.walk));
        }
        assert_eq!(judged, kept);
        // Some steps' digs gave up: counting steps would have counted more.
        assert!(
            short_walks > 0,
            "every walk judged a neighbour at each step"
        );
    }
}
