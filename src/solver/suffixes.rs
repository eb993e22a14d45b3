//! What the rest of a solve adds from a grid with no single left, remembered across the
//! solves of puzzles that share one solution grid: the neighbours of a generator's walk
//! keep most of their givens, and their solves mostly reach, after a few steps of their
//! own, a grid an earlier solve went through. From such a grid the rest of the solve is
//! taken from memory instead of being searched again.
//!
//! Why the rest is the same. A solve reaches a *point* when every single rung at the top
//! of the ladder (Full House, Naked Single and Hidden Single, all three) has found nothing
//! in a pass. What it does from a point depends on the grid alone:
//! - each rung's search reads the grid (the thread's memo of fruitless searches only
//!   spares work, never changes what is found);
//! - under the `single` policy the singles come from HoDoKu's queues, whose order
//!   depends on the history of the solve; but at a point every queued single is spent
//!   (a live one would have been found), and the singles queued later are queued by the
//!   later removals alone, in their order (see [`crate::technique::SinglesQueues`]);
//! - one rung reads more than the candidates and values: the avoidable rectangles want
//!   corners the solver set, not givens. Each remembered rest keeps the rectangles its
//!   searches of them could have found had no cell been a given
//!   ([`rectangles_givens_may_hide`]) and the givens it was solved with; it is taken
//!   only by a solve whose givens hide the same of those rectangles.
//!
//! So the counts, steps, placements, eliminations and latest technique the rest adds are
//! the same, and the solve ends where the earlier one did (solved: only solved rests are
//! kept). A solve that gives up past a score limit is not remembered (its rest is
//! unknown); one that takes a rest from memory gives up exactly when the whole solve's
//! score passes its limit, as the search would have (a score only grows, and a limit's
//! early give-up only predicts a score the whole solve would pass), though with the
//! whole solve's counts rather than those of the step where the search gave up.
//!
//! The memory is the caller's to start ([`crate::solver::Scratch::remember_rests`], once
//! per solution grid) and is kept per ladder and policy, so the solves of a screen and of
//! a grade on one neighbourhood each have their own.

use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::geometry::Digit;
use crate::hodoku::catalogue::Technique;
use crate::ladder::Ladder;
use crate::policy::Policy;
use crate::solver::Summary;
use crate::technique::rectangles_givens_may_hide;
use rustc_hash::FxHashMap;

/// The remembered rests of the solves since [`Suffixes::start`], and the points of the
/// solve under way.
#[derive(Default)]
pub struct Suffixes {
    remembering: bool,
    tables: Vec<Table>,
    points: Vec<Point>,
    /// The set corners of the rectangles the solve under way could have found.
    rectangles: Vec<CellSet>,
    /// How many solves took a rest from memory.
    #[cfg(test)]
    taken: u32,
}

/// The rests of one ladder's solves under one policy.
struct Table {
    rungs: Vec<Technique>,
    policy: Policy,
    rests: FxHashMap<GridKey, Rest>,
}

/// A grid's values and candidates.
#[derive(Clone, PartialEq, Eq, Hash)]
struct GridKey {
    values: [u8; 81],
    candidates: [CellSet; 9],
}

impl GridKey {
    fn of(grid: &Candidates) -> GridKey {
        GridKey {
            values: *grid.values(),
            candidates: grid.digit_cells(),
        }
    }
}

/// Where a solve meets its memory: the rung at which it reaches its points, the rung
/// before whose search the rectangles givens may hide are noted (the ladder's first
/// avoidable rectangle rung: the grid stays as it is through the pass up to the second),
/// and the table of its rests.
#[derive(Clone, Copy)]
pub(super) struct Points {
    pub rung: usize,
    pub rectangles_rung: Option<usize>,
    pub table: usize,
}

/// A point of the solve under way: its grid, what the solve had counted there, and where
/// the rectangles its rest could find start.
struct Point {
    key: GridKey,
    before: Summary,
    first_rectangle: usize,
}

/// What a solve added from a point to its solved end: steps, placements, eliminations
/// and counts, and the latest technique in ladder order it used.
struct Rest {
    added: Summary,
    /// The solution's digits of the cells the point left empty.
    end: [u8; 81],
    /// The givens it was solved with, and the set corners of the rectangles it could
    /// have found without them.
    givens: CellSet,
    rectangles: Vec<CellSet>,
}

impl Rest {
    /// Whether a solve with `givens` at this rest's grid would take it: whether those
    /// givens hide the same rectangles as the rest's own did.
    fn holds_for(&self, givens: CellSet) -> bool {
        self.rectangles
            .iter()
            .all(|&corners| (corners & givens).is_empty() == (corners & self.givens).is_empty())
    }
}

impl Suffixes {
    /// Forgets every rest and remembers from now on: call it before the solves of each
    /// solution grid (the rests of another grid would never be taken, only kept).
    pub fn start(&mut self) {
        self.remembering = true;
        for table in &mut self.tables {
            table.rests.clear();
        }
        self.points.clear();
        self.rectangles.clear();
    }

    /// Forgets every rest and stops remembering.
    pub fn stop(&mut self) {
        self.start();
        self.remembering = false;
    }

    /// Where a solve along `ladder` under `policy` meets its memory (and the start of that
    /// solve); `None` when nothing is remembered: not started, the `queue` policy, or a
    /// ladder that does not begin with the three singles.
    pub(super) fn points_for(&mut self, ladder: &Ladder, policy: Policy) -> Option<Points> {
        if !self.remembering || policy == Policy::Queue {
            return None;
        }
        let rungs = ladder.rungs();
        let singles = rungs.iter().take_while(|t| t.is_single()).count();
        if singles != 3 || singles == rungs.len() {
            return None;
        }
        self.points.clear();
        self.rectangles.clear();
        let index = match self
            .tables
            .iter()
            .position(|t| t.policy == policy && t.rungs == rungs)
        {
            Some(index) => index,
            None => {
                self.tables.push(Table {
                    rungs: rungs.to_vec(),
                    policy,
                    rests: FxHashMap::default(),
                });
                self.tables.len() - 1
            }
        };
        Some(Points {
            rung: singles,
            rectangles_rung: rungs.iter().position(|t| t.is_avoidable_rectangle()),
            table: index,
        })
    }

    /// At a point of a solve that has counted `summary` so far: when a rest is in memory
    /// for this grid and its givens, adds it to `summary`, solves the grid and says so;
    /// else notes the point, whose rest is remembered if the solve ends solved.
    pub(super) fn at_point(
        &mut self,
        table: usize,
        grid: &mut Candidates,
        summary: &mut Summary,
    ) -> bool {
        let key = GridKey::of(grid);
        let table = &self.tables[table];
        let Some(rest) = table.rests.get(&key).filter(|r| r.holds_for(grid.givens())) else {
            self.points.push(Point {
                key,
                before: summary.clone(),
                first_rectangle: self.rectangles.len(),
            });
            return false;
        };
        let added = &rest.added;
        summary.steps += added.steps;
        summary.placements += added.placements;
        summary.eliminations += added.eliminations;
        for (t, n) in added.counts.used() {
            summary.counts[t] += n;
        }
        let rung = |t: Option<Technique>| t.and_then(|t| table.rungs.iter().position(|&r| r == t));
        if rung(added.hardest) > rung(summary.hardest) {
            summary.hardest = added.hardest;
        }
        for cell in grid.unsolved().iter() {
            grid.place(cell, Digit::new(rest.end[cell.index()]));
        }
        self.rectangles.extend_from_slice(&rest.rectangles);
        #[cfg(test)]
        {
            self.taken += 1;
        }
        true
    }

    /// Before the avoidable rectangles search `grid`: notes what they could find there
    /// with other givens, for the rests of the points noted so far.
    pub(super) fn before_avoidable_rectangles(&mut self, grid: &Candidates) {
        if !self.points.is_empty() {
            rectangles_givens_may_hide(grid, &mut self.rectangles);
        }
    }

    /// The solve ended solved in `grid` having counted `summary`: remembers the rest of
    /// every point it noted.
    pub(super) fn solved(&mut self, table: usize, grid: &Candidates, summary: &Summary) {
        let table = &mut self.tables[table];
        let end = *grid.values();
        for point in self.points.drain(..) {
            let before = &point.before;
            let mut added = Summary {
                steps: summary.steps - before.steps,
                placements: summary.placements - before.placements,
                eliminations: summary.eliminations - before.eliminations,
                ..summary.clone()
            };
            added.hardest = None;
            for &t in &table.rungs {
                added.counts[t] = summary.counts[t] - before.counts[t];
                if added.counts[t] > 0 {
                    added.hardest = Some(t);
                }
            }
            let rest = Rest {
                added,
                end,
                givens: grid.givens(),
                rectangles: rectangles_of(&self.rectangles[point.first_rectangle..]),
            };
            table.rests.entry(point.key).or_insert(rest);
        }
    }
}

/// The distinct corner sets of `rectangles`, in order.
fn rectangles_of(rectangles: &[CellSet]) -> Vec<CellSet> {
    let mut distinct = rectangles.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::dig::Digging;
    use crate::generate::grid::random_solution;
    use crate::generate::symmetry::Symmetry;
    use crate::generate::unavoidable::UnavoidableSets;
    use crate::geometry::Cell;
    use crate::hodoku::grade::ScoreTable;
    use crate::puzzle::Puzzle;
    use crate::solver::{Outcome, Scratch, Solver};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A walk through the neighbourhood of a puzzle dug from a grid of `seed`: `steps`
    /// puzzles of that grid, each dug from the last one `keep` kept with one given added.
    fn walk(seed: u64, steps: usize, keep: impl Fn(&[u8; 81]) -> bool) -> Vec<[u8; 81]> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution = random_solution(&mut rng);
        let digging = Digging::minimal(Symmetry::None.orbits());
        let mut unavoidable = UnavoidableSets::of(&solution).learning();
        let mut puzzle = digging
            .dig(&solution, &mut unavoidable, &mut rng)
            .expect("a minimal dig never gives up");
        let mut puzzles = vec![puzzle];
        while puzzles.len() < steps {
            let next = digging.neighbour(&puzzle, &solution, &mut unavoidable, &mut rng);
            if let Some(Some(next)) = next {
                if keep(&next) {
                    puzzle = next;
                }
                puzzles.push(next);
            }
        }
        puzzles
    }

    /// How many rests `solver` takes from memory along `puzzles`, checking that each
    /// solve counts what it counts with none and ends in the same grid.
    fn taken_along(solver: &Solver, puzzles: &[[u8; 81]]) -> u32 {
        let mut remembering = Scratch::default();
        remembering.remember_rests();
        for values in puzzles {
            let puzzle = Puzzle::from_values(*values).expect("a puzzle");
            let mut grid = Candidates::from_puzzle(&puzzle);
            let recalled = solver.solve_counts(&mut grid, None, &mut remembering);
            let mut searched_grid = Candidates::from_puzzle(&puzzle);
            let searched = solver.solve_counts(&mut searched_grid, None, &mut Scratch::default());
            // A solve given up past a limit counts what it had when it gave up.
            assert_eq!(recalled.outcome, searched.outcome, "{puzzle}");
            if searched.outcome == Outcome::Solved {
                assert_eq!(recalled, searched, "{puzzle}");
                assert!(grid == searched_grid, "{puzzle}");
            }
        }
        remembering.suffixes.taken
    }

    /// Every solve of a walk, with the rests of the walk's earlier solves in memory,
    /// counts what it counts with none and ends in the same grid: under both policies
    /// that have points, and with a limit at the first puzzle's score, which the later
    /// puzzles that take its rest with a higher score of their own must give up past.
    #[test]
    fn a_solve_that_takes_a_rest_from_memory_ends_as_it_would_have() {
        let standard = Ladder::default();
        let scores = ScoreTable::default();
        let single = Solver::new(standard.clone(), Policy::Single);
        let sweep = Solver::new(standard.clone(), Policy::Sweep);
        let mut taken = 0;
        for seed in 0..12 {
            let puzzles = walk(seed, 12, |_| true);
            let first = Puzzle::from_values(puzzles[0]).expect("a puzzle");
            let mut grid = Candidates::from_puzzle(&first);
            let counts = single
                .solve_counts(&mut grid, None, &mut Scratch::default())
                .counts;
            let limited = single
                .clone()
                .giving_up_past(scores.clone(), scores.grade(&counts).score);
            for solver in [&single, &sweep, &limited] {
                taken += taken_along(solver, &puzzles);
            }
        }
        assert!(taken > 50, "rests taken: {taken}");
    }

    /// A puzzle often reaches the points of the same puzzle with one of its singles given,
    /// with that single more counted: under a limit at the other's score, which its own
    /// passes, its solve gives up, whether it searches or takes the other's rest.
    #[test]
    fn a_rest_that_carries_the_score_past_the_limit_gives_the_solve_up() {
        let single = Solver::new(Ladder::default(), Policy::Single);
        let scores = ScoreTable::default();
        let solve = |solver: &Solver, values: &[u8; 81], scratch: &mut Scratch| {
            let puzzle = Puzzle::from_values(*values).expect("a puzzle");
            let mut grid = Candidates::from_puzzle(&puzzle);
            (solver.solve_counts(&mut grid, None, scratch), grid)
        };
        let mut checked = 0;
        for seed in 0..40 {
            let puzzle = walk(seed, 1, |_| true)[0];
            let (whole, end) = solve(&single, &puzzle, &mut Scratch::default());
            if whole.hardest.is_none_or(Technique::is_single) {
                continue;
            }
            for cell in (0..81).filter(|&c| puzzle[c] == 0) {
                let mut more = puzzle;
                more[cell] = end.value(Cell::from_index(cell)).expect("solved").get();
                let (shorter, _) = solve(&single, &more, &mut Scratch::default());
                let limit = scores.grade(&shorter.counts).score;
                if scores.grade(&whole.counts).score <= limit {
                    continue;
                }
                let limited = single.clone().giving_up_past(scores.clone(), limit);
                let mut remembering = Scratch::default();
                remembering.remember_rests();
                assert_eq!(solve(&limited, &more, &mut remembering).0, shorter);
                let (recalled, _) = solve(&limited, &puzzle, &mut remembering);
                if remembering.suffixes.taken == 0 {
                    continue;
                }
                let (searched, _) = solve(&limited, &puzzle, &mut Scratch::default());
                assert_eq!(searched.outcome, Outcome::Stuck);
                assert_eq!(recalled.outcome, Outcome::Stuck);
                checked += 1;
                break;
            }
        }
        assert!(checked >= 5, "puzzles checked: {checked}");
    }

    /// Walks whose puzzles need avoidable rectangles, the one rung that tells givens from
    /// the solver's cells: a rest is taken only where the givens hide the same rectangles.
    #[test]
    fn a_rest_is_taken_only_where_the_givens_hide_the_same_rectangles() {
        let solver = Solver::new(Ladder::default(), Policy::Single);
        let uses_rectangles = |values: &[u8; 81]| {
            let puzzle = Puzzle::from_values(*values).expect("a puzzle");
            let mut grid = Candidates::from_puzzle(&puzzle);
            let counts = solver
                .solve_counts(&mut grid, None, &mut Scratch::default())
                .counts;
            counts[Technique::AvoidableRectangle1] + counts[Technique::AvoidableRectangle2] > 0
        };
        let (mut walks, mut taken) = (0, 0);
        for seed in 0..2000 {
            let first = walk(seed, 1, |_| true);
            if !uses_rectangles(&first[0]) {
                continue;
            }
            taken += taken_along(&solver, &walk(seed, 30, uses_rectangles));
            walks += 1;
            if walks == 2 {
                break;
            }
        }
        assert_eq!(
            walks, 2,
            "two grids whose first puzzle needs an avoidable rectangle"
        );
        assert!(taken > 10, "rests taken: {taken}");
    }

    /// Nothing is remembered before [`Suffixes::start`], nor after [`Suffixes::stop`],
    /// nor along a ladder without the three singles at its top.
    #[test]
    fn rests_are_remembered_only_when_asked_and_where_points_exist() {
        let puzzles = walk(1, 4, |_| true);
        let solve = |solver: &Solver, scratch: &mut Scratch| {
            for values in &puzzles {
                let puzzle = Puzzle::from_values(*values).expect("a puzzle");
                solver.solve_counts(&mut Candidates::from_puzzle(&puzzle), None, scratch);
            }
        };
        let rests = |scratch: &Scratch| {
            let tables = &scratch.suffixes.tables;
            tables.iter().map(|t| t.rests.len()).sum::<usize>()
        };
        let standard = Solver::new(Ladder::default(), Policy::Single);
        let mut scratch = Scratch::default();
        solve(&standard, &mut scratch);
        assert_eq!(rests(&scratch), 0);
        scratch.remember_rests();
        solve(&standard, &mut scratch);
        assert!(rests(&scratch) > 0);
        scratch.forget_rests();
        solve(&standard, &mut scratch);
        assert_eq!(rests(&scratch), 0);
        scratch.remember_rests();
        let no_hidden = Ladder::parse("full-house,naked-single,lc1,lc2,n2,h2").expect("ladder");
        solve(&Solver::new(no_hidden, Policy::Single), &mut scratch);
        let queue = Solver::new(Ladder::default(), Policy::Queue);
        solve(&queue, &mut scratch);
        assert_eq!(rests(&scratch), 0);
    }
}
