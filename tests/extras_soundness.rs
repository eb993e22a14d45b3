//! Soundness sweep for the techniques beyond the basic ones, over real puzzles: each
//! puzzle is walked with the standard ladder plus brute force (so every walk reaches the
//! end), and at every grid where no single applies, every step each tested technique
//! finds must agree with the oracle's solution.
//!
//! Corpora: the bundled Sudoku Exchange sample and, when present, QQWing's expert file.
//! Run in release for the whole of them (`cargo test --release --test extras_soundness --
//! --nocapture` prints the counts); debug builds check every 25th puzzle.

mod common;

use rayon::prelude::*;
use sudolab::candidates::Candidates;
use sudolab::hodoku::catalogue::Technique;
use sudolab::ladder::Ladder;
use sudolab::oracle::{Uniqueness, analyse};
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Policy, Solver, is_sound};

/// The techniques swept.
const TESTED: &[Technique] = &[
    Technique::RemotePair,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::WWing,
    Technique::SimpleColors,
    Technique::MultiColors,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
    Technique::FinnedJellyfish,
    Technique::SashimiJellyfish,
    Technique::Squirmbag,
    Technique::Whale,
    Technique::Leviathan,
    Technique::FinnedSquirmbag,
    Technique::SashimiSquirmbag,
    Technique::FinnedWhale,
    Technique::SashimiWhale,
    Technique::FinnedLeviathan,
    Technique::SashimiLeviathan,
    Technique::DeathBlossom,
    Technique::BugPlusOne,
    Technique::UniquenessTest1,
    Technique::UniquenessTest2,
    Technique::UniquenessTest3,
    Technique::UniquenessTest4,
    Technique::UniquenessTest5,
    Technique::UniquenessTest6,
    Technique::HiddenRectangle,
    Technique::AvoidableRectangle1,
    Technique::AvoidableRectangle2,
];

const SINGLES: &[Technique] = &[
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
];

struct Tally {
    puzzles: usize,
    grids: usize,
    steps: [usize; TESTED.len()],
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            puzzles: 0,
            grids: 0,
            steps: [0; TESTED.len()],
        }
    }
}

fn sweep(lines: &[String], tally: &mut Tally) {
    let stride = if cfg!(debug_assertions) { 25 } else { 1 };
    let solver = Solver::new(
        Ladder::default().with(Technique::BruteForce),
        Policy::Single,
    );
    let lines: Vec<&String> = lines.iter().step_by(stride).collect();
    let tallies: Vec<Tally> = lines
        .par_iter()
        .map(|line| {
            let mut tally = Tally::default();
            let puzzle = Puzzle::parse_line(line).expect("corpus puzzles parse");
            let Uniqueness::Unique(solution) = analyse(&puzzle) else {
                return tally;
            };
            tally.puzzles += 1;
            let mut grid = Candidates::from_puzzle(&puzzle);
            while let Some(&step) = solver.next_step(&grid, Some(&solution)).first() {
                if !SINGLES.contains(&step.technique) {
                    tally.grids += 1;
                    for (i, technique) in TESTED.iter().enumerate() {
                        let steps = technique.find_all(&grid, Some(&solution));
                        for (k, found) in steps.iter().enumerate() {
                            assert!(
                                is_sound(found, &solution),
                                "{line}: unsound {}\n{grid}",
                                steps.display(k)
                            );
                            tally.steps[i] += 1;
                        }
                    }
                }
                step.apply_to(&mut grid);
            }
            assert!(grid.is_solved(), "{line}: the walk stopped early\n{grid}");
            tally
        })
        .collect();
    for t in tallies {
        tally.puzzles += t.puzzles;
        tally.grids += t.grids;
        for (sum, n) in tally.steps.iter_mut().zip(t.steps) {
            *sum += n;
        }
    }
}

#[test]
fn every_step_found_along_real_solves_is_sound() {
    let mut tally = Tally::default();
    let bundled = common::puzzle_lines(&common::data_file("sudoku_exchange_4k.txt"));
    sweep(&bundled, &mut tally);
    if let Some(path) = common::shared_corpus("qqwing_expert.txt") {
        sweep(&common::puzzle_lines(&path), &mut tally);
    }
    eprintln!(
        "{} puzzles, {} grids past the singles",
        tally.puzzles, tally.grids
    );
    for (technique, count) in TESTED.iter().zip(tally.steps) {
        eprintln!("{technique}: {count} sound steps");
    }
    assert!(tally.puzzles > 0);
}
