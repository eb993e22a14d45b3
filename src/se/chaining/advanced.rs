//! Dynamic (+) chains: SE's basic rules applied inside the implications
//! (`getAdvancedPotentials`, level 1).
//!
//! When the implications of an assumption run dry, SE asks its basic rules, in order,
//! Pointing/Claiming, Hidden Pairs, Naked Pairs and X-Wings, for their hints on the grid
//! as the assumption left it; the first rule with a hint that rests on candidates the
//! assumption removed (its "rule parents") gives all such hints' removals as new "off"
//! potentials, whose parents are those candidates. SE lists a hint's removals from a
//! hash map keyed by cell objects, an order Java does not fix; they are taken here in
//! cell order, then digit order.

use super::links::WorkGrid;
use super::potential::{Cand, Implications, NodeId, Potential, cand};
use crate::bitset::{CellSet, bit_positions, nine_bit_count};
use crate::geometry::{Cell, Digit, House, HouseKind};
use std::sync::LazyLock;

/// Reused buffers of the rules.
#[derive(Default)]
pub(super) struct AdvancedScratch {
    /// Removals found: the candidate and its parents' range in `parents`.
    found: Vec<(Cand, u32, u32)>,
    parents: Vec<Cand>,
    nodes: Vec<NodeId>,
}

/// Adds, as "off" potentials of `imp`, the removals of the first of SE's basic rules that
/// has hints resting on candidates taken from `source` to make `work`.
pub(super) fn add_deductions(
    work: &WorkGrid,
    source: &WorkGrid,
    imp: &mut Implications,
    scratch: &mut AdvancedScratch,
) {
    basic_deductions(work, source, scratch);
    for k in 0..scratch.found.len() {
        let (off, start, end) = scratch.found[k];
        let off = Potential {
            cand: off,
            on: false,
        };
        if imp.contains(off) {
            continue;
        }
        scratch.nodes.clear();
        for &parent in &scratch.parents[start as usize..end as usize] {
            let node = imp
                .get(Potential {
                    cand: parent,
                    on: false,
                })
                .expect("a rule parent was turned off");
            scratch.nodes.push(node);
        }
        imp.add(off, &scratch.nodes);
    }
}

/// The removals of the first of SE's basic rules with hints resting on candidates taken
/// from `source` to make `work`, each with its parents: `(removal, start, end)`, the
/// parents being `parents[start..end]`.
pub(super) fn basic_deductions<'s>(
    work: &WorkGrid,
    source: &WorkGrid,
    scratch: &'s mut AdvancedScratch,
) -> (&'s [(Cand, u32, u32)], &'s [Cand]) {
    scratch.found.clear();
    scratch.parents.clear();
    let rules: [fn(&WorkGrid, &WorkGrid, &mut AdvancedScratch); 4] =
        [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in rules {
        rule(work, source, scratch);
        if !scratch.found.is_empty() {
            break;
        }
    }
    (&scratch.found, &scratch.parents)
}

impl AdvancedScratch {
    /// Records a hint: its removals (`digit` in `cells`, or per cell) and its parents,
    /// when it has parents.
    fn hint(&mut self, parents: impl Iterator<Item = Cand>, removals: impl Iterator<Item = Cand>) {
        let start = self.parents.len() as u32;
        self.parents.extend(parents);
        let end = self.parents.len() as u32;
        if start == end {
            return;
        }
        for removal in removals {
            self.found.push((removal, start, end));
        }
    }
}

/// The house of `kind` numbered `n`.
fn house(kind: HouseKind, n: usize) -> House {
    match kind {
        HouseKind::Row => House::row(n),
        HouseKind::Column => House::column(n),
        HouseKind::Box => House::box_(n),
    }
}

/// The candidates of `digit` in `cells`, in cell order.
fn of_digit(cells: CellSet, digit: Digit) -> impl Iterator<Item = Cand> {
    cells.iter().map(move |cell| cand(cell, digit))
}

/// Two houses that cross, with the positions of their common cells in each.
struct Crossing {
    first: House,
    second: House,
    in_first: u16,
    in_second: u16,
}

/// The crossings `Locking` looks at, in its order: per pair of kinds, the first house,
/// then the second, each by number.
static CROSSINGS: LazyLock<Vec<Crossing>> = LazyLock::new(|| {
    use HouseKind::*;
    let mut crossings = Vec::new();
    for (kind1, kind2) in [(Box, Column), (Box, Row), (Column, Box), (Row, Box)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (first, second) = (house(kind1, i1), house(kind2, i2));
                let common = first.cell_set() & second.cell_set();
                if common.is_empty() {
                    continue;
                }
                let positions = |h: House| {
                    let at = h.cells().iter().enumerate();
                    at.filter(|(_, c)| common.contains(**c))
                        .fold(0u16, |mask, (p, _)| mask | 1 << p)
                };
                crossings.push(Crossing {
                    first,
                    second,
                    in_first: positions(first),
                    in_second: positions(second),
                });
            }
        }
    }
    crossings
});

/// SE's `Locking(false)`: a digit confined in one house to its intersection with
/// another leaves the rest of the other.
fn locking(work: &WorkGrid, source: &WorkGrid, s: &mut AdvancedScratch) {
    for crossing in CROSSINGS.iter() {
        let (region1, region2) = (crossing.first, crossing.second);
        for digit in Digit::all() {
            let at = work.positions(region1, digit);
            if nine_bit_count(at) < 2 || at & !crossing.in_first != 0 {
                continue;
            }
            if work.positions(region2, digit) & !crossing.in_second == 0 {
                continue;
            }
            let (cells1, cells2) = (region1.cell_set(), region2.cell_set());
            let places = work.places(region1, digit);
            let removals = work.places(region2, digit) - cells1;
            let gone = (source.places(region1, digit) - places) - cells2;
            s.hint(of_digit(gone, digit), of_digit(removals, digit));
        }
    }
}

/// The 36 pairs of 0..9 in SE's order (`Permutations(2, 9)`: by the higher member, then
/// the lower).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|high| (0..high).map(move |low| (low, high)))
}

/// SE's `HiddenSet(2, false)`: two digits with the same two places in a house leave
/// those cells' other digits.
fn hidden_pairs(work: &WorkGrid, source: &WorkGrid, s: &mut AdvancedScratch) {
    for kind in [HouseKind::Box, HouseKind::Column, HouseKind::Row] {
        for n in 0..9 {
            let region = house(kind, n);
            if (work.empty() & region.cell_set()).len() <= 4 {
                continue;
            }
            let at: [u16; 9] =
                std::array::from_fn(|d| work.positions(region, Digit::from_index(d)));
            for (a, b) in pairs() {
                let (at_a, at_b) = (at[a], at[b]);
                if nine_bit_count(at_a) < 2
                    || nine_bit_count(at_b) < 2
                    || nine_bit_count(at_a | at_b) != 2
                {
                    continue;
                }
                let (a, b) = (Digit::from_index(a), Digit::from_index(b));
                let cells = work.places(region, a) | work.places(region, b);
                let removals = cells.iter().flat_map(|cell| {
                    let others = work.candidates(cell).iter().filter(|&d| d != a && d != b);
                    others.map(move |d| cand(cell, d))
                });
                let mut removals = removals.peekable();
                if removals.peek().is_none() {
                    continue;
                }
                let outside = region.cell_set() - cells;
                let gone = outside.iter().flat_map(|cell| {
                    [a, b]
                        .into_iter()
                        .filter(move |&d| source.candidates(cell).contains(d))
                        .map(move |d| cand(cell, d))
                });
                s.hint(gone, removals);
            }
        }
    }
}

/// SE's `NakedSet(2)`: two cells of a house with the same two digits leave those digits
/// to the house's other cells.
fn naked_pairs(work: &WorkGrid, source: &WorkGrid, s: &mut AdvancedScratch) {
    for kind in [HouseKind::Box, HouseKind::Column, HouseKind::Row] {
        for n in 0..9 {
            let region = house(kind, n);
            if (work.empty() & region.cell_set()).len() < 4 {
                continue;
            }
            let cells = region.cells();
            for (i, j) in pairs() {
                let (first, second): (Cell, Cell) = (cells[i], cells[j]);
                let (da, db) = (work.candidates(first), work.candidates(second));
                let digits = da | db;
                if da.len() < 2 || db.len() < 2 || digits.len() != 2 {
                    continue;
                }
                let others = region.cell_set() - CellSet::single(first) - CellSet::single(second);
                let removals = others.iter().flat_map(|cell| {
                    (work.candidates(cell) & digits)
                        .iter()
                        .map(move |d| cand(cell, d))
                });
                let mut removals = removals.peekable();
                if removals.peek().is_none() {
                    continue;
                }
                let gone = [first, second].into_iter().flat_map(|cell| {
                    (source.candidates(cell) - digits)
                        .iter()
                        .map(move |d| cand(cell, d))
                });
                s.hint(gone, removals);
            }
        }
    }
}

/// SE's `Fisherman(2)`: a digit with the same two places in two columns (rows) leaves
/// the rest of those rows (columns).
fn x_wings(work: &WorkGrid, source: &WorkGrid, s: &mut AdvancedScratch) {
    for (base, cover) in [
        (HouseKind::Column, HouseKind::Row),
        (HouseKind::Row, HouseKind::Column),
    ] {
        for (i, j) in pairs() {
            let (line_i, line_j) = (house(base, i), house(base, j));
            let base_cells = line_i.cell_set() | line_j.cell_set();
            for digit in Digit::all() {
                if work.placed(digit) + 4 > 9 {
                    continue;
                }
                // A line's positions are the numbers of the lines across it.
                let (at_i, at_j) = (work.positions(line_i, digit), work.positions(line_j, digit));
                let across = at_i | at_j;
                if nine_bit_count(at_i) < 2
                    || nine_bit_count(at_j) < 2
                    || nine_bit_count(across) != 2
                {
                    continue;
                }
                let mut covers = CellSet::EMPTY;
                for k in bit_positions(u64::from(across)) {
                    covers |= house(cover, k).cell_set();
                }
                let removals = (work.cells_with(digit) & covers) - base_cells;
                if removals.is_empty() {
                    continue;
                }
                let gone =
                    ((source.cells_with(digit) - work.cells_with(digit)) & base_cells) - covers;
                s.hint(of_digit(gone, digit), of_digit(removals, digit));
            }
        }
    }
}
