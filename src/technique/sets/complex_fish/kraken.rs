//! Kraken Fish (HoDoKu's `kf`, off in its default configuration): a finned fish that
//! removes nothing by itself, rescued by chains. Either a fin holds the digit or the fish
//! does; so
//! - Type 1: a cover candidate outside the base (or in two cover houses) that every fin,
//!   set, turns off goes;
//! - Type 2: in one cover house, the digit is in one of its base candidates or in a fin; a
//!   candidate that each of them, set, turns off goes (a cover house holding base
//!   candidates only is left out: that is a plain forcing chain).
//!
//! "Turns off" is read from the forcing chains' "on" tables (chains only, with group nodes),
//! as HoDoKu reads them (`TablingSolver.initForKrakenSearch`, `checkKrakenTypeOne`,
//! `checkKrakenTypeTwo`).
//!
//! `Kraken Fish Type 1: Finned X-Wing: 1 r1,r5 c1,c2 fins r1c3 => r9c1<>1`.
//!
//! The search is HoDoKu 2.2's (`FishSolver.getKrakenFish` with its default options): digit by
//! digit, the row-based pass before the column-based one, as for Franken fish (basic and
//! Franken shapes; `krakenMaxFishType` 1), base sets of 2 to 4 houses in depth-first order
//! (a base set is tried before its extensions), cover sets of as many houses, one or two fins
//! (`maxKrakenFins`), no endo fins, fins with a common peer, nothing removed by the fish
//! itself; then type 1, the potential eliminations ascending, then type 2, cover houses in
//! order, the removed digit ascending, the cell ascending. The first found is taken.

use super::{FRANKEN_PASSES, Family, Fish, NO_UNIT, Search, units};
use crate::bitset::{CellSet, DigitSet, HouseSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::hodoku::catalogue::{Subtype, Technique};
use crate::step::{Chains, Eliminations, Link, Pattern, Step};
use crate::technique::chains::forcing::OnTables;
use crate::technique::sink::StepSink;
use std::cell::RefCell;
use std::ops::ControlFlow;

/// HoDoKu's limits for Kraken Fish (`krakenMaxFishSize`, `maxKrakenFins`).
const MAX_SIZE: usize = 4;
const MAX_FINS: u32 = 2;

pub fn kraken_fish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    OnTables::with(grid, |tables| {
        let tables = RefCell::new(tables);
        let turned_off = |cell: Cell, digit: Digit| tables.borrow_mut().turned_off(cell, digit);
        let chain = |start, end| tables.borrow_mut().chain(start, end);
        for digit in Digit::all() {
            let held = grid.cells_with(digit);
            for &(base_kinds, cover_kinds) in FRANKEN_PASSES {
                let mut bases = [NO_UNIT; 27];
                let n = units(held, base_kinds, true, MAX_SIZE, &mut bases);
                let mut covers = [NO_UNIT; 27];
                let m = units(held, cover_kinds, true, MAX_SIZE, &mut covers);
                let search = Search {
                    technique: Technique::KrakenFish,
                    family: Family::Franken,
                    digit,
                    min_size: 2,
                    max_size: MAX_SIZE,
                    max_fins: MAX_FINS,
                    max_endo_fins: 0,
                    targets: CellSet::ALL,
                    changed: HouseSet::ALL,
                    changed_bases: n,
                    bases: &bases[..n],
                    covers: &covers[..m],
                    kraken: Some(Tables {
                        grid,
                        turned_off: &turned_off,
                        chain: &chain,
                    }),
                };
                search.bases(0, 0, CellSet::EMPTY, CellSet::EMPTY, HouseSet::EMPTY, sink)?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// What a Kraken search reads: the grid, per candidate what setting it turns off, and the
/// chain by which it does.
pub(super) struct Tables<'a> {
    grid: &'a Candidates,
    turned_off: &'a dyn Fn(Cell, Digit) -> [CellSet; 9],
    chain: &'a dyn Fn((Cell, Digit), (Cell, Digit)) -> Vec<Link>,
}

impl Tables<'_> {
    /// The Kraken step of a base and cover set of `digit`, if the fish has one or two fins
    /// with a common peer, removes nothing itself, and its fins (type 1) or the base
    /// candidates and fins of one cover house (type 2) all turn one candidate off; its
    /// chains, one from each of those to the candidate, are stored in `chains`.
    pub(super) fn step(
        &self,
        digit: Digit,
        fish: &Fish<'_>,
        cover_cells: CellSet,
        cannibal: CellSet,
        cover: HouseSet,
        chains: &mut Chains,
    ) -> Option<Step> {
        let fins = fish.base - cover_cells;
        if fins.is_empty() || fins.has_at_least(MAX_FINS + 1) {
            return None;
        }
        let seen = fins.common_peers();
        let potential = (cover_cells - fish.base) | cannibal;
        if seen.is_empty() || potential.intersects(seen) {
            return None;
        }
        let pattern = Pattern {
            digits: DigitSet::single(digit),
            cells: fish.base - fins,
            base: fish.used,
            cover,
            fins,
            ..Pattern::default()
        };
        let mut found = |subtype, cell, removed_digit, starts: CellSet| {
            let mut eliminations = Eliminations::NONE;
            eliminations.insert(cell, removed_digit);
            let branches = starts
                .iter()
                .map(|start| (self.chain)((start, digit), (cell, removed_digit)));
            let pattern = Pattern {
                chain: chains.push_branches(branches),
                ..pattern
            };
            Some(
                Step::eliminating(Technique::KrakenFish, pattern, eliminations)
                    .with_subtype(subtype),
            )
        };
        // Type 1: what every fin turns off.
        for cell in potential.iter() {
            if fins
                .iter()
                .all(|fin| (self.turned_off)(fin, digit)[digit.index()].contains(cell))
            {
                return found(Subtype::KrakenFishType1, cell, digit, fins);
            }
        }
        // Type 2: what every base candidate and fin of one cover house turns off.
        for unit in fish.covers.iter().filter(|u| cover.contains(u.house)) {
            let in_base = unit.cells & (fish.base - cannibal);
            if in_base == unit.cells {
                continue;
            }
            let starts = in_base | fins;
            for removed in Digit::all() {
                let mut targets = self.grid.cells_with(removed) - starts;
                for start in starts.iter() {
                    if targets.is_empty() {
                        break;
                    }
                    targets &= (self.turned_off)(start, digit)[removed.index()];
                }
                if let Some(cell) = targets.first() {
                    return found(Subtype::KrakenFishType2, cell, removed, starts);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::House;
    use crate::ladder::Ladder;
    use crate::solver::{Policy, Solver};
    use crate::technique::test_grids::{SampleSolve, sample_solves};

    /// What a Kraken step says: its sub-type, the candidate it removes, its houses.
    type Found = (Subtype, Cell, Digit, HouseSet, HouseSet);

    /// HoDoKu's Kraken search written plainly, without the search's cuts: per digit and
    /// pass, every base set of 2 to 4 houses (depth first, a base set before its
    /// extensions), every cover set of as many houses (lexicographic), type 1 then type 2.
    struct Reference<'a, 'w> {
        grid: &'a Candidates,
        tables: OnTables<'w>,
        digit: Digit,
        bases: Vec<(House, CellSet)>,
        covers: Vec<(House, CellSet)>,
    }

    fn first_kraken(grid: &Candidates) -> Option<Found> {
        OnTables::with(grid, |tables| {
            let mut reference = Reference {
                grid,
                tables,
                digit: Digit::new(1),
                bases: Vec::new(),
                covers: Vec::new(),
            };
            for digit in Digit::all() {
                let held = grid.cells_with(digit);
                for &(base_kinds, cover_kinds) in FRANKEN_PASSES {
                    let holding = |kinds: &[crate::geometry::HouseKind]| -> Vec<(House, CellSet)> {
                        kinds
                            .iter()
                            .flat_map(|&k| House::all_of(k))
                            .map(|h| (h, h.cell_set() & held))
                            .filter(|(_, c)| !c.is_empty())
                            .collect()
                    };
                    reference.digit = digit;
                    reference.bases = holding(base_kinds);
                    reference.covers = holding(cover_kinds);
                    if let Some(found) = reference.base_sets(0, &mut Vec::new()) {
                        return Some(found);
                    }
                }
            }
            None
        })
    }

    impl Reference<'_, '_> {
        fn base_sets(&mut self, from: usize, chosen: &mut Vec<usize>) -> Option<Found> {
            for i in from..self.bases.len() {
                let overlaps = chosen
                    .iter()
                    .any(|&k| self.bases[k].1.intersects(self.bases[i].1));
                if overlaps {
                    continue;
                }
                chosen.push(i);
                if chosen.len() >= 2
                    && let Some(found) = self.cover_sets(chosen)
                {
                    return Some(found);
                }
                if chosen.len() < MAX_SIZE
                    && let Some(found) = self.base_sets(i + 1, chosen)
                {
                    return Some(found);
                }
                chosen.pop();
            }
            None
        }

        fn cover_sets(&mut self, chosen: &[usize]) -> Option<Found> {
            let base = chosen
                .iter()
                .fold(CellSet::EMPTY, |a, &k| a | self.bases[k].1);
            let used: Vec<House> = chosen.iter().map(|&k| self.bases[k].0).collect();
            let candidates: Vec<(House, CellSet)> = self
                .covers
                .iter()
                .copied()
                .filter(|(h, c)| !used.contains(h) && c.intersects(base))
                .collect();
            let mut picks: Vec<usize> = (0..chosen.len()).collect();
            loop {
                if picks.iter().all(|&p| p < candidates.len())
                    && let Some(found) = self.fish(base, &used, &candidates, &picks)
                {
                    return Some(found);
                }
                // The next combination, lexicographic.
                let n = candidates.len();
                let k = picks.len();
                let mut i = k;
                loop {
                    if i == 0 {
                        return None;
                    }
                    i -= 1;
                    if picks[i] < n - (k - i) {
                        break;
                    }
                    if i == 0 {
                        return None;
                    }
                }
                picks[i] += 1;
                for j in i + 1..k {
                    picks[j] = picks[j - 1] + 1;
                }
            }
        }

        fn fish(
            &mut self,
            base: CellSet,
            used: &[House],
            candidates: &[(House, CellSet)],
            picks: &[usize],
        ) -> Option<Found> {
            let digit = self.digit;
            let cover: Vec<(House, CellSet)> = picks.iter().map(|&p| candidates[p]).collect();
            let cover_cells = cover.iter().fold(CellSet::EMPTY, |a, c| a | c.1);
            let mut cannibal = CellSet::EMPTY;
            for (i, a) in cover.iter().enumerate() {
                for b in &cover[i + 1..] {
                    cannibal |= a.1 & b.1;
                }
            }
            let fins = base - cover_cells;
            if fins.is_empty() || fins.len() > MAX_FINS {
                return None;
            }
            let seen = fins.iter().fold(CellSet::ALL, |s, f| s & f.peers());
            let potential = (cover_cells - base) | cannibal;
            if seen.is_empty() || potential.intersects(seen) {
                return None;
            }
            let houses = |list: &mut dyn Iterator<Item = House>| {
                list.fold(HouseSet::EMPTY, |a, h| a | HouseSet::single(h))
            };
            let base_houses = houses(&mut used.iter().copied());
            let cover_houses = houses(&mut cover.iter().map(|c| c.0));
            for cell in potential.iter() {
                if fins
                    .iter()
                    .all(|f| self.tables.turned_off(f, digit)[digit.index()].contains(cell))
                {
                    return Some((
                        Subtype::KrakenFishType1,
                        cell,
                        digit,
                        base_houses,
                        cover_houses,
                    ));
                }
            }
            for &(_, cells) in &cover {
                let in_base = cells & (base - cannibal);
                if in_base == cells {
                    continue;
                }
                let starts = in_base | fins;
                for removed in Digit::all() {
                    let mut targets = self.grid.cells_with(removed) - starts;
                    for start in starts.iter() {
                        targets &= self.tables.turned_off(start, digit)[removed.index()];
                    }
                    if let Some(cell) = targets.first() {
                        return Some((
                            Subtype::KrakenFishType2,
                            cell,
                            removed,
                            base_houses,
                            cover_houses,
                        ));
                    }
                }
            }
            None
        }
    }

    /// On the grids where a ladder with Kraken Fish before the forcing chains reaches it,
    /// the step taken is the reference's first.
    #[test]
    fn the_first_kraken_is_hodokus_first() {
        let standard = Ladder::parse("standard").unwrap();
        let names: Vec<&str> = standard
            .rungs()
            .iter()
            .flat_map(|&t| {
                let kraken = (t == Technique::ForcingChain).then_some("kf");
                kraken.into_iter().chain([t.name()])
            })
            .chain(["bf"])
            .collect();
        let solver = Solver::new(Ladder::parse(&names.join(",")).unwrap(), Policy::Single);
        let stride = crate::technique::test_grids::sample_stride(5);
        let (mut compared, mut none) = (0, 0);
        for SampleSolve {
            line,
            puzzle,
            report,
            ..
        } in sample_solves(&solver, stride)
        {
            let mut grid = Candidates::from_puzzle(&puzzle);
            for step in report.steps.iter() {
                let reached = step.technique >= Technique::KrakenFish;
                if reached {
                    let expected = first_kraken(&grid);
                    let taken = (step.technique == Technique::KrakenFish).then(|| {
                        let (cell, digit) = step.eliminations.iter().next().unwrap();
                        let subtype = step.subtype.unwrap();
                        (subtype, cell, digit, step.pattern.base, step.pattern.cover)
                    });
                    assert_eq!(taken, expected, "{line}\n{grid}");
                    compared += 1;
                    none += usize::from(expected.is_none());
                }
                step.apply_to(&mut grid);
            }
        }
        eprintln!("{compared} grids compared, {none} without a Kraken Fish");
        let least = crate::technique::test_grids::sample_least(10);
        assert!(compared > least && compared > none, "{compared} {none}");
    }
}
