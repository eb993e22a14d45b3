//! Brute Force, the last rung when logic stalls (as in HoDoKu): set one cell to its digit
//! in the puzzle's unique solution. The cell chosen is the empty cell with the fewest
//! candidates, the first in reading order among equals, so that the singles that follow
//! get the most out of it. Without a known solution this rung finds nothing.

use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::hodoku::catalogue::Technique;
use crate::step::{Pattern, Step};
use crate::technique::sink::StepSink;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Solution;
    use crate::step::Placement;
    use crate::technique::test_grids::*;

    /// A valid filled grid (any one will do: the rung copies from whatever it is given).
    fn solution() -> Solution {
        let rows =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let values: Vec<u8> = rows.bytes().map(|b| b - b'0').collect();
        Solution::from_values(values.try_into().unwrap()).expect("a valid grid")
    }

    #[test]
    fn sets_the_first_cell_with_fewest_candidates_from_the_solution() {
        let solution = solution();
        let mut grid = Candidates::empty();
        // r9c9 and r5c5 both have two candidates, r2c2 three: r5c5 comes first in reading order.
        restrict(&mut grid, rc(9, 9), &[1, 2]);
        restrict(&mut grid, rc(5, 5), &[3, 5]);
        restrict(&mut grid, rc(2, 2), &[2, 7, 9]);
        let steps = Technique::BruteForce.find_all(&grid, Some(&solution));
        assert_eq!(steps.len(), 1, "{steps:?}");
        assert_eq!(steps[0].placement, Some(Placement::single(rc(5, 5), d(5))));
        assert!(steps[0].eliminations.is_empty());
        assert_eq!(steps[0].pattern.cells, CellSet::single(rc(5, 5)));
        assert_eq!(steps.display(0).to_string(), "Brute Force: r5c5=5");
        // Once r5c5 is set, r9c9 is the cell with fewest candidates.
        grid.place(rc(5, 5), d(5));
        let steps = Technique::BruteForce.find_all(&grid, Some(&solution));
        assert_eq!(steps.display(0).to_string(), "Brute Force: r9c9=9");
    }

    #[test]
    fn finds_nothing_without_a_solution_or_on_a_solved_grid() {
        let grid = Candidates::empty();
        assert!(Technique::BruteForce.find_all(&grid, None).is_empty());
        let solution = solution();
        let mut solved = Candidates::empty();
        for cell in crate::geometry::Cell::all() {
            solved.place(cell, solution.get(cell));
        }
        assert!(solved.is_solved());
        assert!(
            Technique::BruteForce
                .find_all(&solved, Some(&solution))
                .is_empty()
        );
    }
}
