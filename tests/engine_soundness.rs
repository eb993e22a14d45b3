//! Issue 2's soundness acceptance test: the full `standard` ladder with the brute-force
//! fallback, checking every step against the oracle's solution, takes no unsound step and
//! solves every puzzle. A bundled sample (every 10th of Royle's 17-clue puzzles, the
//! Sudoku Exchange sample and the blog's puzzles) always runs; the full shared corpora (all
//! 49,151 17-clue puzzles, the four QQWing levels, top95) run when `../shared/corpora` is
//! present. Both step policies everywhere: a sweep applies steps found in a grid that
//! earlier steps of the same pass have changed, which the single policy never does. A failure prints the puzzle, the unsound step and
//! the grid it was found in.

mod common;

use rayon::prelude::*;
use std::path::Path;
use sudolab::candidates::Candidates;
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Outcome, Policy, Scratch, Solver};
use sudolab::technique::Technique;

/// Keeps every `step`-th puzzle line of `path`, starting with the first.
fn every_nth(path: &Path, step: usize) -> Vec<String> {
    common::puzzle_lines(path)
        .into_iter()
        .step_by(step)
        .collect()
}

/// In debug builds, corpus-scale checks keep one puzzle in `factor` so that they stay quick.
fn sparser_in_debug(step: usize, factor: usize) -> usize {
    if cfg!(debug_assertions) {
        step * factor
    } else {
        step
    }
}

/// Solves every puzzle of `lines` under each of `policies` with the standard ladder plus
/// brute force, verifying; panics listing every puzzle that did not end solved.
fn assert_sound(corpus: &str, lines: &[String], policies: &[Policy]) {
    assert!(!lines.is_empty(), "{corpus}: no puzzles");
    let ladder = Ladder::parse("standard")
        .unwrap()
        .with(Technique::BruteForce);
    let solvers: Vec<Solver> = policies
        .iter()
        .map(|&p| Solver::new(ladder.clone(), p).verifying(true))
        .collect();
    let failures: Vec<String> = lines
        .par_iter()
        .map_init(Scratch::default, |scratch, line| {
            let puzzle = Puzzle::parse_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
                return vec![format!("{puzzle}: the oracle finds no unique solution")];
            };
            solvers
                .iter()
                .filter_map(|solver| {
                    let mut grid = Candidates::from_puzzle(&puzzle);
                    let summary = solver.solve_counts(&mut grid, Some(&solution), scratch);
                    let policy = solver.policy();
                    match summary.outcome {
                        Outcome::Solved if grid.solution() == Some(solution) => None,
                        Outcome::Unsound(unsound) => {
                            Some(format!("{puzzle} ({policy}): {unsound}"))
                        }
                        other => Some(format!(
                            "{puzzle} ({policy}): ended {other:?} with grid\n{grid}"
                        )),
                    }
                })
                .collect()
        })
        .flatten()
        .collect();
    eprintln!(
        "{corpus}: {} puzzles x {} policies, {} failures",
        lines.len(),
        policies.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{corpus}: {} failures, the first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

const BOTH: [Policy; 2] = [Policy::Single, Policy::Sweep];

#[test]
fn the_bundled_sample_is_solved_soundly_under_both_policies() {
    let step = sparser_in_debug(1, 10);
    let mut lines = every_nth(&common::data_file("sudoku17.txt"), 10 * step);
    lines.extend(every_nth(
        &common::data_file("sudoku_exchange_4k.txt"),
        step,
    ));
    lines.extend(common::puzzle_lines(&common::data_file("blog.txt")));
    assert_sound("bundled sample", &lines, &BOTH);
}

#[test]
fn all_of_royles_17_clue_puzzles_are_solved_soundly_under_both_policies() {
    let Some(path) = common::shared_corpus("sudoku17_royle.txt") else {
        return;
    };
    let lines = every_nth(&path, sparser_in_debug(1, 50));
    assert_sound("sudoku17_royle", &lines, &BOTH);
}

#[test]
fn the_qqwing_levels_and_top95_are_solved_soundly_under_both_policies() {
    for name in [
        "qqwing_simple.txt",
        "qqwing_easy.txt",
        "qqwing_intermediate.txt",
        "qqwing_expert.txt",
        "norvig_top95.txt",
    ] {
        let Some(path) = common::shared_corpus(name) else {
            continue;
        };
        let lines = every_nth(&path, sparser_in_debug(1, 10));
        assert_sound(name, &lines, &BOTH);
    }
}
