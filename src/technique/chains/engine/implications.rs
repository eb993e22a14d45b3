//! The direct implications of every literal of a grid: what follows at once from a node
//! being on or off, in the order HoDoKu's tabling lists them (`TablingSolver.fillTables`
//! and `fillTablesWithGroupNodes`), because that order decides which chain a breadth-first
//! search finds first.
//!
//! For a candidate `d` in cell `c`:
//! - on: every other candidate of `c` is off (digits ascending), then `d` is off in the
//!   other cells of `c`'s row, column and box that hold it (each house in cell order, a
//!   cell once); then every group node of `d` that `c` sees is off (group order).
//! - off: if `c` is bivalue its other digit is on; then in each of `c`'s row, column and
//!   box where `d` has exactly one other place, that place is on; then every group node
//!   of `d` whose box or line holds `d`, outside the group, only in `c` is on.
//!
//! An "off" literal with nothing to imply is a dead end: a walk meets it but goes no
//! further. When the capacity of a table cannot be reached, the "on" rows are kept
//! without their dead ends (*live*), for walks that only need to know about the dead ends
//! they are looking for.
//!
//! For a group node of `d` (with groups):
//! - on: `d` is off in every cell that sees the whole group (ascending), then every other
//!   group of `d` that shares its line or box without overlapping it is off;
//! - off: the only other place of `d` in its box is on, then the only other place in its
//!   line; then the only other group in its line, then in its box, when that group and
//!   this one are all the places of `d` there.

use super::literal::{CANDIDATE_NODES, GroupNodes, Lit};
use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};

/// Every literal's direct implications: what each node implies off, and on (whole, or
/// live: without dead ends).
#[derive(Default)]
pub struct Implications {
    off: Rows,
    on: Rows,
    live: bool,
    /// Per digit, the cells whose candidate of it is a dead end (left out when live).
    dead_ends: [CellSet; 9],
}

/// Rows of literals, one per node number (`Lit::node`).
#[derive(Default)]
struct Rows {
    /// Per node, its row's start and end in `targets` (one lookup per row read); a node
    /// that is not in the grid keeps an empty row.
    rows: Vec<(u32, u32)>,
    targets: Vec<Lit>,
    /// The nodes whose rows were closed since the last reset: the only rows a reset
    /// needs to empty (a grid has a few hundred of the 729 candidate nodes, and a reset
    /// comes with every search).
    closed: Vec<u32>,
}

impl Rows {
    /// Empty rows for `nodes` nodes.
    fn reset(&mut self, nodes: usize) {
        for &node in &self.closed {
            if let Some(row) = self.rows.get_mut(node as usize) {
                *row = (0, 0);
            }
        }
        self.closed.clear();
        self.rows.truncate(nodes);
        self.rows.resize(nodes, (0, 0));
        self.targets.clear();
    }

    /// Where the next row starts.
    #[inline]
    fn open_row(&self) -> u32 {
        self.targets.len() as u32
    }

    /// Closes `node`'s row, opened at `start`, where `targets` ends now.
    #[inline]
    fn close_row(&mut self, node: usize, start: u32) {
        self.rows[node] = (start, self.targets.len() as u32);
        self.closed.push(node as u32);
    }

    #[inline]
    fn of(&self, node: usize) -> &[Lit] {
        let (from, to) = self.rows[node];
        &self.targets[from as usize..to as usize]
    }
}

impl Implications {
    /// The implications of `grid`'s literals, with `groups` as group nodes (none for
    /// plain chains), replacing what was there. When the grid has no more literals than
    /// `live_up_to`, the rows of "on" literals leave dead ends out ([`Implications::is_live`]).
    pub fn build(&mut self, grid: &Candidates, groups: &GroupNodes, live_up_to: usize) {
        let candidates: usize = grid
            .unsolved()
            .iter()
            .map(|c| grid.candidates(c).len() as usize)
            .sum();
        // How many literals the grid has: its candidates and group nodes, on and off.
        self.live = 2 * (candidates + groups.len()) <= live_up_to;
        // The "off" rows first: whether a literal is a dead end is known from them.
        self.dead_ends = [CellSet::EMPTY; 9];
        self.build_rows(grid, groups, false);
        self.build_rows(grid, groups, true);
    }

    /// The rows of every "on" literal, or of every "off" one: candidates (cells, then
    /// digits), then group nodes.
    fn build_rows(&mut self, grid: &Candidates, groups: &GroupNodes, on: bool) {
        self.rows(on).reset(CANDIDATE_NODES + groups.len());
        // Per digit, the cells whose candidate of it an "on" row may send off: all, but
        // the dead ends when live. (Worked out once per digit, not per candidate.)
        let sent_off: [CellSet; 9] = std::array::from_fn(|d| {
            let with = grid.cells_with(Digit::from_index(d));
            if self.live {
                with - self.dead_ends[d]
            } else {
                with
            }
        });
        for cell in grid.unsolved().iter() {
            let digits = grid.candidates(cell);
            let [row, column, box_] = cell.houses().map(|house| house.cell_set());
            let others = |house: CellSet| house - CellSet::single(cell);
            for digit in digits.iter() {
                let start = self.rows(on).open_row();
                if on {
                    // Each house's cells once, in HoDoKu's order: the row, the column,
                    // then what the box adds.
                    let houses = [others(row), others(column), box_ - row - column];
                    self.candidate_on(groups, cell, digit, digits, houses, sent_off[digit.index()]);
                } else {
                    let houses = [others(row), others(column), others(box_)];
                    // An "off" row that holds nothing makes its candidate a dead end.
                    let before = self.off.targets.len();
                    self.candidate_implies_on(grid, groups, cell, digit, houses);
                    if self.off.targets.len() == before {
                        self.dead_ends[digit.index()].insert(cell);
                    }
                }
                let node = Lit::candidate(cell, digit, on).node();
                self.rows(on).close_row(node, start);
            }
        }
        for (g, _) in groups.iter() {
            let start = self.rows(on).open_row();
            if on {
                self.group_on(grid, groups, g);
            } else {
                self.group_off(grid, groups, g);
            }
            self.rows(on).close_row(Lit::group(g, on).node(), start);
        }
    }

    fn rows(&mut self, on: bool) -> &mut Rows {
        if on { &mut self.on } else { &mut self.off }
    }

    /// What follows at once from `lit` (for an "on" literal of live implications, dead
    /// ends left out).
    #[inline]
    pub fn of(&self, lit: Lit) -> &[Lit] {
        if lit.is_on() {
            self.on.of(lit.node())
        } else {
            self.off.of(lit.node())
        }
    }

    /// Whether the "on" rows leave dead ends out.
    pub fn is_live(&self) -> bool {
        self.live
    }

    /// Whether `lit` is an "off" literal that implies nothing.
    #[inline]
    pub fn is_dead_end(&self, lit: Lit) -> bool {
        !lit.is_on() && self.off.of(lit.node()).is_empty()
    }

    /// Adds a group's "off" literal to the "on" row being built, left out if live and a
    /// dead end.
    fn push_group_off(&mut self, lit: Lit) {
        if !(self.live && self.is_dead_end(lit)) {
            self.on.targets.push(lit);
        }
    }

    /// Adds the candidates of `digit` in `cells` going off to the "on" row being built,
    /// in cell order, dead ends left out if live.
    fn push_cells_off(&mut self, cells: CellSet, digit: Digit) {
        let cells = if self.live {
            cells - self.dead_ends[digit.index()]
        } else {
            cells
        };
        for cell in cells.iter() {
            self.on.targets.push(Lit::candidate(cell, digit, false));
        }
    }

    /// Adds "on" literals to the "off" row being built.
    fn push_on(&mut self, lit: Lit) {
        self.off.targets.push(lit);
    }

    /// The "on" row of `digit` in `cell` (holding `digits`): its cell's other digits,
    /// then `sent` (where the digit may be sent off) in each of `houses` (the cell's
    /// houses without it, each cell once), then the groups the cell sees.
    fn candidate_on(
        &mut self,
        groups: &GroupNodes,
        cell: Cell,
        digit: Digit,
        digits: DigitSet,
        houses: [CellSet; 3],
        sent: CellSet,
    ) {
        for other in (digits - DigitSet::single(digit)).iter() {
            if !(self.live && self.dead_ends[other.index()].contains(cell)) {
                self.on.targets.push(Lit::candidate(cell, other, false));
            }
        }
        for mates in houses {
            for mate in (sent & mates).iter() {
                self.on.targets.push(Lit::candidate(mate, digit, false));
            }
        }
        for &g in groups.seen_from(cell, digit) {
            self.push_group_off(Lit::group(usize::from(g), false));
        }
    }

    /// What `digit` in `cell` going off puts on; `houses` are the cell's row, column and
    /// box without it.
    fn candidate_implies_on(
        &mut self,
        grid: &Candidates,
        groups: &GroupNodes,
        cell: Cell,
        digit: Digit,
        houses: [CellSet; 3],
    ) {
        let digits = grid.candidates(cell);
        if digits.len() == 2 {
            let other = (digits - DigitSet::single(digit))
                .first()
                .expect("a bivalue cell");
            self.push_on(Lit::candidate(cell, other, true));
        }
        let with = grid.cells_with(digit);
        let mut listed = CellSet::EMPTY;
        for house in houses {
            if let Some(mate) = (with & house).single_member()
                && !listed.contains(mate)
            {
                self.push_on(Lit::candidate(mate, digit, true));
                listed.insert(mate);
            }
        }
        if !groups.singles_of_digit(digit).contains(cell) {
            return;
        }
        for &g in groups.of_digit(digit) {
            let group = groups.get(g);
            if group.box_single == Some(cell) || group.line_single == Some(cell) {
                self.push_on(Lit::group(g, true));
            }
        }
    }

    fn group_on(&mut self, grid: &Candidates, groups: &GroupNodes, g: usize) {
        let group = *groups.get(g);
        self.push_cells_off(grid.cells_with(group.digit) & group.buddies, group.digit);
        // The groups sharing its line, and those sharing its box: no group shares both.
        let sharing = itertools::merge(
            groups.in_house(group.digit, group.line),
            groups.in_house(group.digit, group.box_),
        );
        for other in sharing.map(|&other| usize::from(other)) {
            if other != g && !groups.get(other).cells.intersects(group.cells) {
                self.push_group_off(Lit::group(other, false));
            }
        }
    }

    fn group_off(&mut self, grid: &Candidates, groups: &GroupNodes, g: usize) {
        let group = *groups.get(g);
        let with_digit = grid.cells_with(group.digit);
        for single in [group.box_single, group.line_single].into_iter().flatten() {
            self.push_on(Lit::candidate(single, group.digit, true));
        }
        // The other group in the line (then in the box), when it is the only one there
        // and the two hold every place of the digit in that house.
        for house in [group.line, group.box_] {
            let mut partners = groups
                .in_house(group.digit, house)
                .iter()
                .map(|&o| (usize::from(o), groups.get(usize::from(o))))
                .filter(|&(other, second)| other != g && !second.cells.intersects(group.cells));
            if let (Some((other, second)), None) = (partners.next(), partners.next())
                && (with_digit & house.cell_set()).is_subset_of(group.cells | second.cells)
            {
                self.push_on(Lit::group(other, true));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    fn row(imp: &Implications, groups: &GroupNodes, lit: Lit) -> Vec<String> {
        imp.of(lit)
            .iter()
            .map(|&l| {
                let link = groups.link(l);
                let cells = groups.cells(l);
                format!(
                    "{}{}{}",
                    cells,
                    if link.on { "=" } else { "<>" },
                    link.digit
                )
            })
            .collect()
    }

    #[test]
    fn a_candidate_on_removes_its_cell_and_its_houses_in_hodoku_order() {
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[3, 5, 7]);
        // 5 left in row 1 at c1, c4; in column 1 at r1, r6; in box 1 at r1c1, r2c2.
        remove(&mut grid, d(5), &row_except(1, &[1, 4]));
        remove(&mut grid, d(5), &col_except(1, &[1, 6]));
        remove(&mut grid, d(5), &box_except(1, &[rc(1, 1), rc(2, 2)]));
        let groups = GroupNodes::none();
        let mut imp = Implications::default();
        imp.build(&grid, &groups, 0);
        assert_eq!(
            row(&imp, &groups, Lit::candidate(rc(1, 1), d(5), true)),
            ["r1c1<>3", "r1c1<>7", "r1c4<>5", "r6c1<>5", "r2c2<>5"]
        );
        // Off: no bivalue partner; each house has exactly one other 5.
        assert_eq!(
            row(&imp, &groups, Lit::candidate(rc(1, 1), d(5), false)),
            ["r1c4=5", "r6c1=5", "r2c2=5"]
        );
        // A bivalue cell's other digit comes first; a partner is listed once.
        let mut grid = Candidates::empty();
        restrict(&mut grid, rc(1, 1), &[2, 9]);
        remove(&mut grid, d(9), &row_except(1, &[1, 2]));
        remove(&mut grid, d(9), &box_except(1, &[rc(1, 1), rc(1, 2)]));
        imp.build(&grid, &groups, 0);
        assert_eq!(
            row(&imp, &groups, Lit::candidate(rc(1, 1), d(9), false)),
            ["r1c1=2", "r1c2=9"]
        );
        // Digits that are not candidates have no implications.
        assert!(imp.of(Lit::candidate(rc(1, 1), d(4), true)).is_empty());
    }

    #[test]
    fn group_nodes_link_to_cells_and_to_each_other() {
        // Digit 6 in box 2 only at r1c4, r1c5 (a group) and r3c6; in row 1 also at r1c8.
        let mut grid = Candidates::empty();
        remove(
            &mut grid,
            d(6),
            &box_except(2, &[rc(1, 4), rc(1, 5), rc(3, 6)]),
        );
        remove(&mut grid, d(6), &row_except(1, &[4, 5, 8]));
        let mut groups = GroupNodes::none();
        groups.fill(&grid);
        let (g, _) = groups
            .iter()
            .find(|(_, n)| n.digit == d(6) && n.cells.to_string() == "r1c4,r1c5")
            .unwrap();
        let mut imp = Implications::default();
        imp.build(&grid, &groups, 0);
        // Off: the only other 6 of box 2 and of row 1 are on.
        assert_eq!(
            row(&imp, &groups, Lit::group(g, false)),
            ["r3c6=6", "r1c8=6"]
        );
        // On: the 6s that see the whole group are off.
        let on = row(&imp, &groups, Lit::group(g, true));
        assert_eq!(on[..2], ["r1c8<>6".to_string(), "r3c6<>6".to_string()]);
        // r1c8 off puts the group on (its line's only other place); r3c6 on puts it off.
        assert!(
            imp.of(Lit::candidate(rc(1, 8), d(6), false))
                .contains(&Lit::group(g, true))
        );
        assert!(
            imp.of(Lit::candidate(rc(3, 6), d(6), true))
                .contains(&Lit::group(g, false))
        );
    }
}
