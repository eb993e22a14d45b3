//! Small unavoidable sets of a solution grid: sets of cells whose digits can be rearranged
//! into another valid grid, so that every puzzle of the grid must keep a given in each.
//! Givens that miss one leave a second solution (the grid rearranged), which tells a dig
//! that a given must stay without asking the oracle.
//!
//! Two cheap families are found, each set the exact cells the rearrangement changes:
//! - *two digits swapped*: the cells of digits `a` and `b`, linked when they share a house,
//!   fall into components; swapping `a` and `b` in one component leaves every house with
//!   the two digits it had;
//! - *two lines swapped*: the digits of two rows (or two columns) exchanged in a set of
//!   columns (rows) where the two lines hold the same digits, a cycle of the map taking a
//!   cell of the first line to the cell of the second holding its digit. For lines of one
//!   band (stack) each cell keeps its box, so the cycle may cross boxes; for lines of two
//!   bands it must stay within one box column (row), which then keeps its digits.

use crate::bitset::{CellSet, bit_positions};
use crate::geometry::Cell;

/// The most cells a kept set has. Larger sets, of which a grid has a few dozen more, almost
/// never miss every given of a puzzle being dug, and each costs the check a step.
pub const MAX_CELLS: u32 = 12;

/// The most sets kept (a grid has some sixty of up to [`MAX_CELLS`] cells), so that a
/// `u128` can say which of them hold a cell.
pub const MAX_SETS: usize = 128;

/// Unavoidable sets of one solution grid, of no more than [`MAX_CELLS`] cells, with for
/// each cell the sets holding it.
pub struct UnavoidableSets {
    sets: Vec<CellSet>,
    /// Bit `i` of `holding[cell]`: set `i` holds the cell.
    holding: [u128; 81],
    /// Whether [`UnavoidableSets::learn`] keeps sets.
    learns: bool,
}

impl UnavoidableSets {
    /// The sets of the two families of `solution` (values 1-9, a valid grid) with no more
    /// than [`MAX_CELLS`] cells (the first [`MAX_SETS`] of them).
    pub fn of(solution: &[u8; 81]) -> UnavoidableSets {
        let mut sets = Vec::with_capacity(MAX_SETS);
        digit_swaps(solution, &mut sets);
        line_swaps(solution, |row, col| row * 9 + col, &mut sets);
        line_swaps(solution, |row, col| col * 9 + row, &mut sets);
        sets.truncate(MAX_SETS);
        let mut holding = [0u128; 81];
        for (index, &set) in sets.iter().enumerate() {
            hold(&mut holding, index, set);
        }
        UnavoidableSets {
            sets,
            holding,
            learns: false,
        }
    }

    /// How many sets are kept.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.sets.len()
    }

    /// Keeps the cells where `other`, another solution of a puzzle of the grid `solution`
    /// that the oracle found, differs from it: an unavoidable set, the only one left to a
    /// given of that puzzle. Only for a catalogue that learns ([`UnavoidableSets::learning`])
    /// and is not full. Learned sets may be larger than [`MAX_CELLS`]: a neighbour of that
    /// puzzle mostly keeps that given the only one of it.
    pub fn learn(&mut self, solution: &[u8; 81], other: &[u8; 81]) {
        if self.learns && self.sets.len() < MAX_SETS {
            let set = (0..81)
                .filter(|&cell| solution[cell] != other[cell])
                .map(Cell::from_index)
                .collect();
            hold(&mut self.holding, self.sets.len(), set);
            self.sets.push(set);
        }
    }

    /// This catalogue, learning the sets the oracle's second solutions show
    /// ([`UnavoidableSets::learn`]): worth it when more digs of the grid follow.
    pub fn learning(self) -> UnavoidableSets {
        UnavoidableSets {
            learns: true,
            ..self
        }
    }

    /// Whether taking the givens at `cells` away from `givens` leaves a set without a
    /// given; then the puzzle left (of this grid) has a second solution, with another
    /// digit in each cell of that set. `givens` must hit every set, as the givens of a
    /// puzzle of this grid with one solution do: only the sets holding `cells` are looked
    /// at.
    pub fn missed_without(&self, givens: CellSet, cells: &[u8]) -> bool {
        let mut left = givens;
        let mut touched = 0u128;
        for &cell in cells {
            left.remove(Cell::from_index(usize::from(cell)));
            touched |= self.holding[usize::from(cell)];
        }
        while touched != 0 {
            let index = touched.trailing_zeros() as usize;
            touched &= touched - 1;
            if !self.sets[index].intersects(left) {
                return true;
            }
        }
        false
    }
}

/// Marks set number `index`, `set`, in `holding` (bit `index` of each of its cells).
fn hold(holding: &mut [u128; 81], index: usize, set: CellSet) {
    for cell in set.iter() {
        holding[cell.index()] |= 1 << index;
    }
}

/// The components of each pair of digits: nodes are rows (each holds one `a` and one
/// `b`); a row links to the rows holding the other digit in the column and in the box of
/// its `a` and of its `b`.
fn digit_swaps(solution: &[u8; 81], sets: &mut Vec<CellSet>) {
    // For each digit index: its column and box in each row, and as a bit the row holding
    // it in each column and each box.
    let mut col_in_row = [[0usize; 9]; 9];
    let mut box_in_row = [[0usize; 9]; 9];
    let mut row_in_col = [[0u16; 9]; 9];
    let mut row_in_box = [[0u16; 9]; 9];
    for (cell, &value) in solution.iter().enumerate() {
        let (digit, cell) = (usize::from(value) - 1, Cell::from_index(cell));
        let (row, col, box_) = (cell.row(), cell.col(), cell.box_index());
        col_in_row[digit][row] = col;
        box_in_row[digit][row] = box_;
        row_in_col[digit][col] = 1 << row;
        row_in_box[digit][box_] = 1 << row;
    }
    for a in 0..9 {
        for b in a + 1..9 {
            let links: [u16; 9] = std::array::from_fn(|row| {
                row_in_col[b][col_in_row[a][row]]
                    | row_in_box[b][box_in_row[a][row]]
                    | row_in_col[a][col_in_row[b][row]]
                    | row_in_box[a][box_in_row[b][row]]
            });
            let mut left: u16 = 0x1ff;
            while left != 0 {
                let mut rows: u16 = 1 << left.trailing_zeros();
                let mut fresh = rows;
                while fresh != 0 {
                    let row = fresh.trailing_zeros() as usize;
                    fresh &= fresh - 1;
                    fresh |= links[row] & !rows;
                    rows |= links[row];
                }
                left &= !rows;
                if 2 * rows.count_ones() <= MAX_CELLS {
                    let cells = bit_positions(u64::from(rows)).fold(0u128, |cells, row| {
                        cells
                            | 1 << (row * 9 + col_in_row[a][row])
                            | 1 << (row * 9 + col_in_row[b][row])
                    });
                    sets.push(CellSet::from_bits(cells));
                }
            }
        }
    }
}

/// The line swaps of every pair of rows, where `at(row, col)` is the cell of a row and
/// column (swap the two to do columns). Cycles of two columns are left out: they are
/// rectangles of two digits, which [`digit_swaps`] finds. For rows of two bands, a cycle
/// within one box column is three columns where the two rows hold the same three digits.
fn line_swaps(solution: &[u8; 81], at: impl Fn(usize, usize) -> usize, sets: &mut Vec<CellSet>) {
    // For each row, its digits (0-8), the column of each digit and the digits of each of
    // its three minirows.
    let mut digits = [[0u8; 9]; 9];
    let mut col_of = [[0u8; 9]; 9];
    let mut minirows = [[0u16; 3]; 9];
    for row in 0..9 {
        for col in 0..9 {
            let digit = solution[at(row, col)] - 1;
            digits[row][col] = digit;
            col_of[row][usize::from(digit)] = col as u8;
            minirows[row][col / 3] |= 1 << digit;
        }
    }
    let pair = |first: usize, second: usize, cols: u16| {
        let cells = bit_positions(u64::from(cols)).fold(0u128, |cells, col| {
            cells | 1 << at(first, col) | 1 << at(second, col)
        });
        CellSet::from_bits(cells)
    };
    for first in 0..9 {
        for second in first + 1..9 {
            if first / 3 != second / 3 {
                let stacks = minirows[first].iter().zip(&minirows[second]);
                for (stack, (mine, theirs)) in stacks.enumerate() {
                    if mine == theirs {
                        sets.push(pair(first, second, 0b111 << (3 * stack)));
                    }
                }
                continue;
            }
            let mut seen = 0u16;
            for start in 0..9 {
                if seen >> start & 1 != 0 {
                    continue;
                }
                let (mut cycle, mut col) = (0u16, start);
                loop {
                    cycle |= 1 << col;
                    // The column of `second` holding the digit of `first` here.
                    col = usize::from(col_of[second][usize::from(digits[first][col])]);
                    if col == start {
                        break;
                    }
                }
                seen |= cycle;
                let length = cycle.count_ones();
                if length > 2 && 2 * length <= MAX_CELLS {
                    sets.push(pair(first, second, cycle));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::dig::{dig, is_unique};
    use crate::generate::grid::random_solution;
    use crate::generate::symmetry::Symmetry;
    use crate::puzzle::Solution;
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use rand_chacha::ChaCha8Rng;

    /// The grids that agree with `solution` outside `set` and differ in each of its cells,
    /// found by brute force over the digits of the set's cells (each taking a digit it
    /// may take with the rest fixed).
    fn rearrangements_exist(solution: &[u8; 81], set: CellSet) -> bool {
        let cells: Vec<usize> = (0..81).filter(|&c| set.bits() >> c & 1 != 0).collect();
        let mut grid = *solution;
        fn fill(grid: &mut [u8; 81], cells: &[usize], solution: &[u8; 81]) -> bool {
            let Some((&cell, rest)) = cells.split_first() else {
                return Solution::from_values(*grid).is_some();
            };
            let peers = Cell::from_index(cell).peers();
            for digit in 1..=9 {
                if digit == solution[cell] {
                    continue;
                }
                let clash = peers.iter().any(|other| grid[other.index()] == digit);
                if !clash {
                    grid[cell] = digit;
                    if fill(grid, rest, solution) {
                        return true;
                    }
                }
            }
            grid[cell] = 0;
            false
        }
        for &cell in &cells {
            grid[cell] = 0;
        }
        fill(&mut grid, &cells, solution)
    }

    #[test]
    fn every_set_is_a_rearrangement_of_the_grid() {
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = random_solution(&mut rng);
            let sets = UnavoidableSets::of(&solution);
            // Every pair of digits gives at least one component.
            assert!(sets.sets.len() >= 36);
            for &set in &sets.sets {
                assert!(
                    set.len() >= 4 && set.len() <= MAX_CELLS && set.len() % 2 == 0,
                    "{set}"
                );
                assert_eq!(sets.sets.iter().filter(|&&other| other == set).count(), 1);
                assert!(rearrangements_exist(&solution, set), "seed {seed}: {set}");
            }
        }
    }

    #[test]
    fn a_removal_leaves_a_set_missed_only_when_the_oracle_finds_a_second_solution() {
        let (mut unique, mut missed) = (0, 0);
        for seed in 0..40 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = random_solution(&mut rng);
            let sets = UnavoidableSets::of(&solution);
            // Puzzles with one solution: random subsets of the grid, from 50 givens down
            // to 26, and the minimal puzzle a dig leaves.
            let mut puzzles: Vec<[u8; 81]> = (26..=50)
                .map(|keep| {
                    let mut cells: Vec<usize> = (0..81).collect();
                    cells.shuffle(&mut rng);
                    let mut values = [0u8; 81];
                    for &cell in &cells[..keep] {
                        values[cell] = solution[cell];
                    }
                    values
                })
                .filter(is_unique)
                .collect();
            puzzles.push(dig(&solution, &Symmetry::None.orbits(), &mut rng));
            for puzzle in puzzles {
                let givens: CellSet = (0..81)
                    .filter(|&cell| puzzle[cell] != 0)
                    .map(Cell::from_index)
                    .collect();
                for cell in givens.iter() {
                    let mut fewer = puzzle;
                    fewer[cell.index()] = 0;
                    let leaves_missed = sets.missed_without(givens, &[cell.index() as u8]);
                    if is_unique(&fewer) {
                        unique += 1;
                        assert!(!leaves_missed, "seed {seed}: {cell} taken from {givens}");
                    } else if leaves_missed {
                        missed += 1;
                    }
                }
            }
        }
        assert!(
            unique > 1000 && missed > 1000,
            "{unique} unique, {missed} missed"
        );
    }

    /// The sets a learning catalogue keeps from the oracle's second solutions are
    /// rearrangements of the grid, and only a learning catalogue keeps any.
    #[test]
    fn learned_sets_are_rearrangements_of_the_grid() {
        use crate::generate::dig::Digging;
        let digging = Digging::minimal(Symmetry::None.orbits());
        for seed in 0..6 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = random_solution(&mut rng);
            let own = UnavoidableSets::of(&solution).len();
            let mut plain = UnavoidableSets::of(&solution);
            let mut learning = UnavoidableSets::of(&solution).learning();
            for sets in [&mut plain, &mut learning] {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut puzzle = digging.dig(&solution, sets, &mut rng).unwrap();
                for _ in 0..5 {
                    let next = digging.neighbour(&puzzle, &solution, sets, &mut rng);
                    if let Some(next) = next.unwrap() {
                        puzzle = next;
                    }
                }
            }
            assert_eq!(plain.len(), own);
            assert!(learning.len() > own, "seed {seed}");
            for &set in &learning.sets[own..] {
                assert!(rearrangements_exist(&solution, set), "seed {seed}: {set}");
            }
        }
    }
}
