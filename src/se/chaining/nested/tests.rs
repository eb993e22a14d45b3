//! The nested search's producers against the solver's own (two searches written apart):
//! on every chaining grid of SE's path through shared puzzles, the first hint of the
//! cycles, multiple and dynamic producers, collected in full and sorted as SE sorts, is
//! the hint the solver's producers give first. And the levels' difficulties and names.

use super::super::hint::ChainKind;
use super::super::links::WorkGrid;
use super::super::potential::{cand_cell, cand_digit};
use super::super::{Chainer, ChainingScratch, first_hint};
use super::names::name;
use super::search::{self, Producer};
use super::sink::{Ctx, Found, Sink};
use super::{Nested, cycles};
use crate::candidates::Candidates;
use crate::puzzle::Puzzle;
use crate::se::solver::{Next, apply, next_hint};
use std::path::PathBuf;

/// Every grid of SE's path where the step is a chaining one (6.5 and up).
fn chaining_grids(puzzle: &Puzzle) -> Vec<Candidates> {
    let mut grid = Candidates::from_puzzle(puzzle);
    let mut grids = Vec::new();
    while !grid.is_solved() {
        let Next::Step(hint) = next_hint(&grid) else {
            break;
        };
        if hint.difficulty.0 >= 6.5 {
            grids.push(grid.clone());
        }
        apply(&mut grid, &hint);
    }
    grids
}

/// The first hint a producer gives, collected in full on `grid`.
fn first_collected(grid: &WorkGrid, producer: Option<Producer>) -> Option<Found> {
    let mut ctx = Ctx::new(None);
    let mut sink = Sink::collect(grid, grid);
    match producer {
        None => cycles::hints(&mut ctx, grid, &mut sink),
        Some(producer) => search::hints(&mut ctx, producer, grid, &mut sink),
    }
    sink.into_sorted().into_iter().next()
}

/// The shared corpora's top95 file, or `None` (said on stderr) on a machine without them.
fn shared_top95() -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora/norvig_top95.txt");
    let text = std::fs::read_to_string(&path);
    if text.is_err() {
        eprintln!("skipping: {} is not present", path.display());
    }
    text.ok()
}

#[test]
fn collected_producers_agree_with_the_solver_s_on_real_grids() {
    let Some(text) = shared_top95() else {
        return;
    };
    let mut scratch = ChainingScratch::default();
    let mut compared = 0;
    for line in text.lines().take(12) {
        let Ok(puzzle) = Puzzle::parse_line(line) else {
            continue;
        };
        for grid in chaining_grids(&puzzle) {
            let work = WorkGrid::new(&grid);
            for (chainer, producer) in [
                (Chainer::Cycles, None),
                (
                    Chainer::Multiple,
                    Some(Producer {
                        dynamic: false,
                        level: 0,
                    }),
                ),
                (
                    Chainer::Dynamic,
                    Some(Producer {
                        dynamic: true,
                        level: 0,
                    }),
                ),
            ] {
                let solver = first_hint(&grid, chainer, &mut scratch);
                let collected = first_collected(&work, producer);
                match (solver, collected) {
                    (None, None) => {}
                    (Some(a), Some(b)) => {
                        let mut removals: Vec<_> = b
                            .removals
                            .iter()
                            .map(|&c| (cand_cell(c), cand_digit(c)))
                            .collect();
                        removals.sort_by_key(|&(c, d)| (c.index(), d.index()));
                        let mut expected = a.removals.clone();
                        expected.sort_by_key(|&(c, d)| (c.index(), d.index()));
                        assert_eq!(
                            (a.difficulty.0, a.complexity, a.sort_key(), expected),
                            (b.difficulty.0, b.complexity, b.sort_key, removals),
                            "{chainer:?} on {line}"
                        );
                    }
                    (a, b) => panic!("{chainer:?} on {line}: {a:?} vs {}", b.is_some()),
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 0);
}

#[test]
fn levels_have_se_s_difficulties_and_names() {
    let bases: Vec<f64> = [2, 3, 4, 5]
        .map(|level| Producer {
            dynamic: true,
            level,
        })
        .map(Producer::base)
        .to_vec();
    assert_eq!(bases, [9.5, 10.0, 10.5, 11.0]);
    assert_eq!(
        name(ChainKind::RegionForcing, 2),
        "Dynamic Region Forcing Chains (+ Forcing Chains)"
    );
    assert_eq!(
        name(ChainKind::Double, 5),
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
    );
}

#[test]
fn a_past_deadline_stops_the_first_level() {
    let puzzle = Puzzle::parse_line(
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    )
    .unwrap();
    let grid = Candidates::from_puzzle(&puzzle);
    let past = std::time::Instant::now();
    assert!(matches!(
        super::first_hint(&grid, Some(past)),
        Nested::TimedOut { level: 2 }
    ));
}

/// A hint as a chain reads it, comparable.
fn read(found: &Found) -> (f64, u32, u8, Vec<u16>, Vec<u16>, u64) {
    (
        found.difficulty.0,
        found.complexity,
        found.sort_key,
        found.removals.clone(),
        found.parents.clone(),
        found.fingerprint,
    )
}

#[test]
fn skipping_searches_keeps_every_hint_with_rule_parents() {
    let Some(text) = shared_top95() else {
        return;
    };
    let mut kept = 0;
    for line in text.lines().take(6) {
        let Ok(puzzle) = Puzzle::parse_line(line) else {
            continue;
        };
        for grid in chaining_grids(&puzzle) {
            let source = WorkGrid::new(&grid);
            // Grids a chain makes: a candidate's digit taken from its cell's peers.
            for cell in source.empty().iter().step_by(7) {
                let Some(digit) = source.candidates(cell).iter().next() else {
                    continue;
                };
                let mut current = source.clone();
                for peer in (cell.peers() & source.cells_with(digit)).iter() {
                    current.remove(peer, digit);
                }
                let mut ctx = Ctx::new(None);
                let mut all = Sink::collect(&source, &current);
                cycles::hints(&mut ctx, &current, &mut all);
                let mut fresh = Sink::collect_fresh(&source, &current);
                cycles::hints(&mut ctx, &current, &mut fresh);
                let expected: Vec<_> = all
                    .into_sorted()
                    .iter()
                    .filter(|h| !h.parents.is_empty())
                    .map(read)
                    .collect();
                let found: Vec<_> = fresh.into_sorted().iter().map(read).collect();
                assert_eq!(found, expected, "{line}, {cell} set to {digit}");
                kept += found.len();
            }
        }
    }
    assert!(kept > 0);
}

#[test]
fn a_level_takes_the_answers_of_the_level_whose_rules_it_asks_first() {
    use super::search::rules_shared;
    assert_eq!(
        rules_shared(2, 3),
        1,
        "level 3 asks cycles first, as level 2"
    );
    assert_eq!(
        rules_shared(4, 5),
        1,
        "level 5 asks dynamic chains first, as level 4"
    );
    assert_eq!(rules_shared(3, 4), 0);
    assert_eq!(
        rules_shared(3, 2),
        0,
        "level 2 does not ask multiple chains"
    );
    assert_eq!(rules_shared(5, 5), 2);
}

#[test]
fn the_memo_keeps_one_answer_per_grid() {
    use super::memo::{Answer, Memo};
    let puzzle = Puzzle::parse_line(
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    )
    .unwrap();
    let grid = WorkGrid::new(&Candidates::from_puzzle(&puzzle));
    let mut other = grid.clone();
    let cell = grid.empty().first().unwrap();
    let digit = grid.candidates(cell).iter().next().unwrap();
    other.remove(cell, digit);
    let answer = |level| Answer {
        level,
        basic: false,
        deductions: Vec::new(),
        parents: Vec::new(),
    };
    let mut memo = Memo::default();
    memo.put(&grid, answer(2));
    assert_eq!(memo.get(&grid).map(|a| a.level), Some(2));
    assert!(memo.get(&other).is_none());
    memo.put(&grid, answer(3));
    memo.put(&other, answer(4));
    assert_eq!(memo.get(&grid).map(|a| a.level), Some(3));
    assert_eq!(memo.get(&other).map(|a| a.level), Some(4));
}
