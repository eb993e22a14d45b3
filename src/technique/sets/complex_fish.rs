//! Complex fish: Franken fish (HoDoKu's `ff2`-`ff7`, `fff2`-`fff7`) and Mutant fish
//! (`mf2`-`mf7`, `fmf2`-`fmf7`); in HoDoKu's default configuration only the Franken X-Wing
//! and Swordfish, plain and finned, are on. For one digit, n base houses whose candidates
//! all lie in n cover houses put the digit n times in the cover, so the cover loses it
//! everywhere else. A Franken fish mixes boxes with lines of one direction (base: rows and
//! boxes, cover: columns and boxes, or the transpose); a Mutant fish takes its base and
//! cover from all 27 houses. A candidate in two base houses (a row and a box, or a row and
//! a column) is an *endo fin*; one in two cover houses is *cannibalistic*: taking it would
//! fill two cover houses with one digit, so it goes too.
//!
//! Finned fish: the base candidates outside the cover, and the endo fins, are fins; either
//! a fin holds the digit or the fish does, so what the fish removes goes only where every
//! fin is seen.
//!
//! `Finned Franken X-Wing: 1 r1,b4 c1,c2 fins r1c3 => r2c1,r2c2,r3c1,r3c2<>1`.
//!
//! The search is HoDoKu 2.2's (`FishSolver.getFishes`, `initForCandidat`,
//! `searchCoverUnits`, `createFishStep`): digit by digit. Franken: the row-based pass (base
//! rows then boxes, cover columns then boxes, each list in house order) before the
//! column-based one. Mutant: one pass, base and cover both every house (rows, columns,
//! boxes, in house order). Base sets of exactly n houses in depth-first lexicographic order;
//! the cover sets of n houses holding a base candidate, in the same order; a house never both
//! base and cover. Without fins, base houses hold at most n candidates and no endo fin; with
//! fins, at most five fins of which at most two endo fins. Eliminations: the cover's
//! candidates outside the base (seeing every fin), ascending, then the cannibalistic ones;
//! the first fish that removes something wins.
//!
//! Every search first asks the digit's templates which of its candidates any single-digit
//! pattern could remove ([`templates::unfit_candidates`]) and skips a digit with none, a
//! base set whose endo fins see none, and a cover set whose sure fins see none or whose
//! houses, with those that may follow, hold none: exact prunes (a fish's eliminations are
//! always among those candidates, and in its cover), so the first fish is the same. HoDoKu does the first for its large fish only (`checkTemplates`); here it pays at
//! every size: where the ladder reaches the Franken rungs, most digits have nothing to give.
//! And the memo ([`crate::technique::sink::StepSink::search_part_since`]) tells which cells
//! lost the digit since the rung last found nothing with it: a fish whose base houses hold
//! what they held then has the same fins and cover and fewer targets, so only base sets
//! with a house that lost the digit are searched.
//!
//! Kraken Fish ([`kraken`]) run the same search over the Franken houses, 2 to 4 base houses
//! at once, and test what a fish that removes nothing leaves to chains.
//!
//! HoDoKu's search returns the first fish whatever its shape, and names it after the houses
//! it uses; sudolab's rungs leave to the earlier rungs of HoDoKu's order the shapes those
//! find, which cannot change the first fish in that order: the Franken rungs skip fish of
//! lines alone (basic fish), the Mutant rungs every fish the Franken (or basic) search
//! reaches. A Franken search ending with boxes alone as its base (HoDoKu would print it as a
//! Mutant fish) is counted under the Franken rung, whose search found it, as HoDoKu scores it.

use crate::bitset::{CellSet, DigitSet, HouseSet};
use crate::candidates::Candidates;
use crate::geometry::{Digit, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use crate::technique::templates;
use std::ops::ControlFlow;

pub mod kraken;

/// HoDoKu's limits (`Options.maxFins`, `maxEndoFins`).
const MAX_FINS: u32 = 5;
const MAX_ENDO_FINS: u32 = 2;

const ROWS: HouseSet = HouseSet::from_bits(0x1ff);
const COLUMNS: HouseSet = HouseSet::from_bits(0x1ff << 9);
const BOXES: HouseSet = HouseSet::from_bits(0x1ff << 18);

/// Which houses a rung's base and cover sets are drawn from.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Family {
    /// Lines of one direction and boxes as base, the other lines and boxes as cover.
    Franken,
    /// Any house as base or cover.
    Mutant,
}

macro_rules! finders {
    ($($name:ident: $technique:ident, $family:ident, $size:literal, $finned:literal;)*) => {
        $(pub fn $name(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
            search(grid, sink, Technique::$technique, Family::$family, $size, $finned)
        })*
    };
}

finders! {
    franken_x_wings: FrankenXWing, Franken, 2, false;
    franken_swordfish: FrankenSwordfish, Franken, 3, false;
    franken_jellyfish: FrankenJellyfish, Franken, 4, false;
    franken_squirmbags: FrankenSquirmbag, Franken, 5, false;
    franken_whales: FrankenWhale, Franken, 6, false;
    franken_leviathans: FrankenLeviathan, Franken, 7, false;
    finned_franken_x_wings: FinnedFrankenXWing, Franken, 2, true;
    finned_franken_swordfish: FinnedFrankenSwordfish, Franken, 3, true;
    finned_franken_jellyfish: FinnedFrankenJellyfish, Franken, 4, true;
    finned_franken_squirmbags: FinnedFrankenSquirmbag, Franken, 5, true;
    finned_franken_whales: FinnedFrankenWhale, Franken, 6, true;
    finned_franken_leviathans: FinnedFrankenLeviathan, Franken, 7, true;
    mutant_x_wings: MutantXWing, Mutant, 2, false;
    mutant_swordfish: MutantSwordfish, Mutant, 3, false;
    mutant_jellyfish: MutantJellyfish, Mutant, 4, false;
    mutant_squirmbags: MutantSquirmbag, Mutant, 5, false;
    mutant_whales: MutantWhale, Mutant, 6, false;
    mutant_leviathans: MutantLeviathan, Mutant, 7, false;
    finned_mutant_x_wings: FinnedMutantXWing, Mutant, 2, true;
    finned_mutant_swordfish: FinnedMutantSwordfish, Mutant, 3, true;
    finned_mutant_jellyfish: FinnedMutantJellyfish, Mutant, 4, true;
    finned_mutant_squirmbags: FinnedMutantSquirmbag, Mutant, 5, true;
    finned_mutant_whales: FinnedMutantWhale, Mutant, 6, true;
    finned_mutant_leviathans: FinnedMutantLeviathan, Mutant, 7, true;
}

/// A base or cover house and the digit's candidates in it.
#[derive(Copy, Clone)]
struct Unit {
    house: House,
    cells: CellSet,
}

struct Search<'a> {
    technique: Technique,
    family: Family,
    digit: Digit,
    /// How many base houses a fish has: one size for the Franken and Mutant rungs, 2 to 4
    /// for Kraken Fish.
    min_size: usize,
    max_size: usize,
    /// The most fins and endo fins a fish may have (none: a fish without fins).
    max_fins: u32,
    max_endo_fins: u32,
    /// The candidates a fish could remove: those no fitting template covers (every
    /// candidate for Kraken Fish, whose eliminations come from chains).
    targets: CellSet,
    /// The houses that lost the digit since the rung last found nothing with it (all, when
    /// that is not known), and how many of `bases` come up to the last of them: a fish
    /// whose base houses hold what they held then removes nothing now (its fins and cover
    /// are the same, its targets can only have gone).
    changed: HouseSet,
    changed_bases: usize,
    bases: &'a [Unit],
    covers: &'a [Unit],
    /// For Kraken Fish: the grid and the forcing-chain tables.
    kraken: Option<kraken::Tables<'a>>,
}

fn search(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    technique: Technique,
    family: Family,
    size: usize,
    finned: bool,
) -> ControlFlow<()> {
    // Per pass, the kinds of house its base and cover sets are drawn from, in order.
    let passes: &[(&[HouseKind], &[HouseKind])] = match family {
        Family::Franken => FRANKEN_PASSES,
        Family::Mutant => &[(ALL_KINDS, ALL_KINDS)],
    };
    for digit in Digit::all() {
        let held = grid.cells_with(digit);
        for (k, &(base_kinds, cover_kinds)) in passes.iter().enumerate() {
            // One digit's fish in one pass depend on its candidates alone.
            let (part, snapshot) = (k * 9 + digit.index(), grid.digit_snapshot(digit));
            sink.search_part_since(part, snapshot, |sink, lost| {
                let targets = templates::unfit_candidates(grid, digit);
                if targets.is_empty() {
                    return ControlFlow::Continue(());
                }
                let mut bases = [NO_UNIT; 27];
                let n = units(held, base_kinds, finned, size, &mut bases);
                let mut covers = [NO_UNIT; 27];
                let m = units(held, cover_kinds, true, size, &mut covers);
                let lost =
                    lost.map_or(CellSet::ALL, |lost| Candidates::digit_snapshot_cells(&lost));
                let (changed, changed_bases) = changed_bases(&bases[..n], lost);
                let search = Search {
                    technique,
                    family,
                    digit,
                    min_size: size,
                    max_size: size,
                    max_fins: if finned { MAX_FINS } else { 0 },
                    max_endo_fins: if finned { MAX_ENDO_FINS } else { 0 },
                    targets,
                    changed,
                    changed_bases,
                    bases: &bases[..n],
                    covers: &covers[..m],
                    kraken: None,
                };
                search.bases(0, 0, CellSet::EMPTY, CellSet::EMPTY, HouseSet::EMPTY, sink)
            })?;
        }
    }
    ControlFlow::Continue(())
}

const ALL_KINDS: &[HouseKind] = &[HouseKind::Row, HouseKind::Column, HouseKind::Box];

/// The Franken passes: rows and boxes as base, columns and boxes as cover, then the
/// transpose.
const FRANKEN_PASSES: &[(&[HouseKind], &[HouseKind])] = &[
    (
        &[HouseKind::Row, HouseKind::Box],
        &[HouseKind::Column, HouseKind::Box],
    ),
    (
        &[HouseKind::Column, HouseKind::Box],
        &[HouseKind::Row, HouseKind::Box],
    ),
];

/// Fills `out` with the houses of `kinds`, in order, that hold some of `held` (at most
/// `size` of them unless `finned`); returns how many.
fn units(
    held: CellSet,
    kinds: &[HouseKind],
    finned: bool,
    size: usize,
    out: &mut [Unit; 27],
) -> usize {
    let mut n = 0;
    for house in kinds.iter().flat_map(|&kind| House::all_of(kind)) {
        let cells = held & house.cell_set();
        if !cells.is_empty() && (finned || cells.len() as usize <= size) {
            out[n] = Unit { house, cells };
            n += 1;
        }
    }
    n
}

/// The houses of `bases` holding a cell of `lost`, and how many of `bases` come up to the
/// last of them.
fn changed_bases(bases: &[Unit], lost: CellSet) -> (HouseSet, usize) {
    let mut changed = HouseSet::EMPTY;
    let mut count = 0;
    for (i, unit) in bases.iter().enumerate() {
        if unit.house.cell_set().intersects(lost) {
            changed.insert(unit.house);
            count = i + 1;
        }
    }
    (changed, count)
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
            let changed = used.intersects(self.changed);
            if !changed && i >= self.changed_bases {
                // No base set from here on holds a changed house.
                break;
            }
            let new_endo = cells & unit.cells;
            if !new_endo.is_empty() && endo.len() + new_endo.len() > self.max_endo_fins {
                continue;
            }
            let (cells, endo) = (cells | unit.cells, endo | new_endo);
            // What the fish removes sees its endo fins: more base houses keep them.
            if !new_endo.is_empty() && !endo.common_peers().intersects(self.targets) {
                continue;
            }
            let used = used | HouseSet::single(unit.house);
            let size = level + 1;
            if size >= self.min_size && used.intersects(self.changed) {
                self.covers(size, cells, endo, used, sink)?;
            }
            if size < self.max_size {
                self.bases(level + 1, i + 1, cells, endo, used, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Tries every cover set for the base set `base` (its `size` houses `used`).
    fn covers(
        &self,
        size: usize,
        base: CellSet,
        endo: CellSet,
        used: HouseSet,
        sink: &mut StepSink<'_>,
    ) -> ControlFlow<()> {
        let mut candidates = [NO_UNIT; 27];
        let mut n = 0;
        for unit in self.covers {
            if !used.contains(unit.house) && unit.cells.intersects(base) {
                candidates[n] = *unit;
                n += 1;
            }
        }
        // What the covers from each one on hold: a cover set leaving more fins than allowed
        // whatever its later covers are is skipped (which cannot change what is found first).
        let mut reach = [CellSet::EMPTY; 28];
        let mut most = [0u32; 28];
        for i in (0..n).rev() {
            reach[i] = reach[i + 1] | candidates[i].cells;
            most[i] = most[i + 1].max((candidates[i].cells & (base - endo)).len());
        }
        let fish = Fish {
            size,
            base,
            endo,
            used,
            covers: &candidates[..n],
            reach: &reach[..=n],
            most: &most[..=n],
            too_many_fins: self.max_fins + 1,
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
        let left = fish.size - level;
        for i in from..fish.covers.len().saturating_sub(left - 1) {
            let unit = fish.covers[i];
            let cannibal = cannibal | (cells & unit.cells);
            let cells = cells | unit.cells;
            let later = fish.reach[i + 1];
            let sure_fins = (fish.base - cells - later) | fish.endo;
            if sure_fins.has_at_least(fish.too_many_fins) {
                continue;
            }
            // What the fish removes lies in its cover (off its base, or, cannibalistic, in
            // two of its houses).
            if self.kraken.is_none() && !self.targets.intersects(cells | later) {
                continue;
            }
            // What a finned fish removes sees its fins, and lies in its cover; a Kraken
            // Fish's fins share a peer (HoDoKu tries no other).
            if !sure_fins.is_empty() {
                let seen = sure_fins.common_peers();
                let hopeless = match self.kraken {
                    None => self.finned() && !(seen & self.targets).intersects(cells | later),
                    Some(_) => seen.is_empty(),
                };
                if hopeless {
                    continue;
                }
            }
            // Each later cover holds at most `most` of the base candidates still open.
            let open = (fish.base - fish.endo - cells).len() + fish.endo.len();
            if open >= fish.too_many_fins + (left as u32 - 1) * fish.most[i + 1] {
                continue;
            }
            let cover = cover | HouseSet::single(unit.house);
            if level + 1 == fish.size {
                let step = match &self.kraken {
                    None => self.step(fish, cells, cannibal, cover),
                    Some(tables) => {
                        tables.step(self.digit, fish, cells, cannibal, cover, sink.chains())
                    }
                };
                if let Some(step) = step {
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
        let (removed, cannibal) = if !self.finned() {
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
        if self.left_to_earlier_rungs(fish.used, cover) {
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

impl Search<'_> {
    /// Whether the rung's fish have fins.
    fn finned(&self) -> bool {
        self.max_fins > 0
    }

    /// Whether a fish of base `base` and cover `cover` has a shape an earlier rung of
    /// HoDoKu's order finds (see the module doc).
    fn left_to_earlier_rungs(&self, base: HouseSet, cover: HouseSet) -> bool {
        let within = |set: HouseSet, allowed: HouseSet| set.is_subset_of(allowed);
        match self.family {
            Family::Franken => within(base | cover, ROWS | COLUMNS),
            Family::Mutant => {
                (within(base, ROWS | BOXES) && within(cover, COLUMNS | BOXES))
                    || (within(base, COLUMNS | BOXES) && within(cover, ROWS | BOXES))
            }
        }
    }
}

/// A base set being covered.
struct Fish<'a> {
    /// How many base houses.
    size: usize,
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

    /// Told by the memo what each digit's candidates lost since the rung last found nothing
    /// with it, Franken and Mutant fish rungs find what a whole search finds, on real solve
    /// paths; the memo narrows searches that find something too.
    #[test]
    fn with_the_memo_fish_rungs_find_what_a_whole_search_finds() {
        let rungs = [
            Technique::FinnedFrankenXWing,
            Technique::FinnedFrankenSwordfish,
            Technique::FinnedMutantXWing,
        ];
        let stride = crate::technique::test_grids::sample_stride(150);
        let least = crate::technique::test_grids::sample_least;
        let (told, told_and_found) =
            compare_remembered_searches(&rungs, stride, |memo, technique, grid| {
                (0..18).any(|part| {
                    let snapshot = grid.digit_snapshot(Digit::from_index(part % 9));
                    memo.lost_since_nothing_in(technique, part, &snapshot)
                        .is_some_and(|lost| lost != [0; 3])
                })
            });
        assert!(
            told > least(1_000) && told_and_found > least(20),
            "{told} {told_and_found}"
        );
    }

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

    /// Digit 1 in row 1 only at r1c2, r1c3 (box 1) and in column 1 only at r2c1 (box 1) and
    /// r5c1, each cell mapped by `map`: a Mutant X-Wing, base r1 and c1, cover b1 and r5.
    fn row_and_column(map: fn(Cell) -> Cell) -> Candidates {
        let mut grid = Candidates::empty();
        let mut gone = row_except(1, &[2, 3]);
        gone.extend(col_except(1, &[2, 5]));
        let gone: Vec<Cell> = gone.into_iter().map(map).collect();
        remove(&mut grid, d(1), &gone);
        grid
    }

    #[test]
    fn a_row_and_a_column_in_a_box_and_a_row_make_a_mutant_x_wing() {
        for map in [|c| c, transposed as fn(Cell) -> Cell] {
            let grid = row_and_column(map);
            assert!(Technique::FrankenXWing.find_all(&grid, None).is_empty());
            let steps = Technique::MutantXWing.find_all(&grid, None);
            let first = steps.iter().next().expect("a Mutant X-Wing");
            // Box 1 outside the base, then row 5 outside it.
            let mut expected: Vec<Cell> = [rc(2, 2), rc(2, 3), rc(3, 2), rc(3, 3)]
                .into_iter()
                .chain((2..=9).map(|c| rc(5, c)))
                .map(map)
                .collect();
            expected.sort();
            assert_eq!(removed(first), expected);
            let base: Vec<String> = first.pattern.base.iter().map(|h| h.to_string()).collect();
            let cover: Vec<String> = first.pattern.cover.iter().map(|h| h.to_string()).collect();
            let (row, column) = if map(rc(1, 2)) == rc(1, 2) {
                ("r1", "c1")
            } else {
                ("c1", "r1")
            };
            let mut expected_base = vec![row, column];
            expected_base.sort_by_key(|h| !h.starts_with('r'));
            assert_eq!(base, expected_base);
            let other = if row == "r1" { "r5" } else { "c5" };
            let mut expected_cover = vec![other, "b1"];
            expected_cover.sort_by_key(|h| h.starts_with('b'));
            assert_eq!(cover, expected_cover);
        }
    }

    #[test]
    fn a_fin_limits_the_mutant_fish_to_the_cells_seeing_it() {
        for map in [|c| c, transposed as fn(Cell) -> Cell] {
            // A third place for 1 in column 1, r4c1: a fin outside both covers.
            let mut grid = Candidates::empty();
            let mut gone = row_except(1, &[2, 3]);
            gone.extend(col_except(1, &[2, 4, 5]));
            let gone: Vec<Cell> = gone.into_iter().map(map).collect();
            remove(&mut grid, d(1), &gone);
            assert!(Technique::MutantXWing.find_all(&grid, None).is_empty());
            let steps = Technique::FinnedMutantXWing.find_all(&grid, None);
            let fin = map(rc(4, 1));
            // Base r1 and c1, cover b1 and r5, fin r4c1: row 5 loses 1 where r4c1 sees it.
            let fish = steps
                .iter()
                .find(|s| s.pattern.fins == CellSet::single(fin) && s.pattern.cover.len() == 2)
                .filter(|s| s.pattern.cover.iter().any(|h| h.kind() == HouseKind::Box))
                .expect("the Finned Mutant X-Wing with fin r4c1");
            let mut expected = vec![map(rc(5, 2)), map(rc(5, 3))];
            expected.sort();
            assert_eq!(removed(fish), expected);
            // Every finned fish removes only what sees all its fins, endo fins included.
            for step in steps.iter() {
                let fins = step.pattern.fins | step.pattern.links;
                assert!(!fins.is_empty());
                for (cell, _) in step.eliminations.iter() {
                    assert!(fins.iter().all(|f| f.sees(cell)), "{step:?}");
                }
            }
        }
    }

    #[test]
    fn franken_shapes_are_left_to_the_franken_rungs() {
        for map in [|c| c, transposed as fn(Cell) -> Cell] {
            let grid = row_and_box(map, &[]);
            assert!(!Technique::FrankenXWing.find_all(&grid, None).is_empty());
            assert!(Technique::MutantXWing.find_all(&grid, None).is_empty());
        }
    }
}
