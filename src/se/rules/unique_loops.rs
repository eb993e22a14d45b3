//! SE's unique rectangles and loops (`UniqueLoops`), types 1 to 4: 4.5 for a rectangle,
//! 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more; type 3 adds 0.1 per cell of its
//! naked set beyond the first (naked pair +0.1) or per cell of its hidden set outside the
//! loop beyond the first (hidden pair +0.0).
//!
//! SE finds every loop from every bivalue cell (reading order) by a depth-first walk,
//! builds every hint, and gives the easiest first: lowest difficulty, then lowest type,
//! then the first found (its sort is stable). Quirks matched:
//! - the walk accumulates the extra digits of every cell it looks at in a house, the
//!   siblings it does not enter included, and lets a cell with extra digits in when that
//!   running set has one digit or fewer than two such cells are on the path;
//! - a walk step never uses the house kind of the step before it; it closes on the start
//!   cell from any other house kind once the path has four cells;
//! - a loop counts when every house it enters is entered once at even and once at odd
//!   positions (or never);
//! - two extra cells with one extra digit between them give type 2, with more give
//!   type 3 (naked sets built from the first extra cell's extra digits plus cells of the
//!   house excluding the second, hidden sets of the loop digits and others, counted
//!   without the second extra cell); type 4 is tried for every two-extra-cell loop, and
//!   locks the loop's first digit when it can (the house kind last in block, row, column
//!   order names it); three or more extra cells give type 2 on the first one's extra digit.

use crate::bitset::{CellSet, DigitSet, HouseSet, bit_positions};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};
use crate::se::difficulty::Difficulty;
use crate::se::hint::{Hint, Removals, Rule};
use crate::se::order::{Combinations, block_row_column};

/// SE's first unique loop hint: the easiest of all it would find.
pub fn unique_loop(grid: &Candidates) -> Option<Hint> {
    let mut search = Search {
        grid,
        pair: DigitSet::EMPTY,
        pair_cells: CellSet::EMPTY,
        bivalue_pair_cells: CellSet::EMPTY,
        path: [Cell::from_index(0); 81],
        len: 0,
        on_path: CellSet::EMPTY,
        seen: [HouseSet::EMPTY; 2],
        best: None,
    };
    let bivalue = grid.cells_with_exactly(2);
    for start in bivalue.iter() {
        search.pair = grid.candidates(start);
        search.pair_cells = search
            .pair
            .iter()
            .fold(grid.unsolved(), |s, d| s & grid.cells_with(d));
        search.bivalue_pair_cells = search.pair_cells & bivalue;
        search.walk(start, 2, DigitSet::EMPTY, None);
        if search.best.as_ref().is_some_and(is_easiest) {
            break;
        }
    }
    search.best.map(|(hint, _)| hint)
}

/// A rectangle of type 1 beats every other hint: nothing is found after it.
fn is_easiest((hint, kind): &(Hint, u8)) -> bool {
    *kind == 1 && hint.difficulty.0 == 4.5
}

struct Search<'g> {
    grid: &'g Candidates,
    /// The loop's two digits.
    pair: DigitSet,
    /// The cells holding both.
    pair_cells: CellSet,
    /// The cells holding both and nothing else.
    bivalue_pair_cells: CellSet,
    path: [Cell; 81],
    len: usize,
    on_path: CellSet,
    /// The houses of the path's cells at even and at odd positions.
    seen: [HouseSet; 2],
    /// The easiest hint so far and its type.
    best: Option<(Hint, u8)>,
}

impl Search<'_> {
    /// SE's `checkForLoops` from `cell`, which the caller checked can extend the path.
    ///
    /// A path whose cells at even (or odd) positions share a house can only close into
    /// a loop SE rejects (`isValidLoop`), so the walk does not enter such cells: SE's
    /// hints and their order stay the same, as a walk step never changes what its
    /// siblings see (the running extra digits are gathered whether a cell is entered or
    /// not).
    fn walk(&mut self, cell: Cell, allowed_extra: i32, extra: DigitSet, last: Option<usize>) {
        // A loop closed from here has at least one cell more than the path: once such
        // loops are all harder than the best hint, none is worth finding.
        if let Some(best) = &self.best
            && (is_easiest(best) || loop_base(self.len + 1) > best.0.difficulty.0)
        {
            return;
        }
        if allowed_extra <= 0 && extra.len() >= 2 && !self.may_go_on(cell, last) {
            return;
        }
        let parity = self.len % 2;
        self.path[self.len] = cell;
        self.len += 1;
        self.on_path.insert(cell);
        self.seen[parity] |= houses_of(cell);
        let candidates = self.pair_cells;
        let mut extra = extra;
        for (kind, house) in block_row_column(cell).into_iter().enumerate() {
            if last == Some(kind) {
                continue;
            }
            // A house's cells in position order are its cells in index order.
            for next in (house.cell_set() & candidates).iter() {
                if next == self.path[0] && self.len >= 4 {
                    self.found_loop();
                } else if !self.on_path.contains(next) {
                    let digits = self.grid.candidates(next);
                    extra |= digits - self.pair;
                    let size = digits.len();
                    if (size == 2 || extra.len() == 1 || allowed_extra > 0)
                        && !self.seen[self.len % 2].intersects(houses_of(next))
                    {
                        let allowed = allowed_extra - i32::from(size > 2);
                        self.walk(next, allowed, extra, Some(kind));
                    }
                }
            }
        }
        self.len -= 1;
        self.on_path.remove(cell);
        self.seen[parity] = self.seen[parity] - houses_of(cell);
    }

    /// Whether a walk into `cell` (entered through a house of kind `last`) that may take
    /// no more cells with extra digits can do anything. The running extra digits only
    /// grow, so once they are two or more such a walk goes on through cells holding the
    /// pair and nothing else (not on the path yet) and closes on the start cell from one
    /// that sees it: if none of those it can reach sees the start, it finds nothing. Most
    /// walks end so, and this spares them the look at every sibling.
    fn may_go_on(&self, cell: Cell, last: Option<usize>) -> bool {
        let mut next = CellSet::EMPTY;
        for (kind, house) in block_row_column(cell).into_iter().enumerate() {
            if last != Some(kind) {
                next |= house.cell_set();
            }
        }
        next &= self.pair_cells;
        if self.len + 1 >= 4 && next.contains(self.path[0]) {
            return true;
        }
        let open = self.bivalue_pair_cells - self.on_path - CellSet::single(cell);
        let start_peers = self.path[0].peers();
        let mut frontier = next & open;
        let mut reached = frontier;
        while !frontier.is_empty() {
            if reached.intersects(start_peers) {
                return true;
            }
            let mut around = CellSet::EMPTY;
            for c in frontier.iter() {
                around |= c.peers();
            }
            frontier = around & (open - reached);
            reached |= frontier;
        }
        false
    }

    fn found_loop(&mut self) {
        // SE's `isValidLoop`: every house met at even positions is met once there,
        // likewise at odd positions (the walk keeps to such paths), and the two sets of
        // houses are the same.
        if self.seen[0] != self.seen[1] {
            return;
        }
        let cells = &self.path[..self.len];
        let grid = self.grid;
        let mut extras = [Cell::from_index(0); 81];
        let mut count = 0;
        for &cell in cells {
            if grid.candidates(cell).len() > 2 {
                extras[count] = cell;
                count += 1;
            }
        }
        let extras = &extras[..count];
        let size = cells.len();
        match extras {
            [] => {}
            [rescue] => {
                let mut removals = Removals::NONE;
                for digit in self.pair.iter() {
                    removals.add(*rescue, digit);
                }
                self.offer(size, 1, 0, removals);
            }
            [c1, c2] => {
                let extra = (grid.candidates(*c1) | grid.candidates(*c2)) - self.pair;
                if extra.len() == 1 {
                    self.type_2(size, extras);
                } else if extra.len() >= 2 {
                    self.type_3(size, *c1, *c2, extra);
                }
                self.type_4(size, *c1, *c2);
            }
            _ => self.type_2(size, extras),
        }
    }

    /// Keeps `removals` as the best hint when it is easier than the best so far.
    fn offer(&mut self, size: usize, kind: u8, tenths: usize, removals: Removals) {
        if removals.is_empty() {
            return;
        }
        let difficulty = Difficulty(loop_base(size) + tenths as f64 * 0.1);
        let easier = match &self.best {
            None => true,
            Some((hint, best_kind)) => {
                difficulty.0 < hint.difficulty.0
                    || (difficulty.0 == hint.difficulty.0 && kind < *best_kind)
            }
        };
        if easier {
            let rule = Rule::UniqueLoop {
                cells: size as u8,
                kind,
            };
            let hint = Hint {
                rule,
                difficulty,
                placement: None,
                removals,
            };
            self.best = Some((hint, kind));
        }
    }

    /// Type 2: the first extra cell's first extra digit leaves the cells seeing every
    /// extra cell.
    fn type_2(&mut self, size: usize, extras: &[Cell]) {
        let Some(digit) = (self.grid.candidates(extras[0]) - self.pair).first() else {
            return;
        };
        let seeing = extras.iter().fold(CellSet::ALL, |s, c| s & c.peers());
        let mut removals = Removals::NONE;
        removals.add_cells(digit, seeing & self.grid.cells_with(digit));
        self.offer(size, 2, 0, removals);
    }

    /// Type 3: a naked or hidden set with the two extra cells in a house they share.
    fn type_3(&mut self, size: usize, c1: Cell, c2: Cell, extra: DigitSet) {
        let grid = self.grid;
        let pair = self.pair;
        for degree in extra.len()..=7 {
            for house in block_row_column(c1) {
                if !house.cell_set().contains(c2) {
                    continue;
                }
                let empty = grid.empty_cells_in(house);
                let (Some(i1), Some(i2)) = (house.position_of(c1), house.position_of(c2)) else {
                    continue;
                };
                if degree * 2 <= empty {
                    for combo in Combinations::new(degree, 9) {
                        if combo >> i1 & 1 == 0 || combo >> i2 & 1 != 0 {
                            continue;
                        }
                        if let Some(removals) =
                            naked_with(grid, house, combo, i1, extra, c1, c2, degree)
                        {
                            self.offer(size, 3, degree as usize - 1, removals);
                        }
                    }
                }
                if degree * 2 < empty {
                    let others = DigitSet::ALL - pair - extra;
                    if degree - 2 > others.len() {
                        continue;
                    }
                    let mut listed = [Digit::new(1); 9];
                    for (slot, digit) in listed.iter_mut().zip(others.iter()) {
                        *slot = digit;
                    }
                    for combo in Combinations::new(degree - 2, others.len()) {
                        let hidden =
                            bit_positions(combo).fold(pair, |s, i| s | DigitSet::single(listed[i]));
                        if let Some((removals, cells)) =
                            hidden_with(grid, house, hidden, i1, i2, degree)
                        {
                            self.offer(size, 3, cells - 1, removals);
                        }
                    }
                }
            }
        }
    }

    /// Type 4: a loop digit locked in a house of both extra cells leaves them the other.
    fn type_4(&mut self, size: usize, c1: Cell, c2: Cell) {
        let grid = self.grid;
        let [v1, v2] = {
            let mut digits = self.pair.iter();
            [digits.next(), digits.next()]
        };
        let (Some(v1), Some(v2)) = (v1, v2) else {
            return;
        };
        let (mut locks_v1, mut locks_v2) = (false, false);
        for house in block_row_column(c1) {
            if !house.cell_set().contains(c2) {
                continue;
            }
            let others = house.cell_set() - CellSet::single(c1) - CellSet::single(c2);
            locks_v1 |= (others & grid.cells_with(v1)).is_empty();
            locks_v2 |= (others & grid.cells_with(v2)).is_empty();
        }
        let removed = if locks_v1 {
            v2
        } else if locks_v2 {
            v1
        } else {
            return;
        };
        let mut removals = Removals::NONE;
        removals.add(c1, removed);
        removals.add(c2, removed);
        self.offer(size, 4, 0, removals);
    }
}

/// SE's base difficulty of a loop of `size` cells, as SE adds it up.
fn loop_base(size: usize) -> f64 {
    let mut result = 4.5;
    if size >= 10 {
        result += 0.3;
    }
    if size >= 8 {
        result += 0.2;
    } else if size >= 6 {
        result += 0.1;
    }
    result
}

/// A cell's row, column and box.
fn houses_of(cell: Cell) -> HouseSet {
    cell.houses().into_iter().collect()
}

/// The removals of a type 3 naked set: `combo` holds `c1` (standing for both extra cells
/// with their extra digits) and not `c2`.
#[allow(clippy::too_many_arguments)]
fn naked_with(
    grid: &Candidates,
    house: House,
    combo: u64,
    i1: usize,
    extra: DigitSet,
    c1: Cell,
    c2: Cell,
    degree: u32,
) -> Option<Removals> {
    let mut naked = extra & grid.candidates(c1) & grid.candidates(c2);
    let mut union = extra;
    let mut members = CellSet::EMPTY;
    for p in bit_positions(combo) {
        if p == i1 {
            continue;
        }
        let cell = house.cells()[p];
        let digits = grid.candidates(cell);
        if digits.len() < 2 {
            // SE's search for a common tuple refuses members with fewer than two.
            return None;
        }
        naked |= digits;
        union |= digits;
        members.insert(cell);
    }
    if naked.len() != degree || extra.len() < 2 || union.len() != degree {
        return None;
    }
    let mut removals = Removals::NONE;
    for &cell in house.cells() {
        if cell != c1 && cell != c2 && !members.contains(cell) {
            for digit in (grid.candidates(cell) & union).iter() {
                removals.add(cell, digit);
            }
        }
    }
    Some(removals)
}

/// The removals of a type 3 hidden set of `digits` (the loop's two and others), counted
/// without `c2`; and how many of its cells lie outside the loop's two extra cells.
fn hidden_with(
    grid: &Candidates,
    house: House,
    digits: DigitSet,
    i1: usize,
    i2: usize,
    degree: u32,
) -> Option<(Removals, usize)> {
    let mut places = 0u16;
    for digit in digits.iter() {
        let at = grid.positions(house, digit) & !(1 << i2);
        if at == 0 {
            return None;
        }
        places |= at;
    }
    if places.count_ones() != degree {
        return None;
    }
    places &= !(1 << i1) & !(1 << i2);
    let mut removals = Removals::NONE;
    for p in bit_positions(u64::from(places)) {
        let cell = house.cells()[p];
        for digit in (grid.candidates(cell) - digits).iter() {
            removals.add(cell, digit);
        }
    }
    Some((removals, places.count_ones() as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::se::rules::test_grids::{cell, grid, keep_only};

    /// An open grid where 1 and 2 stay only in the named cells (and in `also`).
    fn loop_grid(cells: &[(&str, &str)], also: CellSet) -> Candidates {
        let mut g = keep_only(&grid(&".".repeat(81)), cells);
        let named: CellSet = cells.iter().map(|(c, _)| cell(c)).collect();
        for other in (CellSet::ALL - named - also).iter() {
            g.eliminate(other, Digit::new(1));
            g.eliminate(other, Digit::new(2));
        }
        g
    }

    fn removed(hint: &Hint) -> Vec<String> {
        hint.removals
            .iter()
            .map(|(c, d)| format!("{c}-{d}"))
            .collect()
    }

    #[test]
    fn a_rectangle_of_type_1_removes_the_pair_from_its_extra_cell() {
        let g = loop_grid(
            &[
                ("r1c1", "12"),
                ("r1c4", "12"),
                ("r2c1", "12"),
                ("r2c4", "123"),
            ],
            CellSet::EMPTY,
        );
        let hint = unique_loop(&g).unwrap();
        assert_eq!(hint.rule.to_string(), "Unique Rectangle type 1");
        assert_eq!(hint.difficulty.0, 4.5);
        assert_eq!(removed(&hint), ["r2c4-1", "r2c4-2"]);
        // With a fourth cell that does not hold the pair, no loop.
        let g = loop_grid(
            &[
                ("r1c1", "12"),
                ("r1c4", "12"),
                ("r2c1", "12"),
                ("r2c4", "34"),
            ],
            CellSet::EMPTY,
        );
        assert_eq!(unique_loop(&g), None);
    }

    #[test]
    fn a_rectangle_of_type_2_removes_the_extra_digit_where_both_extra_cells_see() {
        let g = loop_grid(
            &[
                ("r1c1", "12"),
                ("r1c4", "12"),
                ("r2c1", "123"),
                ("r2c4", "123"),
            ],
            CellSet::EMPTY,
        );
        let hint = unique_loop(&g).unwrap();
        assert_eq!(hint.rule.to_string(), "Unique Rectangle type 2");
        assert_eq!(
            hint.removals.cells(Digit::new(3)),
            House::row(1).cell_set()
                - CellSet::single(cell("r2c1"))
                - CellSet::single(cell("r2c4"))
        );
    }

    #[test]
    fn a_rectangle_of_type_3_with_a_naked_pair_is_rated_4_6() {
        // The extra cells' 3 and 4 with r2c7 {3,4}: a naked pair in row 2; the row keeps
        // 1 and 2 elsewhere, so no type 4.
        let g = loop_grid(
            &[
                ("r1c1", "12"),
                ("r1c4", "12"),
                ("r2c1", "123"),
                ("r2c4", "124"),
                ("r2c7", "34"),
            ],
            House::row(1).cell_set(),
        );
        let hint = unique_loop(&g).unwrap();
        assert_eq!(hint.rule.to_string(), "Unique Rectangle type 3");
        assert_eq!(hint.difficulty.0, 4.5 + 0.1);
        let expected: Vec<String> = ["r2c2", "r2c3", "r2c5", "r2c6", "r2c8", "r2c9"]
            .iter()
            .flat_map(|c| [format!("{c}-3"), format!("{c}-4")])
            .collect();
        let mut ours = removed(&hint);
        ours.sort();
        let mut expected = expected;
        expected.sort();
        assert_eq!(ours, expected);
    }

    #[test]
    fn a_rectangle_of_type_4_removes_the_unlocked_digit_from_the_extra_cells() {
        let g = loop_grid(
            &[
                ("r1c1", "12"),
                ("r1c4", "12"),
                ("r2c1", "123"),
                ("r2c4", "124"),
            ],
            CellSet::EMPTY,
        );
        let hint = unique_loop(&g).unwrap();
        assert_eq!(hint.rule.to_string(), "Unique Rectangle type 4");
        assert_eq!(removed(&hint), ["r2c1-2", "r2c4-2"]);
    }

    #[test]
    fn a_loop_of_six_through_three_boxes() {
        let g = loop_grid(
            &[
                ("r1c1", "12"),
                ("r1c2", "12"),
                ("r4c2", "12"),
                ("r4c4", "12"),
                ("r5c4", "12"),
                ("r5c1", "123"),
            ],
            CellSet::EMPTY,
        );
        let hint = unique_loop(&g).unwrap();
        assert_eq!(hint.rule.to_string(), "Unique Loop type 1");
        assert_eq!(hint.difficulty.0, 4.6);
        assert_eq!(removed(&hint), ["r5c1-1", "r5c1-2"]);
    }

    #[test]
    fn sizes_add_to_the_base_as_se_adds_them() {
        assert_eq!(loop_base(4), 4.5);
        assert_eq!(loop_base(6), 4.5 + 0.1);
        assert_eq!(loop_base(8), 4.5 + 0.2);
        assert_eq!(loop_base(10), 4.5 + 0.3 + 0.2);
    }
}
