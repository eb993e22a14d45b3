//! SE's producer order (`Solver`'s direct, indirect and chaining lists) and how a hint is
//! applied: the first hint of the first producer that has one is the step.

use crate::candidates::Candidates;
use crate::se::chaining_seam::{ChainingAnswer, ChainingStage, first_chaining_hint};
use crate::se::hint::Hint;
use crate::se::rules::{aligned_exclusion, bug, fish, locking, sets, singles, unique_loops, wings};

/// What SE would do next on a grid.
#[derive(Debug)]
pub enum Next {
    Step(Hint),
    /// A chaining stage has to answer and is not available here.
    NeedsChaining(ChainingStage),
    /// No producer has a hint (SE rates such a grid 20.0).
    Stuck,
}

/// SE's first hint on `grid`, asking its producers in SE's order.
pub fn next_hint(grid: &Candidates) -> Next {
    let core = singles::hidden_single(grid)
        .or_else(|| locking::direct_locking(grid))
        .or_else(|| sets::hidden_set(grid, 2, true))
        .or_else(|| singles::naked_single(grid))
        .or_else(|| sets::hidden_set(grid, 3, true))
        .or_else(|| locking::locking(grid))
        .or_else(|| sets::naked_set(grid, 2))
        .or_else(|| fish::fish(grid, 2))
        .or_else(|| sets::hidden_set(grid, 2, false))
        .or_else(|| sets::naked_set(grid, 3))
        .or_else(|| fish::fish(grid, 3))
        .or_else(|| sets::hidden_set(grid, 3, false))
        .or_else(|| wings::xy_wing(grid, false))
        .or_else(|| wings::xy_wing(grid, true))
        .or_else(|| unique_loops::unique_loop(grid))
        .or_else(|| sets::naked_set(grid, 4))
        .or_else(|| fish::fish(grid, 4))
        .or_else(|| sets::hidden_set(grid, 4, false))
        .or_else(|| bug::bug(grid))
        .or_else(|| aligned_exclusion::aligned_pair_exclusion(grid));
    if let Some(hint) = core {
        return Next::Step(hint);
    }
    // SE's chaining list: cycles, Aligned Triplet Exclusion, then the forcing chains.
    match first_chaining_hint(grid, ChainingStage::Cycles) {
        ChainingAnswer::Found(hint) => return Next::Step(hint),
        ChainingAnswer::Unavailable => return Next::NeedsChaining(ChainingStage::Cycles),
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
            ChainingAnswer::Unavailable => return Next::NeedsChaining(stage),
            ChainingAnswer::Nothing => {}
        }
    }
    Next::Stuck
}

/// Applies a hint as SE's `IndirectHint.apply` does: its removals, then its placement
/// (the cell's value set and cancelled from its peers).
pub fn apply(grid: &mut Candidates, hint: &Hint) {
    for digit in crate::geometry::Digit::all() {
        grid.eliminate_all(digit, hint.removals.cells(digit));
    }
    if let Some((cell, digit)) = hint.placement {
        grid.place(cell, digit);
    }
}
