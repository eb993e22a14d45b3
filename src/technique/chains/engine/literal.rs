//! The engine's vocabulary: nodes (a candidate cell, or a group node: the two or three
//! cells of a digit in one box/line intersection) and literals (a node holding its digit,
//! "on", or not, "off"), numbered densely so that the engine's tables are plain arrays.
//!
//! Literal numbers: candidate `(cell, digit)` is node `cell * 9 + digit index` (0-728),
//! group `g` of the grid's [`GroupNodes`] is node `729 + g`; a literal is `node * 2`
//! (off) or `node * 2 + 1` (on). Nodes that are not candidates of the grid have no links.
//! Almost locked sets will be numbered after the groups.

use crate::bitset::CellSet;
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House, HouseKind};
use crate::step::{Link, Node};
use std::cell::RefCell;

/// How many candidate nodes there are: every (cell, digit).
pub const CANDIDATE_NODES: usize = 81 * 9;

/// A node on or off.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Lit(u16);

impl Lit {
    /// Candidate node `node` (`cell * 9 + digit index`), on or off.
    #[inline]
    pub fn of_node(node: u16, on: bool) -> Lit {
        Lit(node * 2 + u16::from(on))
    }

    /// `digit` in `cell`, on or off.
    #[inline]
    pub fn candidate(cell: Cell, digit: Digit, on: bool) -> Lit {
        Lit(((cell.index() * 9 + digit.index()) * 2 + usize::from(on)) as u16)
    }

    /// Group node number `group`, on or off.
    #[inline]
    pub fn group(group: usize, on: bool) -> Lit {
        Lit(((CANDIDATE_NODES + group) * 2 + usize::from(on)) as u16)
    }

    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    #[inline]
    pub fn is_on(self) -> bool {
        self.0 & 1 == 1
    }

    /// The node's number.
    #[inline]
    pub fn node(self) -> usize {
        usize::from(self.0 >> 1)
    }

    /// The cell and digit of a candidate literal; `None` for a group.
    #[inline]
    pub fn as_candidate(self) -> Option<(Cell, Digit)> {
        let node = self.node();
        (node < CANDIDATE_NODES).then(|| (Cell::from_index(node / 9), Digit::from_index(node % 9)))
    }

    /// The group number of a group literal; `None` for a candidate.
    #[inline]
    pub fn as_group(self) -> Option<usize> {
        self.node().checked_sub(CANDIDATE_NODES)
    }
}

/// A group node: every candidate of `digit` in the intersection of `box_` and `line`,
/// when there are two or three of them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GroupNode {
    pub digit: Digit,
    pub cells: CellSet,
    pub line: House,
    pub box_: House,
    /// The cells that see every cell of the group: the rest of its line and its box.
    pub buddies: CellSet,
    /// The only other place of the digit in the group's box, if there is one.
    pub box_single: Option<Cell>,
    /// The only other place of the digit in the group's line, if there is one.
    pub line_single: Option<Cell>,
}

/// The group nodes of a grid in HoDoKu's order: rows then columns, digit by digit, boxes
/// left to right or top to bottom (`GroupNode.getGroupNodes`).
#[derive(Clone, Debug, Default)]
pub struct GroupNodes {
    groups: Vec<GroupNode>,
    /// The numbers of each digit's groups, in order.
    by_digit: [Vec<usize>; 9],
    /// Per digit, the cells that see a whole group of it.
    buddies_of_digit: [CellSet; 9],
    /// Per digit, the cells that are a group's only other place in its box or line.
    singles_of_digit: [CellSet; 9],
    /// Per candidate node (`cell * 9 + digit index`), the groups of its digit the cell
    /// sees whole, in order: `seen[seen_start[node]..seen_start[node + 1]]`.
    seen_start: Vec<u32>,
    seen: Vec<u16>,
    /// Per digit and house (`digit index * 27 + house`), the digit's groups lying in the
    /// house, in order: `in_house[house_start[i]..house_start[i + 1]]`.
    house_start: Vec<u32>,
    in_house: Vec<u16>,
}

impl GroupNodes {
    /// No group nodes: for chains without them.
    pub fn none() -> GroupNodes {
        GroupNodes::default()
    }

    /// Forgets every group node (keeping the room they took).
    pub fn clear(&mut self) {
        self.groups.clear();
        self.by_digit.iter_mut().for_each(Vec::clear);
        self.buddies_of_digit = [CellSet::EMPTY; 9];
        self.singles_of_digit = [CellSet::EMPTY; 9];
        self.seen_start.clear();
        self.seen.clear();
        self.house_start.clear();
        self.in_house.clear();
    }

    /// Replaces the group nodes with those of `grid`. The grouped nice loops, Forcing
    /// Chain, Forcing Net and Kraken Fish each ask for them, often of the same grid one
    /// after the other: the last grid's are kept per thread and copied.
    pub fn fill(&mut self, grid: &Candidates) {
        thread_local! {
            static LAST: RefCell<(Option<[CellSet; 9]>, GroupNodes)> = RefCell::default();
        }
        LAST.with_borrow_mut(|(filled_for, last)| {
            // The group nodes depend on where each digit is a candidate, and on nothing else.
            let key = grid.digit_cells();
            if *filled_for != Some(key) {
                last.find(grid);
                *filled_for = Some(key);
            }
            self.copy_from(last);
        });
    }

    /// Becomes a copy of `other`, keeping its own buffers.
    fn copy_from(&mut self, other: &GroupNodes) {
        self.groups.clone_from(&other.groups);
        for (mine, theirs) in self.by_digit.iter_mut().zip(&other.by_digit) {
            mine.clone_from(theirs);
        }
        self.buddies_of_digit = other.buddies_of_digit;
        self.singles_of_digit = other.singles_of_digit;
        self.seen_start.clone_from(&other.seen_start);
        self.seen.clone_from(&other.seen);
        self.house_start.clone_from(&other.house_start);
        self.in_house.clone_from(&other.in_house);
    }

    /// Finds the group nodes of `grid`.
    fn find(&mut self, grid: &Candidates) {
        self.clear();
        let groups = &mut self.groups;
        for kind in [HouseKind::Row, HouseKind::Column] {
            for line in House::all_of(kind) {
                for digit in Digit::all() {
                    let in_line = grid.cells_with(digit) & line.cell_set();
                    if in_line.is_empty() {
                        continue;
                    }
                    for box_ in boxes_crossing(line) {
                        let cells = in_line & box_.cell_set();
                        if cells.has_at_least(2) {
                            let buddies = cells.common_peers();
                            let outside = grid.cells_with(digit) & buddies;
                            let single_in =
                                |house: House| (outside & house.cell_set()).single_member();
                            let (box_single, line_single) = (single_in(box_), single_in(line));
                            self.by_digit[digit.index()].push(groups.len());
                            self.buddies_of_digit[digit.index()] |= buddies;
                            for single in [box_single, line_single].into_iter().flatten() {
                                self.singles_of_digit[digit.index()].insert(single);
                            }
                            groups.push(GroupNode {
                                digit,
                                cells,
                                line,
                                box_,
                                buddies,
                                box_single,
                                line_single,
                            });
                        }
                    }
                }
            }
        }
        self.index(grid);
    }

    /// Lists, per candidate, the groups it sees whole and, per digit and house, the
    /// groups lying in it (each a bucket sort of the groups, kept in order).
    fn index(&mut self, grid: &Candidates) {
        let groups = &self.groups;
        let seeing = |group: &GroupNode| {
            let digit = group.digit.index();
            (group.buddies & grid.cells_with(group.digit))
                .iter()
                .map(move |cell| cell.index() * 9 + digit)
        };
        bucket(
            CANDIDATE_NODES,
            groups.iter().map(seeing),
            &mut self.seen_start,
            &mut self.seen,
        );
        let houses = |group: &GroupNode| {
            let at = group.digit.index() * 27;
            [at + group.line.index(), at + group.box_.index()].into_iter()
        };
        bucket(
            9 * 27,
            groups.iter().map(houses),
            &mut self.house_start,
            &mut self.in_house,
        );
    }

    pub fn get(&self, group: usize) -> &GroupNode {
        &self.groups[group]
    }

    /// The numbers of `digit`'s groups, in order.
    pub fn of_digit(&self, digit: Digit) -> &[usize] {
        &self.by_digit[digit.index()]
    }

    /// The cells that see some whole group of `digit`.
    pub fn buddies_of_digit(&self, digit: Digit) -> CellSet {
        self.buddies_of_digit[digit.index()]
    }

    /// The groups of `digit` that `cell` (holding it) sees whole, in order.
    pub fn seen_from(&self, cell: Cell, digit: Digit) -> &[u16] {
        if self.groups.is_empty() {
            return &[];
        }
        let node = cell.index() * 9 + digit.index();
        &self.seen[self.seen_start[node] as usize..self.seen_start[node + 1] as usize]
    }

    /// The groups of `digit` lying in `house` (as their line or their box), in order.
    pub fn in_house(&self, digit: Digit, house: House) -> &[u16] {
        if self.groups.is_empty() {
            return &[];
        }
        let i = digit.index() * 27 + house.index();
        &self.in_house[self.house_start[i] as usize..self.house_start[i + 1] as usize]
    }

    /// The cells that are some group of `digit`'s only other place in its box or line.
    pub fn singles_of_digit(&self, digit: Digit) -> CellSet {
        self.singles_of_digit[digit.index()]
    }

    /// The group nodes with their numbers, in order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &GroupNode)> {
        self.groups.iter().enumerate()
    }

    /// How many group nodes there are.
    pub fn len(&self) -> usize {
        self.groups.len()
    }

    /// How many literals a graph over candidates and these groups has.
    pub fn literal_count(&self) -> usize {
        (CANDIDATE_NODES + self.groups.len()) * 2
    }

    /// `lit` as a chain link.
    pub fn link(&self, lit: Lit) -> Link {
        match lit.as_candidate() {
            Some((cell, digit)) => Link::cell(cell, digit, lit.is_on()),
            None => {
                let group = &self.groups[lit.as_group().expect("a group literal")];
                Link {
                    node: Node::Group(group.cells),
                    digit: group.digit,
                    on: lit.is_on(),
                }
            }
        }
    }

    /// The cells of `lit`'s node.
    pub fn cells(&self, lit: Lit) -> CellSet {
        match lit.as_candidate() {
            Some((cell, _)) => CellSet::single(cell),
            None => self.groups[lit.as_group().expect("a group literal")].cells,
        }
    }

    /// The digit of `lit`'s node.
    pub fn digit(&self, lit: Lit) -> Digit {
        match lit.as_candidate() {
            Some((_, digit)) => digit,
            None => self.groups[lit.as_group().expect("a group literal")].digit,
        }
    }

    /// The cells that see every cell of `lit`'s node.
    pub fn buddies(&self, lit: Lit) -> CellSet {
        match lit.as_candidate() {
            Some((cell, _)) => cell.peers(),
            None => self.groups[lit.as_group().expect("a group literal")].buddies,
        }
    }
}

/// Sorts the items `keys` gives for each group (group by group) into `buckets` buckets:
/// `start[b]..start[b + 1]` in `out` holds, in order, the groups with an item `b`.
fn bucket<K: Iterator<Item = usize>>(
    buckets: usize,
    keys: impl Iterator<Item = K> + Clone,
    start: &mut Vec<u32>,
    out: &mut Vec<u16>,
) {
    start.clear();
    start.resize(buckets + 1, 0);
    for key in keys.clone().flatten() {
        start[key + 1] += 1;
    }
    for b in 0..buckets {
        start[b + 1] += start[b];
    }
    out.clear();
    out.resize(start[buckets] as usize, 0);
    // Each bucket's next free place, from its start: `start[b]` moves up as it fills,
    // and ends where bucket `b + 1` starts; shifted back once all are placed.
    for (group, group_keys) in keys.enumerate() {
        for key in group_keys {
            out[start[key] as usize] = group as u16;
            start[key] += 1;
        }
    }
    for b in (1..=buckets).rev() {
        start[b] = start[b - 1];
    }
    start[0] = 0;
}

/// The three boxes a row or a column crosses, in order (the other six share none of its
/// cells, so a group cannot lie in them).
fn boxes_crossing(line: House) -> impl Iterator<Item = House> {
    let n = line.number();
    let (first, step) = match line.kind() {
        HouseKind::Row => (n / 3 * 3, 1),
        _ => (n / 3, 3),
    };
    (0..3).map(move |i| House::box_(first + i * step))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::test_grids::*;

    #[test]
    fn a_line_crosses_the_boxes_that_share_its_cells() {
        for kind in [HouseKind::Row, HouseKind::Column] {
            for line in House::all_of(kind) {
                let sharing: Vec<House> = House::all_of(HouseKind::Box)
                    .filter(|b| b.cell_set().intersects(line.cell_set()))
                    .collect();
                assert_eq!(boxes_crossing(line).collect::<Vec<_>>(), sharing, "{line}");
            }
        }
    }

    /// Filled group nodes are those of their grid, whether found afresh or copied from
    /// the thread's last grid, into an instance that held another grid's or none.
    #[test]
    fn group_nodes_copied_from_the_last_grid_are_that_grid_s() {
        let grids: Vec<Candidates> = sample_grids_after_singles(6).map(|(_, g)| g).collect();
        let mut reused = GroupNodes::none();
        for grid in grids.iter().chain(grids.iter().rev()) {
            let mut fresh = GroupNodes::none();
            fresh.find(grid);
            assert!(fresh.len() > 0);
            for _ in 0..2 {
                reused.fill(grid);
                assert_eq!(format!("{reused:?}"), format!("{fresh:?}"));
            }
        }
    }

    #[test]
    fn literals_round_trip() {
        for cell in Cell::all() {
            for digit in Digit::all() {
                for on in [false, true] {
                    let lit = Lit::candidate(cell, digit, on);
                    assert_eq!(lit.as_candidate(), Some((cell, digit)));
                    assert_eq!(lit.is_on(), on);
                    assert_eq!(lit.as_group(), None);
                }
            }
        }
        let lit = Lit::group(7, true);
        assert_eq!(
            (lit.as_group(), lit.as_candidate(), lit.is_on()),
            (Some(7), None, true)
        );
        assert_eq!(GroupNodes::none().literal_count(), CANDIDATE_NODES * 2);
    }

    #[test]
    fn group_nodes_are_the_intersections_holding_two_or_three_candidates() {
        // Digit 4 only in r1c1, r1c2 (box 1) and r1c7 (box 3) of row 1, and in r2c1.
        let mut grid = Candidates::empty();
        remove(&mut grid, d(4), &row_except(1, &[1, 2, 7]));
        let mut groups = GroupNodes::none();
        groups.fill(&grid);
        let row_1: Vec<_> = groups
            .iter()
            .filter(|(_, g)| g.digit == d(4) && g.line == House::row(0))
            .map(|(_, g)| g.cells.to_string())
            .collect();
        assert_eq!(row_1, ["r1c1,r1c2"]);
        // An empty grid: every intersection holds every digit three times.
        let mut all = GroupNodes::none();
        all.fill(&Candidates::empty());
        assert_eq!(all.iter().count(), 54 * 9);
        // Rows before columns, digits before boxes.
        let (_, first) = all.iter().next().unwrap();
        assert_eq!(
            (first.line, first.box_, first.digit),
            (House::row(0), House::box_(0), d(1))
        );
        let (_, second) = all.iter().nth(1).unwrap();
        assert_eq!(
            (second.line, second.box_, second.digit),
            (House::row(0), House::box_(1), d(1))
        );
        let group = all.get(0);
        assert_eq!(group.buddies.len(), 6 + 6);
        assert!(all.in_house(d(1), House::row(0)).contains(&0));
        assert!(all.in_house(d(1), House::box_(0)).contains(&0));
    }

    /// The indexes hold what a scan of the groups finds, in group order.
    #[test]
    fn each_candidate_lists_the_groups_it_sees_and_each_house_those_in_it() {
        let mut groups = GroupNodes::none();
        let mut listed = 0;
        for (line, grid) in sample_grids_after_singles(20) {
            groups.fill(&grid);
            for digit in Digit::all() {
                let of_digit = groups.of_digit(digit);
                for cell in grid.cells_with(digit).iter() {
                    let seen: Vec<u16> = of_digit
                        .iter()
                        .filter(|&&g| groups.get(g).buddies.contains(cell))
                        .map(|&g| g as u16)
                        .collect();
                    assert_eq!(
                        groups.seen_from(cell, digit),
                        seen,
                        "{line}: {cell} {digit}"
                    );
                    listed += seen.len();
                }
                for house in House::all() {
                    let inside: Vec<u16> = of_digit
                        .iter()
                        .filter(|&&g| groups.get(g).line == house || groups.get(g).box_ == house)
                        .map(|&g| g as u16)
                        .collect();
                    assert_eq!(groups.in_house(digit, house), inside, "{line}: {house}");
                }
            }
        }
        assert!(listed > 1_000, "{listed}");
        groups.clear();
        assert!(groups.seen_from(Cell::from_index(0), d(1)).is_empty());
        assert!(groups.in_house(d(1), House::row(0)).is_empty());
    }
}
