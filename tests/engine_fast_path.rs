//! The solver has two ways through a solve. With a step log or a check of every step it
//! builds each step with its pattern and searches the whole grid on every rung; when it
//! keeps only counts (`sudolab run`), it places the singles without building steps and lets
//! finders skip the houses and digits a thread's memo says they searched in vain before.
//! Both must take exactly the same steps: on real puzzles, under both policies and for
//! ladders that put the singles first, last or between other rungs, the count-only solve
//! (its memo carried from puzzle to puzzle, as in a run) must end with the logged solve's
//! summary and grid.

mod common;

use rayon::prelude::*;
use sudolab::candidates::Candidates;
use sudolab::ladder::Ladder;
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Policy, Scratch, Solver};

const LADDERS: &[&str] = &[
    "singles",
    "blog",
    "standard",
    "fh,n1,h1,l2,l3,lc1,lc2,n2,n3,h2,h3,n4,h4,bf2,bf3,bf4",
    // Singles out of their usual order, so that the others take some of their work.
    "h1,lc1,n2,fh,h2,n1",
    "n1,xy,h1",
];

fn puzzles() -> Vec<Puzzle> {
    let exchange = common::puzzle_lines(&common::data_file("sudoku_exchange_4k.txt"));
    let seventeen = common::puzzle_lines(&common::data_file("sudoku17.txt"));
    let blog = common::puzzle_lines(&common::data_file("blog.txt"));
    exchange
        .iter()
        .step_by(8)
        .chain(seventeen.iter().step_by(200))
        .chain(&blog)
        .filter_map(|line| Puzzle::parse_line(line).ok())
        .collect()
}

#[test]
fn counting_without_steps_takes_the_logged_solve_steps() {
    let puzzles = puzzles();
    assert!(puzzles.len() > 700, "{} puzzles", puzzles.len());
    for ladder in LADDERS {
        for policy in [Policy::Single, Policy::Sweep] {
            let solver = Solver::new(Ladder::parse(ladder).unwrap(), policy);
            let mismatches: Vec<String> = puzzles
                .par_iter()
                .map_init(Scratch::default, |scratch, puzzle| {
                    let logged = solver.solve(puzzle, None);
                    let mut grid = Candidates::from_puzzle(puzzle);
                    let counted = solver.solve_counts(&mut grid, None, scratch);
                    (counted != logged.summary || grid != logged.grid)
                        .then(|| format!("{puzzle}: {counted:?} against {:?}", logged.summary))
                })
                .flatten()
                .collect();
            assert!(
                mismatches.is_empty(),
                "{ladder} ({policy}): {} puzzles differ, first: {}",
                mismatches.len(),
                mismatches[0]
            );
        }
    }
}
