//! The oracle's search state and its propagation of singles.
//!
//! The grid is cut into three bands of three rows; a band's 27 cells are bits
//! `9 * row + column` of a `u32`, so cell `c` of the grid is bit `c % 27` of band `c / 27`.
//! For each digit and band the board keeps the cells where the digit may still go, placed
//! cells included: a placed digit keeps its own bit and loses every peer. Every row of a
//! band must hold the digit somewhere, so a row left empty is a contradiction.
//!
//! Propagation repeats three steps, each only when the ones before have nothing left:
//! - *settling* a digit's band: box/line reasoning in two table lookups (the band's rows
//!   must take its boxes in some order; a box whose cells for the digit lie in one column
//!   takes that column from the other bands), then placing the digit in every row left
//!   with one cell. Hidden singles in rows and boxes both end up as one-cell rows;
//! - *naked singles*: cells with one candidate, found for a whole band at once with bitwise
//!   counters over the nine digits;
//! - *hidden singles in columns*, the one kind settling does not see, with the same
//!   counters over the nine rows of a digit.
//!
//! Each digit/band also keeps a snapshot of its candidates as last settled; only those
//! that differ from it are settled again. Removing candidates is thus a plain `&=`, with no
//! bookkeeping. The board is 228 bytes and has no undo: the search copies it before a
//! guess.

use super::tables::{
    BAND, BAND_PEERS, COLUMN, HOUSES_TAKEN, LONE_CELL, OTHER_BANDS_KEEP, ROW, ROW_BOX_ASSIGNMENTS,
    minirow_index,
};

/// The placements so far admit no solution.
#[derive(Debug, PartialEq, Eq)]
pub struct Contradiction;

/// A cell to guess on and its candidates (bit `d` for digit index `d`).
#[derive(Debug, PartialEq, Eq)]
pub struct Guess {
    pub band: usize,
    pub position: u32,
    pub digits: u16,
}

#[derive(Clone, Copy)]
pub struct Board {
    /// `candidates[digit][band]`: cells of the band where the digit (index 0-8) may go.
    candidates: [[u32; 3]; 9],
    /// `settled[digit][band]`: the candidates when that band was last settled; a band
    /// that has lost candidates since differs from it.
    settled: [[u32; 3]; 9],
    /// Per band, the cells with no digit placed yet.
    unsolved: [u32; 3],
}

impl Board {
    /// The board of `values` (0 for blank, 1-9 for a given), propagated; a contradiction
    /// when the givens clash or singles lead to one.
    pub fn new(values: &[u8; 81]) -> Result<Board, Contradiction> {
        let mut board = Board::placed(values)?;
        board.propagate()?;
        Ok(board)
    }

    /// The board of `values` with the givens placed, not yet propagated; a contradiction
    /// when two givens of a digit share a house.
    ///
    /// The board that placing the givens one by one would give, built a digit at a time
    /// from masks: the digit may go where no given stands and none of its givens is seen,
    /// and keeps its givens' cells. The oracle builds such a board for every given a dig
    /// tries to take away.
    pub fn placed(values: &[u8; 81]) -> Result<Board, Contradiction> {
        // Index 0 collects the blanks.
        let mut givens = [[0u32; 3]; 10];
        for (band, cells) in values.chunks_exact(27).enumerate() {
            for (position, &value) in cells.iter().enumerate() {
                givens[usize::from(value)][band] |= 1 << position;
            }
        }
        Board::placed_from_bands(givens[0], &givens[1..])
    }

    /// [`Board::placed`] for givens given per digit index as cells of each band
    /// (`givens[digit][band]`, as in [`Board::from_bands`]), with the blank cells.
    pub fn placed_from_bands(
        unsolved: [u32; 3],
        givens: &[[u32; 3]],
    ) -> Result<Board, Contradiction> {
        let mut board = Board {
            candidates: [[0; 3]; 9],
            settled: [[BAND; 3]; 9],
            unsolved,
        };
        for (digit, own) in givens.iter().enumerate() {
            board.candidates[digit] = placed_digit(&unsolved, own)?;
        }
        Ok(board)
    }

    /// This board of givens placed, not propagated, with the given of digit index `digit`
    /// at `cell` (0-80) taken away: the cell opens to the digits of `open` (bit `d` for
    /// digit index `d`: those no given among its peers holds) and to `digit`, whose cells
    /// are worked out again from its givens left, `own` (per band). The board
    /// [`Board::placed`] builds from the givens left, for a few of its instructions.
    pub fn without_given(&self, cell: usize, digit: usize, own: &[u32; 3], open: u16) -> Board {
        let (band, bit) = (cell / 27, 1 << (cell % 27));
        let mut board = *self;
        board.unsolved[band] |= bit;
        for (other, bands) in board.candidates.iter_mut().enumerate() {
            bands[band] |= bit & 0u32.wrapping_sub(u32::from(open >> other & 1));
        }
        board.candidates[digit] =
            placed_digit(&board.unsolved, own).expect("givens left of a valid board do not clash");
        board
    }

    /// Strikes out digit index `digit` from cell `position` of `band`, an open cell; the
    /// next propagation takes it into account.
    pub fn forbid(&mut self, digit: usize, band: usize, position: u32) {
        self.candidates[digit][band] &= !(1 << position);
    }

    /// The board of a grid given per digit as the cells where it may go, its set cells
    /// included (bit `9 * i + c` of band `b` is row `3 * b + i`, column `c`), and the
    /// cells not yet set; propagated. A set digit must have left its peers.
    pub fn from_bands(
        candidates: [[u32; 3]; 9],
        unsolved: [u32; 3],
    ) -> Result<Board, Contradiction> {
        let mut board = Board {
            candidates,
            // Bits outside every band: each digit's bands differ from it and are settled.
            settled: [[!BAND; 3]; 9],
            unsolved,
        };
        board.propagate()?;
        Ok(board)
    }

    /// Whether `cell` (0-80) holds no digit yet.
    pub fn is_open(&self, cell: usize) -> bool {
        self.unsolved[cell / 27] >> (cell % 27) & 1 != 0
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The digits of a solved board, cell by cell.
    pub fn values(&self) -> [u8; 81] {
        let mut values = [0; 81];
        for (digit, bands) in self.candidates.iter().enumerate() {
            for (band, &cells) in bands.iter().enumerate() {
                for position in bit_positions(cells) {
                    values[27 * band + position as usize] = digit as u8 + 1;
                }
            }
        }
        values
    }

    /// Places digit index `digit` in cell `position` of `band`: the cell loses its other
    /// candidates and the digit leaves the cell's peers. Fails when the digit is no longer
    /// a candidate there. Does not propagate.
    pub fn place(&mut self, digit: usize, band: usize, position: u32) -> Result<(), Contradiction> {
        let cell = 1 << position;
        let own = self.candidates[digit][band];
        if own & cell == 0 {
            return Err(Contradiction);
        }
        self.unsolved[band] &= !cell;
        for bands in &mut self.candidates {
            bands[band] &= !cell;
        }
        self.candidates[digit][band] = own & !BAND_PEERS[position as usize];
        for other_band in OTHER_BANDS[band] {
            self.candidates[digit][other_band] &= !COLUMN[position as usize % 9];
        }
        Ok(())
    }

    /// Applies singles until nothing changes or a contradiction appears.
    pub fn propagate(&mut self) -> Result<(), Contradiction> {
        self.propagate_until(Board::is_solved).map(|_| ())
    }

    /// [`Board::propagate`], stopping once `cell` holds a digit: whether it does.
    pub fn propagate_until_set(&mut self, cell: usize) -> Result<bool, Contradiction> {
        self.propagate_until(|board| !board.is_open(cell))
    }

    /// Applies singles until `done` holds, checked each time the bands are settled (then
    /// true), or nothing changes (then false), or a contradiction appears.
    #[inline(always)]
    fn propagate_until(&mut self, done: impl Fn(&Board) -> bool) -> Result<bool, Contradiction> {
        loop {
            self.settle_changed_bands()?;
            if done(self) {
                return Ok(true);
            }
            if !self.place_naked_singles()? && !self.place_column_singles()? {
                return Ok(false);
            }
        }
    }

    /// After propagation of an unsolved board: a cell with two candidates when there is
    /// one, else the first cell with the fewest.
    ///
    /// Propagation leaves no unsolved cell with fewer than two candidates, so without a
    /// pair the first cell with three is the one; only a board without either has its
    /// cells' candidates counted one by one.
    pub fn guess(&self) -> Guess {
        let mut counts = [CandidateCounts::default(); 3];
        for (band, band_counts) in counts.iter_mut().enumerate() {
            *band_counts = self.candidate_counts(band);
            let pairs = band_counts.at_least_two & !band_counts.at_least_three;
            if pairs & self.unsolved[band] != 0 {
                return self.guess_at(band, pairs & self.unsolved[band]);
            }
        }
        for (band, counts) in counts.iter().enumerate() {
            let triples = counts.at_least_three & !counts.at_least_four & self.unsolved[band];
            if triples != 0 {
                return self.guess_at(band, triples);
            }
        }
        self.fewest_candidates()
    }

    /// The guess on the first of `cells` (not empty) in `band`.
    fn guess_at(&self, band: usize, cells: u32) -> Guess {
        let position = cells.trailing_zeros();
        Guess {
            band,
            position,
            digits: self.digits_at(band, position),
        }
    }

    /// Settles every digit/band that lost candidates, until none has.
    ///
    /// This is where the oracle spends most of its time. The digit loop is unrolled by
    /// hand so that each inlined [`Board::settle`] works on fixed offsets, which saves
    /// some 5-10% of the instructions on hard puzzles.
    fn settle_changed_bands(&mut self) -> Result<(), Contradiction> {
        macro_rules! settle_if_changed {
            ($quiet:ident; $($digit:literal)*) => {$(
                for band in 0..3 {
                    if self.candidates[$digit][band] != self.settled[$digit][band] {
                        $quiet = false;
                        self.settle($digit, band)?;
                    }
                }
            )*};
        }
        loop {
            let mut quiet = true;
            settle_if_changed!(quiet; 0 1 2 3 4 5 6 7 8);
            if quiet {
                return Ok(());
            }
        }
    }

    /// Box/line reasoning on one digit's band (its rows against its boxes, its boxes
    /// against the columns of the other bands), then placement of the digit in every row
    /// left with one cell. Box/line reasoning has already taken such a cell's box and
    /// column from the digit's other cells, so placing only clears the other digits.
    #[inline(always)]
    fn settle(&mut self, digit: usize, band: usize) -> Result<(), Contradiction> {
        let cells = self.candidates[digit][band];
        let cells = cells & ROW_BOX_ASSIGNMENTS[minirow_index(cells)];
        if cells == 0 {
            return Err(Contradiction);
        }
        let columns = (cells | cells >> 9 | cells >> 18) & ROW;
        let keep = OTHER_BANDS_KEEP[columns as usize];
        for other_band in OTHER_BANDS[band] {
            self.candidates[digit][other_band] &= keep;
        }
        // Usually nothing is placed, but a branch on that mispredicts more than the nine
        // `&=` it would save.
        let placed = lone_row_cells(cells) & self.unsolved[band];
        self.unsolved[band] &= !placed;
        for bands in &mut self.candidates {
            bands[band] &= !placed;
        }
        self.candidates[digit][band] = cells;
        self.settled[digit][band] = cells;
        Ok(())
    }

    /// Places every cell with a single candidate; whether any was placed.
    fn place_naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let counts = self.candidate_counts(band);
            if unsolved & !counts.at_least_one != 0 {
                return Err(Contradiction);
            }
            for position in bit_positions(unsolved & !counts.at_least_two) {
                // An earlier placement in this loop may have taken the last candidate.
                let digits = self.digits_at(band, position);
                if digits == 0 {
                    return Err(Contradiction);
                }
                self.place(digits.trailing_zeros() as usize, band, position)?;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Places every digit that has one cell left in a column; whether any was placed.
    /// A column without the digit at all is a contradiction.
    fn place_column_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for digit in 0..9 {
            let (at_least_one, at_least_two) = column_counts(&self.candidates[digit]);
            if at_least_one != ROW {
                return Err(Contradiction);
            }
            let lone_columns = (at_least_one & !at_least_two) * (1 | 1 << 9 | 1 << 18);
            for band in 0..3 {
                let fresh = self.candidates[digit][band] & lone_columns & self.unsolved[band];
                for position in bit_positions(fresh) {
                    self.place(digit, band, position)?;
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// For each cell of `band`, whether it has at least one, two, three, four candidates
    /// (inlined, so that a caller that reads fewer counts computes no more).
    #[inline(always)]
    fn candidate_counts(&self, band: usize) -> CandidateCounts {
        let mut counts = CandidateCounts::default();
        for bands in &self.candidates {
            let cells = bands[band];
            counts.at_least_four |= counts.at_least_three & cells;
            counts.at_least_three |= counts.at_least_two & cells;
            counts.at_least_two |= counts.at_least_one & cells;
            counts.at_least_one |= cells;
        }
        counts
    }

    /// The candidates of one cell, bit `d` for digit index `d`.
    fn digits_at(&self, band: usize, position: u32) -> u16 {
        let mut digits = 0;
        for (digit, bands) in self.candidates.iter().enumerate() {
            digits |= ((bands[band] >> position & 1) as u16) << digit;
        }
        digits
    }

    /// The first unsolved cell with the fewest candidates.
    fn fewest_candidates(&self) -> Guess {
        let mut best: Option<Guess> = None;
        for band in 0..3 {
            for position in bit_positions(self.unsolved[band]) {
                let digits = self.digits_at(band, position);
                if best
                    .as_ref()
                    .is_none_or(|b| digits.count_ones() < b.digits.count_ones())
                {
                    best = Some(Guess {
                        band,
                        position,
                        digits,
                    });
                }
            }
        }
        best.expect("an unsolved board has an unsolved cell")
    }
}

/// Per cell of a band, bitwise counters of its candidates (saturating at four).
#[derive(Clone, Copy, Default)]
struct CandidateCounts {
    at_least_one: u32,
    at_least_two: u32,
    at_least_three: u32,
    at_least_four: u32,
}

/// The cells where a digit may go once its givens (`own`, per band) are placed: its givens'
/// cells, and the `unsolved` cells none of them sees; a contradiction when two of them
/// share a house.
#[inline]
fn placed_digit(unsolved: &[u32; 3], own: &[u32; 3]) -> Result<[u32; 3], Contradiction> {
    // Two givens in a house: two in a row of a band; else a band's givens, one a row, in
    // fewer boxes than rows; or two bands with a given in one column (two in a column of
    // one band share a box). No population count, which the baseline target lacks.
    let (mut clash, mut columns) = (false, 0);
    let mut taken = [0u32; 3];
    for (band, &cells) in own.iter().enumerate() {
        taken[band] = HOUSES_TAKEN[minirow_index(cells)];
        let band_columns = (cells | cells >> 9 | cells >> 18) & ROW;
        clash |= has_two_in_a_row(cells)
            || taken[band] >> 29 != taken[band] >> 27 & 0b11
            || columns & band_columns != 0;
        columns |= band_columns;
    }
    if clash {
        return Err(Contradiction);
    }
    let column_cells = columns * (1 | 1 << 9 | 1 << 18);
    Ok(std::array::from_fn(|band| {
        unsolved[band] & !(taken[band] | column_cells) | own[band]
    }))
}

/// For a digit's cells in the three bands, the columns (9 bits) where it has at least one
/// cell and those where it has at least two: the bands are counted against each other
/// cell by cell first, then the three rows of those counts, which takes about half the
/// operations of counting the nine rows one by one.
#[inline]
fn column_counts(&[a, b, c]: &[u32; 3]) -> (u32, u32) {
    let either = a | b;
    let one = either | c;
    let two = a & b | either & c;
    let rows = |cells: u32| [cells & ROW, cells >> 9 & ROW, cells >> 18 & ROW];
    let [r0, r1, r2] = rows(one);
    let [t0, t1, t2] = rows(two);
    let at_least_one = r0 | r1 | r2;
    let at_least_two = t0 | t1 | t2 | r0 & r1 | (r0 | r1) & r2;
    (at_least_one, at_least_two)
}

/// Whether a row of a band holds two cells or more.
#[inline]
fn has_two_in_a_row(cells: u32) -> bool {
    [0, 9, 18].into_iter().any(|shift| {
        let row = cells >> shift & ROW;
        row & row.wrapping_sub(1) != 0
    })
}

/// The cells of a band that are alone in their row.
#[inline]
fn lone_row_cells(cells: u32) -> u32 {
    let [first, second, third] = &LONE_CELL;
    first[(cells & ROW) as usize]
        | second[(cells >> 9 & ROW) as usize]
        | third[(cells >> 18 & ROW) as usize]
}

/// For each band, the two others.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The positions of the set bits of `bits`, lowest first.
#[inline]
fn bit_positions(mut bits: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let position = bits.trailing_zeros();
            bits &= bits - 1;
            position
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(line: &str) -> [u8; 81] {
        let mut values = [0; 81];
        for (value, ch) in values.iter_mut().zip(line.bytes()) {
            *value = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        values
    }

    #[test]
    fn singles_alone_solve_an_easy_puzzle() {
        let puzzle =
            ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";
        let board = Board::new(&values(puzzle)).unwrap();
        assert!(board.is_solved());
        let solved = board.values();
        for (given, value) in values(puzzle).iter().zip(solved) {
            assert!(*given == 0 || *given == value);
        }
        assert!(crate::puzzle::Solution::from_values(solved).is_some());
    }

    /// The givens placed one at a time, as the search places its guesses.
    fn placed_one_by_one(values: &[u8; 81]) -> Result<Board, Contradiction> {
        let mut board = Board {
            candidates: [[BAND; 3]; 9],
            settled: [[BAND; 3]; 9],
            unsolved: [BAND; 3],
        };
        for (cell, &value) in values.iter().enumerate() {
            if value != 0 {
                board.place(usize::from(value) - 1, cell / 27, (cell % 27) as u32)?;
            }
        }
        Ok(board)
    }

    fn assert_same_board(a: &Board, b: &Board) {
        assert_eq!(a.candidates, b.candidates);
        assert_eq!(a.settled, b.settled);
        assert_eq!(a.unsolved, b.unsolved);
    }

    #[test]
    fn givens_placed_from_masks_make_the_board_placing_them_one_by_one_makes() {
        let solution = values(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        // Random subsets of a solution, from nearly all of it to a handful of givens.
        let mut state = 12345u64;
        for round in 0..400 {
            let mut puzzle = solution;
            for value in puzzle.iter_mut() {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (state >> 33) % 100 < round / 4 {
                    *value = 0;
                }
            }
            assert_same_board(
                &Board::placed(&puzzle).unwrap(),
                &placed_one_by_one(&puzzle).unwrap(),
            );
            // Each given taken away from the placed board leaves the board of the others.
            let placed = Board::placed(&puzzle).unwrap();
            for cell in (0..81).filter(|&c| puzzle[c] != 0) {
                let mut fewer = puzzle;
                fewer[cell] = 0;
                let digit = usize::from(puzzle[cell]) - 1;
                let mut own = [0u32; 3];
                let mut open = 0x1ff;
                for other in (0..81).filter(|&c| fewer[c] != 0) {
                    if usize::from(fewer[other]) - 1 == digit {
                        own[other / 27] |= 1 << (other % 27);
                    }
                    let (r, c, o_r, o_c) = (cell / 9, cell % 9, other / 9, other % 9);
                    if r == o_r || c == o_c || (r / 3 == o_r / 3 && c / 3 == o_c / 3) {
                        open &= !(1 << (fewer[other] - 1));
                    }
                }
                assert_same_board(
                    &placed.without_given(cell, digit, &own, open),
                    &Board::placed(&fewer).unwrap(),
                );
            }
        }
        // Two givens of a digit in a row, a column (of two bands, of one band), a box, a
        // minirow.
        for (a, b) in [(0, 8), (0, 72), (0, 18), (0, 20), (30, 31)] {
            let mut clash = [0; 81];
            clash[a] = 5;
            clash[b] = 5;
            assert_eq!(Board::placed(&clash).err(), Some(Contradiction));
            assert_eq!(placed_one_by_one(&clash).err(), Some(Contradiction));
            clash[b] = 6;
            assert_same_board(
                &Board::placed(&clash).unwrap(),
                &placed_one_by_one(&clash).unwrap(),
            );
        }
    }

    #[test]
    fn placing_removes_the_digit_from_every_peer() {
        let mut board = Board::new(&[0; 81]).unwrap();
        // Digit 5 (index 4) in r5c5: band 1, position 9 + 4.
        board.place(4, 1, 13).unwrap();
        assert_eq!(board.candidates[4][0] & COLUMN[4], 0);
        assert_eq!(board.candidates[4][2] & COLUMN[4], 0);
        assert_eq!(
            board.candidates[4][1],
            1 << 13 | (BAND & !BAND_PEERS[13] & !COLUMN[4])
        );
        assert_eq!(board.digits_at(1, 13), 1 << 4);
        assert_eq!(board.place(4, 1, 14), Err(Contradiction));
    }

    #[test]
    fn a_digit_left_once_in_a_column_is_placed_there() {
        let mut board = Board::new(&[0; 81]).unwrap();
        // Digit 1 leaves column 1 everywhere but r9c1 (band 2, position 18).
        board.candidates[0][0] &= !COLUMN[0];
        board.candidates[0][1] &= !COLUMN[0];
        board.candidates[0][2] &= !(COLUMN[0] & !(1 << 18));
        assert_eq!(board.place_column_singles(), Ok(true));
        assert_eq!(board.unsolved[2] & 1 << 18, 0);
        assert_eq!(board.digits_at(2, 18), 1);
        assert_eq!(board.place_column_singles(), Ok(false));

        board.candidates[0][2] &= !COLUMN[0];
        assert_eq!(board.place_column_singles(), Err(Contradiction));
    }

    #[test]
    fn column_counts_count_the_nine_rows_of_a_digit() {
        let mut state = 987654321u64;
        for _ in 0..20000 {
            let mut bands = [0u32; 3];
            for band in &mut bands {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // Sparse and dense bands alike.
                *band = (state >> 20) as u32 & (state >> 40) as u32 & BAND;
                if state & 1 == 0 {
                    *band |= (state >> 7) as u32 & BAND;
                }
            }
            let (mut one, mut two) = (0, 0);
            for column in 0..9 {
                let count = (0..81)
                    .filter(|&cell| cell % 9 == column && bands[cell / 27] >> (cell % 27) & 1 != 0)
                    .count();
                one |= u32::from(count >= 1) << column;
                two |= u32::from(count >= 2) << column;
            }
            assert_eq!(column_counts(&bands), (one, two), "{bands:x?}");
        }
    }

    #[test]
    fn a_guess_is_on_a_pair_else_on_the_first_cell_with_the_fewest() {
        let mut state = 2024u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        };
        let mut seen_counts = [false; 10];
        for _ in 0..3000 {
            // Every unsolved cell keeps two candidates or more, as after propagation.
            let mut board = Board::new(&[0; 81]).unwrap();
            let least = 2 + next() % 5;
            for band in 0..3 {
                for position in 0..27 {
                    if next() % 8 == 0 {
                        board.unsolved[band] &= !(1 << position);
                        continue;
                    }
                    for digit in 0..9 {
                        if next() % 9 < 9 - least {
                            board.candidates[digit][band] &= !(1 << position);
                        }
                    }
                    let mut digit = next() as usize % 9;
                    while board.digits_at(band, position).count_ones() < least {
                        board.candidates[digit][band] |= 1 << position;
                        digit = (digit + 1) % 9;
                    }
                }
            }
            if board.is_solved() {
                continue;
            }
            let guess = board.guess();
            let expected = board.fewest_candidates();
            seen_counts[expected.digits.count_ones() as usize] = true;
            assert_eq!(guess, expected);
        }
        assert!(
            seen_counts[2] && seen_counts[3] && seen_counts[4],
            "{seen_counts:?}"
        );
    }

    #[test]
    fn an_empty_board_guesses_its_first_cell() {
        let board = Board::new(&[0; 81]).unwrap();
        assert_eq!(
            board.guess(),
            Guess {
                band: 0,
                position: 0,
                digits: 0x1ff
            }
        );
    }

    #[test]
    fn a_cell_without_candidates_is_a_contradiction() {
        // r1c9 sees 1-8 in its row and 9 in its column.
        let mut line = String::from("12345678.");
        line.push_str(&".".repeat(8));
        line.push('9');
        line.push_str(&".".repeat(81 - line.len()));
        assert_eq!(Board::new(&values(&line)).err(), Some(Contradiction));
    }
}
