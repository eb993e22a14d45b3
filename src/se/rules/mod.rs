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
    use crate::se::hint::Hint;
    use crate::se::solver::{Next, apply, next_hint};

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

    /// The grid of SE's path on the puzzle `line` just before its first step named
    /// `name`, and that step.
    pub fn before_first(line: &str, name: &str) -> (Candidates, Hint) {
        let mut g = grid(line);
        loop {
            let Next::Step(hint) = next_hint(&g) else {
                panic!("SE's path on {line} has no {name}")
            };
            if hint.rule.to_string() == name {
                return (g, hint);
            }
            apply(&mut g, &hint);
        }
    }

    /// The cell at row `c`, column `r` of `cell` at row `r`, column `c`.
    pub fn transposed_cell(cell: Cell) -> Cell {
        Cell::at(cell.col(), cell.row())
    }

    /// The grid mirrored on its main diagonal: values and candidates.
    pub fn transposed(g: &Candidates) -> Candidates {
        let mut t = Candidates::empty();
        for cell in Cell::all() {
            if let Some(digit) = g.value(cell) {
                t.place(transposed_cell(cell), digit);
            }
        }
        for cell in g.unsolved().iter() {
            for digit in Digit::all() {
                if !g.has(cell, digit) {
                    t.eliminate(transposed_cell(cell), digit);
                }
            }
        }
        t
    }

    /// A hint's removals as `r1c2-3`, sorted.
    pub fn removals_text(hint: &Hint) -> String {
        let mut text: Vec<String> = hint
            .removals
            .iter()
            .map(|(c, d)| format!("{c}-{d}"))
            .collect();
        text.sort();
        text.join(", ")
    }

    /// The same removals, each cell transposed.
    pub fn transposed_text(removals: &str) -> String {
        let mut text: Vec<String> = removals
            .split(", ")
            .map(|r| {
                let (cell_name, digit) = r.split_once('-').expect("r1c2-3");
                format!("{}-{digit}", transposed_cell(cell(cell_name)))
            })
            .collect();
        text.sort();
        text.join(", ")
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
