//! The working state of a solve: which cells are set and which digits each empty cell
//! may still take, kept in three synchronised bitboard views so that every technique can
//! read the orientation it needs in O(1):
//!
//! - per cell: its candidate digits ([`Candidates::candidates`]);
//! - per digit: the cells where it is a candidate ([`Candidates::cells_with`]);
//! - per house and digit: the positions (0-8) inside the house where it is a candidate
//!   ([`Candidates::positions`]), the rows of the "related sets" arrays. They are packed
//!   as 16-bit lanes, four to a word, digit by digit: a digit's 27 lanes (and one spare)
//!   fill seven words, so that the houses where a digit has one place left are found four
//!   lanes at a time ([`Candidates::hidden_singles`]), and setting a cell takes its digit
//!   from every peer's lanes with seven word operations.
//!
//! Set cells hold no candidates. Updates are incremental: removing one candidate touches
//! one cell mask, one digit board and three house lanes; setting a cell also counts down
//! the empty cells of its three houses, so that the houses down to their last empty cell
//! are known without a scan ([`Candidates::houses_with_one_empty_cell`]). Techniques
//! never mutate this state; the solver applies their steps to it (`crate::step`).
//!
//! The grid also remembers which set cells the puzzle gave ([`Candidates::givens`]): the
//! avoidable rectangles reason about cells the solver set, which a second solution could
//! change, unlike givens.

use crate::bitset::{CellSet, DigitSet, HouseSet};
use crate::geometry::{Cell, Digit, House};
use crate::puzzle::{Puzzle, Solution};
use std::fmt;

/// Candidates and values of every cell.
#[derive(Clone, PartialEq, Eq)]
pub struct Candidates {
    values: [u8; 81],
    cell_candidates: [DigitSet; 81],
    digit_cells: [CellSet; 9],
    /// Lane `digit * 28 + house` of this array of four-lane words: see [`lane`].
    positions: [u64; POSITION_WORDS],
    unsolved: CellSet,
    /// The cells the puzzle gave.
    givens: CellSet,
    /// How many cells of each house are empty.
    empty_in_house: [u8; 27],
    /// The houses with exactly one empty cell.
    one_empty: HouseSet,
    /// Per digit, how many rows (as many columns, as many boxes) do not hold it yet.
    missing: [u8; 9],
    /// Whether a digit was ever set in a cell a peer already held it in.
    clash: bool,
}

/// A part's candidates as raw words, only ever compared whole: a house's rows of the
/// related-sets array ([`Candidates::house_snapshot`]), a digit's cells
/// ([`Candidates::digit_snapshot`]) or what a Remote Pair's pair depends on.
pub type Snapshot = [u64; 3];

/// What [`Candidates::place_reporting`] reports as a cell is set.
pub trait PlacementObserver {
    /// `peer` lost `digit` to the cell being set and keeps the candidates `left`.
    fn peer_lost(&mut self, peer: Cell, digit: Digit, left: DigitSet);
    /// `cell`, being set, lost `digit`, one of its other candidates, after its peers lost
    /// the digit set; `left` holds the positions of `digit` left in the cell's row, column
    /// and box.
    fn cell_lost(&mut self, cell: Cell, digit: Digit, left: [u16; 3]);
}

/// Nothing to report to.
impl PlacementObserver for () {
    #[inline]
    fn peer_lost(&mut self, _: Cell, _: Digit, _: DigitSet) {}
    #[inline]
    fn cell_lost(&mut self, _: Cell, _: Digit, _: [u16; 3]) {}
}

impl Default for Candidates {
    fn default() -> Self {
        Self::empty()
    }
}

impl Candidates {
    /// An empty grid: every digit possible everywhere.
    pub fn empty() -> Candidates {
        Candidates {
            values: [0; 81],
            cell_candidates: [DigitSet::ALL; 81],
            digit_cells: [CellSet::ALL; 9],
            positions: ALL_POSITIONS,
            unsolved: CellSet::ALL,
            givens: CellSet::EMPTY,
            empty_in_house: [9; 27],
            one_empty: HouseSet::EMPTY,
            missing: [9; 9],
            clash: false,
        }
    }

    /// The grid after setting the puzzle's givens and removing their digits from their peers.
    ///
    /// Built in bulk rather than by placing the givens one by one (which is what it equals):
    /// an empty cell keeps the digits that no house of it holds yet, a digit board is the
    /// empty cells no given of that digit sees, and the house rows are a transpose of the
    /// cells' candidates. A [`Puzzle`]'s givens never clash.
    pub fn from_puzzle(puzzle: &Puzzle) -> Candidates {
        let mut grid = Candidates {
            values: *puzzle.values(),
            cell_candidates: [DigitSet::EMPTY; 81],
            digit_cells: [CellSet::EMPTY; 9],
            positions: [0; POSITION_WORDS],
            unsolved: CellSet::ALL,
            givens: CellSet::EMPTY,
            empty_in_house: [9; 27],
            one_empty: HouseSet::EMPTY,
            missing: [9; 9],
            clash: false,
        };
        let mut seen_by = [CellSet::EMPTY; 9];
        let mut digits_in_house = [0u16; 27];
        for cell in Cell::all() {
            if let Some(digit) = puzzle.given(cell) {
                seen_by[digit.index()] |= cell.peers();
                grid.missing[digit.index()] -= 1;
                grid.unsolved.remove(cell);
                for house in cell.houses() {
                    grid.empty_in_house[house.index()] -= 1;
                    digits_in_house[house.index()] |= DigitSet::single(digit).bits();
                }
            }
        }
        grid.givens = !grid.unsolved;
        for (board, seen) in grid.digit_cells.iter_mut().zip(seen_by) {
            *board = grid.unsolved - seen;
        }
        for cell in grid.unsolved.iter() {
            let [row, column, box_] = cell.houses();
            let held = digits_in_house[row.index()]
                | digits_in_house[column.index()]
                | digits_in_house[box_.index()];
            grid.cell_candidates[cell.index()] = DigitSet::from_bits(!held);
        }
        for (block, cells) in grid
            .positions
            .chunks_exact_mut(WORDS_PER_DIGIT)
            .zip(grid.digit_cells)
        {
            block.copy_from_slice(&digit_lanes(cells));
        }
        for house in House::all() {
            if grid.empty_in_house[house.index()] == 1 {
                grid.one_empty.insert(house);
            }
        }
        grid
    }

    /// Every cell's digit, 0 where the cell is empty.
    #[inline]
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// The digit set in `cell`, if any.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        match self.values[cell.index()] {
            0 => None,
            v => Some(Digit::new(v)),
        }
    }

    /// The candidates of `cell` (empty once it is set).
    #[inline]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cell_candidates[cell.index()]
    }

    /// Whether `digit` is still a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.digit_cells[digit.index()].contains(cell)
    }

    /// The empty cells where `digit` is a candidate.
    #[inline]
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.digit_cells[digit.index()]
    }

    /// Per digit, the empty cells where it is a candidate.
    #[inline]
    pub fn digit_cells(&self) -> [CellSet; 9] {
        self.digit_cells
    }

    /// When this grid holds no candidate that a grid with candidate cells `then` (as
    /// [`Candidates::digit_cells`] gives them) did not, the cells whose candidates differ
    /// (a cell set since among them); `None` otherwise.
    pub fn changes_since(&self, then: &[CellSet; 9]) -> Option<CellSet> {
        let mut changed = CellSet::EMPTY;
        for (&now, &then) in self.digit_cells.iter().zip(then) {
            if !now.is_subset_of(then) {
                return None;
            }
            changed |= then - now;
        }
        Some(changed)
    }

    /// Positions (bit `p` for `house.cells()[p]`) where `digit` is a candidate in `house`.
    #[inline]
    pub fn positions(&self, house: House, digit: Digit) -> u16 {
        let (word, shift) = lane(house, digit);
        (self.positions[word] >> shift) as u16
    }

    /// `house`'s nine lanes of positions, aligned: equal snapshots, equal candidates.
    #[inline]
    pub fn house_snapshot(&self, house: House) -> Snapshot {
        let (word, shift) = lane(house, Digit::from_index(0));
        let lane_of =
            |digit: usize| self.positions[word + digit * WORDS_PER_DIGIT] >> shift & 0x1ff;
        let mut words = [0; 3];
        for (k, word) in words.iter_mut().enumerate() {
            for i in 0..4.min(9 - 4 * k) {
                *word |= lane_of(4 * k + i) << (16 * i);
            }
        }
        words
    }

    /// The positions a [`Candidates::house_snapshot`] holds, by digit: what
    /// [`Candidates::positions`] gives for each digit of that house, without reading the
    /// grid again.
    #[inline]
    pub fn house_snapshot_positions(snapshot: &Snapshot) -> [u16; 9] {
        std::array::from_fn(|d| (snapshot[d / 4] >> (16 * (d % 4))) as u16)
    }

    /// `digit`'s candidate cells as words: equal words, equal candidates of the digit.
    #[inline]
    pub fn digit_snapshot(&self, digit: Digit) -> Snapshot {
        let cells = self.digit_cells[digit.index()].bits();
        [cells as u64, (cells >> 64) as u64, 0]
    }

    /// The cells a [`Candidates::digit_snapshot`] (or a difference of two) holds.
    #[inline]
    pub fn digit_snapshot_cells(snapshot: &Snapshot) -> CellSet {
        CellSet::from_bits(u128::from(snapshot[0]) | u128::from(snapshot[1]) << 64)
    }

    /// The houses where `digit` has exactly one place left (bit = house index). Tests four
    /// lanes per word operation.
    #[inline]
    pub fn houses_with_one_place(&self, digit: Digit) -> u32 {
        let block = digit.index() * WORDS_PER_DIGIT;
        self.positions[block..block + WORDS_PER_DIGIT]
            .iter()
            .enumerate()
            .fold(0u32, |mask, (k, &word)| {
                mask | lane_flags(single_bit_lanes(word)) << (4 * k)
            })
    }

    /// Every house and digit where the digit has exactly one place left, as `(house,
    /// digit, positions)` in house-then-digit order. Tests four lanes per word operation.
    pub fn hidden_singles(&self) -> impl Iterator<Item = (House, Digit, u16)> + '_ {
        // Per house, the digits with one place there.
        let mut digits_by_house = [0u16; 27];
        let mut houses = 0u32;
        for digit in 0..9 {
            let mut singles = self.houses_with_one_place(Digit::from_index(digit));
            houses |= singles;
            while singles != 0 {
                digits_by_house[singles.trailing_zeros() as usize] |= 1 << digit;
                singles &= singles - 1;
            }
        }
        let mut house = 0;
        let mut digits = 0u16;
        std::iter::from_fn(move || {
            while digits == 0 {
                if houses == 0 {
                    return None;
                }
                house = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                digits = digits_by_house[house];
            }
            let digit = Digit::from_index(digits.trailing_zeros() as usize);
            digits &= digits - 1;
            let house = House::from_index(house);
            Some((house, digit, self.positions(house, digit)))
        })
    }

    /// The cells not yet set.
    #[inline]
    pub fn unsolved(&self) -> CellSet {
        self.unsolved
    }

    /// The cells the puzzle gave: set by [`Candidates::from_puzzle`] or
    /// [`Candidates::place_given`], never by [`Candidates::place`].
    #[inline]
    pub fn givens(&self) -> CellSet {
        self.givens
    }

    /// Whether every cell holds a digit.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.unsolved.is_empty()
    }

    /// The houses down to their last empty cell (full houses, when that cell still has
    /// its digit).
    #[inline]
    pub fn houses_with_one_empty_cell(&self) -> HouseSet {
        self.one_empty
    }

    /// The empty cells with exactly `n` candidates (1 to 4), from the bitwise counts of
    /// [`Candidates::cells_with_at_least`].
    #[inline]
    pub fn cells_with_exactly(&self, n: usize) -> CellSet {
        let at_least = self.cells_with_at_least();
        at_least[n - 1] - at_least[n]
    }

    /// The empty cells with at least one, two, three, four and five candidates, counted
    /// across the nine digit boards with bitwise adders (a few dozen word operations).
    #[inline]
    pub fn cells_with_at_least(&self) -> [CellSet; 5] {
        let mut at_least = [CellSet::EMPTY; 5];
        for &cells in &self.digit_cells {
            at_least[4] |= at_least[3] & cells;
            at_least[3] |= at_least[2] & cells;
            at_least[2] |= at_least[1] & cells;
            at_least[1] |= at_least[0] & cells;
            at_least[0] |= cells;
        }
        at_least
    }

    /// How many cells of `house` are empty.
    #[inline]
    pub fn empty_cells_in(&self, house: House) -> u32 {
        u32::from(self.empty_in_house[house.index()])
    }

    /// How many rows do not hold `digit` yet, as many columns and as many boxes; at least
    /// as many as any of them once the grid has set a digit twice in a house.
    #[inline]
    pub fn rows_missing(&self, digit: Digit) -> u32 {
        u32::from(self.missing[digit.index()])
    }

    /// Sets `cell` to `digit` and removes `digit` from the cell's peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.place_reporting(cell, digit, &mut ());
    }

    /// [`Candidates::place`], reporting to `observer` what goes as it goes, in this order:
    /// each peer that held `digit` (cell order), then each other candidate of `cell` (digit
    /// order). What HoDoKu's queues of singles need, without walking the peers and the
    /// cell's candidates a second time.
    #[inline]
    pub fn place_reporting(
        &mut self,
        cell: Cell,
        digit: Digit,
        observer: &mut impl PlacementObserver,
    ) {
        let clashing = !self.has(cell, digit)
            && self.value(cell) != Some(digit)
            // Not a candidate: either a technique removed it wrongly, or a peer holds it.
            && cell.peers().iter().any(|peer| self.value(peer) == Some(digit));
        self.clash |= clashing;
        // The digit leaves the cell and its peers: their masks one by one, the digit's
        // board and lanes at once.
        let board = &mut self.digit_cells[digit.index()];
        let peers = cell.peers() & *board;
        *board = *board - peers - CellSet::single(cell);
        for peer in peers.iter() {
            let mask = &mut self.cell_candidates[peer.index()];
            mask.remove(digit);
            observer.peer_lost(peer, digit, *mask);
        }
        let block = digit.index() * WORDS_PER_DIGIT;
        for (word, cleared) in self.positions[block..block + WORDS_PER_DIGIT]
            .iter_mut()
            .zip(PEER_LANES[cell.index()])
        {
            *word &= !cleared;
        }
        for other in (self.cell_candidates[cell.index()] - DigitSet::single(digit)).iter() {
            self.remove(cell, other);
            // Read in the loop: a cell set by a full house or a naked single has no other
            // digit, and most placements are those (hoisted, +1% instructions on easy ones).
            let [row, column, box_] = cell.houses();
            let left = [
                self.positions(row, other),
                self.positions(column, other),
                self.positions(box_, other),
            ];
            observer.cell_lost(cell, other, left);
        }
        self.cell_candidates[cell.index()] = DigitSet::EMPTY;
        self.values[cell.index()] = digit.get();
        if self.unsolved.contains(cell) {
            self.unsolved.remove(cell);
            if !clashing {
                self.missing[digit.index()] -= 1;
            }
            for house in cell.houses() {
                let empty = &mut self.empty_in_house[house.index()];
                *empty -= 1;
                match *empty {
                    1 => self.one_empty.insert(house),
                    0 => self.one_empty.remove(house),
                    _ => {}
                }
            }
        }
    }

    /// [`Candidates::place`] for a digit the puzzle gives: the cell counts among the givens.
    pub fn place_given(&mut self, cell: Cell, digit: Digit) {
        self.place(cell, digit);
        self.givens.insert(cell);
    }

    /// Removes `digit` from `cell`'s candidates; whether it was there.
    #[inline]
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        let present = self.has(cell, digit);
        if present {
            self.remove(cell, digit);
        }
        present
    }

    #[inline]
    fn remove(&mut self, cell: Cell, digit: Digit) {
        self.digit_cells[digit.index()].remove(cell);
        self.remove_from_cell(cell, digit);
    }

    /// [`Candidates::remove`] but for the digit board, which the caller updates in bulk.
    #[inline]
    fn remove_from_cell(&mut self, cell: Cell, digit: Digit) {
        self.cell_candidates[cell.index()].remove(digit);
        for (word, bit) in position_bits(cell, digit) {
            self.positions[word] &= !bit;
        }
    }

    /// Removes `digit` from every cell of `cells` that holds it; how many did.
    #[inline]
    pub fn eliminate_all(&mut self, digit: Digit, cells: CellSet) -> u32 {
        let cells = cells & self.cells_with(digit);
        self.digit_cells[digit.index()] = self.digit_cells[digit.index()] - cells;
        for cell in cells.iter() {
            self.remove_from_cell(cell, digit);
        }
        cells.len()
    }

    /// Whether the grid contradicts itself: an empty cell with no candidates, a house where
    /// a missing digit has no place left, or a digit set twice in a house.
    pub fn has_contradiction(&self) -> bool {
        if self.clash {
            return true;
        }
        if self.is_solved() {
            // Nine different digits in each house: every digit is in every house.
            return false;
        }
        let [with_candidates, ..] = self.cells_with_at_least();
        if !(self.unsolved - with_candidates).is_empty() {
            return true;
        }
        // A digit missing from a house has a place there: every house meets its cells.
        self.places_of_digits()
            .iter()
            .any(|&places| places.houses_met() != HouseSet::ALL)
    }

    /// The cells set to `digit`, read eight values at a time (a byte equal to the digit
    /// becomes its cell's bit).
    pub fn cells_set_to(&self, digit: Digit) -> CellSet {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const LOWS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let wanted = u64::from(digit.get()) * ONES;
        let mut bits = 0u128;
        for (k, chunk) in self.values.chunks(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            // A byte is zero where the value is the digit; its high bit is set in
            // `nonzero` otherwise (no carry crosses bytes), and the zero bytes' high bits
            // are gathered into the top byte.
            let x = u64::from_le_bytes(bytes) ^ wanted;
            let nonzero = ((x & LOWS) + LOWS) | x;
            let zero = !nonzero & HIGHS;
            let gathered = (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            bits |= u128::from(gathered) << (8 * k);
        }
        // The padding of the last chunk reads as zeros: never a digit.
        CellSet::from_bits(bits & ((1u128 << 81) - 1))
    }

    /// Per digit, the cells set to it and the empty cells where it is still a candidate.
    pub fn places_of_digits(&self) -> [CellSet; 9] {
        let mut places = self.digit_cells;
        for cell in (CellSet::ALL - self.unsolved).iter() {
            places[usize::from(self.values[cell.index()]) - 1].insert(cell);
        }
        places
    }

    /// The filled grid, when every cell is set and the grid is valid.
    pub fn solution(&self) -> Option<Solution> {
        if !self.is_solved() {
            return None;
        }
        if self.clash {
            return Solution::from_values(self.values);
        }
        // Every digit was set where no peer held it: no house holds a digit twice.
        Some(Solution::from_valid_values(self.values))
    }
}

/// Words of four 16-bit lanes that hold one digit's 27 house lanes and one spare lane,
/// always empty.
const WORDS_PER_DIGIT: usize = 7;

/// Words of the whole array: nine digits' blocks.
const POSITION_WORDS: usize = 9 * WORDS_PER_DIGIT;

/// Every lane holding all nine positions; each block's spare lane stays empty.
const ALL_POSITIONS: [u64; POSITION_WORDS] = {
    let mut words = [0x01ff_01ff_01ff_01ffu64; POSITION_WORDS];
    let mut digit = 0;
    while digit < 9 {
        words[digit * WORDS_PER_DIGIT + WORDS_PER_DIGIT - 1] = 0x01ff_01ff_01ff;
        digit += 1;
    }
    words
};

/// For each cell, the bit of its position in the lanes of digit 1 of its row, column and
/// box; digit `d`'s lanes are `d - 1` blocks further.
static POSITION_BITS: [[u16; 3]; 81] = {
    let mut table = [[0u16; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let cell = Cell::from_index(i);
        let houses = cell.houses();
        let positions = cell.positions_in_houses();
        let mut k = 0;
        while k < 3 {
            table[i][k] = (houses[k].index() * 16) as u16 + positions[k] as u16;
            k += 1;
        }
        i += 1;
    }
    table
};

/// For each cell, the bits of one digit's block that setting the cell clears: its own
/// houses' lanes whole, and in every other house the positions of its peers.
static PEER_LANES: [[u64; WORDS_PER_DIGIT]; 81] = {
    let mut table = [[0u64; WORDS_PER_DIGIT]; 81];
    let mut i = 0;
    while i < 81 {
        let cell = Cell::from_index(i);
        let mut house = 0;
        while house < 27 {
            let cells = House::from_index(house).cells();
            let mut p = 0;
            while p < 9 {
                if cells[p].index() == i || cell.sees(cells[p]) {
                    let bit = house * 16 + p;
                    table[i][bit / 64] |= 1 << (bit % 64);
                }
                p += 1;
            }
            house += 1;
        }
        i += 1;
    }
    table
};

/// Where `cell` is recorded as a place of `digit` in its row, column and box lanes: the
/// word and the bit within it, for each of the three.
#[inline]
fn position_bits(cell: Cell, digit: Digit) -> impl Iterator<Item = (usize, u64)> {
    POSITION_BITS[cell.index()].into_iter().map(move |first| {
        let bit = usize::from(first) + digit.index() * WORDS_PER_DIGIT * 64;
        (bit / 64, 1 << (bit % 64))
    })
}

/// One digit's block of lanes for the cells `cells` where it is a candidate: the rows and
/// boxes read off the bands (three rows, 27 bits of the cell set, at a time), the columns
/// by transposing the rows without a branch (an 8 by 8 bit transpose, then the ninth row
/// and column).
fn digit_lanes(cells: CellSet) -> [u64; WORDS_PER_DIGIT] {
    let mut lanes = [0u64; 4 * WORDS_PER_DIGIT];
    // Byte r: row r's first eight columns; then the rows' ninth columns, bit r for row r.
    let (mut first_eight, mut ninth) = (0u64, 0u64);
    for (band, bits) in cells.bands().into_iter().enumerate() {
        for i in 0..3 {
            let row = 3 * band + i;
            let in_row = bits >> (9 * i) & 0x1ff;
            lanes[row] = in_row;
            if row < 8 {
                first_eight |= (in_row & 0xff) << (8 * row);
            }
            ninth |= (in_row >> 8) << row;
        }
        for stack in 0..3 {
            lanes[18 + 3 * band + stack] = u64::from(CellSet::band_box_positions(bits, stack));
        }
    }
    // Byte c: column c's first eight rows.
    let by_column = transpose_8x8(first_eight);
    let last_row = lanes[8];
    for column in 0..8 {
        lanes[9 + column] = (by_column >> (8 * column) & 0xff) | (last_row >> column & 1) << 8;
    }
    lanes[17] = ninth;
    std::array::from_fn(|k| (0..4).fold(0, |word, i| word | lanes[4 * k + i] << (16 * i)))
}

/// The 8 by 8 bit matrix `bits` (bit `8 * r + c` for row `r`, column `c`) transposed: bit
/// `8 * c + r` holds what bit `8 * r + c` held. Three swaps of blocks across the diagonal
/// (Hacker's Delight, 7-3).
fn transpose_8x8(mut bits: u64) -> u64 {
    let mut swap = (bits ^ bits >> 7) & 0x00aa_00aa_00aa_00aa;
    bits ^= swap ^ swap << 7;
    swap = (bits ^ bits >> 14) & 0x0000_cccc_0000_cccc;
    bits ^= swap ^ swap << 14;
    swap = (bits ^ bits >> 28) & 0x0000_0000_f0f0_f0f0;
    bits ^ swap ^ swap << 28
}

/// The word and bit shift of the lane for `digit` in `house`.
#[inline]
fn lane(house: House, digit: Digit) -> (usize, u32) {
    let house = house.index();
    (
        digit.index() * WORDS_PER_DIGIT + house / 4,
        (house % 4 * 16) as u32,
    )
}

/// The four lane flags of [`single_bit_lanes`] (bit 15 of each lane) as bits 0-3.
#[inline]
fn lane_flags(flags: u64) -> u32 {
    // Each flag moved to bits 48-51 by one term of the product; no two terms overlap.
    ((flags >> 15 & 0x0001_0001_0001_0001).wrapping_mul(1 << 48 | 1 << 33 | 1 << 18 | 1 << 3) >> 48)
        as u32
}

/// Bit 15 of each 16-bit lane of `lanes` that holds exactly one set bit, for lanes below
/// 0x8000: bit 15 serves as a guard so that no carry or borrow crosses lanes.
#[inline]
fn single_bit_lanes(lanes: u64) -> u64 {
    const GUARD: u64 = 0x8000_8000_8000_8000;
    const ONE: u64 = 0x0001_0001_0001_0001;
    const LOW: u64 = 0x7fff_7fff_7fff_7fff;
    let nonzero = (lanes + LOW) & GUARD;
    let without_lowest = ((lanes | GUARD) - ONE) & lanes; // x & (x - 1), lane by lane
    let several = (without_lowest + LOW) & GUARD;
    nonzero & !several
}

impl fmt::Display for Candidates {
    /// A pencil-mark grid: set cells show their digit, empty cells their candidates, each
    /// column as wide as its widest entry, boxes separated by lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |cell: Cell| match self.value(cell) {
            Some(d) => d.to_string(),
            None => self
                .candidates(cell)
                .iter()
                .map(|d| d.to_string())
                .collect(),
        };
        let widths: Vec<usize> = (0..9)
            .map(|c| {
                (0..9)
                    .map(|r| text(Cell::at(r, c)).len())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let rule = |f: &mut fmt::Formatter<'_>| -> fmt::Result {
            for stack in 0..3 {
                let width: usize = widths[stack * 3..stack * 3 + 3].iter().sum::<usize>() + 4;
                write!(f, "+{}", "-".repeat(width))?;
            }
            writeln!(f, "+")
        };
        for r in 0..9 {
            if r % 3 == 0 {
                rule(f)?;
            }
            for (c, width) in widths.iter().enumerate() {
                if c % 3 == 0 {
                    f.write_str("| ")?;
                }
                write!(f, "{:<width$} ", text(Cell::at(r, c)))?;
            }
            writeln!(f, "|")?;
        }
        rule(f)
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates(\n{self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn assert_views_agree(grid: &Candidates) {
        for house in House::all() {
            let mut lanes = [0u64; 3];
            for digit in Digit::all() {
                let (word, lane) = (digit.index() / 4, digit.index() % 4);
                lanes[word] |= u64::from(grid.positions(house, digit)) << (16 * lane);
            }
            assert_eq!(grid.house_snapshot(house), lanes, "{house}");
            let positions: [u16; 9] =
                std::array::from_fn(|d| grid.positions(house, Digit::from_index(d)));
            assert_eq!(
                Candidates::house_snapshot_positions(&grid.house_snapshot(house)),
                positions,
                "{house}"
            );
        }
        for digit in Digit::all() {
            let rows_without = House::all_of(crate::geometry::HouseKind::Row)
                .filter(|row| row.cells().iter().all(|&c| grid.value(c) != Some(digit)))
                .count();
            assert_eq!(grid.rows_missing(digit) as usize, rows_without, "{digit}");
        }
        for cell in Cell::all() {
            for digit in Digit::all() {
                let by_cell = grid.candidates(cell).contains(digit);
                assert_eq!(by_cell, grid.cells_with(digit).contains(cell));
                for house in cell.houses() {
                    let pos = house.position_of(cell).unwrap();
                    assert_eq!(by_cell, grid.positions(house, digit) >> pos & 1 == 1);
                }
            }
            assert_eq!(grid.value(cell).is_none(), grid.unsolved().contains(cell));
        }
        let one_empty: HouseSet = House::all()
            .filter(|h| (grid.unsolved() & h.cell_set()).len() == 1)
            .collect();
        assert_eq!(grid.houses_with_one_empty_cell(), one_empty);
        let one_candidate: CellSet = Cell::all()
            .filter(|&c| grid.candidates(c).len() == 1)
            .collect();
        assert_eq!(grid.cells_with_exactly(1), one_candidate);
        let hidden: Vec<(House, Digit, u16)> = House::all()
            .flat_map(|h| Digit::all().map(move |d| (h, d)))
            .map(|(h, d)| (h, d, grid.positions(h, d)))
            .filter(|&(_, _, p)| p.count_ones() == 1)
            .collect();
        assert_eq!(grid.hidden_singles().collect::<Vec<_>>(), hidden);
    }

    #[test]
    fn the_cells_set_to_a_digit_are_those_holding_it() {
        for (_, grid) in crate::technique::test_grids::sample_grids_after_singles(30) {
            for digit in Digit::all() {
                let expected: CellSet = Cell::all()
                    .filter(|&cell| grid.value(cell) == Some(digit))
                    .collect();
                assert_eq!(grid.cells_set_to(digit), expected, "{digit}\n{grid}");
            }
        }
        assert!(Candidates::empty().cells_set_to(Digit::new(1)).is_empty());
    }

    #[test]
    fn single_bit_lanes_match_a_lane_by_lane_count() {
        for value in 0..0x200u64 {
            for other in [0u64, 1, 0x100, 0x1ff, 0x101] {
                let lanes = value | other << 16 | value << 32 | other << 48;
                let expected = (0..4)
                    .filter(|i| (lanes >> (16 * i) & 0xffff).count_ones() == 1)
                    .fold(0u64, |acc, i| acc | 0x8000 << (16 * i));
                assert_eq!(single_bit_lanes(lanes), expected, "{lanes:#x}");
            }
        }
    }

    #[test]
    fn placing_removes_the_digit_from_peers_and_keeps_views_in_sync() {
        let mut grid = Candidates::empty();
        grid.place(Cell::at(4, 4), Digit::new(5));
        assert_eq!(grid.value(Cell::at(4, 4)), Some(Digit::new(5)));
        assert!(grid.candidates(Cell::at(4, 4)).is_empty());
        assert_eq!(grid.cells_with(Digit::new(5)).len(), 81 - 21);
        assert_eq!(grid.positions(House::row(4), Digit::new(5)), 0);
        assert_eq!(
            grid.positions(House::row(0), Digit::new(5)),
            0x1ff & !(1 << 4)
        );
        assert!(!grid.has(Cell::at(3, 3), Digit::new(5)));
        assert_views_agree(&grid);
        assert!(grid.eliminate(Cell::at(0, 0), Digit::new(1)));
        assert!(!grid.eliminate(Cell::at(0, 0), Digit::new(1)));
        assert_views_agree(&grid);
    }

    /// What a placement reports, in order.
    #[derive(Debug, PartialEq)]
    enum Report {
        Peer(Cell, Digit, DigitSet),
        Other(Cell, Digit, [u16; 3]),
    }

    impl PlacementObserver for Vec<Report> {
        fn peer_lost(&mut self, peer: Cell, digit: Digit, left: DigitSet) {
            self.push(Report::Peer(peer, digit, left));
        }
        fn cell_lost(&mut self, cell: Cell, digit: Digit, left: [u16; 3]) {
            self.push(Report::Other(cell, digit, left));
        }
    }

    /// A placement reports each peer that held the digit, in cell order, with what it
    /// keeps; then each other candidate of the cell, in digit order, with its places left
    /// in the cell's row, column and box; and leaves the grid as a silent placement does.
    #[test]
    fn a_placement_reports_what_it_removes_in_order() {
        let line =
            ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";
        let grid = Candidates::from_puzzle(&Puzzle::parse_line(line).unwrap());
        let mut placements = 0;
        for cell in grid.unsolved().iter() {
            for digit in grid.candidates(cell).iter() {
                let mut silent = grid.clone();
                silent.place(cell, digit);
                let mut reported = grid.clone();
                let mut reports = Vec::new();
                reported.place_reporting(cell, digit, &mut reports);
                assert!(reported == silent, "{cell} {digit}");

                let holders = cell.peers() & grid.cells_with(digit);
                let peers = holders.iter().map(|peer| {
                    Report::Peer(peer, digit, grid.candidates(peer) - DigitSet::single(digit))
                });
                let others = (grid.candidates(cell) - DigitSet::single(digit))
                    .iter()
                    .map(|other| {
                        Report::Other(
                            cell,
                            other,
                            cell.houses().map(|h| silent.positions(h, other)),
                        )
                    });
                let expected: Vec<Report> = peers.chain(others).collect();
                assert_eq!(reports, expected, "{cell} {digit}");
                placements += 1;
            }
        }
        assert!(placements > 50, "{placements}");
    }

    #[test]
    fn from_puzzle_equals_placing_the_givens_one_by_one() {
        for line in [
            ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "...8.1..........435............7.8........1...2..3....6......75..34........2..6..",
        ] {
            let puzzle = Puzzle::parse_line(line).unwrap();
            let mut placed = Candidates::empty();
            for cell in Cell::all() {
                if let Some(digit) = puzzle.given(cell) {
                    placed.place_given(cell, digit);
                }
            }
            let built = Candidates::from_puzzle(&puzzle);
            assert_eq!(built, placed, "{line}");
            assert_eq!(built.givens(), !built.unsolved(), "{line}");
            assert_views_agree(&built);
        }
    }

    #[test]
    fn derived_views_follow_a_whole_solve() {
        let line =
            ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";
        let mut grid = Candidates::from_puzzle(&Puzzle::parse_line(line).unwrap());
        assert_views_agree(&grid);
        // Place naked singles until none is left, checking the views after each.
        while let Some(cell) = grid.cells_with_exactly(1).first() {
            let digit = grid.candidates(cell).first().unwrap();
            grid.place(cell, digit);
            assert_views_agree(&grid);
        }
        assert!(grid.is_solved(), "this puzzle falls to naked singles");
        assert!(grid.houses_with_one_empty_cell().is_empty());
        assert!(!grid.has_contradiction());
    }

    proptest! {
        #[test]
        fn a_digits_lanes_hold_its_cells_house_by_house(
            members in proptest::collection::btree_set(0..81usize, 0..=81),
        ) {
            let cells: CellSet = members.iter().map(|&i| Cell::from_index(i)).collect();
            let lanes = digit_lanes(cells);
            for house in House::all() {
                let expected = house
                    .cells()
                    .iter()
                    .enumerate()
                    .filter(|&(_, &cell)| cells.contains(cell))
                    .fold(0u64, |lane, (p, _)| lane | 1 << p);
                let (word, shift) = (house.index() / 4, house.index() % 4 * 16);
                prop_assert_eq!(lanes[word] >> shift & 0xffff, expected, "{} {}", cells, house);
            }
            prop_assert_eq!(lanes[6] >> 48, 0, "the spare lane stays empty");
        }

        /// A known solution set in any order, some cells maybe given a wrong digit first.
        #[test]
        fn a_full_grid_is_a_solution_exactly_when_its_values_are_valid(
            order in Just((0..81).collect::<Vec<usize>>()).prop_shuffle(),
            wrong in proptest::collection::vec(1..=9u8, 0..3),
        ) {
            let solved =
                "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
            let mut values = [0u8; 81];
            let mut grid = Candidates::empty();
            for (n, &cell) in order.iter().enumerate() {
                let digit = wrong.get(n).copied().unwrap_or(solved.as_bytes()[cell] - b'0');
                values[cell] = digit;
                grid.place(Cell::from_index(cell), Digit::new(digit));
            }
            prop_assert_eq!(grid.solution(), Solution::from_values(values));
        }
    }

    #[test]
    fn contradictions_are_seen_whatever_their_kind() {
        let mut twice = Candidates::empty();
        twice.place(Cell::at(0, 0), Digit::new(1));
        assert!(!twice.has_contradiction());
        twice.place(Cell::at(0, 8), Digit::new(1));
        assert!(twice.has_contradiction(), "1 twice in row 1");
        let mut twice_when_full = Candidates::empty();
        for cell in Cell::all() {
            twice_when_full.place(cell, Digit::new(1));
        }
        assert!(twice_when_full.is_solved());
        assert!(twice_when_full.has_contradiction());
        let mut no_place = Candidates::empty();
        for row in 0..9 {
            no_place.eliminate(Cell::at(row, 4), Digit::new(7));
        }
        assert!(no_place.has_contradiction(), "7 has no place in column 5");
        let mut no_candidate = Candidates::empty();
        for digit in Digit::all() {
            no_candidate.eliminate(Cell::at(8, 8), digit);
        }
        assert!(no_candidate.has_contradiction());
        // Taking a digit wrongly from a cell and setting it there anyway clashes with nothing.
        let mut wrong = Candidates::empty();
        wrong.eliminate(Cell::at(3, 3), Digit::new(2));
        wrong.place(Cell::at(3, 3), Digit::new(2));
        assert!(!wrong.has_contradiction());
    }

    #[test]
    fn from_puzzle_sets_givens_and_detects_contradictions() {
        let line =
            ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";
        let puzzle = Puzzle::parse_line(line).unwrap();
        let grid = Candidates::from_puzzle(&puzzle);
        assert!(Cell::all().all(|cell| grid.value(cell) == puzzle.given(cell)));
        assert_eq!(grid.unsolved().len() as usize, 81 - puzzle.given_count());
        assert!(!grid.has_contradiction());
        assert_views_agree(&grid);
        // Cells the solver sets are not givens.
        let mut placed = grid.clone();
        let first_empty = placed.unsolved().first().unwrap();
        placed.place(first_empty, placed.candidates(first_empty).first().unwrap());
        assert_eq!(placed.givens(), grid.givens());
        assert!(!placed.givens().contains(first_empty));
        let mut broken = grid.clone();
        for d in broken.candidates(Cell::at(0, 0)).iter() {
            broken.eliminate(Cell::at(0, 0), d);
        }
        assert!(broken.has_contradiction());
    }

    #[test]
    fn display_draws_a_pencil_mark_grid() {
        let mut grid = Candidates::empty();
        grid.place(Cell::at(0, 0), Digit::new(1));
        let text = grid.to_string();
        assert_eq!(text.lines().count(), 13);
        assert!(text.lines().nth(1).unwrap().starts_with("| 1 "));
    }
}
