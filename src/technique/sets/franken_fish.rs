//! Franken fish (HoDoKu's `ff2`-`ff7`, `fff2`-`fff7`; those of 4 lines or more are off in its
//! default configuration): fish whose base and cover sets mix
//! lines and boxes. For one digit, n base houses (rows and boxes, or columns and boxes) whose
//! candidates all lie in n cover houses (columns and boxes, or rows and boxes) put the digit
//! n times in the cover, so the cover loses it everywhere else. A candidate in two base
//! houses (a row and a box) is an *endo fin*; one in two cover houses is *cannibalistic*:
//! taking it would fill two cover houses with one digit, so it goes too.
//!
//! Finned Franken fish: the base candidates outside the cover, and the endo fins, are fins;
//! either a fin holds the digit or the fish does, so what the fish removes goes only where
//! every fin is seen.
//!
//! `Finned Franken X-Wing: 1 r1,b4 c1,c2 fins r1c3 => r2c1,r2c2,r3c1,r3c2<>1`.
//!
//! The search is HoDoKu 2.2's (`FishSolver.getFishes`, `searchCoverUnits`,
//! `createFishStep`): digit by digit, the row-based pass (base rows then boxes, cover
//! columns then boxes, each list in house order) before the column-based one; base sets of
//! exactly n houses in depth-first lexicographic order, a box never both base and cover; the
//! cover sets of n houses holding a base candidate, in the same order. Without fins, base
//! houses hold at most n candidates and no endo fin; with fins, at most five fins of which
//! at most two endo fins. Eliminations: the cover's candidates outside the base (seeing every
//! fin), ascending, then the cannibalistic ones; the first fish that removes something wins.
//! HoDoKu names the fish after the houses it uses: one whose base and cover are lines only
//! is a basic fish (its own rungs come earlier and find it first; skipped here), one whose
//! base is boxes only would be named a Mutant fish (sudolab has none: counted as Franken).

use crate::bitset::{CellSet, DigitSet, HouseSet};
use crate::candidates::Candidates;
use crate::catalogue::Technique;
use crate::geometry::{Digit, House, HouseKind};
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

/// HoDoKu's limits (`Options.maxFins`, `maxEndoFins`).
const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;

pub fn franken_x_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FrankenXWing, 2, false)
}
pub fn franken_swordfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FrankenSwordfish, 3, false)
}
pub fn finned_franken_x_wings(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FinnedFrankenXWing, 2, true)
}
pub fn finned_franken_swordfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FinnedFrankenSwordfish, 3, true)
}
pub fn franken_jellyfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FrankenJellyfish, 4, false)
}
pub fn franken_squirmbags(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FrankenSquirmbag, 5, false)
}
pub fn franken_whales(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FrankenWhale, 6, false)
}
pub fn franken_leviathans(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FrankenLeviathan, 7, false)
}
pub fn finned_franken_jellyfish(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FinnedFrankenJellyfish, 4, true)
}
pub fn finned_franken_squirmbags(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FinnedFrankenSquirmbag, 5, true)
}
pub fn finned_franken_whales(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FinnedFrankenWhale, 6, true)
}
pub fn finned_franken_leviathans(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, Technique::FinnedFrankenLeviathan, 7, true)
}

/// A base or cover house and the digit's candidates in it.
#[derive(Copy, Clone)]
struct Unit {
    house: House,
    cells: CellSet,
}

struct Search<'a> {
    technique: Technique,
    digit: Digit,
    size: usize,
    finned: bool,
    bases: &'a [Unit],
    covers: &'a [Unit],
}

fn search(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    technique: Technique,
    size: usize,
    finned: bool,
) -> ControlFlow<()> {
    for digit in Digit::all() {
        let held = grid.cells_with(digit);
        for (k, (base_kind, cover_kind)) in [
            (HouseKind::Row, HouseKind::Column),
            (HouseKind::Column, HouseKind::Row),
        ]
        .into_iter()
        .enumerate()
        {
            // One digit's fish in one orientation depend on its candidates alone.
            let (part, snapshot) = (k * 9 + digit.index(), grid.digit_snapshot(digit));
            sink.search_part(part, snapshot, |sink| {
                let units = |kind: HouseKind| {
                    House::all_of(kind)
                        .chain(House::all_of(HouseKind::Box))
                        .map(|house| Unit {
                            house,
                            cells: held & house.cell_set(),
                        })
                        .filter(|u| !u.cells.is_empty())
                };
                let mut bases = [NO_UNIT; 18];
                let mut n = 0;
                for unit in units(base_kind).filter(|u| finned || u.cells.len() as usize <= size) {
                    bases[n] = unit;
                    n += 1;
                }
                let mut covers = [NO_UNIT; 18];
                let mut m = 0;
                for unit in units(cover_kind) {
                    covers[m] = unit;
                    m += 1;
                }
                let search = Search {
                    technique,
                    digit,
                    size,
                    finned,
                    bases: &bases[..n],
                    covers: &covers[..m],
                };
                search.bases(0, 0, CellSet::EMPTY, CellSet::EMPTY, HouseSet::EMPTY, sink)
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// A placeholder in the unit buffers.
const NO_UNIT: Unit = Unit {
    house: House::row(0),
    cells: CellSet::EMPTY,
};

impl Search<'_> {
    /// Extends a base set of `level` houses (`used`, holding `cells`, `endo` of them in two)
    /// with houses from `from` on.
    fn bases(
        &self,
        level: usize,
        from: usize,
        cells: CellSet,
        endo: CellSet,
        used: HouseSet,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        for (i, unit) in self.bases.iter().enumerate().skip(from) {
            let new_endo = cells & unit.cells;
            if !new_endo.is_empty() && (!self.finned || endo.len() + new_endo.len() > MAX_ENDO_FINS)
            {
                continue;
            }
            let (cells, endo) = (cells | unit.cells, endo | new_endo);
            let used = used | HouseSet::single(unit.house);
            if level + 1 == self.size {
                self.covers(cells, endo, used, sink)?;
            } else {
                self.bases(level + 1, i + 1, cells, endo, used, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Tries every cover set for the base set `base` (its houses `used`).
    fn covers(
        &self,
        base: CellSet,
        endo: CellSet,
        used: HouseSet,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let mut candidates = [NO_UNIT; 18];
        let mut n = 0;
        for unit in self.covers {
            if !used.contains(unit.house) && unit.cells.intersects(base) {
                candidates[n] = *unit;
                n += 1;
            }
        }
        // What the covers from each one on hold: a cover set leaving more fins than allowed
        // whatever its later covers are is skipped (which cannot change what is found first).
        let mut reach = [CellSet::EMPTY; 19];
        let mut most = [0u32; 19];
        for i in (0..n).rev() {
            reach[i] = reach[i + 1] | candidates[i].cells;
            most[i] = most[i + 1].max((candidates[i].cells & (base - endo)).len());
        }
        let fish = Fish {
            base,
            endo,
            used,
            covers: &candidates[..n],
            reach: &reach[..=n],
            most: &most[..=n],
            too_many_fins: if self.finned { MAX_FINS + 1 } else { 1 },
        };
        if ((base - reach[0]) | endo).has_at_least(fish.too_many_fins) {
            return ControlFlow::Continue(());
        }
        self.cover_sets(
            &fish,
            0,
            0,
            CellSet::EMPTY,
            CellSet::EMPTY,
            HouseSet::EMPTY,
            sink,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn cover_sets(
        &self,
        fish: &Fish<'_>,
        level: usize,
        from: usize,
        cells: CellSet,
        cannibal: CellSet,
        cover: HouseSet,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let left = self.size - level;
        for i in from..fish.covers.len().saturating_sub(left - 1) {
            let unit = fish.covers[i];
            let cannibal = cannibal | (cells & unit.cells);
            let cells = cells | unit.cells;
            let later = fish.reach[i + 1];
            let sure_fins = (fish.base - cells - later) | fish.endo;
            if sure_fins.has_at_least(fish.too_many_fins) {
                continue;
            }
            // What a finned fish removes sees its fins, and lies in its cover.
            if self.finned && !sure_fins.is_empty() {
                let seen = sure_fins.common_peers();
                if !seen.intersects(cells | later) {
                    continue;
                }
            }
            // Each later cover holds at most `most` of the base candidates still open.
            let open = (fish.base - fish.endo - cells).len() + fish.endo.len();
            if open >= fish.too_many_fins + (left as u32 - 1) * fish.most[i + 1] {
                continue;
            }
            let cover = cover | HouseSet::single(unit.house);
            if level + 1 == self.size {
                if let Some(step) = self.step(fish, cells, cannibal, cover) {
                    sink.push(step)?;
                }
            } else {
                self.cover_sets(fish, level + 1, i + 1, cells, cannibal, cover, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The step of a base and cover set, if it is a fish of this rung that removes
    /// something.
    fn step(
        &self,
        fish: &Fish<'_>,
        cover_cells: CellSet,
        cannibal: CellSet,
        cover: HouseSet,
    ) -> Option<Step> {
        let fins = (fish.base - cover_cells) | fish.endo;
        let (removed, cannibal) = if !self.finned {
            if !fins.is_empty() {
                return None;
            }
            (cover_cells - fish.base, cannibal)
        } else {
            if fins.is_empty() || fins.has_at_least(MAX_FINS + 1) {
                return None;
            }
            let seen = fins.common_peers();
            ((cover_cells - fish.base) & seen, cannibal & seen)
        };
        if removed.is_empty() && cannibal.is_empty() {
            return None;
        }
        let lines_only = |houses: HouseSet| houses.iter().all(|h| h.kind() != HouseKind::Box);
        if lines_only(fish.used) && lines_only(cover) {
            return None;
        }
        let mut eliminations = Eliminations::NONE;
        for cell in (removed | cannibal).iter() {
            eliminations.insert(cell, self.digit);
        }
        let mut pattern = Pattern {
            digits: DigitSet::single(self.digit),
            cells: fish.base - fins,
            base: fish.used,
            cover,
            fins: fins - fish.endo,
            links: fish.endo,
            ..Pattern::default()
        };
        // HoDoKu lists the cannibalistic eliminations of base candidates last.
        pattern.groups[0] = cannibal & fish.base;
        Some(Step::eliminating(self.technique, pattern, eliminations))
    }
}

/// A base set being covered.
struct Fish<'a> {
    base: CellSet,
    endo: CellSet,
    used: HouseSet,
    covers: &'a [Unit],
    /// Per position in `covers`, what the covers from there on hold.
    reach: &'a [CellSet],
    /// Per position in `covers`, the most base candidates (endo fins aside) one cover from
    /// there on holds.
    most: &'a [u32],
    /// The smallest number of fins the rung does not allow.
    too_many_fins: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::technique::test_grids::*;

    /// Digit 1 only in r1c1, r1c2 in row 1 and only in r4c1, r5c2 in box 4 (with `extra`
    /// left in row 1 too), each cell mapped by `map`.
    fn row_and_box(map: fn(Cell) -> Cell, extra: &[usize]) -> Candidates {
        let mut grid = Candidates::empty();
        let mut keep = vec![1, 2];
        keep.extend_from_slice(extra);
        let mut gone = row_except(1, &keep);
        gone.extend(box_except(4, &[rc(4, 1), rc(5, 2)]));
        let gone: Vec<Cell> = gone.into_iter().map(map).collect();
        remove(&mut grid, d(1), &gone);
        grid
    }

    fn transposed(cell: Cell) -> Cell {
        Cell::at(cell.col(), cell.row())
    }

    fn removed(step: &Step) -> Vec<Cell> {
        step.eliminations.iter().map(|(cell, _)| cell).collect()
    }

    #[test]
    fn a_row_and_a_box_in_two_columns_clear_the_rest_of_them() {
        for map in [|c| c, transposed as fn(Cell) -> Cell] {
            let grid = row_and_box(map, &[]);
            let steps = Technique::FrankenXWing.find_all(&grid, None);
            let first = steps.iter().next().expect("a Franken X-Wing");
            let mut expected: Vec<Cell> = [2, 3, 7, 8, 9]
                .iter()
                .flat_map(|&r| [rc(r, 1), rc(r, 2)])
                .map(map)
                .collect();
            expected.sort();
            assert_eq!(removed(first), expected);
            assert_eq!(first.pattern.base.len(), 2);
            assert!(first.pattern.fins.is_empty() && first.pattern.links.is_empty());
        }
    }

    #[test]
    fn a_fin_in_the_row_limits_the_fish_to_the_cells_seeing_it() {
        for map in [|c| c, transposed as fn(Cell) -> Cell] {
            let grid = row_and_box(map, &[3]);
            assert!(Technique::FrankenXWing.find_all(&grid, None).is_empty());
            let steps = Technique::FinnedFrankenXWing.find_all(&grid, None);
            let first = steps.iter().next().expect("a Finned Franken X-Wing");
            let mut expected: Vec<Cell> = [rc(2, 1), rc(2, 2), rc(3, 1), rc(3, 2)]
                .into_iter()
                .map(map)
                .collect();
            expected.sort();
            assert_eq!(removed(first), expected);
            assert_eq!(first.pattern.fins, CellSet::single(map(rc(1, 3))));
        }
    }

    #[test]
    fn lines_only_are_left_to_the_basic_fish() {
        // An X-Wing in rows 1 and 5, columns 1 and 2: the basic rung's. The Franken rung
        // finds only fish with a box (here boxes 1 and 4 cover both rows).
        let mut grid = Candidates::empty();
        remove(&mut grid, d(1), &row_except(1, &[1, 2]));
        remove(&mut grid, d(1), &row_except(5, &[1, 2]));
        assert!(!Technique::XWing.find_all(&grid, None).is_empty());
        let steps = Technique::FrankenXWing.find_all(&grid, None);
        assert!(!steps.is_empty());
        let boxes = HouseSet::from_bits(0x7fc_0000);
        for step in steps.iter() {
            assert!(
                (step.pattern.base | step.pattern.cover).intersects(boxes),
                "{step:?}"
            );
        }
    }
}
