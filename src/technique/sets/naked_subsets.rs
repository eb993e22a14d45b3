//! Naked subsets as HoDoKu finds them (`SimpleSolver.findNakedXle`,
//! `findNakedXleInEntity`, `createSubsetStep`): `k` cells of a house holding `k` digits
//! between them, which leave every other cell of every house the `k` cells share.
//!
//! - Houses in the order boxes, rows, columns; in a house, its empty cells with at most
//!   `k` candidates in house order, combinations in lexicographic order. The first subset that
//!   removes something and is of the kind searched is the step.
//! - Locked: two or three cells in one box and one line, removing something in the box
//!   and something in the line outside the box. Locked Pair and Locked Triple search the
//!   boxes for locked subsets only; Naked Pair, Triple and Quadruple skip locked ones. A
//!   naked pair in a box/line intersection that removes something from only one of the
//!   two is a Naked Pair, and takes what it removes from either.
//!
//! What they remove is monotone: a subset whose cells hold what they held where the rung
//! found nothing removes nothing now (its targets can only have gone), and a subset that
//! was not locked cannot become locked. So each rung searches only the subsets with a cell
//! the memo says changed since ([`StepSink::search_changes`]). The one way back is a
//! locked subset the naked rungs pass over, which is naked where the box or the line has
//! lost its targets: a search that passed over one is not recorded.

use crate::bitset::{CellSet, DigitSet, HouseSet, nine_bit_count};
use crate::candidates::Candidates;
use crate::geometry::{Cell, House, HouseKind};
use crate::hodoku::catalogue::Technique;
use crate::step::{Eliminations, Pattern, Step};
use crate::technique::sink::StepSink;
use std::ops::ControlFlow;

/// Which subsets a search reports.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Kind {
    Naked,
    Locked,
}

/// Locked Pair (l2).
pub fn locked_pairs(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 2, Technique::LockedPair, Kind::Locked)
}

/// Locked Triple (l3).
pub fn locked_triples(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 3, Technique::LockedTriple, Kind::Locked)
}

/// Naked Pair (n2).
pub fn naked_pairs(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 2, Technique::NakedPair, Kind::Naked)
}

/// Naked Triple (n3).
pub fn naked_triples(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 3, Technique::NakedTriple, Kind::Naked)
}

/// Naked Quadruple (n4).
pub fn naked_quads(grid: &Candidates, sink: &mut StepSink<'_>) -> ControlFlow<()> {
    search(grid, sink, 4, Technique::NakedQuad, Kind::Naked)
}

/// The houses in HoDoKu's order for naked subsets: boxes, rows, columns.
fn houses() -> impl Iterator<Item = House> {
    [HouseKind::Box, HouseKind::Row, HouseKind::Column]
        .into_iter()
        .flat_map(House::all_of)
}

fn search(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    k: usize,
    technique: Technique,
    kind: Kind,
) -> ControlFlow<()> {
    // Only cells with 1 to k candidates can take part (HoDoKu counts a cell with one
    // candidate in, though the solver has set every such cell before it gets here).
    let at_least = grid.cells_with_at_least();
    let small = at_least[0] - at_least[k];
    sink.search_changes(|sink, changed| {
        // Only subsets with a changed cell can remove what they did not before.
        let changed = changed.unwrap_or(CellSet::ALL);
        if kind == Kind::Locked {
            return search_boxes(grid, sink, k, technique, small, changed);
        }
        let searched = sink.houses();
        for house in houses().filter(|&h| searched.contains(h)) {
            let cells = small & house.cell_set();
            if !cells.has_at_least(k as u32)
                || !cells.intersects(changed)
                || nothing_beside(grid, house, k)
            {
                continue;
            }
            naked_in_house(grid, sink, k, technique, house, cells, changed)?;
        }
        ControlFlow::Continue(())
    })
}

/// Whether a house with no empty cell beside a `k`-subset of its own gives nothing that
/// an earlier house has not: its subset (all its empty cells) removes nothing in it, and
/// removes something elsewhere only when it lies in a box and a line; then the box,
/// searched first, found it. A box is passed over only when its cells are not in one line.
fn nothing_beside(grid: &Candidates, house: House, k: usize) -> bool {
    let empty = grid.empty_cells_in(house) as usize;
    if empty > k {
        return false;
    }
    if house.kind() != HouseKind::Box || empty < k {
        return true;
    }
    shared_houses(grid.unsolved() & house.cell_set()).len() < 2
}

/// The boxes (bit `b` for box `b`) with at least `k` (2 or 3) cells of `cells` in one of
/// their rows or columns, read a band at a time.
fn boxes_with_aligned(cells: CellSet, k: usize) -> u16 {
    // Each box's first cell in each of its rows: bits 0, 3, 6 of each row of a band.
    const SEGMENT_STARTS: u64 = 0x1249249;
    let mut boxes = 0u16;
    for (band, bits) in cells.bands().into_iter().enumerate() {
        // Bit 9i + 3s: row i's cells in stack s; bit c: column c's cells in the band.
        let (in_rows, in_columns) = if k == 2 {
            (
                (bits & bits >> 1 | bits & bits >> 2 | bits >> 1 & bits >> 2) & SEGMENT_STARTS,
                (bits & bits >> 9 | bits & bits >> 18 | bits >> 9 & bits >> 18) & 0x1ff,
            )
        } else {
            (
                bits & bits >> 1 & bits >> 2 & SEGMENT_STARTS,
                bits & bits >> 9 & bits >> 18 & 0x1ff,
            )
        };
        for stack in 0..3 {
            let rows = in_rows >> (3 * stack) & (1 | 1 << 9 | 1 << 18);
            let columns = in_columns >> (3 * stack) & 7;
            boxes |= u16::from(rows | columns != 0) << (3 * band + stack);
        }
    }
    boxes
}

/// The locked subsets of the boxes, boxes in order, among the `small` cells (those with 1
/// to `k` candidates), those with a `changed` cell only. Only boxes with `k` such cells in
/// a row or column can hold one, and only boxes with other empty cells (a locked subset
/// removes something in its box).
fn search_boxes(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    k: usize,
    technique: Technique,
    small: CellSet,
    changed: CellSet,
) -> ControlFlow<()> {
    let searched = sink.houses();
    let bands = small.bands();
    let changed_bands = (small & changed).bands();
    let mut boxes = boxes_with_aligned(small, k);
    while boxes != 0 {
        let index = boxes.trailing_zeros() as usize;
        boxes &= boxes - 1;
        let box_ = House::box_(index);
        if !searched.contains(box_) || grid.empty_cells_in(box_) as usize <= k {
            continue;
        }
        let positions = CellSet::band_box_positions(bands[index / 3], index % 3);
        let changed = CellSet::band_box_positions(changed_bands[index / 3], index % 3);
        if changed != 0 {
            locked_in_box(grid, sink, k, technique, box_, positions, changed)?;
        }
    }
    ControlFlow::Continue(())
}

/// The locked subsets of `box_` among the small cells at `positions` (bit `p` for the
/// box's `p`th cell) that hold one at `changed`: the combinations of positions in one row
/// or column of the box, in lexicographic order.
fn locked_in_box(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    k: usize,
    technique: Technique,
    box_: House,
    positions: u16,
    changed: u16,
) -> ControlFlow<()> {
    let combinations: &[u16] = if k == 2 {
        &ALIGNED_PAIRS
    } else {
        &ALIGNED_TRIPLES
    };
    for &combination in combinations {
        if combination & positions != combination || combination & changed == 0 {
            continue;
        }
        let (mut subset, mut digits) = (CellSet::EMPTY, DigitSet::EMPTY);
        let mut rest = combination;
        while rest != 0 {
            let cell = box_.cells()[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            subset.insert(cell);
            digits |= grid.candidates(cell);
        }
        if digits.len() as usize == k
            && let Some(removal) = Removal::of(grid, subset, digits)
            && removal.locked
        {
            sink.push(removal.step(technique, box_, subset, digits))?;
        }
    }
    ControlFlow::Continue(())
}

/// The pairs of box positions in one row or column of the box, in lexicographic order.
const ALIGNED_PAIRS: [u16; 18] = {
    let mut table = [0u16; 18];
    let mut n = 0;
    let mut p = 0;
    while p < 9 {
        let mut q = p + 1;
        while q < 9 {
            if p / 3 == q / 3 || p % 3 == q % 3 {
                table[n] = 1 << p | 1 << q;
                n += 1;
            }
            q += 1;
        }
        p += 1;
    }
    table
};

/// The rows and columns of a box as position masks, in lexicographic order of their
/// positions: {0,1,2}, {0,3,6}, {1,4,7}, {2,5,8}, {3,4,5}, {6,7,8}.
const ALIGNED_TRIPLES: [u16; 6] = [
    0b111,
    0b1001001,
    0b10010010,
    0b100100100,
    0b111000,
    0b111000000,
];

/// The naked subsets of `house` among `cells` (those with 1 to `k` candidates) with a
/// `changed` cell, in lexicographic order of their positions (cell order: rows, columns
/// and boxes alike list their cells in it). A locked one is passed over, and the memo
/// told: it would be a naked subset in a grid where it removes from one house only.
fn naked_in_house(
    grid: &Candidates,
    sink: &mut StepSink<'_>,
    k: usize,
    technique: Technique,
    house: House,
    cells: CellSet,
    changed: CellSet,
) -> ControlFlow<()> {
    let mut list = [Cell::from_index(0); 9];
    let mut masks = [0u16; 9];
    let mut n = 0;
    for cell in cells.iter() {
        list[n] = cell;
        masks[n] = grid.candidates(cell).bits();
        n += 1;
    }
    // Depth-first over index combinations: `chosen[..depth]` with their digits' union.
    let mut chosen = [0usize; 4];
    let mut unions = [0u16; 5];
    let mut depth = 0;
    let mut next = 0;
    loop {
        if next + (k - depth) > n {
            if depth == 0 {
                return ControlFlow::Continue(());
            }
            depth -= 1;
            next = chosen[depth] + 1;
            continue;
        }
        let union = unions[depth] | masks[next];
        if nine_bit_count(union) as usize > k {
            next += 1;
            continue;
        }
        chosen[depth] = next;
        next += 1;
        if depth + 1 < k {
            unions[depth + 1] = union;
            depth += 1;
        } else if nine_bit_count(union) as usize == k {
            let subset: CellSet = chosen[..k].iter().map(|&i| list[i]).collect();
            let digits = DigitSet::from_bits(union);
            if subset.intersects(changed)
                && let Some(removal) = Removal::of(grid, subset, digits)
            {
                if removal.locked {
                    sink.passed_over();
                } else {
                    sink.push(removal.step(technique, house, subset, digits))?;
                }
            }
        }
    }
}

/// The houses every cell of `cells` lies in.
fn shared_houses(cells: CellSet) -> HouseSet {
    let Some(first) = cells.first() else {
        return HouseSet::EMPTY;
    };
    first
        .houses()
        .into_iter()
        .filter(|house| cells.is_subset_of(house.cell_set()))
        .collect()
}

/// What a subset removes from the houses its cells share, and whether that makes it
/// locked: two or three cells in one box and one line, removing something in the box and
/// something in the line outside the box.
struct Removal {
    eliminations: Eliminations,
    houses: HouseSet,
    locked: bool,
}

impl Removal {
    /// What the subset of `digits` in `subset` removes, if anything.
    fn of(grid: &Candidates, subset: CellSet, digits: DigitSet) -> Option<Removal> {
        let houses = shared_houses(subset);
        let the_box = subset.first()?.houses()[2];
        let mut eliminations = Eliminations::NONE;
        // Houses that lose something, lines counting only outside the subset's box.
        let mut hit = 0;
        for shared in houses.iter() {
            let others = shared.cell_set() - subset;
            let outside = if shared == the_box {
                others
            } else {
                others - the_box.cell_set()
            };
            let mut hits_here = false;
            for digit in digits.iter() {
                let with_digit = grid.cells_with(digit);
                eliminations.insert_cells(others & with_digit, digit);
                hits_here |= outside.intersects(with_digit);
            }
            hit += u32::from(hits_here);
        }
        if eliminations.is_empty() {
            return None;
        }
        let locked = subset.len() < 4 && hit > 1 && houses.contains(the_box) && houses.len() > 1;
        Some(Removal {
            eliminations,
            houses,
            locked,
        })
    }

    /// The step, the subset found in `house`.
    fn step(self, technique: Technique, house: House, subset: CellSet, digits: DigitSet) -> Step {
        let pattern = Pattern {
            digits,
            cells: subset,
            base: if self.locked {
                self.houses
            } else {
                HouseSet::single(house)
            },
            ..Pattern::default()
        };
        Step::eliminating(technique, pattern, self.eliminations)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    proptest::proptest! {
        #[test]
        fn boxes_with_aligned_cells_are_those_with_k_cells_in_a_row_or_column_of_the_box(
            members in proptest::collection::btree_set(0..81usize, 0..=81),
        ) {
            let cells: CellSet = members.iter().map(|&i| Cell::from_index(i)).collect();
            for k in [2, 3] {
                let expected = (0..9).fold(0u16, |mask, b| {
                    let box_ = House::box_(b);
                    let aligned = box_.cells().iter().any(|&cell| {
                        let [row, column, _] = cell.houses();
                        [row, column].iter().any(|line| {
                            (cells & box_.cell_set() & line.cell_set()).len() as usize >= k
                        })
                    });
                    mask | u16::from(aligned) << b
                });
                proptest::prop_assert_eq!(boxes_with_aligned(cells, k), expected, "{} k {}", cells, k);
            }
        }
    }

    /// Removes `digit` from every cell of `house` except `keep`.
    fn confine(grid: &mut Candidates, house: House, digit: u8, keep: &[Cell]) {
        for &cell in house.cells() {
            if !keep.contains(&cell) {
                grid.eliminate(cell, d(digit));
            }
        }
    }

    /// The row or column holding every cell of `cells`.
    fn line_through(cells: CellSet) -> House {
        let houses = shared_houses(cells);
        houses
            .iter()
            .find(|h| h.kind() != HouseKind::Box)
            .expect("cells in a line")
    }

    /// A grid where `cells` hold only `digits`, and where, in the box and the line through
    /// them, those digits remain elsewhere only as listed in `survivors`.
    fn subset_grid(cells: &[Cell], digits: &[u8], survivors: &[(Cell, u8)]) -> Candidates {
        let mut grid = Candidates::empty();
        for &cell in cells {
            restrict(&mut grid, cell, digits);
        }
        let set: CellSet = cells.iter().copied().collect();
        let houses = [House::box_(cells[0].box_index()), line_through(set)];
        for house in houses {
            for &v in digits {
                let mut keep = cells.to_vec();
                keep.extend(survivors.iter().filter(|s| s.1 == v).map(|s| s.0));
                confine(&mut grid, house, v, &keep);
            }
        }
        grid
    }

    #[test]
    fn locked_pair_in_a_row_intersection() {
        // r1c1,r1c2 hold only 1,2; r2c3 (box) still has 1, r1c8 (row) has 2.
        let pair = [Cell::at(0, 0), Cell::at(0, 1)];
        let grid = subset_grid(&pair, &[1, 2], &[(Cell::at(1, 2), 1), (Cell::at(0, 7), 2)]);
        let steps = Technique::LockedPair.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].pattern.base,
            HouseSet::single(House::row(0)) | HouseSet::single(House::box_(0))
        );
        assert_eq!(
            steps.display(0).to_string(),
            "Locked Pair: 1,2 in r1c1,r1c2 => r2c3<>1, r1c8<>2"
        );
        assert!(Technique::LockedTriple.find_all(&grid, None).is_empty());
    }

    #[test]
    fn locked_pair_in_a_column_intersection_clears_the_third_cell_too() {
        // r4c5,r6c5 hold only 3,8 (b5, column 5); r5c5 (both houses) and r9c5 still have 3,
        // r5c4 has 8.
        let pair = [Cell::at(3, 4), Cell::at(5, 4)];
        let survivors = [
            (Cell::at(4, 4), 3),
            (Cell::at(8, 4), 3),
            (Cell::at(4, 3), 8),
        ];
        let grid = subset_grid(&pair, &[3, 8], &survivors);
        assert_eq!(
            texts(Technique::LockedPair, &grid),
            ["Locked Pair: 3,8 in r4c5,r6c5 => r5c5,r9c5<>3, r5c4<>8"]
        );
    }

    #[test]
    fn a_pair_removing_from_one_house_only_is_a_naked_pair_not_a_locked_one() {
        let pair = [Cell::at(0, 0), Cell::at(0, 1)];
        // Box only; the line only; the third cell of the intersection only (HoDoKu 2.2.0
        // counts it for the box, not the line).
        for survivor in [
            (Cell::at(1, 2), 1),
            (Cell::at(0, 7), 2),
            (Cell::at(0, 2), 2),
        ] {
            let grid = subset_grid(&pair, &[1, 2], &[survivor]);
            assert!(
                Technique::LockedPair.find_all(&grid, None).is_empty(),
                "{survivor:?}"
            );
        }
        // No survivor at all: nothing to remove anywhere, no step of any kind.
        let grid = subset_grid(&pair, &[1, 2], &[]);
        for t in [
            Technique::LockedPair,
            Technique::LockedTriple,
            Technique::NakedPair,
        ] {
            assert!(t.find_all(&grid, None).is_empty(), "{t}");
        }
        // With a survivor outside the box as well, the third cell counts for the box.
        let grid = subset_grid(&pair, &[1, 2], &[(Cell::at(0, 2), 2), (Cell::at(0, 5), 1)]);
        assert_eq!(
            texts(Technique::LockedPair, &grid),
            ["Locked Pair: 1,2 in r1c1,r1c2 => r1c6<>1, r1c3<>2"]
        );
    }

    /// Told by the memo which cells changed since they last found nothing, as the solver
    /// runs them, the locked and naked subset rungs find exactly what a whole search finds
    /// (every instance, in order, and the first alone) at every grid of real solve paths;
    /// and the memo is used, on grids where they find something too.
    #[test]
    fn with_the_memo_subset_rungs_find_what_a_whole_search_finds() {
        let rungs = [
            Technique::LockedPair,
            Technique::LockedTriple,
            Technique::NakedPair,
            Technique::NakedTriple,
            Technique::NakedQuad,
        ];
        let stride = if cfg!(debug_assertions) { 400 } else { 40 };
        let (told, told_and_found) =
            crate::technique::test_grids::compare_grid_memo_searches(&rungs, stride);
        assert!(
            told > 1000 && told_and_found > 20,
            "{told} told, {told_and_found} found"
        );
    }

    /// A naked pair search that passes over a locked pair (it removes from the box and
    /// the line) leaves no record: where the box has lost its targets, the same unchanged
    /// pair removes from the line only, and is a naked pair.
    #[test]
    fn a_search_that_passed_over_a_locked_subset_is_not_recorded() {
        use crate::step::StepList;
        use crate::technique::memo::Memo;
        use crate::technique::sink::StepSink;
        let pair = [Cell::at(0, 0), Cell::at(0, 1)];
        let both = subset_grid(&pair, &[1, 2], &[(Cell::at(1, 2), 1), (Cell::at(0, 5), 2)]);
        let line_only = subset_grid(&pair, &[1, 2], &[(Cell::at(0, 5), 2)]);
        let mut memo = Memo::default();
        let mut found = StepList::new();
        let mut sink = StepSink::new(&both, None, &mut found, usize::MAX)
            .remembering(Technique::NakedPair, &mut memo);
        let _ = Technique::NakedPair.find(&both, &mut sink);
        assert!(found.is_empty());
        assert!(
            memo.changed_since_nothing(Technique::NakedPair, &line_only)
                .is_none()
        );
        let mut found = StepList::new();
        let mut sink = StepSink::new(&line_only, None, &mut found, usize::MAX)
            .remembering(Technique::NakedPair, &mut memo);
        let _ = Technique::NakedPair.find(&line_only, &mut sink);
        assert!(!found.is_empty());
        assert_eq!(found.texts(), texts(Technique::NakedPair, &line_only));
    }

    /// A search of some houses only says nothing of the others: it is not recorded.
    #[test]
    fn a_search_of_some_houses_is_not_recorded() {
        use crate::bitset::HouseSet;
        use crate::step::StepList;
        use crate::technique::memo::Memo;
        use crate::technique::sink::StepSink;
        let pair = [Cell::at(0, 0), Cell::at(0, 1)];
        let grid = subset_grid(&pair, &[1, 2], &[(Cell::at(0, 5), 2)]);
        let mut memo = Memo::default();
        for (houses, recorded) in [
            (HouseSet::single(House::column(8)), false),
            (HouseSet::ALL, true),
        ] {
            let mut found = StepList::new();
            let mut sink = StepSink::new(&grid, None, &mut found, usize::MAX)
                .within(houses)
                .remembering(Technique::NakedTriple, &mut memo);
            let _ = Technique::NakedTriple.find(&grid, &mut sink);
            assert!(found.is_empty());
            let record = memo.changed_since_nothing(Technique::NakedTriple, &grid);
            assert_eq!(record, recorded.then_some(CellSet::EMPTY), "{houses:?}");
        }
    }

    #[test]
    fn pairs_outside_an_intersection_are_not_locked() {
        // Same box, different rows and columns; then same row, different boxes.
        for pair in [
            [Cell::at(0, 0), Cell::at(1, 1)],
            [Cell::at(0, 0), Cell::at(0, 4)],
        ] {
            let mut grid = Candidates::empty();
            for cell in pair {
                restrict(&mut grid, cell, &[1, 2]);
            }
            assert!(Technique::LockedPair.find_all(&grid, None).is_empty());
        }
        // Two bivalue cells of an intersection with different digits.
        let mut grid = Candidates::empty();
        restrict(&mut grid, Cell::at(0, 0), &[1, 2]);
        restrict(&mut grid, Cell::at(0, 1), &[1, 3]);
        assert!(Technique::LockedPair.find_all(&grid, None).is_empty());
    }

    #[test]
    fn locked_triple_in_a_column_and_in_a_row() {
        // r7c7..r9c7 hold 4,5 / 5,6 / 4,6: no pair among them, a triple in all.
        let cells = [Cell::at(6, 6), Cell::at(7, 6), Cell::at(8, 6)];
        let mut grid = subset_grid(
            &cells,
            &[4, 5, 6],
            &[(Cell::at(1, 6), 4), (Cell::at(7, 8), 6)],
        );
        grid.eliminate(cells[0], d(6));
        grid.eliminate(cells[1], d(4));
        grid.eliminate(cells[2], d(5));
        assert_eq!(
            texts(Technique::LockedTriple, &grid),
            ["Locked Triple: 4,5,6 in r7c7,r8c7,r9c7 => r2c7<>4, r8c9<>6"]
        );
        assert!(Technique::LockedPair.find_all(&grid, None).is_empty());

        // r5c4..r5c6 hold 1,7,9 between them; removals in b5 only, then in both houses.
        let cells = [Cell::at(4, 3), Cell::at(4, 4), Cell::at(4, 5)];
        let grid = subset_grid(&cells, &[1, 7, 9], &[(Cell::at(3, 3), 9)]);
        assert!(Technique::LockedTriple.find_all(&grid, None).is_empty());
        let grid = subset_grid(
            &cells,
            &[1, 7, 9],
            &[(Cell::at(3, 3), 9), (Cell::at(4, 0), 1)],
        );
        let steps = Technique::LockedTriple.find_all(&grid, None);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].pattern.cells, cells.iter().copied().collect());
        assert_eq!(
            steps.display(0).to_string(),
            "Locked Triple: 1,7,9 in r5c4,r5c5,r5c6 => r5c1<>1, r4c4<>9"
        );
    }
}
