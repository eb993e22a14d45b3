//! SE's rules, one family per module, each a function that reads the grid and returns
//! the hint SE's `SingleHintAccumulator` would keep (the first it is given).

pub mod aligned_exclusion;
pub mod bug;
pub mod fish;
pub mod locking;
pub mod sets;
pub mod singles;
pub mod unique_loops;
pub mod wings;

#[cfg(test)]
pub(crate) mod test_grids {
    //! Crafted grids for the rules' unit tests.

    use crate::candidates::Candidates;
    use crate::geometry::{Cell, Digit};
    use crate::puzzle::Puzzle;

    /// The grid of an 81-character puzzle line (`.` for empty).
    pub fn grid(line: &str) -> Candidates {
        Candidates::from_puzzle(&Puzzle::parse_line(line).expect("a puzzle line"))
    }

    /// `r4c7` as a cell.
    pub fn cell(name: &str) -> Cell {
        let bytes = name.as_bytes();
        Cell::at(usize::from(bytes[1] - b'1'), usize::from(bytes[3] - b'1'))
    }

    /// The grid without `digit` in the named cells.
    pub fn without(grid: &Candidates, digit: u8, cells: &[&str]) -> Candidates {
        let mut g = grid.clone();
        for name in cells {
            g.eliminate(cell(name), Digit::new(digit));
        }
        g
    }

    /// The grid with the named cells keeping only the listed digits (`("r1c1", "12")`).
    pub fn keep_only(grid: &Candidates, cells: &[(&str, &str)]) -> Candidates {
        let mut g = grid.clone();
        for (name, digits) in cells {
            for digit in Digit::all() {
                if !digits.as_bytes().contains(&(b'0' + digit.get())) {
                    g.eliminate(cell(name), digit);
                }
            }
        }
        g
    }
}
