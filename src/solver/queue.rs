//! The `queue` policy: the operation queue of the Logical Candidate Methods solver (Henry
//! Mercer, "Solving Sudoku Puzzles Using Logical Candidate Methods", 2013), generalised so
//! that any ladder can run under it.
//!
//! In the article, setting a cell puts "recalculate" (remove the value from the cell's
//! peers; a cell left with one candidate is set at once, and so on) at the front of a queue
//! of operations, and the other methods for the cell's row, column and box at its back;
//! logic runs until the queue is empty, then backtracking finishes. sudolab's rules:
//!
//! 1. **Recalculation first.** Setting a cell removes its digit from its peers at once;
//!    then its peers left with one candidate are set, in cell order, and each of those is
//!    recalculated in turn, the latest set first (the front of the queue). A cell left with
//!    one candidate by any other step's eliminations is set at once too. Such a cell counts
//!    as a Full House when the ladder has that rung and the cell is the last empty one of a
//!    house, else as a Naked Single when the ladder has that rung; with neither, it waits
//!    for another technique.
//! 2. **House operations, first in first out.** A rung whose technique searches house by
//!    house ([`Technique::searched_houses`]: hidden singles, locked candidates, locked and
//!    naked and hidden subsets) runs as one operation per house. Setting a cell queues, for
//!    its row, then its column, then its box, every such rung that searches that kind of
//!    house, in ladder order, unless that operation is already waiting. An operation applies
//!    every instance its technique finds in its house, each trimmed to what is still to do.
//! 3. **Whole-grid rungs when the queue is empty.** Every other rung (fish, wings, chains,
//!    uniqueness, Brute Force...) is tried only when no operation waits, in ladder order, and
//!    only if a cell has been set since it last ran; the first that changes something
//!    applies every instance it found, and the queue takes over again. So a brute-force
//!    fallback sets one cell from the solution when logic has run dry, and logic resumes.
//! 4. The solve ends when the grid is solved, or when nothing waits and no whole-grid rung
//!    is due or finds anything.
//!
//! Loading the puzzle counts as setting its givens in reading order: each queues its
//! houses' operations, and the givens are recalculated in reading order before anything
//! else. The queue is driven by placements, as the article's is: eliminations queue
//! nothing (beyond setting the cells they leave with one candidate), so a house whose
//! candidates changed without a cell being set in it is not searched again, and a solve can
//! stop where the `single` policy, which retries every rung after every step, goes on.

use super::{Outcome, Scratch, Solver, Summary, UnsoundStep, is_sound};
use crate::bitset::{CellSet, HouseSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, House};
use crate::hodoku::catalogue::Technique;
use crate::puzzle::Solution;
use crate::step::{Chains, Step, StepList};
use crate::technique::{StepSink, single_step};
use std::collections::VecDeque;

/// A thread's queue and buffers, reused from one solve to the next.
#[derive(Default)]
pub struct OperationQueue {
    /// House operations waiting: (rung, house), oldest first.
    operations: VecDeque<(usize, House)>,
    /// Per rung, the houses it has an operation waiting for.
    waiting: Vec<HouseSet>,
    /// Per rung, what it is in this ladder.
    roles: Vec<Role>,
    /// Per whole-grid rung, whether a cell has been set since it last ran.
    due: Vec<bool>,
    /// Cells set and not yet recalculated; the last pushed goes first.
    recalculate: Vec<Cell>,
    found: StepList,
}

/// What a rung does under the queue policy.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Role {
    /// Full House or Naked Single: sets the cells recalculation leaves with one candidate.
    Recalculation,
    /// Searches one house per operation.
    House(HouseSet),
    /// Searches the whole grid when the queue is empty.
    Grid,
}

impl Role {
    fn of(technique: Technique) -> Role {
        let houses = technique.searched_houses();
        match technique {
            Technique::FullHouse | Technique::NakedSingle => Role::Recalculation,
            _ if !houses.is_empty() => Role::House(houses),
            _ => Role::Grid,
        }
    }
}

type Checked<T> = Result<T, Box<UnsoundStep>>;

/// One solve under the queue policy.
struct QueueSolve<'a> {
    solver: &'a Solver,
    grid: &'a mut Candidates,
    solution: Option<&'a Solution>,
    queue: &'a mut OperationQueue,
    log: Option<&'a mut StepList>,
    summary: Summary,
    hardest_rung: Option<usize>,
    full_house: Option<usize>,
    naked_single: Option<usize>,
}

/// Solves `grid` in place under the queue policy: see the module's rules.
pub(super) fn solve(
    solver: &Solver,
    grid: &mut Candidates,
    solution: Option<&Solution>,
    scratch: &mut Scratch,
    log: Option<&mut StepList>,
) -> Summary {
    let rungs = solver.ladder().rungs();
    let queue = &mut scratch.operations;
    queue.operations.clear();
    queue.recalculate.clear();
    queue.waiting.clear();
    queue.waiting.resize(rungs.len(), HouseSet::EMPTY);
    queue.roles.clear();
    queue.roles.extend(rungs.iter().map(|&t| Role::of(t)));
    queue.due.clear();
    queue.due.resize(rungs.len(), true);
    let mut solve = QueueSolve {
        solver,
        grid,
        solution,
        queue,
        log,
        summary: Summary::before_the_first_step(),
        hardest_rung: None,
        full_house: solver.ladder().position(Technique::FullHouse),
        naked_single: solver.ladder().position(Technique::NakedSingle),
    };
    if let Err(unsound) = solve.run() {
        solve.summary.outcome = Outcome::Unsound(unsound);
        return solve.summary;
    }
    let grid = &solve.grid;
    solve.summary.outcome = if grid.has_contradiction() {
        Outcome::Contradiction
    } else if grid.is_solved() {
        Outcome::Solved
    } else {
        Outcome::Stuck
    };
    solve.summary
}

impl QueueSolve<'_> {
    fn run(&mut self) -> Checked<()> {
        let set = CellSet::ALL - self.grid.unsolved();
        for cell in set.iter() {
            self.queue_houses_of(cell);
        }
        self.queue.recalculate.extend(set.iter());
        self.queue.recalculate.reverse();
        self.recalculate()?;
        // A grid handed over part solved may hold cells its own steps left with one candidate.
        self.set_single_candidates(self.grid.cells_with_exactly(1))?;
        while !self.grid.is_solved() {
            if let Some((rung, house)) = self.queue.operations.pop_front() {
                self.queue.waiting[rung].remove(house);
                if self.grid.empty_cells_in(house) > 0 {
                    self.search(rung, HouseSet::single(house))?;
                }
                continue;
            }
            if !self.try_whole_grid_rungs()? {
                break;
            }
        }
        Ok(())
    }

    /// The first due whole-grid rung, in ladder order, that changes something: whether one did.
    fn try_whole_grid_rungs(&mut self) -> Checked<bool> {
        for rung in 0..self.queue.roles.len() {
            if self.queue.roles[rung] != Role::Grid || !self.queue.due[rung] {
                continue;
            }
            self.queue.due[rung] = false;
            if self.search(rung, HouseSet::ALL)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Queues the house operations a cell just set calls for, and marks the whole-grid
    /// rungs due.
    fn queue_houses_of(&mut self, cell: Cell) {
        let queue = &mut *self.queue;
        for house in cell.houses() {
            for (rung, role) in queue.roles.iter().enumerate() {
                if let Role::House(searched) = *role
                    && searched.contains(house)
                    && !queue.waiting[rung].contains(house)
                {
                    queue.waiting[rung].insert(house);
                    queue.operations.push_back((rung, house));
                }
            }
        }
        for (due, role) in queue.due.iter_mut().zip(&queue.roles) {
            *due |= *role == Role::Grid;
        }
    }

    /// Recalculates the cells set and not yet recalculated, the latest first: sets their
    /// peers left with one candidate, which are recalculated in turn.
    fn recalculate(&mut self) -> Checked<()> {
        while let Some(cell) = self.queue.recalculate.pop() {
            self.set_single_candidates(cell.peers())?;
        }
        Ok(())
    }

    /// Sets, in cell order, the empty cells of `cells` left with one candidate, as the
    /// ladder's Full House or Naked Single.
    fn set_single_candidates(&mut self, cells: CellSet) -> Checked<()> {
        for cell in (cells & self.grid.unsolved()).iter() {
            let Some(digit) = self.grid.candidates(cell).single_member() else {
                continue;
            };
            let full_house = cell
                .houses()
                .into_iter()
                .find(|&h| self.grid.empty_cells_in(h) == 1);
            let (rung, house) = match (self.full_house, full_house, self.naked_single) {
                (Some(rung), Some(house), _) => (rung, Some(house)),
                (_, _, Some(rung)) => (rung, None),
                _ => continue,
            };
            let technique = self.solver.ladder().rungs()[rung];
            let step = single_step(technique, house, cell, digit);
            self.apply(rung, &step, &Chains::new())?;
        }
        Ok(())
    }

    /// Searches `houses` with rung `rung` and applies every instance found that still
    /// changes something: whether one did.
    fn search(&mut self, rung: usize, houses: HouseSet) -> Checked<bool> {
        let technique = self.solver.ladder().rungs()[rung];
        let mut found = std::mem::take(&mut self.queue.found);
        found.clear();
        let mut sink =
            StepSink::new(self.grid, self.solution, &mut found, usize::MAX).within(houses);
        let _ = technique.find(self.grid, &mut sink);
        let mut applied = false;
        let (steps, chains) = found.steps_and_chains_mut();
        let mut outcome = Ok(());
        for step in steps.iter_mut() {
            if !step.trim_to(self.grid) {
                continue;
            }
            let settled = self
                .apply(rung, step, chains)
                .and_then(|thinned| self.set_single_candidates(thinned))
                .and_then(|()| self.recalculate());
            if let Err(unsound) = settled {
                outcome = Err(unsound);
                break;
            }
            applied = true;
        }
        self.queue.found = found;
        outcome.map(|()| applied)
    }

    /// Applies one step of rung `rung` (checked first when verifying), counts and logs it,
    /// and, if it sets a cell, queues that cell's houses and its recalculation. Returns the
    /// cells its eliminations thinned, which the caller checks for a last candidate.
    fn apply(&mut self, rung: usize, step: &Step, chains: &Chains) -> Checked<CellSet> {
        if self.solver.verify
            && let Some(solution) = self.solution
            && !is_sound(step, solution)
        {
            let step_number = self.summary.steps + 1;
            return Err(UnsoundStep::copied_from(
                step,
                chains,
                self.grid,
                step_number,
            ));
        }
        let effect = step.apply_to(self.grid);
        let technique = step.technique;
        self.summary.steps += 1;
        self.summary.placements += effect.placements;
        self.summary.eliminations += effect.eliminations;
        self.summary.counts[technique] += 1;
        if self.hardest_rung < Some(rung) {
            self.hardest_rung = Some(rung);
            self.summary.hardest = Some(technique);
        }
        if let Some(log) = self.log.as_deref_mut() {
            log.push_from(step, chains);
        }
        if let Some(placement) = step.placement {
            for cell in placement.cells.iter() {
                self.queue_houses_of(cell);
                self.queue.recalculate.push(cell);
            }
        }
        let mut thinned = CellSet::EMPTY;
        for digit in step.eliminations.digits().iter() {
            thinned |= step.eliminations.cells(digit);
        }
        Ok(thinned)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Policy;
    use super::*;
    use crate::ladder::Ladder;
    use crate::technique::test_grids::*;

    fn solve(grid: &Candidates, ladder: &str, policy: Policy) -> super::super::Report {
        Solver::new(Ladder::parse(ladder).unwrap(), policy).solve_grid(grid.clone(), None)
    }

    /// Leaves `digit` in `house` only at `keep`.
    fn only_place(grid: &mut Candidates, digit: u8, house: House, keep: Cell) {
        let others: Vec<Cell> = house
            .cells()
            .iter()
            .copied()
            .filter(|&c| c != keep)
            .collect();
        remove(grid, d(digit), &others);
    }

    #[test]
    fn recalculation_comes_first_and_the_latest_set_cell_is_recalculated_first() {
        // r1c1 and r9c9 are set. r1c5 (a peer of r1c1) and r9c7 (a peer of r9c9) have one
        // candidate each; r5c5 has 1 and 2, so setting r1c5 to 1 leaves it with 2.
        let mut grid = Candidates::empty();
        grid.place(rc(1, 1), d(9));
        grid.place(rc(9, 9), d(8));
        restrict(&mut grid, rc(1, 5), &[1]);
        restrict(&mut grid, rc(5, 5), &[1, 2]);
        restrict(&mut grid, rc(9, 7), &[3]);
        let report = solve(&grid, "n1", Policy::Queue);
        // r1c1 is recalculated first (reading order) and sets r1c5; r1c5, set last, is
        // recalculated before r9c9 and sets r5c5; then r9c9 sets r9c7. A first-in
        // first-out recalculation would set r9c7 before r5c5.
        assert_eq!(
            report.steps.texts(),
            [
                "Naked Single: r1c5=1",
                "Naked Single: r5c5=2",
                "Naked Single: r9c7=3"
            ]
        );
        assert_eq!(report.summary.outcome, Outcome::Stuck);
    }

    #[test]
    fn house_operations_run_first_in_first_out_for_the_houses_of_the_cells_set() {
        // r5c5 is set. Hidden singles wait in its row (1 at r5c1), its column (2 at r1c5)
        // and its box (3 at r4c4), in row 1 (4 at r1c9, a house no set cell is in until
        // r1c5 is set) and in row 9 (6 at r9c2, a house no cell of which is ever set).
        let mut grid = Candidates::empty();
        grid.place(rc(5, 5), d(5));
        only_place(&mut grid, 1, House::row(4), rc(5, 1));
        only_place(&mut grid, 2, House::column(4), rc(1, 5));
        only_place(&mut grid, 3, House::box_(4), rc(4, 4));
        only_place(&mut grid, 4, House::row(0), rc(1, 9));
        only_place(&mut grid, 6, House::row(8), rc(9, 2));
        let report = solve(&grid, "n1,h1", Policy::Queue);
        assert_eq!(
            report.steps.texts(),
            [
                "Hidden Single: r5c1=1",
                "Hidden Single: r1c5=2",
                "Hidden Single: r4c4=3",
                "Hidden Single: r1c9=4",
            ]
        );
        // Eliminations queue nothing: row 9's single is never looked for. The `single`
        // policy, which tries every rung on the whole grid after every step, finds it.
        assert_eq!(report.summary.outcome, Outcome::Stuck);
        assert_eq!(report.grid.value(rc(9, 2)), None);
        let single = solve(&grid, "n1,h1", Policy::Single);
        assert_eq!(single.grid.value(rc(9, 2)), Some(d(6)));
    }

    #[test]
    fn a_cell_left_with_one_candidate_by_an_elimination_is_set_before_the_next_operation() {
        // r5c5 is set. A naked pair {1,2} in r5c1 and r5c4 leaves r5c3 (1 or 3) with 3;
        // box 5 has a hidden single, 4 at r4c4, which its operation, queued after row 5's
        // and column 5's, finds.
        let mut grid = Candidates::empty();
        grid.place(rc(5, 5), d(5));
        restrict(&mut grid, rc(5, 1), &[1, 2]);
        restrict(&mut grid, rc(5, 4), &[1, 2]);
        restrict(&mut grid, rc(5, 3), &[1, 3]);
        only_place(&mut grid, 4, House::box_(4), rc(4, 4));
        let report = solve(&grid, "n1,h1,n2", Policy::Queue);
        let texts = report.steps.texts();
        assert!(
            texts[0].starts_with("Naked Pair: 1,2 in r5c1,r5c4 =>"),
            "{texts:?}"
        );
        assert_eq!(
            texts[1..3],
            ["Naked Single: r5c3=3", "Hidden Single: r4c4=4"]
        );
    }

    #[test]
    fn whole_grid_rungs_wait_for_an_empty_queue_whatever_their_place_in_the_ladder() {
        // r5c5 is set; 1 has one place in row 5 (r5c1); digit 7 makes an X-Wing in rows 2
        // and 8, columns 3 and 7.
        let mut grid = Candidates::empty();
        grid.place(rc(5, 5), d(5));
        only_place(&mut grid, 1, House::row(4), rc(5, 1));
        remove(&mut grid, d(7), &row_except(2, &[3, 7]));
        remove(&mut grid, d(7), &row_except(8, &[3, 7]));
        let report = solve(&grid, "x-wing,n1,h1", Policy::Queue);
        let texts = report.steps.texts();
        assert_eq!(texts.len(), 2, "{texts:?}");
        assert_eq!(texts[0], "Hidden Single: r5c1=1");
        assert!(
            texts[1].starts_with("X-Wing: 7 r2,r8 c3,c7 =>"),
            "{texts:?}"
        );
        // The X-Wing set no cell: nothing is due any more.
        assert_eq!(report.summary.outcome, Outcome::Stuck);
        // Under `single`, the ladder's order decides: the X-Wing comes first.
        let single = solve(&grid, "x-wing,n1,h1", Policy::Single);
        assert!(single.steps.texts()[0].starts_with("X-Wing"));
    }
}
