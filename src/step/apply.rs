//! Applying a step to a grid: its placement, then its eliminations, and what that changed
//! ([`Effect`]). The grid offers the primitives (set a cell, remove candidates); the step
//! decides what to do with them, so that the grid knows nothing of steps.

use super::Step;
use crate::candidates::Candidates;
use crate::geometry::Digit;

/// What applying a step changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Cells set by the step.
    pub placements: u32,
    /// Candidates removed by the step's own eliminations (not the consequences of placing).
    pub eliminations: u32,
}

impl Effect {
    /// Whether the step changed nothing.
    pub fn is_empty(self) -> bool {
        self.placements == 0 && self.eliminations == 0
    }
}

impl Step {
    /// Drops what would change nothing in `grid`: eliminations of candidates that are
    /// already gone, and a placement into a cell already set. Returns whether anything is
    /// left.
    #[inline]
    pub fn trim_to(&mut self, grid: &Candidates) -> bool {
        if let Some(placement) = &mut self.placement {
            placement.cells &= grid.unsolved();
            if placement.cells.is_empty() {
                self.placement = None;
            }
        }
        self.eliminations.retain(|digit| grid.cells_with(digit));
        self.placement.is_some() || !self.eliminations.is_empty()
    }

    /// Applies the step to `grid`: its placement, then its eliminations.
    #[inline]
    pub fn apply_to(&self, grid: &mut Candidates) -> Effect {
        let mut effect = Effect::default();
        if let Some(placement) = self.placement {
            for (cell, digit) in placement.iter() {
                if grid.value(cell).is_none() {
                    grid.place(cell, digit);
                    effect.placements += 1;
                }
            }
        }
        for digit in Digit::all() {
            let cells = self.eliminations.cells(digit);
            if !cells.is_empty() {
                effect.eliminations += grid.eliminate_all(digit, cells);
            }
        }
        effect
    }
}
