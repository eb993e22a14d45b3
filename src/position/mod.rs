//! Where a solve starts: a puzzle's givens, or a position part way through a solve, with
//! cells placed beyond the givens and candidates already removed, as a pencil-mark grid
//! ([`pencil_marks`]) or a HoDoKu library line ([`library`]) gives it.
//!
//! A [`Position`] is a consistent set of set cells (no digit twice in a house) and, for
//! the empty cells, the candidates struck out beyond those their peers' digits rule out.
//! Its solutions are those of its grid ([`Position::grid`]), which the oracle counts from
//! that grid ([`Position::uniqueness`]): a position is judged as it stands, so a candidate
//! struck out wrongly leaves it without a solution, and the solver is checked against the
//! position's own solution. Which set cells are givens matters to the avoidable
//! rectangles, which reason only about cells the solve placed; HoDoKu's library lines keep
//! the difference (`+`), pencil-mark grids do not (every set cell is a given).

pub mod library;
pub mod pencil_marks;

use crate::bitset::{CellSet, DigitSet};
use crate::candidates::Candidates;
use crate::geometry::{Cell, Digit};
use crate::oracle::{self, Uniqueness};
use crate::puzzle::{ParseError, Puzzle};
use thiserror::Error;

/// Why a text is not a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text is a puzzle line with an error.
    #[error(transparent)]
    Puzzle(#[from] ParseError),
    /// The text is a library line with an error.
    #[error("HoDoKu library line: {0}")]
    Library(#[from] library::LibraryError),
    /// The text is a pencil-mark grid with an error.
    #[error("pencil-mark grid: {0}")]
    PencilMarks(#[from] pencil_marks::PencilMarkError),
}

/// Set cells, which of them the puzzle gave, and the candidates struck out of the others.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    /// Every set cell, given or placed.
    cells: Puzzle,
    /// The set cells the puzzle did not give.
    placed: CellSet,
    /// Per digit, the empty cells it was struck out of (peers holding it aside).
    removed: [CellSet; 9],
}

impl From<Puzzle> for Position {
    fn from(puzzle: Puzzle) -> Position {
        Position {
            cells: puzzle,
            placed: CellSet::EMPTY,
            removed: [CellSet::EMPTY; 9],
        }
    }
}

impl Position {
    /// The position of `cells` (every set cell), `placed` of them not givens, with the
    /// empty cells keeping only the candidates `keep` gives them. Struck out candidates
    /// that a peer's digit rules out anyway are not counted as removed.
    pub fn new(cells: Puzzle, placed: CellSet, keep: impl Fn(Cell) -> DigitSet) -> Position {
        let mut position = Position {
            cells,
            placed: placed & set_cells(&cells),
            removed: [CellSet::EMPTY; 9],
        };
        let start = position.grid();
        for cell in start.unsolved().iter() {
            for digit in (start.candidates(cell) - keep(cell)).iter() {
                position.removed[digit.index()].insert(cell);
            }
        }
        position
    }

    /// Parses one line: a HoDoKu library line (`:0604:1:<givens>:<deleted>:...`), or a
    /// puzzle line as [`Puzzle::parse_line`] reads it.
    pub fn parse_line(line: &str) -> Result<Position, PositionError> {
        if library::is_library_line(line) {
            return Ok(library::parse(line)?.0);
        }
        Ok(Puzzle::parse_line(line)?.into())
    }

    /// [`Position::parse_line`], with the rest of the line: what follows a puzzle's cells,
    /// or a library line's other fields ([`library::parse`]).
    pub fn parse_line_and_rest(line: &str) -> Result<(Position, String), PositionError> {
        if library::is_library_line(line) {
            return Ok(library::parse(line)?);
        }
        let (puzzle, rest) = Puzzle::parse_line_and_rest(line)?;
        Ok((puzzle.into(), rest.to_string()))
    }

    /// Parses a text: one line as [`Position::parse_line`], more as a 9-line grid of
    /// digits or, when its cells list candidates, a pencil-mark grid.
    pub fn parse_text(text: &str) -> Result<Position, PositionError> {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        match (lines.next(), lines.next()) {
            (None, _) => Err(ParseError::Empty.into()),
            (Some(line), None) => Position::parse_line(line),
            _ if pencil_marks::looks_like_pencil_marks(text) => Ok(pencil_marks::parse(text)?),
            _ => Ok(Puzzle::parse_grid(text)?.into()),
        }
    }

    /// Every set cell, given or placed, as a puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.cells
    }

    /// Whether it is a puzzle's start: nothing placed, nothing struck out.
    pub fn is_puzzle(&self) -> bool {
        self.placed.is_empty() && self.removed.iter().all(|cells| cells.is_empty())
    }

    /// How many set cells the puzzle gave.
    pub fn given_count(&self) -> usize {
        self.cells.given_count() - self.placed.len() as usize
    }

    /// The set cells the puzzle did not give.
    pub fn placed(&self) -> CellSet {
        self.placed
    }

    /// The candidates struck out, by digit then cell.
    pub fn removed(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        Digit::all().flat_map(move |d| self.removed[d.index()].iter().map(move |c| (c, d)))
    }

    /// The working grid a solve starts from.
    pub fn grid(&self) -> Candidates {
        if self.is_puzzle() {
            return Candidates::from_puzzle(&self.cells);
        }
        let mut givens = *self.cells.values();
        for cell in self.placed.iter() {
            givens[cell.index()] = 0;
        }
        let givens = Puzzle::from_values(givens).expect("a subset of consistent cells");
        let mut grid = Candidates::from_puzzle(&givens);
        for cell in self.placed.iter() {
            let digit = self.cells.given(cell).expect("a placed cell is set");
            grid.place(cell, digit);
        }
        for (digit, &cells) in Digit::all().zip(&self.removed) {
            grid.eliminate_all(digit, cells);
        }
        grid
    }

    /// Whether the position has no, one or several solutions: the puzzle's, when it is
    /// one, else those of its grid.
    pub fn uniqueness(&self) -> Uniqueness {
        if self.is_puzzle() {
            return oracle::analyse(&self.cells);
        }
        let grid = self.grid();
        oracle::analyse_grid(&grid.places_of_digits(), grid.unsolved())
    }
}

/// The cells `puzzle` sets.
fn set_cells(puzzle: &Puzzle) -> CellSet {
    Cell::all().filter(|&c| puzzle.given(c).is_some()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const VERY_EASY: &str =
        ".7.2.8.3148.3.7...9.3..4758.4687...389..3.56...792.81.754.12......7.31453.8.4.2.6";

    #[test]
    fn a_puzzle_is_a_position_with_nothing_placed_or_removed() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let position = Position::from(puzzle);
        assert!(position.is_puzzle());
        assert_eq!(position.grid(), Candidates::from_puzzle(&puzzle));
        assert_eq!(position.uniqueness(), oracle::analyse(&puzzle));
        assert_eq!(position.given_count(), puzzle.given_count());
        // Keeping every candidate changes nothing.
        let same = Position::new(puzzle, CellSet::EMPTY, |_| DigitSet::ALL);
        assert_eq!(same, position);
    }

    #[test]
    fn placed_cells_and_removed_candidates_make_the_grid_a_solve_would_reach() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        let Uniqueness::Unique(solution) = oracle::analyse(&puzzle) else {
            panic!("one solution");
        };
        // Place r1c1 from the solution and strike out every wrong candidate of a cell
        // that has several (r1c3 below).
        let r1c1 = Cell::at(0, 0);
        let mut values = *puzzle.values();
        values[r1c1.index()] = solution.get(r1c1).get();
        let cells = Puzzle::from_values(values).unwrap();
        let r1c3 = Candidates::from_puzzle(&cells).cells_with_at_least()[1]
            .first()
            .expect("a cell with two candidates");
        let keep = |cell: Cell| match cell == r1c3 {
            true => DigitSet::single(solution.get(r1c3)),
            false => DigitSet::ALL,
        };
        let position = Position::new(cells, CellSet::single(r1c1), keep);
        assert!(!position.is_puzzle());
        assert_eq!(position.given_count(), puzzle.given_count());
        let mut expected = Candidates::from_puzzle(&puzzle);
        expected.place(r1c1, solution.get(r1c1));
        let wrong = expected.candidates(r1c3) - DigitSet::single(solution.get(r1c3));
        for digit in wrong.iter() {
            expected.eliminate(r1c3, digit);
        }
        let grid = position.grid();
        assert_eq!(grid, expected);
        assert!(
            !grid.givens().contains(r1c1),
            "a placed cell is not a given"
        );
        assert_eq!(position.removed().count(), wrong.len() as usize);
        assert_eq!(position.uniqueness(), Uniqueness::Unique(solution));
        // Striking out the solution's digit leaves the position without a solution.
        let wrong_cut = Position::new(cells, CellSet::EMPTY, |cell| match cell == r1c3 {
            true => DigitSet::ALL - DigitSet::single(solution.get(r1c3)),
            false => DigitSet::ALL,
        });
        assert_eq!(wrong_cut.uniqueness(), Uniqueness::NoSolution);
    }

    #[test]
    fn texts_of_one_line_and_of_nine_are_read() {
        let puzzle = Puzzle::parse_line(VERY_EASY).unwrap();
        assert_eq!(Position::parse_text(VERY_EASY), Ok(puzzle.into()));
        let grid: String = VERY_EASY
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect();
        assert_eq!(Position::parse_text(&grid), Ok(puzzle.into()));
        assert_eq!(
            Position::parse_text(" \n"),
            Err(PositionError::Puzzle(ParseError::Empty))
        );
        let (position, rest) = Position::parse_line_and_rest(&format!("{VERY_EASY},2.3")).unwrap();
        assert_eq!((position, rest.as_str()), (puzzle.into(), "2.3"));
    }
}
