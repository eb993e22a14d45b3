//! Completeness on real grids: soundness tests catch a wrong step, not a missed one. Here
//! the fast finders of the singles, locked candidates, locked subsets, XY/XYZ-Wings and
//! finned and sashimi fish are
//! compared, on every grid met along real solves, with their definitions written as plainly
//! as possible (every house, digit and cell combination tried in turn): what each finder's
//! steps do must be exactly what the definition's instances do. The related sets (subsets
//! and fish) have the same check against their definition in their unit tests.

mod common;

use std::collections::BTreeSet;
use sudolab::bitset::CellSet;
use sudolab::candidates::Candidates;
use sudolab::catalogue::Technique;
use sudolab::geometry::{Cell, Digit, House, HouseKind};

/// What a step does: its placement and its eliminations, as sorted (cell, digit) pairs.
type Effect = (Option<(usize, u8)>, Vec<(usize, u8)>);

fn placing(cell: Cell, digit: Digit) -> Effect {
    (Some((cell.index(), digit.get())), Vec::new())
}

fn removing(digit: Digit, cells: CellSet) -> Effect {
    (
        None,
        cells.iter().map(|c| (c.index(), digit.get())).collect(),
    )
}

fn found(t: Technique, grid: &Candidates) -> BTreeSet<Effect> {
    t.find_all(grid, None)
        .iter()
        .map(|step| {
            let mut eliminations: Vec<(usize, u8)> = step
                .eliminations
                .iter()
                .map(|(c, d)| (c.index(), d.get()))
                .collect();
            eliminations.sort_unstable();
            (
                step.placement.map(|(c, d)| (c.index(), d.get())),
                eliminations,
            )
        })
        .collect()
}

fn empty_cells(grid: &Candidates, house: House) -> Vec<Cell> {
    house
        .cells()
        .iter()
        .copied()
        .filter(|&c| grid.value(c).is_none())
        .collect()
}

fn places(grid: &Candidates, house: House, digit: Digit) -> Vec<Cell> {
    house
        .cells()
        .iter()
        .copied()
        .filter(|&c| grid.has(c, digit))
        .collect()
}

/// The last empty cell of a house, when it has one candidate.
fn full_houses(grid: &Candidates) -> BTreeSet<Effect> {
    let mut out = BTreeSet::new();
    for house in House::all() {
        if let [cell] = empty_cells(grid, house)[..] {
            let digits: Vec<Digit> = grid.candidates(cell).iter().collect();
            if let [digit] = digits[..] {
                out.insert(placing(cell, digit));
            }
        }
    }
    out
}

/// An empty cell with one candidate.
fn naked_singles(grid: &Candidates) -> BTreeSet<Effect> {
    let mut out = BTreeSet::new();
    for cell in Cell::all().filter(|&c| grid.value(c).is_none()) {
        let digits: Vec<Digit> = grid.candidates(cell).iter().collect();
        if let [digit] = digits[..] {
            out.insert(placing(cell, digit));
        }
    }
    out
}

/// A digit with one place in a house.
fn hidden_singles(grid: &Candidates) -> BTreeSet<Effect> {
    let mut out = BTreeSet::new();
    for house in House::all() {
        for digit in Digit::all() {
            if let [cell] = places(grid, house, digit)[..] {
                out.insert(placing(cell, digit));
            }
        }
    }
    out
}

/// A digit with two or three places in `base`, all in `other`: it leaves the rest of `other`.
fn locked(grid: &Candidates, base_kind: HouseKind, other_kinds: &[HouseKind]) -> BTreeSet<Effect> {
    let mut out = BTreeSet::new();
    for base in House::all().filter(|h| h.kind() == base_kind) {
        for digit in Digit::all() {
            let at = places(grid, base, digit);
            if !(2..=3).contains(&at.len()) {
                continue;
            }
            for other in House::all().filter(|h| other_kinds.contains(&h.kind())) {
                if at.iter().all(|&c| other.cell_set().contains(c)) {
                    let targets: CellSet = other
                        .cells()
                        .iter()
                        .copied()
                        .filter(|&c| !base.cell_set().contains(c) && grid.has(c, digit))
                        .collect();
                    if !targets.is_empty() {
                        out.insert(removing(digit, targets));
                    }
                }
            }
        }
    }
    out
}

/// `size` empty cells of a box/line intersection holding `size` digits between them, which
/// remove something both from the rest of the box and from the line outside the box.
fn locked_subsets(grid: &Candidates, size: usize) -> BTreeSet<Effect> {
    let mut out = BTreeSet::new();
    for box_ in House::all().filter(|h| h.kind() == HouseKind::Box) {
        for line in House::all().filter(|h| h.kind() != HouseKind::Box) {
            let shared: Vec<Cell> = line
                .cells()
                .iter()
                .copied()
                .filter(|&c| box_.cell_set().contains(c) && grid.value(c).is_none())
                .collect();
            let choices: Vec<Vec<Cell>> = match size {
                2 => (0..shared.len())
                    .flat_map(|i| (i + 1..shared.len()).map(move |j| (i, j)))
                    .map(|(i, j)| vec![shared[i], shared[j]])
                    .collect(),
                _ if shared.len() == 3 => vec![shared.clone()],
                _ => Vec::new(),
            };
            for cells in choices {
                let digits = cells.iter().fold(grid.candidates(cells[0]), |acc, &c| {
                    acc | grid.candidates(c)
                });
                if digits.len() as usize != size {
                    continue;
                }
                let others = |house: House, skip: House| -> Vec<Cell> {
                    house
                        .cells()
                        .iter()
                        .copied()
                        .filter(|c| !cells.contains(c) && !skip.cell_set().contains(*c))
                        .collect()
                };
                let in_box = others(box_, line);
                let in_box: Vec<Cell> = in_box
                    .into_iter()
                    .chain(shared.iter().copied().filter(|c| !cells.contains(c)))
                    .collect();
                let in_line = others(line, box_);
                let hits = |targets: &[Cell]| {
                    targets
                        .iter()
                        .any(|&c| digits.iter().any(|d| grid.has(c, d)))
                };
                if !(hits(&in_box) && hits(&in_line)) {
                    continue;
                }
                let mut eliminations: Vec<(usize, u8)> = in_box
                    .iter()
                    .chain(&in_line)
                    .flat_map(|&c| {
                        digits
                            .iter()
                            .filter(move |&d| grid.has(c, d))
                            .map(move |d| (c.index(), d.get()))
                    })
                    .collect();
                eliminations.sort_unstable();
                out.insert((None, eliminations));
            }
        }
    }
    out
}

fn digits_of(grid: &Candidates, cell: Cell) -> Vec<Digit> {
    grid.candidates(cell).iter().collect()
}

/// The cells other than `pattern` that see every cell of `pattern` and hold `digit`.
fn seeing_all(grid: &Candidates, pattern: &[Cell], digit: Digit) -> CellSet {
    Cell::all()
        .filter(|c| !pattern.contains(c) && pattern.iter().all(|p| p.sees(*c)))
        .filter(|&c| grid.has(c, digit))
        .collect()
}

/// Pivot {x,y} seeing pincers {x,z} and {y,z}: z leaves what sees both pincers.
fn xy_wings(grid: &Candidates) -> BTreeSet<Effect> {
    let mut out = BTreeSet::new();
    let bivalue: Vec<Cell> = Cell::all()
        .filter(|&c| grid.candidates(c).len() == 2)
        .collect();
    for &pivot in &bivalue {
        let [x, y] = digits_of(grid, pivot)[..] else {
            unreachable!()
        };
        for &a in bivalue.iter().filter(|&&a| pivot.sees(a)) {
            for &b in bivalue.iter().filter(|&&b| pivot.sees(b) && b != a) {
                let (da, db) = (grid.candidates(a), grid.candidates(b));
                // a holds x and z, b holds y and z, z being neither x nor y.
                let Some(z) = (da & db).iter().next() else {
                    continue;
                };
                let shape =
                    (da & db).len() == 1 && z != x && z != y && da.contains(x) && db.contains(y);
                if shape {
                    let targets = seeing_all(grid, &[a, b], z) - CellSet::single(pivot);
                    if !targets.is_empty() {
                        out.insert(removing(z, targets));
                    }
                }
            }
        }
    }
    out
}

/// Pivot {x,y,z} seeing pincers {x,z} and {y,z}: z leaves what sees all three.
fn xyz_wings(grid: &Candidates) -> BTreeSet<Effect> {
    let mut out = BTreeSet::new();
    for pivot in Cell::all().filter(|&c| grid.candidates(c).len() == 3) {
        let digits = grid.candidates(pivot);
        let pincers: Vec<Cell> = Cell::all()
            .filter(|&c| pivot.sees(c) && grid.candidates(c).len() == 2)
            .filter(|&c| grid.candidates(c).is_subset_of(digits))
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let common = grid.candidates(a) & grid.candidates(b);
                if common.len() != 1 {
                    continue;
                }
                let z = common.iter().next().unwrap();
                let targets = seeing_all(grid, &[pivot, a, b], z);
                if !targets.is_empty() {
                    out.insert(removing(z, targets));
                }
            }
        }
    }
    out
}

/// The sets of `size` of the lines 0-8, as bit sets.
fn line_sets(size: u32) -> impl Iterator<Item = u16> {
    (0u16..512).filter(move |set| set.count_ones() == size)
}

fn cells_of_lines(kind: HouseKind, set: u16) -> CellSet {
    House::all_of(kind)
        .enumerate()
        .filter(|&(i, _)| set >> i & 1 == 1)
        .fold(CellSet::EMPTY, |cells, (_, line)| cells | line.cell_set())
}

/// Finned (or, with `sashimi`, sashimi) fish of `size` base lines: for every digit, every
/// set of base lines holding it and every set of cover lines each holding a base candidate,
/// the base candidates outside the cover are the fins; when there are some and they share
/// a box, the cover candidates in that box off the base lines go. The fish is sashimi when
/// some base line has at most one candidate in the cover.
fn finned_fish(grid: &Candidates, size: u32, sashimi: bool) -> BTreeSet<Effect> {
    let mut out = BTreeSet::new();
    for (kind, cross) in [
        (HouseKind::Row, HouseKind::Column),
        (HouseKind::Column, HouseKind::Row),
    ] {
        let lines: Vec<House> = House::all_of(kind).collect();
        let crosses: Vec<House> = House::all_of(cross).collect();
        for digit in Digit::all() {
            let with = grid.cells_with(digit);
            for base in line_sets(size) {
                let base_lines = cells_of_lines(kind, base);
                let base_cells = base_lines & with;
                if (0..9).any(|i| base >> i & 1 == 1 && (lines[i].cell_set() & with).is_empty()) {
                    continue;
                }
                for cover in line_sets(size) {
                    let holds_base = |j: usize| crosses[j].cell_set().intersects(base_cells);
                    if (0..9).any(|j| cover >> j & 1 == 1 && !holds_base(j)) {
                        continue;
                    }
                    let cover_cells = cells_of_lines(cross, cover) & with;
                    let fins = base_cells - cover_cells;
                    let Some(fin) = fins.first() else {
                        continue;
                    };
                    let fin_box = House::box_(fin.box_index()).cell_set();
                    if !fins.is_subset_of(fin_box) {
                        continue;
                    }
                    let is_sashimi = (0..9).any(|i| {
                        base >> i & 1 == 1 && (lines[i].cell_set() & cover_cells).len() <= 1
                    });
                    let targets = (cover_cells & fin_box) - base_lines;
                    if is_sashimi == sashimi && !targets.is_empty() {
                        out.insert(removing(digit, targets));
                    }
                }
            }
        }
    }
    out
}

/// Every grid met along solves of a slice of the bundled Sudoku Exchange sample.
fn grids() -> Vec<Candidates> {
    common::grids_along_solves(if cfg!(debug_assertions) { 400 } else { 20 })
}

#[test]
fn finders_find_exactly_what_their_definitions_say() {
    use HouseKind::{Box, Column, Row};
    type Definition = fn(&Candidates) -> BTreeSet<Effect>;
    let definitions: [(Technique, Definition); 9] = [
        (Technique::FullHouse, full_houses),
        (Technique::NakedSingle, naked_singles),
        (Technique::HiddenSingle, hidden_singles),
        (Technique::LockedCandidatesPointing, |g| {
            locked(g, Box, &[Row, Column])
        }),
        (Technique::LockedCandidatesClaiming, |g| {
            let mut out = locked(g, Row, &[Box]);
            out.extend(locked(g, Column, &[Box]));
            out
        }),
        (Technique::LockedPair, |g| locked_subsets(g, 2)),
        (Technique::LockedTriple, |g| locked_subsets(g, 3)),
        (Technique::XyWing, xy_wings),
        (Technique::XyzWing, xyz_wings),
    ];
    let grids = grids();
    let mut instances = [0usize; 9];
    for grid in &grids {
        for (n, (technique, definition)) in definitions.iter().enumerate() {
            let expected = definition(grid);
            let actual = found(*technique, grid);
            assert_eq!(actual, expected, "{technique} in\n{grid}");
            instances[n] += expected.len();
        }
    }
    for ((technique, _), count) in definitions.iter().zip(instances) {
        eprintln!("{technique}: {count} instances");
        assert!(
            count > 0,
            "{technique} never occurs in {} grids",
            grids.len()
        );
    }
}

#[test]
fn finned_and_sashimi_fish_find_exactly_what_their_definition_says() {
    let fish = [
        (Technique::FinnedXWing, 2, false),
        (Technique::SashimiXWing, 2, true),
        (Technique::FinnedSwordfish, 3, false),
        (Technique::SashimiSwordfish, 3, true),
        (Technique::FinnedJellyfish, 4, false),
        (Technique::SashimiJellyfish, 4, true),
    ];
    // Every seventh grid: the definition tries up to 126 x 126 line sets per digit.
    let grids: Vec<Candidates> = grids().into_iter().step_by(7).collect();
    let mut instances = [0usize; 6];
    for grid in &grids {
        for (n, &(technique, size, sashimi)) in fish.iter().enumerate() {
            let expected = finned_fish(grid, size, sashimi);
            assert_eq!(found(technique, grid), expected, "{technique} in\n{grid}");
            instances[n] += expected.len();
        }
    }
    for ((technique, ..), count) in fish.iter().zip(instances) {
        eprintln!("{technique}: {count} instances in {} grids", grids.len());
        assert!(count > 0, "{technique} never occurs");
    }
}
