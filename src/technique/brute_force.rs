//! Brute Force, the last rung when logic stalls (as in HoDoKu): set one cell to its digit
//! in the puzzle's unique solution. The cell chosen is the empty cell with the fewest
//! candidates, the first in reading order among equals, so that the singles that follow
//! get the most out of it. Without a known solution this rung finds nothing.

use super::StepSink;
use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use std::ops::ControlFlow;

pub fn brute_force(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    let Some(solution) = sink.solution() else {
        return ControlFlow::Continue(());
    };
    let Some(cell) = grid
        .unsolved()
        .iter()
        .min_by_key(|&c| grid.candidates(c).len())
    else {
        return ControlFlow::Continue(());
    };
    let pattern = Pattern {
        cells: CellSet::single(cell),
        ..Pattern::default()
    };
    sink.push(Step::placing(
        Technique::BruteForce,
        cell,
        solution.get(cell),
        pattern,
    ))
}
