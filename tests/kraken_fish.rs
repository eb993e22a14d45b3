//! Kraken Fish on real puzzles: the `standard` ladder with Kraken Fish where HoDoKu's order
//! puts it (before Forcing Chains), plus brute force, over the bundled sample (one puzzle in
//! five) and, when present, top95. Every Kraken step must be what its definition says (a
//! fish of 2 to 4 base houses with one or two fins that share a peer, removing nothing by
//! itself, of the basic or Franken shape) and agree with the puzzle's solution.

mod common;

use rayon::prelude::*;
use sudolab::bitset::CellSet;
use sudolab::candidates::Candidates;
use sudolab::geometry::{Digit, HouseKind};
use sudolab::hodoku::catalogue::{Subtype, Technique};
use sudolab::ladder::Ladder;
use sudolab::oracle::{Uniqueness, analyse};
use sudolab::puzzle::Puzzle;
use sudolab::solver::{Policy, Solver, is_sound};
use sudolab::step::Step;

fn ladder() -> Ladder {
    let standard = Ladder::parse("standard").unwrap();
    let mut rungs = Vec::new();
    for &t in standard.rungs() {
        if t == Technique::ForcingChain {
            rungs.push(Technique::KrakenFish.name());
        }
        rungs.push(t.name());
    }
    rungs.push(Technique::BruteForce.name());
    Ladder::parse(&rungs.join(",")).unwrap()
}

/// Checks a Kraken step found in `grid` against the definition; panics naming what fails.
fn check_definition(step: &Step, grid: &Candidates) {
    let p = &step.pattern;
    let digit: Digit = p.digits.iter().next().expect("a fish digit");
    let size = p.base.len();
    assert!((2..=4).contains(&size) && p.cover.len() == size, "{step:?}");
    // Basic or Franken shape: base of rows (columns) and boxes, cover the other lines and
    // boxes.
    let kinds = |houses: sudolab::bitset::HouseSet| -> Vec<HouseKind> {
        houses.iter().map(|h| h.kind()).collect()
    };
    let (base, cover) = (kinds(p.base), kinds(p.cover));
    let shaped = |line: HouseKind, cross: HouseKind| {
        base.iter().all(|&k| k == line || k == HouseKind::Box)
            && cover.iter().all(|&k| k == cross || k == HouseKind::Box)
    };
    assert!(
        shaped(HouseKind::Row, HouseKind::Column) || shaped(HouseKind::Column, HouseKind::Row),
        "{step:?}"
    );
    let held = grid.cells_with(digit);
    let cells_of = |houses: sudolab::bitset::HouseSet| -> Vec<CellSet> {
        houses.iter().map(|h| h.cell_set() & held).collect()
    };
    let base_sets = cells_of(p.base);
    let base_cells = base_sets.iter().fold(CellSet::EMPTY, |a, &c| a | c);
    // No endo fins: the base houses do not overlap.
    assert_eq!(
        base_sets.iter().map(|c| c.len()).sum::<u32>(),
        base_cells.len(),
        "{step:?}"
    );
    let cover_sets = cells_of(p.cover);
    let cover_cells = cover_sets.iter().fold(CellSet::EMPTY, |a, &c| a | c);
    let fins = base_cells - cover_cells;
    assert_eq!(fins, p.fins, "{step:?}");
    assert!((1..=2).contains(&fins.len()), "{step:?}");
    let seen = fins.iter().fold(CellSet::ALL, |s, f| s & f.peers());
    assert!(!seen.is_empty(), "fins without a common peer: {step:?}");
    let mut cannibal = CellSet::EMPTY;
    for (i, a) in cover_sets.iter().enumerate() {
        for b in &cover_sets[i + 1..] {
            cannibal |= *a & *b;
        }
    }
    let own = ((cover_cells - base_cells) | cannibal) & seen;
    assert!(own.is_empty(), "the fish removes {own:?} itself: {step:?}");
    assert_eq!(step.eliminations.len(), 1, "{step:?}");
    let (cell, removed) = step.eliminations.iter().next().unwrap();
    match step.subtype {
        Some(Subtype::KrakenFishType1) => {
            assert_eq!(removed, digit, "{step:?}");
            assert!(
                ((cover_cells - base_cells) | cannibal).contains(cell),
                "{step:?}"
            );
        }
        Some(Subtype::KrakenFishType2) => {}
        other => panic!("a Kraken step of sub-type {other:?}"),
    }
}

#[test]
fn kraken_steps_are_fish_rescued_by_chains_and_sound() {
    let mut lines: Vec<String> = common::puzzle_lines(&common::data_file("sudoku_exchange_4k.txt"))
        .into_iter()
        .step_by(if cfg!(debug_assertions) { 100 } else { 5 })
        .collect();
    if let Some(path) = common::shared_corpus("norvig_top95.txt") {
        lines.extend(common::puzzle_lines(&path));
    }
    let solver = Solver::new(ladder(), Policy::Single);
    let counts: Vec<[usize; 2]> = lines
        .par_iter()
        .map(|line| {
            let puzzle = Puzzle::parse_line(line).expect("corpus puzzles parse");
            let Uniqueness::Unique(solution) = analyse(&puzzle) else {
                return [0, 0];
            };
            let report = solver.solve(&puzzle, Some(&solution));
            let mut grid = Candidates::from_puzzle(&puzzle);
            let mut counts = [0, 0];
            for step in report.steps.iter() {
                if step.technique == Technique::KrakenFish {
                    check_definition(step, &grid);
                    assert!(
                        is_sound(step, &solution),
                        "{line}: unsound {step:?}\n{grid}"
                    );
                    counts[usize::from(step.subtype == Some(Subtype::KrakenFishType2))] += 1;
                }
                step.apply_to(&mut grid);
            }
            assert!(grid.is_solved(), "{line}");
            counts
        })
        .collect();
    let [one, two] = counts.iter().fold([0, 0], |[a, b], [c, d]| [a + c, b + d]);
    eprintln!(
        "{} puzzles: {one} Kraken steps of type 1, {two} of type 2",
        lines.len()
    );
    assert!(one > 0 && two > 0, "{one} {two}");
}
