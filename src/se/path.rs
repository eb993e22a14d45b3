//! A walk along SE's path that keeps what a results row needs: steps, placements,
//! eliminations, uses of each rule, the rule of the step that gave ER, whether a rule
//! that assumes uniqueness was used, and the rating; checking each step against the
//! solution when one is given, and stopping at the first wrong one.

use crate::candidates::Candidates;
use crate::puzzle::Solution;
use crate::se::hint::Hint;
use crate::se::named::SeRule;
use crate::se::rating::{SeRating, rate_path};
use crate::se::solver::Producers;
use std::fmt;

/// What a walk along SE's path did.
#[derive(Clone, Debug)]
pub struct PathSummary {
    pub rating: SeRating,
    pub steps: u32,
    pub placements: u32,
    /// Candidates the hints themselves removed.
    pub eliminations: u32,
    /// Uses of each rule, by [`SeRule::index`].
    pub counts: [u32; SeRule::COUNT],
    /// The rule of the first step as hard as ER (the hardest so far, when the path
    /// stopped short).
    pub hardest: Option<SeRule>,
    /// Whether a rule that assumes one solution (Unique Loops, BUG) was used.
    pub assumed_uniqueness: bool,
    /// The first step that contradicted the solution, when one was given.
    pub wrong: Option<WrongHint>,
}

/// A hint that removed the solution's digit or set a wrong one: always a bug.
#[derive(Clone, Debug, PartialEq)]
pub struct WrongHint {
    /// 1-based number of the step along the path.
    pub step_number: u32,
    pub hint: Hint,
    /// The grid the hint was found in.
    pub grid: Candidates,
}

impl fmt::Display for WrongHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "unsound step {}: {}", self.step_number, self.hint)?;
        write!(f, "{}", self.grid)
    }
}

/// Whether a hint keeps `solution`: it sets the solution's digit, and removes none.
fn keeps(hint: &Hint, solution: &Solution) -> bool {
    hint.placement
        .is_none_or(|(cell, digit)| solution.get(cell) == digit)
        && hint
            .removals
            .iter()
            .all(|(cell, digit)| solution.get(cell) != digit)
}

/// Walks SE's path from `grid` asking `producers` in SE's order (leaving `grid` where the
/// path ended), checking every step against `solution` when given.
pub fn walk(
    grid: &mut Candidates,
    producers: Producers,
    solution: Option<&Solution>,
) -> PathSummary {
    walk_showing(grid, producers, solution, |_, _| {})
}

/// [`walk`], showing `step` each hint taken (after its check) and the grid it is found in.
pub fn walk_showing(
    grid: &mut Candidates,
    producers: Producers,
    solution: Option<&Solution>,
    mut step: impl FnMut(&Candidates, &Hint),
) -> PathSummary {
    let (mut steps, mut placements, mut eliminations) = (0, 0, 0);
    let mut counts = [0; SeRule::COUNT];
    let (mut hardest, mut hardest_rule) = (f64::NEG_INFINITY, None);
    let mut assumed_uniqueness = false;
    let mut wrong = None;
    let rating = rate_path(grid, producers, |grid, hint| {
        steps += 1;
        if let Some(solution) = solution
            && !keeps(hint, solution)
        {
            wrong = Some(WrongHint {
                step_number: steps,
                hint: *hint,
                grid: grid.clone(),
            });
            return false;
        }
        step(grid, hint);
        let rule = SeRule::of(hint.rule);
        counts[rule.index()] += 1;
        assumed_uniqueness |= rule.assumes_uniqueness();
        placements += u32::from(hint.placement.is_some());
        let removed = hint.removals.iter().filter(|&(c, d)| grid.has(c, d));
        eliminations += removed.count() as u32;
        if hint.difficulty.0 > hardest {
            hardest = hint.difficulty.0;
            hardest_rule = Some(rule);
        }
        true
    });
    PathSummary {
        rating,
        steps,
        placements,
        eliminations,
        counts,
        hardest: hardest_rule,
        assumed_uniqueness,
        wrong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, Uniqueness};
    use crate::puzzle::Puzzle;
    use crate::se::rating::{Ending, rate};

    /// The blog's first intermediate puzzle.
    const INTERMEDIATE: &str =
        "....35.4.........2....4..9..56..3....1..9.25...8.6...46....18393...89.....1...6..";

    #[test]
    fn a_walk_rates_as_the_rating_and_counts_every_step() {
        let puzzle = Puzzle::parse_line(INTERMEDIATE).unwrap();
        let mut grid = Candidates::from_puzzle(&puzzle);
        let walked = walk(&mut grid, Producers::ALL, None);
        assert!(grid.is_solved());
        assert_eq!(walked.rating, rate(&puzzle));
        assert_eq!(walked.rating.ending, Ending::Solved);
        assert_eq!(walked.counts.iter().sum::<u32>(), walked.steps);
        assert_eq!(walked.placements as usize, 81 - puzzle.given_count());
        let hardest = walked.hardest.unwrap();
        assert!(walked.counts[hardest.index()] > 0);
        assert!(walked.wrong.is_none());
    }

    #[test]
    fn a_step_against_the_solution_stops_the_walk_and_is_named() {
        let puzzle = Puzzle::parse_line(INTERMEDIATE).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("one solution")
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        assert!(
            walk(&mut grid.clone(), Producers::ALL, Some(&solution))
                .wrong
                .is_none()
        );
        // Another grid, its digits relabelled so that SE's first placement is wrong in it.
        let crate::se::solver::Next::Step(first) = crate::se::solver::next_hint(&grid) else {
            panic!("a first hint")
        };
        let (_, placed) = first.placement.expect("SE starts with a single");
        let other = if placed.get() == 1 { 2 } else { 1 };
        let values = crate::geometry::Cell::all().map(|cell| match solution.get(cell).get() {
            d if d == placed.get() => other,
            d if d == other => placed.get(),
            d => d,
        });
        let values: Vec<u8> = values.collect();
        let wrong_solution = Solution::from_values(values.try_into().unwrap()).unwrap();
        let walked = walk(&mut grid, Producers::ALL, Some(&wrong_solution));
        let wrong = walked.wrong.expect("the first step contradicts it");
        assert_eq!(wrong.step_number, 1);
        assert!(
            wrong
                .to_string()
                .starts_with("unsound step 1: Hidden Single")
        );
        assert_eq!(walked.rating.ending, Ending::Stopped);
    }
}
