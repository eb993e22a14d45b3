//! Pencil-mark grids: nine rows of nine cells, each cell its digit or the candidates it
//! still has, as `sudolab explain --grid`, HoDoKu ("Copy PM grid") and Sudoku Explainer
//! ("Copy pencilmarks") print them:
//!
//! ```text
//! .-------------------.-------------------.
//! | 6     19    2     | 3     19    5     | ...
//! :-------------------+-------------------:
//! ```
//!
//! Cells are set off by whitespace or `|`; lines without a digit (borders, blank lines)
//! and `#` comments are skipped. The marks HoDoKu adds to a grid with a step (`*`, `#`,
//! `@` before a cell, `-` before a candidate to remove) are read past. A cell showing one
//! digit is set, unless a peer showing several candidates still has that digit: then it is
//! an empty cell with one candidate left (a naked single), as HoDoKu reads such a grid.
//! Every set cell counts as a given: the grid does not say which were placed.

use super::Position;
use crate::bitset::{CellSet, DigitSet};
use crate::geometry::{Cell, Digit};
use crate::puzzle::{ParseError, Puzzle};
use thiserror::Error;

/// Why a text is not a pencil-mark grid.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PencilMarkError {
    /// A row without 9 cells.
    #[error("line {line} has {found} cells, a row has 9")]
    RowCells {
        /// 1-based line of the text.
        line: usize,
        /// How many were found.
        found: usize,
    },
    /// Not 9 rows.
    #[error("{found} rows, a grid has 9")]
    RowCount {
        /// How many were found.
        found: usize,
    },
    /// A character that is no digit, and not decoration.
    #[error("bad character {character:?} at line {line}, column {column}")]
    BadCharacter {
        /// 1-based line of the text.
        line: usize,
        /// 1-based character within the line.
        column: usize,
        /// The character.
        character: char,
    },
    /// A blank where a cell should list its candidates.
    #[error(
        "{character:?} at line {line}, column {column}: a cell lists its candidates, \
         or holds its digit"
    )]
    Blank {
        /// 1-based line of the text.
        line: usize,
        /// 1-based character within the line.
        column: usize,
        /// The character.
        character: char,
    },
    /// Two set cells clash.
    #[error(transparent)]
    Clash(#[from] ParseError),
}

/// The marks HoDoKu puts into a grid that shows a step; they are not candidates.
fn is_step_mark(ch: char) -> bool {
    matches!(ch, '*' | '#' | '@' | '-')
}

/// Whether `text` looks like a pencil-mark grid: a line holds a cell of two or more
/// candidates, set off from others. What error a grid that is neither kind gets.
pub fn looks_like_pencil_marks(text: &str) -> bool {
    text.lines().filter(|line| !is_skipped(line)).any(|line| {
        let tokens: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == '|')
            .collect();
        let candidates = |t: &&str| {
            t.chars().all(|c| c.is_ascii_digit() || is_step_mark(c))
                && t.chars().filter(char::is_ascii_digit).count() >= 2
        };
        tokens.iter().filter(|t| !t.is_empty()).count() >= 3 && tokens.iter().any(candidates)
    })
}

/// A comment, or a line without a digit (a border, a blank line).
fn is_skipped(line: &str) -> bool {
    line.trim_start().starts_with('#') || !line.chars().any(|c| c.is_ascii_digit())
}

/// Reads a pencil-mark grid into a position.
pub fn parse(text: &str) -> Result<Position, PencilMarkError> {
    let mut marks = [DigitSet::EMPTY; 81];
    let mut rows = 0;
    for (index, line) in text.lines().enumerate() {
        if is_skipped(line) {
            continue;
        }
        let cells = row(line, index + 1)?;
        if rows < 9 {
            marks[rows * 9..rows * 9 + 9].copy_from_slice(&cells);
        }
        rows += 1;
    }
    if rows != 9 {
        return Err(PencilMarkError::RowCount { found: rows });
    }
    let mut values = [0u8; 81];
    for cell in Cell::all() {
        let Some(digit) = marks[cell.index()].single_member() else {
            continue;
        };
        let waiting = cell.peers().iter().any(|peer| {
            let peer = marks[peer.index()];
            peer.len() >= 2 && peer.contains(digit)
        });
        if !waiting {
            values[cell.index()] = digit.get();
        }
    }
    let cells = Puzzle::from_values(values)?;
    Ok(Position::new(cells, CellSet::EMPTY, |cell| {
        marks[cell.index()]
    }))
}

/// The nine cells of the row on line `number`.
fn row(line: &str, number: usize) -> Result<[DigitSet; 9], PencilMarkError> {
    let mut cells = Vec::with_capacity(9);
    let mut current: Option<DigitSet> = None;
    for (index, ch) in line.chars().enumerate() {
        let column = index + 1;
        match ch {
            '1'..='9' => {
                let digit = Digit::new(ch as u8 - b'0');
                current.get_or_insert(DigitSet::EMPTY).insert(digit);
            }
            _ if ch.is_whitespace() || ch == '|' => cells.extend(current.take()),
            _ if is_step_mark(ch) => {}
            '.' | '0' => {
                return Err(PencilMarkError::Blank {
                    line: number,
                    column,
                    character: ch,
                });
            }
            _ => {
                return Err(PencilMarkError::BadCharacter {
                    line: number,
                    column,
                    character: ch,
                });
            }
        }
    }
    cells.extend(current);
    <[DigitSet; 9]>::try_from(cells.as_slice()).map_err(|_| PencilMarkError::RowCells {
        line: number,
        found: cells.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
    use crate::ladder::Ladder;
    use crate::solver::{Policy, Solver};

    /// The blog's "expert_01": singles get stuck on it, with candidates to read.
    const EXPERT: &str =
        ".9825......3.9....26..7.84..3......8......2.6.7....53..8.3..6..........4624..8...";

    /// The grid singles and locked candidates leave `EXPERT` in.
    fn stuck_grid() -> Candidates {
        let solver = Solver::new(Ladder::parse("singles,lc1,lc2").unwrap(), Policy::Single);
        let puzzle = Puzzle::parse_line(EXPERT).unwrap();
        solver.solve(&puzzle, None).grid
    }

    #[test]
    fn the_grid_explain_draws_reads_back_as_the_same_grid() {
        let grid = stuck_grid();
        assert!(!grid.is_solved());
        let position = parse(&grid.to_string()).unwrap();
        let back = position.grid();
        // Set cells and candidates agree; the drawn grid does not tell givens apart.
        assert_eq!(back.to_string(), grid.to_string());
        assert_eq!(back.digit_cells(), grid.digit_cells());
        assert_eq!(back.unsolved(), grid.unsolved());
        assert!(
            position.removed().count() > 0,
            "logic struck candidates out"
        );
    }

    /// `grid` drawn as HoDoKu draws a grid with a step: `.`, `:` and `'` in its borders,
    /// `*` before the first cell of each row, `-` before the second candidate of the first
    /// cell of several.
    fn hodoku_drawing(grid: &Candidates) -> String {
        let drawn = grid.to_string();
        let mut marked = false;
        let lines: Vec<String> = drawn
            .lines()
            .enumerate()
            .map(|(i, line)| match i {
                0 => line.replace('+', "."),
                4 | 8 => format!(":{}:", &line[1..line.len() - 1]),
                12 => line.replace('+', "'"),
                _ => {
                    let mut line = line.replacen("| ", "|*", 1);
                    if !marked
                        && let Some(at) = line
                            .split(' ')
                            .find(|t| t.len() >= 2 && t.bytes().all(|b| b.is_ascii_digit()))
                            .and_then(|t| line.find(t))
                    {
                        line.insert(at + 1, '-');
                        marked = true;
                    }
                    line
                }
            })
            .collect();
        assert!(marked, "a cell of several candidates was marked");
        lines.join("\n")
    }

    #[test]
    fn hodoku_and_explainer_layouts_and_step_marks_are_read() {
        let grid = stuck_grid();
        let hodoku = hodoku_drawing(&grid);
        assert!(hodoku.contains(":-") && hodoku.contains("'-") && hodoku.contains("|*"));
        assert_eq!(
            parse(&hodoku).unwrap().grid().digit_cells(),
            grid.digit_cells()
        );
        // Sudoku Explainer's: `+---+` borders, CRLF line ends.
        let explainer = grid.to_string().replace('\n', "\r\n");
        assert_eq!(
            parse(&explainer).unwrap().grid().digit_cells(),
            grid.digit_cells()
        );
        assert!(looks_like_pencil_marks(&hodoku));
        assert!(!looks_like_pencil_marks(EXPERT));
    }

    #[test]
    fn a_single_digit_a_peer_still_lists_is_a_naked_single_not_a_set_cell() {
        let mut grid = stuck_grid();
        // An empty cell left with one candidate that a peer still has.
        let (cell, digit) = grid
            .unsolved()
            .iter()
            .find_map(|cell| {
                let keep = grid.candidates(cell).first()?;
                let listed = cell.peers().iter().any(|p| grid.has(p, keep));
                listed.then_some((cell, keep))
            })
            .expect("a cell shares a candidate with a peer");
        for other in (grid.candidates(cell) - DigitSet::single(digit)).iter() {
            grid.eliminate(cell, other);
        }
        let position = parse(&grid.to_string()).unwrap();
        assert_eq!(position.puzzle().given(cell), None, "a naked single waits");
        assert_eq!(position.grid().candidates(cell), DigitSet::single(digit));
        assert_eq!(position.grid().digit_cells(), grid.digit_cells());
    }

    #[test]
    fn bad_grids_are_named_by_line_and_column() {
        let full = ["123456789"; 9].join(" ");
        let mut lines: Vec<String> = vec![full.clone(); 9];
        lines[2] = lines[2].replacen(' ', " . ", 1);
        let err = parse(&lines.join("\n")).unwrap_err();
        assert_eq!(
            err,
            PencilMarkError::Blank {
                line: 3,
                column: 11,
                character: '.'
            }
        );
        assert!(
            err.to_string().contains("a cell lists its candidates"),
            "{err}"
        );
        let mut lines: Vec<String> = vec![full.clone(); 9];
        lines[4] += " 12";
        assert_eq!(
            parse(&lines.join("\n")),
            Err(PencilMarkError::RowCells { line: 5, found: 10 })
        );
        let mut lines: Vec<String> = vec![full.clone(); 9];
        lines[0] = lines[0].replacen('5', "x", 1);
        assert_eq!(
            parse(&lines.join("\n")),
            Err(PencilMarkError::BadCharacter {
                line: 1,
                column: 5,
                character: 'x'
            })
        );
        let eight = vec![full.clone(); 8].join("\n");
        assert_eq!(parse(&eight), Err(PencilMarkError::RowCount { found: 8 }));
        // Two cells showing the same digit alone in one row clash.
        let mut lines: Vec<String> = vec![["1234"; 9].join(" "); 9];
        lines[0] = "5 5 1234 1234 1234 1234 1234 1234 1234".into();
        assert!(matches!(
            parse(&lines.join("\n")),
            Err(PencilMarkError::Clash(ParseError::Clash { .. }))
        ));
    }
}
