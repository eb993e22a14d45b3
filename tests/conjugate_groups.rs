//! The `lcm` preset's conjugate groups: the Logical Candidate Methods article removes, in a
//! house, the digits of any n cells holding only n digits (n = 2 to 7) from the house's other
//! cells. sudolab has naked subsets up to quads only; the preset adds the hidden pairs,
//! triples and quads instead, because in a house of k empty cells a naked group of n cells is
//! exactly the complement of a hidden group of k - n digits, and both remove the same
//! candidates (the group's digits leave the other cells, which are the only places of the
//! other digits). With k <= 9 and n >= 5 the complement has at most 4 cells.
//!
//! This test holds that claim against a by-definition search of conjugate groups of every
//! size from 2 to 7 on the real grids met along `lcm` solves: what the preset's subset rungs
//! remove, each searching one house at a time as the queue runs them, is what the groups of
//! every house remove. (A locked pair or triple, a group lying in a box and a line, is found
//! in the box and clears the line too, where the article's line operation would clear it.)
//!
//! Two edge cases belong to the singles, which the preset has: a group of 5 or more cells,
//! all but one of the house's empty cells, leaves its digits out of that last cell, whose
//! last digit then has no other place in the house: a hidden single (the complement of one
//! cell), which the single-appearance rung places (the test checks that each such group is
//! one, and leaves it out of the comparison); and a hidden
//! subset, like HoDoKu's, leaves out a digit with a single place (a hidden single), so a
//! group whose complement holds a hidden single is left to that single, and a hidden subset
//! beside a cell with a single candidate clears that cell's digit from the house, which a
//! group leaves to the naked single. So the comparison is made on each grid met along the
//! `lcm` solves with its pending singles placed: there, it is exact.

mod common;

use std::collections::BTreeSet;
use sudolab::bitset::HouseSet;
use sudolab::candidates::Candidates;
use sudolab::geometry::{Cell, Digit, House};
use sudolab::hodoku::catalogue::Technique;
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::policy::Policy;
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Outcome, Solver};
use sudolab::step::StepList;
use sudolab::technique::StepSink;

type Removals = BTreeSet<(Cell, Digit)>;

/// What the conjugate groups of 2 to 7 cells of `house` remove, by definition: every set
/// of n empty cells whose candidates number n, its digits from the house's other cells.
/// Also counts the groups of 5 to 7 cells that remove something. A group of 5 or more cells,
/// all but one empty cell, is checked to make a hidden single of the last cell, and left out.
fn groups_remove(grid: &Candidates, house: House, large: &mut u32) -> Removals {
    let empty: Vec<Cell> = house
        .cells()
        .iter()
        .copied()
        .filter(|&c| grid.value(c).is_none())
        .collect();
    let mut removals = Removals::new();
    for mask in 1u32..1 << empty.len() {
        let n = mask.count_ones();
        if !(2..=7).contains(&n) {
            continue;
        }
        let members = || (0..empty.len()).filter(move |i| mask >> i & 1 == 1);
        let digits = members()
            .map(|i| grid.candidates(empty[i]).bits())
            .fold(0u16, |a, b| a | b);
        if digits.count_ones() != n {
            continue;
        }
        if n >= 5 && n as usize + 1 == empty.len() {
            let last = (0..empty.len()).find(|i| mask >> i & 1 == 0).unwrap();
            let hidden = Digit::all()
                .filter(|d| digits >> d.index() & 1 == 0)
                .find(|&d| grid.has(empty[last], d));
            let single = hidden.is_some_and(|d| grid.positions(house, d).count_ones() == 1);
            assert!(
                single,
                "{house}: {n} cells, no hidden single in {}",
                empty[last]
            );
            continue;
        }
        let before = removals.len();
        for (i, &cell) in empty.iter().enumerate() {
            if mask >> i & 1 == 1 {
                continue;
            }
            for digit in Digit::all().filter(|d| digits >> d.index() & 1 == 1) {
                if grid.has(cell, digit) {
                    removals.insert((cell, digit));
                }
            }
        }
        if n >= 5 && removals.len() > before {
            *large += 1;
        }
    }
    removals
}

/// What `rungs` remove when their finders search `house` alone.
fn rungs_remove(grid: &Candidates, rungs: &[Technique], house: House) -> Removals {
    let mut removals = Removals::new();
    for &technique in rungs {
        let mut found = StepList::new();
        let mut sink =
            StepSink::new(grid, None, &mut found, usize::MAX).within(HouseSet::single(house));
        let _ = technique.find(grid, &mut sink);
        for step in found.iter() {
            assert!(step.placement.is_none(), "{technique} placed a digit");
            removals.extend(step.eliminations.iter());
        }
    }
    removals
}

/// Every grid along the `lcm` solves of `lines`, each before one step.
fn grids_along_lcm_solves(lines: &[String]) -> Vec<Candidates> {
    let solver = Solver::new(
        Ladder::preset("lcm").unwrap().with(Technique::BruteForce),
        Policy::Queue,
    );
    let mut grids = Vec::new();
    for line in lines {
        let puzzle = Puzzle::parse_line(line).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("{line}: not a unique puzzle")
        };
        let report = solver.solve(&puzzle, Some(&solution));
        assert_eq!(report.summary.outcome, Outcome::Solved, "{line}");
        let mut grid = Candidates::from_puzzle(&puzzle);
        for step in report.steps.iter() {
            grids.push(grid.clone());
            step.apply_to(&mut grid);
        }
    }
    grids
}

#[test]
fn the_lcm_subset_rungs_remove_what_conjugate_groups_of_2_to_7_cells_remove() {
    let ladder = Ladder::preset("lcm").unwrap();
    let subsets: Vec<Technique> = ladder
        .rungs()
        .iter()
        .copied()
        .filter(|t| !t.is_single() && *t != Technique::LockedCandidatesPointing)
        .collect();
    assert_eq!(subsets.len(), 8, "{subsets:?}");
    let stride = if cfg!(debug_assertions) { 400 } else { 25 };
    let mut lines: Vec<String> = common::puzzle_lines(&common::data_file("sudoku17.txt"))
        .into_iter()
        .step_by(stride * 5)
        .collect();
    lines.extend(
        common::puzzle_lines(&common::data_file("sudoku_exchange_4k.txt"))
            .into_iter()
            .step_by(stride),
    );
    let singles = Solver::new(Ladder::preset("singles").unwrap(), Policy::Sweep);
    let (mut grids, mut large, mut removed) = (0u32, 0u32, 0usize);
    for grid in grids_along_lcm_solves(&lines) {
        // The grid with its pending singles placed, so that no single is left.
        let grid = singles.solve_grid(grid, None).grid;
        if grid.is_solved() {
            continue;
        }
        assert!(grid.cells_with_exactly(1).is_empty() && grid.hidden_singles().next().is_none());
        let mut by_definition = Removals::new();
        let mut by_rungs = Removals::new();
        for house in House::all() {
            by_definition.extend(groups_remove(&grid, house, &mut large));
            by_rungs.extend(rungs_remove(&grid, &subsets, house));
        }
        assert_eq!(by_rungs, by_definition, "in\n{grid}");
        grids += 1;
        removed += by_definition.len();
    }
    eprintln!(
        "{grids} grids, {removed} removals, {large} groups of 5 to 7 cells removing something"
    );
    // The debug build solves a sparser sample.
    let (least_grids, least_large) = if cfg!(debug_assertions) {
        (200, 20)
    } else {
        (5_000, 500)
    };
    assert!(grids >= least_grids, "{grids} grids");
    assert!(
        large >= least_large,
        "only {large} groups of 5 to 7 cells removed something"
    );
}
