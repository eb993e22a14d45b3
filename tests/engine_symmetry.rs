//! Every technique in every orientation, on real grids: the rules of Sudoku do not change
//! when the grid is transposed (rows become columns, boxes map to boxes), when rows are
//! permuted within a band or bands are swapped, or when digits are renamed, so neither may
//! what a technique finds. For each grid met along real solves, every technique of the
//! catalogue (brute force aside: it picks a cell by reading order) must find in the grid's
//! image exactly the mapped placements and eliminations it finds in the original; the
//! symmetries take turns from grid to grid, so each meets every technique on a third of
//! the grids. And every step any of them reports changes the grid it was found in.
//!
//! The unit tests check each technique on crafted grids, usually in one or two
//! orientations; this checks the other orientations of every technique at once, on grids
//! where all of them occur.
//!
//! Nice loops and AICs are the exception, by HoDoKu's design: its search keeps, for every
//! consequence of a premise, only the first shortest chain its breadth-first walk meets
//! (rows before columns, lower cells and digits first), and rejects the consequence when
//! that chain crosses itself, though another might not. Which loops it finds therefore
//! depends on the grid's orientation; they are checked against their definition in
//! `tests/chain_definitions.rs` instead. So is HoDoKu's ALS Chain: it links each ALS only
//! to ALS after it in its list (which follows cell order), lets a link use only the RC
//! digits the previous link left (comparing with the first of two, as HoDoKu does), and
//! keeps one chain per set of eliminations; which chains exist to it depends on the order
//! of the ALS. Its steps are checked against their definition in
//! `tests/engine_definitions.rs`. And HoDoKu's Forcing Net: its tables look ahead by the
//! singles its queues hold, in the order candidates went (cell order within a step), up to
//! four rounds, and it keeps a conclusion only if the chain it prints (along each entry's
//! latest origin) shows a side chain; both depend on the orientation. Its tables are
//! checked against their definition in its unit tests, its steps for soundness on whole
//! corpora. And Kraken Fish: of each base and cover set, HoDoKu keeps only the first
//! elimination in cell order; its steps are checked against their definition and for
//! soundness in `tests/kraken_fish.rs`.
//!
//! And HoDoKu's unique-rectangle search takes a rectangle's digits from its first corner,
//! in cell order, that holds two candidates. When two such corners hold different pairs
//! (and neither is ruled out of the rectangle), a symmetry can change which comes first,
//! and with it what the rectangle techniques find. On grids with such a rectangle those
//! techniques are not compared; everything else is.

mod common;

use rayon::prelude::*;
use std::collections::BTreeSet;
use sudolab::candidates::Candidates;
use sudolab::catalogue::Technique;
use sudolab::geometry::{Cell, Digit};
use sudolab::step::Step;

/// A map of the grid onto itself: where each cell goes and what each digit becomes.
struct Symmetry {
    name: &'static str,
    cell: fn(Cell) -> Cell,
    digit: fn(Digit) -> Digit,
}

fn transposed(cell: Cell) -> Cell {
    Cell::at(cell.col(), cell.row())
}

/// Rows of the first band in reverse order, the second and third bands swapped.
fn rows_permuted(cell: Cell) -> Cell {
    let row = match cell.row() {
        r @ 0..3 => 2 - r,
        r @ 3..6 => r + 3,
        r => r - 3,
    };
    Cell::at(row, cell.col())
}

/// 1 -> 2 -> ... -> 9 -> 1.
fn next_digit(digit: Digit) -> Digit {
    Digit::new(digit.get() % 9 + 1)
}

const SYMMETRIES: [Symmetry; 3] = [
    Symmetry {
        name: "transposed",
        cell: transposed,
        digit: |d| d,
    },
    Symmetry {
        name: "rows permuted within and across bands",
        cell: rows_permuted,
        digit: |d| d,
    },
    Symmetry {
        name: "digits renamed",
        cell: |c| c,
        digit: next_digit,
    },
];

/// `grid` mapped by `symmetry`: set cells first (givens staying givens), then the
/// candidates of the empty ones.
fn map_grid(grid: &Candidates, symmetry: &Symmetry) -> Candidates {
    let mut mapped = Candidates::empty();
    for cell in Cell::all() {
        if let Some(digit) = grid.value(cell) {
            let (to, digit) = ((symmetry.cell)(cell), (symmetry.digit)(digit));
            if grid.givens().contains(cell) {
                mapped.place_given(to, digit);
            } else {
                mapped.place(to, digit);
            }
        }
    }
    for cell in Cell::all().filter(|&c| grid.value(c).is_none()) {
        for digit in Digit::all().filter(|&d| !grid.has(cell, d)) {
            mapped.eliminate((symmetry.cell)(cell), (symmetry.digit)(digit));
        }
    }
    mapped
}

/// The techniques whose findings depend on the grid's orientation (see the module doc).
const ORIENTATION_DEPENDENT: [Technique; 5] = [
    Technique::NiceLoop,
    Technique::GroupedNiceLoop,
    Technique::AlsChain,
    Technique::ForcingNet,
    // Of a base and cover set, the first elimination in cell order.
    Technique::KrakenFish,
];

/// What a step does, as sorted (cell index, digit) lists: its placements and eliminations.
type Effect = (Vec<(usize, u8)>, Vec<(usize, u8)>);

fn effect(step: &Step, symmetry: Option<&Symmetry>) -> Effect {
    let map = |(cell, digit): (Cell, Digit)| match symmetry {
        Some(s) => ((s.cell)(cell).index(), (s.digit)(digit).get()),
        None => (cell.index(), digit.get()),
    };
    let mut eliminations: Vec<(usize, u8)> = step.eliminations.iter().map(map).collect();
    eliminations.sort_unstable();
    let mut placements: Vec<(usize, u8)> = step
        .placement
        .iter()
        .flat_map(|p| p.iter())
        .map(map)
        .collect();
    placements.sort_unstable();
    (placements, eliminations)
}

/// The Franken and Mutant fish: their search tries every pair of base and cover sets (rows
/// or columns with boxes, or any houses), so they are compared on every tenth grid only;
/// so are Death Blossom, Template Set and Template Delete.
const FRANKEN: [Technique; 11] = [
    Technique::FrankenXWing,
    Technique::FrankenSwordfish,
    Technique::FinnedFrankenXWing,
    Technique::FinnedFrankenSwordfish,
    Technique::MutantXWing,
    Technique::MutantSwordfish,
    Technique::FinnedMutantXWing,
    Technique::FinnedMutantSwordfish,
    // As slow per grid: they search every petal combination and every template.
    Technique::DeathBlossom,
    Technique::TemplateSet,
    Technique::TemplateDelete,
];

/// The Franken and Mutant fish of 4 to 7 base houses, and Kraken Fish (its tables): slower
/// still (a finned one can take a tenth of a second on an early grid), checked on one grid
/// in 200.
const LARGE_FRANKEN: [Technique; 17] = [
    Technique::FrankenJellyfish,
    Technique::FrankenSquirmbag,
    Technique::FrankenWhale,
    Technique::FrankenLeviathan,
    Technique::FinnedFrankenJellyfish,
    Technique::FinnedFrankenSquirmbag,
    Technique::FinnedFrankenWhale,
    Technique::FinnedFrankenLeviathan,
    Technique::MutantJellyfish,
    Technique::MutantSquirmbag,
    Technique::MutantWhale,
    Technique::MutantLeviathan,
    Technique::FinnedMutantJellyfish,
    Technique::FinnedMutantSquirmbag,
    Technique::FinnedMutantWhale,
    Technique::FinnedMutantLeviathan,
    Technique::KrakenFish,
];

/// The techniques that use HoDoKu's unique-rectangle search.
const RECTANGLE_SEARCH: [Technique; 7] = [
    Technique::UniquenessTest1,
    Technique::UniquenessTest2,
    Technique::UniquenessTest3,
    Technique::UniquenessTest4,
    Technique::UniquenessTest5,
    Technique::UniquenessTest6,
    Technique::HiddenRectangle,
];

/// Whether a rectangle of four unsolved cells (two rows, two columns, two boxes) has two
/// corners holding two candidates each, different pairs, neither digit of either pair
/// ruled out of a corner by a set digit: which one HoDoKu's search takes depends on cell
/// order.
fn rectangle_digits_follow_cell_order(grid: &Candidates) -> bool {
    let ruled_out = |cell: Cell, digit: Digit| {
        Cell::all().any(|other| other.sees(cell) && grid.value(other) == Some(digit))
    };
    let lines = |n: usize| (0..n).flat_map(move |a| (a + 1..n).map(move |b| (a, b)));
    lines(9).any(|(r1, r2)| {
        lines(9).any(|(c1, c2)| {
            let corners = [(r1, c1), (r1, c2), (r2, c1), (r2, c2)].map(|(r, c)| Cell::at(r, c));
            let boxes: BTreeSet<usize> = corners.iter().map(|c| c.box_index()).collect();
            if boxes.len() != 2 || corners.iter().any(|&c| grid.value(c).is_some()) {
                return false;
            }
            let pairs: BTreeSet<Vec<Digit>> = corners
                .iter()
                .map(|&c| grid.candidates(c).iter().collect::<Vec<Digit>>())
                .filter(|pair| pair.len() == 2)
                .filter(|pair| {
                    corners
                        .iter()
                        .all(|&c| pair.iter().all(|&d| !ruled_out(c, d)))
                })
                .collect();
            pairs.len() > 1
        })
    })
}

/// Grids met along solves of a slice of the bundled Sudoku Exchange sample with the
/// standard ladder and the fallback: every grid of each solve.
fn grids() -> Vec<Candidates> {
    common::grids_along_solves(if cfg!(debug_assertions) { 800 } else { 80 })
}

/// What one grid shows: per technique the steps found, the disagreements, and whether its
/// rectangle digits follow cell order.
struct GridCheck {
    found: Vec<usize>,
    failures: Vec<String>,
    order_dependent: bool,
}

/// Checks every technique on grid number `g` of the sample and on its image under one of
/// the symmetries, taken in turn from grid to grid: every technique meets every symmetry on
/// a third of the grids, at a third of the cost of mapping each grid three times.
fn check_grid(g: usize, grid: &Candidates) -> GridCheck {
    let mut found = vec![0usize; Technique::COUNT];
    let mut failures = Vec::new();
    let skip_rectangles = rectangle_digits_follow_cell_order(grid);
    let symmetry = &SYMMETRIES[g % SYMMETRIES.len()];
    let mapped = map_grid(grid, symmetry);
    for &t in Technique::ALL {
        if t == Technique::BruteForce
            || FRANKEN.contains(&t) && !g.is_multiple_of(10)
            || LARGE_FRANKEN.contains(&t) && !g.is_multiple_of(200)
        {
            continue;
        }
        let steps = t.find_all(grid, None);
        found[t.index()] += steps.len();
        // Whatever a technique reports changes the grid: a placement of one of the
        // cell's candidates, or eliminations of candidates still there.
        for step in &steps {
            let placing_a_candidate = step
                .placement
                .is_none_or(|p| p.iter().all(|(cell, digit)| grid.has(cell, digit)));
            let mut after = grid.clone();
            assert!(
                placing_a_candidate && !step.apply_to(&mut after).is_empty(),
                "{step:?} changes nothing in\n{grid}"
            );
        }
        if ORIENTATION_DEPENDENT.contains(&t) || skip_rectangles && RECTANGLE_SEARCH.contains(&t) {
            continue;
        }
        let expected: BTreeSet<Effect> = steps.iter().map(|s| effect(s, Some(symmetry))).collect();
        let actual: BTreeSet<Effect> = t
            .find_all(&mapped, None)
            .iter()
            .map(|s| effect(s, None))
            .collect();
        if expected != actual {
            failures.push(format!(
                "{t}, {}: original finds\n  {}\nmapped finds\n  {}\nin\n{grid}",
                symmetry.name,
                steps.texts().join("\n  "),
                t.find_all(&mapped, None).texts().join("\n  "),
            ));
        }
    }
    GridCheck {
        found,
        failures,
        order_dependent: skip_rectangles,
    }
}

#[test]
fn every_technique_finds_the_same_under_symmetries_and_each_step_makes_progress() {
    let grids = grids();
    let checks: Vec<GridCheck> = grids
        .par_iter()
        .enumerate()
        .map(|(g, grid)| check_grid(g, grid))
        .collect();
    let mut found = vec![0usize; Technique::COUNT];
    for check in &checks {
        for (sum, n) in found.iter_mut().zip(&check.found) {
            *sum += n;
        }
    }
    let failures: Vec<&String> = checks.iter().flat_map(|c| &c.failures).take(5).collect();
    let order_dependent = checks.iter().filter(|c| c.order_dependent).count();
    assert!(
        failures.is_empty(),
        "{}",
        failures
            .iter()
            .map(|f| f.as_str())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
    eprintln!(
        "{} grids, {order_dependent} with rectangle digits that follow cell order",
        grids.len()
    );
    assert!(
        order_dependent * 10 < grids.len(),
        "the rectangle techniques are compared on too few grids"
    );
    // The grids are varied enough that every technique finds something in them, so no
    // technique passes for finding nothing anywhere.
    for &t in Technique::ALL {
        eprintln!("{t}: {} steps", found[t.index()]);
    }
    let missing: Vec<&str> = Technique::ALL
        .iter()
        .filter(|&&t| t != Technique::BruteForce && found[t.index()] == 0)
        .map(|t| t.name())
        .collect();
    assert!(missing.is_empty(), "never found: {missing:?}");
}
