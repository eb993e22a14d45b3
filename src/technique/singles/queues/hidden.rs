//! HoDoKu's queue of hidden singles, worked out when asked rather than kept entry by entry.
//!
//! HoDoKu queues a hidden single the moment a house is left with one place for a digit,
//! and its Hidden Single finder takes the oldest entry whose cell is still empty
//! (`Sudoku2.delCandidate`, `setCell`, `SimpleSolver.findHiddenSingle`). In a grid that
//! has a solution:
//! - an entry whose cell is empty is still the single of its house (places only go, and
//!   the one left is the solution's);
//! - every house with one place left was queued exactly once, when it came down to one;
//! - every entry older than the last one taken is spent, and was dead (its cell set) when
//!   it was passed over.
//!
//! So the entry HoDoKu takes is, among the houses with one place left now, the one whose
//! house came down to one place first. Pushing entries as HoDoKu does means testing every
//! house each removal touches, most of it wasted on solves that never need a hidden single
//! (the easy ones set every cell by full houses and naked singles). This queue instead
//! stamps each candidate removal with its turn ([`HiddenQueue::lost`], called in HoDoKu's
//! order of removals) and marks the houses it changed. When asked ([`HiddenQueue::next`])
//! it tests the changed houses, dates each one that came down to one place by the latest
//! removal among its other cells, and queues them in that order after the houses found
//! before: a house is found at the first look after it came down, so every house that came
//! down earlier was found at an earlier look. Removals made while loading the puzzle are
//! dated as the load's replay made them ([`left_house_when`]); they all come before the
//! solve's. A cell being set tests its own three houses for its other candidates at once
//! ([`HiddenQueue::cell_set`]): cheaper than leaving them to a look, and there are none
//! when the cell is set by a full house or a naked single.
//!
//! In a grid with no solution HoDoKu can also drop entries, or take an entry whose cell
//! lost the digit and then find nothing that turn; this queue does neither. No row shows
//! such a solve (the oracle reports the puzzle has no solution).

use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit, House};

/// Keys of houses dated by the solve's removals start here, after every key of the load.
const SOLVE_KEYS: u32 = 1 << 14;

/// The key of a house found by a look, until it is dated.
const UNDATED: u32 = u32::MAX;

/// Every house (bit = house index).
const ALL_HOUSES: u32 = (1 << 27) - 1;

/// The houses of up to this many cells that lost a digit are tested lane by lane, those of
/// more all at once.
const FEW_LOSSES: u8 = 2;

/// Each cell's row, column and box (bit = house index).
static HOUSES_OF: [u32; 81] = {
    let mut table = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let houses = Cell::from_index(cell).houses();
        let mut k = 0;
        while k < 3 {
            table[cell] |= 1 << houses[k].index();
            k += 1;
        }
        cell += 1;
    }
    table
};

/// The lazily kept queue of one grid's hidden singles.
#[derive(Clone, Debug)]
pub struct HiddenQueue {
    /// Per digit and cell, the turn the digit left the cell after the load (0: at the
    /// load or never).
    removed_at: [[u16; 81]; 9],
    /// The last turn given.
    turn: u16,
    /// The digits whose houses changed since the last look (bit = digit index: the digits
    /// a look visits, kept so that it need not visit all nine), and per digit the houses
    /// that changed (bit = house index) and how many cells lost it.
    changed: u16,
    changed_houses: [u32; 9],
    losses: [u8; 9],
    /// The houses found with one place, oldest first, as (cell, digit), and how many have
    /// been taken or passed over. A look finds only houses that came down to one place
    /// since the last look, later than every house found before.
    found: Vec<(Cell, Digit)>,
    head: usize,
    /// The houses found since the last look, with their keys (`UNDATED` until the look
    /// dates them): (key, house, place, digit).
    batch: Vec<(u32, House, Cell, Digit)>,
    /// The load's replay: each digit's set cells in reading order, how many, and each
    /// house's set positions.
    setters: [[Cell; 9]; 9],
    setter_counts: [u8; 9],
    set_in_house: [u16; 27],
}

impl Default for HiddenQueue {
    fn default() -> Self {
        HiddenQueue {
            removed_at: [[0; 81]; 9],
            turn: 0,
            changed: 0,
            changed_houses: [0; 9],
            losses: [0; 9],
            found: Vec::new(),
            head: 0,
            batch: Vec::new(),
            setters: [[Cell::from_index(0); 9]; 9],
            setter_counts: [0; 9],
            set_in_house: [0; 27],
        }
    }
}

impl HiddenQueue {
    /// Starts over for a grid loaded by setting its set cells one by one in reading order
    /// from an empty grid (each given to [`HiddenQueue::set_at_load`], in that order):
    /// every house with one place left after that is dated by the replay.
    pub fn start(&mut self) {
        self.removed_at = [[0; 81]; 9];
        self.turn = 0;
        self.changed = 0x1ff;
        self.changed_houses = [ALL_HOUSES; 9];
        self.losses = [u8::MAX; 9];
        self.found.clear();
        self.head = 0;
        self.batch.clear();
        self.setter_counts = [0; 9];
        self.set_in_house = [0; 27];
    }

    /// Notes `cell`, set to `digit`, as the load's replay sets it (reading order).
    #[inline]
    pub fn set_at_load(&mut self, cell: Cell, digit: Digit) {
        let count = &mut self.setter_counts[digit.index()];
        if usize::from(*count) < 9 {
            self.setters[digit.index()][usize::from(*count)] = cell;
            *count += 1;
        }
        for (house, position) in cell.houses().into_iter().zip(cell.positions_in_houses()) {
            self.set_in_house[house.index()] |= 1 << position;
        }
    }

    /// Records that `digit` left `cell` (in HoDoKu's order of removals).
    #[inline]
    pub fn lost(&mut self, cell: Cell, digit: Digit) {
        self.turn += 1;
        self.removed_at[digit.index()][cell.index()] = self.turn;
        self.changed |= 1 << digit.index();
        self.changed_houses[digit.index()] |= HOUSES_OF[cell.index()];
        self.losses[digit.index()] = self.losses[digit.index()].saturating_add(1);
    }

    /// Records that `cell`, being set, stopped counting as a place for `digit` (one of its
    /// other candidates, in digit order, after its peers lost the digit set), leaving it
    /// the positions `left` in the cell's row, column and box. Those three houses are the
    /// only ones this can leave with one place: they are tested at once, which costs less
    /// than a look, and a cell set by a full house or a naked single has no other digit.
    #[inline]
    pub fn cell_lost(&mut self, cell: Cell, digit: Digit, left: [u16; 3]) {
        self.turn += 1;
        self.removed_at[digit.index()][cell.index()] = self.turn;
        for (house, rest) in cell.houses().into_iter().zip(left) {
            if rest.is_power_of_two() {
                let key = (SOLVE_KEYS + u32::from(self.turn)) * 4 + house.kind() as u32;
                let place = house.cells()[rest.trailing_zeros() as usize];
                self.batch.push((key, house, place, digit));
                // Found: the next look must not find it again.
                self.changed_houses[digit.index()] &= !(1 << house.index());
            }
        }
    }

    /// HoDoKu's next Hidden Single in `grid`: the house with one place left that came down
    /// to it first, its cell and digit, with the first of the cell's houses (row, column,
    /// box) where the digit has that one place. It is taken: the caller sets the cell.
    pub fn next(&mut self, grid: &Candidates) -> Option<(House, Cell, Digit)> {
        self.look(grid);
        // Houses whose cell lost the digit (was set) are passed over.
        while let Some(&(cell, digit)) = self.found.get(self.head) {
            self.head += 1;
            if grid.has(cell, digit) {
                let house = cell
                    .houses()
                    .into_iter()
                    .find(|&house| grid.positions(house, digit).is_power_of_two())
                    .expect("a house with one place left");
                return Some((house, cell, digit));
            }
        }
        self.found.clear();
        self.head = 0;
        None
    }

    /// Queues the houses that came down to one place since the last look, oldest first.
    fn look(&mut self, grid: &Candidates) {
        let mut changed = std::mem::take(&mut self.changed);
        while changed != 0 {
            let d = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let digit = Digit::from_index(d);
            let houses = std::mem::take(&mut self.changed_houses[d]);
            let losses = std::mem::take(&mut self.losses[d]);
            // The houses of a few cells one by one, else every lane of the digit at once.
            let mut singles = if losses <= FEW_LOSSES {
                let mut singles = 0;
                let mut rest = houses;
                while rest != 0 {
                    let house = rest.trailing_zeros();
                    rest &= rest - 1;
                    let places = grid.positions(House::from_index(house as usize), digit);
                    singles |= u32::from(places.is_power_of_two()) << house;
                }
                singles
            } else {
                grid.houses_with_one_place(digit) & houses
            };
            while singles != 0 {
                let house = House::from_index(singles.trailing_zeros() as usize);
                singles &= singles - 1;
                let place = house.cells()[grid.positions(house, digit).trailing_zeros() as usize];
                self.batch.push((UNDATED, house, place, digit));
            }
        }
        // A house is found at the first look after it came down to one place (its removal
        // marked it changed), so the batch comes after every house found before. It is not
        // found again: the only removal it can still see is of its place, which leaves it
        // no place at all.
        if self.batch.len() > 1 {
            for k in 0..self.batch.len() {
                let (key, house, place, digit) = self.batch[k];
                if key == UNDATED {
                    self.batch[k].0 = self.came_down_when(house, place, digit);
                }
            }
            self.batch.sort_unstable_by_key(|&(key, ..)| key);
        }
        let found = self
            .batch
            .iter()
            .map(|&(_, _, place, digit)| (place, digit));
        self.found.extend(found);
        self.batch.clear();
    }

    /// When `house` came down to one place for `digit`, as a key that sorts in HoDoKu's
    /// order of queueing: after the latest removal of the digit from its other cells, by
    /// the house's rank among that cell's houses (row, column, box).
    fn came_down_when(&self, house: House, place: Cell, digit: Digit) -> u32 {
        let d = digit.index();
        let cells = house.cells();
        let removed_at = &self.removed_at[d];
        let latest = cells
            .iter()
            .fold(0, |latest, cell| latest.max(removed_at[cell.index()]));
        if latest == 0 {
            let setters = &self.setters[d][..usize::from(self.setter_counts[d])];
            let set_here = self.set_in_house[house.index()];
            left_house_when(house, d, place, setters, set_here)
        } else {
            (SOLVE_KEYS + u32::from(latest)) * 4 + house.kind() as u32
        }
    }
}

/// When, in the load's replay (set cells one by one in reading order from an empty grid),
/// `house` was left with `place` alone for `digit` (an index), whose set cells are at the
/// positions `set_here`: when the last of its other cells stopped counting there, as a
/// key that sorts in replay order. A cell stops counting while the first `setters` cell
/// (reading order) that sees it takes the digit from its peers (keyed by that setter, then
/// the cell, then the house's rank among the cell's houses); a set cell that still held
/// the digit then stops when it is set itself and gives up its other digits (keyed by the
/// cell, then the digit, then the house's rank).
fn left_house_when(
    house: House,
    digit: usize,
    place: Cell,
    setters: &[Cell],
    set_here: u16,
) -> u32 {
    let cells = house.cells();
    let others = 0x1ff & !(1u16 << house.position_of(place).expect("a cell of the house"));
    let taken = |setter: Cell, cell: Cell| (setter.index() as u32 * 2) * 81 + cell.index() as u32;
    let setting = |cell: Cell| (cell.index() as u32 * 2 + 1) * 81 + digit as u32;
    let mut covered = 0u16;
    let mut latest = 0;
    for &setter in setters {
        let group = SEEN_IN_HOUSE[setter.index()][house.index()] & others & !covered;
        covered |= group;
        // The group's empty cells lose the digit to this setter; the last in house (and
        // cell) order is the latest.
        let empties = group & !set_here;
        if empties != 0 {
            let last = cells[15 - empties.leading_zeros() as usize];
            latest = latest.max(taken(setter, last));
        }
        let mut givens = group & set_here;
        while givens != 0 {
            let cell = cells[givens.trailing_zeros() as usize];
            givens &= givens - 1;
            let key = if setter.index() < cell.index() {
                taken(setter, cell)
            } else {
                setting(cell)
            };
            latest = latest.max(key);
        }
    }
    // Set cells no setter sees stop counting when set.
    let mut unseen = others & set_here & !covered;
    while unseen != 0 {
        latest = latest.max(setting(cells[unseen.trailing_zeros() as usize]));
        unseen &= unseen - 1;
    }
    debug_assert!(latest < SOLVE_KEYS);
    // A cell's houses are its row, column and box, in that order.
    latest * 4 + house.kind() as u32
}

/// Per cell and house, the positions in the house (bit `i`: its `i`-th cell) of the cells
/// the cell sees.
static SEEN_IN_HOUSE: [[u16; 27]; 81] = {
    let mut table = [[0u16; 27]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut house = 0;
        while house < 27 {
            let cells = House::from_index(house).cells();
            let mut i = 0;
            while i < 9 {
                if Cell::from_index(cell).sees(cells[i]) {
                    table[cell][house] |= 1 << i;
                }
                i += 1;
            }
            house += 1;
        }
        cell += 1;
    }
    table
};
