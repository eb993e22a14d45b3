//! The brute-force oracle: counts a puzzle's solutions up to a limit and returns the first
//! one. Everything else is checked against it: uniqueness before logic runs, every logical
//! step when verifying, the brute-force rung's digits. It also counts the solutions of a
//! grid part-way through a solve ([`analyse_grid`]), for a stuck solve's verdict.
//!
//! It is a bitboard solver in the family of JCZSolve, fsss2 and tdoku's simple solvers:
//! per-digit candidate masks in bands of 27 cells (`board.rs`), propagation of naked and
//! hidden singles with bit tricks and box/line tables (`tables.rs`), and a depth-first
//! search that guesses on a two-candidate cell when there is one and copies the whole
//! board (228 bytes) on each guess instead of undoing. The search allocates nothing.
//!
//! On one core it checks uniqueness about as fast as the `sudoku` crate (a port of
//! JCZSolve): `examples/peers.rs` measures the two side by side.

mod board;
mod tables;

use crate::bitset::CellSet;
use crate::puzzle::{Puzzle, Solution};
use board::{Board, Contradiction};

/// How many solutions a puzzle has, as far as anyone needs to know.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// No grid completes the givens.
    NoSolution,
    /// Exactly one; the solution.
    Unique(Solution),
    /// Two or more; one of them.
    Multiple(Solution),
}

/// Whether `puzzle` has no, one or several solutions, with a solution when it has one.
pub fn analyse(puzzle: &Puzzle) -> Uniqueness {
    Search::run(puzzle, 2).uniqueness()
}

/// [`analyse`] for a grid part-way through a solve: `digit_cells[d]` holds the cells where
/// digit index `d` may still go and the cells set to it, `unsolved` the cells not yet set.
/// A set digit must have left its peers. The grid's solutions are those of the puzzle it
/// came from when every step so far held in every solution of the puzzle; fewer
/// candidates leave the search less to try.
pub fn analyse_grid(digit_cells: &[CellSet; 9], unsolved: CellSet) -> Uniqueness {
    let candidates = digit_cells.map(band_bits);
    Search::run_from(Board::from_bands(candidates, band_bits(unsolved)), 2).uniqueness()
}

/// The first solution of `puzzle` the search finds (the one [`analyse`] returns), with no
/// look for a second: for a puzzle known to have many, such as a few givens to complete.
pub fn first_solution(puzzle: &Puzzle) -> Option<Solution> {
    Search::run(puzzle, 1)
        .first
        .map(Solution::from_valid_values)
}

/// The number of solutions of `puzzle`, counting no further than `limit`.
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> usize {
    Search::run(puzzle, limit).count
}

/// Whether the givens `values` (0 for blank) have a solution other than `known` (one of
/// their solutions, or of a puzzle they are those givens of but for `cell`) with another
/// digit in the blank `cell`. For a puzzle whose one solution is `known`, once the given
/// at `cell` has been taken away, this is whether the puzzle now has a second solution: a
/// search that stops at the first solution it finds. A second solution mostly agrees with
/// `known` (it differs in an unavoidable set, often of a few cells), so at each guess the
/// search tries `known`'s digit first.
pub fn has_solution_without(values: &[u8; 81], cell: usize, known: &[u8; 81]) -> bool {
    solution_without(Board::placed(values), cell, known).is_some()
}

/// What taking a given away from a puzzle with one solution leaves
/// ([`GivensBoard::removal_from_filled`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Removal {
    /// A second solution, with another digit in the emptied cell.
    SecondSolution {
        /// The second solution found, when the question looked for one near the known
        /// one: the cells where they differ are an unavoidable set of the known one's
        /// grid, of which the givens left hold none.
        found: Option<[u8; 81]>,
    },
    /// Still the one solution.
    Unique {
        /// Whether the propagation of singles and box/line reasoning alone fills the grid
        /// from the givens left.
        filled: bool,
    },
}

/// The givens of a puzzle being dug, placed on the oracle's board (not propagated): a dig
/// asks the oracle about each given it takes away, and the board of the givens left is
/// this one with one cell opened, a few instructions where building it takes a few
/// hundred.
#[derive(Clone, Copy)]
pub struct GivensBoard(Board);

impl GivensBoard {
    /// The board of the givens of each digit given as cells (`digit_cells[d]`: the givens
    /// `d + 1`); `None` when two of them share a house.
    pub fn new(digit_cells: &[CellSet; 9]) -> Option<GivensBoard> {
        let all = digit_cells
            .iter()
            .fold(CellSet::EMPTY, |all, &cells| all | cells);
        let givens = digit_cells.map(band_bits);
        Board::placed_from_bands(band_bits(!all), &givens)
            .ok()
            .map(GivensBoard)
    }

    /// These givens without the given `digit` (1-9) at `cell`, where `own` are the givens
    /// of `digit` left and `open` the digits (bit `d - 1` for digit `d`) no given among the
    /// cell's peers holds.
    pub fn without(&self, cell: usize, digit: u8, own: CellSet, open: u16) -> GivensBoard {
        let digit = usize::from(digit) - 1;
        GivensBoard(self.0.without_given(cell, digit, &band_bits(own), open))
    }

    /// A solution of these givens, `cell` blank, other than `known` (one of their
    /// solutions, or of the puzzle they are the givens of but for `cell`), with another
    /// digit in `cell`: the first found ([`has_solution_without`]).
    pub fn solution_without(&self, cell: usize, known: &[u8; 81]) -> Option<[u8; 81]> {
        solution_without(Ok(self.0), cell, known)
    }

    /// Whether these givens, `cell` blank, have a solution with another digit in `cell`
    /// ([`GivensBoard::solution_without`]), and whether propagation alone fills the grid
    /// from the givens, for givens whose propagation filled the grid with `cell`'s given
    /// back (the puzzles of a dig that gives up once propagation no longer fills them).
    /// Propagation then fills these exactly when it sets `cell`: the cells set then hold
    /// every given of the puzzle before, and propagation only does more from more cells
    /// set, so it stops there. Otherwise the search goes on from the propagated givens
    /// with `known`'s digit struck out of `cell`: the same answer, for the cost of
    /// propagating the givens where striking the digit out first mostly ends the search
    /// sooner in a contradiction.
    pub fn removal_from_filled(&self, cell: usize, known: &[u8; 81]) -> Removal {
        let mut board = self.0;
        match board.propagate_until_set(cell) {
            // Givens that clash have no solution at all, nor a second one.
            Err(Contradiction) => Removal::Unique { filled: false },
            Ok(true) => Removal::Unique { filled: true },
            Ok(false) => match solution_without(Ok(board), cell, known) {
                Some(found) => Removal::SecondSolution { found: Some(found) },
                None => Removal::Unique { filled: false },
            },
        }
    }
}

/// The cells of `cells` in each band, as the oracle's board keeps them.
fn band_bits(cells: CellSet) -> [u32; 3] {
    cells.bands().map(|band| band as u32)
}

/// Whether the propagation of singles and box/line reasoning alone fills the grid from
/// the givens `values` (0 for blank).
pub fn propagation_fills(values: &[u8; 81]) -> bool {
    Board::new(values).is_ok_and(|board| board.is_solved())
}

/// Whether the board of some givens, `cell` blank, has a solution with another digit than
/// `known`'s in `cell`: the first one found.
fn solution_without(
    placed: Result<Board, Contradiction>,
    cell: usize,
    known: &[u8; 81],
) -> Option<[u8; 81]> {
    let digit = usize::from(known[cell]) - 1;
    let board = placed.and_then(|mut board| {
        board.forbid(digit, cell / 27, (cell % 27) as u32);
        board.propagate()?;
        Ok(board)
    });
    let mut search = Search {
        limit: 1,
        count: 0,
        first: None,
    };
    if let Ok(board) = board {
        search.explore_near(&board, known);
    }
    search.first
}

/// A depth-first search counting solutions up to `limit`, keeping the first it finds.
struct Search {
    limit: usize,
    count: usize,
    first: Option<[u8; 81]>,
}

impl Search {
    fn run(puzzle: &Puzzle, limit: usize) -> Search {
        Search::run_from(Board::new(puzzle.values()), limit)
    }

    /// Counts the solutions of a propagated board (none when it is a contradiction).
    fn run_from(board: Result<Board, Contradiction>, limit: usize) -> Search {
        let mut search = Search {
            limit,
            count: 0,
            first: None,
        };
        if limit > 0
            && let Ok(board) = board
        {
            search.explore(&board);
        }
        search
    }

    /// What a search counting up to two found.
    fn uniqueness(&self) -> Uniqueness {
        let first = || {
            let values = self.first.expect("a counted solution is recorded");
            // The board places a digit only where it is a candidate, so a full board is valid.
            Solution::from_valid_values(values)
        };
        match self.count {
            0 => Uniqueness::NoSolution,
            1 => Uniqueness::Unique(first()),
            _ => Uniqueness::Multiple(first()),
        }
    }

    /// Counts the solutions of a propagated board, trying each candidate of one cell on
    /// a copy of it.
    fn explore(&mut self, board: &Board) {
        if board.is_solved() {
            self.record(board);
            return;
        }
        let guess = board.guess();
        let mut digits = guess.digits;
        while digits != 0 && self.count < self.limit {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut child = *board;
            if child.place(digit, guess.band, guess.position).is_ok() && child.propagate().is_ok() {
                self.explore(&child);
            }
        }
    }

    /// [`Search::explore`], trying at each guess the digit of `known` first.
    fn explore_near(&mut self, board: &Board, known: &[u8; 81]) {
        if board.is_solved() {
            self.record(board);
            return;
        }
        let guess = board.guess();
        let preferred = 1u32 << (known[27 * guess.band + guess.position as usize] - 1);
        // Bits 0-8: the preferred digit; bits 9-17: the others.
        let candidates = u32::from(guess.digits);
        let mut digits = candidates & preferred | (candidates & !preferred) << 9;
        while digits != 0 && self.count < self.limit {
            let digit = digits.trailing_zeros() as usize % 9;
            digits &= digits - 1;
            let mut child = *board;
            if child.place(digit, guess.band, guess.position).is_ok() && child.propagate().is_ok() {
                self.explore_near(&child, known);
            }
        }
    }

    fn record(&mut self, board: &Board) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(board.values());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Puzzle {
        Puzzle::parse_line(line).unwrap()
    }

    #[test]
    fn the_first_solution_is_the_one_analyse_returns() {
        let many = parse(&format!("123{}", ".".repeat(78)));
        let Uniqueness::Multiple(solution) = analyse(&many) else {
            panic!("three givens leave many solutions")
        };
        assert_eq!(first_solution(&many), Some(solution));
        // Singles alone solve it.
        let unique = parse(
            ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6",
        );
        let Uniqueness::Unique(solution) = analyse(&unique) else {
            panic!("a puzzle singles solve has one solution")
        };
        assert_eq!(first_solution(&unique), Some(solution));
        // r1c9 sees 1-8 in its row and 9 in its column.
        let none = parse(&format!("12345678.........9{}", ".".repeat(63)));
        assert_eq!(analyse(&none), Uniqueness::NoSolution);
        assert_eq!(first_solution(&none), None);
    }
}
