//! SE's producer order (`Solver`'s direct, indirect and chaining lists) and how a hint is
//! applied: the first hint of the first producer that has one is the step.

use crate::candidates::Candidates;
use crate::se::chaining_seam::{ChainingAnswer, ChainingStage, first_chaining_hint};
use crate::se::difficulty::Difficulty;
use crate::se::hint::Hint;
use crate::se::rules::{aligned_exclusion, bug, fish, locking, sets, singles, unique_loops, wings};

/// What SE would do next on a grid.
#[derive(Debug)]
pub enum Next {
    Step(Hint),
    /// A chaining stage ran past the deadline; the step would be at least this difficult.
    TimedOut(Difficulty),
    /// No producer has a hint (SE rates such a grid 20.0).
    Stuck,
}

/// A producer of SE's direct and indirect lists.
type Producer = fn(&Candidates) -> Option<Hint>;

/// SE's direct and indirect producers, in `Solver`'s order.
const PRODUCERS: [Producer; 20] = [
    singles::hidden_single,
    locking::direct_locking,
    |g| sets::hidden_set(g, 2, true),
    singles::naked_single,
    |g| sets::hidden_set(g, 3, true),
    locking::locking,
    |g| sets::naked_set(g, 2),
    |g| fish::fish(g, 2),
    |g| sets::hidden_set(g, 2, false),
    |g| sets::naked_set(g, 3),
    |g| fish::fish(g, 3),
    |g| sets::hidden_set(g, 3, false),
    |g| wings::xy_wing(g, false),
    |g| wings::xy_wing(g, true),
    unique_loops::unique_loop,
    |g| sets::naked_set(g, 4),
    |g| fish::fish(g, 4),
    |g| sets::hidden_set(g, 4, false),
    bug::bug,
    aligned_exclusion::aligned_pair_exclusion,
];

/// SE's first hint on `grid`, asking its producers in SE's order.
pub fn next_hint(grid: &Candidates) -> Next {
    for producer in PRODUCERS {
        if let Some(hint) = producer(grid) {
            return Next::Step(hint);
        }
    }
    // SE's chaining list: cycles, Aligned Triplet Exclusion, then the forcing chains.
    match first_chaining_hint(grid, ChainingStage::Cycles) {
        ChainingAnswer::Found(hint) => return Next::Step(hint),
        ChainingAnswer::TimedOut(least) => return Next::TimedOut(least),
        ChainingAnswer::Nothing => {}
    }
    if let Some(hint) = aligned_exclusion::aligned_triplet_exclusion(grid) {
        return Next::Step(hint);
    }
    for stage in [
        ChainingStage::Nishio,
        ChainingStage::Multiple,
        ChainingStage::Dynamic,
        ChainingStage::DynamicPlus,
        ChainingStage::Nested,
    ] {
        match first_chaining_hint(grid, stage) {
            ChainingAnswer::Found(hint) => return Next::Step(hint),
            ChainingAnswer::TimedOut(least) => return Next::TimedOut(least),
            ChainingAnswer::Nothing => {}
        }
    }
    Next::Stuck
}

/// Applies a hint as SE's `IndirectHint.apply` does: its removals, then its placement
/// (the cell's value set and cancelled from its peers).
pub fn apply(grid: &mut Candidates, hint: &Hint) {
    for digit in crate::geometry::Digit::all() {
        let cells = hint.removals.cells(digit);
        if !cells.is_empty() {
            grid.eliminate_all(digit, cells);
        }
    }
    if let Some((cell, digit)) = hint.placement {
        grid.place(cell, digit);
    }
}
