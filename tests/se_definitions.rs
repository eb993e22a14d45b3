//! SE's rules on real grids: on every grid met along SE's path through shared corpora,
//! each fast rule's first hint must be the first hint of SE's rule written as plainly as
//! SE's Java reads (every house, digit and combination in SE's order, no pruning, no
//! tables), and every step of the path must agree with the puzzle's solution.
//!
//! The corpora are read from `../shared/corpora` and the test skips, saying so, when
//! they are absent; the bundled puzzles below always run.

mod common;

use rayon::prelude::*;
use std::path::PathBuf;
use sudolab::bitset::{CellSet, DigitSet, bit_positions};
use sudolab::candidates::Candidates;
use sudolab::geometry::{Cell, Digit, House, HouseKind};
use sudolab::oracle::{self, Uniqueness};
use sudolab::puzzle::Puzzle;
use sudolab::se::hint::{Hint, Removals, Rule};
use sudolab::se::order::{Combinations, blocks_columns_rows, house};
use sudolab::se::rules::{aligned_exclusion, fish, locking, sets, singles};
use sudolab::se::solver::{Next, apply, next_hint};

/// Puzzles whose SE paths go through every rule of the core (BUG, unique loops, APE).
const BUNDLED: [&str; 3] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "000009080000704000000200004050800200007030050036970000040000003000528006005090078",
    "........9.6....3..2.4....7...937.5.1.....2..3...15.7....1.24.....8.3.6...4.5.....",
];

fn corpus_puzzles() -> Vec<Puzzle> {
    let mut puzzles: Vec<Puzzle> = BUNDLED
        .iter()
        .map(|l| Puzzle::parse_line(l).unwrap())
        .collect();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    if !dir.is_dir() {
        common::skip::skip(&format!("the corpora: {} is not present", dir.display()));
        return puzzles;
    }
    for (name, take) in [
        ("norvig_top95.txt", 95),
        ("hodoku_exemplars.txt", 120),
        ("qqwing_expert.txt", 100),
        ("sudoku17_royle.txt", 60),
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        puzzles.extend(
            text.lines()
                .filter_map(|l| Puzzle::parse_line(l).ok())
                .take(take),
        );
    }
    puzzles
}

/// Every grid met along SE's path, checking each step against the solution.
fn path_grids(puzzle: &Puzzle) -> Vec<Candidates> {
    let Uniqueness::Unique(solution) = oracle::analyse(puzzle) else {
        return Vec::new();
    };
    let mut grid = Candidates::from_puzzle(puzzle);
    let mut grids = Vec::new();
    while !grid.is_solved() {
        let Next::Step(hint) = next_hint(&grid) else {
            break;
        };
        for (cell, digit) in hint.removals.iter() {
            assert_ne!(
                solution.get(cell),
                digit,
                "{hint} removes the solution's digit"
            );
        }
        if let Some((cell, digit)) = hint.placement {
            assert_eq!(solution.get(cell), digit, "{hint} places a wrong digit");
        }
        grids.push(grid.clone());
        apply(&mut grid, &hint);
    }
    grids
}

fn removing(rule: Rule, digit: Digit, cells: CellSet) -> Hint {
    let mut removals = Removals::NONE;
    removals.add_cells(digit, cells);
    Hint::removing(rule, removals)
}

fn places(grid: &Candidates, h: House, digit: Digit) -> Vec<usize> {
    (0..9).filter(|&p| grid.has(h.cells()[p], digit)).collect()
}

/// `HiddenSingle.getHints` as SE writes it.
fn plain_hidden_single(grid: &Candidates) -> Option<Hint> {
    for alone in [true, false] {
        for h in blocks_columns_rows() {
            for digit in Digit::all() {
                let at = places(grid, h, digit);
                let is_alone = h
                    .cells()
                    .iter()
                    .filter(|c| grid.value(**c).is_none())
                    .count()
                    == 1;
                if at.len() == 1 && is_alone == alone {
                    let rule = match (alone, h.kind()) {
                        (true, _) => Rule::HiddenSingleAlone,
                        (false, HouseKind::Box) => Rule::HiddenSingleBox,
                        _ => Rule::HiddenSingleLine,
                    };
                    return Some(Hint::placing(rule, h.cells()[at[0]], digit));
                }
            }
        }
    }
    None
}

/// `Locking.getHints` (direct or not) as SE writes it.
fn plain_locking(grid: &Candidates, direct: bool) -> Option<Hint> {
    use HouseKind::{Box, Column, Row};
    for (k1, k2) in [(Box, Column), (Box, Row), (Column, Box), (Row, Box)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (r1, r2) = (house(k1, i1), house(k2, i2));
                if !r1.cell_set().intersects(r2.cell_set()) {
                    continue;
                }
                for digit in Digit::all() {
                    let at = places(grid, r1, digit);
                    if at.len() <= 1 || !at.iter().all(|&p| r2.cell_set().contains(r1.cells()[p])) {
                        continue;
                    }
                    if !direct {
                        let removed = grid.cells_with(digit) & (r2.cell_set() - r1.cell_set());
                        if !removed.is_empty() {
                            let rule = if k1 == Box {
                                Rule::Pointing
                            } else {
                                Rule::Claiming
                            };
                            return Some(removing(rule, digit, removed));
                        }
                        continue;
                    }
                    for i3 in (0..9).filter(|&i| i != i1) {
                        let r3 = house(k1, i3);
                        if !r3.cell_set().intersects(r2.cell_set()) {
                            continue;
                        }
                        let at3 = places(grid, r3, digit);
                        let outside: Vec<Cell> = at3
                            .iter()
                            .map(|&p| r3.cells()[p])
                            .filter(|c| !r2.cell_set().contains(*c))
                            .collect();
                        if at3.len() > 1 && outside.len() == 1 {
                            let rule = if k1 == Box {
                                Rule::DirectPointing
                            } else {
                                Rule::DirectClaiming
                            };
                            return Some(Hint::placing(rule, outside[0], digit));
                        }
                    }
                }
            }
        }
    }
    None
}

/// SE's `CommonTuples.searchCommonTuple` over 9-bit masks.
fn common_tuple(masks: &[u16], degree: u32) -> Option<u16> {
    let mut union = 0;
    for &m in masks {
        if m.count_ones() <= 1 {
            return None;
        }
        union |= m;
    }
    (union.count_ones() == degree).then_some(union)
}

/// `NakedSet.getHints` as SE writes it.
fn plain_naked_set(grid: &Candidates, degree: u32) -> Option<Hint> {
    let rule = [Rule::NakedPair, Rule::NakedTriplet, Rule::NakedQuad][degree as usize - 2];
    for h in blocks_columns_rows() {
        if grid.empty_cells_in(h) < degree * 2 {
            continue;
        }
        for combo in Combinations::new(degree, 9) {
            let masks: Vec<u16> = bit_positions(combo)
                .map(|p| grid.candidates(h.cells()[p]).bits())
                .collect();
            let Some(common) = common_tuple(&masks, degree) else {
                continue;
            };
            let mut removals = Removals::NONE;
            for p in (0..9).filter(|p| combo >> p & 1 == 0) {
                for digit in (grid.candidates(h.cells()[p]) & DigitSet::from_bits(common)).iter() {
                    removals.add(h.cells()[p], digit);
                }
            }
            if !removals.is_empty() {
                return Some(Hint::removing(rule, removals));
            }
        }
    }
    None
}

/// `HiddenSet.getHints` as SE writes it.
fn plain_hidden_set(grid: &Candidates, degree: u32, direct: bool) -> Option<Hint> {
    for h in blocks_columns_rows() {
        let empty = grid.empty_cells_in(h);
        if !(empty > degree * 2 || (direct && empty > degree)) {
            continue;
        }
        for combo in Combinations::new(degree, 9) {
            let position_mask = |d: usize| {
                places(grid, h, Digit::from_index(d))
                    .iter()
                    .fold(0u16, |m, p| m | 1 << p)
            };
            let masks: Vec<u16> = bit_positions(combo).map(position_mask).collect();
            let Some(common) = common_tuple(&masks, degree) else {
                continue;
            };
            if direct {
                for d in (0..9).filter(|d| combo >> d & 1 == 0) {
                    let at = position_mask(d);
                    if at.count_ones() > 1 && (at & !common).count_ones() == 1 {
                        let rule = if degree == 2 {
                            Rule::DirectHiddenPair
                        } else {
                            Rule::DirectHiddenTriplet
                        };
                        let cell = h.cells()[(at & !common).trailing_zeros() as usize];
                        return Some(Hint::placing(rule, cell, Digit::from_index(d)));
                    }
                }
                continue;
            }
            let mut removals = Removals::NONE;
            for p in bit_positions(u64::from(common)) {
                let cell = h.cells()[p];
                for digit in (grid.candidates(cell) - DigitSet::from_bits(combo as u16)).iter() {
                    removals.add(cell, digit);
                }
            }
            if !removals.is_empty() {
                let rule =
                    [Rule::HiddenPair, Rule::HiddenTriplet, Rule::HiddenQuad][degree as usize - 2];
                return Some(Hint::removing(rule, removals));
            }
        }
    }
    None
}

/// `Fisherman.getHints` as SE writes it.
fn plain_fish(grid: &Candidates, degree: u32) -> Option<Hint> {
    let rule = [Rule::XWing, Rule::Swordfish, Rule::Jellyfish][degree as usize - 2];
    for (k1, k2) in [
        (HouseKind::Column, HouseKind::Row),
        (HouseKind::Row, HouseKind::Column),
    ] {
        for combo in Combinations::new(degree, 9) {
            for digit in Digit::all() {
                let placed = CellSet::ALL - grid.unsolved();
                let occurrences = placed
                    .iter()
                    .filter(|c| grid.value(*c) == Some(digit))
                    .count() as u32;
                if occurrences + degree * 2 > 9 {
                    continue;
                }
                let masks: Vec<u16> = bit_positions(combo)
                    .map(|i| {
                        places(grid, house(k1, i), digit)
                            .iter()
                            .fold(0u16, |m, p| m | 1 << p)
                    })
                    .collect();
                let Some(covers) = common_tuple(&masks, degree) else {
                    continue;
                };
                let mut removed = CellSet::EMPTY;
                for j in bit_positions(u64::from(covers)) {
                    for (p, &cell) in house(k2, j).cells().iter().enumerate() {
                        if combo >> p & 1 == 0 && grid.has(cell, digit) {
                            removed.insert(cell);
                        }
                    }
                }
                if !removed.is_empty() {
                    return Some(removing(rule, digit, removed));
                }
            }
        }
    }
    None
}

/// `AlignedPairExclusion.getHints` as SE writes it.
fn plain_aligned_pair(grid: &Candidates) -> Option<Hint> {
    let mut listed: Vec<(Cell, Vec<Cell>)> = Vec::new();
    for cell in Cell::all() {
        if grid.candidates(cell).len() < 2 {
            continue;
        }
        let peers = sudolab::se::order::house_cells(cell);
        let single = peers.iter().any(|c| grid.candidates(*c).len() == 1);
        let excluders: Vec<Cell> = peers
            .iter()
            .copied()
            .filter(|c| grid.candidates(*c).len() == 2)
            .collect();
        if !single && !excluders.is_empty() {
            listed.push((cell, excluders));
        }
    }
    for j in 1..listed.len() {
        for i in 0..j {
            let (a, b) = (&listed[i], &listed[j]);
            let common: Vec<Cell> = a.1.iter().copied().filter(|c| b.1.contains(c)).collect();
            if common.len() < 2 {
                continue;
            }
            let mut allowed = [DigitSet::EMPTY; 2];
            for x in grid.candidates(a.0).iter() {
                for y in grid.candidates(b.0).iter() {
                    let mut ok = !(x == y && a.0.sees(b.0));
                    let pair = DigitSet::single(x) | DigitSet::single(y);
                    ok &= common
                        .iter()
                        .all(|c| !grid.candidates(*c).is_subset_of(pair));
                    if ok {
                        allowed[0].insert(x);
                        allowed[1].insert(y);
                    }
                }
            }
            let mut removals = Removals::NONE;
            for (k, cell) in [a.0, b.0].into_iter().enumerate() {
                for digit in (grid.candidates(cell) - allowed[k]).iter() {
                    removals.add(cell, digit);
                }
            }
            if !removals.is_empty() {
                return Some(Hint::removing(Rule::AlignedPairExclusion, removals));
            }
        }
    }
    None
}

#[test]
fn every_fast_rule_finds_se_s_first_hint_on_real_grids_and_every_step_is_sound() {
    let puzzles = corpus_puzzles();
    let grids: usize = puzzles
        .par_iter()
        .map(|puzzle| {
            let path = path_grids(puzzle);
            for grid in &path {
                let g = grid;
                assert_eq!(singles::hidden_single(g), plain_hidden_single(g));
                assert_eq!(locking::direct_locking(g), plain_locking(g, true));
                assert_eq!(locking::locking(g), plain_locking(g, false));
                for degree in 2..=4 {
                    assert_eq!(
                        sets::naked_set(g, degree),
                        plain_naked_set(g, degree),
                        "naked {degree}"
                    );
                    assert_eq!(
                        sets::hidden_set(g, degree, false),
                        plain_hidden_set(g, degree, false),
                        "hidden {degree}"
                    );
                    assert_eq!(
                        fish::fish(g, degree),
                        plain_fish(g, degree),
                        "fish {degree}"
                    );
                }
                for degree in 2..=3 {
                    assert_eq!(
                        sets::hidden_set(g, degree, true),
                        plain_hidden_set(g, degree, true),
                        "direct hidden {degree}"
                    );
                }
                assert_eq!(
                    aligned_exclusion::aligned_pair_exclusion(g),
                    plain_aligned_pair(g)
                );
            }
            path.len()
        })
        .sum();
    assert!(grids > 100, "{grids} grids");
    println!("{} puzzles, {grids} grids", puzzles.len());
}
