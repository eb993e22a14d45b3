//! The rating as serate computes it (`Solver.getDifficulty`): ER is the hardest step of
//! SE's path, EP the hardest up to and including the first step that sets a cell, ED the
//! first step. Where a time limit ends the path early (the nested forcing chains can take
//! long), each of them still unknown becomes a lower bound.

use crate::candidates::Candidates;
use crate::puzzle::Puzzle;
use crate::se::chaining_seam::with_deadline;
use crate::se::difficulty::{Bound, Difficulty};
use crate::se::hint::Hint;
use crate::se::solver::{Next, Producers, apply, next_hint_with};
use std::time::{Duration, Instant};

/// How SE's path ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ending {
    Solved,
    /// The time limit passed; the step SE would take next is at least this difficult.
    TimedOut(Difficulty),
    /// No producer had a hint (serate prints 20.0; never on a puzzle with one solution
    /// once every producer is there), or none up to the producer the path was cut at.
    Stuck,
    /// The caller stopped the path (a step contradicted the solution).
    Stopped,
}

/// A puzzle's SE rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeRating {
    pub er: Bound,
    pub ep: Bound,
    pub ed: Bound,
    pub ending: Ending,
}

/// Rates a puzzle (which the caller knows has one solution) along SE's path.
pub fn rate(puzzle: &Puzzle) -> SeRating {
    rate_grid(Candidates::from_puzzle(puzzle), |_| {})
}

/// [`rate`], writing SE's steps in order into `steps` (cleared first; reuse it across
/// puzzles to rate without allocating).
pub fn rate_recording(puzzle: &Puzzle, steps: &mut Vec<Hint>) -> SeRating {
    steps.clear();
    rate_grid(Candidates::from_puzzle(puzzle), |hint| steps.push(*hint))
}

/// [`rate_grid`], ending with lower bounds once `limit` has passed (checked within the
/// nested forcing chains, the only search that can take long).
pub fn rate_grid_within(
    grid: Candidates,
    limit: Option<Duration>,
    record: impl FnMut(&Hint),
) -> SeRating {
    let deadline = limit.map(|limit| Instant::now() + limit);
    with_deadline(deadline, || rate_grid(grid, record))
}

/// Rates from a grid's current state, telling `record` each step as it is taken.
pub fn rate_grid(mut grid: Candidates, mut record: impl FnMut(&Hint)) -> SeRating {
    rate_path(&mut grid, Producers::ALL, |_, hint| {
        record(hint);
        true
    })
}

/// Walks SE's path on `grid` asking `producers` in SE's order, showing `visit` each
/// hint and the grid it was found in before applying it (`visit` stops the path by
/// answering false), and rates it; `grid` is left where the path ended.
pub fn rate_path(
    grid: &mut Candidates,
    producers: Producers,
    mut visit: impl FnMut(&Candidates, &Hint) -> bool,
) -> SeRating {
    let mut hardest: Option<Difficulty> = None;
    let mut pearl = None;
    let mut diamond = None;
    let mut ending = Ending::Solved;
    while !grid.is_solved() {
        let hint = match next_hint_with(grid, producers) {
            Next::Step(hint) => hint,
            Next::TimedOut(least) => {
                ending = Ending::TimedOut(least);
                break;
            }
            Next::Stuck => {
                ending = Ending::Stuck;
                break;
            }
        };
        if !visit(grid, &hint) {
            ending = Ending::Stopped;
            break;
        }
        if hardest.is_none_or(|h| hint.difficulty.0 > h.0) {
            hardest = Some(hint.difficulty);
        }
        apply(grid, &hint);
        if pearl.is_none() {
            diamond = diamond.or(hardest);
            if hint.placement.is_some() {
                pearl = hardest;
            }
        }
    }
    let least = match ending {
        Ending::TimedOut(least) => least,
        // Nothing is known about what SE would need past a stuck grid.
        Ending::Stuck | Ending::Stopped | Ending::Solved => Difficulty(0.0),
    };
    let at_least = |known: Option<Difficulty>| {
        Bound::AtLeast(match known {
            Some(d) if d.0 > least.0 => d,
            _ => least,
        })
    };
    let er = match ending {
        Ending::Solved => Bound::Exact(hardest.unwrap_or(Difficulty(0.0))),
        _ => at_least(hardest),
    };
    let ep = pearl.map_or_else(|| at_least(hardest), Bound::Exact);
    let ed = diamond.map_or_else(|| at_least(None), Bound::Exact);
    SeRating { er, ep, ed, ending }
}
