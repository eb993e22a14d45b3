//! SE's chaining producers never remove a candidate of the solution nor set a wrong digit:
//! along solves of the shared hard corpora (top95 and HoDoKu's exemplars), SE's basic rules
//! (as HoDoKu's equivalents) first, then the first hint of the first chaining producer in
//! SE's order that has one, every removal and placement is checked against the puzzle's
//! unique solution, until the puzzle is solved or only nested chains would go on.

mod common;

use sudolab::candidates::Candidates;
use sudolab::ladder::Ladder;
use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::Puzzle;
use sudolab::se::chaining::{Chainer, ChainingScratch, first_hint};
use sudolab::solver::{Policy, Scratch, Solver};

/// SE's rules before its chains, as HoDoKu names them.
const BASIC: &str = "singles,lc1,lc2,n2,h2,n3,h3,bf2,bf3,n4,h4,bf4,xy,xyz";

fn check_corpus(name: &str) {
    let Some(path) = common::shared_corpus(name) else {
        return;
    };
    let basic = Solver::new(Ladder::parse(BASIC).unwrap(), Policy::Single);
    let mut scratch = Scratch::default();
    let mut chaining = ChainingScratch::default();
    let (mut steps, mut by_chainer) = (0, [0usize; 5]);
    for line in common::puzzle_lines(&path) {
        let Ok(puzzle) = Puzzle::parse_line(&line) else {
            continue;
        };
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            continue;
        };
        let mut grid = Candidates::from_puzzle(&puzzle);
        loop {
            basic.solve_counts(&mut grid, None, &mut scratch);
            if grid.is_solved() {
                break;
            }
            let found = Chainer::ALL.iter().enumerate().find_map(|(k, &chainer)| {
                first_hint(&grid, chainer, &mut chaining).map(|h| (k, h))
            });
            let Some((k, hint)) = found else {
                break;
            };
            steps += 1;
            by_chainer[k] += 1;
            for &(cell, digit) in &hint.removals {
                assert_ne!(
                    solution.get(cell),
                    digit,
                    "{line}: {} removes the solution's {digit} from {cell}",
                    hint.name
                );
                grid.eliminate(cell, digit);
            }
            if let Some((cell, digit)) = hint.placement {
                assert_eq!(
                    solution.get(cell),
                    digit,
                    "{line}: {} sets {cell}",
                    hint.name
                );
                grid.place(cell, digit);
            }
        }
    }
    eprintln!("{name}: {steps} chaining steps checked, by producer {by_chainer:?}");
    assert!(steps > 0, "{name}: no chaining step at all");
}

#[test]
fn top95_chaining_steps_are_sound() {
    check_corpus("norvig_top95.txt");
}

#[test]
fn hodoku_exemplars_chaining_steps_are_sound() {
    check_corpus("hodoku_exemplars.txt");
}

#[test]
fn norvig_hardest_chaining_steps_are_sound() {
    check_corpus("norvig_hardest.txt");
}
