//! The oracle's search state and its propagation of singles.
//!
//! The grid is cut into three bands of three rows; a band's 27 cells are bits
//! `9 * row + column` of a `u32`, so cell `c` of the grid is bit `c % 27` of band `c / 27`.
//! For each digit and band the board keeps the cells where the digit may still go, placed
//! cells included: a placed digit keeps its own bit and loses every peer. Every row of a
//! band must hold the digit somewhere, so a row left empty is a contradiction.
//!
//! Propagation alternates two steps until neither has anything to do:
//! - *settling* a digit's band: box/line reasoning in two table lookups (the band's rows
//!   must take its boxes in some order; a box whose cells for the digit lie in one column
//!   takes that column from the other bands), then placing the digit in every row left
//!   with one cell. Hidden singles in rows and boxes both end up as one-cell rows;
//! - *naked singles*: cells with one candidate, found for a whole band at once with bitwise
//!   counters over the nine digits.
//!
//! Each digit/band also keeps a snapshot of its candidates as last settled; only those
//! that differ from it are settled again. Removing candidates is thus a plain `&=`, with no
//! bookkeeping. The board is 228 bytes and has no undo: the search copies it before a
//! guess.

use super::tables::{
    BAND, BAND_PEERS, COLUMN, MINIROW_OCCUPANCY, OTHER_BANDS_KEEP, ROW, ROW_BOX_ASSIGNMENTS,
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
        board.propagate()?;
        Ok(board)
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
        loop {
            self.settle_changed_bands()?;
            if self.is_solved() || !self.place_naked_singles()? {
                return Ok(());
            }
        }
    }

    /// After propagation of an unsolved board: a cell with two candidates when there is
    /// one, else the first cell with the fewest.
    pub fn guess(&self) -> Guess {
        for band in 0..3 {
            let counts = self.candidate_counts(band);
            let pairs = counts.at_least_two & !counts.at_least_three & self.unsolved[band];
            if pairs != 0 {
                let position = pairs.trailing_zeros();
                return Guess {
                    band,
                    position,
                    digits: self.digits_at(band, position),
                };
            }
        }
        self.fewest_candidates()
    }

    /// Settles every digit/band that lost candidates, until none has.
    fn settle_changed_bands(&mut self) -> Result<(), Contradiction> {
        loop {
            let mut changed = self.changed_bands();
            if changed == 0 {
                return Ok(());
            }
            while changed != 0 {
                let slot = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                self.settle(slot / 3, slot % 3)?;
            }
        }
    }

    /// Bit `3 * digit + band` for each digit/band that lost candidates since it was last
    /// settled.
    fn changed_bands(&self) -> u32 {
        let now = self.candidates.as_flattened();
        let then = self.settled.as_flattened();
        let mut changed = 0;
        for slot in 0..27 {
            changed |= u32::from(now[slot] != then[slot]) << slot;
        }
        changed
    }

    /// Box/line reasoning on one digit's band (its rows against its boxes, its boxes
    /// against the columns of the other bands), then placement of the digit in every row
    /// left with one cell. Box/line reasoning has already taken such a cell's box and
    /// column from the digit's other cells, so placing only clears the other digits.
    fn settle(&mut self, digit: usize, band: usize) -> Result<(), Contradiction> {
        let cells = self.candidates[digit][band];
        let cells = cells & ROW_BOX_ASSIGNMENTS[minirow_pattern(cells)];
        if cells == 0 {
            return Err(Contradiction);
        }
        let columns = (cells | cells >> 9 | cells >> 18) & ROW;
        let keep = OTHER_BANDS_KEEP[columns as usize];
        for other_band in OTHER_BANDS[band] {
            self.candidates[digit][other_band] &= keep;
        }
        let placed = lone_row_cells(cells) & self.unsolved[band];
        if placed != 0 {
            self.unsolved[band] &= !placed;
            for bands in &mut self.candidates {
                bands[band] &= !placed;
            }
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

    /// For each cell of `band`, whether it has at least one, two, three candidates.
    fn candidate_counts(&self, band: usize) -> CandidateCounts {
        let mut counts = CandidateCounts::default();
        for bands in &self.candidates {
            let cells = bands[band];
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

/// Per cell of a band, bitwise counters of its candidates (saturating at three).
#[derive(Default)]
struct CandidateCounts {
    at_least_one: u32,
    at_least_two: u32,
    at_least_three: u32,
}

/// Which minirows of a band hold a bit: bit `3 * row + box`, the index of
/// [`ROW_BOX_ASSIGNMENTS`].
#[inline]
fn minirow_pattern(cells: u32) -> usize {
    let row = |r: u32| usize::from(MINIROW_OCCUPANCY[(cells >> (9 * r) & ROW) as usize]);
    row(0) | row(1) << 3 | row(2) << 6
}

/// The cells of a band that are alone in their row.
#[inline]
fn lone_row_cells(cells: u32) -> u32 {
    let mut lone = 0;
    for shift in [0, 9, 18] {
        let row = cells >> shift & ROW;
        // Never empty here; `is_power_of_two` would be a software popcount on baseline x86.
        if row & (row - 1) == 0 {
            lone |= row << shift;
        }
    }
    lone
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
