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
use crate::catalogue::{Subtype, Technique};
use crate::geometry::{Cell, Digit};
use crate::step::{Eliminations, Pattern, Step};
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
                    finned: true,
                    max_fins: MAX_FINS,
                    max_endo_fins: 0,
                    targets: CellSet::ALL,
                    bases: &bases[..n],
                    covers: &covers[..m],
                    kraken: Some(Tables {
                        grid,
                        turned_off: &turned_off,
                    }),
                };
                search.bases(0, 0, CellSet::EMPTY, CellSet::EMPTY, HouseSet::EMPTY, sink)?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// What a Kraken search reads: the grid, and per candidate what setting it turns off.
pub(super) struct Tables<'a> {
    grid: &'a Candidates,
    turned_off: &'a dyn Fn(Cell, Digit) -> [CellSet; 9],
}

impl Tables<'_> {
    /// The Kraken step of a base and cover set of `digit`, if the fish has one or two fins
    /// with a common peer, removes nothing itself, and its fins (type 1) or the base
    /// candidates and fins of one cover house (type 2) all turn one candidate off.
    pub(super) fn step(
        &self,
        digit: Digit,
        fish: &Fish<'_>,
        cover_cells: CellSet,
        cannibal: CellSet,
        cover: HouseSet,
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
        let found = |subtype, cell, removed_digit| {
            let mut eliminations = Eliminations::NONE;
            eliminations.insert(cell, removed_digit);
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
                return found(Subtype::KrakenFishType1, cell, digit);
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
                    return found(Subtype::KrakenFishType2, cell, removed);
                }
            }
        }
        None
    }
}
