//! The almost locked sets of a grid and the restricted commons between them, listed in
//! HoDoKu 2.2's order (`SudokuStepFinder.doGetAlses`, `checkAlsRecursive`,
//! `doGetRestrictedCommons`), which decides the first instance its ALS finders take.
//!
//! - An ALS is a set of n unsolved cells of one house holding n + 1 digits between them (a
//!   bivalue cell is one). They are listed house by house (rows, columns, boxes), each
//!   house's subsets depth first in lexicographic order of its cells ({0}, {0,1}, {0,1,2},
//!   ..., {0,2}, ...), up to eight cells; a cell set already listed from an earlier house is
//!   not listed again (a bivalue cell comes from its row, a set in a box that lies in one row
//!   or column from that line).
//! - A restricted common (RC) of two ALS that share no cell is a digit both hold whose
//!   places in the one all see its places in the other: it cannot be true in both. Pairs are
//!   taken i < j in list order, i outer; for each pair its RC digits ascending, the first as
//!   `first`, the last other as `second` (two ALS have at most two).

use crate::bitset::{CellSet, DigitSet, nine_bit_count};
use crate::candidates::Candidates;
use crate::geometry::{Digit, House, HouseKind};

/// One almost locked set, with what the finders ask of it.
#[derive(Clone, Copy, Debug)]
pub struct Als {
    pub cells: CellSet,
    pub digits: DigitSet,
    /// Per digit, its cells holding the digit.
    pub places: [CellSet; 9],
    /// Per digit, the cells outside the set holding the digit and seeing all its places:
    /// those lose the digit when the set is sure to hold it.
    pub seers: [CellSet; 9],
    /// The union of `seers`.
    pub all_seers: CellSet,
}

impl Als {
    fn new(grid: &Candidates, cells: CellSet, digits: DigitSet) -> Als {
        let mut als = Als {
            cells,
            digits,
            places: [CellSet::EMPTY; 9],
            seers: [CellSet::EMPTY; 9],
            all_seers: CellSet::EMPTY,
        };
        for digit in digits.iter() {
            let places = cells & grid.cells_with(digit);
            let seers = places.common_peers() & (grid.cells_with(digit) - cells);
            als.places[digit.index()] = places;
            als.seers[digit.index()] = seers;
            als.all_seers |= seers;
        }
        als
    }

    /// Makes this ALS, listed on an earlier grid, this one on `grid`: its cells and their
    /// candidates as they were, other cells maybe fewer candidates. In place, as a copy
    /// of the set is large.
    fn narrow(&mut self, grid: &Candidates) {
        self.all_seers = CellSet::EMPTY;
        for digit in self.digits.iter() {
            let seers = &mut self.seers[digit.index()];
            *seers &= grid.cells_with(digit);
            self.all_seers |= *seers;
        }
    }

    pub fn places(&self, digit: Digit) -> CellSet {
        self.places[digit.index()]
    }

    pub fn seers(&self, digit: Digit) -> CellSet {
        self.seers[digit.index()]
    }
}

/// Two ALS joined by one or two restricted commons; `first < second` index the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rc {
    pub first: usize,
    pub second: usize,
    pub digit: Digit,
    pub other_digit: Option<Digit>,
}

impl Rc {
    /// The RC digits.
    pub fn digits(&self) -> DigitSet {
        let mut digits = DigitSet::single(self.digit);
        if let Some(other) = self.other_digit {
            digits.insert(other);
        }
        digits
    }
}

/// Every ALS of `grid`, in HoDoKu's order, into `out`.
#[cfg(test)]
pub fn list_alses(grid: &Candidates, out: &mut Vec<Als>) {
    list_alses_since(grid, None, out, &mut [0; 27]);
}

/// Per house, where its ALS end in a list (they come house by house).
pub type HouseEnds = [usize; 27];

/// The ALS list of an earlier grid of a solve holding every candidate of this one, where
/// each house's ALS end in it, and the cells whose candidates (or whether they are set)
/// differ since.
pub struct EarlierAlses<'a> {
    pub alses: &'a [Als],
    pub ends: &'a HouseEnds,
    pub changed: CellSet,
}

/// [`list_alses`], knowing the `earlier` list when there is one: a house none of whose
/// cells changed has the same unsolved cells with the same candidates, so its subsets walk
/// to the same ALS in the same order, and they are copied over; only their seers can have
/// lost cells (elsewhere in the grid), and a seer now is a seer then still holding the
/// digit. `ends` gets where each house's ALS end.
pub fn list_alses_since(
    grid: &Candidates,
    earlier: Option<&EarlierAlses<'_>>,
    out: &mut Vec<Als>,
    ends: &mut HouseEnds,
) {
    out.clear();
    for (h, house) in House::all().enumerate() {
        match earlier {
            Some(earlier) if !house.cell_set().intersects(earlier.changed) => {
                let start = if h == 0 { 0 } else { earlier.ends[h - 1] };
                let from = out.len();
                // Copied as one block, then narrowed where they lie.
                out.extend_from_slice(&earlier.alses[start..earlier.ends[h]]);
                out[from..].iter_mut().for_each(|als| als.narrow(grid));
            }
            _ => alses_of_house(grid, house, out),
        }
        ends[h] = out.len();
    }
}

/// The ALS first listed from `house`, in HoDoKu's order, onto `out`.
fn alses_of_house(grid: &Candidates, house: House, out: &mut Vec<Als>) {
    let mut cells = [crate::geometry::Cell::from_index(0); 9];
    let mut n = 0;
    for &cell in house.cells() {
        if grid.value(cell).is_none() {
            cells[n] = cell;
            n += 1;
        }
    }
    let cells = &cells[..n];
    let mut masks = [0u16; 9];
    let mut chosen = [CellSet::EMPTY; 9];
    // Depth-first walk: `depth` cells chosen, the next tried from `next[depth]`.
    let mut next = [0usize; 10];
    let mut depth = 0;
    loop {
        if next[depth] >= cells.len() || depth == 8 {
            if depth == 0 {
                break;
            }
            depth -= 1;
            continue;
        }
        let cell = cells[next[depth]];
        next[depth] += 1;
        let set = if depth == 0 {
            CellSet::single(cell)
        } else {
            chosen[depth - 1] | CellSet::single(cell)
        };
        let mask = if depth == 0 { 0 } else { masks[depth - 1] } | grid.candidates(cell).bits();
        chosen[depth] = set;
        masks[depth] = mask;
        let size = depth as u32 + 1;
        if nine_bit_count(mask) == size + 1 && !listed_before(house, set) {
            out.push(Als::new(grid, set, DigitSet::from_bits(mask)));
        }
        depth += 1;
        next[depth] = next[depth - 1];
    }
}

/// Whether `set`, found in `house`, lies in a house listed before it: a single cell lies
/// in its row, a set in a box lying in one row or column lies in that line.
fn listed_before(house: House, set: CellSet) -> bool {
    match house.kind() {
        HouseKind::Row => false,
        HouseKind::Column => set.len() == 1,
        HouseKind::Box => {
            let first = set.first().expect("an ALS has cells");
            set.is_subset_of(House::row(first.row()).cell_set())
                || set.is_subset_of(House::column(first.col()).cell_set())
        }
    }
}

/// Per cell, which sets of a list hold it (bit `i` of a row of words: the `i`-th set).
#[derive(Default)]
struct CellRows {
    /// `words` words per cell.
    rows: Vec<u64>,
    words: usize,
}

impl CellRows {
    fn index(&mut self, sets: impl ExactSizeIterator<Item = CellSet>) {
        self.words = sets.len().div_ceil(64);
        self.rows.clear();
        self.rows.resize(81 * self.words, 0);
        for (i, cells) in sets.enumerate() {
            for cell in cells.iter() {
                self.rows[cell.index() * self.words + i / 64] |= 1 << (i % 64);
            }
        }
    }

    /// Word `word` of the sets holding a cell of `seen` and none of `own`.
    #[inline]
    fn meeting(&self, seen: CellSet, own: CellSet, word: usize) -> u64 {
        let row = |cell: crate::geometry::Cell| self.rows[cell.index() * self.words + word];
        let met = seen.iter().fold(0, |bits, cell| bits | row(cell));
        if met == 0 {
            return 0;
        }
        own.iter().fold(met, |bits, cell| bits & !row(cell))
    }
}

/// Per cell, the ALS holding it: the index [`list_rcs`] narrows its pairs with; and each
/// ALS's cells and digits, packed apart from the rest for its pair tests. Scratch, reused
/// from grid to grid.
#[derive(Default)]
pub struct AlsesByCell {
    rows: CellRows,
    cells: Vec<CellSet>,
    digits: Vec<DigitSet>,
}

impl AlsesByCell {
    fn index(&mut self, alses: &[Als]) {
        self.rows.index(alses.iter().map(|als| als.cells));
        self.cells.clear();
        self.cells.extend(alses.iter().map(|als| als.cells));
        self.digits.clear();
        self.digits.extend(alses.iter().map(|als| als.digits));
    }
}

/// Every pair of ALS that share no cell with their restricted commons, in HoDoKu's order.
///
/// A pair can have a restricted common only if the second ALS has a cell among the first's
/// `all_seers` (its places of a common digit must all see the first's, and those cells
/// hold the digit). So for each ALS the later ones are read from `by_cell` a word (64 ALS)
/// at a time: those holding a cell it sees, less those sharing one of its cells; only
/// they are tested digit by digit. A digit both hold is a restricted common when no cell
/// of the second holding it lies outside the first's seers of it, so each test reads
/// the second's cells alone.
pub fn list_rcs(grid: &Candidates, alses: &[Als], by_cell: &mut AlsesByCell, out: &mut Vec<Rc>) {
    out.clear();
    by_cell.index(alses);
    for (i, a) in alses.iter().enumerate() {
        rcs_with_later(grid, by_cell, a, i, out);
    }
}

/// The restricted commons of ALS `a`, the `i`-th, with every later ALS, into `out`.
fn rcs_with_later(grid: &Candidates, by_cell: &AlsesByCell, a: &Als, i: usize, out: &mut Vec<Rc>) {
    let outside = outside_seers(grid, a);
    for word in i / 64..by_cell.rows.words {
        let mut seen = by_cell.rows.meeting(a.all_seers, a.cells, word);
        if word == i / 64 {
            // Only the ALS after this one.
            seen &= !((2u64 << (i % 64)).wrapping_sub(1));
        }
        while seen != 0 {
            let j = word * 64 + seen.trailing_zeros() as usize;
            seen &= seen - 1;
            out.extend(restricted_commons(by_cell, a, &outside, i, j));
        }
    }
}

/// Per digit of `a`, where a second ALS may not hold it.
fn outside_seers(grid: &Candidates, a: &Als) -> [CellSet; 9] {
    std::array::from_fn(|d| {
        let digit = Digit::from_index(d);
        grid.cells_with(digit) - a.seers(digit)
    })
}

/// The lists of an earlier grid holding every candidate of this one, and the cells whose
/// candidates differ: what [`list_rcs_since`] carries over.
pub struct Earlier<'a> {
    pub alses: &'a [Als],
    pub rcs: &'a [Rc],
    pub changed: CellSet,
}

/// [`list_rcs`] for a grid whose `earlier` lists are known: the restricted commons of two
/// ALS that meet no changed cell are the earlier ones (whether a digit is one depends on
/// the two sets' cells and candidates alone), and only pairs with a changed ALS are tested.
/// Both lists come in the same order (an ALS is listed where its cells put it), so the
/// unchanged ALS are matched in one pass.
pub fn list_rcs_since(
    grid: &Candidates,
    alses: &[Als],
    earlier: &Earlier<'_>,
    work: &mut CarryOver,
    by_cell: &mut AlsesByCell,
    out: &mut Vec<Rc>,
) {
    if !work.match_unchanged(alses, earlier) {
        debug_assert!(false, "every unchanged ALS was listed before");
        return list_rcs(grid, alses, by_cell, out);
    }
    out.clear();
    by_cell.index(alses);
    let mut next_earlier = 0;
    for (i, a) in alses.iter().enumerate() {
        let Some(old) = work.earlier_of[i] else {
            rcs_with_later(grid, by_cell, a, i, out);
            continue;
        };
        // The earlier restricted commons of this ALS with unchanged ones, and its new ones
        // with changed ones, merged in list order.
        while next_earlier < earlier.rcs.len() && earlier.rcs[next_earlier].first < old {
            next_earlier += 1;
        }
        let mut carried = next_earlier;
        // Made when a changed ALS meets `a`: most unchanged ones meet none.
        let mut outside = None;
        // The later changed ALS holding a cell `a` sees and none of its own, read from the
        // index a word (64 changed ALS) at a time.
        let later_changed = work.changed.partition_point(|&j| j <= i);
        for word in later_changed / 64..work.changed_by_cell.words {
            // Cells outside every changed ALS have empty rows: they are not read.
            let (seen_cells, own) = (
                a.all_seers & work.changed_cells,
                a.cells & work.changed_cells,
            );
            let mut seen = work.changed_by_cell.meeting(seen_cells, own, word);
            if word == later_changed / 64 {
                seen &= !((1u64 << (later_changed % 64)) - 1);
            }
            while seen != 0 {
                let j = work.changed[word * 64 + seen.trailing_zeros() as usize];
                seen &= seen - 1;
                let outside = outside.get_or_insert_with(|| outside_seers(grid, a));
                let Some(rc) = restricted_commons(by_cell, a, outside, i, j) else {
                    continue;
                };
                carried = carry(earlier.rcs, &work.now_of, (old, i), carried, j, out);
                out.push(rc);
            }
        }
        carry(
            earlier.rcs,
            &work.now_of,
            (old, i),
            carried,
            usize::MAX,
            out,
        );
    }
}

/// Carries the earlier restricted commons from the `from`-th on whose first ALS is
/// `old` (`i` now) and whose second is unchanged and comes before ALS `before` now, onto
/// `out`, renumbered; returns where the next such one may start. Both lists keep the
/// ALS in the same order, so a second ALS's number now ascends with its earlier one.
fn carry(
    rcs: &[Rc],
    now_of: &[Option<usize>],
    (old, i): (usize, usize),
    from: usize,
    before: usize,
    out: &mut Vec<Rc>,
) -> usize {
    let mut next = from;
    while let Some(rc) = rcs.get(next).filter(|rc| rc.first == old) {
        if let Some(second) = now_of[rc.second] {
            if second >= before {
                break;
            }
            out.push(Rc {
                first: i,
                second,
                ..*rc
            });
        }
        next += 1;
    }
    next
}

/// Scratch for [`list_rcs_since`]: how the two lists' ALS match.
#[derive(Default)]
pub struct CarryOver {
    /// Per ALS now, its number in the earlier list when it meets no changed cell.
    earlier_of: Vec<Option<usize>>,
    /// Per earlier ALS, its number now when unchanged.
    now_of: Vec<Option<usize>>,
    /// The ALS now that meet a changed cell, ascending.
    changed: Vec<usize>,
    /// Per cell, the changed ALS (bit `k`: the `k`-th of `changed`) holding it.
    changed_by_cell: CellRows,
    /// The cells of the changed ALS.
    changed_cells: CellSet,
}

impl CarryOver {
    /// Matches each ALS meeting no changed cell with its earlier self; false if one is
    /// missing.
    fn match_unchanged(&mut self, alses: &[Als], earlier: &Earlier<'_>) -> bool {
        self.earlier_of.clear();
        self.now_of.clear();
        self.now_of.resize(earlier.alses.len(), None);
        self.changed.clear();
        self.changed_cells = CellSet::EMPTY;
        let mut old = 0;
        for (i, als) in alses.iter().enumerate() {
            if als.cells.intersects(earlier.changed) {
                self.earlier_of.push(None);
                self.changed.push(i);
                self.changed_cells |= als.cells;
                continue;
            }
            while old < earlier.alses.len() && earlier.alses[old].cells != als.cells {
                old += 1;
            }
            if old == earlier.alses.len() {
                return false;
            }
            self.earlier_of.push(Some(old));
            self.now_of[old] = Some(i);
            old += 1;
        }
        self.changed_by_cell
            .index(self.changed.iter().map(|&i| alses[i].cells));
        true
    }
}

/// The restricted commons of ALS `a` (the `i`-th) and the `j`-th (which share no cell),
/// if they have any, knowing where the second may not hold each of `a`'s digits.
fn restricted_commons(
    by_cell: &AlsesByCell,
    a: &Als,
    outside: &[CellSet; 9],
    i: usize,
    j: usize,
) -> Option<Rc> {
    let cells = by_cell.cells[j];
    let mut rc: Option<Rc> = None;
    for digit in (a.digits & by_cell.digits[j]).iter() {
        if cells.intersects(outside[digit.index()]) {
            continue;
        }
        match &mut rc {
            None => {
                rc = Some(Rc {
                    first: i,
                    second: j,
                    digit,
                    other_digit: None,
                })
            }
            Some(rc) => rc.other_digit = Some(digit),
        }
    }
    rc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::sample_grids_after_singles;

    /// Every pair of ALS, i before j, that share no cell, with its restricted commons: the
    /// definition, pair by pair.
    fn every_pair(alses: &[Als]) -> Vec<Rc> {
        let mut out = Vec::new();
        for (i, a) in alses.iter().enumerate() {
            for (j, b) in alses.iter().enumerate().skip(i + 1) {
                if a.cells.intersects(b.cells) {
                    continue;
                }
                let restricted: Vec<Digit> = (a.digits & b.digits)
                    .iter()
                    .filter(|&d| {
                        b.places(d)
                            .iter()
                            .all(|p| a.places(d).iter().all(|q| p.sees(q)))
                    })
                    .collect();
                if let Some(&digit) = restricted.first() {
                    out.push(Rc {
                        first: i,
                        second: j,
                        digit,
                        other_digit: restricted.get(1).copied(),
                    });
                }
            }
        }
        out
    }

    /// Along real solve paths, the ALS of houses that did not change, copied over from the
    /// grid listed before, with those of the others, are the whole list, in order; and the
    /// restricted commons carried over, with those of the changed ALS, are the whole list.
    #[test]
    fn restricted_commons_carried_over_are_the_whole_list() {
        use crate::ladder::Ladder;
        use crate::solver::{Policy, Solver};
        use crate::technique::test_grids::hard_rated_puzzles;
        let solver = Solver::new(Ladder::default(), Policy::Single);
        let stride = if cfg!(debug_assertions) { 400 } else { 60 };
        let (mut alses, mut by_cell, mut rcs) = (Vec::new(), AlsesByCell::default(), Vec::new());
        let (mut earlier_alses, mut earlier_rcs) = (Vec::new(), Vec::new());
        let (mut whole, mut carry) = (Vec::new(), CarryOver::default());
        let (mut grids, mut carried, mut copied) = (0, 0, 0);
        let (mut reused, mut ends, mut earlier_ends) = (Vec::new(), [0; 27], [0; 27]);
        let fresh_ends = |grid: &Candidates| {
            let mut ends = [0; 27];
            list_alses_since(grid, None, &mut Vec::new(), &mut ends);
            ends
        };
        for puzzle in hard_rated_puzzles(stride) {
            let report = solver.solve(&puzzle, None);
            let mut grid = Candidates::from_puzzle(&puzzle);
            let mut then: Option<[CellSet; 9]> = None;
            for step in report.steps.iter() {
                step.apply_to(&mut grid);
                list_alses(&grid, &mut alses);
                list_rcs(&grid, &alses, &mut by_cell, &mut whole);
                if let Some(changed) = then.and_then(|then| grid.changes_since(&then)) {
                    let earlier = EarlierAlses {
                        alses: &earlier_alses,
                        ends: &earlier_ends,
                        changed,
                    };
                    list_alses_since(&grid, Some(&earlier), &mut reused, &mut ends);
                    assert_eq!(format!("{reused:?}"), format!("{alses:?}"), "{puzzle}");
                    assert_eq!(ends, fresh_ends(&grid), "{puzzle}");
                    copied += (0..27)
                        .filter(|&h| !House::all().nth(h).unwrap().cell_set().intersects(changed))
                        .count();
                    let earlier = Earlier {
                        alses: &earlier_alses,
                        rcs: &earlier_rcs,
                        changed,
                    };
                    list_rcs_since(&grid, &alses, &earlier, &mut carry, &mut by_cell, &mut rcs);
                    assert_eq!(rcs, whole, "{puzzle}");
                    carried += carry.earlier_of.iter().flatten().count();
                    grids += 1;
                }
                then = Some(grid.digit_cells());
                earlier_ends = fresh_ends(&grid);
                std::mem::swap(&mut alses, &mut earlier_alses);
                std::mem::swap(&mut whole, &mut earlier_rcs);
            }
        }
        assert!(
            grids > 500 && carried > 50_000 && copied > 5_000,
            "{grids} {carried} {copied}"
        );
    }

    #[test]
    fn restricted_commons_are_every_such_pair_in_list_order() {
        let (mut alses, mut by_cell, mut rcs) = (Vec::new(), AlsesByCell::default(), Vec::new());
        let mut compared = 0;
        for (line, grid) in sample_grids_after_singles(30) {
            list_alses(&grid, &mut alses);
            list_rcs(&grid, &alses, &mut by_cell, &mut rcs);
            assert_eq!(rcs, every_pair(&alses), "{line}");
            compared += rcs.len();
        }
        assert!(compared > 1_000, "{compared}");
    }
}
